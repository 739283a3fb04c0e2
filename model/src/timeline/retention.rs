//! Which restore points a target holds, night by night: the dailies kept, the chains they depend on,
//! and the weekly, monthly and yearly fulls (grandfather-father-son).
//!
//! # Rules
//! - An incremental needs its full and every incremental between them; a differential needs its
//!   full. A point goes only when no kept point depends on it, so the target holds more than the
//!   retention: with a full every 7 days, daily incrementals and 2 points kept, the night of the
//!   second full holds 8 points (2 fulls) before the older chain can go. The Veeam restore point
//!   simulator's engine tests check the same counts (tdewin/rps, `test_engine.js`: forward
//!   incremental with weekly fulls, retention 2: 8 points, 2 fulls; forever incremental, retention
//!   14: 14 points, 1 full; 14 dailies and 6 weekly GFS fulls: 20 points, 7 fulls).
//! - Forever incremental: one full, and each night the oldest incremental past the retention is
//!   merged into it, so the target holds exactly `retention` points, the oldest a full of the data as
//!   it was that night.
//! - Weekly, monthly and yearly fulls (GFS): the first full of each week (days 7k to 7k + 6), month
//!   (day `d` is in month `floor(12 d / 365)`) and year (`floor(d / 365)`) is flagged. With weekly
//!   fulls a monthly or yearly full is always the week's full too, as in Veeam's rules (the monthly
//!   point is the weekly point of the month's first week); with fulls more often than weekly the
//!   month's first full can fall mid-week (daily fulls: monthlies on nights 31, 61, 92, …). Under forever incremental the full of a week is the synthetic
//!   full made on its first night, `7k`, so the monthly and yearly points are weekly nights too.
//!   Night 0 opens its week, month and year but is never flagged: the simulator flags the point
//!   nearest each GFS moment after the first backup, never the first backup itself, so the first
//!   weekly point is night 7 (the first `keep_weekly` weeks hold one weekly full fewer than a rule
//!   counting night 0 would).
//! - With periodic fulls the last `keep_weekly` (`keep_monthly`, `keep_yearly`) flagged fulls are
//!   kept, one still in the chain counted there and not again (the simulator's backup copy job with
//!   GFS active fulls: its `recalcPointIDs` counts the chain's flagged fulls).
//! - Under forever incremental a flagged night stays an ordinary point of the chain until it leaves
//!   the dailies; then it becomes a full of its own (the simulator's `mergeVBK` copies the full out of
//!   the chain), and the last `keep_weekly` (...) of those are kept. So the target holds the
//!   `retention` dailies, of which one full, plus up to one full per kept weekly, monthly and yearly
//!   point, a point flagged for several periods held once.
//!
//! These rules reproduce the simulator (tdewin/rps at commit 4e26f73, its `pureengine.js` run night
//! by night) on every night of the ten configurations in `tests/restore_point_simulator.rs`, which
//! gives the figures, the configurations and how this planner's inputs map onto the simulator's.

/// What one night's backup is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BackupKind {
    /// Everything.
    Full,
    /// What changed since the night before.
    Incremental,
    /// What changed since the last full.
    Differential,
}

impl BackupKind {
    /// `full`, `incremental`, `differential`.
    pub fn name(self) -> &'static str {
        match self {
            Self::Full => "full",
            Self::Incremental => "incremental",
            Self::Differential => "differential",
        }
    }
}

/// How many fulls of each period to keep besides the dailies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Keep {
    /// Daily points kept (at least 1).
    pub daily: u32,
    /// Weekly fulls.
    pub weekly: u32,
    /// Monthly fulls.
    pub monthly: u32,
    /// Yearly fulls.
    pub yearly: u32,
}

/// What the target holds after one night.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Held {
    /// Restore points.
    pub points: u32,
    /// Of which fulls.
    pub fulls: u32,
    /// Their bytes (logical, before any reduction).
    pub bytes: f64,
}

/// How many nights from the first it takes for every kind of restore point kept to be there at once:
/// before then a night can hold less than the cycle's most, whatever the growth (a trial's 30 nights
/// of a 30-day retention with a full every 30 days said 2 library slots hold every night's copies,
/// where night 30 holds the old chain beside the new full, 3.9 TB).
///
/// # Formula
/// The latest of: the dailies with the chain they hang from, `daily + full_every_days` nights
/// (forever incremental, `full_every_days` 0: `daily`); the weeklies, `7 weekly + 1 + lag` (the first
/// is flagged on night 7: night 0 is never flagged); the monthlies, `ceil(365 monthly / 12) + 1 + lag`;
/// the yearlies, `365 yearly + 1 + lag`, where `lag` is how long after its period opens a period's
/// flagged full can come: `full_every_days - 1`, or 6 under forever incremental (its fulls are the
/// weekly nights). A kind not kept adds nothing.
pub fn nights_to_fill(keep: Keep, full_every_days: u32) -> u32 {
    let daily = keep.daily.max(1).saturating_add(full_every_days);
    let lag = if full_every_days == 0 { 6 } else { full_every_days - 1 };
    let flagged = |kept: u32, period_days: f64| {
        if kept == 0 {
            0
        } else {
            (f64::from(kept) * period_days).ceil() as u32 + 1 + lag
        }
    };
    daily.max(flagged(keep.weekly, 7.0)).max(flagged(keep.monthly, 365.0 / 12.0)).max(flagged(keep.yearly, 365.0))
}

/// Period indices of a day: week, month, year (`floor(12 d / 365)` months, so no calendar is needed).
fn periods(day: usize) -> [usize; 3] {
    [day / 7, day * 12 / 365, day / 365]
}

/// What the target holds after each night, for nights `0..kinds.len()`.
///
/// `kinds[d]` is night `d`'s backup and `sizes[d]` its bytes; `full_sizes[d]` is the data set on night
/// `d` (the size of a full, or of a synthetic full made that night). `forever` selects forever
/// incremental (`kinds` then holds one full, on night 0).
pub fn held(kinds: &[BackupKind], sizes: &[f64], full_sizes: &[f64], keep: Keep, forever: bool) -> Vec<Held> {
    let n = kinds.len().min(sizes.len()).min(full_sizes.len());
    let daily = (keep.daily.max(1)) as usize;
    // Prefix sums of bytes and fulls, and the full each night's chain starts from.
    let mut bytes_before = Vec::with_capacity(n + 1);
    let mut fulls_before = Vec::with_capacity(n + 1);
    bytes_before.push(0.0);
    fulls_before.push(0u32);
    let mut chain_full = Vec::with_capacity(n);
    let mut last_full = 0;
    for d in 0..n {
        if kinds[d] == BackupKind::Full {
            last_full = d;
        }
        chain_full.push(last_full);
        bytes_before.push(bytes_before[d] + sizes[d]);
        fulls_before.push(fulls_before[d] + u32::from(kinds[d] == BackupKind::Full));
    }
    // Flagged fulls per period kind, in night order.
    let wanted = [keep.weekly, keep.monthly, keep.yearly];
    let mut flagged: [Vec<usize>; 3] = Default::default();
    let mut last_period = [usize::MAX; 3];
    let mut extras: Vec<usize> = Vec::new();
    let mut out = Vec::with_capacity(n);
    for d in 0..n {
        // A GFS point is a full (forever incremental: a weekly night, where the synthetic full is made).
        let candidate = if forever { d % 7 == 0 } else { kinds[d] == BackupKind::Full };
        if candidate {
            for (k, period) in periods(d).into_iter().enumerate() {
                if period != last_period[k] {
                    last_period[k] = period;
                    // Night 0 opens its periods but is never flagged (see the module's rules).
                    if wanted[k] > 0 && d > 0 {
                        flagged[k].push(d);
                    }
                }
            }
        }
        let oldest_daily = (d + 1).saturating_sub(daily);
        // The chain's points: a contiguous range of nights, plus (differentials) the full before it.
        let (start, lone_full) = if forever {
            (oldest_daily, None)
        } else {
            match kinds[oldest_daily] {
                BackupKind::Differential => {
                    let full = chain_full[oldest_daily];
                    (oldest_daily, (full < oldest_daily).then_some(full))
                }
                _ => (chain_full[oldest_daily], None),
            }
        };
        let mut held = if forever {
            // The oldest kept point is the full the older incrementals were merged into.
            Held {
                points: (d - start + 1) as u32,
                fulls: 1,
                bytes: full_sizes[start] + bytes_before[d + 1] - bytes_before[start + 1],
            }
        } else {
            Held {
                points: (d - start + 1) as u32,
                fulls: fulls_before[d + 1] - fulls_before[start],
                bytes: bytes_before[d + 1] - bytes_before[start],
            }
        };
        if let Some(full) = lone_full {
            held.points += 1;
            held.fulls += 1;
            held.bytes += sizes[full];
        }
        // Weekly, monthly and yearly fulls outside the chain. With periodic fulls the last `wanted`
        // flagged fulls are kept, those still in the chain counted there; under forever incremental a
        // flagged night becomes a full file of its own only once it has left the chain (merged), and
        // the last `wanted` of those are kept.
        extras.clear();
        for (k, list) in flagged.iter().enumerate() {
            let list = if forever { &list[..list.partition_point(|&f| f < start)] } else { &list[..] };
            let from = list.len().saturating_sub(wanted[k] as usize);
            extras.extend(list[from..].iter().copied().filter(|&f| f < start && Some(f) != lone_full));
        }
        extras.sort_unstable();
        extras.dedup();
        for &f in &extras {
            held.points += 1;
            held.fulls += 1;
            held.bytes += full_sizes[f];
        }
        out.push(held);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_of_point_kept_is_there_after_a_whole_cycle() {
        let k = |daily, weekly, monthly, yearly| Keep { daily, weekly, monthly, yearly };
        // A trial's 30 dailies with a full every 30 days: night 59 holds both chains (59 points).
        assert_eq!(nights_to_fill(k(30, 0, 0, 0), 30), 60);
        // Forever incremental: the dailies alone.
        assert_eq!(nights_to_fill(k(14, 0, 0, 0), 0), 14);
        // 7 dailies, 4 weeklies, 3 monthlies, weekly fulls: the third monthly is flagged on the first
        // full of month 3 (opens night 92; the full, night 98), so nights 0 to 98: 99 nights.
        assert_eq!(nights_to_fill(k(7, 4, 3, 0), 7), 92 + 1 + 6);
        // One yearly full under forever incremental: night 365 opens year 1, its full within 6 nights.
        assert_eq!(nights_to_fill(k(14, 0, 0, 1), 0), 365 + 1 + 6);
    }

    #[test]
    fn no_later_night_holds_more_than_the_first_whole_cycle_did() {
        // Without growth or GFS, the most held over the nights `nights_to_fill` gives is the most ever
        // held. (With GFS the calendar can add a full later, where a month's full falls outside the
        // weeklies kept: 7 dailies, 4 weeklies and 3 monthlies hold 7 fulls first on night 187, past
        // the 99 nights that keep each kind.)
        let k = |daily, weekly, monthly, yearly| Keep { daily, weekly, monthly, yearly };
        for (keep, every, between) in [
            (k(30, 0, 0, 0), 30, BackupKind::Incremental),
            (k(2, 0, 0, 0), 7, BackupKind::Incremental),
            (k(14, 0, 0, 0), 0, BackupKind::Incremental),
            (k(5, 0, 0, 0), 10, BackupKind::Differential),
            (k(9, 0, 0, 0), 3, BackupKind::Incremental),
        ] {
            let fill = nights_to_fill(keep, every as u32) as usize;
            let (kinds, sizes, fulls) = nights(3 * 365 + 100, every, between);
            let held = held(&kinds, &sizes, &fulls, keep, every == 0);
            let most = |nights: &[Held]| nights.iter().map(|h| h.bytes).fold(0.0, f64::max);
            assert_eq!(most(&held[..fill]), most(&held), "{keep:?}, a full every {every}");
        }
    }

    /// Nights of a schedule: a full every `every` nights (0 = only night 0), 100 units per full, 10 per
    /// incremental or differential day.
    fn nights(n: usize, every: usize, between: BackupKind) -> (Vec<BackupKind>, Vec<f64>, Vec<f64>) {
        let kinds: Vec<BackupKind> =
            (0..n).map(|d| if d == 0 || (every > 0 && d % every == 0) { BackupKind::Full } else { between }).collect();
        let sizes = kinds.iter().map(|k| if *k == BackupKind::Full { 100.0 } else { 10.0 }).collect();
        (kinds, sizes, vec![100.0; n])
    }

    fn worst(held: &[Held]) -> (u32, u32) {
        held.iter().map(|h| (h.points, h.fulls)).max().unwrap()
    }

    #[test]
    fn weekly_fulls_two_points_kept_hold_eight_points_before_the_old_chain_goes() {
        // rps test_engine.js "fwd with 1 week": retention 2, weekly active full: 8 points, 2 fulls.
        let (kinds, sizes, fulls) = nights(60, 7, BackupKind::Incremental);
        let held = held(&kinds, &sizes, &fulls, Keep { daily: 2, ..Keep::default() }, false);
        assert_eq!(worst(&held), (8, 2));
        // Night 7 (the second full) holds nights 0 to 7; night 8 only 7 and 8.
        assert_eq!((held[7].points, held[7].fulls, held[7].bytes), (8, 2, 100.0 + 6.0 * 10.0 + 100.0));
        assert_eq!((held[8].points, held[8].fulls), (2, 1));
    }

    #[test]
    fn a_monthly_full_holds_retention_plus_the_month() {
        // rps "fwd with 1 month": retention 2, a full a month (31 days): 32 points, 2 fulls.
        let (kinds, sizes, fulls) = nights(100, 31, BackupKind::Incremental);
        let held = held(&kinds, &sizes, &fulls, Keep { daily: 2, ..Keep::default() }, false);
        assert_eq!(worst(&held), (32, 2));
    }

    #[test]
    fn forever_incremental_holds_exactly_the_retention() {
        // rps "forever incremental", retention 14: 14 points, 1 full.
        let (kinds, sizes, fulls) = nights(100, 0, BackupKind::Incremental);
        let held = held(&kinds, &sizes, &fulls, Keep { daily: 14, ..Keep::default() }, true);
        assert!(held.iter().all(|h| h.fulls == 1));
        assert_eq!(worst(&held), (14, 1));
        assert_eq!(held[50].bytes, 100.0 + 13.0 * 10.0, "a full plus 13 incrementals");
    }

    #[test]
    fn six_weekly_fulls_beside_fourteen_dailies() {
        // rps "gfs": 14 dailies and 6 weekly GFS fulls: 20 points, 7 fulls.
        let (kinds, sizes, fulls) = nights(200, 0, BackupKind::Incremental);
        let held = held(&kinds, &sizes, &fulls, Keep { daily: 14, weekly: 6, ..Keep::default() }, true);
        assert_eq!(held[199], Held { points: 20, fulls: 7, bytes: 100.0 + 13.0 * 10.0 + 6.0 * 100.0 });
    }

    #[test]
    fn differentials_keep_only_their_full() {
        // A full every 7 nights, differentials between, 3 points kept: on night 10 the points are 8, 9,
        // 10 and the full of night 7 they need: 4 points, 1 full.
        let (kinds, sizes, fulls) = nights(30, 7, BackupKind::Differential);
        let held = held(&kinds, &sizes, &fulls, Keep { daily: 3, ..Keep::default() }, false);
        assert_eq!((held[10].points, held[10].fulls), (4, 1));
        // Night 14 (a full): points 12, 13, 14 and night 12's full, night 7: 4 points, 2 fulls.
        assert_eq!((held[14].points, held[14].fulls), (4, 2));
    }

    /// The rules applied literally, one point at a time, as a reference for [`held`]'s prefix sums.
    fn held_by_sets(kinds: &[BackupKind], sizes: &[f64], full_sizes: &[f64], keep: Keep, forever: bool) -> Vec<Held> {
        let mut out = Vec::new();
        for d in 0..kinds.len() {
            let mut kept = std::collections::BTreeSet::new();
            let oldest = (d + 1).saturating_sub(keep.daily.max(1) as usize);
            for p in oldest..=d {
                kept.insert(p);
                if !forever {
                    let full = (0..=p).rev().find(|&q| kinds[q] == BackupKind::Full).unwrap();
                    match kinds[p] {
                        BackupKind::Incremental => kept.extend(full..=p),
                        BackupKind::Differential => {
                            kept.insert(full);
                        }
                        BackupKind::Full => {}
                    }
                }
            }
            let mut gfs = std::collections::BTreeSet::new();
            for (k, wanted) in [keep.weekly, keep.monthly, keep.yearly].into_iter().enumerate() {
                // The first candidate of each period, night 0 included; night 0 is then dropped.
                let mut flagged: Vec<usize> = Vec::new();
                for (q, kind) in kinds.iter().enumerate().take(d + 1) {
                    let candidate = if forever { q % 7 == 0 } else { *kind == BackupKind::Full };
                    if candidate && flagged.last().is_none_or(|&l| periods(l)[k] != periods(q)[k]) {
                        flagged.push(q);
                    }
                }
                let archived = flagged.iter().filter(|&&f| f > 0 && (!forever || f < oldest));
                gfs.extend(archived.rev().take(wanted as usize));
            }
            let mut held = Held::default();
            for &p in &kept {
                let merged_full = forever && p == oldest;
                held.points += 1;
                held.fulls += u32::from(merged_full || (!forever && kinds[p] == BackupKind::Full));
                held.bytes += if merged_full { full_sizes[p] } else { sizes[p] };
            }
            for &g in &gfs {
                if !kept.contains(&g) {
                    held.points += 1;
                    held.fulls += 1;
                    held.bytes += full_sizes[g];
                }
            }
            out.push(held);
        }
        out
    }

    #[test]
    fn prefix_sums_agree_with_the_rules_applied_point_by_point() {
        for (every, between) in [
            (7, BackupKind::Incremental),
            (7, BackupKind::Differential),
            (10, BackupKind::Incremental),
            (0, BackupKind::Incremental),
        ] {
            for keep in [
                Keep { daily: 1, weekly: 4, monthly: 2, yearly: 0 },
                Keep { daily: 14, weekly: 6, monthly: 0, yearly: 0 },
                Keep { daily: 30, weekly: 0, monthly: 12, yearly: 2 },
                Keep { daily: 3, weekly: 0, monthly: 0, yearly: 0 },
            ] {
                let (kinds, sizes, _) = nights(800, every, between);
                let full_sizes: Vec<f64> = (0..800).map(|d| 100.0 + d as f64).collect();
                let sizes: Vec<f64> =
                    sizes.iter().zip(&full_sizes).map(|(s, f)| if *s == 100.0 { *f } else { *s }).collect();
                let forever = every == 0;
                let fast = held(&kinds, &sizes, &full_sizes, keep, forever);
                let slow = held_by_sets(&kinds, &sizes, &full_sizes, keep, forever);
                for (d, (a, b)) in fast.iter().zip(&slow).enumerate() {
                    assert_eq!(
                        (a.points, a.fulls),
                        (b.points, b.fulls),
                        "night {d}, every {every}, {between:?}, {keep:?}"
                    );
                    assert!((a.bytes - b.bytes).abs() < 1e-6, "night {d}: {} vs {}", a.bytes, b.bytes);
                }
            }
        }
    }
}
