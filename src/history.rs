//! A chat's finished games: one short record per game, the source of `/top`, `/stats` and
//! `/history` ([`crate::ratings`] computes the ratings from them).
//!
//! **Counted exactly once, by construction.** The record is written with the save that ends the
//! game, in the same commit (`Store::stage_pref`: sled's staged batch, PostgreSQL's open
//! transaction), so it is durable exactly when that move is, under a key that is the table's
//! own: `history:<platform>:<chat>:<table id, 20 digits>`. Writing it again — an
//! attempt retried after a lost compare-and-swap, a crash between the save and the delivery
//! of the last board, an update the platform sends twice — writes the same key, so a game is
//! one record however often its end is written. Nothing is incremented: the ratings and
//! counts are computed from the records each time they are asked for (one rating update per
//! game, a few floating-point operations per pair of seats), so they cannot drift from what
//! was played, and they survive restarts, backups and `migrate` with the preferences that
//! hold them.
//!
//! **What counts.** A game that reached its end counts, whatever ended it: moves, a
//! resignation, a player removed by the turn clock (the game's own result ranks a resigned or
//! removed seat as it says — last, in the games here). A cancelled or aborted game (`/cancel`,
//! the owner's `/abort`, a lobby that never started) does not: nobody won it. A table where
//! one person holds two seats is not rated (it says nothing about them), but is listed by
//! `/history`.

use serde::{Deserialize, Serialize};

use crate::ai::Level;
use crate::store::{Store, StoreError};
use crate::table::{Platform, Status, Table};

/// Where a chat's records are kept: the chat as a whole (every forum topic or thread of it).
pub fn prefix(platform: Platform, chat: &str) -> String {
    format!("history:{}:{chat}:", platform.tag())
}

/// The key of `table`'s record.
pub fn key(table: &Table) -> String {
    let chat = table.home_chat();
    format!("{}{:020}", prefix(chat.platform, &chat.chat), table.id)
}

/// One finished game, as its chat remembers it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Finished {
    pub table: u64,
    /// The game's registry id.
    pub game: String,
    /// When it ended (milliseconds since the Unix epoch).
    pub ended_at: u64,
    /// Who sat where, in seat order.
    pub seats: Vec<Seated>,
    /// `places[seat]`: 1 for the winner(s), equal places tie.
    pub places: Vec<u8>,
    /// The side of each seat when seats played together (see [`crate::game::Outcome`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sides: Option<Vec<u8>>,
}

/// A seat of a finished game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seated {
    /// Who it was: a person's `UserId::key` (`tg:42`), or for a computer player its level's
    /// key (`computer:strong`): a level is rated as one player across the chat's games.
    pub who: String,
    /// The name they had then.
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub computer: Option<Level>,
}

/// The key that stands for a computer player of `level` in the ratings.
pub fn computer_key(level: Level) -> String {
    format!("computer:{}", level.name())
}

impl Finished {
    /// The record of `table` if it has just been played to its end (not cancelled).
    pub fn of(table: &mut Table) -> Option<Finished> {
        if table.status != Status::Finished {
            return None;
        }
        let outcome = table.game().ok()?.outcome()?;
        if outcome.places.len() != table.players.len() {
            return None;
        }
        let seats = table
            .players
            .iter()
            .map(|p| Seated {
                who: p.computer.map_or_else(|| p.user.key(), computer_key),
                name: p.name.clone(),
                computer: p.computer,
            })
            .collect();
        Some(Finished {
            table: table.id,
            game: table.game.clone(),
            ended_at: table.updated_at,
            seats,
            places: outcome.places,
            sides: outcome.sides,
        })
    }

    /// Whether `seat` won: first place, with someone behind it (a draw is nobody's win).
    pub fn won(&self, seat: usize) -> bool {
        self.places.get(seat) == Some(&1) && self.places.iter().any(|p| *p > 1)
    }

    /// Whether everyone at the table is someone else: a person in two seats makes the game
    /// say nothing about their skill.
    pub fn ratable(&self) -> bool {
        let people: Vec<&str> =
            self.seats.iter().filter(|s| s.computer.is_none()).map(|s| s.who.as_str()).collect();
        let distinct: std::collections::BTreeSet<&&str> = people.iter().collect();
        !people.is_empty() && distinct.len() == people.len() && self.seats.len() >= 2
    }
}

/// Writes the record of `table` when its save ended the game (see the module docs).
pub fn note_end(store: &dyn Store, table: &mut Table) -> Result<(), StoreError> {
    let Some(record) = Finished::of(table) else { return Ok(()) };
    let json = serde_json::to_string(&record).expect("a record serializes");
    store.stage_pref(&key(table), &json)
}

/// The chat's finished games, oldest end first. A record that cannot be read is left out and
/// logged (it was written by this code; a damaged one costs one game of the statistics, not
/// the command).
pub fn of_chat(
    store: &dyn Store,
    platform: Platform,
    chat: &str,
) -> Result<Vec<Finished>, StoreError> {
    let mut games: Vec<Finished> = store
        .prefs_with_prefix(&prefix(platform, chat))?
        .into_iter()
        .filter_map(|(key, json)| read(&key, &json))
        .collect();
    games.sort_by_key(|g| (g.ended_at, g.table));
    Ok(games)
}

/// The record of `table`, if its game was played to its end (one read, not the chat's scan).
pub fn of_table(store: &dyn Store, table: &Table) -> Result<Option<Finished>, StoreError> {
    let key = key(table);
    Ok(store.pref(&key)?.and_then(|json| read(&key, &json)))
}

/// A stored record read back; one that cannot be read is logged and left out.
fn read(key: &str, json: &str) -> Option<Finished> {
    match serde_json::from_str(json) {
        Ok(record) => Some(record),
        Err(e) => {
            tracing::warn!("history: the record {key} could not be read: {e}");
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::SledStore;
    use crate::table::ChatId;

    fn record(table: u64, ended_at: u64) -> Finished {
        Finished {
            table,
            game: "tanks".into(),
            ended_at,
            seats: vec![
                Seated { who: "tg:1".into(), name: "Ann".into(), computer: None },
                Seated {
                    who: computer_key(Level::Strong),
                    name: "🤖".into(),
                    computer: Some(Level::Strong),
                },
            ],
            places: vec![2, 1],
            sides: None,
        }
    }

    #[test]
    fn a_chats_records_come_back_in_the_order_the_games_ended_and_only_its_own() {
        let store = SledStore::temporary().unwrap();
        let chat =
            |chat: &str| ChatId { platform: Platform::Telegram, chat: chat.into(), thread: None };
        let write = |chat: &ChatId, r: &Finished| {
            let key = format!("{}{:020}", prefix(chat.platform, &chat.chat), r.table);
            store.set_pref(&key, &serde_json::to_string(r).unwrap()).unwrap();
        };
        write(&chat("-100"), &record(7, 300));
        write(&chat("-100"), &record(9, 100));
        // A chat whose id starts with the other's is another chat.
        write(&chat("-1001"), &record(8, 200));
        let games = of_chat(&store, Platform::Telegram, "-100").unwrap();
        assert_eq!(games.iter().map(|g| g.table).collect::<Vec<_>>(), [9, 7]);
        assert_eq!(games[1], record(7, 300));
        // Written twice, one record.
        write(&chat("-100"), &record(7, 300));
        assert_eq!(of_chat(&store, Platform::Telegram, "-100").unwrap().len(), 2);
        // A damaged record costs only itself.
        store.set_pref(&format!("{}{:020}", prefix(Platform::Telegram, "-100"), 5), "{").unwrap();
        assert_eq!(of_chat(&store, Platform::Telegram, "-100").unwrap().len(), 2);
        assert!(of_chat(&store, Platform::Discord, "-100").unwrap().is_empty());
    }

    #[test]
    fn a_person_in_two_seats_makes_a_game_unratable() {
        let mut game = record(1, 1);
        assert!(game.ratable());
        game.seats[1] = Seated { who: "tg:1".into(), name: "Ann".into(), computer: None };
        assert!(!game.ratable());
    }
}
