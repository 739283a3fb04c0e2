//! The `--json` output: one pretty-printed object per run.
//!
//! Rates are bytes/s and times seconds, whatever `--binary` says (it changes only the sentences).
//! JSON has no infinity or NaN, so every non-finite number is written as `null`: a backup that never
//! ends (no throughput) has `"duration_sec": null`, the same as one without a data set.

use crate::Source;
use capacity_model::goal_seek::Fewest;
use capacity_model::presets::Preset;
use capacity_model::units::UnitSystem;
use capacity_model::{codec, Report};
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

/// The report as JSON; `fewest` adds a `"fewest"` member.
pub fn report(source: &Source, report: &Report, fewest: Option<&Fewest>, system: UnitSystem) -> String {
    let stages: Vec<Value> = report
        .stages
        .iter()
        .map(|stage| {
            json!({
                "id": stage.id.id(),
                "name": stage.id.name(),
                "capacity_bytes_per_sec": num(stage.capacity_bytes_per_sec),
                "offered_bytes_per_sec": num(stage.offered_bytes_per_sec),
                "utilization": num(stage.utilization),
                "units": num(stage.units),
                "per_unit_bytes_per_sec": num(stage.per_unit_bytes_per_sec),
            })
        })
        .collect();
    let warnings: Vec<Value> =
        report.warnings.iter().map(|w| json!({ "id": w.id(), "message": w.message(system) })).collect();
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
    put("stages", Value::Array(stages));
    put("data_set_bytes", num(report.scenario.data_set_bytes));
    put("duration_sec", opt(report.duration_sec));
    put("window", window);
    put("cartridges", json!(report.cartridges));
    put("restore_bytes_per_sec", num(report.restore_bytes_per_sec));
    put("restore_duration_sec", opt(report.restore_duration_sec));
    put("aggregate_bytes", opt(report.aggregate_bytes));
    put("storage_pool_io_bytes", opt(report.storage_pool_io_bytes));
    put("warnings", Value::Array(warnings));
    put("fragment", json!(codec::encode(&source.scenario)));
    if let Some(answer) = fewest {
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

/// The preset list as a JSON array of `{id, title, description}`.
pub fn presets(presets: &[Preset]) -> String {
    let list: Vec<Value> =
        presets.iter().map(|p| json!({ "id": p.id, "title": p.title, "description": p.description })).collect();
    pretty(&Value::Array(list))
}
