//! `cargo bench -p capacity-model --bench schedule`: scheduling a fleet of 10,000 jobs (goal: under
//! 10 ms, issue 10), with the listed-order run the report compares against included.

use capacity_model::codec::decode;
use capacity_model::fleet::{parse_jobs, schedule};
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

/// 10,000 jobs of 10 GB to 5 TB (a fixed spread, no randomness), some with their own link and streams.
fn list() -> String {
    let mut text = "name,data,client_nic,streams\n".to_string();
    for i in 0..10_000u64 {
        let size_gb = 10 + (i * 7919) % 5000;
        let link = if i % 5 == 0 { "10GbE" } else { "" };
        let streams = if i % 7 == 0 { "8" } else { "" };
        text.push_str(&format!("host{i:05},{size_gb}GB,{link},{streams}\n"));
    }
    text
}

fn benches(c: &mut Criterion) {
    let text = list();
    let (jobs, errors) = parse_jobs(&text);
    assert!(errors.is_empty() && jobs.len() == 10_000);
    let scenario =
        decode("v=1&lto=LTO-9&drives=16&fc=16GFC&fc_ports=8&server_nic=100GbE&server_ports=2&cpu_rate=20000").scenario;
    c.bench_function("schedule 10,000 jobs on 16 drives x 4 sessions", |b| {
        b.iter(|| schedule(black_box(&scenario), black_box(&jobs)).unwrap())
    });
    c.bench_function("parse a 10,000-row job list", |b| b.iter(|| parse_jobs(black_box(&text))));
}

criterion_group!(fleet, benches);
criterion_main!(fleet);
