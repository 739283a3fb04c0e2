//! # capacity-model
//!
//! An analytic model of backup and restore throughput. A backup is a chain of stages (client streams,
//! source reduction, per-file and per-transaction costs, client NICs, distance, the backup server's
//! NICs, catalogue and CPU, disk staging, FC or SAS ports, tape drives; or source arrays, NFS mounts,
//! interfaces, nodes and file systems), and a restore its own chain back. Each stage has a capacity in
//! bytes per second; the [`Report`] names the stage that binds and gives every stage's capacity,
//! demand and utilization. One module per stage or effect lives in [`stages`].
//!
//! Pure: no I/O, no clock, no browser. Builds for native and `wasm32-unknown-unknown`.
//!
//! ```
//! use capacity_model::{evaluate, presets::preset, StageId};
//! let report = evaluate(&preset("hp-8clients-4drives").unwrap().scenario());
//! assert_eq!(report.bottleneck, StageId::TapeDrives);
//! assert!((report.throughput_bytes_per_sec / 900e6 - 1.0).abs() < 0.03);
//! let restore = report.restore.unwrap();
//! assert!(restore.throughput_bytes_per_sec > 0.0);
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod calibrate;
pub mod catalog;
mod chain;
pub mod codec;
mod error;
mod evaluate;
pub mod fields;
pub mod fleet;
pub mod goal_seek;
mod pipeline;
pub mod presets;
mod report;
mod repository;
mod restore;
mod scenario;
pub mod scenario_file;
mod stage;
pub mod stages;
pub mod sweep;
pub mod timeline;
pub mod units;
mod validate;
mod warning;

pub use error::Error;
pub use evaluate::{evaluate, evaluate_backup, evaluate_relieved};
pub use pipeline::{RETRIEVE, SEND};
pub use report::{
    below_headroom_text, window_verdict, CopyPhase, NightWithCopy, Report, Restore, WindowFit, FITS_BELOW_HEADROOM,
};
pub use scenario::{
    Attachment, NfsMedium, NfsWorkload, NfsWrites, Pairing, RestoreTiers, Scenario, Target, NFS_SYNC_COMMIT_SEC,
    TSM_TRANSACTION_OVERHEAD_SEC,
};
pub use stage::{Directions, Role, Stage, StageId};
pub use stages::staging::Staging;
pub use warning::Warning;
