//! Capacity over time: the timeline's key dates (with calendar dates) and its two charts. The card's
//! parts stay in the page and are filled in place, so an unfolded data table stays open and the focus
//! stays where it is while the scenario changes.

use super::facts::Facts;
use super::figure::Figure;
use crate::charts::{held_chart, night_chart};
use crate::state::use_planner;
use capacity_model::timeline::timeline;
use leptos::prelude::*;

/// Today as (year, month, day) from the browser's clock, for calendar dates (the model has none).
fn today() -> (i32, u32, u32) {
    let now = js_sys::Date::new_0();
    (now.get_full_year() as i32, now.get_month() + 1, now.get_date())
}

/// The timeline card.
#[component]
pub fn Timeline() -> impl IntoView {
    let planner = use_planner();
    // It follows the settled scenario: a few years of nights take longer than a keystroke should.
    let (scenario, units, width) = (planner.settled, planner.units, planner.chart_width);
    let today = today();
    // The key dates and both charts' text; `None` without a data set.
    let parts = Memo::new(move |_| {
        let (system, width) = (units.get(), width.get());
        scenario.with(|s| {
            timeline(s).map(|t| {
                (
                    t.key_dates(s, system, Some(today)),
                    night_chart(s, &t, width, Some(today)),
                    held_chart(s, &t, system, width, Some(today)),
                )
            })
        })
    });
    // Each chart a memo of its own, so a figure is written to only when its chart changed.
    let nights = Memo::new(move |_| parts.with(|p| p.as_ref().map(|p| p.1.clone()).unwrap_or_default()));
    let held = Memo::new(move |_| parts.with(|p| p.as_ref().map(|p| p.2.clone()).unwrap_or_default()));
    let none = move || parts.with(Option::is_none);
    let facts = Signal::derive(move || parts.with(|p| p.as_ref().map(|p| p.0.clone()).unwrap_or_default()));
    view! {
        <section class="card timeline" data-testid="timeline" aria-labelledby="timeline-title">
            <h2 id="timeline-title">"Capacity over time"</h2>
            <super::results::RowsLeftOut test_id="timeline-left-out"/>
            <p class="hint" id="timeline-hint" hidden=move || !none()>
                "Enter a data set size to plan the nights ahead; the schedule, retention and growth are among the inputs."
            </p>
            <div id="timeline-facts" data-testid="timeline-facts" hidden=none>
                <Facts rows=facts class="facts timeline-facts"/>
            </div>
            <div class="chart-grid" id="timeline-charts" hidden=none>
                <Figure id="nights" chart=nights/>
                <Figure id="held" chart=held/>
            </div>
            <p class="hint" hidden=move || none() || !scenario.with(capacity_model::Scenario::on_cartridges)>
                "Cartridges here are the copies held, packed end to end on each drive (every drive writes its \
                 share of a night onto cartridges of its own, as the results card counts tonight's): a floor, \
                 since a cartridge is free only once all it holds has expired, so keep some library slots spare."
            </p>
        </section>
    }
}
