//! Capacity over time: the timeline's key dates (with calendar dates) and its two charts, rendered
//! as one HTML string (the model and the chart functions do the work; the page shows the text).

use crate::charts::{figure_html, held_chart, night_chart};
use crate::state::use_planner;
use crate::summary::facts_html;
use capacity_model::timeline::timeline;
use capacity_model::units::UnitSystem;
use capacity_model::Scenario;
use leptos::prelude::*;

/// Today as (year, month, day) from the browser's clock, for calendar dates (the model has none).
fn today() -> (i32, u32, u32) {
    let now = js_sys::Date::new_0();
    (now.get_full_year() as i32, now.get_month() + 1, now.get_date())
}

/// The card's body: the key dates and both charts, or a hint without a data set.
pub fn timeline_html(s: &Scenario, system: UnitSystem, width: u32, today: (i32, u32, u32)) -> String {
    match timeline(s) {
        None => "<p class=\"hint\">Enter a data set size to plan the nights ahead; the schedule, retention and growth are among the inputs.</p>".to_string(),
        Some(t) => format!(
            "<div data-testid=\"timeline-facts\">{}</div><div class=\"chart-grid\">{}{}</div>",
            facts_html(&t.key_dates(s, system, Some(today)), "facts timeline-facts"),
            figure_html("nights", &night_chart(s, &t, width, Some(today))),
            figure_html("held", &held_chart(s, &t, system, width, Some(today))),
        ),
    }
}

/// The timeline card.
#[component]
pub fn Timeline() -> impl IntoView {
    let planner = use_planner();
    // It follows the settled scenario: a few years of nights take longer than a keystroke should.
    let (scenario, units, width) = (planner.settled, planner.units, planner.chart_width);
    let today = today();
    crate::dom::on_change(
        move || scenario.with(|s| timeline_html(s, units.get(), width.get(), today)),
        |html| crate::dom::set_html("timeline-body", html),
    );
    view! {
        <section class="card timeline" data-testid="timeline" aria-labelledby="timeline-title"
            inner_html="<h2 id=\"timeline-title\">Capacity over time</h2><div id=\"timeline-body\"></div>"></section>
    }
}
