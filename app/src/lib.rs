//! Backup Capacity Planner, the browser calculator: Leptos components over the `capacity-model` crate.
//!
//! The scenario is the one source of truth ([`state::Planner`]); the report and every chart are
//! `Memo`s derived from it. Charts are pure functions (scenario in, SVG out) in [`charts`].

mod browser;
pub mod charts;
mod components;
mod dom;
pub mod export;
pub mod first_paint;
pub mod focus;
pub mod form;
pub mod held;
pub mod history;
pub mod jobs_table;
pub mod palette;
pub mod saved_store;
pub mod schedule_view;
pub mod session;
pub mod size_input;
pub mod state;
pub mod summary;
pub mod tables;

pub use components::App;
