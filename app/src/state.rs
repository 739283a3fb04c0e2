//! The calculator's state: one scenario signal and what is derived from it.

use capacity_model::units::UnitSystem;
use capacity_model::{evaluate, Report, Scenario};
use leptos::prelude::*;

/// Shared by every component through Leptos context.
#[derive(Clone, Copy)]
pub struct Planner {
    /// The scenario being planned: the single source of truth.
    pub scenario: RwSignal<Scenario>,
    /// The model's report on it.
    pub report: Memo<Report>,
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
}

impl Planner {
    /// A planner starting from `scenario`.
    pub fn new(scenario: Scenario) -> Self {
        let scenario = RwSignal::new(scenario);
        Self {
            scenario,
            report: Memo::new(move |_| evaluate(&scenario.get())),
            units: RwSignal::new(UnitSystem::Decimal),
            loads: RwSignal::new(0),
            sweep_key: RwSignal::new("clients"),
            notices: RwSignal::new(Vec::new()),
            compare: RwSignal::new(None),
            saved: RwSignal::new(0),
        }
    }

    /// Replaces the whole scenario (every input shows the new values).
    pub fn load(&self, scenario: Scenario) {
        self.scenario.set(scenario);
        self.loads.update(|n| *n += 1);
    }
}

/// The planner from context.
pub fn use_planner() -> Planner {
    expect_context::<Planner>()
}
