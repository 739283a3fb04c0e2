//! Read-only tables as pure functions (report in, rows of text out), like the charts: native tests
//! check them, and the stage table and compare cards show them as views.

use capacity_model::units::{format_number, format_percent, format_rate, format_rates_apart, UnitSystem};
use capacity_model::{Report, Role, Stage, StageId, Warning};

/// Which chain a table shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Chain {
    /// The backup.
    Backup,
    /// The restore (tape targets).
    Restore,
}

/// The chain's stages, bottleneck and throughput (bytes/s); `None` when the report has no such chain.
pub fn chain_of(report: &Report, chain: Chain) -> Option<(&[Stage], StageId, f64)> {
    match chain {
        Chain::Backup => Some((&report.stages, report.bottleneck, report.throughput_bytes_per_sec)),
        Chain::Restore => {
            report.restore.as_ref().map(|r| (r.stages.as_slice(), r.bottleneck, r.throughput_bytes_per_sec))
        }
    }
}

/// Why the bottleneck's row reads under 100 %. Where the drives are fed (or drained) below their lowest
/// streaming rate, they move less than the bottleneck hands them and the rest is lost to repositioning:
/// "Client NICs bind at 98.6 %: they feed each tape drive 56.5 MB/s, below the 60.0 MB/s at which it
/// streams, so the drives move 111 MB/s where Client NICs could carry 113 MB/s: the rest is lost to
/// repositioning (backhitching)." Otherwise, when each stream also pays per-file or per-transaction
/// costs: "Client streams bind at 91.3 %: each stream spends the rest of its time on Per-file cost
/// (client) (8.6 % of time) and Per-transaction overhead (0.1 % of time), which the throughput counts."
/// `None` when the bottleneck is full, or nothing explains the gap.
pub fn bottleneck_note(report: &Report, chain: Chain, system: UnitSystem) -> Option<String> {
    let (stages, bottleneck, throughput) = chain_of(report, chain)?;
    let binding = stages.iter().find(|s| s.id == bottleneck && s.role != Role::Serial)?;
    if binding.utilization >= 0.995 {
        return None;
    }
    let head = format!("{} {} at {}", bottleneck.name(), bottleneck.bind_verb(), format_percent(binding.utilization));
    if let Some(starved) = starved_drives_note(report, chain, binding, throughput, system) {
        return Some(format!("{head}: {starved}"));
    }
    // A stage offered more than it carries runs full unless something after it takes less: its
    // streams' per-file time is then no reason for the gap (a trial read it beside starved drives).
    if binding.demand_bytes_per_sec > binding.capacity_bytes_per_sec * (1.0 + 1e-9) {
        return None;
    }
    let serial: Vec<String> = stages
        .iter()
        .filter(|s| s.role == Role::Serial && s.utilization >= 0.0005)
        .map(|s| format!("{} ({} of time)", s.id.name(), format_percent(s.utilization)))
        .collect();
    let (last, rest) = serial.split_last()?;
    let list = if rest.is_empty() { last.clone() } else { format!("{} and {last}", rest.join(", ")) };
    Some(format!("{head}: each stream spends the rest of its time on {list}, which the throughput counts."))
}

/// The starved drives' part of [`bottleneck_note`], from the chain's shoe-shining warning where the
/// stops cost throughput; `None` where none do, or where the drives bind themselves.
fn starved_drives_note(
    report: &Report,
    chain: Chain,
    binding: &Stage,
    throughput: f64,
    system: UnitSystem,
) -> Option<String> {
    if binding.id == StageId::TapeDrives {
        return None;
    }
    let warnings = match chain {
        Chain::Backup => report.warnings.as_slice(),
        Chain::Restore => report.restore.as_ref()?.warnings.as_slice(),
    };
    warnings.iter().find_map(|w| match *w {
        Warning::ShoeShining {
            per_drive_feed_bytes_per_sec: feed,
            lowest_streaming_bytes_per_sec: lowest,
            limits_throughput: true,
            restore,
            lost_bytes_per_sec,
            drives,
            starved_drives,
            feeds_differ,
            ..
        } if lost_bytes_per_sec > 0.0 && restore == (chain == Chain::Restore) => {
            let [feed, lowest] = format_rates_apart([feed, lowest], system);
            let plural = binding.id.name_is_plural();
            let pronoun = if plural { "they" } else { "it" };
            let (verb, at) = match (restore, plural) {
                (false, true) => ("feed", ""),
                (false, false) => ("feeds", ""),
                (true, true) => ("drain", " at"),
                (true, false) => ("drains", " at"),
            };
            let some = starved_drives > 0 && starved_drives < drives;
            let which = match (some, feeds_differ) {
                (true, _) => format!("{starved_drives} of the {drives} tape drives{at} as little as {feed} each"),
                (false, true) => format!("the tape drives{at} as little as {feed} on average"),
                (false, false) => format!("each tape drive{at} {feed}"),
            };
            let streams = if some || feeds_differ { "they stream" } else { "it streams" };
            Some(format!(
                "{pronoun} {verb} {which}, below the {lowest} at which {streams}, so the drives move {} where {} could carry {}: the rest is lost to repositioning (backhitching).",
                format_rate(throughput, system),
                binding.id.name(),
                format_rate(binding.capacity_bytes_per_sec, system)
            ))
        }
        _ => None,
    })
}

/// One row of a chain's stage table, as text with its units.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct StageRow {
    /// The stage.
    pub id: StageId,
    /// Whether it is the chain's bottleneck.
    pub binding: bool,
    /// How its capacity is worked out, and on what basis (`4 × 1GbE ports × 113 MB/s — ...`).
    pub arithmetic: String,
    /// Its capacity with its unit, or `per stream` for a per-file or per-transaction cost.
    pub capacity: String,
    /// What the stages before could deliver, shown where it exceeds the throughput; empty otherwise.
    pub demand: String,
    /// Throughput / capacity as a percentage; for a serial cost, its share of each stream's time.
    pub utilization: String,
    /// The utilization bar's width, a CSS percentage from `0%` to `100%`.
    pub bar_width: String,
}

/// The per-stage rows of one chain: capacity, demand (what the stages before could offer, shown where
/// it exceeds the throughput) and utilization (throughput / capacity; for a per-file or per-transaction
/// cost, its share of each stream's time), the bottleneck marked. `None` without that chain.
pub fn stage_rows(report: &Report, chain: Chain, system: UnitSystem) -> Option<Vec<StageRow>> {
    let (stages, bottleneck, throughput) = chain_of(report, chain)?;
    let rows = stages.iter().enumerate().map(|(index, s)| {
        let serial = s.role == Role::Serial;
        let basis = match chain {
            Chain::Backup => report.basis(s.id, system),
            Chain::Restore => report.restore_basis(s.id, system),
        };
        let basis = basis.map(|b| format!(" — {b}")).unwrap_or_default();
        // The first stage has nothing before it: its "demand" would only repeat its capacity.
        let demand = if index > 0 && !serial && s.demand_bytes_per_sec > throughput * (1.0 + 1e-9) {
            format_rate(s.demand_bytes_per_sec, system)
        } else {
            String::new()
        };
        StageRow {
            id: s.id,
            binding: s.id == bottleneck,
            arithmetic: format!("{}{basis}", s.arithmetic(system)),
            capacity: if serial { s.id.serial_payer().to_string() } else { s.capacity_text(system) },
            demand,
            utilization: if serial {
                format!("{} of time", format_percent(s.utilization))
            } else {
                s.utilization_text()
            },
            bar_width: format!("{}%", format_number((s.utilization * 100.0).clamp(0.0, 100.0))),
        }
    });
    Some(rows.collect())
}

/// What a table or export writes for a stage a chain has none of, with `rtt_sec` the chain's round
/// trip: "no limit (LAN)" for the TCP connections on a LAN, which the chain leaves out where they cannot
/// bind; "—" for any other.
pub fn absent_stage(id: StageId, rtt_sec: f64) -> &'static str {
    if id == StageId::Distance && rtt_sec <= 0.0 {
        "no limit (LAN)"
    } else {
        "—"
    }
}

/// A stage's figure for the comparison: its capacity, or for a serial cost its share of each stream's
/// time; a dash where the chain has no such stage, and for the TCP connections, which a LAN's chain
/// leaves out where they cannot bind, "no limit (LAN)" (a trial read a dash beside 15,000 MB/s as a
/// stage missing from the saved plan).
fn compare_cell(report: &Report, id: StageId, system: UnitSystem) -> String {
    let absent = absent_stage(id, report.scenario.rtt_sec);
    report.stage(id).map_or(absent.to_string(), |s| {
        if s.role == Role::Serial {
            format!("{} of time", format_percent(s.utilization))
        } else {
            format_rate(s.capacity_bytes_per_sec, system)
        }
    })
}

/// One row of the comparison: a label, this scenario's figure and the other's, and whether each is
/// that scenario's bottleneck (false on the total rows).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CompareRow {
    /// The stage, or `None` on a total row.
    pub stage: Option<StageId>,
    /// The row's label: the stage's name, or `Throughput`, `Bottleneck` ...
    pub label: &'static str,
    /// This scenario's figure, with its unit.
    pub here: String,
    /// The other scenario's figure.
    pub there: String,
    /// Whether the stage binds this scenario.
    pub here_binding: bool,
    /// Whether it binds the other.
    pub there_binding: bool,
}

/// Two scenarios side by side.
#[derive(Debug, Clone, PartialEq)]
pub struct Comparison {
    /// Every stage of either chain, then the totals: throughput, bottleneck, duration, window.
    pub rows: Vec<CompareRow>,
    /// The inputs set differently (`Clients: 8 → 2`); empty when they are the same.
    pub inputs: Vec<String>,
    /// The difference in one sentence, naming the other scenario.
    pub sentence: String,
}

/// One side of a comparison: the whole scenario (its inputs, its job list), the chain its stage rows
/// come from (the form's, or with a job list its long pole's alone: [`crate::focus::Focus`]) and, with
/// a job list, the fleet's answer, which then gives its totals, as the result strip does.
#[derive(Clone, Copy)]
pub struct Side<'a> {
    /// The scenario as entered, jobs included.
    pub scenario: &'a capacity_model::Scenario,
    /// The report its stage rows come from.
    pub chain: &'a Report,
    /// With a job list, its night ([`capacity_model::fleet::FleetAnswer`]).
    pub fleet: Option<&'a capacity_model::fleet::FleetAnswer>,
}

impl Side<'_> {
    /// The throughput the page answers with, bytes/s: the job list's night's average, or the chain's.
    fn bytes_per_sec(&self) -> f64 {
        self.fleet.map_or(self.chain.throughput_bytes_per_sec, |f| f.bytes_per_sec)
    }
}

/// Two scenarios side by side, stage by stage, with their throughput and bottleneck, the inputs that
/// differ, and a sentence on the difference. `name` is the other scenario's. A side with a job list
/// gives its stage rows from its long pole alone and its totals (throughput, bottleneck, duration,
/// window) from its night, the figures its result strip shows.
#[inline(never)]
pub fn compare(here: Side, there: Side, name: &str, system: UnitSystem) -> Comparison {
    let (chain_here, chain_there) = (here.chain, there.chain);
    let mut ids: Vec<StageId> = chain_here.stages.iter().map(|s| s.id).collect();
    ids.extend(chain_there.stages.iter().map(|s| s.id).filter(|id| chain_here.stage(*id).is_none()));
    let mut rows: Vec<CompareRow> = ids
        .into_iter()
        .map(|id| CompareRow {
            stage: Some(id),
            label: id.name(),
            here: compare_cell(chain_here, id, system),
            there: compare_cell(chain_there, id, system),
            here_binding: chain_here.bottleneck == id,
            there_binding: chain_there.bottleneck == id,
        })
        .collect();
    let rate = |side: &Side| format_rate(side.bytes_per_sec(), system);
    let duration = |side: &Side| match side.fleet {
        Some(f) if f.makespan_sec.is_finite() => capacity_model::units::format_duration(f.makespan_sec),
        Some(_) => "Never ends".to_string(),
        None => side.chain.duration_sec.map_or("—".to_string(), capacity_model::units::format_duration),
    };
    // The verdict the results card gives, headroom included (a page trial's Compare read "Fits" where
    // the card read "Fits, below headroom").
    let fit = |side: &Side| match side.fleet {
        Some(f) => f.verdict().0,
        None if side.chain.night_with_copy().is_none() && side.chain.window.is_some() => {
            side.chain.window.map(|w| w.verdict(side.chain.scenario.headroom)).unwrap_or_default().to_string()
        }
        None => match side.chain.night_fits() {
            Some(true) => "Fits",
            Some(false) => "Does not fit",
            // A window with nothing to fit in it is not "no window".
            None if side.chain.scenario.backup_window_sec > 0.0 => "No data set",
            None => "No window",
        }
        .to_string(),
    };
    let bottleneck = |side: &Side| side.fleet.map_or(side.chain.bottleneck.name(), |f| f.bottleneck_name()).to_string();
    type Figure<'a> = &'a dyn Fn(&Side) -> String;
    let totals: [(&'static str, Figure); 4] =
        [("Throughput", &rate), ("Bottleneck", &bottleneck), ("Backup duration", &duration), ("Backup window", &fit)];
    rows.extend(totals.iter().map(|(label, figure)| CompareRow {
        stage: None,
        label,
        here: figure(&here),
        there: figure(&there),
        here_binding: false,
        there_binding: false,
    }));
    let (ours, theirs) = (here.bytes_per_sec(), there.bytes_per_sec());
    let delta = theirs - ours;
    let percent = delta / ours * 100.0;
    // A NaN difference (no throughput here) reads as "the same", not as a number.
    let mut sentence = if percent.abs() < 0.05 || percent.is_nan() {
        format!("{name} moves the same as this scenario, {}.", rate(&there))
    } else {
        // "moves 1,100 MB/s less (−55.0 %)", not "moves −1,100 MB/s", which a trial read as a slip.
        let (sign, more) = if delta >= 0.0 { ("+", "more") } else { ("−", "less") };
        format!(
            "{name} moves {} {more} ({sign}{} %) than this scenario.",
            format_rate(delta.abs(), system),
            capacity_model::units::format_number(percent.abs())
        )
    };
    if let (Some(a), Some(b)) = (here.fleet, there.fleet) {
        let later = b.makespan_sec - a.makespan_sec;
        if a.makespan_sec.is_finite() && b.makespan_sec.is_finite() && later.abs() >= 1.0 {
            sentence.push_str(&format!(
                " Its night ends {} {}.",
                capacity_model::units::format_duration(later.abs()),
                if later > 0.0 { "later" } else { "sooner" }
            ));
        }
    }
    Comparison { rows, inputs: inputs_differ(here.scenario, there.scenario), sentence }
}

/// The inputs two scenarios set differently (`FC HBA ports: 1 → 2`), over the fields that apply to
/// either, each with its unit; then how the job lists differ, cell by cell.
pub fn inputs_differ(here: &capacity_model::Scenario, there: &capacity_model::Scenario) -> Vec<String> {
    use crate::export::with_unit;
    use capacity_model::fields::FIELDS;
    // Where both have a job list, a field the jobs replace (the data set, the clients) is used by neither.
    let both_jobs = !here.jobs.is_empty() && !there.jobs.is_empty();
    let replaced = |field: &capacity_model::fields::Field| {
        both_jobs && matches!(field.with_jobs(), Some(capacity_model::fields::WithJobs::Replaced))
    };
    let mut items: Vec<String> = FIELDS
        .iter()
        .filter(|field| !replaced(field))
        .filter(|field| (field.get)(here) != (field.get)(there) && ((field.applies)(here) || (field.applies)(there)))
        .map(|field| {
            // A side whose job list replaces the field does not use its value (a trial read "Data set:
            // 24 TB → 0 B (not given)" for a job list's hidden form value).
            let value = |side: &capacity_model::Scenario| {
                let jobs = !side.jobs.is_empty()
                    && matches!(field.with_jobs(), Some(capacity_model::fields::WithJobs::Replaced));
                if jobs {
                    "set by the job list".to_string()
                } else if !(field.applies)(side) {
                    // A repository kind beside an NFS target is no input of it (a page trial read
                    // "Repository kind: Deduplicating appliance → Disk array" against an NFS preset).
                    "not used".to_string()
                } else {
                    with_unit(field, (field.get)(side))
                }
            };
            format!("{}: {} → {}", field.label, value(here), value(there))
        })
        .collect();
    if here.jobs != there.jobs {
        items.extend(jobs_differ(&here.jobs, &there.jobs));
    }
    items
}

/// How two job lists differ, in lines for [`inputs_differ`]: each cell changed of a job both have
/// (`db: Client link 1GbE → 10GbE`; an empty cell is the form's value), then the jobs only one has. A
/// trial compared a plan before and after What to add and read only "Job list: differs", where the job
/// changes were the heart of the plan. At most [`MOST_JOB_LINES`] lines, then how many more.
fn jobs_differ(here: &[capacity_model::fleet::Job], there: &[capacity_model::fleet::Job]) -> Vec<String> {
    use capacity_model::fleet::{jobs::HEADINGS, jobs_cells, COLUMNS};
    let cells = |job: &capacity_model::fleet::Job| {
        let (columns, rows) = jobs_cells(std::slice::from_ref(job));
        let row = rows.into_iter().next().unwrap_or_default();
        COLUMNS
            .iter()
            .map(|c| columns.iter().position(|k| k == c).and_then(|i| row.get(i).cloned()).unwrap_or_default())
            .collect::<Vec<String>>()
    };
    let shown = |text: &str| if text.is_empty() { "the form's value".to_string() } else { text.to_string() };
    let mut lines = Vec::new();
    for job in here {
        match there.iter().find(|t| t.name == job.name) {
            Some(other) => {
                let (a, b) = (cells(job), cells(other));
                for (i, heading) in HEADINGS.iter().enumerate().skip(1) {
                    if a[i] != b[i] {
                        lines.push(format!("{}: {heading} {} → {}", job.name, shown(&a[i]), shown(&b[i])));
                    }
                }
            }
            None => lines.push(format!("{}: only in this scenario's job list", job.name)),
        }
    }
    for job in there.iter().filter(|t| !here.iter().any(|h| h.name == t.name)) {
        lines.push(format!("{}: only in the other's job list", job.name));
    }
    if lines.is_empty() {
        // The same jobs and cells in another order.
        lines.push("Job list: the same jobs, listed in another order".to_string());
    }
    if lines.len() > MOST_JOB_LINES {
        let more = lines.len() - MOST_JOB_LINES;
        lines.truncate(MOST_JOB_LINES);
        lines.push(format!("and {more} more job {}", if more == 1 { "difference" } else { "differences" }));
    }
    lines
}

/// The most lines [`jobs_differ`] lists: a list of a hundred jobs should not bury the fields' lines.
const MOST_JOB_LINES: usize = 12;

#[cfg(test)]
mod tests {
    use super::*;
    use capacity_model::{evaluate, presets::preset};

    #[test]
    fn tcp_connections_left_out_on_a_lan_read_as_no_limit() {
        // One side on 25GbE shows the connections' 15,000 MB/s (four of 3,750 MB/s); the 10GbE side's chain
        // leaves them out, as they cannot bind there: not a dash, which read as a stage lost from the plan.
        let fast = capacity_model::codec::decode("v=1&client_nic=25GbE&streams=4").scenario;
        let slow = capacity_model::codec::decode("v=1&client_nic=10GbE&streams=4").scenario;
        let (a, b) = (evaluate(&fast), evaluate(&slow));
        let side = |s, r| Side { scenario: s, chain: r, fleet: None };
        let cmp = compare(side(&fast, &a), side(&slow, &b), "slow", UnitSystem::Decimal);
        let row = cmp.rows.iter().find(|r| r.stage == Some(StageId::Distance)).expect("a TCP connections row");
        assert_eq!((row.here.as_str(), row.there.as_str()), ("15,000 MB/s", "no limit (LAN)"));
        // Over a distance the stage is always there.
        let far = capacity_model::codec::decode("v=1&client_nic=10GbE&streams=4&rtt_ms=20").scenario;
        let c = evaluate(&far);
        let cmp = compare(side(&fast, &a), side(&far, &c), "far", UnitSystem::Decimal);
        let row = cmp.rows.iter().find(|r| r.stage == Some(StageId::Distance)).unwrap();
        assert!(row.there.ends_with("MB/s"), "{row:?}");
    }

    #[test]
    fn job_lists_that_differ_say_which_cells() {
        let list = |text: &str| capacity_model::fleet::parse_jobs(text).0;
        let before = list("name,data,client_nic,streams\ndb,6TB,,\nmail,3TB,,\nweb,500GB,,");
        let after = list("name,data,client_nic,streams\ndb,6TB,10GbE,7\nmail,3TB,10GbE,\nfs,1TB,,");
        assert_eq!(
            jobs_differ(&before, &after),
            [
                "db: Client link the form's value → 10GbE",
                "db: Streams the form's value → 7",
                "mail: Client link the form's value → 10GbE",
                "web: only in this scenario's job list",
                "fs: only in the other's job list",
            ]
        );
        let reordered = list("name,data,client_nic,streams\nweb,500GB,,\ndb,6TB,,\nmail,3TB,,");
        assert_eq!(jobs_differ(&before, &reordered), ["Job list: the same jobs, listed in another order"]);
    }

    #[test]
    fn a_field_a_job_list_replaces_is_said_to_be_set_by_it() {
        let mut jobs = capacity_model::codec::decode("v=1&data=24TB").scenario;
        jobs.jobs = capacity_model::fleet::parse_jobs("name,data\ndb,6TB").0.into();
        let hp = preset("hp-8clients-4drives").unwrap().scenario();
        let lines = inputs_differ(&jobs, &hp);
        assert!(lines.iter().any(|l| l.starts_with("Data set: set by the job list → ")), "{lines:?}");
        assert!(!lines.iter().any(|l| l.contains("24 TB")), "{lines:?}");
    }

    #[test]
    fn an_input_one_side_does_not_use_is_said_to_be_unused() {
        // A page trial compared an appliance repository with an NFS preset and read "Repository kind:
        // Deduplicating appliance → Disk array", a kind the NFS target has none of.
        let here =
            capacity_model::codec::decode("v=1&target=repository&repo_kind=appliance&clients=8&data=20TB").scenario;
        let nfs = capacity_model::codec::decode("v=1&target=nfs&data=160GB").scenario;
        let lines = inputs_differ(&here, &nfs);
        assert!(lines.contains(&"Repository kind: Deduplicating appliance → not used".to_string()), "{lines:?}");
    }

    #[test]
    fn both_chains_with_the_bottleneck_marked() {
        let report = evaluate(&preset("tsm-small-files").unwrap().scenario());
        let backup = stage_rows(&report, Chain::Backup, UnitSystem::Binary).expect("a backup chain");
        let binding: Vec<_> = backup.iter().filter(|r| r.binding).map(|r| r.id).collect();
        assert_eq!(binding, [StageId::Transactions]);
        let transactions = backup.iter().find(|r| r.id == StageId::Transactions).unwrap();
        assert_eq!(transactions.capacity, "per stream");
        assert!(transactions.utilization.ends_with("of time"), "a serial cost shows its share of time");
        let nic = backup.iter().find(|r| r.id == StageId::ClientNic).unwrap();
        assert!(nic.capacity.ends_with("MiB/s") && nic.bar_width.ends_with('%'), "{nic:?}");
        let restore = stage_rows(&report, Chain::Restore, UnitSystem::Binary).expect("a restore chain");
        assert!(restore.iter().any(|r| r.id == StageId::FileCreate));
        let nfs = evaluate(&preset("nfs-1array").unwrap().scenario());
        assert_eq!(stage_rows(&nfs, Chain::Restore, UnitSystem::Decimal), None, "an NFS workload has no restore chain");
    }

    #[test]
    fn the_restores_drive_row_reads_across_filemarks() {
        let link =
            "v=1&lto=LTO-9&compression=1&streams=1&stream_rate=3000&client_nic=100GbE&server_nic=100GbE&filemark=1GB";
        let report = evaluate(&capacity_model::codec::decode(link).scenario);
        let drive_row = |chain| {
            let rows = stage_rows(&report, chain, UnitSystem::Decimal).expect("a chain");
            rows.into_iter().find(|r| r.id == StageId::TapeDrives).expect("a drive row").arithmetic
        };
        assert!(drive_row(Chain::Backup).contains("for a filemark every 1.00 GB"), "{}", drive_row(Chain::Backup));
        let restore = drive_row(Chain::Restore);
        assert!(!restore.contains("filemark") && restore.contains("391 MB/s"), "{restore}");
    }

    fn side(r: &Report) -> Side<'_> {
        Side { scenario: &r.scenario, chain: r, fleet: None }
    }

    #[test]
    fn two_scenarios_side_by_side() {
        let here = evaluate(&preset("hp-8clients-4drives").unwrap().scenario());
        let there = evaluate(&preset("hp-2clients-1drive").unwrap().scenario());
        let c = compare(side(&here), side(&there), "Two <clients>", UnitSystem::Decimal);
        let drives = c.rows.iter().find(|r| r.stage == Some(StageId::TapeDrives)).unwrap();
        assert_eq!((drives.here.as_str(), drives.there.as_str()), ("900 MB/s", "225 MB/s"));
        assert!(drives.here_binding && drives.there_binding);
        assert_eq!(c.sentence, "Two <clients> moves 675 MB/s less (−75.0 %) than this scenario.");
        let window = c.rows.last().unwrap();
        assert_eq!(window.label, "Backup window");
        // The presets have an 8 h window and no data set: nothing to fit, not no window.
        assert_eq!((window.here.as_str(), window.there.as_str()), ("No data set", "No data set"));
        // The page trial's: 10 TB on four clients and two drives fits its 8 h with 12.4 % spare, below
        // the 20 % headroom, as the results card says.
        let base = evaluate(&capacity_model::codec::decode("v=1&data=10TB&clients=4&drives=2&window_h=8").scenario);
        let same = compare(side(&base), side(&base), "Base", UnitSystem::Decimal);
        assert_eq!(same.rows.last().unwrap().here, capacity_model::window_verdict(true, 0.12, 0.2));
        assert!(c.inputs.contains(&"Clients: 8 → 2".to_string()), "{:?}", c.inputs);
        assert!(c.inputs.contains(&"Tape drives: 4 → 1".to_string()), "{:?}", c.inputs);
        assert!(compare(side(&here), side(&here), "Same", UnitSystem::Decimal).inputs.is_empty());
    }

    #[test]
    fn two_job_lists_compare_their_nights_and_their_inputs() {
        // A new user's trial (stop 39): the other side was its form without its jobs, and the inputs
        // listed the data set, the drives and the job list, all alike, and not the FC ports.
        use capacity_model::fleet::{schedule, FleetAnswer};
        let jobs = "&jobs=name%2Cdata%0Adb%2C6TB%0Afs1%2C2TB%0Afs2%2C2TB%0Aweb%2C500GB%0Amail%2C3TB";
        let a = capacity_model::codec::decode(&format!("v=1&lto=LTO-8&drives=4&window_h=10{jobs}")).scenario;
        let b = capacity_model::codec::decode(&format!("v=1&lto=LTO-8&drives=4&window_h=10&fc_ports=4&fc=8GFC{jobs}"))
            .scenario;
        let night = |s: &capacity_model::Scenario| FleetAnswer::from_schedule(s, &schedule(s, &s.jobs).unwrap());
        let (night_a, night_b) = (night(&a), night(&b));
        let (chain_a, chain_b) = (evaluate(&a), evaluate(&b));
        let c = compare(
            Side { scenario: &a, chain: &chain_a, fleet: Some(&night_a) },
            Side { scenario: &b, chain: &chain_b, fleet: Some(&night_b) },
            "B",
            UnitSystem::Decimal,
        );
        let total = |label: &str| c.rows.iter().find(|r| r.stage.is_none() && r.label == label).unwrap().clone();
        let throughput = total("Throughput");
        assert_eq!(throughput.here, format_rate(night_a.bytes_per_sec, UnitSystem::Decimal));
        assert_eq!(throughput.there, format_rate(night_b.bytes_per_sec, UnitSystem::Decimal));
        assert_ne!(throughput.here, throughput.there);
        let duration = total("Backup duration");
        assert_eq!(duration.here, capacity_model::units::format_duration(night_a.makespan_sec));
        assert_eq!(c.inputs, ["FC speed: 4GFC → 8GFC", "FC HBA ports: 1 → 4"], "{:?}", c.inputs);
        assert!(
            c.sentence.starts_with("B moves ")
                && c.sentence.contains(" more (+")
                && c.sentence.contains("Its night ends"),
            "{}",
            c.sentence
        );
        assert!(c.sentence.contains("sooner"), "{}", c.sentence);
    }

    #[test]
    fn a_bottleneck_under_full_says_where_the_streams_time_goes() {
        // A new user's trial (stop 39): "Client streams" marked the bottleneck at 91.3 % read as a contradiction.
        let report = evaluate(&capacity_model::codec::decode("v=1&lto=LTO-8&data=10GB&streams=1").scenario);
        assert_eq!(report.bottleneck, StageId::Streams);
        let note = bottleneck_note(&report, Chain::Backup, UnitSystem::Decimal).expect("a note");
        assert!(note.starts_with("Client streams bind at 91.3 %: each stream spends the rest of its time on Per-file cost (client) (8.6 % of time)"), "{note}");
        let full = evaluate(&preset("hp-8clients-4drives").unwrap().scenario());
        assert_eq!(bottleneck_note(&full, Chain::Backup, UnitSystem::Decimal), None, "a full bottleneck needs no note");
    }

    #[test]
    fn a_bottleneck_under_full_beside_starved_drives_says_they_backhitch() {
        // Page trial pt64 (M1): at 98.6 % the note blamed the streams' per-file time, while the NICs
        // starve the two LTO-4 drives, which move 111 of the 113 MB/s and lose the rest repositioning.
        let report = evaluate(&capacity_model::codec::decode("v=1&data=10TB&drives=2").scenario);
        assert_eq!(report.bottleneck, StageId::ClientNic);
        assert_eq!(
            bottleneck_note(&report, Chain::Backup, UnitSystem::Decimal).as_deref(),
            Some("Client NICs bind at 98.6 %: they feed each tape drive 56.5 MB/s, below the 60.0 MB/s at which it streams, so the drives move 111 MB/s where Client NICs could carry 113 MB/s: the rest is lost to repositioning (backhitching).")
        );
        assert_eq!(
            bottleneck_note(&report, Chain::Restore, UnitSystem::Decimal).as_deref(),
            Some("Client NICs bind at 98.6 %: they drain each tape drive at 56.5 MB/s, below the 60.0 MB/s at which it streams, so the drives move 111 MB/s where Client NICs could carry 113 MB/s: the rest is lost to repositioning (backhitching).")
        );
    }
}
