//! The first result, painted before the calculator's module arrives.
//!
//! The calculator's module is about 0.5 MB compressed: at 4x CPU slowdown on a 9 Mbit/s link its figures
//! came 1.1 s after the page was asked for, later than the peer page's whole load. The first-result module
//! (`src/bin/first-paint.rs`: the model and these lines, no Leptos; about a fifth of the bytes) is asked for
//! with it, reads the link as the calculator will, and writes the result strip and the results card's
//! headline into the placeholder `index.html` holds (`#first-paint`): the throughput, the bottleneck, the
//! window's verdict and its arithmetic, and the explanation, each the text the calculator shows there
//! ([`crate::summary::summary`]; a browser test compares them). The calculator takes the placeholder away
//! as it mounts ([`remove`]), in the same task, so the two are never on screen together. A link with a job
//! list, or one the calculator has notices about, is left to the calculator (its figures need the schedule
//! or a word about the link): the placeholder shows only the title until then. How the two modules are
//! loaded is in `scripts/post-build.mjs`; the figures are in the README (Performance and size).

use crate::palette::stage_color;
use capacity_model::codec::decode;
use capacity_model::evaluate;
use capacity_model::units::{format_per_hour, format_rate, UnitSystem};

/// The placeholder's id in `index.html`.
const PLACEHOLDER: &str = "first-paint";

/// Fills and shows the placeholder's figures from the page's link; does nothing once the calculator has
/// mounted, for a link the calculator must answer (job list, notices), or off the browser.
pub fn paint() {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let Some(placeholder) = document.get_element_by_id(PLACEHOLDER) else { return };
    let opened = decode(&crate::browser::peek_kept_link().unwrap_or_else(crate::browser::fragment));
    // What this module did, for the browser tests: `shown`, or `left` to the calculator.
    let outcome = |what: &str| {
        let _ = placeholder.set_attribute("data-figures", what);
    };
    if !opened.issues.is_empty() || opened.unread_jobs.is_some() || !opened.scenario.jobs.is_empty() {
        outcome("left");
        return;
    }
    // The results card's units start as MB (the page does not keep a choice of MiB).
    let system = UnitSystem::Decimal;
    let r = evaluate(&opened.scenario);
    let (verdict, margin, fits) = crate::summary::window(&r, system);
    let by_id = |id: &str| document.get_element_by_id(id);
    let set = |id: &str, text: &str| {
        if let Some(e) = by_id(id) {
            e.set_text_content(Some(text));
        }
    };
    let throughput = format_rate(r.throughput_bytes_per_sec, system);
    set("fp-strip-rate", &throughput);
    set("fp-strip-stage", r.bottleneck.name());
    set("fp-strip-verdict", &verdict);
    set("fp-throughput", &throughput);
    set("fp-per-hour", &format_per_hour(r.throughput_bytes_per_sec, system));
    set("fp-bottleneck", r.bottleneck.name());
    set("fp-window", &verdict);
    set("fp-margin", &margin);
    set("fp-explanation", &r.explanation(system));
    if let Some(swatch) = by_id("fp-swatch") {
        let _ = swatch.set_attribute("style", &format!("background:{}", stage_color(r.bottleneck)));
    }
    if !fits {
        if let Some(metric) = by_id("fp-window-metric") {
            let _ = metric.set_attribute("class", "metric bad");
        }
        if let Some(window) = by_id("fp-strip-window") {
            let _ = window.set_attribute("class", "strip-window miss");
        }
    }
    for shown in ["fp-strip", "fp-results"] {
        if let Some(e) = by_id(shown) {
            let _ = e.remove_attribute("hidden");
        }
    }
    outcome("shown");
}

/// Takes the placeholder away; the calculator calls it as it mounts.
pub fn remove() {
    if let Some(e) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id(PLACEHOLDER)) {
        e.remove();
    }
}
