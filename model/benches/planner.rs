//! `cargo bench -p capacity-model --features cli --bench planner`: the planner's wall time on a
//! 10,000-job list, as a user waits for it: the whole process (start, read the file, schedule, what to
//! add, write the report and its share link), with the text report and with `--json`, for sizes in
//! whole GB and for odd byte counts (the share link then writes each size's shortest exact form).
//! Goal: under 100 ms each (issue 18, item 11).

use criterion::{criterion_group, criterion_main, Criterion};
use std::path::{Path, PathBuf};
use std::process::Command;

mod common;

/// The benchmarks' job list (see `common`) written to `path`.
fn write_list(path: &Path, odd: bool) {
    std::fs::write(path, common::job_list(odd)).expect("the benchmark's job list is written to the target directory");
}

fn benches(c: &mut Criterion) {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let scenario = "v=1&lto=LTO-9&drives=16&fc=16GFC&fc_ports=8&server_nic=100GbE&server_ports=2&cpu_rate=20000";
    let mut group = c.benchmark_group("planner on 10,000 jobs");
    group.sample_size(20);
    for (name, odd) in [("whole GB", false), ("odd bytes", true)] {
        let list = dir.join(format!("planner-bench-{}.csv", if odd { "odd" } else { "gb" }));
        write_list(&list, odd);
        for json in [false, true] {
            let label = format!("{name}, {}", if json { "--json" } else { "text" });
            group.bench_function(label, |b| {
                b.iter(|| {
                    let mut command = Command::new(env!("CARGO_BIN_EXE_plan"));
                    command.arg(scenario).arg("--jobs").arg(&list);
                    if json {
                        command.arg("--json");
                    }
                    let output = command.output().expect("the planner runs");
                    assert!(output.status.success() && output.stdout.len() > 1_000_000);
                })
            });
        }
    }
    group.finish();
}

criterion_group!(planner, benches);
criterion_main!(planner);
