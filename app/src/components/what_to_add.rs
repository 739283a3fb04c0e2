//! "What to add": when the backup misses its window (or fits with less than the headroom spare), the
//! rate the window needs, each count that fits it alone with a button that applies it, and the counts
//! to raise together when no single one does ([`capacity_model::goal_seek::to_fit`]). The search
//! evaluates the chain a few hundred times, so it runs once typing pauses, not on every keystroke.

use crate::state::use_planner;
use crate::summary::facts_html;
use crate::tables::escape;
use capacity_model::fields::field_by_key;
use capacity_model::goal_seek::{change_text, to_fit, FitPlan};
use capacity_model::units::{format_rate, UnitSystem};
use capacity_model::Scenario;
use leptos::prelude::*;

/// The card's body: the plan's lines and one button per change (`data-apply` holds `key=value`
/// pairs joined by `&`, as a link writes them).
pub fn what_to_add_html(plan: &FitPlan, s: &Scenario, system: UnitSystem) -> String {
    let mut out = facts_html(&plan.summary(s, system), "facts");
    let mut buttons = String::new();
    for single in &plan.single {
        let from = field_by_key(single.parameter).map_or(0, |f| (f.get)(s) as u32);
        buttons.push_str(&format!(
            "<button type=\"button\" data-apply=\"{}={}\">Apply: {} ({})</button>",
            single.parameter,
            single.value,
            escape(&change_text(single.parameter, from, single.value)),
            format_rate(single.throughput_bytes_per_sec, system)
        ));
    }
    let combined = &plan.combined;
    if combined.reaches && (combined.steps.len() > 1 || plan.single.is_empty()) {
        let pairs: Vec<String> = combined.steps.iter().map(|a| format!("{}={}", a.key, a.to)).collect();
        let words: Vec<String> = combined.steps.iter().map(|a| change_text(a.key, a.from, a.to)).collect();
        buttons.push_str(&format!(
            "<button type=\"button\" data-apply=\"{}\">Apply together: {}</button>",
            pairs.join("&amp;"),
            escape(&words.join(" and "))
        ));
    }
    if !buttons.is_empty() {
        out.push_str(&format!("<div class=\"apply-buttons\">{buttons}</div>"));
    }
    out
}

/// A click on anything with `data-apply` (this card's buttons, a column of the sweep chart): applies
/// its `key=value` pairs, joined by `&` as a link writes them, as one change.
pub(super) fn on_apply_click(planner: crate::state::Planner, ev: &web_sys::Event) {
    let Some(button) = crate::dom::target(ev).and_then(|e| e.closest("[data-apply]").ok().flatten()) else { return };
    if super::charts_panel::first_tap(ev, &button) {
        return;
    }
    let changes = button.get_attribute("data-apply").unwrap_or_default();
    let mut s = planner.scenario.get_untracked();
    for pair in changes.split('&') {
        if let Some((key, value)) = pair.split_once('=') {
            if let Some(field) = field_by_key(key) {
                let _ = field.apply(&mut s, value);
            }
        }
    }
    planner.load(s);
}

/// The card, shown while the plan lacks its headroom.
#[component]
pub fn WhatToAdd() -> impl IntoView {
    let planner = use_planner();
    let settled = planner.settled;
    let plan = crate::dom::memo_text(move || {
        settled.with(|s| to_fit(s).map(|plan| what_to_add_html(&plan, s, planner.units.get()))).unwrap_or_default()
    });
    crate::dom::effect(move || {
        plan.with(|html| {
            crate::dom::set_flag("what-to-add", "hidden", html.is_empty());
            crate::dom::set_html("what-to-add-body", html);
        })
    });
    view! {
        <div class="card what-to-add" id="what-to-add" data-testid="what-to-add" aria-labelledby="what-to-add-title"
            inner_html="<h2 id=\"what-to-add-title\">What to add</h2><div id=\"what-to-add-body\"></div>"></div>
    }
}
