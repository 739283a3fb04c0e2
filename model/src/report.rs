//! The result of an evaluation, and its plain-words explanation.

use crate::evaluate::Chain;
use crate::pipeline::{solve, StageCalc, RETRIEVE, SEND};
use crate::scenario::{NfsWorkload, Scenario, Target};
use crate::stage::{Role, Stage, StageId};
use crate::stages::{ports, tape, transactions};
use crate::units::{
    format_bytes, format_duration, format_number, format_per_hour, format_percent, format_rate, format_ratio,
    UnitSystem,
};

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
    /// Files backed up per second (tape target): throughput / average file size.
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
    pub copy: Option<crate::repository::CopyPhase>,
    /// The scenario as evaluated (after out-of-range values were brought into range).
    pub scenario: Scenario,
}

/// The restore chain's result.
#[derive(Debug, Clone, PartialEq)]
pub struct Restore {
    /// Restore throughput, bytes/s.
    pub throughput_bytes_per_sec: f64,
    /// The stage that limits it.
    pub bottleneck: StageId,
    /// Every stage of the restore chain, in the order data flows (drives first).
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
}

/// Utilization from which a stage other than the bottleneck is reported as near its limit.
const NEAR_LIMIT: f64 = 0.9;

/// Something worth the user's attention.
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub enum Warning {
    /// Tape drives are fed (or drained, in a restore) below their lowest speed-matching rate and stop
    /// and start (shoe-shine).
    ShoeShining {
        /// Host data reaching (or leaving) each drive, bytes/s.
        per_drive_feed_bytes_per_sec: f64,
        /// Slowest host rate at which the drive still streams, bytes/s.
        lowest_streaming_bytes_per_sec: f64,
        /// Whether the stops also lower the throughput (not only wear the tape).
        limits_throughput: bool,
        /// Whether it happens reading, in the restore.
        restore: bool,
        /// Share of each drive's time spent backhitching (repositioning), 0 to 1.
        repositioning_share: f64,
        /// What the drives together take less than they are fed, bytes/s (0 when the buffers hide the
        /// stops).
        lost_bytes_per_sec: f64,
        /// What that loss adds to the job's duration for the data set, seconds (0 without a data set).
        lost_sec: f64,
    },
    /// With one stream per client lagging, the streams could not sustain the throughput (seed 000).
    StreamLag {
        /// Stream capacity with one stream per client stalled, bytes/s.
        lagging_capacity_bytes_per_sec: f64,
        /// The throughput it falls short of, bytes/s.
        throughput_bytes_per_sec: f64,
    },
    /// A stage other than the bottleneck runs within 10 % of its capacity: relieving the bottleneck
    /// gains little before it binds.
    NearLimit {
        /// Which stage.
        stage: StageId,
        /// Throughput / capacity (0.9 to 1).
        utilization: f64,
    },
    /// The data compresses better than the drive's rated compression ratio: the model uses the rated
    /// ratio for the drive's rate and the cartridges.
    CompressionCapped {
        /// The compression the data reaches the drive with (after any at the source).
        entered_ratio: f64,
        /// The ratio used: the format's rated one.
        used_ratio: f64,
        /// The drives' generation.
        lto: crate::catalog::LtoGeneration,
    },
    /// The backup fits the window with less to spare than the headroom asked for.
    ThinMargin {
        /// Share of the window left, 0 to 1.
        margin_ratio: f64,
        /// The headroom asked for.
        headroom: f64,
    },
    /// Several drives share one FC or SAS port only because the port count was left at its default of
    /// one: an assumption the user may not have made.
    SharedDefaultPort {
        /// Drives.
        drives: u32,
        /// `FC HBA port` or `SAS lane`.
        port: &'static str,
        /// The share-link key of the port count.
        key: &'static str,
    },
    /// The drives sit on a slower link than their own interface, and the link caps them.
    InterfaceMismatch {
        /// The drives' generation.
        lto: crate::catalog::LtoGeneration,
        /// The link's name (`1GFC`, `3G`).
        link: &'static str,
        /// `FC` or `SAS`.
        kind: &'static str,
        /// What one port or lane carries, bytes/s.
        link_bytes_per_sec: f64,
        /// What one drive could take at its rated compression, bytes/s.
        drive_bytes_per_sec: f64,
        /// The drive's own interface (`8GFC`, `12G`).
        suggested: &'static str,
    },
    /// The backup does not finish inside the window.
    WindowMissed {
        /// Backup duration, seconds.
        duration_sec: f64,
        /// The window, seconds.
        window_sec: f64,
    },
}

impl Warning {
    /// Short machine id: `shoe_shining`, `stream_lag`, `near_limit`, `compression_capped`,
    /// `thin_margin`, `shared_default_port`, `window_missed`.
    pub fn id(&self) -> &'static str {
        match self {
            Self::ShoeShining { .. } => "shoe_shining",
            Self::StreamLag { .. } => "stream_lag",
            Self::NearLimit { .. } => "near_limit",
            Self::CompressionCapped { .. } => "compression_capped",
            Self::ThinMargin { .. } => "thin_margin",
            Self::SharedDefaultPort { .. } => "shared_default_port",
            Self::InterfaceMismatch { .. } => "interface_mismatch",
            Self::WindowMissed { .. } => "window_missed",
        }
    }

    /// The warning in plain words, with units.
    pub fn message(&self, system: UnitSystem) -> String {
        let rate = |v: f64| format_rate(v, system);
        match *self {
            Self::ShoeShining {
                per_drive_feed_bytes_per_sec: feed,
                lowest_streaming_bytes_per_sec: lowest,
                limits_throughput,
                restore,
                repositioning_share,
                lost_bytes_per_sec,
                lost_sec,
            } => {
                let share = format_percent(repositioning_share);
                let effect = if limits_throughput && lost_bytes_per_sec > 0.0 {
                    let hours = if lost_sec > 0.0 {
                        format!(", which adds {} ({} h) to the job", format_duration(lost_sec), format_number(lost_sec / 3600.0))
                    } else {
                        String::new()
                    };
                    format!(
                        "backhitching, each drive loses {share} of its time repositioning, and the drives move {} less than they are fed{hours}; it also wears tape and heads",
                        rate(lost_bytes_per_sec)
                    )
                } else {
                    format!(
                        "backhitching, each drive loses {share} of its time repositioning; the buffers hide it from the throughput, but it wears tape and heads"
                    )
                };
                let (verb, fix) = if restore {
                    ("is drained at", "Restore with more streams, or faster clients.")
                } else {
                    ("gets", "Feed the drives faster, or use fewer (or slower) drives.")
                };
                format!(
                    "Each tape drive {verb} {} but needs at least {} to keep streaming: {effect}. {fix}",
                    rate(feed),
                    rate(lowest)
                )
            }
            Self::StreamLag { lagging_capacity_bytes_per_sec: lagging, throughput_bytes_per_sec: throughput } => format!(
                "If one stream per client lags, the remaining streams deliver only {} of the {} achieved: add a stream per client to ride out lags (seed 000's reason for 4 streams, not 3).",
                rate(lagging),
                rate(throughput)
            ),
            Self::NearLimit { stage, utilization } => format!(
                "{} {} at {} of capacity: relieving the bottleneck gains at most {} % before {} too.",
                stage.name(),
                if stage.name_is_plural() { "run" } else { "runs" },
                format_percent(utilization),
                format_number((1.0 / utilization - 1.0).max(0.0) * 100.0),
                if stage.name_is_plural() { "they bind" } else { "it binds" }
            ),
            Self::CompressionCapped { entered_ratio, used_ratio, lto } => format!(
                "The data compresses {}:1 on the drive, more than {}'s rated {}:1: the model counts the drive's rate and the cartridges at {}:1, as the vendors rate them; measure your drive if you expect more.",
                format_number(entered_ratio),
                lto.name(),
                format_number(used_ratio),
                format_number(used_ratio)
            ),
            Self::ThinMargin { margin_ratio, headroom } => format!(
                "The backup fits with only {} of the window to spare, less than the {} headroom: a night with more changes, a retried client or a slow drive would miss it.",
                format_percent(margin_ratio),
                format_percent(headroom)
            ),
            Self::SharedDefaultPort { drives, port, key } => format!(
                "The {drives} drives share one {port} ({key} is 1, its default): if each drive has a port of its own, set {key} to {drives}."
            ),
            Self::InterfaceMismatch { lto, link, kind, link_bytes_per_sec, drive_bytes_per_sec, suggested } => {
                let link_name = if kind == "SAS" { format!("SAS {link}") } else { link.to_string() };
                let own = if kind == "SAS" { format!("SAS {suggested}") } else { suggested.to_string() };
                format!(
                    "{} drives are built for {own}, but sit on {link_name}: each {} carries at most {}, below the {} a drive takes at its rated compression. Attach them by {own}.",
                    lto.name(),
                    if kind == "SAS" { "lane" } else { "port" },
                    rate(link_bytes_per_sec),
                    rate(drive_bytes_per_sec)
                )
            }
            Self::WindowMissed { duration_sec, window_sec } => format!(
                "The backup takes {}, longer than the {} window.",
                format_duration(duration_sec),
                format_duration(window_sec)
            ),
        }
    }
}

/// Stages at or near their limit, other than the bottleneck and serial costs.
fn near_limit(stages: &[Stage], bottleneck: StageId) -> impl Iterator<Item = Warning> + '_ {
    stages
        .iter()
        .filter(move |s| s.id != bottleneck && s.role != Role::Serial && s.utilization >= NEAR_LIMIT)
        .map(|s| Warning::NearLimit { stage: s.id, utilization: s.utilization })
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
        Warning::ShoeShining { repositioning_share, lost_bytes_per_sec, lost_sec, .. } if repositioning_share > 0.0 => {
            let mut text = format!(
                " Backhitching: each drive loses {} of its time repositioning",
                format_percent(repositioning_share)
            );
            if lost_bytes_per_sec > 0.0 {
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

/// Time for `bytes` at `rate`: `None` without a data set, infinity without throughput.
fn duration(bytes: f64, rate: f64) -> Option<f64> {
    (bytes > 0.0).then(|| if rate > 0.0 { bytes / rate } else { f64::INFINITY })
}

impl Report {
    pub(crate) fn assemble(scenario: Scenario, backup: Chain, restore: Option<Chain>) -> Report {
        let Chain { solution, mut warnings, phases } = backup;
        let flow = solution.flow;
        let throughput = flow[SEND] + flow[RETRIEVE];
        warnings.extend(near_limit(&solution.stages, solution.bottleneck));
        let data = scenario.data_set_bytes;
        time_lost(&mut warnings, data, throughput);
        let tape = scenario.target == Target::Tape;
        let ratio = scenario.reduction_ratio();
        let cartridges = (tape && data > 0.0).then(|| {
            let drives = crate::evaluate::active_drives(&scenario).max(1);
            let spec = scenario.drive_spec();
            u64::from(drives) * tape::cartridges(data / ratio / f64::from(drives), &spec, scenario.drive_compression())
        });
        let cartridge_handling = cartridges.map(|count| {
            let lto9 =
                scenario.lto == crate::catalog::LtoGeneration::Lto9 && scenario.media == crate::catalog::Media::Own;
            let new = if lto9 { u64::from(scenario.new_cartridges) } else { 0 };
            crate::stages::cartridges::Handling::new(
                count,
                crate::evaluate::active_drives(&scenario),
                new,
                scenario.media_optimisation_sec,
                crate::stages::cartridges::motion_sec(scenario.lto),
            )
        });
        let handling_sec = cartridge_handling.map_or(0.0, |h| h.total_sec());
        let duration_sec = duration(data, throughput).map(|d| d + handling_sec);
        let window = match duration_sec {
            Some(duration) if scenario.backup_window_sec > 0.0 => {
                let fit = WindowFit::new(duration, scenario.backup_window_sec);
                if !fit.fits {
                    warnings
                        .push(Warning::WindowMissed { duration_sec: duration, window_sec: scenario.backup_window_sec });
                } else if fit.margin_ratio < scenario.headroom {
                    warnings.push(Warning::ThinMargin { margin_ratio: fit.margin_ratio, headroom: scenario.headroom });
                }
                Some(fit)
            }
            _ => None,
        };
        if tape {
            let (port, key, ports) = match scenario.attachment {
                crate::scenario::Attachment::Fc => ("FC HBA port", "fc_ports", scenario.fc_ports),
                crate::scenario::Attachment::Sas => ("SAS lane", "sas_ports", scenario.sas_ports),
            };
            let drives = crate::evaluate::active_drives(&scenario);
            if ports == 1 && drives > 1 {
                warnings.push(Warning::SharedDefaultPort { drives, port, key });
            }
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
                warnings.push(Warning::InterfaceMismatch {
                    lto: scenario.lto,
                    link,
                    kind,
                    link_bytes_per_sec: carried,
                    drive_bytes_per_sec: drive_max,
                    suggested,
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
            let partial = scenario.restore_files > 0;
            let restored =
                if partial { (f64::from(scenario.restore_files) * scenario.avg_file_bytes).min(data) } else { data };
            let changes = if partial { 0.0 } else { cartridge_handling.map_or(0.0, |h| h.changes_sec()) };
            time_lost(&mut warnings, restored, rate);
            warnings.extend(near_limit(&solution.stages, solution.bottleneck));
            Restore {
                throughput_bytes_per_sec: rate,
                bottleneck: solution.bottleneck,
                stages: solution.stages,
                warnings,
                duration_sec: duration(restored, rate).map(|d| d + changes),
                files_per_sec: rate / scenario.avg_file_bytes,
                restored_bytes: restored,
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
            files_per_sec: tape.then(|| throughput / scenario.avg_file_bytes),
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
    /// how far relieving the bottleneck gets. `None` for a two-way workload or when nothing else binds.
    pub fn next_limit(&self) -> Option<(StageId, f64)> {
        if self.staging_phases_bytes_per_sec.is_some() || starves_drives(&self.stages, self.bottleneck, &self.warnings)
        {
            // The phases run in turn, so the stages do not form one chain (or the bottleneck starves
            // the drives, whose rate depends on their feed): evaluate with the bottleneck removed.
            let (id, rate) = crate::evaluate::backup_relieved(&self.scenario, Some((self.bottleneck, 1e9)));
            return (rate.is_finite() && rate > self.throughput_bytes_per_sec * (1.0 + 1e-9)).then_some((id, rate));
        }
        next_limit(&self.stages, self.bottleneck, self.retrieve_bytes_per_sec > 0.0 && self.send_bytes_per_sec > 0.0)
    }

    /// Why the throughput is what it is, in plain words with the arithmetic: for seed 000's eight clients,
    /// "Tape drives limit the throughput to 888 MB/s (3.2 TB/h): 4 drives × 222 MB/s = 888 MB/s ...
    /// Next limit: Client NICs; without this bottleneck the chain would carry 904 MB/s, 0.40 % more."
    pub fn explanation(&self, system: UnitSystem) -> String {
        let mut text = explain(self, &self.stages, self.bottleneck, self.throughput_bytes_per_sec, system);
        if self.retrieve_bytes_per_sec > 0.0 && self.send_bytes_per_sec > 0.0 {
            text.push_str(&format!(
                " Sends and retrievals share the stage: {} sent plus {} retrieved.",
                format_rate(self.send_bytes_per_sec, system),
                format_rate(self.retrieve_bytes_per_sec, system)
            ));
        } else if let Some((id, rate)) = self.next_limit() {
            text.push_str(&next_text(id, rate, self.throughput_bytes_per_sec, system));
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
        let motion = crate::stages::cartridges::motion_sec(self.scenario.lto);
        let mut parts = Vec::new();
        if h.changes_per_drive > 0 {
            parts.push(format!(
                "{} cartridge {} per drive × {} s (unload {} s + load {} s + locate {} s{})",
                h.changes_per_drive,
                if h.changes_per_drive == 1 { "change" } else { "changes" },
                format_number(h.change_sec),
                format_number(motion.unload_sec),
                format_number(motion.load_sec),
                format_number(motion.locate_sec),
                if motion.assumed { ", partly assumed" } else { "" }
            ));
        }
        if h.new_per_drive > 0 {
            parts.push(format!(
                "{} new LTO-9 {} per drive × {} of media optimisation on first load",
                h.new_per_drive,
                if h.new_per_drive == 1 { "cartridge" } else { "cartridges" },
                format_duration(h.optimisation_sec)
            ));
        }
        Some(format!("Cartridge handling adds {} to the job: {}.", format_duration(h.total_sec()), parts.join(" and ")))
    }

    /// The restore's explanation, as [`Report::explanation`] for the restore chain.
    pub fn restore_explanation(&self, system: UnitSystem) -> Option<String> {
        let restore = self.restore.as_ref()?;
        let mut text = explain(self, &restore.stages, restore.bottleneck, restore.throughput_bytes_per_sec, system);
        if let Some((id, rate)) = next_limit(&restore.stages, restore.bottleneck, false) {
            text.push_str(&next_text(id, rate, restore.throughput_bytes_per_sec, system));
        }
        text.extend(backhitch_sentence(&restore.warnings, system));
        Some(text)
    }

    /// Where a stage's per-unit figure comes from, when it is not a plain input.
    pub fn basis(&self, id: StageId, system: UnitSystem) -> Option<String> {
        let s = &self.scenario;
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
            StageId::TapeDrives if s.target == Target::Tape => Some(self.drive_basis(system)),
            StageId::Repository | StageId::ObjectRequests | StageId::RepositoryRead => {
                crate::repository::basis(s, id, system)
            }
            StageId::ClientNic | StageId::ServerNic | StageId::SourceNic => {
                let link = match id {
                    StageId::ClientNic => s.client_link,
                    StageId::ServerNic => s.server_link,
                    _ => s.source_link,
                };
                Some(format!(
                    "{} goodput at MTU {} and TCP efficiency {}{reduced}",
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
                "{} restore {} per client writing at {}",
                s.restore_streams_per_client(),
                if s.restore_streams_per_client() == 1 { "stream" } else { "streams" },
                rate(s.restore_stream_rate())
            )),
            StageId::SourceReduction => Some(format!(
                "client CPU: {} at {} × {} per core, compressing {}:1 and deduplicating {}:1",
                cpu_steps(s),
                cores_text(self.stage(StageId::SourceReduction).map_or(0.0, |t| t.units)),
                rate(s.per_core_bytes_per_sec()),
                format_ratio(s.source_compression),
                format_ratio(s.source_dedup)
            )),
            StageId::Distance => {
                let window = if s.rtt_sec > 0.0 { s.tcp_window_bytes / s.rtt_sec } else { f64::INFINITY };
                Some(if window < s.connection_bytes_per_sec {
                    format!(
                        "a {} TCP window per {} round trip: {} per connection{reduced}",
                        format_bytes(s.tcp_window_bytes, system),
                        ms(s.rtt_sec),
                        rate(window)
                    )
                } else {
                    format!(
                        "one TCP connection per stream, each at most {} (the core handling it){reduced}",
                        rate(s.connection_bytes_per_sec)
                    )
                })
            }
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
            StageId::Catalogue => Some(format!(
                "{} per file in the catalogue{}: {} files/s",
                ms(s.catalogue_sec()),
                if s.catalog_sec > 0.0 { "" } else { " by default" },
                crate::units::format_count((1.0 / s.catalogue_sec()).round())
            )),
            StageId::RestoreDisk => {
                Some(format!("each client's target disks write at {}", rate(s.restore_disk_bytes_per_sec)))
            }
            StageId::RestoreApp => {
                Some(format!("the application's own restore work at {} per client", rate(s.restore_app_bytes_per_sec)))
            }
            StageId::Locate => {
                let motion = crate::stages::cartridges::motion_sec(s.lto);
                Some(format!(
                    "a partial restore of {} files: each drive locates every file of {} ({} s average locate on {}{})",
                    crate::units::format_count(f64::from(s.restore_files)),
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
                Some(format!("{kind}{}{reduced}", port_spread(one, ports, s.drives, port_rate, system)))
            }
            StageId::NfsMounts => {
                let per_mount = format!(
                    "{} in flight per connection, {} {} per mount",
                    s.nfs_in_flight,
                    s.nconnect,
                    if s.nconnect == 1 { "connection" } else { "connections" }
                );
                let writes = format!(
                    "{} WRITE requests, {per_mount}{}",
                    format_bytes(s.client_write_bytes.min(s.wsize_bytes), system),
                    if s.commit_sec() > 0.0 {
                        format!(", {} sync commit each", ms(s.commit_sec()))
                    } else {
                        ", async export (no commit wait)".to_string()
                    }
                );
                let reads = format!("{} READ requests, {per_mount}", format_bytes(s.rsize_bytes, system));
                Some(match s.nfs_workload {
                    NfsWorkload::Send => writes,
                    NfsWorkload::Retrieve => reads,
                    NfsWorkload::Mixed => format!("sends: {writes}; retrievals: {reads}"),
                })
            }
            _ => None,
        }
    }

    fn drive_basis(&self, system: UnitSystem) -> String {
        let s = &self.scenario;
        let rate = |v: f64| format_rate(v, system);
        let spec = s.drive_spec();
        let native =
            if s.drive_native_bytes_per_sec > 0.0 { s.drive_native_bytes_per_sec } else { spec.native_bytes_per_sec };
        let compression = tape::effective_compression(&spec, s.drive_compression());
        let drive = crate::evaluate::drive_of(s, &crate::evaluate::Relief(None));
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
        let loss = 1.0 - drive.streaming_bytes_per_sec / (native * compression);
        if loss > 5e-4 {
            let block = format_bytes(s.block_bytes, system);
            text.push_str(&format!(
                ", less {} for {} ms per I/O of {block}",
                format_percent(loss),
                format_number(s.io_sec * 1e3)
            ));
        }
        if let Some(per_drive) = self.stage(StageId::TapeDrives).map(|t| t.per_unit_bytes_per_sec) {
            if per_drive < drive.streaming_bytes_per_sec * s.reduction_ratio() * (1.0 - 1e-9) {
                let assumed: Vec<&str> = [(spec.lowest_assumed, "lowest rate"), (spec.buffer_assumed, "buffer size")]
                    .into_iter()
                    .filter_map(|(is, what)| is.then_some(what))
                    .collect();
                text = format!(
                    "shoe-shining: fed below its lowest streaming rate of {}{}, each {} stops and backhitches ({} s each{}), moving {} of the {} it writes while streaming",
                    rate(drive.lowest_bytes_per_sec),
                    if assumed.is_empty() { String::new() } else { format!(" ({} assumed)", assumed.join(" and ")) },
                    s.lto.name(),
                    format_number(s.backhitch_sec),
                    if (s.backhitch_sec - crate::catalog::lto::BACKHITCH_SEC).abs() < 1e-12 { ", assumed" } else { "" },
                    rate(per_drive),
                    rate(drive.streaming_bytes_per_sec)
                );
            }
        }
        text
    }
}

/// The stage binding once `bottleneck` is removed from a one-way chain, and the throughput then.
fn next_limit(stages: &[Stage], bottleneck: StageId, two_way: bool) -> Option<(StageId, f64)> {
    if two_way {
        return None;
    }
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

fn next_text(id: StageId, rate: f64, throughput: f64, system: UnitSystem) -> String {
    let gain = (rate / throughput - 1.0) * 100.0;
    format!(
        " Next limit: {}; without this bottleneck the chain would carry {}, {} % more.",
        id.name(),
        format_rate(rate, system),
        format_number(gain.max(0.0))
    )
}

/// The client class, when one is chosen: " (linux-ext4-ssd client)".
fn class_note(s: &crate::scenario::Scenario) -> String {
    if s.client_class == crate::stages::client_class::ClientClass::Entered {
        String::new()
    } else {
        format!(" ({} client)", s.client_class.name())
    }
}

/// The reduction steps a client's cores run: "zstd + SHA-256 + AES-GCM", or "the tool's pipeline".
fn cpu_steps(s: &crate::scenario::Scenario) -> String {
    use crate::stages::client_cpu::Compressor;
    let mut steps: Vec<&str> = Vec::new();
    match s.compressor {
        Compressor::Entered => steps.push("the tool's pipeline"),
        Compressor::None => {}
        other => steps.push(other.name()),
    }
    if s.chunk_hash {
        steps.push("SHA-256");
    }
    if s.encrypt {
        steps.push("AES-GCM");
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
    if drives % ports == 0 {
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
    let Some(stage) = stages.iter().find(|s| s.id == bottleneck) else {
        return format!("The throughput is {}.", rate(throughput));
    };
    let mut text = format!(
        "{} {} the throughput to {} ({})",
        bottleneck.name(),
        if bottleneck.name_is_plural() { "limit" } else { "limits" },
        rate(throughput),
        format_per_hour(throughput, system),
    );
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
            if bottleneck.name_is_plural() { "bind" } else { "binds" },
            if stage_in_spool(stages, bottleneck) { "spool" } else { "despool" },
        ));
        if stage.role != Role::Serial {
            text.push_str(&format!(" ({}", stage.arithmetic(system)));
            if let Some(basis) = report.basis(bottleneck, system) {
                text.push_str(&format!("; {basis}"));
            }
            text.push(')');
        }
        text.push_str(", and relieving it gains the most.");
        return text;
    }
    if stage.role == Role::Serial {
        let basis = report.basis(bottleneck, system).unwrap_or_default();
        text.push_str(&format!(
            ": {basis}, paid on top of moving the bytes, takes {} of each stream's time.",
            format_percent(stage.utilization)
        ));
        if report.scenario.target == Target::Tape {
            text.push_str(&format!(" That is {} files/s.", format_number(throughput / report.scenario.avg_file_bytes)));
        }
        return text;
    }
    text.push_str(&format!(": {}", stage.arithmetic(system)));
    if let Some(basis) = report.basis(bottleneck, system) {
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
    text.push('.');
    // Serial costs the sessions pay while another stage binds.
    for serial in stages.iter().filter(|s| s.role == Role::Serial && s.utilization > 5e-4) {
        text.push_str(&format!(
            " {} takes {} of each stream's time.",
            serial.id.name(),
            format_percent(serial.utilization)
        ));
    }
    text
}
