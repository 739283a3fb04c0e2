//! Share links: the scenario as a flat, versioned URL fragment.
//!
//! # Format (version 1)
//! `v=1&key=value&key=value...`, `application/x-www-form-urlencoded`, keys from
//! [`crate::fields::FIELDS`], values in each field's display unit (`stream_rate=45` is 45 MB/s,
//! `block=256KiB`, `lto=LTO-4`). Only values that differ from [`Scenario::default`] are written, so
//! the defaults are frozen. A link without `v` is read as version 1.
//!
//! The fleet's job list travels as one more key, `jobs`, whose value is the list as CSV
//! ([`crate::fleet::jobs`]); a link without it describes `clients` identical clients, as before.
//!
//! # Upgrades
//! Links stay valid forever. A later format bumps [`FORMAT_VERSION`] and adds a step to [`upgrade`]
//! that rewrites an older link's pairs into the newer keys and units before they are read; keys are
//! never reused with another meaning.

use crate::error::Error;
use crate::fields::{canonical_key, field_by_key, Field, FIELDS};
use crate::fleet::{jobs_to_csv, parse_jobs};
use crate::scenario::Scenario;

/// The key holding the fleet's job list, as CSV text ([`crate::fleet::jobs`]); the only key that is not
/// a field of the form.
pub const JOBS_KEY: &str = "jobs";

/// Share links longer than this many characters are unwieldy (some mail and chat programs cut them);
/// the app suggests the scenario file instead.
pub const LONG_LINK_CHARS: usize = 2000;

/// The version [`encode`] writes and the newest [`decode`] reads.
pub const FORMAT_VERSION: u32 = 1;

/// A decoded link: the scenario built from every good key, and what was wrong with the others.
#[derive(Debug, Clone, PartialEq)]
pub struct Decoded {
    /// Defaults, overridden by every key that could be read.
    pub scenario: Scenario,
    /// One entry per bad key, each naming the key and why (with the allowed range).
    pub issues: Vec<Error>,
    /// The link's job list as written, when some of its rows could not be read (those rows are not in
    /// `scenario.jobs`, and `issues` names each bad cell): a page shows them as rows to fix rather than
    /// drop them. `None` when every row was read or the link holds no list.
    pub unread_jobs: Option<String>,
}

/// Writes a scenario as a fragment without the leading `#`: `v=1&clients=8&streams=4...`.
/// Out-of-range values are brought into range first ([`Scenario::sanitized`]), so a link is always valid.
pub fn encode(scenario: &Scenario) -> String {
    encode_keeping(scenario, None)
}

/// As [`encode`], but the `jobs` key holds `job_rows` (a job list as typed, CSV with a header, some of
/// its rows unreadable) in place of the scenario's jobs, so a link written while a job row is being
/// fixed loses none of it: whoever opens it gets the same rows, the bad ones named
/// ([`Decoded::unread_jobs`]). `None` writes the scenario's jobs, as [`encode`] does.
pub fn encode_keeping(scenario: &Scenario, job_rows: Option<&str>) -> String {
    encode_with(scenario, job_rows, false)
}

/// The keys a job list takes the place of: each job is a client with its own data set.
pub const TAKEN_BY_JOBS: [&str; 2] = ["data", "clients"];

/// As [`encode_keeping`], for a link to send: it leaves out every field this scenario does not use
/// (one whose input the page hides, as the tape fields for an NFS target) and, with a job list, the
/// keys it takes the place of ([`TAKEN_BY_JOBS`]). Whoever opens it gets the same results, and the
/// planner reads it without a "not used" warning; the address bar keeps them ([`encode_keeping`]), so
/// that switching back on this page finds the values typed.
pub fn encode_shared(scenario: &Scenario, job_rows: Option<&str>) -> String {
    encode_with(scenario, job_rows, true)
}

/// Whether `scenario` uses `field`: it applies to the scenario's target and settings, and is not one a
/// job list takes the place of.
fn used(field: &Field, scenario: &Scenario) -> bool {
    (field.applies)(scenario) && (scenario.jobs.is_empty() || !TAKEN_BY_JOBS.contains(&field.key))
}

/// The fields away from their defaults that [`encode_shared`] leaves out, in form order: what a page
/// may name when it sends the link ("It leaves out NFS nodes, which this scenario does not use").
pub fn left_out_of_sent(scenario: &Scenario) -> Vec<&'static Field> {
    let (scenario, defaults) = (scenario.sanitized(), Scenario::default());
    FIELDS
        .iter()
        .filter(|f| !used(f, &scenario) && f.format((f.get)(&scenario)) != f.format((f.get)(&defaults)))
        .collect()
}

fn encode_with(scenario: &Scenario, job_rows: Option<&str>, used_only: bool) -> String {
    let scenario = scenario.sanitized();
    let defaults = Scenario::default();
    let mut out = form_urlencoded::Serializer::new(String::new());
    out.append_pair("v", &FORMAT_VERSION.to_string());
    for field in FIELDS {
        if used_only && !used(field, &scenario) {
            continue;
        }
        let (value, default) = ((field.get)(&scenario), (field.get)(&defaults));
        // Equal values write the same text; only differing ones are formatted (a value that formats
        // like the default is still left out).
        if value == default {
            continue;
        }
        let text = field.format(value);
        if text != field.format(default) {
            out.append_pair(field.key, &text);
        }
    }
    match job_rows {
        Some(rows) => {
            out.append_pair(JOBS_KEY, rows);
        }
        None if !scenario.jobs.is_empty() => {
            out.append_pair(JOBS_KEY, &jobs_to_csv(&scenario.jobs));
        }
        None => {}
    }
    out.finish()
}

/// Whether the link `link` (a fragment, or an address with one after `#`) gives `key` among its pairs,
/// whatever its value: the planner warns of keys a job list or `--horizon` leaves unused, and a page
/// and the planner say when a given `jobs` holds no row.
pub fn gives_key(link: &str, key: &str) -> bool {
    let fragment = link.split_once('#').map_or(link, |(_, f)| f);
    fragment.split('&').any(|pair| pair.split('=').next() == Some(key))
}

/// Whether `text` starts like a URL: a scheme (`https`, `file` ...) followed by `://`.
pub fn is_url(text: &str) -> bool {
    text.split_once("://").is_some_and(|(scheme, _)| {
        !scheme.is_empty()
            && scheme.starts_with(|c: char| c.is_ascii_alphabetic())
            && scheme.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
    })
}

/// The fragment part of a share URL or fragment: after the first `#` if there is one. A URL without a
/// fragment holds no scenario; `://` inside a value (`drives=x://`) does not make a fragment a URL.
fn fragment_of(input: &str) -> &str {
    let text = input.trim();
    match text.split_once('#') {
        Some((_, fragment)) => fragment,
        None if is_url(text) => "",
        None => text,
    }
}

/// Rewrites the pairs of a link of `version` into the current format. Version 1 is current, so this
/// is the identity today; each later version adds its step here.
pub fn upgrade(version: u32, pairs: Vec<(String, String)>) -> Vec<(String, String)> {
    debug_assert!(version <= FORMAT_VERSION);
    pairs
}

/// A key given more than once in a link (`v` among them): the last value is used.
fn repeated(key: &str, value: &str) -> Error {
    Error::InvalidValue {
        key: "link",
        message: format!(
            "{} is given more than once; the last value ({}) is used",
            key.chars().take(40).collect::<String>(),
            value.chars().take(40).collect::<String>()
        ),
    }
}

/// A key given more than once whose last value cannot be read: what is used instead, the earlier value
/// that was read or the default (a page trial read "the last value () is used" beside the default).
fn repeated_unread(field: &crate::fields::Field, value: &str, scenario: &Scenario, earlier: bool) -> Error {
    let mut used = field.format((field.get)(scenario));
    if !matches!(field.kind, crate::fields::Kind::Bytes) && !field.unit().is_empty() {
        used = format!("{used} {}", field.unit());
    }
    let last = if value.trim().is_empty() {
        "its last value is empty".to_string()
    } else {
        format!("its last value ({}) cannot be read", value.chars().take(40).collect::<String>())
    };
    let message = if earlier {
        format!("{} is given more than once; {last}, so the earlier value ({used}) is used", field.key)
    } else {
        format!("{} is given more than once; no value of it can be read, so the default ({used}) is used", field.key)
    };
    Error::InvalidValue { key: "link", message }
}

/// Reads a share URL or fragment (with or without `#`). Never fails: bad keys are listed in
/// [`Decoded::issues`] and the rest of the link still loads.
pub fn decode(input: &str) -> Decoded {
    let mut issues = Vec::new();
    let mut version = FORMAT_VERSION;
    let mut pairs = Vec::new();
    let mut seen_version = false;
    let fragment = fragment_of(input);
    let text = input.trim();
    if let Some((before, _)) = text.split_once('#') {
        // `https://host/#v=1...` is a URL; `v=1&clients=3#drives=2` is two links run together, and
        // reading only the second would drop the first without a word.
        if !before.is_empty() && !is_url(before) && before.contains('=') {
            issues.push(Error::InvalidValue {
                key: "link",
                message: format!(
                    "\"{}\" comes before the '#' and is not a URL, so it was not read; put every key after one '#'",
                    before.chars().take(60).collect::<String>()
                ),
            });
        }
    }
    // A lone '=' has no key and no value: form_urlencoded reads it as an empty pair, which `&&` is too.
    if fragment.split('&').any(|piece| piece.trim() == "=") {
        issues.push(Error::NoKey { value: String::new() });
    }
    for (key, value) in form_urlencoded::parse(fragment.as_bytes()) {
        if key.is_empty() {
            // `&&` and a trailing `&` are harmless; a value with no key is not.
            if !value.is_empty() {
                issues.push(Error::NoKey { value: value.chars().take(40).collect() });
            }
            continue;
        }
        if key == "v" {
            match value.trim().parse::<u32>() {
                Ok(v) if (1..=FORMAT_VERSION).contains(&v) => version = v,
                _ => issues.push(Error::UnsupportedVersion {
                    found: value.chars().take(20).collect(),
                    newest: FORMAT_VERSION,
                }),
            }
            if seen_version {
                // The last readable version is the one used: an unreadable one is flagged above.
                issues.push(Error::InvalidValue {
                    key: "link",
                    message: format!("v is given more than once; the link is read as version {version}"),
                });
            }
            seen_version = true;
        } else {
            pairs.push((canonical_key(&key).to_string(), value.into_owned()));
        }
    }
    let mut scenario = Scenario::default();
    let mut unread_jobs = None;
    let mut seen: Vec<String> = Vec::new();
    // Keys with a value that was read: a repeated key whose last value is not read keeps that one.
    let mut read: Vec<String> = Vec::new();
    for (key, value) in upgrade(version, pairs) {
        let again = seen.contains(&key);
        if !again {
            seen.push(key.clone());
        }
        if again && (key == JOBS_KEY || field_by_key(&key).is_none()) {
            issues.push(repeated(&key, &value));
        }
        if key == JOBS_KEY {
            let (jobs, errors) = parse_jobs(&value);
            unread_jobs = (!errors.is_empty()).then(|| value.clone());
            issues.extend(errors);
            scenario.jobs = jobs.into();
            continue;
        }
        let Some(field) = field_by_key(&key) else {
            issues.push(Error::UnknownKey { key: key.chars().take(40).collect() });
            continue;
        };
        let applied = field.apply(&mut scenario, &value);
        if again {
            issues.push(match applied {
                Ok(()) => repeated(&key, &value),
                Err(_) => repeated_unread(field, &value, &scenario, read.contains(&key)),
            });
        }
        match applied {
            Ok(()) => read.push(key),
            Err(error) => issues.push(error),
        }
    }
    if let Some(error) = scenario.combination_issue() {
        issues.push(error);
        scenario = scenario.sanitized();
    }
    Decoded { scenario, issues, unread_jobs }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_job_list_with_a_bad_row_is_kept_as_written_and_written_back() {
        let text = "name,data,client_nic\ndb,6TB,1GbE\nfs,2TB,9GbE";
        let link = encode_keeping(&Scenario::default(), Some(text));
        let opened = decode(&link);
        assert_eq!(opened.unread_jobs.as_deref(), Some(text), "the list as written, bad row and all");
        assert_eq!(opened.scenario.jobs.len(), 1, "only db reads");
        assert_eq!(opened.issues.len(), 1, "{:?}", opened.issues);
        // Written back with the rows kept, the link is the same; without them, the bad row is gone.
        assert_eq!(encode_keeping(&opened.scenario, opened.unread_jobs.as_deref()), link);
        assert_eq!(decode(&encode(&opened.scenario)).unread_jobs, None);
        assert_eq!(decode("v=1&jobs=name%2Cdata%0Adb%2C6TB").unread_jobs, None, "every row read");
    }

    #[test]
    fn a_sent_link_leaves_out_what_the_scenario_does_not_use_and_plans_the_same() {
        // NFS nodes typed, then the target set back to tape: the address bar keeps them, a sent link not.
        let tape = decode("v=1&clients=8&drives=4&nfs_nodes=4").scenario;
        assert!(encode_keeping(&tape, None).contains("nfs_nodes=4"));
        assert_eq!(encode_shared(&tape, None), "v=1&clients=8&drives=4");
        assert_eq!(left_out_of_sent(&tape).iter().map(|f| f.key).collect::<Vec<_>>(), ["nfs_nodes"]);
        // With a job list the data set and the clients go too.
        let jobs = decode("v=1&data=5TB&clients=3&drives=2&jobs=name%2Cdata%0Adb%2C6TB").scenario;
        assert_eq!(encode_shared(&jobs, None), "v=1&drives=2&jobs=name%2Cdata%0Adb%2C6TB");
        assert_eq!(left_out_of_sent(&jobs).iter().map(|f| f.key).collect::<Vec<_>>(), ["data", "clients"]);
        assert!(left_out_of_sent(&Scenario::default()).is_empty());
        // Every preset with every field it does not use moved to its largest value: the sent link is the
        // preset's own and plans the same.
        for preset in crate::presets::PRESETS {
            let own = preset.scenario();
            let mut moved = own.clone();
            for field in FIELDS.iter().filter(|f| !(f.applies)(&own)) {
                (field.set)(&mut moved, field.max);
            }
            let sent = encode_shared(&moved, None);
            assert_eq!(sent, encode_shared(&own, None), "{}", preset.id);
            let (mut opened, planned) = (crate::evaluate(&decode(&sent).scenario), crate::evaluate(&moved));
            // Each report holds the scenario it was given, unused values and all, and its cartridge
            // handling the media optimisation time even where no new cartridge needs it.
            opened.scenario = planned.scenario.clone();
            if let (Some(o), Some(p)) = (opened.cartridge_handling.as_mut(), planned.cartridge_handling.as_ref()) {
                if o.new_per_drive == 0 && p.new_per_drive == 0 {
                    o.optimisation_sec = p.optimisation_sec;
                }
            }
            assert_eq!(opened, planned, "{}", preset.id);
        }
    }

    #[test]
    fn defaults_encode_to_the_version_alone() {
        assert_eq!(encode(&Scenario::default()), "v=1");
    }

    #[test]
    fn only_changed_values_are_written() {
        let scenario = Scenario { clients: 8, drives: 4, ..Scenario::default() };
        assert_eq!(encode(&scenario), "v=1&clients=8&drives=4");
    }

    #[test]
    fn bad_keys_are_named_and_the_rest_loads() {
        let decoded = decode("https://example.test/planner/#v=1&clients=8&drives=zero&colour=blue&streams=0&lto=LTO-5");
        assert_eq!(decoded.scenario.clients, 8);
        assert_eq!(decoded.scenario.lto, crate::catalog::LtoGeneration::Lto5);
        assert_eq!(decoded.scenario.drives, 1, "a bad value keeps the default");
        let keys: Vec<_> = decoded.issues.iter().map(|e| e.key().unwrap_or("").to_string()).collect();
        assert_eq!(keys, ["drives", "colour", "streams"]);
        assert!(decoded.issues[2].to_string().contains("allowed: 1 to 256"), "{}", decoded.issues[2]);
    }

    #[test]
    fn versions_and_odd_inputs() {
        assert_eq!(decode("#v=2&clients=3").issues[0].key(), Some("v"));
        assert_eq!(decode("#v=2&clients=3").scenario.clients, 3);
        let said = decode("#v=2&clients=3").issues[0].to_string();
        assert!(said.contains("read as version 1's") && said.contains("allowed: 1"), "{said}");
        assert!(decode("").issues.is_empty());
        assert!(decode("https://example.test/").issues.is_empty());
        let odd = decode("v=1&clients=8&drives=x://");
        assert_eq!(odd.scenario.clients, 8, "a value with :// is not a URL");
        assert_eq!(odd.issues[0].key(), Some("drives"));
        let keyless = decode("v=1&=8&clients=2");
        assert_eq!(keyless.scenario.clients, 2);
        assert!(keyless.issues[0].to_string().contains("has no key"), "{:?}", keyless.issues);
        assert!(decode("v=1&&clients=2&").issues.is_empty());
        let half_m8 = decode("v=1&lto=LTO-9&media=M8");
        assert_eq!(half_m8.issues[0].key(), Some("media"));
        assert_eq!(half_m8.scenario.media, crate::catalog::Media::Own);
        assert_eq!(decode("clients=3").scenario.clients, 3);
        let twice = decode("#v=1&clients=2&clients=5");
        assert_eq!(twice.scenario.clients, 5);
        assert_eq!(twice.issues[0].to_string(), "link: clients is given more than once; the last value (5) is used");
        // Page trial pt64 (L4): a last value that cannot be read is said not to be used, and what is.
        let emptied = decode("v=1&window_h=6&window_h=");
        assert_eq!(emptied.scenario.backup_window_sec, 6.0 * 3600.0);
        assert_eq!(
            emptied.issues[0].to_string(),
            "link: window_h is given more than once; its last value is empty, so the earlier value (6 h) is used"
        );
        assert_eq!(emptied.issues[1].key(), Some("window_h"), "{:?}", emptied.issues);
        assert_eq!(
            decode("v=1&drives=3&drives=abc").issues[0].to_string(),
            "link: drives is given more than once; its last value (abc) cannot be read, so the earlier value (3) is used"
        );
        assert_eq!(
            decode("v=1&window_h=&window_h=").issues[1].to_string(),
            "link: window_h is given more than once; no value of it can be read, so the default (8 h) is used"
        );
        let joined = decode("v=1&clients=3#drives=2");
        assert_eq!(joined.scenario.drives, 2);
        assert!(
            joined.issues[0].to_string().starts_with("link: \"v=1&clients=3\" comes before the '#'"),
            "{:?}",
            joined.issues
        );
        assert!(decode("https://example.test/planner/?x=1#v=1&clients=2").issues.is_empty());
        assert_eq!(decode("#v=1&block=1%20MiB").scenario.block_bytes, 1_048_576.0);
    }

    #[test]
    fn a_repeated_version_is_flagged_like_any_repeated_key() {
        let versions = decode("v=1&clients=2&v=1");
        assert_eq!(versions.scenario.clients, 2);
        assert_eq!(versions.issues.len(), 1, "{:?}", versions.issues);
        assert_eq!(versions.issues[0].to_string(), "link: v is given more than once; the link is read as version 1");
        let two = decode("v=1&v=2&clients=3");
        assert_eq!(two.scenario.clients, 3);
        let text: Vec<String> = two.issues.iter().map(ToString::to_string).collect();
        assert!(text[0].starts_with("v: link format version 2"), "{text:?}");
        assert_eq!(text[1], "link: v is given more than once; the link is read as version 1", "{text:?}");
    }

    #[test]
    fn a_job_list_travels_as_csv_and_comes_back() {
        let decoded = decode("v=1&drives=4&sessions_per_drive=1&jobs=name%2Cdata%0Adb%2C6TB%0Afs01%2C200GB");
        assert!(decoded.issues.is_empty(), "{:?}", decoded.issues);
        let jobs = &decoded.scenario.jobs;
        assert_eq!(
            jobs.iter().map(|j| (j.name.as_str(), j.data_bytes)).collect::<Vec<_>>(),
            [("db", 6e12), ("fs01", 2e11)]
        );
        let link = encode(&decoded.scenario);
        assert_eq!(link, "v=1&sessions_per_drive=1&drives=4&jobs=name%2Cdata%0Adb%2C6TB%0Afs01%2C200GB");
        assert_eq!(decode(&link).scenario, decoded.scenario);
        let bad = decode("v=1&jobs=name%2Cdata%0Adb%2Clots%0Afs%2C1TB");
        assert_eq!(bad.scenario.jobs.len(), 1, "the good row loads");
        assert_eq!(bad.issues[0].to_string(), "jobs, line 2, Data (data): \"lots\" is not a size (use a number, or one with KB, KiB, MB, MiB, GB, GiB, TB, TiB, PB, PiB); allowed: more than 0 B to 100 PB");
    }

    #[test]
    fn every_job_order_and_the_priority_column_round_trip() {
        use crate::fleet::JobOrder;
        for order in JobOrder::ALL {
            let link =
                format!("v=1&job_order={}&jobs=name%2Cdata%2Cpriority%0Adb%2C6TB%2C0%0Afs%2C200GB%2C", order.name());
            let decoded = decode(&link);
            assert!(decoded.issues.is_empty(), "{:?}", decoded.issues);
            assert_eq!(decoded.scenario.job_order, order);
            assert_eq!(decoded.scenario.jobs.iter().map(|j| j.priority).collect::<Vec<_>>(), [Some(0), None]);
            let again = encode(&decoded.scenario);
            assert_eq!(decode(&again).scenario, decoded.scenario, "{again}");
            // The default, longest first, is not written.
            assert_eq!(again.contains("job_order"), order != JobOrder::LongestFirst, "{again}");
        }
        // The name links held before the orders grew to four still opens.
        assert_eq!(decode("v=1&job_order=longest_first").scenario.job_order, JobOrder::LongestFirst);
        assert_eq!(
            decode("v=1&job_order=fastest").issues[0].to_string(),
            "job_order: \"fastest\" is not a choice; allowed: one of longest, listed, shortest, priority"
        );
    }
}
