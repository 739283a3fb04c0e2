//! One input of the form: its label, its control (a menu for a choice, a text input otherwise), its unit
//! (a menu for sizes), its help (the field's tooltip, and a line under it that the form shows on request
//! and screen readers read as the control's description) and its message. Ids: `f-{key}` for the
//! control, `u-{key}` for a size's unit menu, `h-{key}` for the help, `e-{key}` for the message and
//! `fd-{key}` for the field.

use crate::form::{exact, has_jobs, placeholder, read, shown, Draft};
use crate::size_input::{typed_unit, UNITS};
use crate::state::Planner;
use capacity_model::fields::{Field, Kind, FIELDS};
use leptos::either::Either;
use leptos::prelude::*;

/// What one field holds while the user edits it.
#[derive(Clone, Copy)]
pub struct FieldState {
    /// The text as typed (or as last shown): not a signal, as typing redraws nothing but the message.
    pub text: StoredValue<String>,
    /// What the program puts into the control (a load, an edit elsewhere): never set by typing, so the
    /// input is not written to while the user types and the caret stays put.
    pub shown: RwSignal<String>,
    /// The unit a bare number is read in (size fields).
    pub unit: RwSignal<&'static str>,
    /// The message of an invalid text.
    pub error: RwSignal<Option<String>>,
}

impl FieldState {
    /// A field showing `draft`.
    pub fn new(draft: Draft) -> Self {
        Self {
            text: StoredValue::new(draft.text.clone()),
            shown: RwSignal::new(draft.text),
            unit: RwSignal::new(draft.unit),
            error: RwSignal::new(None),
        }
    }

    /// The draft as it stands.
    pub fn draft(&self) -> Draft {
        Draft { text: self.text.get_value(), unit: self.unit.get_untracked() }
    }

    /// Shows `text` in the control (and `unit` beside it, when given), dropping any message.
    pub fn show(&self, text: String, unit: Option<&'static str>) {
        self.text.set_value(text.clone());
        self.shown.set(text);
        if let Some(unit) = unit {
            self.unit.set(unit);
        }
        self.set_error(None);
    }

    fn set_error(&self, error: Option<String>) {
        if self.error.with_untracked(|now| *now != error) {
            self.error.set(error);
        }
    }
}

/// Reads `raw` into `field`: a valid text changes the scenario, an invalid one is kept with its message
/// and the scenario keeps its last valid value.
pub(crate) fn commit(planner: Planner, field: &'static Field, state: FieldState, raw: String) {
    let result = read(field, &raw, state.unit.get_untracked());
    // A size typed with its unit ("800 GB"): the menu beside it shows that unit.
    if let Some((_, unit)) = typed_unit(&raw).filter(|_| field.kind == Kind::Bytes && result.is_ok()) {
        if state.unit.get_untracked() != unit {
            state.unit.set(unit);
        }
    }
    state.text.set_value(raw);
    state.set_error(result.as_ref().err().cloned());
    let invalid = result.is_err();
    planner.invalid.maybe_update(|keys| {
        let before = keys.contains(&field.key);
        keys.retain(|k| *k != field.key);
        if invalid {
            keys.push(field.key);
        }
        before != invalid
    });
    if let Ok(value) = result {
        planner.edit_field(Some(field.key), |s| (field.set)(s, value));
        // A choice the drive cannot take is set back (the notice says why): the menu shows the one used,
        // not the one picked (the scenario's value did not change, so nothing else redraws it).
        if let Kind::Choice(_) = field.kind {
            let used = planner.scenario.with_untracked(|s| (field.get)(s));
            if used != value {
                state.show(field.format(used), None);
            }
        }
    }
}

/// One field of the form, hidden while it does not apply (`applies`). With a job list the single
/// client's inputs say they are defaults for the job rows, or unused.
#[component]
pub fn FieldInput(
    /// The field's place in the model's registry ([`FIELDS`]).
    index: usize,
    /// Its draft.
    state: FieldState,
    /// Whether each field applies to the scenario, in [`FIELDS`] order.
    applies: Memo<Vec<bool>>,
    /// The planner.
    planner: Planner,
) -> impl IntoView {
    let field = &FIELDS[index];
    let key = field.key;
    let control_id = format!("f-{key}");
    let label = move || {
        if field.with_jobs().is_some() {
            field.label_with_jobs(planner.scenario.with(has_jobs))
        } else {
            field.label.to_string()
        }
    };
    let invalid = move || state.error.with(Option::is_some);
    let on_edit = move |ev: leptos::ev::Event| commit(planner, field, state, event_target_value(&ev));
    // A value shown rounded (2.459 h for 2.458611111 h) is edited exact, so that what is typed over it
    // starts from the value the results use; leaving the field untouched shows the rounded text again.
    let rounded = StoredValue::new(None::<(String, String)>);
    let on_focus = move |ev: leptos::ev::FocusEvent| {
        let draft = state.draft();
        let value = planner.scenario.with_untracked(|s| (field.get)(s));
        if state.error.with_untracked(Option::is_some) || shown(field, value, draft.unit) != draft.text {
            return;
        }
        if let Some(text) = exact(field, value, draft.unit) {
            // Tab selects the whole text before the focus event; swapping the text drops that selection,
            // and what is typed next was added to the exact value (a trial's Tab then 60 read 157.286460).
            let input = event_target::<web_sys::HtmlInputElement>(&ev);
            let length = draft.text.encode_utf16().count() as u32;
            let whole = length > 0
                && input.selection_start().ok().flatten() == Some(0)
                && input.selection_end().ok().flatten() == Some(length);
            rounded.set_value(Some((draft.text, text.clone())));
            input.set_value(&text);
            state.show(text, None);
            if whole {
                input.select();
            }
        }
    };
    let on_blur = move |_: leptos::ev::FocusEvent| {
        if let Some((before, exact)) = rounded.get_value() {
            rounded.set_value(None);
            if state.text.with_value(|now| *now == exact) {
                state.show(before, None);
            }
        }
    };
    // The options mark the first value `selected`: a menu's value set before its options exist is lost.
    let first = state.draft();
    let control = match field.kind {
        Kind::Choice(names) => Either::Left(view! {
            <select id=control_id.clone() name=key aria-describedby=format!("h-{key}")
                prop:value=move || state.shown.get() on:change=on_edit>
                {names
                    .iter()
                    .map(|name| view! { <option value=*name selected=first.text == *name>{field.choice_label(name)}</option> })
                    .collect_view()}
            </select>
        }),
        _ => Either::Right(view! {
            <input id=control_id.clone() name=key type="text" inputmode="decimal" autocomplete="off"
                spellcheck="false" placeholder=placeholder(field)
                aria-invalid=move || if invalid() { "true" } else { "false" }
                aria-describedby=format!("h-{key} e-{key}") prop:value=move || state.shown.get() on:input=on_edit
                on:focus=on_focus on:blur=on_blur/>
        }),
    };
    // A new unit re-reads what is typed: "24" becomes 24 TB, then 24 GB; "800 GB" becomes 800 TB (the
    // unit typed gives way to the one picked, so text and menu never disagree).
    let on_unit = move |ev: leptos::ev::Event| {
        let picked = event_target_value(&ev);
        if let Some((unit, _)) = UNITS.iter().find(|(u, _)| *u == picked) {
            state.unit.set(unit);
            let text = state.text.get_value();
            match typed_unit(&text) {
                Some((number, _)) => {
                    let number = number.to_string();
                    state.show(number.clone(), None);
                    commit(planner, field, state, number);
                }
                None => commit(planner, field, state, text),
            }
        }
    };
    let unit = if field.kind == Kind::Bytes {
        Either::Left(view! {
            <select class="unit" id=format!("u-{key}") aria-label=format!("{} unit", field.label)
                prop:value=move || state.unit.get() on:change=on_unit>
                {UNITS
                    .iter()
                    .map(|(unit, _)| view! { <option value=*unit selected=first.unit == *unit>{*unit}</option> })
                    .collect_view()}
            </select>
        })
    } else {
        Either::Right(view! { <span class="unit">{field.unit()}</span> })
    };
    // A menu with a long choice takes the group's whole row: half of it cut "Windows NTFS on an array
    // (2005)" and "None (straight to tape)" short at 1,280 px.
    let wide = match field.kind {
        Kind::Choice(names) => names.iter().any(|n| field.choice_label(n).chars().count() > 16),
        _ => false,
    };
    view! {
        <div class="field" id=format!("fd-{key}") title=field.help class:invalid=invalid class:wide=wide
            class:hidden=move || !applies.with(|a| a[index])>
            <label for=control_id>{label}</label>
            <div class="control-row">{control} {unit}</div>
            <p class="help" id=format!("h-{key}")>{field.help}</p>
            <p class="error" id=format!("e-{key}") role="alert">{move || state.error.get().unwrap_or_default()}</p>
        </div>
    }
}
