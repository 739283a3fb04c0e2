//! Saved scenarios in the browser's local storage, one entry per scenario so that one damaged entry
//! never costs the others. Each entry is a scenario file (`capacity_model::scenario_file`).

use crate::json::read_scenario_file;
use capacity_model::scenario_file::{to_json, NamedScenario};
use capacity_model::Scenario;
use wasm_bindgen::JsCast;

/// Key prefix of saved scenarios.
pub const PREFIX: &str = "backup-capacity-planner/saved/";
/// Key prefix under which unreadable entries are set aside (never deleted).
pub const SET_ASIDE: &str = "backup-capacity-planner/set-aside/";
/// Longest name accepted.
pub const MAX_NAME_CHARS: usize = 80;

/// A saved scenario: its name (the storage key after the prefix) and the scenario.
pub type Saved = NamedScenario;

/// The browser's local storage; `None` where it has none (disabled storage). Used directly: the
/// entries are scenario files the model writes and `JSON.parse` reads, and gloo-storage would add
/// serde_json to the page for no gain.
fn raw() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

/// Every saved scenario, by name, and a message for each entry that could not be read (those are moved
/// under [`SET_ASIDE`] so they stop getting in the way, and kept).
pub fn list() -> (Vec<Saved>, Vec<String>) {
    let Some(storage) = raw() else { return (Vec::new(), vec!["Browser storage is not available.".to_string()]) };
    let keys: Vec<String> = (0..storage.length().unwrap_or(0))
        .filter_map(|i| storage.key(i).ok().flatten())
        .filter(|k| k.starts_with(PREFIX))
        .collect();
    let mut saved = Vec::new();
    let mut problems = Vec::new();
    for key in keys {
        let name = key[PREFIX.len()..].to_string();
        let text = storage.get_item(&key).ok().flatten().unwrap_or_default();
        match read_scenario_file(&text) {
            Ok(file) => saved.push(Saved { name, scenario: file.scenario }),
            Err(errors) => {
                let reason = errors.first().map(ToString::to_string).unwrap_or_default();
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
    // The browser's own collation: locale-aware, and no Unicode case tables in the module. An insertion
    // sort: lists are short, and it keeps a second sort routine out of the page.
    let before = |a: &str, b: &str| {
        js_sys::JsString::from(a).locale_compare(b, &js_sys::Array::new(), &js_sys::Object::new()) < 0
    };
    for i in 1..saved.len() {
        let mut j = i;
        while j > 0 && before(&saved[j].name, &saved[j - 1].name) {
            saved.swap(j, j - 1);
            j -= 1;
        }
    }
    (saved, problems)
}

fn check_name(name: &str) -> Result<String, String> {
    let name = name.trim();
    if name.is_empty() {
        return Err("name: give the scenario a name (1 to 80 characters)".to_string());
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(format!("name: {} characters is too long; allowed: 1 to {MAX_NAME_CHARS}", name.chars().count()));
    }
    Ok(name.to_string())
}

fn write(name: &str, scenario: &Scenario) -> Result<(), String> {
    let storage = raw().ok_or("Browser storage is not available.")?;
    storage.set_item(&format!("{PREFIX}{name}"), &to_json(name, scenario)).map_err(|e| {
        let text = e.dyn_ref::<js_sys::Error>().map(|e| String::from(e.name())).unwrap_or_else(|| format!("{e:?}"));
        if text.contains("Quota") {
            "Browser storage is full: delete some saved scenarios, then save again.".to_string()
        } else {
            format!("The browser refused to store the scenario: {text}")
        }
    })
}

fn exists(name: &str) -> bool {
    raw().and_then(|s| s.get_item(&format!("{PREFIX}{name}")).ok().flatten()).is_some()
}

/// Saves `scenario` under `name`, replacing a scenario of that name; says whether one was replaced.
///
/// # Errors
/// A bad name, or the browser's refusal (full storage).
pub fn save(name: &str, scenario: &Scenario) -> Result<(String, bool), String> {
    let name = check_name(name)?;
    let replaced = exists(&name);
    write(&name, scenario)?;
    Ok((name, replaced))
}

/// Renames a saved scenario.
///
/// # Errors
/// A bad or taken name, a missing entry, or the browser's refusal; nothing changes then.
pub fn rename(old: &str, new: &str) -> Result<String, String> {
    let new = check_name(new)?;
    if new == old {
        return Ok(new);
    }
    if exists(&new) {
        return Err(format!("name: a scenario named \"{new}\" is already saved"));
    }
    let (saved, _) = list();
    let entry = saved.into_iter().find(|s| s.name == old).ok_or_else(|| format!("\"{old}\" is no longer saved"))?;
    write(&new, &entry.scenario)?;
    delete(old);
    Ok(new)
}

/// Deletes a saved scenario.
pub fn delete(name: &str) {
    if let Some(storage) = raw() {
        let _ = storage.remove_item(&format!("{PREFIX}{name}"));
    }
}
