//! The calculator's state: one scenario signal and what is derived from it.

use crate::charts::{
    duration_chart, file_size_chart, gantt_chart, sweep_chart, throughput_chart, utilization_chart, Chart,
};
use crate::focus::Focus;
use capacity_model::codec::encode_keeping;
use capacity_model::fleet::{schedule, Schedule};
use capacity_model::presets::{Preset, PRESETS};
use capacity_model::units::UnitSystem;
use capacity_model::{evaluate, Report, Scenario};
use leptos::prelude::*;

/// Shared by every component through Leptos context.
#[derive(Clone, Copy)]
pub struct Planner {
    /// The scenario being planned: the single source of truth.
    pub scenario: RwSignal<Scenario>,
    /// The scenario without its job list: what the aggregate report and the what-if charts read, so an
    /// edit of one job redraws only what depends on the jobs.
    pub base: Memo<Scenario>,
    /// The model's report on it.
    pub report: Memo<Report>,
    /// What the single-chain cards (stage tables, what-if charts, compare) show: the form's scenario,
    /// or with a job list the job that ends last on its own ([`Focus`]).
    pub focus: Memo<Focus>,
    /// The model's report on the focus's scenario.
    pub focus_report: Memo<Report>,
    /// What the result strip and the results card say about the report, in the chosen units.
    pub summary: Memo<crate::summary::Summary>,
    /// The scenario once edits have paused for a quarter of a second: what the slower cards (what to
    /// add, capacity over time) follow, so a keystroke updates the results and charts first.
    pub settled: RwSignal<Scenario>,
    /// The share-link fragment of the scenario (without `#`): the address bar, the printed report and
    /// the long-link notice share one encoding per change.
    pub link: Memo<String>,
    /// The job list's schedule on the drives; `None` without jobs or for an NFS target.
    pub schedule: Memo<Option<Schedule>>,
    /// The job table's rows as typed (CSV with a header) while some of them cannot be read, which the
    /// link carries in place of the jobs so that nothing typed is lost; `None` when every row reads.
    pub kept_job_rows: RwSignal<Option<String>>,
    /// The job table's rows that cannot be read and are left out of the results, and its rows in all
    /// (blank ones not counted): `(0, n)` when every row reads.
    pub rows_left_out: RwSignal<(usize, usize)>,
    /// A job list as a link or file wrote it, some rows unreadable, for the job table to show as rows
    /// to fix when it next takes the scenario's list (taken then).
    pub opened_job_rows: StoredValue<Option<String>>,
    /// Decimal (MB) or binary (MiB) display.
    pub units: RwSignal<UnitSystem>,
    /// Bumped when a whole scenario is loaded (preset, link, import), so inputs drop their drafts.
    pub loads: RwSignal<u64>,
    /// Parameter the sweep chart varies.
    pub sweep_key: RwSignal<&'static str>,
    /// What was wrong with the link or file last loaded, one line per bad key; empty when all was well.
    pub notices: RwSignal<Vec<String>>,
    /// A second scenario shown beside this one (its name and scenario).
    pub compare: RwSignal<Option<(String, Scenario)>>,
    /// Bumped when saved scenarios change, so lists re-read storage.
    pub saved: RwSignal<u64>,
    /// Keys of the inputs that hold a value that could not be used; results are the last valid ones.
    pub invalid: RwSignal<Vec<&'static str>>,
    /// Width the charts are drawn at (see [`crate::charts::NARROW`]).
    pub chart_width: RwSignal<u32>,
    /// The sweep parameter in use: the chosen one, or the first the target offers.
    pub active_sweep_key: Memo<&'static str>,
    /// The four what-if charts.
    pub charts: Memo<Charts>,
    /// The schedule's charts: the Gantt chart and the night's throughput (empty charts without jobs).
    pub fleet_charts: Memo<(Chart, Chart)>,
    /// The preset whose scenario is on screen, if any.
    pub preset: Memo<Option<&'static Preset>>,
    /// False until the first result has been painted: the charts, the timeline, what to add and the
    /// schedule are built in the frames after it, so a cold load shows the throughput first.
    pub ready: RwSignal<bool>,
    /// The scenario's name as typed beside Save: what Save, Export JSON and the printed report use.
    pub name: RwSignal<String>,
    /// Steps there are to undo and to redo.
    pub steps: RwSignal<(usize, usize)>,
    /// The change a card last applied: the card (`What to add`, `Disaster recovery`) and its button's
    /// words without "Apply", said where the focus lands (What to add's in the results, the disaster
    /// recovery card's in that card) until the next change of the scenario (an edit, a load, an undo)
    /// clears it.
    pub applied: RwSignal<Option<(&'static str, String)>>,
    /// The toolbar's status line: what a load (a preset, an imported file) or a copy just did. It clears
    /// itself a few seconds after it is set.
    pub status: RwSignal<String>,
}

/// The what-if charts.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Charts {
    /// Throughput against the sweep parameter.
    pub sweep: Chart,
    /// Stage utilization bars.
    pub utilization: Chart,
    /// Duration against data size.
    pub duration: Chart,
    /// Throughput against average file size.
    pub file_size: Chart,
}

impl Charts {
    /// A chart by the id its figure has in the page (`sweep`, `duration` ...); `None` for another id.
    pub fn by_id(&self, id: &str) -> Option<&Chart> {
        match id {
            "sweep" => Some(&self.sweep),
            "utilization" => Some(&self.utilization),
            "duration" => Some(&self.duration),
            "file-size" => Some(&self.file_size),
            _ => None,
        }
    }
}

impl Planner {
    /// A planner starting from `scenario`.
    pub fn new(scenario: Scenario) -> Self {
        let scenario = RwSignal::new(scenario);
        let base = Memo::new(move |_| scenario.with(|s| Scenario { jobs: Vec::new().into(), ..s.clone() }));
        let units = RwSignal::new(UnitSystem::Decimal);
        let settled = RwSignal::new(scenario.get_untracked());
        // Each change starts a timer; only the newest one, once it runs out, settles the scenario.
        let generation = StoredValue::new(0u64);
        Effect::new(move || {
            let now = scenario.get();
            generation.update_value(|g| *g += 1);
            let mine = generation.get_value();
            set_timeout(
                move || {
                    if generation.get_value() == mine {
                        settled.set(now);
                    }
                },
                std::time::Duration::from_millis(250),
            );
        });
        let fleet = Memo::new(move |_| scenario.with(|s| schedule(s, &s.jobs)));
        let focus =
            Memo::new(move |_| fleet.with(|f| base.with(|b| scenario.with(|s| Focus::new(b, &s.jobs, f.as_ref())))));
        // The parameter varied before a reload of this tab, if it is still one the chart offers.
        let sweep_key = RwSignal::new(
            crate::session::kept("vary")
                .and_then(|key| capacity_model::fields::field_by_key(&key))
                .map_or("clients", |field| field.key),
        );
        crate::session::keep_each("vary", move || sweep_key.get().to_string());
        let compare = RwSignal::new(None::<(String, Scenario)>);
        let active_sweep_key = Memo::new(move |_| {
            let wanted = sweep_key.get();
            let offered = focus.with(Focus::sweep_parameters);
            if offered.iter().any(|f| f.key == wanted) {
                wanted
            } else {
                offered.first().map_or("clients", |f| f.key)
            }
        });
        let chart_width = RwSignal::new(crate::charts::WIDE);
        let fleet_charts = Memo::new(move |_| {
            let (system, width, window) = (units.get(), chart_width.get(), base.with(|s| s.backup_window_sec));
            fleet.with(|f| {
                f.as_ref().map_or_else(Default::default, |f| {
                    (gantt_chart(f, window, width), throughput_chart(f, window, system, width))
                })
            })
        });
        let charts = Memo::new(move |_| {
            let (f, system, width) = (focus.get(), units.get(), chart_width.get());
            let (s, subject) = (&f.scenario, f.short_name());
            let subject = subject.as_deref();
            let other = compare.get();
            Charts {
                sweep: sweep_chart(
                    s,
                    subject,
                    other.as_ref().map(|(n, o)| (n.as_str(), o)),
                    active_sweep_key.get(),
                    system,
                    width,
                ),
                utilization: utilization_chart(s, subject, width),
                duration: duration_chart(s, subject, system, width),
                file_size: file_size_chart(s, subject, system, width),
            }
        });
        let report = Memo::new(move |_| base.with(evaluate));
        let kept_job_rows = RwSignal::new(None::<String>);
        let focus_report = Memo::new(move |_| {
            // Without jobs the focus is the form: its report is the one already worked out.
            if focus.with(|f| f.long_pole.is_none()) {
                report.get()
            } else {
                focus.with(|f| evaluate(&f.scenario))
            }
        });
        Self {
            scenario,
            base,
            settled,
            report,
            focus,
            focus_report,
            summary: Memo::new(move |_| {
                let system = units.get();
                // With a job list the page answers for the fleet (issue 18): its night, its rate, its limit.
                let fleet_answer = fleet.with(|f| {
                    f.as_ref().map(|f| scenario.with(|s| capacity_model::fleet::FleetAnswer::from_schedule(s, f)))
                });
                match fleet_answer {
                    Some(answer) => scenario.with(|s| {
                        report.with(|r| {
                            focus_report.with(|p| crate::summary::fleet_summary(&answer, &s.jobs, r, p, system))
                        })
                    }),
                    None => report.with(|r| crate::summary::summary(r, system)),
                }
            }),
            link: Memo::new(move |_| kept_job_rows.with(|rows| scenario.with(|s| encode_keeping(s, rows.as_deref())))),
            kept_job_rows,
            rows_left_out: RwSignal::new((0, 0)),
            opened_job_rows: StoredValue::new(None),
            schedule: fleet,
            units,
            loads: RwSignal::new(0),
            sweep_key,
            notices: RwSignal::new(Vec::new()),
            applied: RwSignal::new(None),
            status: RwSignal::new(String::new()),
            compare,
            saved: RwSignal::new(0),
            invalid: RwSignal::new(Vec::new()),
            chart_width,
            active_sweep_key,
            charts,
            fleet_charts,
            preset: Memo::new(move |_| scenario.with(|s| PRESETS.iter().find(|p| p.scenario() == *s))),
            ready: RwSignal::new(false),
            name: crate::session::kept_text("name", ""),
            steps: RwSignal::new((0, 0)),
        }
    }

    /// Changes the scenario from an input: typing in the input of `field`, whose keystrokes in quick
    /// succession are undone together (`None`: a change undone on its own). The charts are drawn right
    /// away, so the chart effects find their SVG ready and the page updates in one pass.
    pub fn edit_field(&self, field: Option<&'static str>, change: impl FnOnce(&mut Scenario)) {
        let mut change = Some(change);
        self.edit_with(field, &mut |s| change.take().map_or((), |c| c(s)));
    }

    // One copy of the edit's code for every caller (each closure type would get its own).
    fn edit_with(&self, field: Option<&'static str>, change: &mut dyn FnMut(&mut Scenario)) {
        let before = self.scenario.get_untracked();
        self.applied.set(None);
        self.scenario.update(change);
        // A drive generation that cannot take the cartridges or height chosen for the one before (M8 is
        // LTO-8's alone, there is no half-height LTO-1), or an array with fewer disks than its RAID level
        // takes: the choice goes back to one that can be built, and the page says so, rather than showing a
        // choice the model does not use.
        const SET_BACK: [&str; 3] = [
            "Cartridges are set back to the drive's own",
            "Disks are raised to the fewest the RAID level takes",
            "Drive height is set back to full",
        ];
        if let Some(capacity_model::Error::InvalidValue { key, message }) =
            self.scenario.with_untracked(Scenario::combination_issue)
        {
            self.scenario.update(|s| match key {
                "media" => s.media = capacity_model::catalog::Media::Own,
                "disks" => s.disks = s.fewest_disks(),
                _ => s.form = capacity_model::catalog::FormFactor::Full,
            });
            let what = match key {
                "media" => SET_BACK[0],
                "disks" => SET_BACK[1],
                _ => SET_BACK[2],
            };
            // Added to what the notice already says (a link's problems stay listed).
            self.notices.update(|lines| lines.push(format!("{what}: {message}.")));
        } else if self.notices.with_untracked(|lines| lines.iter().any(|l| SET_BACK.iter().any(|w| l.starts_with(w)))) {
            // A choice set back by an earlier edit is old news once the next edit builds: the notice
            // would otherwise still say "raised to 4" beside the 6 disks typed since.
            self.notices.update(|lines| lines.retain(|l| !SET_BACK.iter().any(|w| l.starts_with(w))));
        }
        if self.scenario.with_untracked(|now| *now != before) {
            self.record(before, field);
        }
        self.draw_charts();
    }

    /// Works the charts out now, once the page is past its first result, so the chart effects find their
    /// SVG ready and an edit updates the page in one pass.
    fn draw_charts(&self) {
        if self.ready.get_untracked() {
            self.charts.with_untracked(|_| ());
            self.fleet_charts.with_untracked(|_| ());
        }
    }

    /// Keeps the job rows a link or file wrote that could not be read
    /// ([`capacity_model::codec::Decoded::unread_jobs`]): the link carries them until the job table,
    /// which shows them as rows to fix, says otherwise.
    pub fn keep_opened_rows(&self, rows: Option<String>) {
        self.opened_job_rows.set_value(rows.clone());
        self.kept_job_rows.set(rows);
    }

    /// Replaces the whole scenario (every input shows the new values).
    pub fn load(&self, scenario: Scenario) {
        let before = self.scenario.get_untracked();
        if before != scenario {
            self.record(before, None);
        }
        self.show(scenario);
    }

    /// Keeps `before` to go back to (a burst of edits is one step), with the job rows that could not
    /// be read as they were typed then (the job table publishes them after its edit).
    fn record(&self, before: Scenario, field: Option<&'static str>) {
        let kept = self.kept_job_rows.get_untracked();
        HISTORY.with_borrow_mut(|h| h.record((before, kept), js_sys::Date::now(), field));
        self.steps.set(HISTORY.with_borrow(|h| h.steps()));
    }

    /// The job rows that cannot be read changed and the scenario did not (a row typed through values
    /// that cannot be read, a row added, rows pasted that all need fixing): a step of its own, or of
    /// the burst of keystrokes in `field`, going back to the rows as they were.
    pub fn rows_changed(&self, field: Option<&'static str>) {
        self.record(self.scenario.get_untracked(), field);
    }

    /// Typing moves to another job cell: its keystrokes are a step of their own, not the last cell's
    /// burst (a trial's edits of three cells 0.7 s apart were undone as one).
    pub fn end_burst(&self) {
        HISTORY.with_borrow_mut(crate::history::History::end_burst);
    }

    /// Keystrokes in `field` that changed nothing the history records (job rows typed through values
    /// that cannot be read) continue its burst ([`crate::history::History::touch`]).
    pub fn typed_without_change(&self, field: &'static str) {
        HISTORY.with_borrow_mut(|h| h.touch(js_sys::Date::now(), field));
    }

    /// Goes back to the state before the last change (`forward`: forward again to the one undone), its
    /// unreadable job rows included: the job table shows them again as they were typed.
    pub fn undo(&self, forward: bool) {
        let now = (self.scenario.get_untracked(), self.kept_job_rows.get_untracked());
        let target = HISTORY.with_borrow_mut(|h| if forward { h.redo(now) } else { h.undo(now) });
        self.steps.set(HISTORY.with_borrow(|h| h.steps()));
        if let Some((scenario, kept)) = target {
            // The table shows that state's rows exactly: its rows that could not be read, or none (a
            // trial's Undo to the same readable jobs left the typed rows up and recorded them again,
            // which ended what could be redone).
            let rows = kept.clone().or_else(|| Some(capacity_model::fleet::jobs_to_csv(&scenario.jobs)));
            self.opened_job_rows.set_value(rows);
            self.kept_job_rows.set(kept);
            self.show(scenario);
        }
    }

    /// Shows `scenario` as a whole new one (every input shows its values).
    fn show(&self, scenario: Scenario) {
        self.applied.set(None);
        self.scenario.set(scenario);
        self.draw_charts();
        self.loads.update(|n| *n += 1);
    }
}

impl Planner {
    /// The chart whose figure has `id` in the page (`sweep`, `gantt` ...), as a memo of its own: it
    /// changes only when that chart does, so its figure is written to only then. An empty chart for an
    /// id that is neither a what-if chart nor the schedule's.
    pub fn chart(&self, id: &'static str) -> Memo<Chart> {
        let (charts, fleet_charts) = (self.charts, self.fleet_charts);
        Memo::new(move |_| match id {
            "gantt" => fleet_charts.with(|c| c.0.clone()),
            "night-throughput" => fleet_charts.with(|c| c.1.clone()),
            _ => charts.with(|c| c.by_id(id).cloned().unwrap_or_default()),
        })
    }
}

thread_local! {
    /// The states to undo and redo: one per page, outside the reactive graph (nothing draws from it but
    /// the two buttons, through [`Planner::steps`]).
    static HISTORY: std::cell::RefCell<crate::history::History<(Scenario, Option<String>)>> = Default::default();
}

/// The planner from context.
pub fn use_planner() -> Planner {
    expect_context::<Planner>()
}
