//! A fleet of unequal clients in one backup window: the job list ([`jobs`]) and its schedule on the
//! drives ([`schedule()`]).
//!
//! [`answer()`] is the fleet's answer to what a page or the planner asks of a scenario once jobs exist:
//! its data, its night, its binding limit and what to add.
//!
//! [`restore`] restores the whole fleet from tape by priority tier (disaster recovery).
//!
//! A scenario with jobs still has its aggregate report (the `clients` identical clients); the
//! schedule answers what an aggregate rate cannot: which job runs on which drive when, the long pole
//! that sets the night's length, and how long the drives sit idle.

pub mod answer;
pub mod cartridges;
pub mod faster;
pub mod fewest;
pub mod jobs;
pub mod repository;
pub mod restore;
pub mod schedule;

pub use answer::{
    answer, drives_starved_by_their_share, long_pole_starved_text, scaled_jobs, warning_applies_with_jobs,
    warnings_with_jobs, what_to_add, what_to_add_after, Binding, FleetAnswer, FleetChange, FleetPlan, JobAdvice,
    JobChange, LongPoleRun,
};
pub use cartridges::{handling_text, restore_handling_text, DriveHandling};
pub use jobs::{
    column_named, is_unsafe_name_char, jobs_cells, jobs_to_csv, parse_jobs, records, repeated_names_text, set_cell,
    Job, BARE_DATA_LEAST_BYTES, BARE_FILE_LEAST_BYTES, COLUMNS, HEADINGS, MAX_JOBS, MAX_PRIORITY, MAX_RTO_HOURS,
};
pub use repository::{copy_text, CopyJob, CopyNight, CopySchedule, Phase};
pub use restore::{
    bring_in, cartridge_wait_text, multiplexed_read, multiplexed_text, restore_cost_text, restore_schedule,
    tape_groups, unprioritised_text, whole_jobs_text, BringIn, CartridgeRead, PassSpan, RestoreSchedule, RestoreTier,
    RestoredJob,
};
pub use schedule::{
    fewest_drives, fewest_sessions_per_drive, job_alone, job_scenario, order_by, schedule, JobOrder, Schedule,
    ScheduledJob, SESSIONS_PER_DRIVE,
};
