//! What only the printed report shows: a heading with the scenario's name and the date, the inputs as a
//! list and the share link. They are taken when the browser is about to print (`beforeprint`), not on
//! every keystroke: nothing on screen shows them.

use crate::browser;
use crate::export::inputs_summary;
use crate::state::use_planner;
use leptos::prelude::*;

/// What the printed report shows: its title, every input as (group, label, value with unit), the link.
#[derive(Clone, Default)]
struct Printed {
    title: String,
    inputs: Vec<(&'static str, String, String)>,
    link: String,
}

/// Print-only section (hidden on screen by the stylesheet).
#[component]
pub fn PrintReport() -> impl IntoView {
    let planner = use_planner();
    let printed = RwSignal::new(Printed::default());
    let _ = window_event_listener(leptos::ev::beforeprint, move |_| {
        // The scenario's name as typed beside Save.
        let name = planner.name.get_untracked();
        let name = if name.trim().is_empty() { "Unnamed scenario".to_string() } else { name.trim().to_string() };
        let now = js_sys::Date::new_0();
        let date = format!("{}-{:02}-{:02}", now.get_full_year(), now.get_month() + 1, now.get_date());
        printed.set(Printed {
            title: format!("{name} — printed {date}"),
            // With jobs the labels say which inputs are defaults of the job rows and which are not used.
            inputs: planner.scenario.with_untracked(inputs_summary),
            link: planner.link.with_untracked(|link| browser::share_url(link)),
        });
    });
    view! {
        <p class="print-only print-title" id="print-title" data-testid="print-title">{move || printed.with(|p| p.title.clone())}</p>
        <section class="card print-only" aria-label="Inputs and share link">
            <h2>"Inputs"</h2>
            // Two columns of label and value on paper: the inputs take half the height of a table.
            <dl class="print-inputs">
                {move || {
                    printed
                        .with(|p| p.inputs.clone())
                        .into_iter()
                        .map(|(group, label, value)| {
                            view! {
                                <div>
                                    <dt>{label}<span class="muted">{format!(" · {group}")}</span></dt>
                                    <dd>{value}</dd>
                                </div>
                            }
                        })
                        .collect_view()
                }}
            </dl>
            <h2>"Share link"</h2>
            <p class="share-link" id="print-link">{move || printed.with(|p| p.link.clone())}</p>
        </section>
    }
}
