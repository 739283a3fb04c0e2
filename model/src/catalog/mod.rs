//! Hardware catalogue: Ethernet links, Fibre Channel speeds and LTO tape generations.
//!
//! Every figure carries its public source in the doc comment of the table that holds it.

pub mod ethernet;
pub mod fibre_channel;
pub mod lto;

pub use ethernet::EthernetLink;
pub use fibre_channel::FcSpeed;
pub use lto::LtoGeneration;
