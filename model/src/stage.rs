//! Pipeline stages: their identities and what the report says about each.

use crate::units::{format_count, format_rate, UnitSystem};

/// A stage of the backup pipeline, named in the field's terms. The string ids ([`StageId::id`]) are
/// part of the planner's JSON output and stay stable.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum StageId {
    /// Clients reading their data in parallel streams (seed 000).
    Streams,
    /// Fixed time per transaction on top of its bytes (seed 003).
    Transactions,
    /// Client network ports (seed 000).
    ClientNic,
    /// Backup server network ports.
    ServerNic,
    /// Backup server buffers x block size per device (seed 000).
    ServerIo,
    /// Backup server CPU.
    ServerCpu,
    /// FC HBA ports carrying the tape drives (seed 000).
    FcPorts,
    /// Tape drives (seed 000).
    TapeDrives,
    /// Static client-to-drive pairing (seed 000).
    Pairing,
    /// Source arrays x volumes (seed 002).
    NfsSources,
    /// NFS mounts, one per array and file system, limited by rsize/wsize and sync (seed 002).
    NfsMounts,
    /// Target network interfaces (virtual IPs).
    NfsInterfaces,
    /// NFS appliance nodes.
    NfsNodes,
    /// Target file systems (seed 002).
    NfsFileSystems,
}

impl StageId {
    /// Stable machine id: `tape_drives`, `client_nic` ...
    pub fn id(self) -> &'static str {
        match self {
            Self::Streams => "streams",
            Self::Transactions => "transactions",
            Self::ClientNic => "client_nic",
            Self::ServerNic => "server_nic",
            Self::ServerIo => "server_io",
            Self::ServerCpu => "server_cpu",
            Self::FcPorts => "fc_ports",
            Self::TapeDrives => "tape_drives",
            Self::Pairing => "pairing",
            Self::NfsSources => "nfs_sources",
            Self::NfsMounts => "nfs_mounts",
            Self::NfsInterfaces => "nfs_interfaces",
            Self::NfsNodes => "nfs_nodes",
            Self::NfsFileSystems => "nfs_file_systems",
        }
    }

    /// Name for people, plural where the stage is a set: "Tape drives".
    pub fn name(self) -> &'static str {
        match self {
            Self::Streams => "Client streams",
            Self::Transactions => "Per-transaction overhead",
            Self::ClientNic => "Client NICs",
            Self::ServerNic => "Backup server NICs",
            Self::ServerIo => "Backup server buffers",
            Self::ServerCpu => "Backup server CPU",
            Self::FcPorts => "FC HBA ports",
            Self::TapeDrives => "Tape drives",
            Self::Pairing => "Client-drive pairing",
            Self::NfsSources => "Source volumes",
            Self::NfsMounts => "NFS mounts",
            Self::NfsInterfaces => "Target interfaces",
            Self::NfsNodes => "NFS nodes",
            Self::NfsFileSystems => "File systems",
        }
    }

    /// Whether [`StageId::name`] is plural ("Tape drives limit ...") or not ("Backup server CPU limits ...").
    pub fn name_is_plural(self) -> bool {
        !matches!(self, Self::Transactions | Self::ServerCpu | Self::Pairing)
    }

    /// What one unit of the stage is called: ("drive", "drives").
    pub fn unit_noun(self) -> (&'static str, &'static str) {
        match self {
            Self::Streams => ("client", "clients"),
            Self::Transactions => ("session", "sessions"),
            Self::ClientNic | Self::ServerNic | Self::FcPorts => ("port", "ports"),
            Self::ServerIo => ("device", "devices"),
            Self::ServerCpu => ("server", "servers"),
            Self::TapeDrives | Self::Pairing => ("drive", "drives"),
            Self::NfsSources => ("volume", "volumes"),
            Self::NfsMounts => ("mount", "mounts"),
            Self::NfsInterfaces => ("interface", "interfaces"),
            Self::NfsNodes => ("node", "nodes"),
            Self::NfsFileSystems => ("file system", "file systems"),
        }
    }

    /// Every id, in pipeline order (tape stages, then NFS stages).
    pub const ALL: [StageId; 14] = [
        Self::Streams,
        Self::Transactions,
        Self::ClientNic,
        Self::ServerNic,
        Self::ServerIo,
        Self::ServerCpu,
        Self::FcPorts,
        Self::TapeDrives,
        Self::Pairing,
        Self::NfsSources,
        Self::NfsMounts,
        Self::NfsInterfaces,
        Self::NfsNodes,
        Self::NfsFileSystems,
    ];
}

/// One stage in a report.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Stage {
    /// Which stage.
    pub id: StageId,
    /// Most the stage can carry in this scenario, bytes/s.
    pub capacity_bytes_per_sec: f64,
    /// What the stages before it could deliver to it, bytes/s (the first stage is offered its own
    /// capacity: a source reads as fast as it can).
    pub offered_bytes_per_sec: f64,
    /// Offered load / capacity; above 1.0 the stage holds data back.
    pub utilization: f64,
    /// How many units make up the capacity (drives, ports, clients ...).
    pub units: f64,
    /// Capacity of one unit, bytes/s (`capacity / units`).
    pub per_unit_bytes_per_sec: f64,
    /// For a workload moving both ways (NFS mixed), each direction's own figures.
    pub directions: Option<Directions>,
}

/// A stage's figures for each direction of a two-way workload; index 0 is send, 1 retrieve.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Directions {
    /// Units in use per direction.
    pub units: [f64; 2],
    /// Capacity per direction, bytes/s.
    pub capacity_bytes_per_sec: [f64; 2],
    /// Whether the directions take turns on the stage (its time is shared) rather than each having
    /// its own capacity.
    pub time_shared: bool,
}

impl Stage {
    /// The capacity's arithmetic: "4 drives × 225 MB/s = 900 MB/s".
    /// For a two-way workload each direction is given: "send 1 mount × 232 MB/s, retrieve 1 mount ×
    /// 734 MB/s", and for a time-shared stage what this mix of the two gets.
    pub fn arithmetic(&self, system: UnitSystem) -> String {
        let (one, many) = self.id.unit_noun();
        let noun = |units: f64| if (units - 1.0).abs() < 1e-9 { one } else { many };
        let product = |units: f64, capacity: f64| {
            let per_unit = if units > 0.0 { capacity / units } else { 0.0 };
            format!("{} {} × {}", format_count(units), noun(units), format_rate(per_unit, system))
        };
        match self.directions {
            Some(d) => {
                let send = product(d.units[0], d.capacity_bytes_per_sec[0]);
                let retrieve = product(d.units[1], d.capacity_bytes_per_sec[1]);
                if d.time_shared {
                    format!(
                        "sending {send}, or retrieving {retrieve}, taking turns: {} for this mix",
                        format_rate(self.capacity_bytes_per_sec, system)
                    )
                } else {
                    format!("send {send} + retrieve {retrieve} = {}", format_rate(self.capacity_bytes_per_sec, system))
                }
            }
            None => format!(
                "{} = {}",
                product(self.units, self.capacity_bytes_per_sec),
                format_rate(self.capacity_bytes_per_sec, system)
            ),
        }
    }
}
