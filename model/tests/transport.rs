//! The network's transports as a result tells them: an SSH connection's cipher and channel window, a
//! lossy path's window per round trip, and loss entered without a round trip (which limits nothing and
//! says so).

use capacity_model::codec::decode;
use capacity_model::units::UnitSystem;
use capacity_model::{evaluate, StageId, Warning};

fn throughput_and_bottleneck(link: &str) -> (f64, StageId) {
    let decoded = decode(link);
    assert!(decoded.issues.is_empty(), "{link}: {:?}", decoded.issues);
    let report = evaluate(&decoded.scenario);
    (report.throughput_bytes_per_sec, report.bottleneck)
}

#[test]
fn ssh_and_loss_bind_where_their_arithmetic_says() {
    let table = [
        // chacha20-poly1305 on one x86 core: 209.7 MiB/s = 219.9 MB/s, below 2.5GbE's 282 MB/s.
        ("v=1&streams=1&stream_rate=1000&client_nic=2.5GbE&file_size=10GB&ssh=chacha20-poly1305&lto=LTO-9", 219.89e6, StageId::SshConnections),
        // Two connections at an entered 45 MB/s each.
        ("v=1&streams=2&stream_rate=1000&client_nic=10GbE&file_size=10GB&ssh=aes128-gcm&ssh_rate=45&lto=LTO-9", 90e6, StageId::SshConnections),
        // The channel window over 80 ms: 2,097,152 / 0.08 = 26.2 MB/s per connection, whatever TCP's 64 MiB.
        ("v=1&streams=1&stream_rate=1000&client_nic=10GbE&file_size=10GB&rtt_ms=80&tcp_window=64MiB&ssh=aes128-gcm&lto=LTO-9&drives=1", 26.214e6, StageId::SshConnections),
        // 1 % loss over 50 ms: Reno's 12 segments of 1,448 B per round trip, 347.5 kB/s per connection;
        // four streams, four connections.
        ("v=1&streams=4&stream_rate=1000&client_nic=10GbE&file_size=10GB&rtt_ms=50&loss=1&lto=LTO-9", 4.0 * 347_520.0, StageId::Distance),
    ];
    for (link, expected, stage) in table {
        let (got, bottleneck) = throughput_and_bottleneck(link);
        assert!((got / expected - 1.0).abs() < 2e-3, "{link}: {got} B/s, expected {expected}");
        assert_eq!(bottleneck, stage, "{link}");
    }
}

#[test]
fn loss_without_a_round_trip_limits_nothing_and_says_so() {
    let with = decode("v=1&loss=1").scenario;
    let without = decode("v=1").scenario;
    assert_eq!(evaluate(&with).throughput_bytes_per_sec, evaluate(&without).throughput_bytes_per_sec);
    let message = evaluate(&with)
        .warnings
        .iter()
        .find(|w| matches!(w, Warning::LossWithoutRoundTrip { .. }))
        .map(|w| w.message(UnitSystem::Decimal));
    assert_eq!(
        message.as_deref(),
        Some("Packet loss of 1 % is entered without a round-trip time, so it limits nothing: over a lossy path each TCP connection averages a window of segments per round trip. Enter the path's Round-trip time (rtt_ms).")
    );
    let far = decode("v=1&loss=1&rtt_ms=20").scenario;
    assert!(!evaluate(&far).warnings.iter().any(|w| matches!(w, Warning::LossWithoutRoundTrip { .. })));
}

#[test]
fn loss_above_two_per_cent_warns_that_timeouts_are_left_out() {
    let warned =
        |link: &str| evaluate(&decode(link).scenario).warnings.iter().any(|w| matches!(w, Warning::HighLoss { .. }));
    assert!(warned("v=1&loss=5&rtt_ms=10"));
    assert!(!warned("v=1&loss=2&rtt_ms=10"));
    assert!(!warned("v=1&loss=5"), "without a round trip the loss limits nothing: the other warning");
}

#[test]
fn what_to_add_offers_the_fastest_cipher_where_the_cipher_binds() {
    let plan = capacity_model::goal_seek::to_fit(
        &decode("v=1&client_nic=10GbE&ssh=chacha20-poly1305&streams=2&stream_rate=1000&data=10TB&lto=LTO-9&drives=2&fc_ports=2&fc=16GFC")
            .scenario,
    )
    .expect("the window is missed");
    let faster = plan.faster.expect("a faster cipher");
    let steps: Vec<(&str, u32, u32)> = faster.steps.iter().map(|a| (a.key, a.from, a.to)).collect();
    // chacha20-poly1305 (choice 5) -> aes256-gcm (choice 2): 2 x 578.5 MB/s, enough without more streams.
    assert_eq!(steps, [("ssh", 5, 2)]);
    assert!(faster.reaches);
    // Held by the channel window (2 MiB per 20 ms), a faster cipher would change nothing: not offered.
    let windowed = capacity_model::goal_seek::to_fit(
        &decode("v=1&client_nic=10GbE&ssh=chacha20-poly1305&streams=2&stream_rate=1000&data=10TB&rtt_ms=20&lto=LTO-9&drives=2&fc_ports=2&fc=16GFC")
            .scenario,
    )
    .expect("the window is missed");
    assert!(windowed.faster.as_ref().is_none_or(|f| f.steps.iter().all(|a| a.key != "ssh")));
}

#[test]
fn a_job_row_gives_its_own_round_trip() {
    // A branch office 40 ms away on a path losing 0.1 %: four connections of Reno's 37.9 segments of
    // 1,448 B per 40 ms, 4 x 1.372 = 5.49 MB/s; the head office on the LAN is not held by the loss.
    let jobs = "name,data,rtt_ms\nhq,1TB,\nbranch,500GB,40\n";
    let link = format!(
        "v=1&loss=0.1&client_nic=10GbE&lto=LTO-9&drives=2&fc_ports=2&jobs={}",
        jobs.replace(',', "%2C").replace('\n', "%0A")
    );
    let decoded = decode(&link);
    assert!(decoded.issues.is_empty(), "{:?}", decoded.issues);
    let s = decoded.scenario;
    assert_eq!(s.jobs[1].rtt_sec, Some(0.04));
    let schedule = capacity_model::fleet::schedule(&s, &s.jobs).expect("a schedule");
    let branch = &schedule.jobs[1];
    // Less 0.3 %: each 1 MB file also costs the default client 2.086 ms.
    let connections = 4.0 * 1.2 / 0.001_f64.sqrt() * 1448.0 / 0.04;
    assert!((branch.ceiling_bytes_per_sec / connections - 1.0).abs() < 5e-3, "{}", branch.ceiling_bytes_per_sec);
    assert_eq!(branch.ceiling_stage, StageId::Distance);
    assert!(schedule.jobs[0].ceiling_bytes_per_sec > 100e6, "the LAN job is not held by the loss");
    // With a job's round trip the loss does limit something: no warning that it does not.
    assert!(!evaluate(&s).warnings.iter().any(|w| matches!(w, Warning::LossWithoutRoundTrip { .. })));
    // The column is written back as the form writes milliseconds.
    assert_eq!(capacity_model::fleet::jobs_to_csv(&s.jobs), "name,data,rtt_ms\nhq,1TB,\nbranch,500GB,40");
}

/// A helper's trial: an NFS retrieval held by its source volumes was told "no count relieves it", where
/// the volumes retrieved per array (a count) and then the file systems' reads do: 4 → 12 volumes and 1 → 3
/// file systems carry 473 MB/s of the 434 MB/s that keeps 20 % of the window spare.
#[test]
fn what_to_add_raises_the_volumes_a_retrieval_reads_from() {
    let plan = capacity_model::goal_seek::to_fit(&decode("v=1&target=nfs&workload=retrieve&data=10TB").scenario)
        .expect("the window is missed");
    let steps: Vec<(&str, u32, u32)> = plan.combined.steps.iter().map(|a| (a.key, a.from, a.to)).collect();
    assert_eq!(steps, [("retrieve_volumes", 4, 12), ("file_systems", 1, 3)]);
    assert!(plan.combined.reaches);
    assert!((plan.combined.reached_bytes_per_sec / 473e6 - 1.0).abs() < 0.005, "{:?}", plan.combined);
}

/// A helper's trial: an NFS retrieval that misses the window was said to be "The backup".
#[test]
fn a_retrieval_that_misses_the_window_is_called_one() {
    let said = |link: &str| -> Vec<String> {
        let report = capacity_model::evaluate(&decode(link).scenario);
        report.warnings.iter().map(|w| w.message(capacity_model::units::UnitSystem::Decimal)).collect()
    };
    let retrieve = said("v=1&target=nfs&workload=retrieve&data=10TB");
    assert!(
        retrieve.contains(&"The retrieval takes 17 h 36 min, longer than the 8 h 00 min window.".to_string()),
        "{retrieve:?}"
    );
    let mixed = said("v=1&target=nfs&workload=mixed&data=10TB&window_h=1");
    assert!(mixed.iter().any(|m| m.starts_with("The mixed workload takes ")), "{mixed:?}");
    let backup = said("v=1&data=10TB");
    assert!(backup.iter().any(|m| m.starts_with("The backup takes ")), "{backup:?}");
}
