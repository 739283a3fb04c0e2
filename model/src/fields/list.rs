//! Every input of the scenario, in form order: its key, label, unit, range and help.
//!
//! The keys are the share-link format (version 1): never rename or remove one, and add new keys with
//! defaults that keep old links' meaning.

use super::{Field, Group, Kind};
use crate::catalog::{EthernetLink, FcSpeed, FormFactor, LtoGeneration, Media, SasSpeed};
use crate::scenario::BetweenFulls;
use crate::scenario::JobOrder;
use crate::scenario::RestoreTiers;
use crate::scenario::{Attachment, NfsMedium, NfsWorkload, NfsWrites, Pairing, Scenario, Target};
use crate::stages::client_class::ClientClass;
use crate::stages::client_cpu::Compressor;
use crate::stages::repository::appliance::ApplianceClass;
use crate::stages::repository::disk::{DiskType, Pattern, Raid};
use crate::stages::repository::RepoKind;
use crate::stages::ssh::SshCipher;
use crate::stages::staging::{StageMedium, Staging};
use crate::units::{KIB, MIB};

const TARGETS: &[&str] = &["tape", "nfs", "repository"];
const TARGET_LIST: [Target; 3] = [Target::Tape, Target::Nfs, Target::Repository];
const REPO_KINDS: &[&str] = &["disk", "appliance", "object"];
const DISK_TYPES: &[&str] = &["hdd7k", "hdd10k", "ssd", "nvme"];
const RAIDS: &[&str] = &["0", "10", "5", "6", "ec"];
const PATTERNS: &[&str] = &["sequential", "random"];
const APPLIANCES: &[&str] = &["dd690", "dr4000"];
const WORKLOADS: &[&str] = &["send", "retrieve", "mixed"];
const PAIRINGS: &[&str] = &["dynamic", "static"];
const ON_OFF: &[&str] = &["off", "on"];
const ETHERNET: &[&str] = &["1GbE", "2.5GbE", "5GbE", "10GbE", "25GbE", "40GbE", "50GbE", "100GbE", "200GbE", "400GbE"];
const FORMS: &[&str] = &["full", "half"];
const MEDIA: &[&str] = &["own", "previous", "M8"];
const ATTACHMENTS: &[&str] = &["FC", "SAS"];
const SAS: &[&str] = &["3G", "6G", "12G"];
const STAGING: &[&str] = &["none", "concurrent", "serial"];
const STAGE_MEDIA: &[&str] = &["hdd", "ssd"];
const MEDIUMS: &[&str] = &["entered", "hdd", "nvme", "cache"];
const NFS_WRITES: &[&str] = &["stable", "buffered"];
const JOB_ORDERS: &[&str] = &["longest", "listed", "shortest", "priority"];
const RESTORE_TIERS: &[&str] = &["together", "in-turn"];
const BETWEEN_FULLS: &[&str] = &["incremental", "differential"];
const CLIENT_CLASSES: &[&str] = &[
    "entered",
    "windows-ntfs-array-2005",
    "hpux-vxfs-array-2008",
    "linux-ext4-hdd",
    "linux-ext4-ssd",
    "linux-ext4-nvme",
];
const SSH_CIPHERS: &[&str] = &["off", "aes128-gcm", "aes256-gcm", "aes128-ctr", "aes256-ctr", "chacha20-poly1305"];
const COMPRESSORS: &[&str] = &["entered", "none", "lz4", "zstd", "gzip"];
const FC: &[&str] = &["1GFC", "2GFC", "4GFC", "8GFC", "16GFC", "32GFC", "64GFC"];
const LTO: &[&str] = &["LTO-1", "LTO-2", "LTO-3", "LTO-4", "LTO-5", "LTO-6", "LTO-7", "LTO-8", "LTO-9", "LTO-10"];

fn index_of<T: PartialEq + Copy>(all: &[T], value: T) -> f64 {
    all.iter().position(|v| *v == value).unwrap_or(0) as f64
}
fn pick<T: Copy>(all: &[T], index: f64) -> T {
    all[(index.max(0.0) as usize).min(all.len() - 1)]
}
fn tape(s: &Scenario) -> bool {
    s.target == Target::Tape
}
fn nfs(s: &Scenario) -> bool {
    s.target == Target::Nfs
}
fn always(_: &Scenario) -> bool {
    true
}
fn nfs_sends(s: &Scenario) -> bool {
    nfs(s) && s.nfs_workload != NfsWorkload::Retrieve
}
fn nfs_retrieves(s: &Scenario) -> bool {
    nfs(s) && s.nfs_workload != NfsWorkload::Send
}
/// Clients back up through a backup server: to tape or to a repository.
fn backup_server(s: &Scenario) -> bool {
    s.target != Target::Nfs
}
/// Tape drives are written: a tape target, or a repository copied to tape.
fn drives_used(s: &Scenario) -> bool {
    tape(s) || (repository(s) && s.copy_to_tape)
}
fn repository(s: &Scenario) -> bool {
    s.target == Target::Repository
}
fn repo_disk(s: &Scenario) -> bool {
    repository(s) && s.repo_kind == RepoKind::Disk
}
fn repo_random(s: &Scenario) -> bool {
    repo_disk(s) && s.repo_pattern == Pattern::Random
}
fn repo_ec(s: &Scenario) -> bool {
    repo_disk(s) && s.raid == Raid::Ec
}
fn repo_appliance(s: &Scenario) -> bool {
    repository(s) && s.repo_kind == RepoKind::Appliance
}
fn repo_object(s: &Scenario) -> bool {
    repository(s) && s.repo_kind == RepoKind::Object
}
fn copying(s: &Scenario) -> bool {
    repository(s) && s.copy_to_tape
}
fn reducing(s: &Scenario) -> bool {
    backup_server(s) && s.source_reduction
}
fn class_entered(s: &Scenario) -> bool {
    backup_server(s) && s.client_class == ClientClass::Entered
}
/// The streams' own fields (rate of one stream, scaling) apply: a flash client class sets both.
fn streams_entered(s: &Scenario) -> bool {
    backup_server(s) && !s.client_class.is_flash()
}
// "No compression" runs none, so a source compression ratio would be had for free (a planner trial's
// 3:1 through 1GbE with no CPU spent on it).
fn compressing(s: &Scenario) -> bool {
    reducing(s) && s.compressor != Compressor::None
}
fn gzipping(s: &Scenario) -> bool {
    reducing(s) && s.compressor == Compressor::Gzip
}
fn entered_rate(s: &Scenario) -> bool {
    reducing(s) && s.compressor == Compressor::Entered
}
fn over_ssh(s: &Scenario) -> bool {
    backup_server(s) && s.ssh_cipher != SshCipher::Off
}
fn distant(s: &Scenario) -> bool {
    s.rtt_sec > 0.0
}
fn staged(s: &Scenario) -> bool {
    tape(s) && s.staging != Staging::None
}
fn holding_disk(s: &Scenario) -> bool {
    tape(s) && s.staging == Staging::Concurrent
}
fn seeking_holding_disk(s: &Scenario) -> bool {
    holding_disk(s) && s.stage_medium == StageMedium::Hdd
}
fn lto9_media(s: &Scenario) -> bool {
    drives_used(s) && s.optimises_new_cartridges()
}
fn on_fc(s: &Scenario) -> bool {
    drives_used(s) && s.attachment == Attachment::Fc
}
fn on_sas(s: &Scenario) -> bool {
    drives_used(s) && s.attachment == Attachment::Sas
}
fn sync_sends(s: &Scenario) -> bool {
    stable_sends(s) && s.sync_export
}
/// Requests that wait for their replies, so that how many are in flight matters: reads, and stable writes.
fn waits_for_replies(s: &Scenario) -> bool {
    nfs_retrieves(s) || stable_sends(s)
}
fn stable_sends(s: &Scenario) -> bool {
    nfs_sends(s) && s.nfs_writes == NfsWrites::Stable
}
fn commit_entered(s: &Scenario) -> bool {
    sync_sends(s) && s.nfs_medium == NfsMedium::Entered
}
fn fleet(s: &Scenario) -> bool {
    tape(s) && !s.jobs.is_empty()
}
/// A job list on tape with priority tiers: its disaster-recovery restore has tiers to start.
fn tiered(s: &Scenario) -> bool {
    fleet(s) && s.jobs.iter().any(|j| j.priority.is_some())
}
fn periodic(s: &Scenario) -> bool {
    s.full_every_days > 0
}
fn never(_: &Scenario) -> bool {
    false
}

macro_rules! count {
    ($s:ident . $f:ident) => {
        (|s: &Scenario| s.$f as f64, |s: &mut Scenario, v: f64| s.$f = v as u32)
    };
}
macro_rules! real {
    ($s:ident . $f:ident) => {
        (|s: &Scenario| s.$f, |s: &mut Scenario, v: f64| s.$f = v)
    };
}

/// A field's getter and setter, as the `count!` and `real!` macros build them.
type Access = (fn(&Scenario) -> f64, fn(&mut Scenario, f64));

#[allow(clippy::too_many_arguments)]
const fn field(
    key: &'static str,
    label: &'static str,
    group: Group,
    kind: Kind,
    min: f64,
    max: f64,
    help: &'static str,
    access: Access,
    applies: fn(&Scenario) -> bool,
) -> Field {
    Field { key, label, group, kind, min, max, least: 1.0, help, get: access.0, set: access.1, applies }
}

impl Field {
    /// The field with `least` as its smallest size other than 0, bytes.
    const fn least(self, least: f64) -> Field {
        Field { least, ..self }
    }
}

use Group::*;
use Kind::*;

/// Every input, in form order.
pub static FIELDS: &[Field] = &[
    field(
        "target",
        "Target",
        Workload,
        Choice(TARGETS),
        0.0,
        2.0,
        "Tape drives behind a backup server, an NFS appliance, or a repository (disk, appliance, object store).",
        (|s| index_of(&TARGET_LIST, s.target), |s, v| s.target = pick(&TARGET_LIST, v)),
        always,
    ),
    field(
        "data",
        "Data set",
        Workload,
        Bytes,
        0.0,
        1e17,
        "Bytes to back up; 0 = not given (the duration is left open).",
        real!(s.data_set_bytes),
        always,
    ),
    field(
        "window_h",
        "Backup window",
        Workload,
        Hours,
        0.0,
        8760.0 * 3600.0,
        "Time the backup must finish in; 0 = no window.",
        real!(s.backup_window_sec),
        always,
    ),
    field(
        "headroom",
        "Headroom",
        Workload,
        Percent,
        0.0,
        0.9,
        "Share of the window to keep spare; a plan with less is flagged as thin, and suggestions aim at it.",
        real!(s.headroom),
        always,
    ),
    field(
        "file_size",
        "Average file size",
        Workload,
        Bytes,
        1.0,
        1e15,
        "Mean size of the files backed up.",
        real!(s.avg_file_bytes),
        backup_server,
    ),
    field(
        "files_per_txn",
        "Files per transaction",
        Workload,
        Count,
        1.0,
        1e6,
        "Files grouped into one transaction (aggregation).",
        count!(s.files_per_transaction),
        backup_server,
    ),
    field(
        "txn_ms",
        "Overhead per transaction",
        Workload,
        Millis,
        0.0,
        60.0,
        "Fixed time each transaction costs on top of its bytes.",
        real!(s.transaction_overhead_sec),
        backup_server,
    ),
    field(
        "compression",
        "Compression ratio",
        Workload,
        Number,
        1.0,
        10.0,
        "How much the data compresses in the drive (2 = 2:1).",
        real!(s.compression_ratio),
        drives_used,
    ),
    field(
        "file_ms",
        "Per-file time (client)",
        Workload,
        Millis,
        0.0,
        1.0,
        "Client time per file per stream in a backup: open, read, close (2.086 ms fits HP's small-file backup on Windows NTFS); used when the client class is entered.",
        real!(s.file_sec),
        class_entered,
    ),
    field(
        "catalog_ms",
        "Catalogue time per file",
        Workload,
        Millis,
        0.0,
        1.0,
        "Backup server time per file in its catalogue; 0 = the default 0.18 ms (HP Data Protector's catalogue kept up with 5,501 files/s; Bacula with MySQL: 0.5 to 0.67 ms).",
        real!(s.catalog_sec),
        backup_server,
    ),
    field(
        "client_class",
        "Client class",
        Workload,
        Choice(CLIENT_CLASSES),
        0.0,
        5.0,
        "Operating system, file system, medium and era: sets the per-file times and the storage read rate (entered = the fields below; Linux on flash 0.584 ms per file, HP-UX VxFS 0.24 ms to create a file).",
        (|s| index_of(&ClientClass::ALL, s.client_class), |s, v| s.client_class = pick(&ClientClass::ALL, v)),
        backup_server,
    ),
    field(
        "clients",
        "Clients",
        Clients,
        Count,
        1.0,
        10_000.0,
        "Backup clients sending at once.",
        count!(s.clients),
        backup_server,
    ),
    field(
        "streams",
        "Streams per client",
        Clients,
        Count,
        1.0,
        256.0,
        "Concurrent data streams on each client.",
        count!(s.streams_per_client),
        backup_server,
    ),
    field(
        "stream_rate",
        "Rate of one stream",
        Clients,
        Rate,
        1e3,
        1e12,
        "What the first stream of a client reads (and a restore stream writes, unless entered below); not used on a flash client class, whose backup streams read at its storage's rate and restore streams write 45 MB/s.",
        real!(s.stream_bytes_per_sec),
        streams_entered,
    ),
    field(
        "stream_scaling",
        "Stream scaling",
        Clients,
        Number,
        0.1,
        1.0,
        "Each further stream adds this share of one stream's rate (0.9: 4 streams read 3.7 times one; 1 on a flash client class); the client's storage, cores or link stop them.",
        real!(s.stream_scaling),
        streams_entered,
    ),
    field(
        "reduction",
        "Source reduction",
        Clients,
        Choice(ON_OFF),
        0.0,
        1.0,
        "Clients compress and deduplicate before sending (borg, restic, client-side deduplication).",
        (|s| if s.source_reduction { 1.0 } else { 0.0 }, |s, v| s.source_reduction = v >= 0.5),
        backup_server,
    ),
    field(
        "src_compression",
        "Source compression",
        Clients,
        Number,
        1.0,
        100.0,
        "Compression ratio the clients achieve (2 = 2:1); the drive then finds that much less to compress. Not used when the compression algorithm is none.",
        real!(s.source_compression),
        compressing,
    ),
    field(
        "src_dedup",
        "Source deduplication",
        Clients,
        Number,
        1.0,
        1000.0,
        "Deduplication ratio at the clients (2 = half the data is already stored).",
        real!(s.source_dedup),
        reducing,
    ),
    field(
        "reduce_rate",
        "Reduction rate per core",
        Clients,
        Rate,
        1e3,
        1e12,
        "One core's rate of the tool's whole pipeline, compressing and deduplicating (50 MB/s: borg on a Ryzen 7 3700X); used when compression is entered.",
        real!(s.reduction_bytes_per_sec),
        entered_rate,
    ),
    field(
        "cpu_compress",
        "Compression algorithm",
        Clients,
        Choice(COMPRESSORS),
        0.0,
        4.0,
        "Per-core rate from the algorithm's published benchmark (lz4 780, zstd -1 500, gzip 90 MB/s at level 1, 27.3 at its default 6), or entered = the tool's measured rate above.",
        (|s| index_of(&Compressor::ALL, s.compressor), |s, v| s.compressor = pick(&Compressor::ALL, v)),
        reducing,
    ),
    field(
        "gzip_level",
        "gzip level",
        Clients,
        Count,
        1.0,
        9.0,
        "zlib's level sets gzip's rate per core (lzbench's zlib ratios): 6, the default of gzip, zlib and pgBackRest, 27.3 MB/s; 1 the fastest, 90 MB/s; 9 the slowest, 11.3 MB/s. The compression ratio stays as entered.",
        count!(s.gzip_level),
        gzipping,
    ),
    field(
        "cpu_hash",
        "SHA-256 chunk hashing",
        Clients,
        Choice(ON_OFF),
        0.0,
        1.0,
        "Hash every chunk with SHA-256 for deduplication (1 GiB/s per core with the SHA extensions).",
        (|s| if s.chunk_hash { 1.0 } else { 0.0 }, |s, v| s.chunk_hash = v >= 0.5),
        reducing,
    ),
    field(
        "cpu_encrypt",
        "AES-GCM encryption",
        Clients,
        Choice(ON_OFF),
        0.0,
        1.0,
        "Encrypt the compressed data with AES-256-GCM (10.3 GB/s per core, OpenSSL on a Xeon 8380).",
        (|s| if s.encrypt { 1.0 } else { 0.0 }, |s, v| s.encrypt = v >= 0.5),
        reducing,
    ),
    field(
        "client_cores",
        "Client cores",
        Clients,
        Count,
        0.0,
        1024.0,
        "Cores of each client a job can use for reduction; 0 = not given (one per stream and thread).",
        count!(s.client_cores),
        reducing,
    ),
    field(
        "threads",
        "Threads per stream",
        Clients,
        Count,
        1.0,
        256.0,
        "Cores one stream's reduction spreads over (the tool's parallelism: 1 for borg 1.x, about 4 for restic on one file).",
        count!(s.threads_per_stream),
        reducing,
    ),
    field(
        "read_rate",
        "Client storage read rate",
        Clients,
        Rate,
        0.0,
        1e12,
        "What each client's disks read with every stream together; 0 = the client class's medium (HDD 261, SATA SSD 560, NVMe 3,500 MB/s), or no limit when entered.",
        real!(s.client_read_bytes_per_sec),
        backup_server,
    ),
    field(
        "client_nic",
        "Client link",
        Network,
        Choice(ETHERNET),
        0.0,
        9.0,
        "Ethernet speed of each client port.",
        (|s| index_of(&EthernetLink::ALL, s.client_link), |s, v| s.client_link = pick(&EthernetLink::ALL, v)),
        backup_server,
    ),
    field(
        "client_ports",
        "Ports per client",
        Network,
        Count,
        1.0,
        64.0,
        "Network ports each client sends on.",
        count!(s.client_ports),
        backup_server,
    ),
    field(
        "server_nic",
        "Backup server link",
        Network,
        Choice(ETHERNET),
        0.0,
        9.0,
        "Ethernet speed of each backup server port.",
        (|s| index_of(&EthernetLink::ALL, s.server_link), |s, v| s.server_link = pick(&EthernetLink::ALL, v)),
        backup_server,
    ),
    field(
        "server_ports",
        "Backup server ports",
        Network,
        Count,
        1.0,
        64.0,
        "Network ports on the backup server.",
        count!(s.server_ports),
        backup_server,
    ),
    field(
        "mtu",
        "MTU",
        Network,
        Count,
        576.0,
        9216.0,
        "IP MTU in bytes (1500 standard, 9000 jumbo frames).",
        count!(s.mtu_bytes),
        always,
    ),
    field(
        "tcp_eff",
        "TCP efficiency",
        Network,
        Number,
        0.5,
        1.0,
        "Share of theoretical TCP goodput hosts reach (0.96 fits seed 000).",
        real!(s.tcp_efficiency),
        always,
    ),
    field(
        "rtt_ms",
        "Round-trip time",
        Network,
        Millis,
        0.0,
        10.0,
        "Between the clients and the backup server (or NFS target); 0 = a LAN.",
        real!(s.rtt_sec),
        always,
    ),
    field(
        "tcp_window",
        "TCP window",
        Network,
        Bytes,
        KIB,
        1024.0 * MIB,
        "Largest TCP window of one stream: it moves at most one window per round trip (Linux send limit: 4 MiB).",
        real!(s.tcp_window_bytes),
        distant,
    ),
    field(
        "conn_rate",
        "Rate of one TCP connection",
        Network,
        Rate,
        1e6,
        1e12,
        "Most one TCP connection carries, set by the core handling it (30 Gbit/s = 3,750 MB/s: single flows reach 15 to 35 Gbit/s on tuned hosts); streams and nconnect add connections.",
        real!(s.connection_bytes_per_sec),
        always,
    ),
    field(
        "loss",
        "Packet loss",
        Network,
        Percent,
        0.0,
        0.5,
        "Share of packets the path loses: each TCP connection then averages the window CUBIC keeps (RFC 8312: 1 % over 50 ms gives 0.35 MB/s per connection); needs a round-trip time.",
        real!(s.packet_loss),
        always,
    ),
    field(
        "ssh",
        "SSH transport",
        Network,
        Choice(SSH_CIPHERS),
        0.0,
        5.0,
        "Each stream travels in one SSH connection (scp, sftp, rsync over ssh, borg or restic over ssh) run on one core at each end: per connection on an x86 server core with AES-NI, AES-GCM 562 to 578, AES-CTR 512 to 534, ChaCha20 (OpenSSH's default) 220 MB/s; at most 2 MiB per round trip.",
        (|s| index_of(&SshCipher::ALL, s.ssh_cipher), |s, v| s.ssh_cipher = pick(&SshCipher::ALL, v)),
        backup_server,
    ),
    field(
        "ssh_rate",
        "Rate of one SSH connection",
        Network,
        Rate,
        0.0,
        1e12,
        "One connection's measured rate on the slower end's CPU (an Atom or ARM NAS, a CPU without AES-NI is far below the x86 figures); 0 = the cipher's x86 figure.",
        real!(s.ssh_bytes_per_sec),
        over_ssh,
    ),
    field(
        "buffers",
        "Buffers per device",
        BackupServer,
        Count,
        1.0,
        1024.0,
        "Backup software buffers per tape device: with the drive's buffer they ride out backhitches.",
        count!(s.buffers),
        drives_used,
    ),
    field(
        "block",
        "Block size",
        BackupServer,
        Bytes,
        512.0,
        16.0 * MIB,
        "I/O block size written to tape: each block pays the per-I/O time.",
        real!(s.block_bytes),
        drives_used,
    ),
    field(
        "buffer_ms",
        "Buffer turnaround (retired)",
        BackupServer,
        Millis,
        1e-5,
        10.0,
        "Retired in model version 2: links with it still load; the per-I/O time replaced it.",
        real!(s.buffer_cycle_sec),
        never,
    ),
    field(
        "io_ms",
        "Per-I/O time",
        BackupServer,
        Millis,
        0.0,
        100.0,
        "Fixed cost of each block written to or read from a drive (0.015 ms on FC or SAS; 0.24 ms on parallel SCSI).",
        real!(s.io_sec),
        drives_used,
    ),
    field(
        "cpu_rate",
        "CPU limit",
        BackupServer,
        Rate,
        1e6,
        1e13,
        "What the backup server's CPUs can move.",
        real!(s.server_cpu_bytes_per_sec),
        backup_server,
    ),
    field(
        "pairing",
        "Client-drive pairing",
        BackupServer,
        Choice(PAIRINGS),
        0.0,
        1.0,
        "Static ties each client to one drive.",
        (
            |s| index_of(&[Pairing::Dynamic, Pairing::Static], s.pairing),
            |s, v| s.pairing = pick(&[Pairing::Dynamic, Pairing::Static], v),
        ),
        tape,
    ),
    field(
        "sessions_per_drive",
        "Sessions per drive",
        BackupServer,
        Count,
        1.0,
        64.0,
        "Jobs the backup server runs at once on one drive (device concurrency) when it schedules the job list; Data Protector's default is 4.",
        count!(s.sessions_per_drive),
        fleet,
    ),
    field(
        "drives_at_once",
        "Drives used at once",
        BackupServer,
        Count,
        0.0,
        1024.0,
        "The most drives the backup server writes to at once for the job list (NetBackup's maximum concurrent write drives); 0 = every drive. Fewer can end the night sooner where the drives outrun the ports they share.",
        count!(s.drives_at_once),
        fleet,
    ),
    field(
        "job_order",
        "Job order",
        BackupServer,
        Choice(JOB_ORDERS),
        0.0,
        3.0,
        "Which waiting job starts next: the longest on a drive (the shortest night), the next as listed, the shortest (short jobs end early, often ending more jobs inside the window) or the lowest priority tier (the job list's priority column, 0 first).",
        (|s| index_of(&JobOrder::ALL, s.job_order), |s, v| s.job_order = pick(&JobOrder::ALL, v)),
        fleet,
    ),
    field(
        "staging",
        "Disk staging",
        BackupServer,
        Choice(STAGING),
        0.0,
        2.0,
        "A holding disk written while the drives read it (concurrent), or spool then despool (serial).",
        (|s| index_of(&Staging::ALL, s.staging), |s, v| s.staging = pick(&Staging::ALL, v)),
        tape,
    ),
    field(
        "stage_write",
        "Staging disk write rate",
        BackupServer,
        Rate,
        1e6,
        1e13,
        "What the holding or spool disk writes (100 MB/s: a disk, per a Bacula developer's rule of thumb).",
        real!(s.stage_write_bytes_per_sec),
        staged,
    ),
    field(
        "stage_read",
        "Staging disk read rate",
        BackupServer,
        Rate,
        1e6,
        1e13,
        "What the holding or spool disk reads back to the drives.",
        real!(s.stage_read_bytes_per_sec),
        staged,
    ),
    field(
        "repo_kind",
        "Repository kind",
        Repository,
        Choice(REPO_KINDS),
        0.0,
        2.0,
        "A disk array, a deduplicating appliance, or an S3-compatible object store.",
        (|s| index_of(&RepoKind::ALL, s.repo_kind), |s, v| s.repo_kind = pick(&RepoKind::ALL, v)),
        repository,
    ),
    field(
        "disks",
        "Disks",
        Repository,
        Count,
        1.0,
        10_000.0,
        "Disks in the repository's array (a USB disk is 1).",
        count!(s.disks),
        repo_disk,
    ),
    field(
        "disk_type",
        "Disk type",
        Repository,
        Choice(DISK_TYPES),
        0.0,
        3.0,
        "7,200 or 10,000 rpm hard disks, SATA SSDs or NVMe: sets each disk's sequential rate and random I/O time.",
        (|s| index_of(&DiskType::ALL, s.disk_type), |s, v| s.disk_type = pick(&DiskType::ALL, v)),
        repo_disk,
    ),
    field(
        "raid",
        "RAID level",
        Repository,
        Choice(RAIDS),
        0.0,
        4.0,
        "RAID 0, 10, 5, 6 or erasure coding: the data disks for full-stripe writes and the penalty of a random write (1, 2, 4, 6, 2 x (1 + m)).",
        (|s| index_of(&Raid::ALL, s.raid), |s, v| s.raid = pick(&Raid::ALL, v)),
        repo_disk,
    ),
    field(
        "ec_k",
        "Erasure coding data fragments",
        Repository,
        Count,
        1.0,
        32.0,
        "k of k + m: data fragments per stripe.",
        count!(s.ec_k),
        repo_ec,
    ),
    field(
        "ec_m",
        "Erasure coding parity fragments",
        Repository,
        Count,
        1.0,
        16.0,
        "m of k + m: parity fragments per stripe.",
        count!(s.ec_m),
        repo_ec,
    ),
    field(
        "repo_pattern",
        "Repository writes",
        Repository,
        Choice(PATTERNS),
        0.0,
        1.0,
        "Sequential streams into full stripes (backup files), or random writes of small packs (restic, borg, chunk stores).",
        (|s| index_of(&Pattern::ALL, s.repo_pattern), |s, v| s.repo_pattern = pick(&Pattern::ALL, v)),
        repo_disk,
    ),
    field(
        "repo_io",
        "Repository write size",
        Repository,
        Bytes,
        4.0 * KIB,
        1024.0 * MIB,
        "Bytes per random write or read: a pack, a chunk, or the largest command the disk's link takes (120 KiB on Linux USB).",
        real!(s.repo_io_bytes),
        repo_random,
    ),
    field(
        "appliance",
        "Appliance class",
        Repository,
        Choice(APPLIANCES),
        0.0,
        1.0,
        "The deduplicating appliance's model class, with the vendor's ingest figures.",
        (|s| index_of(&ApplianceClass::ALL, s.appliance), |s, v| s.appliance = pick(&ApplianceClass::ALL, v)),
        repo_appliance,
    ),
    field(
        "appliances",
        "Appliances",
        Repository,
        Count,
        1.0,
        1000.0,
        "Appliances the backup is spread over.",
        count!(s.appliances),
        repo_appliance,
    ),
    field(
        "appliance_rate",
        "Appliance ingest",
        Repository,
        Rate,
        0.0,
        1e12,
        "One appliance's ingest when you know it; 0 = the class's vendor figure (higher with source reduction on).",
        real!(s.appliance_bytes_per_sec),
        repo_appliance,
    ),
    field(
        "rehydrate",
        "Rehydrated read share",
        Repository,
        Percent,
        0.01,
        1.0,
        "Reading a deduplicated backup back (restore, copy to tape), as a share of the ingest rate. 40 % is an assumption (published drops run from 12 % to orders of magnitude): enter your appliance's measured restore rate over its ingest.",
        real!(s.rehydration_share),
        repo_appliance,
    ),
    field(
        "obj_latency_ms",
        "Object request latency",
        Repository,
        Millis,
        1e-4,
        10.0,
        "Fixed time of one request to the object store before its bytes (100 ms: the low end of Amazon S3's 100-200 ms).",
        real!(s.obj_latency_sec),
        repo_object,
    ),
    field(
        "obj_part",
        "Object part size",
        Repository,
        Bytes,
        KIB,
        5.0 * 1024.0 * MIB,
        "Bytes per upload request: a multipart part or a whole object (8 MiB: the AWS CLI's default).",
        real!(s.obj_part_bytes),
        repo_object,
    ),
    field(
        "parts_in_flight",
        "Parts in flight per stream",
        Repository,
        Count,
        1.0,
        1000.0,
        "Requests each stream keeps open at once (10: the AWS CLI's default).",
        count!(s.parts_in_flight),
        repo_object,
    ),
    field(
        "prefixes",
        "Object key prefixes",
        Repository,
        Count,
        1.0,
        10_000.0,
        "Prefixes the objects are spread over; each takes 3,500 PUT and 5,500 GET requests per second (Amazon S3).",
        count!(s.prefixes),
        repo_object,
    ),
    field(
        "copy_to_tape",
        "Copy to tape",
        Repository,
        Choice(ON_OFF),
        0.0,
        1.0,
        "After the backup, copy it from the repository to the tape drives (a second phase).",
        (|s| if s.copy_to_tape { 1.0 } else { 0.0 }, |s, v| s.copy_to_tape = v >= 0.5),
        repository,
    ),
    field(
        "copy_window_h",
        "Copy window",
        Repository,
        Hours,
        0.0,
        8760.0 * 3600.0,
        "Time the copy to tape must finish in; 0 = the backup's window, backup then copy.",
        real!(s.copy_window_sec),
        copying,
    ),
    field(
        "stage_medium",
        "Holding disk medium",
        BackupServer,
        Choice(STAGE_MEDIA),
        0.0,
        1.0,
        "Hard disks seek each time a holding disk switches between spooling and despooling (12.4 ms each); SSDs do not.",
        (|s| index_of(&StageMedium::ALL, s.stage_medium), |s, v| s.stage_medium = pick(&StageMedium::ALL, v)),
        holding_disk,
    ),
    field(
        "stage_run",
        "Holding disk run between seeks",
        BackupServer,
        Bytes,
        4.0 * KIB,
        1024.0 * MIB,
        "Bytes a hard-disk holding disk reads or writes before it seeks back to the other stream (1 MiB assumed).",
        real!(s.stage_run_bytes),
        seeking_holding_disk,
    ),
    field(
        "attach",
        "Drive attachment",
        Tape,
        Choice(ATTACHMENTS),
        0.0,
        1.0,
        "Fibre Channel HBA ports, or SAS lanes (one per drive port).",
        (
            |s| index_of(&[Attachment::Fc, Attachment::Sas], s.attachment),
            |s, v| s.attachment = pick(&[Attachment::Fc, Attachment::Sas], v),
        ),
        drives_used,
    ),
    field(
        "fc",
        "FC speed",
        Tape,
        Choice(FC),
        0.0,
        6.0,
        "Fibre Channel speed of the HBA ports.",
        (|s| index_of(&FcSpeed::ALL, s.fc_speed), |s, v| s.fc_speed = pick(&FcSpeed::ALL, v)),
        on_fc,
    ),
    field(
        "fc_ports",
        "FC HBA ports",
        Tape,
        Count,
        1.0,
        256.0,
        "HBA ports carrying the drives.",
        count!(s.fc_ports),
        on_fc,
    ),
    field(
        "sas",
        "SAS speed",
        Tape,
        Choice(SAS),
        0.0,
        2.0,
        "SAS lane speed: 3G, 6G (LTO-5 to LTO-8) or 12G (LTO-9, LTO-10).",
        (|s| index_of(&SasSpeed::ALL, s.sas_speed), |s, v| s.sas_speed = pick(&SasSpeed::ALL, v)),
        on_sas,
    ),
    field(
        "sas_ports",
        "SAS lanes",
        Tape,
        Count,
        1.0,
        256.0,
        "SAS lanes carrying the drives (a drive uses one).",
        count!(s.sas_ports),
        on_sas,
    ),
    field(
        "lto",
        "Drive generation",
        Tape,
        Choice(LTO),
        0.0,
        9.0,
        "LTO generation of the tape drives (vendor figures; assumed, as no table was found: the lowest speed-matching rate of LTO-1, 4 and 6, and the buffer of LTO-1, LTO-2 full height, 4, 6, 9 and 10).",
        (|s| index_of(&LtoGeneration::ALL, s.lto), |s, v| s.lto = pick(&LtoGeneration::ALL, v)),
        drives_used,
    ),
    field(
        "drives",
        "Tape drives",
        Tape,
        Count,
        1.0,
        1024.0,
        "Tape drives written in parallel.",
        count!(s.drives),
        drives_used,
    ),
    field(
        "form",
        "Drive height",
        Tape,
        Choice(FORMS),
        0.0,
        1.0,
        "Full-height or half-height drives: from LTO-8 on, half height is slower (300 MB/s native).",
        (|s| index_of(&FormFactor::ALL, s.form), |s, v| s.form = pick(&FormFactor::ALL, v)),
        drives_used,
    ),
    field(
        "media",
        "Cartridges",
        Tape,
        Choice(MEDIA),
        0.0,
        2.0,
        "The drive's own generation, the previous one (an LTO-9 drive writing LTO-8), or M8 in an LTO-8 drive.",
        (|s| index_of(&Media::ALL, s.media), |s, v| s.media = pick(&Media::ALL, v)),
        drives_used,
    ),
    field(
        "drive_rate",
        "Drive native rate",
        Tape,
        Rate,
        0.0,
        1e10,
        "The drive's native rate from its own data sheet; 0 = the catalogue's figure for the generation and height.",
        real!(s.drive_native_bytes_per_sec),
        drives_used,
    ),
    field(
        "backhitch_s",
        "Backhitch time",
        Tape,
        Seconds,
        0.0,
        60.0,
        "Time a drive takes to stop, reposition and restart when its feed runs dry (assumed 3 s: vendors publish none).",
        real!(s.backhitch_sec),
        drives_used,
    ),
    field(
        "filemark",
        "Data between filemarks",
        Tape,
        Bytes,
        0.0,
        1e15,
        "Data the backup writes between filemarks that wait for the tape (Bareos and Bacula: Maximum File Size; Bareos's default is 1 GB); each stops the drive for one backhitch. 0 = none within a job.",
        real!(s.filemark_bytes),
        drives_used,
    )
    // A tape file holds at least a block (up to 1 MiB in Bareos by default): under 1 MB the spacing
    // describes no backup program.
    .least(1e6),
    field(
        "new_carts",
        "New LTO-9 cartridges",
        Tape,
        Count,
        0.0,
        1e6,
        "Cartridges loaded for the first time tonight (by the backup or its copy to tape; with a job list, dealt over the drives in turn): a new LTO-9 cartridge (L9 media) runs media optimisation before the first write (IBM: 40 min on average, up to 2 h).",
        count!(s.new_cartridges),
        lto9_media,
    ),
    field(
        "media_opt_s",
        "Media optimisation time",
        Tape,
        Seconds,
        0.0,
        4.0 * 3600.0,
        "Time one new LTO-9 cartridge spends in media optimisation on its first load (2,400 s: IBM's 40 min average; most finish within 60 min, some take 2 h).",
        real!(s.media_optimisation_sec),
        lto9_media,
    ),
    field(
        "restore_streams",
        "Restore streams per client",
        Restore,
        Count,
        0.0,
        256.0,
        "Concurrent restore streams on each client; 0 = as many as the backup's.",
        count!(s.restore_streams),
        backup_server,
    ),
    field(
        "restore_rate",
        "Write rate of one restore stream",
        Restore,
        Rate,
        0.0,
        1e12,
        "What one restore stream writes; 0 = the backup's rate of one stream (45 MB/s on a flash client class).",
        real!(s.restore_stream_bytes_per_sec),
        backup_server,
    ),
    field(
        "restore_file_ms",
        "Per-file create time",
        Restore,
        Millis,
        0.0,
        1.0,
        "Client time to create each restored file (2.231 ms fits HP's small-file restore to Windows NTFS; HP-UX VxFS: 0.243 ms); used when the client class is entered.",
        real!(s.restore_file_sec),
        class_entered,
    ),
    field(
        "restore_disk",
        "Target disk write rate",
        Restore,
        Rate,
        0.0,
        1e12,
        "What each client's target disks write in a restore; 0 = they keep up with the restore streams.",
        real!(s.restore_disk_bytes_per_sec),
        tape,
    ),
    field(
        "restore_app",
        "Application restore work",
        Restore,
        Rate,
        0.0,
        1e12,
        "Rate of the application's own restore work on each client, paid on top of the writes (a database initialising its files or replaying logs); 0 = none.",
        real!(s.restore_app_bytes_per_sec),
        tape,
    ),
    field(
        "restore_files",
        "Files located (partial restore)",
        Restore,
        Count,
        0.0,
        1e9,
        "Files a partial restore fetches one by one, each costing the drive an average locate (45 s on LTO-9, IBM); 0 = the whole data set, read in tape order.",
        count!(s.restore_files),
        tape,
    ),
    field(
        "restore_io_ms",
        "Per-READ time",
        Restore,
        Millis,
        0.0,
        100.0,
        "Fixed cost of each block read back when the reader keeps one READ outstanding (LTFS: 0.4997 ms, from its maintainer's four-drive measurement); 0 = the per-I/O time.",
        real!(s.restore_io_sec),
        tape,
    ),
    field(
        "restore_tiers",
        "Restore tiers",
        Restore,
        Choice(RESTORE_TIERS),
        0.0,
        1.0,
        "How the disaster-recovery restore of the job list starts its priority tiers: together (every job as soon as a drive is free, tier 0 first, so lower tiers share ports and the server with the tiers above) or in turn (each tier once the tier above it is back).",
        (|s| index_of(&RestoreTiers::ALL, s.restore_tiers), |s, v| s.restore_tiers = pick(&RestoreTiers::ALL, v)),
        tiered,
    ),
    field(
        "workload",
        "Workload",
        Nfs,
        Choice(WORKLOADS),
        0.0,
        2.0,
        "Send snapshots, retrieve them, or both at once.",
        (
            |s| index_of(&[NfsWorkload::Send, NfsWorkload::Retrieve, NfsWorkload::Mixed], s.nfs_workload),
            |s, v| s.nfs_workload = pick(&[NfsWorkload::Send, NfsWorkload::Retrieve, NfsWorkload::Mixed], v),
        ),
        nfs,
    ),
    field(
        "arrays",
        "Source arrays",
        Nfs,
        Count,
        1.0,
        64.0,
        "Storage arrays sending or retrieving.",
        count!(s.arrays),
        nfs,
    ),
    field(
        "source_nic",
        "Source link",
        Nfs,
        Choice(ETHERNET),
        0.0,
        9.0,
        "Ethernet speed of each source (array or NFS client) port; one TCP connection uses one port.",
        (|s| index_of(&EthernetLink::ALL, s.source_link), |s, v| s.source_link = pick(&EthernetLink::ALL, v)),
        nfs,
    ),
    field(
        "source_ports",
        "Ports per source",
        Nfs,
        Count,
        1.0,
        64.0,
        "Network ports on each source.",
        count!(s.source_ports),
        nfs,
    ),
    field(
        "volumes",
        "Volumes sent per array",
        Nfs,
        Count,
        1.0,
        1024.0,
        "Volume snapshots each array sends at once.",
        count!(s.send_volumes),
        nfs_sends,
    ),
    field(
        "retrieve_volumes",
        "Volumes retrieved per array",
        Nfs,
        Count,
        1.0,
        1024.0,
        "Volume snapshots each array retrieves at once.",
        count!(s.retrieve_volumes),
        nfs_retrieves,
    ),
    field(
        "volume_send_rate",
        "Send rate per volume",
        Nfs,
        Rate,
        1e3,
        1e12,
        "What one volume's send stream moves.",
        real!(s.volume_send_bytes_per_sec),
        nfs_sends,
    ),
    field(
        "volume_retrieve_rate",
        "Retrieve rate per volume",
        Nfs,
        Rate,
        1e3,
        1e12,
        "What one volume's retrieve stream moves.",
        real!(s.volume_retrieve_bytes_per_sec),
        nfs_retrieves,
    ),
    field(
        "nfs_nodes",
        "NFS nodes",
        Nfs,
        Count,
        1.0,
        64.0,
        "Appliance nodes serving the shares.",
        count!(s.nfs_nodes),
        nfs,
    ),
    field("node_rate", "Rate per node", Nfs, Rate, 1e6, 1e13, "What one node moves.", real!(s.node_bytes_per_sec), nfs),
    field(
        "file_systems",
        "File systems",
        Nfs,
        Count,
        1.0,
        256.0,
        "File systems (shares) the data is spread over.",
        count!(s.file_systems),
        nfs,
    ),
    field(
        "fs_write_rate",
        "Write rate per file system",
        Nfs,
        Rate,
        1e6,
        1e13,
        "Write rate of one file system.",
        real!(s.fs_write_bytes_per_sec),
        nfs_sends,
    ),
    field(
        "fs_read_rate",
        "Read rate per file system",
        Nfs,
        Rate,
        1e6,
        1e13,
        "Read rate of one file system.",
        real!(s.fs_read_bytes_per_sec),
        nfs_retrieves,
    ),
    field(
        "interfaces",
        "Network interfaces",
        Nfs,
        Count,
        1.0,
        64.0,
        "Virtual IPs (interfaces) of the target.",
        count!(s.nfs_interfaces),
        nfs,
    ),
    field(
        "nfs_nic",
        "Interface link",
        Nfs,
        Choice(ETHERNET),
        0.0,
        9.0,
        "Ethernet speed behind each interface.",
        (|s| index_of(&EthernetLink::ALL, s.nfs_link), |s, v| s.nfs_link = pick(&EthernetLink::ALL, v)),
        nfs,
    ),
    field("rsize", "rsize", Nfs, Bytes, 4.0 * KIB, MIB, "NFS mount read size.", real!(s.rsize_bytes), nfs_retrieves),
    field("wsize", "wsize", Nfs, Bytes, 4.0 * KIB, MIB, "NFS mount write size.", real!(s.wsize_bytes), nfs_sends),
    field(
        "sync",
        "Sync export",
        Nfs,
        Choice(ON_OFF),
        0.0,
        1.0,
        "Writes wait for stable storage (the seed's rw,sync export).",
        (|s| if s.sync_export { 1.0 } else { 0.0 }, |s, v| s.sync_export = v >= 0.5),
        // Buffered writes are answered from the server's memory whatever the export says (a page trial
        // found it shown beside them).
        stable_sends,
    ),
    field(
        "writes",
        "Client writes",
        Nfs,
        Choice(NFS_WRITES),
        0.0,
        1.0,
        "stable: each write waits for its reply, and on a sync export for its commit (O_DIRECT, O_SYNC, ESXi, seed 002's appliance); buffered: through the client's page cache, WRITEs of wsize answered from the server's memory, many in flight, one COMMIT per file (cp, dd, file managers, most backup software on a mounted share).",
        (|s| index_of(&NfsWrites::ALL, s.nfs_writes), |s, v| s.nfs_writes = pick(&NfsWrites::ALL, v)),
        nfs_sends,
    ),
    field(
        "medium",
        "Medium behind the export",
        Nfs,
        Choice(MEDIUMS),
        0.0,
        3.0,
        "Sets the sync commit time: entered (below), HDD 9.4 ms, NVMe without power-loss protection 4.86 ms, a battery-backed cache 0.1 ms (assumed).",
        (|s| index_of(&NfsMedium::ALL, s.nfs_medium), |s, v| s.nfs_medium = pick(&NfsMedium::ALL, v)),
        sync_sends,
    ),
    field(
        "write_size",
        "Client write size",
        Nfs,
        Bytes,
        512.0,
        16.0 * MIB,
        "Size of the writes the client issues; each request is the smaller of this and wsize (ESXi's vmkfstools: 64 KiB).",
        real!(s.client_write_bytes),
        stable_sends,
    ),
    field(
        "in_flight",
        "Requests in flight",
        Nfs,
        Count,
        1.0,
        1024.0,
        "Requests each connection keeps outstanding, for reads and for writes that wait for each reply (1 fits seed 002's appliance); buffered writes keep the connection full.",
        count!(s.nfs_in_flight),
        waits_for_replies,
    ),
    field(
        "nconnect",
        "Connections per mount",
        Nfs,
        Count,
        1.0,
        16.0,
        "TCP connections per mount (Linux nconnect, kernel 5.3 on), each on its own port.",
        count!(s.nconnect),
        nfs,
    ),
    field(
        "rpc_ms",
        "RPC round trip",
        Nfs,
        Millis,
        0.0,
        1.0,
        "Fixed cost of one NFS RPC.",
        real!(s.rpc_overhead_sec),
        nfs,
    ),
    field(
        "commit_ms",
        "Sync commit",
        Nfs,
        Millis,
        0.0,
        1.0,
        "Time each WRITE waits for stable storage on a sync export (3.0916 ms fits seed 002).",
        real!(s.sync_commit_sec),
        commit_entered,
    ),
    field(
        "full_every_days",
        "Full backup every",
        Retention,
        Count,
        0.0,
        3650.0,
        "Days from one full backup to the next; 0 = forever incremental (one full, then only incrementals, the oldest merged into the full).",
        count!(s.full_every_days),
        always,
    ),
    field(
        "between_fulls",
        "Between fulls",
        Retention,
        Choice(BETWEEN_FULLS),
        0.0,
        1.0,
        "Incrementals save what changed since the night before; differentials what changed since the full.",
        (|s| index_of(&BetweenFulls::ALL, s.between_fulls), |s, v| s.between_fulls = pick(&BetweenFulls::ALL, v)),
        periodic,
    ),
    field(
        "change_rate",
        "Daily change",
        Retention,
        Percent,
        0.0,
        1.0,
        "Share of the data set that changes each day (typically 1 to 5 %).",
        real!(s.change_rate),
        always,
    ),
    field(
        "retention_days",
        "Daily points kept",
        Retention,
        Count,
        1.0,
        3650.0,
        "Nightly restore points kept; older ones go once no kept point depends on them.",
        count!(s.retention_days),
        always,
    ),
    field(
        "keep_weekly",
        "Weekly fulls kept",
        Retention,
        Count,
        0.0,
        520.0,
        "Weekly full backups kept besides the dailies (grandfather-father-son).",
        count!(s.keep_weekly),
        always,
    ),
    field(
        "keep_monthly",
        "Monthly fulls kept",
        Retention,
        Count,
        0.0,
        240.0,
        "Monthly full backups kept.",
        count!(s.keep_monthly),
        always,
    ),
    field(
        "keep_yearly",
        "Yearly fulls kept",
        Retention,
        Count,
        0.0,
        100.0,
        "Yearly full backups kept.",
        count!(s.keep_yearly),
        always,
    ),
    field(
        "growth",
        "Data growth",
        Retention,
        Percent,
        0.0,
        10.0,
        "Growth of the data set per year, compound (20 to 50 % is common).",
        real!(s.growth_per_year),
        always,
    ),
    field(
        "library_slots",
        "Library slots",
        Retention,
        Count,
        0.0,
        100_000.0,
        "Cartridge slots in the tape library for the retained backups (or a repository's copies to tape); 0 = not given.",
        count!(s.library_slots),
        Scenario::on_cartridges,
    ),
    field(
        "target_capacity",
        "Target capacity",
        Retention,
        Bytes,
        0.0,
        1e17,
        "Space on the backup target for the retained backups, after source reduction (on tape: native, after the drive's compression); 0 = not given.",
        real!(s.target_capacity_bytes),
        always,
    ),
    field(
        "horizon_days",
        "Timeline length",
        Retention,
        Count,
        7.0,
        3653.0,
        "Days the timeline looks ahead: 1095, or 3y, 18m, 6w.",
        count!(s.horizon_days),
        always,
    ),
];
