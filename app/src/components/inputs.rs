//! The input panel: every field of the model's registry, grouped by stage, one `fieldset` per group of
//! [`Group::ALL`] (id `g-{n}`), each field a [`FieldInput`].
//!
//! Typing updates the scenario on every keystroke when the text is valid; an invalid text keeps the
//! last valid scenario (and results, marked as not updated) and shows the field's allowed range, naming
//! the field by its label. Sizes have a unit menu ([`crate::size_input`]); every value shows as a person
//! would type it ([`crate::form`]).

use super::field::{commit, FieldInput, FieldState};
use crate::form::{applicable, fresh, replacement};
use crate::size_input::UNITS;
use crate::state::{use_planner, Planner};
use capacity_model::fields::{Group, FIELDS};
use leptos::prelude::*;

/// One group's fieldset, hidden when none of its fields applies.
#[component]
fn FieldGroup(
    /// Its place in [`Group::ALL`].
    n: usize,
    /// The drafts of every field, in [`FIELDS`] order.
    states: StoredValue<Vec<FieldState>>,
    /// Whether each field applies, in [`FIELDS`] order.
    applies: Memo<Vec<bool>>,
    /// The planner.
    planner: Planner,
) -> impl IntoView {
    let group = Group::ALL[n];
    let members: Vec<usize> = (0..FIELDS.len()).filter(|&i| FIELDS[i].group == group).collect();
    let shown = {
        let members = members.clone();
        move || applies.with(|a| members.iter().any(|&i| a[i]))
    };
    let fields = members
        .into_iter()
        .map(|i| {
            let state = states.with_value(|s| s[i]);
            view! { <FieldInput index=i state applies planner/> }
        })
        .collect_view();
    view! {
        <fieldset class="group" id=format!("g-{n}") hidden=move || !shown()>
            <legend>{group.title()}</legend>
            {fields}
        </fieldset>
    }
}

/// Every input, grouped by stage; groups with nothing relevant to the target are hidden.
#[component]
pub fn Inputs() -> impl IntoView {
    let planner = use_planner();
    let states = StoredValue::new(
        planner
            .scenario
            .with_untracked(|s| FIELDS.iter().map(|f| FieldState::new(fresh(f, (f.get)(s)))).collect::<Vec<_>>()),
    );
    // A whole new scenario (a preset, a link, an import) drops every draft, valid or not, and picks each
    // size's unit afresh. The first time, a reload brings back the texts that could not be used when the
    // page was left (see `keep_drafts` below).
    let opened = StoredValue::new(false);
    Effect::new(move || {
        planner.loads.track();
        planner.scenario.with_untracked(|s| {
            states.with_value(|states| {
                for (field, state) in FIELDS.iter().zip(states) {
                    let draft = fresh(field, (field.get)(s));
                    state.show(draft.text, Some(draft.unit));
                }
            })
        });
        planner.invalid.maybe_update(|keys| !std::mem::take(keys).is_empty());
        if !opened.get_value() {
            opened.set_value(true);
            for (key, text, unit) in crate::browser::kept_drafts(&planner.link.get_untracked()) {
                let Some(i) = FIELDS.iter().position(|f| f.key == key) else { continue };
                let state = states.with_value(|s| s[i]);
                let unit = UNITS.iter().find(|(u, _)| *u == unit).map(|(u, _)| *u);
                state.show(text.clone(), unit);
                commit(planner, &FIELDS[i], state, text);
            }
        }
    });
    // Leaving the page with a field that holds a value that cannot be used: its text is kept for a
    // reload, since the link holds only the last valid value.
    let _ = window_event_listener(leptos::ev::pagehide, move |_| {
        let drafts: Vec<crate::browser::Draft> = planner.invalid.with_untracked(|keys| {
            keys.iter()
                .filter_map(|key| FIELDS.iter().position(|f| f.key == *key))
                .map(|i| {
                    let draft = states.with_value(|s| s[i].draft());
                    (FIELDS[i].key.to_string(), draft.text, draft.unit.to_string())
                })
                .collect()
        });
        planner.link.with_untracked(|link| crate::browser::keep_drafts(link, &drafts));
    });
    // Which inputs apply depends on the job list only through whether there is one (Job order, say).
    let applies = Memo::new(move |_| planner.scenario.with(applicable));
    // An edit elsewhere (a what-to-add button, the undo of a calibration): a valid draft that no longer
    // matches the scenario is replaced; invalid ones stay as typed.
    Effect::new(move || {
        planner.base.with(|s| {
            states.with_value(|states| {
                for (field, state) in FIELDS.iter().zip(states) {
                    let unit = state.unit.get_untracked();
                    if let Some(text) = state.text.with_value(|text| replacement(field, text, unit, (field.get)(s))) {
                        state.show(text, None);
                    }
                }
            })
        });
    });
    // Each field's help under it, for phones and screen readers that never see a tooltip; the choice is
    // kept for the next visit.
    let show_help = RwSignal::new(crate::saved_store::show_help());
    Effect::new(move || crate::saved_store::set_show_help(show_help.get()));
    view! {
        <label class="check help-toggle">
            <input type="checkbox" id="show-help" prop:checked=move || show_help.get()
                on:change=move |ev| show_help.set(event_target_checked(&ev))/>
            "Show each field's help"
        </label>
        <div class="form" class:show-help=move || show_help.get()>
            {(0..Group::ALL.len())
                .map(|n| view! { <FieldGroup n states applies planner/> })
                .collect_view()}
        </div>
    }
}
