//! The `vote` deadline policy: when a player's time runs out, the other players decide on the
//! group's board whether to remove them (as on resignation) or to wait for them.
//!
//! The vote lives in the table's clock ([`crate::clock::RemovalVote`]) and runs for one fresh
//! turn of the player voted on, who may still move (which ends it). Its two buttons sit on the
//! board under the seats' own; their token carries the time the vote opened, so a button of an
//! older vote is stale. A vote that nobody settles before its turn runs out falls back to
//! `skip`: the turn is played for the absent player, so a table where everybody left still
//! moves on (and its `misses` count ends it).

use super::text::seat_name;
use super::token::{Op, Token};
use super::{App, Button, ButtonKind, Ctx, Effect, Effects};
use crate::clock::{RemovalVote, Verdict};
use crate::event::Event;
use crate::game::Seat;
use crate::store::{Store, StoreError};
use crate::table::Table;

/// The seats that may vote on `vote`: every person still in the game but the player voted on
/// (a computer casts no vote, so counting it would leave a vote no one can settle).
pub(super) fn voters(table: &Table, vote: &RemovalVote) -> Vec<Seat> {
    table.people_in_play().filter(|seat| *seat != vote.seat).collect()
}

impl<S: Store> App<S> {
    /// The board's lines and buttons for an open vote.
    pub(super) fn vote_block(
        &self,
        lang: &str,
        table: &Table,
        lines: &mut Vec<String>,
        rows: &mut Vec<Vec<Button>>,
    ) {
        let Some(vote) = &table.clock.vote else { return };
        let voters = voters(table, vote);
        let names: Vec<String> = voters.iter().map(|s| seat_name(table, *s)).collect();
        let player = seat_name(table, vote.seat);
        let args = [
            ("player", player.clone().into()),
            ("voters", names.join(", ").into()),
            ("votes", ((vote.remove.len() + vote.wait.len()) as i64).into()),
            ("of", (voters.len() as i64).into()),
        ];
        lines.push(self.i18n.text(lang, "vote-open", &args));
        let button = |id: &str, remove: bool| Button {
            text: self.i18n.text(lang, id, &[("player", player.clone().into())]),
            kind: ButtonKind::Token(Token::new(table.id, vote.opened, Op::Vote(remove)).encode()),
        };
        rows.push(vec![button("btn-vote-remove", true), button("btn-vote-wait", false)]);
    }

    /// A press on a vote button.
    pub(super) fn vote_press(
        &mut self,
        ctx: &Ctx,
        mut table: Table,
        token: Token,
        remove: bool,
    ) -> Effects {
        let Some(seat) = table.seat_of(&ctx.input.user_id()) else {
            return Ok(self.reply(ctx, "not-a-player", &[]));
        };
        let opened = match token.version {
            super::token::Version::Seq(opened) => opened,
            super::token::Version::Keyboard(_) => return Ok(self.reply(ctx, "press-forged", &[])),
        };
        let Some(mut vote) = table.clock.vote.clone().filter(|v| v.opened == opened) else {
            return Ok(self.reply(ctx, "vote-closed", &[]));
        };
        if seat == vote.seat {
            return Ok(self.reply(ctx, "vote-yourself", &[]));
        }
        let voters = voters(&table, &vote);
        if !voters.contains(&seat) {
            return Ok(self.reply(ctx, "not-a-player", &[]));
        }
        let read_seq = table.seq;
        let now = ctx.input.now;
        vote.cast(seat, remove);
        let mut events = Vec::new();
        let before = table.to_move();
        match vote.verdict(voters.len()) {
            Some(Verdict::Remove) => {
                events.push(Event::new("vote-removed").seat("player", vote.seat));
                let resigned = table.resign(vote.seat, now);
                let corrupt = |e: crate::table::TableError| StoreError::Corrupt {
                    id: table.id,
                    reason: e.to_string(),
                };
                events.extend(resigned.map_err(corrupt)?);
            }
            Some(Verdict::Wait) => {
                events.push(Event::new("vote-wait").seat("player", vote.seat));
                table.clock.restart(now);
            }
            None => table.clock.vote = Some(vote),
        }
        table.touch(now);
        self.save(&table, Some(read_seq))?;
        let passed = table.to_move() != before;
        let text = self.i18n.plain(ctx.lang, "vote-counted");
        let mut effects = vec![Effect::Answer { text, alert: false }];
        effects.extend(self.after_move(ctx, &mut table, &events, passed)?);
        Ok(effects)
    }
}
