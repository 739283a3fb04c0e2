//! Solving a chain of stages: achieved throughput, bottleneck, demand and utilization.
//!
//! # One direction (a backup, a restore)
//! Stages play one of three roles ([`Role`]):
//! - **per-session** stages set how fast the sessions (streams, volumes) move bytes on their own
//!   (source read, a TCP window over a long round trip);
//! - **serial** costs are paid by each session on top of moving its bytes (a fixed time per file, per
//!   transaction), so they combine with the per-session rate in series: `1 / (1 / r + 1 / c)`;
//! - **shared** stages (links, the backup server, ports, drives) cap the sum of all sessions.
//!
//! The throughput is `min(sessions in series with their serial costs, every shared stage)`. This is
//! the mean-field answer for sessions that alternate between paying a fixed cost and moving bytes
//! through shared stages: while one session pays its cost, the others use the link, so a shared stage
//! either runs full or every session runs at its own rate.
//!
//! A serial cost that stops every session at once ([`StageCalc::pauses_all`]: a drive locating the
//! next file of a partial restore feeds none of the streams it serves) is paid in series with that
//! whole flow instead: `1 / (1 / min(sessions, shared) + 1 / pause)`. Nobody moves bytes while it is
//! paid, so the shared stages get no catching up done meanwhile.
//!
//! The bottleneck is the stage whose relief raises the throughput most: a shared stage below the
//! sessions' rate, or else the per-session stage or serial cost that takes the largest share of each
//! session's time. Utilization is throughput / capacity (the utilization law): the bottleneck runs at
//! 100 %, every other stage below; for a serial cost it is the share of each session's time it takes.
//!
//! # Two directions at once (an NFS mixed workload)
//! Some stages are time-shared: a shared stage spends `1 / capacity` seconds per byte in each
//! direction, so the flows are scaled down together until every time-shared stage's time adds up to at
//! most one second per second.

pub(crate) use crate::stage::Role;
use crate::stage::{Directions, Stage, StageId};

/// Index of the send (backup) direction in `[f64; 2]` arrays.
pub const SEND: usize = 0;
/// Index of the retrieve (restore) direction.
pub const RETRIEVE: usize = 1;

/// A stage before solving: its capacity per direction.
#[derive(Debug, Clone, Copy)]
pub(crate) struct StageCalc {
    pub id: StageId,
    /// Capacity in each direction, bytes/s; unused directions may hold anything.
    pub capacity: [f64; 2],
    /// How the stage combines with the others.
    pub role: Role,
    /// Whether the two directions time-share the stage (CPU, disks) rather than each having its own
    /// capacity (full-duplex links). Only two-way workloads read it.
    pub time_shared: bool,
    /// Units the capacity is made of, per direction (drives, ports ...).
    pub units: [f64; 2],
    /// For a [`Role::Serial`] cost: whether paying it stops every session at once (a drive locating a
    /// file feeds no stream meanwhile), so it is paid in series with the whole flow, shared stages
    /// included, rather than with each session's own rate.
    pub pauses_all: bool,
}

impl StageCalc {
    /// A stage with the same capacity and units both ways.
    pub fn new(id: StageId, role: Role, capacity: f64, units: f64) -> Self {
        Self { id, capacity: [capacity, capacity], role, time_shared: false, units: [units, units], pauses_all: false }
    }

    /// A serial cost that stops every session at once ([`StageCalc::pauses_all`]), worth `capacity`
    /// bytes/s alone, paid by `units` (the drives that pay it).
    pub fn pause(id: StageId, capacity: f64, units: f64) -> Self {
        Self { pauses_all: true, ..Self::new(id, Role::Serial, capacity, units) }
    }
}

/// The solved chain.
#[derive(Debug, Clone)]
pub(crate) struct Solution {
    pub flow: [f64; 2],
    pub bottleneck: StageId,
    pub stages: Vec<Stage>,
}

/// `load / capacity`, with 0 / 0 = 0 and x / 0 = infinity.
pub(crate) fn ratio(load: f64, capacity: f64) -> f64 {
    if capacity > 0.0 {
        load / capacity
    } else if load > 0.0 {
        f64::INFINITY
    } else {
        0.0
    }
}

/// Rate of a flow that moves at `rate` and also pays, in series, a cost worth `serial_capacity`:
/// `1 / (1 / rate + 1 / serial_capacity)`.
pub(crate) fn in_series(rate: f64, serial_capacity: f64) -> f64 {
    let inverse = 1.0 / rate + 1.0 / serial_capacity;
    if inverse > 0.0 {
        1.0 / inverse
    } else {
        rate.min(serial_capacity)
    }
}

/// A running combination of stages: the tightest per-session stage, the serial costs' time per byte,
/// the tightest shared stage, the time per byte of the costs that stop every session.
#[derive(Debug, Clone, Copy)]
struct Accumulated {
    session: f64,
    serial: f64,
    shared: f64,
    pause: f64,
}

impl Accumulated {
    const EMPTY: Self = Self { session: f64::INFINITY, serial: 0.0, shared: f64::INFINITY, pause: 0.0 };

    fn add(&mut self, calc: &StageCalc, d: usize) {
        let capacity = calc.capacity[d];
        match calc.role {
            Role::PerSession => self.session = self.session.min(capacity),
            Role::Serial if calc.pauses_all => self.pause += 1.0 / capacity,
            Role::Serial => self.serial += 1.0 / capacity,
            Role::Shared => self.shared = self.shared.min(capacity),
        }
    }

    /// The per-session stages in series with the serial costs, capped by every shared stage, in series
    /// with the pauses.
    fn flow(&self) -> f64 {
        let sessions = if self.serial > 0.0 { in_series(self.session, 1.0 / self.serial) } else { self.session };
        let moving = sessions.min(self.shared).max(0.0);
        if self.pause > 0.0 {
            in_series(moving, 1.0 / self.pause).max(0.0)
        } else {
            moving
        }
    }
}

/// What a set of stages lets through in direction `d`: the per-session stages in series with the
/// serial costs, capped by every shared stage. Empty sets let everything through (infinity).
pub(crate) fn flow_of<'a>(calcs: impl IntoIterator<Item = &'a StageCalc>, d: usize) -> f64 {
    let mut total = Accumulated::EMPTY;
    for calc in calcs {
        total.add(calc, d);
    }
    total.flow()
}

/// Solves a non-empty chain for the active directions (at least one must be active).
pub(crate) fn solve(calcs: &[StageCalc], active: [bool; 2]) -> Solution {
    match active {
        [true, true] => solve_two_way(calcs),
        [false, true] => solve_one_way(calcs, RETRIEVE),
        _ => solve_one_way(calcs, SEND),
    }
}

/// First index holding the smallest value of `key` among `calcs` that pass `keep`.
fn first_min(calcs: &[StageCalc], keep: impl Fn(&StageCalc) -> bool, key: impl Fn(&StageCalc) -> f64) -> Option<usize> {
    let mut best: Option<usize> = None;
    for (i, calc) in calcs.iter().enumerate().filter(|(_, c)| keep(c)) {
        if best.is_none_or(|b| key(calc) < key(&calcs[b])) {
            best = Some(i);
        }
    }
    best
}

fn solve_one_way(calcs: &[StageCalc], d: usize) -> Solution {
    let throughput = flow_of(calcs, d);
    let sessions = flow_of(calcs.iter().filter(|c| c.role != Role::Shared && !c.pauses_all), d);
    let shared = first_min(calcs, |c| c.role == Role::Shared, |c| c.capacity[d]);
    let moving = match shared {
        Some(i) if calcs[i].capacity[d] < sessions * (1.0 - 1e-12) => i,
        // The sessions bind: the tightest per-session stage or a serial cost. Name the one whose removal
        // would raise the sessions' rate most (for serial costs alone, the largest share of each
        // session's time).
        _ => {
            let tightest = first_min(calcs, |c| c.role == Role::PerSession, |c| c.capacity[d]);
            let without = |skip: usize| {
                flow_of(
                    calcs.iter().enumerate().filter(|(i, c)| *i != skip && c.role != Role::Shared).map(|(_, c)| c),
                    d,
                )
            };
            let candidates = calcs
                .iter()
                .enumerate()
                .filter(|(i, c)| (c.role == Role::Serial && !c.pauses_all) || Some(*i) == tightest);
            let mut best: Option<(usize, f64)> = None;
            for (i, _) in candidates {
                let gain = without(i);
                // A stage relieved to find the next limit (its capacity times 1e9) keeps a residue of each
                // stream's time: removing it "gains" 2e-7 where a per-session stage tied with another (one
                // stream per client, its disks as fast as its stream) gains nothing alone, and the relieved
                // stage was named its own next limit (a trial's restore: "Next limit: Per-file create").
                if best.is_none_or(|(_, g)| gain > g * (1.0 + 1e-6)) {
                    best = Some((i, gain));
                }
            }
            best.map(|(i, _)| i).or(shared).unwrap_or(0)
        }
    };
    // A pause whose relief gains more than relieving what limits the moving flow is named. That limit is
    // relieved with the shared stages tied with it (two 10GbE ports in a row: relieving one alone gains
    // nothing).
    let mut bottleneck = moving;
    if calcs.iter().any(|c| c.pauses_all) {
        let limit = calcs.get(moving).filter(|c| c.role == Role::Shared).map(|c| c.capacity[d]);
        let tied = |i: usize, c: &StageCalc| {
            i == moving || limit.is_some_and(|l| c.role == Role::Shared && c.capacity[d] <= l * (1.0 + 1e-12))
        };
        let mut gain = flow_of(calcs.iter().enumerate().filter(|(i, c)| !tied(*i, c)).map(|(_, c)| c), d);
        for (i, _) in calcs.iter().enumerate().filter(|(_, c)| c.pauses_all) {
            let relieved = flow_of(calcs.iter().enumerate().filter(|(j, _)| *j != i).map(|(_, c)| c), d);
            if relieved > gain * (1.0 + 1e-12) {
                (bottleneck, gain) = (i, relieved);
            }
        }
    }
    let mut before = Accumulated::EMPTY;
    let stages = calcs
        .iter()
        .enumerate()
        .map(|(i, calc)| {
            // A source reads as fast as it can: the first stage is offered its own capacity.
            let demand = if i == 0 { calc.capacity[d] } else { before.flow() };
            before.add(calc, d);
            let capacity = calc.capacity[d];
            Stage {
                id: calc.id,
                capacity_bytes_per_sec: capacity,
                demand_bytes_per_sec: demand,
                utilization: ratio(throughput, capacity).min(1.0),
                units: calc.units[d],
                per_unit_bytes_per_sec: if calc.units[d] > 0.0 { capacity / calc.units[d] } else { 0.0 },
                role: calc.role,
                directions: None,
            }
        })
        .collect();
    let mut flow = [0.0; 2];
    flow[d] = throughput;
    Solution { flow, bottleneck: calcs.get(bottleneck).map_or(StageId::Streams, |c| c.id), stages }
}

/// Both directions' flows through `calcs` and the stage that sets them (the time-shared stage that
/// scales both, else the larger direction's tightest stage), by index.
fn two_way_flow(calcs: &[StageCalc]) -> ([f64; 2], usize) {
    let dirs = [SEND, RETRIEVE];
    // Each direction alone is held to its tightest stage that is not time-shared; time-shared stages
    // then scale both.
    let mut path_limit = [f64::INFINITY; 2];
    let mut path_stage = [0usize; 2];
    for d in dirs {
        path_limit[d] = flow_of(calcs.iter().filter(|c| !c.time_shared), d);
        path_stage[d] = first_min(calcs, |c| !c.time_shared, |c| c.capacity[d]).unwrap_or(0);
    }
    let mut scale = 1.0;
    let mut shared_stage = None;
    for (i, calc) in calcs.iter().enumerate().filter(|(_, c)| c.time_shared) {
        let busy: f64 = dirs.iter().map(|&d| ratio(path_limit[d], calc.capacity[d])).sum();
        if busy > 1.0 && 1.0 / busy < scale {
            scale = 1.0 / busy;
            shared_stage = Some(i);
        }
    }
    let larger = if path_limit[SEND] >= path_limit[RETRIEVE] { SEND } else { RETRIEVE };
    ([path_limit[SEND] * scale, path_limit[RETRIEVE] * scale], shared_stage.unwrap_or(path_stage[larger]))
}

fn solve_two_way(calcs: &[StageCalc]) -> Solution {
    let dirs = [SEND, RETRIEVE];
    let (flow, setting) = two_way_flow(calcs);
    let moving = flow[SEND] + flow[RETRIEVE];
    // The bottleneck is the stage whose relief raises the two flows' sum most (docs/model.md). The stage that
    // sets the flows is not always it: a sync mount that holds the sends while the source volumes hold
    // the retrievals gains 2 % relieved, the volumes 176 % (a trial's mixed workload).
    // A stage is relieved alone, and then with the stages tied with it: full in a direction at the same
    // capacity (a trial's sends held at 226 MB/s by two mounts and two 1GbE interfaces alike: relieving
    // either alone gained nothing, so the volumes were named for +6.8 % where nconnect=2 gave +22 %). A
    // tie relieved together is named only where it gains more than any stage alone.
    let full = |c: &StageCalc, d: usize| c.capacity[d] > 0.0 && flow[d] >= c.capacity[d] * (1.0 - 1e-9);
    let tied = |i: usize, j: usize| {
        i == j
            || dirs.iter().any(|&d| {
                full(&calcs[i], d)
                    && full(&calcs[j], d)
                    && (calcs[j].capacity[d] / calcs[i].capacity[d] - 1.0).abs() <= 1e-9
            })
    };
    let relieved = |i: usize, with_ties: bool| {
        let mut more = calcs.to_vec();
        for (_, calc) in more.iter_mut().enumerate().filter(|(j, _)| *j == i || (with_ties && tied(i, *j))) {
            calc.capacity = calc.capacity.map(|c| c * 1e6);
        }
        let (flow, _) = two_way_flow(&more);
        flow[SEND] + flow[RETRIEVE]
    };
    let best_of = |with_ties: bool| {
        let mut best = (setting, relieved(setting, with_ties));
        for i in (0..calcs.len()).filter(|&i| i != setting) {
            let gain = relieved(i, with_ties);
            if gain > best.1 * (1.0 + 1e-9) {
                best = (i, gain);
            }
        }
        best
    };
    let alone = best_of(false);
    let together = best_of(true);
    let best = if together.1 > alone.1 * (1.0 + 1e-9) { together } else { alone };
    let bottleneck = calcs[if best.1 > moving * (1.0 + 1e-9) { best.0 } else { setting }].id;

    let mut before = [Accumulated::EMPTY; 2];
    // What a time-shared stage before can pass of the mix: the stages after it are offered no more (a
    // trial's file systems were offered 318 MB/s after nodes that carry 200 MB/s of that mix).
    let mut mix_cap = f64::INFINITY;
    let stages = calcs
        .iter()
        .enumerate()
        .map(|(i, calc)| {
            let demand: f64 = if i == 0 {
                calc.capacity[SEND] + calc.capacity[RETRIEVE]
            } else {
                (before[SEND].flow() + before[RETRIEVE].flow()).min(mix_cap)
            };
            for d in dirs {
                before[d].add(calc, d);
            }
            let (capacity, utilization) = if calc.time_shared {
                // A time-shared stage's capacity for the mix that actually flows: the flowing bytes
                // over the share of the stage's time they take.
                let busy = ratio(flow[SEND], calc.capacity[SEND]) + ratio(flow[RETRIEVE], calc.capacity[RETRIEVE]);
                let capacity = if busy > 0.0 { moving / busy } else { calc.capacity[SEND] + calc.capacity[RETRIEVE] };
                mix_cap = mix_cap.min(capacity);
                (capacity, busy)
            } else {
                // Each direction has its own capacity (full-duplex links, separate mounts): as busy as
                // its busier direction.
                let busy = ratio(flow[SEND], calc.capacity[SEND]).max(ratio(flow[RETRIEVE], calc.capacity[RETRIEVE]));
                (calc.capacity[SEND] + calc.capacity[RETRIEVE], busy)
            };
            let units = calc.units[SEND].max(calc.units[RETRIEVE]);
            Stage {
                id: calc.id,
                capacity_bytes_per_sec: capacity,
                demand_bytes_per_sec: demand,
                utilization: utilization.min(1.0),
                units,
                per_unit_bytes_per_sec: if units > 0.0 { capacity / units } else { 0.0 },
                role: calc.role,
                directions: Some(Directions {
                    units: calc.units,
                    capacity_bytes_per_sec: calc.capacity,
                    time_shared: calc.time_shared,
                    utilization: [
                        ratio(flow[SEND], calc.capacity[SEND]).min(1.0),
                        ratio(flow[RETRIEVE], calc.capacity[RETRIEVE]).min(1.0),
                    ],
                }),
            }
        })
        .collect();
    Solution { flow, bottleneck, stages }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn calc(id: StageId, role: Role, capacity: f64) -> StageCalc {
        StageCalc::new(id, role, capacity, 1.0)
    }

    #[test]
    fn the_first_smallest_shared_stage_binds() {
        let chain = [
            calc(StageId::Streams, Role::PerSession, 300.0),
            calc(StageId::ClientNic, Role::Shared, 226.0),
            calc(StageId::TapeDrives, Role::Shared, 225.0),
            calc(StageId::Pairing, Role::Shared, 225.0),
        ];
        let solution = solve(&chain, [true, false]);
        assert_eq!(solution.flow[SEND], 225.0);
        assert_eq!(solution.bottleneck, StageId::TapeDrives);
        let drives = solution.stages[2];
        assert_eq!(drives.demand_bytes_per_sec, 226.0);
        assert_eq!(drives.utilization, 1.0);
        assert!((solution.stages[0].utilization - 0.75).abs() < 1e-12, "225 / 300");
    }

    #[test]
    fn serial_costs_add_to_each_sessions_time() {
        // Sessions read at 30; a fixed cost alone would allow 7: 1 / (1/30 + 1/7) = 5.676.
        let chain = [
            calc(StageId::Streams, Role::PerSession, 30.0),
            calc(StageId::Transactions, Role::Serial, 7.0),
            calc(StageId::ClientNic, Role::Shared, 100.0),
        ];
        let solution = solve(&chain, [true, false]);
        let expected = 1.0 / (1.0 / 30.0 + 1.0 / 7.0);
        assert!((solution.flow[SEND] - expected).abs() < 1e-12);
        assert_eq!(solution.bottleneck, StageId::Transactions, "the larger share of each session's time");
        let share = solution.stages[1].utilization;
        assert!((share - expected / 7.0).abs() < 1e-12, "utilization of a serial cost is its time share");
        assert_eq!(solution.stages[1].role, Role::Serial);
        // The shared link is not the limit: other sessions use it while one pays its cost.
        assert!((solution.stages[2].utilization - expected / 100.0).abs() < 1e-12);
    }

    #[test]
    fn a_pause_is_paid_in_series_with_the_whole_flow() {
        // Four streams could write 166 and the link carries 113; a drive locating 222 worth stops them all:
        // 1 / (1/113 + 1/222), where a per-stream cost would have overlapped with the link's work.
        let chain = |locate: StageCalc| {
            [
                calc(StageId::RestoreStreams, Role::PerSession, 166.0),
                calc(StageId::ClientNic, Role::Shared, 113.0),
                calc(StageId::ServerNic, Role::Shared, 113.0),
                locate,
            ]
        };
        let paused = solve(&chain(StageCalc::pause(StageId::Locate, 222.0, 1.0)), [true, false]);
        let expected = 1.0 / (1.0 / 113.0 + 1.0 / 222.0);
        assert!((paused.flow[SEND] - expected).abs() < 1e-9, "{}", paused.flow[SEND]);
        let overlapped = solve(&chain(calc(StageId::Locate, Role::Serial, 222.0)), [true, false]);
        assert!((overlapped.flow[SEND] - 1.0 / (1.0 / 166.0 + 1.0 / 222.0)).abs() < 1e-9);
        let locate = paused.stages[3];
        assert!((locate.utilization - expected / 222.0).abs() < 1e-12, "its share of the time");
        // Relieving the locates gains 113 / 74.9 (+51 %); relieving both 113 links leaves the streams'
        // 166 in series with them, 95.3 (+27 %): the locates are named, though they take a third of the
        // time. The two links are relieved together, as relieving one alone would gain nothing.
        assert_eq!(paused.bottleneck, StageId::Locate);
        // With a pause worth 10 times more, the links are named: the first of the two.
        let rare = solve(&chain(StageCalc::pause(StageId::Locate, 2220.0, 1.0)), [true, false]);
        assert_eq!(rare.bottleneck, StageId::ClientNic);
    }

    #[test]
    fn two_directions_time_share_a_shared_stage() {
        let mut sources = calc(StageId::NfsSources, Role::PerSession, 0.0);
        sources.capacity = [240.0, 120.0];
        let mut mounts = calc(StageId::NfsMounts, Role::Shared, 0.0);
        mounts.capacity = [232.0, 700.0];
        let mut file_systems = calc(StageId::NfsFileSystems, Role::Shared, 0.0);
        file_systems.capacity = [457.0, 180.0];
        file_systems.time_shared = true;
        let solution = solve(&[sources, mounts, file_systems], [true, true]);
        let scale = 1.0 / (232.0 / 457.0 + 120.0 / 180.0);
        assert!((solution.flow[SEND] - 232.0 * scale).abs() < 1e-9);
        assert!((solution.flow[RETRIEVE] - 120.0 * scale).abs() < 1e-9);
        assert_eq!(solution.bottleneck, StageId::NfsFileSystems);
        assert!((solution.stages[2].utilization - 1.0).abs() < 1e-9);
        assert!(solution.stages.iter().all(|s| s.utilization <= 1.0));
    }

    /// A planner trial's mixed workload: sends held at 226 MB/s by two mounts and two 1GbE interfaces
    /// alike, retrievals by the source volumes. Relieving either tied stage alone gains nothing, and the
    /// volumes alone gain 6.8 %; the mounts relieved with the interfaces (nconnect=2) gain 22 %, so the
    /// mounts are named.
    #[test]
    fn stages_tied_in_a_direction_are_relieved_together() {
        let link = "v=1&target=nfs&workload=mixed&volumes=8&retrieve_volumes=5&source_nic=40GbE&nfs_nodes=4&file_systems=2&interfaces=4&nfs_nic=1GbE&sync=off&in_flight=2&volume_send_rate=40&node_rate=300&data=10TB";
        let scenario = crate::codec::decode(link).scenario;
        let report = crate::evaluate(&scenario);
        assert_eq!(report.bottleneck, StageId::NfsMounts);
        let rate =
            |s: &str| crate::evaluate(&crate::codec::decode(&format!("{link}{s}")).scenario).throughput_bytes_per_sec;
        let today = report.throughput_bytes_per_sec;
        assert!((rate("&nconnect=2") / today - 1.22).abs() < 0.01, "{}", rate("&nconnect=2") / today);
        assert!((rate("&volume_send_rate=400000&volume_retrieve_rate=400000") / today - 1.068).abs() < 0.01);
        assert!(report
            .explanation(crate::units::UnitSystem::Decimal)
            .contains(" Both directions together: 226 MB/s sent plus 197 MB/s retrieved."));
        // The volumes, full retrieving but at 70.6 % sending, leave 22 % of room: no "gains at most 0 %".
        let near =
            |id| report.warnings.iter().any(|w| matches!(w, crate::Warning::NearLimit { stage, .. } if *stage == id));
        assert!(!near(StageId::NfsSources));
        assert!(near(StageId::NfsInterfaces));
    }
}
