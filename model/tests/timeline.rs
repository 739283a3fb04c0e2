//! Properties of the capacity timeline on random scenarios.

use capacity_model::codec::decode;
use capacity_model::evaluate;
use capacity_model::timeline::{timeline, BackupKind};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// With no growth and no change, every full night is tonight's single-run backup, and the copies
    /// held never shrink below one full.
    #[test]
    fn without_growth_or_change_every_full_is_todays_backup(
        base in prop_oneof![Just("v=1"), Just("v=1&clients=8&drives=4&fc_ports=4"), Just("v=1&target=nfs"), Just("v=1&file_size=8KB&lto=LTO-9")],
        data_tb in 0.1f64..500.0,
        every in 0u32..40,
        kept in 1u32..60,
        weekly in 0u32..8,
        differential in any::<bool>(),
    ) {
        let mut s = decode(base).scenario;
        s.data_set_bytes = data_tb * 1e12;
        s.full_every_days = every;
        s.retention_days = kept;
        s.keep_weekly = weekly;
        s.growth_per_year = 0.0;
        s.change_rate = 0.0;
        s.horizon_days = 120;
        if differential {
            s.between_fulls = capacity_model::timeline::BetweenFulls::Differential;
        }
        // Each full night is today's backup with its cartridge changes; a later full that holds more
        // cartridges than before loads new ones, whose LTO-9 media optimisation is left out here
        // (a unit test of the timeline counts it).
        s.media_optimisation_sec = 0.0;
        let report = evaluate(&s);
        let today = report.duration_sec.unwrap();
        let timeline = timeline(&s).unwrap();
        for night in &timeline.nights {
            if night.kind == BackupKind::Full {
                prop_assert!((night.duration_sec / today - 1.0).abs() < 1e-12, "{} vs {today}", night.duration_sec);
            } else {
                prop_assert_eq!(night.backup_bytes, 0.0);
            }
            prop_assert!(night.retained_bytes >= s.data_set_bytes * (1.0 - 1e-12));
            prop_assert!(night.retained_points >= kept.min(night.day + 1));
        }
    }

    /// More retention never holds less, and growth never shortens a night.
    #[test]
    fn more_retention_holds_more_and_growth_lengthens_nights(
        every in 1u32..30, kept in 1u32..40, growth in 0.0f64..1.0, change in 0.0f64..0.2,
    ) {
        let mut s = decode("v=1&data=20TB&clients=4").scenario;
        s.full_every_days = every;
        s.retention_days = kept;
        s.growth_per_year = growth;
        s.change_rate = change;
        s.horizon_days = 400;
        let base = timeline(&s).unwrap();
        s.retention_days = kept + 5;
        let more = timeline(&s).unwrap();
        for (a, b) in base.nights.iter().zip(&more.nights) {
            prop_assert!(b.retained_bytes >= a.retained_bytes * (1.0 - 1e-12));
        }
        for pair in base.nights.windows(2) {
            if pair[0].kind == pair[1].kind && pair[0].kind != BackupKind::Differential {
                prop_assert!(pair[1].duration_sec >= pair[0].duration_sec * (1.0 - 1e-12));
            }
        }
    }
}

/// Without growth the most held and the longest night come back every cycle: the summary names the first
/// night they happen (it named the last of the horizon, night 1090, as if the peak came in year 3).
#[test]
fn the_most_held_and_the_longest_night_are_the_first_of_equal_ones() {
    let s = capacity_model::codec::decode(
        "v=1&data=60TB&clients=12&client_nic=10GbE&fc=8GFC&lto=LTO-8&drives=4&horizon_days=1095",
    )
    .scenario;
    let t = capacity_model::timeline::timeline(&s).unwrap();
    let most = t.most_held().unwrap();
    // Weekly fulls of 60 TB, 3 TB incrementals, 14 daily points: nights 0 to 19 held on night 19.
    assert_eq!(most.day, 19);
    assert!((most.retained_bytes - 231e12).abs() < 1e9, "{}", most.retained_bytes);
    assert!(t.held_again(most));
    assert_eq!(t.longest_night().unwrap().day, 0);
}
