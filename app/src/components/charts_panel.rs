//! The four what-if charts, each a `Memo` of a [`crate::charts::Chart`] from a pure chart function, and
//! the sweep chart's readout: the reading of the column under the pointer, which a click sets.

use super::figure::{Columns, Figure};
use crate::state::{use_planner, Planner};
use capacity_model::fields::field_by_key;
use leptos::prelude::*;

/// What the readout above the charts says while no column of the sweep chart is pointed at.
const READOUT_PROMPT: &str =
    "Point at the throughput chart to read its value there; click to set it (or focus it: the arrow keys read, Enter sets).";

/// The prompt with a job list, where the chart shows the long pole alone and a click sets nothing.
const READOUT_PROMPT_JOBS: &str = "Point at the throughput chart to read the long pole's value there.";

/// The readout of the sweep column `apply` in `chart` (its reading's tip; on a touch screen, after a
/// first tap on it, `Tap again to set.` instead of `Click to set.`), or the prompt for none or for a
/// column the chart no longer has.
fn reading_of(chart: &crate::charts::Chart, apply: &str, tapped: bool) -> String {
    let tip = chart.readings.iter().find(|r| !apply.is_empty() && r.apply == apply).map(|r| r.tip.as_str());
    match tip {
        Some(tip) if tapped => tip.replace("Click to set.", "Tap again to set."),
        Some(tip) => tip.to_string(),
        None => READOUT_PROMPT.to_string(),
    }
}

/// On a touch screen the first tap on a column of the sweep chart only reads it out (a finger has no
/// hover); a second tap on the same column sets it. `tapped` holds the column tapped once (empty for
/// none). Returns whether this tap on `apply` only read it out.
fn first_tap(tapped: RwSignal<String>, apply: &str, touch: bool) -> bool {
    if !touch {
        return false;
    }
    let again = tapped.with_untracked(|t| t == apply);
    tapped.set(if again { String::new() } else { apply.to_string() });
    !again
}

/// A click on a column of the sweep chart (`apply` holds `key=value`): sets the swept parameter to that
/// column's value, as one change (on a touch screen, at the second tap: [`first_tap`]).
fn set_column(planner: Planner, apply: &str) {
    let Some((key, value)) = apply.split_once('=') else { return };
    let mut s = planner.scenario.get_untracked();
    if let Some(field) = field_by_key(key) {
        let _ = field.apply(&mut s, value);
    }
    planner.load(s);
}

/// The charts panel.
#[component]
pub fn Charts() -> impl IntoView {
    let planner = use_planner();
    let (base, key, focus) = (planner.base, planner.sweep_key, planner.focus);
    let active_key = planner.active_sweep_key;
    let parameters = move || focus.with(|f| f.sweep_parameters().iter().map(|f| (f.key, f.label)).collect::<Vec<_>>());
    let note = move || focus.with(|f| f.brief_note());
    let sweep = planner.chart("sweep");
    // The column under the pointer (its `data-apply`; empty for none), and the one a finger tapped once.
    let (hovered, tapped) = (RwSignal::new(String::new()), RwSignal::new(String::new()));
    // Whether the column read out was stepped to from the keyboard (Enter sets it, not a click).
    let keyed = RwSignal::new(false);
    // The column of the value in use (`key=value`, as the columns' `data-apply`).
    let current = Signal::derive(move || {
        let key = active_key.get();
        capacity_model::fields::field_by_key(key)
            .map(|f| focus.with(|x| format!("{}={}", f.key, f.format((f.get)(&x.scenario)))))
            .unwrap_or_default()
    });
    // Read again whenever the chart changes, so it never shows another scenario's figures.
    let readout = Memo::new(move |_| {
        let text = hovered
            .with(|apply| tapped.with(|t| sweep.with(|chart| reading_of(chart, apply, !t.is_empty() && t == apply))));
        // The column already set (after Enter or a click) is not offered again.
        let in_use = hovered.with(|h| !h.is_empty() && current.with(|c| c == h));
        let text = if in_use {
            text.replace("Tap again to set.", "The value in use.").replace("Click to set.", "The value in use.")
        } else if keyed.get() {
            text.replace("Click to set.", "Press Enter to set.")
        } else {
            text
        };
        if text == READOUT_PROMPT && focus.with(|f| f.long_pole.is_some()) {
            READOUT_PROMPT_JOBS.to_string()
        } else {
            text
        }
    });
    let columns = Columns {
        hover: Callback::new(move |apply: String| {
            keyed.set(false);
            if hovered.with_untracked(|h| *h != apply) {
                hovered.set(apply);
            }
        }),
        keyed: Callback::new(move |apply: String| {
            keyed.set(!apply.is_empty());
            if hovered.with_untracked(|h| *h != apply) {
                hovered.set(apply);
            }
        }),
        current,
        sets: Signal::derive(move || planner.focus.with(|f| f.long_pole.is_none())),
        click: Callback::new(move |(apply, touch): (String, bool)| {
            // With a job list the chart shows the long pole alone, whose own values the form's do not set:
            // a tap only reads the column out (a finger's pointer leaves the chart as the tap ends, so
            // the hover that read it is gone by then).
            if planner.focus.with_untracked(|f| f.long_pole.is_some()) {
                if touch {
                    hovered.set(apply);
                }
                return;
            }
            if first_tap(tapped, &apply, touch) {
                hovered.set(apply);
                return;
            }
            set_column(planner, &apply);
        }),
    };
    // File sizes matter to tape backups only.
    let nfs = move || base.with(|s| s.target != capacity_model::Target::Tape);
    let on_key = move |ev: leptos::ev::Event| {
        if let Some(field) = field_by_key(&event_target_value(&ev)) {
            key.set(field.key);
        }
    };
    view! {
        <div class="card charts">
            <div class="chart-head">
                <h2>"What-if"</h2>
                <label class="control no-print">
                    <span>"Vary"</span>
                    // The menu is written again whenever the parameters or the one in use change, so it never
                    // shows another parameter than the chart plots.
                    <select id="sweep-parameter" on:change=on_key prop:value=move || active_key.get()>
                        <For each=parameters key=|p| p.0 let:parameter>
                            <option value=parameter.0 selected=move || active_key.get() == parameter.0>{parameter.1}</option>
                        </For>
                    </select>
                </label>
            </div>
            <p class="hint" data-testid="charts-focus" hidden=move || note().is_empty()>{note}</p>
            <p class="readout no-print" id="sweep-readout" data-testid="sweep-readout" aria-live="polite">{readout}</p>
            <div class="chart-grid">
                <Figure id="sweep" chart=sweep columns=columns/>
                <Figure id="utilization" chart=planner.chart("utilization")/>
                <Figure id="duration" chart=planner.chart("duration")/>
                <Figure id="file-size" chart=planner.chart("file-size") hidden=Signal::derive(nfs)/>
            </div>
        </div>
    }
}
