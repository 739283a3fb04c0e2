//! Faster drive ports for a fleet: where the drives sit on FC HBA ports (or SAS lanes) slower than their
//! own interface, the port speed that fits the night, in place of more ports and drives.
//!
//! A count-only plan cannot see it: eight LTO-8 drives on 4GFC each get 400 MB/s of the 900 MB/s they
//! take at their rated compression, and a job alone longer than the night is "no setting of the job
//! relieves it" when a port of the drive's own 8GFC halves it. The interface warning already gives that
//! advice ([`crate::stages::interface::mismatch`]); this checks it by scheduling, as every change in
//! [`super::what_to_add`] is.
//!
//! Only speeds up to the drive's own interface are proposed ([`drive_interfaces`]): a faster HBA port
//! than the drive's own runs at the drive's speed without a switch that converts, which is what the
//! goal seek for one client proposes too.

use super::answer::{plan_in_order, FleetChange, FleetPlan};
use super::jobs::Job;
use super::schedule::night;
use crate::fields::field_by_key;
use crate::goal_seek::Addition;
use crate::scenario::{Attachment, Scenario, Target};
use crate::stage::StageId;
use crate::stages::interface::drive_interfaces;

/// The slowest faster drive-port speed, up to the drive's own interface, with which `jobs` on `s` fit
/// `target_sec` (the window of `window_sec` less the headroom): the speed alone when it fits, else the
/// speed and the counts [`plan_in_order`] then finds (where they need no job changes of their own: the
/// button sets the speed and counts only). When no speed fits, the drive's own speed alone, not fitting,
/// where its night is shorter than any `plan` reaches: it still brings the night nearer.
///
/// Offered when `plan` (today's counts-only plan) raises the drives' ports, is blocked by them, or has
/// a job alone held by them, and a fitting speed fits where `plan` does not or needs fewer of those
/// ports. `None` on a repository fleet, when the ports already run at the drive's own speed, or when no
/// faster speed helps.
pub(super) fn faster_ports(
    s: &Scenario,
    jobs: &[Job],
    (target_sec, window_sec): (f64, f64),
    plan: &FleetPlan,
) -> Option<FleetChange> {
    if s.target != Target::Tape {
        return None;
    }
    let (stage, link_key, ports_key, own) = match s.attachment {
        Attachment::Fc => (StageId::FcPorts, "fc", "fc_ports", drive_interfaces(s.lto).0.name()),
        Attachment::Sas => (StageId::SasPorts, "sas", "sas_ports", drive_interfaces(s.lto).1?.name()),
    };
    let link = field_by_key(link_key).filter(|f| (f.applies)(s))?;
    let own = link.choices().iter().position(|name| *name == own)? as f64;
    let changes = plan.single.iter().chain(plan.together.iter());
    let raises_ports = changes.clone().any(|c| c.steps.iter().any(|a| a.key == ports_key));
    let held = raises_ports || plan.blocked_by == Some(stage) || plan.jobs.iter().any(|a| a.stage == stage);
    let from = (link.get)(s);
    if !held || from >= own {
        return None;
    }
    let limit = target_sec * (1.0 + 1e-12);
    // The ports a change ends with: today's where it adds none.
    let ports_after = |c: &FleetChange| c.steps.iter().find(|a| a.key == ports_key).map_or(0, |a| a.to);
    let today_best = changes.clone().filter(|c| c.fits).map(ports_after).min();
    let mut nearest = None;
    let mut speed = from + 1.0;
    while speed <= own {
        let mut next = s.clone();
        (link.set)(&mut next, speed);
        let step = Addition { key: link.key, from: from as u32, to: speed as u32 };
        let makespan_sec = night(&next, jobs, f64::INFINITY).0;
        if makespan_sec <= limit {
            return Some(FleetChange { steps: vec![step], makespan_sec, fits: true });
        }
        let with = plan_in_order(&next, jobs, target_sec, window_sec, Some(makespan_sec))
            .filter(|p| p.jobs.iter().all(|a| a.changes.is_empty()) && !p.jobs_enough);
        let best = with.as_ref().and_then(|p| p.single.iter().chain(p.together.iter()).find(|c| c.fits));
        if let Some(best) = best.filter(|b| today_best.is_none_or(|today| ports_after(b) < today)) {
            let steps = std::iter::once(step).chain(best.steps.iter().cloned()).collect();
            return Some(FleetChange { steps, makespan_sec: best.makespan_sec, fits: true });
        }
        nearest = Some(FleetChange { steps: vec![step], makespan_sec, fits: false });
        speed += 1.0;
    }
    // Nothing fits: the drive's own speed alone, where no plan of counts comes as near.
    let reached = changes.map(|c| c.makespan_sec).fold(plan.makespan_sec, f64::min);
    nearest.filter(|n| today_best.is_none() && n.makespan_sec < reached * (1.0 - 1e-3))
}

#[cfg(test)]
mod tests {
    use super::super::what_to_add;
    use crate::Scenario;

    /// Five jobs of 13.5 TB on two LTO-8 drives behind two 4GFC ports (400 MB/s each, of the 900 MB/s
    /// an LTO-8 takes at 2.5:1) in a 3 h window kept 20 % spare (2 h 24 min): the 6 TB job alone takes
    /// 6e12 / 400e6 = 15,000 s on its port, so no count fits.
    fn lto8_on_4gfc(window_h: f64) -> Scenario {
        let link = format!("v=1&lto=LTO-8&fc=4GFC&drives=2&fc_ports=2&clients=8&client_nic=10GbE&server_nic=25GbE&stream_rate=300&window_h={window_h}&jobs=name%2Cdata%0Adb%2C6TB%0Afs1%2C2TB%0Afs2%2C2TB%0Aweb%2C500GB%0Amail%2C3TB");
        crate::codec::decode(&link).scenario
    }

    fn faster_line(plan: &super::FleetPlan) -> String {
        let lines = plan.lines(crate::units::UnitSystem::Decimal);
        lines.into_iter().find(|(label, _)| *label == "Faster").expect("a Faster line").1
    }

    #[test]
    fn a_drive_on_ports_slower_than_its_own_interface_is_offered_its_own_speed() {
        // A 4 h window (3 h 12 min kept spare): on 8GFC ports (800 MB/s each) the 6 TB job alone takes
        // 7,500 s and the night fits with no count raised.
        let plan = what_to_add(&lto8_on_4gfc(4.0)).expect("4 h 51 min misses the 4 h window");
        assert!(plan.single.is_empty() && plan.together.as_ref().is_some_and(|t| !t.fits), "{plan:?}");
        let faster = plan.faster.as_ref().expect("8GFC in place of more 4GFC ports");
        let steps: Vec<(&str, u32, u32)> = faster.steps.iter().map(|a| (a.key, a.from, a.to)).collect();
        assert_eq!(steps, [("fc", 2, 3)]);
        assert!(faster.fits && faster.makespan_sec <= plan.target_sec, "{faster:?}");
        assert!(plan.fits());
        assert_eq!(plan.changes().last(), Some(&vec![("fc", 3)]));
        assert!(faster_line(&plan).starts_with("FC speed (fc) 4GFC → 8GFC: 2 h "), "{}", faster_line(&plan));
    }

    #[test]
    fn a_faster_port_that_is_not_enough_is_offered_when_it_comes_nearest() {
        // The 3 h window: on 8GFC the night is 2 h 49 min, inside the window but not the 2 h 24 min
        // aimed at; the counts alone reach no nearer than the 6 TB job's 4 h 10 min on its 4GFC port.
        let plan = what_to_add(&lto8_on_4gfc(3.0)).expect("4 h 51 min misses the 3 h window");
        let faster = plan.faster.as_ref().expect("8GFC brings the night nearest");
        assert!(!faster.fits && faster.makespan_sec < 3.0 * 3600.0, "{faster:?}");
        assert!(!plan.fits());
        assert_eq!(
            faster_line(&plan),
            "FC speed (fc) 4GFC → 8GFC: 2 h 49 min, inside the window but without the headroom spare: not enough alone"
        );
        // The 6 TB job held by its port is pointed at them too, not only told to split.
        let lines = plan.lines(crate::units::UnitSystem::Decimal);
        let job = &lines.iter().find(|(label, _)| *label == "Job").expect("db alone is too long").1;
        assert!(job.ends_with("(FC HBA ports), and no setting of the job relieves it: faster ports do (Faster), or split it into parts that run on several drives"), "{job}");
    }

    #[test]
    fn no_faster_port_than_the_drives_own_interface() {
        // LTO-8's own interface is 8GFC: on 8GFC nothing faster is proposed, though 16GFC ports exist.
        let mut s = lto8_on_4gfc(3.0);
        s.fc_speed = crate::catalog::FcSpeed::Gfc8;
        let plan = what_to_add(&s).expect("the 6 TB job alone takes 2 h 05 min; the night still misses");
        assert_eq!(plan.faster, None, "{plan:?}");
    }

    #[test]
    fn no_faster_port_where_the_ports_hold_nothing() {
        // Client links of 1GbE hold every job: faster ports would change nothing.
        let mut s = lto8_on_4gfc(3.0);
        s.client_link = crate::catalog::EthernetLink::Gbe1;
        let plan = what_to_add(&s).expect("1GbE clients miss the window");
        assert_eq!(plan.faster, None, "{plan:?}");
    }
}
