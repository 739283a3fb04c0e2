//! The `--json` output: one pretty-printed object per run.
//!
//! Rates are bytes/s and times seconds, whatever `--binary` says (it changes only the sentences).
//! JSON has no infinity or NaN, so every non-finite number is written as `null`: a backup that never
//! ends (no throughput) has `"duration_sec": null`, the same as one without a data set.

use crate::text::{Extras, Fleet};
use crate::Source;
use capacity_model::fields::field_by_key;
use capacity_model::fleet::{Binding, FleetChange, RestoreSchedule};
use capacity_model::presets::Preset;
use capacity_model::timeline::Timeline;
use capacity_model::units::UnitSystem;
use capacity_model::{codec, Report, Role, Stage, Warning};
use serde_json::{json, Map, Number, Value};

/// A number, or `null` when it is not finite.
fn num(value: f64) -> Value {
    Number::from_f64(value).map_or(Value::Null, Value::Number)
}

fn opt(value: Option<f64>) -> Value {
    value.map_or(Value::Null, num)
}

fn pretty(value: &Value) -> String {
    // Writing a `Value` into a `String` cannot fail: every map key is a string.
    let mut text = serde_json::to_string_pretty(value).unwrap_or_default();
    text.push('\n');
    text
}

/// Input errors as one object: `{"errors": [{"key", "message", "allowed"}]}`; `key` and `allowed` are
/// `null` where the error names no field. A bad cell of a job list (`jobs, line 3, column streams: ...`,
/// from a `--jobs` file or a link's `jobs` key) has the key `jobs` and also `line` (from 1, the header)
/// and `column` (its header name).
pub fn errors(messages: &[String]) -> String {
    let list: Vec<Value> = messages
        .iter()
        .map(|message| {
            let cell = job_cell(message);
            let (key, reason) = match (cell, message.split_once(": ")) {
                (Some((_, _, reason)), _) => (Some("jobs"), reason),
                (None, Some((key, reason))) if !key.contains(' ') => (Some(key), reason),
                _ => (None, message.as_str()),
            };
            let (reason, allowed) = match reason.rsplit_once("; allowed: ") {
                Some((reason, allowed)) => (reason, Some(allowed.to_string())),
                None => (reason, key.and_then(field_by_key).map(|f| f.allowed())),
            };
            let mut entry = json!({ "key": key, "message": reason, "allowed": allowed });
            if let Some((line, column, _)) = cell {
                entry["line"] = json!(line);
                entry["column"] = json!(column);
            }
            entry
        })
        .collect();
    pretty(&json!({ "errors": list }))
}

/// The line, column and reason of a job-list cell error as the model writes it
/// (`capacity_model::Error::JobRow`: `jobs, line 3, column streams: reason`).
fn job_cell(message: &str) -> Option<(usize, &str, &str)> {
    let rest = message.strip_prefix("jobs, line ")?;
    let (line, rest) = rest.split_once(", column ")?;
    let (column, reason) = rest.split_once(": ")?;
    Some((line.parse().ok()?, column, reason))
}

fn stages(stages: &[Stage]) -> Value {
    let list: Vec<Value> = stages
        .iter()
        .map(|stage| {
            let serial = stage.role == Role::Serial;
            json!({
                "id": stage.id.id(),
                "name": stage.id.name(),
                "role": match stage.role { Role::PerSession => "per_session", Role::Serial => "serial", Role::Shared => "shared" },
                "capacity_bytes_per_sec": num(stage.capacity_bytes_per_sec),
                "demand_bytes_per_sec": num(stage.demand_bytes_per_sec),
                "utilization": num(stage.utilization),
                "time_share": if serial { num(stage.utilization) } else { Value::Null },
                "units": num(stage.units),
                "per_unit_bytes_per_sec": num(stage.per_unit_bytes_per_sec),
            })
        })
        .collect();
    Value::Array(list)
}

fn warnings<'a>(list: impl Iterator<Item = &'a Warning>, system: UnitSystem) -> Value {
    Value::Array(list.map(|w| json!({ "id": w.id(), "message": w.message(system) })).collect())
}

/// The report as JSON; `--fewest` adds `"fewest"`, `--calibrate` adds `"calibration"`.
pub fn report(source: &Source, report: &Report, extras: &Extras, system: UnitSystem) -> String {
    let window = report.window.map_or(Value::Null, |w| {
        json!({
            "window_sec": num(w.window_sec),
            "fits": w.fits,
            "margin_sec": num(w.margin_sec),
            "margin_ratio": num(w.margin_ratio),
        })
    });
    let mut object = Map::new();
    let mut put = |key: &str, value: Value| {
        object.insert(key.to_string(), value);
    };
    put("title", json!(source.title()));
    put("preset", json!(source.preset.map(|p| p.id)));
    put(
        "unit_system",
        json!(match system {
            UnitSystem::Decimal => "decimal",
            UnitSystem::Binary => "binary",
        }),
    );
    put("throughput_bytes_per_sec", num(report.throughput_bytes_per_sec));
    put("send_bytes_per_sec", num(report.send_bytes_per_sec));
    put("retrieve_bytes_per_sec", num(report.retrieve_bytes_per_sec));
    put("bottleneck", json!(report.bottleneck.id()));
    put("bottleneck_name", json!(report.bottleneck.name()));
    put("explanation", json!(report.explanation(system)));
    put(
        "next_limit",
        report
            .next_limit()
            .map_or(Value::Null, |(id, rate)| json!({ "stage": id.id(), "throughput_bytes_per_sec": num(rate) })),
    );
    put("stages", stages(&report.stages));
    put("files_per_sec", opt(report.files_per_sec));
    put("physical_bytes_per_sec", num(report.physical_bytes_per_sec));
    put("data_set_bytes", num(report.scenario.data_set_bytes));
    put("duration_sec", opt(report.duration_sec));
    put("window", window);
    put("cartridges", json!(report.cartridges));
    put("cartridge_handling_sec", opt(report.cartridge_handling.map(|h| h.total_sec())));
    put(
        "restore",
        report.restore.as_ref().map_or(Value::Null, |restore| {
            json!({
                "throughput_bytes_per_sec": num(restore.throughput_bytes_per_sec),
                "bottleneck": restore.bottleneck.id(),
                "bottleneck_name": restore.bottleneck.name(),
                "explanation": report.restore_explanation(system),
                "files_per_sec": num(restore.files_per_sec),
                "duration_sec": opt(restore.duration_sec),
                "stages": stages(&restore.stages),
                "warnings": warnings(restore.warnings.iter(), system),
            })
        }),
    );
    put(
        "copy_to_tape",
        report.copy.as_ref().map_or(Value::Null, |copy| {
            json!({
                "throughput_bytes_per_sec": num(copy.throughput_bytes_per_sec),
                "bottleneck": copy.bottleneck.id(),
                "bottleneck_name": copy.bottleneck.name(),
                "explanation": report.copy_explanation(system),
                "duration_sec": opt(copy.duration_sec),
                "shared_window": copy.shared_window,
                "longer_phase": copy.longer_phase,
                "window": copy.window.map_or(Value::Null, |w| json!({
                    "window_sec": num(w.window_sec),
                    "fits": w.fits,
                    "margin_sec": num(w.margin_sec),
                    "margin_ratio": num(w.margin_ratio),
                })),
                "stages": stages(&copy.stages),
                "warnings": warnings(copy.warnings.iter(), system),
            })
        }),
    );
    put("aggregate_bytes", opt(report.aggregate_bytes));
    put("storage_pool_io_bytes", opt(report.storage_pool_io_bytes));
    let with_jobs = extras.fleet.is_some();
    let kept = report.warnings.iter().filter(|w| !with_jobs || capacity_model::fleet::warning_applies_with_jobs(w));
    put("warnings", warnings(kept, system));
    put("fragment", json!(codec::encode(&source.scenario)));
    if let Some(fit) = extras.calibration {
        put(
            "calibration",
            json!({
                "parameter": fit.parameter,
                "before": num(fit.before),
                "value": num(fit.value),
                "value_text": field_by_key(fit.parameter).map(|f| f.format(fit.value)),
                "measured_bytes_per_sec": num(fit.measured_bytes_per_sec),
                "before_bytes_per_sec": num(fit.before_bytes_per_sec),
                "fitted_bytes_per_sec": num(fit.fitted_bytes_per_sec),
                "residual": num(fit.residual),
            }),
        );
    }
    // Which object answers the run: `fleet` once jobs are given (the top-level figures are then one
    // client's with the form's values, the defaults of the job rows), the top level otherwise.
    put("answer", json!(if extras.fleet.is_some() { "fleet" } else { "client" }));
    if let Some(fleet) = extras.fleet {
        put("schedule", schedule(fleet, system));
        put("fleet", fleet_json(fleet, &source.scenario.jobs, system));
    }
    if let Some(plan) = extras.restore {
        put("restore_schedule", restore_json(plan));
    }
    if let Some(plan) = extras.to_fit {
        let steps: Vec<Value> =
            plan.combined.steps.iter().map(|a| json!({"key": a.key, "from": a.from, "to": a.to})).collect();
        put(
            "to_fit",
            json!({
                "needed_bytes_per_sec": num(plan.needed_bytes_per_sec),
                "target_bytes_per_sec": num(plan.target_bytes_per_sec),
                "single": plan.single.iter().map(|f| json!({"key": f.parameter, "value": f.value, "throughput_bytes_per_sec": num(f.throughput_bytes_per_sec)})).collect::<Vec<_>>(),
                "combined": {
                    "steps": steps,
                    "reached_bytes_per_sec": num(plan.combined.reached_bytes_per_sec),
                    "reaches": plan.combined.reaches,
                    "blocked_by": plan.combined.blocked_by.map(|id| id.id()),
                },
            }),
        );
    }
    if let Some(timeline) = extras.timeline {
        put("timeline", timeline_json(timeline));
    }
    if let Some(answer) = extras.fewest {
        put(
            "fewest",
            json!({
                "parameter": answer.parameter,
                "value": answer.value,
                "throughput_bytes_per_sec": num(answer.throughput_bytes_per_sec),
                "goal_bytes_per_sec": num(answer.goal_bytes_per_sec),
            }),
        );
    }
    pretty(&Value::Object(object))
}

/// The fleet's schedule: seconds from the start of the night and bytes/s; `long_pole` is the index
/// of the job that ends last, drives are numbered from 0.
fn schedule(fleet: &Fleet, system: UnitSystem) -> Value {
    let schedule = &fleet.schedule;
    let to_repository = schedule.target == capacity_model::Target::Repository;
    let copies = schedule.copy.as_ref();
    let jobs: Vec<Value> = schedule
        .jobs
        .iter()
        .enumerate()
        .map(|(i, job)| {
            let mut value = json!({
                "name": job.name,
                "data_bytes": num(job.data_bytes),
                // A backup into a repository holds no drive.
                "drive": if to_repository { Value::Null } else { json!(job.drive) },
                "start_sec": num(job.start_sec),
                "end_sec": num(job.end_sec),
                "bytes_per_sec": num(job.bytes_per_sec),
                "ceiling_bytes_per_sec": num(job.ceiling_bytes_per_sec),
                "ceiling_stage": job.ceiling_stage.id(),
                "in_window": job.in_window,
                "left_after_window_bytes": num(job.left_after_window_bytes),
            });
            if let Some(copy) = copies.and_then(|c| c.jobs.get(i)) {
                value["copy_drive"] = json!(copy.drive);
                value["copy_start_sec"] = num(copy.start_sec);
                value["copy_end_sec"] = num(copy.end_sec);
                value["copy_bytes_per_sec"] = num(copy.bytes_per_sec);
            }
            value
        })
        .collect();
    let mut value = json!({
        "makespan_sec": num(schedule.makespan_sec),
        "lower_bound_sec": num(schedule.lower_bound_sec),
        "lower_bound_parts": {
            "longest_job_sec": num(schedule.lower_bound_parts[0]),
            "drive_time_per_session_sec": num(schedule.lower_bound_parts[1]),
            "data_over_aggregate_sec": num(schedule.lower_bound_parts[2]),
        },
        "window_sec": num(schedule.window_sec),
        "jobs_in_window": schedule.jobs.iter().filter(|j| j.in_window).count(),
        "left_after_window_bytes": num(schedule.left_after_window_bytes()),
        "long_pole": schedule.long_pole,
        "long_pole_reason": schedule.long_pole_reason(system),
        "order": schedule.order.name(),
        "listed_order_makespan_sec": num(schedule.listed_order_makespan_sec),
        "aggregate_bytes_per_sec": num(schedule.aggregate_bytes_per_sec),
        "drive_idle_sec": schedule.drive_idle_sec.iter().map(|v| num(*v)).collect::<Vec<_>>(),
        "fewest_drives": fleet.fewest_drives,
        "fewest_sessions_per_drive": fleet.fewest_sessions_per_drive,
        "jobs": jobs,
    });
    if to_repository {
        value["target"] = json!("repository");
        value["copy"] = copies.map_or(Value::Null, |c| copy_json(&c.night, &c.drive_busy_sec));
    }
    value
}

/// The copy to tape after a repository fleet's backups: when the backups and the copies end (seconds
/// from the start of the night), the copy phase's length, its bound, aggregate rate and bottleneck,
/// the window it is held against, whether it fits, and the longer phase (`backup` or `copy`).
fn copy_json(c: &capacity_model::fleet::CopyNight, busy: &[f64]) -> Value {
    json!({
        "backup_makespan_sec": num(c.backup_makespan_sec),
        "backup_lower_bound_sec": num(c.backup_lower_bound_sec),
        "first_start_sec": num(c.first_start_sec),
        "makespan_sec": num(c.makespan_sec),
        "phase_sec": num(c.phase_sec),
        "lower_bound_sec": num(c.lower_bound_sec),
        "aggregate_bytes_per_sec": num(c.aggregate_bytes_per_sec),
        "bottleneck": c.bottleneck.id(),
        "window_sec": num(c.window_sec),
        "shared_window": c.shared_window,
        "fits": c.fits,
        "binding_phase": c.binding_phase.name(),
        "drive_busy_sec": busy.iter().map(|v| num(*v)).collect::<Vec<_>>(),
    })
}

/// The fleet's answer (issue 18, item 8): its data (the jobs' sum), its night against the window, its
/// average rate, the binding limit (`kind`: `long_pole`, `sessions`, `shared` or `catalogue`; `stage`;
/// `bound_sec`; the long pole's `job` index) in words, and what to add for the fleet (`to_fit`, `null`
/// when the night keeps the headroom spare): each job's column changes, each count alone, the counts
/// together.
fn fleet_json(fleet: &Fleet, jobs: &[capacity_model::fleet::Job], system: UnitSystem) -> Value {
    let a = &fleet.answer;
    let binding = match a.binding {
        Binding::LongPole { job, alone_sec, rate_bytes_per_sec, stage } => json!({
            "kind": a.binding.kind(), "stage": stage.id(), "bound_sec": num(alone_sec), "job": job,
            "rate_bytes_per_sec": num(rate_bytes_per_sec),
        }),
        Binding::Sessions { drive_time_sec, drives, sessions, bound_sec } => json!({
            "kind": a.binding.kind(), "stage": a.binding.stage().id(), "bound_sec": num(bound_sec),
            "drive_time_sec": num(drive_time_sec), "drives": drives, "sessions_per_drive": sessions,
        }),
        Binding::Shared { stage, rate_bytes_per_sec, bound_sec } => json!({
            "kind": a.binding.kind(), "stage": stage.id(), "bound_sec": num(bound_sec),
            "rate_bytes_per_sec": num(rate_bytes_per_sec),
        }),
        Binding::Catalogue { files, bound_sec } => json!({
            "kind": a.binding.kind(), "stage": a.binding.stage().id(), "bound_sec": num(bound_sec), "files": num(files),
        }),
    };
    let change = |c: &FleetChange| {
        json!({
            "steps": c.steps.iter().map(|s| json!({"key": s.key, "from": s.from, "to": s.to})).collect::<Vec<_>>(),
            "makespan_sec": num(c.makespan_sec),
            "fits": c.fits,
        })
    };
    let to_fit = fleet.to_fit.as_ref().map_or(Value::Null, |plan| {
        json!({
            "window_sec": num(plan.window_sec),
            "target_sec": num(plan.target_sec),
            "makespan_sec": num(plan.makespan_sec),
            "fits": plan.fits(),
            "jobs_enough": plan.jobs_enough,
            "jobs": plan.jobs.iter().map(|j| json!({
                "job": j.job,
                "name": j.name,
                "stage": j.stage.id(),
                "alone_sec": num(j.alone_sec),
                "alone_after_sec": num(j.alone_after_sec),
                "fits": j.fits,
                "changes": j.changes.iter().map(|c| json!({"column": c.column, "from": c.from, "to": c.to})).collect::<Vec<_>>(),
                "text": j.text(),
            })).collect::<Vec<_>>(),
            "single": plan.single.iter().map(change).collect::<Vec<_>>(),
            "together": plan.together.as_ref().map_or(Value::Null, change),
            "blocked_by": plan.blocked_by.map(|id| id.id()),
            "lines": plan.lines().iter().map(|(label, text)| json!({"label": label, "text": text})).collect::<Vec<_>>(),
        })
    });
    json!({
        "jobs": a.jobs,
        "data_bytes": num(a.data_bytes),
        "makespan_sec": num(a.makespan_sec),
        "bytes_per_sec": num(a.bytes_per_sec),
        "lower_bound_sec": num(a.lower_bound_sec),
        "bottleneck": a.bottleneck().id(),
        "bottleneck_name": a.bottleneck().name(),
        "binding": binding,
        "explanation": a.explanation(jobs, system),
        "window_sec": num(a.window_sec),
        "fits": a.fits,
        "margin_sec": num(a.margin_sec),
        "margin_ratio": num(a.margin_ratio),
        "keeps_headroom": a.keeps_headroom(),
        "long_pole": a.long_pole,
        "jobs_in_window": a.jobs_in_window,
        "to_fit": to_fit,
    })
}

/// The disaster-recovery restore: seconds from the start of the restore and bytes/s; a tier without a
/// priority has `tier: null`, one without an objective `rto_sec: null` and `meets: null`.
fn restore_json(plan: &RestoreSchedule) -> Value {
    let tiers: Vec<Value> = plan
        .tiers
        .iter()
        .map(|t| {
            json!({
                "tier": t.tier,
                "rto_sec": t.rto_sec.map_or(Value::Null, num),
                "done_sec": num(t.done_sec),
                "meets": t.meets,
                "jobs": t.jobs.len(),
                "data_bytes": num(t.data_bytes),
            })
        })
        .collect();
    let jobs: Vec<Value> = plan
        .jobs
        .iter()
        .map(|j| {
            json!({
                "name": j.name,
                "tier": j.tier,
                "drive": j.drive,
                "start_sec": num(j.start_sec),
                "end_sec": num(j.end_sec),
                "bytes_per_sec": num(j.bytes_per_sec),
            })
        })
        .collect();
    json!({ "makespan_sec": num(plan.makespan_sec), "drives": plan.drives, "tiers": tiers, "jobs": jobs })
}

/// The timeline: days from 0 = today, bytes and seconds; `at_first_miss` is `null` when every night fits.
fn timeline_json(timeline: &Timeline) -> Value {
    let days: Vec<Value> = timeline
        .nights
        .iter()
        .map(|n| {
            json!({
                "day": n.day,
                "kind": n.kind.name(),
                "data_set_bytes": num(n.data_set_bytes),
                "backup_bytes": num(n.backup_bytes),
                "duration_sec": num(n.duration_sec),
                "fits": n.fits,
                "retained_bytes": num(n.retained_bytes),
                "retained_points": n.retained_points,
                "retained_fulls": n.retained_fulls,
                "cartridges": n.cartridges,
            })
        })
        .collect();
    let at_first_miss = timeline.at_first_miss.as_ref().map_or(Value::Null, |m| {
        json!({
            "day": m.day,
            "backup_bytes": num(m.backup_bytes),
            "needed_bytes_per_sec": num(m.needed_bytes_per_sec),
            "additions": m.additions.iter().map(|a| json!({"key": a.key, "from": a.from, "to": a.to})).collect::<Vec<_>>(),
            "reached_bytes_per_sec": num(m.reached_bytes_per_sec),
            "fits": m.fits,
            "blocked_by": m.blocked_by.map(|id| id.id()),
            "drives_needed": m.drives_needed,
            "jobs": m.fleet.as_ref().map(|plan| plan.jobs.iter().map(|j| json!({
                "name": j.name,
                "changes": j.changes.iter().map(|c| json!({"column": c.column, "from": c.from, "to": c.to})).collect::<Vec<_>>(),
                "text": j.text(),
            })).collect::<Vec<_>>()),
        })
    });
    json!({
        // With jobs, the fleet's: its data (the data set field is not used), its night for tonight's full.
        "fleet": timeline.fleet.as_ref().map(|f| json!({
            "data_bytes": num(f.data_bytes),
            "makespan_sec": num(f.makespan_sec),
            "bytes_per_sec": num(f.bytes_per_sec),
        })),
        "throughput_bytes_per_sec": num(timeline.throughput_bytes_per_sec),
        "bottleneck": timeline.bottleneck.id(),
        "first_window_miss_day": timeline.first_window_miss_day,
        "first_full_miss_day": timeline.first_full_miss_day,
        "first_incremental_miss_day": timeline.first_incremental_miss_day,
        "first_capacity_exceeded_day": timeline.first_capacity_exceeded_day,
        "at_first_miss": at_first_miss,
        "days": days,
    })
}

/// The preset list as a JSON array of `{id, title, description}`.
pub fn presets(presets: &[Preset]) -> String {
    let list: Vec<Value> =
        presets.iter().map(|p| json!({ "id": p.id, "title": p.title, "description": p.description })).collect();
    pretty(&Value::Array(list))
}
