//! The input panel: every field of the model's registry, grouped by stage ([`crate::form::panel_html`]).
//!
//! Typing updates the scenario on every keystroke when the text is valid; an invalid text keeps the
//! last valid scenario (and results, marked as not updated) and shows the field's allowed range, naming
//! the field by its label. Sizes have a unit menu ([`crate::size_input`]); every value shows as a person
//! would type it.
//!
//! The panel is HTML text with one listener per event type (event delegation) and each field's draft in
//! a plain list: sixty fields cost no reactive views of their own, about 8 KB less gzipped page code.

use crate::dom::{by_id, effect, set_flag, set_value};
use crate::size_input::{display_unit, readable, scale, with_unit, UNITS};
use crate::state::{use_planner, Planner};
use capacity_model::fields::{Field, Group, Kind, FIELDS};
use capacity_model::{Error, Scenario};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// What a field holds while the user edits it.
#[derive(Clone)]
struct Draft {
    /// The text as typed (or as last shown).
    text: String,
    /// The unit a bare number is read in (sizes only).
    unit: &'static str,
    /// The message of an invalid text.
    error: Option<String>,
}

/// What the field shows for `value`: a choice's name, a size as a number in `unit`, other values in
/// the field's display unit, each with no more digits than a person would type.
fn shown(field: &Field, value: f64, unit: &str) -> String {
    match field.kind {
        Kind::Choice(_) => field.format(value),
        Kind::Bytes => readable(value / scale(unit)),
        _ => {
            let exact = field.format(value);
            exact.parse::<f64>().map_or(exact, readable)
        }
    }
}

/// The value `raw` gives in `field`; a bare number in a size field is in `unit`.
fn parse(field: &Field, raw: &str, unit: &str) -> Result<f64, Error> {
    if field.kind == Kind::Bytes {
        field.parse(&with_unit(raw, unit))
    } else {
        field.parse(raw)
    }
}

/// The draft of `value` as the field shows it, with the unit it is best read in.
fn fresh(field: &Field, value: f64) -> Draft {
    let unit = display_unit(field.key, value);
    Draft { text: shown(field, value, unit), unit, error: None }
}

/// Shows a field's draft: its text, its unit and its message (or none).
fn show(field: &Field, draft: &Draft) {
    let key = field.key;
    set_value(&format!("f-{key}"), &draft.text);
    if field.kind == Kind::Bytes {
        set_value(&format!("u-{key}"), draft.unit);
    }
    if let Some(message) = by_id(&format!("e-{key}")) {
        message.set_text_content(Some(draft.error.as_deref().unwrap_or("")));
    }
    if let Some(div) = by_id(&format!("fd-{key}")) {
        let _ = div.class_list().toggle_with_force("invalid", draft.error.is_some());
    }
    if let Some(control) = by_id(&format!("f-{key}")) {
        let _ = control.set_attribute("aria-invalid", if draft.error.is_some() { "true" } else { "false" });
    }
}

/// Reads `raw` into field `i`: a valid text changes the scenario, an invalid one is kept with its message.
fn commit(planner: Planner, drafts: StoredValue<Vec<Draft>>, i: usize, raw: String) {
    let field = &FIELDS[i];
    let unit = drafts.with_value(|d| d[i].unit);
    let result = parse(field, &raw, unit);
    let error = result.as_ref().err().map(|e| {
        let message = match e {
            Error::InvalidValue { message, .. } => message.clone(),
            other => other.to_string(),
        };
        format!("{}: {message}", field.label)
    });
    drafts.update_value(|d| {
        d[i].text = raw;
        d[i].error = error.clone();
    });
    drafts.with_value(|d| show(field, &d[i]));
    planner.invalid.update(|keys| {
        keys.retain(|k| *k != field.key);
        if error.is_some() {
            keys.push(field.key);
        }
    });
    if let Ok(value) = result {
        planner.edit_field(Some(field.key), |s| (field.set)(s, value));
    }
}

/// With a job list, the single client's inputs say they are defaults for the job rows (or unused, for
/// the data set and the clients); without one, their own labels.
fn relabel(has_jobs: bool) {
    for field in FIELDS.iter().filter(|f| f.with_jobs().is_some()) {
        if let Some(label) =
            by_id(&format!("fd-{}", field.key)).and_then(|div| div.query_selector("label").ok().flatten())
        {
            label.set_text_content(Some(&field.label_with_jobs(has_jobs)));
        }
    }
}

/// Hides the fields (and whole groups) that do not apply to `s`.
fn show_applicable(s: &Scenario) {
    for (n, group) in Group::ALL.iter().enumerate() {
        let mut any = false;
        for field in FIELDS.iter().filter(|f| f.group == *group) {
            let applies = (field.applies)(s);
            any |= applies;
            if let Some(div) = by_id(&format!("fd-{}", field.key)) {
                let _ = div.class_list().toggle_with_force("hidden", !applies);
            }
        }
        set_flag(&format!("g-{n}"), "hidden", !any);
    }
}

/// Every input, grouped by stage; groups with nothing relevant to the target are hidden.
#[component]
pub fn Inputs() -> impl IntoView {
    let planner = use_planner();
    let drafts = StoredValue::new(
        planner.scenario.with_untracked(|s| FIELDS.iter().map(|f| fresh(f, (f.get)(s))).collect::<Vec<_>>()),
    );
    // A whole new scenario (a preset, a link, an import) drops every draft, valid or not, and picks each
    // size's unit afresh.
    effect(move || {
        planner.loads.track();
        planner.scenario.with_untracked(|s| {
            drafts.set_value(FIELDS.iter().map(|f| fresh(f, (f.get)(s))).collect());
        });
        drafts.with_value(|d| FIELDS.iter().zip(d).for_each(|(f, d)| show(f, d)));
        planner.invalid.set(Vec::new());
    });
    let has_jobs =
        Memo::new(move |_| planner.scenario.with(|s| !s.jobs.is_empty() && s.target != capacity_model::Target::Nfs));
    effect(move || relabel(has_jobs.get()));
    // Which inputs apply depends on the job list only through whether there is one (Job order, say).
    effect(move || {
        planner.base.track();
        has_jobs.track();
        planner.scenario.with_untracked(show_applicable);
    });
    // An edit elsewhere (a what-to-add button, the undo of a calibration): a valid draft that no longer
    // matches the scenario is replaced; invalid ones stay as typed.
    effect(move || {
        planner.base.with(|s| {
            for (i, field) in FIELDS.iter().enumerate() {
                let value = (field.get)(s);
                let replace = drafts.with_value(|d| {
                    let draft = &d[i];
                    matches!(parse(field, &draft.text, draft.unit), Ok(v) if v != value)
                        && draft.text != shown(field, value, draft.unit)
                });
                if replace {
                    drafts.update_value(|d| d[i].text = shown(field, value, d[i].unit));
                    drafts.with_value(|d| show(field, &d[i]));
                }
            }
        });
    });
    let on_edit = move |ev: &web_sys::Event| {
        let Some(element) = crate::dom::target(ev) else { return };
        let id = element.id();
        let value = if let Some(input) = element.dyn_ref::<web_sys::HtmlInputElement>() {
            input.value()
        } else if let Some(menu) = element.dyn_ref::<web_sys::HtmlSelectElement>() {
            menu.value()
        } else {
            return;
        };
        if let Some(i) = id.strip_prefix("f-").and_then(|k| FIELDS.iter().position(|f| f.key == k)) {
            commit(planner, drafts, i, value);
        } else if let Some(i) = id.strip_prefix("u-").and_then(|k| FIELDS.iter().position(|f| f.key == k)) {
            // A new unit re-reads what is typed: "24" becomes 24 TB, then 24 GB.
            if let Some((unit, _)) = UNITS.iter().find(|(u, _)| *u == value) {
                drafts.update_value(|d| d[i].unit = unit);
                let text = drafts.with_value(|d| d[i].text.clone());
                commit(planner, drafts, i, text);
            }
        }
    };
    // Text inputs report each keystroke (`input`); menus report a choice (`change`).
    let on_input = move |ev: &web_sys::Event| {
        if crate::dom::target(ev).is_some_and(|e| e.dyn_ref::<web_sys::HtmlInputElement>().is_some()) {
            on_edit(ev);
        }
    };
    let on_change = move |ev: &web_sys::Event| {
        if crate::dom::target(ev).is_some_and(|e| e.dyn_ref::<web_sys::HtmlSelectElement>().is_some()) {
            on_edit(ev);
        }
    };
    crate::dom::on_in("input", ".form", on_input);
    crate::dom::on_in("change", ".form", on_change);
    view! { <div class="form" inner_html=crate::form::panel_html()></div> }
}
