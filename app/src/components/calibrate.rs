//! "Calibrate from a real job": the user enters what last night's job did and the model fits one
//! parameter to it, keeping the fitted value in the scenario. The reading of the measurement, the fit
//! and its summary are the model's (`capacity_model::calibrate`).

use crate::state::use_planner;
use capacity_model::calibrate::{
    calibratable, calibrate_in, parameter_for, parse_measurement_in, Calibration, Elapsed, Measured,
};
use capacity_model::fields::field_by_key;
use capacity_model::units::UnitSystem;
use leptos::prelude::*;

/// Whether a job row may set `key` of its own ([`capacity_model::fleet::job_scenario`]): not fitted in
/// the form with a job list, as the form's value would not reach a job that sets it.
fn set_by_job_rows(key: &str) -> bool {
    field_by_key(key).is_some_and(|f| f.set_by_job_rows())
}

/// What the card last said: a fit, worded in the units shown whenever they change (a trial's fit kept
/// "10.0 MiB/s" after the switch to MB), or a message (an error, or an undo).
#[derive(Clone)]
enum Said {
    /// The fit, and the elapsed time measured with what it was divided into, if one was given.
    Fitted(Box<Calibration>, Option<(Elapsed, f64)>),
    /// A message, and whether it is an error.
    Text(String, bool),
}

impl Said {
    fn text(&self, system: UnitSystem) -> String {
        match self {
            Self::Fitted(fit, elapsed) => format!(
                "{}{} Kept in the scenario: every what-if now starts from it.",
                elapsed.map_or(String::new(), |(e, sec)| format!("Measured: {}. ", e.arithmetic(sec, system))),
                fit.summary(system)
            ),
            Self::Text(text, _) => text.clone(),
        }
    }

    fn is_error(&self) -> bool {
        matches!(self, Self::Text(_, true))
    }
}

/// The calibration panel.
#[component]
pub fn Calibrate() -> impl IntoView {
    let planner = use_planner();
    // Kept for a reload of this tab, as the scenario is by its link.
    let measured = crate::session::kept_text("calibrate-measured", "");
    let chosen = crate::session::kept_text("calibrate-parameter", "");
    let restore = RwSignal::new(crate::session::kept("calibrate-job").as_deref() == Some("restore"));
    crate::session::keep_each("calibrate-job", move || if restore.get() { "restore" } else { "backup" }.to_string());
    // An NFS target plans retrievals as its workload and has no restore chain: the box is not offered
    // there, and a tick kept from another scenario does not count (a page trial ticked it on NFS and was
    // refused).
    let has_restore = move || planner.focus_report.with(|r| r.restore.is_some());
    let as_restore = move || restore.get_untracked() && planner.focus_report.with_untracked(|r| r.restore.is_some());
    // What the last fit said, and whether it is an error.
    let result = RwSignal::new(Said::Text(String::new(), false));
    // The last fit still in the scenario: its parameter, the value before and the fitted value.
    let before = RwSignal::new(None::<(&'static str, f64, f64)>);
    // The menu's first entry: the parameter behind the stage that binds.
    let binding = move || {
        let restore = restore.get() && has_restore();
        planner.focus_report.with(|r| {
            let stage = if restore { r.restore.as_ref().map_or(r.bottleneck, |x| x.bottleneck) } else { r.bottleneck };
            let key = parameter_for(stage, &r.scenario).and_then(field_by_key).map_or("choose one", |f| f.label);
            format!("{}: {key}", stage.name())
        })
    };
    // Then every parameter that applies to the job measured (a backup is not offered the restore's).
    // With a job list the job measured is the long pole, alone (the chain the stage tables show): a
    // value its own row sets is not offered, as the form's would not reach it.
    let parameters = move || {
        let restore = restore.get() && has_restore();
        planner.focus.with(|f| {
            calibratable(&f.scenario, restore)
                .filter(|key| f.long_pole.is_none() || !set_by_job_rows(key))
                .filter_map(field_by_key)
                .map(|f| (f.key, f.label))
                .collect::<Vec<_>>()
        })
    };
    let fit = move || {
        let focus = planner.focus.get_untracked();
        let chosen = chosen.get_untracked();
        let chosen = (!chosen.is_empty()).then_some(chosen.as_str());
        // An elapsed time is the bytes' time plus the cartridge handling the model adds to it.
        let elapsed = Elapsed::of(&planner.focus_report.get_untracked(), as_restore());
        let reading = parse_measurement_in(&measured.get_untracked(), elapsed, planner.units.get_untracked());
        let measured_time = reading.as_ref().ok().and_then(|r| r.elapsed_sec).map(|sec| (elapsed, sec));
        let arithmetic = measured_time.map_or(String::new(), |(e, sec)| {
            format!("Measured: {}. ", e.arithmetic(sec, planner.units.get_untracked()))
        });
        let fitted = reading.and_then(|reading| {
            let rate = reading.bytes_per_sec;
            let measured = if as_restore() { Measured::Restore(rate) } else { Measured::Backup(rate) };
            let fit = calibrate_in(&focus.scenario, chosen, measured, planner.units.get_untracked())
                .map_err(|e| e.to_string())?;
            if focus.long_pole.is_some() && set_by_job_rows(fit.parameter) {
                return Err(format!(
                    "Parameter to fit: {} is set by the job rows; choose another parameter",
                    field_by_key(fit.parameter).map_or(fit.parameter, |f| f.label)
                ));
            }
            Ok(fit)
        });
        match fitted {
            Ok(fit) => {
                // The fitted value goes into the form: with jobs, as the default of the job rows.
                let mut s = planner.scenario.get_untracked();
                if let Some(field) = field_by_key(fit.parameter) {
                    (field.set)(&mut s, fit.value);
                }
                planner.load(s);
                before.set(Some((fit.parameter, fit.before, fit.value)));
                result.set(Said::Fitted(Box::new(fit), measured_time));
            }
            // Where the rate refused came from: "Measured: 6.00 TB in 10 h 00 min ... is 168 MB/s."
            Err(e) => result.set(Said::Text(format!("{arithmetic}{e}"), true)),
        }
    };
    // Undo takes back the fitted value only: edits made since stay.
    let undo = move |_| {
        if let Some((key, old, _)) = before.get_untracked() {
            let mut undone = String::new();
            if let Some(field) = field_by_key(key) {
                let mut s = planner.scenario.get_untracked();
                (field.set)(&mut s, old);
                planner.load(s);
                let value = format!("{} {}", field.format(old), field.unit());
                undone = format!("Undone: {} ({key}) is back to {}.", field.label, value.trim_end());
            }
            before.set(None);
            result.set(Said::Text(undone, false));
        }
    };
    let subject = move || {
        planner.focus.with(|f| {
            f.long_pole.as_ref().map_or(String::new(), |p| {
                format!(
                    "With a job list, enter what {} (the long pole) did alone: the fitted value becomes the default of the job rows.",
                    p.name
                )
            })
        })
    };
    // What an elapsed time is divided into: the Data set, or with jobs the long pole's own data.
    let label = move || {
        planner.focus.with(|f| match &f.long_pole {
            Some(p) => format!(
                "Measured job: rate, or elapsed time of {}'s {}",
                f.short_name().unwrap_or_default(),
                capacity_model::units::format_bytes(p.data_bytes, planner.units.get())
            ),
            None => "Measured job: rate, or elapsed time of the Data set".to_string(),
        })
    };
    // Once the fitted value is gone from the scenario (the toolbar's Undo, an edit of that input), the
    // card no longer offers to take it back.
    Effect::new(move |_| {
        let gone = before.get().is_some_and(|(key, _, value)| {
            field_by_key(key).is_some_and(|f| planner.scenario.with(|s| (f.get)(s) != value))
        });
        if gone {
            before.set(None);
            result.set(Said::Text(String::new(), false));
        }
    });
    view! {
        <div class="card calibrate no-print" data-testid="calibrate">
            <h2>"Calibrate from a real job"</h2>
            <p class="muted">
                "Enter what a job you ran did: the planner fits one parameter so the model gives that figure, and keeps it."
            </p>
            <p class="hint" data-testid="calibrate-focus" hidden=move || subject().is_empty()>{subject}</p>
            <div class="calibrate-form">
                <label class="field">
                    <span>{label}</span>
                    <input id="calibrate-measured" type="text" autocomplete="off"
                        placeholder=move || match planner.units.get() {
                            capacity_model::units::UnitSystem::Decimal => "14.24 MB/s or 57m35s",
                            capacity_model::units::UnitSystem::Binary => "13.58 MiB/s or 57m35s",
                        } prop:value=move || measured.get()
                        // A measurement the card cannot read is marked and its message tied to it, as the
                        // form's fields are (a page trial found neither).
                        aria-invalid=move || if result.with(|r| matches!(r, Said::Text(t, true) if t.contains("Measured job: "))) { "true" } else { "false" }
                        aria-describedby="calibrate-result"
                        on:input=move |ev| measured.set(event_target_value(&ev))
                        on:keydown=move |ev: leptos::ev::KeyboardEvent| if ev.key() == "Enter" { fit() }/>
                </label>
                <label class="field">
                    <span>"Parameter to fit"</span>
                    <select id="calibrate-parameter" prop:value=move || chosen.get()
                        on:change=move |ev| chosen.set(event_target_value(&ev))>
                        <option value="">{binding}</option>
                        <For each=parameters key=|p| p.0 let:parameter>
                            <option value=parameter.0 selected=move || chosen.get() == parameter.0>{parameter.1}</option>
                        </For>
                    </select>
                </label>
                <Show when=has_restore>
                    <label class="check">
                        <input id="calibrate-restore" type="checkbox" prop:checked=move || restore.get()
                            on:change=move |ev| restore.set(event_target_checked(&ev))/>
                        "It was a restore"
                    </label>
                </Show>
                <div class="calibrate-actions">
                    <button type="button" class="primary" id="calibrate-fit" on:click=move |_| fit()>"Fit"</button>
                    <button type="button" id="calibrate-undo" disabled=move || before.with(Option::is_none) on:click=undo>
                        "Undo"
                    </button>
                </div>
            </div>
            <p role="status" id="calibrate-result" data-testid="calibrate-result" class:error=move || result.with(Said::is_error)>
                {move || result.with(|r| r.text(planner.units.get()))}
            </p>
        </div>
    }
}
