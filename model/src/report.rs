//! The result of an evaluation, and its plain-words explanation.

use crate::scenario::{Scenario, Target};
use crate::stage::{Stage, StageId};
use crate::units::{
    format_duration, format_number, format_per_hour, format_percent, format_rate, format_ratio, UnitSystem,
};

/// Everything the model says about one scenario. Rates in bytes/s, times in seconds.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    /// Achieved throughput, bytes/s (for a mixed NFS workload, send plus retrieve).
    pub throughput_bytes_per_sec: f64,
    /// Part of the throughput in the send (backup) direction, bytes/s.
    pub send_bytes_per_sec: f64,
    /// Part of the throughput in the retrieve direction, bytes/s (NFS only).
    pub retrieve_bytes_per_sec: f64,
    /// The stage that limits the throughput.
    pub bottleneck: StageId,
    /// Every stage of the chain, in order.
    pub stages: Vec<Stage>,
    /// Things the user should know (shoe-shining, stream lag, stages over 100 %, a missed window).
    pub warnings: Vec<Warning>,
    /// Time to back up the data set, seconds; `None` without a data set size.
    pub duration_sec: Option<f64>,
    /// Fit against the backup window; `None` without a data set or a window.
    pub window: Option<WindowFit>,
    /// Tape cartridges the data set fills; `None` without a data set or for an NFS target.
    pub cartridges: Option<u64>,
    /// Restore throughput, bytes/s: the same chain read back (tape), or retrieving the sent volumes (NFS).
    pub restore_bytes_per_sec: f64,
    /// Time to restore the data set, seconds; `None` without a data set size.
    pub restore_duration_sec: Option<f64>,
    /// Bytes per transaction aggregate (tape only).
    pub aggregate_bytes: Option<f64>,
    /// Storage-pool I/O size for that aggregate, bytes (tape only).
    pub storage_pool_io_bytes: Option<f64>,
    /// The scenario as evaluated (after out-of-range values were brought into range).
    pub scenario: Scenario,
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

/// Something worth the user's attention.
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub enum Warning {
    /// Tape drives are fed below their lowest speed-matching rate and stop and start (shoe-shine).
    ShoeShining {
        /// Host data reaching each drive, bytes/s.
        per_drive_feed_bytes_per_sec: f64,
        /// Slowest host rate at which the drive still streams, bytes/s.
        lowest_streaming_bytes_per_sec: f64,
        /// Whether the stops also lower the throughput (not only wear the tape).
        limits_throughput: bool,
    },
    /// With one stream per client lagging, the streams could not sustain the throughput (seed 000).
    StreamLag {
        /// Stream capacity with one stream per client stalled, bytes/s.
        lagging_capacity_bytes_per_sec: f64,
        /// The throughput it falls short of, bytes/s.
        throughput_bytes_per_sec: f64,
    },
    /// A stage is offered more than it carries.
    OverCapacity {
        /// Which stage.
        stage: StageId,
        /// Offered / capacity (> 1).
        utilization: f64,
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
    /// Short machine id: `shoe_shining`, `stream_lag`, `over_capacity`, `window_missed`.
    pub fn id(&self) -> &'static str {
        match self {
            Self::ShoeShining { .. } => "shoe_shining",
            Self::StreamLag { .. } => "stream_lag",
            Self::OverCapacity { .. } => "over_capacity",
            Self::WindowMissed { .. } => "window_missed",
        }
    }

    /// The warning in plain words, with units.
    pub fn message(&self, system: UnitSystem) -> String {
        let rate = |v: f64| format_rate(v, system);
        match *self {
            Self::ShoeShining { per_drive_feed_bytes_per_sec: feed, lowest_streaming_bytes_per_sec: lowest, limits_throughput } => {
                let effect = if limits_throughput {
                    "the stops and restarts (shoe-shining) lower the throughput and wear tape and heads"
                } else {
                    "they stop and restart (shoe-shining); the drive buffer hides it from the throughput, but it wears tape and heads"
                };
                format!(
                    "Each tape drive gets {} but needs at least {} to keep streaming: {effect}. Feed the drives faster, or use fewer (or slower) drives.",
                    rate(feed),
                    rate(lowest)
                )
            }
            Self::StreamLag { lagging_capacity_bytes_per_sec: lagging, throughput_bytes_per_sec: throughput } => format!(
                "If one stream per client lags, the remaining streams deliver only {} of the {} achieved: add a stream per client to ride out lags (seed 000's reason for 4 streams, not 3).",
                rate(lagging),
                rate(throughput)
            ),
            Self::OverCapacity { stage, utilization } => format!(
                "{} {} offered {} of what {}: data queues in front of {}.",
                stage.name(),
                if stage.name_is_plural() { "are" } else { "is" },
                format_percent(utilization),
                if stage.name_is_plural() { "they carry" } else { "it carries" },
                if stage.name_is_plural() { "them" } else { "it" }
            ),
            Self::WindowMissed { duration_sec, window_sec } => format!(
                "The backup takes {}, longer than the {} window.",
                format_duration(duration_sec),
                format_duration(window_sec)
            ),
        }
    }
}

/// The byte rate `r` that, paying a serial cost worth `serial_capacity`, gives `throughput`:
/// the inverse of `1 / (1 / r + 1 / serial_capacity)`.
fn byte_rate(throughput: f64, serial_capacity: f64) -> f64 {
    let inverse = 1.0 / throughput - 1.0 / serial_capacity;
    if inverse > 0.0 {
        1.0 / inverse
    } else {
        throughput
    }
}

impl Report {
    /// The report's view of one stage.
    pub fn stage(&self, id: StageId) -> Option<&Stage> {
        self.stages.iter().find(|s| s.id == id)
    }

    /// The bottleneck stage.
    pub fn bottleneck_stage(&self) -> &Stage {
        self.stage(self.bottleneck).unwrap_or(&self.stages[0])
    }

    /// The tightest stage above the throughput, if any: how far relieving the bottleneck (and any stage
    /// tied with it) gets before the next stage binds.
    pub fn next_limit(&self) -> Option<Stage> {
        let bottleneck = self.bottleneck_stage();
        let above = bottleneck.capacity_bytes_per_sec.max(self.throughput_bytes_per_sec) * (1.0 + 1e-9);
        self.stages
            .iter()
            .map(|s| self.relieved(s))
            .filter(|s| s.id != self.bottleneck && s.capacity_bytes_per_sec > above)
            .min_by(|a, b| a.capacity_bytes_per_sec.total_cmp(&b.capacity_bytes_per_sec))
    }

    /// A stage as it would be with more data reaching it: shoe-shining tape drives stream again.
    fn relieved(&self, stage: &Stage) -> Stage {
        let shoe_shining = self.warnings.iter().any(|w| matches!(w, Warning::ShoeShining { .. }));
        if stage.id == StageId::TapeDrives && shoe_shining {
            let s = &self.scenario;
            let per_drive = crate::tape::drive_bytes_per_sec(s.lto, s.compression_ratio);
            let drives = f64::from(s.drives);
            return Stage {
                capacity_bytes_per_sec: drives * per_drive,
                units: drives,
                per_unit_bytes_per_sec: per_drive,
                ..*stage
            };
        }
        *stage
    }

    /// Why the throughput is what it is, in plain words with the arithmetic: for seed 000's eight clients,
    /// "Tape drives limit the throughput to 900 MB/s (3.24 TB/h): 4 drives × 225 MB/s = 900 MB/s, while
    /// the stages before them could deliver 904 MB/s. Next limit: Client NICs at 904 MB/s, 0.4 % more."
    pub fn explanation(&self, system: UnitSystem) -> String {
        let rate = |v: f64| format_rate(v, system);
        let bottleneck = self.bottleneck_stage();
        let mut text = format!(
            "{} {} the throughput to {} ({})",
            bottleneck.id.name(),
            if bottleneck.id.name_is_plural() { "limit" } else { "limits" },
            rate(self.throughput_bytes_per_sec),
            format_per_hour(self.throughput_bytes_per_sec, system),
        );
        let overhead = 1.0 - self.throughput_bytes_per_sec / bottleneck.capacity_bytes_per_sec;
        if bottleneck.id == StageId::Transactions {
            let s = &self.scenario;
            let files = if s.files_per_transaction == 1 {
                "1 file".to_string()
            } else {
                format!("{} files", s.files_per_transaction)
            };
            text.push_str(&format!(
                ": each transaction of {files} of {} costs {} ms on top of moving its bytes at {}, the rate of the stages it runs with. The fixed cost alone would allow {}.",
                crate::units::format_bytes(s.avg_file_bytes, system),
                format_number(s.transaction_overhead_sec * 1e3),
                rate(byte_rate(self.throughput_bytes_per_sec, bottleneck.capacity_bytes_per_sec)),
                bottleneck.arithmetic(system)
            ));
        } else {
            text.push_str(&format!(": {}", bottleneck.arithmetic(system)));
            if let Some(basis) = self.basis(bottleneck.id, system) {
                text.push_str(&format!(" ({basis})"));
            }
            if bottleneck.offered_bytes_per_sec > bottleneck.capacity_bytes_per_sec * (1.0 + 1e-9)
                && self.stages[0].id != bottleneck.id
            {
                let them = if bottleneck.id.name_is_plural() { "them" } else { "it" };
                text.push_str(&format!(
                    ", while the stages before {them} could deliver {}",
                    rate(bottleneck.offered_bytes_per_sec)
                ));
            }
            text.push('.');
            if overhead > 5e-4 {
                text.push_str(&format!(
                    " The per-transaction overhead, paid on top of moving each transaction's bytes, takes {} off that.",
                    crate::units::format_percent(overhead)
                ));
            }
        }
        if self.retrieve_bytes_per_sec > 0.0 && self.send_bytes_per_sec > 0.0 {
            text.push_str(&format!(
                " Sends and retrievals share the stage: {} sent plus {} retrieved.",
                rate(self.send_bytes_per_sec),
                rate(self.retrieve_bytes_per_sec)
            ));
        }
        if let Some(next) = self.next_limit() {
            let gain = (next.capacity_bytes_per_sec / self.throughput_bytes_per_sec - 1.0) * 100.0;
            text.push_str(&format!(
                " Next limit: {} at {}, {} % more.",
                next.id.name(),
                rate(next.capacity_bytes_per_sec),
                format_number(gain.max(0.0))
            ));
        }
        text
    }

    /// Where a stage's per-unit figure comes from, when it is not a plain input.
    pub fn basis(&self, id: StageId, system: UnitSystem) -> Option<String> {
        let s = &self.scenario;
        let rate = |v: f64| format_rate(v, system);
        match id {
            StageId::TapeDrives | StageId::Pairing if s.target == Target::Tape => {
                let spec = s.lto.spec();
                let streaming = crate::tape::drive_bytes_per_sec(s.lto, s.compression_ratio);
                let per_drive = self.stage(StageId::TapeDrives).map_or(streaming, |t| t.per_unit_bytes_per_sec);
                if per_drive < streaming * (1.0 - 1e-9) {
                    return Some(format!(
                        "shoe-shining: fed below its lowest streaming rate, each {} stops and backhitches, managing {} of the {} it writes while streaming",
                        s.lto.name(),
                        rate(per_drive),
                        rate(streaming)
                    ));
                }
                Some(format!(
                    "{} native {} × compression {}:1",
                    s.lto.name(),
                    rate(spec.native_bytes_per_sec),
                    format_ratio(crate::tape::effective_compression(s.lto, s.compression_ratio))
                ))
            }
            StageId::ClientNic | StageId::ServerNic => {
                let link = if id == StageId::ClientNic { s.client_link } else { s.server_link };
                Some(format!("{} goodput at MTU {} and TCP efficiency {}", link.name(), s.mtu_bytes, s.tcp_efficiency))
            }
            StageId::Streams if s.streams_per_client == 1 => {
                Some(format!("1 stream per client at {}", rate(s.stream_bytes_per_sec)))
            }
            StageId::Streams => Some(format!(
                "{} streams per client, the first at {}, each further one {} % of the previous",
                s.streams_per_client,
                rate(s.stream_bytes_per_sec),
                format_number(s.stream_scaling * 100.0)
            )),
            StageId::Transactions => Some(format!(
                "{} of {} per transaction, {} ms fixed cost each",
                if s.files_per_transaction == 1 {
                    "1 file".to_string()
                } else {
                    format!("{} files", s.files_per_transaction)
                },
                crate::units::format_bytes(s.avg_file_bytes, system),
                format_number(s.transaction_overhead_sec * 1e3)
            )),
            StageId::FcPorts => Some(format!(
                "{} ports, {} {}",
                s.fc_speed.name(),
                s.drives,
                if s.drives == 1 { "drive" } else { "drives" }
            )),
            _ => None,
        }
    }
}
