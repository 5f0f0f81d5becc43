//! Replays on request: the Replay button of a finished game's board and of `/history`, and
//! `/replay [n]` (the n-th game of `/history`, 1 the last one).
//!
//! The engine does not draw: it reads the game's log, and queues one message carrying the
//! game's [`Reel`] through the finished table's outbox. The adapter that delivers it draws the
//! animation on a thread of its own ([`crate::replay`], `igroteka_renderer::replay`), so a long
//! replay delays nobody's press, and a replay asked just before a crash is still sent after
//! it. Nothing is saved: asking again sends it again — but not within [`AGAIN_AFTER_MS`], so
//! a button pressed by several people at once, or a command repeated, draws it once.

use std::collections::HashMap;

use super::text::game_name;
use super::{App, Ctx, Effect, Message, reply_dest};
use crate::history::{self, Finished};
use crate::i18n::Value;
use crate::registry;
use crate::replay::Reel;
use crate::store::Store;
use crate::table::{Status, Table};

use super::Effects;

/// How long after a game's replay was asked another ask of it is answered "just sent".
pub const AGAIN_AFTER_MS: u64 = 60_000;

/// Recently asked replays, by table: when each was asked.
#[derive(Debug, Default)]
pub(super) struct Asked(HashMap<u64, u64>);

impl Asked {
    /// Notes an ask of `table`'s replay at `now`; `false` when one was asked less than
    /// [`AGAIN_AFTER_MS`] ago.
    fn note(&mut self, table: u64, now: u64) -> bool {
        self.0.retain(|_, at| now.saturating_sub(*at) < AGAIN_AFTER_MS);
        if self.0.contains_key(&table) {
            return false;
        }
        self.0.insert(table, now);
        true
    }
}

impl<S: Store> App<S> {
    /// `/replay [n]`: the n-th game of the chat's `/history` list (1, the default, is the last).
    pub(super) fn replay_command(&mut self, ctx: &Ctx, args: &[String]) -> Effects {
        let games = history::of_chat(&self.store, ctx.input.platform, &ctx.input.chat.id)?;
        if games.is_empty() {
            return Ok(self.reply(ctx, "replay-none", &[]));
        }
        let count = games.len().min(super::standings::HISTORY);
        let n = match args {
            [] => Some(1),
            [n] => n.parse::<usize>().ok().filter(|n| (1..=count).contains(n)),
            _ => None,
        };
        let Some(n) = n else {
            return Ok(self.reply(ctx, "replay-which", &[("count", (count as i64).into())]));
        };
        let record = &games[games.len() - n];
        match self.store.load(record.table)? {
            Some(table) => self.replay(ctx, &table, Some(record)),
            None => Ok(self.reply(ctx, "replay-gone", &[])),
        }
    }

    /// A Replay button: on the final board, or in `/history`.
    pub(super) fn replay_press(&mut self, ctx: &Ctx, table: Table) -> Effects {
        self.replay(ctx, &table, None)
    }

    /// Queues `table`'s replay for the chat the ask came from, with a caption naming the game
    /// and its result.
    fn replay(&mut self, ctx: &Ctx, table: &Table, record: Option<&Finished>) -> Effects {
        if table.status != Status::Finished {
            return Ok(self.reply(ctx, "replay-not-finished", &[]));
        }
        if !self.replays_asked.note(table.id, ctx.input.now) {
            return Ok(self.reply(ctx, "replay-just-sent", &[]));
        }
        let record = match record {
            Some(record) => Some(record.clone()),
            None => history::of_table(&self.store, table)?,
        };
        let lang = ctx.lang;
        let game = registry::find(&table.game)
            .map_or_else(|| table.game.clone(), |info| game_name(&self.i18n, lang, info));
        let result =
            record.map(|r| super::standings::result(&self.i18n, lang, &r)).unwrap_or_default();
        let reel = Reel::of(table, self.store.log(table.id)?);
        let args: [(&str, Value); 3] = [
            ("game", game.into()),
            ("result", result.into()),
            ("moves", (reel.moves() as i64).into()),
        ];
        let mut message = Message::text(self.i18n.text(lang, "replay-caption", &args));
        message.lang = lang.to_string();
        message.replay = Some(reel);
        let mut effects = self.acknowledge(ctx, "replay-coming");
        effects.push(Effect::Send { to: reply_dest(ctx.input), message });
        self.route_to(table.id);
        Ok(effects)
    }
}
