//! The ports that carry the tape drives: Fibre Channel HBA ports or SAS lanes (seed 000).

/// What `items` holding equal shares of the data, dealt round robin over `slots` (so `items % slots`
/// slots hold one more), move together when the job ends with its busiest slot: clients tied to drives.
///
/// # Formula
/// A slot of `k` items carries `k / items` of the data at `min(slot_rate, k x item_rate)`, so the job
/// takes the longest of those times, and moves `min over k of items / k x min(slot_rate, k x item_rate)`
/// (slots with no item carry nothing). Five clients of 2 TB at 1,130 MB/s tied to two LTO-4s at
/// 236.75 MB/s: the drive with three writes 6 TB in 7 h 02 min, so the five move
/// 5 / 3 x 236.75 = 394.6 MB/s, not the 473.5 MB/s both drives write while both run (a trial's).
pub fn round_robin_bytes_per_sec(items: u32, slots: u32, item_bytes_per_sec: f64, slot_bytes_per_sec: f64) -> f64 {
    if slots == 0 || items == 0 {
        return 0.0;
    }
    let (q, r) = (items / slots, items % slots);
    let ending = |k: u32| f64::from(items) / f64::from(k) * slot_bytes_per_sec.min(f64::from(k) * item_bytes_per_sec);
    let busiest = if r > 0 { ending(q + 1) } else { f64::INFINITY };
    if q > 0 {
        busiest.min(ending(q))
    } else {
        busiest
    }
}

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
    fn clients_tied_to_drives_end_with_the_busiest_drive() {
        let table = [
            // (clients, drives, per client, per drive, expected)
            (5, 2, 1_130e6, 236.75e6, 5.0 / 3.0 * 236.75e6),
            (3, 2, 1_130e6, 236.75e6, 3.0 / 2.0 * 236.75e6),
            // Nothing binds a drive: every client at its own rate.
            (5, 2, 40e6, 236.75e6, 200e6),
            // Fewer clients than drives: one each, the rest idle.
            (2, 4, 100e6, 80e6, 160e6),
            (4, 2, 100e6, 150e6, 300e6),
            (0, 2, 100e6, 150e6, 0.0),
            (3, 0, 100e6, 150e6, 0.0),
        ];
        for (items, slots, item, slot, expected) in table {
            let got = round_robin_bytes_per_sec(items, slots, item, slot);
            assert!((got - expected).abs() <= 1e-6 * expected.max(1.0), "{items} on {slots}: {got}");
        }
    }

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
