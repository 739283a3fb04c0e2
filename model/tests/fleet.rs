//! Properties of the fleet schedule on random job lists: no schedule beats the lower bound, and list
//! scheduling on drives that are the only shared limit stays within Graham's bound.

use capacity_model::catalog::EthernetLink;
use capacity_model::codec::decode;
use capacity_model::fleet::{schedule, Job, Schedule};
use proptest::prelude::*;

/// A job of 1 GB to 20 TB with, now and then, its own link, streams and file size.
fn job() -> impl Strategy<Value = Job> {
    (
        (9.0f64..13.3).prop_map(|e| 10f64.powf(e)),
        proptest::option::of(0usize..EthernetLink::ALL.len()),
        proptest::option::of(1u32..=16),
        proptest::option::of((3.0f64..9.0).prop_map(|e| 10f64.powf(e))),
    )
        .prop_map(|(data_bytes, link, streams, size)| Job {
            name: "job".to_string(),
            data_bytes,
            files: None,
            avg_file_bytes: size,
            client_link: link.map(|i| EthernetLink::ALL[i]),
            client_ports: None,
            streams,
        })
}

fn check_lower_bound(schedule: &Schedule) -> Result<(), TestCaseError> {
    prop_assert!(
        schedule.makespan_sec >= schedule.lower_bound_sec * (1.0 - 1e-9),
        "makespan {} below the lower bound {}",
        schedule.makespan_sec,
        schedule.lower_bound_sec
    );
    for job in &schedule.jobs {
        prop_assert!(
            job.start_sec >= 0.0 && job.end_sec >= job.start_sec && job.end_sec <= schedule.makespan_sec * (1.0 + 1e-9)
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Any list, any of a few scenarios (shared server NIC, catalogue, staging, static LTO-9 drives
    /// that shoe-shine, several sessions per drive): the makespan never beats
    /// `max(longest job alone, total data / aggregate rate)`.
    #[test]
    fn the_makespan_is_never_below_the_lower_bound(
        jobs in proptest::collection::vec(job(), 1..40),
        drives in 1u32..=8,
        sessions in 1u32..=6,
        base in prop_oneof![
            Just("v=1"),
            Just("v=1&server_nic=1GbE&compression=1.9"),
            Just("v=1&catalog_ms=0.2&file_size=64KB"),
            Just("v=1&staging=concurrent&stage_write=300&stage_read=300"),
            Just("v=1&lto=LTO-9&fc=16GFC&compression=2.5"),
            Just("v=1&job_order=listed&fc_ports=2"),
        ],
    ) {
        let mut scenario = decode(base).scenario;
        scenario.drives = drives;
        scenario.sessions_per_drive = sessions;
        let schedule = schedule(&scenario, &jobs).unwrap();
        check_lower_bound(&schedule)?;
    }

    /// One session per drive and nothing shared but the drives (a 400GbE server, 64GFC ports, one
    /// per drive, no CPU limit): list scheduling ends by `sum(p) / m + max(p)` (Graham 1966), where
    /// `p` is a job's time alone on a drive, `data / min(its ceiling, the drive's rate)`. Every job
    /// here is faster than the drive (10GbE clients), so this is the form, total data / the
    /// drives' rate + the longest job's duration.
    #[test]
    fn list_scheduling_stays_within_grahams_bound(
        jobs in proptest::collection::vec(job(), 1..60),
        drives in 1u32..=8,
        listed in any::<bool>(),
    ) {
        let mut scenario = decode("v=1&server_nic=400GbE&server_ports=4&cpu_rate=1000000&fc=64GFC&client_nic=10GbE&streams=8&file_size=100MB").scenario;
        scenario.drives = drives;
        scenario.fc_ports = drives;
        scenario.sessions_per_drive = 1;
        if listed {
            scenario.job_order = capacity_model::fleet::JobOrder::Listed;
        }
        let jobs: Vec<Job> = jobs.into_iter().map(|j| Job { client_link: None, streams: None, avg_file_bytes: None, ..j }).collect();
        let schedule = schedule(&scenario, &jobs).unwrap();
        let drive_rate = schedule.aggregate_bytes_per_sec / f64::from(drives);
        let total: f64 = jobs.iter().map(|j| j.data_bytes).sum();
        let longest = schedule.jobs.iter().map(|j| j.data_bytes / j.ceiling_bytes_per_sec.min(drive_rate)).fold(0.0, f64::max);
        prop_assert!(schedule.jobs.iter().all(|j| j.ceiling_bytes_per_sec >= drive_rate), "every job outruns a drive");
        let graham = total / (f64::from(drives) * drive_rate) + longest;
        prop_assert!(schedule.makespan_sec <= graham * (1.0 + 1e-9), "{} > {graham}", schedule.makespan_sec);
        check_lower_bound(&schedule)?;
    }
}

#[test]
fn an_empty_list_has_no_schedule_and_nfs_has_none() {
    let scenario = decode("v=1&clients=8").scenario;
    assert!(schedule(&scenario, &[]).is_none());
    let nfs = decode("v=1&target=nfs").scenario;
    let job = Job {
        name: "a".into(),
        data_bytes: 1e12,
        files: None,
        avg_file_bytes: None,
        client_link: None,
        client_ports: None,
        streams: None,
    };
    assert!(schedule(&nfs, &[job]).is_none());
}

#[test]
fn bad_jobs_built_in_code_never_panic() {
    let scenario = decode("v=1&drives=2").scenario;
    let odd = |data_bytes: f64| Job {
        name: "x".into(),
        data_bytes,
        files: Some(0.0),
        avg_file_bytes: Some(f64::NAN),
        client_link: None,
        client_ports: Some(0),
        streams: Some(100_000),
    };
    let schedule = schedule(&scenario, &[odd(f64::NAN), odd(-1.0), odd(f64::INFINITY), odd(1e12)]).unwrap();
    assert!(schedule.makespan_sec.is_finite(), "{schedule:?}");
    assert_eq!(schedule.jobs[0].end_sec, schedule.jobs[0].start_sec, "a job with no data ends as it starts");
}
