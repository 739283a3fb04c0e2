//! The field registry: one entry per scenario input, shared by the share-link codec, the planner,
//! validation and the app's form, so that a key, its unit and its range are written once.

mod list;

use crate::error::Error;
use crate::scenario::Scenario;
use crate::units::{parse_bytes, parse_rate, KIB, MB, MIB, TB};

pub use list::FIELDS;

/// The panel a field belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Group {
    /// Data set, window, files, compressibility.
    Workload,
    /// Clients and their streams.
    Clients,
    /// Ethernet on clients and the backup server.
    Network,
    /// Backup server buffers, CPU, pairing.
    BackupServer,
    /// Disk array, deduplicating appliance or object store, and the copy to tape (issue 19).
    Repository,
    /// Full and incremental backups over time, what is kept, data growth, target capacity.
    Retention,
    /// FC or SAS ports and tape drives.
    Tape,
    /// How the data comes back.
    Restore,
    /// NFS sources and target.
    Nfs,
}

impl Group {
    /// Every group in display order.
    pub const ALL: [Group; 9] = [
        Self::Workload,
        Self::Clients,
        Self::Network,
        Self::BackupServer,
        Self::Repository,
        Self::Tape,
        Self::Restore,
        Self::Nfs,
        Self::Retention,
    ];

    /// Heading for the group.
    pub fn title(self) -> &'static str {
        match self {
            Self::Workload => "Workload",
            Self::Clients => "Clients and streams",
            Self::Network => "Network",
            Self::BackupServer => "Backup server",
            Self::Repository => "Repository target",
            Self::Tape => "Tape target",
            Self::Restore => "Restore",
            Self::Nfs => "NFS target",
            Self::Retention => "Schedule, retention and growth",
        }
    }
}

/// How a field's value is read, written and shown. Values are always stored in base units (bytes,
/// bytes/s, seconds); choices as their index in the list.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Kind {
    /// A whole number.
    Count,
    /// Bytes; text takes suffixes (`256KiB`, `10TB`), a bare number is bytes.
    Bytes,
    /// Bytes per second shown in MB/s; a bare number is MB/s, suffixes (`29MiB/s`) are accepted.
    Rate,
    /// Seconds shown in milliseconds.
    Millis,
    /// Seconds shown in hours.
    Hours,
    /// Seconds shown in seconds.
    Seconds,
    /// A plain number (ratios, shares).
    Number,
    /// A fraction shown in per cent: `5` is 0.05; a trailing `%` is accepted.
    Percent,
    /// One of a list of names.
    Choice(&'static [&'static str]),
}

/// One scenario input.
#[derive(Clone, Copy)]
pub struct Field {
    /// Share-link key, also the planner's `--fewest` parameter name.
    pub key: &'static str,
    /// Label in the form.
    pub label: &'static str,
    /// Panel.
    pub group: Group,
    /// Parsing and display.
    pub kind: Kind,
    /// Smallest allowed value, base units.
    pub min: f64,
    /// Largest allowed value, base units.
    pub max: f64,
    /// For a size whose range starts at 0 (none): the smallest size other than 0 it takes, bytes (1 B,
    /// or more where a smaller one means nothing real, such as a tape file smaller than a block).
    pub least: f64,
    /// One sentence for a tooltip.
    pub help: &'static str,
    /// Reads the value from a scenario, base units.
    pub get: fn(&Scenario) -> f64,
    /// Writes a value already checked against `min..=max`.
    pub set: fn(&mut Scenario, f64),
    /// Whether the field matters for this scenario (tape fields do not for an NFS target).
    pub applies: fn(&Scenario) -> bool,
}

impl std::fmt::Debug for Field {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Field").field("key", &self.key).finish_non_exhaustive()
    }
}

use Kind::*;

/// Menu words for the choices whose link names are not words: (field key, name, label). The names
/// stay what links, files and the planner read; only the menus and the printed report show these.
const CHOICE_LABELS: &[(&str, &str, &str)] = &[
    ("target", "tape", "Tape drives"),
    ("target", "nfs", "NFS filer"),
    ("target", "repository", "Repository (disk, appliance or object store)"),
    ("client_class", "entered", "Entered below"),
    ("client_class", "windows-ntfs-array-2005", "Windows NTFS on an array (2005)"),
    ("client_class", "hpux-vxfs-array-2008", "HP-UX VxFS on an array (2008)"),
    ("client_class", "linux-ext4-hdd", "Linux ext4 on HDD"),
    ("client_class", "linux-ext4-ssd", "Linux ext4 on SSD"),
    ("client_class", "linux-ext4-nvme", "Linux ext4 on NVMe"),
    ("cpu_compress", "entered", "Entered ratio"),
    ("cpu_compress", "none", "None"),
    ("medium", "entered", "Entered below"),
    ("medium", "hdd", "HDD"),
    ("medium", "nvme", "NVMe without power-loss protection"),
    ("medium", "cache", "Battery-backed cache"),
    ("media", "own", "Own generation"),
    ("media", "previous", "Previous generation"),
    ("media", "M8", "M8 (LTO-7 Type M)"),
    ("job_order", "longest", "Longest first"),
    ("job_order", "listed", "As listed"),
    ("job_order", "shortest", "Shortest first"),
    ("job_order", "priority", "By priority tier"),
    ("restore_tiers", "together", "Together"),
    ("restore_tiers", "in-turn", "In turn"),
    ("staging", "none", "None (straight to tape)"),
    ("staging", "concurrent", "Concurrent"),
    ("staging", "serial", "Serial"),
    ("stage_medium", "hdd", "HDD"),
    ("stage_medium", "ssd", "SSD"),
    ("repo_kind", "disk", "Disk array"),
    ("repo_kind", "appliance", "Deduplicating appliance"),
    ("repo_kind", "object", "Object store"),
    ("disk_type", "hdd7k", "HDD 7,200 rpm"),
    ("disk_type", "hdd10k", "HDD 10,000 rpm"),
    ("disk_type", "ssd", "SSD"),
    ("disk_type", "nvme", "NVMe"),
    ("raid", "0", "RAID 0"),
    ("raid", "10", "RAID 10"),
    ("raid", "5", "RAID 5"),
    ("raid", "6", "RAID 6"),
    ("raid", "ec", "Erasure coding"),
    ("repo_pattern", "sequential", "Sequential"),
    ("repo_pattern", "random", "Random"),
    ("appliance", "dd690", "EMC Data Domain DD690"),
    ("appliance", "dr4000", "Dell DR4000"),
    ("workload", "send", "Send (backup)"),
    ("workload", "retrieve", "Retrieve (restore)"),
    ("workload", "mixed", "Mixed"),
    ("writes", "stable", "Stable (each write committed)"),
    ("writes", "buffered", "Buffered (page cache)"),
    ("form", "full", "Full height"),
    ("form", "half", "Half height"),
    ("pairing", "dynamic", "Dynamic"),
    ("pairing", "static", "Static"),
    ("between_fulls", "incremental", "Incrementals"),
    ("between_fulls", "differential", "Differentials"),
];

/// The field with this share-link key.
pub fn field_by_key(key: &str) -> Option<&'static Field> {
    FIELDS.iter().find(|f| f.key == key)
}

/// The key a link's `key` stands for: itself, or for an alias the field's own key. Issue 19 writes
/// the repository's kind as `kind` (read as `repo_kind`, which counts only with `target=repository`);
/// links are written back with the field's own key.
pub fn canonical_key(key: &str) -> &str {
    match key {
        "kind" => "repo_kind",
        _ => key,
    }
}

/// A choice's name as this version spells it, for a name an earlier version wrote: `job_order`'s
/// `longest_first` is `longest` since the order options grew to four (issue 18); links and files that
/// hold the old name open as they did.
fn former_name<'a>(key: &str, name: &'a str) -> &'a str {
    match (key, name) {
        ("job_order", n) if n.eq_ignore_ascii_case("longest_first") => "longest",
        // Issue 19 spells the 7,200 rpm disk `hdd`.
        ("disk_type", n) if n.eq_ignore_ascii_case("hdd") => "hdd7k",
        _ => name,
    }
}

/// What a single-client input of the form becomes once the scenario has jobs (a fleet): the page
/// and the planner say so beside the field ([`Field::label_with_jobs`], [`Field::help_with_jobs`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WithJobs {
    /// A job row's empty cell takes this value: file size, client link, client ports, streams (the
    /// job list's columns of the same keys).
    Default,
    /// The job list replaces it: clients (one per job) and the data set (the jobs' sum).
    Replaced,
}

impl Field {
    /// Whether a job row may set the field of its own, so that with a job list the form's value is only
    /// the rows' default (a value fitted in the form would not reach a job that sets it).
    pub fn set_by_job_rows(&self) -> bool {
        self.with_jobs() == Some(WithJobs::Default)
    }

    /// What the field becomes once the scenario has jobs; `None` for the fields the jobs leave as
    /// they are (the server, the drives, the ports, retention ...).
    pub fn with_jobs(&self) -> Option<WithJobs> {
        match self.key {
            "file_size" | "client_nic" | "client_ports" | "streams" | "rtt_ms" => Some(WithJobs::Default),
            "data" | "clients" => Some(WithJobs::Replaced),
            _ => None,
        }
    }

    /// The form's label with jobs in the scenario (`has_jobs`): "Client link (default for the job
    /// rows)", "Data set (not used: the jobs hold the data)", "Clients (not used: one per job)"; the
    /// plain label without jobs or for a field the jobs leave as it is.
    pub fn label_with_jobs(&self, has_jobs: bool) -> String {
        match (has_jobs, self.with_jobs()) {
            (true, Some(WithJobs::Default)) => format!("{} (default for the job rows)", self.label),
            (true, Some(WithJobs::Replaced)) if self.key == "data" => {
                format!("{} (not used: the jobs hold the data)", self.label)
            }
            (true, Some(WithJobs::Replaced)) => format!("{} (not used: one per job)", self.label),
            _ => self.label.to_string(),
        }
    }

    /// A sentence to add to the field's help once jobs exist; `None` for a field the jobs leave as
    /// it is.
    pub fn help_with_jobs(&self) -> Option<&'static str> {
        Some(match self.key {
            "file_size" => "With jobs: the file size of every job row whose files and file_size cells are empty.",
            "client_nic" => "With jobs: the link of every job row whose client_nic cell is empty.",
            "client_ports" => "With jobs: the ports of every job row whose client_ports cell is empty.",
            "streams" => "With jobs: the streams of every job row whose streams cell is empty.",
            "rtt_ms" => "With jobs: the round trip of every job row whose rtt_ms cell is empty.",
            "data" => "With jobs: not used; the fleet backs up the sum of the jobs' data, every card and the timeline plan that.",
            "clients" => "With jobs: not used; each job is one client, scheduled on the drives.",
            _ => return None,
        })
    }
    /// Unit shown after the input: `MB/s`, `ms`, `h`, `B`, `days` ... (empty for other counts, ratios and
    /// choices).
    pub fn unit(&self) -> &'static str {
        match self.kind {
            Bytes => "bytes (or KB, KiB, MB, MiB, GB, TB ...)",
            Rate => "MB/s",
            Millis => "ms",
            Hours => "h",
            Seconds => "s",
            Percent => "%",
            Count if self.key == "mtu" => "bytes",
            Count if matches!(self.key, "full_every_days" | "horizon_days") => "days",
            Count | Number | Choice(_) => "",
        }
    }

    /// What 0 stands for when the field's help gives it a meaning (`0 = the catalogue's figure for the
    /// generation and height`): that meaning, up to the end of its clause.
    pub fn zero_means(&self) -> Option<&'static str> {
        let (_, meaning) = self.help.split_once("0 = ")?;
        // Up to the end of its clause: a sentence's end, a semicolon or a bracket (not the point of
        // "0.18 ms").
        let end = ["; ", ". ", " ("].iter().filter_map(|stop| meaning.find(stop)).min().unwrap_or(meaning.len());
        Some(meaning[..end].trim_end_matches('.').trim_end())
    }

    /// The names a choice field accepts.
    pub fn choices(&self) -> &'static [&'static str] {
        match self.kind {
            Choice(names) => names,
            _ => &[],
        }
    }

    fn display_scale(&self) -> f64 {
        match self.kind {
            Rate => MB,
            Millis => 1e-3,
            Hours => 3600.0,
            Percent => 0.01,
            _ => 1.0,
        }
    }

    /// Shows a base-unit value the way a link or form holds it: `45` (MB/s), `7.2101` (ms), `256KiB`,
    /// `LTO-4`. [`Field::parse`] reads it back.
    pub fn format(&self, value: f64) -> String {
        match self.kind {
            Choice(names) => names[(value.max(0.0) as usize).min(names.len() - 1)].to_string(),
            Bytes => format_size_exact(value),
            _ => exact_text(value, self.display_scale()),
        }
    }

    /// The words a menu shows for the choice `name` (one of [`Kind::Choice`]'s names, as a link writes
    /// it): `Longest first` for `longest`, `Windows NTFS on an array (2005)` for
    /// `windows-ntfs-array-2005`; the name itself where it already reads as words (`LTO-9`, `10GbE`).
    pub fn choice_label(&self, name: &str) -> &'static str {
        let named = |&&(key, choice, _): &&(&str, &str, &str)| key == self.key && choice == name;
        match (CHOICE_LABELS.iter().find(named), self.kind) {
            (Some(&(_, _, label)), _) => label,
            (None, Choice(names)) => names.iter().copied().find(|n| *n == name).unwrap_or(""),
            _ => "",
        }
    }

    /// The allowed range in words, display units: `1 to 10,000`, `0.001 to 1,000,000 MB/s`,
    /// `4 KiB to 1 MiB`, `one of tape, nfs`.
    pub fn allowed(&self) -> String {
        match self.kind {
            Choice(names) => format!("one of {}", names.join(", ")),
            Bytes if self.min < 1.0 && self.least > 1.0 => {
                format!("0, or {} to {}", size_words(self.least), size_words(self.max))
            }
            Bytes => format!("{} to {}", size_words(self.min), size_words(self.max)),
            _ => {
                let scale = self.display_scale();
                let text = format!("{} to {}", readable(self.min / scale), readable(self.max / scale));
                match self.unit() {
                    "" => text,
                    unit => format!("{text} {unit}"),
                }
            }
        }
    }

    /// Reads text in the field's display unit, checks it and returns the base-unit value.
    ///
    /// # Errors
    /// [`Error::InvalidValue`] naming the key and the allowed range, when the text is empty, not a
    /// number, not whole (counts), not one of the choices, or out of range.
    pub fn parse(&self, text: &str) -> Result<f64, Error> {
        let invalid = |what: String| Error::InvalidValue {
            key: self.key,
            message: format!("{what}; allowed: {}", self.allowed()),
        };
        // A comma that may mark decimals, where the value need not be whole: said what to write (a trial's
        // 2,500 TB was read as 2.5 PB where 2.5 TB was meant, and 1,5 was only "not a number").
        if !matches!(self.kind, Choice(_) | Count) {
            if let Some(advice) = crate::units::comma_advice(text) {
                return Err(invalid(format!("\"{}\" {advice}", shorten(text.trim()))));
            }
        }
        // Numbers as the page prints them, grouped in thousands (a trial typed 1,000,000 files and was refused).
        let ungrouped =
            if matches!(self.kind, Choice(_)) { text.into() } else { crate::units::ungroup_thousands(text) };
        let text = ungrouped.as_ref();
        let trimmed = text.trim();
        let value = match self.kind {
            Choice(names) => {
                // No choice's name holds a space, and people write "10 GbE" (a page trial's was refused).
                let joined: String = trimmed.split_whitespace().collect();
                return names
                    .iter()
                    .position(|n| n.eq_ignore_ascii_case(former_name(self.key, &joined)))
                    .map(|i| i as f64)
                    .ok_or_else(|| invalid(format!("\"{}\" is not a choice", shorten(trimmed))));
            }
            Bytes if trimmed.ends_with("/s") || trimmed.ends_with("ps") || trimmed.ends_with("/h") => {
                return Err(invalid(format!("\"{}\" is a rate; give a size", shorten(trimmed))));
            }
            Bytes => match parse_bytes(trimmed, self.display_scale()).map_err(&invalid)? {
                // A fraction of a byte is no size: 0 means none where a field allows it (a field whose
                // range starts at a byte or more says its range instead).
                bytes if self.is_part_of_a_byte(bytes) => {
                    return Err(invalid(format!("\"{}\" {}", shorten(trimmed), self.below_least_words())));
                }
                bytes => bytes,
            },
            // The planner's own rate reader: MB/s, MiB/s, TB/h, a bare number in MB/s; bits refused.
            Rate => parse_rate(trimmed).map_err(&invalid)?,
            Count => {
                if trimmed.is_empty() {
                    return Err(invalid("is empty".to_string()));
                }
                // A span in days written in weeks, months or years (`3y`, `18m`, `6w`), as the planner's
                // --horizon reads it: a page trial's `2y` for the timeline was refused as no whole number.
                if self.key.ends_with("_days") && trimmed.chars().any(|c| c.is_ascii_alphabetic()) {
                    let days = crate::units::parse_days(trimmed).map_err(&invalid)?;
                    return self.check(f64::from(days));
                }
                let number: f64 =
                    trimmed.parse().map_err(|_| invalid(format!("\"{}\" is not a whole number", shorten(trimmed))))?;
                if !number.is_finite() {
                    return Err(invalid(format!("\"{}\" is not a finite number", shorten(trimmed))));
                }
                if number.fract() != 0.0 {
                    return Err(invalid(format!("{} is not a whole number", shorten(trimmed))));
                }
                // A count has no unit to convert: its range error quotes it as typed (not as 1e20).
                return self.check(number).map_err(|_| invalid(format!("{} is out of range", shorten(trimmed))));
            }
            Number | Millis | Hours | Seconds | Percent => {
                // The unit the field shows may be typed after the number (`20 %`, `8h`, `0.5 ms`, `3 s`).
                let unit = match self.kind {
                    Percent => Some("%"),
                    Hours => Some("h"),
                    Millis => Some("ms"),
                    Seconds => Some("s"),
                    _ => None,
                };
                // Messages quote what was typed, its unit with it ("20%%", not "20%").
                let typed = trimmed;
                let trimmed = unit.and_then(|u| trimmed.strip_suffix(u)).map_or(trimmed, str::trim_end);
                // A ratio as the help and the stage texts write it (`2:1`, `2.5 : 1`), and a time of
                // hours and minutes (`8:30`, 8.5 h).
                if self.kind == Number {
                    if let Some((ratio, "1")) = trimmed.split_once(':').map(|(a, b)| (a.trim_end(), b.trim())) {
                        if let Ok(number) = ratio.parse::<f64>() {
                            return self.check(number);
                        }
                    }
                }
                if self.kind == Hours {
                    if let Some((h, m)) = trimmed.split_once(':') {
                        let (h, m) = (h.trim().parse::<u32>(), m.trim());
                        if let (Ok(h), true, Ok(m)) = (h, m.len() == 2, m.parse::<u32>()) {
                            if m < 60 {
                                return self.check(f64::from(h) * 3600.0 + f64::from(m) * 60.0);
                            }
                        }
                    }
                }
                // Hours and minutes written out (`7h30m`, `450m`, `90 min`), as Calibrate reads an
                // elapsed time: a trial's `7h30m` window was refused as "not a number".
                if self.kind == Hours && typed.chars().any(|c| c.is_ascii_alphabetic()) {
                    if let Ok(seconds) = crate::units::parse_duration(typed) {
                        return self.check(seconds);
                    }
                }
                let number: f64 = trimmed.parse().map_err(|_| {
                    invalid(if trimmed.is_empty() {
                        "is empty".to_string()
                    } else if self.kind == Hours {
                        format!("\"{}\" is not a number of hours: write 7.5, 7:30 or 7h30m", shorten(typed))
                    } else {
                        format!("\"{}\" is not a number", shorten(typed))
                    })
                })?;
                if !number.is_finite() {
                    return Err(invalid(format!("\"{}\" is not a finite number", shorten(typed))));
                }
                crate::units::scale_text(trimmed, number, self.display_scale())
            }
        };
        // Past the top of the range the number in display units is no help ("1000000000000000 PB" for
        // 1e30, "2147483648 TB" for a trial's 2e12 GiB): the message repeats what was typed.
        self.check(value).map_err(|error| match error {
            Error::InvalidValue { key, .. }
                if value > self.max && (self.kind == Bytes || self.format_loose(value).len() > 16) =>
            {
                Error::InvalidValue {
                    key,
                    message: format!("\"{}\" is out of range; allowed: {}", shorten(text.trim()), self.allowed()),
                }
            }
            other => other,
        })
    }

    /// Checks a base-unit value against the range.
    ///
    /// # Errors
    /// [`Error::InvalidValue`] when the value is not finite or out of range.
    pub fn check(&self, value: f64) -> Result<f64, Error> {
        // A relative tolerance keeps a value that was shown in display units and read back in range.
        // Each bound gets a slack relative to itself, so a value shown in display units and read back
        // stays in range, while a value below a small minimum (0 for a minimum of 1 KB/s) does not. A count
        // is typed as the whole number it is, so it gets none (1,000,000,001 files was taken as 1e9).
        let slack = if self.kind == Count { 0.0 } else { 1e-9 };
        if self.is_part_of_a_byte(value) {
            Err(Error::InvalidValue {
                key: self.key,
                message: format!("{} {}; allowed: {}", trim_float(value), self.below_least_words(), self.allowed()),
            })
        } else if value.is_finite()
            && value >= self.min - slack * self.min.abs()
            && value <= self.max + slack * self.max.abs()
        {
            Ok(value.clamp(self.min, self.max))
        } else {
            Err(Error::InvalidValue {
                key: self.key,
                message: format!("{} is out of range; allowed: {}", self.format_loose(value), self.allowed()),
            })
        }
    }

    /// Whether `value` is a size between 0 and the field's least size in a field whose range allows 0
    /// (none there): below 1 B no size at all, below a larger least size nothing real; refused, and brought
    /// to 0 or the least size ([`Scenario::sanitized`]).
    pub fn is_part_of_a_byte(&self, value: f64) -> bool {
        self.kind == Bytes && self.min < 1.0 && value > 0.0 && value < self.least
    }

    /// Why a size below the least one is refused, in words.
    fn below_least_words(&self) -> String {
        if self.least <= 1.0 {
            "is less than one byte; a size is 0 or at least 1 B".to_string()
        } else {
            format!("is less than {}; 0 means none", size_words(self.least))
        }
    }

    fn format_loose(&self, value: f64) -> String {
        if !value.is_finite() {
            return "the value".to_string();
        }
        match self.kind {
            Choice(_) => trim_float(value),
            // Below a byte the exact text runs to hundreds of digits (a trial's wsize=1e-320).
            Bytes if value.abs() < 1.0 => format!("{} B", trim_float(value)),
            Bytes => size_words(value),
            _ => {
                let unit = self.unit();
                let number = trim_float(value / self.display_scale());
                if unit.is_empty() {
                    number
                } else {
                    format!("{number} {unit}")
                }
            }
        }
    }

    /// Reads, checks and stores text into the scenario.
    ///
    /// # Errors
    /// As [`Field::parse`]; the scenario is unchanged on error.
    pub fn apply(&self, scenario: &mut Scenario, text: &str) -> Result<(), Error> {
        let value = self.parse(text)?;
        (self.set)(scenario, value);
        Ok(())
    }
}

/// Shortest text of `value` rounded to 12 significant digits, so that a value divided into display
/// units shows as `3.0916`, not `3.0915999999999997`.
fn trim_float(value: f64) -> String {
    // For messages only; links and inputs use `exact_text`.
    let rounded = crate::units::round_significant(value, 12);
    if rounded != 0.0 && !(1e-6..1e15).contains(&rounded.abs()) {
        // 1e-300 would print three hundred digits.
        return format!("{rounded:e}");
    }
    let text = format!("{rounded}");
    text.strip_suffix(".0").map(str::to_string).unwrap_or(text)
}

/// Text of `value / scale` that [`Field::parse`] reads back as exactly `value`, as short as possible:
/// `3.0916` for 3.0916e-3 s in ms, `45` for 45e6 B/s in MB/s, all 16 digits for an average file size of
/// 4,525,228,032 / 90,177 B. Links restore scenarios exactly.
///
/// For a power-of-ten scale the digits are `value`'s own shortest round-trip digits with the decimal
/// point moved (parsing appends the exponent back); for another whole scale (3,600 s an hour, which
/// the reader multiplies exactly, digit by digit) the fewest significant digits of the exact quotient
/// that read back as `value`: `4.1666666666666667` for 15,000 s, `0.07` for 252 s, `8` for 28,800 s.
fn exact_text(value: f64, scale: f64) -> String {
    let exponent = scale.log10().round() as i32;
    if value.is_finite() && value > 0.0 && 10f64.powi(exponent) == scale {
        let scientific = format!("{value:e}");
        if let Some((mantissa, power)) = scientific.split_once('e') {
            if let Ok(power) = power.parse::<i32>() {
                return plain_decimal(&mantissa.replace('.', ""), power - exponent);
            }
        }
    }
    let shown = value / scale;
    if value.is_finite() && value != 0.0 && scale >= 1.0 && scale.fract() == 0.0 && scale < 1e9 {
        // The reader multiplies the decimal exactly by the scale and rounds once: the fewest
        // significant digits of value / scale (worked out exactly, not from the rounded double
        // `shown`) whose decimal rounds back to `value`. The decimals that do lie around the exact
        // quotient, so the nearest below and above it at each length are the ones to try; at 17
        // digits they are within half a double's step.
        let (digits, power) = quotient_digits(value.abs(), scale as u64);
        let sign = if value < 0.0 { "-" } else { "" };
        for length in 1..=20.min(digits.len()) {
            let below = &digits[..length];
            let above = decimal_increment(below);
            // One more digit when the increment carries (`99` + 1 is `100`).
            let mut candidates =
                [plain_decimal(below, power), plain_decimal(&above, power + (above.len() - length) as i32)];
            // The nearer first: the rounded decimal, as people write it.
            if digits.as_bytes().get(length).is_some_and(|&next| next >= b'5') {
                candidates.swap(0, 1);
            }
            for text in candidates {
                let text = format!("{sign}{}", trim_decimal_zeros(&text));
                let number: f64 = text.parse().unwrap_or(f64::NAN);
                if crate::units::scale_text(&text, number, scale) == value {
                    return text;
                }
            }
        }
    }
    let text = format!("{shown}");
    text.strip_suffix(".0").map(str::to_string).unwrap_or(text)
}

/// The decimal digits of `value / scale` (for `value` above zero), at least 30 significant ones, and
/// the power of ten of the first: `("41666666666666666666666666666...", 0)` for 15,000 / 3,600. Long
/// division of `value`'s own decimal digits (41 of them, exact to 1e-40) by `scale`.
fn quotient_digits(value: f64, scale: u64) -> (String, i32) {
    let scientific = format!("{value:.40e}");
    let (mantissa, power) = scientific.split_once('e').unwrap_or((&scientific, "0"));
    let power: i32 = power.parse().unwrap_or(0);
    let mut quotient = String::new();
    let mut remainder = 0u64;
    // The 41 digits, then zeros for the quotient's further digits.
    let numerator = mantissa.bytes().filter(u8::is_ascii_digit).map(|b| u64::from(b - b'0'));
    for digit in numerator.chain(std::iter::repeat_n(0, 12)) {
        remainder = remainder * 10 + digit;
        quotient.push(char::from(b'0' + (remainder / scale) as u8));
        remainder %= scale;
    }
    // The first quotient digit stands where the numerator's first did (10^power); skip its zeros.
    let zeros = quotient.bytes().take_while(|&b| b == b'0').count();
    (quotient[zeros..].to_string(), power - zeros as i32)
}

/// A string of decimal digits plus one in its last place: `"129"` gives `"130"`, `"99"` gives `"100"`.
fn decimal_increment(digits: &str) -> String {
    let mut out: Vec<u8> = digits.bytes().collect();
    for byte in out.iter_mut().rev() {
        if *byte == b'9' {
            *byte = b'0';
        } else {
            *byte += 1;
            return String::from_utf8(out).unwrap_or_default();
        }
    }
    format!("1{}", String::from_utf8(out).unwrap_or_default())
}

/// A plain decimal without the zeros at the end of its fraction: `1.300` is `1.3`, `2.0` is `2`.
fn trim_decimal_zeros(text: &str) -> &str {
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.')
    } else {
        text
    }
}

/// Digits `d1 d2 d3 ...` meaning `d1.d2d3... x 10^power`, written without an exponent: `702.42`, `0.005`.
fn plain_decimal(digits: &str, power: i32) -> String {
    let point = power + 1;
    let length = digits.len() as i32;
    if point <= 0 {
        format!("0.{}{digits}", "0".repeat((-point) as usize))
    } else if point >= length {
        format!("{digits}{}", "0".repeat((point - length) as usize))
    } else {
        format!("{}.{}", &digits[..point as usize], &digits[point as usize..])
    }
}

/// A bound for a message: whole numbers with separators (`10,000`), others as written (`0.001`).
fn readable(value: f64) -> String {
    if value.fract() == 0.0 && value.abs() < 1e15 {
        crate::units::format_count(value)
    } else {
        trim_float(value)
    }
}

/// A byte bound in words: `512 B`, `4 KiB`, `1 PB`.
fn size_words(bytes: f64) -> String {
    let exact = format_size_exact(bytes);
    match exact.find(|c: char| c.is_ascii_alphabetic()) {
        Some(at) => format!("{} {}", &exact[..at], &exact[at..]),
        None => format!("{exact} B"),
    }
}

fn shorten(text: &str) -> String {
    let mut out: String = text.chars().take(40).collect();
    if text.chars().count() > 40 {
        out.push('…');
    }
    out
}

/// A byte count as short as it can be written and still read back as exactly the same value, with
/// the unit that allows it: `10TB`, `256KiB`, `1MiB`, `1.5TB`, `12.516TiB` (as typed), `50181`.
fn shortest_size_text(bytes: f64) -> String {
    const UNITS: [(f64, &str); 10] = [
        (TB * 1000.0, "PB"),
        (1024.0 * 1024.0 * MIB * 1024.0, "PiB"),
        (TB, "TB"),
        (MIB * MIB, "TiB"),
        (1e9, "GB"),
        (1024.0 * MIB, "GiB"),
        (MB, "MB"),
        (MIB, "MiB"),
        (1e3, "KB"),
        (KIB, "KiB"),
    ];
    // Most sizes are a whole number of some unit: the largest such unit writes them shortest, and a
    // decimal ("1.5TB") can only be shorter than a whole number of four digits or more ("1500GB").
    let whole =
        UNITS.iter().find(|(scale, _)| bytes >= *scale && (bytes / scale).fract() == 0.0 && bytes / scale < 1e15);
    if let Some((scale, name)) = whole {
        if bytes / scale < 1000.0 {
            return format!("{}{name}", bytes / scale);
        }
    }
    // A bare byte count only when it is no longer than every size with a unit. A whole count below
    // 2^53 is its own digits (every integer there is a distinct double, so no shorter decimal reads
    // back as it): written without the general search.
    let bare = if bytes.fract() == 0.0 && (1.0..9.007e15).contains(&bytes) {
        (bytes as u64).to_string()
    } else {
        exact_text(bytes, 1.0)
    };
    // Nothing longer than the bare count, or than the whole number of a unit (which the search finds
    // in its own unit), can be the answer: the search skips such lengths (`digits` decimals write at
    // least `digits + 1` characters before the unit, and at least the digits of the whole part). A 10,000-job list is written into the share link
    // size by size; this keeps that to a few tries a size (issue 18).
    // The whole number's digits (it is below 10^15, so written without an exponent).
    let longest = whole.map_or(bare.len(), |(scale, name)| {
        ((bytes / scale) as u64).checked_ilog10().map_or(1, |d| d as usize + 1) + name.len()
    });
    let longest = longest.min(bare.len());
    // A whole byte count that ends in a zero, below 2^50, with `s` significant digits (trailing zeros
    // aside) needs all `s` in a decimal unit: fewer round it by at least 10 bytes, and reading the text
    // back (a decimal times the unit in f64, the fraction of a byte dropped) errs by under a quarter of
    // a byte there. (With no trailing zero a rounding of 1 byte can read back exactly: 8.14PB is
    // 8,140,000,000,000,001 bytes.)
    let significant = (bytes.fract() == 0.0 && bytes < 1.1e15 && bytes % 10.0 == 0.0).then(|| {
        let mut n = bytes as u64;
        while n >= 10 && n.is_multiple_of(10) {
            n /= 10;
        }
        n.checked_ilog10().map_or(1, |d| d as usize + 1)
    });
    let mut best: Option<String> = None;
    for (scale, name) in UNITS {
        if bytes < scale {
            continue;
        }
        let shown = bytes / scale;
        // The whole part alone writes this many digits.
        let whole_digits = shown.log10().floor().max(0.0) as usize + 1;
        let first = if name.ends_with("iB") { 0 } else { significant.map_or(0, |s| s - 1) };
        // `digits` decimals beyond the whole part write a point too.
        let shortest = |d: usize| if d + 1 > whole_digits { d + 2 } else { whole_digits } + name.len();
        // The exponent of the first digit (one too high or low near a power of ten: see below).
        let exponent = shown.log10().floor() as i32;
        for digits in (first..17).take_while(|&d| shortest(d) <= longest) {
            // The candidate lies on a grid of 10^(exponent - digits) (a grid ten times coarser when
            // `exponent` came out one too high, the same one when one too low); rounding to the grid
            // ten times finer than that is never further off, and costs no text. When even that misses
            // the size by more than the read-back allows (with room for float error), this count of
            // digits cannot read back and is skipped without writing it out: each skip saves a float
            // formatting and parse, and a 10,000-job list of odd byte counts tried several a unit
            // (issue 18).
            let step = 10f64.powi(exponent - digits as i32 - 1);
            let finer_off = ((shown / step).round() * step - shown).abs() * scale;
            if finer_off.is_finite() && finer_off > 3.0 + bytes * 1e-12 {
                continue;
            }
            let number: f64 = format!("{shown:.digits$e}").parse().unwrap_or(f64::NAN);
            // The size reader multiplies the number by the unit (exactly, for a whole number) and
            // drops the fraction of a byte: a product further off than that cannot read back.
            let off = (number * scale - bytes).abs();
            if off.is_nan() || off > 2.0 + bytes * 1e-12 {
                continue;
            }
            let text = plain_number(number);
            let candidate = format!("{text}{name}");
            if parse_bytes(&candidate, 1.0) == Ok(bytes) {
                if best.as_ref().is_none_or(|b| candidate.len() < b.len()) {
                    best = Some(candidate);
                }
                break;
            }
        }
    }
    match best {
        Some(with_unit) if with_unit.len() <= bare.len() => with_unit,
        _ => bare,
    }
}

/// [`shortest_size_text`], a count under 1 MB with its `B`: a bare number that small is taken for one
/// meant in another unit, and warned of when the link is opened again (a trial's `data=0.5KB` was
/// written back as `data=500`).
fn format_size_exact(bytes: f64) -> String {
    let text = shortest_size_text(bytes);
    if bytes > 0.0 && bytes < 1e6 && text.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
        text + "B"
    } else {
        text
    }
}

/// `value` in plain decimal notation, without an exponent or a trailing `.0`: `12.516`, `1500`.
fn plain_number(value: f64) -> String {
    let text = format!("{value}");
    text.strip_suffix(".0").map(str::to_string).unwrap_or(text)
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_choice_reads_with_spaces_inside_it() {
        // Page trial pt64 (L8): a job's Client link cell refused "10 GbE" where it read "10gbe".
        let nic = field_by_key("client_nic").unwrap();
        assert_eq!(nic.parse("10 GbE").unwrap(), nic.parse("10GbE").unwrap());
        assert_eq!(nic.parse(" 2.5 gbe ").unwrap(), nic.parse("2.5GbE").unwrap());
        let mut job = crate::fleet::parse_jobs("name,data\ndb,6TB").0.remove(0);
        crate::fleet::set_cell(&mut job, "client_nic", "10 GbE").unwrap();
        assert_eq!(job.client_link, Some(crate::catalog::EthernetLink::Gbe10));
        // Letters are still whole: a space does not join two names into another.
        assert!(nic.parse("10 Gb").is_err());
    }

    #[test]
    fn sync_export_is_shown_only_for_writes_that_wait_for_it() {
        // A page trial: "Sync export" stayed in the form beside buffered writes, which the server answers
        // from memory whatever its export says (and the model's rate does not change with it).
        let sync = field_by_key("sync").unwrap();
        let applies = |link: &str| (sync.applies)(&crate::codec::decode(link).scenario);
        assert!(applies("v=1&target=nfs"));
        assert!(!applies("v=1&target=nfs&writes=buffered"));
        assert!(!applies("v=1&target=nfs&workload=retrieve"));
        assert!(!applies("v=1"));
    }

    #[test]
    fn a_flash_client_class_sets_the_streams_own_fields() {
        // Stop 64: on flash a backup stream reads at the storage's rate and streams add up whole, so the
        // rate of one stream and the stream scaling are shown as not used; on disks they are the free numbers.
        for key in ["stream_rate", "stream_scaling"] {
            let field = field_by_key(key).unwrap();
            let applies = |link: &str| (field.applies)(&crate::codec::decode(link).scenario);
            assert!(applies("v=1"), "{key}");
            assert!(applies("v=1&client_class=linux-ext4-hdd"), "{key}");
            assert!(!applies("v=1&client_class=linux-ext4-ssd"), "{key}");
            assert!(!applies("v=1&client_class=linux-ext4-nvme"), "{key}");
            assert!(!applies("v=1&target=nfs"), "{key}");
        }
    }

    #[test]
    fn a_size_far_below_its_range_is_said_in_a_few_characters() {
        // A planner trial: wsize=1e-320 came back as a 390-character decimal.
        let wsize = field_by_key("wsize").unwrap();
        let message = wsize.check(1e-320).unwrap_err().to_string();
        assert_eq!(message, "wsize: 1e-320 B is out of range; allowed: 4 KiB to 1 MiB");
        assert_eq!(wsize.check(0.5).unwrap_err().to_string(), "wsize: 0.5 B is out of range; allowed: 4 KiB to 1 MiB");
    }

    #[test]
    fn every_menu_label_names_a_choice_of_its_field() {
        for &(key, name, label) in super::CHOICE_LABELS {
            let field = super::field_by_key(key).unwrap_or_else(|| panic!("{key}"));
            let super::Kind::Choice(names) = field.kind else { panic!("{key} is not a menu") };
            assert!(names.contains(&name), "{key}: {name}");
            assert_eq!(field.choice_label(name), label);
        }
        let field = |key| super::field_by_key(key).unwrap();
        assert_eq!(field("job_order").choice_label("longest"), "Longest first");
        // Every kind of repository, not disks alone (a page trial read "Disk repository" above "Object store").
        assert_eq!(field("target").choice_label("repository"), "Repository (disk, appliance or object store)");
        assert_eq!(field("lto").choice_label("LTO-9"), "LTO-9", "a name that reads as words stays");
        assert_eq!(field("lto").choice_label("LTO-99"), "", "no such choice");
    }

    use super::*;

    #[test]
    fn a_ratio_and_hours_and_minutes_read_as_written() {
        // A new user's trial (stop 39): the help says "2 = 2:1", and "2:1" was not a number.
        let compression = field_by_key("compression").unwrap();
        assert_eq!(compression.parse("2:1").unwrap(), 2.0);
        assert_eq!(compression.parse("2.5 : 1").unwrap(), 2.5);
        assert!(compression.parse("2:3").is_err());
        assert!(compression.parse("20:1").unwrap_err().to_string().contains("allowed: 1 to 10"));
        let window = field_by_key("window_h").unwrap();
        assert_eq!(window.parse("8:30").unwrap(), 30_600.0);
        assert_eq!(window.parse("8").unwrap(), 28_800.0);
        assert!(window.parse("8:75").is_err() && window.parse("8:5").is_err());
    }

    #[test]
    fn the_single_client_inputs_say_what_they_are_with_jobs() {
        // Every job column that overrides a field is a default for the job rows.
        for column in crate::fleet::COLUMNS {
            if let Some(field) = field_by_key(column).filter(|f| f.key != "data") {
                assert_eq!(field.with_jobs(), Some(WithJobs::Default), "{column}");
                assert!(field.help_with_jobs().is_some(), "{column}");
            }
        }
        let label = |key: &str, jobs: bool| field_by_key(key).unwrap().label_with_jobs(jobs);
        assert_eq!(label("client_nic", true), "Client link (default for the job rows)");
        assert_eq!(label("client_nic", false), "Client link");
        assert_eq!(label("data", true), "Data set (not used: the jobs hold the data)");
        assert_eq!(label("clients", true), "Clients (not used: one per job)");
        assert_eq!(label("drives", true), "Tape drives");
        let changed: Vec<&str> = FIELDS.iter().filter(|f| f.with_jobs().is_some()).map(|f| f.key).collect();
        assert_eq!(changed, ["data", "file_size", "clients", "streams", "client_nic", "client_ports", "rtt_ms"]);
    }

    /// The size writer before issue 18 pruned its search: every unit, every count of digits.
    fn format_size_by_full_search(bytes: f64) -> String {
        const UNITS: [(f64, &str); 10] = [
            (TB * 1000.0, "PB"),
            (1024.0 * 1024.0 * MIB * 1024.0, "PiB"),
            (TB, "TB"),
            (MIB * MIB, "TiB"),
            (1e9, "GB"),
            (1024.0 * MIB, "GiB"),
            (MB, "MB"),
            (MIB, "MiB"),
            (1e3, "KB"),
            (KIB, "KiB"),
        ];
        let whole =
            UNITS.iter().find(|(scale, _)| bytes >= *scale && (bytes / scale).fract() == 0.0 && bytes / scale < 1e15);
        if let Some((scale, name)) = whole {
            if bytes / scale < 1000.0 {
                return format!("{}{name}", bytes / scale);
            }
        }
        let mut best: Option<String> = None;
        for (scale, name) in UNITS {
            if bytes < scale {
                continue;
            }
            let shown = bytes / scale;
            for digits in 0..17 {
                let number: f64 = format!("{shown:.digits$e}").parse().unwrap_or(f64::NAN);
                let candidate = format!("{}{name}", plain_number(number));
                if parse_bytes(&candidate, 1.0) == Ok(bytes) {
                    if best.as_ref().is_none_or(|b| candidate.len() < b.len()) {
                        best = Some(candidate);
                    }
                    break;
                }
            }
        }
        let bare = exact_text(bytes, 1.0);
        match best {
            Some(with_unit) if with_unit.len() <= bare.len() => with_unit,
            _ => bare,
        }
    }

    #[test]
    fn the_pruned_size_writer_writes_what_the_full_search_wrote() {
        let mut state = 18u64;
        let mut next = || {
            state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            (state >> 11) as f64 / (1u64 << 53) as f64
        };
        let mut sizes = vec![
            0.0,
            1.0,
            999.0,
            1000.0,
            1024.0,
            1536.0,
            4567e9,
            1500e9,
            1234567e6,
            4.5e12,
            1e17,
            2.0f64.powi(53) + 2.0,
        ];
        for _ in 0..3000 {
            let magnitude = 10f64.powf(next() * 17.0);
            sizes.push((magnitude * next()).round());
            sizes.push(magnitude * next());
            // Whole and decimal numbers of every unit, as typed.
            let unit = [1e3, 1e6, 1e9, 1e12, 1e15, KIB, MIB, 1024.0 * MIB, MIB * MIB][(next() * 9.0) as usize];
            sizes.push((next() * 20000.0).round() * unit);
            sizes.push((next() * 20000.0).round() / 100.0 * unit);
        }
        for bytes in sizes {
            assert_eq!(shortest_size_text(bytes), format_size_by_full_search(bytes), "{bytes}");
        }
    }

    #[test]
    fn keys_are_unique_and_defaults_are_in_range() {
        let defaults = Scenario::default();
        for (i, field) in FIELDS.iter().enumerate() {
            assert!(FIELDS[i + 1..].iter().all(|other| other.key != field.key), "duplicate key {}", field.key);
            let value = (field.get)(&defaults);
            assert!(field.check(value).is_ok(), "default of {} out of range: {value}", field.key);
        }
    }

    #[test]
    fn every_field_reads_back_what_it_writes() {
        let defaults = Scenario::default();
        for field in FIELDS {
            let value = (field.get)(&defaults);
            let text = field.format(value);
            assert_eq!(field.parse(&text), Ok(value), "{} via {text:?}", field.key);
        }
    }

    #[test]
    fn spans_of_days_read_weeks_months_and_years() {
        let horizon = field_by_key("horizon_days").unwrap();
        for (text, days) in [
            ("3y", 1095.0),
            ("18m", 548.0),
            ("18mo", 548.0),
            ("6w", 42.0),
            ("90d", 90.0),
            ("3 y", 1095.0),
            ("400", 400.0),
        ] {
            assert_eq!(horizon.parse(text), Ok(days), "{text}");
        }
        assert!(horizon.parse("11y").unwrap_err().to_string().contains("allowed: 7 to 3,653"));
        assert!(horizon
            .parse("lots")
            .unwrap_err()
            .to_string()
            .contains("is not a span of days: write 3y, 18m, 6w or 90d"));
        assert_eq!(field_by_key("retention_days").unwrap().parse("4w"), Ok(28.0));
    }

    #[test]
    fn a_window_reads_hours_and_minutes_written_out() {
        let window = field_by_key("window_h").unwrap();
        for (text, hours) in [("7h30m", 7.5), ("450m", 7.5), ("90 min", 1.5), ("7.5h", 7.5), ("7:30", 7.5), ("8", 8.0)]
        {
            assert_eq!(window.parse(text), Ok(hours * 3600.0), "{text}");
        }
        let said = window.parse("lots").unwrap_err().to_string();
        assert!(said.contains("\"lots\" is not a number of hours: write 7.5, 7:30 or 7h30m"), "{said}");
        assert!(window.parse("-7h").unwrap_err().to_string().contains("allowed: 0 to 8,760 h"));
    }

    #[test]
    fn sizes_are_written_with_whole_suffixes() {
        let cases = [
            (10e12, "10TB"),
            (262_144.0, "256KiB"),
            (1_048_576.0, "1MiB"),
            (50_181.0, "50181B"),
            (500.0, "500B"),
            (0.0, "0"),
            (1_234_567.0, "1234567"),
            (1.5e12, "1.5TB"),
            (4_525_228_032.0, "4419168KiB"),
        ];
        for (bytes, text) in cases {
            assert_eq!(format_size_exact(bytes), text);
        }
    }

    #[test]
    fn sizes_keep_the_text_they_were_typed_as() {
        let data = field_by_key("data").unwrap();
        for typed in ["12.516TiB", "49.2GB", "19GiB", "1.5TB", "700GB"] {
            let value = data.parse(typed).unwrap();
            assert_eq!(data.format(value), typed);
        }
    }

    #[test]
    fn ranges_read_naturally() {
        let allowed = |key| field_by_key(key).unwrap().allowed();
        assert_eq!(allowed("clients"), "1 to 10,000");
        assert_eq!(allowed("client_ports"), "1 to 64");
        assert_eq!(allowed("wsize"), "4 KiB to 1 MiB");
        assert_eq!(allowed("block"), "512 B to 16 MiB");
        assert_eq!(allowed("stream_scaling"), "0.1 to 1");
        assert_eq!(allowed("stream_rate"), "0.001 to 1,000,000 MB/s");
        assert_eq!(field_by_key("commit_ms").unwrap().format(crate::NFS_SYNC_COMMIT_SEC), "3.0916");
        let size = field_by_key("file_size").unwrap();
        let average = 4_525_228_032.0 / 90_177.0;
        assert_eq!(size.parse(&size.format(average)), Ok(average), "links restore values exactly");
    }

    #[test]
    fn the_keys_of_issue_17_round_trip_and_name_their_range() {
        // (key, a value other than the default as a link writes it, a bad value, its range in words)
        let table = [
            ("client_class", "linux-ext4-nvme", "windows-xp", "one of entered, windows-ntfs-array-2005,"),
            ("read_rate", "3500", "-1", "0 to 1,000,000 MB/s"),
            ("cpu_compress", "zstd", "brotli", "one of entered, none, lz4, zstd, gzip"),
            ("gzip_level", "1", "10", "1 to 9"),
            ("cpu_hash", "on", "maybe", "one of off, on"),
            ("cpu_encrypt", "on", "2", "one of off, on"),
            ("client_cores", "32", "2000", "0 to 1,024"),
            ("threads", "4", "0", "1 to 256"),
            ("conn_rate", "2000", "0.5", "1 to 1,000,000 MB/s"),
            ("restore_io_ms", "0.4997", "-1", "0 to 100,000 ms"),
        ];
        for (key, good, bad, range) in table {
            let field = field_by_key(key).unwrap_or_else(|| panic!("no field {key}"));
            let value = field.parse(good).unwrap();
            assert_ne!(value, (field.get)(&Scenario::default()), "{key}: {good} is the default");
            assert_eq!(field.format(value), good, "{key}");
            let mut scenario = Scenario::default();
            field.apply(&mut scenario, good).unwrap();
            let link = crate::codec::encode(&scenario);
            assert!(link.contains(&format!("{key}={good}")), "{link}");
            assert_eq!(crate::codec::decode(&link).scenario, scenario, "{key}");
            let message = field.parse(bad).unwrap_err().to_string();
            assert!(message.starts_with(&format!("{key}: ")), "{message}");
            assert!(message.contains(range), "{key}: {message}");
            assert!(!field.help.is_empty() && !field.label.is_empty());
        }
    }

    /// Issue 16, item 9: `stream_rate=45MB` and `cpu_rate=2GB` were read as per second; a rate per hour
    /// reads as what it is, and writes back in MB/s.
    #[test]
    fn a_size_where_a_rate_belongs_is_refused() {
        for (key, text) in [("stream_rate", "45MB"), ("cpu_rate", "2GB"), ("conn_rate", "100MiB")] {
            let message = field_by_key(key).unwrap().parse(text).unwrap_err().to_string();
            assert!(
                message.starts_with(&format!("{key}: \"{text}\" is a size, not a rate: a rate needs /s ({text}/s)")),
                "{message}"
            );
            assert!(message.contains("; allowed: "), "{message}");
        }
        let stream = field_by_key("stream_rate").unwrap();
        let per_hour = stream.parse("45MB/h").unwrap();
        assert_eq!(per_hour, 12_500.0, "45 MB an hour is 12.5 KB/s");
        assert_eq!(stream.format(per_hour), "0.0125");
        assert_eq!(stream.parse("0.0125"), Ok(per_hour));
        let slow = stream.parse("1MB/h").unwrap_err().to_string();
        assert!(slow.contains("0.000277777777778 MB/s is out of range; allowed: 0.001 to 1,000,000 MB/s"), "{slow}");
        let decoded = crate::codec::decode("v=1&stream_rate=45MB&cpu_rate=2GB");
        let keys: Vec<_> = decoded.issues.iter().filter_map(|e| e.key()).collect();
        assert_eq!(keys, ["stream_rate", "cpu_rate"]);
    }

    #[test]
    fn what_a_default_zero_means_ends_with_its_clause() {
        let meaning = |key: &str| field_by_key(key).unwrap().zero_means();
        assert_eq!(meaning("catalog_ms"), Some("the default 0.18 ms"));
        assert_eq!(meaning("drive_rate"), Some("the catalogue's figure for the generation and height"));
        assert_eq!(meaning("clients"), None);
    }

    /// Issue 16, item 9: `data=1e-300` was accepted as a data set of a fraction of a byte.
    #[test]
    fn sizes_below_one_byte_are_refused_and_zero_still_means_none() {
        for field in FIELDS.iter().filter(|f| f.kind == Bytes) {
            for text in ["1e-300", "0.5", "0.999KiB"] {
                let value = field.parse(text);
                assert!(value.as_ref().map_or(true, |v| *v >= 1.0), "{}={text} reads as {value:?}", field.key);
            }
            let message = field.parse("1e-300").unwrap_err().to_string();
            assert!(message.starts_with(&format!("{}: ", field.key)) && message.contains("; allowed: "), "{message}");
            if field.min == 0.0 && field.least == 1.0 {
                assert!(message.contains("\"1e-300\" is less than one byte; a size is 0 or at least 1 B"), "{message}");
                assert_eq!(field.parse("1"), Ok(1.0), "{}", field.key);
            }
            if field.min == 0.0 {
                assert_eq!(field.parse("0"), Ok(0.0), "{}: 0 means none", field.key);
                assert!(field.parse(&field.least.to_string()).is_ok(), "{}: its least size", field.key);
                assert!(
                    field.parse(&(field.least * 0.999).to_string()).is_err(),
                    "{}: under its least size",
                    field.key
                );
            }
        }
        let decoded = crate::codec::decode("v=1&data=1e-300");
        assert_eq!(decoded.issues[0].key(), Some("data"));
        assert_eq!(decoded.scenario.data_set_bytes, 0.0);
        let (jobs, errors) = crate::fleet::parse_jobs("name,data\na,1e-300\nb,1TB");
        assert_eq!(jobs.len(), 1);
        assert!(errors[0].to_string().contains("less than one byte"), "{errors:?}");
    }

    /// Issue 16, item 9: 15,000 s was written as 4.166666666666667 h and read back as
    /// 15000.000000000002 s.
    #[test]
    fn hours_are_written_with_the_shortest_text_that_reads_back_exactly() {
        let window = field_by_key("window_h").unwrap();
        let cases = [
            (15_000.0, "4.1666666666666667"),
            (252.0, "0.07"),
            (28_800.0, "8"),
            (4_680.0, "1.3"),
            (0.0, "0"),
            (1.0, "0.0002777777777777778"),
        ];
        for (seconds, text) in cases {
            assert_eq!(window.format(seconds), text, "{seconds} s");
            assert_eq!(window.parse(text), Ok(seconds), "{text} h");
        }
        // A text typed with more digits than needed reads as its exact product too.
        assert_eq!(window.parse("4.166666666666667"), Ok(15_000.000_000_000_002));
        assert_eq!(window.parse("0.07"), Ok(252.0), "the double 0.07 times 3600 is 252.00000000000003");
        let mut scenario = Scenario { backup_window_sec: 15_000.0, ..Scenario::default() };
        scenario.copy_window_sec = 1.0 / 3.0;
        let link = crate::codec::encode(&scenario);
        assert!(link.contains("window_h=4.1666666666666667"), "{link}");
        assert_eq!(crate::codec::decode(&link).scenario, scenario, "{link}");
    }

    #[test]
    fn the_unit_shown_may_be_typed_after_the_number() {
        assert_eq!(field_by_key("window_h").unwrap().parse("8h"), Ok(28_800.0));
        assert_eq!(field_by_key("window_h").unwrap().parse("1.5 h"), Ok(5_400.0));
        assert_eq!(field_by_key("rpc_ms").unwrap().parse("0.5 ms"), Ok(0.0005));
        assert_eq!(field_by_key("headroom").unwrap().parse("20 %"), Ok(0.2));
        let clients = field_by_key("clients").unwrap().parse("99999999999999999999").unwrap_err().to_string();
        assert_eq!(clients, "clients: 99999999999999999999 is out of range; allowed: 1 to 10,000");
        let data = field_by_key("data").unwrap().parse("999999999TB").unwrap_err().to_string();
        assert_eq!(data, "data: \"999999999TB\" is out of range; allowed: 0 B to 100 PB");
        let binary = field_by_key("data").unwrap().parse("2e12 GiB").unwrap_err().to_string();
        assert_eq!(binary, "data: \"2e12 GiB\" is out of range; allowed: 0 B to 100 PB");
        let huge = field_by_key("data").unwrap().parse("1e30").unwrap_err().to_string();
        assert_eq!(huge, "data: \"1e30\" is out of range; allowed: 0 B to 100 PB");
    }

    #[test]
    fn bad_values_name_the_key_and_the_range() {
        let clients = field_by_key("clients").unwrap();
        let cases = [
            ("0", "out of range"),
            ("2.5", "whole"),
            ("many", "not a whole number"),
            ("", "is empty"),
            ("1e9", "out of range"),
            ("1e400", "not a finite number"),
        ];
        for (text, fragment) in cases {
            let message = clients.parse(text).unwrap_err().to_string();
            assert!(message.starts_with("clients: "), "{message}");
            assert!(message.contains(fragment), "{message}");
            assert!(message.contains("allowed: 1 to 10,000"), "{message}");
        }
        // Quoted as typed, its unit with it (a trial read "\"20%\" is not a number" for 20%%).
        let headroom = field_by_key("headroom").unwrap().parse("20%%").unwrap_err().to_string();
        assert!(headroom.contains("\"20%%\" is not a number; allowed: 0 to 90 %"), "{headroom}");
        let window = field_by_key("window_h").unwrap().parse("inf h").unwrap_err().to_string();
        assert!(window.contains("\"inf h\" is not a finite number"), "{window}");
        let lto = field_by_key("lto").unwrap().parse("LTO-11").unwrap_err().to_string();
        assert!(lto.contains("one of LTO-1,"), "{lto}");
        assert!(field_by_key("stream_rate").unwrap().parse("0").unwrap_err().to_string().contains("out of range"));
        assert!(field_by_key("file_size").unwrap().parse("0.5").unwrap_err().to_string().contains("out of range"));
        assert!(field_by_key("data").unwrap().parse("1 GB/s").unwrap_err().to_string().contains("is a rate"));
        let rsize = field_by_key("rsize").unwrap().parse("4095").unwrap_err().to_string();
        assert!(rsize.contains("4095 B is out of range; allowed: 4 KiB to 1 MiB"), "{rsize}");
        // Grouped in thousands as the page prints numbers; a decimal comma is no grouping.
        assert_eq!(field_by_key("restore_files").unwrap().parse("1,000,000").ok(), Some(1e6));
        // A count one past its maximum is refused, not taken as the maximum.
        let files = field_by_key("restore_files").unwrap().parse("1000000001").unwrap_err().to_string();
        assert!(files.contains("out of range; allowed: 0 to 1,000,000,000"), "{files}");
        assert_eq!(field_by_key("clients").unwrap().parse("1,000").ok(), Some(1000.0));
        assert_eq!(field_by_key("data").unwrap().parse("2,000,000 GB").ok(), Some(2e15));
        assert_eq!(field_by_key("stream_rate").unwrap().parse("1,130.5 MB/s").ok(), Some(1.1305e9));
        // One group where a value need not be whole could be a decimal comma: refused, saying what to
        // write (a trial's 2,500 TB meant 2.5 TB and was read as 2.5 PB).
        let data = field_by_key("data").unwrap().parse("2,500 TB").unwrap_err().to_string();
        assert!(data.contains("\"2,500 TB\" could be 2500 or 2.5: write it without the comma, or with a point for a decimal; allowed: 0 B to 100 PB"), "{data}");
        let ratio = field_by_key("compression").unwrap().parse("1,5").unwrap_err().to_string();
        assert!(ratio.contains("\"1,5\" takes a point for its decimals: write 1.5; allowed: 1 to 10"), "{ratio}");
        let comma = field_by_key("clients").unwrap().parse("1,5").unwrap_err().to_string();
        assert!(comma.contains("\"1,5\" is not a whole number"), "{comma}");
        let rate = field_by_key("stream_rate").unwrap().parse("-5").unwrap_err().to_string();
        assert!(rate.contains("negative") && rate.contains("MB/s"), "{rate}");
    }
}
