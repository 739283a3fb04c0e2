//! The `--json` output: one pretty-printed object per run.
//!
//! Rates are bytes/s and times seconds, whatever `--binary` says (it changes only the sentences).
//! JSON has no infinity or NaN, so every non-finite number is written as `null`: a backup that never
//! ends (no throughput) has `"duration_sec": null`, the same as one without a data set.

use crate::text::{Extras, Fleet};
use crate::Source;
use capacity_model::fields::field_by_key;
use capacity_model::fleet::{Binding, FleetChange, RestoreSchedule};
use capacity_model::fleet::{CopyJob, FleetPlan, JobAdvice, RestoredJob, ScheduledJob};
use capacity_model::presets::Preset;
use capacity_model::timeline::Timeline;
use capacity_model::units::UnitSystem;
use capacity_model::{codec, Report, Role, Stage, Warning};
use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::{json, Number, Value};

/// A number, or `null` when it is not finite.
fn num(value: f64) -> Value {
    Number::from_f64(value).map_or(Value::Null, Value::Number)
}

fn opt(value: Option<f64>) -> Value {
    value.map_or(Value::Null, num)
}

fn pretty(value: &impl Serialize) -> String {
    let mut out = Vec::with_capacity(1 << 16);
    let mut serializer = serde_json::Serializer::with_formatter(&mut out, RowsOnOneLine::default());
    // Writing JSON into memory cannot fail: every map key is a string.
    let _ = value.serialize(&mut serializer);
    let mut text = String::from_utf8(out).unwrap_or_default();
    text.push('\n');
    text
}

/// serde_json's pretty layout (two spaces a level), except that an object inside a list is written on
/// one line: `{"name": "db", "drive": 0, ...}`. A list of 10,000 jobs then reads a job a line, and is
/// written in half the time and text of one key a line (issue 18, item 11).
#[derive(Default)]
struct RowsOnOneLine {
    /// Depth of the pretty layout.
    indent: usize,
    /// Whether the open pretty container has a value yet.
    has_value: bool,
    /// For each open container, whether it is a list.
    open: Vec<bool>,
    /// How many containers were open when the one-line object began (`None`: not in one).
    one_line_from: Option<usize>,
}

impl RowsOnOneLine {
    fn newline_and_indent<W: ?Sized + std::io::Write>(&self, writer: &mut W) -> std::io::Result<()> {
        writer.write_all(b"\n")?;
        (0..self.indent).try_for_each(|_| writer.write_all(b"  "))
    }
}

impl serde_json::ser::Formatter for RowsOnOneLine {
    fn begin_array<W: ?Sized + std::io::Write>(&mut self, writer: &mut W) -> std::io::Result<()> {
        self.open.push(true);
        if self.one_line_from.is_none() {
            self.indent += 1;
            self.has_value = false;
        }
        writer.write_all(b"[")
    }

    fn end_array<W: ?Sized + std::io::Write>(&mut self, writer: &mut W) -> std::io::Result<()> {
        self.open.pop();
        if self.one_line_from.is_none() {
            self.indent -= 1;
            if self.has_value {
                self.newline_and_indent(writer)?;
            }
        }
        writer.write_all(b"]")
    }

    fn begin_array_value<W: ?Sized + std::io::Write>(&mut self, writer: &mut W, first: bool) -> std::io::Result<()> {
        if self.one_line_from.is_some() {
            return writer.write_all(if first { b"" } else { b", " });
        }
        writer.write_all(if first { b"" } else { b"," })?;
        self.newline_and_indent(writer)
    }

    fn end_array_value<W: ?Sized + std::io::Write>(&mut self, _writer: &mut W) -> std::io::Result<()> {
        if self.one_line_from.is_none() {
            self.has_value = true;
        }
        Ok(())
    }

    fn begin_object<W: ?Sized + std::io::Write>(&mut self, writer: &mut W) -> std::io::Result<()> {
        if self.one_line_from.is_none() && self.open.last() == Some(&true) {
            self.one_line_from = Some(self.open.len());
        }
        self.open.push(false);
        if self.one_line_from.is_none() {
            self.indent += 1;
            self.has_value = false;
        }
        writer.write_all(b"{")
    }

    fn end_object<W: ?Sized + std::io::Write>(&mut self, writer: &mut W) -> std::io::Result<()> {
        self.open.pop();
        if self.one_line_from.is_some() {
            if self.one_line_from == Some(self.open.len()) {
                self.one_line_from = None;
            }
            return writer.write_all(b"}");
        }
        self.indent -= 1;
        if self.has_value {
            self.newline_and_indent(writer)?;
        }
        writer.write_all(b"}")
    }

    fn begin_object_key<W: ?Sized + std::io::Write>(&mut self, writer: &mut W, first: bool) -> std::io::Result<()> {
        self.begin_array_value(writer, first)
    }

    fn begin_object_value<W: ?Sized + std::io::Write>(&mut self, writer: &mut W) -> std::io::Result<()> {
        writer.write_all(b": ")
    }

    fn end_object_value<W: ?Sized + std::io::Write>(&mut self, writer: &mut W) -> std::io::Result<()> {
        self.end_array_value(writer)
    }
}

/// The report as it is written: small parts as `Value`s, and the lists of one row per job as typed
/// rows written straight to the text. Building a `Value` for each of 10,000 jobs took most of the
/// planner's time (issue 18, item 11); the text is the same.
enum Out<'a> {
    Value(Value),
    /// An object's entries, in order.
    Object(Vec<(String, Out<'a>)>),
    /// A schedule's jobs; into a repository, with their copies to tape (by job) and no drive.
    ScheduledJobs {
        jobs: &'a [ScheduledJob],
        copies: Option<&'a [CopyJob]>,
        to_repository: bool,
    },
    /// A fleet plan's job advice, its texts as the report's lines give them (naming the faster ports
    /// or newer drives where those fit), rates in the unit system.
    Advice(&'a FleetPlan, UnitSystem),
    RestoredJobs(&'a [RestoredJob]),
}

impl From<Value> for Out<'_> {
    fn from(value: Value) -> Self {
        Out::Value(value)
    }
}

impl<'a> Out<'a> {
    /// The object `value` (a `json!` object) with `rows` under `key` (written in `value` as a
    /// placeholder, so the entries keep their order).
    fn with_rows(value: Value, key: &str, rows: Out<'a>) -> Self {
        let Value::Object(map) = value else { return Out::Value(value) };
        let mut rows = Some(rows);
        Out::Object(
            map.into_iter()
                .map(|(k, v)| {
                    let part = if k == key { rows.take().unwrap_or(Out::Value(v)) } else { Out::Value(v) };
                    (k, part)
                })
                .collect(),
        )
    }
}

impl Serialize for Out<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Out::Value(value) => value.serialize(serializer),
            Out::Object(entries) => {
                let mut map = serializer.serialize_map(Some(entries.len()))?;
                for (key, value) in entries {
                    map.serialize_entry(key, value)?;
                }
                map.end()
            }
            Out::ScheduledJobs { jobs, copies, to_repository } => {
                serializer.collect_seq(jobs.iter().enumerate().map(|(i, job)| ScheduledRow {
                    job,
                    copy: copies.and_then(|c| c.get(i)),
                    to_repository: *to_repository,
                }))
            }
            Out::Advice(plan, system) => serializer.collect_seq(plan.jobs.iter().map(|j| AdviceRow(j, plan, *system))),
            Out::RestoredJobs(jobs) => serializer.collect_seq(jobs.iter().map(RestoredRow)),
        }
    }
}

/// A scheduled job: `{name, data_bytes, drive, start_sec, end_sec, bytes_per_sec,
/// ceiling_bytes_per_sec, ceiling_stage, in_window, left_after_window_bytes, handling_sec}`, and with a
/// copy to tape
/// `copy_drive, copy_start_sec, copy_end_sec, copy_bytes_per_sec`; `drive` is `null` for a backup into
/// a repository (it holds no drive). serde_json writes a non-finite `f64` as `null`, as [`num`] does.
struct ScheduledRow<'a> {
    job: &'a ScheduledJob,
    copy: Option<&'a CopyJob>,
    to_repository: bool,
}

impl Serialize for ScheduledRow<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let job = self.job;
        let mut map = serializer.serialize_map(Some(if self.copy.is_some() { 15 } else { 11 }))?;
        map.serialize_entry("name", &job.name)?;
        map.serialize_entry("data_bytes", &job.data_bytes)?;
        map.serialize_entry("drive", &(!self.to_repository).then_some(job.drive))?;
        map.serialize_entry("start_sec", &job.start_sec)?;
        map.serialize_entry("end_sec", &job.end_sec)?;
        map.serialize_entry("bytes_per_sec", &job.bytes_per_sec)?;
        map.serialize_entry("ceiling_bytes_per_sec", &job.ceiling_bytes_per_sec)?;
        map.serialize_entry("ceiling_stage", job.ceiling_stage.id())?;
        map.serialize_entry("in_window", &job.in_window)?;
        map.serialize_entry("left_after_window_bytes", &job.left_after_window_bytes)?;
        map.serialize_entry("handling_sec", &job.handling_sec)?;
        if let Some(copy) = self.copy {
            map.serialize_entry("copy_drive", &copy.drive)?;
            map.serialize_entry("copy_start_sec", &copy.start_sec)?;
            map.serialize_entry("copy_end_sec", &copy.end_sec)?;
            map.serialize_entry("copy_bytes_per_sec", &copy.bytes_per_sec)?;
        }
        map.end()
    }
}

/// A job's advice: `{job, name, stage, alone_sec, alone_after_sec, fits, changes: [{column, from,
/// to}], text}`.
struct AdviceRow<'a>(&'a JobAdvice, &'a FleetPlan, UnitSystem);

impl Serialize for AdviceRow<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let j = self.0;
        let changes: Vec<Value> =
            j.changes.iter().map(|c| json!({"column": c.column, "from": c.from, "to": c.to})).collect();
        let mut map = serializer.serialize_map(Some(8))?;
        map.serialize_entry("job", &j.job)?;
        map.serialize_entry("name", &j.name)?;
        map.serialize_entry("stage", j.stage.id())?;
        map.serialize_entry("alone_sec", &j.alone_sec)?;
        map.serialize_entry("alone_after_sec", &j.alone_after_sec)?;
        map.serialize_entry("fits", &j.fits)?;
        map.serialize_entry("changes", &changes)?;
        // As the report's Job line: a trial's JSON left out "a newer drive generation does" (stop 48).
        map.serialize_entry("text", &j.text_given(self.1.faster.as_ref(), self.1.newer.as_ref(), self.2))?;
        map.end()
    }
}

/// A restored job: `{name, tier, drive, start_sec, end_sec, bytes_per_sec, handling_sec,
/// multiplexed_read, restored_with, waited_for_cartridge}` (`multiplexed_read`: bytes its pass reads per
/// byte of it where the backup multiplexed it on cartridges shared with other jobs, else `null`;
/// `restored_with`: those jobs, restored in the same pass, as indices into `jobs` from 0, else empty;
/// `waited_for_cartridge`: the job, as an index, that was reading a cartridge it needs while a drive
/// stood ready, else `null`).
struct RestoredRow<'a>(&'a RestoredJob);

impl Serialize for RestoredRow<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let j = self.0;
        let mut map = serializer.serialize_map(Some(10))?;
        map.serialize_entry("name", &j.name)?;
        map.serialize_entry("tier", &j.tier)?;
        map.serialize_entry("drive", &j.drive)?;
        map.serialize_entry("start_sec", &j.start_sec)?;
        map.serialize_entry("end_sec", &j.end_sec)?;
        map.serialize_entry("bytes_per_sec", &j.bytes_per_sec)?;
        map.serialize_entry("handling_sec", &j.handling_sec)?;
        map.serialize_entry("multiplexed_read", &j.multiplexed)?;
        map.serialize_entry("restored_with", &j.restored_with)?;
        map.serialize_entry("waited_for_cartridge", &j.waited_for_cartridge)?;
        map.end()
    }
}

/// Input errors as one object: `{"errors": [{"key", "message", "allowed"}], "input_warnings": [..]}`;
/// `key` and `allowed` are `null` where the error names no field; `input_warnings` holds what a plan's
/// `input_warnings` would (a key given twice, a job list replaced), said on stderr too. A bad cell of a job list (`jobs, line 3, Streams (streams): ...`,
/// from a `--jobs` file or a link's `jobs` key) has the key `jobs` and also `line` (from 1, the header)
/// and `column` (its header name), and its `label` is the column's heading in the page's job table.
pub fn errors(messages: &[String], input_warnings: &[String]) -> String {
    let list: Vec<Value> = messages
        .iter()
        .map(|message| {
            let cell = job_cell(message);
            // A calibration names its parameter by label and key: "Per-file time (client) (file_ms): ...".
            let labelled = |head: &str| {
                let key = head.strip_suffix(')')?.rsplit_once('(')?.1;
                field_by_key(key).map(|f| f.key)
            };
            let (key, reason) = match (cell, message.split_once(": ")) {
                (Some((_, _, reason)), _) => (Some("jobs"), reason),
                (None, Some((key, reason))) if !key.contains(' ') => (Some(key), reason),
                (None, Some((head, reason))) if labelled(head).is_some() => (labelled(head), reason),
                _ => (None, message.as_str()),
            };
            // What may be chosen instead, where the message lists it (a parameter that cannot be
            // calibrated): not the field's own range.
            let (reason, allowed) = match (reason.rsplit_once("; allowed: "), reason.split_once("; choose one of ")) {
                (Some((reason, allowed)), _) | (None, Some((reason, allowed))) => (reason, Some(allowed.to_string())),
                (None, None) => (reason, key.and_then(field_by_key).map(|f| f.allowed())),
            };
            // A job cell's label is its column's heading in the page's job table ("Avg file size").
            let column_heading = cell.and_then(|(_, column, _)| {
                capacity_model::fleet::column_named(column).map(|i| capacity_model::fleet::HEADINGS[i])
            });
            let label = column_heading.or_else(|| key.and_then(field_by_key).map(|f| f.label));
            let mut entry = json!({ "key": key, "label": label, "message": reason, "allowed": allowed });
            if let Some((line, column, _)) = cell {
                entry["line"] = json!(line);
                entry["column"] = json!(column);
            }
            entry
        })
        .collect();
    pretty(&json!({ "errors": list, "input_warnings": input_warnings }))
}

/// The line, column and reason of a job-list cell error as the model writes it
/// (`capacity_model::Error::JobRow`: `jobs, line 3, Streams (streams): reason`, or `jobs, line 1,
/// column 3: reason` for a column with no name this list reads).
fn job_cell(message: &str) -> Option<(usize, &str, &str)> {
    let rest = message.strip_prefix("jobs, line ")?;
    let (line, rest) = rest.split_once(", ")?;
    let (column, reason) = match rest.strip_prefix("column ") {
        Some(rest) => rest.split_once(": ")?,
        // "RTO (h) (rto_h): ...": the key is in the last parentheses before the first "): ".
        None => {
            let (head, reason) = rest.split_once("): ")?;
            (head.rsplit_once('(')?.1, reason)
        }
    };
    Some((line.parse().ok()?, column, reason))
}

fn stages(stages: &[Stage]) -> Value {
    let list: Vec<Value> = stages
        .iter()
        .map(|stage| {
            let serial = stage.role == Role::Serial;
            // Both ways at once (an NFS mixed workload): each direction's capacity and use, as the text
            // table shows them; the stage's own capacity is the mix's (time-shared) or the two summed.
            let directions = stage.directions.map_or(Value::Null, |d| {
                let way = |i: usize| {
                    json!({
                        "capacity_bytes_per_sec": num(d.capacity_bytes_per_sec[i]),
                        "utilization": num(d.utilization[i]),
                        "units": num(d.units[i]),
                    })
                };
                json!({ "send": way(0), "retrieve": way(1), "time_shared": d.time_shared })
            });
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
                "directions": directions,
            })
        })
        .collect();
    Value::Array(list)
}

fn warnings<'a>(list: impl Iterator<Item = &'a Warning>, system: UnitSystem) -> Value {
    Value::Array(list.map(|w| json!({ "id": w.id(), "message": w.message(system) })).collect())
}

/// The report as JSON; `--fewest` adds `"fewest"`, `--calibrate` adds `"calibration"`.
pub fn report<'a>(source: &Source, report: &Report, extras: &Extras<'a>, system: UnitSystem) -> String {
    let window = report.window.map_or(Value::Null, |w| {
        json!({
            "window_sec": num(w.window_sec),
            "fits": w.fits,
            "margin_sec": num(w.margin_sec),
            "margin_ratio": num(w.margin_ratio),
        })
    });
    let mut object: Vec<(String, Out)> = Vec::new();
    put(&mut object, "title", json!(source.title()));
    put(&mut object, "preset", json!(source.preset.map(|p| p.id)));
    put(
        &mut object,
        "unit_system",
        json!(match system {
            UnitSystem::Decimal => "decimal",
            UnitSystem::Binary => "binary",
        }),
    );
    put(&mut object, "throughput_bytes_per_sec", num(report.throughput_bytes_per_sec));
    put(&mut object, "send_bytes_per_sec", num(report.send_bytes_per_sec));
    put(&mut object, "retrieve_bytes_per_sec", num(report.retrieve_bytes_per_sec));
    put(&mut object, "bottleneck", json!(report.bottleneck.id()));
    put(&mut object, "bottleneck_name", json!(report.bottleneck.name()));
    put(&mut object, "explanation", json!(report.explanation(system)));
    put(
        &mut object,
        "next_limit",
        report
            .next_limit()
            .map_or(Value::Null, |(id, rate)| json!({ "stage": id.id(), "throughput_bytes_per_sec": num(rate) })),
    );
    put(&mut object, "stages", stages(&report.stages));
    put(&mut object, "files_per_sec", opt(report.files_per_sec));
    put(&mut object, "physical_bytes_per_sec", num(report.physical_bytes_per_sec));
    put(&mut object, "data_set_bytes", num(report.scenario.data_set_bytes));
    put(&mut object, "duration_sec", opt(report.duration_sec));
    put(&mut object, "window", window);
    // The night judged whole: with a copy to tape, the backup's window alone can fit where the night does not.
    // With jobs the night is the fleet's (a script reading `night_fits` read the long pole's alone).
    let night_fits =
        extras.fleet.map_or(report.night_fits(), |fleet| (fleet.answer.window_sec > 0.0).then_some(fleet.answer.fits));
    put(&mut object, "night_fits", json!(night_fits));
    put(&mut object, "cartridges", json!(report.cartridges));
    put(&mut object, "cartridge_handling_sec", opt(report.cartridge_handling.map(|h| h.total_sec())));
    put(
        &mut object,
        "restore",
        report.restore.as_ref().map_or(Value::Null, |restore| {
            json!({
                "throughput_bytes_per_sec": num(restore.throughput_bytes_per_sec),
                "bottleneck": restore.bottleneck.id(),
                "bottleneck_name": restore.bottleneck.name(),
                "explanation": report.restore_explanation(system),
                "files_per_sec": num(restore.files_per_sec),
                "duration_sec": opt(restore.duration_sec),
                "restored_bytes": num(restore.restored_bytes),
                "kept_share": num(restore.kept_share),
                "stages": stages(&restore.stages),
                "warnings": warnings(restore.warnings.iter(), system),
            })
        }),
    );
    put(
        &mut object,
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
    put(&mut object, "aggregate_bytes", opt(report.aggregate_bytes));
    put(&mut object, "storage_pool_io_bytes", opt(report.storage_pool_io_bytes));
    // With jobs, the fleet's warnings (the entered scenario's that hold with jobs, the long pole's own
    // starved drive), each message led by what it is about.
    let listed = match extras.fleet {
        Some(fleet) => {
            Value::Array(fleet.warnings.iter().map(|(id, message)| json!({ "id": id, "message": message })).collect())
        }
        None => warnings(report.warnings.iter(), system),
    };
    put(&mut object, "warnings", listed);
    // What was said of the input (a key given twice or unused, a job list replaced), also on stderr.
    put(&mut object, "input_warnings", json!(source.input_warnings));
    put(&mut object, "fragment", json!(codec::encode_shared(&source.scenario, None)));
    if let Some(fit) = extras.calibration {
        put(
            &mut object,
            "calibration",
            json!({
                "parameter": fit.parameter,
                "job": extras.calibrated_job,
                "before": num(fit.before),
                "value": num(fit.value),
                "value_text": field_by_key(fit.parameter).map(|f| f.format(fit.value)),
                "measured_bytes_per_sec": num(fit.measured_bytes_per_sec),
                "before_bytes_per_sec": num(fit.before_bytes_per_sec),
                "fitted_bytes_per_sec": num(fit.fitted_bytes_per_sec),
                "residual": num(fit.residual),
                "measured_text": extras.measured_arithmetic,
            }),
        );
    }
    // Which object answers the run: `fleet` once jobs are given (the top-level figures are then the
    // long pole's chain alone, `long_pole_alone` names it), the top level otherwise.
    put(&mut object, "answer", json!(if extras.fleet.is_some() { "fleet" } else { "client" }));
    if let Some(fleet) = extras.fleet {
        put(&mut object, "long_pole_alone", json!({"job": fleet.schedule.long_pole, "name": fleet.long_pole_name()}));
        put(&mut object, "schedule", schedule(fleet, system));
        put(&mut object, "fleet", fleet_json(fleet, &source.scenario, system));
    }
    if let Some(plan) = extras.restore {
        put(&mut object, "restore_schedule", restore_json(plan, extras.bring_in));
    }
    if let Some(plan) = extras.to_fit {
        let steps: Vec<Value> = plan.combined.steps.iter().map(step).collect();
        put(
            &mut object,
            "to_fit",
            json!({
                "needed_bytes_per_sec": num(plan.needed_bytes_per_sec),
                "target_bytes_per_sec": num(plan.target_bytes_per_sec),
                "handling_sec": num(plan.handling_sec),
                "single": plan.single.iter().map(|f| json!({"key": f.parameter, "value": f.value, "throughput_bytes_per_sec": num(f.throughput_bytes_per_sec), "night_sec": opt(f.night_sec)})).collect::<Vec<_>>(),
                "combined": {
                    "steps": steps,
                    "reached_bytes_per_sec": num(plan.combined.reached_bytes_per_sec),
                    "reached_night_sec": opt(plan.combined.reached_night_sec),
                    "reaches": plan.combined.reaches,
                    "blocked_by": plan.combined.blocked_by.map(|id| id.id()),
                },
                // Link speeds by their names (`from`/`to` as a link writes them), then counts.
                "faster": plan.faster.as_ref().map_or(Value::Null, |f| json!({
                    "steps": f.steps.iter().map(step).collect::<Vec<_>>(),
                    "reached_bytes_per_sec": num(f.reached_bytes_per_sec),
                    "reached_night_sec": opt(f.reached_night_sec),
                })),
                // The drive generation by its name, then the counts it still needs.
                "newer": plan.newer.as_ref().map_or(Value::Null, |f| json!({
                    "steps": f.steps.iter().map(step).collect::<Vec<_>>(),
                    "reached_bytes_per_sec": num(f.reached_bytes_per_sec),
                    "reached_night_sec": opt(f.reached_night_sec),
                })),
                "night": plan.night.map_or(Value::Null, |n| json!({
                    "backup_sec": num(n.backup_sec),
                    "copy_sec": num(n.copy_sec),
                    "window_sec": num(n.window_sec),
                    "aim_sec": num(n.aim_sec),
                    "shared_window": n.shared,
                })),
            }),
        );
    }
    if let Some(timeline) = extras.timeline {
        put(&mut object, "timeline", timeline_json(timeline));
    }
    if let Some(answer) = extras.fewest {
        put(
            &mut object,
            "fewest",
            json!({
                "parameter": answer.parameter,
                "value": answer.value,
                "throughput_bytes_per_sec": num(answer.throughput_bytes_per_sec),
                "goal_bytes_per_sec": num(answer.goal_bytes_per_sec),
            }),
        );
    }
    pretty(&Out::Object(object))
}

/// Adds `key: value` at the end of `object`.
fn put<'a>(object: &mut Vec<(String, Out<'a>)>, key: &str, value: impl Into<Out<'a>>) {
    object.push((key.to_string(), value.into()));
}

/// The fleet's schedule: seconds from the start of the night and bytes/s; `long_pole` is the index
/// of the job that ends last, drives are numbered from 0.
fn schedule<'a>(fleet: &'a Fleet, system: UnitSystem) -> Out<'a> {
    let schedule = &fleet.schedule;
    let to_repository = schedule.target == capacity_model::Target::Repository;
    let copies = schedule.copy.as_ref();
    let object = json!({
        "makespan_sec": num(schedule.makespan_sec),
        "lower_bound_sec": num(schedule.lower_bound_sec),
        "lower_bound_parts": {
            "longest_job_sec": num(schedule.lower_bound_parts[0]),
            "drive_time_per_session_sec": num(schedule.lower_bound_parts[1]),
            "data_over_aggregate_sec": num(schedule.lower_bound_parts[2]),
            "two_in_one_session_sec": num(schedule.lower_bound_parts[3]),
        },
        "window_sec": num(schedule.window_sec),
        "jobs_in_window": schedule.jobs.iter().filter(|j| j.in_window).count(),
        "left_after_window_bytes": num(schedule.left_after_window_bytes()),
        "long_pole": schedule.long_pole,
        "long_pole_reason": schedule.long_pole_reason(system),
        "order": schedule.order.name(),
        "listed_order_makespan_sec": num(schedule.listed_order_makespan_sec),
        "fewer_at_once": schedule.fewer_at_once.map_or(Value::Null, |(drives, night)| json!({"drives": drives, "makespan_sec": num(night)})),
        "aggregate_bytes_per_sec": num(schedule.aggregate_bytes_per_sec),
        "drive_idle_sec": schedule.drive_idle_sec.iter().map(|v| num(*v)).collect::<Vec<_>>(),
        "drive_handling": schedule
            .drive_handling
            .iter()
            .map(|h| json!({"changes": h.changes, "optimised": h.optimised, "sec": num(h.sec)}))
            .collect::<Vec<_>>(),
        "fewest_drives": fleet.fewest_drives,
        "fewest_sessions_per_drive": fleet.fewest_sessions_per_drive,
        "jobs": null,
    });
    let rows = Out::ScheduledJobs { jobs: &schedule.jobs, copies: copies.map(|c| c.jobs.as_slice()), to_repository };
    let mut value = Out::with_rows(object, "jobs", rows);
    if let (true, Out::Object(entries)) = (to_repository, &mut value) {
        entries.push(("target".to_string(), Out::Value(json!("repository"))));
        let copy = copies.map_or(Value::Null, |c| copy_json(&c.night, &c.drive_busy_sec));
        entries.push(("copy".to_string(), Out::Value(copy)));
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
/// average rate, the binding limit (`kind`: `long_pole`, `backup_then_copy`, `copies_after_backups`, `sessions`, `shared` or `catalogue`; `stage`;
/// `bound_sec`; the long pole's `job` index) in words, and what to add for the fleet (`to_fit`, `null`
/// when the night keeps the headroom spare): each job's column changes, each count alone, the counts
/// together, faster drive ports (`faster`: a step of `fc` or `sas` counts the speed's choices; with
/// `faster_jobs`, the job cells they set on top of the jobs' own changes), and a newer drive generation
/// (`newer`: its `lto` step, with `media` and `form` where they change, then counts; `newer_jobs` as
/// `faster_jobs`), and what each change that raises the sessions per drive costs the disaster-recovery
/// restore (`restore_costs`: `counts` as share-link keys and values, `change` and `cost` in words; empty
/// when none does).
fn fleet_json<'a>(fleet: &'a Fleet, s: &capacity_model::Scenario, system: UnitSystem) -> Out<'a> {
    let jobs = &s.jobs;
    let a = &fleet.answer;
    let binding = match a.binding {
        Binding::LongPole { job, alone_sec, rate_bytes_per_sec, stage } => json!({
            "kind": a.binding.kind(), "stage": stage.id(), "bound_sec": num(alone_sec), "job": job,
            "rate_bytes_per_sec": num(rate_bytes_per_sec),
        }),
        Binding::Sessions { drive_time_sec, drives, sessions, bound_sec, pair } => json!({
            "kind": a.binding.kind(), "stage": a.binding.stage().id(), "bound_sec": num(bound_sec),
            "drive_time_sec": num(drive_time_sec), "drives": drives, "sessions_per_drive": sessions,
            "pair": pair.map(|(a, b)| [a, b]),
        }),
        Binding::Shared { stage, rate_bytes_per_sec, bound_sec } => json!({
            "kind": a.binding.kind(), "stage": stage.id(), "bound_sec": num(bound_sec),
            "rate_bytes_per_sec": num(rate_bytes_per_sec),
        }),
        Binding::BackupThenCopy { job, backup_end_sec, copy_sec, stage, copy_stage } => json!({
            "kind": a.binding.kind(), "job": job, "stage": stage.id(), "copy_stage": copy_stage.id(),
            "backup_end_sec": num(backup_end_sec), "copy_sec": num(copy_sec), "bound_sec": num(a.binding.bound_sec()),
        }),
        Binding::CopiesAfterBackups { first_start_sec, copy_sec, rate_bytes_per_sec, stage } => json!({
            "kind": a.binding.kind(), "stage": stage.id(), "first_start_sec": num(first_start_sec),
            "copy_sec": num(copy_sec), "rate_bytes_per_sec": num(rate_bytes_per_sec), "bound_sec": num(a.binding.bound_sec()),
        }),
        Binding::Catalogue { files, bound_sec } => json!({
            "kind": a.binding.kind(), "stage": a.binding.stage().id(), "bound_sec": num(bound_sec), "files": num(files),
        }),
    };
    let change = |c: &FleetChange| {
        json!({
            "steps": c.steps.iter().map(step).collect::<Vec<_>>(),
            "makespan_sec": num(c.makespan_sec),
            "fits": c.fits,
        })
    };
    let to_fit = fleet.to_fit.as_ref().map_or(Out::Value(Value::Null), |plan| {
        let object = json!({
            "window_sec": num(plan.window_sec),
            "target_sec": num(plan.target_sec),
            "makespan_sec": num(plan.makespan_sec),
            "fits": plan.fits(),
            "jobs_enough": plan.jobs_enough,
            "jobs_night_sec": plan.jobs_night_sec,
            "jobs": null,
            "single": plan.single.iter().map(change).collect::<Vec<_>>(),
            "together": plan.together.as_ref().map_or(Value::Null, change),
            "faster": plan.faster.as_ref().map_or(Value::Null, change),
            "faster_jobs": plan.faster_jobs.iter().flat_map(|a| a.changes.iter().map(|c| json!({
                "job": a.job, "name": a.name, "column": c.column, "from": c.from, "to": c.to,
            }))).collect::<Vec<_>>(),
            "newer": plan.newer.as_ref().map_or(Value::Null, change),
            "newer_jobs": plan.newer_jobs.iter().flat_map(|a| a.changes.iter().map(|c| json!({
                "job": a.job, "name": a.name, "column": c.column, "from": c.from, "to": c.to,
            }))).collect::<Vec<_>>(),
            "blocked_by": plan.blocked_by.map(|id| id.id()),
            "restore_costs": plan.restore_costs(s).into_iter().map(|(counts, change, cost)| json!({
                "counts": counts.into_iter().map(|(k, v)| (k.to_string(), json!(v))).collect::<serde_json::Map<_, _>>(),
                "change": change, "cost": cost,
            })).collect::<Vec<_>>(),
            "lines": plan.lines(system).iter().map(|(label, text)| json!({"label": label, "text": text})).collect::<Vec<_>>(),
        });
        Out::with_rows(object, "jobs", Out::Advice(plan, system))
    });
    let object = json!({
        "jobs": a.jobs,
        "data_bytes": num(a.data_bytes),
        "makespan_sec": num(a.makespan_sec),
        "bytes_per_sec": num(a.bytes_per_sec),
        "lower_bound_sec": num(a.lower_bound_sec),
        "bottleneck": a.bottleneck().id(),
        "bottleneck_name": a.bottleneck_name(),
        "binding": binding,
        "explanation": a.explanation(jobs, system),
        "window_sec": num(a.window_sec),
        "fits": a.fits,
        "margin_sec": num(a.margin_sec),
        "margin_ratio": num(a.margin_ratio),
        "keeps_headroom": a.keeps_headroom(),
        "long_pole": a.long_pole,
        "jobs_in_window": a.jobs_in_window,
        "cartridges": a.cartridges,
        "to_fit": null,
    });
    Out::with_rows(object, "to_fit", to_fit)
}

/// The disaster-recovery restore: seconds from the start of the restore and bytes/s; a tier without a
/// priority has `tier: null`, one without an objective `rto_sec: null` and `meets: null`; `rto_set_by`
/// names the job whose `rto_h` is the tier's objective.
fn restore_json<'a>(
    plan: &'a RestoreSchedule,
    bring_in: &(Vec<capacity_model::fleet::BringIn>, Vec<String>),
) -> Out<'a> {
    let tiers: Vec<Value> = plan
        .tiers
        .iter()
        .map(|t| {
            json!({
                "tier": t.tier,
                "rto_sec": t.rto_sec.map_or(Value::Null, num),
                "rto_set_by": t.rto_job.map(|j| plan.jobs[j].name.as_str()),
                "done_sec": num(t.done_sec),
                "meets": t.meets,
                "jobs": t.jobs.len(),
                "data_bytes": num(t.data_bytes),
            })
        })
        .collect();
    // What would bring the late tiers in (empty lists when every tier meets its objective).
    let changes: Vec<Value> = bring_in
        .0
        .iter()
        .map(|c| {
            let also = c.also.map(|(key, value)| json!({"key": key, "value": setting(key, value)}));
            json!({"key": c.key, "value": setting(c.key, c.value), "also": also, "pairs": c.pairs(), "text": c.text})
        })
        .collect();
    let object = json!({
        "makespan_sec": num(plan.makespan_sec),
        "drives": plan.drives,
        "restore_tiers": plan.restore_tiers.name(),
        "drive_handling": plan
            .drive_handling
            .iter()
            .map(|h| json!({"changes": h.changes, "optimised": h.optimised, "sec": num(h.sec)}))
            .collect::<Vec<_>>(),
        "tiers": tiers,
        "bring_in": changes,
        "own_limits": bring_in.1,
        "jobs": null,
    });
    Out::with_rows(object, "jobs", Out::RestoredJobs(&plan.jobs))
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
                "handling_sec": num(n.handling_sec),
                "copy_sec": opt(n.copy_sec),
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
            "additions": m.additions.iter().map(step).collect::<Vec<_>>(),
            "reached_bytes_per_sec": num(m.reached_bytes_per_sec),
            "reached_night_sec": opt(m.reached_night_sec),
            "fits": m.fits,
            "blocked_by": m.blocked_by.map(|id| id.id()),
            "drives_needed": m.drives_needed,
            // The next night that misses with the additions (null: none within the horizon); absent
            // where it is not worked out (jobs, or additions that do not fit).
            "holds_until": m.holds_until.map(|day| day.map_or(Value::String("horizon".into()), Value::from)),
            "jobs": m.fleet.as_ref().map(|plan| m.job_advice(plan).into_iter().map(|j| json!({
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

/// One change of a count or a setting: `{"key", "from", "to"}`, a setting (a link speed, an order) by the
/// name a share link writes (`"4GFC"`, `"longest"`), a count as a number.
fn step(a: &capacity_model::goal_seek::Addition) -> Value {
    json!({"key": a.key, "from": setting(a.key, a.from), "to": setting(a.key, a.to)})
}

/// A field's value as a link writes it: a choice by its name (`"together"`, `"8GFC"`), a count as a
/// number.
fn setting(key: &str, value: u32) -> Value {
    field_by_key(key).map_or_else(
        || json!(value),
        |field| match field.kind {
            capacity_model::fields::Kind::Choice(_) => json!(field.format(f64::from(value))),
            _ => json!(value),
        },
    )
}
