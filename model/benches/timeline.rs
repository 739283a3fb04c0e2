//! `cargo bench -p capacity-model --bench timeline`: a 10-year daily timeline (goal: under 2 ms,
//! issue 11), with weekly, monthly and yearly fulls kept.

use capacity_model::codec::decode;
use capacity_model::timeline::timeline;
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

fn benches(c: &mut Criterion) {
    let scenario = decode(
        "v=1&data=10TB&window_h=8&clients=4&lto=LTO-8&drives=4&fc=8GFC&fc_ports=4&full_every_days=7&change_rate=5&\
         retention_days=28&growth=30&keep_weekly=8&keep_monthly=12&keep_yearly=7&library_slots=80&horizon_days=3650",
    )
    .scenario;
    c.bench_function("timeline 10 years daily, GFS", |b| b.iter(|| timeline(black_box(&scenario)).unwrap()));
}

criterion_group!(timeline_benches, benches);
criterion_main!(timeline_benches);
