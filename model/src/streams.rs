//! Stream parallelism on a client (seed 000).

/// Read rate of one client running `streams` concurrent streams, bytes/s.
///
/// # Formula
/// Each further stream adds `scaling` times what the previous one added (diminishing returns from
/// shared disks and CPU): `rate x (1 - scaling^n) / (1 - scaling)`, or `rate x n` when `scaling` is 1.
/// With the defaults (45 MB/s, 0.9): 1 stream 45, 2 streams 85.5, 3 streams 122, 4 streams 155 MB/s.
/// So 3 streams fill a 113 MB/s 1GbE port and 2 do not, as seed 000 measured.
pub fn client_stream_bytes_per_sec(streams: u32, rate_bytes_per_sec: f64, scaling: f64) -> f64 {
    let n = f64::from(streams);
    if (1.0 - scaling).abs() < 1e-12 {
        rate_bytes_per_sec * n
    } else {
        rate_bytes_per_sec * (1.0 - scaling.powf(n)) / (1.0 - scaling)
    }
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
    }
}
