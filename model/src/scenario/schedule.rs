//! How the scenario's backups are scheduled: the order a fleet's jobs start in ([`crate::fleet::schedule()`]),
//! sessions per drive, and what runs between fulls ([`crate::timeline`]).

/// The order in which waiting jobs start (the `job_order` field).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum JobOrder {
    /// The job with the longest time on a drive first (LBF, Graham's LPT): the shortest night.
    LongestFirst,
    /// As listed.
    Listed,
    /// The job with the shortest time on a drive first (SPT): short jobs end early; on one drive the
    /// most jobs inside a window, on several often but not always (a long job started late can miss it).
    ShortestFirst,
    /// By the `priority` column, tier 0 first, longest first within a tier; jobs without a priority
    /// after the rest.
    Priority,
}

impl JobOrder {
    /// Every order, in the `job_order` field's order (its index is the field's value).
    pub const ALL: [JobOrder; 4] = [Self::LongestFirst, Self::Listed, Self::ShortestFirst, Self::Priority];

    /// The field's name: `longest`, `listed`, `shortest`, `priority` (links made before 2026-12 may
    /// write `longest_first`, which still reads as `longest`).
    pub fn name(self) -> &'static str {
        match self {
            Self::LongestFirst => "longest",
            Self::Listed => "listed",
            Self::ShortestFirst => "shortest",
            Self::Priority => "priority",
        }
    }

    /// In words, for reports: `longest first`, `as listed`, `shortest first`, `by priority`.
    pub fn words(self) -> &'static str {
        match self {
            Self::LongestFirst => "longest first",
            Self::Listed => "as listed",
            Self::ShortestFirst => "shortest first",
            Self::Priority => "by priority",
        }
    }
}

/// How the disaster-recovery restore of a job list starts its priority tiers (the `restore_tiers` field).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RestoreTiers {
    /// Every job as soon as a drive is free, tier 0 first: lower tiers run beside the higher ones on the
    /// drives to spare, and share ports and the server with them.
    Together,
    /// Each tier once the tier above it is back: it takes nothing from them, and starts later.
    InTurn,
}

impl RestoreTiers {
    /// Both choices, in the field's order (its index is the field's value).
    pub const ALL: [RestoreTiers; 2] = [Self::Together, Self::InTurn];

    /// The field's name: `together`, `in-turn`.
    pub fn name(self) -> &'static str {
        match self {
            Self::Together => "together",
            Self::InTurn => "in-turn",
        }
    }

    /// In words, for reports: `all at once`, `tier by tier`.
    pub fn words(self) -> &'static str {
        match self {
            Self::Together => "all at once",
            Self::InTurn => "tier by tier",
        }
    }
}

/// Device concurrency when none is entered: Data Protector's default of four sessions per drive
/// (HP Data Protector 6.1 performance white paper, recommendations: "Data Protector's default
/// concurrency is four").
pub const SESSIONS_PER_DRIVE: u32 = 4;

/// What runs between fulls.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BetweenFulls {
    /// What changed since the night before.
    Incremental,
    /// What changed since the last full.
    Differential,
}

impl BetweenFulls {
    /// Both choices.
    pub const ALL: [BetweenFulls; 2] = [Self::Incremental, Self::Differential];
}
