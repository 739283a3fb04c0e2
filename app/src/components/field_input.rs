//! One input, driven by the model's field registry: label, unit, parsing, range message. Sizes have a
//! unit picker ([`crate::size_input`]); every value shows as a person would type it.

use crate::size_input::{display_unit, readable, scale, with_unit, UNITS};
use crate::state::use_planner;
use capacity_model::fields::{Field, Kind};
use capacity_model::Error;
use leptos::prelude::*;

/// What the field shows for `value`: a choice's name, a size as a number in `unit`, other values in
/// the field's display unit, each with no more digits than a person would type.
fn shown(field: &'static Field, value: f64, unit: &str) -> String {
    match field.kind {
        Kind::Choice(_) => field.format(value),
        Kind::Bytes => readable(value / scale(unit)),
        _ => {
            let exact = field.format(value);
            exact.parse::<f64>().map_or(exact, readable)
        }
    }
}

/// An input for `field`. Typing updates the scenario on every keystroke when the text is valid; an
/// invalid text keeps the last valid scenario (and results, marked as not updated) and shows the
/// field's allowed range, naming the field by its label.
#[component]
pub fn FieldInput(field: &'static Field) -> impl IntoView {
    let planner = use_planner();
    let sizes = field.kind == Kind::Bytes;
    let value_now = move || (field.get)(&planner.scenario.get_untracked());
    let unit = RwSignal::new(display_unit(field.key, value_now()));
    let text = RwSignal::new(shown(field, value_now(), unit.get_untracked()));
    let error = RwSignal::new(None::<String>);
    let parse =
        move |raw: &str| field.parse(&if sizes { with_unit(raw, unit.get_untracked()) } else { raw.to_string() });
    // A valid draft that no longer matches the scenario (changed elsewhere) is replaced.
    Effect::new(move |_| {
        let value = planner.base.with(|s| (field.get)(s));
        let draft = text.get_untracked();
        if matches!(parse(&draft), Ok(v) if v != value) && draft != shown(field, value, unit.get_untracked()) {
            text.set(shown(field, value, unit.get_untracked()));
        }
    });
    // A whole new scenario drops every draft, valid or not, and picks the size's unit afresh.
    Effect::new(move |_| {
        planner.loads.track();
        unit.set(display_unit(field.key, value_now()));
        text.set(shown(field, value_now(), unit.get_untracked()));
        error.set(None);
        planner.invalid.update(|keys| keys.retain(|k| *k != field.key));
    });
    let commit = move |raw: String| {
        text.set(raw.clone());
        match parse(&raw) {
            Ok(value) => {
                error.set(None);
                planner.invalid.update(|keys| keys.retain(|k| *k != field.key));
                planner.edit(|s| (field.set)(s, value));
            }
            Err(e) => {
                let message = match e {
                    Error::InvalidValue { message, .. } => message,
                    other => other.to_string(),
                };
                error.set(Some(format!("{}: {message}", field.label)));
                planner.invalid.update(|keys| {
                    if !keys.contains(&field.key) {
                        keys.push(field.key);
                    }
                });
            }
        }
    };
    // A new unit re-reads what is typed: "24" becomes 24 TB, then 24 GB.
    let pick_unit = move |ev| {
        if let Some((u, _)) = UNITS.iter().find(|(u, _)| *u == event_target_value(&ev)) {
            unit.set(u);
            commit(text.get_untracked());
        }
    };
    let id = format!("f-{}", field.key);
    let placeholder = match field.kind {
        Kind::Bytes => "e.g. 20, or 256KiB",
        Kind::Rate => "e.g. 45 or 29MiB/s",
        _ => "",
    };
    let error_id = format!("e-{}", field.key);
    let hidden = move || !(field.applies)(&planner.scenario.get());
    let control = match field.kind {
        Kind::Choice(names) => view! {
            <select id=id.clone() name=field.key on:change=move |ev| commit(event_target_value(&ev)) prop:value=move || text.get()>
                {names.iter().map(|n| view! { <option value=*n>{*n}</option> }).collect_view()}
            </select>
        }
        .into_any(),
        _ => view! {
            <input id=id.clone() name=field.key type="text" inputmode="decimal" autocomplete="off" spellcheck="false"
                placeholder=placeholder
                prop:value=move || text.get()
                on:input=move |ev| commit(event_target_value(&ev))
                aria-invalid=move || error.get().is_some().to_string()
                aria-describedby=error_id.clone()/>
        }
        .into_any(),
    };
    let unit_control = if sizes {
        view! {
            <select class="unit" id=format!("u-{}", field.key) aria-label=format!("{} unit", field.label) on:change=pick_unit prop:value=move || unit.get()>
                {UNITS.iter().map(|(u, _)| view! { <option value=*u>{*u}</option> }).collect_view()}
            </select>
        }
        .into_any()
    } else {
        view! { <span class="unit">{field.unit()}</span> }.into_any()
    };
    view! {
        <div class="field" class:hidden=hidden class:invalid=move || error.get().is_some() title=field.help>
            <label for=id>{field.label}</label>
            <div class="control-row">
                {control}
                {unit_control}
            </div>
            <p class="error" id=format!("e-{}", field.key) role="alert">{move || error.get().unwrap_or_default()}</p>
        </div>
    }
}
