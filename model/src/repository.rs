//! Wiring a repository target (issue 19): the backup chain into a disk array, a deduplicating
//! appliance or an object store; the copy to tape that follows it on the drives; and the restore from
//! the repository. The formulas live in [`crate::stages::repository`].
//!
//! # Formula
//! The backup runs the client and backup server stages of a tape backup, then the repository's stage
//! (and for an object store the per-prefix request ceiling). The copy to tape is a second phase: the
//! repository is read (at its read rate; an appliance rehydrates) and the existing tape chain (ports,
//! drives, shoe-shining) writes it, one read stream per drive. In the same window the two phases run
//! one after the other, so they fit when `backup time + copy time <= window`; with a window of its own
//! each phase must fit its own. The restore reads the repository and runs the restore chain's client
//! side (server CPU and NIC, connections, client NICs, write streams, file creation).

use crate::chain::{client_stages, drive_stages, lag_warning, push, restore_to_clients, server_stages, Chain, Relief};
use crate::pipeline::{solve, Role, StageCalc, SEND};
use crate::scenario::{Pairing, Scenario};
use crate::stage::StageId;
use crate::stages::repository::{appliance, disk, object, RepoKind};
use crate::units::{format_bytes, format_number, format_rate, UnitSystem};

/// Logical bytes per byte written to tape in the copy: an appliance rehydrates (1), a disk array or
/// object store holds the data as the source reduced it.
pub(crate) fn tape_ratio(s: &Scenario) -> f64 {
    if s.repo_kind == RepoKind::Appliance {
        1.0
    } else {
        s.reduction_ratio()
    }
}

/// One object request's time for this scenario, seconds.
fn request_sec(s: &Scenario) -> f64 {
    object::request_sec(s.obj_part_bytes, s.obj_latency_sec, s.rtt_sec, s.tcp_connection_bytes_per_sec())
}

/// What `sessions` streams would write if waiting for the object store's answers were all they did,
/// bytes/s: `parts_in_flight` parts per stream each `latency + rtt` ([`object::streams_bytes_per_sec`]
/// with no transfer time).
fn write_latency_bytes_per_sec(s: &Scenario, sessions: f64) -> f64 {
    object::streams_bytes_per_sec(sessions, s.parts_in_flight, s.obj_part_bytes, s.obj_latency_sec + s.rtt_sec)
}

/// The repository's write capacity (logical bytes/s), its units and its role: shared by every stream,
/// or per stream (in series with each stream's per-file and per-transaction costs, `pipeline`) where
/// what one stream may write binds: an object store's requests in flight, an appliance's single-stream
/// figure below its ingest shared out (a trial's one stream into a DD690 read 170 MB/s, the appliance's
/// stream figure, beside the 35 % of its time the stream spent on files: 125 MB/s in series).
fn write_stage(s: &Scenario, sessions: f64) -> (f64, f64, Role) {
    let ratio = s.reduction_ratio();
    match s.repo_kind {
        RepoKind::Disk => (
            disk::write_bytes_per_sec(s.disk_type, s.disks, s.raid, (s.ec_k, s.ec_m), s.repo_pattern, s.repo_io_bytes)
                * ratio,
            1.0,
            Role::Shared,
        ),
        RepoKind::Appliance => {
            let ingest = appliance::ingest_bytes_per_sec(
                s.appliance,
                s.appliances,
                s.appliance_bytes_per_sec,
                s.source_reduction,
            );
            let streams = sessions * s.appliance.stream_bytes_per_sec();
            if streams < ingest {
                (streams, sessions, Role::PerSession)
            } else {
                (ingest, f64::from(s.appliances), Role::Shared)
            }
        }
        // Each stream waits the request latency for every part it sends, `parts_in_flight` at a time: a
        // cost paid on top of reading and sending its bytes (in series), as a tape stream's transaction
        // commits are. The bytes themselves travel over the stream's connections (`Distance`, one per
        // part in flight). As a share taken by the lower of the two, a 7 MB file sent one part at a
        // time (cloud-pipeline issue 1241) read 44.4 MB/s where it moved 24.7 MB/s; in series 27.0.
        RepoKind::Object => (write_latency_bytes_per_sec(s, sessions) * ratio, sessions, Role::Serial),
    }
}

/// The repository's read rate for `sessions` readers, logical bytes/s (rehydrated on an appliance).
pub(crate) fn read_bytes_per_sec(s: &Scenario, sessions: f64) -> f64 {
    let ratio = s.reduction_ratio();
    match s.repo_kind {
        RepoKind::Disk => {
            disk::read_bytes_per_sec(s.disk_type, s.disks, s.raid, (s.ec_k, s.ec_m), s.repo_pattern, s.repo_io_bytes)
                * ratio
        }
        RepoKind::Appliance => {
            appliance::read_bytes_per_sec(s.appliance, s.appliances, s.appliance_bytes_per_sec, s.rehydration_share)
        }
        RepoKind::Object => {
            let (fetch, ceiling) = object_reads(s, sessions);
            fetch.min(ceiling)
        }
    }
}

/// An object store's reads for `sessions` readers, logical bytes/s: what their parts in flight fetch,
/// and the store's GET ceiling over its prefixes.
fn object_reads(s: &Scenario, sessions: f64) -> (f64, f64) {
    let ratio = s.reduction_ratio();
    let fetch = object::streams_bytes_per_sec(sessions, s.parts_in_flight, s.obj_part_bytes, request_sec(s));
    let ceiling = object::requests_bytes_per_sec(s.prefixes, object::GETS_PER_PREFIX, s.obj_part_bytes);
    (fetch * ratio, ceiling * ratio)
}

/// The backup into the repository.
pub(crate) fn backup(s: &Scenario, relief: &Relief) -> Chain {
    let mut chain = Vec::with_capacity(14);
    client_stages(s, relief, &mut chain);
    server_stages(s, relief, &mut chain);
    let sessions = f64::from(s.clients) * f64::from(s.streams_per_client);
    let (capacity, units, role) = write_stage(s, sessions);
    push(&mut chain, relief, StageCalc::new(StageId::Repository, role, capacity, units));
    if s.repo_kind == RepoKind::Object {
        let ceiling =
            object::requests_bytes_per_sec(s.prefixes, object::PUTS_PER_PREFIX, s.obj_part_bytes) * s.reduction_ratio();
        push(&mut chain, relief, StageCalc::new(StageId::ObjectRequests, Role::Shared, ceiling, f64::from(s.prefixes)));
    }
    let solution = solve(&chain, [true, false]);
    let mut warnings = Vec::new();
    lag_warning(s, solution.flow[SEND], &mut warnings);
    Chain { solution, warnings, phases: None }
}

/// The repository's write capacity that every backup shares (logical bytes/s) and its stage: the
/// array, the appliances' ingest, or an object store's per-prefix request ceiling. What one stream
/// may write on its own is [`stream_write_bytes_per_sec`].
pub(crate) fn shared_write(s: &Scenario) -> (f64, StageId) {
    let ratio = s.reduction_ratio();
    match s.repo_kind {
        RepoKind::Disk | RepoKind::Appliance => (write_stage(s, f64::INFINITY).0, StageId::Repository),
        RepoKind::Object => (
            object::requests_bytes_per_sec(s.prefixes, object::PUTS_PER_PREFIX, s.obj_part_bytes) * ratio,
            StageId::ObjectRequests,
        ),
    }
}

/// What one backup stream can write into the repository on its own, logical bytes/s, and whether it
/// is a wait paid on top of the stream's own rate (in series) rather than a ceiling: an object store's
/// parts in flight over their wait for the store's answers (in series), an appliance's single-stream
/// figure (infinite where the vendor gives none, and for a disk array, whose limit is shared).
pub(crate) fn stream_write_bytes_per_sec(s: &Scenario) -> (f64, bool) {
    match s.repo_kind {
        RepoKind::Disk => (f64::INFINITY, false),
        RepoKind::Appliance => (s.appliance.stream_bytes_per_sec(), false),
        RepoKind::Object => (write_latency_bytes_per_sec(s, 1.0) * s.reduction_ratio(), true),
    }
}

/// The scenario the copy to tape writes through: one stream per drive, dealt over the drives
/// dynamically; an appliance's copy is rehydrated, so it is written whole (no source reduction).
pub(crate) fn copier(s: &Scenario) -> Scenario {
    Scenario {
        pairing: Pairing::Dynamic,
        clients: s.drives.max(1),
        streams_per_client: 1,
        source_reduction: s.source_reduction && s.repo_kind != RepoKind::Appliance,
        ..s.clone()
    }
}

/// The repository's read stages for `sessions` readers, in `chain`: its reads, and for an object store
/// its parts in flight and, as a stage of its own, the store's GET ceiling per prefix, so that the one
/// that binds is named (a trial's 64 KiB parts were said to be held by the parts in flight, where
/// 5,500 GET/s of 64 KiB bound and more parts gained nothing).
fn read_stages(s: &Scenario, sessions: f64, relief: &Relief, chain: &mut Vec<StageCalc>) {
    if s.repo_kind != RepoKind::Object {
        let read = read_bytes_per_sec(s, sessions);
        push(chain, relief, StageCalc::new(StageId::RepositoryRead, Role::Shared, read, 1.0));
        return;
    }
    let (fetch, ceiling) = object_reads(s, sessions);
    push(chain, relief, StageCalc::new(StageId::RepositoryRead, Role::Shared, fetch, 1.0));
    push(chain, relief, StageCalc::new(StageId::ObjectRequests, Role::Shared, ceiling, f64::from(s.prefixes)));
}

/// The copy to tape: the repository read by one stream per drive, through the backup server's CPU,
/// into the tape chain.
pub(crate) fn copy(s: &Scenario, relief: &Relief) -> Chain {
    let drives = s.drives.max(1);
    let mut chain = Vec::with_capacity(5);
    read_stages(s, f64::from(drives), relief, &mut chain);
    let copier = copier(s);
    // The backup server moves the copy from the repository to its HBA ports, through the same CPU the
    // backups pass (an appliance's copy rehydrated: whole bytes).
    let cpu = copier.server_cpu_bytes_per_sec * copier.reduction_ratio();
    push(&mut chain, relief, StageCalc::new(StageId::ServerCpu, Role::Shared, cpu, 1.0));
    let mut warnings: Vec<crate::Warning> = drive_stages(&copier, relief, &mut chain).into_iter().collect();
    warnings.extend(crate::chain::filemark_warning(&copier));
    Chain { solution: solve(&chain, [true, false]), warnings, phases: None }
}

/// The restore from the repository to the same clients, stages in the order data flows.
pub(crate) fn restore(s: &Scenario, relief: &Relief) -> Chain {
    // The backup server (or appliance) rehydrates, then the restore runs to the clients as from tape.
    let sessions = f64::from(s.clients) * f64::from(s.restore_streams_per_client());
    let mut chain = Vec::with_capacity(10);
    read_stages(s, sessions, relief, &mut chain);
    restore_to_clients(s, relief, &mut chain);
    Chain { solution: solve(&chain, [true, false]), warnings: Vec::new(), phases: None }
}

/// Where a repository stage's figure comes from, in words (the report's `basis`), for the backup's
/// writes or (`reading`) the restore's and the copy's reads.
pub(crate) fn basis(s: &Scenario, id: StageId, system: UnitSystem, reading: bool) -> Option<String> {
    let rate = |v: f64| format_rate(v, system);
    let ms = |v: f64| format!("{} ms", format_number(v * 1e3));
    let disks = |n: u32| if n == 1 { "1 disk".to_string() } else { format!("{n} disks") };
    match (id, s.repo_kind) {
        (StageId::Repository | StageId::RepositoryRead, RepoKind::Disk) => {
            let d = s.disk_type;
            let io = format_bytes(s.repo_io_bytes, system);
            let sequential = disk::write_bytes_per_sec(
                d,
                s.disks,
                s.raid,
                (s.ec_k, s.ec_m),
                disk::Pattern::Sequential,
                s.repo_io_bytes,
            );
            let level = if s.raid == disk::Raid::Ec {
                format!("erasure coding {}+{}", s.ec_k, s.ec_m)
            } else {
                s.raid.name().to_string()
            };
            let what = if id == StageId::Repository { "writes" } else { "reads" };
            Some(match s.repo_pattern {
                disk::Pattern::Random => {
                    let one = disk::random_bytes_per_sec(d, s.repo_io_bytes);
                    let penalty = if id == StageId::Repository { s.raid.write_penalty(s.ec_m) } else { 1.0 };
                    let moving = if d.spins() { "for the heads (seek and half a turn)" } else { "for the flash" };
                    format!(
                        "{} ({}, {level}) taking random pack {what} of {io}: each waits {} {moving} and moves its {io} \
                         at {}, so a disk does {} I/Os per second, {}{}; written sequentially into full stripes the \
                         array would take {}",
                        disks(s.disks),
                        disk_name(d),
                        ms(d.access_sec()),
                        rate(d.sequential_bytes_per_sec()),
                        format_number(one / s.repo_io_bytes.max(1.0)),
                        rate(one),
                        if penalty > 1.0 {
                            format!(", and {level} costs {} back-end I/Os per write", format_number(penalty))
                        } else {
                            String::new()
                        },
                        rate(sequential),
                    )
                }
                disk::Pattern::Sequential => format!(
                    "{} ({}, {level}) {what} sequentially in full stripes: {} disks' worth of data × {}",
                    disks(s.disks),
                    disk_name(d),
                    format_number(if id == StageId::Repository {
                        s.raid.data_disks(s.disks, s.ec_k, s.ec_m)
                    } else {
                        s.raid.read_disks(s.disks, s.ec_k, s.ec_m)
                    }),
                    rate(d.sequential_bytes_per_sec()),
                ),
            })
        }
        (StageId::Repository, RepoKind::Appliance) => {
            let per_stream = s.appliance.stream_bytes_per_sec();
            Some(format!(
                "{} × {} {} at {}{}{}",
                s.appliances,
                s.appliance.name(),
                if s.source_reduction {
                    "taking source-deduplicated (optimized) writes"
                } else {
                    "ingesting whole data"
                },
                rate(appliance::ingest_bytes_per_sec(s.appliance, 1, s.appliance_bytes_per_sec, s.source_reduction)),
                if per_stream.is_finite() {
                    format!(", at most {} per stream", rate(per_stream))
                } else {
                    String::new()
                },
                if s.appliance_bytes_per_sec > 0.0 { " (entered)" } else { " (vendor figure)" },
            ))
        }
        (StageId::RepositoryRead, RepoKind::Appliance) => Some(format!(
            "{} × {} reading back with rehydration at {} of its {} ingest",
            s.appliances,
            s.appliance.name(),
            crate::units::format_percent(s.rehydration_share),
            rate(appliance::ingest_bytes_per_sec(s.appliance, 1, s.appliance_bytes_per_sec, false)),
        )),
        // A backup's stream waits for each answer on top of moving its bytes over its connections.
        (StageId::Repository, RepoKind::Object) => Some(format!(
            "{} of {} in flight per stream, each waiting {} for the store's answer{} ({} per stream if waiting were all it did)",
            parts_in_flight(s),
            format_bytes(s.obj_part_bytes, system),
            ms(s.obj_latency_sec),
            if s.rtt_sec > 0.0 { format!(" and {} round trip", ms(s.rtt_sec)) } else { String::new() },
            rate(write_latency_bytes_per_sec(s, 1.0)),
        )),
        (StageId::RepositoryRead, RepoKind::Object) => {
            let t = request_sec(s);
            Some(format!(
                "{} of {} in flight per stream, each request taking {} ({} latency{} + the transfer at {} per \
                 connection): {} per stream",
                parts_in_flight(s),
                format_bytes(s.obj_part_bytes, system),
                ms(t),
                ms(s.obj_latency_sec),
                if s.rtt_sec > 0.0 { format!(" + {} round trip", ms(s.rtt_sec)) } else { String::new() },
                rate(s.tcp_connection_bytes_per_sec()),
                rate(object::streams_bytes_per_sec(1.0, s.parts_in_flight, s.obj_part_bytes, t)),
            ))
        }
        (StageId::ObjectRequests, _) => Some(format!(
            "{} × {} {} requests per second of {}",
            crate::units::format_count(f64::from(s.prefixes)),
            format_number(if reading { object::GETS_PER_PREFIX } else { object::PUTS_PER_PREFIX }),
            if reading { "GET" } else { "PUT" },
            format_bytes(s.obj_part_bytes, system)
        )),
        _ => None,
    }
}

/// "1 part", "10 parts": an object store's parts in flight per stream (a trial read "1 parts").
fn parts_in_flight(s: &Scenario) -> String {
    let n = s.parts_in_flight;
    format!("{} {}", crate::units::format_count(f64::from(n)), if n == 1 { "part" } else { "parts" })
}

/// The count that adds repository capacity: more disks, another appliance, more parts in flight.
pub(crate) fn count_behind(stage: StageId, s: &Scenario) -> Option<&'static str> {
    matches!(stage, StageId::Repository | StageId::RepositoryRead).then_some(match s.repo_kind {
        RepoKind::Disk => "disks",
        RepoKind::Appliance => "appliances",
        RepoKind::Object => "parts_in_flight",
    })
}

/// The parameter a measured job calibrates when the repository binds: the write size of a disk
/// array taking random writes (what its pattern really is), an appliance's ingest, an object store's
/// request latency; an appliance's rehydrated share for its reads. `None` for a sequential disk array
/// (its figures are the disks' data sheets).
pub(crate) fn parameter_behind(s: &Scenario, stage: StageId) -> Option<&'static str> {
    match s.repo_kind {
        RepoKind::Appliance if stage == StageId::RepositoryRead => Some("rehydrate"),
        RepoKind::Disk if s.repo_pattern == disk::Pattern::Random => Some("repo_io"),
        RepoKind::Disk => None,
        RepoKind::Appliance => Some("appliance_rate"),
        RepoKind::Object => Some("obj_latency_ms"),
    }
}

pub(crate) fn disk_name(d: disk::DiskType) -> &'static str {
    match d {
        disk::DiskType::Hdd7k => "7,200 rpm HDD",
        disk::DiskType::Hdd10k => "10,000 rpm HDD",
        disk::DiskType::Ssd => "SATA SSD",
        disk::DiskType::Nvme => "NVMe SSD",
    }
}

#[cfg(test)]
mod tests {
    use crate::codec::decode;
    use crate::{evaluate, StageId};

    fn report(fragment: &str) -> crate::Report {
        let decoded = decode(fragment);
        assert!(decoded.issues.is_empty(), "{:?}", decoded.issues);
        evaluate(&decoded.scenario)
    }

    #[test]
    fn usb_disk_takes_random_pack_writes() {
        let r = report("v=1&target=repository&repo_kind=disk&disks=1&disk_type=hdd7k&raid=0&repo_pattern=random&repo_io=120KiB&data=2.185TiB&file_size=2.9MB");
        assert_eq!(r.bottleneck, StageId::Repository);
        assert!((r.throughput_bytes_per_sec / 11.15e6 - 1.0).abs() < 0.25, "{}", r.throughput_bytes_per_sec);
        let text = r.explanation(crate::units::UnitSystem::Decimal);
        assert!(text.contains("random pack writes"), "{text}");
    }

    #[test]
    fn each_kind_has_a_backup_a_restore_and_a_copy() {
        for kind in ["disk", "appliance", "object"] {
            let r = report(&format!("v=1&target=repository&repo_kind={kind}&copy_to_tape=on&data=10TB&clients=8"));
            assert!(r.throughput_bytes_per_sec > 0.0, "{kind}");
            let restore = r.restore.as_ref().expect("a restore");
            assert_eq!(restore.stages[0].id, StageId::RepositoryRead, "{kind}");
            let copy = r.copy.as_ref().expect("a copy");
            assert!(copy.throughput_bytes_per_sec > 0.0);
            assert!(copy.window.is_some());
            assert!(r.copy_explanation(crate::units::UnitSystem::Decimal).unwrap().contains("Copy to tape"));
        }
    }

    #[test]
    fn appliance_restore_rehydrates_slower_than_ingest() {
        let r = report(
            "v=1&target=repository&repo_kind=appliance&clients=16&client_nic=10GbE&server_nic=100GbE&restore_rate=1000",
        );
        let restore = r.restore.unwrap();
        assert_eq!(r.bottleneck, StageId::Repository);
        assert_eq!(restore.bottleneck, StageId::RepositoryRead);
        assert!(restore.throughput_bytes_per_sec < r.throughput_bytes_per_sec);
    }

    #[test]
    fn shared_window_adds_the_phases() {
        let r = report("v=1&target=repository&repo_kind=appliance&clients=8&copy_to_tape=on&data=10TB&window_h=8");
        let copy = r.copy.unwrap();
        let fit = copy.window.unwrap();
        assert!(copy.shared_window);
        assert!((fit.window_sec - fit.margin_sec - r.duration_sec.unwrap() - copy.duration_sec.unwrap()).abs() < 1e-6);
        let own =
            report("v=1&target=repository&repo_kind=appliance&clients=8&copy_to_tape=on&data=10TB&copy_window_h=12");
        let copy = own.copy.unwrap();
        assert!(!copy.shared_window);
        assert_eq!(copy.window.unwrap().window_sec, 12.0 * 3600.0);
    }

    #[test]
    fn a_copy_to_tape_is_warned_of_a_drive_on_a_slower_link_than_its_own() {
        // An LTO-8 takes 900 MB/s at its rated 2.5:1; the default 4GFC port carries 400 MB/s.
        let r = report("v=1&target=repository&copy_to_tape=on&data=40TB&lto=LTO-8&drives=1");
        assert!(r.warnings.iter().any(|w| w.id() == "interface_mismatch"), "{:?}", r.warnings);
        let without = report("v=1&target=repository&data=40TB&lto=LTO-8&drives=1");
        assert!(without.warnings.iter().all(|w| w.id() != "interface_mismatch"), "no copy, no drive in use");
    }

    #[test]
    fn the_copy_to_tape_changes_and_optimises_its_cartridges() {
        // An appliance's copy is written whole: 40 TB on two LTO-9 drives at 1:1 fill 20 TB each, two
        // 18 TB cartridges per drive, one change of 92 s (unload 30 s + load 17 s + locate 45 s); three
        // new cartridges dealt over two drives optimise two on one of them, 40 min each.
        let r = report(
            "v=1&target=repository&repo_kind=appliance&copy_to_tape=on&data=40TB&lto=LTO-9&drives=2&compression=1&new_carts=3",
        );
        let copy = r.copy.as_ref().unwrap();
        let h = copy.cartridge_handling.unwrap();
        assert_eq!((h.changes_per_drive, h.new_per_drive), (1, 2));
        assert_eq!(h.total_sec(), 92.0 + 2.0 * 2_400.0);
        let stream = 40e12 / copy.throughput_bytes_per_sec;
        assert!((copy.duration_sec.unwrap() - stream - h.total_sec()).abs() < 1e-6);
        let words = r.copy_explanation(crate::units::UnitSystem::Decimal).unwrap();
        assert!(
            words.contains("Cartridge handling adds 1 h 21 min to the copy: 1 cartridge change per drive × 92 s"),
            "{words}"
        );
        // The backup itself writes to the appliance: no cartridge of its own.
        assert!(r.cartridge_handling.is_none());
    }

    #[test]
    fn object_store_requests_in_flight_and_prefix_ceiling() {
        let few = report("v=1&target=repository&repo_kind=object&streams=1&parts_in_flight=1&obj_part=4KiB");
        assert_eq!(few.bottleneck, StageId::Repository, "{}", few.explanation(crate::units::UnitSystem::Decimal));
        assert!((few.throughput_bytes_per_sec / (4096.0 / 0.1) - 1.0).abs() < 0.01, "{}", few.throughput_bytes_per_sec);
        let many =
            report("v=1&target=repository&repo_kind=object&clients=10&streams=16&parts_in_flight=100&obj_part=4KiB");
        assert_eq!(many.bottleneck, StageId::ObjectRequests, "{}", many.explanation(crate::units::UnitSystem::Decimal));
    }

    #[test]
    fn a_repository_backup_gives_its_files_per_second() {
        // A planner trial: 608 MB/s of 1 MB files gave no files/s, where its restore gave 605 files/s.
        let r = report("v=1&target=repository&data=5TB&clients=4&client_nic=10GbE");
        let files = r.files_per_sec.expect("files/s");
        assert!((files - r.throughput_bytes_per_sec / 1e6).abs() < 1e-9, "{files}");
        assert!(files > 600.0 && files < 620.0, "{files}");
        assert_eq!(report("v=1&target=nfs").files_per_sec, None);
    }

    #[test]
    fn an_object_store_restore_names_the_get_ceiling_when_it_binds() {
        // A planner trial's case: 8 clients x 16 streams x 10 parts of 64 KiB at 20 ms fetch 4,191 MB/s,
        // and 5,500 GET/s x 65,536 B = 360.4 MB/s per prefix binds; more parts gain nothing.
        let link = "v=1&target=repository&repo_kind=object&obj_part=64KiB&file_size=64KiB&data=2TB&clients=8\
                    &client_nic=10GbE&server_nic=40GbE&restore_streams=16&obj_latency_ms=20";
        let restore = report(link).restore.expect("a repository has a restore");
        assert_eq!(restore.bottleneck, StageId::ObjectRequests);
        assert!((restore.throughput_bytes_per_sec / (5_500.0 * 65_536.0) - 1.0).abs() < 1e-9);
        let words = report(link).restore_basis(StageId::ObjectRequests, crate::units::UnitSystem::Decimal);
        assert_eq!(words.as_deref(), Some("1 × 5,500 GET requests per second of 65.5 KB"));
        let two = report(&format!("{link}&prefixes=2")).restore.expect("restore");
        assert!((two.throughput_bytes_per_sec / restore.throughput_bytes_per_sec - 2.0).abs() < 1e-9);
        // Where the parts in flight bind, the reads are named, as before.
        let one_part =
            report("v=1&target=repository&repo_kind=object&restore_streams=1&parts_in_flight=1&obj_latency_ms=1000");
        assert_eq!(one_part.restore.expect("restore").bottleneck, StageId::RepositoryRead);
    }
}
