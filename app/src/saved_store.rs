//! Saved scenarios in the browser's local storage through `gloo-storage`, one entry per scenario so that
//! one damaged entry never costs the others. Each entry is a scenario file's JSON value
//! (`capacity_model::scenario_file`), written and read with serde_json.

use capacity_model::scenario_file::{from_value, is_unsafe_name_char, to_value, NamedScenario, MAX_NAME_CHARS};
use capacity_model::Scenario;
use gloo_storage::errors::StorageError;
use gloo_storage::{LocalStorage, Storage};

/// Key prefix of saved scenarios.
pub const PREFIX: &str = "backup-capacity-planner/saved/";
/// Key prefix under which unreadable entries are set aside (never deleted).
pub const SET_ASIDE: &str = "backup-capacity-planner/set-aside/";

/// A saved scenario: its name (the storage key after the prefix) and the scenario.
pub type Saved = NamedScenario;

/// Key of the form's "Show each field's help" choice (`true` or `false` as JSON).
pub const SHOW_HELP: &str = "backup-capacity-planner/show-help";

/// Whether the form shows each field's help, as last chosen (`false` when never chosen, or without
/// storage).
pub fn show_help() -> bool {
    available() && LocalStorage::get::<bool>(SHOW_HELP).unwrap_or(false)
}

/// Keeps the choice for the next visit; a full or missing storage only forgets it.
pub fn set_show_help(show: bool) {
    if available() {
        let _ = LocalStorage::set(SHOW_HELP, show);
    }
}

/// Whether the browser lets the page use local storage (`gloo-storage` panics where it does not).
fn available() -> bool {
    web_sys::window().and_then(|w| w.local_storage().ok().flatten()).is_some()
}

/// Every saved scenario, sorted by name in the browser's collation, and a message for each entry that
/// could not be read (those are moved under [`SET_ASIDE`] so they stop getting in the way, and kept).
pub fn list() -> (Vec<Saved>, Vec<String>) {
    if !available() {
        return (Vec::new(), vec!["Browser storage is not available.".to_string()]);
    }
    let storage = LocalStorage::raw();
    let keys: Vec<String> = (0..LocalStorage::length())
        .filter_map(|i| storage.key(i).ok().flatten())
        .filter(|k| k.starts_with(PREFIX))
        .collect();
    let mut saved = Vec::new();
    let mut problems = Vec::new();
    for key in keys {
        let name = key[PREFIX.len()..].to_string();
        // Text that is no JSON at all is said in words; the parser's own detail follows.
        let read = LocalStorage::get::<serde_json::Value>(&key)
            .map_err(|e| format!("it is not a scenario file, not even JSON: {e}"))
            .and_then(|value| {
                from_value(value).map_err(|errors| errors.first().map(ToString::to_string).unwrap_or_default())
            });
        match read {
            Ok(file) => saved.push(Saved { name, ..file }),
            Err(reason) => {
                let text = storage.get_item(&key).ok().flatten().unwrap_or_default();
                let aside = format!("{SET_ASIDE}{name}");
                let moved = storage.set_item(&aside, &text).is_ok() && storage.remove_item(&key).is_ok();
                problems.push(if moved {
                    format!("Saved scenario \"{name}\" could not be read ({reason}); it was set aside under the storage key \"{aside}\".")
                } else {
                    format!("Saved scenario \"{name}\" could not be read ({reason}).")
                });
            }
        }
    }
    // The browser's own collation: locale-aware, with no Unicode case tables in the module.
    let (locales, options) = (js_sys::Array::new(), js_sys::Object::new());
    saved.sort_by(|a, b| js_sys::JsString::from(a.name.as_str()).locale_compare(&b.name, &locales, &options).cmp(&0));
    (saved, problems)
}

/// A name as saved: trimmed, 1 to 80 printable characters.
///
/// # Errors
/// A message naming the field and the allowed range.
pub fn check_name(name: &str) -> Result<String, String> {
    let name = name.trim();
    if name.is_empty() {
        return Err(format!("Scenario name: give the scenario a name (1 to {MAX_NAME_CHARS} characters)"));
    }
    let chars = name.chars().count();
    if chars > MAX_NAME_CHARS {
        return Err(format!("Scenario name: {chars} characters is too long; allowed: 1 to {MAX_NAME_CHARS}"));
    }
    if name.chars().any(is_unsafe_name_char) {
        return Err("Scenario name: control and text-direction characters are not allowed".to_string());
    }
    Ok(name.to_string())
}

fn write(name: &str, scenario: &Scenario) -> Result<(), String> {
    if !available() {
        return Err("Browser storage is not available.".to_string());
    }
    LocalStorage::set(format!("{PREFIX}{name}"), to_value(name, scenario)).map_err(|e| match e {
        StorageError::JsError(js) if js.name.contains("Quota") => {
            "Browser storage is full: delete some saved scenarios, then save again. Nothing saved was lost.".to_string()
        }
        other => format!("The browser refused to store the scenario ({other}); nothing saved was lost."),
    })
}

/// Whether a scenario named `name` is saved (the name as [`check_name`] gives it).
pub fn exists(name: &str) -> bool {
    available() && LocalStorage::raw().get_item(&format!("{PREFIX}{name}")).ok().flatten().is_some()
}

/// Saves `scenario` under `name`, replacing a scenario of that name (the page asks first); says whether
/// one was replaced.
///
/// # Errors
/// A bad name, or the browser's refusal (full storage).
pub fn save(name: &str, scenario: &Scenario) -> Result<(String, bool), String> {
    let name = check_name(name)?;
    let replaced = exists(&name);
    write(&name, scenario)?;
    Ok((name, replaced))
}

/// Renames a saved scenario: the new entry is written before the old one is deleted, so a refusal
/// loses nothing.
///
/// # Errors
/// A bad or taken name, a missing entry, or the browser's refusal; nothing changes then.
pub fn rename(old: &str, new: &str) -> Result<String, String> {
    let new = check_name(new)?;
    if new == old {
        return Ok(new);
    }
    if exists(&new) {
        return Err(format!(
            "Scenario name: a scenario named \"{new}\" is already saved; choose another name, or delete that one first"
        ));
    }
    let (saved, _) = list();
    let entry = saved.into_iter().find(|s| s.name == old).ok_or_else(|| format!("\"{old}\" is no longer saved"))?;
    write(&new, &entry.scenario)?;
    delete(old);
    Ok(new)
}

/// Deletes a saved scenario.
pub fn delete(name: &str) {
    if available() {
        LocalStorage::delete(format!("{PREFIX}{name}"));
    }
}
