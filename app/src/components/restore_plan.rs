//! Disaster recovery: the whole job list restored from tape by priority tier
//! ([`capacity_model::fleet::restore_schedule`]): when each tier is back against its recovery time
//! objective, what would bring a late tier in, a Gantt chart per drive and the jobs a page at a time.
//! It follows the settled scenario: the search for what would bring a tier in restores the fleet again
//! for each count it tries.

use super::facts::Facts;
use super::figure::Figure;
use crate::charts::{restore_gantt, tier_name};
use crate::state::{use_planner, Planner};
use capacity_model::fields::field_by_key;
use capacity_model::fleet::{
    bring_in, cartridge_wait_text, multiplexed_text, restore_handling_text, restore_schedule, unprioritised_text,
    whole_jobs_text, BringIn, RestoreSchedule,
};
use capacity_model::units::{format_bytes, format_count, format_duration, format_rate, UnitSystem};
use capacity_model::Scenario;
use leptos::prelude::*;

/// Jobs shown per page of the restore table.
const PAGE: usize = 100;

/// One tier's row: tier, jobs, data, objective, back after, verdict, late.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TierRow {
    /// `Tier 0`, or `No tier`.
    pub tier: String,
    /// How many jobs it holds.
    pub jobs: String,
    /// Its data with its unit.
    pub data: String,
    /// Its recovery time objective, or a dash.
    pub objective: String,
    /// When its last job is back.
    pub back: String,
    /// `In time`, `Late by 2 h 10 min`, or `No objective`.
    pub verdict: String,
    /// Whether it misses its objective.
    pub late: bool,
}

/// The tiers of `plan` as rows.
pub fn tier_rows(plan: &RestoreSchedule, system: UnitSystem) -> Vec<TierRow> {
    plan.tiers
        .iter()
        .map(|t| {
            // Side by side, the time and the objective read with seconds where they would read the same (a
            // trial's "4 h 57 min" under both, late by 59 s).
            let [back, objective] = t.rto_sec.map_or([format_duration(t.done_sec), "—".to_string()], |rto| {
                capacity_model::units::format_against_objective(t.done_sec, rto)
            });
            (t, back, objective)
        })
        .map(|(t, back, objective)| TierRow {
            tier: tier_name(t.tier),
            jobs: format_count(t.jobs.len() as f64),
            data: format_bytes(t.data_bytes, system),
            // The least rto_h of the tier's jobs, and whose it is when the tier has several jobs.
            objective: match t.rto_job {
                Some(j) if t.jobs.len() > 1 && t.rto_sec.is_some() => format!("{objective} ({})", plan.jobs[j].name),
                _ => objective,
            },
            back,
            verdict: match (t.meets, t.rto_sec) {
                (Some(true), _) => "In time".to_string(),
                (Some(false), Some(rto)) => {
                    format!("Late by {}", capacity_model::units::format_overrun(t.done_sec - rto))
                }
                _ => "No objective".to_string(),
            },
            late: t.meets == Some(false),
        })
        .collect()
}

/// The plan's headline facts: everything back, the tiers in time, the first late tier, and the drives'
/// cartridge mounts and changes (`scenario`'s drive generation gives their times).
pub fn restore_facts(plan: &RestoreSchedule, scenario: &Scenario, system: UnitSystem) -> Vec<(&'static str, String)> {
    let data: f64 = plan.jobs.iter().map(|j| j.data_bytes).sum();
    let mut rows = vec![
        ("Everything back after", format_duration(plan.makespan_sec)),
        (
            "Restored",
            format!(
                "{} {}, {} on {} {}, one cartridge each at a time{}",
                format_count(plan.jobs.len() as f64),
                if plan.jobs.len() == 1 { "job" } else { "jobs" },
                format_bytes(data, system),
                plan.drives,
                if plan.drives == 1 { "drive" } else { "drives" },
                plan.tiers_clause()
            ),
        ),
    ];
    if let Some(text) = plan.idle_drives_text() {
        rows.push(("Idle drives", text));
    }
    let with_objective = plan.tiers.iter().filter(|t| t.meets.is_some()).count();
    let in_time = plan.tiers.iter().filter(|t| t.meets == Some(true)).count();
    if with_objective > 0 {
        rows.push(("Tiers in time", format!("{in_time} of {with_objective} with an objective")));
    }
    if let Some(late) = plan.first_late_tier() {
        let [back, objective] = late.rto_sec.map_or([format_duration(late.done_sec), String::new()], |rto| {
            capacity_model::units::format_against_objective(late.done_sec, rto)
        });
        rows.push((
            "First late tier",
            format!("{}: back after {back}, its objective is {objective}", tier_name(late.tier)),
        ));
    }
    if let Some(text) = restore_handling_text(scenario, plan) {
        rows.push(("Cartridge handling", text));
    }
    if let Some(text) = multiplexed_text(plan, system) {
        rows.push(("Multiplexed backups", text));
    }
    if let Some(text) = cartridge_wait_text(plan) {
        rows.push(("Shared cartridges", text));
    }
    if let Some(text) = whole_jobs_text(scenario) {
        rows.push(("Whole jobs", text));
    }
    if let Some(text) = unprioritised_text(scenario, plan) {
        rows.push(("No priority", text));
    }
    rows
}

/// Applies one change the card offers: a count, and a port count raised with it.
fn apply(planner: Planner, change: &BringIn) {
    let mut s = planner.scenario.get_untracked();
    for (key, value) in change.values() {
        if let Some(field) = field_by_key(key) {
            let _ = field.apply(&mut s, &value);
        }
    }
    planner.load(s);
    // Said in the card, where the focus lands, as What to add's change is said in the results.
    planner.applied.set(Some(("Disaster recovery", change.text.clone())));
    // The button goes with the late tier: the focus moves to the card's new figures, not to the top of
    // the page.
    crate::dom::jump_to("restore-plan");
}

/// The folded list's heading: what each of its `lines` says ("Why the late jobs are late (12 notes)").
fn late_jobs_summary(lines: usize) -> String {
    match lines {
        1 => "Why the late job is late".to_string(),
        n => format!("Why the late jobs are late ({} notes)", capacity_model::units::format_count(n as f64)),
    }
}

/// The disaster-recovery card, shown for a tape target with a job list.
#[component]
pub fn RestorePlan() -> impl IntoView {
    let planner = use_planner();
    let settled = planner.settled;
    let plan = Memo::new(move |_| settled.with(|s| restore_schedule(s, &s.jobs)));
    let advice = Memo::new(move |_| {
        let system = planner.units.get();
        settled.with(|s| bring_in(s, &s.jobs, system))
    });
    let width = planner.chart_width;
    let chart =
        Memo::new(move |_| plan.with(|p| p.as_ref().map(|p| restore_gantt(p, width.get())).unwrap_or_default()));
    let units = planner.units;
    let facts = Signal::derive(move || {
        let system = units.get();
        plan.with(|p| p.as_ref().map(|p| settled.with(|s| restore_facts(p, s, system))).unwrap_or_default())
    });
    let tiers = move || plan.with(|p| p.as_ref().map(|p| tier_rows(p, units.get())).unwrap_or_default());
    let page = RwSignal::new(0usize);
    let count = move || plan.with(|p| p.as_ref().map_or(0, |p| p.jobs.len()));
    let pages = move || count().div_ceil(PAGE).max(1);
    let jobs = move || {
        let system = units.get();
        let p = page.get().min(pages() - 1);
        plan.with(|plan| {
            plan.as_ref()
                .map(|plan| {
                    let order = capacity_model::fleet::order_by(plan.jobs.iter().map(|j| j.start_sec));
                    order
                        .into_iter()
                        .skip(p * PAGE)
                        .take(PAGE)
                        .map(|i| {
                            let j = &plan.jobs[i];
                            (
                                i,
                                j.name.clone(),
                                tier_name(j.tier),
                                format!("{}", j.drive + 1),
                                format_duration(j.start_sec),
                                format_duration(j.end_sec),
                                format_rate(j.bytes_per_sec, system),
                            )
                        })
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default()
        })
    };
    let changes = move || advice.with(|a| a.0.clone());
    let alone = move || advice.with(|a| a.1.clone());
    view! {
        <section class="card restore-plan results" id="restore-plan" data-testid="restore-plan" tabindex="-1"
            aria-labelledby="restore-plan-title" hidden=move || plan.with(Option::is_none)>
            <h2 id="restore-plan-title">"Disaster recovery: the whole fleet restored"</h2>
            <super::results::RowsLeftOut test_id="restore-plan-left-out"/>
            {move || {
                planner.applied.get().filter(|(card, _)| *card == "Disaster recovery").map(|(card, what)| {
                    view! {
                        <p class="applied no-print" role="status" data-testid="restore-applied">
                            {format!("Applied from {card}: {what}. ")}"Undo"<span class="key-hint">" (Ctrl+Z)"</span>" takes it back."
                        </p>
                    }
                })
            }}
            <p class="hint">
                "Every job restored from tape, tier 0 first (the job list's Priority column), each tier against its \
                 recovery time objective (the least RTO (h) of its jobs)."
            </p>
            <Facts rows=facts/>
            <div class="table-wrap" tabindex="0" role="region" aria-label="When each tier is back">
                <table class="stages restore-tiers phone-blocks" data-testid="restore-tiers">
                    <thead>
                        <tr>
                            <th scope="col">"Tier"</th>
                            <th scope="col" class="num">"Jobs"</th>
                            <th scope="col" class="num">"Data"</th>
                            <th scope="col" class="num">"Objective"</th>
                            <th scope="col" class="num">"Back after"</th>
                            <th scope="col">"Verdict"</th>
                        </tr>
                    </thead>
                    <tbody>
                        <For each=tiers key=|row| row.clone() let:row>
                            <tr class:late=row.late>
                                <th scope="row">{row.tier}</th>
                                <td class="num" data-label="Jobs">{row.jobs}</td>
                                <td class="num" data-label="Data">{row.data}</td>
                                <td class="num objective" data-label="Objective">{row.objective}</td>
                                <td class="num" data-label="Back after">{row.back}</td>
                                <td class="verdict" data-label="Verdict">{row.verdict}</td>
                            </tr>
                        </For>
                    </tbody>
                </table>
            </div>
            // Whenever a tier is late: with tiers in turn a late tier may have neither a remedy nor a job
            // too slow alone (a page trial's three late tiers had no word under the table).
            <Show when=move || plan.with(|p| p.as_ref().is_some_and(|p| p.first_late_tier().is_some()))>
                <div class="bring-in" data-testid="restore-bring-in">
                    // With nothing to apply the heading promises nothing: a page trial found it above one
                    // folded line of notes.
                    <h3>
                        {move || if changes().is_empty() { "Why the late tiers stay late" } else { "What would bring the late tiers in" }}
                    </h3>
                    <p class="note" data-testid="restore-no-remedy" hidden=move || !changes().is_empty()>
                        "No single change the planner checks brings every late tier in (the tiers together or in \
                         turn, sessions per drive, the two together, more restore streams, more drives, a port per drive); several \
                         together may. "
                        {move || {
                            let in_turn = settled.with(|s| s.restore_tiers == capacity_model::RestoreTiers::InTurn);
                            match (alone().is_empty(), in_turn) {
                                (false, _) => "The notes below say what holds each late job.",
                                (true, true) => {
                                    "With tiers in turn a lower tier starts only once the tiers above it are back, \
                                     and its objective counts that wait."
                                }
                                (true, false) => "",
                            }
                        }}
                    </p>
                    // The remedies first: a trial scrolled past ten jobs' lines, two and a half phone
                    // screens, to reach the one button.
                    <div class="apply-buttons no-print">
                        <For each=changes key=|c| (c.key, c.value, c.also) let:change>
                            <button type="button" data-apply=change.pairs()
                                on:click={
                                    let change = change.clone();
                                    move |_| apply(planner, &change)
                                }>
                                {format!("Apply: {}", change.text)}
                            </button>
                        </For>
                    </div>
                    // Each late job's own limit: open where there are one or two, folded where more.
                    <details class="late-jobs" data-testid="restore-late-jobs" hidden=move || alone().is_empty()
                        prop:open=move || alone().len() <= 2 || changes().is_empty()>
                        <summary>{move || late_jobs_summary(alone().len())}</summary>
                        <ul class="warnings">
                            <For each=alone key=|line| line.clone() let:line>
                                <li class="warning">{line}</li>
                            </For>
                        </ul>
                    </details>
                </div>
            </Show>
            <div class="chart-grid single">
                // The jobs' table below is this chart's data.
                <Figure id="restore" chart=chart data_table=false/>
            </div>
            <div class="pager" hidden=move || pages() < 2>
                <button type="button" class="small" aria-label="Previous jobs" disabled=move || page.get() == 0
                    on:click=move |_| page.update(|p| *p = p.saturating_sub(1))>"‹"</button>
                <span>
                    {move || {
                        let (n, p) = (count(), page.get().min(pages() - 1));
                        format!("Jobs {}–{} of {n}, in the order they start", p * PAGE + 1, ((p + 1) * PAGE).min(n))
                    }}
                </span>
                <button type="button" class="small" aria-label="Next jobs" disabled=move || { page.get() + 1 >= pages() }
                    on:click=move |_| page.update(|p| *p = (*p + 1).min(pages() - 1))>"›"</button>
            </div>
            // Paper has no pager: said which jobs print, and where the rest are.
            <p class="print-note note" hidden=move || pages() < 2>
                {move || {
                    let (n, p) = (count(), page.get().min(pages() - 1));
                    format!(
                        "Printed here: jobs {}–{} of {n}. Turn the table's pages on screen to print the others, or print every job's restore with the planner (cargo plan --jobs FILE --restore).",
                        p * PAGE + 1,
                        ((p + 1) * PAGE).min(n)
                    )
                }}
            </p>
            <div class="table-wrap scroll-y" tabindex="0" role="region" aria-label="Jobs of the restore">
                <table class="stages restore-jobs phone-blocks" data-testid="restore-jobs">
                    <thead>
                        <tr>
                            <th scope="col">"Job"</th>
                            <th scope="col">"Tier"</th>
                            <th scope="col" class="num">"Drive"</th>
                            <th scope="col" class="num">"Starts"</th>
                            <th scope="col" class="num">"Back after"</th>
                            <th scope="col" class="num">"Rate"</th>
                        </tr>
                    </thead>
                    <tbody>
                        <For each=jobs key=|row| row.clone() let:row>
                            <tr>
                                <th scope="row" class="job-name" title=row.1.clone()>{row.1.clone()}</th>
                                <td data-label="Tier">{row.2}</td>
                                <td class="num" data-label="Drive">{row.3}</td>
                                <td class="num" data-label="Starts">{row.4}</td>
                                <td class="num" data-label="Back after">{row.5}</td>
                                <td class="num" data-label="Rate">{row.6}</td>
                            </tr>
                        </For>
                    </tbody>
                </table>
            </div>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use capacity_model::codec::decode;
    use capacity_model::fleet::parse_jobs;

    #[test]
    fn tiers_say_when_they_are_back_and_by_how_much_a_late_one_misses() {
        // One session per drive in the backup: erp, web and fs written one after another on the 1.6 TB
        // cartridges, so fs (from 1.5 to 1.7 TB) crosses the first one's end.
        let mut scenario = decode("v=1&drives=1&fc_ports=1&sessions_per_drive=1").scenario;
        scenario.jobs = parse_jobs("name,data,priority,rto_h\nerp,1TB,0,2\nweb,500GB,1,48\nfs,200GB,,").0.into();
        let plan = restore_schedule(&scenario, &scenario.jobs).unwrap();
        let rows = tier_rows(&plan, UnitSystem::Decimal);
        assert_eq!(rows.iter().map(|r| r.tier.as_str()).collect::<Vec<_>>(), ["Tier 0", "Tier 1", "No tier"]);
        assert!(rows[0].late && rows[0].verdict.starts_with("Late by "), "{:?}", rows[0]);
        assert_eq!((rows[0].objective.as_str(), rows[1].verdict.as_str()), ("2 h", "In time"));
        assert_eq!(rows[2].verdict, "No objective");
        // A third trial's tier late by 59 s read "4 h 57 min" under both its objective and its time.
        let mut near = decode("v=1&drives=2&fc_ports=2&sessions_per_drive=1").scenario;
        near.jobs = parse_jobs("name,data,priority,rto_h\na,1TB,0,4.95\nb,2TB,1,6\nc,1TB,0,5").0.into();
        let close = restore_schedule(&near, &near.jobs).unwrap();
        let row = &tier_rows(&close, UnitSystem::Decimal)[0];
        assert!(row.late, "{row:?}");
        assert_ne!(row.back, row.objective.trim_end_matches(" (a)"), "{row:?}");
        assert_eq!(row.objective, "4 h 57 min 00 s (a)", "{row:?}");
        let facts = restore_facts(&plan, &scenario, UnitSystem::Decimal);
        // Each job mounts its own cartridge: erp on the empty drive (57 s); web and fs only locate theirs,
        // whose first blocks lie on the cartridge already in the drive, and fs changes as it reads past
        // that cartridge's end.
        let handling = facts.iter().find(|(l, _)| *l == "Cartridge handling").map(|(_, v)| v.as_str());
        assert!(
            handling.is_some_and(|v| v.starts_with("2 cartridge mounts and changes: each job mounts its own")),
            "{facts:?}"
        );
        assert!(
            facts.iter().any(|(l, v)| *l == "First late tier" && v.starts_with("Tier 0: back after ")),
            "{facts:?}"
        );
        assert!(facts.iter().any(|(l, v)| *l == "Tiers in time" && v == "1 of 2 with an objective"), "{facts:?}");
    }

    #[test]
    fn objectives_read_in_hours() {
        assert_eq!(crate::charts::objective_text(48.0 * 3600.0), "48 h");
        assert_eq!(crate::charts::objective_text(4.5 * 3600.0), "4 h 30 min");
        assert_eq!(crate::charts::objective_text(8.0 * 3600.0), "8 h");
    }
}
