//! Packet loss: a TCP sender halves (Reno) or cuts to 0.7 (CUBIC) its congestion window at every loss
//! and grows it again one round trip at a time, so over a lossy path a connection averages a window set
//! by the loss rate and the round trip, whatever the link and TCP's largest window. Linux, Windows
//! (since 10 1709) and macOS send with CUBIC by default.

/// CUBIC's average window in its cubic region, segments: `1.054 x rtt^0.75 / p^0.75`.
///
/// Source: RFC 8312 (CUBIC for Fast Long-Distance Networks), section 5.1, Eq. 7: with C = 0.4 and
/// beta_cubic = 0.7, `AVG_W_cubic = 1.054 * (RTT^0.75) / (p^0.75)` under a deterministic loss model (one
/// loss every `1/p` packets), RTT in seconds. Its Table 1 checks it: RTT 0.1 s, p = 10^-4, 187 segments.
pub const CUBIC_WINDOW_FACTOR: f64 = 1.054;

/// Standard (Reno) TCP's average window, segments: `1.2 / sqrt(p)`; CUBIC never does worse, as its
/// TCP-friendly region keeps it at Reno's window where that is larger (short round trips, high loss).
///
/// Source: RFC 8312 section 5.1, Tables 1 and 2 ("Average TCP W", from RFC 3649): 12 segments at
/// p = 10^-2, 120 at 10^-4, 1,200 at 10^-6, i.e. `1.2 / sqrt(p)` (Mathis et al.'s `sqrt(3/2) / sqrt(p)`,
/// rounded).
pub const RENO_WINDOW_FACTOR: f64 = 1.2;

/// Loss above which the result warns that timeouts are left out: 2 %.
///
/// Padhye, Firoiu, Towsley and Kurose, "Modeling TCP Throughput: A Simple Model and its Empirical
/// Validation" (SIGCOMM 1998): the window formula alone (the square-root model) overestimates throughput
/// where retransmission timeouts are frequent, and their traces show timeouts to be most of the loss
/// indications, more so as loss grows; 2 % is where this model starts to say so (a threshold chosen,
/// not fitted to any measurement).
pub const TIMEOUT_LOSS: f64 = 0.02;

/// What one CUBIC connection carries over a path that loses `loss` of its packets (a share, 0.01 = 1 %)
/// with round trip `rtt_sec`, bytes/s of payload; infinite with no loss or no round trip.
///
/// # Formula
/// `max(1.054 x (rtt / p)^0.75, 1.2 / sqrt(p)) x mss / rtt`. With 1,448-byte segments (MTU 1500 with
/// timestamps): 1 % over 50 ms, CUBIC's 3.5 segments or Reno's 12, so 12 x 1,448 / 0.05 = 347.5 kB/s;
/// 0.01 % over 100 ms, CUBIC's 187.4 segments (Reno's 120): 2.71 MB/s.
/// Timeouts, which at several per cent loss cut throughput further, are not in the formula.
pub fn loss_bytes_per_sec(loss: f64, rtt_sec: f64, mss_bytes: f64) -> f64 {
    // NaN compares false both ways: it falls through to "no loss" here.
    if loss.is_nan() || rtt_sec.is_nan() || loss <= 0.0 || rtt_sec <= 0.0 {
        return f64::INFINITY;
    }
    let cubic = CUBIC_WINDOW_FACTOR * (rtt_sec / loss).powf(0.75);
    let reno = RENO_WINDOW_FACTOR / loss.sqrt();
    cubic.max(reno) * mss_bytes / rtt_sec
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::stages::tests_tolerance::close;

    #[test]
    fn rfc_8312_windows() {
        // (loss, rtt, expected window in segments): RFC 8312 Table 1 (RTT 0.1 s, C = 0.4) and Table 2
        // (RTT 0.01 s), where the table's CUBIC column is the larger of the two regions.
        let table = [
            (1e-2, 0.1, 12.0),
            (1e-4, 0.1, 187.0),
            (1e-6, 0.1, 5926.0),
            (1e-4, 0.01, 120.0),
            (1e-6, 0.01, 1200.0),
            (1e-8, 0.01, 33325.0),
        ];
        for (loss, rtt, segments) in table {
            let got = loss_bytes_per_sec(loss, rtt, 1.0) * rtt;
            assert!(close(got, segments, 5e-3), "p = {loss}, rtt = {rtt}: {got} segments");
        }
    }

    #[test]
    fn no_loss_or_no_round_trip_is_unlimited() {
        assert_eq!(loss_bytes_per_sec(0.0, 0.1, 1448.0), f64::INFINITY);
        assert_eq!(loss_bytes_per_sec(0.01, 0.0, 1448.0), f64::INFINITY);
        assert_eq!(loss_bytes_per_sec(f64::NAN, 0.1, 1448.0), f64::INFINITY);
        let one_per_cent = loss_bytes_per_sec(0.01, 0.05, 1448.0);
        assert!(close(one_per_cent, 347_520.0, 1e-6), "{one_per_cent}");
        // More loss, less throughput; a longer path, less throughput.
        assert!(loss_bytes_per_sec(0.02, 0.05, 1448.0) < one_per_cent);
        assert!(loss_bytes_per_sec(0.01, 0.1, 1448.0) < one_per_cent);
    }
}
