//! What the bot *should* show, read from its data folder while it is stopped: the stored
//! table, drawn by the same renderer. Tests compare the emulator's messages with it, picture
//! bytes included, so "the board shows the newest state" is checked exactly.

use std::path::Path;

use igroteka::game::{Actor, ToMove, Viewer};
use igroteka::outbox::Slot;
use igroteka::store::{SledStore, Store};
use igroteka::table::{LogEntry, Table};

/// A stored table as the bot saved it.
pub struct Truth {
    pub table: Table,
    /// Entries of the action log that were a seat's own move (chance draws left out).
    pub moves: usize,
}

/// The table id a callback token names (`t12:…` → 12).
pub fn table_of(token: &str) -> u64 {
    token
        .strip_prefix('t')
        .and_then(|rest| rest.split(':').next())
        .and_then(|id| id.parse().ok())
        .unwrap_or_else(|| panic!("not a table token: {token}"))
}

/// Reads table `id` from the data folder `data` (the bot must not be running).
pub fn read(data: &Path, id: u64) -> Truth {
    let store = SledStore::open(data, 8 << 20).expect("the data folder opens");
    of(&store, id)
}

/// Reads table `id` from `store` (any backend; a database may be read while bots run).
pub fn of<S: Store>(store: &S, id: u64) -> Truth {
    let table = store.load(id).expect("the table loads").expect("the table exists");
    let log = store.log(id).expect("the log loads");
    // The moves that stand: a move taken back (`/undo`) is not one.
    let moves = igroteka::table::effective_log(&log)
        .iter()
        .filter(|entry| match entry {
            LogEntry::Act { actor, .. } => *actor != Actor::Chance,
            LogEntry::Resign { .. } => true,
            LogEntry::Undo { .. } => false,
        })
        .count();
    Truth { table, moves }
}

/// The id of the message table `id`'s ping slot shows, as the bot recorded it (the bot must not
/// be running).
pub fn ping_message(data: &Path, id: u64) -> Option<String> {
    slot_message(data, id, Slot::Ping)
}

/// The id of the message the stopped bot's store names as the table's board.
pub fn board_message(data: &Path, id: u64) -> Option<String> {
    slot_message(data, id, Slot::Board)
}

fn slot_message(data: &Path, id: u64, slot: Slot) -> Option<String> {
    let store = SledStore::open(data, 8 << 20).expect("the data folder opens");
    store.slot_message(id, slot).expect("the slot reads")
}

impl Truth {
    /// The picture the group's board must show: the public view, with the picks of the one
    /// seat to move when its choice is public (as the engine draws it).
    pub fn public_png(&mut self) -> Vec<u8> {
        let table = &mut self.table;
        let selection = match table.to_move() {
            ToMove::Seats(seats) if seats.len() == 1 => {
                let public = !table.game().expect("a game").choices(seats[0]).private;
                let picks = table.selection.get(&seats[0]).cloned().unwrap_or_default();
                if public { picks } else { Vec::new() }
            }
            _ => Vec::new(),
        };
        let view = table.game().expect("a game").view(Viewer::Public, &selection);
        igroteka_renderer::render(&view)
    }

    /// The picture of `seat`'s own view, with its picks (its private prompt's).
    pub fn seat_png(&mut self, seat: usize) -> Vec<u8> {
        let table = &mut self.table;
        let picks = table.selection.get(&seat).cloned().unwrap_or_default();
        let view = table.game().expect("a game").view(Viewer::Seat(seat), &picks);
        igroteka_renderer::render(&view)
    }

    pub fn is_over(&self) -> bool {
        self.table.status.is_over()
    }
}
