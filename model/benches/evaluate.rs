//! `cargo bench -p capacity-model`: one evaluation (goal: under 1 µs) and a 1,000-point sweep
//! (goal: under 1 ms).

use capacity_model::{evaluate, presets::preset, sweep};
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

fn benches(c: &mut Criterion) {
    for id in ["hp-8clients-4drives", "nfs-mixed", "tsm-small-files"] {
        let scenario = preset(id).unwrap().scenario();
        c.bench_function(&format!("evaluate {id}"), |b| b.iter(|| evaluate(black_box(&scenario))));
    }
    let scenario = preset("hp-8clients-4drives").unwrap().scenario();
    let values = sweep::range(1.0, 1000.0, 1000, false, false);
    c.bench_function("sweep clients 1,000 points", |b| {
        b.iter(|| sweep::sweep(black_box(&scenario), "clients", black_box(&values)).unwrap())
    });
}

criterion_group!(evaluation, benches);
criterion_main!(evaluation);
