//! The four what-if charts, each a `Memo` of SVG text from a pure chart function.

use crate::browser;
use crate::charts::sweep_parameters;
use crate::state::use_planner;
use capacity_model::fields::field_by_key;
use leptos::prelude::*;
use leptos::task::spawn_local;

/// Width and height attributes of an SVG's root element (the chart's drawing size).
fn svg_size(svg: &str) -> (u32, u32) {
    let attribute = |name: &str| {
        let start = svg.find(&format!("{name}=\""))? + name.len() + 2;
        svg[start..].split('"').next()?.parse().ok()
    };
    (attribute("width").unwrap_or(760), attribute("height").unwrap_or(440))
}

/// A chart's figure as markup: a place for its SVG (`svg-{id}`, filled by [`show_chart`]) and the
/// buttons that download it as SVG or PNG, handled by [`on_export`] on the card.
pub(super) fn figure_html(id: &str) -> String {
    let name = id.replace('-', " ");
    format!(
        "<figure class=\"chart\" id=\"fig-{id}\" data-testid=\"chart-{id}\"><div class=\"chart-svg\" id=\"svg-{id}\"></div>\
         <figcaption class=\"no-print\"><button type=\"button\" class=\"small\" data-export=\"svg\" data-chart=\"{id}\" aria-label=\"Download the {name} chart as SVG\">SVG</button>\
         <button type=\"button\" class=\"small\" data-export=\"png\" data-chart=\"{id}\" aria-label=\"Download the {name} chart as PNG\">PNG</button></figcaption></figure>"
    )
}

/// Keeps the figure `id`'s SVG in step with the chart's text (drawn again only when it changed).
pub(super) fn show_chart(id: &'static str, planner: crate::state::Planner) {
    let place = format!("svg-{id}");
    crate::dom::on_change(move || planner.chart_svg(id), move |text| crate::dom::set_html(&place, text));
}

/// A click on a figure's download button: the chart as an SVG file, or as a PNG at twice its size.
pub(super) fn on_export(ev: &web_sys::Event, planner: crate::state::Planner) {
    let Some(button) = crate::dom::target(ev).and_then(|e| e.closest("[data-export]").ok().flatten()) else {
        return;
    };
    let (Some(kind), Some(id)) = (button.get_attribute("data-export"), button.get_attribute("data-chart")) else {
        return;
    };
    let text = untrack(|| planner.chart_svg(&id));
    if kind == "svg" {
        browser::download(&format!("{id}.svg"), "image/svg+xml", &text);
    } else {
        spawn_local(async move {
            let (w, h) = svg_size(&text);
            let _ = browser::download_png(&format!("{id}.png"), &text, w, h, 2.0).await;
        });
    }
}

/// The charts panel.
#[component]
pub fn Charts() -> impl IntoView {
    let planner = use_planner();
    let (base, key) = (planner.base, planner.sweep_key);
    let parameters =
        Memo::new(move |_| base.with(|s| sweep_parameters(s).iter().map(|f| (f.key, f.label)).collect::<Vec<_>>()));
    let active_key = planner.active_sweep_key;
    for id in ["sweep", "utilization", "duration", "file-size"] {
        show_chart(id, planner);
    }
    // File sizes matter to tape backups only.
    crate::dom::on_change(
        move || base.with(|s| s.target != capacity_model::Target::Tape),
        |nfs| crate::dom::set_flag("fig-file-size", "hidden", *nfs),
    );
    let grid: String = ["sweep", "utilization", "duration", "file-size"].iter().map(|id| figure_html(id)).collect();
    let on_key = move |ev| {
        if let Some(field) = field_by_key(&event_target_value(&ev)) {
            key.set(field.key);
        }
    };
    view! {
        <div class="card charts" on:click=move |ev| on_export(&ev, planner)>
            <div class="chart-head">
                <h2>"What-if"</h2>
                <label class="control no-print">
                    <span>"Vary"</span>
                    <select id="sweep-parameter" on:change=on_key prop:value=move || active_key.get()>
                        {move || parameters.get().into_iter().map(|(k, label)| view! { <option value=k>{label}</option> }).collect_view()}
                    </select>
                </label>
            </div>
            <div class="chart-grid" inner_html=grid></div>
        </div>
    }
}
