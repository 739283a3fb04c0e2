//! Properties that hold for every scenario, not only the seed figures: the solved chain never carries
//! more than its tightest stage, adding hardware never slows a backup down, no input panics, and a share
//! link restores exactly the scenario it was made from.
//!
//! Scenarios are drawn field by field from [`FIELDS`], so a field added to the registry is covered
//! without touching this file. Case counts are tuned to keep the suite within seconds in a debug build.

use capacity_model::fields::{Field, Kind, FIELDS};
use capacity_model::presets::PRESETS;
use capacity_model::stages::tape::Drive;
use capacity_model::{
    codec, evaluate, evaluate_relieved, goal_seek, NfsWorkload, Report, Role, Scenario, StageId, Staging, Target,
    Warning,
};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

/// A value inside `[lo, hi]`, spread evenly over the orders of magnitude when the range spans several
/// (a uniform draw from 1e3..1e12 would almost never give a realistic 45 MB/s), always including both
/// bounds.
fn real_in(lo: f64, hi: f64) -> BoxedStrategy<f64> {
    let uniform = (lo..=hi).boxed();
    if lo > 0.0 && hi / lo > 100.0 {
        let (a, b) = (lo.ln(), hi.ln());
        prop_oneof![
            2 => Just(lo),
            2 => Just(hi),
            4 => uniform,
            12 => (a..=b).prop_map(move |x| x.exp().clamp(lo, hi)),
        ]
        .boxed()
    } else {
        prop_oneof![1 => Just(lo), 1 => Just(hi), 8 => uniform].boxed()
    }
}

/// A value for `field` inside its range: whole numbers for counts (small ones most of the time, where
/// real configurations live), an index for choices.
fn field_value(field: &'static Field) -> BoxedStrategy<f64> {
    match field.kind {
        Kind::Count => {
            let (lo, hi) = (field.min as u32, field.max as u32);
            prop_oneof![
                6 => (lo..=hi.min(lo + 16)).prop_map(f64::from),
                2 => (lo..=hi).prop_map(f64::from),
                1 => Just(field.max),
            ]
            .boxed()
        }
        Kind::Choice(names) => (0..names.len()).prop_map(|i| i as f64).boxed(),
        Kind::Number | Kind::Millis | Kind::Hours | Kind::Seconds | Kind::Bytes | Kind::Rate | Kind::Percent => {
            if field.min == 0.0 {
                // Zero means "not given" for the data set and window; draw it as often as a value.
                prop_oneof![1 => Just(0.0), 3 => real_in(field.max * 1e-12, field.max)].boxed()
            } else {
                real_in(field.min, field.max)
            }
        }
    }
}

fn set_all(values: &[f64]) -> Scenario {
    let mut scenario = Scenario::default();
    for (field, &value) in FIELDS.iter().zip(values) {
        (field.set)(&mut scenario, value);
    }
    scenario
}

/// Every field drawn inside its range.
fn random_scenario() -> impl Strategy<Value = Scenario> {
    FIELDS.iter().map(field_value).collect::<Vec<_>>().prop_map(|values| set_all(&values))
}

/// A preset with a few fields changed: configurations near the ones people plan.
fn near_preset() -> impl Strategy<Value = Scenario> {
    let changes = FIELDS.iter().map(|f| proptest::option::weighted(0.15, field_value(f))).collect::<Vec<_>>();
    (0..PRESETS.len(), changes).prop_map(|(index, changes)| {
        let mut scenario = PRESETS[index].scenario();
        for (field, value) in FIELDS.iter().zip(changes) {
            if let Some(value) = value {
                (field.set)(&mut scenario, value);
            }
        }
        scenario
    })
}

/// A valid scenario: fully random, or a preset with a few changes.
fn valid_scenario() -> impl Strategy<Value = Scenario> {
    prop_oneof![random_scenario(), near_preset()]
}

/// Anything an `f64` can hold, weighted towards what breaks arithmetic.
fn wild_number() -> impl Strategy<Value = f64> {
    prop_oneof![
        Just(f64::NAN),
        Just(f64::INFINITY),
        Just(f64::NEG_INFINITY),
        Just(0.0),
        Just(-0.0),
        Just(-1.0),
        Just(1e300),
        Just(f64::MAX),
        Just(f64::MIN),
        Just(f64::MIN_POSITIVE),
        Just(5e-324),
        Just(f64::from(u32::MAX)),
        any::<f64>(),
    ]
}

/// A valid scenario with some raw struct fields overwritten by wild values. `Field::set` writes the
/// struct field directly (counts through `as u32`, which saturates NaN to 0 and infinity to
/// `u32::MAX`), the same as code that fills a `Scenario` literal by hand.
fn wild_scenario() -> impl Strategy<Value = Scenario> {
    let wild = FIELDS.iter().map(|_| proptest::option::weighted(0.3, wild_number())).collect::<Vec<_>>();
    (valid_scenario(), wild).prop_map(|(mut scenario, wild)| {
        for (field, value) in FIELDS.iter().zip(wild) {
            if let Some(value) = value {
                (field.set)(&mut scenario, value);
            }
        }
        scenario
    })
}

/// What every report must satisfy, whatever went in.
fn check_report(report: &Report) -> Result<(), TestCaseError> {
    let throughput = report.throughput_bytes_per_sec;
    let link = codec::encode(&report.scenario);
    prop_assert!(throughput.is_finite() && throughput >= 0.0, "throughput {throughput} for #{link}");
    prop_assert!(
        report.stages.iter().any(|s| s.id == report.bottleneck),
        "bottleneck {:?} not among the stages for #{link}",
        report.bottleneck
    );
    // What each stage carries: the throughput, or in a restore that reads the backup through, the kept
    // share of it from the backup server's NICs on.
    let carried =
        |id: StageId| report.restore.as_ref().map_or(1.0, |r| if id.carries_only_kept() { r.kept_share } else { 1.0 });
    let chains = std::iter::once((throughput, &report.stages, false))
        .chain(report.restore.iter().map(|r| (r.throughput_bytes_per_sec, &r.stages, true)));
    for (throughput, stages, restore) in chains {
        prop_assert!(throughput.is_finite() && throughput >= 0.0, "throughput {throughput} for #{link}");
        for stage in stages {
            let throughput = if restore { throughput * carried(stage.id) } else { throughput };
            prop_assert!(
                throughput <= stage.capacity_bytes_per_sec * (1.0 + 1e-9),
                "throughput {throughput} exceeds {} capacity {} for #{link}",
                stage.id.id(),
                stage.capacity_bytes_per_sec
            );
            // The utilization law: throughput / capacity, never above 100 %.
            prop_assert!(
                (0.0..=1.0).contains(&stage.utilization),
                "{} utilization {} for #{link}",
                stage.id.id(),
                stage.utilization
            );
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn throughput_stays_within_every_stage(scenario in valid_scenario()) {
        check_report(&evaluate(&scenario))?;
    }

    #[test]
    fn wild_scenarios_evaluate_without_panicking(scenario in wild_scenario()) {
        check_report(&evaluate(&scenario))?;
        // What the report says must also be writable as a link and readable back without issues.
        let decoded = codec::decode(&codec::encode(&scenario));
        prop_assert!(decoded.issues.is_empty(), "{:?}", decoded.issues);
    }
}

/// Counts whose increase adds hardware or parallelism: none of them may lower the throughput.
const MORE_IS_FASTER: [&str; 19] = [
    "clients",
    "streams",
    "client_ports",
    "server_ports",
    "fc_ports",
    "sas_ports",
    "drives",
    "nfs_nodes",
    "file_systems",
    "interfaces",
    "arrays",
    "source_ports",
    "nconnect",
    "in_flight",
    "buffers",
    "disks",
    "appliances",
    "parts_in_flight",
    "prefixes",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn adding_hardware_never_lowers_throughput(scenario in valid_scenario()) {
        let scenario = scenario.sanitized();
        let before = evaluate(&scenario).throughput_bytes_per_sec;
        for key in MORE_IS_FASTER {
            let field = FIELDS.iter().find(|f| f.key == key).expect("a field key");
            let value = (field.get)(&scenario);
            if value + 1.0 > field.max {
                continue;
            }
            let mut more = scenario.clone();
            (field.set)(&mut more, value + 1.0);
            let report = evaluate(&more);
            let after = report.throughput_bytes_per_sec;
            // The physical exception: one more drive (or client, which under static pairing brings
            // another drive into use) splits the same feed over more drives, and
            // below its lowest speed-matching rate a drive stops, backhitches and restarts
            // (shoe-shining), which can deliver less than fewer, streaming drives did (seed 000's
            // reason to match drives to the feed). Allowed only when the larger configuration's
            // report says its drives shoe-shine.
            let shoe_shining = report
                .warnings
                .iter()
                .any(|w| matches!(w, Warning::ShoeShining { .. }));
            if shoe_shining {
                continue;
            }
            // One more drive on the same ports (or one more client, which brings another drive into
            // use) can leave them shared unevenly (3 drives on 2 ports: two share port 1), and with
            // the data split evenly over the drives each moves only what the busiest port gives it
            // (3 x 100 MB/s on two 2GFC ports, where 2 drives had 2 x 200): allowed when the ports
            // carry less than before (they bind, or under serial staging slow the despool phase).
            use capacity_model::StageId::{FcPorts, SasPorts};
            let ports_of = |r: &Report| {
                r.stages.iter().find(|s| matches!(s.id, FcPorts | SasPorts)).map(|s| s.capacity_bytes_per_sec)
            };
            let ports_fell = matches!((ports_of(&evaluate(&scenario)), ports_of(&report)), (Some(a), Some(b)) if b < a);
            if ports_fell {
                continue;
            }
            // Under static pairing each client holds an equal share of the data and stays on its drive,
            // so one more client can deal them unevenly (9 on 4 drives: one drive writes 3 / 9 of the
            // data while the others end early, 675 MB/s where 8 gave 900): allowed under static pairing
            // when the drives, or the ports that carry their unequal shares, carry less than before.
            let stage_of = |r: &Report, id| {
                r.stages.iter().find(|s| s.id == id).map_or(f64::INFINITY, |s| s.capacity_bytes_per_sec)
            };
            let fell = |id| stage_of(&report, id) < stage_of(&evaluate(&scenario), id);
            use capacity_model::StageId::TapeDrives;
            if key == "clients" && scenario.pairing == capacity_model::Pairing::Static && (fell(TapeDrives) || fell(FcPorts) || fell(SasPorts)) {
                continue;
            }
            // In a mixed NFS workload the shared file systems are time-shared in proportion to what
            // each direction offers; more capacity for the slower direction (retrievals, 180 vs 457
            // MB/s per file system) shifts their time toward it and can lower the total bytes moved.
            if scenario.target == Target::Nfs && scenario.nfs_workload == NfsWorkload::Mixed {
                continue;
            }
            prop_assert!(
                after >= before * (1.0 - 1e-9),
                "{key} {value} -> {}: throughput {before} -> {after} B/s for #{}",
                value + 1.0,
                codec::encode(&scenario)
            );
        }
    }

    #[test]
    fn the_bottleneck_is_the_stage_whose_relief_raises_the_throughput_most(scenario in valid_scenario()) {
        let scenario = scenario.sanitized();
        let report = evaluate(&scenario);
        // Drives starved below their lowest speed-matching rate are covered too (issue 17, fault 6):
        // the stage that starves them is named when relieving it gains more than relieving the drives.
        let two_way = scenario.target == Target::Nfs && scenario.nfs_workload == NfsWorkload::Mixed;
        // Spool then despool: relieving the faster phase also shortens the job, and can do more.
        let phased = scenario.target == Target::Tape && scenario.staging == Staging::Serial;
        if two_way || phased {
            return Ok(());
        }
        let before = report.throughput_bytes_per_sec;
        let relieved = |id| evaluate_relieved(&scenario, Some((id, 1e6))).throughput_bytes_per_sec;
        let best = relieved(report.bottleneck);
        let link = codec::encode(&scenario);
        prop_assert!(best >= before * (1.0 - 1e-9), "relieving {:?} lowered it for #{link}", report.bottleneck);
        let tied = report
            .stages
            .iter()
            .any(|s| s.id != report.bottleneck && s.role != Role::Serial && s.utilization > 1.0 - 1e-6);
        prop_assert!(tied || best > before * (1.0 + 1e-9), "relieving {:?} gained nothing for #{link}", report.bottleneck);
        // Under static pairing each drive sees only its own clients: drives with two clients can be
        // drive-bound while drives with one are client-bound, so relieving either side helps some
        // groups and no single stage's relief is the largest in every case. The named stage still
        // gains (checked above).
        if scenario.pairing == capacity_model::Pairing::Static {
            return Ok(());
        }
        // Ports and drives are compared too: drives starved by the ports they share (six LTO-4s on
        // four 1GFC ports, two to a port) name the ports, whose relief gains most (issue 17, fault 6;
        // a trial of 2026-12-04). The restore from tape reads the same way (a whole restore: a partial
        // one's locates are paid per file on top of the rates compared here).
        let restore = report.restore.as_ref().filter(|_| scenario.target == Target::Tape && scenario.restore_files == 0);
        let chains = std::iter::once(("backup", &report.stages, report.bottleneck))
            .chain(restore.map(|r| ("restore", &r.stages, r.bottleneck)));
        for (chain, stages, bottleneck) in chains {
            let relieved = |id| {
                let relieved = evaluate_relieved(&scenario, Some((id, 1e6)));
                if chain == "backup" {
                    relieved.throughput_bytes_per_sec
                } else {
                    relieved.restore.map_or(0.0, |r| r.throughput_bytes_per_sec)
                }
            };
            let best = relieved(bottleneck);
            for stage in stages.iter() {
                let other = relieved(stage.id);
                prop_assert!(
                    other <= best * (1.0 + 1e-9),
                    "{chain}: relieving {:?} gives {other}, more than the bottleneck {bottleneck:?} ({best}) for #{link}",
                    stage.id,
                );
            }
        }
    }

    /// An NFS mixed workload names the stage whose relief raises the two flows' sum most, as a one-way
    /// chain does (a trial's sync mount was named where relieving the source volumes gained 176 %).
    #[test]
    fn a_mixed_workloads_bottleneck_is_the_stage_whose_relief_gains_most(scenario in valid_scenario()) {
        let scenario = Scenario { target: Target::Nfs, nfs_workload: NfsWorkload::Mixed, ..scenario.sanitized() };
        let report = evaluate(&scenario);
        let before = report.throughput_bytes_per_sec;
        let relieved = |id| evaluate_relieved(&scenario, Some((id, 1e6))).throughput_bytes_per_sec;
        let best = relieved(report.bottleneck);
        let gains: Vec<(StageId, f64)> = report.stages.iter().map(|s| (s.id, relieved(s.id))).collect();
        let link = codec::encode(&scenario);
        // A stage tied with others (full one way at the same capacity: two mounts on two 1GbE
        // interfaces) gains nothing relieved alone; it is named where relieving the tie together gains
        // most, which one stage's relief cannot show (the solver's own tests check those).
        let tie = |named: &capacity_model::Stage| {
            let Some(nd) = named.directions.as_ref() else { return false };
            report.stages.iter().filter(|s| s.id != named.id).filter_map(|s| s.directions.as_ref()).any(|sd| {
                (0..2).any(|d| {
                    nd.utilization[d] >= 1.0 - 1e-9
                        && sd.utilization[d] >= 1.0 - 1e-9
                        && (sd.capacity_bytes_per_sec[d] / nd.capacity_bytes_per_sec[d] - 1.0).abs() <= 1e-9
                })
            })
        };
        let tied = report.stages.iter().find(|s| s.id == report.bottleneck).is_some_and(tie);
        if !tied && gains.iter().any(|(_, g)| *g > before * (1.0 + 1e-9)) {
            for (id, other) in gains {
                prop_assert!(
                    other <= best * (1.0 + 1e-9),
                    "relieving {id:?} gives {other}, more than the bottleneck {:?} ({best}) for #{link}",
                    report.bottleneck
                );
            }
        }
    }

    #[test]
    fn a_drive_never_moves_less_when_fed_more(
        native in 10e6..500e6f64,
        lowest_share in 0.05..1.0f64,
        buffer in 1e6..4e9f64,
        backhitch in 0.0..10.0f64,
        feeds in (0.0..2e9f64, 0.0..2e9f64),
    ) {
        let spec = capacity_model::catalog::LtoGeneration::Lto9.spec();
        let spec = capacity_model::catalog::lto::LtoSpec {
            native_bytes_per_sec: native,
            lowest_speed_matching_bytes_per_sec: native * lowest_share,
            buffer_bytes: buffer,
            ..spec
        };
        let drive = Drive::new(&spec, 1.0, 0.0, 262_144.0, 0.015e-3, 0.0, backhitch);
        let (low, high) = if feeds.0 <= feeds.1 { feeds } else { (feeds.1, feeds.0) };
        let (a, b) = (drive.delivered_bytes_per_sec(low), drive.delivered_bytes_per_sec(high));
        prop_assert!(a <= b * (1.0 + 1e-12), "{low} -> {a}, {high} -> {b}");
        prop_assert!(b <= high * (1.0 + 1e-12));
    }

    #[test]
    fn links_restore_the_scenario(scenario in valid_scenario()) {
        let link = codec::encode(&scenario);
        let decoded = codec::decode(&link);
        prop_assert!(decoded.issues.is_empty(), "#{link}: {:?}", decoded.issues);
        if let Err(difference) = same_to_link_precision(&decoded.scenario, &scenario.sanitized()) {
            return Err(TestCaseError::fail(format!("#{link}: {difference}")));
        }
        prop_assert_eq!(codec::encode(&decoded.scenario), link.clone());
        let original = evaluate(&scenario).throughput_bytes_per_sec;
        let restored = evaluate(&decoded.scenario).throughput_bytes_per_sec;
        prop_assert!(
            same_throughput(restored, original, SAME_THROUGHPUT_RANDOM),
            "#{link}: {original} -> {restored}"
        );
    }
}

/// How far a link may move a value: it writes 12 significant digits (see `Field::format`), so up to half
/// a unit in the 12th digit, 5e-12 relative, and a little float noise on top.
const LINK_PRECISION: f64 = 6e-12;

/// Every field of `got` equal to `expected` to the precision a link keeps.
fn same_to_link_precision(got: &Scenario, expected: &Scenario) -> Result<(), String> {
    for field in FIELDS {
        let (a, b) = ((field.get)(got), (field.get)(expected));
        if !(a == b || ((a - b) / b).abs() <= LINK_PRECISION) {
            return Err(format!("{} is {a}, expected {b}", field.key));
        }
    }
    Ok(())
}

/// Throughputs equal within `tolerance`, relative.
fn same_throughput(a: f64, b: f64, tolerance: f64) -> bool {
    a == b || ((a - b) / b).abs() <= tolerance
}

/// The brief's bound for a link's throughput: holds for every preset.
const SAME_THROUGHPUT: f64 = 1e-12;

/// The bound for random scenarios. Links write 12 significant digits, so a value may move by 5e-12, and
/// the model can magnify that: the stream formula `(1 - s^n) / (1 - s)` near `s = 1` turns a relative
/// change in `s` into one up to `n / 2` = 128 times larger in the throughput (`streams=256`,
/// `stream_scaling=0.99162247874` moved it by 3.3e-11). 128 x 5e-12 = 6.4e-10.
const SAME_THROUGHPUT_RANDOM: f64 = 1e-9;

#[test]
fn every_preset_link_restores_the_preset() {
    for preset in PRESETS {
        let scenario = preset.scenario();
        let link = codec::encode(&scenario);
        let decoded = codec::decode(&link);
        assert!(decoded.issues.is_empty(), "{}: {:?}", preset.id, decoded.issues);
        if let Err(difference) = same_to_link_precision(&decoded.scenario, &scenario) {
            panic!("{}: {difference}", preset.id);
        }
        assert_eq!(codec::encode(&decoded.scenario), link, "{}", preset.id);
        let (restored, original) =
            (evaluate(&decoded.scenario).throughput_bytes_per_sec, evaluate(&scenario).throughput_bytes_per_sec);
        assert!(same_throughput(restored, original, SAME_THROUGHPUT), "{}: {original} -> {restored}", preset.id);
    }
}

/// Text a user might paste as a value: numbers with and without units, garbage, huge and odd Unicode.
fn value_text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[-+]?[0-9]{0,25}(\\.[0-9]{0,25})?([eE][-+]?[0-9]{1,4})? ?([kKmMgGtTpPeE]i?[bB]?)?(/s|/h|ps)?",
        "(NaN|nan|inf|-inf|infinity|1e309|-0|0x10|1_000|١٢٣|LTO-[0-9]{1,3}|[A-Za-z-]{0,12})",
        "[ -~]{0,40}",
    ]
}

/// `key=value&...` pairs with real keys (and a few made-up ones), values from [`value_text`], escaped
/// or not.
fn link_text() -> impl Strategy<Value = String> {
    let key = prop_oneof![
        8 => (0..FIELDS.len()).prop_map(|i| FIELDS[i].key.to_string()),
        1 => Just("v".to_string()),
        1 => "[a-z_%]{0,8}",
    ];
    let pairs = proptest::collection::vec((key, value_text(), any::<bool>()), 0..12);
    ("(https://[a-z.]{1,12}/[a-z/]{0,8}#|#|)", pairs, any::<bool>()).prop_map(|(prefix, pairs, amp_end)| {
        let mut text = prefix;
        for (i, (key, value, raw)) in pairs.into_iter().enumerate() {
            if i > 0 {
                text.push('&');
            }
            let value = if raw { value } else { value.replace('%', "%25").replace('&', "%26").replace(' ', "+") };
            text.push_str(&format!("{key}={value}"));
        }
        if amp_end {
            text.push('&');
        }
        text
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn decoding_any_text_never_panics(text in prop_oneof![any::<String>(), link_text()]) {
        let decoded = codec::decode(&text);
        check_report(&evaluate(&decoded.scenario))?;
        prop_assert!(decoded.scenario.validate().is_empty());
        for issue in &decoded.issues {
            // A value with no key before its '=' is named by that value instead.
            let named = issue.key().is_some() || matches!(issue, capacity_model::Error::NoKey { .. });
            prop_assert!(named, "an issue without a key: {issue}");
        }
    }

    #[test]
    fn parsing_any_text_never_panics(text in value_text()) {
        for field in FIELDS {
            match field.parse(&text) {
                Ok(value) => prop_assert!(
                    value.is_finite() && value >= field.min && value <= field.max,
                    "{} accepted {text:?} as {value}",
                    field.key
                ),
                Err(error) => prop_assert!(
                    error.to_string().starts_with(&format!("{}: ", field.key)),
                    "{error}"
                ),
            }
        }
        let _ = capacity_model::units::parse_rate(&text);
    }
}

proptest! {
    // Each case may evaluate the model up to a field's maximum (a million for files per transaction):
    // few cases keep the suite fast.
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn goal_seeking_never_panics(
        scenario in prop_oneof![valid_scenario(), wild_scenario()],
        parameter in prop_oneof![
            4 => (0..FIELDS.len()).prop_map(|i| FIELDS[i].key.to_string()),
            1 => "[a-z_]{0,10}",
        ],
        target in prop_oneof![
            2 => Just(None),
            4 => (1e6..2e9f64).prop_map(Some),
            1 => wild_number().prop_map(Some),
        ],
    ) {
        match goal_seek::fewest(&scenario, &parameter, target) {
            Ok(answer) => {
                let field = FIELDS.iter().find(|f| f.key == answer.parameter).unwrap();
                prop_assert!(f64::from(answer.value) >= field.min && f64::from(answer.value) <= field.max);
                // Without a target of its own the goal is the most any value gives, and the search stops
                // within NEAR_THE_MOST of it (a random case: 3,276 clients give 29.919 MB/s, 0.098 % below
                // the 29.949 MB/s that 3,300 and more give, and the answer says "within 0.1 %").
                let slack = if target == Some(answer.goal_bytes_per_sec) { 0.0 } else { goal_seek::NEAR_THE_MOST };
                prop_assert!(answer.throughput_bytes_per_sec >= answer.goal_bytes_per_sec * (1.0 - slack) * (1.0 - 1e-9));
            }
            Err(error) => prop_assert!(!error.to_string().is_empty()),
        }
    }
}

/// The counts What to add raises together on `s` (a backup to fit, no copy to tape), when it reaches:
/// all of them bring the backup, cartridge handling included, inside the window less the headroom, and
/// none can be one lower with the others as raised.
fn check_additions_are_fewest(s: &Scenario) -> Result<(), TestCaseError> {
    let Some(plan) = goal_seek::to_fit(s) else { return Ok(()) };
    if plan.night.is_some() {
        return Ok(());
    }
    check_faster_links(s, &plan)?;
    if !plan.combined.reaches {
        return Ok(());
    }
    let with = |lowered: Option<usize>| {
        let mut next = s.sanitized();
        for (i, step) in plan.combined.steps.iter().enumerate() {
            let field = FIELDS.iter().find(|f| f.key == step.key).unwrap();
            let to = f64::from(step.to) - if lowered == Some(i) { 1.0 } else { 0.0 };
            (field.set)(&mut next, to);
        }
        evaluate(&next).duration_sec.unwrap_or(f64::INFINITY)
    };
    let base = s.sanitized();
    let aim = base.backup_window_sec * (1.0 - base.headroom) * (1.0 + 1e-9);
    prop_assert!(with(None) <= aim, "{:?} take {} s of {} s", plan.combined.steps, with(None), aim);
    for (i, step) in plan.combined.steps.iter().enumerate() {
        prop_assert!(step.to > step.from, "{step:?}");
        prop_assert!(with(Some(i)) > aim, "{:?}: {} one lower still fits {} s", plan.combined.steps, step.key, aim);
    }
    Ok(())
}

/// A Faster plan fits as promised: its speeds and counts bring the backup inside the window less the
/// headroom, and each link it speeds up gets no more ports, or fewer than the counts alone raise them to
/// where those reach it.
fn check_faster_links(s: &Scenario, plan: &goal_seek::FitPlan) -> Result<(), TestCaseError> {
    let Some(faster) = &plan.faster else { return Ok(()) };
    let mut next = s.sanitized();
    for step in &faster.steps {
        let field = FIELDS.iter().find(|f| f.key == step.key).unwrap();
        prop_assert!(step.to > step.from, "{step:?}");
        (field.set)(&mut next, f64::from(step.to));
    }
    let base = s.sanitized();
    let aim = base.backup_window_sec * (1.0 - base.headroom) * (1.0 + 1e-9);
    let took = evaluate(&next).duration_sec.unwrap_or(f64::INFINITY);
    prop_assert!(took <= aim, "{:?} take {took} s of {aim} s", faster.steps);
    for (link, ports) in [("client_nic", "client_ports"), ("server_nic", "server_ports"), ("fc", "fc_ports")] {
        if faster.steps.iter().any(|a| a.key == link) {
            let to = |steps: &[goal_seek::Addition]| steps.iter().find(|a| a.key == ports).map(|a| a.to);
            // Against counts that reach the goal: where the counts alone stop short (128 changes in a
            // proptest case of stop 43: 25 FC ports reaching 4,858 of 8,349 MB/s), a faster link that
            // reaches it may take a port more.
            if let (Some(fewer), true) = (to(&faster.steps), plan.combined.reaches) {
                let counts = to(&plan.combined.steps);
                prop_assert!(counts.is_some_and(|c| fewer < c), "{:?} against {:?}", faster.steps, plan.combined.steps);
            }
        }
    }
    Ok(())
}

/// What to add on the issue's missed windows: 10 to 30 TB in 8 h from one client on 10GbE raises
/// streams, drives and FC ports together, the fewest of each, and a plan of 13 turns (streams and
/// drives each raised until the other binds) still reaches its target rather than stopping short.
#[test]
fn what_to_add_raises_the_fewest_counts_together() {
    for data in ["10TB", "20TB", "30TB"] {
        for streams in [2, 4] {
            let s = codec::decode(&format!("v=1&client_nic=10GbE&data={data}&window_h=8&streams={streams}")).scenario;
            check_additions_are_fewest(&s).unwrap();
        }
    }
    let s = codec::decode("v=1&client_nic=10GbE&data=30TB&window_h=8&streams=2").scenario;
    let plan = goal_seek::to_fit(&s).unwrap();
    let steps: Vec<(&str, u32)> = plan.combined.steps.iter().map(|a| (a.key, a.to)).collect();
    assert_eq!(
        steps,
        [("streams", 36), ("drives", 6), ("fc_ports", 6), ("client_ports", 2), ("server_ports", 2)],
        "{:?}",
        plan.summary(&s, capacity_model::units::UnitSystem::Decimal)
    );
    assert!(plan.combined.reaches);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn what_to_add_needs_every_count_it_raises(
        scenario in near_preset(),
        data_bytes in 1e12..1e15f64,
        window_h in 1.0..24.0f64,
    ) {
        let mut s = scenario;
        s.data_set_bytes = data_bytes;
        s.backup_window_sec = window_h * 3600.0;
        check_additions_are_fewest(&s)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Clients on slower links with more data than their window takes: What to add's faster links, when
    /// it offers them, fit as promised (`check_faster_links`); about one case in eight is offered them.
    #[test]
    fn faster_links_fit_as_promised(
        clients in 1u32..16,
        nic in prop::sample::select(vec!["1GbE", "2.5GbE", "10GbE", "25GbE"]),
        lto in prop::sample::select(vec!["LTO-4", "LTO-6", "LTO-8", "LTO-9"]),
        drives in 1u32..8,
        data_tb in 1.0..400.0f64,
        window_h in 2.0..24.0f64,
    ) {
        let link = format!(
            "v=1&clients={clients}&client_nic={nic}&lto={lto}&drives={drives}&data={data_tb:.1}TB&window_h={window_h:.2}"
        );
        let s = codec::decode(&link).scenario;
        if let Some(plan) = goal_seek::to_fit(&s) {
            check_faster_links(&s, &plan)?;
        }
    }
}

/// The property above is not empty: one client on 1GbE is offered 10GbE (goal_seek's own example).
#[test]
fn a_slow_client_is_offered_a_faster_link() {
    let s = codec::decode("v=1&clients=1&client_nic=1GbE&data=20TB&window_h=8").scenario;
    let plan = goal_seek::to_fit(&s).unwrap();
    assert!(plan.faster.is_some());
    check_faster_links(&s, &plan).unwrap();
}

/// Drives on ports bind the single scenario as they bind the fleet schedule: for 1 to 4 FC ports and
/// up to two drives a port, one 1 TB job per drive on 2GFC ports (200 MB/s, about 1.8 x what a 1GbE
/// client sends, so a shared port binds and a lone drive is held by its client), the scenario with
/// one client per drive and all the data lasts as long as the schedule's night, to 0.5 %. And the
/// throughput never exceeds the ports pooled, reaching it only when the drives spread evenly.
#[test]
fn drives_on_ports_bind_the_scenario_as_the_schedule() {
    let port = capacity_model::catalog::FcSpeed::Gfc2.throughput_bytes_per_sec();
    for ports in 1..=4u32 {
        for drives in 1..=2 * ports {
            let base = format!("v=1&fc=2GFC&fc_ports={ports}&drives={drives}");
            let single = evaluate(&codec::decode(&format!("{base}&clients={drives}&data={drives}TB")).scenario);
            let fleet = codec::decode(&base).scenario;
            let csv: String =
                std::iter::once("name,data\n".to_string()).chain((0..drives).map(|d| format!("j{d},1TB\n"))).collect();
            let (jobs, issues) = capacity_model::fleet::parse_jobs(&csv);
            assert!(issues.is_empty(), "{issues:?}");
            let night = capacity_model::fleet::schedule(&fleet, &jobs).unwrap().makespan_sec;
            let duration = single.duration_sec.unwrap();
            assert!((duration / night - 1.0).abs() < 0.005, "{base}: scenario {duration} s, schedule {night} s");
            let pooled = f64::from(ports.min(drives)) * port;
            let even = drives <= ports || drives % ports == 0;
            let fc =
                single.stages.iter().find(|s| s.id == capacity_model::StageId::FcPorts).unwrap().capacity_bytes_per_sec;
            assert!(fc <= pooled * (1.0 + 1e-12), "{base}: {fc} above {pooled}");
            assert_eq!((fc - pooled).abs() < 1e-6, even, "{base}: {fc} vs {pooled}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Issue 16, item 9: every value of a field shown in hours reads back exactly through its text and
    /// through a link (15,000 s came back as 15000.000000000002 s): any double of seconds in range,
    /// whole seconds, and decimals of hours as people type them.
    #[test]
    fn hours_round_trip_exactly_through_their_text_and_a_link(
        seconds in prop_oneof![
            (0.0..=8760.0 * 3600.0f64),
            (0u32..=8760 * 3600).prop_map(f64::from),
            (0u32..=876_000).prop_map(|centi| f64::from(centi) * 36.0),
            (1e-9..1.0f64),
        ],
    ) {
        for field in FIELDS.iter().filter(|f| f.kind == Kind::Hours) {
            let text = field.format(seconds);
            prop_assert_eq!(field.parse(&text), Ok(seconds), "{} = {} h", field.key, text);
            // At most 17 significant digits: they always suffice.
            let digits = text.bytes().filter(u8::is_ascii_digit).skip_while(|&b| b == b'0').count();
            prop_assert!(digits <= 17, "{} h", text);
            let mut scenario = Scenario::default();
            (field.set)(&mut scenario, seconds);
            let link = codec::encode(&scenario);
            let decoded = codec::decode(&link);
            prop_assert!(decoded.issues.is_empty(), "#{}: {:?}", link, decoded.issues);
            prop_assert_eq!((field.get)(&decoded.scenario), seconds, "#{}", link);
        }
    }
}
