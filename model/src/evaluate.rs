//! Wiring the stages of a scenario into its backup chain and solving it into a [`Report`].
//!
//! The formulas live in the stage modules (`crate::stages`); this file only decides which stages a
//! scenario has, in which order and role, and in which units they meet: every capacity is in logical
//! bytes (the data set protected per second), so a stage that carries data reduced at the source gets
//! its physical capacity times the reduction ratio.
//!
//! The stages of a tape chain and the tape backup chain itself are in `crate::chain`, below the report,
//! where the restore and repository chains share them; this file solves the NFS chain and puts each
//! target's chains into a report.

use crate::chain::{push, tape_backup, Chain, Relief};
use crate::pipeline::{solve, Role, StageCalc, RETRIEVE, SEND};
use crate::report::{CopyPhase, Report, WindowFit};
use crate::repository;
use crate::scenario::{NfsWorkload, Scenario, Target};
use crate::stage::StageId;
use crate::stages::repository::RepoKind;
use crate::stages::tape;
use crate::stages::{connection, nfs_client};
use crate::warning::Warning;

/// Evaluates a scenario: throughput, bottleneck, every stage, duration, window fit, cartridges,
/// the restore and warnings.
///
/// Never panics: values outside their field's range (NaN, negative, huge) are first brought into range
/// by [`Scenario::sanitized`]; use [`Scenario::validate`] to tell the user about them.
pub fn evaluate(scenario: &Scenario) -> Report {
    evaluate_with(scenario, &Relief(None), true)
}

/// As [`evaluate`] without the restore chain (`restore` is `None`): for sweeps, charts and searches
/// that evaluate a scenario hundreds of times and need only the backup.
pub fn evaluate_backup(scenario: &Scenario) -> Report {
    evaluate_with(scenario, &Relief(None), false)
}

/// As [`evaluate`], with one stage's capacity multiplied by `factor` (`Some((stage, factor))`): what
/// relieving that stage would buy. For tape drives the factor multiplies their top rate and their
/// buffering; for a serial cost it divides the cost.
pub fn evaluate_relieved(scenario: &Scenario, relief: Option<(StageId, f64)>) -> Report {
    evaluate_with(scenario, &Relief(relief), true)
}

fn evaluate_with(scenario: &Scenario, relief: &Relief, with_restore: bool) -> Report {
    let mut report = evaluate_in_range(scenario.sanitized(), relief, with_restore);
    // Only the entered scenario shows that the data set was taken as one file.
    let (file_bytes, data_bytes) = (scenario.avg_file_bytes, scenario.data_set_bytes);
    // An NFS target has no file size (its input is hidden there, so a value left from a tape scenario
    // would be a warning about a field the page does not show).
    if scenario.target != Target::Nfs && data_bytes > 0.0 && file_bytes > data_bytes {
        report.warnings.push(crate::report::Warning::FileLargerThanData { file_bytes, data_bytes });
    }
    report
}

/// The backup of a scenario already brought into range ([`Scenario::sanitized`]): sweeps sanitize
/// once and then change one field within its range.
pub(crate) fn evaluate_backup_in_range(scenario: Scenario) -> Report {
    evaluate_in_range(scenario, &Relief(None), false)
}

fn evaluate_in_range(mut s: Scenario, relief: &Relief, with_restore: bool) -> Report {
    // A file larger than the whole data set is the data set as one file ([`evaluate`] says so). Not in
    // `sanitized`: a link keeps the size entered.
    if s.data_set_bytes > 0.0 {
        s.avg_file_bytes = s.avg_file_bytes.min(s.data_set_bytes);
    }
    match s.target {
        Target::Tape => {
            let backup = tape_backup(&s, relief);
            let restore = with_restore.then(|| crate::restore::tape_restore(&s, relief));
            Report::assemble(s, backup, restore)
        }
        Target::Nfs => {
            let active = nfs_active(s.nfs_workload);
            let solution = solve(&nfs_chain(&s, active, relief), active);
            Report::assemble(s, Chain { solution, warnings: Vec::new(), phases: None }, None)
        }
        Target::Repository => repository_report(s, relief, with_restore),
    }
}

/// Evaluates a repository scenario (already in range): its backup, restore and copy to tape.
fn repository_report(s: Scenario, relief: &Relief, with_restore: bool) -> Report {
    let backup = repository::backup(&s, relief);
    let restore = with_restore.then(|| repository::restore(&s, relief));
    let copy = s.copy_to_tape.then(|| repository::copy(&s, relief));
    let mut report = Report::assemble(s, backup, restore);
    if let Some(chain) = copy {
        let s = &report.scenario;
        let rate = chain.solution.flow[SEND];
        let data = s.data_set_bytes;
        // The copy writes cartridges as a backup to tape does: its changes and new cartridges count.
        let handling = crate::report::copy_handling(s, data, u64::from(s.new_cartridges)).map(|(_, h)| h);
        let duration = (data > 0.0).then(|| {
            if rate > 0.0 {
                data / rate + handling.map_or(0.0, |h| h.total_sec())
            } else {
                f64::INFINITY
            }
        });
        let shared_window = s.copy_window_sec <= 0.0;
        let window = match (duration, report.duration_sec) {
            (Some(copy), Some(backup)) if shared_window && s.backup_window_sec > 0.0 => {
                Some(WindowFit::new(backup + copy, s.backup_window_sec))
            }
            (Some(copy), _) if !shared_window => Some(WindowFit::new(copy, s.copy_window_sec)),
            _ => None,
        };
        let longer_phase = if rate < report.throughput_bytes_per_sec { "copy" } else { "backup" };
        let mut warnings = chain.warnings;
        let near =
            crate::report::near_limit(&chain.solution.stages, chain.solution.bottleneck, &warnings).collect::<Vec<_>>();
        warnings.extend(near);
        report.cartridges = (data > 0.0).then(|| {
            let drives = s.drives.max(1);
            let spec = s.drive_spec();
            let ratio = repository::tape_ratio(s);
            let compression =
                if s.repo_kind == RepoKind::Appliance { s.compression_ratio } else { s.drive_compression() };
            tape::cartridges_on_drives(data / ratio, drives, &spec, compression)
        });
        // In the backup's window the headroom is the night's, copy included: the backup's own thin-margin
        // warning would contradict the verdict, so the night's takes its place.
        if shared_window && window.is_some() {
            report.warnings.retain(|w| !matches!(w, Warning::ThinMargin { .. }));
            if let Some(fit) = window.filter(|f| f.fits && f.margin_ratio < s.headroom) {
                report.warnings.push(Warning::ThinMargin { margin_ratio: fit.margin_ratio, headroom: s.headroom });
            }
        }
        if let (Some(fit), Some(copy_sec), Some(backup_sec)) = (window, duration, report.duration_sec) {
            if !fit.fits {
                report.warnings.push(Warning::CopyMissed {
                    backup_sec,
                    copy_sec,
                    window_sec: fit.window_sec,
                    shared: shared_window,
                });
            }
        }
        report.copy = Some(CopyPhase {
            throughput_bytes_per_sec: rate,
            bottleneck: chain.solution.bottleneck,
            stages: chain.solution.stages,
            warnings,
            duration_sec: duration,
            window,
            shared_window,
            longer_phase,
            cartridge_handling: handling,
        });
    }
    report
}

fn nfs_chain(s: &Scenario, active: [bool; 2], relief: &Relief) -> Vec<StageCalc> {
    let arrays = f64::from(s.arrays);
    let volumes = [s.send_volumes, s.retrieve_volumes];
    let mtu = f64::from(s.mtu_bytes);
    let target_port = s.nfs_link.goodput_bytes_per_sec(mtu, s.tcp_efficiency);
    let source_port = s.source_link.goodput_bytes_per_sec(mtu, s.tcp_efficiency);
    // One TCP connection runs over one port at each end.
    let wire = s.nfs_connection_bytes_per_sec();
    let rpc = s.rpc_overhead_sec + s.rtt_sec;
    let (write, writes_in_flight) = s.nfs_write_requests();
    let per_mount = [
        nfs_client::mount_bytes_per_sec(write, rpc, s.commit_sec(), wire, writes_in_flight, s.nconnect),
        nfs_client::mount_bytes_per_sec(s.rsize_in_use(), rpc, 0.0, wire, s.nfs_in_flight, s.nconnect),
    ];
    let volume_rate = [s.volume_send_bytes_per_sec, s.volume_retrieve_bytes_per_sec];
    // A mount per array and file system that has a volume on it; unused directions count nothing.
    let count = |d: usize, n: u32| if active[d] { f64::from(n) } else { 0.0 };
    let mounts = |d: usize| arrays * count(d, s.file_systems.min(volumes[d]));
    let all_volumes = |d: usize| arrays * count(d, volumes[d]);
    let busiest = |f: &dyn Fn(usize) -> f64| f(SEND).max(f(RETRIEVE));
    let fs_used = f64::from(s.file_systems).min(busiest(&all_volumes));
    let interfaces_used = f64::from(s.nfs_interfaces).min(busiest(&mounts) * f64::from(s.nconnect));
    let nodes_used = f64::from(s.nfs_nodes).min(fs_used);
    let source_ports = arrays * f64::from(s.source_ports);
    let window =
        connection::connections_bytes_per_sec(1.0, s.tcp_connection_bytes_per_sec(), s.tcp_window_bytes, s.rtt_sec);
    let connections = |d: usize| mounts(d) * f64::from(s.nconnect);
    let two = |id, role, capacity: [f64; 2], units: [f64; 2], time_shared| StageCalc {
        id,
        capacity,
        role,
        time_shared,
        units,
        pauses_all: false,
    };
    let one =
        |id, capacity: f64, units: f64, time_shared| two(id, Role::Shared, [capacity; 2], [units; 2], time_shared);
    let mut chain = Vec::with_capacity(7);
    let sources = two(
        StageId::NfsSources,
        Role::PerSession,
        [all_volumes(SEND) * volume_rate[SEND], all_volumes(RETRIEVE) * volume_rate[RETRIEVE]],
        [all_volumes(SEND), all_volumes(RETRIEVE)],
        false,
    );
    push(&mut chain, relief, sources);
    let distance = two(
        StageId::Distance,
        Role::PerSession,
        [connections(SEND) * window, connections(RETRIEVE) * window],
        [connections(SEND), connections(RETRIEVE)],
        false,
    );
    // On a LAN the connections' ceiling shows only where it could bind: below one port per connection.
    if s.rtt_sec > 0.0 || window < wire {
        push(&mut chain, relief, distance);
    }
    push(&mut chain, relief, one(StageId::SourceNic, source_ports * source_port, source_ports, false));
    let mounts_stage = two(
        StageId::NfsMounts,
        Role::Shared,
        [mounts(SEND) * per_mount[SEND], mounts(RETRIEVE) * per_mount[RETRIEVE]],
        [mounts(SEND), mounts(RETRIEVE)],
        false,
    );
    push(&mut chain, relief, mounts_stage);
    push(&mut chain, relief, one(StageId::NfsInterfaces, interfaces_used * target_port, interfaces_used, false));
    push(&mut chain, relief, one(StageId::NfsNodes, nodes_used * s.node_bytes_per_sec, nodes_used, true));
    let file_systems = two(
        StageId::NfsFileSystems,
        Role::Shared,
        [fs_used * s.fs_write_bytes_per_sec, fs_used * s.fs_read_bytes_per_sec],
        [fs_used; 2],
        true,
    );
    push(&mut chain, relief, file_systems);
    chain
}

fn nfs_active(workload: NfsWorkload) -> [bool; 2] {
    match workload {
        NfsWorkload::Send => [true, false],
        NfsWorkload::Retrieve => [false, true],
        NfsWorkload::Mixed => [true, true],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::{decode, encode};
    use crate::units::UnitSystem;

    fn warned(report: &Report) -> Option<String> {
        report
            .warnings
            .iter()
            .find(|w| matches!(w, Warning::FileLargerThanData { .. }))
            .map(|w| w.message(UnitSystem::Decimal))
    }

    #[test]
    fn one_stream_pays_its_serial_costs_on_top_of_its_own_disks() {
        // A planner trial's (stop 62), by docs/model.md's formula. One stream reads a 261 MB/s hard disk
        // (linux-ext4-hdd) and pays 2.086 ms per 1 MB file and 7.2101 ms per 256 MB transaction on top:
        // 1 / (1/261 + 2.086e-3/1e6 + 7.2101e-3/256e6) MB/s = 168 MB/s (it gave the disk's 261 MB/s).
        let one = evaluate(
            &decode("v=1&client_class=linux-ext4-hdd&streams=1&stream_rate=1000&client_nic=10GbE&data=1TB&lto=LTO-9&fc=8GFC")
                .scenario,
        );
        let by_hand = 1.0 / (1.0 / 261e6 + 2.086e-3 / 1e6 + 7.2101e-3 / 256e6);
        assert!((one.throughput_bytes_per_sec / by_hand - 1.0).abs() < 0.01, "{}", one.throughput_bytes_per_sec);
        assert_eq!(one.bottleneck, StageId::ClientStorage);
        // One restore stream writes 100 MB/s disks with 147 MB/s of application work and 2.231 ms per
        // 100 MB file: 1 / (1/100 + 1/147 + 2.231e-3/100) MB/s = 59.4 MB/s (it gave 100 MB/s).
        let restore = evaluate(
            &decode("v=1&client_nic=10GbE&data=1TB&file_size=100MB&restore_streams=1&restore_rate=1000&restore_disk=100&restore_app=147")
                .scenario,
        )
        .restore
        .unwrap();
        let by_hand = 1.0 / (1.0 / 100e6 + 1.0 / 147e6 + 2.231e-3 / 100e6);
        assert!(
            (restore.throughput_bytes_per_sec / by_hand - 1.0).abs() < 0.01,
            "{}",
            restore.throughput_bytes_per_sec
        );
        assert_eq!(restore.bottleneck, StageId::RestoreDisk);
        // Four streams share the disk: while one pays its costs the others read, and the disk binds.
        let four = evaluate(
            &decode("v=1&client_class=linux-ext4-hdd&streams=4&stream_rate=1000&client_nic=10GbE&data=1TB&lto=LTO-9&fc=8GFC")
                .scenario,
        );
        assert!((four.throughput_bytes_per_sec / 261e6 - 1.0).abs() < 1e-6, "{}", four.throughput_bytes_per_sec);
    }

    #[test]
    fn a_flash_clients_backup_stream_reads_at_its_storages_rate() {
        // The kernel tree's 16 KB files on a SATA SSD, one stream, 10GbE into an LTO-9 (stop 64). The stream
        // reads at the SSD's 560 MB/s and pays 0.584 ms a file and 7.2101 ms a 256-file transaction on top:
        // 1 / (1/560 + 0.584e-3/16e3 + 7.2101e-3/(256 x 16e3)) MB/s = 26.1 MB/s. At the form's 45 MB/s it
        // was 1 / (1/45 + ...) = 16.9 MB/s, and an entered stream rate does not change it.
        let link = "v=1&client_class=linux-ext4-ssd&streams=1&file_size=16KB&client_nic=10GbE&lto=LTO-9&fc=8GFC";
        let by_hand = 1.0 / (1.0 / 560e6 + 0.584e-3 / 16e3 + 7.2101e-3 / (256.0 * 16e3));
        for rate in ["", "&stream_rate=45", "&stream_rate=5000"] {
            let report = evaluate(&decode(&format!("{link}{rate}")).scenario);
            assert!(
                (report.throughput_bytes_per_sec / by_hand - 1.0).abs() < 1e-3,
                "{rate}: {}",
                report.throughput_bytes_per_sec
            );
            assert_eq!(report.bottleneck, StageId::PerFile, "{rate}");
            // One stream is the storage stage: no stream stage of its own to tie with it.
            assert!(report.stages.iter().all(|s| s.id != StageId::Streams), "{rate}");
        }
        // 1 GB files: the SSD itself binds, named as the storage (both stages at 560 MB/s named the streams).
        let big = evaluate(&decode(&link.replace("16KB", "1GB")).scenario);
        assert_eq!(big.bottleneck, StageId::ClientStorage);
        assert!((big.throughput_bytes_per_sec / 560e6 - 1.0).abs() < 0.01, "{}", big.throughput_bytes_per_sec);
        // Four streams on NVMe share its 3,500 MB/s, the stage a faster disk relieves (a trial's next limit
        // was a "Client streams" stage of 4 × the disk's rate, which no input relieves).
        let four = evaluate(&decode(&link.replace("ssd", "nvme").replace("streams=1", "streams=4")).scenario);
        assert!(four.stages.iter().all(|s| s.id != StageId::Streams));
        let storage = four.stages.iter().find(|s| s.id == StageId::ClientStorage).expect("the storage");
        assert!((storage.capacity_bytes_per_sec / 3_500e6 - 1.0).abs() < 1e-9);
        // A restore stream on flash writes the default 45 MB/s (no restore CPU stage); one on disks writes
        // the entered rate of one stream.
        let restore = |link: &str| evaluate(&decode(link).scenario).restore.unwrap();
        let flash =
            restore("v=1&client_class=linux-ext4-ssd&stream_rate=200&file_size=1GB&restore_streams=1&client_nic=10GbE");
        let disks =
            restore("v=1&client_class=linux-ext4-hdd&stream_rate=200&file_size=1GB&restore_streams=1&client_nic=10GbE");
        let writes = |r: &crate::report::Restore| {
            r.stages.iter().find(|s| s.id == StageId::RestoreStreams).map(|s| s.capacity_bytes_per_sec)
        };
        assert_eq!(writes(&flash), Some(45e6));
        assert_eq!(writes(&disks), Some(200e6));
    }

    #[test]
    fn no_compression_algorithm_compresses_nothing() {
        // A planner trial's: with the algorithm "none", a source compression of 3 sent 339 MB/s of logical
        // data through 1GbE (113 MB/s on the wire) with no CPU spent compressing. No compression runs: the
        // link carries the data as it is, 113 MB/s, and the link leaves the ratio out as unused.
        let link = "v=1&reduction=on&cpu_compress=none&src_compression=3&streams=4&stream_rate=200&client_nic=1GbE&file_ms=0&data=10TB&lto=LTO-9&fc=8GFC";
        let decoded = decode(link);
        let report = evaluate(&decoded.scenario);
        assert_eq!(report.scenario.reduction_ratio(), 1.0);
        assert_eq!(report.bottleneck, StageId::ClientNic);
        let nic = report.stages.iter().find(|t| t.id == StageId::ClientNic).unwrap().capacity_bytes_per_sec;
        assert!((report.throughput_bytes_per_sec - nic).abs() < 1.0 && (nic / 112.98e6 - 1.0).abs() < 1e-3, "{nic}");
        let shared = crate::codec::encode_shared(&decoded.scenario, None);
        assert!(!shared.contains("src_compression"), "{shared}");
        // With an algorithm the ratio holds: 3:1 through the same link.
        let lz4 = evaluate(&decode(&link.replace("cpu_compress=none", "cpu_compress=lz4")).scenario);
        assert!((lz4.throughput_bytes_per_sec / nic - 3.0).abs() < 1e-6, "{}", lz4.throughput_bytes_per_sec);
    }

    #[test]
    fn an_nfs_target_has_no_source_reduction_and_no_file_size() {
        // Values left from a tape plan, whose inputs the page hides for NFS: a trial's NFS result said
        // "77.3 MB/s after reduction at the source", and a file size bigger than the data was warned of.
        let nfs = evaluate(&decode("v=1&target=nfs&reduction=on&src_compression=3&data=1GB&file_size=10GB").scenario);
        assert!((nfs.physical_bytes_per_sec - nfs.throughput_bytes_per_sec).abs() < 1e-9, "{nfs:?}");
        assert_eq!(warned(&nfs), None);
        let tape = evaluate(&decode("v=1&reduction=on&src_compression=3&data=1GB&file_size=10GB").scenario);
        assert!((tape.physical_bytes_per_sec * 3.0 - tape.throughput_bytes_per_sec).abs() < 1.0, "{tape:?}");
        assert!(warned(&tape).is_some());
    }

    #[test]
    fn a_file_larger_than_the_data_set_is_the_data_set_as_one_file() {
        let entered = decode("v=1&data=1GB&file_size=10GB").scenario;
        let report = evaluate(&entered);
        // One 1 GB file at the 1GbE link's 113 MB/s: 0.113 files/s, not a tenth of that.
        assert!((report.files_per_sec.unwrap() - 0.11298).abs() < 1e-4, "{:?}", report.files_per_sec);
        assert_eq!(
            warned(&report).as_deref(),
            Some(
                "The Average file size (file_size), 10.0 GB, is larger than the whole Data set (data), 1.00 GB: the data set is taken as one file of 1.00 GB. Enter the average size of the files it holds."
            )
        );
        // The link keeps what was entered.
        assert_eq!(encode(&entered), "v=1&data=1GB&file_size=10GB");
        // Apart by less than the digits shown: the byte counts.
        let close = evaluate(&decode("v=1&data=1GB&file_size=1000000001").scenario);
        assert!(warned(&close)
            .unwrap()
            .contains("1,000,000,001 B, is larger than the whole Data set (data), 1,000,000,000 B"));
        // A file as large as the data set, or no data set, is not warned of.
        assert_eq!(warned(&evaluate(&decode("v=1&data=1GB&file_size=1GB").scenario)), None);
        assert_eq!(warned(&evaluate(&decode("v=1&file_size=10GB").scenario)), None);
    }
}
