//! The result of an evaluation, and its plain-words explanation.

use crate::chain::Chain;
use crate::pipeline::{solve, StageCalc, RETRIEVE, SEND};
use crate::scenario::{NfsWorkload, Scenario, Target};
use crate::stage::{Role, Stage, StageId};
use crate::stages::connection::ConnectionLimit;
use crate::stages::{ports, tape, transactions};
use crate::units::{
    format_bytes, format_duration, format_number, format_per_hour, format_percent, format_rate, format_ratio,
    UnitSystem,
};
pub use crate::warning::Warning;

/// Everything the model says about one scenario. Rates in logical bytes/s (the data set protected per
/// second), times in seconds.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    /// Achieved backup throughput, bytes/s (for a mixed NFS workload, send plus retrieve).
    pub throughput_bytes_per_sec: f64,
    /// Part of the throughput in the send (backup) direction, bytes/s.
    pub send_bytes_per_sec: f64,
    /// Part of the throughput in the retrieve direction, bytes/s (NFS only).
    pub retrieve_bytes_per_sec: f64,
    /// The stage that limits the throughput.
    pub bottleneck: StageId,
    /// Every stage of the backup chain, in the order data flows.
    pub stages: Vec<Stage>,
    /// Things the user should know (shoe-shining, stream lag, stages near their limit, a missed window).
    pub warnings: Vec<Warning>,
    /// Time to back up the data set, seconds; `None` without a data set size.
    pub duration_sec: Option<f64>,
    /// Fit against the backup window; `None` without a data set or without a window (0 = no window).
    pub window: Option<WindowFit>,
    /// Tape cartridges the data set fills; `None` without a data set or for an NFS target.
    pub cartridges: Option<u64>,
    /// What changing cartridges and optimising new LTO-9 cartridges add to the backup (included in
    /// `duration_sec`); `None` without cartridges.
    pub cartridge_handling: Option<crate::stages::cartridges::Handling>,
    /// Files backed up per second (a tape or repository target, whose clients back up files):
    /// throughput / average file size; `None` for an NFS target, which has no file size.
    pub files_per_sec: Option<f64>,
    /// Bytes per second on the wire after reduction at the source (equal to the throughput without it).
    pub physical_bytes_per_sec: f64,
    /// With serial staging, the spool and the despool phase's rates, bytes/s (the job's rate combines
    /// them: `1 / (1 / spool + 1 / despool)`).
    pub staging_phases_bytes_per_sec: Option<[f64; 2]>,
    /// The restore of the data set (tape target); `None` where the scenario says nothing of restores
    /// (an NFS workload sizes retrievals itself).
    pub restore: Option<Restore>,
    /// Bytes per transaction aggregate (tape only).
    pub aggregate_bytes: Option<f64>,
    /// Storage-pool I/O size for that aggregate, bytes (tape only).
    pub storage_pool_io_bytes: Option<f64>,
    /// The copy to tape after a backup to a repository (`copy_to_tape=on`); `None` otherwise.
    pub copy: Option<CopyPhase>,
    /// The scenario as evaluated (after out-of-range values were brought into range).
    pub scenario: Scenario,
}

/// The restore chain's result.
#[derive(Debug, Clone, PartialEq)]
pub struct Restore {
    /// Restore throughput, bytes/s: what the drives read (a partial restore that reads the backup
    /// through reads all of it and keeps the files asked for, see [`Restore::carried_bytes_per_sec`]).
    pub throughput_bytes_per_sec: f64,
    /// The stage that limits it.
    pub bottleneck: StageId,
    /// Every stage of the restore chain, in the order data flows (drives first), each in the bytes it
    /// carries itself.
    pub stages: Vec<Stage>,
    /// Shoe-shining while reading, if any.
    pub warnings: Vec<Warning>,
    /// Time to restore the data set (or, in a partial restore, its located files), seconds, cartridge
    /// changes included; `None` without a data set size.
    pub duration_sec: Option<f64>,
    /// Files restored per second.
    pub files_per_sec: f64,
    /// Bytes the restore brings back: the data set, or the located files of a partial restore.
    pub restored_bytes: f64,
    /// The cartridge changes in `duration_sec`, seconds, for a whole restore or a partial one that
    /// reads through: the backup's cartridges over the drives the restore reads with; 0 otherwise.
    pub changes_sec: f64,
    /// Mounting the first cartridge, in `duration_sec`, seconds: its load, and for a restore that reads
    /// the backup from its start its locate too ([`crate::stages::cartridges::motion_sec`]: 17 s + 45 s
    /// on LTO-9, IBM); a partial restore's locates are its Locate stage's. The drives mount theirs at
    /// once, so one mount's time. 0 off tape or without a data set.
    pub first_mount_sec: f64,
    /// Those changes: the backup's cartridges over the restore's drives, no media optimisation; `None`
    /// off tape or where the restore changes none.
    pub handling: Option<crate::stages::cartridges::Handling>,
    /// Share of what the drives read that the restore keeps, 0 to 1: below 1 only when a partial
    /// restore reads the backup through ([`Warning::ReadThrough`]).
    pub kept_share: f64,
}

impl Restore {
    /// The cartridge handling in [`Restore::duration_sec`], seconds: the changes and the first mount.
    pub fn handling_sec(&self) -> f64 {
        self.changes_sec + self.first_mount_sec
    }

    /// What stage `id` carries, bytes/s: the throughput, or its kept share for the stages that carry
    /// only the kept files when the restore reads the backup through ([`StageId::carries_only_kept`]).
    pub fn carried_bytes_per_sec(&self, id: StageId) -> f64 {
        if id.carries_only_kept() {
            self.throughput_bytes_per_sec * self.kept_share
        } else {
            self.throughput_bytes_per_sec
        }
    }

    /// What follows the restore's rate when a partial restore reads the backup through, so the rate is
    /// not read as the clients' (" read through, 0.5 % kept"); empty otherwise.
    pub fn read_through_note(&self) -> String {
        if self.kept_share < 1.0 {
            // A share that rounds to 0.0 % is written with the decimals that show it ("0.01 % kept").
            format!(" read through, {} kept", crate::units::format_small_percent(self.kept_share))
        } else {
            String::new()
        }
    }
}

/// How a backup fits its window.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WindowFit {
    /// The window, seconds.
    pub window_sec: f64,
    /// Whether the backup finishes inside it.
    pub fits: bool,
    /// Window minus duration, seconds (negative when it does not fit).
    pub margin_sec: f64,
    /// Margin as a share of the window (0.25 = finishes with a quarter of the window to spare).
    pub margin_ratio: f64,
}

impl WindowFit {
    /// Fit of a `duration_sec` backup in a `window_sec` window (window > 0).
    pub fn new(duration_sec: f64, window_sec: f64) -> Self {
        let margin_sec = window_sec - duration_sec;
        Self { window_sec, fits: margin_sec >= 0.0, margin_sec, margin_ratio: margin_sec / window_sec }
    }

    /// The verdict in words ([`window_verdict`]) with `headroom` the share of the window to keep spare.
    pub fn verdict(&self, headroom: f64) -> &'static str {
        window_verdict(self.fits, self.margin_ratio, headroom)
    }
}

/// ", less than the 20.0 % headroom" where a night that fits leaves less than `headroom` (a share of the
/// window) spare, else nothing: the words the margins of [`window_verdict`]'s "Fits, below headroom" add.
pub fn below_headroom_text(margin_ratio: f64, headroom: f64) -> String {
    if window_verdict(true, margin_ratio, headroom) == "Fits" {
        String::new()
    } else {
        format!(", less than the {} headroom", crate::units::format_percent(headroom))
    }
}

/// The verdict of a night that fits with less than the headroom spare ([`window_verdict`]); the page
/// shows it in amber by this text.
pub const FITS_BELOW_HEADROOM: &str = "Fits, below headroom";

/// A window's verdict: "Fits", "Fits, below headroom" when less than `headroom` (a share of the window,
/// 0.2 = 20 %) is left spare, or "Does not fit". A trial read "Fits" in the strip over a night with
/// 3.6 % to spare while What to add, below it, asked for another drive to keep the 20 % headroom.
pub fn window_verdict(fits: bool, margin_ratio: f64, headroom: f64) -> &'static str {
    match fits {
        false => "Does not fit",
        true if margin_ratio < headroom * (1.0 - 1e-12) => FITS_BELOW_HEADROOM,
        true => "Fits",
    }
}

/// The night with a copy to tape, as the headline judges it ([`Report::night_with_copy`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NightWithCopy {
    /// Whether the night fits: backup then copy in the shared window, or each in its own.
    pub fits: bool,
    /// The backup, seconds.
    pub backup_sec: f64,
    /// The copy, seconds.
    pub copy_sec: f64,
    /// The copy's window, seconds: the backup's when they share it, else its own.
    pub copy_window_sec: f64,
    /// Whether the copy runs in the backup's window, after it.
    pub shared: bool,
    /// Whether the backup alone fits its window (true without one).
    pub backup_fits: bool,
}

impl NightWithCopy {
    /// The share of the copy's window it leaves spare (negative when it misses; 0 without a window), as
    /// the headroom judges it.
    pub fn copy_spare_ratio(&self) -> f64 {
        if self.copy_window_sec > 0.0 {
            (self.copy_window_sec - self.copy_sec) / self.copy_window_sec
        } else {
            0.0
        }
    }
}

/// Utilization from which a stage other than the bottleneck is reported as near its limit.
const NEAR_LIMIT: f64 = 0.9;

/// The copy to tape after a backup to a repository.
#[derive(Debug, Clone, PartialEq)]
pub struct CopyPhase {
    /// Rate of the copy, logical bytes/s.
    pub throughput_bytes_per_sec: f64,
    /// The stage that limits the copy.
    pub bottleneck: StageId,
    /// The copy's stages: the repository read, then the tape chain.
    pub stages: Vec<Stage>,
    /// Shoe-shining while copying, if any.
    pub warnings: Vec<Warning>,
    /// Time to copy the data set, seconds; `None` without a data set.
    pub duration_sec: Option<f64>,
    /// Backup and copy against their window(s): in a shared window the two durations added against
    /// it, else the copy against its own; `None` without a data set or a window.
    pub window: Option<WindowFit>,
    /// Whether the copy shares the backup's window.
    pub shared_window: bool,
    /// The phase that takes longer: "backup" or "copy".
    pub longer_phase: &'static str,
    /// What changing cartridges and optimising new LTO-9 cartridges add to the copy (included in
    /// `duration_sec`); `None` without a data set.
    pub cartridge_handling: Option<crate::stages::cartridges::Handling>,
}

/// Stages at or near their limit, other than the bottleneck and serial costs.
///
/// Drives that shoe-shine (`warnings` holds a [`Warning::ShoeShining`] that limits the throughput) are
/// left out: their capacity is what this feed lets them move, and it rises with the feed, so "relieving
/// the bottleneck gains at most 0 %" would be false (two LTO-4s fed 111 MB/s by a 1GbE client read 100 %
/// of such a capacity, and 10GbE gave 152 MB/s, 37 % more).
pub(crate) fn near_limit<'a>(
    stages: &'a [Stage],
    bottleneck: StageId,
    warnings: &[Warning],
) -> impl Iterator<Item = Warning> + 'a {
    let starved = warnings.iter().any(|w| matches!(w, Warning::ShoeShining { limits_throughput: true, .. }));
    stages
        .iter()
        .filter(move |s| s.id != bottleneck && s.role != Role::Serial && s.utilization >= NEAR_LIMIT)
        .filter(move |s| !(starved && s.id == StageId::TapeDrives))
        .filter_map(move |s| {
            // Two directions: a stage full one way may still leave the other room, so what relieving the
            // bottleneck can gain before it binds is its capacity for both over the flow of both (a
            // trial's volumes, full retrieving but at 70.6 % sending, read "gains at most 0 %" where
            // relieving the mounts gave 22 %).
            let utilization = match &s.directions {
                Some(d) if !d.time_shared => {
                    let flow =
                        d.utilization[0] * d.capacity_bytes_per_sec[0] + d.utilization[1] * d.capacity_bytes_per_sec[1];
                    let capacity = d.capacity_bytes_per_sec[0] + d.capacity_bytes_per_sec[1];
                    if capacity > 0.0 {
                        flow / capacity
                    } else {
                        s.utilization
                    }
                }
                _ => s.utilization,
            };
            (utilization >= NEAR_LIMIT).then_some(Warning::NearLimit { stage: s.id, utilization })
        })
}

/// [`Warning::DefaultClient`] when the client streams or their per-file cost bind (`bottleneck`) at the
/// default rate of one stream, or with the default time per file (no client class) taking a tenth or
/// more of each stream's time.
fn default_client(scenario: &Scenario, stages: &[Stage], bottleneck: StageId) -> Option<Warning> {
    // The backup's streams and per-file cost, or a restore's write streams and file creation.
    let (streams, per_file) = match bottleneck {
        StageId::Streams | StageId::PerFile => (StageId::Streams, StageId::PerFile),
        StageId::RestoreStreams | StageId::FileCreate => (StageId::RestoreStreams, StageId::FileCreate),
        _ => return None,
    };
    let restore = streams == StageId::RestoreStreams;
    let defaults = Scenario::default();
    // A restore stream writes at the backup's rate unless entered (`restore_rate` 0); on a flash class a
    // backup stream reads at the storage's rate (no default), a restore stream writes the default.
    let (now, by_default) = if restore {
        let rate = scenario.restore_stream_rate();
        let unentered = scenario.restore_stream_bytes_per_sec == 0.0
            && (scenario.client_class.is_flash() || scenario.stream_bytes_per_sec == defaults.stream_bytes_per_sec);
        (rate, unentered)
    } else {
        let rate = scenario.stream_bytes_per_sec;
        (rate, !scenario.client_class.is_flash() && rate == defaults.stream_bytes_per_sec)
    };
    let stream = by_default.then_some(now);
    let per_file_share = stages.iter().find(|s| s.id == per_file).map_or(0.0, |s| s.utilization);
    let (file_now, file_default) = if restore {
        (scenario.restore_file_sec, defaults.restore_file_sec)
    } else {
        (scenario.file_sec, defaults.file_sec)
    };
    let file = (scenario.client_class == crate::stages::client_class::ClientClass::Entered
        && file_now == file_default
        && per_file_share >= 0.1)
        .then_some(file_now);
    (stream.is_some() || file.is_some()).then_some(Warning::DefaultClient {
        stage: bottleneck,
        stream_bytes_per_sec: stream,
        file_sec: file,
        class_chosen: scenario.client_class != crate::stages::client_class::ClientClass::Entered,
    })
}

/// Fills each shoe-shining warning's `lost_sec`: what the drives' loss adds to moving `data` bytes at
/// `rate` (the job would have run at `rate + lost`).
fn time_lost(warnings: &mut [Warning], data: f64, rate: f64) {
    for warning in warnings.iter_mut() {
        if let Warning::ShoeShining { lost_bytes_per_sec, lost_sec, .. } = warning {
            if data > 0.0 && rate > 0.0 && *lost_bytes_per_sec > 0.0 {
                *lost_sec = data / rate - data / (rate + *lost_bytes_per_sec);
            }
        }
    }
}

/// The sentence a result adds when its drives backhitch: "Backhitching: each drive loses 12 % of its
/// time repositioning."
fn backhitch_sentence(warnings: &[Warning], system: UnitSystem) -> Option<String> {
    warnings.iter().find_map(|w| match *w {
        Warning::ShoeShining {
            repositioning_share,
            lost_bytes_per_sec,
            lost_sec,
            drives,
            starved_drives,
            limits_throughput,
            ..
        } if repositioning_share > 0.0 => {
            // Where only some drives are starved, only they lose that share.
            let each = if starved_drives < drives { "each starved drive" } else { "each drive" };
            let mut text = format!(
                " Backhitching: {each} loses {} of its time repositioning",
                format_percent(repositioning_share)
            );
            // Where the buffers hide the stops, what is left of a loss is rounding (a planner trial's
            // "0 KB/s of feed the drives cannot take (0.0000000000036 s longer)").
            if limits_throughput && lost_bytes_per_sec > 0.0 {
                text.push_str(&format!(
                    ", {} of feed the drives cannot take{}",
                    format_rate(lost_bytes_per_sec, system),
                    if lost_sec > 0.0 { format!(" ({} longer)", format_duration(lost_sec)) } else { String::new() }
                ));
            }
            text.push('.');
            Some(text)
        }
        _ => None,
    })
}

/// [`Warning::SharedDefaultPort`] when `drives` (more than one) share the scenario's one FC HBA port
/// or SAS lane, named by its attachment; [`Warning::SharedSasLanes`] when SAS drives share more lanes
/// than one; `None` with a port (a lane) per drive, more FC ports than one, or a single drive.
pub(crate) fn shared_default_port(scenario: &crate::Scenario, drives: u32) -> Option<Warning> {
    let (port, key, ports) = match scenario.attachment {
        crate::scenario::Attachment::Fc => ("FC HBA port", "fc_ports", scenario.fc_ports),
        crate::scenario::Attachment::Sas => ("SAS lane", "sas_ports", scenario.sas_ports),
    };
    let label = crate::fields::field_by_key(key).map_or(key, |f| f.label);
    let sas = scenario.attachment == crate::scenario::Attachment::Sas;
    match ports {
        1 if drives > 1 => Some(Warning::SharedDefaultPort { drives, port, key, label }),
        lanes if sas && lanes < drives => Some(Warning::SharedSasLanes { drives, lanes }),
        _ => None,
    }
}

/// Time for `bytes` at `rate`: `None` without a data set, infinity without throughput.
fn duration(bytes: f64, rate: f64) -> Option<f64> {
    (bytes > 0.0).then(|| if rate > 0.0 { bytes / rate } else { f64::INFINITY })
}

/// The cartridges a tape backup of `data` bytes writes (each drive in use filling its own) and what
/// handling them adds, with `new` of them new cartridges (counted only for LTO-9 drives on their own
/// media, which optimise a new cartridge on its first load). `None` for other targets or no data.
pub(crate) fn tape_handling(
    scenario: &Scenario,
    data: f64,
    new: u64,
) -> Option<(u64, crate::stages::cartridges::Handling)> {
    if scenario.target != Target::Tape || data <= 0.0 {
        return None;
    }
    let drives = crate::chain::active_drives(scenario).max(1);
    let spec = scenario.drive_spec();
    let written = data / scenario.reduction_ratio();
    let on_one = |share: f64| tape::cartridges(written * share, &spec, scenario.drive_compression());
    // Clients tied to drives unevenly: each drive fills cartridges with its own clients' data, and the
    // busiest changes most (a trial's five clients' 10 TB on two LTO-4s: 4 + 3 cartridges, not 2 x 4).
    let groups = crate::chain::uneven_static_groups(scenario);
    let count = match groups {
        Some(_) => tape::cartridges_on_shares(
            written,
            &crate::chain::drive_shares(scenario),
            &spec,
            scenario.drive_compression(),
        ),
        None => tape::cartridges_on_drives(written, drives, &spec, scenario.drive_compression()),
    };
    let mut handling = crate::stages::cartridges::Handling::new(
        count,
        drives,
        if scenario.optimises_new_cartridges() { new } else { 0 },
        scenario.media_optimisation_sec,
        crate::stages::cartridges::motion_sec(scenario.lto),
    );
    if let Some([(_, busiest), _]) = groups {
        handling.changes_per_drive = on_one(busiest).saturating_sub(1);
    }
    Some((count, handling))
}

/// The cartridges a copy to tape of `data` bytes from a repository writes and what handling them adds
/// ([`tape_handling`] for the copy's writer, [`crate::repository::copier`]: every drive, the data as
/// the copy writes it), with `new` of them new cartridges. `None` without a copy to tape or data.
pub(crate) fn copy_handling(
    scenario: &Scenario,
    data: f64,
    new: u64,
) -> Option<(u64, crate::stages::cartridges::Handling)> {
    if scenario.target != Target::Repository || !scenario.copy_to_tape {
        return None;
    }
    let mut writer = crate::repository::copier(scenario);
    writer.target = Target::Tape;
    tape_handling(&writer, data, new)
}

/// The handling in words: "2 cartridge changes per drive × 92 s (unload 30 s + load 17 s + locate
/// 45 s) and 1 new LTO-9 cartridge per drive × 40 min 00 s of media optimisation on first load".
/// `busiest`: the drives change unequal numbers of cartridges, and the time is the busiest drive's.
fn handling_parts(
    h: &crate::stages::cartridges::Handling,
    lto: crate::catalog::LtoGeneration,
    busiest: bool,
) -> String {
    let motion = crate::stages::cartridges::motion_sec(lto);
    let mut parts = Vec::new();
    if h.changes_per_drive > 0 {
        parts.push(format!(
            "{} cartridge {} {} × {} s (unload {} s + load {} s + locate {} s{})",
            crate::units::format_count(h.changes_per_drive as f64),
            if h.changes_per_drive == 1 { "change" } else { "changes" },
            // Clients tied to drives unevenly: only the busiest makes that many (a trial read "3 cartridge
            // changes per drive" where the other drive made 2).
            if busiest { "on the busiest drive" } else { "per drive" },
            // The catalogue's whole seconds, printed as they are ("74 s", not "74.0 s").
            h.change_sec,
            motion.unload_sec,
            motion.load_sec,
            motion.locate_sec,
            if motion.assumed { ", assumed for this generation" } else { "" }
        ));
    }
    if h.new_per_drive > 0 {
        parts.push(format!(
            "{} new LTO-9 {} per drive × {} of media optimisation on first load",
            crate::units::format_count(h.new_per_drive as f64),
            if h.new_per_drive == 1 { "cartridge" } else { "cartridges" },
            format_duration(h.optimisation_sec)
        ));
    }
    parts.join(" and ")
}

impl Report {
    /// The backup's duration as the window's verdict writes it beside the window, so that the two read
    /// alike wherever they are shown: with its seconds where the window's text has them ("6 h 12 min
    /// 40 s" beside 1 h 47 min 20 s spare of 8 h; "2 h 27 min 31 s" beside a window of as long that it
    /// misses by less than a second, where alone it reads "2 h 27 min": a planner trial's case), else
    /// as [`crate::units::format_duration`] writes it. `None` without a data set.
    pub fn duration_text(&self) -> Option<String> {
        let duration = self.duration_sec?;
        Some(match self.window {
            Some(fit) if fit.fits && (fit.window_sec - fit.margin_sec - duration).abs() < 1e-6 => {
                let [written, ..] = crate::units::format_duration_with_spare(duration, fit.window_sec);
                written
            }
            Some(fit) if !fit.fits && fit.margin_sec.is_finite() => {
                let [written, ..] = crate::units::format_duration_with_overrun(duration, fit.window_sec);
                written
            }
            _ => crate::units::format_duration(duration),
        })
    }

    /// The night with its copy to tape, when there is a copy and a window to judge it by: the
    /// backup's window verdict alone would say "fits" where the copy after it does not.
    pub fn night_with_copy(&self) -> Option<NightWithCopy> {
        let copy = self.copy.as_ref()?;
        let fit = copy.window?;
        let (backup_sec, copy_sec) = (self.duration_sec?, copy.duration_sec?);
        let backup_fits = self.window.is_none_or(|w| w.fits);
        Some(NightWithCopy {
            fits: fit.fits && backup_fits,
            backup_sec,
            copy_sec,
            copy_window_sec: fit.window_sec,
            shared: copy.shared_window,
            backup_fits,
        })
    }

    /// The night for `bytes` (another data set size), seconds: [`Report::backup_duration_for`], then,
    /// when a copy to tape shares the backup's window, the copy of the same bytes at today's copy rate
    /// with its own cartridge handling. `None` for no bytes.
    pub fn night_duration_for(&self, bytes: f64) -> Option<f64> {
        let backup = self.backup_duration_for(bytes)?;
        let Some(copy) = self.copy.as_ref().filter(|c| c.shared_window) else { return Some(backup) };
        let handling = copy_handling(&self.scenario, bytes, u64::from(self.scenario.new_cartridges));
        let rate = copy.throughput_bytes_per_sec;
        Some(
            backup
                + if rate > 0.0 { bytes / rate } else { f64::INFINITY }
                + handling.map_or(0.0, |(_, h)| h.total_sec()),
        )
    }

    /// The rate a byte of the night moves at, bytes/s, handling left out: the throughput, or with a copy
    /// to tape in the backup's window the backup and the copy in series, `1 / (1 / backup + 1 / copy)`.
    pub fn night_bytes_per_sec(&self) -> f64 {
        match self.copy.as_ref().filter(|c| c.shared_window) {
            Some(c) => 1.0 / (1.0 / self.throughput_bytes_per_sec + 1.0 / c.throughput_bytes_per_sec),
            None => self.throughput_bytes_per_sec,
        }
    }

    /// The most bytes whose night ([`Report::night_duration_for`]) fits in `window_sec`, bytes: what
    /// the throughput moves in the window less what the cartridge handling those bytes need takes of it
    /// (8 h on one LTO-9 at 113 MB/s with a new cartridge: 40 min of media optimisation leave 7 h 20 min,
    /// 2.98 TB, not 3.25 TB). 0 when the handling alone fills the window; `None` without a window or a
    /// throughput. Found by bisection, since the night never shortens as the bytes grow.
    pub fn night_bytes_in(&self, window_sec: f64) -> Option<f64> {
        let fits = |bytes: f64| self.night_duration_for(bytes).is_some_and(|sec| sec <= window_sec);
        let rate = self.night_bytes_per_sec();
        if !(window_sec > 0.0 && window_sec.is_finite() && rate > 0.0 && rate.is_finite()) {
            return None;
        }
        // The handling only adds time, so the bytes at the rate alone are the most there can be.
        let (mut lo, mut hi) = (0.0, rate * window_sec);
        if fits(hi) {
            return Some(hi);
        }
        for _ in 0..80 {
            let mid = 0.5 * (lo + hi);
            if fits(mid) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        Some(lo)
    }

    /// How long this scenario's backup of `bytes` (another data set size) takes, seconds: the bytes at
    /// today's throughput plus the cartridge changes they need and the new cartridges entered, as
    /// [`Report::duration_sec`] is for the data set itself. `None` for no bytes.
    pub fn backup_duration_for(&self, bytes: f64) -> Option<f64> {
        let handling = tape_handling(&self.scenario, bytes, u64::from(self.scenario.new_cartridges));
        duration(bytes, self.throughput_bytes_per_sec).map(|d| d + handling.map_or(0.0, |(_, h)| h.total_sec()))
    }

    /// Whether the night fits: the backup in its window and any copy to tape in its own (after the
    /// backup when they share one). `None` when there is no window to judge by.
    pub fn night_fits(&self) -> Option<bool> {
        self.night_with_copy().map(|n| n.fits).or(self.window.map(|w| w.fits))
    }

    pub(crate) fn assemble(scenario: Scenario, backup: Chain, restore: Option<Chain>) -> Report {
        let Chain { solution, mut warnings, phases } = backup;
        let flow = solution.flow;
        let throughput = flow[SEND] + flow[RETRIEVE];
        let near = near_limit(&solution.stages, solution.bottleneck, &warnings).collect::<Vec<_>>();
        warnings.extend(near);
        let data = scenario.data_set_bytes;
        // Spooled first, the data meets the drives only in the despool phase, which alone the loss slows.
        time_lost(&mut warnings, data, phases.map_or(throughput, |[_, despool]| despool));
        let tape = scenario.target == Target::Tape;
        let ratio = scenario.reduction_ratio();
        let handled = tape_handling(&scenario, data, u64::from(scenario.new_cartridges));
        let cartridges = handled.map(|(count, _)| count);
        let cartridge_handling = handled.map(|(_, handling)| handling);
        let handling_sec = cartridge_handling.map_or(0.0, |h| h.total_sec());
        let duration_sec = duration(data, throughput).map(|d| d + handling_sec);
        let window = match duration_sec {
            Some(duration) if scenario.backup_window_sec > 0.0 => {
                let fit = WindowFit::new(duration, scenario.backup_window_sec);
                if !fit.fits {
                    // An NFS target's retrieval is timed as one, and says so (it read "The backup takes").
                    warnings.push(Warning::WindowMissed {
                        duration_sec: duration,
                        window_sec: scenario.backup_window_sec,
                        what: scenario.timed_work(),
                    });
                } else if fit.margin_ratio < scenario.headroom {
                    warnings.push(Warning::ThinMargin { margin_ratio: fit.margin_ratio, headroom: scenario.headroom });
                }
                Some(fit)
            }
            _ => None,
        };
        warnings.extend(default_client(&scenario, &solution.stages, solution.bottleneck));
        // A job list's rows may give their own round trips (branch offices), which the loss acts over.
        let no_round_trip = scenario.rtt_sec <= 0.0 && scenario.jobs.iter().all(|j| j.rtt_sec.is_none_or(|r| r <= 0.0));
        if scenario.packet_loss > 0.0 && no_round_trip {
            warnings.push(Warning::LossWithoutRoundTrip { loss: scenario.packet_loss });
        } else if scenario.packet_loss > crate::stages::loss::TIMEOUT_LOSS {
            warnings.push(Warning::HighLoss { loss: scenario.packet_loss });
        }
        // The drives, their ports and their interface: a backup to tape's, or a repository's copy to tape's
        // (which writes with every drive).
        let copies = scenario.copies_to_tape();
        if tape || copies {
            // With a job list only the drives used at once share the ports (`drives_at_once`).
            let in_use = if scenario.jobs.is_empty() { u32::MAX } else { scenario.drives_in_use() };
            let drives = if tape { crate::chain::active_drives(&scenario).min(in_use) } else { scenario.drives };
            warnings.extend(shared_default_port(&scenario, drives));
            let spec = scenario.drive_spec();
            let native = if scenario.drive_native_bytes_per_sec > 0.0 {
                scenario.drive_native_bytes_per_sec
            } else {
                spec.native_bytes_per_sec
            };
            let drive_max = native * spec.rated_compression_ratio;
            let (fc, sas, kind) = match scenario.attachment {
                crate::scenario::Attachment::Fc => (Some(scenario.fc_speed), None, "FC"),
                crate::scenario::Attachment::Sas => (None, Some(scenario.sas_speed), "SAS"),
            };
            if let Some((link, carried, suggested)) =
                crate::stages::interface::mismatch(scenario.lto, fc, sas, drive_max)
            {
                let (own_fc, own_sas, _) = crate::stages::interface::drive_interfaces(scenario.lto);
                let suggested_bytes_per_sec = match kind {
                    "SAS" => own_sas.map_or(f64::INFINITY, |s| s.throughput_bytes_per_sec()),
                    _ => own_fc.throughput_bytes_per_sec(),
                };
                let faster_sas = own_sas
                    .filter(|s| kind == "FC" && s.throughput_bytes_per_sec() > suggested_bytes_per_sec)
                    .map(|s| (s.name(), s.throughput_bytes_per_sec()));
                warnings.push(Warning::InterfaceMismatch {
                    lto: scenario.lto,
                    link,
                    kind,
                    link_bytes_per_sec: carried,
                    drive_bytes_per_sec: drive_max,
                    entered_bytes_per_sec: native * scenario.drive_compression().min(spec.rated_compression_ratio),
                    entered_ratio: scenario.drive_compression(),
                    suggested,
                    suggested_bytes_per_sec,
                    faster_sas,
                });
            }
            let rated = scenario.drive_spec().rated_compression_ratio;
            let entered = scenario.drive_compression();
            if entered > rated * (1.0 + 1e-9) {
                warnings.push(Warning::CompressionCapped {
                    entered_ratio: entered,
                    used_ratio: rated,
                    lto: scenario.lto,
                });
            }
        }
        let aggregate =
            tape.then(|| transactions::aggregate_bytes(scenario.files_per_transaction, scenario.avg_file_bytes));
        let restore = restore.map(|chain| {
            let Chain { solution, mut warnings, .. } = chain;
            let rate = solution.flow[SEND];
            // A partial restore brings back its located files; a whole one the data set, changing
            // cartridges as the backup did.
            // (Only tape locates files: a repository restores the data set, whatever `restore_files` says.)
            let partial = tape && scenario.restore_files > 0;
            // A partial restore that reads the whole backup through takes the whole read's time.
            let read_through = warnings.iter().any(|w| matches!(w, Warning::ReadThrough { .. }));
            let restored =
                if partial { (f64::from(scenario.restore_files) * scenario.avg_file_bytes).min(data) } else { data };
            let read = if read_through { data } else { restored };
            // The backup's cartridges, each drive's read back in order by one drive: over the drives the
            // restore reads with, which can be fewer than wrote them (a trial's one restore stream read six
            // cartridges with five changes, not the two per drive the backup's two drives made).
            // With fewer drives reading than wrote, the busiest reads `ceil(wrote / reading)` drives'
            // cartridges (three drives' one cartridge each on two: one change, on the busiest).
            let reading = solution.stages.iter().find(|st| st.id == StageId::TapeDrives).map_or(1.0, |st| st.units);
            let wrote = u64::from(crate::chain::active_drives(&scenario).max(1));
            // A located file larger than a cartridge crosses its ends: the drive with the most files
            // changes as often (a 1.9 TB file on 1.6 TB LTO-4 cartridges paid no change; a trial's).
            let located_cartridges = |count: u64| {
                let per_file = tape::cartridges(
                    scenario.avg_file_bytes / ratio,
                    &scenario.drive_spec(),
                    scenario.drive_compression(),
                );
                let files = u64::from(scenario.restore_files);
                let drives = (reading.max(1.0) as u64).min(files).max(1);
                (count > 0).then(|| files.div_ceil(drives) * per_file.saturating_sub(1) + 1)
            };
            let handling = cartridges
                .and_then(|count| {
                    if partial && !read_through {
                        located_cartridges(count)
                    } else if crate::chain::uneven_static_groups(&scenario).is_some() {
                        // Clients tied to drives unevenly: the busiest reader reads its drives' own
                        // cartridges, each drive's filled with its share.
                        let readers = (reading.max(1.0) as u32).min(wrote as u32);
                        let busiest = crate::restore::busiest_reader_shares(&scenario, readers);
                        (count > 0).then(|| {
                            tape::cartridges_on_shares(
                                data / ratio,
                                &busiest,
                                &scenario.drive_spec(),
                                scenario.drive_compression(),
                            )
                        })
                    } else {
                        Some(crate::restore::busiest_reader_cartridges(count, wrote as u32, reading))
                    }
                })
                .map(|busiest| {
                    crate::stages::cartridges::Handling::new(
                        busiest,
                        1,
                        0,
                        0.0,
                        crate::stages::cartridges::motion_sec(scenario.lto),
                    )
                })
                .filter(|h| h.changes_per_drive > 0);
            let changes = handling.map_or(0.0, |h| h.changes_sec());
            // A restore starts with its cartridge in the library, not in the drive: a backup's first
            // cartridge may be waiting mounted, a restore's is not (the disaster-recovery plan of a job
            // list had added this mount where the single restore had not: 57 s on LTO-4).
            let motion = crate::stages::cartridges::motion_sec(scenario.lto);
            let first_mount_sec = match (tape, read > 0.0) {
                (true, true) if partial && !read_through => motion.load_sec,
                (true, true) => motion.load_sec + motion.locate_sec,
                _ => 0.0,
            };
            // The drives' loss slows the bytes they move, not the locates between files: the time it
            // adds is reckoned at the rate the bytes move (a trial's four located 10 GB files on a
            // starved LTO-3 said 2 min 20 s longer, where the loss adds 1 min 40 s).
            let moving = solution
                .stages
                .iter()
                .find(|st| st.id == StageId::Locate && st.capacity_bytes_per_sec > rate)
                .map_or(rate, |locate| 1.0 / (1.0 / rate - 1.0 / locate.capacity_bytes_per_sec));
            time_lost(&mut warnings, read, moving);
            let near = near_limit(&solution.stages, solution.bottleneck, &warnings).collect::<Vec<_>>();
            warnings.extend(near);
            warnings.extend(default_client(&scenario, &solution.stages, solution.bottleneck));
            let duration_sec = duration(read, rate).map(|d| d + changes + first_mount_sec);
            let kept_share = crate::restore::kept_share(&warnings);
            Restore {
                throughput_bytes_per_sec: rate,
                bottleneck: solution.bottleneck,
                stages: solution.stages,
                warnings,
                duration_sec,
                files_per_sec: match duration_sec {
                    Some(d) if read_through && d > 0.0 => restored / scenario.avg_file_bytes / d,
                    _ => rate / scenario.avg_file_bytes,
                },
                restored_bytes: restored,
                changes_sec: if duration_sec.is_some() { changes } else { 0.0 },
                first_mount_sec: if duration_sec.is_some() { first_mount_sec } else { 0.0 },
                handling: handling.filter(|_| duration_sec.is_some()),
                kept_share,
            }
        });
        Report {
            throughput_bytes_per_sec: throughput,
            send_bytes_per_sec: flow[SEND],
            retrieve_bytes_per_sec: flow[RETRIEVE],
            bottleneck: solution.bottleneck,
            stages: solution.stages,
            warnings,
            duration_sec,
            window,
            cartridges,
            cartridge_handling,
            // A repository's backups are files too (a trial found "605 files/s" on the restore alone).
            files_per_sec: (scenario.target != Target::Nfs).then(|| throughput / scenario.avg_file_bytes),
            physical_bytes_per_sec: throughput / ratio,
            staging_phases_bytes_per_sec: phases,
            restore,
            aggregate_bytes: aggregate,
            storage_pool_io_bytes: aggregate.map(transactions::storage_pool_io_bytes),
            copy: None,
            scenario,
        }
    }

    /// The report's view of one stage.
    pub fn stage(&self, id: StageId) -> Option<&Stage> {
        self.stages.iter().find(|s| s.id == id)
    }

    /// The bottleneck stage.
    pub fn bottleneck_stage(&self) -> &Stage {
        self.stage(self.bottleneck).unwrap_or(&self.stages[0])
    }

    /// What binds once the bottleneck is relieved entirely, and the throughput it allows, bytes/s:
    /// how far relieving the bottleneck gets (for a two-way workload, the two flows' sum). `None` when
    /// nothing else binds, or relieving it raises nothing.
    pub fn next_limit(&self) -> Option<(StageId, f64)> {
        self.next_limit_starving().map(|(id, rate, _)| (id, rate))
    }

    /// [`Report::next_limit`], and whether that stage binds by starving the drives.
    fn next_limit_starving(&self) -> Option<(StageId, f64, bool)> {
        if self.staging_phases_bytes_per_sec.is_some() || self.scenario.target == Target::Tape {
            // The phases run in turn, so the stages do not form one chain; and tape drives move what
            // their feed lets them (fed below their lowest speed-matching rate once the bottleneck is
            // relieved, they backhitch: a trial's next limit read 268 MB/s where relieving the ports gave
            // 263): evaluate with the bottleneck removed.
            let (id, rate, starving) = crate::chain::backup_relieved(&self.scenario, Some((self.bottleneck, 1e9)));
            return relieved_next((id, rate), self.bottleneck, self.throughput_bytes_per_sec)
                .map(|(id, rate)| (id, rate, starving));
        }
        let two_way = self.retrieve_bytes_per_sec > 0.0 && self.send_bytes_per_sec > 0.0;
        if two_way {
            // Only a relief that raises the two flows' sum gives a next limit (a planner trial found
            // none said for nfs-mixed, where relieving the file systems gains 16.5 %).
            return two_way_next_limit(&self.stages, self.bottleneck)
                .filter(|&(_, sum)| sum > self.throughput_bytes_per_sec * (1.0 + 1e-9))
                .map(|(id, sum)| (id, sum, false));
        }
        next_limit(&self.stages, self.bottleneck).map(|(id, rate)| (id, rate, false))
    }

    /// Why the throughput is what it is, in plain words with the arithmetic: for seed 000's eight clients,
    /// "Tape drives limit the throughput to 888 MB/s (3.2 TB/h): 4 drives × 222 MB/s = 888 MB/s ...
    /// Next limit: Client NICs; without this bottleneck the chain would carry 904 MB/s, 0.40 % more."
    pub fn explanation(&self, system: UnitSystem) -> String {
        let mut text = explain(self, &self.stages, self.bottleneck, self.throughput_bytes_per_sec, system);
        if self.retrieve_bytes_per_sec > 0.0 && self.send_bytes_per_sec > 0.0 {
            // Only a time-shared stage (a node's CPU, a file system's disks) is shared by the two
            // directions; mounts and links carry each its own way (a trial read "each direction its own
            // capacity. Sends and retrievals share the stage").
            let shared = self
                .stages
                .iter()
                .find(|st| st.id == self.bottleneck)
                .and_then(|st| st.directions.as_ref())
                .is_some_and(|d| d.time_shared);
            text.push_str(&format!(
                " {}: {} sent plus {} retrieved.",
                if shared { "Sends and retrievals share the stage" } else { "Both directions together" },
                format_rate(self.send_bytes_per_sec, system),
                format_rate(self.retrieve_bytes_per_sec, system)
            ));
            if let Some((id, rate, starving)) = self.next_limit_starving() {
                text.push_str(&next_text(
                    &self.stages,
                    (id, rate, starving),
                    (self.throughput_bytes_per_sec, 1.0, false),
                    system,
                ));
            }
        } else if let Some((id, rate, starving)) = self.next_limit_starving() {
            text.push_str(&next_text(
                &self.stages,
                (id, rate, starving),
                (self.throughput_bytes_per_sec, 1.0, false),
                system,
            ));
        }
        text.extend(backhitch_sentence(&self.warnings, system));
        if let Some(handling) = self.handling_text() {
            text.push_str(&format!(" {handling}"));
        }
        text
    }

    /// What cartridge handling adds to the backup, in words: "Cartridge handling adds 1 h 23 min to
    /// the job: 2 changes per drive × 92 s (unload 30 s + load 17 s + locate 45 s) and 2 new LTO-9
    /// cartridges per drive × 40 min of media optimisation." `None` when it adds nothing.
    pub fn handling_text(&self) -> Option<String> {
        let h = self.cartridge_handling?;
        if h.total_sec() <= 0.0 {
            return None;
        }
        Some(format!(
            "Cartridge handling adds {} to the job: {}.",
            format_duration(h.total_sec()),
            handling_parts(&h, self.scenario.lto, crate::chain::uneven_static_groups(&self.scenario).is_some())
        ))
    }

    /// What binds a restore once its bottleneck is relieved entirely, and the rate it then restores at,
    /// bytes/s in the restore's own bytes (read from tape where it reads the backup through, as its
    /// throughput is): [`Report::next_limit`] for the restore. `None` without a restore, or where
    /// relieving the bottleneck raises nothing.
    pub fn restore_next_limit(&self) -> Option<(StageId, f64)> {
        self.restore_next_limit_starving().map(|((id, rate, _), _)| (id, rate))
    }

    /// [`Report::restore_next_limit`], whether that stage binds by draining the drives too slowly, and
    /// whether the restore relieved reads the backup through in two turns (the stage then binds one turn).
    fn restore_next_limit_starving(&self) -> Option<((StageId, f64, bool), bool)> {
        let restore = self.restore.as_ref()?;
        // The reading drives' rate depends on what drains them (below their lowest speed-matching rate
        // they backhitch), so the restore is evaluated with its bottleneck relieved, as the backup is.
        if self.scenario.target == Target::Tape {
            let chain =
                crate::restore::tape_restore(&self.scenario, &crate::chain::Relief(Some((restore.bottleneck, 1e9))));
            // In the restore's own bytes: relieved, a partial restore can come to read the backup through
            // (or stop doing so), and its rate read is then not its rate restored (a trial's ten located
            // files read "630 MB/s, 23.0 times as much" where 37.4 MB/s of them came back).
            let own_units = crate::restore::kept_share(&chain.warnings) / restore.kept_share.max(f64::MIN_POSITIVE);
            let relieved = (chain.solution.bottleneck, chain.solution.flow[SEND] * own_units);
            // Drives that bind there only because what drains them is too slow (they backhitch) are
            // named by it, as a backup's starved drives are by their feeder: the TSM preset's restore read
            // "Next limit: Tape drives" where its one write stream of 30.4 MB/s holds them.
            let drained =
                chain.warnings.iter().any(|w| matches!(w, Warning::ShoeShining { limits_throughput: true, .. }));
            let drain = (relieved.0 == StageId::TapeDrives && drained)
                .then(|| {
                    crate::chain::feeder_of(&chain.solution, &[StageId::TapeDrives, StageId::Pairing, StageId::Locate])
                })
                .flatten()
                .filter(|id| *id != StageId::TapeDrives);
            let in_turn = chain
                .warnings
                .iter()
                .any(|w| matches!(w, Warning::ReadThrough { kept_turn_sec, .. } if *kept_turn_sec > 0.0));
            relieved_next(relieved, restore.bottleneck, restore.throughput_bytes_per_sec)
                .map(|(id, rate)| (drain.map_or((id, rate, false), |d| (d, rate, true)), in_turn))
        } else {
            next_limit(&restore.stages, restore.bottleneck).map(|(id, rate)| ((id, rate, false), false))
        }
    }

    /// The restore's explanation, as [`Report::explanation`] for the restore chain.
    pub fn restore_explanation(&self, system: UnitSystem) -> Option<String> {
        let restore = self.restore.as_ref()?;
        let mut text = explain(self, &restore.stages, restore.bottleneck, restore.throughput_bytes_per_sec, system);
        if let Some((next, in_turn)) = self.restore_next_limit_starving() {
            text.push_str(&next_text(
                &restore.stages,
                next,
                (restore.throughput_bytes_per_sec, restore.kept_share, in_turn),
                system,
            ));
        }
        text.extend(backhitch_sentence(&restore.warnings, system));
        if let Some(changes) = restore.handling.filter(|_| restore.changes_sec > 0.0) {
            // What the drives read back does not share out evenly: the changes are the busiest drive's.
            let readers =
                restore.stages.iter().find(|t| t.id == StageId::TapeDrives).map_or(1, |t| t.units.max(1.0) as u32);
            let whole = Scenario {
                restore_files: if restore.kept_share < 1.0 { 0 } else { self.scenario.restore_files },
                ..self.scenario.clone()
            };
            let uneven = crate::restore::read_back_share(&whole, readers) < 1.0 - 1e-12;
            // The restore reads cartridges already written: their changes, no media optimisation.
            text.push_str(&format!(
                " Changing cartridges adds {} to the restore: {}, the backup's cartridges read back by the drives the restore reads with.",
                format_duration(restore.changes_sec),
                handling_parts(&changes, self.scenario.lto, uneven)
            ));
        }
        if restore.first_mount_sec > 0.0 {
            let motion = crate::stages::cartridges::motion_sec(self.scenario.lto);
            text.push_str(&if restore.first_mount_sec > motion.load_sec {
                format!(
                    " Mounting the first cartridge adds {} (load {} s + locate {} s).",
                    format_duration(restore.first_mount_sec),
                    motion.load_sec,
                    motion.locate_sec
                )
            } else {
                format!(
                    " Loading the first cartridge adds {} (each file's locate is counted in {}).",
                    format_duration(restore.first_mount_sec),
                    StageId::Locate.name()
                )
            });
        }
        Some(text)
    }

    /// Where a stage's per-unit figure comes from, when it is not a plain input.
    pub fn basis(&self, id: StageId, system: UnitSystem) -> Option<String> {
        self.basis_of(id, system, false)
    }

    /// [`Report::basis`] for the restore's stages: the drives read at the per-READ cost and cross
    /// filemarks without stopping.
    pub fn restore_basis(&self, id: StageId, system: UnitSystem) -> Option<String> {
        self.basis_of(id, system, true)
    }

    /// Why a tape restore's write streams average less than they write at, when what the drives read
    /// does not share out evenly (`restore.rs` scales their stages by that share): "; the cartridges of
    /// the 3 drives that wrote the backup are each drained by the streams of the drive reading them, so
    /// the busiest drive's streams write 2 of them while the others finish sooner: 33.8 MB/s a client on
    /// average". `writers` is the scenario the restore writes with ([`crate::restore::writers`]).
    fn uneven_writers_text(&self, writers: &Scenario, through: bool, system: UnitSystem) -> Option<String> {
        let restore = self.restore.as_ref()?;
        let stage = restore.stages.iter().find(|t| t.id == StageId::RestoreStreams)?;
        // Each further stream adds its scaling's share of one (chain::restore_to_clients).
        let nominal =
            crate::stages::streams::effective_streams(writers.restore_streams_per_client(), writers.scaling())
                * writers.restore_stream_rate();
        if self.scenario.target != Target::Tape || stage.per_unit_bytes_per_sec >= nominal * (1.0 - 1e-9) {
            return None;
        }
        let located = self.scenario.restore_files > 0 && !through;
        let whole =
            Scenario { restore_files: if located { self.scenario.restore_files } else { 0 }, ..self.scenario.clone() };
        let pieces = crate::restore::read_back_pieces(&whole);
        let count = |n: u32| crate::units::format_count(f64::from(n));
        let (what, by) = if located {
            let sessions = writers.clients * writers.restore_streams_per_client();
            (
                format!("the {} located files are each written whole by one stream", count(pieces)),
                format!("the busiest stream writes {} of them", count(pieces.div_ceil(sessions.clamp(1, pieces)))),
            )
        } else {
            let drives =
                restore.stages.iter().find(|t| t.id == StageId::TapeDrives).map_or(1, |t| t.units.max(1.0) as u32);
            (
                format!(
                    "the cartridges of the {} drives that wrote the backup are each drained by the streams of the drive reading them",
                    count(pieces)
                ),
                format!("the busiest drive's streams write {} of them", count(pieces.div_ceil(drives.clamp(1, pieces)))),
            )
        };
        Some(format!(
            "; {what}, so {by} while the others finish sooner: {} a client on average",
            format_rate(stage.per_unit_bytes_per_sec, system)
        ))
    }

    /// The restore's reading drives and the partial restore's located files (0 reading the backup
    /// whole or through).
    fn restore_readers(&self, through: bool) -> (u32, u32) {
        let readers = self.restore.as_ref().map_or(1, |r| {
            r.stages.iter().find(|t| t.id == StageId::TapeDrives).map_or(1, |t| t.units.max(1.0) as u32)
        });
        let located = if self.scenario.restore_files > 0 && !through { self.scenario.restore_files } else { 0 };
        (readers, located)
    }

    /// The clause a restore's client links and target disks add when one client writes more than its
    /// share ([`crate::restore::busiest_client_share`]), `None` when they share it evenly: what the
    /// busiest writes, and what the stage's units then average (`stage` in the restore's table).
    fn uneven_clients_text(
        &self,
        writers: &Scenario,
        through: bool,
        stage: StageId,
        system: UnitSystem,
    ) -> Option<String> {
        let restore = self.restore.as_ref()?;
        let row = restore.stages.iter().find(|t| t.id == stage)?;
        let (readers, located) = self.restore_readers(through);
        let busiest = crate::restore::busiest_client_share(&self.scenario, writers, readers, located)?;
        let what = if located > 0 {
            let files = (busiest * f64::from(located)).round();
            format!(
                "{} of the {} located files, each written whole by one stream",
                crate::units::format_count(files),
                crate::units::format_count(f64::from(located))
            )
        } else {
            format!(
                "{} of the data, drained from the busiest drive's cartridges",
                crate::units::format_percent(busiest)
            )
        };
        let unit = if stage == StageId::ClientNic { "a port" } else { "a client" };
        Some(format!(
            "; the busiest client writes {what}, while the others finish sooner: {} {unit} on average",
            format_rate(row.per_unit_bytes_per_sec, system)
        ))
    }

    /// The clause the drives' ports add when the busiest carries more than its drives' equal share
    /// (clients tied to drives unevenly, or a restore's drives reading unequal shares), `None` else.
    fn uneven_ports_text(&self, reading: bool, through: bool, ports: u32) -> Option<String> {
        let (readers, located) = self.restore_readers(through);
        let busiest = if reading {
            crate::restore::busiest_port_load(&self.scenario, readers, located)
        } else {
            crate::chain::uneven_static_groups(&self.scenario)?;
            crate::chain::busiest_port_share(&crate::chain::drive_shares(&self.scenario), ports)
        };
        let drives = if reading { readers } else { crate::chain::active_drives(&self.scenario) };
        let even = f64::from(ports::busiest_port_drives(ports, drives)) / f64::from(drives.max(1));
        (ports > 0 && busiest > even * (1.0 + 1e-9)).then(|| {
            format!(
                "; the drives {} unequal shares of the data, and the busiest port carries {} of it, so the ports are worth 100 % / {} = {} ports",
                if reading { "read" } else { "write" },
                crate::units::format_percent(busiest),
                crate::units::format_percent(busiest),
                format_number(1.0 / busiest)
            )
        })
    }

    /// [`Report::basis`] for the backup chain (`reading` false) or the restore's (`reading` true).
    fn basis_of(&self, id: StageId, system: UnitSystem, reading: bool) -> Option<String> {
        // A partial tape restore writes with no more clients and streams than files read at once.
        let through =
            self.restore.as_ref().is_some_and(|r| r.warnings.iter().any(|w| matches!(w, Warning::ReadThrough { .. })));
        let writers = (reading && self.scenario.target == Target::Tape)
            .then(|| crate::restore::writers(&self.scenario, self.scenario.restore_files, through));
        let s = writers.as_ref().unwrap_or(&self.scenario);
        let rate = |v: f64| format_rate(v, system);
        let ms = |seconds: f64| format!("{} ms", format_number(seconds * 1e3));
        let ratio = s.reduction_ratio();
        let reduced = if ratio > 1.0 {
            format!(", carrying data reduced {}:1 at the source", format_ratio(ratio))
        } else {
            String::new()
        };
        let files = |n: u32| {
            if n == 1 {
                "1 file".to_string()
            } else {
                format!("{} files", crate::units::format_count(f64::from(n)))
            }
        };
        match id {
            StageId::TapeDrives if s.target == Target::Tape => Some(self.drive_basis(system, reading)),
            StageId::Repository | StageId::ObjectRequests | StageId::RepositoryRead => {
                crate::repository::basis(s, id, system, reading)
            }
            StageId::ClientNic | StageId::ServerNic | StageId::SourceNic => {
                let link = match id {
                    StageId::ClientNic => s.client_link,
                    StageId::ServerNic => s.server_link,
                    _ => s.source_link,
                };
                // An aggregated link carries each TCP connection on one of its ports (chain::ports_in_use).
                let (bundled, connections, whose) = match id {
                    StageId::ClientNic if reading => (s.client_ports, s.restore_streams_per_client(), "each client"),
                    StageId::ClientNic => (s.client_ports, s.streams_per_client, "each client"),
                    StageId::ServerNic if reading => {
                        (s.server_ports, s.clients.saturating_mul(s.restore_streams_per_client()), "the backup server")
                    }
                    StageId::ServerNic => {
                        (s.server_ports, s.clients.saturating_mul(s.streams_per_client), "the backup server")
                    }
                    _ => (1, 1, ""),
                };
                let idle = if connections < bundled {
                    format!(
                        "; {connections} of {whose}'s {bundled} ports {}: a TCP connection travels one port of an aggregated link (IEEE 802.1AX), and {whose} has {connections} {}",
                        if connections == 1 { "carries data" } else { "carry data" },
                        if connections == 1 { "stream" } else { "streams" }
                    )
                } else {
                    String::new()
                };
                let uneven = writers
                    .as_ref()
                    .filter(|_| id == StageId::ClientNic)
                    .and_then(|w| self.uneven_clients_text(w, through, id, system))
                    .unwrap_or_default();
                // A restore's network carries every chunk back, compressed but not deduplicated
                // (source_reduction::restore_wire_ratio): a page trial's appliance restore read "carrying
                // data reduced 4:1" beside a capacity rightly not scaled by its 4:1 deduplication.
                let wire = if reading && s.source_reduction {
                    crate::stages::source_reduction::restore_wire_ratio(s.source_compressed())
                } else {
                    ratio
                };
                let reduced = match (reading, wire > 1.0) {
                    (true, true) if ratio > wire * (1.0 + 1e-12) => format!(
                        ", carrying data compressed {}:1 at the source (a restore sends every chunk back: the deduplication saves nothing on the way)",
                        format_ratio(wire)
                    ),
                    (true, true) => format!(", carrying data compressed {}:1 at the source", format_ratio(wire)),
                    (true, false) if ratio > 1.0 => {
                        ", carrying whole data (a restore sends every chunk back: the deduplication saves nothing on the way)"
                            .to_string()
                    }
                    _ => reduced.clone(),
                };
                Some(format!(
                    "{} goodput at MTU {} and TCP efficiency {}{reduced}{idle}{uneven}",
                    link.name(),
                    s.mtu_bytes,
                    s.tcp_efficiency
                ))
            }
            StageId::Streams if s.streams_per_client == 1 => {
                Some(format!("1 stream per client at {}", rate(s.stream_bytes_per_sec)))
            }
            StageId::Streams => Some(format!(
                "{} streams per client at {} each, each further one adding {} % of one",
                s.streams_per_client,
                rate(s.stream_bytes_per_sec),
                format_number(s.scaling() * 100.0)
            )),
            StageId::ClientStorage => {
                let medium = s.client_class.medium();
                let what = if s.client_read_bytes_per_sec > 0.0 { "storage" } else { medium.name() };
                Some(format!(
                    "{what} reading {} per client, shared by all its streams",
                    rate(s.storage_bytes_per_sec() / f64::from(s.clients.max(1)))
                ))
            }
            StageId::RestoreStreams => Some(format!(
                "{} restore {} per client writing at {}{}",
                s.restore_streams_per_client(),
                if s.restore_streams_per_client() == 1 { "stream" } else { "streams" },
                rate(s.restore_stream_rate()),
                self.uneven_writers_text(s, through, system).unwrap_or_default()
            )),
            // Each client's cores (the stage counts every client's: a trial's three clients of four read
            // "12.0 cores").
            StageId::SourceReduction => Some(format!(
                "client CPU: {} at {}{} × {} per core, compressing {}:1 and deduplicating {}:1",
                cpu_steps(s),
                cores_text(self.stage(StageId::SourceReduction).map_or(0.0, |t| t.units) / f64::from(s.clients.max(1))),
                if s.clients > 1 { " per client" } else { "" },
                rate(s.per_core_bytes_per_sec()),
                format_ratio(s.source_compressed()),
                format_ratio(s.source_dedup)
            )),
            StageId::Distance => {
                let per_connection = s.tcp_connection_bytes_per_sec();
                Some(match s.tcp_connection_limit() {
                    ConnectionLimit::Loss => {
                        let mss = f64::from(s.mtu_bytes) - crate::catalog::ethernet::IP_TCP_HEADER_BYTES;
                        format!(
                        "a path losing {} % of its packets over a {} round trip: CUBIC averages {} segments of {} B per round trip, {} per connection (RFC 8312){reduced}",
                        crate::units::format_ratio(s.packet_loss * 100.0),
                        ms(s.rtt_sec),
                        format_number(per_connection * s.rtt_sec / mss),
                        crate::units::format_count(mss),
                        rate(per_connection)
                    )
                    }
                    ConnectionLimit::Window => format!(
                        "a {} TCP window per {} round trip: {} per connection{reduced}",
                        format_bytes(s.tcp_window_bytes, system),
                        ms(s.rtt_sec),
                        rate(s.tcp_window_per_round_trip_bytes_per_sec())
                    ),
                    ConnectionLimit::Core => format!(
                        "one TCP connection per stream, each at most {} (the core handling it){reduced}",
                        rate(s.connection_bytes_per_sec)
                    ),
                })
            }
            StageId::SshConnections => Some(ssh_basis(s, &rate, &ms, &reduced)),
            StageId::PerFile => Some(format!(
                "{} per file of {} per stream{}{}",
                ms(s.backup_file_sec()),
                format_bytes(s.avg_file_bytes, system),
                class_note(s),
                scaling_note(s.streams_per_client, s.scaling())
            )),
            StageId::FileCreate => Some(format!(
                "{} to create each file of {} per stream{}{}",
                ms(s.create_file_sec()),
                format_bytes(s.avg_file_bytes, system),
                class_note(s),
                scaling_note(s.restore_streams_per_client(), s.scaling())
            )),
            StageId::Transactions => Some(format!(
                "{} of {} per transaction, {} fixed cost each",
                files(s.files_per_transaction),
                format_bytes(s.avg_file_bytes, system),
                ms(s.transaction_overhead_sec)
            )),
            // Four decimals, so the time and the rate agree ("0.1818 ms: 5,501 files/s", not 0.18 ms).
            StageId::Catalogue => Some(format!(
                "{} ms per file in the catalogue{}: {} files/s",
                (s.catalogue_sec() * 1e7).round() / 1e4,
                if s.catalog_sec > 0.0 { "" } else { " by default" },
                crate::units::format_count((1.0 / s.catalogue_sec()).round())
            )),
            StageId::RestoreDisk => Some(format!(
                "each client's target disks write at {}{}",
                rate(s.restore_disk_bytes_per_sec),
                writers.as_ref().and_then(|w| self.uneven_clients_text(w, through, id, system)).unwrap_or_default()
            )),
            StageId::RestoreApp => {
                Some(format!("the application's own restore work at {} per client", rate(s.restore_app_bytes_per_sec)))
            }
            StageId::Locate => {
                let motion = crate::stages::cartridges::motion_sec(s.lto);
                Some(format!(
                    "a partial restore of {} {}: the drives locate every file of {} ({} s average locate on {}{})",
                    crate::units::format_count(f64::from(s.restore_files)),
                    if s.restore_files == 1 { "file" } else { "files" },
                    format_bytes(s.avg_file_bytes, system),
                    format_number(motion.locate_sec),
                    s.lto.name(),
                    if motion.assumed { ", assumed" } else { "" }
                ))
            }
            StageId::HoldingDisk => {
                let access = s.stage_medium.access_sec();
                let seeks = if access > 0.0 {
                    format!(
                        ", seeking {} each time they switch, every {} (hard disks)",
                        ms(access),
                        format_bytes(s.stage_run_bytes, system)
                    )
                } else {
                    String::new()
                };
                Some(format!(
                    "writing at {} while the drives read at {}, the same disks taking turns{seeks}",
                    rate(s.stage_write_bytes_per_sec),
                    rate(s.stage_read_bytes_per_sec)
                ))
            }
            StageId::Spool => Some(format!("the staging disk writes at {}", rate(s.stage_write_bytes_per_sec))),
            StageId::Despool => Some(format!("the staging disk reads at {}", rate(s.stage_read_bytes_per_sec))),
            StageId::FcPorts | StageId::SasPorts => {
                let (kind, port_rate, ports) = match id {
                    StageId::FcPorts => {
                        (format!("{} ports", s.fc_speed.name()), s.fc_speed.throughput_bytes_per_sec(), s.fc_ports)
                    }
                    _ => (
                        format!("SAS {} lanes", s.sas_speed.name()),
                        s.sas_speed.throughput_bytes_per_sec(),
                        s.sas_ports,
                    ),
                };
                let (one, _) = id.unit_noun();
                // A restore carries only its reading drives' data through the ports (one drive reads
                // back what one stream wrote: a trial's row said "4 drives" beside "1 port").
                // So does a backup with fewer streams than drives: only the drives in use (a trial's row
                // said "3 drives ... 1.50 ports' worth" beside 2 ports' 1,600 MB/s, 2 drives writing).
                let chain = match self.restore.as_ref().filter(|_| reading) {
                    Some(r) => &r.stages[..],
                    None => &self.stages[..],
                };
                let drives = chain.iter().find(|t| t.id == StageId::TapeDrives).map_or(s.drives, |t| t.units as u32);
                let uneven = self.uneven_ports_text(reading, through, ports);
                let spread = if uneven.is_some() {
                    format!(", {drives} {}", if drives == 1 { "drive" } else { "drives" })
                } else {
                    port_spread(one, ports, drives, port_rate, system)
                };
                let idle = if reading { String::new() } else { self.drives_in_use_note().unwrap_or_default() };
                Some(format!("{kind}{spread}{reduced}{}{idle}", uneven.unwrap_or_default()))
            }
            StageId::NfsMounts => {
                // A round trip waits in every request beside the RPC time: a page trial's 50 ms took the
                // mount from 232 to 19.2 MB/s, which the terms shown could not rebuild without it.
                let round_trip = if s.rtt_sec > 0.0 {
                    format!(
                        " (each request waits {} of RPC time and a {} round trip)",
                        ms(s.rpc_overhead_sec),
                        ms(s.rtt_sec)
                    )
                } else {
                    String::new()
                };
                let per_mount = format!(
                    "{} in flight per connection{round_trip}, {} {} per mount",
                    s.nfs_in_flight,
                    s.nconnect,
                    if s.nconnect == 1 { "connection" } else { "connections" }
                );
                let (write, in_flight) = s.nfs_write_requests();
                let wire = s.nfs_connection_bytes_per_sec();
                let writes = if s.nfs_writes == crate::NfsWrites::Buffered {
                    format!(
                        "{} WRITE requests{} from the client's page cache, answered from the server's memory (as many in flight as the link takes, one COMMIT per file), so each connection carries what its port takes, {}; {} {} per mount",
                        format_bytes(write, system),
                        rounded("wsize", s.wsize_bytes),
                        format_rate(wire, system),
                        s.nconnect,
                        if s.nconnect == 1 { "connection" } else { "connections" }
                    )
                } else {
                    let commit = s.commit_sec();
                    // The mount's commits go one at a time: a cap that more requests or connections do not lift.
                    let rpc = s.rpc_overhead_sec + s.rtt_sec;
                    let capped = crate::stages::nfs_client::commits_cap_the_mount(
                        write, rpc, commit, wire, in_flight, s.nconnect,
                    );
                    let wsize = if write == s.wsize_in_use() { rounded("wsize", s.wsize_bytes) } else { String::new() };
                    format!(
                        "{} WRITE requests{wsize}, {per_mount}{}{}",
                        format_bytes(write, system),
                        if commit > 0.0 {
                            format!(", {} sync commit each", ms(commit))
                        } else {
                            ", async export (no commit wait)".to_string()
                        },
                        if capped {
                            format!(
                                "; a mount's sync commits go one at a time, {} / {} = {} a mount, whatever the requests in flight or connections",
                                format_bytes(write, system),
                                ms(commit),
                                format_rate(write / commit, system)
                            )
                        } else {
                            String::new()
                        }
                    )
                };
                let reads = format!(
                    "{} READ requests{}, {per_mount}",
                    format_bytes(s.rsize_in_use(), system),
                    rounded("rsize", s.rsize_bytes)
                );
                Some(match s.nfs_workload {
                    NfsWorkload::Send => writes,
                    NfsWorkload::Retrieve => reads,
                    NfsWorkload::Mixed => format!("sends: {writes}; retrievals: {reads}"),
                })
            }
            _ => None,
        }
    }

    fn drive_basis(&self, system: UnitSystem, reading: bool) -> String {
        let s = &self.scenario;
        let rate = |v: f64| format_rate(v, system);
        let spec = s.drive_spec();
        let native =
            if s.drive_native_bytes_per_sec > 0.0 { s.drive_native_bytes_per_sec } else { spec.native_bytes_per_sec };
        let compression = tape::effective_compression(&spec, s.drive_compression());
        let drive = if reading {
            crate::chain::reading_drive_of(s, &crate::chain::Relief(None))
        } else {
            crate::chain::drive_of(s, &crate::chain::Relief(None))
        };
        let (io_sec, filemark_bytes) = if reading { (s.read_io_sec(), 0.0) } else { (s.io_sec, s.filemark_bytes) };
        let mut text = format!(
            "{} {}-height{}: native {} × compression {}:1",
            s.lto.name(),
            s.form.name(),
            match s.media {
                crate::catalog::Media::Own => String::new(),
                crate::catalog::Media::Previous => " on previous-generation media".to_string(),
                crate::catalog::Media::M8 => " on M8 media".to_string(),
            },
            rate(native),
            format_ratio(compression)
        );
        if s.source_reduction && s.encrypt && s.compression_ratio > 1.0 + 1e-12 {
            // The entered ratio is the data's; ciphertext keeps none of it (Scenario::drive_compression).
            text.push_str(&format!(
                " (the clients encrypt, and the drive finds none of the data's {}:1 in ciphertext)",
                format_ratio(s.compression_ratio)
            ));
        }
        let per_io = tape::in_series_per_io(native * compression, s.block_bytes, io_sec);
        let loss = 1.0 - per_io / (native * compression);
        if loss > 5e-4 {
            let block = format_bytes(s.block_bytes, system);
            text.push_str(&format!(
                ", less {} for {} ms per I/O of {block}",
                format_percent(loss),
                format_number(io_sec * 1e3)
            ));
        }
        let filemark_share = crate::stages::filemarks::share_lost(per_io, filemark_bytes, s.backhitch_sec);
        if filemark_share > 5e-4 {
            text.push_str(&format!(
                ", less {} for a filemark every {} (each waits for the tape, which stops and backhitches for {} s{}): {} per drive",
                format_percent(filemark_share),
                format_bytes(filemark_bytes, system),
                format_number(s.backhitch_sec),
                if (s.backhitch_sec - crate::catalog::lto::BACKHITCH_SEC).abs() < 1e-12 { ", assumed" } else { "" },
                rate(drive.streaming_bytes_per_sec)
            ));
        }
        if s.reduction_ratio() > 1.0 + 1e-12 {
            // The drives write what the source reduced: their logical rate is that much higher.
            text.push_str(&format!(
                ", carrying data reduced {}:1 at the source: {} of the clients' data per drive",
                format_ratio(s.reduction_ratio()),
                rate(drive.streaming_bytes_per_sec * s.reduction_ratio())
            ));
        }
        let stages = match (&self.restore, reading) {
            (Some(restore), true) => &restore.stages[..],
            _ => &self.stages[..],
        };
        let drives = stages.iter().find(|t| t.id == StageId::TapeDrives);
        // Reading back what does not share out evenly, the drives average less than each reads at.
        // A partial restore that reads the backup through shares out cartridges, not files.
        let read_through = self.restore.as_ref().is_some_and(|r| r.kept_share < 1.0);
        let whole = Scenario { restore_files: if read_through { 0 } else { s.restore_files }, ..s.clone() };
        let share = match drives {
            Some(t) if reading => crate::restore::read_back_share(&whole, t.units.max(1.0) as u32),
            _ => 1.0,
        };
        // Drives the drain holds below their share of streaming are not scaled by it (restore.rs).
        let streams_at_share = drives.is_some_and(|t| {
            t.per_unit_bytes_per_sec >= share * drive.streaming_bytes_per_sec * s.reduction_ratio() * (1.0 - 1e-9)
        });
        let share = if streams_at_share { share } else { 1.0 };
        // Writing with clients tied to drives unevenly, the drives average the busiest one's share of
        // their rate (chain.rs): that is no feed below their lowest rate, and the text says why.
        let streaming = drive.streaming_bytes_per_sec * s.reduction_ratio();
        let tied_groups = match (reading, crate::chain::uneven_static_groups(s), drives) {
            (false, Some(groups @ [(_, big), _]), Some(t))
                if (t.per_unit_bytes_per_sec * t.units * big / streaming - 1.0).abs() < 1e-9 =>
            {
                Some(groups)
            }
            _ => None,
        };
        let tied = tied_groups.map_or(1.0, |[(_, big), _]| 1.0 / (f64::from(s.drives.min(s.clients)) * big));
        if let Some(per_drive) = drives.map(|t| t.per_unit_bytes_per_sec / share / tied) {
            if per_drive < drive.streaming_bytes_per_sec * s.reduction_ratio() * (1.0 - 1e-9) {
                let assumed: Vec<&str> = [(spec.lowest_assumed, "lowest rate"), (spec.buffer_assumed, "buffer size")]
                    .into_iter()
                    .filter_map(|(is, what)| is.then_some(what))
                    .collect();
                // Clients tied to drives unevenly can starve some drives and not the others (a trial's
                // 8 clients on 6 drives: the 4 with one client backhitch, the 2 with two stream), and
                // the warning counts them; "each stops" was said of all six.
                let some = self.warnings.iter().find_map(|w| match w {
                    Warning::ShoeShining { restore: false, drives, starved_drives, .. }
                        if !reading && starved_drives < drives =>
                    {
                        Some(format!("{starved_drives} of the {drives} drives are"))
                    }
                    _ => None,
                });
                let (who, verb, moving) = match &some {
                    Some(which) => (which.clone(), "stop and backhitch", "on average each drive moves"),
                    None => (format!("each {}", s.lto.name()), "stops and backhitches", "moving"),
                };
                text = format!(
                    "shoe-shining: {}fed below {} lowest streaming rate of {}{}, {} {verb} ({} s each{}), {moving} {} of the {} it writes while streaming",
                    if some.is_some() { format!("{who} ") } else { String::new() },
                    if some.is_some() { "their" } else { "its" },
                    rate(drive.lowest_bytes_per_sec),
                    if assumed.is_empty() { String::new() } else { format!(" ({} assumed)", assumed.join(" and ")) },
                    if some.is_some() { "they" } else { who.as_str() },
                    format_number(s.backhitch_sec),
                    if (s.backhitch_sec - crate::catalog::lto::BACKHITCH_SEC).abs() < 1e-12 { ", assumed" } else { "" },
                    rate(per_drive),
                    rate(drive.streaming_bytes_per_sec)
                );
            }
        }
        // Writing, clients tied to drives unevenly: the drives with one client more end last (chain.rs).
        if let (Some([(busy, big), (rest, _)]), Some(t)) = (tied_groups, drives) {
            let (q, count) = (s.clients / s.drives.max(1), crate::units::format_count);
            text.push_str(&format!(
                "; {} clients tied to {} drives: {} {} {} clients' data{}, {} of it{}, while {} with {} {} sooner: {} a drive on average",
                s.clients,
                s.drives,
                count(f64::from(busy)),
                if busy == 1 { "drive writes" } else { "drives write" },
                q + 1,
                if busy == 1 { "" } else { " each" },
                format_percent(big),
                if busy == 1 { "" } else { " each" },
                if rest == 1 { "the other".to_string() } else { format!("the other {rest}") },
                q,
                if rest == 1 { "ends" } else { "end" },
                rate(t.per_unit_bytes_per_sec)
            ));
        }
        if !reading {
            text.push_str(&self.drives_in_use_note().unwrap_or_default());
        }
        if share < 1.0 - 1e-12 {
            let units = drives.map_or(1, |t| t.units.max(1.0) as u32);
            let pieces = crate::restore::read_back_pieces(&whole);
            let tied = (whole.restore_files == 0).then(|| crate::chain::uneven_static_groups(s)).flatten();
            if tied.is_some() {
                // Clients tied to drives unevenly: the drives' cartridges hold unequal shares.
                let busiest: f64 = crate::restore::busiest_reader_shares(s, units).iter().sum();
                text.push_str(&format!(
                    "; {} clients tied to {} drives wrote unequal shares, and the busiest of the {} reads back {} of the data while {} sooner: {} a drive on average",
                    s.clients,
                    s.drives,
                    crate::units::format_count(f64::from(units)),
                    format_percent(busiest),
                    if units == 2 { "the other finishes" } else { "the others finish" },
                    rate(drives.map_or(0.0, |t| t.per_unit_bytes_per_sec))
                ));
                return text;
            }
            let what = if whole.restore_files > 0 {
                format!("the {} located files are read whole", crate::units::format_count(f64::from(pieces)))
            } else {
                format!(
                    "the cartridges of the {} drives that wrote the backup are each read back in order by one drive",
                    crate::units::format_count(f64::from(pieces))
                )
            };
            text.push_str(&format!(
                "; {what}, so the busiest of the {} reads {} of them while {} sooner: {} a drive on average",
                crate::units::format_count(f64::from(units)),
                crate::units::format_count(f64::from(pieces.div_ceil(units))),
                if units == 2 { "the other finishes" } else { "the others finish" },
                rate(drives.map_or(0.0, |t| t.per_unit_bytes_per_sec))
            ));
        }
        text
    }
}

impl Report {
    /// Why a backup writes with fewer drives than there are, after a drive or port stage's basis:
    /// "; 2 of the 3 drives in use: a drive takes one stream at a time, and 2 clients × 1 stream make
    /// 2" ([`crate::chain::active_drives`]). `None` when every drive writes.
    fn drives_in_use_note(&self) -> Option<String> {
        let s = &self.scenario;
        let used = crate::chain::active_drives(s);
        if s.target != Target::Tape || used >= s.drives {
            return None;
        }
        let count = |n: u32| crate::units::format_count(f64::from(n));
        let why = match s.pairing {
            crate::scenario::Pairing::Static => format!(
                "each client is tied to one drive, and there {}",
                if s.clients == 1 { "is 1 client".to_string() } else { format!("are {} clients", count(s.clients)) }
            ),
            crate::scenario::Pairing::Dynamic => {
                let streams = s.clients.saturating_mul(s.streams_per_client);
                format!(
                    "a drive takes one stream at a time, and {} {} × {} {} make{} {}",
                    count(s.clients),
                    if s.clients == 1 { "client" } else { "clients" },
                    count(s.streams_per_client),
                    if s.streams_per_client == 1 { "stream" } else { "streams" },
                    if streams == 1 { "s" } else { "" },
                    count(streams)
                )
            }
        };
        Some(format!("; {} of the {} drives in use: {why}", count(used), count(s.drives)))
    }
}

/// The stage binding once `bottleneck` is removed from a one-way chain, and the throughput then.
impl Report {
    /// The copy to tape in plain words: its rate, what binds it, and whether backup and copy fit.
    pub fn copy_explanation(&self, system: UnitSystem) -> Option<String> {
        let copy = self.copy.as_ref()?;
        let rate = |v: f64| format_rate(v, system);
        let mut text = format!(
            "Copy to tape: {} {} it to {}",
            copy.bottleneck.name(),
            if copy.bottleneck.name_is_plural() { "limit" } else { "limits" },
            rate(copy.throughput_bytes_per_sec)
        );
        if let Some(stage) = copy.stages.iter().find(|t| t.id == copy.bottleneck) {
            text.push_str(&format!(" ({}", stage.arithmetic(system)));
            if let Some(b) = crate::repository::basis(&self.scenario, copy.bottleneck, system, true) {
                text.push_str(&format!("; {b}"));
            }
            let copier = crate::repository::copier(&self.scenario);
            let filemarks = crate::chain::filemark_share(&copier);
            if copy.bottleneck == StageId::TapeDrives && filemarks > 5e-4 {
                text.push_str(&format!(
                    "; each drive loses {} of its time to a filemark every {}, a {} s backhitch each",
                    format_percent(filemarks),
                    format_bytes(copier.filemark_bytes, system),
                    format_number(copier.backhitch_sec)
                ));
            }
            text.push(')');
        }
        text.push_str(&format!(
            "; the backup runs at {}, so the {} phase is the longer.",
            rate(self.throughput_bytes_per_sec),
            copy.longer_phase
        ));
        if let Some(h) = copy.cartridge_handling.filter(|h| h.total_sec() > 0.0) {
            text.push_str(&format!(
                " Cartridge handling adds {} to the copy: {}.",
                crate::units::format_duration(h.total_sec()),
                handling_parts(&h, self.scenario.lto, false)
            ));
        }
        if let (Some(fit), Some(duration)) = (copy.window, copy.duration_sec) {
            let verdict = if fit.fits { "fit" } else { "do not fit" };
            if copy.shared_window {
                let [backup, copy] = crate::units::format_duration_parts(self.duration_sec.unwrap_or(0.0), duration);
                text.push_str(&format!(
                    " Backup ({backup}) then copy ({copy}) {verdict} the {} window.",
                    crate::units::format_duration(fit.window_sec)
                ));
            } else {
                text.push_str(&format!(
                    " The copy ({}) does {}fit its own {} window.",
                    crate::units::format_duration(duration),
                    if fit.fits { "" } else { "not " },
                    crate::units::format_duration(fit.window_sec)
                ));
            }
        }
        Some(text)
    }
}

/// A two-way workload's next limit: its stages solved again with `bottleneck` relieved, each direction at
/// its own capacity (full duplex) or taking turns (time-shared) as before; the stage named then and the
/// two flows' sum. `None` where relieving it raises the sum by nothing: with two arrays a faster target
/// interface can lower it (a planner trial), and that is no next limit to promise.
fn two_way_next_limit(stages: &[Stage], bottleneck: StageId) -> Option<(StageId, f64)> {
    let calcs: Vec<StageCalc> = stages
        .iter()
        .map(|s| {
            let mut calc = StageCalc::new(s.id, s.role, s.capacity_bytes_per_sec, s.units);
            if let Some(d) = &s.directions {
                calc.capacity = d.capacity_bytes_per_sec;
                calc.units = d.units;
                calc.time_shared = d.time_shared;
            }
            if s.id == bottleneck {
                calc.capacity = calc.capacity.map(|c| c * 1e6);
            }
            calc
        })
        .collect();
    let solution = solve(&calcs, [true, true]);
    let sum = solution.flow[SEND] + solution.flow[RETRIEVE];
    (sum.is_finite() && solution.bottleneck != bottleneck).then_some((solution.bottleneck, sum))
}

/// The next limit from a chain evaluated with `bottleneck` relieved: its bottleneck and rate (bytes/s), when
/// it carries more than `throughput`, or another stage binds at the same rate (a tie, said as such).
fn relieved_next((id, rate): (StageId, f64), bottleneck: StageId, throughput: f64) -> Option<(StageId, f64)> {
    let gains = rate > throughput * (1.0 + 1e-9) || id != bottleneck;
    (rate.is_finite() && gains).then_some((id, rate))
}

/// A one-way chain's next limit: its stages solved again without `bottleneck` (a two-way workload's is
/// [`two_way_next_limit`]).
fn next_limit(stages: &[Stage], bottleneck: StageId) -> Option<(StageId, f64)> {
    let rest: Vec<StageCalc> = stages
        .iter()
        .filter(|s| s.id != bottleneck)
        .map(|s| StageCalc::new(s.id, s.role, s.capacity_bytes_per_sec, s.units))
        .collect();
    if rest.is_empty() {
        return None;
    }
    let solution = solve(&rest, [true, false]);
    solution.flow[SEND].is_finite().then_some((solution.bottleneck, solution.flow[SEND]))
}

/// " Next limit: Client streams; without this bottleneck the chain would carry 152 MB/s, 34.6 % more."
/// When the chain would carry less than that stage's own capacity (the per-file and per-transaction
/// costs take their share of each stream's time), the stage's figure and why they differ are given,
/// so the sentence agrees with the stage table's row: "Client streams (166 MB/s, less the per-stream
/// costs)".
/// A next limit that starves the drives (`starving`) says so: "Backup server catalogue (48.9 MB/s, which
/// starves the tape drives: they backhitch)".
/// A restore that reads the backup through keeps `kept` of what it reads; read `in_turn` (the drives over
/// what is not kept, then the kept files), the stage named binds one turn, so the chain carries less than
/// its capacity: "Tape drives (314 MB/s over what is not kept; the kept files take a turn of their own)".
fn next_text(
    stages: &[Stage],
    (id, rate, starving): (StageId, f64, bool),
    (throughput, kept, in_turn): (f64, f64, bool),
    system: UnitSystem,
) -> String {
    let gain = (rate / throughput - 1.0) * 100.0;
    let capacity = stages.iter().find(|s| s.id == id).map_or(rate, |s| s.capacity_bytes_per_sec);
    let serial = stages.iter().any(|s| s.role == crate::stage::Role::Serial);
    // A restore's drives are drained, not fed: its chain starts at them.
    let reading = stages.first().is_some_and(|s| s.id == StageId::TapeDrives);
    let own = if starving && reading {
        format!(" ({}, which drains the tape drives too slowly: they backhitch)", format_rate(capacity, system))
    } else if starving {
        format!(" ({}, which starves the tape drives: they backhitch)", format_rate(capacity, system))
    } else if in_turn && capacity > rate * 1.005 {
        let turn = if id.carries_only_kept() { "the kept files" } else { "what is not kept" };
        format!(" ({} over {turn}; the other turn adds its own time)", format_rate(capacity, system))
    } else if id == StageId::TapeDrives && capacity > rate * 1.005 {
        // Drives that bind below their own capacity are fed below their lowest speed-matching rate.
        format!(" ({} while streaming, less what backhitching costs them)", format_rate(capacity, system))
    } else if id == StageId::Locate && capacity > rate * 1.005 {
        // A drive that locates reads nothing meanwhile: the locates' own rate is paid on top of the reads.
        format!(" ({} alone, paid on top of reading the files)", format_rate(capacity, system))
    } else if serial && capacity > rate * 1.005 {
        format!(" ({}, less the per-stream costs)", format_rate(capacity, system))
    } else {
        String::new()
    };
    // Past ten times, a percentage (680,892 % more) says less than the factor does.
    let more = if gain >= 1_000.0 {
        format!("{} times as much", format_number(rate / throughput))
    } else if gain < 0.005 {
        // A tie: "0 % more" read as a slip; it means both must be relieved.
        "no more: the two bind at the same rate, so both must be relieved".to_string()
    } else {
        format!("{} % more", format_number(gain.max(0.0)))
    };
    // A restore that reads the backup through and keeps `kept` of it: the rate read, and the kept files'
    // where the next limit carries only them.
    let carried = if kept >= 1.0 {
        format_rate(rate, system)
    } else if id.carries_only_kept() {
        format!("{} of kept files ({} read)", format_rate(rate * kept, system), format_rate(rate, system))
    } else {
        format!("{} read from tape", format_rate(rate, system))
    };
    format!(" Next limit: {}{own}; without this bottleneck the chain would carry {carried}, {more}.", id.name())
}

/// The client class, when one is chosen: " (linux-ext4-ssd client)".
fn class_note(s: &crate::scenario::Scenario) -> String {
    if s.client_class == crate::stages::client_class::ClientClass::Entered {
        String::new()
    } else {
        format!(" ({} client)", s.client_class.name())
    }
}

/// Where one SSH connection's rate comes from: the channel window over the round trip when that binds,
/// else the entered rate or the cipher's on one x86 core with AES-NI.
fn ssh_basis(
    s: &crate::scenario::Scenario,
    rate: &dyn Fn(f64) -> String,
    ms: &dyn Fn(f64) -> String,
    reduced: &str,
) -> String {
    let cipher = s.ssh_cipher.name();
    let window = crate::stages::ssh::window_bytes_per_sec(s.rtt_sec);
    let per_connection = s.ssh_connection_bytes_per_sec();
    if window <= per_connection {
        format!(
            "one SSH connection ({cipher}) per stream, each moving OpenSSH's 2 MiB channel window per {} round trip: {} per connection, whatever TCP's window{reduced}",
            ms(s.rtt_sec),
            rate(window)
        )
    } else if s.ssh_bytes_per_sec > 0.0 {
        format!(
            "one SSH connection ({cipher}) per stream at the entered {} each (its cipher runs on one core at each end){reduced}",
            rate(per_connection)
        )
    } else {
        format!(
            "one SSH connection ({cipher}) per stream at {} each: its cipher runs on one core at each end (scp over loopback on an x86 server core with AES-NI; a NAS, ARM or older CPU is far slower: enter its rate){reduced}",
            rate(per_connection)
        )
    }
}

/// The reduction steps a client's cores run: "zstd + SHA-256 + AES-GCM", "gzip -6", or "the tool's pipeline".
fn cpu_steps(s: &crate::scenario::Scenario) -> String {
    use crate::stages::client_cpu::Compressor;
    let mut steps: Vec<String> = Vec::new();
    match s.compressor {
        Compressor::Entered => steps.push("the tool's pipeline".to_string()),
        Compressor::None => {}
        Compressor::Gzip => steps.push(format!("gzip -{}", s.gzip_level.clamp(1, 9))),
        other => steps.push(other.name().to_string()),
    }
    if s.chunk_hash {
        steps.push("SHA-256".to_string());
    }
    if s.encrypt {
        steps.push("AES-GCM".to_string());
    }
    if steps.is_empty() {
        "no work".to_string()
    } else {
        steps.join(" + ")
    }
}

/// "4 cores", "1 core", "3.7 cores".
fn cores_text(cores: f64) -> String {
    if (cores - 1.0).abs() < 1e-9 {
        "1 core".to_string()
    } else {
        format!("{} cores", format_number(cores))
    }
}

/// How several streams of one client add up, when they do not simply multiply: ", 4 streams per
/// client counting as 3.7 (scaling 0.9)".
fn scaling_note(streams: u32, scaling: f64) -> String {
    if streams <= 1 || scaling >= 1.0 {
        return String::new();
    }
    let effective = crate::stages::streams::effective_streams(streams, scaling);
    format!(
        ", {streams} streams per client counting as {} (scaling {})",
        format_number(effective),
        format_ratio(scaling)
    )
}

/// Whether `id` belongs to the spool phase of a serial-staging chain (the stages up to the spool
/// disk) rather than the despool phase.
fn stage_in_spool(stages: &[Stage], id: StageId) -> bool {
    let spool = stages.iter().position(|s| s.id == StageId::Spool);
    let at = stages.iter().position(|s| s.id == id);
    matches!((spool, at), (Some(spool), Some(at)) if at <= spool)
}

/// How `drives` sit on `ports` (each `port_rate` bytes/s), after the port kind in a stage's basis:
/// ", 3 drives: 2 drives share port 1, so each drive gets at most half of 200 MB/s = 100 MB/s, and
/// the 3 drives, taking equal shares of the data, 3 / 2 = 1.5 ports' worth" (the rule of
/// [`crate::stages::ports::ports_bytes_per_sec`]). `one` is the singular noun (port or lane).
fn port_spread(one: &str, ports: u32, drives: u32, port_rate: f64, system: UnitSystem) -> String {
    let noun = |n: u32| if n == 1 { "drive" } else { "drives" };
    let busiest = ports::busiest_port_drives(ports, drives);
    if busiest <= 1 {
        return format!(", {drives} {}", noun(drives));
    }
    if drives.is_multiple_of(ports) {
        return format!(", {drives} drives, {busiest} on each {one}");
    }
    let shared = drives % ports;
    let which = if shared == 1 { format!("{one} 1") } else { format!("each of {one}s 1 to {shared}") };
    let part = match busiest {
        2 => "half".to_string(),
        3 => "a third".to_string(),
        4 => "a quarter".to_string(),
        k => format!("1/{k}"),
    };
    format!(
        ", {drives} drives: {busiest} drives share {which}, so each drive gets at most {part} of {} = {}, and the \
         {drives} drives, taking equal shares of the data, {drives} / {busiest} = {} {one}s' worth",
        format_rate(port_rate, system),
        format_rate(port_rate / f64::from(busiest), system),
        format_number(ports::ports_worth(ports, drives)),
    )
}

/// Whether the named bottleneck is the stage that starves the drives: the drives run at 100 % but lose
/// throughput backhitching, and another stage is named because relieving it gains more.
fn starves_drives(stages: &[Stage], bottleneck: StageId, warnings: &[Warning]) -> bool {
    bottleneck != StageId::TapeDrives
        && stages.iter().any(|s| s.id == StageId::TapeDrives && s.utilization >= 1.0 - 1e-9)
        && warnings.iter().any(|w| matches!(w, Warning::ShoeShining { limits_throughput: true, .. }))
}

/// The plain-words reason for one chain's throughput.
fn explain(report: &Report, stages: &[Stage], bottleneck: StageId, throughput: f64, system: UnitSystem) -> String {
    let rate = |v: f64| format_rate(v, system);
    let reading = !std::ptr::eq(stages, &report.stages[..]);
    let Some(stage) = stages.iter().find(|s| s.id == bottleneck) else {
        return format!("The throughput is {}.", rate(throughput));
    };
    let verb = if bottleneck.name_is_plural() { "limit" } else { "limits" };
    // A partial restore that reads the backup through: the stages after the drives carry only the kept
    // files, so a rate is said as what it is (a trial read 151 MB/s beside "1 port x 113 MB/s").
    let kept = report.restore.as_ref().filter(|_| reading).map_or(1.0, |r| r.kept_share);
    let mut text = if kept < 1.0 && bottleneck.carries_only_kept() {
        format!(
            "{} {verb} the restore to {} of kept files ({}; {} read from tape, {} of it kept)",
            bottleneck.name(),
            rate(throughput * kept),
            format_per_hour(throughput * kept, system),
            rate(throughput),
            crate::units::format_small_percent(kept),
        )
    } else if kept < 1.0 {
        format!(
            "{} {verb} the restore to {} read from tape ({}; {} of it kept)",
            bottleneck.name(),
            rate(throughput),
            format_per_hour(throughput, system),
            crate::units::format_small_percent(kept),
        )
    } else {
        format!(
            "{} {verb} the throughput to {} ({})",
            bottleneck.name(),
            rate(throughput),
            format_per_hour(throughput, system)
        )
    };
    if let (Some([spool, despool]), true) =
        (report.staging_phases_bytes_per_sec, std::ptr::eq(stages, &report.stages[..]))
    {
        text.push_str(&format!(
            ": each job spools to disk at {} and then despools to tape at {}, one after the other, so it runs at \
             1 / (1 / {} + 1 / {}) = {}. {} {} the {} phase",
            rate(spool),
            rate(despool),
            rate(spool),
            rate(despool),
            rate(throughput),
            bottleneck.name(),
            bottleneck.bind_verb(),
            if stage_in_spool(stages, bottleneck) { "spool" } else { "despool" },
        ));
        if stage.role != Role::Serial {
            text.push_str(&format!(" ({}", stage.arithmetic(system)));
            if let Some(basis) = report.basis_of(bottleneck, system, reading) {
                text.push_str(&format!("; {basis}"));
            }
            text.push(')');
        }
        text.push_str(", and relieving it gains the most.");
        return text;
    }
    if stage.role == Role::Serial {
        let basis = report.basis_of(bottleneck, system, reading).unwrap_or_default();
        text.push_str(&format!(
            ": {basis}, paid on top of moving the bytes, takes {} of {}.",
            format_percent(stage.utilization),
            bottleneck.serial_time_of()
        ));
        if report.scenario.target == Target::Tape {
            text.push_str(&format!(" That is {} files/s.", format_number(throughput / report.scenario.avg_file_bytes)));
        }
        return text;
    }
    text.push_str(&format!(": {}", stage.arithmetic(system)));
    if let Some(basis) = report.basis_of(bottleneck, system, reading) {
        text.push_str(&format!(" ({basis})"));
    }
    if stage.demand_bytes_per_sec > stage.capacity_bytes_per_sec * (1.0 + 1e-9) && stages[0].id != bottleneck {
        let them = if bottleneck.name_is_plural() { "them" } else { "it" };
        text.push_str(&format!(", while the stages before {them} could deliver {}", rate(stage.demand_bytes_per_sec)));
    }
    let warnings = if std::ptr::eq(stages, &report.stages[..]) {
        &report.warnings[..]
    } else {
        report.restore.as_ref().map_or(&[][..], |r| &r.warnings[..])
    };
    if starves_drives(stages, bottleneck, warnings) {
        // Named because it starves the drives (see `evaluate::starving_stage`).
        text.push_str(&format!(
            ", which starves the tape drives: fed below their lowest speed-matching rate, they move only {}",
            rate(throughput)
        ));
    }
    // Files larger than the buffers, read through: the rates above go one after the other, not at once.
    if let Some((rest, kept, kept_sec)) = warnings.iter().find_map(|w| match w {
        Warning::ReadThrough { data_bytes, kept_bytes, kept_turn_sec, .. } if *kept_turn_sec > 0.0 => {
            Some((data_bytes - kept_bytes, *kept_bytes, *kept_turn_sec))
        }
        _ => None,
    }) {
        text.push_str(&format!(
            "; read in turn, the drives read the {} not kept, then the {} kept at the pace the files are written one stretch at a time, {}",
            format_bytes(rest, system),
            format_bytes(kept, system),
            rate(kept / kept_sec)
        ));
    }
    text.push('.');
    // Serial costs the sessions pay while another stage binds.
    for serial in stages.iter().filter(|s| s.role == Role::Serial && s.utilization > 5e-4) {
        text.push_str(&format!(
            " {} takes {} of {}.",
            serial.id.name(),
            format_percent(serial.utilization),
            serial.id.serial_time_of()
        ));
    }
    text
}

/// Where the entered NFS request size `bytes` (of the field `key`, rsize or wsize) is not a multiple of
/// 1,024, what the client makes of it, in words: " (rsize 5,000 B, rounded down to a multiple of
/// 1,024 B as the Linux client does: nfs(5))"; empty otherwise.
fn rounded(key: &str, bytes: f64) -> String {
    if bytes % 1024.0 == 0.0 {
        return String::new();
    }
    format!(
        " ({key} {} B, rounded down to a multiple of 1,024 B as the Linux client does: nfs(5))",
        crate::units::format_count(bytes)
    )
}

#[cfg(test)]
mod tests {
    use crate::codec::decode;
    use crate::evaluate;

    /// A page trial of stop 61: 2 clients of 1 stream on 3 drives behind 2 8GFC ports. The ports' row
    /// said "3 drives: 2 drives share port 1 ... 1.50 ports' worth" beside 2 x 800 = 1,600 MB/s, and the
    /// drives' row "2 drives" with no word on why two.
    #[test]
    fn the_ports_and_drives_count_the_drives_in_use_and_say_why() {
        use crate::units::UnitSystem::Decimal;
        use crate::StageId;
        let r = evaluate(&decode("v=1&clients=2&streams=1&drives=3&fc_ports=2&lto=LTO-8&fc=8GFC").scenario);
        let ports = r.basis(StageId::FcPorts, Decimal).unwrap();
        let why = "; 2 of the 3 drives in use: a drive takes one stream at a time, and 2 clients × 1 stream make 2";
        assert_eq!(ports, format!("8GFC ports, 2 drives{why}"));
        assert!(r.basis(StageId::TapeDrives, Decimal).unwrap().ends_with(why));
        let fc = r.stages.iter().find(|t| t.id == StageId::FcPorts).unwrap();
        assert!((fc.capacity_bytes_per_sec - 1_600e6).abs() < 1.0, "{fc:?}");
        // Static pairing: one drive per client.
        let tied = evaluate(&decode("v=1&clients=1&streams=4&drives=6&fc_ports=4&pairing=static").scenario);
        assert!(tied
            .basis(StageId::FcPorts, Decimal)
            .unwrap()
            .ends_with("; 1 of the 6 drives in use: each client is tied to one drive, and there is 1 client"));
        // Every drive writing: nothing said.
        let all = evaluate(&decode("v=1&clients=8&drives=4&fc_ports=4").scenario);
        assert!(!all.basis(StageId::FcPorts, Decimal).unwrap().contains("in use"));
        // The restore row is the restore's own (its reading drives), with no word of the backup's.
        assert!(!r.restore_basis(StageId::FcPorts, Decimal).unwrap().contains("in use"));
    }

    /// A planner trial: nfs-mixed said no next limit (the README promises one), where relieving the file
    /// systems lets the two flows carry 350 MB/s, 16.5 % more, held by the source volumes.
    #[test]
    fn an_nfs_mixed_workload_names_its_next_limit() {
        use crate::units::UnitSystem::Decimal;
        let r = evaluate(&crate::presets::preset("nfs-mixed").unwrap().scenario());
        assert_eq!(r.bottleneck, crate::StageId::NfsFileSystems);
        let (next, sum) = r.next_limit().expect("a next limit");
        assert_eq!(next, crate::StageId::NfsSources);
        // Source volumes: 240 MB/s sending and 118.29 MB/s retrieving, taking the mix's 350.3 MB/s.
        assert!((sum / 350.29e6 - 1.0).abs() < 1e-4, "{sum}");
        let text = r.explanation(Decimal);
        assert!(text.contains("Next limit: Source volumes"), "{text}");
        assert!(text.contains("16.5 % more"), "{text}");
        // Two arrays on 1GbE interfaces, where a faster interface lowers the sum: no next limit promised.
        let two = evaluate(
            &decode("v=1&target=nfs&data=1TB&workload=mixed&arrays=2&volumes=1&retrieve_volumes=8&interfaces=1&nfs_nic=1GbE&sync=off&in_flight=4")
                .scenario,
        );
        assert!(two.next_limit().is_none_or(|(_, sum)| sum > two.throughput_bytes_per_sec), "{:?}", two.next_limit());
    }

    /// Page trial findings of stop 59: an NFS round trip left out of the mount's terms (19.2 MB/s could not
    /// be rebuilt from them), and a restore's network rows said "carrying data reduced 4:1" where the
    /// deduplication saves nothing on the way back and the capacity is rightly not scaled by it.
    #[test]
    fn the_terms_shown_rebuild_the_figure() {
        use crate::units::UnitSystem::Decimal;
        use crate::StageId;
        let nfs = evaluate(&decode("v=1&target=nfs&rtt_ms=50").scenario);
        let mount = nfs.basis(StageId::NfsMounts, Decimal).unwrap();
        assert!(
            mount.contains(
                "1 in flight per connection (each request waits 0.50 ms of RPC time and a 50.0 ms round trip)"
            ),
            "{mount}"
        );
        // 1,048,576 B / (0.5 + 50 + 0.928 + 3.0916 ms) = 19.23 MB/s.
        assert!((nfs.throughput_bytes_per_sec / 19.23e6 - 1.0).abs() < 0.002, "{}", nfs.throughput_bytes_per_sec);
        assert!(!evaluate(&decode("v=1&target=nfs").scenario)
            .basis(StageId::NfsMounts, Decimal)
            .unwrap()
            .contains("round trip"));
        let appliance = evaluate(
            &decode("v=1&target=repository&repo_kind=appliance&clients=8&reduction=on&src_dedup=4&client_nic=10GbE")
                .scenario,
        );
        let backup = appliance.basis(StageId::ServerNic, Decimal).unwrap();
        assert!(backup.contains(", carrying data reduced 4:1 at the source"), "{backup}");
        let restore = appliance.restore_basis(StageId::ServerNic, Decimal).unwrap();
        assert!(
            restore.contains(
                ", carrying whole data (a restore sends every chunk back: the deduplication saves nothing on the way)"
            ),
            "{restore}"
        );
        let both = evaluate(&decode("v=1&target=repository&reduction=on&src_dedup=2&src_compression=2").scenario);
        let restore = both.restore_basis(StageId::ClientNic, Decimal).unwrap();
        assert!(
            restore.contains(", carrying data compressed 2:1 at the source (a restore sends every chunk back"),
            "{restore}"
        );
    }

    #[test]
    fn an_rsize_off_a_kibibyte_is_read_as_the_client_rounds_it() {
        // nfs(5): a size within range but not a multiple of 1,024 is rounded down to one. A trial's rsize of
        // 5,000 B was taken as 5,000 B READs; the client sends 4,096 B ones.
        let link = "v=1&target=nfs&data=200GB&workload=retrieve&retrieve_volumes=5&rsize=";
        let odd = evaluate(&decode(&format!("{link}5000")).scenario);
        let whole = evaluate(&decode(&format!("{link}4096")).scenario);
        assert_eq!(odd.throughput_bytes_per_sec, whole.throughput_bytes_per_sec);
        let text = odd.explanation(crate::units::UnitSystem::Binary);
        assert!(text.contains("4.00 KiB READ requests (rsize 5,000 B, rounded down to a multiple of 1,024 B as the Linux client does: nfs(5))"), "{text}");
        assert!(!whole.explanation(crate::units::UnitSystem::Binary).contains("rounded down"));
    }

    #[test]
    fn the_bytes_a_window_holds_leave_room_for_the_handling() {
        // One LTO-9 at 113 MB/s (the 1GbE client) with a new cartridge: its 40 min of media optimisation
        // come out of the 8 h window, which holds 113 MB/s x 26,400 s, not x 28,800 s.
        let r = evaluate(&decode("v=1&lto=LTO-9&new_carts=1").scenario);
        let rate = r.throughput_bytes_per_sec;
        let bytes = r.night_bytes_in(8.0 * 3600.0).expect("a window and a throughput");
        assert!((bytes / (rate * 26_400.0) - 1.0).abs() < 1e-9, "{bytes} against {}", rate * 26_400.0);
        assert!((2.97e12..2.99e12).contains(&bytes), "{bytes}");
        assert!(r.night_duration_for(bytes).unwrap() <= 8.0 * 3600.0);
        assert!(r.night_duration_for(bytes * 1.000_001).unwrap() > 8.0 * 3600.0);
        // Without new cartridges the throughput fills the window; a window shorter than the optimisation
        // holds nothing; no window, nothing to say.
        let plain = evaluate(&decode("v=1&lto=LTO-9").scenario);
        let all = plain.night_bytes_in(8.0 * 3600.0).unwrap();
        assert!((all / (plain.throughput_bytes_per_sec * 28_800.0) - 1.0).abs() < 1e-12, "{all}");
        assert_eq!(r.night_bytes_in(30.0 * 60.0), Some(0.0));
        assert_eq!(r.night_bytes_in(0.0), None);
    }

    #[test]
    fn the_bytes_a_window_holds_count_cartridge_changes() {
        // The default LTO-4 at 113 MB/s: 8 h would move 3.25 TB, three 1.6 TB cartridges, so two changes
        // of 74 s (unload 17 s + load 12 s + locate 45 s) come out of the window: 113 MB/s x 28,652 s.
        let r = evaluate(&decode("v=1").scenario);
        let rate = r.throughput_bytes_per_sec;
        let bytes = r.night_bytes_in(8.0 * 3600.0).unwrap();
        assert!((bytes / (rate * (28_800.0 - 148.0)) - 1.0).abs() < 1e-9, "{bytes} against {}", rate * 28_652.0);
        let night = r.night_duration_for(bytes).unwrap();
        assert!(night <= 8.0 * 3600.0 && night > 8.0 * 3600.0 - 1e-3, "{night}");
    }
    #[test]
    fn drives_that_shoe_shine_are_not_said_to_bind_next() {
        // Two LTO-4s fed 113 MB/s by one 1GbE client shoe-shine and move 111 MB/s: their capacity in the
        // table is what this feed lets them move (100 % of it), but a faster link feeds them more (10GbE:
        // 152 MB/s), so no "relieving the bottleneck gains at most 0 %" note for them (a trial read one).
        use crate::warning::Warning;
        let starved = evaluate(&decode("v=1&data=2TB&drives=2").scenario);
        let held_back = |w: &Warning| matches!(w, Warning::ShoeShining { limits_throughput: true, .. });
        assert!(starved.warnings.iter().any(held_back), "{:?}", starved.warnings);
        let drives_near = |w: &Warning| matches!(w, Warning::NearLimit { stage: crate::StageId::TapeDrives, .. });
        assert!(!starved.warnings.iter().any(drives_near), "{:?}", starved.warnings);
        let restore = starved.restore.as_ref().expect("a restore");
        assert!(!restore.warnings.iter().any(drives_near), "{:?}", restore.warnings);
        let faster = evaluate(&decode("v=1&data=2TB&drives=2&client_nic=10GbE").scenario);
        assert!(faster.throughput_bytes_per_sec > starved.throughput_bytes_per_sec * 1.3);
        // Streaming drives near their limit still get the note: two 1GbE clients (226 MB/s) into one LTO-4
        // that streams 237 MB/s keep it at 95.4 %.
        let near = evaluate(&decode("v=1&clients=2&drives=1&compression=2.1").scenario);
        assert_eq!(near.bottleneck, crate::StageId::ClientNic);
        assert!(near.warnings.iter().any(drives_near), "{:?}", near.warnings);
    }
}
