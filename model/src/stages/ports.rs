//! The ports that carry the tape drives: Fibre Channel HBA ports or SAS lanes (seed 000).

/// Drives on the busiest port when `drives` are dealt round robin over `ports`: `ceil(drives / ports)`
/// (0 without ports or drives). The fleet schedule deals its drives the same way.
pub fn busiest_port_drives(ports: u32, drives: u32) -> u32 {
    if ports == 0 {
        0
    } else {
        drives.div_ceil(ports)
    }
}

/// How many ports' worth of throughput the drives can use: `drives / ceil(drives / ports)` (0 without
/// ports or drives). With as many ports as drives or more, one per drive; with 4 drives on 2 ports, 2;
/// with 3 drives on 2 ports, 1.5 (two drives share port 1, so each drive gets at most half a port,
/// and the three drives, taking equal shares of the data, at most 3 halves).
pub fn ports_worth(ports: u32, drives: u32) -> f64 {
    match busiest_port_drives(ports, drives) {
        0 => 0.0,
        busiest => f64::from(drives) / f64::from(busiest),
    }
}

/// What the ports can carry to their drives, bytes/s: `port_bytes_per_sec x ports_worth(ports,
/// drives)`.
///
/// # Formula
/// Drives are dealt round robin over the ports (as the fleet schedule deals them), so the busiest port
/// carries `k = ceil(drives / ports)` drives and gives each at most `port_bytes_per_sec / k`. A
/// backup spread evenly over the drives (each drive the same share of the data) then moves at most
/// `drives x port_bytes_per_sec / k`: with `drives` a multiple of `ports`, or no more drives than
/// ports, every port in use at its full throughput; otherwise less than the ports together carry
/// (three drives on two 2GFC ports at 200 MB/s: 3 x 100 = 300 MB/s, not 400), because the drive
/// alone on its port finishes its share early and the two on the shared port set the end. Whether
/// the ports bind depends on the drives: two LTO-4 drives at 225 MB/s on one 4GFC port get 200 MB/s
/// each. A port without a drive adds nothing; without ports or drives nothing moves (0).
pub fn ports_bytes_per_sec(port_bytes_per_sec: f64, ports: u32, drives: u32) -> f64 {
    port_bytes_per_sec * ports_worth(ports, drives)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drives_on_ports() {
        let table = [
            // (ports, drives, busiest port's drives, expected MB/s) on 4GFC (400 MB/s)
            (4, 4, 1, 1600.0),
            (1, 2, 2, 400.0),
            // Two drives share port 1: each gets 200 MB/s, and so does the drive alone on port 2
            // when the three take equal shares.
            (2, 3, 2, 600.0),
            (2, 4, 2, 800.0),
            (3, 7, 3, 7.0 / 3.0 * 400.0),
            (4, 1, 1, 400.0),
            (0, 3, 0, 0.0),
            (2, 0, 0, 0.0),
        ];
        for (ports, drives, busiest, expected) in table {
            assert_eq!(busiest_port_drives(ports, drives), busiest, "{ports} ports {drives} drives");
            let got = ports_bytes_per_sec(400e6, ports, drives) / 1e6;
            assert!((got - expected).abs() < 1e-9, "{ports} ports {drives} drives: {got}");
        }
    }
}
