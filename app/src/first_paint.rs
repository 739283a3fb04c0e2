//! The first result, painted before the calculator's module arrives.
//!
//! The calculator's module is about 0.5 MB compressed: at 4x CPU slowdown on a 9 Mbit/s link its figures
//! came 1.1 s after the page was asked for, later than the peer page's whole load. The first-result module
//! (`src/bin/first-paint.rs`: the model and these lines, no Leptos; about a fifth of the bytes) is asked for
//! with it, reads the link as the calculator will, and writes the result strip's figures into the shell
//! `index.html` holds (`#first-paint`: the title bar and the strip, where the calculator will put its own):
//! the throughput, the bottleneck and the window's verdict, each the text the calculator's strip shows
//! ([`crate::summary::summary`], or the job list's night from its schedule; a browser test compares
//! them). The calculator takes the shell away as it mounts ([`remove`]), in the same task, so the two are
//! never on screen together. A link the calculator has notices about (a value it cannot use, a job row it
//! cannot read, a list an NFS target does not use) is left to it: the strip says it is loading until then.

use capacity_model::codec::decode;
use capacity_model::evaluate;
use capacity_model::units::{format_rate, UnitSystem};

/// The shell's id in `index.html`.
const SHELL: &str = "first-paint";

/// Fills and shows the strip's figures from the page's link; does nothing once the calculator has
/// mounted, for a link the calculator has notices about, or off the browser.
pub fn paint() {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let Some(shell) = document.get_element_by_id(SHELL) else { return };
    let opened = decode(&crate::browser::peek_kept_link().unwrap_or_else(crate::browser::fragment));
    // What this module did, for the browser tests: `shown`, or `left` to the calculator.
    let outcome = |what: &str| {
        let _ = shell.set_attribute("data-figures", what);
    };
    if !opened.issues.is_empty() || opened.unread_jobs.is_some() {
        outcome("left");
        return;
    }
    // The strip's units start as MB (the page does not keep a choice of MiB).
    let system = UnitSystem::Decimal;
    let s = &opened.scenario;
    let (rate, bottleneck, (verdict, _, fits)) = if s.jobs.is_empty() {
        let r = evaluate(s);
        (r.throughput_bytes_per_sec, r.bottleneck.name(), crate::summary::window(&r, system))
    } else {
        // A job list's night, as the calculator answers for it (an NFS target keeps a list it does not
        // use, with a word about it: left to the calculator).
        let Some(night) = capacity_model::fleet::schedule(s, &s.jobs) else {
            outcome("left");
            return;
        };
        let answer = capacity_model::fleet::FleetAnswer::from_schedule(s, &night);
        (answer.bytes_per_sec, answer.bottleneck_name(), answer.verdict())
    };
    let by_id = |id: &str| document.get_element_by_id(id);
    let set = |id: &str, text: &str| {
        if let Some(e) = by_id(id) {
            e.set_text_content(Some(text));
        }
    };
    set("fp-strip-rate", &format_rate(rate, system));
    set("fp-strip-stage", bottleneck);
    set("fp-strip-verdict", &verdict);
    let class = match (fits, verdict == capacity_model::FITS_BELOW_HEADROOM) {
        (false, _) => Some("strip-window miss"),
        (true, true) => Some("strip-window tight"),
        (true, false) => None,
    };
    if let (Some(class), Some(window)) = (class, by_id("fp-strip-window")) {
        let _ = window.set_attribute("class", class);
    }
    if let Some(figures) = by_id("fp-strip") {
        let _ = figures.remove_attribute("hidden");
    }
    if let Some(loading) = by_id("fp-loading") {
        let _ = loading.set_attribute("hidden", "");
    }
    outcome("shown");
}

/// Takes the shell away; the calculator calls it as it mounts.
pub fn remove() {
    if let Some(e) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id(SHELL)) {
        e.remove();
    }
}
