//! Title bar: the preset menu and the units switch, as HTML text with one listener per event type.

use crate::dom::{action, by_id};
use crate::state::use_planner;
use crate::tables::escape;
use capacity_model::presets::{preset, PRESETS};
use capacity_model::units::UnitSystem;
use leptos::prelude::*;
use std::fmt::Write;
use wasm_bindgen::JsCast;

/// The bar's markup: a skip link to the results (shown when focused), the brand, the preset menu (every preset), the jump to the inputs and the units.
fn bar_html() -> String {
    let mut out = String::from(
        "<button type=\"button\" class=\"skip-link\" data-jump=\"results\">Skip to the results</button>\
         <div class=\"brand\"><span class=\"logo\" aria-hidden=\"true\">▮▮▯</span><div><h1>Backup Capacity Planner</h1>\
         <p class=\"tagline\">Throughput, bottleneck and backup window for backup and restore</p></div></div>\
         <div class=\"controls\"><label class=\"control\"><span>Scenario</span><select id=\"preset\">\
         <option value=\"\" disabled>Custom scenario</option>",
    );
    for p in PRESETS {
        let _ = write!(out, "<option value=\"{}\">{}</option>", p.id, escape(p.title));
    }
    out.push_str(
        "</select></label><button type=\"button\" class=\"jump-inputs\" data-jump=\"inputs\">Edit inputs ↓</button>\
         <div class=\"control units\" role=\"group\" aria-label=\"Units\"><span>Units</span><div class=\"toggle\">\
         <button type=\"button\" id=\"units-mb\" data-act=\"mb\">MB</button><button type=\"button\" id=\"units-mib\" data-act=\"mib\">MiB</button></div></div></div>",
    );
    out
}

/// The top bar.
#[component]
pub fn Header() -> impl IntoView {
    let planner = use_planner();
    // The menu shows the preset on screen, or "Custom scenario".
    crate::dom::effect(move || {
        let current = planner.preset.get().map_or("", |p| p.id);
        if let Some(menu) = by_id("preset").and_then(|m| m.dyn_into::<web_sys::HtmlSelectElement>().ok()) {
            menu.set_value(current);
        }
    });
    crate::dom::effect(move || {
        let binary = planner.units.get() == UnitSystem::Binary;
        for (id, on) in [("units-mb", !binary), ("units-mib", binary)] {
            if let Some(button) = by_id(id) {
                button.set_class_name(if on { "active" } else { "" });
                let _ = button.set_attribute("aria-pressed", if on { "true" } else { "false" });
            }
        }
    });
    let on_click = move |ev: &web_sys::Event| match action(ev).map(|a| a.0).as_deref() {
        Some("mb") => planner.units.set(UnitSystem::Decimal),
        Some("mib") => planner.units.set(UnitSystem::Binary),
        _ => {}
    };
    let on_preset = move |ev: &web_sys::Event| {
        if crate::dom::target(ev).is_some_and(|e| e.id() == "preset") {
            if let Ok(chosen) = preset(&crate::dom::value_of("preset")) {
                planner.load(chosen.scenario());
            }
        }
    };
    crate::dom::on_in("click", ".topbar", on_click);
    crate::dom::on_in("change", ".topbar", on_preset);
    view! { <header class="topbar" inner_html=bar_html()></header> }
}
