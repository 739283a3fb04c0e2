//! A result that rests on the form's default client (45 MB/s a stream, 2.086 ms a file: HP's 2005 test
//! clients) says so, and one whose client is entered or whose bottleneck lies elsewhere does not. Most
//! public measurements the validation table misses leave exactly these inputs unstated.

use capacity_model::codec::decode;
use capacity_model::units::UnitSystem;
use capacity_model::{evaluate, Warning};

fn default_client(link: &str) -> Option<String> {
    let decoded = decode(link);
    assert!(decoded.issues.is_empty(), "{link}: {:?}", decoded.issues);
    evaluate(&decoded.scenario)
        .warnings
        .iter()
        .find(|w| matches!(w, Warning::DefaultClient { .. }))
        .map(|w| w.message(UnitSystem::Decimal))
}

#[test]
fn a_result_resting_on_the_default_client_says_so() {
    let table = [
        // One default stream into an LTO-5 (41.1 MB/s): the stream's rate alone.
        (
            "v=1&lto=LTO-5&compression=1&streams=1",
            "Client streams bind at the form's default rate of one stream (45.0 MB/s, one stream of HP's 2005 test client), so the answer rests on it: measure one stream of your clients (or fit it with Calibrate from a job you timed) and enter it as Rate of one stream (stream_rate).",
        ),
        // A client class on disks sets the per-file times, not the stream's rate: said.
        (
            "v=1&client_nic=10GbE&client_class=linux-ext4-hdd&streams=1",
            "Client streams bind at the form's default rate of one stream (45.0 MB/s, one stream of HP's 2005 test client; a client class sets the per-file times and the storage, not this), so the answer rests on it: measure one stream of your clients (or fit it with Calibrate from a job you timed) and enter it as Rate of one stream (stream_rate).",
        ),
        // 64 KB files on 10GbE: the per-file time takes 59 % of each stream's time.
        (
            "v=1&file_size=64KB&client_nic=10GbE",
            "Per-file cost (client) binds with the form's default client (45.0 MB/s per stream and 2.086 ms per file, HP's 2005 test clients), so the answer rests on them: enter your clients' own Rate of one stream (stream_rate) and Per-file time (client) (file_ms), or pick a Client class (client_class); Calibrate fits either from a job you timed.",
        ),
        // Named by relief, the per-file cost binds in series with default streams, and takes 8.6 % of
        // their time (under a tenth): the streams' rate is what the answer rests on, said of both (a
        // trial of 2026-12-05 read "Per-file cost (client) binds at the form's default rate of one stream").
        (
            "v=1&data=2TB&client_nic=10GbE&ssh=aes128-gcm&streams=4&rtt_ms=50",
            "Client streams and their per-file cost bind at the form's default rate of one stream (45.0 MB/s, one stream of HP's 2005 test client), so the answer rests on it: measure one stream of your clients (or fit it with Calibrate from a job you timed) and enter it as Rate of one stream (stream_rate).",
        ),
        // The stream rate entered: the per-file default alone.
        (
            "v=1&file_size=64KB&client_nic=10GbE&stream_rate=200",
            "Per-file cost (client) binds with the form's default time per file (2.086 ms, HP's 2005 Windows client), so the answer rests on it: pick a Client class (client_class) or enter your own Per-file time (client) (file_ms), measured or fitted with Calibrate.",
        ),
    ];
    for (link, said) in table {
        assert_eq!(default_client(link).as_deref(), Some(said), "{link}");
    }
}

#[test]
fn an_entered_client_or_another_bottleneck_is_not_warned_of() {
    for link in [
        // The 1GbE link binds (the default page).
        "v=1",
        // The seed's own client, entered.
        "v=1&compression=1.9&streams=3&stream_rate=50&pairing=static",
        // A flash client class: its backup streams read at the storage's rate, nothing default in them.
        "v=1&file_size=64KB&client_nic=10GbE&client_class=linux-ext4-ssd",
        "v=1&client_nic=10GbE&client_class=linux-ext4-nvme&streams=1&lto=LTO-9&fc=16GFC",
        // Large files: the per-file default takes under a tenth of the time and the rate is entered.
        "v=1&lto=LTO-5&compression=1&streams=1&stream_rate=60&file_size=1GB",
    ] {
        assert_eq!(default_client(link), None, "{link}");
    }
}

#[test]
fn a_job_lists_long_pole_at_the_default_client_is_named() {
    // db on 10GbE is held by its own streams at the form's 45 MB/s (a job list has no column for a
    // stream's rate): said of it, as the long pole.
    let scenario =
        decode("v=1&drives=2&fc_ports=2&jobs=name%2Cdata%2Cclient_nic%0Adb%2C3TB%2C10GbE%0Afs%2C500GB%2C").scenario;
    let job = &scenario.jobs[0];
    let alone = evaluate(&capacity_model::fleet::job_alone(&scenario.sanitized(), job));
    let plan = capacity_model::fleet::schedule(&scenario, &scenario.jobs).expect("a schedule");
    let said: Vec<String> = alone
        .warnings
        .iter()
        .filter_map(|w| {
            capacity_model::fleet::long_pole_starved_text(
                "db",
                w,
                alone.bottleneck,
                &alone.scenario,
                UnitSystem::Decimal,
                capacity_model::fleet::LongPoleRun::of(&plan),
            )
        })
        .collect();
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(
        said[0]
            .starts_with("db (the long pole): Client streams bind at the form's default rate of one stream (45.0 MB/s"),
        "{}",
        said[0]
    );
    // The form's own report with jobs does not say it of the form's identical clients.
    assert!(evaluate(&scenario)
        .warnings
        .iter()
        .filter(|w| capacity_model::fleet::warning_applies_with_jobs(w))
        .all(|w| !matches!(w, Warning::DefaultClient { .. })));
}

/// What a link's restore says of its default client, in decimal units.
fn restore_default_client(link: &str) -> Vec<String> {
    let report = evaluate(&decode(link).scenario);
    let restore = report.restore.expect("a restore");
    restore
        .warnings
        .iter()
        .filter(|w| matches!(w, Warning::DefaultClient { .. }))
        .map(|w| w.message(UnitSystem::Decimal))
        .collect()
}

#[test]
fn a_restore_resting_on_the_default_client_says_so_in_its_own_fields() {
    // 64 KB files: the restore creates each in the default 2.231 ms, written at the backup's 45 MB/s.
    assert_eq!(
        restore_default_client("v=1&file_size=64KB&client_nic=10GbE"),
        ["Per-file create (client) binds with the form's default client (45.0 MB/s per stream and 2.231 ms per file, HP's 2005 test clients), so the answer rests on them: enter your clients' own Write rate of one restore stream (restore_rate) and Per-file create time (restore_file_ms), or pick a Client class (client_class); Calibrate fits either from a job you timed."]
    );
    // Its own write rate entered: the file creation's default alone.
    let said = restore_default_client("v=1&file_size=64KB&client_nic=10GbE&restore_rate=200");
    assert_eq!(said.len(), 1);
    assert!(
        said[0].contains("default time per file (2.231 ms, HP's 2005 Windows client creating files)"),
        "{}",
        said[0]
    );
    // A flash client class: the backup's streams read at the NVMe's rate, its restore streams write the
    // default 45 MB/s (the model has no restore CPU stage), and the restore says so.
    let link = "v=1&client_nic=10GbE&client_class=linux-ext4-nvme";
    assert!(evaluate(&decode(link).scenario).warnings.iter().all(|w| !matches!(w, Warning::DefaultClient { .. })));
    assert_eq!(
        restore_default_client(link),
        ["Client write streams bind at the form's default rate of one stream (45.0 MB/s, one stream of HP's 2005 test client; a client class sets the per-file times, the storage and a backup stream's rate on flash, not a restore stream's), so the answer rests on it: measure one stream of your clients (or fit it with Calibrate from a job you timed) and enter it as Write rate of one restore stream (restore_rate)."]
    );
}
