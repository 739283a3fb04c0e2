//! What the single-chain cards describe: the stage tables, the what-if charts and the comparison show
//! one client's chain. Without a job list that is the form's scenario; with one, the page answers for
//! the fleet (issue 18), and those cards follow the job that ends last (the long pole) on its own, with
//! its own data, files, link, ports and streams, and say so.

use capacity_model::fleet::{job_alone, Job, Schedule};
use capacity_model::units::{format_bytes, format_count, format_rate, UnitSystem};
use capacity_model::Scenario;

/// The scenario the single-chain cards describe, and the job it stands for.
#[derive(Debug, Clone, PartialEq)]
pub struct Focus {
    /// One client's scenario: the form's, or the long pole's alone on one drive ([`job_alone`]).
    pub scenario: Scenario,
    /// The job the scenario is, with a job list; `None` without one (or for an NFS target, which the
    /// fleet schedule does not cover).
    pub long_pole: Option<LongPole>,
}

/// The job that ends last in the fleet's schedule.
#[derive(Debug, Clone, PartialEq)]
pub struct LongPole {
    /// Its name, as in the job list.
    pub name: String,
    /// Its data, bytes.
    pub data_bytes: f64,
    /// What it gets in the schedule, bytes/s (its own ceiling, or less where it shares a drive or port).
    pub bytes_per_sec_in_schedule: f64,
    /// What it moves alone on one drive, bytes/s (the model's throughput for [`Focus::scenario`]).
    pub alone_bytes_per_sec: f64,
    /// Whether its backup wrote it multiplexed with other jobs on shared cartridges, so that the fleet's
    /// restore reads it with them in one pass ([`capacity_model::fleet::tape_groups`]).
    pub shared_cartridges: bool,
}

impl Focus {
    /// The focus of `base` (the scenario without its jobs) given the fleet's `schedule` of `jobs`.
    pub fn new(base: &Scenario, jobs: &[Job], schedule: Option<&Schedule>) -> Self {
        let pole = schedule.and_then(|s| Some((s.jobs.get(s.long_pole)?, jobs.get(s.long_pole)?)));
        match pole {
            Some((scheduled, job)) => {
                let scenario = job_alone(&base.sanitized(), job);
                let alone_bytes_per_sec = capacity_model::evaluate_backup(&scenario).throughput_bytes_per_sec;
                Focus {
                    scenario,
                    long_pole: Some(LongPole {
                        name: scheduled.name.clone(),
                        data_bytes: scheduled.data_bytes,
                        bytes_per_sec_in_schedule: scheduled.bytes_per_sec,
                        alone_bytes_per_sec,
                        shared_cartridges: scheduled.shared_cartridges(base),
                    }),
                }
            }
            None => Focus { scenario: base.clone(), long_pole: None },
        }
    }

    /// The parameters the what-if chart offers for the focus: for a long pole, not the clients (it is
    /// one client) nor the drives and their ports (it runs on one drive: the fleet's counts are What to
    /// add's and the Schedule card's).
    pub fn sweep_parameters(&self) -> Vec<&'static capacity_model::fields::Field> {
        let mut offered = crate::charts::sweep_parameters(&self.scenario);
        if self.long_pole.is_some() {
            offered.retain(|f| !matches!(f.key, "clients" | "drives" | "fc_ports"));
        }
        offered
    }

    /// Where the long pole runs alone: one drive, or for a repository target the repository.
    fn alone_on(&self) -> &'static str {
        if self.scenario.target == capacity_model::Target::Repository {
            "the repository"
        } else {
            "one drive"
        }
    }

    /// What the restore stage table says it shows, in plain words; empty without jobs.
    pub fn restore_note(&self, system: UnitSystem) -> String {
        let Some(p) = &self.long_pole else { return String::new() };
        let shared = if p.shared_cartridges {
            " Its backup shared cartridges with other jobs on its drive, so that card restores it with them in one \
             pass, which reads their data too and can take longer than these figures."
        } else {
            ""
        };
        // A partial restore locates its files in the long pole's backup; the fleet's restores every job whole
        // (a trial read "its 1.00 TB restored alone" above a table of "a partial restore of 10 files").
        let (what, whole) = match self.scenario.restore_files {
            0 => (format!("its {} restored", format_bytes(p.data_bytes, system)), ""),
            files => (
                format!(
                    "a partial restore of {} {} located in its {}",
                    format_count(f64::from(files)),
                    if files == 1 { "file" } else { "files" },
                    format_bytes(p.data_bytes, system)
                ),
                " (every job whole: Files located (partial restore) applies to this card)",
            ),
        };
        // A repository's restore is not planned tier by tier: no Disaster recovery card is shown, and the
        // job list's priorities and objectives are not used (a page trial was sent to the hidden card).
        let fleet = if self.scenario.target == capacity_model::Target::Repository {
            ", is planned for a tape target only: with a repository the job list's Priority and RTO (h) columns \
             are not used."
                .to_string()
        } else {
            format!("{whole}, is in the Disaster recovery card.{shared}")
        };
        format!(
            "With a job list these figures are for {}, the job that ends last (the long pole): {what} \
             alone from {} to one client with the job's own files, link, ports and streams. The whole \
             fleet's restore, tier by tier{fleet}",
            p.name,
            self.alone_on(),
        )
    }

    /// What a card below the stage table says it shows, in one line (the Stages card gives the whole
    /// [`Focus::note`], which would repeat on every card): "With a job list these figures are for db, the
    /// job that ends last (the long pole), alone on one drive, as in the Stages card." Empty without jobs.
    pub fn brief_note(&self) -> String {
        let Some(p) = &self.long_pole else { return String::new() };
        format!(
            "With a job list these figures are for {}, the job that ends last (the long pole), alone on {}, as in \
             the Stages card.",
            p.name,
            self.alone_on()
        )
    }

    /// A short name for titles: the long pole's name, cut to 24 characters; `None` without jobs.
    pub fn short_name(&self) -> Option<String> {
        self.long_pole.as_ref().map(|p| crate::charts::short_name(&p.name, 24))
    }

    /// What a single-chain card says it shows, in plain words; empty without jobs.
    pub fn note(&self, system: UnitSystem) -> String {
        let Some(p) = &self.long_pole else { return String::new() };
        let shared = if p.bytes_per_sec_in_schedule < p.alone_bytes_per_sec * 0.995 {
            format!(
                " In the schedule it gets {} of that, sharing a drive, port or server with other jobs.",
                format_rate(p.bytes_per_sec_in_schedule, system)
            )
        } else {
            String::new()
        };
        format!(
            "With a job list these figures are for {}, the job that ends last (the long pole): its {} on one \
             client with the job's own files, link, ports and streams, alone on {} and the backup server, \
             where it could move {}.{shared} The whole fleet's night is in the Schedule card.",
            p.name,
            format_bytes(p.data_bytes, system),
            self.alone_on(),
            format_rate(p.alone_bytes_per_sec, system),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use capacity_model::codec::decode;
    use capacity_model::fleet::schedule;

    fn fleet(link: &str) -> Scenario {
        let opened = decode(link);
        assert!(opened.issues.is_empty(), "{:?}", opened.issues);
        opened.scenario
    }

    #[test]
    fn with_jobs_the_focus_is_the_long_pole_alone() {
        // Five jobs on two LTO-8 drives behind one 8GFC port, 1GbE clients: db (6 TB) ends last. Alone,
        // its chain is one 1GbE port at 113 MB/s (the catalogue's 1GbE payload rate), so 6 TB take
        // 6e12 / 113e6 s = 14 h 45 min, the fleet's night.
        let s =
            fleet("v=1&lto=LTO-8&drives=2&fc=8GFC&data=24TB&jobs=name,data%0Adb,6TB%0Amail,2TB%0Aweb,500GB%0Aerp,3TB");
        let base = Scenario { jobs: Vec::new().into(), ..s.clone() };
        let plan = schedule(&s, &s.jobs).expect("a tape fleet has a schedule");
        let focus = Focus::new(&base, &s.jobs, Some(&plan));
        let pole = focus.long_pole.as_ref().expect("a long pole");
        assert_eq!(pole.name, "db");
        assert_eq!(focus.scenario.clients, 1);
        assert!((focus.scenario.data_set_bytes - 6e12).abs() < 1.0);
        let report = capacity_model::evaluate(&focus.scenario);
        assert!((report.throughput_bytes_per_sec - pole.alone_bytes_per_sec).abs() < 1.0);
        assert_eq!((focus.scenario.drives, focus.scenario.fc_ports), (1, 1), "one drive, as the schedule runs it");
        assert!((plan.makespan_sec - 6e12 / report.throughput_bytes_per_sec).abs() < 1.0);
        let note = focus.note(UnitSystem::Decimal);
        assert!(note.contains("for db, the job that ends last"), "{note}");
        assert!(note.contains("6.00 TB"), "{note}");
        assert!(!note.contains("sharing"), "db has a drive of its own: {note}");
        assert_eq!(
            focus.brief_note(),
            format!("With a job list these figures are for {}, the job that ends last (the long pole), alone on one drive, as in the Stages card.", focus.long_pole.as_ref().unwrap().name)
        );
        let restore = focus.restore_note(UnitSystem::Decimal);
        assert!(restore.contains("for db, the job that ends last (the long pole): its 6.00 TB restored"), "{restore}");
        assert!(!restore.contains("shared cartridges"), "{restore}");
        // A partial restore: its files, and the fleet's restore of every job whole.
        let partial = Focus::new(&Scenario { restore_files: 10, ..base.clone() }, &s.jobs, Some(&plan));
        let restore = partial.restore_note(UnitSystem::Decimal);
        assert!(
            restore.contains("(the long pole): a partial restore of 10 files located in its 6.00 TB alone from"),
            "{restore}"
        );
        assert!(restore.contains("tier by tier (every job whole: Files located (partial restore) applies to this card), is in the Disaster recovery card."), "{restore}");
    }

    #[test]
    fn a_repositorys_restore_note_sends_nobody_to_a_card_it_does_not_show() {
        // A page trial (stop 58): with a repository target the note said the fleet's restore was in the
        // Disaster recovery card, which is not shown, and the list's objectives got no word.
        let s = fleet("v=1&target=repository&jobs=name,data,priority,rto_h%0Aa,1TB,0,4%0Ab,2TB,1,8");
        let base = Scenario { jobs: Vec::new().into(), ..s.clone() };
        let plan = schedule(&s, &s.jobs).expect("schedule");
        let restore = Focus::new(&base, &s.jobs, Some(&plan)).restore_note(UnitSystem::Decimal);
        assert!(!restore.contains("Disaster recovery card"), "{restore}");
        assert!(
            restore.ends_with("with a repository the job list's Priority and RTO (h) columns are not used."),
            "{restore}"
        );
        assert!(restore.contains("alone from the repository to one client"), "{restore}");
    }

    #[test]
    fn a_long_pole_written_with_other_jobs_says_its_restore_reads_theirs() {
        // A new user's trial (stop 33): web's backup shared one LTO-4 drive's cartridges with three other
        // jobs; the restore figures here are web alone, the DR card's pass reads all four.
        let s =
            fleet("v=1&drives=1&jobs=name,data,client_nic%0Aerp,2TB,10GbE%0Acrm,2TB,10GbE%0Aweb,2TB,10GbE%0Afs,500GB,");
        let base = Scenario { jobs: Vec::new().into(), ..s.clone() };
        let plan = schedule(&s, &s.jobs).expect("schedule");
        let focus = Focus::new(&base, &s.jobs, Some(&plan));
        assert!(focus.long_pole.as_ref().is_some_and(|p| p.shared_cartridges), "{focus:?}");
        let restore = focus.restore_note(UnitSystem::Decimal);
        assert!(restore.ends_with("Its backup shared cartridges with other jobs on its drive, so that card restores it with them in one pass, which reads their data too and can take longer than these figures."), "{restore}");
        // One session per drive: each job on cartridges of its own.
        let own = fleet("v=1&drives=1&sessions_per_drive=1&jobs=name,data%0Aa,2TB%0Ab,1TB");
        let plan = schedule(&own, &own.jobs).expect("schedule");
        let focus = Focus::new(&Scenario { jobs: Vec::new().into(), ..own.clone() }, &own.jobs, Some(&plan));
        assert!(focus.long_pole.as_ref().is_some_and(|p| !p.shared_cartridges));
    }

    #[test]
    fn a_long_pole_that_shares_a_port_says_what_it_gets() {
        // Three 6.5 TB jobs on three drives behind two 2GFC ports: two drives share a port, and the
        // job on the shared port ends last at half that port's rate.
        let s = fleet("v=1&fc=2GFC&fc_ports=2&drives=3&client_nic=10GbE&jobs=name,data%0Aa,6.5TB%0Ab,6.5TB%0Ac,6.5TB");
        let base = Scenario { jobs: Vec::new().into(), ..s.clone() };
        let plan = schedule(&s, &s.jobs).expect("schedule");
        let focus = Focus::new(&base, &s.jobs, Some(&plan));
        let pole = focus.long_pole.as_ref().expect("a long pole");
        assert!(pole.bytes_per_sec_in_schedule < pole.alone_bytes_per_sec * 0.9, "{pole:?}");
        assert!(focus.note(UnitSystem::Decimal).contains("In the schedule it gets"));
    }

    #[test]
    fn without_jobs_the_focus_is_the_form() {
        let s = fleet("v=1&clients=4");
        let focus = Focus::new(&s, &s.jobs, None);
        assert_eq!(focus.scenario, s);
        assert_eq!(focus.short_name(), None);
        assert_eq!(focus.note(UnitSystem::Decimal), "");
    }

    #[test]
    fn long_names_are_cut_for_titles() {
        let s = fleet("v=1&jobs=name,data%0Afs-east-01.corp.example.com:/export/home,1TB");
        let base = Scenario { jobs: Vec::new().into(), ..s.clone() };
        let plan = schedule(&s, &s.jobs).expect("schedule");
        let name = Focus::new(&base, &s.jobs, Some(&plan)).short_name().expect("a name");
        assert_eq!(name, "fs-east-01.corp.example.…");
    }
}
