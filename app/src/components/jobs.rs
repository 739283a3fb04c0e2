//! The job list: an editable table of the fleet's clients (add, remove, paste from a spreadsheet,
//! import and export CSV). The cells as typed live in a [`Draft`]; the rows the model reads become the
//! scenario's jobs, and bad cells keep their text and show the model's message.
//!
//! The card is HTML text ([`crate::jobs_table::card_html`], [`Draft::page_html`]) with one listener
//! per event type on the card (event delegation): hundreds of inputs cost no reactive code each, and
//! typing in a cell never redraws the table (only that row's marks change).

use crate::browser;
use crate::dom::{action, set_flag, set_html, set_text, target};
use crate::jobs_table::{card_html, Draft, COLS, PAGE_ROWS};
use crate::state::use_planner;
use capacity_model::fields::field_by_key;
use leptos::prelude::*;
use leptos::task::spawn_local;
use std::time::Duration;
use wasm_bindgen::JsCast;

/// Most problems listed under the table; the count of the rest follows.
const MAX_PROBLEMS: usize = 12;

/// The table row (`data-r`) and column (`data-c`) of a cell's input or a row's button.
fn cell_of(element: &web_sys::Element) -> Option<(usize, usize)> {
    let row = element.closest("tr[data-r]").ok()??.get_attribute("data-r")?.parse().ok()?;
    let column = element.get_attribute("data-c").and_then(|c| c.parse().ok()).unwrap_or(0);
    Some((row, column))
}

/// Marks the cells of one drawn row as the model read it (the row being typed in is not redrawn, so
/// its input keeps the focus).
fn mark_row(tr: &web_sys::Element, problems: &[(usize, String)]) {
    for c in 0..COLS {
        let Ok(Some(cell)) = tr.query_selector(&format!("input[data-c=\"{c}\"]")) else { continue };
        let problem = problems.iter().find(|p| p.0 == c);
        if let Some(td) = cell.parent_element() {
            td.set_class_name(if problem.is_some() { "bad" } else { "" });
        }
        match problem {
            Some((_, message)) => {
                let _ = cell.set_attribute("aria-invalid", "true");
                let _ = cell.set_attribute("title", message);
            }
            None => {
                let _ = cell.remove_attribute("aria-invalid");
                let _ = cell.remove_attribute("title");
            }
        }
    }
}

/// The clipboard's text of a paste event.
fn pasted(ev: &web_sys::Event) -> String {
    ev.dyn_ref::<web_sys::ClipboardEvent>()
        .and_then(|e| e.clipboard_data())
        .and_then(|d| d.get_data("text/plain").ok())
        .unwrap_or_default()
}

/// The job table card (tape targets only: jobs are backup clients of the drives).
#[component]
pub fn Jobs() -> impl IntoView {
    let planner = use_planner();
    let draft = StoredValue::new(planner.scenario.with_untracked(|s| Draft::from_jobs(&s.jobs)));
    // Bumped when rows come or go (the page of rows is drawn again); cell edits leave it alone.
    let rev = RwSignal::new(0u32);
    let page = RwSignal::new(0usize);
    let status = RwSignal::new(String::new());
    let say = move |text: String| {
        status.set(text);
        set_timeout(move || status.set(String::new()), Duration::from_secs(8));
    };
    let redraw = move || rev.update(|n| *n += 1);
    let problems = move || set_html("job-problems", &draft.with_value(|d| d.problems_html(MAX_PROBLEMS)));
    // The good rows become the scenario's jobs (only when they changed), and the problems are listed.
    // Typing in the table's cells (`typed`) is undone a burst at a time, as typing in the form is.
    let publish_as = move |typed: Option<&'static str>| {
        let changed = planner.scenario.with_untracked(|s| draft.with_value(|d| (!d.holds(&s.jobs)).then(|| d.jobs())));
        if let Some(jobs) = changed {
            planner.edit_field(typed, |s| s.jobs = jobs.into());
        }
        problems();
    };
    let publish = move || publish_as(None);
    // A scenario loaded with another job list (a link, a file, a saved scenario) replaces the table; one
    // loaded with the same list (an undone calibration) keeps the rows as typed, bad ones included.
    crate::dom::effect(move || {
        planner.loads.track();
        if !planner.scenario.with_untracked(|s| draft.with_value(|d| d.holds(&s.jobs))) {
            draft.set_value(planner.scenario.with_untracked(|s| Draft::from_jobs(&s.jobs)));
            page.set(0);
            problems();
            redraw();
        }
    });
    // Empty optional cells show the scenario's value, which the job takes. Kept as one text (the four
    // values, tab-separated) so the page of rows is drawn again only when one of them changes, not on
    // every edit of an unrelated input.
    let defaults = crate::dom::memo_text(move || {
        planner.base.with(|s| {
            let value = |key: &str| field_by_key(key).map(|f| f.format((f.get)(s))).unwrap_or_default();
            ["file_size", "client_nic", "client_ports", "streams"].map(value).join("\t")
        })
    });
    let placeholders = move || {
        let mut out: [String; COLS] = [
            "name".to_string(),
            "e.g. 2TB".to_string(),
            "—".to_string(),
            String::new(),
            String::new(),
            String::new(),
            String::new(),
            "none".to_string(),
            "none".to_string(),
        ];
        defaults.with(|d| d.split('\t').zip(&mut out[3..]).for_each(|(v, slot)| *slot = v.to_string()));
        out
    };
    // The page of rows and the pager.
    crate::dom::effect(move || {
        rev.track();
        let p = page.get();
        let rows = draft.with_value(|d| d.rows.len());
        set_html("jobs-body", &draft.with_value(|d| d.page_html(p, &placeholders())));
        let pages = rows.div_ceil(PAGE_ROWS).max(1);
        set_text(
            "jobs-shown",
            &format!("Rows {}–{} of {rows}", (p * PAGE_ROWS + 1).min(rows), ((p + 1) * PAGE_ROWS).min(rows)),
        );
        set_flag("jobs-pager", "hidden", pages < 2);
        set_flag("jobs-prev", "disabled", p == 0);
        set_flag("jobs-next", "disabled", p + 1 >= pages);
        set_flag("jobs-wrap", "hidden", rows == 0);
        set_flag("export-jobs", "disabled", rows == 0);
        set_flag("clear-jobs", "disabled", rows == 0);
    });
    crate::dom::effect(move || set_text("jobs-status", &status.get()));

    // Pasted rows (a spreadsheet's tab-separated rows, or CSV) spread from cell (row, column).
    let paste_at = move |row: usize, column: usize, text: &str| {
        let (written, notes) = draft.try_update_value(|d| d.paste(row, column, text)).unwrap_or_default();
        page.set(row / PAGE_ROWS);
        redraw();
        publish();
        let mut message = format!("Pasted {written} row{}.", if written == 1 { "" } else { "s" });
        for note in notes {
            message.push(' ');
            message.push_str(&note);
        }
        say(message);
    };
    let on_input = move |ev: &web_sys::Event| {
        let Some(input) = target(ev).and_then(|e| e.dyn_into::<web_sys::HtmlInputElement>().ok()) else { return };
        let Some((row, column)) = cell_of(&input) else { return };
        draft.update_value(|d| d.set(row, column, &input.value()));
        if let Some(tr) = input.closest("tr").ok().flatten() {
            draft.with_value(|d| d.rows.get(row).map(|r| mark_row(&tr, &r.problems)));
        }
        publish_as(Some("jobs"));
    };
    let on_paste = move |ev: &web_sys::Event| {
        let Some(element) = target(ev) else { return };
        let text = pasted(ev);
        if element.id() == "paste-jobs" {
            // The paste box adds the rows below the last row filled in.
            ev.prevent_default();
            paste_at(draft.with_value(Draft::end), 0, &text);
        } else if let Some((row, column)) = cell_of(&element) {
            // Several cells spread across the table; one value pastes into its cell as usual.
            if text.trim_end_matches(['\r', '\n']).contains(['\t', '\n', '\r']) {
                ev.prevent_default();
                paste_at(row, column, &text);
            }
        }
    };
    let on_change = move |ev: &web_sys::Event| {
        let Some(element) = target(ev) else { return };
        if let Some(area) = element.dyn_ref::<web_sys::HtmlTextAreaElement>() {
            // Text typed or dropped into the paste box.
            let text = area.value();
            area.set_value("");
            if !text.trim().is_empty() {
                paste_at(draft.with_value(Draft::end), 0, &text);
            }
            return;
        }
        let Some(input) = element.dyn_ref::<web_sys::HtmlInputElement>().filter(|i| i.id() == "import-jobs") else {
            return;
        };
        let Some(file) = input.files().and_then(|files| files.get(0)) else { return };
        input.set_value("");
        spawn_local(async move {
            let name = file.name();
            let text = match browser::read_text(file).await {
                Ok(text) => text,
                Err(e) => return say(format!("{e}; the job list is unchanged.")),
            };
            if let Some(problem) = Draft::header_problem(&text) {
                return say(format!("{name} was not imported; the job list is unchanged: {problem}."));
            }
            let mut fresh = Draft::default();
            let (written, notes) = fresh.paste(0, 0, &text);
            // A file with no row the model can read (empty, a header only, another format) changes nothing.
            if fresh.jobs().is_empty() {
                let why = fresh
                    .problems_text()
                    .into_iter()
                    .next()
                    .map(|p| format!(" The first problem: {p}"))
                    .unwrap_or_default();
                return say(format!(
                    "{name} was not imported; the job list is unchanged: it holds no job row that could be read \
                     (a CSV file with a header naming at least name and data, and a row per job).{why}"
                ));
            }
            let bad = fresh.bad_rows();
            draft.set_value(fresh);
            page.set(0);
            redraw();
            let mut message = format!("Imported {written} rows from {name}.");
            if bad > 0 {
                message.push_str(&format!(" {bad} need fixing: see the list under the table."));
            }
            for note in notes {
                message.push(' ');
                message.push_str(&note);
            }
            say(message);
            // The schedule and charts follow in a task of their own, so the table shows first and
            // neither task holds the page for long.
            set_timeout(publish, Duration::ZERO);
        });
    };
    let on_click = move |ev: &web_sys::Event| {
        let Some((act, element)) = action(ev) else { return };
        let rows = draft.with_value(|d| d.rows.len());
        match act.as_str() {
            "add" => {
                let row = draft.try_update_value(Draft::add_row).unwrap_or(0);
                page.set(row / PAGE_ROWS);
                redraw();
                // The new row's name cell takes the focus once the row is drawn.
                set_timeout(
                    move || {
                        let cell = crate::dom::by_id("jobs-body")
                            .and_then(|b| b.query_selector(&format!("tr[data-r=\"{row}\"] input")).ok().flatten());
                        if let Some(cell) = cell.and_then(|c| c.dyn_into::<web_sys::HtmlElement>().ok()) {
                            let _ = cell.focus();
                        }
                    },
                    Duration::ZERO,
                );
            }
            "rm" => {
                if let Some((row, _)) = cell_of(&element) {
                    draft.update_value(|d| d.remove_row(row));
                    page.update(|p| *p = (*p).min(rows.saturating_sub(2) / PAGE_ROWS));
                    redraw();
                    publish();
                }
            }
            "prev" => page.update(|p| *p = p.saturating_sub(1)),
            "next" => page.update(|p| *p = (*p + 1).min(rows.saturating_sub(1) / PAGE_ROWS)),
            "export" => browser::download("jobs.csv", "text/csv", &draft.with_value(Draft::csv)),
            "clear" => {
                let sure = web_sys::window()
                    .and_then(|w| w.confirm_with_message("Remove every row of the job list?").ok())
                    .unwrap_or(false);
                if sure {
                    draft.set_value(Draft::default());
                    page.set(0);
                    redraw();
                    publish();
                }
            }
            _ => {}
        }
    };
    crate::dom::on_change(
        // Jobs back up to tape, or to a repository and (copy_to_tape) on to the drives.
        move || planner.base.with(|s| s.target != capacity_model::Target::Nfs),
        |scheduled| set_flag("jobs-card", "hidden", !scheduled),
    );
    crate::dom::on_in("click", ".jobs", on_click);
    crate::dom::on_in("input", ".jobs", on_input);
    crate::dom::on_in("paste", ".jobs", on_paste);
    crate::dom::on_in("change", ".jobs", on_change);
    view! { <div class="card jobs no-print" id="jobs-card" data-testid="jobs" inner_html=card_html()></div> }
}
