//! Gathering players: `/play`, the picker, Join / Leave / Start and the settings buttons.

use super::text::{game_name, seat_counts, seat_name, setting_text, settings_line};
use super::token::{Op, Token};
use super::{App, Ctx, Dest, Effect, Mention, Message, turn};
use crate::ai::Level;
use crate::app::{Button, ButtonKind};
use crate::i18n::Value;
use crate::outbox::Slot;
use crate::registry::{self, GAMES, GameInfo};
use crate::settings;
use crate::store::{Store, StoreError};
use crate::table::{ChatId, Platform, Player, Status, Table, UserId};

use super::Effects;

impl<S: Store> App<S> {
    /// `/play [game] [settings…]`.
    ///
    /// In a group, friends join; in a private chat with the bot, the one person fills the
    /// other seats with computers (a [`Table::solo`] table).
    pub(super) fn play(&mut self, ctx: &Ctx, args: &[String]) -> Effects {
        if let Some(refusal) = self.new_game_refusal(ctx, &ctx.input.chat_id())? {
            return Ok(refusal);
        }
        let Some(word) = args.first() else {
            return Ok(self.picker(ctx));
        };
        // A game name may have several words ("идут танки"): take the longest match.
        let (info, used) = match (1..=args.len())
            .rev()
            .find_map(|n| registry::lookup(&args[..n].join(" ")).map(|info| (info, n)))
        {
            Some(found) => found,
            None => {
                let id =
                    if registry::planned(word).is_some() { "play-planned" } else { "play-unknown" };
                return Ok(self.reply(ctx, id, &[("game", word.as_str().into())]));
            }
        };
        let words: Vec<&str> = args[used..].iter().map(String::as_str).collect();
        match settings::parse(&info.table_settings(), &words) {
            Ok(chosen) => self.open_lobby(ctx, info, chosen),
            Err(e) => {
                let help = settings_help(info);
                Ok(self.reply(
                    ctx,
                    "play-bad-setting",
                    &[("error", e.to_string().into()), ("settings", help.into())],
                ))
            }
        }
    }

    /// Why a new lobby may not open now (maintenance, the chat's one game already on, the
    /// caps), as the reply; `None` when it may. `/play`, the picker and Rematch ask alike.
    fn new_game_refusal(
        &mut self,
        ctx: &Ctx,
        chat: &ChatId,
    ) -> Result<Option<Vec<Effect>>, StoreError> {
        if let Some(refusal) = self.maintenance_refusal(ctx)? {
            return Ok(Some(refusal));
        }
        if let Some(effects) = self.busy_chat(ctx, chat)? {
            return Ok(Some(effects));
        }
        self.over_caps(ctx)
    }

    /// A reply when `chat` already has a game, or `None`.
    fn busy_chat(&mut self, ctx: &Ctx, chat: &ChatId) -> Result<Option<Vec<Effect>>, StoreError> {
        let Some(id) = self.store.chat_table(chat)? else { return Ok(None) };
        match self.store.load(id) {
            Ok(Some(table)) if !table.status.is_over() => {
                let name =
                    table.info().map(|i| game_name(&self.i18n, ctx.lang, i)).unwrap_or_default();
                Ok(Some(self.reply(ctx, "play-busy", &[("game", name.into())])))
            }
            Ok(_) | Err(StoreError::Corrupt { .. }) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// `/play` alone: one button per game.
    fn picker(&self, ctx: &Ctx) -> Vec<Effect> {
        let buttons = GAMES
            .iter()
            .enumerate()
            .map(|(i, info)| {
                vec![Button {
                    text: game_name(&self.i18n, ctx.lang, info),
                    kind: ButtonKind::Token(Token::new(0, 0, Op::Pick(i)).encode()),
                }]
            })
            .collect();
        let mut message = Message::text(self.i18n.plain(ctx.lang, "play-pick"));
        message.buttons = buttons;
        vec![Effect::Send { to: ctx.group_dest(), message }]
    }

    /// The picker's button: a lobby for that game with its defaults.
    pub(super) fn picked(&mut self, ctx: &Ctx, index: usize) -> Effects {
        let Some(info) = GAMES.get(index).copied() else {
            return Ok(self.reply(ctx, "press-forged", &[]));
        };
        if let Some(refusal) = self.new_game_refusal(ctx, &ctx.input.chat_id())? {
            return Ok(refusal);
        }
        let mut effects = vec![Effect::Answer { text: String::new(), alert: false }];
        effects.extend(self.open_lobby(ctx, info, settings::defaults(&info.table_settings()))?);
        Ok(effects)
    }

    fn open_lobby(&mut self, ctx: &Ctx, info: &GameInfo, chosen: settings::Settings) -> Effects {
        let id = self.store.new_table_id()?;
        let creator = Player::person(ctx.input.user_id(), ctx.input.user.name.clone())
            .speaking(ctx.input.user.lang.as_deref());
        let mut table = Table::new_lobby(
            id,
            ctx.input.chat_id(),
            info,
            chosen,
            creator,
            ctx.input.now,
            (self.new_rng)(),
        );
        table.lang = ctx.lang.to_string();
        table.server = ctx.input.chat.server.clone();
        table.solo = ctx.input.chat.private;
        self.save(&table, None)?;
        let message = self.lobby_message(ctx.lang, &table, info);
        let to = ctx.group_dest();
        let mut effects = vec![Effect::Show { to, slot: Slot::Board, message, fresh: false }];
        if !table.solo {
            effects.extend(self.private_hello(ctx, info));
        }
        Ok(effects)
    }

    /// For a game with a secret set-up, a first private message to a player who sits down: it
    /// tells them where the set-up will come, and it is how a platform finds out early that it
    /// cannot reach them privately (a Telegram user who never started the bot gets a link).
    fn private_hello(&self, ctx: &Ctx, info: &GameInfo) -> Vec<Effect> {
        if !info.private_setup {
            return Vec::new();
        }
        let lang =
            self.user_lang(ctx.input.platform, &ctx.input.user.id, ctx.input.user.lang.as_deref());
        let text = self.i18n.text(
            lang,
            "lobby-private-hello",
            &[("game", game_name(&self.i18n, lang, info).into())],
        );
        vec![Effect::Send {
            to: Dest::User { user: ctx.input.user.id.clone() },
            message: Message::text(text),
        }]
    }

    /// The lobby text and its buttons.
    pub(super) fn lobby_message(&self, lang: &str, table: &Table, info: &GameInfo) -> Message {
        let i18n = &self.i18n;
        let players: Vec<String> = (0..table.players.len()).map(|s| seat_name(table, s)).collect();
        let mut lines =
            vec![i18n.text(lang, "lobby-title", &[("game", game_name(i18n, lang, info).into())])];
        lines.push(i18n.text(
            lang,
            "lobby-players",
            &[
                ("count", players.len().into()),
                ("seats", seat_counts(i18n, lang, &info.seats).into()),
                ("players", players.join(", ").into()),
            ],
        ));
        lines.push(settings_line(i18n, lang, table, info));
        if table.opening.is_some() {
            // Started: the game comes in its own thread, and nothing is left to press here.
            lines.push(i18n.plain(lang, "threads-opening"));
            return Message::text(lines.join("\n"));
        }
        lines.push(i18n.plain(lang, if table.solo { "lobby-hint-solo" } else { "lobby-hint" }));
        let token = |op| ButtonKind::Token(Token::new(table.id, table.seq, op).encode());
        // Nobody else can join in a private chat: its person leaves (closing it) or starts.
        let join = (!table.solo)
            .then(|| Button { text: i18n.plain(lang, "btn-join"), kind: token(Op::Join) });
        let mut buttons = vec![
            join.into_iter()
                .chain([
                    Button { text: i18n.plain(lang, "btn-leave"), kind: token(Op::Leave) },
                    Button { text: i18n.plain(lang, "btn-start"), kind: token(Op::Start) },
                ])
                .collect::<Vec<_>>(),
        ];
        let mut computers: Vec<Button> = Level::ALL
            .iter()
            .enumerate()
            .map(|(n, level)| Button {
                text: i18n.text(
                    lang,
                    "btn-add-computer",
                    &[("level", level_name(i18n, lang, *level).into())],
                ),
                kind: token(Op::AddComputer(n)),
            })
            .collect();
        if table.players.iter().any(|p| p.computer.is_some()) {
            computers.push(Button {
                text: i18n.plain(lang, "btn-drop-computer"),
                kind: token(Op::DropComputer),
            });
        }
        buttons.push(computers);
        for (i, spec) in info.table_settings().iter().enumerate() {
            let value = settings::get(&table.settings, spec);
            buttons.push(vec![Button {
                text: setting_text(i18n, lang, spec, value),
                kind: token(Op::Setting(i)),
            }]);
        }
        let mut message = Message::text(lines.join("\n"));
        message.buttons = buttons;
        message
    }

    /// Join, Leave, Start and settings, by button or by command.
    pub(super) fn lobby_op(&mut self, ctx: &Ctx, mut table: Table, op: Op) -> Effects {
        let Some(info) = table.info() else { return Ok(self.reply(ctx, "error-corrupt", &[])) };
        if table.status != Status::Lobby || table.opening.is_some() {
            // (A lobby waiting for its thread has started, as far as its players know.)
            let id = if op == Op::Join { "join-started" } else { "press-stale" };
            return Ok(self.reply(ctx, id, &[]));
        }
        let read_seq = table.seq;
        let user = ctx.input.user_id();
        let seat = table.seat_of(&user);
        let now = ctx.input.now;
        let notice = match op {
            Op::Join => {
                if seat.is_some() {
                    return Ok(self.reply(ctx, "join-already", &[]));
                }
                if table.players.len() >= info.seats.max() {
                    return Ok(self.reply(ctx, "join-full", &[]));
                }
                table.players.push(
                    crate::table::Player::person(user, ctx.input.user.name.clone())
                        .speaking(ctx.input.user.lang.as_deref()),
                );
                "join-done"
            }
            Op::Leave => {
                let Some(seat) = seat else { return Ok(self.reply(ctx, "not-a-player", &[])) };
                table.players.remove(seat);
                if table.players.iter().all(|p| p.computer.is_some()) {
                    table.abort(now);
                    self.save(&table, Some(read_seq))?;
                    return Ok(self.lobby_closed(ctx, &table));
                }
                if table.creator == user {
                    table.creator = table.players[0].user.clone();
                }
                "leave-done"
            }
            Op::Setting(i) => {
                let Some(spec) = info.table_settings().get(i).copied() else {
                    return Ok(self.reply(ctx, "press-forged", &[]));
                };
                if table.creator != user {
                    return Ok(self.reply(ctx, "setting-creator-only", &[]));
                }
                let next = spec.next_value(settings::get(&table.settings, &spec));
                table.settings.insert(spec.key.to_string(), next.to_string());
                "setting-done"
            }
            Op::AddComputer(n) => {
                let Some(level) = Level::ALL.get(n).copied() else {
                    return Ok(self.reply(ctx, "press-forged", &[]));
                };
                if seat.is_none() {
                    return Ok(self.reply(ctx, "not-a-player", &[]));
                }
                if table.players.len() >= info.seats.max() {
                    return Ok(self.reply(ctx, "join-full", &[]));
                }
                self.seat_computer(&mut table, level, ctx.input.platform);
                "computer-added"
            }
            Op::DropComputer => {
                if seat.is_none() {
                    return Ok(self.reply(ctx, "not-a-player", &[]));
                }
                let Some(last) = table.players.iter().rposition(|p| p.computer.is_some()) else {
                    return Ok(self.reply(ctx, "press-stale", &[]));
                };
                table.players.remove(last);
                "computer-dropped"
            }
            Op::Start => return self.start_game(ctx, table, info),
            _ => return Ok(self.reply(ctx, "press-forged", &[])),
        };
        table.touch(now);
        self.save(&table, Some(read_seq))?;
        let message = self.lobby_message(self.table_lang(&table), &table, info);
        let mut effects = self.acknowledge(ctx, notice);
        let to = turn::group_of(&table);
        effects.push(Effect::Show { to, slot: Slot::Board, message, fresh: false });
        if op == Op::Join && !table.solo {
            effects.extend(self.private_hello(ctx, info));
        }
        Ok(effects)
    }

    /// Seats a computer player of `level` in the next free seat, named by its level and number.
    fn seat_computer(&self, table: &mut Table, level: Level, platform: Platform) {
        let lang = self.table_lang(table);
        let number = table.players.iter().filter(|p| p.computer.is_some()).count() + 1;
        let args =
            [("level", level_name(&self.i18n, lang, level).into()), ("n", (number as i64).into())];
        let name = self.i18n.text(lang, "computer-name", &args);
        let id = (1..)
            .map(|n| format!("computer-{}-{n}", table.id))
            .find(|id| table.players.iter().all(|p| p.user.id != *id));
        let user = UserId { platform, id: id.expect("a free id") };
        table.players.push(Player { user, name, computer: Some(level), lang: String::new() });
    }

    /// The Rematch button of a finished game's board: a lobby for the same game, with the same
    /// settings and the same computer players, and the presser — one of the game's people — in
    /// it. The game's other people are named and asked to press Join: nobody is seated without
    /// pressing. The chat's rules for a new game hold as for `/play` (one game at a time, the
    /// caps, maintenance).
    pub(super) fn rematch(&mut self, ctx: &Ctx, old: Table) -> Effects {
        if old.status != Status::Finished {
            return Ok(self.reply(ctx, "press-forged", &[]));
        }
        let Some(info) = old.info() else { return Ok(self.reply(ctx, "error-corrupt", &[])) };
        let user = ctx.input.user_id();
        let presser = old.seat_of(&user).filter(|seat| !old.is_computer(*seat));
        let Some(presser) = presser else {
            return Ok(self.reply(ctx, "rematch-players-only", &[]));
        };
        if let Some(refusal) = self.new_game_refusal(ctx, old.home_chat())? {
            return Ok(refusal);
        }
        let creator = Player::person(user, ctx.input.user.name.clone())
            .speaking(ctx.input.user.lang.as_deref());
        let mut table = Table::new_lobby(
            self.store.new_table_id()?,
            old.home_chat().clone(),
            info,
            old.settings.clone(),
            creator,
            ctx.input.now,
            (self.new_rng)(),
        );
        table.lang = old.lang.clone();
        table.server = old.server.clone();
        table.solo = old.solo;
        for level in old.players.iter().filter_map(|p| p.computer) {
            self.seat_computer(&mut table, level, ctx.input.platform);
        }
        self.save(&table, None)?;
        let lang = self.table_lang(&table);
        let mut message = self.lobby_message(lang, &table, info);
        let invited: Vec<&Player> = (0..old.players.len())
            .filter(|seat| *seat != presser && !old.is_computer(*seat))
            .filter_map(|seat| old.players.get(seat))
            .collect();
        if !invited.is_empty() {
            let names: Vec<&str> = invited.iter().map(|p| p.name.as_str()).collect();
            let line =
                self.i18n.text(lang, "rematch-invite", &[("players", names.join(", ").into())]);
            message.text = format!("{line}\n{}", message.text);
            message.mentions = invited
                .iter()
                .map(|p| Mention { user: p.user.id.clone(), name: p.name.clone() })
                .collect();
        }
        let mut effects = self.acknowledge(ctx, "rematch-done");
        let to = turn::group_of(&table);
        effects.push(Effect::Show { to, slot: Slot::Board, message, fresh: false });
        if !table.solo {
            effects.extend(self.private_hello(ctx, info));
        }
        Ok(effects)
    }

    fn lobby_closed(&self, ctx: &Ctx, table: &Table) -> Vec<Effect> {
        let mut effects = self.acknowledge(ctx, "leave-done");
        let text = self.i18n.plain(self.table_lang(table), "lobby-closed");
        effects.push(Effect::Send { to: turn::group_of(table), message: Message::text(text) });
        effects.push(Effect::Clear { to: turn::group_of(table), slot: Slot::Board });
        effects
    }

    /// A short notice for a press; nothing for a command (its result is the message itself).
    pub(super) fn acknowledge(&self, ctx: &Ctx, id: &str) -> Vec<Effect> {
        if ctx.is_press() {
            vec![Effect::Answer { text: self.i18n.plain(ctx.lang, id), alert: false }]
        } else {
            Vec::new()
        }
    }

    fn start_game(&mut self, ctx: &Ctx, table: Table, info: &GameInfo) -> Effects {
        if table.seat_of(&ctx.input.user_id()).is_none() {
            return Ok(self.reply(ctx, "not-a-player", &[]));
        }
        if let Some(refusal) = self.maintenance_refusal(ctx)? {
            return Ok(refusal);
        }
        let count = table.players.len();
        if !info.seats.contains(&count) {
            let seats = seat_counts(&self.i18n, ctx.lang, &info.seats);
            let args: [(&str, Value); 1] = [("seats", seats.into())];
            return Ok(self.reply(ctx, "start-need-players", &args));
        }
        let read_seq = table.seq;
        if self.wants_thread(&table)? {
            return self.ask_for_thread(ctx, table, info, read_seq);
        }
        self.begin_game(ctx, table, read_seq)
    }

    /// Starts the game of a full lobby read at `read_seq`: the board replaces the lobby.
    pub(super) fn begin_game(&mut self, ctx: &Ctx, mut table: Table, read_seq: u64) -> Effects {
        let events = match table.start(ctx.input.now) {
            Ok(events) => events,
            Err(e) => {
                return Ok(self.reply(ctx, "start-failed", &[("error", e.to_string().into())]));
            }
        };
        self.save(&table, Some(read_seq))?;
        let mut effects = self.acknowledge(ctx, "start-done");
        // The board replaces the lobby: a new message, and the lobby loses its buttons.
        effects.extend(self.after_move(ctx, &mut table, &events, true)?.into_iter().map(
            |effect| match effect {
                Effect::Show { to, slot: Slot::Board, message, .. } => {
                    Effect::Show { to, slot: Slot::Board, message, fresh: true }
                }
                other => other,
            },
        ));
        Ok(effects)
    }
}

/// `key=value|value, …` for every setting of a table of `info`.
fn settings_help(info: &GameInfo) -> String {
    info.table_settings()
        .iter()
        .map(|s| format!("{}={}", s.key, s.values.join("|")))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A computer level's name in `lang`.
fn level_name(i18n: &crate::i18n::I18n, lang: &str, level: Level) -> String {
    i18n.plain(lang, &format!("level-{}", level.name()))
}
