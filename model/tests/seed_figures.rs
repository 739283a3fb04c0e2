//! Every preset reproduces its seed figure within 3 %, with the bottleneck that makes sense.

use capacity_model::presets::{preset, PRESETS};
use capacity_model::units::{MB, MIB};
use capacity_model::{evaluate, Scenario, StageId, Warning};

/// Relative difference of `got` from `expected`.
fn off(got: f64, expected: f64) -> f64 {
    (got / expected - 1.0).abs()
}

fn assert_within(got: f64, expected: f64, tolerance: f64, what: &str) {
    assert!(off(got, expected) <= tolerance, "{what}: got {got}, expected {expected} within {} %", tolerance * 100.0);
}

#[test]
fn every_preset_reproduces_its_seed_figure_and_bottleneck() {
    let mut checked = 0;
    for preset in PRESETS {
        let Some(expected) = preset.expected else {
            continue;
        };
        let report = evaluate(&preset.scenario());
        assert_within(report.throughput_bytes_per_sec, expected.throughput_bytes_per_sec, 0.03, preset.id);
        assert_eq!(report.bottleneck, expected.bottleneck, "{}: bottleneck", preset.id);
        checked += 1;
    }
    assert_eq!(checked, 9, "the nine seed scenarios of SPEC section 1");
}

/// (preset, expected bytes/s, bottleneck): the SPEC table, written out again so that a preset's own
/// `expected` cannot drift with it.
const SPEC_TABLE: [(&str, f64, StageId); 9] = [
    ("hp-1client-3streams", 113.0 * MB, StageId::ClientNic),
    ("hp-2clients-1drive", 225.0 * MB, StageId::TapeDrives),
    ("hp-8clients-4drives", 900.0 * MB, StageId::TapeDrives),
    ("nfs-1array", 232.0 * MB, StageId::NfsMounts),
    ("nfs-2arrays", 457.0 * MB, StageId::NfsFileSystems),
    ("nfs-2arrays-2fs", 640.0 * MB, StageId::NfsSources),
    ("nfs-retrieve-5vol", 180.0 * MB, StageId::NfsFileSystems),
    ("nfs-mixed", 305.0 * MB, StageId::NfsFileSystems),
    ("tsm-small-files", 5.5 * MIB, StageId::Transactions),
];

#[test]
fn spec_table() {
    for (id, rate, bottleneck) in SPEC_TABLE {
        let report = evaluate(&preset(id).unwrap().scenario());
        assert_within(report.throughput_bytes_per_sec, rate, 0.03, id);
        assert_eq!(report.bottleneck, bottleneck, "{id}");
    }
}

#[test]
fn two_streams_leave_the_streams_binding() {
    let mut scenario = preset("hp-1client-3streams").unwrap().scenario();
    scenario.streams_per_client = 2;
    let report = evaluate(&scenario);
    assert_eq!(report.bottleneck, StageId::Streams);
    // 2 x 45 MB/s x (1 + 0.9) minus 0.12 % for the 7.21 ms committing each 256 MB transaction.
    assert_within(report.throughput_bytes_per_sec, 85.5 * MB * (1.0 - 0.0012), 1e-4, "two streams");
}

#[test]
fn three_streams_warn_about_lag_and_four_do_not() {
    let three = evaluate(&preset("hp-1client-3streams").unwrap().scenario());
    assert!(three.warnings.iter().any(|w| matches!(w, Warning::StreamLag { .. })));
    let mut scenario = preset("hp-1client-3streams").unwrap().scenario();
    scenario.streams_per_client = 4;
    let four = evaluate(&scenario);
    assert!(!four.warnings.iter().any(|w| matches!(w, Warning::StreamLag { .. })));
    assert_eq!(four.bottleneck, StageId::ClientNic);
    assert_within(four.throughput_bytes_per_sec, three.throughput_bytes_per_sec, 1e-3, "the port is full either way");
}

#[test]
fn two_clients_offer_226_to_a_drive_that_takes_225() {
    let report = evaluate(&preset("hp-2clients-1drive").unwrap().scenario());
    let drives = report.stage(StageId::TapeDrives).unwrap();
    assert_within(drives.offered_bytes_per_sec, 226.0 * MB, 0.003, "offered by the clients");
    assert_within(drives.capacity_bytes_per_sec, 225.0 * MB, 1e-9, "drive");
}

#[test]
fn eight_clients_make_over_two_tb_per_hour() {
    let report = evaluate(&preset("hp-8clients-4drives").unwrap().scenario());
    let tb_per_hour = report.throughput_bytes_per_sec * 3600.0 / 1e12;
    assert!(tb_per_hour > 2.0 && (tb_per_hour - 3.24).abs() < 0.01, "{tb_per_hour}");
}

#[test]
fn nfs_mixed_splits_send_and_retrieve_like_the_seed() {
    let report = evaluate(&preset("nfs-mixed").unwrap().scenario());
    assert_within(report.send_bytes_per_sec, 202.0 * MB, 0.03, "send");
    assert_within(report.retrieve_bytes_per_sec, 103.0 * MB, 0.03, "retrieve");
}

#[test]
fn tsm_small_files_take_13_min_19_s() {
    let report = evaluate(&preset("tsm-small-files").unwrap().scenario());
    assert_within(report.duration_sec.unwrap(), 799.0, 0.03, "duration");
    let io = report.storage_pool_io_bytes.unwrap() / 1024.0;
    assert!((22.0..=26.0).contains(&io), "storage pool I/O {io} KiB");
    assert!(report.warnings.iter().any(|w| matches!(w, Warning::ShoeShining { limits_throughput: false, .. })));
}

#[test]
fn aggregation_lifts_small_file_throughput() {
    let mut scenario = preset("tsm-small-files").unwrap().scenario();
    scenario.files_per_transaction = 40;
    let report = evaluate(&scenario);
    // 40 x 50,181 B = 2.0 MB aggregates, in the seed's normal 1.5-2.5 MB, write 256 KiB I/Os.
    assert_eq!(report.storage_pool_io_bytes, Some(256.0 * 1024.0));
    assert!(report.throughput_bytes_per_sec > 3.5 * 5.5 * MIB, "{}", report.throughput_bytes_per_sec);
    // So much faster that the LTO-3 drive, fed below its lowest streaming rate, now shoe-shines.
    assert_eq!(report.bottleneck, StageId::TapeDrives);
}

#[test]
fn shoe_shining_between_buffer_rate_and_streaming_rate_costs_throughput() {
    // One client at 1 stream of 45 MB/s into an LTO-4 at 1.875:1 (streams from 56.3 MB/s, shoe-shines at 33.9).
    let scenario = Scenario { streams_per_client: 1, compression_ratio: 1.875, ..Scenario::default() };
    let report = evaluate(&scenario);
    assert_eq!(report.bottleneck, StageId::TapeDrives);
    assert_within(report.throughput_bytes_per_sec, 33.87 * MB, 0.002, "shoe-shining drive");
    assert!(report.warnings.iter().any(|w| matches!(w, Warning::ShoeShining { limits_throughput: true, .. })));
}

#[test]
fn window_fit_and_cartridges() {
    let mut scenario = preset("hp-8clients-4drives").unwrap().scenario();
    scenario.data_set_bytes = 20e12;
    scenario.backup_window_sec = 8.0 * 3600.0;
    let report = evaluate(&scenario);
    let duration = report.duration_sec.unwrap();
    assert_within(duration, 20e12 / 900e6, 1e-9, "duration");
    let fit = report.window.unwrap();
    assert!(fit.fits);
    assert_within(fit.margin_sec, 8.0 * 3600.0 - duration, 1e-9, "margin");
    // 20 TB over 4 drives is 5 TB each; at 800 GB x 1.875 = 1.5 TB per LTO-4 cartridge that is 3.3,
    // so 4 cartridges per drive, 16 in all.
    assert_eq!(report.cartridges, Some(16));
    scenario.backup_window_sec = 4.0 * 3600.0;
    assert!(!evaluate(&scenario).window.unwrap().fits);
}

#[test]
fn the_explanation_gives_the_arithmetic_and_the_next_limit() {
    let report = evaluate(&preset("hp-8clients-4drives").unwrap().scenario());
    let text = report.explanation(capacity_model::units::UnitSystem::Decimal);
    assert!(
        text.starts_with("Tape drives limit the throughput to 900 MB/s (3.24 TB/h): 4 drives × 225 MB/s = 900 MB/s"),
        "{text}"
    );
    assert!(text.contains("LTO-4 native 120 MB/s × compression 1.875:1"), "{text}");
    assert!(text.contains("could deliver 904 MB/s"), "{text}");
    assert!(text.contains("Next limit: Client NICs at 904 MB/s, 0.42 % more."), "{text}");
}

#[test]
fn a_mixed_workload_shows_each_direction() {
    let report = evaluate(&preset("nfs-mixed").unwrap().scenario());
    let system = capacity_model::units::UnitSystem::Decimal;
    let mounts = report.stage(StageId::NfsMounts).unwrap().arithmetic(system);
    assert_eq!(mounts, "send 1 mount × 232 MB/s + retrieve 1 mount × 734 MB/s = 966 MB/s");
    let file_systems = report.stage(StageId::NfsFileSystems).unwrap().arithmetic(system);
    assert!(
        file_systems.starts_with("sending 1 file system × 457 MB/s, or retrieving 1 file system × 180 MB/s"),
        "{file_systems}"
    );
    let stage = report.stage(StageId::NfsMounts).unwrap();
    assert_within(stage.utilization, stage.offered_bytes_per_sec / stage.capacity_bytes_per_sec, 1e-12, "consistent");
}
