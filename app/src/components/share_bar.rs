//! The toolbar: copy link, undo and redo, save, JSON import and export, CSV, print; the notice past the
//! length some tools cut links at; and the notice that names what was wrong with a link or an imported
//! file.

use crate::browser;
use crate::export::sweep_csv;
use crate::saved_store;
use crate::state::use_planner;
use capacity_model::codec::{encode_shared, left_out_of_sent, LONG_LINK_CHARS};
use capacity_model::scenario_file::{from_json, to_json};
use capacity_model::units::format_count;
use leptos::prelude::*;
use leptos::task::spawn_local;

/// Most problems listed at once; a link can hold thousands of bad keys.
const MAX_NOTICES: usize = 12;

/// The toolbar card and the notices under it.
#[component]
pub fn ShareBar() -> impl IntoView {
    let planner = use_planner();
    let status = planner.status;
    // A status line clears itself after a few seconds; a newer one keeps its own time. Set here or by
    // the title bar's preset menu, whose loads it reports too.
    let clear = StoredValue::new_local(None::<gloo_timers::callback::Timeout>);
    Effect::new(move |_| {
        if !status.with(String::is_empty) {
            clear.set_value(Some(gloo_timers::callback::Timeout::new(4_000, move || status.set(String::new()))));
        }
    });
    let say = move |text: String| status.set(text);
    // Past the length some mail and chat tools cut, the link says so and points to the scenario file.
    let base = browser::page_url().chars().count() + 1;
    // Worked out once the first result is painted (the link is encoded only then).
    let long_link = move || {
        if !planner.ready.get() {
            return None;
        }
        let chars = base + planner.link.with(String::len);
        (chars > LONG_LINK_CHARS).then(|| {
            format!(
                "This link is {} characters long: some mail and chat tools cut links past {}. \
                 Export JSON saves the same scenario, job list included, as a scenario file to send instead.",
                format_count(chars as f64),
                format_count(LONG_LINK_CHARS as f64)
            )
        })
    };
    // Where the browser will not copy, the link is shown to copy by hand.
    let manual_link = RwSignal::new(None::<String>);
    let copy_link = move |_| {
        // The link sent leaves out the values this scenario does not use (the address bar keeps them for
        // this page), and says which.
        let (url, left_out) = planner.scenario.with_untracked(|s| {
            let link = planner.kept_job_rows.with_untracked(|rows| encode_shared(s, rows.as_deref()));
            (browser::share_url(&link), left_out_note(s))
        });
        // While a field holds a value that cannot be used, the link is the last valid scenario's: say so,
        // naming the field, as Save and Export do.
        let stale = kept_values_note(planner);
        // Job rows that cannot be read are not in the scenario, but the link carries them as typed:
        // say so, since whoever opens it gets rows to fix.
        let unread = planner.kept_job_rows.with_untracked(Option::is_some);
        spawn_local(async move {
            match browser::copy_text(&url).await {
                Ok(()) => {
                    manual_link.set(None);
                    let mut text = if stale.is_empty() {
                        "Link copied to the clipboard.".to_string()
                    } else {
                        format!("Link copied.{stale}")
                    };
                    text.push_str(&left_out);
                    if unread {
                        text.push_str(
                            " It holds the job rows that cannot be read as they are written, to fix in the job table; their jobs are not in the results until then.",
                        );
                    }
                    say(text);
                }
                Err(_) => manual_link.set(Some(url)),
            }
        });
    };
    // A saved scenario and a scenario file hold the jobs that read (a file with a bad row would not
    // load): say what they leave out, and what keeps it.
    // A field that holds a value that cannot be used is not in the scenario either: its last valid value
    // is saved (a trial saved "lots" clients and the file held 1, without a word).
    let unread_note = move || {
        let mut note = kept_values_note(planner);
        if planner.kept_job_rows.with_untracked(Option::is_some) {
            note.push_str(" It leaves out the job rows that cannot be read: fix them in the job table first (Copy link and the job table's Export CSV keep them as typed).");
        }
        note
    };
    let save = move || {
        let name = planner.name.get_untracked();
        let checked = match saved_store::check_name(&name) {
            Ok(name) => name,
            Err(e) => return say(e),
        };
        if saved_store::exists(&checked) {
            let asked = web_sys::window().and_then(|w| {
                w.confirm_with_message(&format!("A scenario named \"{checked}\" is saved already. Replace it?")).ok()
            });
            if asked != Some(true) {
                return say(format!("Not saved: \"{checked}\" is kept as it was."));
            }
        }
        match saved_store::save(&checked, &planner.scenario.get_untracked()) {
            Ok((saved, replaced)) => {
                planner.saved.update(|n| *n += 1);
                // The name stays: it is the scenario's name for Export JSON and the printed report.
                say(if replaced {
                    format!("Replaced the saved \"{saved}\".{}", unread_note())
                } else {
                    format!("Saved as \"{saved}\".{}", unread_note())
                });
            }
            Err(e) => say(e),
        }
    };
    let export_json = move |_| {
        let title = planner.name.get_untracked();
        let title = if title.trim().is_empty() { "scenario".to_string() } else { title.trim().to_string() };
        browser::download(
            &format!("{}.json", file_stem(&title)),
            "application/json",
            &to_json(&title, &planner.scenario.get_untracked()),
        );
        let note = unread_note();
        if !note.is_empty() {
            say(format!("Exported \"{title}\".{note}"));
        }
    };
    let export_csv = move |_| {
        // The parameter the chart plots (the chosen one, or the target's first when it offers no such).
        let key = planner.active_sweep_key.get_untracked();
        // The sweep the chart shows: with a job list, the long pole's alone (its name in the file's name).
        let focus = planner.focus.get_untracked();
        let csv = sweep_csv(&focus.scenario, key, planner.units.get_untracked());
        let name = match focus.long_pole {
            Some(pole) => format!("sweep-{key}-{}.csv", file_safe(&pole.name)),
            None => format!("sweep-{key}.csv"),
        };
        browser::download(&name, "text/csv", &csv);
    };
    let import = move |ev: leptos::ev::Event| {
        let input: web_sys::HtmlInputElement = event_target(&ev);
        let Some(file) = input.files().and_then(|files| files.get(0)) else { return };
        input.set_value("");
        let file_name = file.name();
        spawn_local(async move {
            let read = browser::read_text(file).await.map_err(|e| vec![e]).and_then(|text| {
                from_json(&text).map_err(|errors| errors.iter().map(crate::summary::notice).collect())
            });
            match read {
                Ok(read) => {
                    let replaced = replaced_rows(planner, &read.scenario);
                    planner.load(read.scenario);
                    // A link that disagrees with the inputs loaded is said, not dropped unseen.
                    planner.notices.set(read.notes);
                    // A file that names no scenario takes its own file's name, as docs/calculator.md says (a
                    // trial's kept the name before it, and Save offered to replace that scenario).
                    let text = if read.name.is_empty() {
                        let name = name_from_file(&file_name);
                        planner.name.set(name.clone());
                        format!(
                            "Imported \"{file_name}\": it names no scenario, so it takes its file's name, \"{name}\"."
                        )
                    } else {
                        planner.name.set(read.name.clone());
                        format!("Imported \"{}\".", read.name)
                    };
                    say(format!("{text}{replaced}"));
                }
                Err(errors) => {
                    // The status line must not still name an earlier import as the last one.
                    status.set(String::new());
                    let mut lines = vec![format!("{file_name} was not imported; nothing changed:")];
                    lines.extend(errors);
                    planner.notices.set(lines);
                }
            }
        });
    };
    let notices = move || planner.notices.get();
    let steps = planner.steps;
    view! {
        <div class="card toolbar no-print">
            <div class="toolbar-row">
                <button type="button" class="primary" id="copy-link" on:click=copy_link>"Copy link"</button>
                <span class="sep"></span>
                <button type="button" id="undo" disabled=move || steps.get().0 == 0 aria-keyshortcuts="Control+Z"
                    title="Undo the last change (Ctrl+Z)" on:click=move |_| planner.undo(false)>"Undo"</button>
                <button type="button" id="redo" disabled=move || steps.get().1 == 0 aria-keyshortcuts="Control+Shift+Z"
                    title="Redo (Ctrl+Shift+Z)" on:click=move |_| planner.undo(true)>"Redo"</button>
                <span class="sep"></span>
                <input type="text" id="save-name" placeholder="Name this scenario" aria-label="Scenario name"
                    maxlength=saved_store_max() prop:value=move || planner.name.get()
                    on:input=move |ev| planner.name.set(event_target_value(&ev))
                    on:keydown=move |ev: leptos::ev::KeyboardEvent| if ev.key() == "Enter" { save() }/>
                <button type="button" id="save" on:click=move |_| save()>"Save"</button>
                <span class="sep"></span>
                <button type="button" id="export-json" on:click=export_json>"Export JSON"</button>
                <label class="button" for="import-json">"Import JSON"</label>
                <input type="file" id="import-json" accept=".json,application/json" class="visually-hidden" on:change=import
                    on:keydown=crate::dom::choose_on_enter/>
                <button type="button" id="export-csv" on:click=export_csv>"Sweep CSV"</button>
                <button type="button" id="print" on:click=|_| browser::print()>"Print report"</button>
            </div>
            {move || long_link().map(|text| view! { <p class="long-link" data-testid="long-link">{text}</p> })}
            <p class="status" role="status" id="status" data-testid="status">{move || status.get()}</p>
            {move || {
                manual_link
                    .get()
                    .map(|url| {
                        view! {
                            <p class="manual-link">
                                "The browser would not copy; select and copy this link: "
                                <input type="text" readonly prop:value=url/>
                            </p>
                        }
                    })
            }}
        </div>
        <Show when=move || !planner.notices.with(Vec::is_empty)>
            <div class="card notice" role="alert" data-testid="notice">
                <div>
                    <strong>"Some of this link or file could not be used"</strong>
                    <ul>
                        {move || {
                            let all = notices();
                            let more = all.len().saturating_sub(MAX_NOTICES);
                            view! {
                                {all.into_iter().take(MAX_NOTICES).map(|notice| view! { <li>{notice}</li> }).collect_view()}
                                {(more > 0).then(|| view! { <li>{format!("… and {} more", format_count(more as f64))}</li> })}
                            }
                        }}
                    </ul>
                </div>
                <button type="button" class="dismiss" aria-label="Dismiss" on:click=move |_| planner.notices.set(Vec::new())>
                    "×"
                </button>
            </div>
        </Show>
    }
}

/// " It replaced the 71 job rows the list held: Undo brings them back." when the file's job list is
/// not the one on screen (a file without one empties the table: a trial's 71 rows went unsaid).
fn replaced_rows(planner: crate::state::Planner, file: &capacity_model::Scenario) -> String {
    match rows_replaced(planner, file) {
        0 => String::new(),
        1 => " It replaced the job row the list held: Undo brings it back.".to_string(),
        n => format!(" It replaced the {} job rows the list held: Undo brings them back.", format_count(n as f64)),
    }
}

/// The job rows on screen that loading `file` replaces: every row of the table (those that cannot be
/// read too), or none where `file` holds the same list.
pub fn rows_replaced(planner: crate::state::Planner, file: &capacity_model::Scenario) -> usize {
    match planner.kept_job_rows.get_untracked() {
        Some(rows) => crate::jobs_table::Draft::from_text(&rows).end(),
        None => planner.scenario.with_untracked(|s| if s.jobs == file.jobs { 0 } else { s.jobs.len() }),
    }
}

/// A scenario's name from its file's: the name without `.json`, cut to the names Save takes.
fn name_from_file(file_name: &str) -> String {
    let stem = file_name.strip_suffix(".json").or_else(|| file_name.strip_suffix(".JSON")).unwrap_or(file_name);
    let name: String = stem
        .chars()
        .filter(|&c| !capacity_model::scenario_file::is_unsafe_name_char(c))
        .take(saved_store_max())
        .collect();
    match name.trim() {
        "" => "scenario".to_string(),
        name => name.to_string(),
    }
}

/// Longest name the Save box takes, as its `maxlength`.
fn saved_store_max() -> usize {
    capacity_model::scenario_file::MAX_NAME_CHARS
}

/// A file name from a scenario name: what file systems refuse (separators, `:*?"<>|`, spaces and control
/// characters) becomes a dash; letters of any script stay.
fn file_stem(name: &str) -> String {
    let unsafe_char = |c: char| c.is_ascii_whitespace() || c.is_control() || "/\\:*?\"<>|".contains(c);
    let stem: String = name.chars().map(|c| if unsafe_char(c) { '-' } else { c }).collect();
    let stem = stem.trim_matches('-').to_string();
    if stem.is_empty() {
        "scenario".to_string()
    } else {
        stem
    }
}

/// `name` as a part of a file's name: letters, digits, `-` and `_` kept, anything else `_`, at most 40.
fn file_safe(name: &str) -> String {
    name.chars().take(40).map(|c| if c.is_ascii_alphanumeric() || c == '-' || c == '_' { c } else { '_' }).collect()
}

/// " It holds the last valid scenario: Clients holds a value that cannot be used, and its last valid
/// value is kept." while fields hold values that cannot be used (each named by its label); empty
/// otherwise. What Copy link, Save and Export say of what they hold.
fn kept_values_note(planner: crate::state::Planner) -> String {
    planner.invalid.with_untracked(|keys| {
        let labels: Vec<&str> =
            keys.iter().filter_map(|key| capacity_model::fields::field_by_key(key)).map(|field| field.label).collect();
        match labels.as_slice() {
            [] => String::new(),
            [one] => format!(
                " It holds the last valid scenario: {one} holds a value that cannot be used, and its last valid value is kept."
            ),
            many => format!(
                " It holds the last valid scenario: {} hold values that cannot be used, and their last valid values are kept.",
                many.join(", ")
            ),
        }
    })
}

/// What a sent link leaves out, as a sentence after "Link copied": " It leaves out NFS nodes and RAID
/// level, which this scenario does not use; this page keeps them." Empty when it leaves out nothing.
fn left_out_note(scenario: &capacity_model::Scenario) -> String {
    let labels: Vec<&str> = left_out_of_sent(scenario).iter().map(|f| f.label).collect();
    let them = if labels.len() == 1 { "it" } else { "them" };
    match labels.split_last() {
        None => String::new(),
        Some((last, [])) => format!(" It leaves out {last}, which this scenario does not use; this page keeps {them}."),
        Some((last, rest)) => format!(
            " It leaves out {} and {last}, which this scenario does not use; this page keeps {them}.",
            rest.join(", ")
        ),
    }
}
