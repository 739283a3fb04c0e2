//! Distance: a TCP stream moves at most one window per round trip.

/// Largest TCP window a Linux sender uses by default, bytes: 4 MiB.
///
/// Source: the Linux kernel's `ip-sysctl` documentation, `tcp_wmem` max "between 64K and 4MB,
/// depending on RAM size" (send side; the receive side's `tcp_rmem` allows 6 MB). With autotuning the
/// window grows to the smaller of the two.
pub const DEFAULT_TCP_WINDOW_BYTES: f64 = 4.0 * 1_048_576.0;

/// What `streams` TCP streams can move over a path with round-trip time `rtt_sec`, bytes/s: each at
/// most `window / rtt` (infinite on a LAN, `rtt_sec = 0`).
///
/// # Formula
/// `streams x window / rtt`. A 4 MiB window over 15 ms: 279.6 MB/s per stream.
pub fn window_bytes_per_sec(streams: f64, window_bytes: f64, rtt_sec: f64) -> f64 {
    if rtt_sec > 0.0 {
        streams * window_bytes / rtt_sec
    } else {
        f64::INFINITY
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn window_over_round_trip() {
        let one = window_bytes_per_sec(1.0, DEFAULT_TCP_WINDOW_BYTES, 0.015);
        assert!((one / 279.62e6 - 1.0).abs() < 1e-4, "{one}");
        assert_eq!(window_bytes_per_sec(4.0, 65_536.0, 0.0), f64::INFINITY);
    }
}
