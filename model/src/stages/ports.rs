//! The ports that carry the tape drives: Fibre Channel HBA ports or SAS lanes (seed 000).

/// Sum over `slots` of `min(slot_rate, k x item_rate)` when `items` are dealt round robin over `slots`
/// (so `items % slots` slots hold one more). Used for drives on ports and clients on drives.
pub fn round_robin_bytes_per_sec(items: u32, slots: u32, item_bytes_per_sec: f64, slot_bytes_per_sec: f64) -> f64 {
    if slots == 0 {
        return 0.0;
    }
    let (q, r) = (items / slots, items % slots);
    let full = |k: u32| slot_bytes_per_sec.min(f64::from(k) * item_bytes_per_sec);
    f64::from(r) * full(q + 1) + f64::from(slots - r) * full(q)
}

/// What the ports can carry to their drives, bytes/s.
///
/// # Formula
/// Drives are spread round robin over the ports. When some port has more drive throughput behind it than
/// it carries (two LTO-4 drives at 225 MB/s behind one 4GFC port at 400 MB/s), the ports carry
/// `sum over ports of min(port throughput, drives on it x drive_bytes_per_sec)`, less than the drives
/// could write, and the ports are the bottleneck. Otherwise every port in use (`min(ports, drives)`)
/// can run at its full throughput, and a port without a drive adds nothing.
pub fn ports_bytes_per_sec(port_bytes_per_sec: f64, ports: u32, drives: u32, drive_bytes_per_sec: f64) -> f64 {
    let loaded = round_robin_bytes_per_sec(drives, ports, drive_bytes_per_sec, port_bytes_per_sec);
    if loaded < f64::from(drives) * drive_bytes_per_sec * (1.0 - 1e-12) {
        loaded
    } else {
        f64::from(ports.min(drives)) * port_bytes_per_sec
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drives_on_ports() {
        let table = [
            // (ports, drives, expected MB/s) for LTO-4 at 225 MB/s on 4GFC (400 MB/s)
            (4, 4, 1600.0),
            (1, 2, 400.0),
            (2, 3, 625.0),
            (4, 1, 400.0),
        ];
        for (ports, drives, expected) in table {
            let got = ports_bytes_per_sec(400e6, ports, drives, 225e6) / 1e6;
            assert!((got - expected).abs() < 1e-9, "{ports} ports {drives} drives: {got}");
        }
    }
}
