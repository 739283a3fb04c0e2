//! The stages a tape backup's chain is built of, shared by the backup ([`crate::evaluate`]), the restore
//! ([`crate::restore`]), the repository's chains and the fleet schedule, and the tape backup chain itself.

use crate::pipeline::{flow_of, solve, Role, Solution, StageCalc, SEND};
use crate::scenario::{Attachment, Pairing, Scenario};
use crate::stage::StageId;
use crate::stages::connection::ConnectionLimit;
use crate::stages::staging::{self, Staging};
use crate::stages::tape::Drive;
use crate::stages::{client_cpu, connection, filemarks, per_file, ports, source_reduction, streams, transactions};
use crate::warning::Warning;

/// A solved chain and what its stages warn about.
pub(crate) struct Chain {
    pub solution: Solution,
    pub warnings: Vec<Warning>,
    /// Spool and despool rates when staging runs serially, bytes/s.
    pub phases: Option<[f64; 2]>,
}

/// An optional stage whose capacity is multiplied (see [`crate::evaluate_relieved`]).
pub(crate) struct Relief(pub Option<(StageId, f64)>);

impl Relief {
    /// The factor for stage `id` (1 unless it is the relieved one).
    pub fn of(&self, id: StageId) -> f64 {
        match self.0 {
            Some((stage, factor)) if stage == id && factor.is_finite() && factor > 0.0 => factor,
            _ => 1.0,
        }
    }

    /// `calc` with the factor applied.
    pub fn apply(&self, mut calc: StageCalc) -> StageCalc {
        let factor = self.of(calc.id);
        calc.capacity = calc.capacity.map(|c| c * factor);
        calc
    }
}

/// Adds `calc` unless its capacity is unlimited (a cost of zero, a LAN without distance).
pub(crate) fn push(chain: &mut Vec<StageCalc>, relief: &Relief, calc: StageCalc) {
    if calc.capacity.iter().any(|c| c.is_finite()) {
        chain.push(relief.apply(calc));
    }
}

/// The drives' model for a scenario, relieved when asked: the top rate and buffering multiplied.
/// Writing, each filemark that waits for the tape costs a backhitch ([`crate::stages::filemarks`]).
pub(crate) fn drive_of(s: &Scenario, relief: &Relief) -> Drive {
    drive_with_io(s, relief, s.io_sec, s.filemark_bytes)
}

/// The drives as a restore reads them: each block at the per-READ cost ([`Scenario::read_io_sec`]);
/// reading crosses filemarks without stopping.
pub(crate) fn reading_drive_of(s: &Scenario, relief: &Relief) -> Drive {
    drive_with_io(s, relief, s.read_io_sec(), 0.0)
}

fn drive_with_io(s: &Scenario, relief: &Relief, io_sec: f64, filemark_bytes: f64) -> Drive {
    let factor = relief.of(StageId::TapeDrives);
    let mut drive = Drive::new(
        &s.drive_spec(),
        s.drive_compression(),
        s.drive_native_bytes_per_sec,
        s.block_bytes,
        io_sec,
        s.software_buffer_bytes(),
        s.backhitch_sec,
    );
    // The top rate counts the stops at filemarks; the lowest speed-matching rate is the tape's speed
    // while it moves, which filemarks do not change.
    drive.streaming_bytes_per_sec =
        filemarks::streaming_with_filemarks(drive.streaming_bytes_per_sec, filemark_bytes, s.backhitch_sec);
    drive.streaming_bytes_per_sec *= factor;
    drive.buffer_bytes *= factor;
    drive
}

/// The stage carrying the drives (FC HBA ports or SAS lanes): its id, what one port carries and how
/// many ports there are.
pub(crate) fn drive_ports(s: &Scenario) -> (StageId, f64, u32) {
    match s.attachment {
        Attachment::Fc => (StageId::FcPorts, s.fc_speed.throughput_bytes_per_sec(), s.fc_ports),
        Attachment::Sas => (StageId::SasPorts, s.sas_speed.throughput_bytes_per_sec(), s.sas_ports),
    }
}

/// The TCP connections of `sessions` streams, bytes/s on the wire: each at most one window per round
/// trip and the per-connection ceiling ([`connection::connections_bytes_per_sec`]). `None` when the
/// stage cannot bind: a LAN (no round trip) where the connections together carry more than `link`.
pub(crate) fn connections_stage(s: &Scenario, sessions: f64, link: f64) -> Option<f64> {
    let capacity = connection::connections_bytes_per_sec(
        sessions,
        s.tcp_connection_bytes_per_sec(),
        s.tcp_window_bytes,
        s.rtt_sec,
    );
    (s.rtt_sec > 0.0 || capacity < link).then_some(capacity)
}

/// What relieves a job held by its TCP or SSH connections, in words (lowercase, for a sentence): what
/// sets one connection's rate decides it (the loss, a window per round trip, the cipher, an entered
/// rate); `None` for any other stage.
#[inline(never)]
pub(crate) fn connection_remedy(s: &Scenario, stage: StageId) -> Option<&'static str> {
    match stage {
        StageId::Distance => Some(match s.tcp_connection_limit() {
            ConnectionLimit::Loss => "more streams (more TCP connections), or a path that loses fewer packets",
            ConnectionLimit::Window => "a larger TCP window or more streams",
            ConnectionLimit::Core => "more streams (more TCP connections)",
        }),
        StageId::SshConnections => {
            use crate::stages::ssh::{window_bytes_per_sec, SshCipher};
            Some(if window_bytes_per_sec(s.rtt_sec) <= s.ssh_connection_bytes_per_sec() {
                "more streams (more SSH connections) or a shorter round trip (OpenSSH moves at most 2 MiB per round trip)"
            } else if s.ssh_bytes_per_sec > 0.0 {
                "more streams (more SSH connections) or a faster CPU at the slower end"
            } else if s.ssh_cipher.bytes_per_sec() < SshCipher::fastest().bytes_per_sec() {
                "a faster SSH cipher (aes256-gcm) or more streams"
            } else {
                "more streams (more SSH connections)"
            })
        }
        _ => None,
    }
}

/// The client side of a backup: streams, the client's storage, its CPU (source reduction), TCP
/// connections, SSH connections, per-file and per-transaction costs, client NICs. Capacities in logical bytes/s.
pub(crate) fn client_stages(s: &Scenario, relief: &Relief, chain: &mut Vec<StageCalc>) {
    client_stages_of(s, s.streams_per_client, relief, chain);
}

/// [`client_stages`] with `streams_per_client` streams on each client in place of the scenario's.
fn client_stages_of(s: &Scenario, streams_per_client: u32, relief: &Relief, chain: &mut Vec<StageCalc>) {
    let clients = f64::from(s.clients);
    let effective = streams::effective_streams(streams_per_client, s.scaling());
    let sessions = clients * f64::from(streams_per_client);
    let ratio = s.reduction_ratio();
    let aggregate = transactions::aggregate_bytes(s.files_per_transaction, s.avg_file_bytes);
    let client_port = s.client_link.goodput_bytes_per_sec(f64::from(s.mtu_bytes), s.tcp_efficiency);
    let client_ports = clients * ports_in_use(s.client_ports, f64::from(streams_per_client));
    // On flash a backup stream reads at the storage's rate (`ClientClass::is_flash`), so the storage stage
    // below is the streams':
    // one stream alone would bind together with it and be named for the storage's limit, and several
    // would be a stage no input relieves (a trial's next limit "Client streams" on NVMe, where a faster
    // disk was the remedy).
    if !s.client_class.is_flash() {
        let streams = clients * s.stream_bytes_per_sec * effective;
        push(chain, relief, StageCalc::new(StageId::Streams, Role::PerSession, streams, clients));
    }
    // One stream per client reads its disks alone: while it pays its per-file cost no other stream reads,
    // so that cost comes on top of the disk's rate (a planner trial's one stream on a 261 MB/s disk with
    // 2.086 ms per 1 MB file gave 261 MB/s where it moves 168). With more streams the others read
    // meanwhile and the disks are shared.
    let storage_role = if streams_per_client == 1 { Role::PerSession } else { Role::Shared };
    push(chain, relief, StageCalc::new(StageId::ClientStorage, storage_role, s.storage_bytes_per_sec(), clients));
    if s.source_reduction {
        let cores = client_cpu::cores_used(s.client_cores, streams_per_client, s.threads_per_stream);
        let reduce = client_cpu::cpu_bytes_per_sec(s.clients, cores, s.per_core_bytes_per_sec());
        push(chain, relief, StageCalc::new(StageId::SourceReduction, Role::PerSession, reduce, clients * cores));
    }
    let files = per_file::client_files_bytes_per_sec(
        s.clients,
        streams_per_client,
        s.scaling(),
        s.avg_file_bytes,
        s.backup_file_sec(),
    );
    let commits = sessions * transactions::commit_bytes_per_sec(aggregate, s.transaction_overhead_sec);
    // On a LAN the connections' stage is left out where it cannot bind. The per-file and per-transaction
    // costs are paid by each stream on top of its connection's rate (sessions in series with their serial
    // costs, `pipeline`), so that is what the link is compared with: a connection-bound stream that
    // also opens files can bind below the link, even where the connections alone would fill it.
    let nic = client_ports * client_port * ratio;
    let with_costs = |logical: f64| 1.0 / (1.0 / logical + 1.0 / files + 1.0 / commits);
    let connections = sessions * f64::from(s.connections_per_stream());
    if let Some(wire) = connections_stage(s, connections, f64::INFINITY)
        .filter(|wire| s.rtt_sec > 0.0 || with_costs(wire * ratio) < nic)
    {
        push(chain, relief, StageCalc::new(StageId::Distance, Role::PerSession, wire * ratio, connections));
    }
    let ssh = sessions * s.ssh_connection_bytes_per_sec() * ratio;
    push(chain, relief, StageCalc::new(StageId::SshConnections, Role::PerSession, ssh, sessions));
    push(chain, relief, StageCalc::new(StageId::PerFile, Role::Serial, files, sessions));
    push(chain, relief, StageCalc::new(StageId::Transactions, Role::Serial, commits, sessions));
    push(
        chain,
        relief,
        StageCalc::new(StageId::ClientNic, Role::Shared, client_ports * client_port * ratio, client_ports),
    );
}

/// What one client's job moves alone: the rate its client-side stages allow (streams, source
/// reduction, distance, per-file and per-transaction costs, client NICs) and the stage that sets it.
/// `s` should describe a single client (`clients = 1`); used by the fleet schedule as each job's ceiling.
pub(crate) fn client_ceiling(s: &Scenario) -> (f64, StageId) {
    let mut chain = Vec::with_capacity(8);
    client_stages(s, &Relief(None), &mut chain);
    // Its streams reach the backup server over no more of its ports than they are (ports_in_use): a
    // trial's one-stream job was given four 1GbE ports' 452 MB/s, where the same scenario alone moved
    // 113 MB/s. The ports the jobs share are the fleet's own resource.
    let server_port = s.server_link.goodput_bytes_per_sec(f64::from(s.mtu_bytes), s.tcp_efficiency);
    let sessions = f64::from(s.clients) * f64::from(s.streams_per_client);
    let ports = ports_in_use(s.server_ports, sessions);
    if ports < f64::from(s.server_ports) {
        let nic = ports * server_port * s.reduction_ratio();
        chain.push(StageCalc::new(StageId::ServerNic, Role::Shared, nic, ports));
    }
    if chain.is_empty() {
        return (f64::INFINITY, StageId::Streams);
    }
    let solution = solve(&chain, [true, false]);
    (solution.flow[SEND], solution.bottleneck)
}

/// The ports of an aggregated link (a client's or the backup server's `ports`) that `connections` TCP
/// connections can use: one each at most, `min(ports, connections)`. Link aggregation (IEEE 802.1AX,
/// formerly 802.3ad) sends every frame of a conversation over one link so that its frames arrive in
/// order, so one stream travels one port however many the link bundles (a trial's one stream over four
/// 1GbE ports was planned at 452 MB/s, and four ports offered as the remedy).
pub(crate) fn ports_in_use(ports: u32, connections: f64) -> f64 {
    f64::from(ports).min(connections.max(1.0).floor())
}

/// The backup server's shared stages: its NICs, catalogue and CPU.
pub(crate) fn server_stages(s: &Scenario, relief: &Relief, chain: &mut Vec<StageCalc>) {
    let ratio = s.reduction_ratio();
    let server_port = s.server_link.goodput_bytes_per_sec(f64::from(s.mtu_bytes), s.tcp_efficiency);
    let ports = ports_in_use(s.server_ports, f64::from(s.clients) * f64::from(s.streams_per_client));
    push(chain, relief, StageCalc::new(StageId::ServerNic, Role::Shared, ports * server_port * ratio, ports));
    let catalogue = per_file::catalogue_bytes_per_sec(s.avg_file_bytes, s.catalogue_sec());
    push(chain, relief, StageCalc::new(StageId::Catalogue, Role::Shared, catalogue, 1.0));
    push(chain, relief, StageCalc::new(StageId::ServerCpu, Role::Shared, s.server_cpu_bytes_per_sec * ratio, 1.0));
}

/// Drives in use: no more than there are streams (a stream writes to one drive at a time), and under
/// static pairing only those with a client.
pub(crate) fn active_drives(s: &Scenario) -> u32 {
    let streams = s.clients.saturating_mul(s.streams_per_client).max(1);
    match s.pairing {
        Pairing::Static => s.drives.min(s.clients),
        Pairing::Dynamic => s.drives.min(streams),
    }
}

/// Under static pairing with clients dealt unevenly over the drives (`clients % drives` drives take
/// one client more), the two groups of drives, busiest first: how many drives and the share of the
/// data each of them writes (every client holding an equal share). `None` where every drive in use
/// writes an equal share. Five clients on two drives: `[(1, 0.6), (1, 0.4)]`.
pub(crate) fn uneven_static_groups(s: &Scenario) -> Option<[(u32, f64); 2]> {
    let drives = s.drives.max(1);
    let (q, r) = (s.clients / drives, s.clients % drives);
    if s.pairing != Pairing::Static || q == 0 || r == 0 {
        return None;
    }
    let clients = f64::from(s.clients);
    Some([(r, f64::from(q + 1) / clients), (drives - r, f64::from(q) / clients)])
}

/// The share of the data each drive in use writes, in drive order: equal under dynamic pairing, and under
/// static pairing its clients' share (clients dealt round robin, each holding an equal share). Five
/// clients on two drives: `[0.6, 0.4]`.
pub(crate) fn drive_shares(s: &Scenario) -> Vec<f64> {
    let active = active_drives(s).max(1);
    match uneven_static_groups(s) {
        Some([(busy, big), (_, small)]) => (0..active).map(|i| if i < busy { big } else { small }).collect(),
        None => vec![1.0 / f64::from(active); active as usize],
    }
}

/// The largest share of the data one port carries, its drives dealt round robin over `ports` (drive `i`
/// on port `i % ports`): `shares` as [`drive_shares`] gives them.
pub(crate) fn busiest_port_share(shares: &[f64], ports: u32) -> f64 {
    let ports = ports.max(1) as usize;
    let mut load = vec![0.0; ports];
    for (i, share) in shares.iter().enumerate() {
        load[i % ports] += share;
    }
    load.into_iter().fold(0.0, f64::max)
}

/// Adds the ports and the drives to `chain`, given what the stages before let through (logical
/// bytes/s; under static pairing each drive takes its own clients' share). Returns a shoe-shining
/// warning when the drives are fed below their lowest streaming rate.
pub(crate) fn drive_stages(s: &Scenario, relief: &Relief, chain: &mut Vec<StageCalc>) -> Option<Warning> {
    let ratio = s.reduction_ratio();
    let drive = drive_of(s, relief);
    let streaming = drive.streaming_bytes_per_sec * ratio;
    let (port_id, port_rate, port_count) = drive_ports(s);
    // Only the drives in use carry data: a port whose drives all stand idle (more drives than clients
    // under static pairing, or than streams) carries nothing.
    let carrying = active_drives(s);
    let (carried, worth) = match uneven_static_groups(s) {
        // Clients tied to drives unevenly: the port whose drives write the most data ends last (a trial's
        // 2 TB and 4 TB drives on one 2GFC port took 8 h 20 min, planned as 6 h 59 min with equal shares).
        Some(_) if port_count > 0 => {
            let most = busiest_port_share(&drive_shares(s), port_count);
            (port_rate * ratio / most, 1.0 / most)
        }
        _ => (
            ports::ports_bytes_per_sec(port_rate * ratio, port_count, carrying),
            ports::ports_worth(port_count, carrying),
        ),
    };
    push(chain, relief, StageCalc::new(port_id, Role::Shared, carried, worth));

    let active = carrying;
    let feed = flow_of(chain.iter(), SEND);
    // Each drive's share of the feed: even (dynamic), or in proportion to its clients (static).
    let groups: [(f64, f64); 2] = match s.pairing {
        Pairing::Dynamic => [(f64::from(active), feed / f64::from(active)), (0.0, 0.0)],
        Pairing::Static => {
            let (q, r) = (s.clients / s.drives.max(1), s.clients % s.drives.max(1));
            let per_client = feed / f64::from(s.clients);
            [(f64::from(r), f64::from(q + 1) * per_client), (f64::from(s.drives.max(1) - r), f64::from(q) * per_client)]
        }
    };
    let mut delivered = 0.0;
    let mut held_back = false;
    let mut slowest_feed = f64::INFINITY;
    let mut lost = 0.0;
    let mut starved = 0.0;
    let mut starved_groups = 0;
    for &(count, per_drive) in groups.iter().filter(|(count, per_drive)| *count > 0.0 && *per_drive > 0.0) {
        let moved = drive.delivered_bytes_per_sec(per_drive / ratio) * ratio;
        delivered += count * moved;
        // Below both its feed and its top rate, a drive is losing time to backhitches.
        held_back |= moved < per_drive.min(streaming) * (1.0 - 1e-12);
        lost += count * (per_drive.min(streaming) - moved).max(0.0);
        if drive.shoe_shines(per_drive / ratio) {
            slowest_feed = slowest_feed.min(per_drive / ratio);
            starved += count;
            starved_groups += 1;
        }
    }
    let capacity = if held_back { delivered } else { f64::from(active) * streaming };
    // Clients tied to drives unevenly (static pairing): the drives with one client more write their
    // larger share while the others end sooner, so the drives together average `clients / (q + 1)`
    // drives' rate (five clients on two LTO-4s: 5 / 3 x 236.75 MB/s). Faster drives relieve it, and
    // more than pairing them dynamically would (the drives' share is theirs to carry), so it is the
    // drives' own stage (a trial's "Client-drive pairing" was named where faster drives gained most).
    let capacity = match uneven_static_groups(s) {
        Some([(_, busiest), _]) => capacity.min(streaming / busiest),
        None => capacity,
    };
    push(chain, relief, StageCalc::new(StageId::TapeDrives, Role::Shared, capacity, f64::from(active)));
    slowest_feed.is_finite().then_some(Warning::ShoeShining {
        per_drive_feed_bytes_per_sec: slowest_feed,
        lowest_streaming_bytes_per_sec: drive.lowest_bytes_per_sec,
        limits_throughput: held_back,
        restore: false,
        repositioning_share: drive.repositioning_share(slowest_feed),
        lost_bytes_per_sec: lost,
        lost_sec: 0.0,
        drives: active,
        starved_drives: (starved as u32).min(active),
        feeds_differ: starved_groups > 1,
        fed_by: None,
    })
}

pub(crate) fn tape_backup(s: &Scenario, relief: &Relief) -> Chain {
    let ratio = s.reduction_ratio();
    let mut chain = Vec::with_capacity(16);
    client_stages(s, relief, &mut chain);
    server_stages(s, relief, &mut chain);
    let mut warnings = Vec::new();
    let mut phases = None;
    let (w, r) = (s.stage_write_bytes_per_sec * ratio, s.stage_read_bytes_per_sec * ratio);
    let solution = match s.staging {
        Staging::None | Staging::Concurrent => {
            if s.staging == Staging::Concurrent {
                let disk =
                    staging::holding_disk_bytes_per_sec(w, r, s.stage_run_bytes * ratio, s.stage_medium.access_sec());
                push(&mut chain, relief, StageCalc::new(StageId::HoldingDisk, Role::Shared, disk, 1.0));
            }
            warnings.extend(drive_stages(s, relief, &mut chain));
            solve(&chain, [true, false])
        }
        Staging::Serial => {
            // Spool: everything up to the disk. Despool: the disk's reads feed the ports and drives.
            push(&mut chain, relief, StageCalc::new(StageId::Spool, Role::Shared, w, 1.0));
            let mut despool = Vec::with_capacity(4);
            push(&mut despool, relief, StageCalc::new(StageId::Despool, Role::PerSession, r, 1.0));
            // The disk feeds the drives in use evenly, whichever clients the jobs came from: under
            // static pairing the clients decide only how many drives are in use.
            let from_disk = Scenario { pairing: Pairing::Dynamic, drives: active_drives(s), ..s.clone() };
            let drive_warning = drive_stages(&from_disk, relief, &mut despool);
            let starved = matches!(drive_warning, Some(Warning::ShoeShining { limits_throughput: true, .. }));
            warnings.extend(drive_warning);
            let (spool_solution, despool_solution) = (solve(&chain, [true, false]), solve(&despool, [true, false]));
            phases = Some([spool_solution.flow[SEND], despool_solution.flow[SEND]]);
            let relieved =
                [without_bottleneck(&chain, &spool_solution), without_bottleneck(&despool, &despool_solution)];
            let mut solution = serial_phases(spool_solution, despool_solution.clone(), relieved);
            if relief.0.is_none() && starved {
                if let Some(feeder) = despool_starver(s, &solution, &despool_solution) {
                    solution.bottleneck = feeder;
                }
            }
            solution
        }
    };
    let mut solution = solution;
    if relief.0.is_none() && s.staging != Staging::Serial {
        if let Some(feeder) = starving_stage(s, &solution, &warnings) {
            solution.bottleneck = feeder;
        }
    }
    lag_warning(s, solution.flow[SEND], &mut warnings);
    warnings.extend(filemark_warning(s));
    Chain { solution, warnings, phases }
}

/// Share of a writing drive's time lost to filemarks ([`filemarks::share_lost`] at its streaming rate
/// between them), 0 to 1.
pub(crate) fn filemark_share(s: &Scenario) -> f64 {
    filemarks::share_lost(writing_rate(s), s.filemark_bytes, s.backhitch_sec)
}

/// A drive's host rate while its tape moves (before any stop at a filemark), bytes/s.
fn writing_rate(s: &Scenario) -> f64 {
    drive_with_io(s, &Relief(None), s.io_sec, 0.0).streaming_bytes_per_sec
}

/// Filemarks worth a word: when they cost a writing drive a tenth of its time or more.
pub(crate) fn filemark_warning(s: &Scenario) -> Option<Warning> {
    let share_lost = filemark_share(s);
    (share_lost >= 0.1).then(|| Warning::Filemarks {
        bytes_between: s.filemark_bytes,
        share_lost,
        backhitch_sec: s.backhitch_sec,
        spacing_for_five_percent_bytes: filemarks::spacing_for_share(writing_rate(s), s.backhitch_sec, 0.05),
    })
}

/// When the drives bind only because they are starved (fed below their lowest speed-matching rate,
/// they lose time backhitching), the stage that starves them, if relieving it gains more than
/// relieving the drives: the bottleneck is the stage whose relief gains most (docs/model.md), and a faster
/// feed both removes the backhitches and lets the drives stream.
fn starving_stage(s: &Scenario, solution: &Solution, warnings: &[Warning]) -> Option<StageId> {
    let starved = warnings.iter().any(|w| matches!(w, Warning::ShoeShining { limits_throughput: true, .. }));
    if solution.bottleneck != StageId::TapeDrives || !starved {
        return None;
    }
    feeder_gaining_more(s, solution, StageId::TapeDrives)
}

/// Of what feeds the starved drives of `drives_side` (a solved chain or phase holding the ports and
/// drives), the stage whose relief speeds the backup up most, where that beats relieving `named`.
fn feeder_gaining_more(s: &Scenario, drives_side: &Solution, named: StageId) -> Option<StageId> {
    // The stages before the ports and drives, and the one of them that limits the feed.
    let drive_side = [StageId::FcPorts, StageId::SasPorts, StageId::TapeDrives, StageId::Pairing];
    let feeder = feeder_of(drives_side, &drive_side)?;
    let relieved = |id| tape_backup(s, &Relief(Some((id, 1e6)))).solution.flow[SEND];
    // The drives' own ports starve them too: six LTO-4s on four 1GFC ports, two to a port, are fed
    // 50 MB/s each, below the 60 MB/s at which they stream; more ports give 720 MB/s where relieving the
    // drives gave 1.66 % (a trial of 2026-12-04).
    let ports =
        drives_side.stages.iter().map(|st| st.id).filter(|id| matches!(id, StageId::FcPorts | StageId::SasPorts));
    let (best, gain) = std::iter::once(feeder)
        .chain(ports)
        .map(|id| (id, relieved(id)))
        .fold((feeder, f64::NEG_INFINITY), |best, next| if next.1 > best.1 * (1.0 + 1e-9) { next } else { best });
    (gain > relieved(named) * (1.0 + 1e-9)).then_some(best)
}

/// Under serial staging, when the despool phase's drives bind only because they are starved: the
/// stage that starves them (the holding disk's reads, or their ports), where relieving it speeds the job
/// up more than relieving the stage named so far. [`without_bottleneck`] takes the drives out of the
/// despool phase at the rate they move starved, so it cannot see that a faster feed lets them stream: a
/// planner trial's six LTO-3 drives fed 150 MB/s from the disk were named behind the spool phase's
/// server link (+14.8 % relieved) where a faster disk read gained +203 %.
fn despool_starver(s: &Scenario, solution: &Solution, despool: &Solution) -> Option<StageId> {
    if despool.bottleneck != StageId::TapeDrives {
        return None;
    }
    feeder_gaining_more(s, despool, solution.bottleneck)
}

/// The stage that binds a solved chain without the stages `left_out` (the drives' side): what feeds the
/// drives least. `None` when nothing is left.
pub(crate) fn feeder_of(solution: &Solution, left_out: &[StageId]) -> Option<StageId> {
    let feeding: Vec<StageCalc> = solution
        .stages
        .iter()
        .filter(|st| !left_out.contains(&st.id))
        .map(|st| StageCalc::new(st.id, st.role, st.capacity_bytes_per_sec, st.units))
        .collect();
    (!feeding.is_empty()).then(|| solve(&feeding, [true, false]).bottleneck)
}

/// Spool then despool: the job moves every byte through both phases in turn, so its rate is
/// `1 / (1 / spool + 1 / despool)` ([`staging::serial_bytes_per_sec`]). The bottleneck is the slower
/// phase's; each stage's utilization is within its own phase.
/// What a phase would carry with its bottleneck removed, bytes/s (infinite when nothing else limits it).
fn without_bottleneck(calcs: &[StageCalc], solution: &Solution) -> f64 {
    let rest: Vec<StageCalc> = calcs.iter().filter(|c| c.id != solution.bottleneck).cloned().collect();
    if rest.is_empty() {
        f64::INFINITY
    } else {
        solve(&rest, [true, false]).flow[SEND]
    }
}

/// Spool then despool: the job runs at the two phases in series ([`staging::serial_bytes_per_sec`]).
/// The bottleneck is the phase bottleneck whose removal raises the job rate most (the slower phase
/// is not always it: a phase with little headroom above its own limit gains little). Each stage is
/// busy only while its phase runs, so its utilization is the job rate over its capacity (the time
/// share of its phase times its utilization within the phase).
fn serial_phases(spool: Solution, despool: Solution, relieved: [f64; 2]) -> Solution {
    let (s, d) = (spool.flow[SEND], despool.flow[SEND]);
    let job = staging::serial_bytes_per_sec(s, d);
    let gains = [staging::serial_bytes_per_sec(relieved[0], d), staging::serial_bytes_per_sec(s, relieved[1])];
    let bottleneck = if gains[0] > gains[1] * (1.0 + 1e-12) { spool.bottleneck } else { despool.bottleneck };
    let share = |phase: f64| if phase > 0.0 { job / phase } else { 0.0 };
    let mut stages = Vec::with_capacity(spool.stages.len() + despool.stages.len());
    for (phase, list) in [(share(s), spool.stages), (share(d), despool.stages)] {
        stages.extend(list.into_iter().map(|mut stage| {
            // job / phase is at most 1 but can round just above it when one phase is far faster.
            stage.utilization = (stage.utilization * phase).min(1.0);
            stage
        }));
    }
    Solution { flow: [job, 0.0], bottleneck, stages }
}

/// The backup with one stage's capacity multiplied, from a scenario already in range: what relieving
/// that stage buys (the report's next limit under serial staging, where the phases interact).
/// The backup relieved of `relief`: its bottleneck, its rate (bytes/s), and whether that bottleneck
/// binds by starving the drives (fed below their lowest speed-matching rate, they move less than it
/// carries).
pub(crate) fn backup_relieved(s: &Scenario, relief: Option<(StageId, f64)>) -> (StageId, f64, bool) {
    let chain = tape_backup(s, &Relief(relief));
    let (bottleneck, flow) = (chain.solution.bottleneck, chain.solution.flow[SEND]);
    // Drives that bind there only because they are starved are named by what starves them, as the
    // chain names them unrelieved ([`starving_stage`], which compares reliefs one at a time and so is
    // not run on a relieved chain): the tightest stage that feeds them. A calibrated per-file time
    // relieved left the catalogue starving the drives, and the next limit read "Tape drives".
    let starved = chain.warnings.iter().any(|w| matches!(w, Warning::ShoeShining { limits_throughput: true, .. }));
    if relief.is_none() || bottleneck != StageId::TapeDrives || !starved {
        return (bottleneck, flow, false);
    }
    let feeder = feeder_of(&chain.solution, &[StageId::TapeDrives, StageId::Pairing]).unwrap_or(bottleneck);
    (feeder, flow, feeder != bottleneck)
}

/// The share of the throughput a stalled stream must cost before [`lag_warning`] advises another: 5 %,
/// the error the model keeps on its best validation rows (seed 000's three streams on 1GbE lose a third).
pub const LAG_WORTH_A_STREAM: f64 = 0.05;

/// Seed 000's reason for four streams, not three: with one stream per client stalled, can the rest
/// still carry the throughput? The rest are the whole client side with one stream fewer (their reads,
/// and the per-file, per-transaction and reduction work each stream does), not their reads alone: 4
/// streams of small files bound by their per-file work lose a quarter of it with one lagging.
pub(crate) fn lag_warning(s: &Scenario, throughput: f64, warnings: &mut Vec<Warning>) {
    let mut chain = Vec::with_capacity(8);
    client_stages_of(s, s.streams_per_client.saturating_sub(1), &Relief(None), &mut chain);
    let lagging = if chain.is_empty() { f64::INFINITY } else { solve(&chain, [true, false]).flow[SEND] };
    // A lone stream has no others to carry on; the warning is about choosing how many to run in parallel.
    // A lag that costs under [`LAG_WORTH_A_STREAM`] is not worth a stream: four gzip streams held by two
    // cores lose 1 % with one stream stalled (the per-file waits of three streams), and a trial was
    // told "only 52.4 MB/s of the 52.9 MB/s achieved: add a stream".
    if s.streams_per_client >= 2 && lagging < throughput * (1.0 - LAG_WORTH_A_STREAM) {
        warnings
            .push(Warning::StreamLag { lagging_capacity_bytes_per_sec: lagging, throughput_bytes_per_sec: throughput });
    }
}

/// The restore from the backup server to the clients, after whatever it reads from (tape drives, a
/// repository): the server's CPU and NICs, the TCP and SSH connections, the clients' NICs, their restore
/// streams and the time to create each file. The server rehydrates, so it works on and sends data
/// reduced by the source's compression alone.
pub(crate) fn restore_to_clients(s: &Scenario, relief: &Relief, chain: &mut Vec<StageCalc>) {
    let wire = if s.source_reduction { source_reduction::restore_wire_ratio(s.source_compressed()) } else { 1.0 };
    let clients = f64::from(s.clients);
    let restore_streams = s.restore_streams_per_client();
    let effective = streams::effective_streams(restore_streams, s.scaling());
    let sessions = clients * f64::from(restore_streams);
    let mtu = f64::from(s.mtu_bytes);
    let client_ports = clients * ports_in_use(s.client_ports, f64::from(restore_streams));
    let client_port = s.client_link.goodput_bytes_per_sec(mtu, s.tcp_efficiency);
    let server_port = s.server_link.goodput_bytes_per_sec(mtu, s.tcp_efficiency);
    push(chain, relief, StageCalc::new(StageId::ServerCpu, Role::Shared, s.server_cpu_bytes_per_sec * wire, 1.0));
    let server_ports = ports_in_use(s.server_ports, sessions);
    push(
        chain,
        relief,
        StageCalc::new(StageId::ServerNic, Role::Shared, server_ports * server_port * wire, server_ports),
    );
    // An object store's restore fetches its parts in flight each on a connection of its own, as its
    // backup sends them (a trial's 150 ms path gave the restore one connection, 28 MB/s, beside the
    // backup's ten and the store's own 333 MB/s for ten fetches in flight).
    let connections = sessions * f64::from(s.connections_per_stream());
    if let Some(capacity) = connections_stage(s, connections, client_ports * client_port) {
        push(chain, relief, StageCalc::new(StageId::Distance, Role::PerSession, capacity * wire, connections));
    }
    let ssh = sessions * s.ssh_connection_bytes_per_sec() * wire;
    push(chain, relief, StageCalc::new(StageId::SshConnections, Role::PerSession, ssh, sessions));
    push(
        chain,
        relief,
        StageCalc::new(StageId::ClientNic, Role::Shared, client_ports * client_port * wire, client_ports),
    );
    let writes = clients * s.restore_stream_rate() * effective;
    push(chain, relief, StageCalc::new(StageId::RestoreStreams, Role::PerSession, writes, clients));
    let files = per_file::client_files_bytes_per_sec(
        s.clients,
        restore_streams,
        s.scaling(),
        s.avg_file_bytes,
        s.create_file_sec(),
    );
    push(chain, relief, StageCalc::new(StageId::FileCreate, Role::Serial, files, sessions));
}

#[cfg(test)]
mod connection_remedy_tests {
    use super::*;
    use crate::codec::decode;

    #[test]
    fn the_remedy_follows_what_sets_a_connections_rate() {
        let table = [
            ("v=1&rtt_ms=20&loss=0.1", StageId::Distance, "more streams (more TCP connections), or a path that loses fewer packets"),
            ("v=1&rtt_ms=200", StageId::Distance, "a larger TCP window or more streams"),
            ("v=1&client_nic=100GbE", StageId::Distance, "more streams (more TCP connections)"),
            ("v=1&ssh=chacha20-poly1305", StageId::SshConnections, "a faster SSH cipher (aes256-gcm) or more streams"),
            ("v=1&ssh=aes256-gcm", StageId::SshConnections, "more streams (more SSH connections)"),
            ("v=1&ssh=aes128-ctr&ssh_rate=40", StageId::SshConnections, "more streams (more SSH connections) or a faster CPU at the slower end"),
            (
                "v=1&ssh=aes128-gcm&rtt_ms=20",
                StageId::SshConnections,
                "more streams (more SSH connections) or a shorter round trip (OpenSSH moves at most 2 MiB per round trip)",
            ),
        ];
        for (link, stage, expected) in table {
            assert_eq!(connection_remedy(&decode(link).scenario, stage), Some(expected), "{link}");
        }
        assert_eq!(connection_remedy(&decode("v=1").scenario, StageId::TapeDrives), None);
    }
}

#[cfg(test)]
mod client_cpu_tests {
    use crate::codec::decode;
    use crate::stage::StageId;

    /// A stream's threads count whole on the cores whatever the disks' scaling: four gzip -1 streams on
    /// eight cores use four at 90 MB/s each, 360 MB/s (a trial's was 3.70 cores, 333 MB/s, and 1.30
    /// cores at a scaling of 0.1).
    #[test]
    fn every_stream_gets_its_cores_whatever_the_disks_lose() {
        let link = "v=1&reduction=on&cpu_compress=gzip&gzip_level=1&client_cores=8&streams=4&client_nic=10GbE&stream_rate=1000&lto=LTO-9&fc=8GFC&file_size=100MB";
        for scaling in ["", "&stream_scaling=0.1"] {
            let report = crate::evaluate_backup(&decode(&format!("{link}{scaling}")).scenario);
            let cpu = report.stages.iter().find(|st| st.id == StageId::SourceReduction).expect("CPU stage");
            assert!(
                (cpu.capacity_bytes_per_sec / 360e6 - 1.0).abs() < 1e-9,
                "{scaling}: {}",
                cpu.capacity_bytes_per_sec
            );
        }
    }

    /// Four gzip -6 streams held by two cores: with one stalled the other three keep the two cores busy
    /// and lose only their per-file waits (52.4 of 52.9 MB/s), which is no reason to add a stream; three
    /// streams of 45 MB/s on 1GbE (seed 000) lose a third with one stalled and are warned.
    #[test]
    fn a_lag_that_costs_little_is_not_worth_a_stream() {
        use crate::warning::Warning;
        let lags = |link: &str| {
            crate::evaluate_backup(&decode(link).scenario)
                .warnings
                .iter()
                .any(|w| matches!(w, Warning::StreamLag { .. }))
        };
        assert!(!lags("v=1&target=repository&reduction=on&cpu_compress=gzip&streams=4&client_cores=2&data=1TB"));
        assert!(lags("v=1&streams=3"));
    }

    /// gzip at its default level 6 when none is entered: one stream on one core reduces 90 x 20 / 66 =
    /// 27.27 MB/s (lzbench's zlib ratio), and the explanation names the level; at level 9, 11.32 MB/s
    /// (until stop 65 every gzip ran at level 1's 90 MB/s, and the stream's 45 MB/s bound instead).
    #[test]
    fn gzip_runs_at_its_level_default_six() {
        let link = "v=1&target=repository&reduction=on&cpu_compress=gzip&streams=1&file_size=1GB&data=1TB";
        for (level, expected_mb_per_sec, named) in [("", 27.27, "gzip -6"), ("&gzip_level=9", 11.32, "gzip -9")] {
            let report = crate::evaluate_backup(&decode(&format!("{link}{level}")).scenario);
            assert_eq!(report.bottleneck, StageId::SourceReduction, "{level}");
            let got = report.throughput_bytes_per_sec / 1e6;
            assert!((got / expected_mb_per_sec - 1.0).abs() < 1e-3, "{level}: {got}");
            let explanation = report.explanation(crate::units::UnitSystem::Decimal);
            assert!(explanation.contains(named), "{level}: {explanation}");
        }
    }
}

#[cfg(test)]
mod static_pairing_tests {
    use crate::codec::decode;
    use crate::stage::StageId;
    use crate::units::UnitSystem;

    /// Five clients of 2 TB tied to two LTO-4s: the drive with three writes 6 TB, 4 cartridges and 3
    /// changes, so the night is 7 h 06 min, not the 5 h 55 min both drives' rate together gave (a
    /// trial's), and the cartridges are 4 + 3, not 2 x 4.
    /// A planner trial: 8 clients tied to 6 LTO-3 drives, each client held to 37.5 MB/s by the server's
    /// CPU: the 4 drives with one client are fed below their 54 MB/s lowest rate and backhitch, the 2
    /// with two stream. The explanation said each of the six stops.
    #[test]
    fn only_the_starved_drives_are_said_to_backhitch() {
        let s = decode("v=1&data=10TB&clients=8&streams=2&stream_rate=20&client_nic=40GbE&server_nic=5GbE&file_size=100MB&cpu_rate=300&ssh=chacha20-poly1305&lto=LTO-3&drives=6&attach=SAS&sas=3G&sas_ports=2&pairing=static").scenario;
        let said = crate::evaluate(&s).explanation(UnitSystem::Decimal);
        assert!(said.contains("(shoe-shining: 4 of the 6 drives are fed below their lowest streaming rate of 54.0 MB/s, they stop and backhitch (3.00 s each, assumed), on average each drive moves 46.4 MB/s of the 159 MB/s it writes while streaming)"), "{said}");
        assert!(said.contains(" Backhitching: each starved drive loses 40.6 % of its time repositioning"), "{said}");
        let all =
            decode("v=1&clients=2&streams=1&stream_rate=40&drives=2&fc_ports=2&pairing=static&lto=LTO-4").scenario;
        // Both drives starved: each of them loses it.
        assert!(crate::evaluate(&all)
            .explanation(UnitSystem::Decimal)
            .contains(" Backhitching: each drive loses 31.3 % of its time"));
    }

    #[test]
    fn the_drive_with_one_client_more_ends_the_night() {
        let s = decode(
            "v=1&clients=5&drives=2&fc_ports=2&pairing=static&client_nic=10GbE&server_nic=40GbE&data=10TB&window_h=6.5",
        )
        .scenario;
        let report = crate::evaluate(&s);
        assert_eq!(report.bottleneck, StageId::TapeDrives);
        let rate = report.stages.iter().find(|t| t.id == StageId::TapeDrives).unwrap().capacity_bytes_per_sec;
        assert!((rate / (5.0 / 3.0 * 236.75e6) - 1.0).abs() < 1e-3, "{rate}");
        assert!((report.throughput_bytes_per_sec / rate - 1.0).abs() < 1e-9, "{}", report.throughput_bytes_per_sec);
        let (count, handling) = crate::report::tape_handling(&s, s.data_set_bytes, 0).unwrap();
        assert_eq!((count, handling.changes_per_drive), (7, 3));
        let duration = report.duration_sec.unwrap();
        assert!((duration - (10e12 / rate + 3.0 * 74.0)).abs() < 1.0, "{duration}");
        assert!(!report.window.unwrap().fits);
        let basis = report.basis(StageId::TapeDrives, UnitSystem::Decimal).unwrap();
        assert!(
            basis.ends_with("; 5 clients tied to 2 drives: 1 drive writes 3 clients' data, 60.0 % of it, while the other with 2 ends sooner: 197 MB/s a drive on average"),
            "{basis}"
        );
        // Its restore reads each drive's own cartridges back: the busiest's 6 TB, 4 cartridges, 3 changes.
        let restore = report.restore.as_ref().unwrap();
        assert!(
            // ... plus mounting its first cartridge, which the backup takes as mounted: 12 s + 45 s (LTO-4).
            (restore.duration_sec.unwrap() - (duration + 57.0)).abs() < 1.0,
            "{:?} against {duration}",
            restore.duration_sec
        );
        assert_eq!(restore.handling.unwrap().changes_per_drive, 3);
        // Only the busiest drive makes 3 changes, writing and reading back.
        let said = report.explanation(UnitSystem::Decimal);
        assert!(said.contains("3 cartridge changes on the busiest drive × 74 s"), "{said}");
        let read = report.restore_explanation(UnitSystem::Decimal).unwrap();
        assert!(read.contains("3 cartridge changes on the busiest drive × 74 s"), "{read}");
        // Two drives with 2 TB and 4 TB on one port of three: 6 TB through one 2GFC port (a trial's).
        let ports = crate::evaluate(&decode("v=1&pairing=static&lto=LTO-4&client_nic=10GbE&stream_rate=1000&fc=2GFC&fc_ports=3&clients=5&drives=4&data=10TB").scenario);
        assert_eq!(ports.bottleneck, StageId::FcPorts);
        assert!(
            (ports.throughput_bytes_per_sec / (200e6 / 0.6) - 1.0).abs() < 1e-3,
            "{}",
            ports.throughput_bytes_per_sec
        );
    }
}

#[cfg(test)]
mod aggregated_link_tests {
    use crate::codec::decode;
    use crate::stage::StageId;

    /// One TCP connection travels one port of an aggregated link: one stream over four 1GbE ports moves
    /// one port's 113 MB/s (a trial's was planned at 452 MB/s), on the client's side and the server's,
    /// and four streams use all four.
    #[test]
    fn a_stream_uses_one_port_of_a_bundle() {
        let nic = |link: &str, id| {
            let report = crate::evaluate(&decode(link).scenario);
            let stage = report.stages.iter().find(|t| t.id == id).unwrap();
            (stage.capacity_bytes_per_sec, report.throughput_bytes_per_sec)
        };
        let one_port = nic(
            "v=1&streams=1&client_ports=1&stream_rate=1000&file_ms=0&txn_ms=0&lto=LTO-7&fc=8GFC",
            StageId::ClientNic,
        )
        .0;
        let (client, rate) = nic(
            "v=1&streams=1&client_ports=4&stream_rate=1000&file_ms=0&txn_ms=0&lto=LTO-7&fc=8GFC",
            StageId::ClientNic,
        );
        assert!((client / one_port - 1.0).abs() < 1e-12 && rate <= one_port, "{client} {rate}");
        let (four, _) = nic(
            "v=1&streams=4&client_ports=4&stream_rate=1000&file_ms=0&txn_ms=0&lto=LTO-7&fc=8GFC",
            StageId::ClientNic,
        );
        assert!((four / one_port - 4.0).abs() < 1e-9, "{four}");
        let (server, _) = nic(
            "v=1&streams=1&stream_rate=1000&file_ms=0&txn_ms=0&lto=LTO-7&fc=8GFC&client_nic=10GbE&server_nic=1GbE&server_ports=4",
            StageId::ServerNic,
        );
        assert!((server / one_port - 1.0).abs() < 1e-12, "{server}");
    }
}

#[cfg(test)]
mod serial_staging_tests {
    use super::*;
    use crate::codec::decode;

    /// What the backup moves with `stage` relieved (its capacity a million times over), bytes/s.
    fn relieved(s: &Scenario, stage: StageId) -> f64 {
        tape_backup(s, &Relief(Some((stage, 1e6)))).solution.flow[SEND]
    }

    /// A planner trial: drives starved by a slow holding-disk read were named behind the spool phase's
    /// server link (+14.8 % relieved) or catalogue (+11 %), where a faster disk read gained +204 % and
    /// +119 %. The named stage is now the one whose relief gains most.
    #[test]
    fn drives_starved_by_the_holding_disk_name_the_despool() {
        let table = [
            (
                "v=1&data=10TB&clients=3&streams=6&stream_rate=150&client_nic=40GbE&server_nic=5GbE&file_size=100MB&lto=LTO-3&drives=6&attach=SAS&sas=6G&sas_ports=4&staging=serial&stage_write=1500&stage_read=150",
                StageId::ServerNic,
            ),
            (
                "v=1&data=10TB&clients=8&streams=4&stream_rate=45&client_nic=2.5GbE&client_ports=2&server_nic=25GbE&file_size=50KB&lto=LTO-3&drives=4&fc=8GFC&staging=serial&stage_write=400&stage_read=150",
                StageId::Catalogue,
            ),
        ];
        for (link, named_before) in table {
            let s = decode(link).scenario.sanitized();
            let chain = tape_backup(&s, &Relief(None));
            assert_eq!(chain.solution.bottleneck, StageId::Despool, "{link}");
            assert!(relieved(&s, StageId::Despool) > 1.5 * relieved(&s, named_before), "{link}");
        }
    }

    /// Over serial-staging scenarios with drives of every speed fed from disks of every speed, the named
    /// stage gains at least as much relieved as any other stage of the chain (within 0.1 %).
    #[test]
    fn the_named_stage_gains_most_relieved() {
        let mut checked = 0;
        for (lto, read, drives, nic) in serial_cases() {
            let link = format!(
                "v=1&data=10TB&clients=4&streams=4&stream_rate=100&client_nic=10GbE&server_nic={nic}&lto={lto}&drives={drives}&fc=8GFC&fc_ports=4&staging=serial&stage_write=1000&stage_read={read}"
            );
            let s = decode(&link).scenario.sanitized();
            let chain = tape_backup(&s, &Relief(None));
            let named = relieved(&s, chain.solution.bottleneck);
            for stage in chain.solution.stages.iter().map(|st| st.id) {
                assert!(
                    named >= relieved(&s, stage) * 0.999,
                    "{link}: {:?} named, {stage:?} gains more",
                    chain.solution.bottleneck
                );
            }
            checked += 1;
        }
        assert_eq!(checked, 3 * 4 * 3 * 2);
    }

    fn serial_cases() -> impl Iterator<Item = (&'static str, u32, u32, &'static str)> {
        ["LTO-3", "LTO-6", "LTO-9"].into_iter().flat_map(|lto| {
            [40, 150, 400, 2000].into_iter().flat_map(move |read| {
                [1, 3, 6]
                    .into_iter()
                    .flat_map(move |drives| ["1GbE", "25GbE"].into_iter().map(move |nic| (lto, read, drives, nic)))
            })
        })
    }
}
