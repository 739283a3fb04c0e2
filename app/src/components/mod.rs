//! The page, by panel.

mod calibrate;
mod charts_panel;
mod compare;
mod facts;
mod field;
mod figure;
mod header;
mod inputs;
mod job_row;
mod jobs;
mod print_report;
mod restore_plan;
mod results;
mod saved;
mod schedule;
mod share_bar;
mod stage_table;
mod strip;
mod timeline;
mod what_to_add;

use crate::browser;
use crate::state::Planner;
use capacity_model::codec::{decode, encode_keeping};
use leptos::prelude::*;

/// How long after the address bar was written a reload may still be loading the address it held before,
/// ms: a reload asked for just before the write (the old page runs until the server answers; 5 s covers a
/// slow mobile link).
const RELOAD_IN_FLIGHT_MS: f64 = 5_000.0;

/// The whole calculator. The scenario starts from the URL fragment and is written back to it once edits
/// pause (replacing, not adding, a history entry); editing the fragment or going back and forward loads
/// that link.
#[component]
pub fn App() -> impl IntoView {
    // The page's shell (index.html, filled by the first-result module) goes in the task that mounts the
    // calculator, so no frame shows both.
    crate::first_paint::remove();
    let opened_link = browser::kept_link().unwrap_or_else(browser::fragment);
    let opened = decode(&opened_link);
    // A link with values the page cannot use stays in the address bar as it was opened until the scenario
    // changes: written back at once it would lose them (the notices say what was taken instead).
    let hold_opened = StoredValue::new(!opened.issues.is_empty());
    let notices = crate::summary::link_notices(&opened_link, &opened);
    let planner = Planner::new(opened.scenario);
    planner.keep_opened_rows(opened.unread_jobs);
    planner.notices.set(notices);
    provide_context(planner);
    // The first result is painted before the rest is built: a frame's callback runs before that frame is
    // painted, and a task queued from it after.
    request_animation_frame(move || set_timeout(move || planner.ready.set(true), std::time::Duration::ZERO));
    let ready = move || planner.ready.get();

    // Chromium's replaceState blocks for 1 to 9 ms and keeps its browser process busy after that (on two
    // cores the next keystroke's update took half as long again): the address bar follows the settled
    // scenario. A reload before it does would take the older link, so the newer one is kept for it.
    // The fragment this page last wrote or read: one the address bar holds beyond it is a link the
    // user opened whose `hashchange` has not run yet, which a reload must open as it is.
    let known = StoredValue::new_local(browser::fragment());
    // Encoded only for such a link: the first frame does without it otherwise.
    let opened_link =
        StoredValue::new(if hold_opened.get_value() { planner.link.get_untracked() } else { String::new() });
    let holding = move || {
        let hold = hold_opened.get_value() && opened_link.with_value(|o| planner.link.with_untracked(|l| l == o));
        hold_opened.set_value(hold);
        hold
    };
    // The fragment the last write replaced, and when (ms): a reload asked for just before a write still
    // loads the replaced one.
    let replaced = StoredValue::new_local(None::<(String, f64)>);
    let write_link = move || {
        let before = browser::fragment();
        // A link the user opened whose `hashchange` has not run yet is theirs: the page loads it next, and
        // writing over it would lose it (a busy machine's first write, once the first result was painted,
        // came after a typed link and put the link the page opened with back).
        if known.with_value(|k| *k != before) {
            return;
        }
        planner.link.with_untracked(|link| browser::replace_fragment(link));
        let after = browser::fragment();
        if after != before {
            replaced.set_value(Some((before, js_sys::Date::now())));
        }
        known.set_value(after);
    };
    // Not before the first result is painted: the address bar already holds the link the page opened
    // with, and encoding it (every field written and read back) is work the first frame can do without.
    Effect::new(move || {
        planner.settled.track();
        // Rows that cannot be read change the link without changing the scenario (typing in a bad cell).
        planner.kept_job_rows.track();
        if planner.ready.get() && !holding() {
            write_link();
        }
    });
    let _ = window_event_listener(leptos::ev::pagehide, move |_| {
        if known.with_value(|k| *k == browser::fragment()) && !holding() {
            let recent = replaced.with_value(|r| {
                r.as_ref().filter(|(_, at)| js_sys::Date::now() - at < RELOAD_IN_FLIGHT_MS).map(|(f, _)| f.clone())
            });
            planner.link.with_untracked(|link| browser::keep_for_reload(link, recent.as_deref()));
            write_link();
        }
    });
    let fit_charts = move || {
        let width = crate::charts::phone_width(browser::viewport_width());
        if planner.chart_width.get_untracked() != width {
            planner.chart_width.set(width);
        }
    };
    fit_charts();
    let _ = window_event_listener(leptos::ev::resize, move |_| fit_charts());
    // Ctrl+Z and Ctrl+Shift+Z (or Ctrl+Y) undo and redo changes, except in a text field, where they undo
    // typing as usual.
    let _ = window_event_listener(leptos::ev::keydown, move |ev| {
        let key = ev.key().to_ascii_lowercase();
        if !(ev.ctrl_key() || ev.meta_key()) || !(key == "z" || key == "y") {
            return;
        }
        let typing = crate::dom::target(&ev).is_some_and(|e| matches!(e.tag_name().as_str(), "INPUT" | "TEXTAREA"));
        if !typing {
            ev.prevent_default();
            planner.undo(ev.shift_key() || key == "y");
        }
    });
    // Edits the address bar had not followed yet when Back, Forward or a typed link took the page to another
    // of its links (a fragment change: no page is left, so nothing is kept for a reload), by the link they
    // were made on: coming back to it brings them back.
    let unwritten = StoredValue::new_local(Vec::<(String, String)>::new());
    let _ = window_event_listener(leptos::ev::hashchange, move |_| {
        let (left, here) = (known.get_value(), browser::fragment());
        let edited = planner.link.get_untracked();
        if edited != left && !holding() {
            unwritten.update_value(|u| {
                u.retain(|(f, _)| *f != left);
                u.push((left, edited));
            });
        }
        known.set_value(here.clone());
        let back_to = unwritten.with_value(|u| u.iter().find(|(f, _)| *f == here).map(|(_, l)| l.clone()));
        if back_to.is_some() {
            unwritten.update_value(|u| u.retain(|(f, _)| *f != here));
        }
        let text = back_to.unwrap_or(here);
        let link = decode(&text);
        let notices = crate::summary::link_notices(&text, &link);
        if planner.link.with_untracked(|now| encode_keeping(&link.scenario, link.unread_jobs.as_deref()) != *now) {
            planner.keep_opened_rows(link.unread_jobs);
            planner.load(link.scenario);
        }
        planner.notices.set(notices);
    });

    view! {
        <header::Header/>
        <strip::Strip/>
        <main class="layout">
            <section class="inputs" id="inputs" tabindex="-1" aria-label="Inputs">
                // The form's hundred fields follow the first result, in the next frame.
                <Show when=ready>
                    <inputs::Inputs/>
                </Show>
            </section>
            <section class="outputs" id="results" tabindex="-1" aria-label="Results">
                <share_bar::ShareBar/>
                // The result before the saved list: at 390 px the list (empty on a first visit) had pushed
                // the results card below the first screen (a fresh-clone trial, stop 65).
                <results::Results/>
                <saved::SavedScenarios/>
                <Show when=ready>
                    <what_to_add::WhatToAdd/>
                    <jobs::Jobs/>
                    <schedule::Schedule/>
                    <restore_plan::RestorePlan/>
                    <stage_table::StageTable chain=crate::tables::Chain::Backup/>
                    <stage_table::StageTable chain=crate::tables::Chain::Restore/>
                    <calibrate::Calibrate/>
                    <compare::Compare/>
                    <charts_panel::Charts/>
                    <timeline::Timeline/>
                    <print_report::PrintReport/>
                </Show>
            </section>
        </main>
        <footer class="footer">
            <Show when=move || planner.units.get() == capacity_model::units::UnitSystem::Decimal
                fallback=|| view! {
                    "Binary units: MiB = 2"<sup>"20"</sup>" bytes, TiB = 2"<sup>"40"</sup>" bytes (what backup tools and operating systems print). "
                }>
                "Decimal units: MB = 10"<sup>"6"</sup>" bytes, TB = 10"<sup>"12"</sup>" bytes (tape and network vendors' units). "
            </Show>
            "Model figures are calibrated to published measurements; check them against your own."
        </footer>
    }
}
