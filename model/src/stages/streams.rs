//! Stream parallelism on a client (seed 000).

/// How many streams' worth of work `streams` concurrent streams do when each further one adds `scaling`
/// of the previous one (diminishing returns from shared disks and CPU).
///
/// # Formula
/// `(1 - scaling^n) / (1 - scaling)`, or `n` when `scaling` is 1: with 0.9, 1 stream 1, 2 streams 1.9,
/// 3 streams 2.71, 4 streams 3.439. Per-file work on the client scales the same way as reading bytes.
pub fn effective_streams(streams: u32, scaling: f64) -> f64 {
    let n = f64::from(streams);
    if (1.0 - scaling).abs() < 1e-12 {
        n
    } else {
        // A whole exponent: powi multiplies, powf would take a logarithm and an exponential.
        (1.0 - scaling.powi(streams.min(i32::MAX as u32) as i32)) / (1.0 - scaling)
    }
}

/// Read rate of one client running `streams` concurrent streams, bytes/s.
///
/// # Formula
/// `rate x effective_streams(streams, scaling)`. With the defaults (45 MB/s, 0.9): 1 stream 45,
/// 2 streams 85.5, 3 streams 122, 4 streams 155 MB/s. So 3 streams fill a 113 MB/s 1GbE port and 2 do
/// not, as seed 000 measured.
pub fn client_stream_bytes_per_sec(streams: u32, rate_bytes_per_sec: f64, scaling: f64) -> f64 {
    rate_bytes_per_sec * effective_streams(streams, scaling)
}

/// Read rate of one client while one of its streams lags (stalls for a while), bytes/s: the other
/// `streams - 1` streams carry on. Seed 000's reason for four streams rather than three: with three, a
/// lagging stream leaves two, which cannot keep a 1GbE port full.
pub fn client_stream_bytes_per_sec_one_lagging(streams: u32, rate_bytes_per_sec: f64, scaling: f64) -> f64 {
    client_stream_bytes_per_sec(streams.saturating_sub(1), rate_bytes_per_sec, scaling)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diminishing_returns_match_the_seed_bracket() {
        let per_client = |n| client_stream_bytes_per_sec(n, 45e6, 0.9) / 1e6;
        let cases = [(1, 45.0), (2, 85.5), (3, 121.95), (4, 154.755)];
        for (n, expected) in cases {
            assert!((per_client(n) - expected).abs() < 1e-6, "{n} streams: {}", per_client(n));
        }
        assert!(per_client(3) >= 113.0 && per_client(2) < 113.0);
        assert_eq!(client_stream_bytes_per_sec(3, 10.0, 1.0), 30.0);
        assert_eq!(client_stream_bytes_per_sec_one_lagging(1, 10.0, 0.9), 0.0);
        assert!((effective_streams(4, 0.9) - 3.439).abs() < 1e-12);
    }
}
