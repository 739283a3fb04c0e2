//! An S3-compatible object store as the repository: each stream uploads parts (or whole objects) with
//! a number of requests in flight, every request paying a fixed latency and the WAN's round trip.
//!
//! # Formula
//! One request of a part of `P` bytes takes `T = latency + rtt + P / c`, with `c` what one connection
//! carries (the per-connection ceiling). A stream keeping `k` parts in flight moves `k x P / T`, and
//! `sessions` streams `sessions x k x P / T`. The store accepts at most 3,500 PUT and 5,500 GET
//! requests per second per prefix (Amazon S3,
//! <https://docs.aws.amazon.com/AmazonS3/latest/userguide/optimizing-performance.html>), so the bytes
//! are capped at `prefixes x 3,500 x P` written, `prefixes x 5,500 x P` read.
//!
//! Small objects are dominated by the latency: 4 KiB at 100 ms is 41 KB/s per request in flight.
//! Restores fetch objects the same way, each paying the latency again (the per-object cost).
//!
//! A backup stream reads its data and sends it, so there the two parts of `T` go to two stages: the
//! transfer `P / c` to the stream's `k` TCP connections, and the wait `latency + rtt` to a cost each
//! stream pays on top of reading and sending, `k x P / (latency + rtt)` if waiting were all it did
//! (stop 64: one stream sending 7 MB files one at a time, cloud-pipeline issue 1241, moved 24.7 MB/s;
//! the wait as a ceiling of its own gave the stream's 45 MB/s read, 44.4 MB/s; in series 27.2 MB/s).

use crate::units::MIB;

/// PUT (and COPY, POST, DELETE) requests per second per prefix (Amazon S3 documentation).
pub const PUTS_PER_PREFIX: f64 = 3_500.0;

/// GET (and HEAD) requests per second per prefix (Amazon S3 documentation).
pub const GETS_PER_PREFIX: f64 = 5_500.0;

/// Default request latency, seconds: 100 ms, the low end of the 100 to 200 ms first-byte latency
/// Amazon gives for small S3 requests ("Performance design patterns for Amazon S3",
/// <https://docs.aws.amazon.com/AmazonS3/latest/userguide/optimizing-performance-design-patterns.html>).
pub const LATENCY_SEC: f64 = 0.100;

/// Default part size, bytes: 8 MiB, the AWS CLI's `multipart_chunksize` default.
pub const PART_BYTES: f64 = 8.0 * MIB;

/// Default parts in flight per stream: 10, the AWS CLI's `max_concurrent_requests` default.
pub const PARTS_IN_FLIGHT: u32 = 10;

/// Time for one request of `part` bytes, seconds: `latency + rtt + part / connection`.
pub fn request_sec(part_bytes: f64, latency_sec: f64, rtt_sec: f64, connection_bytes_per_sec: f64) -> f64 {
    let transfer = if connection_bytes_per_sec > 0.0 && connection_bytes_per_sec.is_finite() {
        part_bytes / connection_bytes_per_sec
    } else {
        0.0
    };
    latency_sec + rtt_sec + transfer
}

/// What `sessions` streams with `in_flight` requests each move, bytes/s.
pub fn streams_bytes_per_sec(sessions: f64, in_flight: u32, part_bytes: f64, request_sec: f64) -> f64 {
    let per_request = crate::stages::per_item_bytes_per_sec(part_bytes, request_sec);
    sessions * f64::from(in_flight) * per_request
}

/// The request-rate ceiling, bytes/s: `prefixes x requests per second x part`.
pub fn requests_bytes_per_sec(prefixes: u32, per_prefix: f64, part_bytes: f64) -> f64 {
    f64::from(prefixes) * per_prefix * part_bytes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::units::{KIB, MB};

    #[test]
    fn requests_in_flight() {
        // (sessions, in flight, part, latency, connection, expected MB/s)
        let cases = [
            // One 4 KiB request at a time: 4,096 / 0.1 s.
            (1.0, 1, 4.0 * KIB, 0.1, f64::INFINITY, 0.04096),
            // 10 MiB at 87.18 MB/s after 100 ms: 10,485,760 / 0.22028 s.
            (1.0, 1, 10.0 * MIB, 0.1, 87.18 * MB, 47.602),
            // AWS CLI defaults, a fast link: 10 x 8 MiB / (0.1 + 8 MiB / 1 GB/s).
            (1.0, 10, 8.0 * MIB, 0.1, 1_000.0 * MB, 773.93),
            (4.0, 10, 8.0 * MIB, 0.1, 1_000.0 * MB, 3_095.7),
        ];
        for (sessions, k, part, latency, conn, expected) in cases {
            let t = request_sec(part, latency, 0.0, conn);
            let got = streams_bytes_per_sec(sessions, k, part, t) / MB;
            assert!((got / expected - 1.0).abs() < 1e-3, "{sessions} x {k} x {part}: {got} vs {expected}");
        }
    }

    #[test]
    fn round_trip_adds_to_each_request() {
        assert!((request_sec(0.0, 0.1, 0.05, 1e9) - 0.15).abs() < 1e-12);
    }

    #[test]
    fn prefix_ceilings() {
        assert!((requests_bytes_per_sec(1, PUTS_PER_PREFIX, 8.0 * MIB) / MB - 29_360.1).abs() < 0.1);
        assert!((requests_bytes_per_sec(2, GETS_PER_PREFIX, 4.0 * KIB) / MB - 45.056).abs() < 1e-6);
    }
}
