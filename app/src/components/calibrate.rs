//! "Calibrate from a real job": the user enters what last night's job did and the model fits one
//! parameter to it, keeping the fitted value in the scenario. The reading of the measurement, the fit
//! and its summary are the model's (`capacity_model::calibrate`).

use crate::state::use_planner;
use capacity_model::calibrate::{calibratable, calibrate, parameter_for, parse_measurement, Measured};
use capacity_model::fields::field_by_key;
use capacity_model::Scenario;
use leptos::prelude::*;

/// The calibration panel.
#[component]
pub fn Calibrate() -> impl IntoView {
    let planner = use_planner();
    let restore = RwSignal::new(false);
    let measured = RwSignal::new(String::new());
    let parameter = RwSignal::new(String::new());
    let outcome = RwSignal::new(Ok::<String, String>(String::new()));
    let before = RwSignal::new(None::<Scenario>);
    // The first choice fits the parameter behind the stage that binds.
    let binding = move || {
        planner.report.with(|r| {
            let stage =
                if restore.get() { r.restore.as_ref().map_or(r.bottleneck, |x| x.bottleneck) } else { r.bottleneck };
            let key = parameter_for(stage, &r.scenario).and_then(field_by_key).map_or("choose one", |f| f.label);
            format!("{}: {key}", stage.name())
        })
    };
    let fit = move |_| {
        let scenario = planner.scenario.get_untracked();
        let chosen = parameter.get_untracked();
        let result = parse_measurement(&measured.get_untracked(), scenario.data_set_bytes).and_then(|rate| {
            let measured = if restore.get_untracked() { Measured::Restore(rate) } else { Measured::Backup(rate) };
            calibrate(&scenario, (!chosen.is_empty()).then_some(chosen.as_str()), measured).map_err(|e| e.to_string())
        });
        outcome.set(result.map(|fit| {
            before.set(Some(scenario));
            planner.load(fit.scenario.clone());
            format!(
                "{} Kept in the scenario: every what-if now starts from it.",
                fit.summary(planner.units.get_untracked())
            )
        }));
    };
    let undo = move |_| {
        if let Some(scenario) = before.get_untracked() {
            planner.load(scenario);
            before.set(None);
            outcome.set(Ok(String::new()));
        }
    };
    view! {
        <div class="card calibrate no-print" data-testid="calibrate">
            <h2>"Calibrate from a real job"</h2>
            <p class="muted">"Enter what a job you ran did: the planner fits one parameter so the model gives that figure, and keeps it."</p>
            <div class="calibrate-form">
                <label class="field">
                    <span>"Measured job: rate or elapsed time"</span>
                    <input id="calibrate-measured" type="text" autocomplete="off" placeholder="14.24MB/s, or 57m35s for the Data set"
                        on:input=move |ev| measured.set(event_target_value(&ev))/>
                </label>
                <label class="field">
                    <span>"Parameter to fit"</span>
                    <select id="calibrate-parameter" on:change=move |ev| parameter.set(event_target_value(&ev))>
                        <option value="">{binding}</option>
                        {move || planner.scenario.with(|s| calibratable(s).filter_map(field_by_key).map(|f| view! { <option value=f.key>{f.label}</option> }).collect_view())}
                    </select>
                </label>
                <label class="check">
                    <input id="calibrate-restore" type="checkbox" on:change=move |ev| restore.set(event_target_checked(&ev))/>
                    "It was a restore"
                </label>
                <div class="calibrate-actions">
                    <button type="button" class="primary" id="calibrate-fit" on:click=fit>"Fit"</button>
                    <button type="button" id="calibrate-undo" on:click=undo disabled=move || before.get().is_none()>"Undo"</button>
                </div>
            </div>
            <p role="status" data-testid="calibrate-result" class:error=move || outcome.with(Result::is_err)>
                {move || outcome.get().unwrap_or_else(|e| e)}
            </p>
        </div>
    }
}
