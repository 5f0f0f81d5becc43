//! Slash commands. Each answers in the chat it came from; a command with wrong arguments gets
//! a short explanation, never silence.

use super::text::{game_name, seat_counts, seat_name, sheet_text};
use super::token::Op;
use super::turn::{group_of, running};
use super::{App, Ctx, Dest, Effect, Message, chat_lang_key, reply_dest, user_lang_key};
use crate::game::Viewer;
use crate::i18n::{I18n, LANGUAGES};
use crate::outbox::Slot;
use crate::registry::{self, GAMES};
use crate::store::{Store, StoreError};
use crate::table::{Status, Table};

use super::Effects;

impl<S: Store> App<S> {
    pub(super) fn command(&mut self, ctx: &Ctx, name: &str, args: &[String]) -> Effects {
        match name {
            // `/start <payload>` arrives from a deep link into the private chat: continue
            // whatever the player has to do privately. (A player the bot could not reach gets
            // that with any private message: see `App::dispatch`.)
            "start" if ctx.input.chat.private && !args.is_empty() => self.private_boards(ctx),
            "start" | "help" => Ok(self.reply(ctx, "help", &[])),
            "games" => Ok(self.games_list(ctx)),
            "rules" => self.rules(ctx, args),
            "play" | "new" => self.play(ctx, args),
            "join" => self.lobby_command(ctx, Op::Join),
            "leave" => self.lobby_command(ctx, Op::Leave),
            "startgame" => self.lobby_command(ctx, Op::Start),
            "cancel" => self.cancel(ctx),
            "board" => self.board(ctx),
            "resign" => self.resign(ctx),
            "lang" => self.lang(ctx, args),
            "boards" => self.boards(ctx, args),
            "move" | "m" => self.typed_move(ctx, args),
            "score" => self.score(ctx),
            "nudge" => self.nudge(ctx),
            "pause" => self.pause(ctx),
            "resume" => self.resume(ctx),
            "vacation" => self.vacation(ctx, args),
            "tz" => self.time_zone(ctx, args),
            "mygames" => self.my_games(ctx),
            "top" => self.top(ctx, args),
            "stats" => self.player_stats(ctx, args),
            "history" => self.history(ctx),
            "replay" => self.replay_command(ctx, args),
            "undo" => self.undo_command(ctx),
            "watch" => self.watch(ctx),
            "unwatch" => self.unwatch(ctx),
            "threads" => self.threads_command(ctx, args),
            "botstats" | "abort" | "maintenance" => self.owner_command(ctx, name, args),
            _ => Ok(self.reply(ctx, "unknown-command", &[("command", name.into())])),
        }
    }

    fn games_list(&self, ctx: &Ctx) -> Vec<Effect> {
        let lines: Vec<String> = GAMES
            .iter()
            .map(|info| {
                self.i18n.text(
                    ctx.lang,
                    "games-line",
                    &[
                        ("id", info.id.into()),
                        ("name", game_name(&self.i18n, ctx.lang, info).into()),
                        ("seats", seat_counts(&self.i18n, ctx.lang, &info.seats).into()),
                    ],
                )
            })
            .collect();
        let text = format!("{}\n{}", self.i18n.plain(ctx.lang, "games-title"), lines.join("\n"));
        vec![Effect::Send { to: reply_dest(ctx.input), message: Message::text(text) }]
    }

    fn rules(&mut self, ctx: &Ctx, args: &[String]) -> Effects {
        let info = match args.first() {
            Some(_) => match registry::lookup(&args.join(" ")) {
                Some(info) => info,
                None => {
                    let word = args.join(" ");
                    return Ok(self.reply(ctx, "play-unknown", &[("game", word.into())]));
                }
            },
            None => match self.active_table(ctx)?.and_then(|t| t.info()) {
                Some(info) => info,
                None => return Ok(self.reply(ctx, "rules-which", &[])),
            },
        };
        let text = format!(
            "{}\n{}",
            game_name(&self.i18n, ctx.lang, info),
            self.i18n.plain(ctx.lang, &format!("rules-{}", info.id))
        );
        Ok(vec![Effect::Send { to: reply_dest(ctx.input), message: Message::text(text) }])
    }

    fn lobby_command(&mut self, ctx: &Ctx, op: Op) -> Effects {
        let Some(table) = self.active_table(ctx)? else {
            return Ok(self.reply(ctx, "no-game-here", &[]));
        };
        if op == Op::Leave && table.status != Status::Lobby {
            return Ok(self.reply(ctx, "leave-use-resign", &[]));
        }
        self.lobby_op(ctx, table, op)
    }

    fn cancel(&mut self, ctx: &Ctx) -> Effects {
        let Some(mut table) = self.active_table(ctx)? else {
            return Ok(self.reply(ctx, "no-game-here", &[]));
        };
        if table.creator != ctx.input.user_id() && !ctx.input.user.admin {
            return Ok(self.reply(ctx, "cancel-not-allowed", &[]));
        }
        let read_seq = table.seq;
        table.abort(ctx.input.now);
        self.save(&table, Some(read_seq))?;
        let text = self.i18n.text(
            self.table_lang(&table),
            "cancel-done",
            &[("player", ctx.input.user.name.as_str().into())],
        );
        let to = group_of(&table);
        Ok(vec![
            Effect::Send { to: to.clone(), message: Message::text(text) },
            Effect::Clear { to: to.clone(), slot: Slot::Ping },
            Effect::Clear { to, slot: Slot::Board },
        ])
    }

    fn resign(&mut self, ctx: &Ctx) -> Effects {
        let Some(mut table) = self.active_table(ctx)? else {
            return Ok(self.reply(ctx, "no-game-here", &[]));
        };
        if table.status == Status::Lobby {
            return self.lobby_command(ctx, Op::Leave);
        }
        let Some(seat) = table.seat_of(&ctx.input.user_id()) else {
            return Ok(self.reply(ctx, "not-a-player", &[]));
        };
        let read_seq = table.seq;
        let events = table
            .resign(seat, ctx.input.now)
            .map_err(|e| StoreError::Corrupt { id: table.id, reason: e.to_string() })?;
        self.save(&table, Some(read_seq))?;
        let mut effects = vec![Effect::Send {
            to: group_of(&table),
            message: Message::text(self.i18n.text(
                self.table_lang(&table),
                "resign-done",
                &[("player", seat_name(&table, seat).into())],
            )),
        }];
        effects.extend(self.after_move(ctx, &mut table, &events, true)?);
        Ok(effects)
    }

    /// `/board`: in a group (or a private chat's own solo game), the board again as a fresh
    /// message at the bottom of the chat (the old one loses its buttons); otherwise in
    /// private, the player's own view of each of their games (with their secrets).
    fn board(&mut self, ctx: &Ctx) -> Effects {
        let here = self.active_table(ctx)?;
        // A private input may also come from a group (a Discord `/board show:me`): only the
        // private chat's own solo table is shown as a board there.
        if ctx.input.chat.private && !here.as_ref().is_some_and(|t| t.solo) {
            return self.private_boards(ctx);
        }
        let Some(mut table) = here else {
            return Ok(self.reply(ctx, "no-game-here", &[]));
        };
        let lang = self.table_lang(&table);
        let message = if table.status == Status::Lobby {
            let Some(info) = table.info() else { return Ok(self.reply(ctx, "error-corrupt", &[])) };
            self.lobby_message(lang, &table, info)
        } else {
            self.board_message(lang, &mut table, &[], ctx.input.now)?
        };
        self.route_to(table.id);
        Ok(vec![Effect::Show { to: group_of(&table), slot: Slot::Board, message, fresh: true }])
    }

    /// The user's private boards of each of their running games, or a word that there are
    /// none.
    fn private_boards(&mut self, ctx: &Ctx) -> Effects {
        if !self.bring_private_boards(ctx)? {
            return Ok(self.reply(ctx, "board-none-private", &[]));
        }
        Ok(Vec::new())
    }

    /// Sends the user [`App::private_board`] of each of their running games, each through its
    /// own table's outbox; whether there was any.
    pub(super) fn bring_private_boards(&mut self, ctx: &Ctx) -> Result<bool, StoreError> {
        self.brought_private = true;
        let user = ctx.input.user_id();
        let mut any = false;
        for id in self.store.user_tables(&user)? {
            let Some(mut table) = self.store.load(id)? else { continue };
            let Some(seat) = table.seat_of(&user) else { continue };
            if table.status.is_over() || table.status == Status::Lobby {
                continue;
            }
            let shown = self.private_board(ctx.lang, &mut table, seat)?;
            any |= !shown.is_empty();
            // Each through its own table's outbox, in that table's order.
            self.enqueue(table.id, &shown)?;
        }
        Ok(any)
    }

    /// A seated player's own picture of a table, privately, as a new message: their pending
    /// private choices if they have any (the old prompt loses its buttons), else their view of
    /// the board (with their secrets).
    pub(super) fn private_board(&self, lang: &str, table: &mut Table, seat: usize) -> Effects {
        let pending = self.private_messages(lang, table, &[], seat)?;
        if !pending.is_empty() {
            return Ok(pending
                .into_iter()
                .map(|effect| match effect {
                    Effect::Show { to, slot, message, .. } => {
                        Effect::Show { to, slot, message, fresh: true }
                    }
                    other => other,
                })
                .collect());
        }
        let Some(user) = table.players.get(seat).map(|p| p.user.id.clone()) else {
            return Ok(Vec::new());
        };
        let name = table.info().map(|i| game_name(&self.i18n, lang, i)).unwrap_or_default();
        let game = running(table)?;
        let mut message = Message::text(name);
        message.board = Some(game.view(Viewer::Seat(seat), &[]));
        message.lang = lang.to_string();
        Ok(vec![Effect::Send { to: Dest::User { user }, message }])
    }

    /// `/boards edit|new`: one live board edited in place (the default), or a new board message
    /// at every turn for a chat that wants the game's history to scroll back through.
    fn boards(&mut self, ctx: &Ctx, args: &[String]) -> Effects {
        let key = board_mode_key(&ctx.input.chat_id());
        let choice = args.first().map(|a| a.to_lowercase());
        let id = match choice.as_deref() {
            Some("new") => {
                self.store.set_pref(&key, "new")?;
                "boards-new"
            }
            Some("edit") => {
                self.store.set_pref(&key, "edit")?;
                "boards-edit"
            }
            _ => {
                let now = self.store.pref(&key)?.unwrap_or_else(|| "edit".into());
                return Ok(self.reply(ctx, "boards-usage", &[("mode", now.into())]));
            }
        };
        Ok(self.reply(ctx, id, &[]))
    }

    /// `/score`: the score sheet of the game in this chat, as a fixed-width table.
    fn score(&mut self, ctx: &Ctx) -> Effects {
        let Some(mut table) = self.active_table(ctx)? else {
            return Ok(self.reply(ctx, "no-game-here", &[]));
        };
        if table.status == Status::Lobby {
            return Ok(self.reply(ctx, "not-started", &[]));
        }
        let Some(sheet) = running(&mut table)?.score_sheet() else {
            return Ok(self.reply(ctx, "score-none", &[]));
        };
        let name = table.info().map(|i| game_name(&self.i18n, ctx.lang, i)).unwrap_or_default();
        let title = self.i18n.text(ctx.lang, "score-title", &[("game", name.into())]);
        let mut message = Message::text(title);
        message.monospace = Some(sheet_text(&self.i18n, ctx.lang, &table, &sheet));
        Ok(vec![Effect::Send { to: reply_dest(ctx.input), message }])
    }

    /// `/lang xx`: anyone for their private chat; in a group, a chat admin or the creator of
    /// the game there (a lobby or a running game keeps the chat's choice from then on).
    fn lang(&mut self, ctx: &Ctx, args: &[String]) -> Effects {
        let choice = args.first().map(|a| a.to_lowercase()).unwrap_or_default();
        if !LANGUAGES.contains(&choice.as_str()) {
            let languages = self.i18n.language_list();
            return Ok(self.reply(ctx, "lang-usage", &[("languages", languages.into())]));
        }
        let key = if ctx.input.chat.private {
            user_lang_key(ctx.input)
        } else {
            let creator =
                self.active_table(ctx)?.is_some_and(|table| table.creator == ctx.input.user_id());
            if !ctx.input.user.admin && !creator {
                return Ok(self.reply(ctx, "lang-not-allowed", &[]));
            }
            chat_lang_key(ctx.input)
        };
        self.store.set_pref(&key, &choice)?;
        let lang = I18n::pick(Some(&choice));
        let text = self.i18n.plain(lang, "lang-done");
        Ok(vec![Effect::Send { to: reply_dest(ctx.input), message: Message::text(text) }])
    }
}

/// Where a chat's board mode is kept (`new`: a new board message every turn).
pub(super) fn board_mode_key(chat: &crate::table::ChatId) -> String {
    format!("boards:{}", chat.key())
}
