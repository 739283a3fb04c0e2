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
                let aside = free_key(&name, |k| storage.get_item(k).ok().flatten().is_some());
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

/// A key under [`SET_ASIDE`] for `name` that holds nothing yet: `<name>`, else `<name> (2)`, `(3)`…
/// A second bad entry of one name must not overwrite the copy an earlier one left (a trial's was lost).
fn free_key(name: &str, taken: impl Fn(&str) -> bool) -> String {
    let first = format!("{SET_ASIDE}{name}");
    if !taken(&first) {
        return first;
    }
    (2u32..).map(|n| format!("{SET_ASIDE}{name} ({n})")).find(|k| !taken(k)).unwrap_or(first)
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

/// Writes the entry; `again` is what the user does once storage has room ("save", "rename").
fn write(name: &str, scenario: &Scenario, again: &str) -> Result<(), String> {
    if !available() {
        return Err("Browser storage is not available.".to_string());
    }
    LocalStorage::set(format!("{PREFIX}{name}"), to_value(name, scenario)).map_err(|e| match e {
        StorageError::JsError(js) if js.name.contains("Quota") => {
            format!("Browser storage is full: delete some saved scenarios, then {again} again. Nothing saved was lost.")
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
    write(&name, scenario, "save")?;
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
    write(&new, &entry.scenario, "rename")?;
    delete(old);
    Ok(new)
}

/// Deletes a saved scenario.
pub fn delete(name: &str) {
    if available() {
        LocalStorage::delete(format!("{PREFIX}{name}"));
    }
}

/// The entry of `name` as stored (its JSON text), if saved.
pub fn raw(name: &str) -> Option<String> {
    if !available() {
        return None;
    }
    LocalStorage::raw().get_item(&format!("{PREFIX}{name}")).ok().flatten()
}

/// Deletes `name` only if it still holds `confirmed`, the entry the user agreed to delete: another tab
/// may have saved over it while the confirmation was open (a trial's new save was lost so).
///
/// # Errors
/// What was kept, and why.
pub fn delete_confirmed(name: &str, confirmed: &str) -> Result<(), String> {
    match raw(name) {
        None => Err(format!("\"{name}\" is no longer saved: another tab deleted or renamed it.")),
        Some(now) if now != confirmed => Err(format!(
            "Not deleted: \"{name}\" was saved again in another tab after you asked, and is kept. Delete it again to remove it."
        )),
        Some(_) => {
            delete(name);
            Ok(())
        }
    }
}

/// Whether the entry texts `a` and `b` hold the same inputs (a renamed entry differs in its name only).
/// Entries are written by [`to_value`] with `inputs` last, so the text after it is compared: parsing
/// both would cost the page more code.
pub fn same_inputs(a: &str, b: &str) -> bool {
    let inputs = |text: &str| text.split_once("\"inputs\":").map(|(_, rest)| rest.to_string());
    inputs(a).is_some_and(|a| Some(a) == inputs(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_aside_copy_is_never_overwritten() {
        let taken = ["backup-capacity-planner/set-aside/Broken", "backup-capacity-planner/set-aside/Broken (2)"];
        assert_eq!(free_key("Broken", |k| taken.contains(&k)), "backup-capacity-planner/set-aside/Broken (3)");
        assert_eq!(free_key("Other", |k| taken.contains(&k)), "backup-capacity-planner/set-aside/Other");
    }

    #[test]
    fn a_rename_is_told_from_a_delete_by_the_inputs() {
        let a = r#"{"name":"P","inputs":{"clients":"8"}}"#;
        assert!(same_inputs(a, r#"{"name":"Q","inputs":{"clients":"8"}}"#));
        assert!(!same_inputs(a, r#"{"name":"Q","inputs":{"clients":"2"}}"#));
        assert!(!same_inputs("{bad", "{bad"));
    }
}
