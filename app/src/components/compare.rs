//! Two scenarios side by side: every stage's capacity and the throughput difference.
//!
//! The card is HTML text with one listener per event type; the table is [`compare_table`].

use crate::dom::{action, set_flag, set_html};
use crate::state::use_planner;
use crate::tables::{compare_table, escape};
use capacity_model::evaluate;
use capacity_model::presets::PRESETS;
use leptos::prelude::*;
use std::fmt::Write;

/// The card's markup; the table and the hint are filled in by the page.
fn card_html() -> String {
    let mut out = String::from(
        "<div class=\"chart-head\"><h2>Compare</h2><label class=\"control no-print\"><span>With a preset</span>\
         <select id=\"compare-preset\"><option value=\"\">—</option>",
    );
    for p in PRESETS {
        let _ = write!(out, "<option value=\"{}\">{}</option>", p.id, escape(p.title));
    }
    out.push_str(
        "</select></label></div><p class=\"muted\" id=\"compare-hint\">Choose a preset here, or Compare on a saved scenario, to see both side by side and on the sweep chart.</p>\
         <div class=\"table-wrap\" id=\"compare-body\" tabindex=\"0\" role=\"region\" aria-label=\"The comparison\"></div>\
         <button type=\"button\" class=\"no-print\" id=\"compare-stop\" data-act=\"stop\">Stop comparing</button>",
    );
    out
}

/// The comparison card, shown while a second scenario is chosen.
#[component]
pub fn Compare() -> impl IntoView {
    let planner = use_planner();
    let choose_preset = move |ev: &web_sys::Event| {
        let id = crate::dom::target(ev)
            .map(|e| e.id())
            .filter(|id| id == "compare-preset")
            .map(|_| crate::dom::value_of("compare-preset"));
        let Some(id) = id else { return };
        planner.compare.set(PRESETS.iter().find(|p| p.id == id).map(|p| (p.title.to_string(), p.scenario())));
    };
    crate::dom::effect(move || {
        let table = planner.compare.with(|other| {
            other.as_ref().map(|(name, other)| {
                planner.report.with(|here| compare_table(here, &evaluate(other), name, planner.units.get()))
            })
        });
        let comparing = table.is_some();
        // The menu names the preset compared, and nothing while none is: choosing one again works.
        let shown = planner.compare.with(|other| {
            other.as_ref().and_then(|(name, _)| PRESETS.iter().find(|p| p.title == name).map(|p| p.id)).unwrap_or("")
        });
        crate::dom::set_value("compare-preset", shown);
        set_html("compare-body", &table.unwrap_or_default());
        set_flag("compare-body", "hidden", !comparing);
        set_flag("compare-hint", "hidden", comparing);
        set_flag("compare-stop", "hidden", !comparing);
    });
    let on_click = move |ev: &web_sys::Event| {
        if action(ev).is_some_and(|a| a.0 == "stop") {
            planner.compare.set(None);
        }
    };
    crate::dom::on_in("click", ".compare", on_click);
    crate::dom::on_in("change", ".compare", choose_preset);
    // Printed only while comparing.
    crate::dom::effect(move || {
        let idle = planner.compare.with(Option::is_none);
        if let Some(card) = crate::dom::by_id("compare-card") {
            let _ = card.class_list().toggle_with_force("no-print", idle);
        }
    });
    view! { <div class="card compare no-print" id="compare-card" inner_html=card_html()></div> }
}
