//! What only the printed report shows: a heading with the scenario's name and the date, the inputs as a
//! list and the share link. They are taken when the browser is about to print (`beforeprint`), not on
//! every keystroke: nothing on screen shows them.

use crate::browser;
use crate::export::inputs_summary;
use crate::state::use_planner;
use capacity_model::codec::encode_shared;
use leptos::prelude::*;

/// What the printed report shows: its title, every input as (group, label, value with unit), the job
/// list (its columns' headings and each job's cells; none without jobs), the link.
#[derive(Clone, Default)]
struct Printed {
    title: String,
    inputs: Vec<(&'static str, String, String)>,
    jobs: (Vec<&'static str>, Vec<Vec<String>>),
    link: String,
}

/// The job list as the printed report shows it: the headings of the columns any job uses, and each
/// job's cells (an empty cell takes the form's value, which the inputs list gives).
fn printed_jobs(jobs: &[capacity_model::fleet::Job]) -> (Vec<&'static str>, Vec<Vec<String>>) {
    use capacity_model::fleet::{jobs::HEADINGS, COLUMNS};
    let (columns, rows) = capacity_model::fleet::jobs_cells(jobs);
    let headings = columns.iter().filter_map(|c| COLUMNS.iter().position(|k| k == c).map(|i| HEADINGS[i])).collect();
    (headings, rows)
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
            jobs: planner.scenario.with_untracked(|s| printed_jobs(&s.jobs)),
            // The link to send, without the values this scenario does not use (as Copy link gives it).
            link: planner.scenario.with_untracked(|s| {
                planner.kept_job_rows.with_untracked(|rows| browser::share_url(&encode_shared(s, rows.as_deref())))
            }),
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
            <Show when=move || printed.with(|p| !p.jobs.1.is_empty())>
                <h2>"Jobs"</h2>
                <p class="muted">"An empty cell takes the form's value above."</p>
                <table class="fleet-jobs print-jobs" data-testid="print-jobs">
                    <thead>
                        <tr>
                            {move || {
                                printed
                                    .with(|p| p.jobs.0.clone())
                                    .into_iter()
                                    .map(|heading| view! { <th scope="col">{heading}</th> })
                                    .collect_view()
                            }}
                        </tr>
                    </thead>
                    <tbody>
                        {move || {
                            printed
                                .with(|p| p.jobs.1.clone())
                                .into_iter()
                                .map(|cells| {
                                    view! { <tr>{cells.into_iter().map(|cell| view! { <td>{cell}</td> }).collect_view()}</tr> }
                                })
                                .collect_view()
                        }}
                    </tbody>
                </table>
            </Show>
            <h2>"Share link"</h2>
            <p class="share-link" id="print-link">{move || printed.with(|p| p.link.clone())}</p>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::printed_jobs;

    #[test]
    fn the_printed_job_list_has_the_columns_any_job_uses() {
        let (jobs, errors) =
            capacity_model::fleet::parse_jobs("name,data,client_nic,streams\nerp-db,9TB,10GbE,8\narchive,6TB,,");
        assert!(errors.is_empty(), "{errors:?}");
        let (headings, rows) = printed_jobs(&jobs);
        assert_eq!(headings, ["Name", "Data", "Client link", "Streams"]);
        assert_eq!(rows, [["erp-db", "9TB", "10GbE", "8"], ["archive", "6TB", "", ""]]);
    }
}
