//! What the owner's `/botstats` counts over time: the moves made each day and the people who
//! played each day, kept in the store as preferences.
//!
//! Why counters, and not a look through the store when asked: the action log carries no
//! times and finished tables are in no index, so "moves today" cannot be read back; counting
//! while moves are saved costs an addition. One day's counts live under
//! `owner.activity.<day mod 8>` — today and the seven days before, each slot reused once its
//! day is more than a week old — so what is kept never grows with the bot's age. They are
//! written at most once a minute (of input time, which the clock's ticks move on) and when the
//! day changes, each time *adding* what this engine counted to what is stored, so several
//! engines over one store (Telegram and Discord in one process, or several processes over
//! PostgreSQL) each add their own. A crash loses at most the last minute's counts: these are
//! figures for the owner, not games.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use crate::game::Actor;
use crate::store::{Store, StoreError};
use crate::table::LogEntry;

/// A day in milliseconds: days are counted in UTC.
pub(super) const DAY_MS: u64 = 86_400_000;

/// How often the counts are written at most (input time).
const WRITE_EVERY_MS: u64 = 60_000;

/// Slots of daily counts: today and the seven days before.
const SLOTS: u64 = 8;

/// The days "this week" spans: today and the six before.
const WEEK_DAYS: u64 = 7;

/// The moves a table's save records: the seats' actions appended since it was loaded
/// (chance's draws and resignations are not moves).
pub(super) fn moves(table: &crate::table::Table) -> u64 {
    let (_, entries) = table.new_log();
    let seat = |e: &&LogEntry| matches!(e, LogEntry::Act { actor: Actor::Seat(_), .. });
    entries.iter().filter(seat).count() as u64
}

/// The counts of one day as stored.
#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize)]
struct Day {
    day: u64,
    moves: u64,
    /// The people who played (their `UserId::key`s).
    players: BTreeSet<String>,
}

/// This engine's counts not written yet, all of one day.
#[derive(Debug, Default)]
pub(super) struct Activity {
    day: u64,
    moves: u64,
    players: BTreeSet<String>,
    written_at: u64,
}

fn key(day: u64) -> String {
    format!("owner.activity.{}", day % SLOTS)
}

/// The stored counts of `day` (empty when its slot holds another day's, or nothing).
fn stored<S: Store>(store: &S, day: u64) -> Result<Day, StoreError> {
    let record = store.pref(&key(day))?;
    let parsed = record.and_then(|text| serde_json::from_str::<Day>(&text).ok());
    Ok(parsed.filter(|d| d.day == day).unwrap_or(Day { day, ..Day::default() }))
}

impl Activity {
    /// Counts `moves` made at `now` at a table where `players` play.
    pub(super) fn note<S: Store>(
        &mut self,
        store: &S,
        now: u64,
        moves: u64,
        players: impl IntoIterator<Item = String>,
    ) {
        let day = now / DAY_MS;
        if day != self.day {
            // A new day: what the old one counted is written under its own day first.
            self.write(store, now);
            self.day = day;
        }
        self.moves += moves;
        self.players.extend(players);
    }

    /// Writes the counts when a minute has passed since the last write.
    pub(super) fn write_if_due<S: Store>(&mut self, store: &S, now: u64) {
        if now >= self.written_at + WRITE_EVERY_MS {
            self.write(store, now);
        }
    }

    /// Adds the counts to the stored ones and starts again from nothing. A failed write keeps
    /// them for the next try.
    fn write<S: Store>(&mut self, store: &S, now: u64) {
        if self.moves == 0 && self.players.is_empty() {
            return;
        }
        let merged = stored(store, self.day).map(|mut day| {
            day.moves += self.moves;
            day.players.extend(self.players.iter().cloned());
            day
        });
        let written = merged.and_then(|day| {
            let text =
                serde_json::to_string(&day).map_err(|e| StoreError::Backend(e.to_string()))?;
            store.set_pref(&key(self.day), &text)
        });
        match written {
            Ok(()) => {
                self.moves = 0;
                self.players.clear();
                self.written_at = now;
            }
            Err(e) => tracing::warn!("the owner's statistics were not saved: {e}"),
        }
    }

    /// The people who played this week (today and the six days before) and the moves made
    /// today, at `now`: what is stored plus what this engine has not written yet.
    pub(super) fn report<S: Store>(&self, store: &S, now: u64) -> Result<(usize, u64), StoreError> {
        let today = now / DAY_MS;
        let mut players = BTreeSet::new();
        let mut moves = 0;
        for day in today.saturating_sub(WEEK_DAYS - 1)..=today {
            let counted = stored(store, day)?;
            players.extend(counted.players);
            if day == today {
                moves = counted.moves;
            }
        }
        if self.day + WEEK_DAYS > today && self.day <= today {
            players.extend(self.players.iter().cloned());
            if self.day == today {
                moves += self.moves;
            }
        }
        Ok((players.len(), moves))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::SledStore;

    fn people(names: &[&str]) -> Vec<String> {
        names.iter().map(|n| n.to_string()).collect()
    }

    #[test]
    fn counts_add_up_across_writes_and_engines() {
        let store = SledStore::temporary().unwrap();
        let now = 100 * DAY_MS + 5;
        let (mut a, mut b) = (Activity::default(), Activity::default());
        a.note(&store, now, 3, people(&["t:1", "t:2"]));
        assert_eq!(a.report(&store, now).unwrap(), (2, 3), "unwritten counts are reported");
        a.write_if_due(&store, now);
        b.note(&store, now + 1, 2, people(&["d:9", "t:1"]));
        b.write_if_due(&store, now + 1);
        // Both engines' counts are in the store; a third engine reads them all.
        assert_eq!(Activity::default().report(&store, now + 2).unwrap(), (3, 5));
        // Within the minute a second write waits; the report still includes it.
        a.note(&store, now + 3, 4, people(&["t:3"]));
        a.write_if_due(&store, now + 3);
        assert_eq!(Activity::default().report(&store, now + 3).unwrap(), (3, 5));
        assert_eq!(a.report(&store, now + 3).unwrap(), (4, 9));
        a.write_if_due(&store, now + 3 + WRITE_EVERY_MS);
        assert_eq!(Activity::default().report(&store, now + 4).unwrap(), (4, 9));
    }

    #[test]
    fn days_roll_over_and_a_week_is_seven_days() {
        let store = SledStore::temporary().unwrap();
        let day0 = 200 * DAY_MS;
        let mut a = Activity::default();
        a.note(&store, day0, 5, people(&["t:1"]));
        // The next day's first move writes the day before under its own day.
        a.note(&store, day0 + DAY_MS, 1, people(&["t:2"]));
        assert_eq!(Activity::default().report(&store, day0).unwrap(), (1, 5));
        assert_eq!(a.report(&store, day0 + DAY_MS).unwrap(), (2, 1), "moves today only");
        a.write_if_due(&store, day0 + DAY_MS + WRITE_EVERY_MS);
        // Six days later both days are in the week; seven days later the first is not.
        let report = |at: u64| Activity::default().report(&store, at).unwrap();
        assert_eq!(report(day0 + 6 * DAY_MS), (2, 0));
        assert_eq!(report(day0 + 7 * DAY_MS), (1, 0));
        // Eight days on, the first day's slot is reused: its old counts are read for no day.
        let mut later = Activity::default();
        later.note(&store, day0 + 8 * DAY_MS, 1, people(&["t:7"]));
        later.write_if_due(&store, day0 + 8 * DAY_MS);
        assert_eq!(report(day0 + 8 * DAY_MS), (1, 1));
        assert_eq!(report(day0), (0, 0));
    }
}
