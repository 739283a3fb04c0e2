//! Solving a chain of stages: achieved throughput, bottleneck, offered load and utilization.
//!
//! Data flows through the stages in order. One direction (a backup) achieves the smallest capacity
//! (the min-cut of a series chain). Two directions at once (an NFS mixed workload) share some stages
//! by time: a shared stage spends `1 / capacity` seconds per byte in each direction, so the offered
//! flows are scaled down together until every shared stage's time adds up to at most one second per
//! second.

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
    /// Whether the two directions time-share the stage (CPU, disks) rather than each having its own
    /// capacity (full-duplex links).
    pub shared: bool,
    /// Whether the stage's time adds to the other stages' time instead of overlapping it (a fixed cost
    /// per transaction is paid on top of moving the transaction's bytes).
    pub serial: bool,
    /// Whether buffers decouple the stage from the sessions' timing (the backup server's buffers and
    /// what lies behind them): a serial cost slows only the stages in step with the sessions.
    pub decoupled: bool,
    /// Units the capacity is made of, per direction (drives, ports ...).
    pub units: [f64; 2],
}

/// The solved chain.
#[derive(Debug, Clone)]
pub(crate) struct Solution {
    pub flow: [f64; 2],
    pub bottleneck: StageId,
    pub stages: Vec<Stage>,
}

fn ratio(load: f64, capacity: f64) -> f64 {
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

/// Flow of one direction through a chain: the sessions move bytes at the tightest stage in step with
/// them and pay every serial stage's cost on top; buffered (decoupled) stages then only cap the average.
pub(crate) fn serial_flow(calcs: &[StageCalc], d: usize) -> f64 {
    let tightest = |decoupled: bool| {
        calcs
            .iter()
            .filter(|c| !c.serial && c.decoupled == decoupled)
            .map(|c| c.capacity[d])
            .fold(f64::INFINITY, f64::min)
    };
    let sessions = calcs.iter().filter(|c| c.serial).fold(tightest(false), |flow, c| in_series(flow, c.capacity[d]));
    sessions.min(tightest(true))
}

/// Solves a non-empty chain for the active directions (at least one must be active).
pub(crate) fn solve(calcs: &[StageCalc], active: [bool; 2]) -> Solution {
    let dirs: &[usize] = match active {
        [true, true] => &[SEND, RETRIEVE],
        [false, true] => &[RETRIEVE],
        _ => &[SEND],
    };
    let mut flow = [0.0; 2];
    let bottleneck;
    if let [d] = dirs {
        let d = *d;
        let mut best = 0;
        for (i, calc) in calcs.iter().enumerate() {
            if calc.capacity[d] < calcs[best].capacity[d] {
                best = i;
            }
        }
        flow[d] = serial_flow(calcs, d).max(0.0);
        bottleneck = calcs[best].id;
    } else {
        // Each direction alone is held to its tightest unshared stage; shared stages then scale both.
        let mut path_limit = [f64::INFINITY; 2];
        let mut path_stage = [0usize; 2];
        for &d in dirs {
            for (i, calc) in calcs.iter().enumerate() {
                if !calc.shared && calc.capacity[d] < path_limit[d] {
                    path_limit[d] = calc.capacity[d];
                    path_stage[d] = i;
                }
            }
        }
        let mut scale = 1.0;
        let mut shared_stage = None;
        for (i, calc) in calcs.iter().enumerate().filter(|(_, c)| c.shared) {
            let busy: f64 = dirs.iter().map(|&d| ratio(path_limit[d], calc.capacity[d])).sum();
            if busy > 1.0 && 1.0 / busy < scale {
                scale = 1.0 / busy;
                shared_stage = Some(i);
            }
        }
        for &d in dirs {
            flow[d] = path_limit[d] * scale;
        }
        let larger = if path_limit[SEND] >= path_limit[RETRIEVE] { SEND } else { RETRIEVE };
        bottleneck = calcs[shared_stage.unwrap_or(path_stage[larger])].id;
    }

    let mut upstream = [f64::INFINITY; 2];
    let stages = calcs
        .iter()
        .map(|calc| {
            let offered = |d: usize| {
                if upstream[d].is_finite() {
                    upstream[d]
                } else {
                    calc.capacity[d]
                }
            };
            let (capacity, offered_total, utilization, units) = if let [d] = dirs {
                let load = offered(*d);
                (calc.capacity[*d], load, ratio(load, calc.capacity[*d]), calc.units[*d])
            } else {
                let loads = [offered(SEND), offered(RETRIEVE)];
                let total = loads[SEND] + loads[RETRIEVE];
                let (capacity, utilization) = if calc.shared {
                    // A time-shared stage's capacity for the mix that actually flows: the flowing bytes
                    // over the share of the stage's time they take. The achieved total never exceeds it.
                    let busy_share =
                        ratio(flow[SEND], calc.capacity[SEND]) + ratio(flow[RETRIEVE], calc.capacity[RETRIEVE]);
                    let moving = flow[SEND] + flow[RETRIEVE];
                    let capacity = if busy_share > 0.0 {
                        moving / busy_share
                    } else {
                        calc.capacity[SEND] + calc.capacity[RETRIEVE]
                    };
                    (capacity, ratio(total, capacity))
                } else {
                    // Each direction has its own capacity (full-duplex links, separate mounts): the stage
                    // carries both together.
                    let capacity = calc.capacity[SEND] + calc.capacity[RETRIEVE];
                    (capacity, ratio(total, capacity))
                };
                (capacity, total, utilization, calc.units[SEND].max(calc.units[RETRIEVE]))
            };
            for &d in dirs {
                // Past a serial stage the flow is what the stages so far allow with its cost added.
                upstream[d] = if calc.serial && upstream[d].is_finite() {
                    in_series(upstream[d], calc.capacity[d])
                } else {
                    upstream[d].min(calc.capacity[d])
                };
            }
            let both = matches!(dirs, [_, _]);
            Stage {
                id: calc.id,
                capacity_bytes_per_sec: capacity,
                offered_bytes_per_sec: offered_total,
                utilization,
                units,
                per_unit_bytes_per_sec: if units > 0.0 { capacity / units } else { 0.0 },
                directions: both.then_some(Directions {
                    units: calc.units,
                    capacity_bytes_per_sec: calc.capacity,
                    time_shared: calc.shared,
                }),
            }
        })
        .collect();
    Solution { flow, bottleneck, stages }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn calc(id: StageId, send: f64, retrieve: f64, shared: bool) -> StageCalc {
        StageCalc { id, capacity: [send, retrieve], shared, serial: false, decoupled: false, units: [1.0, 1.0] }
    }

    #[test]
    fn one_direction_takes_the_first_smallest_stage() {
        let chain = [
            calc(StageId::Streams, 300.0, 0.0, false),
            calc(StageId::ClientNic, 226.0, 0.0, false),
            calc(StageId::TapeDrives, 225.0, 0.0, false),
            calc(StageId::Pairing, 225.0, 0.0, false),
        ];
        let solution = solve(&chain, [true, false]);
        assert_eq!(solution.flow[SEND], 225.0);
        assert_eq!(solution.bottleneck, StageId::TapeDrives);
        let drives = solution.stages[2];
        assert_eq!(drives.offered_bytes_per_sec, 226.0);
        assert!((drives.utilization - 226.0 / 225.0).abs() < 1e-12);
        assert_eq!(solution.stages[0].utilization, 1.0);
    }

    #[test]
    fn two_directions_time_share_a_shared_stage() {
        let chain = [
            calc(StageId::NfsSources, 240.0, 120.0, false),
            calc(StageId::NfsMounts, 232.0, 700.0, false),
            calc(StageId::NfsFileSystems, 457.0, 180.0, true),
        ];
        let solution = solve(&chain, [true, true]);
        let scale = 1.0 / (232.0 / 457.0 + 120.0 / 180.0);
        assert!((solution.flow[SEND] - 232.0 * scale).abs() < 1e-9);
        assert!((solution.flow[RETRIEVE] - 120.0 * scale).abs() < 1e-9);
        assert_eq!(solution.bottleneck, StageId::NfsFileSystems);
        assert!((solution.stages[2].utilization - 1.0 / scale).abs() < 1e-9);
    }
}
