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
pub(crate) fn tape_restore(s: &Scenario, relief: &Relief) -> Chain {
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
    let (partial_sec, whole_sec) = (time(located, &partial), time(data, &whole));
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
    if s.avg_file_bytes / s.reduction_ratio() > drive.buffer_bytes {
        let units = |chain: &Chain| {
            chain
                .solution
                .stages
                .iter()
                .find(|st| st.id == StageId::TapeDrives)
                .map_or((1.0, 0.0), |st| (st.units.max(1.0), st.capacity_bytes_per_sec))
        };
        let (reading, _) = units(&partial);
        let (_, drives_rate) = units(&whole);
        let locates = f64::from(s.restore_files.div_ceil(reading as u32)) * cartridges::motion_sec(s.lto).locate_sec;
        let serial = if drives_rate > 0.0 { (data - located) / drives_rate } else { f64::INFINITY };
        if serial >= locates {
            return partial;
        }
    }
    let mut chain = whole;
    chain.warnings.push(Warning::ReadThrough {
        files: s.restore_files,
        files_held: (data / s.avg_file_bytes).floor(),
        locate_sec: partial_sec,
        read_sec: whole_sec,
        data_bytes: data,
        kept_bytes: located,
    });
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
    let mut shares = crate::chain::drive_shares(s);
    shares.sort_by(|a, b| b.total_cmp(a));
    let mut loads: Vec<Vec<f64>> = vec![Vec::new(); readers.max(1) as usize];
    for share in shares {
        let least = (0..loads.len())
            .min_by(|&a, &b| loads[a].iter().sum::<f64>().total_cmp(&loads[b].iter().sum::<f64>()))
            .unwrap_or(0);
        loads[least].push(share);
    }
    loads.into_iter().max_by(|a, b| a.iter().sum::<f64>().total_cmp(&b.iter().sum::<f64>())).unwrap_or_default()
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
    // Only the drives in use carry data through their ports.
    let (port_id, port_rate, port_count) = drive_ports(s);
    let carried = ports::ports_bytes_per_sec(port_rate * ratio, port_count, drives_used);
    push(
        &mut after,
        relief,
        StageCalc::new(port_id, Role::Shared, carried, ports::ports_worth(port_count, drives_used)),
    );
    restore_to_clients(w, relief, &mut after);
    // The client's write side: its target disks, and the application's own restore work paid on top.
    let disk = if w.restore_disk_bytes_per_sec > 0.0 { clients * w.restore_disk_bytes_per_sec } else { f64::INFINITY };
    push(&mut after, relief, StageCalc::new(StageId::RestoreDisk, Role::Shared, disk, clients));
    let app = restore_work::application_bytes_per_sec(w.clients, w.restore_app_bytes_per_sec);
    push(&mut after, relief, StageCalc::new(StageId::RestoreApp, Role::Serial, app, clients));
    // Located files shared out unevenly: each drive's files go one after another through one stream,
    // so the streams average the drives' share (three 10 GB files on two drives, one stream each: the
    // busiest drive's two files take 2 x 222 s after their locates, 8 min 54 s, not 30 GB at two
    // streams' 90 MB/s, 7 min 03 s; a trial's).
    if files > 0 && s.restore_files > 0 {
        let writers_share = read_back_share(s, sessions.max(1.0) as u32);
        // The writers' own stages (per stream, paid per stream), not the shared ones they feed through.
        for calc in after.iter_mut().filter(|c| c.role != Role::Shared) {
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
    if s.restore_files == 0 && share < 1.0 && crate::chain::uneven_static_groups(s).is_none() {
        for calc in after.iter_mut().filter(|c| c.role != Role::Shared) {
            calc.capacity = calc.capacity.map(|c| c * share);
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
            fed_by,
        })
        .into_iter()
        .collect();
    let mut solution = solve(&chain, [true, false]);
    // Drives that bind only because what drains them starves them: the stage whose relief gains most
    // (README) is named, as for the backup (`chain::starving_stage`). Six LTO-4s on four 1GFC ports
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
