//! A job of a fleet: the input the fleet's schedule ([`crate::fleet`]) reads. Its CSV reader and writer
//! are [`crate::fleet::parse_jobs`] and [`crate::fleet::jobs_to_csv`].

use crate::catalog::EthernetLink;

/// One job of the fleet.
#[derive(Debug, Clone, PartialEq)]
pub struct Job {
    /// Name shown in the schedule (a client or file system).
    pub name: String,
    /// Bytes to back up.
    pub data_bytes: f64,
    /// Number of files, when given (sets the average file size to data / files).
    pub files: Option<f64>,
    /// Average file size, bytes, when given.
    pub avg_file_bytes: Option<f64>,
    /// The job's client link, when it differs from the scenario's.
    pub client_link: Option<EthernetLink>,
    /// The job's client ports, when they differ.
    pub client_ports: Option<u32>,
    /// The job's streams, when they differ.
    pub streams: Option<u32>,
    /// Its priority tier, 0 to [`crate::fleet::MAX_PRIORITY`], when given: with `job_order=priority` tier 0 starts
    /// first, then 1 and so on (longest first within a tier); jobs without one start after the rest.
    pub priority: Option<u32>,
    /// Its recovery time objective, hours, when given (the `rto_h` column): the time by which a
    /// disaster-recovery restore must have its priority tier back ([`crate::fleet::restore`]).
    pub rto_hours: Option<f64>,
    /// The round trip to its client, seconds, when it differs from the scenario's (the `rtt_ms` column:
    /// a branch office over a WAN): its TCP window, packet loss and SSH channel window act over it.
    pub rtt_sec: Option<f64>,
}
