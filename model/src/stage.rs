//! Pipeline stages: their identities and what the report says about each.

use crate::units::{format_count, format_rate, UnitSystem};

/// A stage of the backup (or restore) pipeline, named in the field's terms. The string ids
/// ([`StageId::id`]) are part of the planner's JSON output and stay stable.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum StageId {
    /// Clients reading their data in parallel streams (seed 000).
    Streams,
    /// The clients' storage, read by every stream of a client together.
    ClientStorage,
    /// Client CPU compressing and deduplicating before sending.
    SourceReduction,
    /// Fixed client time per file per stream (open, read, close).
    PerFile,
    /// Fixed time per transaction on top of its bytes (seed 003).
    Transactions,
    /// Client network ports (seed 000).
    ClientNic,
    /// TCP connections: one window per round trip, and a ceiling per connection on fast links.
    Distance,
    /// SSH connections: each stream's cipher on one core at each end, and one channel window per round
    /// trip.
    SshConnections,
    /// Backup server network ports.
    ServerNic,
    /// Backup server catalogue (one insert per file).
    Catalogue,
    /// Backup server CPU.
    ServerCpu,
    /// A holding disk written and read at once.
    HoldingDisk,
    /// Spooling to the staging disk (the first phase of spool-then-despool).
    Spool,
    /// Despooling from the staging disk to the drives (the second phase).
    Despool,
    /// FC HBA ports carrying the tape drives (seed 000).
    FcPorts,
    /// SAS lanes carrying the tape drives.
    SasPorts,
    /// Tape drives (seed 000).
    TapeDrives,
    /// Static client-to-drive pairing (seed 000).
    Pairing,
    /// Clients writing restored data in parallel streams.
    RestoreStreams,
    /// Fixed client time per restored file (create, attributes, close).
    FileCreate,
    /// The clients' target disks writing restored data.
    RestoreDisk,
    /// The application's own restore work on the client (initialising a database, replaying logs).
    RestoreApp,
    /// The drive locating each file of a partial restore.
    Locate,
    /// Source arrays x volumes (seed 002).
    NfsSources,
    /// Source network ports.
    SourceNic,
    /// NFS mounts, one per array and file system (seed 002).
    NfsMounts,
    /// Target network interfaces (virtual IPs).
    NfsInterfaces,
    /// NFS appliance nodes.
    NfsNodes,
    /// Target file systems (seed 002).
    NfsFileSystems,
    /// The repository taking the backup: a disk array's writes, an appliance's ingest, or an object
    /// store's requests in flight (issue 19).
    Repository,
    /// An object store's request-rate ceiling per prefix.
    ObjectRequests,
    /// The repository read back: for a copy to tape or a restore (rehydration on an appliance).
    RepositoryRead,
}

impl StageId {
    /// Stable machine id: `tape_drives`, `client_nic` ...
    pub fn id(self) -> &'static str {
        match self {
            Self::Streams => "streams",
            Self::ClientStorage => "client_storage",
            Self::SourceReduction => "source_reduction",
            Self::PerFile => "per_file",
            Self::Transactions => "transactions",
            Self::ClientNic => "client_nic",
            Self::Distance => "distance",
            Self::SshConnections => "ssh_connections",
            Self::ServerNic => "server_nic",
            Self::Catalogue => "catalogue",
            Self::ServerCpu => "server_cpu",
            Self::HoldingDisk => "holding_disk",
            Self::Spool => "spool",
            Self::Despool => "despool",
            Self::FcPorts => "fc_ports",
            Self::SasPorts => "sas_ports",
            Self::TapeDrives => "tape_drives",
            Self::Pairing => "pairing",
            Self::RestoreStreams => "restore_streams",
            Self::FileCreate => "file_create",
            Self::RestoreDisk => "restore_disk",
            Self::RestoreApp => "restore_app",
            Self::Locate => "locate",
            Self::NfsSources => "nfs_sources",
            Self::SourceNic => "source_nic",
            Self::NfsMounts => "nfs_mounts",
            Self::NfsInterfaces => "nfs_interfaces",
            Self::NfsNodes => "nfs_nodes",
            Self::NfsFileSystems => "nfs_file_systems",
            Self::Repository => "repository",
            Self::ObjectRequests => "object_requests",
            Self::RepositoryRead => "repository_read",
        }
    }

    /// Name for people, plural where the stage is a set: "Tape drives".
    pub fn name(self) -> &'static str {
        match self {
            Self::Streams => "Client streams",
            Self::ClientStorage => "Client storage",
            Self::SourceReduction => "Source reduction (client CPU)",
            Self::PerFile => "Per-file cost (client)",
            Self::Transactions => "Per-transaction overhead",
            Self::ClientNic => "Client NICs",
            Self::Distance => "TCP connections",
            Self::SshConnections => "SSH connections",
            Self::ServerNic => "Backup server NICs",
            Self::Catalogue => "Backup server catalogue",
            Self::ServerCpu => "Backup server CPU",
            Self::HoldingDisk => "Holding disk",
            Self::Spool => "Spooling to disk",
            Self::Despool => "Despooling to tape",
            Self::FcPorts => "FC HBA ports",
            Self::SasPorts => "SAS lanes",
            Self::TapeDrives => "Tape drives",
            Self::Pairing => "Client-drive pairing",
            Self::RestoreStreams => "Client write streams",
            Self::FileCreate => "Per-file create (client)",
            Self::RestoreDisk => "Target disks (client)",
            Self::RestoreApp => "Application restore work (client)",
            Self::Locate => "Locating files on tape",
            Self::NfsSources => "Source volumes",
            Self::SourceNic => "Source NICs",
            Self::NfsMounts => "NFS mounts",
            Self::NfsInterfaces => "Target interfaces",
            Self::NfsNodes => "NFS nodes",
            Self::NfsFileSystems => "File systems",
            Self::Repository => "Repository",
            Self::ObjectRequests => "Object store request ceiling",
            Self::RepositoryRead => "Repository reads",
        }
    }

    /// "bind" for a stage named in the plural ("Tape drives bind"), "binds" for one in the singular
    /// ("Backup server CPU binds"), as [`StageId::name_is_plural`] says.
    pub fn bind_verb(self) -> &'static str {
        if self.name_is_plural() {
            "bind"
        } else {
            "binds"
        }
    }

    /// Whether [`StageId::name`] is plural ("Tape drives limit ...") or not ("Backup server CPU limits ...").
    pub fn name_is_plural(self) -> bool {
        matches!(
            self,
            Self::Streams
                | Self::Distance
                | Self::SshConnections
                | Self::ClientNic
                | Self::ServerNic
                | Self::FcPorts
                | Self::SasPorts
                | Self::TapeDrives
                | Self::RestoreStreams
                | Self::RestoreDisk
                | Self::NfsSources
                | Self::SourceNic
                | Self::NfsMounts
                | Self::NfsInterfaces
                | Self::NfsNodes
                | Self::NfsFileSystems
                | Self::RepositoryRead
        )
    }

    /// Whether the stage is the restoring clients' own (their links, write streams, file creation, target
    /// disks, application work, the distance to them): what "more streams, or faster clients" relieves.
    pub fn is_restore_client_side(self) -> bool {
        matches!(
            self,
            Self::ClientNic
                | Self::Distance
                | Self::SshConnections
                | Self::RestoreStreams
                | Self::FileCreate
                | Self::RestoreDisk
                | Self::RestoreApp
        )
    }

    /// Whether a restore stage belongs to each client as a whole, whatever its streams: its links, its
    /// target disks, the application's restore work. The busiest client's share sets these
    /// (`restore::busiest_client_share`), the streams' own stages the busiest stream's.
    pub fn is_clients_own(self) -> bool {
        matches!(self, Self::ClientNic | Self::RestoreDisk | Self::RestoreApp)
    }

    /// Whether, in a partial restore that reads the backup through, the stage carries only the files
    /// kept: the backup server reads every block the drives send (its CPU) and sends on the kept files
    /// alone, through its NICs to the clients.
    pub fn carries_only_kept(self) -> bool {
        self == Self::ServerNic || self.is_restore_client_side()
    }

    /// Who pays a serial cost, for the stage table's capacity column: "per drive" for locating (a
    /// drive that locates feeds no stream meanwhile), "per stream" for the costs each stream pays.
    pub fn serial_payer(self) -> &'static str {
        if self == Self::Locate {
            "per drive"
        } else {
            "per stream"
        }
    }

    /// Whose time a serial cost's share is of: "the drives' time" for locating, "each stream's time"
    /// otherwise.
    pub fn serial_time_of(self) -> &'static str {
        if self == Self::Locate {
            "the drives' time"
        } else {
            "each stream's time"
        }
    }

    /// What one unit of the stage is called: ("drive", "drives").
    pub fn unit_noun(self) -> (&'static str, &'static str) {
        match self {
            Self::Streams | Self::ClientStorage | Self::RestoreStreams | Self::RestoreDisk | Self::RestoreApp => {
                ("client", "clients")
            }
            Self::SourceReduction => ("core", "cores"),
            Self::PerFile | Self::Transactions | Self::FileCreate => ("stream", "streams"),
            Self::Distance | Self::SshConnections => ("connection", "connections"),
            Self::ClientNic | Self::ServerNic | Self::FcPorts | Self::SourceNic => ("port", "ports"),
            Self::SasPorts => ("lane", "lanes"),
            Self::Catalogue | Self::ServerCpu => ("server", "servers"),
            Self::HoldingDisk | Self::Spool | Self::Despool => ("disk", "disks"),
            Self::TapeDrives | Self::Pairing | Self::Locate => ("drive", "drives"),
            Self::NfsSources => ("volume", "volumes"),
            Self::NfsMounts => ("mount", "mounts"),
            Self::NfsInterfaces => ("interface", "interfaces"),
            Self::NfsNodes => ("node", "nodes"),
            Self::NfsFileSystems => ("file system", "file systems"),
            Self::Repository | Self::RepositoryRead => ("repository", "repositories"),
            Self::ObjectRequests => ("prefix", "prefixes"),
        }
    }

    /// Every id.
    pub const ALL: [StageId; 32] = [
        Self::Streams,
        Self::ClientStorage,
        Self::SourceReduction,
        Self::PerFile,
        Self::Transactions,
        Self::ClientNic,
        Self::Distance,
        Self::SshConnections,
        Self::ServerNic,
        Self::Catalogue,
        Self::ServerCpu,
        Self::HoldingDisk,
        Self::Spool,
        Self::Despool,
        Self::FcPorts,
        Self::SasPorts,
        Self::TapeDrives,
        Self::Pairing,
        Self::RestoreStreams,
        Self::FileCreate,
        Self::RestoreDisk,
        Self::RestoreApp,
        Self::Locate,
        Self::NfsSources,
        Self::SourceNic,
        Self::NfsMounts,
        Self::NfsInterfaces,
        Self::NfsNodes,
        Self::NfsFileSystems,
        Self::Repository,
        Self::ObjectRequests,
        Self::RepositoryRead,
    ];
}

/// How a stage takes part in the flow (see `pipeline.rs` for the solution).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// Sets the sessions' own rate (streams, volumes, a TCP window per stream); its capacity is the sum
    /// over sessions.
    PerSession,
    /// A fixed cost each session pays on top of moving bytes (per file, per transaction); its capacity
    /// is the rate the cost alone would allow.
    Serial,
    /// Carries every session's bytes (links, the backup server, ports, drives).
    Shared,
}

/// One stage in a report.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Stage {
    /// Which stage.
    pub id: StageId,
    /// Most the stage can carry in this scenario, bytes/s.
    pub capacity_bytes_per_sec: f64,
    /// Demand: what the stages before it could deliver to it, bytes/s (the first stage is offered its
    /// own capacity: a source reads as fast as it can).
    pub demand_bytes_per_sec: f64,
    /// Throughput / capacity (the utilization law), 0 to 1: the bottleneck runs at 1. For a serial
    /// cost (per file, per transaction) it is the share of each session's time the cost takes.
    pub utilization: f64,
    /// How many units make up the capacity (drives, ports, clients ...).
    pub units: f64,
    /// Capacity of one unit, bytes/s (`capacity / units`).
    pub per_unit_bytes_per_sec: f64,
    /// How the stage combines with the others; for [`Role::Serial`] (a fixed cost per file or per
    /// transaction) the "capacity" is what the cost alone would allow.
    pub role: Role,
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
    /// Each direction's flow / that direction's capacity, 0 to 1.
    pub utilization: [f64; 2],
}

impl Stage {
    /// The directions of a full-duplex stage in a two-way workload (each with its own capacity), or
    /// `None` for a one-way chain or a time-shared stage.
    pub fn full_duplex(&self) -> Option<&Directions> {
        self.directions.as_ref().filter(|d| !d.time_shared && d.units[0] > 0.0 && d.units[1] > 0.0)
    }

    /// The capacity column of a stage table: one rate, or for a full-duplex stage in a two-way
    /// workload each direction's, "send 1,130 MB/s / retrieve 1,130 MB/s" (never their sum: a busy
    /// send direction does not make room for retrievals).
    pub fn capacity_text(&self, system: UnitSystem) -> String {
        match self.full_duplex() {
            Some(d) => format!(
                "send {} / retrieve {}",
                format_rate(d.capacity_bytes_per_sec[0], system),
                format_rate(d.capacity_bytes_per_sec[1], system)
            ),
            None => format_rate(self.capacity_bytes_per_sec, system),
        }
    }

    /// The utilization column: one share, or for a full-duplex stage each direction's, "send 18 % /
    /// retrieve 9 %".
    pub fn utilization_text(&self) -> String {
        let percent = crate::units::format_percent;
        match self.full_duplex() {
            Some(d) => format!("send {} / retrieve {}", percent(d.utilization[0]), percent(d.utilization[1])),
            None => percent(self.utilization),
        }
    }

    /// What one unit of this stage is called: its id's ([`StageId::unit_noun`]), except a repository
    /// that every session writes to on its own (an object store: parts in flight per stream), whose
    /// units are the streams.
    pub fn unit_noun(&self) -> (&'static str, &'static str) {
        match (self.id, self.role) {
            (StageId::Repository | StageId::RepositoryRead, Role::PerSession) => ("stream", "streams"),
            _ => self.id.unit_noun(),
        }
    }

    /// The capacity's arithmetic: "4 drives × 225 MB/s = 900 MB/s".
    /// For a two-way workload each direction is given: "send 1 mount × 232 MB/s, retrieve 1 mount ×
    /// 734 MB/s, each direction its own capacity" (full duplex: never added up), and for a time-shared
    /// stage what this mix of the two gets.
    pub fn arithmetic(&self, system: UnitSystem) -> String {
        if self.role == Role::Serial {
            // Who pays it, as the capacity column says: a locate stops the drive, other costs a stream.
            let whose = self.id.serial_payer().trim_start_matches("per ");
            return format!("{} of each {whose}'s time", crate::units::format_percent(self.utilization));
        }
        let (one, many) = self.unit_noun();
        let noun = |units: f64| if (units - 1.0).abs() < 1e-9 { one } else { many };
        let product = |units: f64, capacity: f64| {
            let per_unit = if units > 0.0 { capacity / units } else { 0.0 };
            let one = crate::units::format_rate_of_one(per_unit, units, capacity, system);
            format!("{} {} × {one}", format_count(units), noun(units))
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
                    format!("send {send}, retrieve {retrieve}, each direction its own capacity")
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
