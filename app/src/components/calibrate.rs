//! "Calibrate from a real job": the user enters what last night's job did and the model fits one
//! parameter to it, keeping the fitted value in the scenario. The reading of the measurement, the fit
//! and its summary are the model's (`capacity_model::calibrate`).
//!
//! The form is HTML text with one listener per event type on the card; the inputs are read when Fit is
//! pressed, and only the parameter menu, the Undo button and the result change.

use crate::dom::{action, by_id, on_change, set_flag, set_html, target, value_of};
use crate::state::use_planner;
use crate::tables::escape;
use capacity_model::calibrate::{calibratable, calibrate, parameter_for, parse_measurement, Measured};
use capacity_model::fields::field_by_key;
use leptos::prelude::*;
use std::fmt::Write;
use wasm_bindgen::JsCast;

/// The card's markup; the menu's options and the result are filled in by the page.
const FORM: &str = "<h2>Calibrate from a real job</h2>\
<p class=\"muted\">Enter what a job you ran did: the planner fits one parameter so the model gives that figure, and keeps it.</p>\
<div class=\"calibrate-form\"><label class=\"field\"><span>Measured job: rate or elapsed time</span>\
<input id=\"calibrate-measured\" type=\"text\" autocomplete=\"off\" placeholder=\"14.24MB/s, or 57m35s for the Data set\"></label>\
<label class=\"field\"><span>Parameter to fit</span><select id=\"calibrate-parameter\"></select></label>\
<label class=\"check\"><input id=\"calibrate-restore\" type=\"checkbox\">It was a restore</label>\
<div class=\"calibrate-actions\"><button type=\"button\" class=\"primary\" id=\"calibrate-fit\" data-act=\"fit\">Fit</button>\
<button type=\"button\" id=\"calibrate-undo\" data-act=\"undo\" disabled>Undo</button></div></div>\
<p role=\"status\" id=\"calibrate-result\" data-testid=\"calibrate-result\"></p>";

/// The calibration panel.
#[component]
pub fn Calibrate() -> impl IntoView {
    let planner = use_planner();
    let restore = RwSignal::new(false);
    // The last fit still in the scenario: its parameter, the value before and the fitted value.
    let before = RwSignal::new(None::<(&'static str, f64, f64)>);
    // The menu: first the parameter behind the stage that binds, then every parameter that applies.
    let options = move || {
        let restore = restore.get();
        let mut options = planner.report.with(|r| {
            let stage = if restore { r.restore.as_ref().map_or(r.bottleneck, |x| x.bottleneck) } else { r.bottleneck };
            let key = parameter_for(stage, &r.scenario).and_then(field_by_key).map_or("choose one", |f| f.label);
            format!("<option value=\"\">{}: {}</option>", stage.name(), escape(key))
        });
        planner.base.with(|s| {
            for field in calibratable(s).filter_map(field_by_key) {
                let _ = write!(options, "<option value=\"{}\">{}</option>", field.key, escape(field.label));
            }
        });
        options
    };
    on_change(options, |options| {
        let chosen = value_of("calibrate-parameter");
        set_html("calibrate-parameter", options);
        if let Some(menu) = by_id("calibrate-parameter").and_then(|m| m.dyn_into::<web_sys::HtmlSelectElement>().ok()) {
            menu.set_value(&chosen);
        }
    });
    crate::dom::effect(move || set_flag("calibrate-undo", "disabled", before.with(Option::is_none)));
    let say = |text: &str, error: bool| {
        if let Some(result) = by_id("calibrate-result") {
            result.set_text_content(Some(text));
            result.set_class_name(if error { "error" } else { "" });
        }
    };
    let fit = move || {
        let scenario = planner.scenario.get_untracked();
        let chosen = value_of("calibrate-parameter");
        let result = parse_measurement(&value_of("calibrate-measured"), scenario.data_set_bytes).and_then(|rate| {
            let measured = if restore.get_untracked() { Measured::Restore(rate) } else { Measured::Backup(rate) };
            calibrate(&scenario, (!chosen.is_empty()).then_some(chosen.as_str()), measured).map_err(|e| e.to_string())
        });
        match result {
            Ok(fit) => {
                planner.load(fit.scenario.clone());
                before.set(Some((fit.parameter, fit.before, fit.value)));
                say(
                    &format!(
                        "{} Kept in the scenario: every what-if now starts from it.",
                        fit.summary(planner.units.get_untracked())
                    ),
                    false,
                );
            }
            Err(e) => say(&e, true),
        }
    };
    // Undo takes back the fitted value only: edits made since stay.
    let undo = move || {
        if let Some((key, old, _)) = before.get_untracked() {
            if let Some(field) = field_by_key(key) {
                let mut s = planner.scenario.get_untracked();
                (field.set)(&mut s, old);
                planner.load(s);
            }
            before.set(None);
            say("", false);
        }
    };
    // Once the fitted value is gone from the scenario (the toolbar's Undo, an edit of that input), the
    // card no longer offers to take it back.
    crate::dom::effect(move || {
        let fitted = before.get();
        let gone = fitted.is_some_and(|(key, _, value)| {
            field_by_key(key).is_some_and(|f| planner.scenario.with(|s| (f.get)(s) != value))
        });
        if gone {
            before.set(None);
            say("", false);
        }
    });
    let on_click = move |ev: &web_sys::Event| match action(ev).map(|a| a.0).as_deref() {
        Some("fit") => fit(),
        Some("undo") => undo(),
        _ => {}
    };
    let on_change = move |ev: &web_sys::Event| {
        if let Some(check) = target(ev).filter(|e| e.id() == "calibrate-restore") {
            restore.set(check.dyn_into::<web_sys::HtmlInputElement>().is_ok_and(|c| c.checked()));
        }
    };
    crate::dom::on_in("click", ".calibrate", on_click);
    // Enter in the measurement box fits, as pressing Fit does.
    crate::dom::on_in("keydown", ".calibrate", move |ev| {
        if crate::dom::is_enter_in(ev, "calibrate-measured") {
            fit();
        }
    });
    crate::dom::on_in("change", ".calibrate", on_change);
    view! { <div class="card calibrate no-print" data-testid="calibrate" inner_html=FORM></div> }
}
