//! One input, driven by the model's field registry: label, unit, parsing, range message.

use crate::state::use_planner;
use capacity_model::fields::{Field, Kind};
use leptos::prelude::*;

/// An input for `field`. Typing updates the scenario on every keystroke when the text is valid; an
/// invalid text keeps the last valid scenario (and results) and shows the field's allowed range.
#[component]
pub fn FieldInput(field: &'static Field) -> impl IntoView {
    let planner = use_planner();
    let value_text = move || field.format((field.get)(&planner.scenario.get_untracked()));
    let text = RwSignal::new(value_text());
    let error = RwSignal::new(None::<String>);
    // A valid draft that no longer matches the scenario (changed elsewhere) is replaced.
    Effect::new(move |_| {
        let value = planner.base.with(|s| (field.get)(s));
        let draft = text.get_untracked();
        if matches!(field.parse(&draft), Ok(v) if v != value) {
            text.set(field.format(value));
        }
    });
    // A whole new scenario drops every draft, valid or not.
    Effect::new(move |_| {
        planner.loads.track();
        text.set(value_text());
        error.set(None);
        planner.invalid.update(|keys| keys.retain(|k| *k != field.key));
    });
    let commit = move |raw: String| {
        text.set(raw.clone());
        match field.parse(&raw) {
            Ok(value) => {
                error.set(None);
                planner.invalid.update(|keys| keys.retain(|k| *k != field.key));
                planner.edit(|s| (field.set)(s, value));
            }
            Err(e) => {
                error.set(Some(e.to_string()));
                planner.invalid.update(|keys| {
                    if !keys.contains(&field.key) {
                        keys.push(field.key);
                    }
                });
            }
        }
    };
    let id = format!("f-{}", field.key);
    let placeholder = match field.kind {
        Kind::Bytes => "e.g. 20TB or 256KiB",
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
    let unit = match field.kind {
        Kind::Bytes => "bytes",
        _ => field.unit(),
    };
    view! {
        <div class="field" class:hidden=hidden class:invalid=move || error.get().is_some() title=field.help>
            <label for=id>{field.label}</label>
            <div class="control-row">
                {control}
                <span class="unit">{unit}</span>
            </div>
            <p class="error" id=format!("e-{}", field.key) role="alert">{move || error.get().unwrap_or_default()}</p>
        </div>
    }
}
