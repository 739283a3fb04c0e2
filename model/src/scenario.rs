//! The scenario: every input of the model, in base units (bytes, bytes per second, seconds).

use crate::catalog::{EthernetLink, FcSpeed, FormFactor, LtoGeneration, Media, SasSpeed};
use crate::stages::client_class::ClientClass;
use crate::stages::client_cpu::Compressor;
use crate::stages::repository::appliance::{self, ApplianceClass};
use crate::stages::repository::disk::{DiskType, Pattern, Raid};
use crate::stages::repository::{object, RepoKind};
use crate::stages::ssh::SshCipher;
use crate::stages::staging::{StageMedium, Staging, DISK_BYTES_PER_SEC};
use crate::stages::{
    client_cpu, client_storage, connection, distance, nfs_client, per_file, source_reduction, streams, tape,
};
use crate::units::{KIB, MB, MIB};
use std::sync::Arc;

mod job;
mod schedule;

pub use job::Job;
pub use schedule::{BetweenFulls, JobOrder, RestoreTiers, SESSIONS_PER_DRIVE};

/// Where the backup goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Target {
    /// Clients stream over the network to a backup server that writes to tape drives over FC (seeds 000, 003).
    Tape,
    /// Storage arrays send volume snapshots to (or retrieve them from) an NFS appliance (seed 002).
    Nfs,
    /// Clients back up through the backup server to a disk array, a deduplicating appliance or an
    /// object store, optionally copied to tape afterwards (issue 19; [`Target::Repository`]).
    Repository,
}

/// Which way the data moves through an NFS target.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NfsWorkload {
    /// Snapshots sent from the arrays to the NFS target (backup).
    Send,
    /// Snapshots retrieved from the NFS target into the arrays (restore).
    Retrieve,
    /// Sends and retrievals at the same time.
    Mixed,
}

/// How the backup software assigns clients to tape drives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Pairing {
    /// Data from every client may go to any drive.
    Dynamic,
    /// Each client is tied to one drive, round robin (the seed's "each LTO-4 tape device paired with two
    /// clients"): a drive gets only what its own clients send.
    Static,
}

/// How the tape drives are attached to the backup server.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Attachment {
    /// Fibre Channel HBA ports (seed 000).
    Fc,
    /// SAS lanes, one per drive port.
    Sas,
}

/// What stands behind an NFS export and sets how long a sync commit takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NfsMedium {
    /// The entered sync commit time (`commit_ms`; seed 002's calibrated appliance by default).
    Entered,
    /// Hard disks.
    Hdd,
    /// NVMe flash without power-loss protection.
    Nvme,
    /// A battery- or flash-backed write cache.
    Cache,
}

impl NfsMedium {
    /// Every choice.
    pub const ALL: [NfsMedium; 4] = [Self::Entered, Self::Hdd, Self::Nvme, Self::Cache];

    /// Commit time of one sync WRITE, seconds (`entered` is the scenario's own `commit_ms`); sources in
    /// [`crate::stages::nfs_client::commit`].
    pub fn commit_sec(self, entered_sec: f64) -> f64 {
        match self {
            Self::Entered => entered_sec,
            Self::Hdd => nfs_client::commit::HDD_SEC,
            Self::Nvme => nfs_client::commit::NVME_SEC,
            Self::Cache => nfs_client::commit::CACHE_SEC,
        }
    }
}

/// How an NFS client sends its writes ([`crate::stages::nfs_client`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NfsWrites {
    /// Each WRITE waits for its reply, and on a sync export for its commit, before the next goes out
    /// beyond the `in_flight` allowed: `O_DIRECT` or `O_SYNC` writers, ESXi's `vmkfstools`, seed 002's
    /// appliance (the default).
    Stable,
    /// Through the client's page cache: WRITEs of `wsize` go out `UNSTABLE`, which the server answers
    /// from memory whatever its export's sync setting, as many in flight as the RPC slot table allows,
    /// and one COMMIT per file at close (`cp`, `dd` without `oflag=direct`, file managers, most backup
    /// software writing to a mounted share).
    Buffered,
}

impl NfsWrites {
    /// Every choice, in menu order.
    pub const ALL: [NfsWrites; 2] = [Self::Stable, Self::Buffered];
}

/// One backup (or restore) configuration. All fields are public; [`Scenario::validate`] checks them
/// against the ranges of [`crate::fields::FIELDS`], and every evaluation clamps what it reads, so no
/// value can make the model panic.
#[derive(Debug, Clone, PartialEq)]
pub struct Scenario {
    // Workload
    /// Tape or NFS target.
    pub target: Target,
    /// Size of the data set to back up, bytes; 0 = not given (no duration).
    pub data_set_bytes: f64,
    /// Share of the backup window to keep spare, 0 to 0.9.
    pub headroom: f64,
    /// Backup window, seconds; 0 = no window.
    pub backup_window_sec: f64,
    /// Average file size, bytes.
    pub avg_file_bytes: f64,
    /// Files grouped into one transaction (aggregation; TSM's TXNGROUPMAX).
    pub files_per_transaction: u32,
    /// Fixed cost of one transaction on top of its bytes, seconds.
    pub transaction_overhead_sec: f64,
    /// How much the data compresses in the tape drive (2.0 = 2:1).
    pub compression_ratio: f64,
    /// Client time per file per stream in a backup (open, stat, read, close), seconds.
    pub file_sec: f64,
    /// Backup server catalogue time per file, seconds; 0 = the cited default
    /// ([`per_file::CATALOGUE_FILE_SEC`]).
    pub catalog_sec: f64,
    /// The kind of client (operating system, file system, medium, era): sets the per-file costs and the
    /// storage's read rate unless `Entered`.
    pub client_class: ClientClass,

    // Clients and streams
    /// Number of backup clients.
    pub clients: u32,
    /// Concurrent data streams per client.
    pub streams_per_client: u32,
    /// Rate of the first stream of a client, bytes/s (not used on a flash client class, whose backup
    /// streams read at its storage's rate: [`ClientClass::is_flash`]).
    pub stream_bytes_per_sec: f64,
    /// Each further stream adds this share of the previous one's rate (diminishing returns, 0.1 to 1).
    pub stream_scaling: f64,
    /// Client network link.
    pub client_link: EthernetLink,
    /// Network ports per client.
    pub client_ports: u32,
    /// IP MTU on every Ethernet link, bytes.
    pub mtu_bytes: u32,
    /// Share of theoretical TCP goodput that hosts reach.
    pub tcp_efficiency: f64,
    /// Round-trip time between clients and the backup server (or NFS target), seconds; 0 = a LAN.
    pub rtt_sec: f64,
    /// Largest TCP window of one stream, bytes.
    pub tcp_window_bytes: f64,
    /// Whether clients compress and deduplicate before sending.
    pub source_reduction: bool,
    /// Compression ratio achieved at the client (2.0 = 2:1).
    pub source_compression: f64,
    /// Deduplication ratio achieved at the client (2.0 = half the chunks are already stored).
    pub source_dedup: f64,
    /// Per-core rate at which a client's tool reduces data (its whole pipeline), logical bytes/s.
    pub reduction_bytes_per_sec: f64,
    /// Read rate of each client's storage, bytes/s; 0 = the client class's medium (unlimited for
    /// `Entered`).
    pub client_read_bytes_per_sec: f64,
    /// Cores of each client; 0 = not given (one per stream and thread).
    pub client_cores: u32,
    /// Cores one stream's reduction work spreads over (the tool's parallelism).
    pub threads_per_stream: u32,
    /// Compression at the source: the tool's entered per-core rate, or an algorithm's.
    pub compressor: Compressor,
    /// gzip's compression level, 1 to 9 (used when the compressor is gzip; its default is 6).
    pub gzip_level: u32,
    /// Whether the client hashes every chunk with SHA-256 (deduplication).
    pub chunk_hash: bool,
    /// Whether the client encrypts with AES-GCM.
    pub encrypt: bool,
    /// Most one TCP connection carries, bytes/s.
    pub connection_bytes_per_sec: f64,
    /// Share of packets the path loses, 0 to 0.5 (0 = none): with a round trip, each connection
    /// averages the window CUBIC keeps at that loss ([`crate::stages::loss`]).
    pub packet_loss: f64,
    /// The SSH cipher each stream's connection runs (scp, sftp, rsync over ssh), or off.
    pub ssh_cipher: SshCipher,
    /// One SSH connection's measured rate, bytes/s; 0 = the cipher's on x86 with AES-NI
    /// ([`crate::stages::ssh`]).
    pub ssh_bytes_per_sec: f64,

    // Backup server
    /// Backup server network link.
    pub server_link: EthernetLink,
    /// Backup server network ports.
    pub server_ports: u32,
    /// Buffers per device (Data Protector's "buffers").
    pub buffers: u32,
    /// I/O block size, bytes.
    pub block_bytes: f64,
    /// Retired in model version 2 (kept so links keep loading): buffers were a throughput of
    /// `buffers x block / turnaround`; the backup server's I/O is now a per-I/O cost ([`Self::io_sec`]).
    pub buffer_cycle_sec: f64,
    /// Fixed cost of one block I/O to or from a drive, seconds.
    pub io_sec: f64,
    /// Disk staging between the network and the drives.
    pub staging: Staging,
    /// Write rate of the staging disk, bytes/s.
    pub stage_write_bytes_per_sec: f64,
    /// Read rate of the staging disk, bytes/s.
    pub stage_read_bytes_per_sec: f64,
    /// What the staging disk is made of (hard disks seek between spooling and despooling).
    pub stage_medium: StageMedium,
    /// Bytes a holding disk on hard disks reads or writes between two seeks, when it spools and
    /// despools at once.
    pub stage_run_bytes: f64,
    /// What the backup server's CPUs can move, bytes/s.
    pub server_cpu_bytes_per_sec: f64,
    /// Client-to-drive pairing.
    pub pairing: Pairing,

    // Tape target
    /// Fibre Channel speed of the HBA ports that carry the drives.
    pub fc_speed: FcSpeed,
    /// FC HBA ports used for tape.
    pub fc_ports: u32,
    /// LTO generation of the drives.
    pub lto: LtoGeneration,
    /// Tape drives.
    pub drives: u32,
    /// Full- or half-height drives.
    pub form: FormFactor,
    /// The cartridges written.
    pub media: Media,
    /// Fibre Channel or SAS.
    pub attachment: Attachment,
    /// SAS lane speed (SAS attachment).
    pub sas_speed: SasSpeed,
    /// SAS lanes carrying the drives (SAS attachment).
    pub sas_ports: u32,
    /// The drive's native rate when it differs from the catalogue, bytes/s; 0 = the catalogue's.
    pub drive_native_bytes_per_sec: f64,
    /// Time one backhitch takes, seconds.
    pub backhitch_sec: f64,
    /// Host bytes written between synchronous filemarks (Bareos's `Maximum File Size`), bytes; 0 = none
    /// within a job ([`crate::stages::filemarks`]).
    pub filemark_bytes: f64,
    /// New cartridges the job loads for the first time (LTO-9 media optimisation); 0 = none.
    pub new_cartridges: u32,
    /// Media optimisation time of one new LTO-9 cartridge, seconds.
    pub media_optimisation_sec: f64,

    // Restore
    /// Concurrent restore streams per client; 0 = as many as the backup's streams per client.
    pub restore_streams: u32,
    /// Rate at which one restore stream writes, bytes/s; 0 = the backup's stream rate
    /// ([`Scenario::restore_stream_rate`]).
    pub restore_stream_bytes_per_sec: f64,
    /// Client time per file per stream in a restore (create, attributes, close), seconds.
    pub restore_file_sec: f64,
    /// Write rate of each client's target disks in a restore, bytes/s; 0 = they keep up.
    pub restore_disk_bytes_per_sec: f64,
    /// Rate at which the application on each client does its own restore work (a database
    /// initialising its files or replaying logs), paid in series with the writes, bytes/s; 0 = none.
    pub restore_app_bytes_per_sec: f64,
    /// Files a partial restore fetches one by one, each located on tape; 0 = the whole data set is
    /// restored in tape order.
    pub restore_files: u32,
    /// Fixed cost of one block read back from a drive when the reader keeps one READ outstanding
    /// (LTFS: [`tape::LTFS_READ_IO_SEC`]), seconds; 0 = the per-I/O time of writes ([`Self::io_sec`]).
    pub restore_io_sec: f64,

    // NFS target
    /// Send, retrieve or both.
    pub nfs_workload: NfsWorkload,
    /// Source storage arrays.
    pub arrays: u32,
    /// Volumes sent per array.
    pub send_volumes: u32,
    /// Volumes retrieved per array.
    pub retrieve_volumes: u32,
    /// Rate at which one volume is sent, bytes/s.
    pub volume_send_bytes_per_sec: f64,
    /// Rate at which one volume is retrieved, bytes/s.
    pub volume_retrieve_bytes_per_sec: f64,
    /// NFS appliance nodes.
    pub nfs_nodes: u32,
    /// What one node moves, bytes/s.
    pub node_bytes_per_sec: f64,
    /// File systems (shares) on the target.
    pub file_systems: u32,
    /// Sync write rate of one file system, bytes/s.
    pub fs_write_bytes_per_sec: f64,
    /// Read rate of one file system, bytes/s.
    pub fs_read_bytes_per_sec: f64,
    /// Network interfaces (virtual IPs) of the target.
    pub nfs_interfaces: u32,
    /// Link behind each interface.
    pub nfs_link: EthernetLink,
    /// NFS mount rsize, bytes.
    pub rsize_bytes: f64,
    /// NFS mount wsize, bytes.
    pub wsize_bytes: f64,
    /// The share is exported `sync`: every WRITE waits for stable storage.
    pub sync_export: bool,
    /// Fixed cost of one NFS RPC round trip, seconds.
    pub rpc_overhead_sec: f64,
    /// Extra cost of committing one WRITE to stable storage on a sync export, seconds.
    pub sync_commit_sec: f64,
    /// What stands behind the export (sets the commit time unless `Entered`).
    pub nfs_medium: NfsMedium,
    /// Size of the writes the client issues, bytes (a request is the smaller of this and wsize).
    pub client_write_bytes: f64,
    /// Requests each connection keeps in flight (reads, and writes when [`NfsWrites::Stable`]).
    pub nfs_in_flight: u32,
    /// How the client sends its writes: each waiting for its reply, or through its page cache.
    pub nfs_writes: NfsWrites,
    /// TCP connections per mount (Linux `nconnect`).
    pub nconnect: u32,
    /// Link of each source (array or NFS client) port.
    pub source_link: EthernetLink,
    /// Network ports per source.
    pub source_ports: u32,

    // Repository target (issue 19)
    /// Disk array, deduplicating appliance or object store.
    pub repo_kind: RepoKind,
    /// Disks in the array.
    pub disks: u32,
    /// The array's disk type.
    pub disk_type: DiskType,
    /// RAID level or erasure coding.
    pub raid: Raid,
    /// Erasure coding: data fragments.
    pub ec_k: u32,
    /// Erasure coding: parity fragments.
    pub ec_m: u32,
    /// Size of one write (and read) the repository takes, bytes: a pack, a chunk, a block.
    pub repo_io_bytes: f64,
    /// Sequential streams into full stripes, or random writes of small packs.
    pub repo_pattern: Pattern,
    /// The appliance's model class.
    pub appliance: ApplianceClass,
    /// Appliances the backup is spread over.
    pub appliances: u32,
    /// An appliance's ingest when entered, bytes/s; 0 = the class's.
    pub appliance_bytes_per_sec: f64,
    /// Share of the ingest rate at which the appliance reads back (rehydration), 0.01 to 1.
    pub rehydration_share: f64,
    /// Object store: fixed latency of one request, seconds.
    pub obj_latency_sec: f64,
    /// Object store: part (or object) size of one request, bytes.
    pub obj_part_bytes: f64,
    /// Object store: requests each stream keeps in flight.
    pub parts_in_flight: u32,
    /// Object store: key prefixes the objects are spread over (each has its own request ceiling).
    pub prefixes: u32,
    /// Copy the backup from the repository to tape after it (a second phase on the tape drives).
    pub copy_to_tape: bool,
    /// Window of the copy to tape, seconds; 0 = the backup's own window (backup then copy in it).
    pub copy_window_sec: f64,

    // Fleet
    /// Jobs the backup server runs at once on one drive (device concurrency), for the fleet schedule.
    pub sessions_per_drive: u32,
    /// The most drives the backup server writes to at once when it schedules the job list (NetBackup's
    /// "Maximum concurrent write drives" of a storage unit); 0 = every drive. Fewer can end the night
    /// sooner where the drives outrun the ports and server they share ([`crate::fleet::Schedule::fewer_at_once`]).
    pub drives_at_once: u32,
    /// The order in which waiting jobs start.
    pub job_order: JobOrder,
    /// How the disaster-recovery restore of the job list starts its priority tiers
    /// ([`crate::fleet::restore_schedule`]).
    pub restore_tiers: RestoreTiers,
    /// The fleet's jobs, one per client or file system (see [`crate::fleet`]); empty = `clients`
    /// identical clients. Shared, so cloning a scenario (sweeps clone it per point) stays cheap.
    pub jobs: Arc<[Job]>,

    // Schedule, retention and growth (the timeline, [`crate::timeline`])
    /// A full backup every this many days; 0 = forever incremental (one full, then incrementals merged
    /// into it as they expire).
    pub full_every_days: u32,
    /// What runs between fulls.
    pub between_fulls: BetweenFulls,
    /// Share of the data set that changes per day, 0 to 1.
    pub change_rate: f64,
    /// Daily restore points kept.
    pub retention_days: u32,
    /// Weekly fulls kept besides the dailies (grandfather-father-son).
    pub keep_weekly: u32,
    /// Monthly fulls kept.
    pub keep_monthly: u32,
    /// Yearly fulls kept.
    pub keep_yearly: u32,
    /// Growth of the data set per year, compound, as a fraction (0.3 = 30 %).
    pub growth_per_year: f64,
    /// Cartridge slots in the tape library; 0 = not given.
    pub library_slots: u32,
    /// Capacity of the backup target for retained copies, bytes; 0 = not given.
    pub target_capacity_bytes: f64,
    /// Days the timeline covers.
    pub horizon_days: u32,
}

/// Per-transaction overhead calibrated from seed 003 (IBM TSM technote).
///
/// # Formula
/// 90,177 transactions took 13 min 19 s = 799 s, so one took 799 / 90,177 = 8.8603 ms. Each moved the
/// average file of 4,525,228,032 / 90,177 = 50,181 B at the session's streaming rate of 29 MiB/s (the
/// technote's faster DB backup; TSM's "MB" is MiB, see [`crate::presets`]): 50,181 / 30,408,704 =
/// 1.6502 ms. The fixed cost is the rest: 8.8603 - 1.6502 = 7.2101 ms. A fit to one measurement.
pub const TSM_TRANSACTION_OVERHEAD_SEC: f64 = 7.2101e-3;

/// NFS sync-commit cost calibrated from seed 002.
///
/// # Formula
/// One mount with wsize = 1 MiB carried 232 MB/s (1 array, 4 volumes, sync export), so one WRITE took
/// 1,048,576 / 232,000,000 = 4.5197 ms. Its bytes cross a 10GbE interface at 1,129.8 MB/s (goodput at
/// MTU 1500, see [`EthernetLink::goodput_bytes_per_sec`]) in 0.9281 ms, and the RPC round trip is taken
/// as 0.5 ms (assumed: a LAN round trip plus server processing). The commit is the rest:
/// 4.5197 - 0.9281 - 0.5 = 3.0916 ms. A fit to one measurement.
pub const NFS_SYNC_COMMIT_SEC: f64 = 3.0916e-3;

impl Default for Scenario {
    /// The blank start, and the reference a share link is written against: one client with four
    /// streams on 1GbE, a backup server on 10GbE with the seed's 32 x 256 KiB buffers, one LTO-4 drive on
    /// its own 4GFC port, an 8-hour window. NFS fields hold seed 002's calibrated appliance.
    ///
    /// These values are frozen: a share link stores only what differs from them, so changing one would
    /// change the meaning of every link made before.
    fn default() -> Self {
        Self {
            target: Target::Tape,
            data_set_bytes: 0.0,
            // A fifth of the window spare: room for a night of more changes than usual, a retried
            // client or a slow drive (a planning rule of thumb, not a measured figure).
            headroom: 0.2,
            backup_window_sec: 8.0 * 3600.0,
            avg_file_bytes: 1e6,
            files_per_transaction: 256,
            transaction_overhead_sec: TSM_TRANSACTION_OVERHEAD_SEC,
            compression_ratio: 2.0,
            file_sec: per_file::BACKUP_FILE_SEC,
            // 0 = the cited default of `per_file::CATALOGUE_FILE_SEC` (0 meant "keeps up" before issue 17).
            catalog_sec: 0.0,
            client_class: ClientClass::Entered,

            clients: 1,
            streams_per_client: 4,
            stream_bytes_per_sec: streams::DEFAULT_STREAM_BYTES_PER_SEC,
            stream_scaling: 0.9,
            client_link: EthernetLink::Gbe1,
            client_ports: 1,
            mtu_bytes: 1500,
            tcp_efficiency: crate::catalog::ethernet::DEFAULT_TCP_EFFICIENCY,
            rtt_sec: 0.0,
            tcp_window_bytes: distance::DEFAULT_TCP_WINDOW_BYTES,
            source_reduction: false,
            source_compression: 1.0,
            source_dedup: 1.0,
            reduction_bytes_per_sec: source_reduction::REDUCTION_BYTES_PER_SEC,
            client_read_bytes_per_sec: 0.0,
            client_cores: 0,
            threads_per_stream: 1,
            compressor: Compressor::Entered,
            gzip_level: client_cpu::DEFAULT_GZIP_LEVEL,
            chunk_hash: false,
            encrypt: false,
            connection_bytes_per_sec: connection::CONNECTION_BYTES_PER_SEC,
            packet_loss: 0.0,
            ssh_cipher: SshCipher::Off,
            ssh_bytes_per_sec: 0.0,

            server_link: EthernetLink::Gbe10,
            server_ports: 1,
            buffers: 32,
            block_bytes: 256.0 * KIB,
            // Retired (see the field); 20 ms was the version 1 default.
            buffer_cycle_sec: 0.020,
            io_sec: tape::IO_SEC,
            staging: Staging::None,
            stage_write_bytes_per_sec: DISK_BYTES_PER_SEC,
            stage_read_bytes_per_sec: DISK_BYTES_PER_SEC,
            stage_medium: StageMedium::Hdd,
            stage_run_bytes: crate::stages::staging::RUN_BYTES,
            // Assumed: the seed's rx3600 moved 900 MB/s without CPU saturation being reported.
            server_cpu_bytes_per_sec: 2_000.0 * MB,
            pairing: Pairing::Dynamic,

            fc_speed: FcSpeed::Gfc4,
            fc_ports: 1,
            lto: LtoGeneration::Lto4,
            drives: 1,
            form: FormFactor::Full,
            media: Media::Own,
            attachment: Attachment::Fc,
            sas_speed: SasSpeed::Sas6,
            sas_ports: 1,
            drive_native_bytes_per_sec: 0.0,
            backhitch_sec: crate::catalog::lto::BACKHITCH_SEC,
            filemark_bytes: 0.0,
            new_cartridges: 0,
            media_optimisation_sec: crate::stages::cartridges::MEDIA_OPTIMISATION_SEC,

            restore_streams: 0,
            restore_stream_bytes_per_sec: 0.0,
            restore_file_sec: per_file::RESTORE_FILE_SEC,
            restore_disk_bytes_per_sec: 0.0,
            restore_app_bytes_per_sec: 0.0,
            restore_files: 0,
            restore_io_sec: 0.0,

            nfs_workload: NfsWorkload::Send,
            arrays: 1,
            send_volumes: 4,
            retrieve_volumes: 4,
            // Seed 002: 2 arrays sent 640 MB/s with the target not saturated, so the arrays bound it:
            // 640 / 2 arrays / 4 volumes = 80 MB/s per volume (the 4 volumes of the 1-array test).
            volume_send_bytes_per_sec: 80.0 * MB,
            // Seed 002's mixed test split 202 MB/s send : 103 MB/s retrieve with 3 volumes each way while
            // sends were held at one mount's 232 MB/s: 232 x 103 / 202 / 3 = 39.43 MB/s per volume.
            volume_retrieve_bytes_per_sec: 39.43e6,
            nfs_nodes: 1,
            // Assumed: seed 002 shows only that one node exceeds 640 MB/s ("did not fully saturate").
            node_bytes_per_sec: 1_200.0 * MB,
            file_systems: 1,
            // Seed 002: 2 arrays into 1 file system gave 457 MB/s, below the 464 MB/s of two mounts.
            fs_write_bytes_per_sec: 457.0 * MB,
            // Seed 002: retrieving 5 volumes (197 MB/s offered) peaked at 180 MB/s.
            fs_read_bytes_per_sec: 180.0 * MB,
            nfs_interfaces: 1,
            nfs_link: EthernetLink::Gbe10,
            rsize_bytes: MIB,
            wsize_bytes: MIB,
            sync_export: true,
            rpc_overhead_sec: 0.5e-3,
            sync_commit_sec: NFS_SYNC_COMMIT_SEC,
            nfs_medium: NfsMedium::Entered,
            client_write_bytes: MIB,
            nfs_in_flight: 1,
            nfs_writes: NfsWrites::Stable,
            nconnect: 1,
            source_link: EthernetLink::Gbe10,
            source_ports: 1,

            repo_kind: RepoKind::Disk,
            // A common backup repository: a 12-disk RAID 6 of nearline disks written sequentially.
            disks: 12,
            disk_type: DiskType::Hdd7k,
            raid: Raid::R6,
            ec_k: 8,
            ec_m: 2,
            repo_io_bytes: MIB,
            repo_pattern: Pattern::Sequential,
            appliance: ApplianceClass::Dr4000,
            appliances: 1,
            appliance_bytes_per_sec: 0.0,
            rehydration_share: appliance::REHYDRATION_SHARE,
            obj_latency_sec: object::LATENCY_SEC,
            obj_part_bytes: object::PART_BYTES,
            parts_in_flight: object::PARTS_IN_FLIGHT,
            prefixes: 1,
            copy_to_tape: false,
            copy_window_sec: 0.0,

            sessions_per_drive: SESSIONS_PER_DRIVE,
            drives_at_once: 0,
            job_order: JobOrder::LongestFirst,
            restore_tiers: RestoreTiers::Together,
            jobs: Arc::from(Vec::new()),

            // A weekly full with daily incrementals and two weeks of dailies is the common default of
            // backup products (the Veeam restore point simulator starts from 14 points); no growth and
            // no capacity until entered.
            full_every_days: 7,
            between_fulls: BetweenFulls::Incremental,
            change_rate: 0.05,
            retention_days: 14,
            keep_weekly: 0,
            keep_monthly: 0,
            keep_yearly: 0,
            growth_per_year: 0.0,
            library_slots: 0,
            target_capacity_bytes: 0.0,
            horizon_days: 3 * 365,
        }
    }
}

impl Scenario {
    /// The drives' figures for this generation, form factor and media; a combination that does not
    /// exist falls back to full height on the drive's own media ([`Scenario::validate`] reports it).
    pub fn drive_spec(&self) -> crate::catalog::lto::LtoSpec {
        self.lto.drive(self.form, self.media).unwrap_or_else(|_| self.lto.spec())
    }

    /// The cartridges written, as a person names them: `LTO-9`, `LTO-8` (an LTO-9 drive on
    /// previous-generation media), `LTO-7 Type M (M8)`.
    pub fn cartridge_name(&self) -> String {
        let older = LtoGeneration::ALL.iter().position(|g| *g == self.lto).and_then(|i| i.checked_sub(1));
        match self.media {
            Media::Own => self.lto.name().to_string(),
            Media::Previous => {
                older.map_or_else(|| self.lto.name().to_string(), |i| LtoGeneration::ALL[i].name().to_string())
            }
            Media::M8 => "LTO-7 Type M (M8)".to_string(),
        }
    }

    /// Drives the job list's schedule writes to at once: `drives_at_once` when it is set and below
    /// `drives`, else every drive (at least 1). A repository's copies to tape use every drive.
    pub fn drives_in_use(&self) -> u32 {
        match self.drives_at_once {
            n if n > 0 && self.target == Target::Tape => n.min(self.drives).max(1),
            _ => self.drives.max(1),
        }
    }

    /// "Drives used at once is 6, more than the 4 tape drives: the schedule uses all 4." when
    /// `drives_at_once` names more drives than there are (the backup software cannot write to drives it
    /// does not have); `None` otherwise, and for a repository target, whose copies use every drive.
    pub fn drives_at_once_above_drives(&self) -> Option<String> {
        (self.target == Target::Tape && self.drives_at_once > self.drives).then(|| {
            let (at_once, drives) = (self.drives_at_once, self.drives);
            let held = if drives == 1 {
                "the 1 tape drive: the schedule uses it".to_string()
            } else {
                format!("the {drives} tape drives: the schedule uses all {drives}")
            };
            format!("Drives used at once is {at_once}, more than {held}.")
        })
    }

    /// Logical bytes per byte on the wire: the source's compression x deduplication when the clients
    /// reduce data, else 1. Always 1 for an NFS target, whose chain has no backup client to reduce
    /// anything (the page hides the reduction fields there; a trial's `src_compression=3` left from a
    /// tape scenario had the NFS result say "77.3 MB/s after reduction at the source").
    pub fn reduction_ratio(&self) -> f64 {
        if self.source_reduction && self.target != Target::Nfs {
            source_reduction::reduction_ratio(self.source_compressed(), self.source_dedup)
        } else {
            1.0
        }
    }

    /// What the data set's duration times, as the results name it: "backup", or for an NFS target's
    /// retrieve or mixed workload "retrieval" or "mixed workload".
    pub fn timed_work(&self) -> &'static str {
        match (self.target, self.nfs_workload) {
            (Target::Nfs, NfsWorkload::Retrieve) => "retrieval",
            (Target::Nfs, NfsWorkload::Mixed) => "mixed workload",
            _ => "backup",
        }
    }

    /// The compression the tape drive still finds: data already compressed at the source compresses
    /// that much less in the drive (`compression / source compression`, at least 1), and data the client
    /// encrypted (`cpu_encrypt=on`) not at all, 1:1: "a tape target with compression enabled will be
    /// unable to compress the seemingly random encrypted data" (HP/Brocade Fabric OS Encryption
    /// Administrator's Guide v6.4.0, "Tape data compression", which is why encryption switches compress
    /// before they encrypt). A page trial's encrypted 10 TB was planned at 2:1, half the time and
    /// cartridges it needs.
    pub fn drive_compression(&self) -> f64 {
        if self.source_reduction && self.encrypt {
            1.0
        } else if self.source_reduction {
            (self.compression_ratio / self.source_compressed().max(1.0)).max(1.0)
        } else {
            self.compression_ratio
        }
    }

    /// Restore streams per client (the backup's count when 0).
    pub fn restore_streams_per_client(&self) -> u32 {
        if self.restore_streams == 0 {
            self.streams_per_client
        } else {
            self.restore_streams
        }
    }

    /// Write rate of one restore stream, bytes/s: the entered `restore_stream_bytes_per_sec`, or when 0
    /// the entered rate of one stream, or on a flash client class the default 45 MB/s
    /// ([`ClientClass::restore_stream_bytes_per_sec`]).
    pub fn restore_stream_rate(&self) -> f64 {
        if self.restore_stream_bytes_per_sec > 0.0 {
            self.restore_stream_bytes_per_sec
        } else {
            self.client_class.restore_stream_bytes_per_sec(self.stream_bytes_per_sec)
        }
    }

    /// Commit time of one sync WRITE on the export, seconds (0 when the export is async, or when the
    /// client's writes are buffered: the server answers an `UNSTABLE` WRITE from memory).
    pub fn commit_sec(&self) -> f64 {
        if self.sync_export && self.nfs_writes == NfsWrites::Stable {
            self.nfs_medium.commit_sec(self.sync_commit_sec)
        } else {
            0.0
        }
    }

    /// What one NFS connection's TCP flow carries, bytes/s: the goodput of one port at its slower end
    /// (the target interface's or the source's link).
    pub fn nfs_connection_bytes_per_sec(&self) -> f64 {
        let mtu = f64::from(self.mtu_bytes);
        self.nfs_link
            .goodput_bytes_per_sec(mtu, self.tcp_efficiency)
            .min(self.source_link.goodput_bytes_per_sec(mtu, self.tcp_efficiency))
    }

    /// The size of one WRITE request, bytes, and how many a connection keeps in flight: the client's
    /// write size (at most `wsize`) and `in_flight` when each write waits; `wsize` and the RPC slot
    /// table ([`crate::stages::nfs_client::BUFFERED_IN_FLIGHT`]) when the page cache sends them.
    pub fn nfs_write_requests(&self) -> (f64, u32) {
        match self.nfs_writes {
            NfsWrites::Stable => (self.client_write_bytes.min(self.wsize_in_use()), self.nfs_in_flight),
            NfsWrites::Buffered => (self.wsize_in_use(), crate::stages::nfs_client::BUFFERED_IN_FLIGHT),
        }
    }

    /// The READ size the Linux client uses for the entered `rsize`, bytes: rounded down to a multiple of
    /// 1,024 ("If a specified value is within the supported range but not a multiple of 1024, it is
    /// rounded down to the nearest multiple of 1024", nfs(5)); the field keeps it within 4 KiB to 1 MiB.
    pub fn rsize_in_use(&self) -> f64 {
        whole_kib(self.rsize_bytes)
    }

    /// The WRITE size the Linux client uses for the entered `wsize`, bytes: rounded down to a multiple
    /// of 1,024 as [`Self::rsize_in_use`].
    pub fn wsize_in_use(&self) -> f64 {
        whole_kib(self.wsize_bytes)
    }

    /// What each further stream adds, as a share of one: the entered `stream_scaling`, or 1 on a flash
    /// client class (SSD, NVMe), where interleaved streams cost no seeks and add up fully until the
    /// storage's read rate, the cores or the link bind ([`crate::stages::client_class::ClientClass::scaling`]).
    pub fn scaling(&self) -> f64 {
        self.client_class.scaling(self.stream_scaling)
    }

    /// Client time per file per stream in a backup, seconds: the class's, or the entered `file_sec`.
    pub fn backup_file_sec(&self) -> f64 {
        self.client_class.backup_file_sec(self.file_sec)
    }

    /// TCP connections each backup or restore stream uses: one per part in flight to or from an object
    /// store (`parts_in_flight`, each request on a connection of its own), else one.
    pub fn connections_per_stream(&self) -> u32 {
        if self.target == Target::Repository && self.repo_kind == RepoKind::Object {
            self.parts_in_flight.max(1)
        } else {
            1
        }
    }

    /// Whether cartridges hold the backups: a tape target, or a repository's copies to tape (the
    /// timeline then counts them against the library's slots).
    pub fn on_cartridges(&self) -> bool {
        self.target == Target::Tape || self.copies_to_tape()
    }

    /// Whether a repository's backups are copied to tape after each backup (`copy_to_tape` on a
    /// repository target).
    pub fn copies_to_tape(&self) -> bool {
        self.target == Target::Repository && self.copy_to_tape
    }

    /// Whether a new cartridge runs media optimisation on its first load: LTO-9 drives writing their
    /// own generation's cartridges ([`crate::stages::cartridges::MEDIA_OPTIMISATION_SEC`]).
    pub fn optimises_new_cartridges(&self) -> bool {
        self.lto == crate::catalog::LtoGeneration::Lto9 && self.media == crate::catalog::Media::Own
    }

    /// Fixed cost of one block read back from a drive, seconds ([`tape::read_io_sec`]).
    pub fn read_io_sec(&self) -> f64 {
        tape::read_io_sec(self.restore_io_sec, self.io_sec)
    }

    /// Client time to create each restored file, seconds: the class's, or the entered one.
    pub fn create_file_sec(&self) -> f64 {
        self.client_class.restore_file_sec(self.restore_file_sec)
    }

    /// Backup server catalogue time per file, seconds (the cited default when 0 is entered).
    pub fn catalogue_sec(&self) -> f64 {
        per_file::catalogue_file_sec(self.catalog_sec)
    }

    /// What all clients' storage reads together, bytes/s (infinite when neither a rate nor a medium is
    /// given).
    pub fn storage_bytes_per_sec(&self) -> f64 {
        client_storage::storage_bytes_per_sec(self.clients, self.client_class.medium(), self.client_read_bytes_per_sec)
    }

    /// What one core of a client reduces per second, logical bytes/s: the entered tool rate when no
    /// algorithm is chosen, else the algorithms' rates combined ([`client_cpu::per_core_bytes_per_sec`]).
    pub fn per_core_bytes_per_sec(&self) -> f64 {
        let compress = self.compressor.bytes_per_sec(self.reduction_bytes_per_sec, self.gzip_level);
        client_cpu::per_core_bytes_per_sec(compress, self.chunk_hash, self.encrypt, self.source_compressed())
    }

    /// The compression ratio the clients achieve: the entered source compression, or 1 when the
    /// compression algorithm is none (no compression runs, so none is had).
    pub fn source_compressed(&self) -> f64 {
        if self.compressor == Compressor::None {
            1.0
        } else {
            self.source_compression
        }
    }

    /// Most one TCP connection carries, bytes/s: the per-connection ceiling, or less where the path
    /// loses packets ([`crate::stages::loss::loss_bytes_per_sec`], segments of `mtu - 52` bytes).
    pub fn tcp_connection_bytes_per_sec(&self) -> f64 {
        let mss = f64::from(self.mtu_bytes) - crate::catalog::ethernet::IP_TCP_HEADER_BYTES;
        self.connection_bytes_per_sec.min(crate::stages::loss::loss_bytes_per_sec(self.packet_loss, self.rtt_sec, mss))
    }

    /// One TCP window per round trip, bytes/s (infinite on a LAN, `rtt = 0`).
    pub fn tcp_window_per_round_trip_bytes_per_sec(&self) -> f64 {
        distance::window_bytes_per_sec(1.0, self.tcp_window_bytes, self.rtt_sec)
    }

    /// What sets one TCP connection's rate: the loss, the window per round trip or the per-connection
    /// ceiling ([`crate::stages::connection::connection_limit`]).
    pub fn tcp_connection_limit(&self) -> crate::stages::connection::ConnectionLimit {
        crate::stages::connection::connection_limit(
            self.connection_bytes_per_sec,
            self.tcp_connection_bytes_per_sec(),
            self.tcp_window_per_round_trip_bytes_per_sec(),
        )
    }

    /// What one SSH connection carries, bytes/s on the wire (infinite when SSH is off):
    /// [`crate::stages::ssh::connection_bytes_per_sec`].
    pub fn ssh_connection_bytes_per_sec(&self) -> f64 {
        crate::stages::ssh::connection_bytes_per_sec(self.ssh_cipher, self.ssh_bytes_per_sec, self.rtt_sec)
    }

    /// Software buffer bytes per device: buffers x block size.
    pub fn software_buffer_bytes(&self) -> f64 {
        f64::from(self.buffers) * self.block_bytes
    }
}

/// `bytes` rounded down to a multiple of 1,024, never below 1,024 (the NFS client's request sizes).
fn whole_kib(bytes: f64) -> f64 {
    ((bytes / 1024.0).floor() * 1024.0).max(1024.0)
}
