//! `cargo bench -p capacity-model --bench schedule`: scheduling a fleet of 10,000 jobs (goal: under
//! 5 ms, issue 18; 10 ms in issue 10), with the listed-order run the report compares against included,
//! and restoring the same fleet by priority tier (goal: under 5 ms, issue 18).

use capacity_model::codec::decode;
use capacity_model::fleet::{parse_jobs, restore_schedule, schedule};
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

mod common;

fn benches(c: &mut Criterion) {
    let text = common::job_list(false);
    let (jobs, errors) = parse_jobs(&text);
    assert!(errors.is_empty() && jobs.len() == 10_000);
    let scenario =
        decode("v=1&lto=LTO-9&drives=16&fc=16GFC&fc_ports=8&server_nic=100GbE&server_ports=2&cpu_rate=20000").scenario;
    c.bench_function("schedule 10,000 jobs on 16 drives x 4 sessions", |b| {
        b.iter(|| schedule(black_box(&scenario), black_box(&jobs)).unwrap())
    });
    c.bench_function("restore 10,000 jobs by priority tier on 16 drives", |b| {
        b.iter(|| restore_schedule(black_box(&scenario), black_box(&jobs)).unwrap())
    });
    c.bench_function("parse a 10,000-row job list", |b| b.iter(|| parse_jobs(black_box(&text))));
}

criterion_group!(fleet, benches);
criterion_main!(fleet);
