//! `/undo`: a player asks to take back their last move, before the next player acts, and the
//! other people in the game decide on the group's board (which moves are taken, and how chance
//! comes back: [`crate::undo`]).
//!
//! The request lives in the table ([`crate::table::UndoAsk`]) and shows on the board as a line
//! and two buttons, like the clock's removal vote; its token carries the log's length when it
//! was asked. Any action ends it ([`crate::table::Table::act_with`]), so an undo and the next
//! player's move race through the store's compare-and-swap and exactly one of them wins: the
//! move first, and the request's buttons are over; the last acceptance first, and the move's
//! buttons are stale.
//!
//! Computer players decide at once: they accept at a solo table (one person against computers
//! in a private chat with the bot: practice, whose standings only that person sees) and refuse
//! in a group, whose games count for the chat's shared ratings.

use super::text::seat_name;
use super::token::{Op, Token, Version};
use super::turn::group_of;
use super::{App, Button, ButtonKind, Ctx, Effect, Effects, Mention, Message};
use crate::event::Event;
use crate::game::Seat;
use crate::store::{Store, StoreError};
use crate::table::{Status, Table, UndoAsk};
use crate::undo::{Refusal, plan};

/// The people who decide on `ask`: everyone still in the game but the asker.
fn deciders(table: &Table, ask: Seat) -> Vec<Seat> {
    table.people_in_play().filter(|seat| *seat != ask).collect()
}

impl<S: Store> App<S> {
    /// `/undo`, by a player of the chat's game.
    pub(super) fn undo_command(&mut self, ctx: &Ctx) -> Effects {
        let Some(mut table) = self.active_table(ctx)? else {
            return Ok(self.reply(ctx, "no-game-here", &[]));
        };
        let Some(seat) = table.seat_of(&ctx.input.user_id()) else {
            return Ok(self.reply(ctx, "not-a-player", &[]));
        };
        if table.status == Status::Lobby {
            return Ok(self.reply(ctx, "undo-nothing", &[]));
        }
        if table.undo.is_some() {
            return Ok(self.reply(ctx, "undo-pending", &[]));
        }
        let count = match self.take_back_plan(&table, seat)? {
            Ok(count) => count,
            Err(refusal) => return Ok(self.reply(ctx, refusal_id(refusal), &[])),
        };
        let computer = table.seats_in_play().find(|s| *s != seat && table.is_computer(*s));
        if let (Some(computer), false) = (computer, table.solo) {
            let args = [("player", seat_name(&table, computer).into())];
            return Ok(self.reply(ctx, "undo-computer-refuses", &args));
        }
        let read_seq = table.seq;
        let deciders = deciders(&table, seat);
        if deciders.is_empty() {
            // Only computers to ask, at a solo table: they accept.
            return self.take_back(ctx, table, seat, count, read_seq);
        }
        table.undo = Some(UndoAsk { seat, at: table.log_len(), accepted: Vec::new() });
        table.touch(ctx.input.now);
        self.save(&table, Some(read_seq))?;
        let events = [Event::new("undo-asked").seat("player", seat)];
        let mut effects = self.after_move(ctx, &mut table, &events, false)?;
        // The board is edited in place, which notifies nobody: the deciders are pinged.
        let lang = self.table_lang(&table);
        let names: Vec<String> = deciders.iter().map(|s| seat_name(&table, *s)).collect();
        let args =
            [("players", names.join(", ").into()), ("player", seat_name(&table, seat).into())];
        let mut ping = Message::text(self.i18n.text(lang, "undo-ping", &args));
        ping.mentions = deciders
            .iter()
            .map(|s| Mention {
                user: table.players[*s].user.id.clone(),
                name: seat_name(&table, *s),
            })
            .collect();
        effects.push(Effect::Send { to: group_of(&table), message: ping });
        Ok(effects)
    }

    /// The board's line and buttons for an open request.
    pub(super) fn undo_block(
        &self,
        lang: &str,
        table: &Table,
        lines: &mut Vec<String>,
        rows: &mut Vec<Vec<Button>>,
    ) {
        let Some(ask) = &table.undo else { return };
        let deciders = deciders(table, ask.seat);
        let waiting: Vec<String> = deciders
            .iter()
            .filter(|s| !ask.accepted.contains(s))
            .map(|s| seat_name(table, *s))
            .collect();
        let args =
            [("player", seat_name(table, ask.seat).into()), ("players", waiting.join(", ").into())];
        lines.push(self.i18n.text(lang, "undo-open", &args));
        let button = |id: &str, accept: bool| Button {
            text: self.i18n.plain(lang, id),
            kind: ButtonKind::Token(Token::new(table.id, ask.at, Op::Undo(accept)).encode()),
        };
        rows.push(vec![button("btn-undo-accept", true), button("btn-undo-refuse", false)]);
    }

    /// A press on a request's Accept or Refuse.
    pub(super) fn undo_press(
        &mut self,
        ctx: &Ctx,
        mut table: Table,
        token: Token,
        accept: bool,
    ) -> Effects {
        let Some(seat) = table.seat_of(&ctx.input.user_id()) else {
            return Ok(self.reply(ctx, "not-a-player", &[]));
        };
        let Version::Seq(at) = token.version else {
            return Ok(self.reply(ctx, "press-forged", &[]));
        };
        let open = table.undo.clone().filter(|ask| ask.at == at && table.log_len() == at);
        let Some(mut ask) = open else {
            return Ok(self.reply(ctx, "undo-over", &[]));
        };
        if seat == ask.seat {
            return Ok(self.reply(ctx, "undo-own", &[]));
        }
        let deciders = deciders(&table, ask.seat);
        if !deciders.contains(&seat) {
            return Ok(self.reply(ctx, "not-a-player", &[]));
        }
        let read_seq = table.seq;
        table.touch(ctx.input.now);
        if !accept {
            table.undo = None;
            self.save(&table, Some(read_seq))?;
            let refused = Event::new("undo-refused").seat("decider", seat).seat("player", ask.seat);
            let mut effects = vec![Effect::Answer { text: String::new(), alert: false }];
            effects.extend(self.after_move(ctx, &mut table, &[refused], false)?);
            return Ok(effects);
        }
        if !ask.accepted.contains(&seat) {
            ask.accepted.push(seat);
        }
        if deciders.iter().all(|s| ask.accepted.contains(s)) {
            let count = match self.take_back_plan(&table, ask.seat)? {
                Ok(count) => count,
                // The request was checked when asked and nothing has moved since.
                Err(refusal) => return Ok(self.reply(ctx, refusal_id(refusal), &[])),
            };
            return self.take_back(ctx, table, ask.seat, count, read_seq);
        }
        table.undo = Some(ask);
        self.save(&table, Some(read_seq))?;
        let text = self.i18n.plain(ctx.lang, "undo-counted");
        let mut effects = vec![Effect::Answer { text, alert: false }];
        effects.extend(self.after_move(ctx, &mut table, &[], false)?);
        Ok(effects)
    }

    fn take_back_plan(
        &self,
        table: &Table,
        seat: Seat,
    ) -> Result<Result<usize, Refusal>, StoreError> {
        let corrupt = |reason: String| StoreError::Corrupt { id: table.id, reason };
        let info = table.info().ok_or_else(|| corrupt(format!("no game {}", table.game)))?;
        let log = self.store.log(table.id)?;
        plan(info, &table.setup(), &log, seat).map_err(|e| corrupt(e.to_string()))
    }

    /// Takes `seat`'s last move back (`count` log entries) and shows the board as it was.
    fn take_back(
        &mut self,
        ctx: &Ctx,
        mut table: Table,
        seat: Seat,
        count: usize,
        read_seq: u64,
    ) -> Effects {
        let log = self.store.log(table.id)?;
        let before = table.to_move();
        table
            .take_back(&log, seat, count, ctx.input.now)
            .map_err(|e| StoreError::Corrupt { id: table.id, reason: e.to_string() })?;
        self.save(&table, Some(read_seq))?;
        let passed = table.to_move() != before;
        let done = Event::new("undo-done").seat("player", seat);
        let mut effects = vec![Effect::Answer { text: String::new(), alert: false }];
        effects.retain(|_| ctx.is_press());
        effects.extend(self.after_move(ctx, &mut table, &[done], passed)?);
        Ok(effects)
    }
}

fn refusal_id(refusal: Refusal) -> &'static str {
    match refusal {
        Refusal::Nothing => "undo-nothing",
        Refusal::TooLate => "undo-too-late",
        Refusal::Revealed => "undo-revealed",
        Refusal::Private => "undo-private",
    }
}
