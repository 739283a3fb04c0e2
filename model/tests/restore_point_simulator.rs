//! Retention side by side with the Veeam restore point simulator.
//!
//! The simulator is tdewin/rps (<https://github.com/tdewin/rps>), master at commit
//! `4e26f73df20cbe8f9a4e667d82d3e5fff41aee3b` (2022-01-13; its engine `pureengine.js` last changed in
//! 7f2a3d5, "5.0 broken", 2020-05-08). Its engine was run locally under node 20 night by night:
//! `engine.run(config, result, night_d_at_22h, {hours: 24}, night_d_at_22h + 1 min)` for each night
//! `d`, reading after each night the files in `result.retention` and `result.GFS`: their number (the
//! restore points), how many are `.vbk` fulls (`isVBK()`), and the sum of `getDataStats().f()` (their
//! bytes). The figures below are copied from that run; nothing of the simulator is in this
//! repository. Every night of every configuration (365 to 1,095 nights) agreed with
//! [`capacity_model::timeline`] when the figures were taken; the nights kept here are the ones where
//! the counts change: the first fulls, the weekly nights and the nights after them, the first monthly
//! and yearly points, night 100 and the first anniversary.
//!
//! # How this planner's inputs map onto the simulator's
//!
//! | planner (share-link key) | simulator (`VeeamBackupConfigurationObject`) |
//! |---|---|
//! | `data` (bytes) | `sourceSize` (bytes) |
//! | retained bytes are logical: `compression` sets only the cartridges they fill | `compression = 100` (a file is 100 % of its source) |
//! | `change_rate` (share of the data set per incremental; 5 % by default) | `changeRate = 5` (%) |
//! | `growth` (per year, compound per day: `data x (1 + g)^(d / 365)`) | `simpleYearGrowth` (%, the same formula from `startDate`) |
//! | `retention_days` (daily points) | `simplePoints` |
//! | `full_every_days=7`, active fulls | style 1 (backup job), `activeWeek` = Sunday |
//! | `full_every_days=7`, synthetic fulls | style 1, `synthetic` = Sunday; it holds what active fulls hold (a synthetic full is a full file; only the night's transfer differs, and the planner times every full night as an active full) |
//! | `full_every_days=0` (forever incremental) | style 1 with no full scheduled (its `doTransform` merges the oldest incremental into the full) |
//! | `full_every_days=0` with `keep_weekly`, `keep_monthly`, `keep_yearly` | style 3 (backup copy job: forever incremental, a GFS point copied out of the chain as it is merged), `GFS = {W, M, Q: 0, Y}` |
//! | `full_every_days=7` with `keep_weekly`, `keep_monthly`, `keep_yearly` | style 3 with `GFSActiveFull = 1`: a full written at every weekly GFS moment, flagged, the chain's flagged fulls counted. This version of the simulator has GFS only on copy jobs; this is its nearest to a backup job's weekly (active or synthetic) fulls carrying GFS flags |
//!
//! The simulator works on dates; the planner on nights (weeks `7k`, months `floor(12 d / 365)`, years
//! `floor(d / 365)`). Its GFS defaults are weekly on Sunday 22:00, monthly on the first Sunday of the
//! month, yearly on the first Sunday of January. The runs start on 2023-10-01 22:00, a Sunday and the
//! first of a month, so its weekly moments fall on nights `7k` and the first Sunday of each calendar
//! month on the first night `7k` of the planner's month (checked on every night of the runs); the
//! yearly runs start on 2023-01-01 (a Sunday; months are not kept there), so the first Sunday of
//! January is the first night `7k` of each planner year. `capacityTierMove` and `capacityTierCopy`
//! are set to 0: the engine's object defaults move points older than 30 days to a capacity tier and
//! count them as stubs of a few megabytes.
//!
//! With growth, on a night the copy job copies a GFS full out of its chain, the simulator's new chain
//! full keeps the size of the full it copied (one day older), so it holds one day's growth of one full
//! less than the planner (10 TB x (1.2^(1/365) - 1) = 5.0 GB): the byte figures of the growth runs
//! are compared within 0.03 %, the others within 1 MB (the figures are rounded to 1 MB).

use capacity_model::codec::decode;
use capacity_model::timeline::timeline;

/// Night, restore points, of which fulls, terabytes (10^12 B), as the simulator holds them.
type Row = (u32, u32, u32, f64);

/// Checks the planner's timeline of `link` against the simulator's `rows`; `tolerance` is relative.
fn same_as_simulator(link: &str, rows: &[Row], tolerance: f64) {
    let decoded = decode(link);
    assert!(decoded.issues.is_empty(), "{link}: {:?}", decoded.issues);
    let timeline = timeline(&decoded.scenario).expect("a data set");
    for &(day, points, fulls, tb) in rows {
        let night = timeline.night(day).unwrap_or_else(|| panic!("{link}: no night {day}"));
        let ours = (night.retained_points, night.retained_fulls, night.retained_bytes / 1e12);
        assert_eq!((ours.0, ours.1), (points, fulls), "{link}, night {day}: planner {ours:?}, simulator {tb} TB");
        assert!(
            (ours.2 - tb).abs() <= (tb * tolerance).max(1e-6),
            "{link}, night {day}: planner {} TB, simulator {tb} TB",
            ours.2
        );
    }
}

/// Exact but for the simulator's 1 MB rounding.
const EXACT: f64 = 0.0;
/// The growth runs: the simulator's copy-job quirk (see the module).
const GROWTH: f64 = 3e-4;

/// Forward incremental, an active full every Sunday, 7 points: the night of a full holds the old
/// chain too (8 points, 2 fulls), as soon as 7 newer points exist it goes (night 13: 7 points).
/// Simulator: style 1, `simplePoints = 7`, `activeWeek = [0, 0, 0, 0, 0, 0, 1]`, 10 TB, 5 %.
#[test]
fn forward_incremental_weekly_active_fulls() {
    let rows: &[Row] = &[
        (0, 1, 1, 10.0),
        (1, 2, 1, 10.5),
        (6, 7, 1, 13.0),
        (7, 8, 2, 23.0),
        (8, 9, 2, 23.5),
        (13, 7, 1, 13.0),
        (14, 8, 2, 23.0),
        (15, 9, 2, 23.5),
        (21, 8, 2, 23.0),
        (22, 9, 2, 23.5),
        (27, 7, 1, 13.0),
        (28, 8, 2, 23.0),
        (35, 8, 2, 23.0),
        (36, 9, 2, 23.5),
        (42, 8, 2, 23.0),
        (63, 8, 2, 23.0),
        (64, 9, 2, 23.5),
        (98, 8, 2, 23.0),
        (99, 9, 2, 23.5),
        (100, 10, 2, 24.0),
        (101, 11, 2, 24.5),
        (364, 8, 2, 23.0),
        (365, 9, 2, 23.5),
        (371, 8, 2, 23.0),
        (372, 9, 2, 23.5),
    ];
    same_as_simulator("v=1&data=10TB&full_every_days=7&retention_days=7", rows, EXACT);
}

/// Forward incremental, a synthetic full every Sunday, 7 points: the same holdings as active fulls.
/// Simulator: style 1, `simplePoints = 7`, `synthetic = [0, 0, 0, 0, 0, 0, 1]`, 10 TB, 5 %.
#[test]
fn forward_incremental_weekly_synthetic_fulls() {
    let rows: &[Row] = &[
        (0, 1, 1, 10.0),
        (1, 2, 1, 10.5),
        (6, 7, 1, 13.0),
        (7, 8, 2, 23.0),
        (8, 9, 2, 23.5),
        (13, 7, 1, 13.0),
        (14, 8, 2, 23.0),
        (15, 9, 2, 23.5),
        (21, 8, 2, 23.0),
        (22, 9, 2, 23.5),
        (27, 7, 1, 13.0),
        (28, 8, 2, 23.0),
        (35, 8, 2, 23.0),
        (36, 9, 2, 23.5),
        (42, 8, 2, 23.0),
        (63, 8, 2, 23.0),
        (64, 9, 2, 23.5),
        (98, 8, 2, 23.0),
        (99, 9, 2, 23.5),
        (100, 10, 2, 24.0),
        (101, 11, 2, 24.5),
        (364, 8, 2, 23.0),
        (365, 9, 2, 23.5),
        (371, 8, 2, 23.0),
        (372, 9, 2, 23.5),
    ];
    same_as_simulator("v=1&data=10TB&full_every_days=7&retention_days=7", rows, EXACT);
}

/// Forever incremental, 7 points: always 7 points, one full.
/// Simulator: style 1, `simplePoints = 7`, no full scheduled, 10 TB, 5 %.
#[test]
fn forever_incremental() {
    let rows: &[Row] = &[
        (0, 1, 1, 10.0),
        (1, 2, 1, 10.5),
        (6, 7, 1, 13.0),
        (7, 7, 1, 13.0),
        (8, 7, 1, 13.0),
        (13, 7, 1, 13.0),
        (14, 7, 1, 13.0),
        (15, 7, 1, 13.0),
        (21, 7, 1, 13.0),
        (22, 7, 1, 13.0),
        (27, 7, 1, 13.0),
        (28, 7, 1, 13.0),
        (35, 7, 1, 13.0),
        (36, 7, 1, 13.0),
        (42, 7, 1, 13.0),
        (63, 7, 1, 13.0),
        (64, 7, 1, 13.0),
        (98, 7, 1, 13.0),
        (99, 7, 1, 13.0),
        (100, 7, 1, 13.0),
        (101, 7, 1, 13.0),
        (364, 7, 1, 13.0),
        (365, 7, 1, 13.0),
        (371, 7, 1, 13.0),
        (372, 7, 1, 13.0),
    ];
    same_as_simulator("v=1&data=10TB&full_every_days=0&retention_days=7", rows, EXACT);
}

/// Weekly fulls with GFS, 7 points, 4 weekly and 1 monthly: the chain's flagged fulls count among
/// the 4 weeklies; the monthly is the first Sunday's full (night 35, then 63, 98, ...), so it is one
/// of the weeklies until the weeklies pass it (night 364: 5 fulls).
/// Simulator: style 3, `GFSActiveFull = 1`, `simplePoints = 7`, `GFS = {W: 4, M: 1}`, 10 TB, 5 %.
#[test]
fn weekly_fulls_with_gfs() {
    let rows: &[Row] = &[
        (0, 1, 1, 10.0),
        (1, 2, 1, 10.5),
        (6, 7, 1, 13.0),
        (7, 8, 2, 23.0),
        (8, 9, 2, 23.5),
        (13, 7, 1, 13.0),
        (14, 8, 2, 23.0),
        (15, 9, 2, 23.5),
        (21, 9, 3, 33.0),
        (22, 10, 3, 33.5),
        (27, 9, 3, 33.0),
        (28, 10, 4, 43.0),
        (35, 10, 4, 43.0),
        (36, 11, 4, 43.5),
        (42, 10, 4, 43.0),
        (63, 10, 4, 43.0),
        (64, 11, 4, 43.5),
        (98, 10, 4, 43.0),
        (99, 11, 4, 43.5),
        (100, 12, 4, 44.0),
        (101, 13, 4, 44.5),
        (364, 11, 5, 53.0),
        (365, 12, 5, 53.5),
        (371, 10, 4, 43.0),
        (372, 11, 4, 43.5),
    ];
    same_as_simulator("v=1&data=10TB&full_every_days=7&retention_days=7&keep_weekly=4&keep_monthly=1", rows, EXACT);
}

/// Weekly (synthetic or active) fulls with GFS and growth: 14 points, 2 weekly, 3 monthly, 20 % a
/// year. Simulator: style 3, `GFSActiveFull = 1`, `simplePoints = 14`, `GFS = {W: 2, M: 3}`,
/// `simpleYearGrowth = 20`, 10 TB, 5 %.
#[test]
fn weekly_fulls_with_gfs_and_growth() {
    let rows: &[Row] = &[
        (0, 1, 1, 10.0),
        (1, 2, 1, 10.50025),
        (6, 7, 1, 13.005251),
        (7, 8, 2, 23.040278),
        (8, 9, 2, 23.54228),
        (13, 14, 2, 26.056055),
        (14, 15, 3, 36.126231),
        (15, 16, 3, 36.629992),
        (21, 15, 3, 36.25277),
        (22, 16, 3, 36.758295),
        (27, 14, 2, 26.238907),
        (28, 15, 3, 36.379753),
        (35, 15, 3, 36.50718),
        (36, 16, 3, 37.016253),
        (42, 15, 3, 36.635054),
        (63, 16, 4, 47.197735),
        (64, 17, 4, 47.713977),
        (98, 17, 5, 58.170362),
        (99, 18, 5, 58.695709),
        (100, 19, 5, 59.221319),
        (101, 20, 5, 59.747192),
        (364, 18, 6, 78.019612),
    ];
    same_as_simulator(
        "v=1&data=10TB&full_every_days=7&retention_days=14&keep_weekly=2&keep_monthly=3&growth=20",
        rows,
        GROWTH,
    );
}

/// Issue 18's forever incremental with GFS: 7 points, 4 weekly, 1 monthly. The monthly point is a
/// weekly night (35, 63, 98 ...) and a flagged night is a full of its own only once it has left the
/// chain. On night 100 the simulator run aligned with the planner's calendar holds 12 points, 6 fulls
/// and 63 TB: the chain (nights 94 to 100: one full, 6 x 0.5 TB), the weeklies 70, 77, 84, 91 and
/// the monthly of night 63 (night 98, this month's, is still in the chain). The issue's 11 points, 5
/// fulls and 53 TB are the simulator's figure for a start date whose month began later (runs starting
/// 2023-10-06 or 2024-03-01 give them): the month's first Sunday then was still among the weeklies.
/// Simulator: style 3, `simplePoints = 7`, `GFS = {W: 4, M: 1}`, 10 TB, 5 %.
#[test]
fn forever_incremental_with_gfs() {
    let rows: &[Row] = &[
        (0, 1, 1, 10.0),
        (1, 2, 1, 10.5),
        (6, 7, 1, 13.0),
        (7, 7, 1, 13.0),
        (8, 7, 1, 13.0),
        (13, 7, 1, 13.0),
        (14, 8, 2, 23.0),
        (15, 8, 2, 23.0),
        (21, 9, 3, 33.0),
        (22, 9, 3, 33.0),
        (27, 9, 3, 33.0),
        (28, 10, 4, 43.0),
        (35, 11, 5, 53.0),
        (36, 11, 5, 53.0),
        (42, 11, 5, 53.0),
        (63, 11, 5, 53.0),
        (64, 11, 5, 53.0),
        (98, 12, 6, 63.0),
        (99, 12, 6, 63.0),
        (100, 12, 6, 63.0),
        (101, 12, 6, 63.0),
        (364, 11, 5, 53.0),
        (365, 11, 5, 53.0),
        (371, 12, 6, 63.0),
        (372, 12, 6, 63.0),
    ];
    same_as_simulator("v=1&data=10TB&full_every_days=0&retention_days=7&keep_weekly=4&keep_monthly=1", rows, EXACT);
}

/// Forever incremental with GFS and growth: 14 points, 6 weekly, 3 monthly, 20 % a year.
/// Simulator: style 3, `simplePoints = 14`, `GFS = {W: 6, M: 3}`, `simpleYearGrowth = 20`, 10 TB, 5 %.
#[test]
fn forever_incremental_with_gfs_and_growth() {
    let rows: &[Row] = &[
        (0, 1, 1, 10.0),
        (1, 2, 1, 10.50025),
        (6, 7, 1, 13.005251),
        (7, 8, 1, 13.507002),
        (8, 9, 1, 14.009004),
        (13, 14, 1, 16.522779),
        (14, 14, 1, 16.531034),
        (15, 14, 1, 16.539294),
        (21, 15, 2, 26.618951),
        (22, 15, 2, 26.632253),
        (27, 15, 2, 26.673757),
        (28, 16, 3, 36.747216),
        (35, 17, 4, 46.910957),
        (36, 17, 4, 46.924353),
        (42, 18, 5, 57.110299),
        (63, 20, 7, 77.88815),
        (64, 20, 7, 77.901734),
        (98, 21, 8, 89.438199),
        (99, 21, 8, 89.452023),
        (100, 21, 8, 89.460641),
        (101, 21, 8, 89.469263),
        (364, 22, 9, 113.689372),
    ];
    same_as_simulator(
        "v=1&data=10TB&full_every_days=0&retention_days=14&keep_weekly=6&keep_monthly=3&growth=20",
        rows,
        GROWTH,
    );
}

/// Forever incremental, 1 point and 1 weekly: night 0 is one point of 10 TB, not a chain full and a
/// weekly full of the same night (issue 18: "2 points and 20 TB after one 10 TB backup").
/// Simulator: style 3, `simplePoints = 1`, `GFS = {W: 1}`, 10 TB, 5 %.
#[test]
fn forever_incremental_one_weekly_counts_night_0_once() {
    let rows: &[Row] = &[
        (0, 1, 1, 10.0),
        (1, 1, 1, 10.0),
        (6, 1, 1, 10.0),
        (7, 1, 1, 10.0),
        (8, 2, 2, 20.0),
        (13, 2, 2, 20.0),
        (14, 2, 2, 20.0),
        (15, 2, 2, 20.0),
        (21, 2, 2, 20.0),
        (22, 2, 2, 20.0),
        (27, 2, 2, 20.0),
        (28, 2, 2, 20.0),
    ];
    same_as_simulator("v=1&data=10TB&full_every_days=0&retention_days=1&keep_weekly=1", rows, EXACT);
    // The issue's link (14 dailies, the default): one backup, one point.
    let timeline = timeline(&decode("v=1&data=10TB&full_every_days=0&keep_weekly=1").scenario).unwrap();
    let night = timeline.night(0).unwrap();
    assert_eq!((night.retained_points, night.retained_fulls, night.retained_bytes), (1, 1, 10e12));
}

/// Forever incremental, 7 points, 4 weekly and 2 yearly: the yearly point is the first Sunday of the
/// year, a weekly night (371, 735), kept once it has left the chain.
/// Simulator: style 3, `simplePoints = 7`, `GFS = {W: 4, Y: 2}`, 10 TB, 5 %, from 2023-01-01.
#[test]
fn forever_incremental_with_yearly_gfs() {
    let rows: &[Row] = &[
        (0, 1, 1, 10.0),
        (1, 2, 1, 10.5),
        (6, 7, 1, 13.0),
        (7, 7, 1, 13.0),
        (8, 7, 1, 13.0),
        (13, 7, 1, 13.0),
        (14, 8, 2, 23.0),
        (15, 8, 2, 23.0),
        (21, 9, 3, 33.0),
        (22, 9, 3, 33.0),
        (27, 9, 3, 33.0),
        (28, 10, 4, 43.0),
        (35, 11, 5, 53.0),
        (36, 11, 5, 53.0),
        (42, 11, 5, 53.0),
        (63, 11, 5, 53.0),
        (64, 11, 5, 53.0),
        (98, 11, 5, 53.0),
        (99, 11, 5, 53.0),
        (100, 11, 5, 53.0),
        (101, 11, 5, 53.0),
        (364, 11, 5, 53.0),
        (365, 11, 5, 53.0),
        (371, 11, 5, 53.0),
        (372, 11, 5, 53.0),
        (735, 12, 6, 63.0),
        (736, 12, 6, 63.0),
    ];
    same_as_simulator("v=1&data=10TB&full_every_days=0&retention_days=7&keep_weekly=4&keep_yearly=2", rows, EXACT);
}

/// Weekly fulls, 7 points, 4 weekly and 2 yearly. Simulator: style 3, `GFSActiveFull = 1`,
/// `simplePoints = 7`, `GFS = {W: 4, Y: 2}`, 10 TB, 5 %, from 2023-01-01.
#[test]
fn weekly_fulls_with_yearly_gfs() {
    let rows: &[Row] = &[
        (0, 1, 1, 10.0),
        (1, 2, 1, 10.5),
        (6, 7, 1, 13.0),
        (7, 8, 2, 23.0),
        (8, 9, 2, 23.5),
        (13, 7, 1, 13.0),
        (14, 8, 2, 23.0),
        (15, 9, 2, 23.5),
        (21, 9, 3, 33.0),
        (22, 10, 3, 33.5),
        (27, 9, 3, 33.0),
        (28, 10, 4, 43.0),
        (35, 10, 4, 43.0),
        (36, 11, 4, 43.5),
        (42, 10, 4, 43.0),
        (63, 10, 4, 43.0),
        (64, 11, 4, 43.5),
        (98, 10, 4, 43.0),
        (99, 11, 4, 43.5),
        (100, 12, 4, 44.0),
        (101, 13, 4, 44.5),
        (364, 10, 4, 43.0),
        (365, 11, 4, 43.5),
        (371, 10, 4, 43.0),
        (372, 11, 4, 43.5),
        (735, 11, 5, 53.0),
        (736, 12, 5, 53.5),
    ];
    same_as_simulator("v=1&data=10TB&full_every_days=7&retention_days=7&keep_weekly=4&keep_yearly=2", rows, EXACT);
}
