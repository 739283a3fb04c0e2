//! Hardware catalogue: Ethernet links, Fibre Channel and SAS speeds, LTO tape drives.
//!
//! Every figure carries its public source in the doc comment of the table that holds it.

pub mod ethernet;
pub mod fibre_channel;
pub mod lto;
pub mod sas;

pub use ethernet::EthernetLink;
pub use fibre_channel::FcSpeed;
pub use lto::{FormFactor, LtoGeneration, Media};
pub use sas::SasSpeed;
