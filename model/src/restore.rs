//! Wiring the restore chain of a tape scenario: the drives read, the backup server and the network
//! carry the data back, and the clients write it and create every file.
//!
//! Restore has its own chain because its costs differ from the backup's: a client creating a small
//! file (name, attributes, allocation) spends far longer on it than reading it (HP measured 3.66 MB/s
//! restoring small files to Windows while the tape read 156 MB/s; see
//! [`crate::stages::per_file::RESTORE_FILE_SEC`]). A drive reads at its native rate times the
//! compression it wrote with, and stops and repositions when the client drains it more slowly than its
//! lowest speed-matching rate, as it does writing.

use crate::chain::{drive_ports, push, reading_drive_of, restore_to_clients, Chain, Relief};
use crate::pipeline::{flow_of, solve, Role, StageCalc, SEND};
use crate::scenario::{Pairing, Scenario};
use crate::stage::StageId;
use crate::stages::{cartridges, ports, restore_work};
use crate::warning::Warning;

/// The restore of a tape scenario's data set to the same clients, stages in the order data flows
/// (drives first). A partial restore (`restore_files`) locates each file; when locating them one by one
/// would take longer than reading the whole backup through, the restore reads it through (backup
/// software sorts a restore's files by their place on tape, and reading on is never slower than that),
/// and a [`Warning::ReadThrough`] says so.
///
/// Reading through, the drives, their ports and the backup server's CPU carry the whole backup, and the
/// server sends on only the files kept: from its NICs on, the stages carry the kept share of what the
/// drives read (a trial's 10,000 files of 1 MB out of 2 TB took 3 h 40 min at the client's write rate,
/// as if the clients wrote all 2 TB; the drives' 400 MB/s of ports read it through in 1 h 23 min).
///
/// The bottleneck is the stage whose relief restores fastest (docs/model.md). Drives drained below their
/// lowest speed-matching rate move only what they are fed, so the chain alone cannot see that a faster
/// drain lets them stream: then every stage is relieved in turn and the one that gains most is named
/// (a planner trial's ten located 10 GB files on a starved LTO-4 named the locates, +26.7 %, where a
/// faster write stream gained +60 %). So is a read-through in two turns, whose stages each bind one turn
/// or both: relieving the longer turn's limit can gain less than relieving the shorter's (a trial's
/// 20 GB kept of 200 GB on LTO-6 named the drives, whose relief gains 13.6 %, where faster write
/// streams gain 35.6 %).
pub(crate) fn tape_restore(s: &Scenario, relief: &Relief) -> Chain {
    let mut chain = tape_restore_named_by_chain(s, relief);
    if relief.0.is_some() {
        return chain;
    }
    let starved = chain.warnings.iter().any(|w| matches!(w, Warning::ShoeShining { limits_throughput: true, .. }));
    let in_turn =
        chain.warnings.iter().any(|w| matches!(w, Warning::ReadThrough { kept_turn_sec, .. } if *kept_turn_sec > 0.0));
    let named = chain.solution.bottleneck;
    if !(in_turn || starved && matches!(named, StageId::TapeDrives | StageId::Locate)) {
        return chain;
    }
    let took = |id: StageId| restore_sec(s, &tape_restore_named_by_chain(s, &Relief(Some((id, 1e6)))));
    let named_took = took(named);
    let best = chain.solution.stages.iter().map(|st| st.id).filter(|id| *id != named).map(|id| (id, took(id))).fold(
        None::<(StageId, f64)>,
        |best, next| match best {
            Some(b) if b.1 <= next.1 => Some(b),
            _ => Some(next),
        },
    );
    if let Some((id, _)) = best.filter(|(_, sec)| *sec < named_took * (1.0 - 1e-9)) {
        chain.solution.bottleneck = id;
    }
    chain
}

/// How long `chain`, a restore of `s`, takes besides loading its first cartridge, seconds: what it reads
/// at its rate, and reading the backup through (or back whole) its start's locate and cartridge changes,
/// as the report's duration counts them.
fn restore_sec(s: &Scenario, chain: &Chain) -> f64 {
    let rate = chain.solution.flow[SEND];
    let through = s.restore_files == 0 || chain.warnings.iter().any(|w| matches!(w, Warning::ReadThrough { .. }));
    let read =
        if through { s.data_set_bytes } else { (f64::from(s.restore_files) * s.avg_file_bytes).min(s.data_set_bytes) };
    let moving = if rate > 0.0 { read / rate } else { f64::INFINITY };
    moving + if through { through_handling_sec(s, chain) } else { 0.0 }
}

/// What reading the backup through adds besides its bytes, seconds: its start located on the first
/// cartridge ([`cartridges::motion_sec`]) and the cartridge changes of the busiest reading drive, the
/// backup's cartridges (each drive's own) read back by the drives of `whole`.
fn through_handling_sec(s: &Scenario, whole: &Chain) -> f64 {
    let motion = cartridges::motion_sec(s.lto);
    let wrote = crate::chain::active_drives(s).max(1);
    let reading = whole.solution.stages.iter().find(|st| st.id == StageId::TapeDrives).map_or(1.0, |st| st.units);
    let written = s.data_set_bytes / s.reduction_ratio();
    let count = crate::stages::tape::cartridges_on_drives(written, wrote, &s.drive_spec(), s.drive_compression());
    motion.locate_sec + busiest_reader_cartridges(count, wrote, reading).saturating_sub(1) as f64 * motion.change_sec()
}

/// The cartridges the busiest of `reading` drives reads back, of `count` written evenly by `wrote`
/// drives, each drive's own read in order by one drive: `count / wrote x ceil(wrote / reading)` (three
/// drives' one cartridge each on two readers: two on the busiest).
pub(crate) fn busiest_reader_cartridges(count: u64, wrote: u32, reading: f64) -> u64 {
    let wrote = u64::from(wrote.max(1));
    count / wrote * wrote.div_ceil((reading.max(1.0) as u64).min(wrote))
}

/// [`tape_restore`] with the bottleneck the solved chain names.
fn tape_restore_named_by_chain(s: &Scenario, relief: &Relief) -> Chain {
    let partial = tape_restore_chain(s, relief, 1.0, s.restore_files);
    let data = s.data_set_bytes;
    if s.restore_files == 0 || data <= 0.0 {
        return partial;
    }
    let located = (f64::from(s.restore_files) * s.avg_file_bytes).min(data);
    let whole =
        tape_restore_chain(&Scenario { restore_files: 0, ..s.clone() }, relief, located / data, s.restore_files);
    let time = |bytes: f64, chain: &Chain| {
        let rate = chain.solution.flow[SEND];
        if rate > 0.0 {
            bytes / rate
        } else {
            f64::INFINITY
        }
    };
    // Reading through also changes the backup's cartridges and locates its start, where located files
    // are each their own locate: both belong to the choice (a re-trial's 188 files of 2 TB on LTO-4 were
    // read through in 2 h 22 min where locating them takes 2 h 21 min).
    let whole_sec = time(data, &whole) + through_handling_sec(s, &whole);
    let partial_sec = time(located, &partial);
    if whole_sec >= partial_sec {
        return partial;
    }
    // Reading through keeps the clients writing while the drives read on only where the kept files lie
    // scattered in pieces the buffers hold. A file larger than the buffers lies in one stretch: the
    // drives read what is not kept, then the kept files at the writers' pace, one after the other (one
    // 1.9 TB file of a 10 TB backup was read through, as if its one stream wrote while the drive read
    // the other 8.1 TB). Then reading through wins only where reading what is not kept takes less than
    // the locates it saves.
    let drive = reading_drive_of(s, relief);
    // Where the files lie on tape does not change with a faster drive: relieving the drives (whose
    // buffers grow with their rate, so that they never backhitch) must not let a 1 GB file fit them, or
    // the relieved restore reads the backup through at the ports' rate as if the files were scattered
    // (a trial's next limit read 400 MB/s, +103 %, where faster drives give 224 MB/s, +13.6 %).
    let stretch = reading_drive_of(s, &Relief(None)).buffer_bytes;
    let (chain, read_sec, kept_turn_sec) = if s.avg_file_bytes / s.reduction_ratio() > stretch {
        let units = |chain: &Chain| {
            chain
                .solution
                .stages
                .iter()
                .find(|st| st.id == StageId::TapeDrives)
                .map_or((1.0, 0.0), |st| (st.units.max(1.0), st.capacity_bytes_per_sec))
        };
        let (reading, _) = units(&partial);
        // Over what is not kept the drives stream freely (no writer holds them back), through their ports
        // and the server's CPU, which carry every byte read (a trial's 1GFC port read 100 GB in 2 min 52 s
        // at the drive's rate, where it takes 16 min 40 s).
        let (readers, _) = units(&whole);
        let free = readers * drive.streaming_bytes_per_sec * s.reduction_ratio() * read_back_share(s, readers as u32);
        let drives_rate = whole
            .solution
            .stages
            .iter()
            .filter(|st| st.id != StageId::TapeDrives && !st.id.carries_only_kept())
            .map(|st| st.capacity_bytes_per_sec)
            .fold(free, f64::min);
        let locates = f64::from(s.restore_files.div_ceil(reading as u32)) * cartridges::motion_sec(s.lto).locate_sec;
        let serial = if drives_rate > 0.0 { (data - located) / drives_rate } else { f64::INFINITY };
        if serial >= locates {
            return partial;
        }
        // Read through, the two run one after the other: the drives read what is not kept, and the kept
        // files go at the pace the partial restore writes them, less its locates (a trial's one 10 GB
        // file of 20 GB on LTO-5 came out 1 min 13 s, 20 GB at the drive's 276 MB/s, where its one
        // 150 MB/s stream alone takes 1 min 07 s after the drive's 36 s over the rest).
        let kept_sec = (partial_sec - locates).max(0.0);
        let through_sec = serial + kept_sec;
        // The kept files' turn is the partial restore's pace without its locates: its tightest stage.
        let writers = partial
            .solution
            .stages
            .iter()
            .filter(|st| st.id != StageId::Locate)
            .min_by(|a, b| a.capacity_bytes_per_sec.total_cmp(&b.capacity_bytes_per_sec))
            .map(|st| st.id);
        (in_turn(whole, data / through_sec, writers.filter(|_| kept_sec >= serial)), through_sec, kept_sec)
    } else {
        (whole, whole_sec, 0.0)
    };
    let mut chain = chain;
    chain.warnings.push(Warning::ReadThrough {
        files: s.restore_files,
        files_held: (data / s.avg_file_bytes).floor(),
        locate_sec: partial_sec,
        read_sec,
        data_bytes: data,
        kept_bytes: located,
        kept_turn_sec,
    });
    chain
}

/// `chain` read through in two turns whose time comes to `bytes_per_sec` over the whole read (the drives
/// over what is not kept, then the kept files at the writers' pace): its rate, and each stage's share of
/// the time, scaled down to it. `writers` names the kept files' limit when their turn is the longer
/// (never their locates, which reading through does without: the caller leaves them out).
fn in_turn(mut chain: Chain, bytes_per_sec: f64, writers: Option<StageId>) -> Chain {
    let flow = chain.solution.flow[SEND];
    if !(bytes_per_sec < flow && flow > 0.0) {
        return chain;
    }
    let scale = bytes_per_sec / flow;
    chain.solution.flow[SEND] = bytes_per_sec;
    for stage in &mut chain.solution.stages {
        stage.utilization *= scale;
    }
    if let Some(id) = writers.filter(|id| chain.solution.stages.iter().any(|st| st.id == *id)) {
        chain.solution.bottleneck = id;
    }
    chain
}

/// The share of what the drives read that a restore keeps: below 1 where a partial restore reads the
/// backup through (its [`Warning::ReadThrough`]), else 1.
pub(crate) fn kept_share(warnings: &[Warning]) -> f64 {
    warnings
        .iter()
        .find_map(|w| match w {
            Warning::ReadThrough { data_bytes, kept_bytes, .. } if *data_bytes > 0.0 => Some(kept_bytes / data_bytes),
            _ => None,
        })
        .unwrap_or(1.0)
}

/// The clients and write streams a restore of `files` files writes with (every one for 0): a file is
/// written whole by one stream of one client, and a located file is read by one drive, so no more
/// located files are written at once than drives read them; a one-file restore is one stream's, however
/// many clients and streams the backup had (a trial's one 100 GB file came back at eight streams'
/// 286 MB/s). Reading `through` the backup, a drive reads what its streams wrote side by side, so the
/// kept files are written by as many streams as there are files.
pub(crate) fn writers(s: &Scenario, files: u32, through: bool) -> Scenario {
    if files == 0 {
        return s.clone();
    }
    let at_once = if through { files } else { files.min(crate::chain::active_drives(s).max(1)) };
    let clients = s.clients.min(at_once).max(1);
    let streams = s.restore_streams_per_client().min(at_once.div_ceil(clients)).max(1);
    Scenario { clients, restore_streams: streams, ..s.clone() }
}

/// The share of the reading drives' rate a restore gets when what they read does not share out evenly,
/// `pieces / (drives x ceil(pieces / drives))` (1 when it does): each drive that wrote the backup is read
/// back in order by one drive, and a partial restore's files are read whole, so the busiest of `drives`
/// reads `ceil(pieces / drives)` of the `pieces` while the others finish early. Three drives' cartridges
/// (1 TB each) read back by two take 2 TB / 236.75 MB/s = 2 h 21 min on the busiest, not
/// 3 TB / 473.5 MB/s = 1 h 46 min (a trial's case): 3 / (2 x 2) = 0.75 of the two drives' rate.
pub(crate) fn read_back_share(s: &Scenario, drives: u32) -> f64 {
    let pieces = read_back_pieces(s);
    let drives = drives.clamp(1, pieces);
    if s.restore_files == 0 && crate::chain::uneven_static_groups(s).is_some() {
        // Clients tied to drives unevenly wrote more on some drives' cartridges: the busiest reader's
        // load is what it reads of those (a trial's 6 TB drive read back with the 4 TB one came back in
        // 5 h 54 min as if each held 5 TB; its own 6 TB take 7 h 06 min).
        return 1.0 / (f64::from(drives) * busiest_reader_shares(s, drives).iter().sum::<f64>());
    }
    f64::from(pieces) / (f64::from(drives) * f64::from(pieces.div_ceil(drives)))
}

/// The shares of the data the busiest of `readers` drives reads back in a whole restore: each drive
/// that wrote the backup ([`crate::chain::drive_shares`]) read back in order by one reader, the largest
/// first to the reader with least to read.
pub(crate) fn busiest_reader_shares(s: &Scenario, readers: u32) -> Vec<f64> {
    readers_shares(s, readers)
        .into_iter()
        .max_by(|a, b| a.iter().sum::<f64>().total_cmp(&b.iter().sum::<f64>()))
        .unwrap_or_default()
}

/// The shares of the data each of `readers` drives reads back in a whole restore, the busiest first:
/// each drive that wrote the backup read back in order by one reader, the largest first to the reader
/// with least to read.
fn readers_shares(s: &Scenario, readers: u32) -> Vec<Vec<f64>> {
    let mut shares = crate::chain::drive_shares(s);
    shares.sort_by(|a, b| b.total_cmp(a));
    let mut loads: Vec<Vec<f64>> = vec![Vec::new(); readers.max(1) as usize];
    for share in shares {
        let least = (0..loads.len())
            .min_by(|&a, &b| loads[a].iter().sum::<f64>().total_cmp(&loads[b].iter().sum::<f64>()))
            .unwrap_or(0);
        loads[least].push(share);
    }
    loads
}

/// The share of the restored data each of `readers` reading drives reads: a partial restore's located
/// files dealt out whole (`files` of them, the first drives one more), else [`readers_shares`].
fn reader_loads(s: &Scenario, readers: u32, files: u32) -> Vec<f64> {
    let readers = readers.max(1);
    if files > 0 {
        let (each, more) = (files / readers, files % readers);
        (0..readers).map(|r| f64::from(each + u32::from(r < more)) / f64::from(files)).collect()
    } else {
        readers_shares(s, readers).iter().map(|l| l.iter().sum()).collect()
    }
}

/// The share of the restored data the busiest port carries to `readers` reading drives (dealt round
/// robin over the ports, as they wrote), `located` the partial restore's files (0 for a whole one).
pub(crate) fn busiest_port_load(s: &Scenario, readers: u32, located: u32) -> f64 {
    crate::chain::busiest_port_share(&reader_loads(s, readers, located), drive_ports(s).2)
}

/// `1 / (streams x the busiest stream's share)` of a whole restore: stream `k` drains reader
/// `k % readers`, each reader's load (`loads`) shared by the streams it feeds; 1 when every stream
/// carries an equal share.
fn busiest_stream_share(loads: &[f64], sessions: u32) -> f64 {
    let (readers, sessions) = (loads.len().max(1) as u32, sessions.max(1));
    let busiest = (0..readers.min(sessions))
        .map(|r| {
            let feeding = sessions / readers + u32::from(r < sessions % readers);
            loads.get(r as usize).copied().unwrap_or(0.0) / f64::from(feeding.max(1))
        })
        .fold(0.0, f64::max);
    if busiest > 0.0 {
        (1.0 / (f64::from(sessions) * busiest)).min(1.0)
    } else {
        1.0
    }
}

/// The share of the restored data the busiest client writes, when it is more than an equal share:
/// `w` the scenario the restore writes with ([`writers`]), `readers` reading drives, `located` the
/// partial restore's files (0 for a whole one). Clients tied to drives (static pairing) each restore
/// their own data, evenly, in a whole restore.
pub(crate) fn busiest_client_share(s: &Scenario, w: &Scenario, readers: u32, located: u32) -> Option<f64> {
    client_share_of(s, w, &reader_loads(s, readers, located), located)
}

/// [`busiest_client_share`] given the readers' loads ([`reader_loads`]).
fn client_share_of(s: &Scenario, w: &Scenario, loads: &[f64], located: u32) -> Option<f64> {
    if s.pairing == Pairing::Static && located == 0 {
        return None;
    }
    let sessions = w.clients.saturating_mul(w.restore_streams_per_client());
    let busiest = busiest_client_load(loads, w.clients, sessions, located);
    (busiest * f64::from(w.clients.max(1)) > 1.0 + 1e-9).then_some(busiest)
}

/// The share of the restored data the busiest of `clients` clients writes when each writing stream
/// drains one drive's read: `sessions` streams, stream `k` on client `k % clients` draining reader
/// `k % readers` (so no client stands idle while another writes two drives' data). A located file is
/// written whole by one stream, dealt round robin (`files`); else a reader's load is shared by the
/// streams it feeds.
fn busiest_client_load(loads: &[f64], clients: u32, sessions: u32, files: u32) -> f64 {
    let (clients, sessions) = (u64::from(clients.max(1)), u64::from(sessions.max(1)));
    if files > 0 {
        // Client 0 holds the first stream of every round, and the first streams hold the odd files.
        let files = u64::from(files);
        let streams = sessions.div_ceil(clients).min(sessions);
        let most = streams * (files / sessions) + (files % sessions).div_ceil(clients);
        return most as f64 / files as f64;
    }
    // Stream k drains reader k % R, and stream k is client k % C's: clients alike modulo R with as many
    // streams hold alike, and the lowest of each class holds the most, so C's first min(C, R) tell.
    let readers = loads.len().max(1) as u64;
    let feeding = |r: u64| (sessions / readers + u64::from(r < sessions % readers)).max(1) as f64;
    let per_session = |k: u64| loads.get((k % readers) as usize).copied().unwrap_or(0.0) / feeding(k % readers);
    (0..clients.min(readers))
        .map(|c| {
            let streams = sessions / clients + u64::from(c < sessions % clients);
            // Client c's streams c, c + C, c + 2C, ... visit the readers in a cycle of R / gcd(C, R).
            let cycle = readers / gcd(clients, readers);
            let visits = |n: u64| (0..n).map(|j| per_session(c + j * clients)).sum::<f64>();
            (streams / cycle) as f64 * visits(cycle) + visits(streams % cycle)
        })
        .fold(0.0, f64::max)
}

/// The greatest common divisor of `a` and `b` (Euclid).
fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a.max(1)
    } else {
        gcd(b, a % b)
    }
}

/// What a restore's drives share out whole: the located files of a partial restore, else the drives
/// that wrote the backup (each one's cartridges read back in order by one drive).
pub(crate) fn read_back_pieces(s: &Scenario) -> u32 {
    if s.restore_files > 0 {
        s.restore_files
    } else {
        crate::chain::active_drives(s).max(1)
    }
}

/// The shared stage after the drives with the least capacity: what holds each drive's drain down
/// (per-stream costs slow the streams, which the clients' side names).
fn least_after_drives(after: &[StageCalc]) -> Option<StageId> {
    after
        .iter()
        .filter(|c| c.role == Role::Shared && c.capacity[SEND].is_finite())
        .min_by(|a, b| a.capacity[SEND].total_cmp(&b.capacity[SEND]))
        .map(|c| c.id)
}

/// The restore chain, counted in bytes the drives read. `kept` is the share of them the restore keeps
/// (1, or less when a partial restore reads the backup through): the stages after the backup server's
/// CPU carry that share, so their capacities count `1 / kept` times as many read bytes, and the stage
/// table shows them in their own bytes again. `files` is the partial restore's file count (0 for a whole
/// restore): each file is written by one stream of one client, so no more of either write.
fn tape_restore_chain(s: &Scenario, relief: &Relief, kept: f64, files: u32) -> Chain {
    // The drives read what was written (reduced by the source's compression and deduplication); the
    // backup server rehydrates, so its CPU works on and its network carries data reduced by the
    // compression alone.
    let ratio = s.reduction_ratio();
    let w = &writers(s, files, s.restore_files == 0);
    let clients = f64::from(w.clients);
    let sessions = clients * f64::from(w.restore_streams_per_client());

    // The drives come first; their capacity depends on what the rest drains, so they get it last.
    let mut after = Vec::with_capacity(9);
    after.push(StageCalc::new(StageId::TapeDrives, Role::Shared, f64::INFINITY, 1.0));
    let drive = reading_drive_of(s, relief);
    let streaming = drive.streaming_bytes_per_sec * ratio;
    // Each session reads from one drive; a drive serves its share of what the clients take.
    let drives_used = match s.pairing {
        Pairing::Static => s.drives.min(s.clients),
        Pairing::Dynamic => s.drives,
    }
    .min(sessions.max(1.0) as u32)
    // The backup's data is on the cartridges of the drives it wrote to, each drive's read back in order by
    // one drive, as the disaster-recovery plan reads a job's: one client's one stream written to one
    // LTO-6 is not read back by four (a trial's 20 TB read "1,130 MB/s, 4 h 58 min" on four drives with
    // "3 cartridge changes per drive" for the four cartridges one drive wrote; the job list gave 17 h 45).
    .min(crate::chain::active_drives(s))
    // A partial restore reads each file with one drive: no more drives than files.
    .min(if s.restore_files > 0 { s.restore_files } else { u32::MAX })
    .max(1);
    let share = read_back_share(s, drives_used);
    // What each reading drive reads: unequal where the pieces do not share out evenly, and then the
    // busiest drive's port and its clients carry more than their share for as long as it reads (a
    // trial's 2 TB drive on its own 1GFC port came back at 2 x 100 MB/s pooled, 4 h 11 min, where its
    // port alone takes 5 h 33 min).
    let located = if s.restore_files > 0 { files } else { 0 };
    // Only the drives in use carry data through their ports, dealt round robin as they wrote.
    let (port_id, port_rate, port_count) = drive_ports(s);
    // The readers' loads, worked out once for the ports, the clients and the streams.
    let loads = reader_loads(s, drives_used, located);
    let busiest_port = crate::chain::busiest_port_share(&loads, port_count);
    let (carried, worth) = if port_count > 0 && busiest_port > 0.0 {
        (port_rate * ratio / busiest_port, 1.0 / busiest_port)
    } else {
        (
            ports::ports_bytes_per_sec(port_rate * ratio, port_count, drives_used),
            ports::ports_worth(port_count, drives_used),
        )
    };
    push(&mut after, relief, StageCalc::new(port_id, Role::Shared, carried, worth));
    restore_to_clients(w, relief, &mut after);
    // The client's write side: its target disks, and the application's own restore work paid on top.
    let disk = if w.restore_disk_bytes_per_sec > 0.0 { clients * w.restore_disk_bytes_per_sec } else { f64::INFINITY };
    // One restore stream per client writes its disks alone, so its per-file and application work come on
    // top of the disks' rate (docs/model.md: each client restores at `1 / (1 / writes + 1 / app rate)`; a
    // planner trial's one stream onto 100 MB/s disks with 147 MB/s of application work gave 100 MB/s,
    // where it moves 59.4). With more streams the others write meanwhile and the disks are shared.
    let disk_role = if w.restore_streams_per_client() == 1 { Role::PerSession } else { Role::Shared };
    push(&mut after, relief, StageCalc::new(StageId::RestoreDisk, disk_role, disk, clients));
    // Each client's links and disks carry what its streams drain: the busiest client's part (a trial's
    // one client draining two drives' cartridges through its 1GbE, with the other client's link idle
    // after its one, came back in 3 h 42 min pooled, where its own link takes 4 h 56 min). Clients tied
    // to drives (static pairing) each write their own data, evenly.
    // The application's restore work is each client's too (a trial's one client, its 3 TB at 100 MB/s,
    // was held to the reading drives' share of it: 11 h 43 min for 8 h 48 min).
    let app = restore_work::application_bytes_per_sec(w.clients, w.restore_app_bytes_per_sec);
    push(&mut after, relief, StageCalc::new(StageId::RestoreApp, Role::Serial, app, clients));
    if let Some(busiest) = client_share_of(s, w, &loads, located) {
        let spread = 1.0 / (clients * busiest);
        for calc in after.iter_mut().filter(|c| c.id.is_clients_own()) {
            calc.capacity = calc.capacity.map(|c| c * spread);
        }
    }
    // Located files shared out unevenly: each drive's files go one after another through one stream,
    // so the streams average the drives' share (three 10 GB files on two drives, one stream each: the
    // busiest drive's two files take 2 x 222 s after their locates, 8 min 54 s, not 30 GB at two
    // streams' 90 MB/s, 7 min 03 s; a trial's).
    if files > 0 && s.restore_files > 0 {
        // Streams beyond the files stand idle (a trial's six streams for four 50 GB files wrote them at
        // 570 MB/s, 142 MB/s a stream of 100): `files / (streams x ceil(files / streams))`.
        let streams = (sessions.max(1.0) as u32).max(1);
        let writers_share =
            f64::from(s.restore_files) / (f64::from(streams) * f64::from(s.restore_files.div_ceil(streams)));
        // The writers' own stages (per stream, paid per stream), not the shared ones they feed through.
        for calc in after.iter_mut().filter(|c| c.role != Role::Shared && !c.id.is_clients_own()) {
            calc.capacity = calc.capacity.map(|c| c * writers_share);
        }
    }

    let kept = if kept > 0.0 && kept < 1.0 { kept } else { 1.0 };
    for calc in after.iter_mut().filter(|c| c.id.carries_only_kept()) {
        calc.capacity = calc.capacity.map(|c| c / kept);
    }
    // What the rest drains from the drives while they read (locating, they feed nothing).
    let drained = flow_of(after[1..].iter(), SEND);
    // A partial restore locates each file before reading it, and a drive that locates stops every
    // stream it feeds: the locates are paid in series with the whole flow, not overlapped by the other
    // streams (four files of 10 GB on one drive behind a 1GbE client came out 7 min 00 s, under their
    // 40 GB over 113 MB/s plus four 45 s locates, 8 min 54 s).
    if s.restore_files > 0 {
        let locate = cartridges::motion_sec(s.lto).locate_sec;
        let located = restore_work::locate_bytes_per_sec(drives_used, s.restore_files, s.avg_file_bytes, locate);
        push(&mut after, relief, StageCalc::pause(StageId::Locate, located, f64::from(drives_used)));
    }
    let per_drive = drained / f64::from(drives_used);
    // A located file no larger than the buffers is read into them in one pass: the drive stops only to
    // locate the next (1 MB files drained at 45 MB/s did not cost an LTO-8 a tenth of its time).
    let in_one_pass = s.restore_files > 0 && s.avg_file_bytes / ratio <= drive.buffer_bytes;
    let moved =
        if in_one_pass { per_drive.min(streaming) } else { drive.delivered_bytes_per_sec(per_drive / ratio) * ratio };
    let held_back = moved < per_drive.min(streaming) * (1.0 - 1e-12);
    // Uneven read-back costs the drives their streaming rate's share; drives that the drain holds below
    // it are held by the drain, which the others' early finish leaves to the busiest whole.
    let capacity = f64::from(drives_used) * if held_back { moved.min(share * streaming) } else { share * streaming };
    // What holds the drain: the stage that binds the chain after the drives (a client's write
    // streams as much as a shared port), so the warning sends the user to the limit that is there.
    // Solved only for the warning.
    let fed_by = || {
        least_after_drives(&after[1..]).map(|shared| {
            let bound = solve(&after[1..], [true, false]).bottleneck;
            if bound == StageId::TapeDrives {
                shared
            } else {
                bound
            }
        })
    };
    // A partial restore's drive streams each file it has located to the clients at what they drain, so
    // it backhitches below its lowest rate as a whole restore's does (a trial's LTO-2 drained at
    // 30 MB/s moved 25.5 MB/s a drive with no word said).
    let shoe_shines = drive.shoe_shines(per_drive / ratio) && !in_one_pass;
    let fed_by = shoe_shines.then(fed_by).flatten();
    // Reading the backup back whole (or through), each drive's cartridges are drained by the streams
    // that drive feeds, so the busiest drive's streams write its share for as long as it reads: the
    // streams' own stages average the drives' share too (a trial's three cartridges of 1 TB on two
    // drives, one stream each, came back in 10 h 44 min, under the 2 TB one 45 MB/s stream must write,
    // 12 h 20 min). Each drive's feed above is what its streams drain while they run.
    // Clients tied to drives unevenly (static pairing) drain their own drives: the busiest drive's
    // larger share has its clients' streams with it.
    // With dynamic pairing a drive's streams are those `k % readers` gives it, so a drive with fewer streams
    // than another drains its share slower: the busiest stream's share sets them (a trial's three clients'
    // six streams on four drives: two drives with one stream each, 5 h 51 min, planned as 3 h 53 min).
    let streams_share =
        if s.pairing == Pairing::Dynamic { busiest_stream_share(&loads, sessions.max(1.0) as u32) } else { share };
    if s.restore_files == 0 && streams_share < 1.0 - 1e-12 && crate::chain::uneven_static_groups(s).is_none() {
        for calc in after.iter_mut().filter(|c| c.role != Role::Shared && !c.id.is_clients_own()) {
            calc.capacity = calc.capacity.map(|c| c * streams_share);
        }
    }
    let mut chain = after;
    chain[0] = relief.apply(StageCalc::new(StageId::TapeDrives, Role::Shared, capacity, f64::from(drives_used)));
    let warnings = shoe_shines
        .then_some(Warning::ShoeShining {
            per_drive_feed_bytes_per_sec: per_drive / ratio,
            lowest_streaming_bytes_per_sec: drive.lowest_bytes_per_sec,
            limits_throughput: held_back,
            restore: true,
            repositioning_share: drive.repositioning_share(per_drive / ratio),
            lost_bytes_per_sec: f64::from(drives_used) * (per_drive.min(streaming) - moved).max(0.0),
            lost_sec: 0.0,
            drives: drives_used,
            starved_drives: drives_used,
            feeds_differ: false,
            fed_by,
        })
        .into_iter()
        .collect();
    let mut solution = solve(&chain, [true, false]);
    // Drives that bind only because what drains them starves them: the stage whose relief gains most
    // (docs/model.md) is named, as for the backup (`chain::starving_stage`). Six LTO-4s on four 1GFC ports
    // named the drives, with the ports as a next limit worth 1.66 %, where more ports gave 720 MB/s.
    if relief.0.is_none() && held_back && shoe_shines && solution.bottleneck == StageId::TapeDrives {
        let relieved = |id| tape_restore_chain(s, &Relief(Some((id, 1e6))), kept, files).solution.flow[SEND];
        let drives = relieved(StageId::TapeDrives);
        let best = chain[1..].iter().map(|c| (c.id, relieved(c.id))).fold(
            None,
            |best: Option<(StageId, f64)>, next| match best {
                Some(b) if b.1 >= next.1 / (1.0 + 1e-9) => Some(b),
                _ => Some(next),
            },
        );
        if let Some((id, _)) = best.filter(|b| b.1 > drives * (1.0 + 1e-9)) {
            solution.bottleneck = id;
        }
    }
    for stage in solution.stages.iter_mut().filter(|st| kept < 1.0 && st.id.carries_only_kept()) {
        stage.capacity_bytes_per_sec *= kept;
        stage.demand_bytes_per_sec *= kept;
        stage.per_unit_bytes_per_sec *= kept;
    }
    Chain { solution, warnings, phases: None }
}

#[cfg(test)]
mod uneven_restore_tests {
    use super::*;

    /// Each stream's load added to its client, one stream at a time.
    fn by_hand(loads: &[f64], clients: u32, sessions: u32, files: u32) -> f64 {
        let mut per_client = vec![0.0; clients as usize];
        if files > 0 {
            for f in 0..files {
                per_client[((f % sessions) % clients) as usize] += 1.0 / f64::from(files);
            }
        } else {
            let readers = loads.len() as u32;
            for k in 0..sessions {
                let feeding = (0..sessions).filter(|j| j % readers == k % readers).count() as f64;
                per_client[(k % clients) as usize] += loads[(k % readers) as usize] / feeding;
            }
        }
        per_client.into_iter().fold(0.0, f64::max)
    }

    #[test]
    fn a_drive_reading_more_than_its_share_holds_its_port_and_clients_as_long() {
        // A trial's (stop 53), each by hand: (link, restore's bottleneck, duration). Each restore first
        // mounts a cartridge: load and locate, 12 s + 45 s on LTO-4 (a partial restore only loads, 15 s on
        // LTO-7: its locates are its files').
        let table = [
            // Two static drives wrote 2 TB and 1 TB; the first's own 1GFC port (100 MB/s) reads its
            // 2 TB in 20,000 s, plus one 74 s change: 5 h 34 min (was 4 h 11 min at 2 x 100 MB/s).
            (
                "v=1&data=3TB&drives=2&fc_ports=2&fc=1GFC&clients=3&pairing=static&client_nic=10GbE&stream_rate=500&restore_rate=500&file_size=1GB",
                StageId::FcPorts,
                20_000.0 + 74.0 + 57.0,
            ),
            // Three drives' cartridges on two readers, one client stream each: one client's 1GbE
            // (112.98 MB/s) carries two drives' 2 TB: 17,702 s + 74 s (was 3 h 42 min).
            ("v=1&data=3TB&drives=3&fc_ports=3&clients=2&streams=2&restore_streams=1&restore_rate=300", StageId::ClientNic, 2e12 / 112.98e6 + 74.0 + 57.0),
            // Five 10 GB files on four LTO-7s, one client each: the busiest client's 1GbE writes two
            // files after two 45 s locates: 2 x (45 + 88.5) s = 4 min 27 s (was 3 min 21 s, "Locating").
            (
                "v=1&lto=LTO-7&clients=4&streams=1&drives=4&fc_ports=4&data=20TB&file_size=10GB&restore_files=5&restore_rate=400",
                StageId::ClientNic,
                2.0 * (45.0 + 10e9 / 112.98e6) + 15.0,
            ),
        ];
        let table = table.into_iter().chain([
            // A second trial (stop 53): three clients' six streams on four drives leave two drives one
            // stream each (47.5 MB/s with the second stream's 0.9): 1 TB / 47.5 MB/s (was 3 h 53 min).
            (
                "v=1&clients=3&drives=4&fc_ports=4&client_nic=10GbE&restore_streams=2&restore_rate=50&file_size=1GB&data=4TB",
                StageId::RestoreStreams,
                1e12 / 47.5e6 + 57.0,
            ),
            // Six streams for four 50 GB files: four write, one each at 95 MB/s, after a 45 s locate
            // (was 6 min 36 s, six streams' worth).
            (
                "v=1&lto=LTO-7&clients=3&drives=4&fc=8GFC&fc_ports=4&client_nic=10GbE&restore_rate=100&file_size=50GB&restore_files=4&data=10TB",
                StageId::RestoreStreams,
                50e9 / 95e6 + 45.0 + 15.0,
            ),
            // Ten 10 GB files of 200 GB behind a 1GFC port: reading through would take the port 16 min
            // 40 s over what is not kept, so the files are located: 10 x (45 s + 200 s) = 40 min 50 s
            // (it read through in 36 min 12 s, the port's turn at the drive's rate).
            (
                "v=1&lto=LTO-7&fc=1GFC&streams=1&client_nic=25GbE&server_nic=25GbE&file_size=10GB&restore_files=10&data=200GB&restore_rate=50&restore_file_ms=0",
                StageId::RestoreStreams,
                10.0 * (45.0 + 10e9 / 50e6) + 15.0,
            ),
        ]);
        for (link, bottleneck, seconds) in table {
            let report = crate::evaluate(&crate::codec::decode(link).scenario);
            let restore = report.restore.as_ref().expect("a tape restore");
            let took = restore.duration_sec.expect("a data set");
            assert_eq!(restore.bottleneck, bottleneck, "{link}");
            assert!((took / seconds - 1.0).abs() < 0.002, "{link}: {took} s, by hand {seconds} s");
        }
    }

    #[test]
    fn a_clients_application_work_is_its_own_whatever_the_drives_read() {
        // One client's 3 TB of application work at 100 MB/s is the same read back by two of three drives
        // or two of four (it was held to the drives' 3/4 share: 11 h 43 min for 8 h 48 min).
        let took = |drives: u32| {
            let link = format!("v=1&lto=LTO-7&clients=1&streams=4&drives={drives}&fc_ports={drives}&restore_streams=2&client_nic=100GbE&server_nic=100GbE&restore_rate=1000&restore_app=100&file_size=5GB&data=3TB");
            crate::evaluate(&crate::codec::decode(&link).scenario).restore.unwrap().duration_sec.unwrap()
        };
        let (three, four) = (took(3), took(4));
        assert!(three > 30_000.0 && three / four < 1.02, "{three} s on three drives, {four} s on four");
    }

    #[test]
    fn large_files_read_through_go_in_turn_after_the_rest() {
        // A trial's (stop 53): 10 GB files (larger than an LTO-5's buffers) on one drive at 276 MB/s,
        // written back by one 150 MB/s stream. Read through, the drive reads what is not kept, then the
        // kept files at the stream's pace: one of two files 10 GB / 276 MB/s + 10 GB / 150 MB/s = 1 min
        // 43 s (was 1 min 13 s, all 20 GB at 276 MB/s); 100 of 200, 2 h 51 min (was 2 h 00 min).
        // Reading through also locates the backup's start (45 s), which a located file does not need
        // (its own locate is the one): since stop 62 the one file of two is located, 12 s of load + 45 s +
        // 10 GB / 150 MB/s = 2 min 04 s, where reading through takes 2 min 40 s.
        let one = crate::evaluate(&crate::codec::decode("v=1&lto=LTO-5&streams=1&client_nic=25GbE&server_nic=25GbE&file_size=10GB&restore_files=1&data=20000000000&restore_rate=150").scenario).restore.unwrap();
        assert!(one.warnings.iter().all(|w| !matches!(w, Warning::ReadThrough { .. })), "{:?}", one.warnings);
        assert!((one.duration_sec.unwrap() - (12.0 + 45.0 + 10e9 / 150e6)).abs() < 1.0, "{:?}", one.duration_sec);
        let drive = 140e6 * 2.0 * (1.0 - 0.016);
        // 100 and 150 of 200 files are read through: the drive reads what is not kept, then the kept files.
        for (files, data, named) in [(100, 2e12, StageId::RestoreStreams), (150, 2e12, StageId::RestoreStreams)] {
            let link = format!(
                "v=1&lto=LTO-5&streams=1&client_nic=25GbE&server_nic=25GbE&file_size=10GB&restore_files={files}&data={data}&restore_rate=150"
            );
            let report = crate::evaluate(&crate::codec::decode(&link).scenario);
            let restore = report.restore.unwrap();
            let kept = f64::from(files) * 10e9;
            // Read through, from the backup's start: the first cartridge's load and locate, 12 s + 45 s.
            let by_hand = (data - kept) / drive + kept / 150e6 + 57.0;
            let took = restore.duration_sec.unwrap();
            assert!((took / by_hand - 1.0).abs() < 0.01, "{link}: {took} s, by hand {by_hand} s");
            assert_eq!(restore.bottleneck, named, "{link}");
            assert!(restore
                .warnings
                .iter()
                .any(|w| matches!(w, Warning::ReadThrough { kept_turn_sec, .. } if *kept_turn_sec > 0.0)));
        }
    }

    #[test]
    fn a_repository_restores_the_data_set_whatever_restore_files_says() {
        // restore_files is a tape key (the page hides it elsewhere); a repository took it for 10 files of
        // 1 GB and restored 10 TB in 1 min 29 s.
        let with = crate::evaluate(
            &crate::codec::decode("v=1&target=repository&data=10TB&restore_files=10&file_size=1GB").scenario,
        );
        let without = crate::evaluate(&crate::codec::decode("v=1&target=repository&data=10TB&file_size=1GB").scenario);
        let (with, without) = (with.restore.unwrap(), without.restore.unwrap());
        assert_eq!(with.restored_bytes, 10e12);
        assert_eq!(with.duration_sec, without.duration_sec);
    }

    #[test]
    fn the_busiest_client_is_counted_as_by_hand() {
        let loads = [[0.5, 0.25, 0.25].as_slice(), &[2.0 / 3.0, 1.0 / 3.0], &[0.4, 0.3, 0.2, 0.1], &[1.0]];
        for readers in loads {
            for clients in 1..=7 {
                for streams in 1..=4 {
                    let sessions = clients * streams;
                    if sessions < readers.len() as u32 {
                        continue;
                    }
                    let (got, want) =
                        (busiest_client_load(readers, clients, sessions, 0), by_hand(readers, clients, sessions, 0));
                    assert!((got - want).abs() < 1e-12, "{readers:?} {clients} clients x {streams}: {got} vs {want}");
                }
            }
        }
        for files in 1..=13 {
            for clients in 1..=5 {
                for sessions in clients..=clients * 3 {
                    let (got, want) =
                        (busiest_client_load(&[], clients, sessions, files), by_hand(&[], clients, sessions, files));
                    assert!(
                        (got - want).abs() < 1e-12,
                        "{files} files, {clients} clients, {sessions} streams: {got} vs {want}"
                    );
                }
            }
        }
    }
}
