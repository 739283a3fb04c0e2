//! `cargo bench -p capacity-model --features cli --bench planner`: the planner's wall time on a
//! 10,000-job list, as a user waits for it: the whole process (start, read the file, schedule, what to
//! add, write the report and its share link), with the text report and with `--json`, for sizes in
//! whole GB and for odd byte counts (the share link then writes each size's shortest exact form).
//! Goal: under 100 ms each (issue 18, item 11).

use criterion::{criterion_group, criterion_main, Criterion};
use std::path::{Path, PathBuf};
use std::process::Command;

/// 10,000 jobs of 10 GB to 5 TB (a fixed spread, no randomness), some with their own link and streams,
/// as the schedule benchmark has them; `odd` adds 1 to 999,999 bytes to each size.
fn write_list(path: &Path, odd: bool) {
    let mut text = "name,data,client_nic,streams,priority,rto_h\n".to_string();
    for i in 0..10_000u64 {
        let size_gb = 10 + (i * 7919) % 5000;
        let size = if odd {
            format!("{}B", size_gb * 1_000_000_000 + 1 + (i * 104_729) % 999_999)
        } else {
            format!("{size_gb}GB")
        };
        let link = if i % 5 == 0 { "10GbE" } else { "" };
        let streams = if i % 7 == 0 { "8" } else { "" };
        let (tier, rto) = match i % 10 {
            0 => ("0", "4"),
            1 => ("1", "24"),
            2 => ("2", "72"),
            _ => ("", ""),
        };
        text.push_str(&format!("host{i:05},{size},{link},{streams},{tier},{rto}\n"));
    }
    std::fs::write(path, text).expect("the benchmark's job list is written to the target directory");
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
