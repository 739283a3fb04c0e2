//! Scheduling a fleet of jobs on the drives: an event-driven fluid simulation.
//!
//! The backup server runs at most `drives x sessions_per_drive` jobs at a time (device concurrency);
//! the others wait in a queue ([`JobOrder`]): longest first, shortest first, by priority tier or as
//! listed, where a job's length is its *time on a drive*: its data over the rate it would get there,
//! the least of its own ceiling (the client-side stages of the model: streams, per-file and
//! per-transaction costs, client NIC, distance), the drive, its drive's share of the FC or SAS port
//! and the server's shared stages. A waiting job starts on the drive where it would finish first (of
//! the drives with a free session), at the rate the drive gives when its port's drives that will be busy
//! are (those busy now and the port's share of the jobs still to start):
//! Graham's longest-processing-time rule (LPT; R. L. Graham, "Bounds on multiprocessing timing
//! anomalies", SIAM J. Appl. Math. 17(2), 1969) in its form for machines of different speeds (T.
//! Gonzalez, O. H. Ibarra and S. Sahni, SIAM J. Comput. 6, 1977), which with one session per drive and
//! a port per drive ends within `4/3 - 1/(3m)` of the optimum on `m` drives. Drives sharing a port are
//! the slower machines, so the longest jobs go to drives with a port of their own. With several sessions
//! per drive a job may join a drive without ending it later, so what is compared is the night so far with
//! the job there, then the job's own end at its fair share of the drive.
//!
//! While jobs run they share the backup server's stages (NICs, catalogue, CPU, staging) and each
//! drive and FC or SAS port: every running job gets its max-min fair share of every stage it uses,
//! capped by its own ceiling, found by progressive filling. The catalogue's share is in files/s (each
//! job an equal share of the records), so a job of few large files takes little of it. The shares are
//! recomputed whenever a job starts or ends, so the simulation is exact between events and takes no
//! time steps. A drive fed
//! below its lowest speed-matching rate moves what its curve allows ([`crate::stages::tape::Drive`]),
//! and its jobs slow down with it. Under serial staging (spool, then despool) each job runs its two
//! phases in turn, as the single-scenario model does: its ceiling is
//! `1 / (1 / spool rate + 1 / despool rate)` ([`staging::serial_bytes_per_sec`]).
//!
//! Starting the longest jobs first (LBF) is what HP Labs proposed for Data Protector (Cherkasova et al.,
//! "Optimizing the backup window", HP Labs technical report HPL-2010-54): it shortens the night by
//! 20-60 % against an arbitrary order. Shortest first ends short jobs early: on one drive the most
//! jobs inside a common window, on several drives often but not always.

use super::cartridges::{Changes, DriveHandling};
use super::fewest::{Search, Vary};
use super::jobs::Job;
use crate::chain::{client_ceiling, drive_of, drive_ports, Relief};
use crate::fields::field_by_key;
use crate::pipeline::in_series;
pub use crate::scenario::{JobOrder, SESSIONS_PER_DRIVE};
use crate::scenario::{Scenario, Target};
use crate::stage::StageId;
use crate::stages::staging::{self, Staging};
use crate::units::{format_bytes, format_duration, format_rate, UnitSystem};
use std::sync::OnceLock;

/// One job as scheduled.
#[derive(Debug, Clone, PartialEq)]
pub struct ScheduledJob {
    /// The job's name.
    pub name: String,
    /// Bytes it backs up.
    pub data_bytes: f64,
    /// Drive it ran on, from 0.
    pub drive: usize,
    /// When it started, seconds from the start of the night.
    pub start_sec: f64,
    /// When it ended, seconds.
    pub end_sec: f64,
    /// Its average rate, bytes/s.
    pub bytes_per_sec: f64,
    /// What it could move alone (its client-side stages; under serial staging its spool and despool
    /// phases in series), bytes/s.
    pub ceiling_bytes_per_sec: f64,
    /// The stage that sets that ceiling.
    pub ceiling_stage: StageId,
    /// Whether it ends inside the backup window (always, without a window).
    pub in_window: bool,
    /// Bytes it still had to move when the window closed (0 when it ends inside it; all its data when
    /// it had not started), as the simulation moved them: the next night's leftover.
    pub left_after_window_bytes: f64,
    /// Time its drive stood still for cartridge changes and media optimisation while the job was on
    /// it, seconds (included in `end_sec - start_sec`; [`super::cartridges`]); into a repository, its
    /// copy's drive while the copy was on it.
    pub handling_sec: f64,
    /// Logical bytes its drive wrote while it ran, its own included: more than its own data where the
    /// drive's other sessions wrote meanwhile (multiplexed on the tape), which a restore of it reads
    /// through ([`super::multiplexed_read`]). Its own data into a repository.
    pub drive_bytes_while_running: f64,
    /// Logical bytes its drive had written over the night when it ended, its own included: where its
    /// last block lies on the drive's tapes, which a restore reading them in one pass reaches then
    /// ([`super::restore::tape_groups`]). Its own data into a repository, and NaN for a job that never
    /// ends.
    pub drive_bytes_at_end: f64,
}

impl ScheduledJob {
    /// Whether `s`'s backup wrote this job multiplexed with other jobs on shared cartridges: more than one
    /// session per drive, straight to tape, and its drive wrote others' data while it ran. A restore of it
    /// then passes over theirs ([`super::restore::tape_groups`]).
    pub fn shared_cartridges(&self, s: &Scenario) -> bool {
        multiplexes_onto_tape(s) && self.drive_bytes_while_running > self.data_bytes * (1.0 + 1e-9)
    }
}

/// Whether `s`'s backup can interleave jobs on a drive's cartridges: a tape target, more than one session
/// per drive, and no staging disk (which writes each job to tape whole).
pub(super) fn multiplexes_onto_tape(s: &Scenario) -> bool {
    s.target == Target::Tape && s.sessions_per_drive > 1 && s.staging == crate::stages::staging::Staging::None
}

/// The night's schedule.
#[derive(Debug, Clone, PartialEq)]
pub struct Schedule {
    /// Every job, in the order listed.
    pub jobs: Vec<ScheduledJob>,
    /// When the last job ends, seconds (infinite when nothing can move); for a repository target with
    /// a copy to tape in the backup's window, when the last copy ends.
    pub makespan_sec: f64,
    /// No schedule can be shorter, seconds: the largest of the longest job alone, the total time on a
    /// drive over `drives x sessions_per_drive`, the total data over the aggregate rate, two of the
    /// longest in one session and the catalogue's time ([`Schedule::lower_bound_parts`]).
    pub lower_bound_sec: f64,
    /// The four parts of the bound, seconds: `[longest job alone, total drive time / (drives x
    /// sessions), total data / aggregate rate, two of the k + 1 longest in one session]` (`k = drives x
    /// sessions`; the catalogue's time, when it has one, is in the bound only).
    pub lower_bound_parts: [f64; 4],
    /// Index (in `jobs`) of the job that ends last (with a copy to tape, whose copy ends last).
    pub long_pole: usize,
    /// What the long pole moves alone on one drive, bytes/s, and the stage that sets it: the least of
    /// its own ceiling and the fastest a drive, a whole port and the server give one job (for a
    /// repository target, its own ceiling).
    pub long_pole_alone: (f64, StageId),
    /// The fastest any one job runs on one drive, bytes/s: the least of the drive, a whole port and
    /// the server's stages; infinite into a repository, whose jobs hold no drive.
    pub one_drive_bytes_per_sec: f64,
    /// The makespan with the jobs started as listed, seconds (to show what the order gains or loses).
    pub listed_order_makespan_sec: f64,
    /// Time each drive spent with at least one job, seconds.
    pub drive_busy_sec: Vec<f64>,
    /// Time each drive sat idle before the makespan, seconds (for a repository's copies, from the first
    /// copy's start, before which no drive has work).
    pub drive_idle_sec: Vec<f64>,
    /// The aggregate rate over the night: `(from, bytes/s)` steps, the last one at the makespan with 0.
    pub throughput_steps: Vec<(f64, f64)>,
    /// What the shared stages carry together, bytes/s (the lower bound's aggregate rate).
    pub aggregate_bytes_per_sec: f64,
    /// The order used.
    pub order: JobOrder,
    /// The backup window the jobs were held against, seconds (0: none).
    pub window_sec: f64,
    /// Where the backups go: tape drives, or a repository (then the jobs hold no drive, `drive` is 0
    /// and the drives' figures are the copies').
    pub target: Target,
    /// The copy to tape after each job's backup to a repository (`copy_to_tape=on`):
    /// [`super::repository`]. `None` for tape and without a copy.
    pub copy: Option<super::repository::CopySchedule>,
    /// Each drive's cartridge changes and new cartridges optimised, and the time they stood it still
    /// ([`super::cartridges`]); empty for a repository target.
    pub drive_handling: Vec<DriveHandling>,
    /// What a cartridge change costs on these drives (`None` for a repository target).
    pub(super) changes: Option<Changes>,
    /// What relieves a job its TCP and SSH connections hold, in words ([`crate::chain::connection_remedy`]).
    pub(super) connection_fixes: [&'static str; 2],
    /// The drives' ports (FC or SAS) and what one carries, bytes/s: drive `d` is on port `d % ports`
    /// (0 for a repository target, whose copies the card explains apart).
    pub(super) drive_ports: (u32, f64),
    /// The stage the drives share that holds the night at its bound, when more drives would not widen
    /// it: the drives' ports, the backup server's NICs or CPU, or its catalogue.
    pub shared_hold: Option<StageId>,
    /// The same stage where it holds every job to within a tenth of the night (9 h 53 min of a 10 h
    /// 07 min night): more drives or sessions then save at most the difference. `None` where
    /// [`Schedule::shared_hold`] names it, or no shared stage comes that near.
    pub shared_near: Option<StageId>,
    /// Fewer drives in use that end the night sooner, when the drives outrun the ports and the server
    /// they share: (drives used, night in seconds); `None` when using them all is
    /// best or they do not outrun what they share.
    pub fewer_at_once: Option<(u32, f64)>,
    /// The drives used and the drives there are, when `drives_at_once` holds some back (`None` when
    /// every drive is used).
    pub held_back: Option<(u32, u32)>,
    /// The backup server's stage that every job shares and its capacity, bytes/s, when it carries less
    /// than the drives in use stream together and no more than their ports: more drives, even with a
    /// port each, then add no throughput (`None` otherwise).
    pub server_outrun: Option<(StageId, f64)>,
    /// The shortest night any number of drives could give, seconds, and the shared stage that sets it:
    /// the jobs' data over the least of every port in use at once and the backup server's capacity
    /// (the ports, or the server's NICs or CPU, which each drive added shares). `None` for a
    /// repository target.
    pub shared_floor: Option<(StageId, f64)>,
}

/// What the drives' ports and the backup server carry together, bytes/s, when it is less than the drives
/// in use stream together (`None` otherwise): drives beyond it add no throughput.
fn drives_outrun(s: &Scenario, sh: &Shared) -> Option<f64> {
    let drives = s.drives_in_use();
    let pooled = f64::from(drives) * sh.drive;
    let ports = f64::from(sh.ports.min(drives)) * sh.port;
    let shared = ports.min(sh.server);
    (shared < pooled * (1.0 - 1e-9)).then_some(shared)
}

/// The backup server's stage and capacity, bytes/s, where it carries less than the drives in use stream
/// together and no more than their ports ([`Schedule::server_outrun`]).
fn server_outrun(s: &Scenario, sh: &Shared) -> Option<(StageId, f64)> {
    let drives = s.drives_in_use();
    let pooled = f64::from(drives) * sh.drive;
    let ports = f64::from(sh.ports.min(drives)) * sh.port;
    (sh.server < pooled * (1.0 - 1e-9) && sh.server <= ports).then(|| (super::answer::server_stage(s, sh), sh.server))
}

/// Fewer drives used at once that end the night of `makespan` seconds sooner: every job running takes
/// an equal share of the ports and the server, so drives beyond what those carry add no throughput and
/// slow the long pole, whose share shrinks (a new user's 20 jobs on LTO-4 drives behind two 4GFC ports:
/// 11 h 09 min on 5 drives, 12 h 52 min on 6). Tries from the fewest drives that fill the shared stages up to one fewer
/// than there are, at most eight counts, each schedule stopped once it passes the best night found;
/// `Some` when one is at least 0.5 % shorter.
fn fewer_at_once(s: &Scenario, sh: &Shared, jobs: &[Prepared], makespan: f64) -> Option<(u32, f64)> {
    let drives = s.drives_in_use();
    let shared = drives_outrun(s, sh)?;
    if drives < 2 || !makespan.is_finite() || sh.drive <= 0.0 {
        return None;
    }
    let fewest = ((shared / sh.drive).ceil() as u32).clamp(1, drives - 1);
    let mut best: Option<(u32, f64)> = None;
    for n in fewest..drives.min(fewest + 8) {
        let beat = best.map_or(makespan * (1.0 - 0.005), |(_, night)| night);
        let night = simulate(s, sh, jobs, s.job_order, n, f64::INFINITY, beat).makespan;
        if night < beat {
            best = Some((n, night));
        }
    }
    best
}

/// The shared stage that holds a night of `makespan` seconds at its bound, when more drives would not
/// widen it: the catalogue when its time reaches `share` of the night (0.99: within 1 %), or the ports
/// (every one with a drive) or the server when all the data through the aggregate rate does and that
/// rate is below the drives' own together.
fn shared_hold(s: &Scenario, sh: &Shared, bound: ([f64; 4], f64, f64), makespan: f64, share: f64) -> Option<StageId> {
    let (parts, catalogue_sec, aggregate) = bound;
    let reaches = |sec: f64| sec > 0.0 && sec >= share * makespan;
    let in_use = s.drives_in_use();
    let drives = f64::from(in_use) * sh.drive;
    if reaches(catalogue_sec) && catalogue_sec >= parts[2] {
        Some(StageId::Catalogue)
    } else if reaches(parts[2]) && aggregate < drives * (1.0 - 1e-9) {
        let ports = f64::from(sh.ports.min(in_use)) * sh.port;
        if ports > aggregate * (1.0 + 1e-9) {
            Some(super::answer::server_stage(s, sh))
        } else if in_use >= sh.ports {
            Some(drive_ports(s).0)
        } else {
            // Ports without a drive yet: more drives would use them.
            None
        }
    } else {
        None
    }
}

/// A shared stage and its capacity, bytes/s (for the catalogue: files/s).
#[derive(Debug, Clone, Copy)]
pub(super) struct Resource {
    pub(super) capacity: f64,
}

/// A job prepared for the simulation.
#[derive(Clone)]
pub(super) struct Prepared {
    pub(super) data: f64,
    pub(super) ceiling: f64,
    pub(super) stage: StageId,
    /// Catalogue weight: files per byte.
    pub(super) files_per_byte: f64,
    /// Its priority tier (infinite without one).
    pub(super) priority: f64,
    /// A restore pass read stretch by stretch at the rates its jobs' clients take
    /// (`super::restore::one_pass`): each stretch as (bytes read from the start by its end, its own
    /// ceiling in bytes/s), in order, the last ending at `data`; empty for a job read or written at
    /// `ceiling` throughout. The simulation holds the job to its stretch's ceiling, so its cartridges
    /// end and are let go when it really reads past them, not at its average pace (a trial's tier-1 pass
    /// waited 20 min too long for a cartridge a pass reading faster over a shared stretch had left).
    pub(super) stretches: Vec<(f64, f64)>,
}

/// The scenario as one job sees it: one client, with the job's own files, link, ports and streams.
/// `scenario` should already be in range ([`Scenario::sanitized`]); the job's own values are brought
/// into their fields' ranges here (NaN takes the scenario's value).
pub fn job_scenario(scenario: &Scenario, job: &Job) -> Scenario {
    let mut s = scenario.clone();
    s.clients = 1;
    s.data_set_bytes = job.data_bytes;
    (s.avg_file_bytes, s.client_link, s.client_ports, s.streams_per_client, s.rtt_sec) = own_values(scenario, job);
    s
}

/// One job alone on one drive, as the schedule runs it while no other job does: [`job_scenario`] with
/// one drive on an HBA port of its own (for a repository target, the drive its copy to tape goes to);
/// the server's links and CPU are all its own, and it starts on a cartridge that is not new (the
/// night's new cartridges are dealt over the fleet's drives, and the schedule says which drive
/// optimised them; alone, the job takes what [`Schedule::alone_sec`] gives it: a long pole of 6 TB
/// with two new cartridges in the night read 15 h 25 min in its duration chart against 14 h 45 min
/// alone in the schedule). The single-scenario model's report on it is the long pole's own chain the
/// page and the planner show beside the fleet's answer.
pub fn job_alone(scenario: &Scenario, job: &Job) -> Scenario {
    let mut s = job_scenario(scenario, job);
    s.drives = 1;
    s.fc_ports = 1;
    s.new_cartridges = 0;
    s
}

/// What a job sets of its own, as the scenario it runs in has it: (average file size in bytes, client
/// link, client ports, streams, round trip in seconds), each brought into its field's range (NaN takes the scenario's value).
/// A job's ceiling depends on nothing else of the job.
pub(super) type Own = (f64, crate::catalog::EthernetLink, u32, u32, f64);

/// The job's [`Own`] values within `scenario`.
pub(super) fn own_values(scenario: &Scenario, job: &Job) -> Own {
    // The three fields' ranges, looked up once: a search schedules 10,000 jobs a few dozen times.
    static RANGES: OnceLock<[Option<(f64, f64)>; 4]> = OnceLock::new();
    let [file_size, client_ports, streams, rtt] = *RANGES.get_or_init(|| {
        ["file_size", "client_ports", "streams", "rtt_ms"].map(|key| field_by_key(key).map(|f| (f.min, f.max)))
    });
    let within = |range: Option<(f64, f64)>, value: f64, fallback: f64| match range {
        Some((min, max)) if !value.is_nan() => value.clamp(min, max),
        _ => fallback,
    };
    let mut own = (
        scenario.avg_file_bytes,
        scenario.client_link,
        scenario.client_ports,
        scenario.streams_per_client,
        scenario.rtt_sec,
    );
    if let Some(files) = job.files {
        own.0 = within(file_size, job.data_bytes / files.max(1.0), own.0);
    }
    if let Some(size) = job.avg_file_bytes {
        own.0 = within(file_size, size, own.0);
    }
    // A job smaller than a file is one file of its size, as [`crate::evaluate`] takes a data set: a
    // trial's 1 B job moved 113 MB/s in the schedule and 1.75 KB/s in its own chain.
    if job.data_bytes > 0.0 && job.data_bytes < own.0 {
        own.0 = within(file_size, job.data_bytes, own.0);
    }
    if let Some(link) = job.client_link {
        own.1 = link;
    }
    if let Some(ports) = job.client_ports {
        own.2 = within(client_ports, f64::from(ports), 1.0) as u32;
    }
    if let Some(streams_of_job) = job.streams {
        own.3 = within(streams, f64::from(streams_of_job), 1.0) as u32;
    }
    if let Some(rtt_sec) = job.rtt_sec {
        own.4 = within(rtt, rtt_sec, own.4);
    }
    own
}

/// The shared stages of the scenario: (global resources, per-port capacity, per-drive capacity, ports,
/// catalogue index). Capacities in logical bytes/s.
pub(super) fn shared(s: &Scenario) -> (Vec<Resource>, f64, f64, u32, Option<usize>) {
    let ratio = s.reduction_ratio();
    let server_port = s.server_link.goodput_bytes_per_sec(f64::from(s.mtu_bytes), s.tcp_efficiency);
    let mut global = vec![
        Resource { capacity: f64::from(s.server_ports) * server_port * ratio },
        Resource { capacity: s.server_cpu_bytes_per_sec * ratio },
    ];
    let (w, r) = (s.stage_write_bytes_per_sec * ratio, s.stage_read_bytes_per_sec * ratio);
    match s.staging {
        Staging::None => {}
        // With the seeks between the spool's writes and the despool's reads, as the single scenario has it.
        Staging::Concurrent => global.push(Resource {
            capacity: staging::holding_disk_bytes_per_sec(w, r, s.stage_run_bytes * ratio, s.stage_medium.access_sec()),
        }),
        Staging::Serial => global.push(Resource { capacity: staging::serial_bytes_per_sec(w, r) }),
    }
    // The catalogue records every file, at the entered time per file or the cited default (as the
    // single scenario's chain has it: `0` in `catalog_ms` is the default, not "none").
    global.push(Resource { capacity: 1.0 / s.catalogue_sec() });
    let catalogue = Some(global.len() - 1);
    let drive = drive_of(s, &Relief(None)).streaming_bytes_per_sec * ratio;
    let (_, port_rate, ports) = drive_ports(s);
    (global, port_rate * ratio, drive, ports.max(1), catalogue)
}

/// How many of `drives` drives share drive `d`'s port, drive `d` being on port `d % ports` (as in the
/// simulation); `ports` of 0 counts as one.
fn drives_on_port(d: usize, drives: usize, ports: u32) -> usize {
    let used = (ports as usize).min(drives).max(1);
    drives / used + usize::from(d % used < drives % used)
}

/// A run of cartridges one backup drive filled one after another: what a restore reads for a job (or a
/// pass over several, [`super::restore::tape_groups`]). Cartridges are counted from 0, the first the
/// drive loaded that night.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct CartridgeRun {
    /// The backup drive that wrote them, from 0.
    pub(super) drive: usize,
    /// The first cartridge read.
    pub(super) first: u64,
    /// The last cartridge read (at least `first`).
    pub(super) last: u64,
    /// Where the first block read lies on the first cartridge, logical bytes from its start: the drive
    /// reaches that cartridge's end, and changes, after reading the rest of it.
    pub(super) offset_bytes: f64,
}

/// The shared stages of a scenario once: what the ordering, the placement and the lower bound need.
pub(super) struct Shared {
    pub(super) global: Vec<Resource>,
    pub(super) port: f64,
    pub(super) drive: f64,
    pub(super) ports: u32,
    pub(super) catalogue: Option<usize>,
    /// The least capacity of the server's byte stages (NICs, CPU, staging disk), bytes/s.
    pub(super) server: f64,
    /// Whether the drives read back (a restore: each job mounts its own cartridges).
    pub(super) reads: bool,
    /// For a restore, the cartridges each job of the simulation reads, in order (indexed as the jobs;
    /// empty, or `None` for a job: none held). A cartridge is in one drive at a time: a job starts once
    /// its first cartridge is in no other drive (the next job in the queue whose first is free starts
    /// before it), and on reaching the end of a cartridge lets it go and waits, its drive standing
    /// still, while another drive has the next.
    pub(super) cartridges: Vec<Option<CartridgeRun>>,
    /// For a restore whose tiers run in turn, the cartridge each drive holds when this tier starts (the
    /// tier before left it there), `None` for an empty drive: its first pass unloads it first, or only
    /// locates where its first block lies on it (a trial's tier 1 was mounted in 57 s, not 74 s, on a
    /// drive holding tier 0's last cartridge).
    pub(super) loaded_at_start: Vec<Option<(usize, u64)>>,
}

impl Shared {
    pub(super) fn of(s: &Scenario) -> Self {
        let (global, port, drive, ports, catalogue) = shared(s);
        Self::from_parts(global, port, drive, ports, catalogue)
    }

    /// The shared stages from their parts (what [`shared`] returns).
    pub(super) fn from_parts(
        global: Vec<Resource>,
        port: f64,
        drive: f64,
        ports: u32,
        catalogue: Option<usize>,
    ) -> Self {
        let server = global
            .iter()
            .enumerate()
            .filter(|(i, _)| Some(*i) != catalogue)
            .map(|(_, r)| r.capacity)
            .fold(f64::INFINITY, f64::min);
        Shared {
            global,
            port,
            drive,
            ports,
            catalogue,
            server,
            reads: false,
            cartridges: Vec::new(),
            loaded_at_start: Vec::new(),
        }
    }

    /// The rate drive `d` of `drives` can take from its port when every drive on that port is busy
    /// (drive `d` is on port `d % ports`, as in the simulation), bytes/s.
    fn drive_rate(&self, d: usize, drives: usize) -> f64 {
        let on_port = drives_on_port(d, drives, self.ports);
        self.drive.min(self.port / on_port.max(1) as f64).min(self.server)
    }

    /// What `drives` drives move through their ports together, bytes/s: each port carries the less of its
    /// own rate and its drives' (drive `d` on port `d % ports`). Two LTO-4s on one 4GFC port move
    /// 400 MB/s, not 474: a trial's bound at 4 x 237 MB/s for four drives on three ports blamed the
    /// jobs' packing for what the shared port cost.
    pub(super) fn through_ports(&self, drives: u32) -> f64 {
        let count = drives.max(1) as usize;
        let used = (self.ports as usize).min(count).max(1);
        (0..used).map(|q| (drives_on_port(q, count, self.ports) as f64 * self.drive).min(self.port)).sum()
    }

    /// The fastest any one job can run on any drive, bytes/s: the drive, a whole port (the others on it
    /// may be idle) and the server's stages. A job never runs faster than the least of this and its
    /// ceiling, whatever the other jobs do: the rate behind the provable parts of the lower bound.
    pub(super) fn fastest(&self) -> f64 {
        self.drive.min(self.port).min(self.server)
    }
}

/// Each job's data (brought into the `data` field's range: a job built in code with NaN or negative
/// data moves nothing), ceiling, catalogue weight and priority. Under serial staging the ceiling is
/// the job's spool phase (its client side, the server's NICs and CPU, the disk's write rate) and
/// despool phase (the disk's read rate, a drive, a port) in series, as the single-scenario model has it.
pub(super) fn prepare(s: &Scenario, jobs: &[Job]) -> Vec<Prepared> {
    let most = field_by_key("data").map_or(f64::MAX, |f| f.max);
    let serial = (s.staging == Staging::Serial).then(|| {
        let (global, port, drive, _, _) = shared(s);
        let ratio = s.reduction_ratio();
        // The server's NIC and CPU (the first two resources): the spool phase crosses them.
        let server = global[0].capacity.min(global[1].capacity);
        let spool = (s.stage_write_bytes_per_sec * ratio).min(server);
        // The drive is fed at the despool rate: below its lowest speed-matching rate it backhitches
        // there (as the single scenario's despool chain has it), not at the job's rate over both phases.
        let delivered = |rate: f64| drive_of(s, &Relief(None)).delivered_bytes_per_sec(rate / ratio) * ratio;
        let read = s.stage_read_bytes_per_sec * ratio;
        let despool = delivered(read.min(drive).min(port));
        // The despool phase with what binds it relieved: the next least of the disk's read, the drive
        // and its port.
        let mut limits = [read, drive, port];
        limits.sort_by(f64::total_cmp);
        let despool_relieved = delivered(limits[1]);
        // The spool phase with the disk's write (or the server, whichever is less) relieved.
        let write = s.stage_write_bytes_per_sec * ratio;
        let spool_relieved = write.max(server);
        (spool, despool, spool_relieved, despool_relieved)
    });
    // A job's ceiling depends only on what it sets of its own (file size, link, ports, streams), and
    // most jobs of a list share a few such sets: each set's ceiling is worked out once.
    let mut known: Vec<(Own, (f64, StageId))> = Vec::new();
    jobs.iter()
        .map(|job| {
            let data = if job.data_bytes > 0.0 { job.data_bytes.min(most) } else { 0.0 };
            let own = own_values(s, job);
            let (mut ceiling, mut stage) = match known.iter().find(|(k, _)| *k == own) {
                Some((_, found)) => *found,
                None => {
                    let mut js = job_scenario(s, job);
                    js.data_set_bytes = data;
                    let found = client_ceiling(&js);
                    if known.len() < 64 {
                        known.push((own, found));
                    }
                    found
                }
            };
            if let Some((spool, despool, spool_relieved, despool_relieved)) = serial {
                // The phases run one after the other, so the stage named is the one whose relief gains
                // most, as the single scenario's serial chain has it (the despool on a tie): a trial's
                // 1 TB job with both disk rates at 100 MB/s named the spool, whose relief gains 6 %,
                // where a faster read gains 41 %.
                let spooled = ceiling.min(spool);
                let spool_next = if spool < ceiling { ceiling.min(spool_relieved) } else { spool };
                if spool < ceiling {
                    stage = StageId::Spool;
                }
                let gains_spool = in_series(spool_next, despool);
                let gains_despool = in_series(spooled, despool_relieved.max(despool));
                if gains_despool * (1.0 + 1e-12) >= gains_spool {
                    stage = StageId::Despool;
                }
                ceiling = in_series(spooled, despool);
            }
            Prepared {
                data,
                ceiling,
                stage,
                files_per_byte: 1.0 / own.0,
                priority: job.priority.map_or(f64::INFINITY, f64::from),
                stretches: Vec::new(),
            }
        })
        .collect()
}

/// `[longest job alone, total drive time / (drives x sessions), total data / aggregate rate, two of the
/// k + 1 longest in one session]` and the catalogue's time, seconds, for `drives` drives with `sessions`
/// sessions each (`k = drives x sessions`); the aggregate rate, bytes/s.
///
/// Each part is provable for any order and placement. A job never runs faster than `u`, the least of
/// its ceiling and [`Shared::fastest`], and its drive changes at least `ceil(data / cartridge) - 1`
/// cartridges while it writes ([`Changes::fewest_sec`]), so it holds a session for at least
/// `data / u` plus those changes: the longest
/// such time bounds the night, and since at most `drives x sessions` sessions are ever held, so does
/// their sum over that product. Sessions on one drive share the drive, so a drive's jobs may take
/// longer than that, never shorter: the sum is not divided by more than the sessions there are, and
/// where several sessions would each want the whole drive, the third part (all the data through the
/// drives, ports and server) is the binding one. The catalogue records every file in turn. The fourth:
/// with more jobs than the `k` sessions, the `k + 1` longest cannot all run at once, and two jobs that
/// never run at the same time run one after the other, so `t_k + t_(k+1)` (the k-th and (k+1)-th
/// longest hold times) is a bound too: two of those `k + 1` must be apart, or every pair would overlap,
/// and intervals on a line that overlap pairwise share a moment, when `k + 1` would run (three equal
/// jobs on two drives of one session: two of them in turn, not 1.5 jobs' time). 0 with `k` jobs or
/// fewer.
pub(super) fn bound_parts(
    s: &Scenario,
    sh: &Shared,
    jobs: &[Prepared],
    drives: u32,
    sessions: u32,
) -> ([f64; 4], f64, f64) {
    let n = f64::from(drives.max(1));
    let aggregate = (n * sh.drive).min(sh.through_ports(drives)).min(sh.server);
    let fastest = sh.fastest();
    let changes = Changes::of(s);
    let (mut longest, mut held, mut total, mut files) = (0.0f64, 0.0, 0.0, 0.0);
    let mut times = Vec::with_capacity(jobs.len());
    for p in jobs {
        let t = if p.data > 0.0 {
            p.data / p.ceiling.min(fastest) + changes.map_or(0.0, |c| c.fewest_sec(p.data))
        } else {
            0.0
        };
        longest = longest.max(t);
        held += t;
        total += p.data;
        files += p.data * p.files_per_byte;
        times.push(t);
    }
    let catalogue = sh.catalogue.map_or(0.0, |_| files * s.catalogue_sec());
    let at_once = drives.max(1) as usize * sessions.max(1) as usize;
    let pair = match two_in_one_session(&times, at_once) {
        Some((a, b)) => times[a] + times[b],
        None => 0.0,
    };
    let parts =
        [longest, held / (n * f64::from(sessions.max(1))), if total > 0.0 { total / aggregate } else { 0.0 }, pair];
    (parts, catalogue, aggregate)
}

/// The k-th and (k+1)-th longest of `times` (indices), two of which share one of `at_once` sessions in any
/// schedule ([`bound_parts`]'s fourth part); `None` with `at_once` jobs or fewer.
pub(super) fn two_in_one_session(times: &[f64], at_once: usize) -> Option<(usize, usize)> {
    if times.len() <= at_once || at_once == 0 {
        return None;
    }
    let longest_first = order_by(times.iter().map(|t| -t));
    Some((longest_first[at_once - 1], longest_first[at_once]))
}

/// Schedules the scenario's jobs on the drives, or for a repository target into the repository and
/// (with `copy_to_tape`) their copies onto the drives ([`super::repository`]); `None` without jobs or
/// for an NFS target.
pub fn schedule(scenario: &Scenario, jobs: &[Job]) -> Option<Schedule> {
    if jobs.is_empty() || scenario.target == Target::Nfs {
        return None;
    }
    if scenario.target == Target::Repository {
        return Some(super::repository::schedule(scenario, jobs));
    }
    let s = scenario.sanitized();
    let prepared = prepare(&s, jobs);
    let sh = Shared::of(&s);
    let order = s.job_order;
    let window = if s.backup_window_sec > 0.0 { s.backup_window_sec } else { f64::INFINITY };
    // Drives beyond `drives_at_once` stand unused: the schedule and its bound are those of the rest.
    let in_use = s.drives_in_use();
    let mut run = simulate(&s, &sh, &prepared, order, in_use, window, f64::INFINITY);
    let listed = if order == JobOrder::Listed {
        run.makespan
    } else {
        simulate(&s, &sh, &prepared, JobOrder::Listed, in_use, f64::INFINITY, f64::INFINITY).makespan
    };
    let bound = bound_parts(&s, &sh, &prepared, in_use, s.sessions_per_drive);
    let (parts, catalogue_time, aggregate) = bound;
    let lower_bound = parts.iter().fold(catalogue_time, |a, b| a.max(*b));
    let mut busy = vec![0.0; in_use as usize];
    // A drive is busy while any of its jobs runs: merge each drive's job intervals.
    for (d, busy_time) in busy.iter_mut().enumerate() {
        let spans: Vec<(f64, f64)> = run.jobs.iter().filter(|j| j.drive == d).map(|j| (j.start, j.end)).collect();
        let spans = order_by(spans.iter().map(|s| s.0)).into_iter().map(|i| spans[i]);
        let mut covered = 0.0;
        let mut current: Option<(f64, f64)> = None;
        for (a, b) in spans {
            current = match current {
                Some((s0, e0)) if a <= e0 => Some((s0, e0.max(b))),
                Some((s0, e0)) => {
                    covered += e0 - s0;
                    Some((a, b))
                }
                None => Some((a, b)),
            };
        }
        if let Some((s0, e0)) = current {
            covered += e0 - s0;
        }
        *busy_time = covered;
    }
    let makespan = run.makespan;
    let idle = busy.iter().map(|b| (makespan - b).max(0.0)).collect();
    let long_pole = run.jobs.iter().enumerate().max_by(|a, b| a.1.end.total_cmp(&b.1.end)).map_or(0, |(i, _)| i);
    let scheduled = jobs
        .iter()
        .zip(&prepared)
        .zip(&mut run.jobs)
        .map(|((job, p), r)| {
            let in_window = r.end <= window;
            ScheduledJob {
                name: job.name.clone(),
                data_bytes: p.data,
                drive: r.drive,
                start_sec: r.start,
                end_sec: r.end,
                bytes_per_sec: if r.end > r.start { p.data / (r.end - r.start) } else { 0.0 },
                ceiling_bytes_per_sec: p.ceiling,
                ceiling_stage: p.stage,
                in_window,
                left_after_window_bytes: match (in_window, r.left.is_nan()) {
                    (true, _) => 0.0,
                    // Not started when the window closed.
                    (false, true) => p.data,
                    (false, false) => r.left.clamp(0.0, p.data),
                },
                handling_sec: r.handling,
                // A job that never ends is read through nothing but itself.
                drive_bytes_while_running: if r.end.is_finite() { r.drive_bytes.max(p.data) } else { p.data },
                drive_bytes_at_end: r.drive_written_at_end,
            }
        })
        .collect();
    let long_pole_alone = prepared.get(long_pole).map_or((0.0, StageId::TapeDrives), |p| {
        let fastest = sh.fastest();
        if p.ceiling <= fastest {
            (p.ceiling, p.stage)
        } else {
            (fastest, super::answer::fastest_stage(&s, &sh))
        }
    });
    let hold = shared_hold(&s, &sh, bound, makespan, 0.99);
    Some(Schedule {
        jobs: scheduled,
        makespan_sec: makespan,
        lower_bound_sec: lower_bound,
        lower_bound_parts: parts,
        long_pole,
        long_pole_alone,
        one_drive_bytes_per_sec: sh.fastest(),
        listed_order_makespan_sec: listed,
        drive_busy_sec: busy,
        drive_idle_sec: idle,
        throughput_steps: std::mem::take(&mut run.steps),
        aggregate_bytes_per_sec: aggregate,
        order,
        window_sec: if window.is_finite() { window } else { 0.0 },
        target: Target::Tape,
        copy: None,
        drive_handling: std::mem::take(&mut run.handling),
        changes: Changes::of(&s),
        connection_fixes: connection_fixes(&s),
        drive_ports: (sh.ports, sh.port),
        shared_hold: hold,
        shared_near: if hold.is_none() { shared_hold(&s, &sh, bound, makespan, 0.9) } else { None },
        fewer_at_once: fewer_at_once(&s, &sh, &prepared, makespan),
        held_back: (in_use < s.drives).then_some((in_use, s.drives)),
        server_outrun: server_outrun(&s, &sh),
        shared_floor: shared_floor(&s, &sh, prepared.iter().map(|p| p.data).sum()),
    })
}

/// [`Schedule::shared_floor`]: `data` bytes over the least of every port at once and the server.
fn shared_floor(s: &Scenario, sh: &Shared, data: f64) -> Option<(StageId, f64)> {
    let ports = f64::from(sh.ports) * sh.port;
    let (stage, capacity) =
        if ports <= sh.server { (drive_ports(s).0, ports) } else { (super::answer::server_stage(s, sh), sh.server) };
    (capacity > 0.0 && sh.ports > 0).then(|| (stage, data / capacity))
}

/// [`Schedule::connection_fixes`] for `s`: the TCP connections', then the SSH connections'.
pub(super) fn connection_fixes(s: &Scenario) -> [&'static str; 2] {
    let fix = |stage| crate::chain::connection_remedy(s, stage).unwrap_or("more streams");
    [fix(StageId::Distance), fix(StageId::SshConnections)]
}

/// The night of `jobs` on `s` (already in range): (makespan, lower bound), seconds, started in the
/// scenario's order. The lower bound alone is worked out first and, when it already exceeds
/// `give_up_above` seconds, the jobs are not simulated; a run whose clock passes `give_up_above` stops
/// there (the makespan is infinite in both cases): what the searches of [`super::answer`] need, one
/// schedule per count they try, and only as far as it takes to see whether it fits.
pub(super) fn night(s: &Scenario, jobs: &[Job], give_up_above: f64) -> (f64, f64) {
    let prepared = prepare(s, jobs);
    let sh = Shared::of(s);
    let bound = lower_bound(s, &sh, &prepared);
    if bound > give_up_above {
        return (f64::INFINITY, bound);
    }
    (simulate(s, &sh, &prepared, s.job_order, s.drives_in_use(), f64::INFINITY, give_up_above).makespan, bound)
}

/// The lower bound of the night of `jobs` on `s` (already in range), seconds, with no schedule made.
pub(super) fn night_bound(s: &Scenario, jobs: &[Job]) -> f64 {
    lower_bound(s, &Shared::of(s), &prepare(s, jobs))
}

/// The three-part lower bound and the catalogue's, whichever is longest.
fn lower_bound(s: &Scenario, sh: &Shared, prepared: &[Prepared]) -> f64 {
    let (parts, catalogue, _) = bound_parts(s, sh, prepared, s.drives_in_use(), s.sessions_per_drive);
    parts.iter().fold(catalogue, |a, b| a.max(*b))
}

/// The fewest drives (1 to the `drives` field's maximum, 1,024) with which the jobs finish within
/// `window_sec`, each drive keeping the scenario's sessions; `None` when none do (the longest job alone
/// misses the window) or there is no schedule. For a repository target, the fewest drives with which
/// the copies fit. The steps are [`super::fewest::Search`]'s, which the page takes one per frame.
pub fn fewest_drives(scenario: &Scenario, jobs: &[Job], window_sec: f64) -> Option<u32> {
    Search::new(scenario, jobs, window_sec, Vary::Drives).run(scenario, jobs)
}

/// The fewest sessions per drive (1 to [`super::fewest::MOST_SESSIONS_PER_DRIVE`], 32, or the scenario's
/// own count if higher) with which the jobs finish within `window_sec` on the scenario's drives; `None`
/// when none do.
pub fn fewest_sessions_per_drive(scenario: &Scenario, jobs: &[Job], window_sec: f64) -> Option<u32> {
    Search::new(scenario, jobs, window_sec, Vary::Sessions).run(scenario, jobs)
}

pub(super) struct RunJob {
    pub(super) drive: usize,
    pub(super) start: f64,
    pub(super) end: f64,
    /// Bytes left when the window closed (NaN until then).
    left: f64,
    /// Time its drive stood still for cartridge handling while the job was on it, seconds.
    pub(super) handling: f64,
    /// Logical bytes its drive wrote while it ran (less what it had written when the job started,
    /// until it ends).
    pub(super) drive_bytes: f64,
    /// Logical bytes its drive had written in all when it ended (its place on the drive's tapes).
    pub(super) drive_written_at_end: f64,
    /// The last job that held it back by reading one of its cartridges ([`Shared::cartridges`]), if one did.
    pub(super) waited_for: Option<usize>,
    /// For a restore, the time its drive stood still before it read its first block (a stand-still under
    /// way, then its mount or locate), seconds.
    pub(super) mounted_sec: f64,
    /// For a restore, the time it waited for cartridges other drives were reading, seconds: from when a
    /// drive first stood ready for it to its start, and its drive's stand-stills on the way.
    pub(super) cartridge_wait_sec: f64,
    /// When it read past the end of each of its [`Prepared::stretches`] but the last, seconds.
    pub(super) crossings: Vec<f64>,
}

pub(super) struct Run {
    pub(super) jobs: Vec<RunJob>,
    pub(super) makespan: f64,
    pub(super) steps: Vec<(f64, f64)>,
    /// Each drive's cartridge handling.
    pub(super) handling: Vec<DriveHandling>,
    /// For a restore, each cartridge read: (backup drive, cartridge), the job, from and to, seconds.
    pub(super) cartridge_reads: Vec<((usize, u64), usize, f64, f64)>,
    /// For a restore, each time a drive stood still for a cartridge another drive had: the drive, from
    /// and to, seconds.
    pub(super) cartridge_waits: Vec<(usize, f64, f64)>,
    /// The drives that started, when new cartridges were dealt over more starts than that (the shares
    /// left went to the drives in use, at their next changes); `None` otherwise.
    pub(super) unstarted_shares: Option<usize>,
}

/// The level `L` at which jobs of weight `w` each moving `min(L, e)` (`items` holds `(w, e)`) use
/// `capacity`: `sum(w * min(L, e)) = capacity`; infinite when they fit at their own `e`. Found by
/// raising a common level and setting aside the jobs capped below it (each pass sets aside at
/// least one, so it ends; nearly always in two or three passes). Reorders `items`.
pub(super) fn fill_level(items: &mut [(f64, f64)], capacity: f64) -> f64 {
    let demand: f64 = items.iter().map(|(w, e)| w * e).sum();
    if demand <= capacity {
        return f64::INFINITY;
    }
    let (mut capped, mut capped_use) = (0, 0.0);
    loop {
        let open_weight: f64 = items[capped..].iter().map(|(w, _)| w).sum();
        if open_weight <= 0.0 {
            return f64::INFINITY;
        }
        let level = ((capacity - capped_use) / open_weight).max(0.0);
        let before = capped;
        let mut i = capped;
        while i < items.len() {
            if items[i].1 < level {
                capped_use += items[i].0 * items[i].1;
                items.swap(capped, i);
                capped += 1;
            }
            i += 1;
        }
        if capped == before {
            return level;
        }
    }
}

/// When a drive of `rate` bytes/s, given only the jobs of `jobs` (`(bytes left, ceiling, the job being
/// placed)`, each ceiling at most `rate`), would end them all and when it would end the one being placed,
/// seconds from now: each job moves at its ceiling while their ceilings fit the drive, else at the
/// drive's fair share (the simulation's own rule, [`fill_level`]). A job sharing a drive with a faster one
/// slows it only while both run, and one capped below its share never catches up, so this is later than
/// all the bytes through the drive whenever the ceilings together exceed it. Empties `jobs`; `scratch` is
/// working space.
fn shared_drive_ends(jobs: &mut Vec<(f64, f64, bool)>, scratch: &mut Vec<(f64, f64)>, rate: f64) -> (f64, f64) {
    // Ceilings that fit the drive together: each job at its own, from the start.
    if jobs.iter().map(|j| j.1).sum::<f64>() <= rate {
        let (mut ends, mut placed_ends) = (0.0f64, f64::INFINITY);
        for job in jobs.drain(..) {
            let at = job.0 / job.1;
            ends = greater(ends, at);
            if job.2 {
                placed_ends = at;
            }
        }
        return (ends, placed_ends);
    }
    let (mut now, mut placed_ends) = (0.0, f64::INFINITY);
    while !jobs.is_empty() {
        scratch.clear();
        scratch.extend(jobs.iter().map(|j| (1.0, j.1)));
        let level = fill_level(scratch, rate);
        // The next to end, at its present rate.
        let Some((first, step)) = jobs
            .iter()
            .enumerate()
            .map(|(i, j)| (i, j.0 / lesser(j.1, level)))
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .filter(|(_, step)| step.is_finite())
        else {
            jobs.clear();
            return (f64::INFINITY, placed_ends);
        };
        now += step;
        for (i, job) in jobs.iter_mut().enumerate() {
            // The job that set the step ends exactly; others ending with it within rounding end too.
            job.0 = if i == first { 0.0 } else { job.0 - lesser(job.1, level) * step };
        }
        let mut i = 0;
        while i < jobs.len() {
            if jobs[i].0 <= 1e-6 {
                if jobs[i].2 {
                    placed_ends = now;
                }
                jobs.swap_remove(i);
            } else {
                i += 1;
            }
        }
    }
    (now, placed_ends)
}

/// A job running on a drive. `remaining` is as of `since`; between events a job's rate is constant,
/// so it is brought up to date only when its drive's shares change.
struct Slot {
    job: usize,
    remaining: f64,
    since: f64,
    rate: f64,
    /// The job's own ceiling and catalogue weight, kept here so the hot loops read one array.
    ceiling: f64,
    files_per_byte: f64,
    /// Below this many bytes left the job counts as done (rounding of the steps): a billionth of its
    /// data, but never a whole byte, which may need a cartridge of its own.
    done_below: f64,
    /// The stretch of [`Prepared::stretches`] it reads, and the bytes left when that stretch ends
    /// (negative infinity for the last stretch, or a job without stretches).
    stretch: usize,
    cross_below: f64,
}

impl Slot {
    fn remaining_at(&self, now: f64) -> f64 {
        self.remaining - self.rate * (now - self.since)
    }

    /// When the job reads past the end of its stretch at its present rate (infinite at the last).
    fn cross_at(&self) -> f64 {
        if self.cross_below == f64::NEG_INFINITY {
            f64::INFINITY
        } else if self.remaining <= self.cross_below {
            self.since
        } else if self.rate > 0.0 {
            self.since + (self.remaining - self.cross_below) / self.rate
        } else {
            f64::INFINITY
        }
    }

    /// Moves on to stretch `k` of `job`: its ceiling and where it ends.
    fn enter(&mut self, job: &Prepared, k: usize) {
        self.stretch = k;
        if let Some(&(_, ceiling)) = job.stretches.get(k) {
            self.ceiling = ceiling;
        }
        self.cross_below = match job.stretches.get(k) {
            Some(&(to, _)) if k + 1 < job.stretches.len() => job.data - to,
            _ => f64::NEG_INFINITY,
        };
    }

    /// When the job ends at its present rate.
    fn end_at(&self) -> f64 {
        if self.remaining <= self.done_below {
            self.since
        } else if self.rate > 0.0 {
            self.since + self.remaining / self.rate
        } else {
            f64::INFINITY
        }
    }
}

/// One drive during the simulation: its jobs and what was last worked out for them.
struct DriveRun {
    slots: Vec<Slot>,
    /// Its jobs changed since their shares were last set.
    dirty: bool,
    /// The level at which the drive itself fills (infinite when its jobs fit).
    level: f64,
    /// What it passes with its own level applied, bytes/s.
    passed: f64,
    /// The level its jobs were last held to (drive, port and server together).
    applied: f64,
    /// What it moves, after speed matching, bytes/s.
    moved: f64,
    /// When its first job ends, its cartridge fills or its handling ends.
    next_end: f64,
    /// Logical bytes on its mounted cartridge as of `written_since`.
    on_cartridge: f64,
    written_since: f64,
    /// Logical bytes it has written tonight as of `total_since` (it moves `moved` bytes/s since).
    total: f64,
    total_since: f64,
    /// When the mounted cartridge fills at the present rate (infinite without handling).
    full_at: f64,
    /// Until when it stands still changing or optimising a cartridge (moving nothing), seconds.
    paused_until: f64,
    /// New cartridges it still has to load tonight.
    new_left: u64,
    /// Whether a job has come to it yet (its first cartridge is mounted when the night starts).
    used: bool,
    handling: DriveHandling,
    /// For a restore, the cartridge in it (backup drive, cartridge), and the one it waits for while
    /// another drive reads it (standing still meanwhile).
    loaded: Option<(usize, u64)>,
    waiting_for: Option<(usize, u64)>,
    /// Since when it has waited for `waiting_for`, seconds.
    waiting_since: f64,
}

impl DriveRun {
    fn paused(&self, now: f64) -> bool {
        self.paused_until > now
    }

    /// Logical bytes written tonight by `now`.
    fn written_by(&self, now: f64) -> f64 {
        self.total + self.moved * (now - self.total_since)
    }

    /// How long a job started now waits for the drive, seconds: a stand-still under way, or a new
    /// cartridge to optimise before the drive's first job.
    fn waits(&self, now: f64, changes: &Option<Changes>) -> f64 {
        let optimising = match changes {
            Some(c) if !self.used && self.new_left > 0 => c.optimisation_sec,
            _ => 0.0,
        };
        (self.paused_until - now).max(0.0) + optimising
    }

    /// Loads the next cartridge ([`Changes::load`]): a change (none for the one mounted when the night
    /// starts), and its media optimisation when it is one of the drive's new cartridges.
    /// A change takes one of the `spare` new cartridges when the drive has none of its own left.
    fn load_next(&mut self, now: f64, changes: &Changes, first: bool, spare: &mut u64, result: &mut [RunJob]) {
        if !first && self.new_left == 0 && *spare > 0 {
            *spare -= 1;
            self.new_left = 1;
        }
        self.load(now, changes, if first { 0.0 } else { changes.change_sec }, result);
    }

    /// A restore's job mounts its own first cartridge: load and locate on an empty drive, a whole
    /// change after another job. Returns the time the drive stands still, seconds. A job whose first
    /// block lies on the cartridge already in the drive (the one the job before it ended on) only
    /// locates it.
    fn mount(
        &mut self,
        now: f64,
        changes: &Changes,
        cartridge: Option<(usize, u64)>,
        unloaded_at: f64,
        result: &mut [RunJob],
    ) -> f64 {
        if cartridge.is_some() && cartridge == self.loaded {
            let sec = changes.locate_sec;
            self.handling.sec += sec;
            self.handling.still.push((now, now + sec));
            self.paused_until = now + sec;
            self.written_since = now;
            self.dirty = true;
            for slot in &self.slots {
                result[slot.job].handling += sec;
            }
            return sec;
        }
        // A drive holding another cartridge (one the tier before left) unloads it first; the cartridge is
        // loaded once the drive that read it last has unloaded it (`unloaded_at`: a trial's pass started
        // on an empty drive 17 s before the other drive could hand its cartridge over).
        let own = if self.used || self.loaded.is_some() { changes.change_sec } else { changes.mount_sec };
        let motion = own.max((unloaded_at - now).max(0.0) + changes.mount_sec);
        self.loaded = cartridge;
        self.load(now, changes, motion, result)
    }

    /// A fresh cartridge after `motion_sec`, the drive standing still meanwhile: every job on it waits,
    /// and a job that comes meanwhile waits for the rest.
    fn load(&mut self, now: f64, changes: &Changes, motion_sec: f64, result: &mut [RunJob]) -> f64 {
        let sec = changes.load(now, motion_sec, &mut self.new_left, &mut self.handling);
        self.on_cartridge = 0.0;
        self.written_since = now;
        if sec > 0.0 {
            self.paused_until = now + sec;
            self.dirty = true;
            for slot in &self.slots {
                result[slot.job].handling += sec;
            }
        }
        sec
    }
}

/// The greater of two figures, none of them NaN (cheaper than `f64::max`, which minds NaN).
fn greater(a: f64, b: f64) -> f64 {
    if b > a {
        b
    } else {
        a
    }
}

/// The lesser of two rates, none of them NaN (cheaper than `f64::min`, which minds NaN).
fn lesser(a: f64, b: f64) -> f64 {
    if b < a {
        b
    } else {
        a
    }
}

/// The simulation proper, with `drives` drives.
///
/// Each event (a job ends, the next starts) recomputes the shares. The stages nest (a drive's jobs
/// are a subset of its port's, a port's of the server's), and on nested stages progressive filling is
/// the same as filling each stage bottom-up: a drive fills at the level where its jobs, each capped by
/// its ceiling, use its capacity; a port at the level where its jobs, capped by that, use its own; the
/// server's stages likewise. A job gets the least of its ceiling and its stages' levels. Most stages
/// are not full, and their sums show it, so levels are sought only where they bind, and a drive whose
/// jobs and levels did not change keeps its shares: an event costs little more than one pass over
/// the drives.
///
/// `give_up_after` (seconds) ends the run as soon as its clock passes it, with an infinite makespan
/// and the jobs' times as far as they got: a search that only asks whether the night fits a window
/// learns it then (`f64::INFINITY` runs to the end).
pub(super) fn simulate(
    s: &Scenario,
    sh: &Shared,
    jobs: &[Prepared],
    order: JobOrder,
    drives: u32,
    window: f64,
    give_up_after: f64,
) -> Run {
    let mut run = simulate_dealt(s, sh, jobs, order, drives, window, give_up_after, None);
    // Fewer drives started than the new cartridges were dealt over (jobs joined a drive in use, its
    // sessions free, rather than start one that optimises first): dealt again over the drives that did
    // start, until as many start as they are dealt over (the starts fall each time, and over one start
    // the first drive takes a new cartridge, as the night's first load must: three jobs of 1 TB on three
    // drives of three sessions each all joined drive 1 and optimised none).
    while let Some(started) = run.unstarted_shares {
        run = simulate_dealt(s, sh, jobs, order, drives, window, give_up_after, Some(started));
    }
    run
}

/// [`simulate`] with the night's new cartridges dealt over `new_starts` drive starts (`None`: as many
/// as there are drives and jobs with data, whichever fewer).
#[allow(clippy::too_many_arguments)]
fn simulate_dealt(
    s: &Scenario,
    sh: &Shared,
    jobs: &[Prepared],
    order: JobOrder,
    drives: u32,
    window: f64,
    give_up_after: f64,
    new_starts: Option<usize>,
) -> Run {
    let (global, port_capacity, drive_capacity, catalogue) = (&sh.global, sh.port, sh.drive, sh.catalogue);
    let drive_model = drive_of(s, &Relief(None));
    let ratio = s.reduction_ratio();
    let n_drives = drives.max(1) as usize;
    let sessions = s.sessions_per_drive.max(1) as usize;
    let used_ports = (sh.ports as usize).min(n_drives);
    // What each drive gives a job when its port's drives are all busy: the placement's yardstick.
    let drive_rate: Vec<f64> = (0..n_drives).map(|d| sh.drive_rate(d, n_drives)).collect();
    let mut queue = queue(jobs, order, drive_rate.iter().copied().fold(0.0, f64::max));
    let mut next = 0;
    // For a restore (`Shared::cartridges`): the cartridge each running job reads, as (backup drive,
    // cartridge) and the job; the one each job is on; the cartridges let go at this event.
    let mut cartridges_held: Vec<((usize, u64), usize, f64)> = Vec::new();
    let mut cartridge_reads: Vec<((usize, u64), usize, f64, f64)> = Vec::new();
    // When each cartridge read was last let go of, by backup drive and cartridge (a scan of the reads at
    // each start would grow with the square of the jobs; a hash map cost the page 3.5 KB).
    let mut let_go_at: Vec<Vec<f64>> = Vec::new();
    let mark_let_go = |let_go_at: &mut Vec<Vec<f64>>, (drive, cartridge): (usize, u64), at: f64| {
        if let_go_at.len() <= drive {
            let_go_at.resize(drive + 1, Vec::new());
        }
        let row = &mut let_go_at[drive];
        let k = cartridge as usize;
        if row.len() <= k {
            row.resize(k + 1, f64::NEG_INFINITY);
        }
        row[k] = at;
    };
    let mut cartridge_waits: Vec<(usize, f64, f64)> = Vec::new();
    let mut reading: Vec<u64> = vec![0; if sh.cartridges.is_empty() { 0 } else { jobs.len() }];
    let mut let_go: Vec<(usize, u64)> = Vec::new();
    // Since when each waiting job has had a drive ready but not its first cartridge (NaN: not yet).
    let mut blocked_since: Vec<f64> = vec![f64::NAN; reading.len()];
    let needs = |job: usize| sh.cartridges.get(job).copied().flatten();
    // The catalogue's files/s level the jobs' rates were last set with (NaN: none yet).
    let mut applied_files_level = f64::NAN;
    let changes = Changes::of(s).map(|c| Changes { mount_per_job: sh.reads, ..c });
    // For a restore: the job of a higher tier (a lower priority) that starting `q` now would hold up at
    // a cartridge, if one: one waiting ahead of it in the queue (`ahead`) whose cartridges q's overlap, or
    // a running one that would come to a cartridge of q's while q reads it (each at its present rate, q
    // at the least of its ceiling and a drive's). The next job whose first cartridge is free starts
    // before one waiting for its own, but not by taking a cartridge from a higher tier: a tier-1 job on
    // a tier-0 job's next cartridge held tier 0 past its objective, and more drives made it later.
    let holds_up = |q: usize, ahead: &[usize], drives: &[DriveRun], reading: &[u64], now: f64| -> Option<usize> {
        let c = changes.as_ref()?;
        let rq = needs(q)?;
        let per = c.per_cartridge;
        let higher = |h: usize| jobs[h].priority < jobs[q].priority;
        let shared = |r: CartridgeRun, from: u64| r.drive == rq.drive && from.max(rq.first) <= r.last.min(rq.last);
        if let Some(&b) = ahead.iter().find(|&&b| higher(b) && needs(b).is_some_and(|rb| shared(rb, rb.first))) {
            return Some(b);
        }
        let rate_q = lesser(jobs[q].ceiling, drive_capacity).max(1e-9);
        let start = now + c.mount_sec;
        // When q comes to its cartridge `k` and when it has read past it, seconds.
        let on_q = |k: u64| {
            let to_first_end = per - rq.offset_bytes;
            let before = if k == rq.first { 0.0 } else { to_first_end + (k - rq.first - 1) as f64 * per };
            let past = (to_first_end + (k - rq.first) as f64 * per).min(jobs[q].data);
            (start + before / rate_q, start + past / rate_q)
        };
        for drive in drives {
            for slot in &drive.slots {
                let h = slot.job;
                let Some(rh) = needs(h).filter(|&rh| higher(h) && shared(rh, reading[h] + 1)) else { continue };
                // Standing still for a cartridge another drive has: it comes to the rest when it is let go.
                if drive.waiting_for.is_some() {
                    return Some(h);
                }
                let rate_h = if slot.rate > 0.0 { slot.rate } else { lesser(slot.ceiling, drive_capacity) }.max(1e-9);
                let left_on_cartridge = (per - drive.on_cartridge - drive.moved * (now - drive.written_since)).max(0.0);
                let still = (drive.paused_until - now).max(0.0);
                let from = (reading[h] + 1).max(rq.first);
                for k in from..=rh.last.min(rq.last).min(from + 64) {
                    let comes = now + still + (left_on_cartridge + (k - reading[h] - 1) as f64 * per) / rate_h;
                    let (reaches, past) = on_q(k);
                    if reaches < comes && past > comes {
                        return Some(h);
                    }
                }
            }
        }
        None
    };
    let mut result: Vec<RunJob> = (0..jobs.len())
        .map(|_| RunJob {
            drive: 0,
            start: 0.0,
            end: f64::INFINITY,
            left: f64::NAN,
            handling: 0.0,
            drive_bytes: 0.0,
            drive_written_at_end: f64::NAN,
            waited_for: None,
            mounted_sec: 0.0,
            cartridge_wait_sec: 0.0,
            crossings: Vec::new(),
        })
        .collect();
    // The night's new cartridges, dealt over the drives in the order they start (`Changes::shares`): a
    // drive not yet started would load the next start's, so no job dodges them by taking an idle drive;
    // the rest (and any no start takes) are loaded at the drives' changes as they come.
    // The starts are taken to be the queue's first jobs with data, in its order, so the smallest of
    // them get the new cartridges ([`Changes::shares_by_size`]).
    let (new_shares, mut spare_new) = changes.as_ref().map_or((Vec::new(), 0), |c| {
        let starts = new_starts.unwrap_or_else(|| n_drives.min(jobs.iter().filter(|j| j.data > 0.0).count()));
        let first: Vec<f64> = queue.iter().map(|&j| jobs[j].data).filter(|d| *d > 0.0).take(starts).collect();
        if first.len() == starts {
            c.shares_by_size(&first)
        } else {
            c.shares(starts)
        }
    });
    let mut unstarted_shares = None;
    let mut starts = 0usize;
    let mut shares_dealt = false;
    let mut drives: Vec<DriveRun> = (0..n_drives)
        .map(|d| DriveRun {
            slots: Vec::with_capacity(sessions),
            dirty: false,
            level: f64::INFINITY,
            passed: 0.0,
            applied: f64::NAN,
            moved: 0.0,
            next_end: f64::INFINITY,
            on_cartridge: 0.0,
            written_since: 0.0,
            total: 0.0,
            total_since: 0.0,
            full_at: f64::INFINITY,
            paused_until: f64::NEG_INFINITY,
            new_left: new_shares.first().copied().unwrap_or(u64::from(spare_new > 0)),
            used: false,
            handling: DriveHandling::default(),
            loaded: sh.loaded_at_start.get(d).copied().flatten(),
            waiting_for: None,
            waiting_since: 0.0,
        })
        .collect();
    let mut running = 0usize;
    let mut steps = Vec::new();
    let mut now = 0.0;
    let mut window_passed = false;
    let mut items: Vec<(f64, f64)> = Vec::with_capacity(n_drives * sessions);
    let mut alone_on_drive: Vec<(f64, f64, bool)> = Vec::with_capacity(sessions);
    // When the latest drive's work ends, as each job's placement foresaw it, seconds.
    let mut foreseen_end = 0.0;
    let mut port_level = vec![f64::INFINITY; used_ports];
    // Drives with a job on each port, as jobs start.
    let mut port_busy = vec![0usize; used_ports];
    loop {
        // Start waiting jobs, each on the drive with a free session where it would finish first (Graham's
        // LPT, in the form for machines of different speeds: T. Gonzalez, O. H. Ibarra and S. Sahni,
        // "Bounds for LPT schedules on uniform processors", SIAM J. Comput. 6 (1977)): the time the
        // drive's jobs and this one would take at the drive's rate (all their data through it, and none
        // faster than it and its own ceiling allow). Drives sharing a port are slower by that rate, so the
        // longest jobs go to drives with a port of their own. With several sessions per drive a job may
        // join a drive without ending it later (a long pole held by its own link leaves the drive room):
        // what is compared is then the night so far with the job there (the later of that drive's finish
        // and every other drive's), and at an equal night the job's own finish at its share of the drive
        // (not the drive's, which would crowd it onto a drive with less room: a trial's mail job joined
        // three others at 59 MB/s each beside a drive giving db 113 of its 237 MB/s). At an equal finish
        // the drive whose present work frees it first is taken (the job then shares it least), then the
        // lowest.
        // Drives with a job on each port; kept up as jobs start below.
        port_busy.iter_mut().for_each(|v| *v = 0);
        for (d, _) in drives.iter().enumerate().filter(|(_, dr)| !dr.slots.is_empty()) {
            port_busy[d % used_ports] += 1;
        }
        while next < queue.len() {
            // The job to start: the queue's head, or for a restore the first waiting job whose first
            // cartridge is in no drive and that would hold up no higher tier (none: each waits). The jobs it
            // passes keep their order, and each, when a drive stands ready for it, records the job it waits for.
            let mut at = next;
            if !sh.cartridges.is_empty() {
                // With no drive ready nothing starts (as the search below finds), and a job held back by a
                // job still running is held back still: neither is looked at again.
                if drives.iter().all(|d| d.slots.len() >= sessions) {
                    break;
                }
                while let Some(&job) = queue.get(at) {
                    let first = needs(job).map(|c| (c.drive, c.first));
                    let by = match cartridges_held.iter().find(|h| Some(h.0) == first) {
                        Some(&(_, by, _)) => Some(by),
                        // Its first cartridge is free: it still waits where it would hold one a job of a
                        // higher tier comes to while it has it.
                        None => holds_up(job, &queue[next..at], &drives, &reading, now),
                    };
                    let Some(by) = by else { break };
                    result[job].waited_for = Some(by);
                    if blocked_since[job].is_nan() {
                        blocked_since[job] = now;
                    }
                    at += 1;
                }
                if at == queue.len() {
                    break;
                }
            }
            let job = queue[at];
            let (data, ceiling) = (jobs[job].data, jobs[job].ceiling);
            // The night so far, as each job's placement foresaw it (the latest drive's end with its jobs at
            // their drive's rate), from now. With the job on drive `d` the night is the later of that and
            // `d`'s end with it.
            let night_so_far = greater(foreseen_end - now, 0.0);
            let ranks = |a: f64, b: f64| {
                if a < b * (1.0 - 1e-9) {
                    Some(true)
                } else if a > b * (1.0 + 1e-9) {
                    Some(false)
                } else {
                    None
                }
            };
            // (drive, the night with the job there, the job's own finish, when the drive's present work
            // frees it), seconds; compared in that order.
            let mut best: Option<(usize, f64, f64, f64)> = None;
            let beats = |best: Option<(usize, f64, f64, f64)>, night: f64, own: f64, frees: f64| match best {
                None => true,
                Some((_, at, own_at, free)) => ranks(night, at).or_else(|| ranks(own, own_at)).unwrap_or(frees < free),
            };
            // What each drive could give the job: the drive, and its share of its port among the drives
            // on it that will be busy (those busy now and the port's share of the jobs still to start,
            // this one included), and the server. With every drive on a port counted busy whatever the
            // jobs, two long jobs went to drives on one port while the other port stood idle.
            let waiting = (queue.len() - next).div_ceil(used_ports);
            let avail = |d: usize| {
                let p = d % used_ports;
                let busy = (port_busy[p] + waiting).clamp(1, drives_on_port(d, n_drives, sh.ports));
                lesser(lesser(drive_capacity, port_capacity / busy as f64), sh.server)
            };
            // An empty drive that gives the most, ready now: no drive ends the job sooner or lengthens the
            // night less, and a drive with work is less free, so only the empty drives ready now before it
            // can match it (a slower one the job's ceiling does not notice): the first that does is taken.
            let empty_now = |drive: &DriveRun| drive.slots.is_empty() && drive.waits(now, &changes) <= 0.0;
            let open = |drive: &DriveRun| drive.slots.len() < sessions;
            let most = drives.iter().enumerate().filter(|(_, dr)| open(dr)).map(|(d, _)| avail(d)).fold(0.0, greater);
            let ready = drives.iter().enumerate().position(|(d, drive)| empty_now(drive) && avail(d) >= most);
            if let Some(r) = ready {
                let own_at = |d: usize| data / lesser(ceiling, avail(d));
                let as_fast = |d: usize| empty_now(&drives[d]) && own_at(d) <= own_at(r) * (1.0 + 1e-9);
                // A restore's job goes, among those, to the drive that has its first cartridge in it (a
                // locate rather than a change).
                let first = needs(job).map(|c| (c.drive, c.first));
                let holding = first.and_then(|f| (0..n_drives).find(|&d| drives[d].loaded == Some(f) && as_fast(d)));
                // Else to an empty one with no cartridge in it (a mount, not an unload first), leaving a
                // cartridge a tier before left in a drive to the job that reads it (a trial's tier 1 took
                // the drive holding its other job's first cartridge: 74 s there and 57 s on the other
                // drive, waiting, where 45 s and 57 s would do).
                let empty = (0..n_drives).find(|&d| drives[d].loaded.is_none() && as_fast(d));
                let d = holding.or(empty).or_else(|| (0..=r).find(|&d| as_fast(d))).unwrap_or(r);
                best = Some((d, greater(own_at(d), night_so_far), own_at(d), 0.0));
            }
            // A start dealt a new cartridge is taken by the job that comes to it: its optimisation is the
            // night's whichever drive runs it, so a job that joined a busy drive to dodge it only moved it
            // onto a longer job's drive when the cartridges were dealt again (listed longest first, 720 GB
            // and 360 GB on two LTO-9s with one new cartridge: the 360 GB job joined the 720 GB job's
            // drive, the re-deal gave that drive the cartridge, 2 h 26 min where 1 h 46 min was there).
            let must_start = !sh.reads && new_shares.get(starts).is_some_and(|&n| n > 0);
            let starts_or_joins = |drive: &DriveRun| !must_start || !drive.used;
            for (d, drive) in
                drives.iter().enumerate().filter(|(_, d)| ready.is_none() && open(d) && starts_or_joins(d))
            {
                let rate = avail(d);
                let waits = drive.waits(now, &changes);
                let cap = lesser(ceiling, rate);
                let (mut sum, mut alone, mut caps) = (0.0, 0.0, cap);
                for slot in &drive.slots {
                    let left = greater(slot.remaining_at(now), 0.0);
                    let slot_cap = lesser(slot.ceiling, rate);
                    sum += left;
                    alone = greater(alone, left / slot_cap);
                    caps += slot_cap;
                }
                let frees = greater(sum / rate, alone) + waits;
                let own_at_least = data / cap + waits;
                // What no sharing of the drive can beat: a drive that cannot beat the best found is not
                // simulated (with many drives most are not).
                if !beats(best, greater(greater(frees, own_at_least), night_so_far), own_at_least, frees) {
                    continue;
                }
                let (finishes, own) = if caps <= rate {
                    // The ceilings fit the drive together: each job at its own.
                    (greater(alone + waits, own_at_least), own_at_least)
                } else {
                    alone_on_drive.clear();
                    alone_on_drive.extend(
                        drive
                            .slots
                            .iter()
                            .map(|slot| (greater(slot.remaining_at(now), 0.0), lesser(slot.ceiling, rate), false)),
                    );
                    alone_on_drive.push((data, cap, true));
                    let (finishes, own) = shared_drive_ends(&mut alone_on_drive, &mut items, rate);
                    (finishes + waits, own + waits)
                };
                let night = greater(finishes, night_so_far);
                if beats(best, night, own, frees) {
                    best = Some((d, night, own, frees));
                }
            }
            let Some((d, night_with, _, _)) = best else {
                break;
            };
            queue[next..=at].rotate_right(1);
            next += 1;
            if let Some(c) = needs(job) {
                cartridges_held.push(((c.drive, c.first), job, now));
                reading[job] = c.first;
                if blocked_since[job].is_finite() {
                    result[job].cartridge_wait_sec += now - blocked_since[job];
                }
            }
            result[job].drive = d;
            result[job].start = now;
            result[job].drive_bytes = -drives[d].written_by(now);
            let mut slot = Slot {
                job,
                remaining: jobs[job].data,
                since: now,
                rate: 0.0,
                ceiling: jobs[job].ceiling,
                files_per_byte: jobs[job].files_per_byte,
                done_below: (jobs[job].data * 1e-9).min(0.5),
                stretch: 0,
                cross_below: f64::NEG_INFINITY,
            };
            slot.enter(&jobs[job], 0);
            drives[d].slots.push(slot);
            let drive = &mut drives[d];
            drive.dirty = true;
            running += 1;
            if drive.slots.len() == 1 {
                port_busy[d % used_ports] += 1;
            }
            let first_use = !drive.used;
            // A start past those dealt takes its first cartridge from the new ones left, while any are.
            let from_spare = first_use && starts >= new_shares.len() && drive.new_left > 0;
            if let Some(c) = &changes {
                if c.mount_per_job && jobs[job].data > 0.0 {
                    // Any stand-still under way ends first; the mount follows it.
                    let waiting = (drive.paused_until - now).max(0.0);
                    result[job].handling += waiting;
                    let run = needs(job);
                    // A cartridge another drive let go of just now is in that drive until it is unloaded.
                    let unloaded_at = run
                        .and_then(|r| let_go_at.get(r.drive)?.get(r.first as usize))
                        .map_or(f64::NEG_INFINITY, |at| at + (c.change_sec - c.mount_sec));
                    let mount_sec =
                        drive.mount(now + waiting, c, run.map(|r| (r.drive, r.first)), unloaded_at, &mut result);
                    result[job].mounted_sec = waiting + mount_sec;
                    // It reads from where its first block lies on that cartridge.
                    drive.on_cartridge = run.map_or(0.0, |r| r.offset_bytes);
                } else if drive.paused(now) {
                    result[job].handling += drive.paused_until - now;
                } else if !drive.used {
                    drive.load_next(now, c, true, &mut spare_new, &mut result);
                } else if drive.on_cartridge >= c.per_cartridge * (1.0 - 1e-9) {
                    drive.load_next(now, c, false, &mut spare_new, &mut result);
                }
                drive.used = true;
            }
            if from_spare {
                spare_new = spare_new.saturating_sub(1);
            }
            if first_use && changes.is_some() {
                starts += 1;
                let next_share = new_shares.get(starts).copied().unwrap_or(u64::from(spare_new > 0));
                drives.iter_mut().filter(|d| !d.used).for_each(|d| d.new_left = next_share);
            }
            if !shares_dealt && next >= queue.len() {
                // Every job has started: first cartridges no drive's start took go to the drives' changes.
                shares_dealt = true;
                let left: u64 = new_shares.iter().skip(starts).sum();
                if left > 0 && starts > 0 {
                    unstarted_shares = Some(starts);
                }
                spare_new += left;
                drives.iter_mut().filter(|d| !d.used).for_each(|d| d.new_left = 0);
            }
            foreseen_end = greater(foreseen_end, now + night_with);
        }
        if running == 0 {
            break;
        }
        // Each drive's own level, where its jobs changed.
        for drive in drives.iter_mut().filter(|d| d.dirty) {
            if drive.paused(now) {
                // Standing still: it passes nothing and holds its jobs at nothing.
                drive.level = 0.0;
                drive.passed = 0.0;
                continue;
            }
            let sum: f64 = drive.slots.iter().map(|slot| slot.ceiling).sum();
            drive.level = f64::INFINITY;
            drive.passed = sum;
            if sum > drive_capacity {
                items.clear();
                items.extend(drive.slots.iter().map(|slot| (1.0, slot.ceiling)));
                drive.level = fill_level(&mut items, drive_capacity);
                drive.passed = drive_capacity;
            }
        }
        // The ports' levels, from what their drives pass.
        let mut bytes = 0.0;
        for (p, level) in port_level.iter_mut().enumerate() {
            let sum: f64 = (p..n_drives).step_by(used_ports).map(|d| drives[d].passed).sum();
            *level = f64::INFINITY;
            if sum > port_capacity {
                items.clear();
                for drive in drives.iter().skip(p).step_by(used_ports) {
                    items.extend(drive.slots.iter().map(|slot| (1.0, lesser(slot.ceiling, drive.level))));
                }
                *level = fill_level(&mut items, port_capacity);
            }
            bytes += lesser(sum, port_capacity);
        }
        // The server's stages (its NICs, CPU, staging disk and catalogue), which every job crosses.
        let held = |d: usize, drive: &DriveRun| lesser(drive.level, port_level[d % used_ports]);
        let mut server_level = f64::INFINITY;
        for (g, resource) in global.iter().enumerate() {
            if Some(g) == catalogue || bytes <= resource.capacity {
                continue;
            }
            items.clear();
            for (d, drive) in drives.iter().enumerate() {
                let cap = held(d, drive);
                items.extend(drive.slots.iter().map(|slot| (1.0, lesser(slot.ceiling, cap))));
            }
            server_level = lesser(server_level, fill_level(&mut items, resource.capacity));
        }
        // The catalogue is shared out in files/s: each job its equal share of the records it can take,
        // so a job of few large files is not held to the byte rate of one of many small ones.
        let files_level = catalogue.map_or(f64::INFINITY, |g| {
            items.clear();
            for (d, drive) in drives.iter().enumerate() {
                let cap = lesser(held(d, drive), server_level);
                items.extend(drive.slots.iter().map(|slot| (1.0, lesser(slot.ceiling, cap) * slot.files_per_byte)));
            }
            fill_level(&mut items, global[g].capacity)
        });
        let files_changed = files_level != applied_files_level;
        applied_files_level = files_level;
        // Each job's share, where its drive's jobs or levels changed; a drive fed below its lowest
        // streaming rate moves what its curve allows, and its jobs slow down with it.
        let mut total = 0.0;
        let mut next_end = f64::INFINITY;
        for (d, drive) in drives.iter_mut().enumerate() {
            let cap = lesser(held(d, drive), server_level);
            if drive.dirty || drive.applied != cap || files_changed {
                drive.dirty = false;
                drive.applied = cap;
                let mut feed = 0.0;
                for slot in drive.slots.iter_mut() {
                    slot.remaining = slot.remaining_at(now);
                    slot.since = now;
                    slot.rate = lesser(lesser(slot.ceiling, cap), files_level / slot.files_per_byte);
                    feed += slot.rate;
                }
                // Spooled jobs reach the drive at the despool rate, their ceiling's loss already counted.
                if feed > 0.0 && s.staging != Staging::Serial {
                    let moved = drive_model.delivered_bytes_per_sec(feed / ratio) * ratio;
                    if moved < feed * (1.0 - 1e-12) {
                        let scale = moved / feed;
                        drive.slots.iter_mut().for_each(|slot| slot.rate *= scale);
                        feed = moved;
                    }
                }
                drive.on_cartridge += drive.moved * (now - drive.written_since);
                drive.written_since = now;
                drive.total = drive.written_by(now);
                drive.total_since = now;
                drive.moved = feed;
                drive.full_at = match &changes {
                    Some(c) if feed > 0.0 => now + (c.per_cartridge - drive.on_cartridge).max(0.0) / feed,
                    _ => f64::INFINITY,
                };
                let resumes = if drive.paused(now) { drive.paused_until } else { f64::INFINITY };
                drive.next_end = drive
                    .slots
                    .iter()
                    .map(|slot| lesser(slot.end_at(), slot.cross_at()))
                    .fold(lesser(drive.full_at, resumes), lesser);
            }
            total += drive.moved;
            next_end = lesser(next_end, drive.next_end);
        }
        steps.push((now, total));
        if !window_passed && window.is_finite() && now <= window && next_end >= window {
            // The window closes before the next event: what each running job has left then.
            window_passed = true;
            for slot in drives.iter().flat_map(|d| &d.slots) {
                result[slot.job].left = slot.remaining_at(window);
            }
        }
        if !next_end.is_finite() {
            // Nothing moves (a stage of zero capacity): the night never ends.
            now = f64::INFINITY;
            break;
        }
        now = next_end.max(now);
        if now > give_up_after {
            let handling = drives.iter().map(|d| d.handling.clone()).collect();
            return Run {
                jobs: result,
                makespan: f64::INFINITY,
                steps,
                handling,
                cartridge_reads,
                cartridge_waits,
                unstarted_shares,
            };
        }
        // Jobs due now end (within rounding of the step that was meant to end them).
        let due = now * (1.0 + 1e-12);
        for drive in drives.iter_mut().filter(|d| d.next_end <= now) {
            let written = drive.written_by(now);
            drive.slots.retain(|slot| {
                let ends = slot.end_at() <= due || slot.remaining_at(now) <= slot.done_below;
                if ends {
                    if let Some(i) = cartridges_held.iter().position(|h| h.1 == slot.job) {
                        let (id, job, since) = cartridges_held.swap_remove(i);
                        cartridge_reads.push((id, job, since, now));
                        mark_let_go(&mut let_go_at, id, now);
                        let_go.push(id);
                    }
                    result[slot.job].end = now;
                    result[slot.job].drive_bytes += written;
                    result[slot.job].drive_written_at_end = written;
                    running -= 1;
                }
                !ends
            });
            // A restore pass reading past a stretch's end is held to the next stretch's rate from now.
            for slot in drive.slots.iter_mut() {
                while slot.cross_at() <= due {
                    slot.remaining = slot.remaining_at(now);
                    slot.since = now;
                    result[slot.job].crossings.push(now);
                    slot.enter(&jobs[slot.job], slot.stretch + 1);
                }
            }
            drive.dirty = true;
            if drive.paused_until <= due && drive.paused_until.is_finite() {
                drive.paused_until = f64::NEG_INFINITY;
            }
            if let Some(c) = changes.as_ref().filter(|_| drive.full_at <= due) {
                // The cartridge is full: the next is loaded now if a job still writes, else when one comes.
                drive.on_cartridge = c.per_cartridge;
                drive.written_since = now;
                drive.full_at = f64::INFINITY;
                // A restore's job reads on into its next cartridge: it lets go of the one it read, and
                // waits, its drive standing still, while another drive has the next.
                let reader = drive.slots.first().map(|slot| slot.job).filter(|&job| needs(job).is_some());
                if let Some((job, run)) = reader.and_then(|job| Some((job, needs(job)?))) {
                    if let Some(i) = cartridges_held.iter().position(|h| h.1 == job) {
                        let (id, job, since) = cartridges_held.swap_remove(i);
                        cartridge_reads.push((id, job, since, now));
                        mark_let_go(&mut let_go_at, id, now);
                        let_go.push(id);
                    }
                    reading[job] += 1;
                    let next = (run.drive, reading[job]);
                    if let Some(&(_, by, _)) = cartridges_held.iter().find(|h| h.0 == next) {
                        result[job].waited_for = Some(by);
                        drive.waiting_for = Some(next);
                        drive.waiting_since = now;
                        drive.paused_until = f64::INFINITY;
                        drive.dirty = true;
                        continue;
                    }
                    cartridges_held.push((next, job, now));
                    drive.loaded = Some(next);
                }
                if !drive.slots.is_empty() {
                    drive.load_next(now, c, false, &mut spare_new, &mut result);
                }
            }
        }
        // Drives waiting for a cartridge let go of now take it: a change, then they read on.
        while let Some(free) = let_go.pop() {
            let Some(c) = changes.as_ref() else { break };
            let Some(d) = drives.iter().position(|d| d.waiting_for == Some(free)) else { continue };
            let drive = &mut drives[d];
            let Some(job) = drive.slots.first().map(|slot| slot.job) else { continue };
            cartridge_waits.push((d, drive.waiting_since, now));
            drive.waiting_for = None;
            drive.paused_until = f64::NEG_INFINITY;
            result[job].cartridge_wait_sec += now - drive.waiting_since;
            cartridges_held.push((free, job, now));
            drive.loaded = Some(free);
            drive.load_next(now, c, false, &mut spare_new, &mut result);
            drive.dirty = true;
        }
    }
    if now.is_finite() {
        steps.push((now, 0.0));
    }
    let makespan = if result.iter().any(|j| !j.end.is_finite()) { f64::INFINITY } else { now };
    let handling = drives.iter().map(|d| d.handling.clone()).collect();
    Run { jobs: result, makespan, steps, handling, cartridge_reads, cartridge_waits, unstarted_shares }
}

/// The order in which jobs wait, as indices: by time on a drive (data over the least of the job's
/// ceiling and `drive_rate`, the best rate a drive gives) for longest and shortest first; by tier,
/// then longest first, for priority. Equal keys keep their listed order.
fn queue(jobs: &[Prepared], order: JobOrder, drive_rate: f64) -> Vec<usize> {
    let time = |j: &Prepared| if j.data > 0.0 { j.data / lesser(j.ceiling, drive_rate) } else { 0.0 };
    match order {
        JobOrder::Listed => (0..jobs.len()).collect(),
        JobOrder::LongestFirst => order_by(jobs.iter().map(|j| -time(j))),
        JobOrder::ShortestFirst => order_by(jobs.iter().map(time)),
        JobOrder::Priority => {
            let longest = order_by(jobs.iter().map(|j| -time(j)));
            order_by(longest.iter().map(|&i| jobs[i].priority)).into_iter().map(|p| longest[p]).collect()
        }
    }
}

impl Schedule {
    /// Whether the long pole is, for a second or more of its run, the only job on its drive: the
    /// drive is then fed by it alone (always with one session per drive). With several sessions its
    /// drive's other jobs may cover its whole run, and then what it alone would feed the drive says
    /// nothing of the drive (a page trial was told the long pole starved its drive "while it runs
    /// alone" where it never did).
    pub fn long_pole_alone_on_its_drive(&self) -> bool {
        let Some(pole) = self.jobs.get(self.long_pole) else { return false };
        // A second of the pole's run that none of the others covers is time alone.
        self.long_pole_drive_shared_sec() < pole.end_sec - pole.start_sec - 1.0
    }

    /// Whether the jobs together moved `capacity` bytes/s (to within 1 %) at some time while `job` ran:
    /// a stage every job shares with that capacity then ran full.
    fn ran_full(&self, capacity: f64, job: &ScheduledJob) -> bool {
        let steps = &self.throughput_steps;
        steps.iter().enumerate().any(|(i, &(from, rate))| {
            let to = steps.get(i + 1).map_or(from, |next| next.0);
            to > job.start_sec && from < job.end_sec && rate >= capacity * 0.99
        })
    }

    /// Whether the long pole moved at its own ceiling (to within 5 %, its drive's stand-stills aside):
    /// what it shares (its drive's other jobs, the ports, the server) did not hold it below its own
    /// limit for long.
    pub fn long_pole_at_its_own_limit(&self) -> bool {
        let Some(pole) = self.jobs.get(self.long_pole) else { return false };
        let running = pole.end_sec - pole.start_sec - pole.handling_sec;
        running > 0.0 && pole.data_bytes / running >= pole.ceiling_bytes_per_sec * 0.95
    }

    /// Seconds of the long pole's run in which another job ran on its drive (0 with one session per
    /// drive, or where its drive's other jobs ran before or after it).
    fn long_pole_drive_shared_sec(&self) -> f64 {
        let Some(pole) = self.jobs.get(self.long_pole) else { return 0.0 };
        let others: Vec<(f64, f64)> = self
            .jobs
            .iter()
            .enumerate()
            .filter(|&(i, j)| i != self.long_pole && j.drive == pole.drive)
            .map(|(_, j)| (j.start_sec.max(pole.start_sec), j.end_sec.min(pole.end_sec)))
            .collect();
        busy_sec(&others)
    }

    /// Why the night lasts as long as it does, in plain words, and what would shorten it. With a
    /// repository's copies in a window of their own, the backups' long pole, then which copy ends last.
    pub fn long_pole_reason(&self, system: UnitSystem) -> String {
        let reason = self.backup_long_pole_reason(system);
        match super::repository::last_copy(self, system) {
            Some(copy) if !reason.is_empty() => format!("{reason} {copy}"),
            _ => reason,
        }
    }

    fn backup_long_pole_reason(&self, system: UnitSystem) -> String {
        let Some(job) = self.jobs.get(self.long_pole) else {
            return String::new();
        };
        let (alone, alone_stage) = self.long_pole_alone;
        let own = job.data_bytes / alone;
        // Its drive's stand-stills are not its own rate: they are said apart.
        let took = job.end_sec - job.start_sec - job.handling_sec;
        let rate = |v: f64| format_rate(v, system);
        if !self.makespan_sec.is_finite() {
            return "Nothing moves: a stage has no capacity, so the night never ends.".to_string();
        }
        if let Some(text) = super::repository::copy_long_pole(self, system) {
            return text;
        }
        // Within 2 % of its own time it ran at its own limit, unless other jobs wrote to its drive meanwhile
        // and it took longer: then they slowed it, and "whatever the other jobs do" would be wrong (a trial
        // read it for a 5 TB job that three 100 GB jobs held back 13 min at the start).
        let shared = job.drive_bytes_while_running > job.data_bytes * (1.0 + 1e-6) && took > own + 1.0;
        let at_own_limit = took <= own * 1.02 && !shared;
        if job.start_sec > 0.25 * self.makespan_sec && at_own_limit {
            // The two parts add up to the night where its drive stood still for nothing else: each with
            // its seconds where their cut minutes would not (a trial read 1 h 13 min + 29 min 30 s beside
            // a night of 1 h 43 min).
            let [waited, took] = if job.handling_sec > 0.0 {
                [format_duration(job.start_sec), format_duration(took)]
            } else {
                crate::units::format_duration_parts(job.start_sec, took)
            };
            format!(
                "{} is the long pole: it waited {waited} for a drive session before starting, then took {took} at its own limit ({}, {}){}. {}",
                job.name,
                alone_stage.name(),
                rate(alone),
                self.handling_words(job),
                self.sooner()
            )
        } else if at_own_limit {
            let fix = match alone_stage {
                StageId::Streams => "more streams on it, or splitting it into parts that run on several drives",
                StageId::ClientNic => "a faster client link or more client ports, or splitting it",
                StageId::PerFile => "fewer, larger files (or an image-level backup), or splitting it into parts",
                StageId::Transactions => "more files per transaction, or splitting it",
                StageId::Distance => self.connection_fixes[0],
                StageId::SshConnections => self.connection_fixes[1],
                StageId::SourceReduction => "more streams (more cores reducing data) or a faster client",
                StageId::TapeDrives => "a faster drive, or splitting it into parts that run on several drives",
                // Parts on the same client read the same disks.
                StageId::ClientStorage => "faster client storage (Client storage read rate, read_rate)",
                // Parts staged on the same holding disk share its spindles.
                StageId::HoldingDisk | StageId::Spool | StageId::Despool => {
                    "a faster holding disk (on SSD it does not seek between spooling and despooling), or writing straight to tape"
                }
                _ => "splitting it into parts that run on several drives",
            };
            // Into a repository a backup holds no drive: its parts back up side by side.
            let fix = if self.target == Target::Repository {
                fix.replace("run on several drives", "back up side by side")
            } else {
                fix.to_string()
            };
            // It may have waited a little for a session first: the night is then that wait longer than
            // its own time, and starting it sooner shortens it too (`shortest` order started a 500 GB
            // job 7 min 23 s late, and only "1 h 13 min whatever the other jobs do" was said).
            let waited = if job.start_sec >= 1.0 {
                format!(
                    ", and it waited {} for a drive session before starting. {}",
                    format_duration(job.start_sec),
                    self.sooner()
                )
            } else {
                ".".to_string()
            };
            format!(
                "{} is the long pole: alone it moves {} (its limit: {}), so its {} take {} whatever the other jobs do{}{waited} {} would shorten the night.",
                job.name,
                rate(alone),
                alone_stage.name(),
                format_bytes(job.data_bytes, system),
                format_duration(own),
                self.handling_words(job),
                capitalize(&fix)
            )
        } else if job.start_sec > 0.25 * self.makespan_sec {
            format!(
                "{} is the long pole: it waited {} for a drive session before starting{}. {}",
                job.name,
                format_duration(job.start_sec),
                self.handling_words(job),
                self.sooner()
            )
        } else if self.target == Target::Repository {
            format!(
                "{} is the long pole: sharing the repository and the backup server with the other jobs it moved {} on average against {} alone.",
                job.name,
                rate(job.bytes_per_sec),
                rate(alone)
            )
        } else {
            // Drives beyond the ports share them: a port's share, not the drive, may be what it lacked.
            let (ports, port_bytes_per_sec) = self.drive_ports;
            let drives = self.drive_busy_sec.len();
            let on_port = if ports > 0 { drives_on_port(job.drive, drives, ports) } else { 1 };
            // Its share of its drive where other sessions wrote to it meanwhile: below the port's share,
            // the drive's other jobs held it, not the port.
            let drive_share = if job.drive_bytes_while_running > job.data_bytes * (1.0 + 1e-9) {
                alone * job.data_bytes / job.drive_bytes_while_running
            } else {
                alone
            };
            let port_share = port_bytes_per_sec / (on_port as f64);
            // The server every job shares holding the night near its floor: more ports would not shorten
            // it (a page trial's long pole was told to buy ports where the server NICs held the night, and
            // a port per drive left it unchanged).
            let server_holds = self.shared_floor.is_some_and(|(stage, floor)| {
                matches!(stage, StageId::ServerNic | StageId::ServerCpu | StageId::HoldingDisk | StageId::Despool)
                    && floor >= self.makespan_sec * 0.95
            });
            if on_port > 1 && port_share < alone && port_share < drive_share && !server_holds {
                format!(
                    "{} is the long pole: its drive shares one port ({}) with {} other drive{}, and with them and the backup server it moved {} on average against {} alone{}. More ports, one per drive, would give it more; more drives on the same ports would not.",
                    job.name,
                    rate(port_bytes_per_sec),
                    on_port - 1,
                    if on_port == 2 { "" } else { "s" },
                    rate(job.bytes_per_sec),
                    rate(alone),
                    self.handling_words(job)
                )
            } else {
                // Near its rate alone, what more drives could gain is said (a fresh-clone trial's db moved
                // 111 MB/s against 113 MB/s alone and was told more drives "would give it more").
                let at_most = if job.bytes_per_sec >= alone * 0.95 && took > own + 1.0 {
                    format!(
                        "would give it at most the {} it moves alone, {} sooner",
                        rate(alone),
                        crate::units::format_duration(took - own)
                    )
                } else {
                    "would give it more".to_string()
                };
                // Within 1 % of its rate alone it ran at its own limit: what it shares cost it seconds, and
                // no faster server is advised (a page trial's 78.0 MB/s against 78.1 MB/s alone was).
                let near_own = job.bytes_per_sec >= alone * 0.99;
                // A drive added past the ports would share one.
                let more = match self.shared_hold {
                    _ if near_own => format!("More drives {at_most}."),
                    Some(stage) => format!(
                        "{} {} the night at its bound: {}, not more drives, would shorten it.",
                        stage.name(),
                        if stage.name_is_plural() { "hold" } else { "holds" },
                        widen(stage)
                    ),
                    // The other drives' jobs take its share of the ports and the server.
                    None if self.fewer_at_once.is_some() => {
                        "Fewer jobs at once, not more drives, would give it more.".to_string()
                    }
                    // The drives already outrun the server every job shares: another drive, even with a
                    // port of its own, adds no throughput, only another share of it.
                    // Only where the server ran full while the pole ran: otherwise a faster one changes
                    // nothing (a page trial's long pole, held by the job sharing its drive, was told a faster
                    // server would help; at twice the CPU the night was the same).
                    None if self.server_outrun.is_some_and(|(_, capacity)| self.ran_full(capacity, job)) => {
                        let (stage, capacity) = self.server_outrun.unwrap_or((StageId::ServerCpu, 0.0));
                        format!(
                            "More drives would not give it more: the drives together outrun the {} ({}), which every job shares; {} would.",
                            stage.name(),
                            rate(capacity),
                            widen(stage)
                        )
                    }
                    // Held by the jobs beside it on its drive, not by what every job shares: neither more
                    // drives nor a faster server is sure to give it more.
                    None if self.server_outrun.is_some() && self.long_pole_drive_shared_sec() >= 1.0 => {
                        let others = job.drive_bytes_while_running - job.data_bytes;
                        format!(
                            "Its drive's other jobs wrote {} while it ran; the backup server, which every job shares, never ran full meanwhile, so a faster one would not give it more.",
                            crate::units::format_bytes(others, system)
                        )
                    }
                    // Nearly held by a stage the drives share: more drives save at most what is left
                    // above its floor (a planner trial's catalogue held two jobs to 1 h 00 min of a
                    // 1 h 01 min 39 s night, and a second drive with a port was offered: 1 min sooner).
                    None if self.shared_near.is_some() => {
                        let (holds, gap, wider) = self.held_near(self.shared_near.unwrap_or(StageId::Catalogue));
                        format!(
                            "{holds}, so more drives could end the night at most {gap} sooner; {wider} would do more."
                        )
                    }
                    None if ports > 0 && drives >= ports as usize => {
                        format!("More drives, with a port each, {at_most}.")
                    }
                    None => format!("More drives {at_most}."),
                };
                // What it shared: its drive only where another job ran on it meanwhile (a planner trial's
                // long pole, alone on its drive with one session per drive, was said to share it).
                let shared = match (self.long_pole_drive_shared_sec() >= 1.0, on_port > 1) {
                    (true, _) => "its drive and the backup server",
                    (false, true) => "its port and the backup server",
                    (false, false) => "the backup server",
                };
                format!(
                    "{} is the long pole: sharing {shared} with other jobs it moved {} on average against {} alone{}. {more}",
                    job.name,
                    rate(job.bytes_per_sec),
                    rate(alone),
                    self.handling_words(job)
                )
            }
        }
    }

    /// Fewer drives used at once that end the night sooner ([`Schedule::fewer_at_once`]), in words:
    /// "Using 5 of the 6 drives at once ends the night at 12 h 08 min instead of 13 h 33 min: ...".
    pub fn fewer_at_once_text(&self) -> Option<String> {
        let (used, night) = self.fewer_at_once?;
        Some(format!(
            "Using {used} of the {} drives at once ends the night at {} instead of {}: the others share the same ports and server, adding no throughput, and every job running takes an equal share, so the long pole slows (Drives used at once, drives_at_once={used}).",
            self.drive_busy_sec.len(),
            format_duration(night),
            format_duration(self.makespan_sec)
        ))
    }

    /// What would start a long pole that waited for a drive session sooner, and whether that ends the
    /// night sooner: not when a shared stage holds the night at its bound ([`Schedule::shared_hold`]).
    /// Whether the long pole is the job longest alone and waited for a session because the jobs were
    /// started as listed or shortest first (a priority order is the user's own to keep).
    fn longest_waited(&self) -> bool {
        let alone = |j: &ScheduledJob| {
            if j.ceiling_bytes_per_sec > 0.0 {
                j.data_bytes / j.ceiling_bytes_per_sec
            } else {
                f64::INFINITY
            }
        };
        let longest = self.jobs.iter().map(alone).fold(0.0, f64::max);
        // Only where a shorter job went first: behind jobs as long as it, longest first starts it no
        // sooner (two equal 1 TB jobs, shortest first, were told it would start the second at once).
        let behind_shorter = |pole: &ScheduledJob| {
            self.jobs.iter().any(|j| j.start_sec < pole.start_sec && alone(j) < alone(pole) * (1.0 - 1e-9))
        };
        matches!(self.order, JobOrder::Listed | JobOrder::ShortestFirst)
            && self
                .jobs
                .get(self.long_pole)
                .is_some_and(|j| j.start_sec > 0.0 && alone(j) >= longest && behind_shorter(j))
    }

    fn sooner(&self) -> String {
        match self.shared_hold {
            Some(stage) => format!(
                "More drives or sessions would start it sooner but not end the night sooner: {} {} it at its bound ({} would).",
                stage.name(),
                if stage.name_is_plural() { "hold" } else { "holds" },
                widen(stage)
            ),
            None => match self.held_back {
                Some((used, drives)) => format!(
                    "More drives used at once (Drives used at once, drives_at_once: {used} of the {drives}) or more sessions per drive would start it sooner."
                ),
                // The longest job waited behind shorter ones: starting the longest first starts it at once.
                None if self.longest_waited() => format!(
                    "Starting the longest jobs first (Job order, job_order; today {}) would start it at once at no cost, as more drives or more sessions per drive would.",
                    self.order.words()
                ),
                None => match self.shared_near {
                    // Nearly held by a stage the drives share: starting it sooner saves little of the night.
                    Some(stage) => {
                        let (holds, gap, wider) = self.held_near(stage);
                        format!("More drives or more sessions per drive would start it sooner, but {holds}, so the night could end at most {gap} sooner ({wider} would do more).")
                    }
                    None => "More drives or more sessions per drive would start it sooner.".to_string(),
                },
            },
        }
    }

    /// A stage the drives share that holds the night near its floor, in words: ("FC HBA ports hold every
    /// job to 9 h 53 min at least", what more drives could save at most, what would widen it).
    fn held_near(&self, stage: StageId) -> (String, String, &'static str) {
        (
            format!(
                "{} {} every job to {} at least",
                stage.name(),
                if stage.name_is_plural() { "hold" } else { "holds" },
                crate::units::format_duration(self.lower_bound_sec)
            ),
            crate::units::format_duration(self.makespan_sec - self.lower_bound_sec),
            widen(stage),
        )
    }

    /// ", and its drive stood still N for cartridge changes while it ran" (or for media optimisation,
    /// or both, as its drive did) for a job whose drive changed or optimised cartridges meanwhile;
    /// empty otherwise.
    fn handling_words(&self, job: &ScheduledJob) -> String {
        // Into a repository the backup holds no drive: the stand-still is its copy's, which the copy's
        // own sentence gives (a trial read "its drive stood still 1 min 14 s ... while it ran" of a
        // backup, then the same 1 min 14 s of its copy).
        if job.handling_sec <= 0.0 || self.copy.is_some() {
            return String::new();
        }
        let what = match self.drive_handling.get(job.drive).map(|h| (h.changes > 0, h.optimised > 0)) {
            Some((true, true)) => "cartridge changes and media optimisation",
            Some((false, true)) => "media optimisation of new cartridges",
            _ => "cartridge changes",
        };
        // The drive's other jobs fill cartridges too: say so where the job's own would take less (a trial
        // read 3 min 42 s of changes in the results and 4 min 56 s here, with fs2 on db's drive).
        let own = self.changes.map_or(0.0, |c| c.fewest_sec(job.data_bytes));
        let others: Vec<&str> = self
            .jobs
            .iter()
            .filter(|o| o.drive == job.drive && o.data_bytes > 0.0 && !std::ptr::eq(*o, job))
            .map(|o| o.name.as_str())
            .collect();
        let shared = if !others.is_empty() && job.handling_sec > own + 1.0 {
            let names = match others.as_slice() {
                [one] => one.to_string(),
                [one, two] => format!("{one} and {two}"),
                [one, rest @ ..] => format!("{one} and {} more jobs", rest.len()),
                [] => String::new(),
            };
            format!(" (the drive also wrote {names}; the job's own cartridges take {})", format_duration(own))
        } else {
            String::new()
        };
        format!(", and its drive stood still {} for {what} while it ran{shared}", format_duration(job.handling_sec))
    }

    /// The least time `job` takes whatever the count of drives or sessions, seconds: its data at its
    /// own ceiling and the cartridge changes it makes even alone on a fresh cartridge,
    /// `(ceil(bytes / cartridge) - 1) x change` ([`super::cartridges`]).
    pub fn alone_sec(&self, job: &ScheduledJob) -> f64 {
        self.alone_at(job, job.ceiling_bytes_per_sec)
    }

    /// `job`'s data at `bytes_per_sec` and the cartridge changes it makes even alone, seconds.
    fn alone_at(&self, job: &ScheduledJob, bytes_per_sec: f64) -> f64 {
        let changes =
            self.changes.map_or(0.0, |c| if job.data_bytes > 0.0 { c.fewest_sec(job.data_bytes) } else { 0.0 });
        job.data_bytes / bytes_per_sec + changes
    }

    /// The least time `job` takes on one drive, however many drives there are, seconds: [`Self::alone_sec`]
    /// at the least of its ceiling and [`Self::one_drive_bytes_per_sec`]. A job runs on one drive, so
    /// where this is longer than the window no count of drives fits it.
    pub fn alone_on_a_drive_sec(&self, job: &ScheduledJob) -> f64 {
        self.alone_at(job, job.ceiling_bytes_per_sec.min(self.one_drive_bytes_per_sec))
    }

    /// The least night any count of drives or sessions gives when there are new cartridges to optimise,
    /// seconds, with the job that sets it: some drive optimises a new cartridge before it writes on it
    /// (the night's first load is one), so the first job it writes ends no sooner than the optimisation
    /// and that job's time alone, at least the quickest job's ([`Schedule::alone_sec`]). `None` without
    /// new cartridges.
    pub fn optimisation_floor(&self) -> Option<(f64, &ScheduledJob)> {
        let c = self.changes.filter(|c| c.new > 0)?;
        let quickest = self
            .jobs
            .iter()
            .filter(|j| j.data_bytes > 0.0)
            .min_by(|a, b| self.alone_sec(a).total_cmp(&self.alone_sec(b)))?;
        Some((c.optimisation_sec + self.alone_sec(quickest), quickest))
    }

    /// Why no number of drives fits the window where the stages every drive shares cannot carry the
    /// night's data in it ([`Schedule::shared_floor`]): "the FC HBA ports carry the jobs' 21.5 TB in
    /// 3 h 43 min at best, longer than the 3 h 30 min window, however many drives or sessions share them" (a page
    /// trial read "none up to 1,024 drives" with no reason). `None` where they can.
    pub fn shared_floor_text(&self, window_sec: f64, system: UnitSystem) -> Option<String> {
        let (stage, floor) = self.shared_floor.filter(|(_, floor)| *floor > window_sec * (1.0 + 1e-12))?;
        let data: f64 = self.jobs.iter().map(|j| j.data_bytes).sum();
        let [floor, window] = crate::units::format_durations_apart([floor, window_sec]);
        let (verb, them) = if stage.name_is_plural() { ("carry", "them") } else { ("carries", "it") };
        Some(format!(
            "the {} {verb} the jobs' {} in {floor} at best, longer than the {window} window, however many drives or sessions share {them}",
            super::answer::lowercase_first(stage.name()),
            crate::units::format_bytes(data, system)
        ))
    }

    /// Why no count of drives or sessions fits `window_sec` when a new cartridge's optimisation alone
    /// keeps the night past it ([`Schedule::optimisation_floor`]), in words: "a new cartridge's 40 min 00 s
    /// of media optimisation comes before its drive writes: with the quickest job, b, at least 54 min 45 s,
    /// longer than the window". `None` otherwise.
    pub fn optimisation_floor_text(&self, window_sec: f64) -> Option<String> {
        let (floor, job) = self.optimisation_floor().filter(|(floor, _)| *floor > window_sec * (1.0 + 1e-12))?;
        let optimisation = self.changes.map_or(0.0, |c| c.optimisation_sec);
        Some(super::cartridges::optimisation_floor_words(optimisation, &job.name, floor, "the window"))
    }

    /// The jobs that end after the backup window closes (none without a window), in the order listed.
    pub fn missed(&self) -> impl Iterator<Item = &ScheduledJob> {
        self.jobs.iter().filter(|j| !j.in_window)
    }

    /// Bytes the jobs still had to move when the window closed: what is left for the next night.
    pub fn left_after_window_bytes(&self) -> f64 {
        self.jobs.iter().map(|j| j.left_after_window_bytes).sum()
    }

    /// The order against the listed order, in words: how much sooner (or later) the night ends than
    /// with the jobs started as listed, or that it is the same; `None` for the listed order itself.
    /// `as listed` below 0.05 % of a difference (rounding of the simulation's steps).
    pub fn order_against_listed(&self) -> Option<String> {
        if self.order == JobOrder::Listed {
            return None;
        }
        let (ours, listed) = (self.makespan_sec, self.listed_order_makespan_sec);
        let name = capitalize(self.order.words());
        if !ours.is_finite() || !listed.is_finite() || listed <= 0.0 || (ours - listed).abs() <= 5e-4 * listed {
            return Some(format!("{name}: the night ends as it would with the jobs started as listed"));
        }
        // Where the cut minutes do not add up beside the night shown, both nights to the second (a page
        // trial read "2 h 08 min sooner" than 22 h 09 min beside a night of 20 h 00 min).
        let seconds = |later: f64, earlier: f64, [first, second]: [usize; 2]| {
            crate::units::durations_to_the_second(later, earlier).map_or(String::new(), |nights| {
                format!("; to the second, {} against {}", nights[first], nights[second])
            })
        };
        Some(if ours < listed {
            format!(
                "{name} ends the night {} sooner ({} less) than starting the jobs as listed ({}){}",
                format_duration(listed - ours),
                crate::units::format_percent(1.0 - ours / listed),
                format_duration(listed),
                seconds(listed, ours, [1, 0])
            )
        } else {
            format!(
                "{name} ends the night {} later ({} more) than starting the jobs as listed ({}): the listed order is shorter here{}",
                format_duration(ours - listed),
                crate::units::format_percent(ours / listed - 1.0),
                format_duration(listed),
                seconds(ours, listed, [0, 1])
            )
        })
    }

    /// What the order gains over the listed order, as a share of the listed order's makespan
    /// (negative when the listed order is shorter).
    pub fn longest_first_gain(&self) -> f64 {
        if self.listed_order_makespan_sec.is_finite() && self.listed_order_makespan_sec > 0.0 {
            1.0 - self.makespan_sec / self.listed_order_makespan_sec
        } else {
            0.0
        }
    }
}

/// `text` with its first letter in capitals. The texts are ASCII, and ASCII case keeps Unicode's case
/// tables (about 12 KB, 10 KB gzipped) out of the browser's download, which calls this for the long pole.
/// What widens a shared stage that holds a night, in words: more ports, a faster server, a faster
/// catalogue.
fn widen(stage: StageId) -> &'static str {
    match stage {
        StageId::FcPorts | StageId::SasPorts => "more ports",
        StageId::ServerNic => "more or faster backup server ports",
        StageId::ServerCpu => "a faster backup server",
        StageId::Catalogue => "a faster catalogue (catalog_ms)",
        _ => "a wider shared stage",
    }
}

fn capitalize(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |c| std::iter::once(c.to_ascii_uppercase()).chain(chars).collect())
}

/// Seconds that at least one of `runs` ((start, end) in seconds; an end before its start counts
/// nothing) covers: the union's length. Sorted through [`order_by`], whose one sort serves every caller
/// (a sort of its own here added 4 KB to the page).
pub fn busy_sec(runs: &[(f64, f64)]) -> f64 {
    let (mut busy, mut to) = (0.0, f64::NEG_INFINITY);
    for i in order_by(runs.iter().map(|r| r.0)) {
        let (start, end) = runs[i];
        busy += (end - start.max(to)).max(0.0);
        to = to.max(end);
    }
    busy
}

/// The indices of `keys` in ascending order of key, equal keys in their listed order (as a stable sort
/// gives), in the order of `f64::total_cmp`.
///
/// Every ordering of jobs (longest first, by start time) goes through this one function, so the page
/// carries one sort routine rather than one per element type and comparison (about 2 KB each).
pub fn order_by(keys: impl Iterator<Item = f64>) -> Vec<usize> {
    sorted_indices(keys.enumerate().map(|(i, k)| (k, i)).collect())
}

fn sorted_indices(mut pairs: Vec<(f64, usize)>) -> Vec<usize> {
    pairs.sort_unstable_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    pairs.into_iter().map(|(_, i)| i).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::decode;
    use crate::fleet::jobs::parse_jobs;

    fn jobs(text: &str) -> Vec<Job> {
        let (jobs, errors) = parse_jobs(text);
        assert!(errors.is_empty(), "{errors:?}");
        jobs
    }

    #[test]
    fn one_big_job_is_the_long_pole_and_three_drives_idle() {
        // One 6 TB database and forty 200 GB file servers, 4 LTO-4 drives with one session each, 1GbE.
        let mut list = "name,data\ndb,6TB\n".to_string();
        for i in 0..40 {
            list.push_str(&format!("fs{i:02},200GB\n"));
        }
        let scenario = decode("v=1&drives=4&fc_ports=4&sessions_per_drive=1").scenario;
        let schedule = schedule(&scenario, &jobs(&list)).unwrap();
        let db = &schedule.jobs[0];
        assert_eq!(schedule.long_pole, 0, "the database ends last");
        let own = 6e12 / db.ceiling_bytes_per_sec;
        assert!((schedule.makespan_sec / own - 1.0).abs() < 0.01, "{} vs {own}", schedule.makespan_sec);
        let idle_most = schedule.drive_idle_sec.iter().filter(|&&i| i > schedule.makespan_sec / 2.0).count();
        assert_eq!(idle_most, 3, "{:?}", schedule.drive_idle_sec);
        assert!(schedule.makespan_sec >= schedule.lower_bound_sec * (1.0 - 1e-9));
        assert!(schedule
            .long_pole_reason(UnitSystem::Decimal)
            .starts_with("db is the long pole: alone it moves 113 MB/s"));
        assert!(schedule.listed_order_makespan_sec >= schedule.makespan_sec * (1.0 - 1e-9));
    }

    #[test]
    fn a_long_pole_sharing_its_drive_says_whose_cartridges_its_drive_also_changed() {
        // A trial (2026-12-04): tests/jobs/five.csv on two drives; db alone changes cartridges for
        // 3 min 42 s (the results card), its drive stood still 4 min 56 s with fs2 on it (the schedule).
        let scenario = decode("v=1&drives=2&fc_ports=2").scenario.sanitized();
        let list = jobs("name,data,client_nic\ndb,6TB,\nfs1,2TB,\nfs2,2TB,\nweb,500GB,\nmail,3TB,");
        let plan = schedule(&scenario, &list).unwrap();
        let text = plan.long_pole_reason(UnitSystem::Decimal);
        assert!(
            text.contains("its drive stood still 4 min 56 s for cartridge changes while it ran (the drive also wrote fs2; the job's own cartridges take 3 min 42 s)"),
            "{text}"
        );
    }

    #[test]
    fn a_long_pole_other_jobs_slowed_is_not_said_to_run_whatever_they_do() {
        // A trial of 2026-12-05: 5 TB over 1GbE (113 MB/s alone: 12 h 17 min, with 3 min 42 s of cartridge
        // changes) beside twenty 100 GB jobs on four drives. Three of them share its drive for the first
        // 28 min (four sessions at 59 MB/s each), so it takes 13 min more, 1.8 % over its own time; it was
        // said to take its 12 h 17 min "whatever the other jobs do".
        let scenario = decode("v=1&drives=4&fc_ports=4").scenario.sanitized();
        let small: String = (0..20).map(|i| format!("\ns{i},100GB")).collect();
        let list = jobs(&format!("name,data\nbig,5TB{small}"));
        let plan = schedule(&scenario, &list).unwrap();
        let pole = &plan.jobs[plan.long_pole];
        assert_eq!(pole.name, "big");
        let took = pole.end_sec - pole.start_sec - pole.handling_sec;
        let own = pole.data_bytes / plan.long_pole_alone.0;
        assert!(took > own + 600.0 && took < own * 1.02, "{took} against {own}");
        let text = plan.long_pole_reason(UnitSystem::Decimal);
        assert!(!text.contains("whatever the other jobs do"), "{text}");
        assert!(text.starts_with("big is the long pole: sharing its drive and the backup server with other jobs it moved 110 MB/s on average against 113 MB/s alone"), "{text}");
    }

    #[test]
    fn a_long_pole_alone_on_its_drive_is_said_to_share_only_what_it_shares() {
        // A planner trial of 2026-12-07: two 1 TB jobs, a drive and a 1GFC port each, one session per
        // drive, one 1GbE server link: b was said to share "its drive and the backup server".
        let pole = |link: &str| {
            let scenario = decode(link).scenario.sanitized();
            let plan = schedule(&scenario, &jobs("name,data\na,1TB\nb,1TB")).unwrap();
            plan.long_pole_reason(UnitSystem::Decimal)
        };
        let own_ports = pole("v=1&drives=2&fc_ports=2&fc=1GFC&server_nic=1GbE&sessions_per_drive=1");
        assert!(
            own_ports.starts_with("b is the long pole: sharing the backup server with other jobs it moved 55.7 MB/s"),
            "{own_ports}"
        );
        let one_port = pole("v=1&drives=2&fc_ports=1&fc=4GFC&server_nic=1GbE&sessions_per_drive=1");
        assert!(
            one_port.contains("is the long pole: sharing its port and the backup server with other jobs"),
            "{one_port}"
        );
        let one_drive = pole("v=1&drives=1&fc_ports=1&fc=4GFC&server_nic=1GbE&sessions_per_drive=2");
        assert!(
            one_drive.contains("is the long pole: sharing its drive and the backup server with other jobs"),
            "{one_drive}"
        );
    }

    #[test]
    fn a_faster_server_is_advised_only_where_the_server_ran_full_while_the_long_pole_ran() {
        // A page trial of 2026-12-07: ten jobs on four LTO-7 drives; j9 (8 TB, 485 MB/s alone) shares its
        // drive with j2 and averages 443 MB/s. It was told "a faster backup server would" give it more; at
        // twice the CPU the night was the same, and the server never carried its 2,000 MB/s meanwhile.
        let reason = |extra: &str| {
            let decoded = decode(&format!("v=1&window_h=6&server_ports=2&fc=8GFC&fc_ports=3&lto=LTO-7&drives=4&jobs=name%2Cdata%2Cclient_nic%2Cclient_ports%2Cstreams%2Cpriority%2Crto_h%0Aj1%2C1.2TB%2C%2C2%2C2%2C%2C%0Aj2%2C2TB%2C10GbE%2C%2C4%2C%2C%0Aj3%2C800GB%2C%2C%2C%2C%2C%0Aj4%2C300GB%2C10GbE%2C%2C1%2C2%2C6%0Aj5%2C6TB%2C10GbE%2C%2C10%2C0%2C12%0Aj6%2C6TB%2C10GbE%2C%2C10%2C1%2C4%0Aj7%2C1.2TB%2C10GbE%2C2%2C2%2C0%2C24%0Aj8%2C3TB%2C%2C2%2C8%2C1%2C4%0Aj9%2C8TB%2C10GbE%2C%2C13%2C2%2C%0Aj10%2C3TB%2C10GbE%2C%2C5%2C0%2C12%0A{extra}"));
            let scenario = decoded.scenario.sanitized();
            let plan = schedule(&scenario, &scenario.jobs).unwrap();
            assert_eq!(plan.jobs[plan.long_pole].name, "j9");
            (plan.makespan_sec, plan.long_pole_reason(UnitSystem::Decimal))
        };
        let (night, text) = reason("");
        assert!(
            text.ends_with("Its drive's other jobs wrote 2.00 TB while it ran; the backup server, which every job shares, never ran full meanwhile, so a faster one would not give it more."),
            "{text}"
        );
        let (faster, _) = reason("&cpu_rate=4000");
        assert!((faster - night).abs() < 1.0, "{faster} against {night}");
    }

    #[test]
    fn a_long_pole_at_its_own_limit_or_held_by_the_server_is_not_sent_to_buy_what_would_not_help() {
        // Page trials of 2026-12-07. j0 moved 78.0 MB/s against 78.1 MB/s alone and was told a faster
        // server would help (at ten times the CPU the night was 10 s shorter); a, held by the server NICs
        // that carry the night's data in 5 h 17 min at best, was told to buy a port per drive (with them the
        // night was unchanged).
        let reason = |link: &str| {
            let scenario = decode(link).scenario.sanitized();
            let plan = schedule(&scenario, &scenario.jobs).unwrap();
            plan.long_pole_reason(UnitSystem::Decimal)
        };
        let own = reason("v=1&drives=3&fc_ports=3&sessions_per_drive=3&cpu_rate=600&lto=LTO-6&jobs=name%2Cdata%2Cclient_nic%2Cstreams%0Aj0%2C2TB%2C1GbE%2C2%0Aj1%2C100GB%2C%2C8%0Aj2%2C20GB%2C10GbE%2C%0Aj3%2C1TB%2C1GbE%2C%0Aj4%2C500GB%2C1GbE%2C%0Aj5%2C2TB%2C1GbE%2C%0Aj6%2C100GB%2C10GbE%2C8%0Aj7%2C1TB%2C1GbE%2C8");
        assert!(own.ends_with("More drives would give it at most the 78.1 MB/s it moves alone, 11 s sooner."), "{own}");
        let server = reason("v=1&lto=LTO-9&drives=4&fc_ports=2&fc=8GFC&server_nic=10GbE&window_h=3.5&jobs=name%2Cdata%2Cclient_nic%2Cstreams%0Aa%2C8TB%2C25GbE%2C32%0Ab%2C6TB%2C25GbE%2C32%0Ac%2C4TB%2C10GbE%2C16%0Ad%2C2TB%2C10GbE%2C16%0Ae%2C1TB%2C10GbE%2C8%0Af%2C500GB%2C%2C4");
        assert!(!server.contains("More ports"), "{server}");
        assert!(server.contains("Backup server NICs (1,130 MB/s)"), "{server}");
    }

    #[test]
    fn the_bound_counts_what_each_shared_port_carries() {
        // A trial of 2026-12-05: twenty 1 TB jobs on four LTO-4 drives (236.75 MB/s each) on three 4GFC
        // ports: drives 0 and 3 share port 0 (400 MB/s), so the drives move 400 + 2 x 236.75 = 873.5
        // MB/s, not 947; the bound read "Tape drives bind ... at 947 MB/s" and blamed the jobs' packing.
        let scenario = decode("v=1&drives=4&fc_ports=3&sessions_per_drive=1").scenario.sanitized();
        let list: String = (0..20).map(|i| format!("\nj{i},1TB,10GbE,16")).collect();
        let plan = schedule(&scenario, &jobs(&format!("name,data,client_nic,streams{list}"))).unwrap();
        assert!((plan.aggregate_bytes_per_sec / 1e6 - 873.5).abs() < 0.5, "{}", plan.aggregate_bytes_per_sec);
        let answer = super::super::answer(&{
            let mut s = scenario.clone();
            s.jobs = jobs(&format!("name,data,client_nic,streams{list}")).into();
            s
        })
        .unwrap();
        assert_eq!(answer.bottleneck(), StageId::FcPorts);
    }

    #[test]
    fn a_job_alone_takes_what_the_schedule_gives_it_alone() {
        // A helper's fleet (stop 42): 6 TB on LTO-9 at 113 MB/s with two new cartridges in the night. The
        // long pole's own chain read 15 h 25 min (one cartridge's 40 min optimisation) where the
        // schedule gives it 14 h 45 min alone.
        let scenario =
            decode("v=1&window_h=10&fc=16GFC&fc_ports=2&lto=LTO-9&drives=3&new_carts=2").scenario.sanitized();
        let list = jobs(
            "name,data,client_nic,streams\nerp-db,9TB,10GbE,8\nexchange,4TB,10GbE,6\nfs-east,3TB,,\narchive,6TB,,",
        );
        let plan = schedule(&scenario, &list).unwrap();
        let pole = &plan.jobs[plan.long_pole];
        assert_eq!(pole.name, "archive");
        let alone = crate::evaluate(&job_alone(&scenario, &list[plan.long_pole]));
        let own = alone.duration_sec.unwrap();
        assert!((own / plan.alone_sec(pole) - 1.0).abs() < 1e-9, "{own} against {}", plan.alone_sec(pole));
        assert_eq!(format_duration(own), "14 h 45 min");
    }

    #[test]
    fn a_new_cartridge_goes_to_the_drive_of_the_smaller_job_whatever_the_order() {
        // A planner trial (2026-12-06): listed b (360 GB) then a (720 GB), each at 100 MB/s on its own
        // LTO-9 with a port, one new cartridge: it went to the last start, a's drive, a night of 2 h 40 min
        // (7,200 + 2,400 s) where on b's drive the night is a's 2 h 00 min (b ends after 6,000 s).
        let link = "v=1&file_ms=0&txn_ms=0&streams=1&stream_rate=100&file_size=1GB&lto=LTO-9&fc=8GFC&fc_ports=2&drives=2&new_carts=1&window_h=2.5&sessions_per_drive=1&job_order=";
        for order in ["listed", "shortest", "longest"] {
            let scenario = decode(&format!("{link}{order}")).scenario;
            let plan = schedule(&scenario, &jobs("name,data\nb,360GB\na,720GB")).unwrap();
            let (b, a) = (&plan.jobs[0], &plan.jobs[1]);
            assert!((a.end_sec - 7_200.0).abs() < 1.0, "{order}: a ends {}", a.end_sec);
            assert!((b.end_sec - 6_000.0).abs() < 1.0, "{order}: b ends {}", b.end_sec);
            assert!((plan.makespan_sec - 7_200.0).abs() < 1.0, "{order}: {}", plan.makespan_sec);
        }
    }

    #[test]
    fn longest_first_is_offered_only_where_a_shorter_job_went_first() {
        // A fleet trial (helper-104, 2026-12-06): two equal 1 TB jobs on one session, shortest first. The
        // second waits for the first whatever the order, yet read "Starting the longest jobs first ...
        // would start it at once at no cost".
        let scenario = decode("v=1&sessions_per_drive=1&job_order=shortest").scenario;
        let plan = schedule(&scenario, &jobs("name,data\na,1TB\nb,1TB")).unwrap();
        let reason = plan.long_pole_reason(UnitSystem::Decimal);
        assert!(!reason.contains("Starting the longest jobs first"), "{reason}");
        assert!(reason.ends_with("More drives or more sessions per drive would start it sooner."), "{reason}");
        // Behind a shorter job it is offered.
        let plan = schedule(&scenario, &jobs("name,data\na,500GB\nb,1TB")).unwrap();
        assert!(plan.long_pole_reason(UnitSystem::Decimal).contains("Starting the longest jobs first"));
    }

    #[test]
    fn a_start_dealt_a_new_cartridge_is_taken_not_dodged() {
        // A page trial (2026-12-06), docs/model.md's example: 720 GB and 360 GB at a 1GbE client's 113 MB/s
        // on two LTO-9s of four sessions, one new cartridge. Longest first, the 360 GB job joined the
        // 720 GB job's drive rather than start the one dealt the cartridge; dealt again over that one
        // start, the 720 GB job's drive optimised for 40 min and the 360 GB job still took the other
        // drive: 2 h 26 min. Taken by the 360 GB job's start, the night is the 720 GB job's 1 h 46 min.
        let link = "v=1&drives=2&fc_ports=2&lto=LTO-9&fc=16GFC&new_carts=1&job_order=";
        for order in ["listed", "shortest", "longest"] {
            let scenario = decode(&format!("{link}{order}")).scenario;
            let plan = schedule(&scenario, &jobs("name,data\na,360GB\nb,720GB")).unwrap();
            let (a, b) = (&plan.jobs[0], &plan.jobs[1]);
            assert_ne!(a.drive, b.drive, "{order}");
            assert!((a.handling_sec - 2_400.0).abs() < 1e-6, "{order}: a stood still {}", a.handling_sec);
            assert_eq!(b.handling_sec, 0.0, "{order}");
            assert!((plan.makespan_sec - 720e9 / b.bytes_per_sec).abs() < 1.0, "{order}: {}", plan.makespan_sec);
            assert!(plan.makespan_sec < 6_400.0, "{order}: {}", plan.makespan_sec);
        }
    }

    #[test]
    fn a_long_pole_at_its_own_limit_that_waited_says_so() {
        // A helper's case (stop 42): shortest first starts the 500 GB job after a 50 GB one; it then runs
        // at its own 1GbE limit, so the night is its 1 h 13 min plus the 7 min 23 s it waited.
        let scenario = decode("v=1&drives=2&fc_ports=2&sessions_per_drive=1&window_h=1.3&job_order=shortest").scenario;
        let plan = schedule(&scenario, &jobs("name,data\nbig,500GB\nx,50GB\ny,50GB")).unwrap();
        assert_eq!(plan.long_pole, 0);
        let text = plan.long_pole_reason(UnitSystem::Decimal);
        assert!(text.contains("take 1 h 13 min whatever the other jobs do, and it waited 7 min 23 s for a drive session before starting. Starting the longest jobs first"), "{text}");
        // Started at once, it says nothing of a wait.
        let longest = decode("v=1&drives=2&fc_ports=2&sessions_per_drive=1&window_h=1.3").scenario;
        let plan = schedule(&longest, &jobs("name,data\nbig,500GB\nx,50GB\ny,50GB")).unwrap();
        let text = plan.long_pole_reason(UnitSystem::Decimal);
        assert!(text.contains("whatever the other jobs do. A faster client link"), "{text}");
    }

    #[test]
    fn equal_jobs_take_the_aggregate_duration() {
        let scenario = decode("v=1&clients=8&drives=4&fc_ports=4&compression=1.9&stream_rate=50").scenario;
        let mut list = "name,data\n".to_string();
        for i in 0..8 {
            list.push_str(&format!("c{i},1TB\n"));
        }
        let schedule = schedule(&scenario, &jobs(&list)).unwrap();
        let mut whole = scenario.clone();
        whole.data_set_bytes = 8e12;
        let aggregate = crate::evaluate(&whole).duration_sec.unwrap();
        assert!((schedule.makespan_sec / aggregate - 1.0).abs() < 0.02, "{} vs {aggregate}", schedule.makespan_sec);
    }

    #[test]
    fn longest_first_never_loses_to_a_bad_order_here() {
        // Listed with the big job last: it starts late when listed, first when longest-first.
        let scenario = decode("v=1&drives=2&fc_ports=2&sessions_per_drive=1").scenario;
        let list = jobs("name,data\na,500GB\nb,500GB\nc,500GB\nd,500GB\nbig,4TB");
        let schedule = schedule(&scenario, &list).unwrap();
        assert!(schedule.makespan_sec < schedule.listed_order_makespan_sec * 0.9, "{schedule:?}");
        assert!(schedule.longest_first_gain() > 0.1);
    }

    #[test]
    fn a_long_pole_on_a_shared_port_is_told_ports_not_drives() {
        // A new user's 20 jobs on LTO-4 drives behind two 4GFC ports (400 MB/s each), 4 sessions a drive:
        // on 4 drives oracle1 (6 TB) shares its port with one other drive (200 MB/s each, more than its
        // own 152 MB/s) and its drive with other jobs; on 6 drives every port carries three (133 MB/s
        // each), and the night is longer: more drives on the same ports would not help it.
        let reason = |drives: u32| twenty_jobs(drives).long_pole_reason(UnitSystem::Decimal);
        let four = reason(4);
        assert!(four.starts_with("oracle1 is the long pole: sharing its drive"), "{four}");
        assert!(four.ends_with("More drives, with a port each, would give it more."), "{four}");
        let six = reason(6);
        assert!(
            six.starts_with("oracle1 is the long pole: its drive shares one port (400 MB/s) with 2 other drives"),
            "{six}"
        );
        assert!(
            six.ends_with("More ports, one per drive, would give it more; more drives on the same ports would not.")
        );
    }

    #[test]
    fn a_long_pole_held_by_the_server_every_job_shares_is_not_told_more_drives() {
        // A new user's trial (stop 41, helper-70): nine jobs on five LTO-8 drives (3,460 MB/s together)
        // behind three 8GFC ports (2,400 MB/s) and a backup server whose CPU carries 2,000 MB/s. archive
        // shares its drive and the server; the page said more drives with a port each would give it more,
        // but 6 drives end the night later (4 h 47 to 4 h 53 min against 4 h 17 min).
        let list = jobs(
            "name,data,client_nic,streams
oracle-prod,4TB,25GbE,16
sql-fin,3TB,25GbE,16
sap,3TB,25GbE,16
exchange,3TB,10GbE,8
sharepoint,2TB,10GbE,8
fileserver,6TB,10GbE,12
web,500GB,,
devtest,1TB,,
archive,4TB,10GbE,8",
        );
        let link = "v=1&lto=LTO-8&fc=8GFC&fc_ports=3&server_ports=2&window_h=5";
        let five = schedule(&decode(&format!("{link}&drives=5")).scenario, &list).unwrap();
        assert_eq!(five.server_outrun, Some((StageId::ServerCpu, 2e9)));
        let reason = five.long_pole_reason(UnitSystem::Decimal);
        assert!(
            reason.ends_with("More drives would not give it more: the drives together outrun the Backup server CPU (2,000 MB/s), which every job shares; a faster backup server would."),
            "{reason}"
        );
        let six = schedule(&decode(&format!("{link}&drives=6")).scenario, &list).unwrap();
        assert!(six.makespan_sec > five.makespan_sec, "{} against {}", six.makespan_sec, five.makespan_sec);
    }

    #[test]
    fn a_long_pole_near_the_catalogues_floor_is_told_a_faster_catalogue() {
        // A planner trial (stop 60): two jobs of 100 GB in 10 KB files (10 million each) on one drive;
        // the catalogue records 20 million files at 0.18 ms: 1 h 00 min, of a 1 h 01 min 39 s night.
        // It said more drives with a port each would give the long pole more: two ended the night 1 min
        // sooner, and catalog_ms=0.09 halves it.
        let list = jobs("name,data,file_size,streams\na,100GB,10KB,16\nb,100GB,10KB,16");
        let night = schedule(&decode("v=1&window_h=4").scenario, &list).unwrap();
        assert_eq!((night.shared_hold, night.shared_near), (None, Some(StageId::Catalogue)));
        let reason = night.long_pole_reason(UnitSystem::Decimal);
        assert!(
            reason.ends_with("Backup server catalogue holds every job to 1 h 00 min at least, so more drives could end the night at most 1 min 04 s sooner; a faster catalogue (catalog_ms) would do more."),
            "{reason}"
        );
        let two = schedule(&decode("v=1&window_h=4&drives=2&fc_ports=2").scenario, &list).unwrap();
        assert!(night.makespan_sec - two.makespan_sec < 65.0, "{} against {}", two.makespan_sec, night.makespan_sec);
    }

    #[test]
    fn a_long_pole_sharing_its_drive_is_not_told_more_ports() {
        // A new user's trial (stop 33): a and c multiplexed on one LTO-4 drive (237 MB/s), two drives on
        // one 4GFC port (200 MB/s each). c moved 117 MB/s, half its drive: the drive's other job held it,
        // and a port of its own would not have helped.
        let scenario = decode("v=1&drives=2&client_nic=10GbE&stream_rate=200").scenario;
        let schedule = schedule(&scenario, &jobs("name,data\na,1TB\nb,1TB\nc,1TB")).unwrap();
        let reason = schedule.long_pole_reason(UnitSystem::Decimal);
        assert!(
            reason.contains("is the long pole: sharing its drive and the backup server with other jobs"),
            "{reason}"
        );
        assert!(reason.ends_with("More drives, with a port each, would give it more."), "{reason}");
        let ported = schedule_of("v=1&drives=2&fc_ports=2&client_nic=10GbE&stream_rate=200");
        assert!((ported - schedule.makespan_sec).abs() < 1.0, "a port each changes nothing: {ported}");
    }

    fn schedule_of(link: &str) -> f64 {
        schedule(&decode(link).scenario, &jobs("name,data\na,1TB\nb,1TB\nc,1TB")).unwrap().makespan_sec
    }

    /// The 20 jobs of a new user's trial on `drives` LTO-4 drives behind two 4GFC ports, a 12 h window.
    fn twenty_jobs(drives: u32) -> Schedule {
        let list = "name,data\noracle1,6TB\noracle2,4.5TB\nsap,3TB\nexch1,2.2TB\nexch2,1.8TB\nfs-a,1.5TB\nfs-b,1.2TB\nfs-c,900GB\nfs-d,750GB\nsql1,600GB\nsql2,450GB\nweb1,300GB\nweb2,250GB\napp1,200GB\napp2,150GB\ndc1,80GB\ndc2,60GB\nprint,20GB\njump,10GB\nvcenter,120GB";
        let jobs = crate::fleet::parse_jobs(list).0;
        let s = crate::codec::decode(&format!(
            "v=1&lto=LTO-4&drives={drives}&fc=4GFC&fc_ports=2&client_nic=10GbE&window_h=12"
        ))
        .scenario;
        schedule(&s, &jobs).unwrap()
    }

    #[test]
    fn a_night_held_by_a_shared_stage_is_not_told_more_drives() {
        // A new user's trial: four 360 GB jobs on two drives of 100 MB/s behind one 1GFC port (100 MB/s):
        // 1.44 TB through the port take 4 h however many drives share it. d waits 2 h for a drive, and
        // more drives would start it sooner but end nothing sooner.
        let jobs = crate::fleet::parse_jobs("name,data\na,360GB\nb,360GB\nc,360GB\nd,360GB").0;
        let s = crate::codec::decode(
            "v=1&drive_rate=100&compression=1&io_ms=0&fc=1GFC&drives=2&fc_ports=1&sessions_per_drive=1&window_h=3",
        )
        .scenario;
        let night = schedule(&s, &jobs).unwrap();
        assert_eq!(night.shared_hold, Some(StageId::FcPorts));
        let reason = night.long_pole_reason(UnitSystem::Decimal);
        assert!(
            reason.ends_with("More drives or sessions would start it sooner but not end the night sooner: FC HBA ports hold it at its bound (more ports would)."),
            "{reason}"
        );
        // On ports of their own the drives are the limit, and the sentence asks for drives again.
        let own = crate::codec::decode(
            "v=1&drive_rate=100&compression=1&io_ms=0&fc=1GFC&drives=2&fc_ports=2&sessions_per_drive=1&window_h=3",
        )
        .scenario;
        let night = schedule(&own, &jobs).unwrap();
        assert_eq!(night.shared_hold, None);
        assert!(night
            .long_pole_reason(UnitSystem::Decimal)
            .ends_with("More drives or more sessions per drive would start it sooner."));
        // A new user's trial (stop 41, helper-70): ten jobs on two LTO-7 drives behind one 4GFC port. The
        // port holds every job to 9 h 53 min of a 10 h 07 min night: more drives would start the long pole
        // sooner, and the sentence says how little of the night that saves.
        let ten = crate::fleet::parse_jobs(
            "name,data,client_nic,streams
oracle-prod,2TB,10GbE,8
sql-fin,1.5TB,10GbE,8
ad-dc,100GB,10GbE,
exchange,2TB,10GbE,8
sharepoint,1TB,10GbE,8
fileserver,4TB,10GbE,8
print,50GB,,
web-farm,600GB,,
devtest,1TB,,
archive,2TB,,",
        )
        .0;
        let s =
            crate::codec::decode("v=1&lto=LTO-7&drives=2&fc=4GFC&fc_ports=1&sessions_per_drive=1&window_h=6").scenario;
        let night = schedule(&s, &ten).unwrap();
        assert_eq!((night.shared_hold, night.shared_near), (None, Some(StageId::FcPorts)));
        let reason = night.long_pole_reason(UnitSystem::Decimal);
        assert!(
            reason.ends_with("More drives or more sessions per drive would start it sooner, but FC HBA ports hold every job to 9 h 53 min at least, so the night could end at most 13 min 54 s sooner (more ports would do more)."),
            "{reason}"
        );
    }

    #[test]
    fn a_byte_past_a_cartridge_changes_it() {
        // A new user's trial: 800 GB + 1 B on an LTO-4 at 1:1 (800 GB a cartridge, 100 MB/s) needs a
        // second cartridge: one 74 s change, 8,074 s. The job counted as done a billionth (800 B) short,
        // so the night was 8,000 s, under its own lower bound of 8,074 s.
        let s = crate::codec::decode(
            "v=1&drive_rate=100&compression=1&io_ms=0&fc=8GFC&drives=1&fc_ports=1&sessions_per_drive=1",
        )
        .scenario;
        for (data, changes) in [(800e9, 0u32), (800e9 + 1.0, 1), (800e9 + 1000.0, 1)] {
            let mut jobs = crate::fleet::parse_jobs("name,data\nj,1GB").0;
            jobs[0].data_bytes = data;
            let night = schedule(&s, &jobs).unwrap();
            assert_eq!(night.drive_handling[0].changes, u64::from(changes), "{data} B");
            assert!(
                (night.makespan_sec - (data / 100e6 + 74.0 * f64::from(changes))).abs() < 1e-3,
                "{data} B: {}",
                night.makespan_sec
            );
            assert!(night.makespan_sec >= night.lower_bound_sec * (1.0 - 1e-12), "{data} B");
        }
    }

    #[test]
    fn fewer_drives_at_once_are_offered_when_they_end_the_night_sooner() {
        // Six drives on two ports: every running job shares the ports, so the sixth drive adds no
        // throughput and slows oracle1 (12 h 52 min); five of them end at 11 h 09 min, as five drives do.
        let (five, six, four) = (twenty_jobs(5), twenty_jobs(6), twenty_jobs(4));
        assert!(six.makespan_sec > five.makespan_sec);
        assert_eq!(six.fewer_at_once, Some((5, five.makespan_sec)));
        let text = six.fewer_at_once_text().unwrap();
        assert!(
            text.starts_with("Using 5 of the 6 drives at once ends the night at 11 h 09 min instead of 12 h 52 min"),
            "{text}"
        );
        // Four drives carry what the two ports do and no fewer is faster: nothing offered.
        assert_eq!(four.fewer_at_once, None);
        assert_eq!(five.fewer_at_once, None);
    }

    #[test]
    fn a_job_joins_a_drive_with_room_rather_than_crowd_another() {
        // A new user's trial, two LTO-4 drives of 237 MB/s on ports of their own, four sessions each, 1GbE
        // clients (113 MB/s): db's 6 TB hold drive 1 for 14 h 48 min using 113 MB/s of it. Placed by each
        // drive's end, mail (3 TB) joined fs1, fs2 and web on drive 2 (four jobs sharing 237 MB/s) and
        // ended after the 8 h window; beside db it moves its own 113 MB/s without slowing db.
        let s = crate::codec::decode("v=1&drives=2&fc_ports=2&window_h=8").scenario;
        let jobs = crate::fleet::parse_jobs("name,data\ndb,6TB\nfs1,2TB\nfs2,2TB\nweb,500GB\nmail,3TB").0;
        let night = schedule(&s, &jobs).unwrap();
        let drive_of = |name: &str| night.jobs.iter().find(|j| j.name == name).unwrap().drive;
        assert_eq!(drive_of("db"), 0);
        let missed: Vec<&str> = night.jobs.iter().filter(|j| !j.in_window).map(|j| j.name.as_str()).collect();
        assert_eq!(missed, ["db"], "{:?}", night.jobs);
        // Its smaller form: big (3 TB) and three 2 TB jobs all end inside the window; x, y and z on one
        // drive had ended at 7 h 06 min at 78 MB/s each while big's drive had room for one of them.
        let jobs = crate::fleet::parse_jobs("name,data\nbig,3TB\nx,2TB\ny,2TB\nz,2TB").0;
        let night = schedule(&s, &jobs).unwrap();
        assert!(night.jobs.iter().all(|j| j.in_window), "{:?}", night.jobs);
        assert_eq!(crate::units::format_duration(night.makespan_sec), "7 h 26 min");
        let on_first = night.jobs.iter().filter(|j| j.drive == 0).count();
        assert_eq!(on_first, 2, "{:?}", night.jobs);
    }

    #[test]
    fn two_long_jobs_take_a_port_each() {
        // A new user's trial: five LTO-4 drives behind two 4GFC ports (drives 1, 3, 5 on one, 2 and 4 on
        // the other), two 2 TB jobs at 235 MB/s each. Each drive was taken at its port's rate with every
        // drive on it busy (133 and 200 MB/s), so both went to the second port and shared it: 2 h 47 min.
        // With only the drives that will be busy counted, each gets a port: 2 h 22 min.
        let s = crate::codec::decode("v=1&drives=5&fc_ports=2&sessions_per_drive=1&window_h=2").scenario;
        let jobs = crate::fleet::parse_jobs("name,data,client_nic,streams\nj0,2TB,10GbE,7\nj2,2TB,10GbE,7").0;
        let night = schedule(&s, &jobs).unwrap();
        let ports: Vec<usize> = night.jobs.iter().map(|j| j.drive % 2).collect();
        assert_ne!(ports[0], ports[1], "{:?}", night.jobs);
        assert_eq!(crate::units::format_duration(night.makespan_sec), "2 h 22 min");
    }

    #[test]
    fn shared_drive_ends_follow_fair_shares() {
        // (jobs: bytes left, ceiling, the one placed), drive rate, (all end, the placed one ends), s.
        type Row<'a> = (&'a [(f64, f64, bool)], f64, (f64, f64));
        let table: [Row; 4] = [
            // Ceilings that fit: each at its own.
            (&[(600.0, 100.0, false), (300.0, 100.0, true)], 250.0, (6.0, 3.0)),
            // Equal ceilings over the drive: equal shares, the smaller ends first, then the other at its
            // ceiling: 300 at 75 each (4 s), then 300 left at 100 (3 s).
            (&[(600.0, 100.0, false), (300.0, 100.0, true)], 150.0, (7.0, 4.0)),
            // A faster job beside a slow one: the slow keeps 50, the fast takes the rest (100) until the
            // slow ends at 4 s (400 moved of 600), then 200 more at its ceiling 150: 5.33 s.
            (&[(200.0, 50.0, false), (600.0, 150.0, true)], 150.0, (4.0 + 200.0 / 150.0, 4.0 + 200.0 / 150.0)),
            // Nothing placed: the drive alone.
            (&[(100.0, 100.0, false)], 100.0, (1.0, f64::INFINITY)),
        ];
        for (jobs, rate, (all, placed)) in table {
            let (mut list, mut scratch) = (jobs.to_vec(), Vec::new());
            let (got_all, got_placed) = shared_drive_ends(&mut list, &mut scratch, rate);
            assert!((got_all - all).abs() < 1e-9, "{jobs:?}: all end {got_all}");
            assert!(got_placed == placed || (got_placed - placed).abs() < 1e-9, "{jobs:?}: placed {got_placed}");
            assert!(list.is_empty());
        }
    }

    #[test]
    fn drives_at_once_hold_the_rest_back() {
        // The six drives told to use five at once schedule as five drives do (each drive on port d % 2),
        // keep one drive's lane idle out of the schedule, and offer nothing fewer.
        let list = "name,data\noracle1,6TB\noracle2,4.5TB\nsap,3TB\nexch1,2.2TB\nexch2,1.8TB\nfs-a,1.5TB";
        let jobs = crate::fleet::parse_jobs(list).0;
        let at = |extra: &str| {
            let s = crate::codec::decode(&format!("v=1&lto=LTO-4&fc=4GFC&fc_ports=2&client_nic=10GbE{extra}")).scenario;
            schedule(&s, &jobs).unwrap()
        };
        let (five, six_as_five) = (at("&drives=5"), at("&drives=6&drives_at_once=5"));
        assert_eq!(six_as_five.makespan_sec, five.makespan_sec);
        assert_eq!(six_as_five.drive_busy_sec.len(), 5);
        assert_eq!(six_as_five.lower_bound_sec, five.lower_bound_sec);
        assert_eq!(six_as_five.fewer_at_once, five.fewer_at_once);
        // More at once than there are drives, or 0, is every drive.
        for extra in ["&drives=6&drives_at_once=9", "&drives=6&drives_at_once=0"] {
            assert_eq!(at(extra).makespan_sec, at("&drives=6").makespan_sec, "{extra}");
        }
    }

    #[test]
    fn the_longest_job_goes_to_a_drive_with_a_port_of_its_own() {
        // Five drives on two ports: drives 1, 3 and 5 share port 1, drives 2 and 4 port 2. Each job goes
        // where it would finish first, so oracle1 (6 TB, 152 MB/s alone) runs on drive 2 and the night is
        // its own 10 h 57 min and a few minutes more; placed on the first free drive (drive 1, its port
        // shared three ways) it took 13 h 49 min, longer than on four drives (11 h 50 min).
        let (four, five) = (twenty_jobs(4), twenty_jobs(5));
        let oracle1 = five.jobs.iter().find(|j| j.name == "oracle1").unwrap();
        assert_eq!(oracle1.drive, 1, "{:?}", five.jobs);
        assert!(
            five.makespan_sec < four.makespan_sec,
            "5 drives {} s, 4 drives {} s",
            five.makespan_sec,
            four.makespan_sec
        );
        assert_eq!(crate::units::format_duration(five.makespan_sec), "11 h 09 min");
        assert!(
            five.makespan_sec < 1.03 * five.lower_bound_sec,
            "{} against {}",
            five.makespan_sec,
            five.lower_bound_sec
        );
    }

    #[test]
    fn fewest_drives_that_fit_the_window() {
        let scenario = decode("v=1&sessions_per_drive=1&fc_ports=8").scenario;
        let list = jobs("name,data\na,3TB\nb,3TB\nc,3TB\nd,3TB");
        // Each 3 TB job takes 3e12 / 113 MB/s = 7.4 h alone: four need four drives in an 8 h window.
        assert_eq!(fewest_drives(&scenario, &list, 8.0 * 3600.0), Some(4));
        assert_eq!(fewest_drives(&scenario, &list, 6.0 * 3600.0), None, "a job alone misses it");
        // Two drives with two sessions each run all four at once: the ports (8 x 4GFC) and the drives
        // (2 x 240 MB/s at 2:1) carry 4 x 113 MB/s.
        let two = decode("v=1&drives=2&fc_ports=8&client_nic=1GbE").scenario;
        assert_eq!(fewest_sessions_per_drive(&two, &list, 8.0 * 3600.0), Some(2));
    }
}
