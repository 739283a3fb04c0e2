//! Undo and redo of the scenario: the states before each change, a burst of keystrokes counted as one
//! change. Pure (the caller gives the time), so native tests cover it.

use capacity_model::Scenario;

/// The states to go back and forward to: scenarios, or whatever the page keeps with each (the page keeps
/// a scenario with the job rows it could not read, as typed).
#[derive(Debug)]
pub struct History<T = Scenario> {
    undo: Vec<T>,
    redo: Vec<T>,
    last_ms: f64,
    last_field: Option<&'static str>,
}

impl<T> Default for History<T> {
    fn default() -> Self {
        Self { undo: Vec::new(), redo: Vec::new(), last_ms: 0.0, last_field: None }
    }
}

impl<T> History<T> {
    /// Most states kept to go back to; the oldest go first.
    pub const MOST: usize = 100;
    /// Keystrokes in one field closer together than this, milliseconds, are one step (typing `2000` is
    /// one change, not four).
    pub const MERGE_MS: f64 = 1000.0;

    /// Records `before`, the state a change at `now_ms` leaves, unless the change is typing in `field`
    /// and the last change was typing in the same field less than [`Self::MERGE_MS`] ago (then the burst
    /// goes back to the state before its first keystroke). A new change ends what could be redone.
    pub fn record(&mut self, before: T, now_ms: f64, field: Option<&'static str>) {
        let burst = field.is_some() && field == self.last_field && now_ms - self.last_ms < Self::MERGE_MS;
        self.last_field = field;
        if !burst || self.undo.is_empty() {
            self.undo.push(before);
            if self.undo.len() > Self::MOST {
                self.undo.remove(0);
            }
        }
        self.last_ms = now_ms;
        self.redo.clear();
    }

    /// Keystrokes in `field` at `now_ms` that change nothing recorded (a job cell typed through values
    /// that cannot be read, `750` on the way to `750GB`): they continue a burst in that field, so the
    /// value they end in is one step with the keystrokes before them.
    pub fn touch(&mut self, now_ms: f64, field: &'static str) {
        if self.last_field == Some(field) && now_ms - self.last_ms < Self::MERGE_MS {
            self.last_ms = now_ms;
        }
    }

    /// Ends the burst under way: the next change is a step of its own.
    pub fn end_burst(&mut self) {
        self.last_field = None;
    }

    /// The state to go back to from `current` (kept for redo), if any.
    pub fn undo(&mut self, current: T) -> Option<T> {
        let previous = self.undo.pop()?;
        self.redo.push(current);
        self.last_field = None;
        Some(previous)
    }

    /// The state undone last, going forward from `current`, if any.
    pub fn redo(&mut self, current: T) -> Option<T> {
        let next = self.redo.pop()?;
        self.undo.push(current);
        self.last_field = None;
        Some(next)
    }

    /// How many steps can be undone and redone.
    pub fn steps(&self) -> (usize, usize) {
        (self.undo.len(), self.redo.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_clients(n: u32) -> Scenario {
        Scenario { clients: n, ..Scenario::default() }
    }

    #[test]
    fn keystrokes_through_unreadable_values_keep_the_burst_going() {
        // A trial's job cell: 1TB -> 7 (the row leaves the scenario) -> 75 -> 750 -> 750G (nothing
        // recorded) -> 750GB (back in), 300 ms apart: one step back to 1TB, not two.
        let mut history = History::default();
        history.record(with_clients(1), 0.0, Some("jobs"));
        for ms in [300.0, 600.0, 900.0, 1200.0] {
            history.touch(ms, "jobs");
        }
        history.record(with_clients(2), 1500.0, Some("jobs"));
        assert_eq!(history.steps(), (1, 0));
        // Another field's keystrokes, or a pause, do not.
        history.touch(1700.0, "clients");
        history.record(with_clients(3), 3000.0, Some("jobs"));
        assert_eq!(history.steps(), (2, 0));
    }

    #[test]
    fn a_burst_of_keystrokes_is_one_step_and_redo_goes_forward() {
        let mut history = History::default();
        // Typing 1 → 12 → 120 within a second, then 121 two seconds later.
        history.record(with_clients(1), 0.0, Some("clients"));
        history.record(with_clients(12), 300.0, Some("clients"));
        history.record(with_clients(120), 2500.0, Some("clients"));
        assert_eq!(history.steps(), (2, 0));
        assert_eq!(history.undo(with_clients(121)).map(|s| s.clients), Some(120));
        assert_eq!(history.undo(with_clients(120)).map(|s| s.clients), Some(1));
        assert_eq!(history.undo(with_clients(1)), None);
        assert_eq!(history.steps(), (0, 2));
        assert_eq!(history.redo(with_clients(1)).map(|s| s.clients), Some(120));
        assert_eq!(history.redo(with_clients(120)).map(|s| s.clients), Some(121));
        assert_eq!(history.redo(with_clients(121)), None);
    }

    #[test]
    fn loads_are_steps_of_their_own_and_a_change_ends_redo() {
        let mut history = History::default();
        history.record(with_clients(1), 0.0, Some("clients"));
        history.record(with_clients(2), 10.0, Some("drives"));
        history.record(with_clients(3), 20.0, None);
        assert_eq!(history.steps(), (3, 0), "another field, or a load, is a step of its own");
        let _ = history.undo(with_clients(4));
        assert_eq!(history.steps(), (2, 1));
        history.record(with_clients(3), 30.0, Some("clients"));
        assert_eq!(history.steps(), (3, 0), "a new change ends what could be redone");
        for i in 0..150 {
            history.record(with_clients(i), 10_000.0 + f64::from(i) * 2000.0, Some("clients"));
        }
        assert_eq!(history.steps().0, History::<Scenario>::MOST);
    }
}
