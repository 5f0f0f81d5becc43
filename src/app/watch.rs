//! Spectators. Anyone in a chat may see its running game with `/board`; `/watch` (sent in the
//! game's chat) asks for the public board in one's private chat after every move, until
//! `/unwatch`, the "Stop watching" button under each of those boards, or the game's end.
//!
//! A spectator sees exactly what the group sees — the board as drawn for everyone, with the
//! group's text — never a seat's view: secrets (mines, rocket labels) stay with their owners.
//! The boards carry no move buttons (a spectator cannot move), only "Stop watching".
//!
//! The watchers are kept in the table itself ([`Table::watchers`]), so a watch is saved with
//! the table and a move's boards for them are queued in the same save as the move (exactly
//! once, across crashes). A private `/unwatch` has no chat to name its game by, so each person
//! also has a small list of the tables they watch (a preference record); it is only a hint,
//! read back against the tables themselves.
//!
//! Someone the bot cannot write to privately (a Telegram user who never opened its chat,
//! closed Discord DMs) is told so in the group and not kept as a watcher: boards nobody can
//! receive would only be attempts.

use super::text::game_name;
use super::token::{Op, Token};
use super::turn::group_of;
use super::{App, Button, ButtonKind, Ctx, Dest, Effect, Effects, Mention, Message};
use crate::event::Event;
use crate::store::{Store, StoreError};
use crate::table::{Platform, Status, Table, Watcher};

/// At most this many spectators per game: each move sends every one of them a picture, and
/// the platforms limit how many messages a bot may send per second.
pub const MAX_WATCHERS: usize = 20;

/// At most this many games in one person's list of watched games.
const MAX_WATCHED: usize = 20;

impl<S: Store> App<S> {
    /// `/watch`, in the chat of a game: its public board privately after every move.
    pub(super) fn watch(&mut self, ctx: &Ctx) -> Effects {
        if ctx.input.chat.private {
            return Ok(self.reply(ctx, "watch-in-group", &[]));
        }
        let Some(mut table) = self.active_table(ctx)? else {
            return Ok(self.reply(ctx, "no-game-here", &[]));
        };
        let user = ctx.input.user_id();
        if table.seat_of(&user).is_some() {
            return Ok(self.reply(ctx, "watch-player", &[]));
        }
        let name = ctx.input.user.name.clone();
        if table.watchers.iter().any(|w| w.user == user.id) {
            return Ok(self.reply(ctx, "watch-already", &[("player", name.into())]));
        }
        if table.watchers.len() >= MAX_WATCHERS {
            let args = [("count", (MAX_WATCHERS as i64).into())];
            return Ok(self.reply(ctx, "watch-full", &args));
        }
        if self.store.is_unreachable(user.platform, &user.id)? {
            return Ok(self.unreachable_watcher_note(&table, &user.id, &name));
        }
        let read_seq = table.seq;
        let lang = ctx.input.user.lang.clone().unwrap_or_default();
        table.watchers.push(Watcher { user: user.id.clone(), name: name.clone(), lang });
        self.note_watched(user.platform, &user.id, table.id, true)?;
        self.save(&table, Some(read_seq))?;
        let mut effects = self.reply(ctx, "watch-on", &[("player", name.into())]);
        // The board as it stands now, so the spectator sees at once that it works (and the
        // bot learns at once whether it can write to them).
        if table.status != Status::Lobby {
            let watcher = table.watchers.last().cloned().into_iter().collect::<Vec<_>>();
            effects.extend(self.boards_for(&watcher, &mut table, &[], ctx.input.now)?);
        }
        Ok(effects)
    }

    /// `/unwatch`: in the game's chat, stops that game's boards; in private, stops the one
    /// game watched, or lists the games with a button each.
    pub(super) fn unwatch(&mut self, ctx: &Ctx) -> Effects {
        let user = ctx.input.user_id();
        if !ctx.input.chat.private {
            let Some(table) = self.active_table(ctx)? else {
                return Ok(self.reply(ctx, "no-game-here", &[]));
            };
            return self.stop_watching(ctx, table);
        }
        let mut watched = Vec::new();
        for id in self.watched(user.platform, &user.id)? {
            let Some(table) = self.store.load(id)? else { continue };
            if !table.status.is_over() && table.watchers.iter().any(|w| w.user == user.id) {
                watched.push(table);
            }
        }
        match watched.len() {
            0 => Ok(self.reply(ctx, "watch-none", &[])),
            1 => self.stop_watching(ctx, watched.remove(0)),
            _ => {
                let mut message = Message::text(self.i18n.plain(ctx.lang, "watch-which"));
                for table in &watched {
                    let name = table
                        .info()
                        .map(|i| game_name(&self.i18n, ctx.lang, i))
                        .unwrap_or_default();
                    let token = Token::new(table.id, 0, Op::Unwatch).encode();
                    let text = format!("🙈 {name}");
                    message.buttons.push(vec![Button { text, kind: ButtonKind::Token(token) }]);
                }
                Ok(vec![Effect::Send { to: super::reply_dest(ctx.input), message }])
            }
        }
    }

    /// "Stop watching", under a spectator's board (or in a private `/unwatch`'s list).
    pub(super) fn unwatch_press(&mut self, ctx: &Ctx, table: Table) -> Effects {
        if table.status.is_over() {
            return Ok(self.reply(ctx, "press-over", &[]));
        }
        let mut effects = self.stop_watching(ctx, table)?;
        effects.extend(self.pressed_strip(ctx, None)?);
        Ok(effects)
    }

    fn stop_watching(&mut self, ctx: &Ctx, mut table: Table) -> Effects {
        let user = ctx.input.user_id();
        let Some(at) = table.watchers.iter().position(|w| w.user == user.id) else {
            return Ok(self.reply(ctx, "watch-not-watching", &[]));
        };
        let read_seq = table.seq;
        table.watchers.remove(at);
        self.note_watched(user.platform, &user.id, table.id, false)?;
        self.save(&table, Some(read_seq))?;
        let name = table.info().map(|i| game_name(&self.i18n, ctx.lang, i)).unwrap_or_default();
        let args = [("game", name.into())];
        if ctx.is_press() {
            // Done as asked: a confirmation, not a refusal.
            let text = self.i18n.text(ctx.lang, "watch-off", &args);
            return Ok(vec![Effect::Answer { text, alert: false }]);
        }
        Ok(self.reply(ctx, "watch-off", &args))
    }

    /// The spectators' boards after a move: the group's board message, for each in their
    /// language, without the group's buttons and with "Stop watching".
    pub(super) fn spectator_boards(
        &self,
        table: &mut Table,
        events: &[Event],
        now: u64,
    ) -> Effects {
        let watchers = table.watchers.clone();
        self.boards_for(&watchers, table, events, now)
    }

    fn boards_for(
        &self,
        watchers: &[Watcher],
        table: &mut Table,
        events: &[Event],
        now: u64,
    ) -> Effects {
        let mut effects = Vec::new();
        let platform = table.chat.platform;
        for watcher in watchers {
            let lang = self.user_lang(platform, &watcher.user, Some(&watcher.lang));
            let mut message = self.board_message(lang, table, events, now)?;
            let name = table.info().map(|i| game_name(&self.i18n, lang, i)).unwrap_or_default();
            let caption = self.i18n.text(lang, "watch-caption", &[("game", name.into())]);
            message.text = format!("{caption}\n{}", message.text);
            message.buttons.clear();
            message.mentions.clear();
            message.direct = true;
            if !table.status.is_over() {
                let token = Token::new(table.id, 0, Op::Unwatch).encode();
                let text = self.i18n.plain(lang, "btn-unwatch");
                message.buttons.push(vec![Button { text, kind: ButtonKind::Token(token) }]);
            }
            effects.push(Effect::Send { to: Dest::User { user: watcher.user.clone() }, message });
        }
        Ok(effects)
    }

    /// A spectator the bot could not write to (the deliverer's report): they leave the list,
    /// and the group is told why and what to do. Nothing when they are no longer watching.
    pub(super) fn unreachable_watcher(&mut self, ctx: &Ctx, mut table: Table) -> Effects {
        let user = ctx.input.user_id();
        let watching = table.watchers.iter().position(|w| w.user == user.id);
        let Some(at) = watching.filter(|_| !table.status.is_over()) else {
            return Ok(Vec::new());
        };
        let read_seq = table.seq;
        let watcher = table.watchers.remove(at);
        self.note_watched(user.platform, &user.id, table.id, false)?;
        self.save(&table, Some(read_seq))?;
        Ok(self.unreachable_watcher_note(&table, &watcher.user, &watcher.name))
    }

    fn unreachable_watcher_note(&self, table: &Table, user: &str, name: &str) -> Vec<Effect> {
        let lang = self.table_lang(table);
        let text = self.i18n.text(lang, "watch-unreachable", &[("player", name.into())]);
        let mut message = Message::text(text);
        message.mentions = vec![Mention { user: user.to_string(), name: name.to_string() }];
        vec![Effect::Send { to: group_of(table), message }]
    }

    /// The tables `user` was last known to watch (a hint: check each table).
    fn watched(&self, platform: Platform, user: &str) -> Result<Vec<u64>, StoreError> {
        let list = self.store.pref(&watched_key(platform, user))?.unwrap_or_default();
        Ok(list.split(',').filter_map(|id| id.parse().ok()).collect())
    }

    fn note_watched(
        &self,
        platform: Platform,
        user: &str,
        table: u64,
        watching: bool,
    ) -> Result<(), StoreError> {
        let mut list = self.watched(platform, user)?;
        list.retain(|id| *id != table);
        if watching {
            list.push(table);
        }
        let keep = list.len().saturating_sub(MAX_WATCHED);
        let text: Vec<String> = list[keep..].iter().map(u64::to_string).collect();
        self.store.set_pref(&watched_key(platform, user), &text.join(","))
    }
}

fn watched_key(platform: Platform, user: &str) -> String {
    format!("watching:{}:{user}", platform.tag())
}
