//! # capacity-model
//!
//! An analytic model of backup and restore throughput. A backup is a chain of stages (client streams,
//! per-transaction overhead, client NICs, backup server NICs, buffers and CPU, FC HBA ports, tape
//! drives; or source arrays, NFS mounts, interfaces, nodes and file systems). Each stage has a
//! capacity in bytes per second; the achieved throughput is what the tightest stage lets through, and
//! the [`Report`] names that bottleneck and gives every stage's capacity, offered load and utilization.
//!
//! Pure: no I/O, no clock, no browser. Builds for native and `wasm32-unknown-unknown`.
//!
//! ```
//! use capacity_model::{evaluate, presets::preset, StageId};
//! let report = evaluate(&preset("hp-8clients-4drives").unwrap().scenario());
//! assert_eq!(report.bottleneck, StageId::TapeDrives);
//! assert!((report.throughput_bytes_per_sec / 900e6 - 1.0).abs() < 0.03);
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod catalog;
pub mod codec;
mod error;
mod evaluate;
pub mod fields;
pub mod goal_seek;
pub mod nfs;
mod pipeline;
pub mod presets;
mod report;
mod scenario;
pub mod scenario_file;
mod stage;
pub mod streams;
pub mod sweep;
pub mod tape;
pub mod transactions;
pub mod units;
mod validate;

pub use error::Error;
pub use evaluate::evaluate;
pub use pipeline::{RETRIEVE, SEND};
pub use report::{Report, Warning, WindowFit};
pub use scenario::{NfsWorkload, Pairing, Scenario, Target, NFS_SYNC_COMMIT_SEC, TSM_TRANSACTION_OVERHEAD_SEC};
pub use stage::{Directions, Stage, StageId};
