//! NFS clients as they drive a target (seed 002): requests in flight per connection, connections per
//! mount (`nconnect`), the size of each request, and on a sync export the commit each WRITE waits for.

/// Rate of one NFS mount, bytes/s.
///
/// # Formula
/// Each connection keeps `in_flight` requests of `io_bytes` outstanding. One request takes
/// `rpc + commit + io / wire`: a round trip, on a sync export the commit to stable storage (writes
/// only), and its bytes on the wire, where `wire` is the goodput of the one port the connection's TCP
/// flow uses. So a connection moves `min(wire, in_flight x io / (rpc + commit + io / wire))`, and a
/// mount `connections` times that. On a sync export a mount's WRITEs commit one at a time (each mount
/// writes its own file, and one file's commits go to stable storage in turn), so a mount never exceeds
/// `io / commit`, whatever its requests in flight or connections.
///
/// Seed 002 (wsize 1 MiB, sync, 10GbE, one request at a time, one connection):
/// 1,048,576 / (0.5 + 3.0916 + 0.9281 ms) = 232 MB/s.
pub fn mount_bytes_per_sec(
    io_bytes: f64,
    rpc_sec: f64,
    commit_sec: f64,
    wire_bytes_per_sec: f64,
    in_flight: u32,
    connections: u32,
) -> f64 {
    let request_sec = rpc_sec + commit_sec + io_bytes / wire_bytes_per_sec;
    let per_connection = (f64::from(in_flight) * io_bytes / request_sec).min(wire_bytes_per_sec);
    let commits = if commit_sec > 0.0 { io_bytes / commit_sec } else { f64::INFINITY };
    (f64::from(connections) * per_connection).min(commits)
}

/// WRITE requests a Linux client keeps in flight on one connection when its page cache sends them:
/// 65,536, the RPC slot table's default ceiling (`sunrpc.tcp_max_slot_table_entries`, Linux
/// `Documentation/admin-guide/kernel-parameters.txt`; the table grows on demand from 2 slots since
/// Linux 3.1). So many requests keep any link full: with buffered writes a connection moves what its
/// port carries, `min(wire, 65,536 x wsize / request time)` = `wire`.
///
/// Buffered writes go out `UNSTABLE` (RFC 1813, section 3.3.7: the server may answer before the data
/// reaches stable storage) and the client sends one COMMIT per file when it closes or syncs it, so a
/// sync export adds no wait per request. That COMMIT is not counted: for a file of many `wsize`
/// requests it is one round trip plus what the server has not yet written, which the file system's
/// write rate already bounds. macOS's client is **assumed** to buffer the same way (no public figure
/// for its number of outstanding writes was found).
pub const BUFFERED_IN_FLIGHT: u32 = 65_536;

/// Whether the sync commits, one at a time, are what holds a mount of
/// [`mount_bytes_per_sec`]'s inputs below what its requests and connections would carry.
pub fn commits_cap_the_mount(
    io_bytes: f64,
    rpc_sec: f64,
    commit_sec: f64,
    wire_bytes_per_sec: f64,
    in_flight: u32,
    connections: u32,
) -> bool {
    let request_sec = rpc_sec + commit_sec + io_bytes / wire_bytes_per_sec;
    let requests = f64::from(connections) * (f64::from(in_flight) * io_bytes / request_sec).min(wire_bytes_per_sec);
    commit_sec > 0.0 && io_bytes / commit_sec < requests * (1.0 - 1e-9)
}

/// Commit latency of a sync WRITE by the medium behind the export, seconds.
///
/// # Formula
/// From one copy of a VM image from ESXi to a Linux NFS export (<https://cipeople.github.io/esx-migration/benchmark-results.html>),
/// where `vmkfstools` writes 64 KiB and waits for each reply: on a sync export it ran at 12.3 MiB/s
/// onto consumer NVMe and 6.5 MiB/s onto HDD. One 64 KiB WRITE then took 65,536 / 12,897,485 =
/// 5.081 ms (NVMe) and 65,536 / 6,815,744 = 9.615 ms (HDD); less 0.2 ms round trip and 0.02 ms on
/// the 25GbE wire, the commit is 4.86 ms (NVMe without power-loss protection, every flush reaching
/// flash) and 9.40 ms (HDD, a rotation and a journal write). Fits to one run each.
///
/// A battery- or flash-backed write cache (NVRAM, power-loss-protected SSDs) acknowledges from
/// memory: **assumed** 0.1 ms, no public measurement found.
pub mod commit {
    /// HDD behind the export: 9.40 ms.
    pub const HDD_SEC: f64 = 9.40e-3;
    /// NVMe flash without power-loss protection: 4.86 ms.
    pub const NVME_SEC: f64 = 4.86e-3;
    /// Battery- or flash-backed write cache: 0.1 ms (assumed).
    pub const CACHE_SEC: f64 = 0.1e-3;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::EthernetLink;

    #[test]
    fn seed_002_mount_rates() {
        let goodput = EthernetLink::Gbe10.goodput_bytes_per_sec(1500.0, 0.96);
        let write = mount_bytes_per_sec(1_048_576.0, 0.5e-3, crate::scenario::NFS_SYNC_COMMIT_SEC, goodput, 1, 1);
        assert!((write / 232e6 - 1.0).abs() < 1e-4, "{write}");
        let read = mount_bytes_per_sec(1_048_576.0, 0.5e-3, 0.0, goodput, 1, 1);
        assert!(read > 700e6 && read < 750e6, "{read}");
    }

    #[test]
    fn connections_and_requests_in_flight_multiply_until_the_wire_is_full() {
        let port = EthernetLink::Gbe1.goodput_bytes_per_sec(1500.0, 0.96);
        let one = mount_bytes_per_sec(1_048_576.0, 0.5e-3, 0.0, port, 1, 1);
        let eight = mount_bytes_per_sec(1_048_576.0, 0.5e-3, 0.0, port, 1, 8);
        assert!((eight / one - 8.0).abs() < 1e-9, "each connection on its own port");
        let deep = mount_bytes_per_sec(1_048_576.0, 0.5e-3, 0.0, port, 16, 1);
        assert_eq!(deep, port, "many requests in flight fill the port");
    }

    #[test]
    fn buffered_writes_fill_the_port_whatever_the_export() {
        // A Linux client's page cache on 2.5GbE: 1 MiB UNSTABLE WRITEs, the slot table's worth in flight,
        // no commit per request.
        let port = EthernetLink::Gbe2_5.goodput_bytes_per_sec(1500.0, 0.96);
        let buffered = mount_bytes_per_sec(1_048_576.0, 0.5e-3, 0.0, port, BUFFERED_IN_FLIGHT, 1);
        assert_eq!(buffered, port);
        // The same writes one at a time, each committed on a sync export of NVMe: 1 MiB every
        // 0.5 + 4.86 + 3.71 ms (its bytes on 282.4 MB/s) = 115.6 MB/s, 41 % of the port.
        let stable = mount_bytes_per_sec(1_048_576.0, 0.5e-3, commit::NVME_SEC, port, 1, 1);
        assert!((stable / 1e6 - 115.6).abs() < 0.05, "{stable}");
    }

    #[test]
    fn sync_commits_serialize() {
        let wire = EthernetLink::Gbe25.goodput_bytes_per_sec(9000.0, 0.96);
        let sync = mount_bytes_per_sec(65_536.0, 0.2e-3, commit::NVME_SEC, wire, 8, 4);
        assert!((sync - 65_536.0 / commit::NVME_SEC).abs() < 1e-6);
        let nvme_sync = mount_bytes_per_sec(65_536.0, 0.2e-3, commit::NVME_SEC, wire, 1, 1) / 1_048_576.0;
        assert!((nvme_sync / 12.3 - 1.0).abs() < 0.01, "{nvme_sync} MiB/s");
        let hdd_sync = mount_bytes_per_sec(65_536.0, 0.2e-3, commit::HDD_SEC, wire, 1, 1) / 1_048_576.0;
        assert!((hdd_sync / 6.5 - 1.0).abs() < 0.01, "{hdd_sync} MiB/s");
    }
}
