//! Computer players at a table: who they are, and how their moves reach the game without
//! holding up anyone else.
//!
//! A computer's move is worked out away from the engine: whenever a save leaves a computer
//! seat to move, the engine hands out a [`ComputerTurn`] (a copy of the game, the seat, its
//! level, and the table's version). The adapter runs [`ComputerTurn::decide`] on a thread of
//! its own — after a short pause, so people can follow — and feeds the result back as an
//! ordinary input ([`Action::Computer`]), which is checked like a press: a move decided on a
//! table that has changed since is dropped (and the computer asked again if it is still to
//! move). So a strong search never blocks the other tables, and a computer's move is saved and
//! announced exactly like a person's.
//!
//! A crash between a person's move and the computer's answer loses nothing: a table whose
//! computer is to move is due at once in the clock's index ([`Table::due`]), and the first
//! tick after a restart hands its turn out again.
//!
//! The computer decides with [`crate::ai`] from what its own seat may see (the search redraws
//! the other seats' secrets), so a game with a secret set-up keeps its secrets from it.

use std::time::Duration;

use super::turn::group_input;
use super::{Action, App, Ctx, Effects, Input, User};
use crate::ai::Level;
use crate::game::Seat;
use crate::registry::DynGame;
use crate::store::{Store, StoreError};
use crate::table::{Status, Table, TableError};

/// How long a computer waits before it moves, so the people at the table can follow; none
/// during a secret set-up, which nobody watches.
pub const PAUSE: Duration = Duration::from_millis(1200);

/// A computer seat's turn to decide, handed to the adapter.
#[derive(Debug)]
pub struct ComputerTurn {
    pub table: u64,
    pub seat: Seat,
    /// The table's version the decision is for.
    pub seq: u64,
    pub level: Level,
    /// The pause before the move is played ([`PAUSE`], or none).
    pub pause: Duration,
    input: Input,
    game: Box<dyn DynGame>,
}

impl ComputerTurn {
    /// Works out the computer's action (CPU only: run it off the engine's thread) and returns
    /// the input that plays it. The search's randomness comes from the operating system.
    pub fn decide(self) -> Input {
        let mut rng = crate::rng::from_entropy();
        let action = self.game.computer_action(self.seat, self.level, &mut rng);
        let action = Action::Computer {
            table: self.table,
            seat: self.seat,
            seq: self.seq,
            action: action.unwrap_or(serde_json::Value::Null),
        };
        Input { action, ..self.input }
    }
}

impl<S: Store> App<S> {
    /// The computer turns handed out since the last call: the adapter decides each
    /// ([`ComputerTurn::decide`]) and hands the result back as an input.
    pub fn take_computer_turns(&mut self) -> Vec<ComputerTurn> {
        std::mem::take(&mut self.computer_turns)
    }

    /// Hands out the turn of each computer seat to move on `table`, unless one is out already.
    pub(super) fn hand_out_computer_turns(&mut self, table: &mut Table) {
        if !table.computer_turn || self.computer_pending.contains(&table.id) {
            return;
        }
        // With several processes on one store, the turn is one process's to think about.
        match self.store.claim_clock(
            table.id,
            table.seq,
            &super::clock::clock_claim(super::clock::COMPUTER_CLAIM_MS),
        ) {
            Ok(true) => {}
            Ok(false) => return,
            Err(e) => {
                // Its tick hands the turn out again.
                tracing::warn!(table = table.id, "the computer's turn was not claimed: {e}");
                return;
            }
        }
        let Ok(game) = table.game_ref().map(|g| g.clone_box()) else { return };
        let pause = if table.status == Status::Setup { Duration::ZERO } else { PAUSE };
        for (seat, level) in table.computers_to_move() {
            let player = &table.players[seat];
            let user = User {
                id: player.user.id.clone(),
                name: player.name.clone(),
                admin: false,
                lang: None,
            };
            let input = group_input(table, user, table.updated_at);
            self.computer_turns.push(ComputerTurn {
                table: table.id,
                seat,
                seq: table.seq,
                level,
                pause,
                input,
                game: game.clone_box(),
            });
            self.computer_pending.insert(table.id);
        }
    }

    /// A computer's decided action: played if the table is still as it was decided on.
    pub(super) fn computer_move(
        &mut self,
        ctx: &Ctx,
        id: u64,
        seat: Seat,
        seq: u64,
        action: &serde_json::Value,
    ) -> Effects {
        self.computer_pending.remove(&id);
        let Some(mut table) = self.store.load(id)? else { return Ok(Vec::new()) };
        let current = table.seq == seq && !table.status.is_over() && table.moved_by_computer(seat);
        if !current || !table.to_move().includes(seat) || action.is_null() {
            // Decided on a table that changed since: ask again if a computer is still to move.
            self.hand_out_computer_turns(&mut table);
            return Ok(Vec::new());
        }
        let read_seq = table.seq;
        let before = table.to_move();
        let events = match table.act(seat, action, ctx.input.now) {
            Ok(events) => events,
            Err(TableError::Action(e)) => {
                tracing::warn!(table = id, "a computer's move was refused: {e}");
                return Ok(Vec::new());
            }
            Err(e) => return Err(StoreError::Corrupt { id, reason: e.to_string() }),
        };
        self.save(&table, Some(read_seq))?;
        let passed = table.to_move() != before;
        self.after_move(ctx, &mut table, &events, passed)
    }
}
