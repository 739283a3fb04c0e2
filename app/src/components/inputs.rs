//! The input panel: one group of fields per stage, from the model's registry.

use super::field_input::FieldInput;
use crate::state::use_planner;
use capacity_model::fields::{Group, FIELDS};
use leptos::prelude::*;

/// Every input, grouped by stage; groups with nothing relevant to the target are hidden.
#[component]
pub fn Inputs() -> impl IntoView {
    let planner = use_planner();
    Group::ALL
        .iter()
        .map(|&group| {
            let fields: Vec<_> = FIELDS.iter().filter(|f| f.group == group).collect();
            let any_applies = {
                let fields = fields.clone();
                move || {
                    let scenario = planner.scenario.get();
                    fields.iter().any(|f| (f.applies)(&scenario))
                }
            };
            view! {
                <fieldset class="group" class:hidden=move || !any_applies()>
                    <legend>{group.title()}</legend>
                    {fields.into_iter().map(|field| view! { <FieldInput field=field/> }).collect_view()}
                </fieldset>
            }
        })
        .collect_view()
}
