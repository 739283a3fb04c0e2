//! Stream parallelism on a client (seed 000).

use crate::units::MB;

/// The rate of one stream when none is entered: 45 MB/s, what the first stream of a client reads.
///
/// # Formula
/// Seed 000 brackets it: 3 streams fill a 113 MB/s 1GbE port and 2 do not, so with each further stream
/// adding 0.9 of one, `r x 2.8 >= 113` and `r x 1.9 < 113`, i.e. `40.4 <= r < 59.5` MB/s. 45 MB/s sits
/// inside with room for the third stream to saturate (an assumption inside the seed's bounds, chosen
/// when 3 streams did 2.71 streams' worth: `41.7 <= r`). A 2005 client reading a disk array; on a flash
/// client class a backup stream reads at the storage's rate instead
/// ([`super::client_class::ClientClass::is_flash`]).
pub const DEFAULT_STREAM_BYTES_PER_SEC: f64 = 45.0 * MB;

/// How many streams' worth of work `streams` concurrent streams do when each further one adds `scaling`
/// of one stream (the streams interleave their reads on the client's storage and CPU).
///
/// # Formula
/// `1 + (n - 1) x scaling`: with 0.9, 1 stream 1, 2 streams 1.9, 3 streams 2.8, 4 streams 3.7,
/// 16 streams 14.5. Streams add up without a ceiling of their own; what stops them is a named shared
/// resource of the client: its storage's read rate ([`super::client_storage`]), its cores
/// ([`super::client_cpu`]) or its link. (Model version 2 took `(1 - scaling^n) / (1 - scaling)`, a
/// geometric series that never passes `1 / (1 - scaling)`, ten streams' worth at 0.9, whatever the
/// source: issue 17, fault 4.) Per-file work on the client scales the same way as reading bytes.
pub fn effective_streams(streams: u32, scaling: f64) -> f64 {
    if streams == 0 {
        return 0.0;
    }
    1.0 + f64::from(streams - 1) * scaling
}

/// Read rate of one client running `streams` concurrent streams, bytes/s.
///
/// # Formula
/// `rate x effective_streams(streams, scaling)`. With the defaults (45 MB/s, 0.9): 1 stream 45,
/// 2 streams 85.5, 3 streams 126, 4 streams 166.5 MB/s. So 3 streams fill a 113 MB/s 1GbE port and 2
/// do not, as seed 000 measured; and with one of three lagging the other two (85.5 MB/s) cannot, so
/// four are recommended.
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
        let cases = [(1, 45.0), (2, 85.5), (3, 126.0), (4, 166.5), (16, 652.5)];
        for (n, expected) in cases {
            assert!((per_client(n) - expected).abs() < 1e-6, "{n} streams: {}", per_client(n));
        }
        assert!(per_client(3) >= 113.0 && per_client(2) < 113.0);
        assert_eq!(client_stream_bytes_per_sec(3, 10.0, 1.0), 30.0);
        assert_eq!(client_stream_bytes_per_sec_one_lagging(1, 10.0, 0.9), 0.0);
        assert!((effective_streams(4, 0.9) - 3.7).abs() < 1e-12);
        assert_eq!(effective_streams(0, 0.9), 0.0);
        // No ceiling of their own: 100 streams do 90.1 streams' worth, not ten.
        assert!((effective_streams(100, 0.9) - 90.1).abs() < 1e-9);
        assert!(client_stream_bytes_per_sec_one_lagging(4, 45e6, 0.9) >= 113e6);
        assert!(client_stream_bytes_per_sec_one_lagging(3, 45e6, 0.9) < 113e6);
    }
}
