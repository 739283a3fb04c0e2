//! NFS target (seed 002): mounts limited by rsize/wsize and sync commits, interfaces, nodes, file systems.

/// Rate of one NFS mount moving `io_bytes` per RPC, bytes/s.
///
/// # Formula
/// `io / (rpc + commit + io / link goodput)`: one RPC at a time per mount, each paying a round trip,
/// on a sync export a commit to stable storage (writes only), and its bytes on the wire. Seed 002,
/// wsize 1 MiB, sync, 10GbE: 1,048,576 / (0.5 + 3.0916 + 0.9281 ms) = 232 MB/s.
pub fn mount_bytes_per_sec(io_bytes: f64, rpc_sec: f64, commit_sec: f64, link_goodput_bytes_per_sec: f64) -> f64 {
    io_bytes / (rpc_sec + commit_sec + io_bytes / link_goodput_bytes_per_sec)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::EthernetLink;

    #[test]
    fn seed_002_mount_rates() {
        let goodput = EthernetLink::Gbe10.goodput_bytes_per_sec(1500.0, 0.96);
        let write = mount_bytes_per_sec(1_048_576.0, 0.5e-3, crate::scenario::NFS_SYNC_COMMIT_SEC, goodput);
        assert!((write / 232e6 - 1.0).abs() < 1e-4, "{write}");
        let read = mount_bytes_per_sec(1_048_576.0, 0.5e-3, 0.0, goodput);
        assert!(read > 700e6 && read < 750e6, "{read}");
    }
}
