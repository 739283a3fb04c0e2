//! The model's error type.

use std::fmt;

/// Everything that can be wrong with an input. Every variant names the field (its share-link key) and,
/// where there is one, the allowed range or the allowed values.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum Error {
    /// A value could not be read or lies outside its field's range.
    InvalidValue {
        /// Share-link key of the field (`clients`, `block` ...).
        key: &'static str,
        /// What is wrong, in words, including the allowed range.
        message: String,
    },
    /// A value in a link with no key before its `=` (`v=1&=8`).
    NoKey {
        /// The value as given (at most 40 characters).
        value: String,
    },
    /// A share-link key that no version of the format defines.
    UnknownKey {
        /// The key as given.
        key: String,
    },
    /// A share link written by a newer version of the format than this build reads.
    UnsupportedVersion {
        /// The version found in the link.
        found: String,
        /// The newest version this build reads.
        newest: u32,
    },
    /// A preset id that does not exist.
    UnknownPreset {
        /// The id as given.
        id: String,
    },
    /// A bad cell or row in a job list (CSV).
    JobRow {
        /// Line of the CSV text, from 1 (the header).
        line: usize,
        /// Column name as in the header (`data`, `streams` ...), or its number from 1 where it has no
        /// name this list reads.
        column: String,
        /// The column's heading in the page's job table (`Data`, `Streams`), where it is one of ours.
        heading: Option<&'static str>,
        /// What is wrong, in words, including the allowed range.
        message: String,
    },
    /// A goal-seek parameter that is not a count, or a target that cannot be reached.
    GoalSeek {
        /// What went wrong.
        message: String,
    },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::InvalidValue { key, message } => write!(f, "{key}: {message}"),
            Self::UnknownKey { key } => {
                write!(f, "{key}: unknown key (see the list of share-link keys in docs/share-links.md)")
            }
            Self::NoKey { value } => {
                write!(f, "(no key)={value}: a value has no key before its '='; write key=value, as in clients=8")
            }
            Self::UnsupportedVersion { found, newest } => {
                let allowed = if *newest == 1 { "1".to_string() } else { format!("1 to {newest}") };
                if found.trim().is_empty() {
                    write!(f, "v: the link format version is empty; allowed: {allowed}")
                } else {
                    // The page still reads the rest of the link (as the newest version it knows): the message
                    // says what that risks rather than that nothing was read.
                    write!(
                        f,
                        "v: link format version {found} is not one this planner reads (its other values are read as \
                         version {newest}'s, which a newer version may mean differently: check them); allowed: {allowed}"
                    )
                }
            }
            Self::UnknownPreset { id } => {
                write!(f, "{id}: no such preset (list them with --list-presets)")
            }
            Self::GoalSeek { message } => write!(f, "{message}"),
            // A known column by its heading first and its key after it, as a field is named ("Data (data)").
            Self::JobRow { line, column, heading: Some(heading), message } => {
                write!(f, "jobs, line {line}, {heading} ({column}): {message}")
            }
            Self::JobRow { line, column, heading: None, message } => {
                write!(f, "jobs, line {line}, column {column}: {message}")
            }
        }
    }
}

impl std::error::Error for Error {}

impl Error {
    /// The share-link key the error is about, if any (`v` for a version error).
    pub fn key(&self) -> Option<&str> {
        match self {
            Self::InvalidValue { key, .. } => Some(key),
            Self::UnknownKey { key } => Some(key),
            Self::UnsupportedVersion { .. } => Some("v"),
            Self::JobRow { .. } => Some("jobs"),
            _ => None,
        }
    }
}
