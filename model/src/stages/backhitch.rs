//! Backhitching: what a tape drive fed (or drained) below its lowest speed-matching rate loses.
//!
//! A drive writes at any host rate between its lowest speed-matching rate `r` and its top rate. Fed
//! more slowly, at `f < r`, it writes at `r` until its buffer runs dry, stops, and backhitches: it
//! brakes, winds back past the last block written and waits there, ready to run up to speed again
//! (IBM TS4300 "Speed matching": speed matching "greatly reduces backhitches, which occur when the tape
//! stops, reverses and restarts", <https://www.ibm.com/docs/en/STAKKZ/con_LTOdrive_speedmatching.html>).
//! While it does, the host keeps writing into the buffers (the drive's own plus the backup software's,
//! `B`). A backhitch takes `T` seconds.
//!
//! # Formula
//! - `f >= r`: the drive streams: it moves `min(f, top)` and never stops.
//! - `f x T <= B`: a backhitch's worth of feed fits in the buffers, so the host never waits: the drive
//!   moves the whole feed `f` (and wears tape and heads). Each cycle it refills its buffer (`B / f`,
//!   the backhitch hidden inside) and writes it at `r` while the feed adds `f` (`B / (r - f)`), so it
//!   backhitches `f (r - f) / (B r)` times a second and spends `T f (r - f) / (B r)` of its time
//!   repositioning.
//! - otherwise the buffers fill before the backhitch ends and the host waits: each cycle the drive
//!   backhitches for `T` while the buffers fill to `B`, then writes them at `r` while the feed adds `f`:
//!   it moves `r B / ((r - f) T + B)` and spends `T (r - f) / ((r - f) T + B)` of its time
//!   repositioning.
//!
//! Both are continuous and never fall as the feed rises: at `f = B / T` both sides give `f` and a
//! repositioning share of `(r - f) / r`; at `f = r` both give `r` and no repositioning. The loss is the
//! feed the drive could not take, `f - delivered`.
//!
//! Reading is the mirror image (a restore client drains the drive at `f`): the drive reads ahead at `r`
//! until its buffer is full, stops and backhitches while the client drains the buffer; the client waits
//! only when the buffer runs dry before the backhitch ends.

/// Time one backhitch takes, seconds: see [`crate::catalog::lto::BACKHITCH_SEC`].
pub use crate::catalog::lto::BACKHITCH_SEC;

/// The backhitch time of a generation, seconds ([`BACKHITCH_SEC`] for each: no generation's figure is
/// published).
pub fn backhitch_sec(_generation: crate::catalog::LtoGeneration) -> f64 {
    BACKHITCH_SEC
}

/// Host bytes/s a drive moves when fed `feed` with lowest speed-matching rate `lowest`, top rate
/// `streaming`, buffers `buffer` bytes and backhitch `backhitch` s (see the module's formula).
pub fn delivered_bytes_per_sec(feed: f64, lowest: f64, streaming: f64, buffer: f64, backhitch: f64) -> f64 {
    let f = feed.max(0.0);
    let (r, b, t) = (lowest, buffer, backhitch.max(0.0));
    // The top rate caps every regime: it sits below the lowest speed-matching rate only when stops of
    // its own (filemarks) bring the drive's average under its slowest moving speed.
    // Streaming (f >= r) or with every stop hidden in the buffers (f T <= B), the drive takes the feed.
    let moved = if f >= r || f * t <= b { f } else { r * b / ((r - f) * t + b) };
    moved.min(streaming)
}

/// Share of a drive's time spent backhitching when fed `feed` (0 when it streams; see the module's
/// formula).
pub fn repositioning_share(feed: f64, lowest: f64, buffer: f64, backhitch: f64) -> f64 {
    let f = feed.max(0.0);
    let (r, b, t) = (lowest, buffer, backhitch.max(0.0));
    if f >= r || r <= 0.0 || t <= 0.0 {
        0.0
    } else if b <= 0.0 {
        // Without any buffer the drive backhitches for every block: always repositioning.
        1.0
    } else if f * t <= b {
        (t * f * (r - f) / (b * r)).clamp(0.0, 1.0)
    } else {
        (t * (r - f) / ((r - f) * t + b)).clamp(0.0, 1.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delivered_and_repositioning_from_the_formula() {
        // (feed, lowest, buffer, backhitch, delivered, repositioning), MB and MB/s.
        let table = [
            // HP's slow disk into an LTO-3 (r = 27 x 2, 64 MB + 8 x 256 KiB): the host waits.
            (48.55, 54.0, 66.097, 3.0, 43.32, 0.198),
            // A starved LTO-2 (amanda-users 40976): the buffers hide each stop, 12.5 % of the time repositioning.
            (3.7351, 19.25, 72.389, 3.0, 3.7351, 0.1248),
            // At f = B / T both regimes meet at a share of (r - f) / r.
            (20.0, 50.0, 60.0, 3.0, 20.0, 0.6),
            // Streaming: nothing lost.
            (60.0, 54.0, 66.0, 3.0, 60.0, 0.0),
        ];
        for (feed, lowest, buffer, t, delivered, share) in table {
            let got = delivered_bytes_per_sec(feed * 1e6, lowest * 1e6, 1e12, buffer * 1e6, t) / 1e6;
            assert!((got / delivered - 1.0).abs() < 2e-3, "{feed}: {got} vs {delivered}");
            let got = repositioning_share(feed * 1e6, lowest * 1e6, buffer * 1e6, t);
            assert!((got - share).abs() < 2e-3, "{feed}: share {got} vs {share}");
        }
    }

    #[test]
    fn the_share_is_continuous_where_the_regimes_meet() {
        let (r, b, t) = (50e6, 60e6, 3.0);
        let edge = b / t;
        let below = repositioning_share(edge * (1.0 - 1e-9), r, b, t);
        let above = repositioning_share(edge * (1.0 + 1e-9), r, b, t);
        assert!((below - above).abs() < 1e-6, "{below} vs {above}");
        assert_eq!(repositioning_share(r, r, b, t), 0.0);
        assert_eq!(repositioning_share(10e6, r, b, 0.0), 0.0);
    }
}
