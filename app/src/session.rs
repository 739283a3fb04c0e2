//! What the user was in the middle of that the share link does not hold: the parameter the what-if chart
//! varies, the Calibrate card's measurement and choices, the name typed for Save. Each is kept in this
//! tab's session storage (`gloo-storage`) as it changes, so that a reload, or the browser bringing a
//! discarded tab back, loses none of it; a new tab starts from the link alone.

use gloo_storage::{SessionStorage, Storage};
use leptos::prelude::*;

/// Key prefix of what this tab keeps.
pub const PREFIX: &str = "backup-capacity-planner/session/";

/// Whether the browser lets the page use session storage (`gloo-storage` panics where it does not).
fn available() -> bool {
    web_sys::window().and_then(|w| w.session_storage().ok().flatten()).is_some()
}

/// The text this tab kept under `what`, if any (none without storage, or from a new tab).
pub fn kept(what: &str) -> Option<String> {
    if !available() {
        return None;
    }
    SessionStorage::get::<String>(format!("{PREFIX}{what}")).ok()
}

/// Keeps `text` under `what` for a reload of this tab; a full or missing storage only forgets it.
fn keep(what: &str, text: &str) {
    if available() {
        let _ = SessionStorage::set(format!("{PREFIX}{what}"), text);
    }
}

/// A text signal that starts from what this tab kept under `what` (else `default`) and keeps every
/// change it makes.
pub fn kept_text(what: &'static str, default: &str) -> RwSignal<String> {
    let text = RwSignal::new(kept(what).unwrap_or_else(|| default.to_string()));
    Effect::new(move |_| text.with(|t| keep(what, t)));
    text
}

/// Keeps each text `source` gives (a signal read inside it is tracked) under `what`.
pub fn keep_each(what: &'static str, source: impl Fn() -> String + 'static) {
    Effect::new(move |_| keep(what, &source()));
}
