//! Playing: the board message, the choice-tree buttons with paging and Back, presses and typed
//! moves, and the end of the game.

use super::text::{event_lines, game_name, label_text, results, seat_name};
use super::token::{Keyboard, Op, Token, Version, fingerprint};
use super::{Action, App, Button, ButtonKind, Ctx, Dest, Effect, Mention, Message};
use crate::choice::Choices;
use crate::event::{Audience, Event};
use crate::game::{Seat, ToMove, Viewer};
use crate::outbox::Slot;
use crate::registry::DynGame;
use crate::store::{Store, StoreError};
use crate::table::{Status, Table, TableError};

use super::Effects;

/// The running game of a table; a state that cannot be restored counts as a corrupt record.
pub fn running(table: &mut Table) -> Result<&mut Box<dyn DynGame>, StoreError> {
    let id = table.id;
    table.game().map_err(|e| StoreError::Corrupt { id, reason: e.to_string() })
}

/// An input the engine makes for itself (a tick, a computer's move), as if `user` had acted
/// in the table's group at `now`.
pub(super) fn group_input(table: &Table, user: super::User, now: u64) -> super::Input {
    super::Input {
        platform: table.chat.platform,
        chat: super::Chat {
            id: table.chat.chat.clone(),
            private: false,
            thread: table.chat.thread.clone(),
            server: table.server.clone(),
        },
        user,
        now,
        action: super::Action::Tick,
    }
}

/// The group chat (and thread) of a table.
pub fn group_of(table: &Table) -> Dest {
    Dest::Chat { chat: table.chat.chat.clone(), thread: table.chat.thread.clone() }
}

/// What `seat`'s keyboard is made from now: its action and pick counts and a fingerprint of
/// the options of its current step.
fn keyboard_of(
    table: &Table,
    seat: Seat,
    choices: &Choices<serde_json::Value>,
    selection: &[String],
) -> Keyboard {
    let (acted, picks) = table.keyboard_version(seat);
    let step = choices.step(selection);
    let keys = selection.iter().map(String::as_str).chain(step.iter().map(|l| l.key()));
    Keyboard { seat, acted, picks, step: fingerprint(keys) }
}

/// What a typed move has already played in this attempt before its last action (a jump chain
/// typed at once): the table's sequence number as loaded, for the save's check that nobody
/// else changed the table meanwhile, and those actions' events.
#[derive(Debug, Default)]
struct Earlier {
    read_seq: Option<u64>,
    events: Vec<Event>,
}

/// The half-made choice the group's board previews: the one picked last among the seats that
/// may act now, or else the first of them that has one.
fn previewed_selection(table: &Table, seats: &[Seat]) -> Vec<String> {
    let half_made = |seat: &Seat| table.selection.get(seat).filter(|s| !s.is_empty());
    let last = table.picked_last.filter(|seat| seats.contains(seat));
    last.iter().chain(seats).find_map(half_made).cloned().unwrap_or_default()
}

/// What a game's end takes away besides its board (shown without buttons, or cleared) and its
/// ping: each player's private prompt and the note about them, whose buttons would outlive the
/// game. Queued with the save that ends it; a slot that shows nothing with buttons costs no
/// call ([`crate::outbox::deliver`]), and a prompt still waiting in the outbox is superseded.
pub(super) fn buttons_off_at_the_end(table: &Table) -> Vec<Effect> {
    if table.solo {
        return Vec::new();
    }
    let group = group_of(table);
    let people = table.players.iter().enumerate().filter(|(_, p)| p.computer.is_none());
    people
        .flat_map(|(seat, player)| {
            let private = Dest::User { user: player.user.id.clone() };
            [
                Effect::Clear { to: private, slot: Slot::Private { seat } },
                Effect::Clear { to: group.clone(), slot: Slot::Note { seat } },
            ]
        })
        .collect()
}

/// A Back or page button.
fn is_navigation(token: &str) -> bool {
    Token::parse(token).is_some_and(|t| matches!(t.op, Op::Back | Op::Page(_)))
}

/// Buttons per row: short labels (pieces, squares) five to a row, words two to a row.
fn row_width(texts: &[String]) -> usize {
    if texts.iter().all(|t| t.chars().count() <= 4) { 5 } else { 2 }
}

impl<S: Store> App<S> {
    /// Every press of a button this engine made.
    pub(super) fn press(&mut self, ctx: &Ctx, raw: &str) -> Effects {
        let Some(token) = Token::parse(raw) else {
            return Ok(self.reply(ctx, "press-forged", &[]));
        };
        if let (0, Op::Pick(index)) = (token.table, token.op) {
            return self.picked(ctx, index);
        }
        let Some(table) = self.store.load(token.table)? else {
            return self.refused_for_good(ctx, None, "press-gone");
        };
        if token.op == Op::Replay {
            // A chat's replays are its own, from any of its threads (`/history` lists them
            // all); a private chat has no Replay buttons.
            let here = (ctx.input.platform, ctx.input.chat.id.as_str());
            let ours = |chat: &crate::table::ChatId| (chat.platform, chat.chat.as_str()) == here;
            if ctx.input.chat.private || !(ours(&table.chat) || ours(table.home_chat())) {
                return Ok(self.reply(ctx, "press-forged", &[]));
            }
            return self.replay_press(ctx, table);
        }
        if token.op == Op::Unwatch {
            // Pressed under a spectator's board, in their private chat.
            if !ctx.input.chat.private {
                return Ok(self.reply(ctx, "press-forged", &[]));
            }
            return self.unwatch_press(ctx, table);
        }
        // The Rematch of a game that played in a thread is also on its final message, in the
        // chat the game came from.
        let here = ctx.input.chat_id();
        let at_home = token.op == Op::Rematch && *table.home_chat() == here;
        if !ctx.input.chat.private && table.chat != here && !at_home {
            return Ok(self.reply(ctx, "press-forged", &[]));
        }
        if token.op == Op::Rematch {
            return self.rematch(ctx, table);
        }
        if table.status.is_over() {
            return self.refused_for_good(ctx, Some(&table), "press-over");
        }
        match token.op {
            Op::Join
            | Op::Leave
            | Op::Start
            | Op::Setting(_)
            | Op::AddComputer(_)
            | Op::DropComputer => self.lobby_op(ctx, table, token.op),
            Op::Choose(_) | Op::Page(_) | Op::Back => self.choice_press(ctx, table, token),
            Op::Mine => self.my_board(ctx, table),
            Op::Vote(remove) => self.vote_press(ctx, table, token, remove),
            Op::Undo(accept) => self.undo_press(ctx, table, token, accept),
            Op::Pick(_) | Op::Rematch | Op::Replay | Op::Unwatch => {
                Ok(self.reply(ctx, "press-forged", &[]))
            }
        }
    }

    /// A press on a button of a game that is over or gone: the presser is told so, and the
    /// message pressed loses its buttons. The game's end takes them off every message of it
    /// the bot can still edit; a press reaches even one it cannot (a Discord ephemeral prompt
    /// after a restart, whose token died with the process).
    fn refused_for_good(&self, ctx: &Ctx, table: Option<&Table>, id: &str) -> Effects {
        let mut effects = self.reply(ctx, id, &[]);
        effects.extend(self.pressed_strip(ctx, table)?);
        Ok(effects)
    }

    /// Takes the buttons off the message a press was on, when the platform said which and the
    /// message is not known to have none left (its slot's record says so, or the deliverer
    /// stripped it when a newer one replaced it, and the player's client had not caught up).
    pub(super) fn pressed_strip(
        &self,
        ctx: &Ctx,
        table: Option<&Table>,
    ) -> Result<Option<Effect>, StoreError> {
        let Action::Press { message_id: Some(pressed), .. } = &ctx.input.action else {
            return Ok(None);
        };
        if let Some(table) = table {
            let seats = 0..table.players.len();
            let per_seat = seats.flat_map(|seat| [Slot::Private { seat }, Slot::Note { seat }]);
            for slot in [Slot::Board, Slot::Ping].into_iter().chain(per_seat) {
                if self.store.slot_shown(table.id, slot)?.is_some_and(|s| s.bare(pressed)) {
                    return Ok(None);
                }
            }
        }
        let to = super::reply_dest(ctx.input);
        Ok(Some(Effect::Strip { to, message_id: pressed.clone() }))
    }

    /// "My board": the presser's own view, privately.
    fn my_board(&mut self, ctx: &Ctx, mut table: Table) -> Effects {
        let Some(seat) = table.seat_of(&ctx.input.user_id()) else {
            return Ok(self.reply(ctx, "not-a-player", &[]));
        };
        if table.status == Status::Lobby {
            return Ok(self.reply(ctx, "not-started", &[]));
        }
        let lang =
            self.user_lang(ctx.input.platform, &ctx.input.user.id, ctx.input.user.lang.as_deref());
        let mut effects = vec![Effect::Answer { text: String::new(), alert: false }];
        effects.extend(self.private_board(lang, &mut table, seat)?);
        self.route_to(table.id);
        Ok(effects)
    }

    /// Checks who pressed and when, then walks the choice tree.
    fn choice_press(&mut self, ctx: &Ctx, mut table: Table, token: Token) -> Effects {
        let Some(seat) = table.seat_of(&ctx.input.user_id()) else {
            return Ok(self.reply(ctx, "not-a-player", &[]));
        };
        if table.stand_in.contains(&seat) {
            return Ok(self.reply(ctx, "turn-stand-in-busy", &[]));
        }
        let my_turn = table.to_move().includes(seat);
        let Version::Keyboard(pressed) = token.version else {
            return self.stale(ctx, &mut table, Some(seat));
        };
        match (pressed.seat == seat, my_turn) {
            (false, false) => return Ok(self.reply(ctx, "not-your-turn", &[])),
            (false, true) => return Ok(self.reply(ctx, "press-not-yours", &[])),
            // The player's own keyboard from a turn that has passed.
            (true, false) => return self.stale(ctx, &mut table, Some(seat)),
            (true, true) => {}
        }
        let choices = self.choices_of(&mut table, seat)?;
        let mut selection = table.selection.get(&seat).cloned().unwrap_or_default();
        if pressed != keyboard_of(&table, seat, &choices, &selection) {
            return self.stale(ctx, &mut table, Some(seat));
        }
        match token.op {
            Op::Choose(index) => {
                let step = choices.step(&selection);
                let Some(label) = step.get(index) else {
                    return Ok(self.reply(ctx, "press-forged", &[]));
                };
                selection.push(label.key().to_string());
                self.advance(ctx, table, seat, &choices, selection, Earlier::default())
            }
            Op::Page(page) => {
                let pages = choices.step(&selection).len().div_ceil(self.config.page_size);
                if page >= pages.max(1) {
                    return Ok(self.reply(ctx, "press-forged", &[]));
                }
                table.page.insert(seat, page);
                self.redraw(ctx, table, seat, Earlier::default())
            }
            Op::Back => {
                selection.pop();
                table.page.remove(&seat);
                table.selection.insert(seat, selection);
                self.redraw(ctx, table, seat, Earlier::default())
            }
            _ => Ok(self.reply(ctx, "press-forged", &[])),
        }
    }

    /// A press on buttons that no longer hold. On the live board (or the seat's live private
    /// prompt) it heals that message — the current state is shown in it again — since the
    /// player did nothing wrong: the message was behind. On an older message the buttons go.
    fn stale(&mut self, ctx: &Ctx, table: &mut Table, seat: Option<Seat>) -> Effects {
        let Action::Press { message_id: Some(pressed), .. } = &ctx.input.action else {
            return Ok(self.reply(ctx, "press-stale", &[]));
        };
        let slot = match (ctx.input.chat.private && !table.solo, seat) {
            (false, _) => Slot::Board,
            (true, Some(seat)) => Slot::Private { seat },
            (true, None) => return Ok(self.reply(ctx, "press-stale", &[])),
        };
        if self.store.slot_message(table.id, slot)?.as_deref() != Some(pressed.as_str()) {
            // A private prompt superseded by a newer one says so: "the newest board" would
            // send the player to the group.
            let id = if slot == Slot::Board { "press-stale" } else { "press-stale-prompt" };
            let mut effects = self.reply(ctx, id, &[]);
            effects.extend(self.pressed_strip(ctx, Some(table))?);
            return Ok(effects);
        }
        self.route_to(table.id);
        let text = self.i18n.plain(ctx.lang, "press-refreshed");
        let mut effects = vec![Effect::Answer { text, alert: false }];
        match slot {
            Slot::Private { seat } => {
                let lang = self.user_lang(
                    ctx.input.platform,
                    &ctx.input.user.id,
                    ctx.input.user.lang.as_deref(),
                );
                effects.extend(self.private_messages(lang, table, &[], seat)?);
            }
            _ => {
                let lang = self.table_lang(table);
                let message = self.board_message(lang, table, &[], ctx.input.now)?;
                let to = group_of(table);
                effects.push(Effect::Show { to, slot: Slot::Board, message, fresh: false });
            }
        }
        Ok(effects)
    }

    fn choices_of(
        &self,
        table: &mut Table,
        seat: Seat,
    ) -> Result<Choices<serde_json::Value>, StoreError> {
        Ok(running(table)?.choices(seat))
    }

    /// After a pick: play the action when the path is complete, or show the next step.
    fn advance(
        &mut self,
        ctx: &Ctx,
        mut table: Table,
        seat: Seat,
        choices: &Choices<serde_json::Value>,
        selection: Vec<String>,
        earlier: Earlier,
    ) -> Effects {
        if let Some(action) = choices.resolve(&selection).cloned() {
            return self.play_action(ctx, table, seat, &action, earlier);
        }
        if !choices.is_prefix(&selection) {
            return Ok(self.reply(ctx, "move-impossible", &[]));
        }
        table.page.remove(&seat);
        table.selection.insert(seat, selection);
        self.redraw(ctx, table, seat, earlier)
    }

    /// Saves a seat's changed selection or page and shows the board again in place.
    fn redraw(&mut self, ctx: &Ctx, mut table: Table, seat: Seat, earlier: Earlier) -> Effects {
        let read_seq = earlier.read_seq.unwrap_or(table.seq);
        table.note_pick(seat, ctx.input.now);
        self.save(&table, Some(read_seq))?;
        let mut effects = vec![Effect::Answer { text: String::new(), alert: false }];
        effects.retain(|_| ctx.is_press());
        effects.extend(self.after_move(ctx, &mut table, &earlier.events, false)?);
        Ok(effects)
    }

    /// Applies a complete action, saves, and reports.
    fn play_action(
        &mut self,
        ctx: &Ctx,
        mut table: Table,
        seat: Seat,
        action: &serde_json::Value,
        earlier: Earlier,
    ) -> Effects {
        let read_seq = earlier.read_seq.unwrap_or(table.seq);
        let mut events = earlier.events;
        let before = table.to_move();
        match table.act(seat, action, ctx.input.now) {
            Ok(more) => events.extend(more),
            Err(TableError::Action(_)) => return Ok(self.reply(ctx, "move-impossible", &[])),
            Err(e) => return Err(StoreError::Corrupt { id: table.id, reason: e.to_string() }),
        };
        self.save(&table, Some(read_seq))?;
        let passed = table.to_move() != before;
        let mut effects = vec![Effect::Answer { text: String::new(), alert: false }];
        effects.retain(|_| ctx.is_press());
        effects.extend(self.after_move(ctx, &mut table, &events, passed)?);
        Ok(effects)
    }

    /// `/move a b …`: the labels of a path typed instead of pressed. When a complete action is
    /// reached with words left and the same player still to act, the action is played and the
    /// words go on with that player's next choice, so a whole jump chain can be typed at once
    /// (`/move c3 e5 g7`); a word that fits nowhere refuses the whole command.
    pub(super) fn typed_move(&mut self, ctx: &Ctx, args: &[String]) -> Effects {
        let Some(mut table) = self.active_table(ctx)? else {
            return Ok(self.reply(ctx, "no-game-here", &[]));
        };
        if table.status == Status::Lobby {
            return Ok(self.reply(ctx, "not-started", &[]));
        }
        let Some(seat) = table.seat_of(&ctx.input.user_id()) else {
            return Ok(self.reply(ctx, "not-a-player", &[]));
        };
        if !table.to_move().includes(seat) {
            return Ok(self.reply(ctx, "not-your-turn", &[]));
        }
        if args.is_empty() {
            return Ok(self.reply(ctx, "move-usage", &[]));
        }
        let mut choices = self.choices_of(&mut table, seat)?;
        let mut selection = Vec::new();
        let mut earlier = Earlier::default();
        for (i, word) in args.iter().enumerate() {
            let step = choices.step(&selection);
            let typed = word.to_lowercase();
            let found = step.iter().find(|label| {
                label.key().to_lowercase() == typed
                    || label_text(&self.i18n, ctx.lang, &table, label).to_lowercase() == typed
            });
            let Some(label) = found else {
                return Ok(self.reply(ctx, "move-impossible", &[]));
            };
            selection.push(label.key().to_string());
            let more = i + 1 < args.len();
            if let (true, Some(action)) = (more, choices.resolve(&selection).cloned()) {
                earlier.read_seq.get_or_insert(table.seq);
                match table.act(seat, &action, ctx.input.now) {
                    Ok(events) => earlier.events.extend(events),
                    Err(TableError::Action(_)) => {
                        return Ok(self.reply(ctx, "move-impossible", &[]));
                    }
                    Err(e) => {
                        return Err(StoreError::Corrupt { id: table.id, reason: e.to_string() });
                    }
                }
                if !table.to_move().includes(seat) {
                    return Ok(self.reply(ctx, "move-impossible", &[]));
                }
                choices = self.choices_of(&mut table, seat)?;
                selection.clear();
            }
        }
        self.advance(ctx, table, seat, &choices, selection, earlier)
    }

    /// The group board of table `id` as it stands now (tools and benchmarks read its buttons
    /// without going through the outbox), its clock line as of the table's last change.
    pub fn current_board(&self, id: u64) -> Result<Option<Message>, StoreError> {
        let Some(mut table) = self.store.load(id)? else { return Ok(None) };
        if table.status == Status::Lobby {
            return Ok(None);
        }
        let lang = self.table_lang(&table);
        let at = table.updated_at;
        self.board_message(lang, &mut table, &[], at).map(Some)
    }

    /// The table running in this chat, if any.
    pub(super) fn active_table(&mut self, ctx: &Ctx) -> Result<Option<Table>, StoreError> {
        let Some(id) = self.store.chat_table(&ctx.input.chat_id())? else { return Ok(None) };
        Ok(self.store.load(id)?.filter(|t| !t.status.is_over()))
    }

    /// The messages after a change: the group's one board, edited in place; when the turn
    /// `passed`, a fresh ping that mentions whoever must act now (the previous ping is deleted,
    /// so a chat holds at most one per game); private prompts for private choices, and private
    /// events for the seats they belong to. `fresh_board` sends the board anew (the game's
    /// start replaces the lobby; `/board` brings it down to the bottom of the chat).
    pub(super) fn after_move(
        &mut self,
        ctx: &Ctx,
        table: &mut Table,
        events: &[Event],
        passed: bool,
    ) -> Effects {
        let lang = self.table_lang(table);
        let message = self.board_message(lang, table, events, ctx.input.now)?;
        let to = group_of(table);
        // A chat that keeps its history gets a new board each turn (the old ones stay, without
        // buttons); by default the one board is edited in place.
        let fresh = passed && self.keeps_board_history(table);
        let mut effects = vec![Effect::Show { to, slot: Slot::Board, message, fresh }];
        // At a solo table the board is already its person's own view, with every choice of
        // theirs on it, and they are watching it: no ping, no private messages.
        if passed && !table.solo {
            effects.push(self.ping(lang, table));
        }
        for seat in 0..table.players.len() {
            if table.moved_by_computer(seat) || table.solo {
                continue;
            }
            let user_lang = self.user_lang(
                ctx.input.platform,
                &table.players[seat].user.id,
                Some(table.players[seat].lang.as_str()),
            );
            let private = self.private_messages(user_lang, table, events, seat)?;
            let prompted = private.iter().any(|e| matches!(e, Effect::Show { .. }));
            // A seat's prompt is edited while its turn goes on (picks, page turns, set-up
            // steps), and comes anew — a notification — when the turn comes to it.
            effects.extend(private.into_iter().map(|effect| match effect {
                Effect::Show { to, slot, message, .. } => {
                    Effect::Show { to, slot, message, fresh: passed }
                }
                other => other,
            }));
            if !prompted
                && ctx.input.chat.private
                && table.seat_of(&ctx.input.user_id()) == Some(seat)
            {
                effects.extend(self.answered_prompt(user_lang, table, seat)?);
            }
        }
        // Spectators get the public board after every move: when the turn passed, or when
        // something everyone may know happened (a roll), not after a pick, a page turn or a
        // secret set-up step (it changes nothing they may see).
        let acted = !table.new_log().1.is_empty();
        if passed || (acted && events.iter().any(|e| e.audience == Audience::Everyone)) {
            effects.extend(self.spectator_boards(table, events, ctx.input.now)?);
        }
        // A game that played in its own thread ends in the chat it came from too: the final
        // board, with its Replay and Rematch, under the lobby.
        if table.status.is_over()
            && let Some(home) = &table.home
            && let Some(Effect::Show { message, .. }) = effects.first()
        {
            let to = Dest::Chat { chat: home.chat.clone(), thread: home.thread.clone() };
            effects.push(Effect::Send { to, message: message.clone() });
        }
        Ok(effects)
    }

    fn keeps_board_history(&self, table: &Table) -> bool {
        let key = super::commands::board_mode_key(&table.chat);
        self.store.pref(&key).ok().flatten().as_deref() == Some("new")
    }

    /// The private prompt a player has just answered with nothing more to ask (the set-up
    /// confirmed): it shows their view as it is now, without buttons, which could only be
    /// stale from now on.
    fn answered_prompt(&self, lang: &str, table: &mut Table, seat: Seat) -> Effects {
        let slot = Slot::Private { seat };
        if self.store.slot_message(table.id, slot)?.is_none() || table.status.is_over() {
            return Ok(Vec::new());
        }
        let Some(user) = table.players.get(seat).map(|p| p.user.id.clone()) else {
            return Ok(Vec::new());
        };
        let name = table.info().map(|i| game_name(&self.i18n, lang, i)).unwrap_or_default();
        let mut message = Message::text(format!("🎲 {name}"));
        message.board = Some(running(table)?.view(Viewer::Seat(seat), &[]));
        message.lang = lang.to_string();
        Ok(vec![Effect::Show { to: Dest::User { user }, slot, message, fresh: false }])
    }

    /// The ping for whoever must act now, or, when the game is over, the old ping retired.
    pub(super) fn ping(&self, lang: &str, table: &mut Table) -> Effect {
        let to = group_of(table);
        let ToMove::Seats(seats) = table.to_move() else {
            return Effect::Clear { to, slot: Slot::Ping };
        };
        // Computers need no ping: they move by themselves in a moment.
        let seats: Vec<Seat> =
            seats.iter().copied().filter(|s| !table.moved_by_computer(*s)).collect();
        if seats.is_empty() {
            return Effect::Clear { to, slot: Slot::Ping };
        }
        let names: Vec<String> = seats.iter().map(|s| seat_name(table, *s)).collect();
        let game = table.info().map(|i| game_name(&self.i18n, lang, i)).unwrap_or_default();
        let text = self.i18n.text(
            lang,
            "ping-turn",
            &[("players", names.join(", ").into()), ("game", game.into())],
        );
        let mut message = Message::text(text);
        message.mentions = seats
            .iter()
            .filter_map(|s| table.players.get(*s))
            .map(|p| Mention { user: p.user.id.clone(), name: p.name.clone() })
            .collect();
        Effect::Show { to, slot: Slot::Ping, message, fresh: true }
    }

    /// The group's board message at `now`: what happened, whose turn and how long they have
    /// left, the picture and the buttons.
    pub(super) fn board_message(
        &self,
        lang: &str,
        table: &mut Table,
        events: &[Event],
        now: u64,
    ) -> Result<Message, StoreError> {
        let to_move = table.to_move();
        let i18n = &self.i18n;
        // Whose eyes the board is for: everyone's in a group, its one person's at a solo table.
        let solo = table.solo_seat();
        let audience = solo.map_or(Audience::Everyone, Audience::Seat);
        let mut lines = event_lines(i18n, lang, table, events, audience);
        let mut message = Message::text(String::new());
        let mut selection: Vec<String> = Vec::new();
        match &to_move {
            ToMove::Over => {
                let outcome = running(table)?.outcome();
                if let Some(outcome) = outcome {
                    lines.push(results(i18n, lang, table, &outcome));
                }
                if table.status == Status::Finished {
                    let button = |op, id| {
                        let token = Token::new(table.id, table.seq, op).encode();
                        Button { text: i18n.plain(lang, id), kind: ButtonKind::Token(token) }
                    };
                    message.buttons.push(vec![
                        button(Op::Replay, "btn-replay"),
                        button(Op::Rematch, "btn-rematch"),
                    ]);
                }
            }
            ToMove::Seats(seats) => {
                let mut keyboards = Vec::new();
                let (computers, seats): (Vec<Seat>, Vec<Seat>) =
                    seats.iter().partition(|s| table.moved_by_computer(**s));
                for seat in &computers {
                    let args = [("player", seat_name(table, *seat).into())];
                    let id =
                        if table.is_computer(*seat) { "turn-computer" } else { "turn-stand-in" };
                    lines.push(i18n.text(lang, id, &args));
                }
                for seat in &seats {
                    let choices = self.choices_of(table, *seat)?;
                    if choices.private && solo != Some(*seat) {
                        keyboards.clear();
                        break;
                    }
                    keyboards.push((*seat, choices));
                }
                if keyboards.is_empty() && !seats.is_empty() {
                    let names: Vec<String> = seats.iter().map(|s| seat_name(table, *s)).collect();
                    lines.push(i18n.text(
                        lang,
                        "turn-waiting-private",
                        &[("players", names.join(", ").into())],
                    ));
                }
                // Every seat that may act now gets its prompt and its own buttons, one block
                // after another (two commanders of a side, either of whom may move): each
                // button's token names its seat, so a press on a teammate's block is refused
                // politely and the blocks never get in each other's way.
                for (seat, choices) in &keyboards {
                    let prompt = choices.prompt.as_deref().unwrap_or("prompt-choose");
                    lines.push(i18n.text(
                        lang,
                        "turn-prompt",
                        &[
                            ("player", seat_name(table, *seat).into()),
                            ("prompt", i18n.plain(lang, prompt).into()),
                        ],
                    ));
                    message.buttons.extend(self.step_buttons(lang, table, *seat, choices));
                }
                selection = previewed_selection(table, &seats);
                if !seats.is_empty() {
                    lines.extend(self.time_left_line(lang, table, &seats, now));
                }
                self.vote_block(lang, table, &mut lines, &mut message.buttons);
                self.undo_block(lang, table, &mut lines, &mut message.buttons);
            }
            ToMove::Chance => {}
        }
        if lines.is_empty() {
            let name = table.info().map(|i| game_name(i18n, lang, i)).unwrap_or_default();
            lines.push(name);
        }
        message.text = lines.join("\n");
        let secrets = table.info().is_some_and(|i| i.private_setup);
        if !matches!(to_move, ToMove::Over) && secrets && solo.is_none() {
            self.add_my_board_button(lang, table, &mut message.buttons);
        }
        let game = running(table)?;
        let viewer = solo.map_or(Viewer::Public, Viewer::Seat);
        message.board = Some(game.view(viewer, &selection));
        message.lang = lang.to_string();
        Ok(message)
    }

    /// Games with hidden information get a "My board" button on the group's board: each player
    /// sees their own secrets privately (an ephemeral reply on Discord). It joins the navigation
    /// row when there is one, so the keyboard keeps its row count.
    fn add_my_board_button(&self, lang: &str, table: &Table, rows: &mut Vec<Vec<Button>>) {
        let button = Button {
            text: self.i18n.plain(lang, "btn-my-board"),
            kind: ButtonKind::Token(Token::new(table.id, table.seq, Op::Mine).encode()),
        };
        let nav = rows.last_mut().filter(|row| {
            row.iter().all(|b| matches!(&b.kind, ButtonKind::Token(t) if is_navigation(t)))
        });
        match nav {
            Some(row) if !row.is_empty() => row.push(button),
            _ => rows.push(vec![button]),
        }
    }

    /// One step of a seat's choice as rows of buttons, paged, with Back.
    fn step_buttons(
        &self,
        lang: &str,
        table: &Table,
        seat: Seat,
        choices: &Choices<serde_json::Value>,
    ) -> Vec<Vec<Button>> {
        let selection = table.selection.get(&seat).cloned().unwrap_or_default();
        let page_size = self.config.page_size.max(1);
        let step = choices.step(&selection);
        let pages = step.len().div_ceil(page_size).max(1);
        let page = table.page.get(&seat).copied().unwrap_or(0).min(pages - 1);
        let keyboard = keyboard_of(table, seat, choices, &selection);
        let token = |op| ButtonKind::Token(Token::keyboard(table.id, keyboard, op).encode());
        let shown: Vec<(usize, String)> = step
            .iter()
            .enumerate()
            .skip(page * page_size)
            .take(page_size)
            .map(|(i, label)| (i, label_text(&self.i18n, lang, table, label)))
            .collect();
        let texts: Vec<String> = shown.iter().map(|(_, t)| t.clone()).collect();
        let mut rows: Vec<Vec<Button>> = shown
            .chunks(row_width(&texts))
            .map(|row| {
                row.iter()
                    .map(|(i, text)| Button { text: text.clone(), kind: token(Op::Choose(*i)) })
                    .collect()
            })
            .collect();
        let mut nav = Vec::new();
        if !selection.is_empty() {
            nav.push(Button { text: self.i18n.plain(lang, "btn-back"), kind: token(Op::Back) });
        }
        if page > 0 {
            nav.push(Button { text: "◀".into(), kind: token(Op::Page(page - 1)) });
        }
        if page + 1 < pages {
            nav.push(Button { text: "▶".into(), kind: token(Op::Page(page + 1)) });
        }
        if !nav.is_empty() {
            rows.push(nav);
        }
        rows
    }

    /// Private messages for `seat`: its private events, and its private choices if it must act.
    pub(super) fn private_messages(
        &self,
        lang: &str,
        table: &mut Table,
        events: &[Event],
        seat: Seat,
    ) -> Effects {
        let Some(player) = table.players.get(seat).cloned() else { return Ok(Vec::new()) };
        let to = Dest::User { user: player.user.id.clone() };
        let mut lines: Vec<String> = events
            .iter()
            .filter(|e| e.audience == Audience::Seat(seat))
            .map(|e| super::text::event_line(&self.i18n, lang, table, e))
            .collect();
        let mut message = Message::text(String::new());
        let mut is_prompt = false;
        // Only a private choice is prompted here; asking that first spares a public turn the
        // cost of the whole choice list.
        if table.to_move().includes(seat) && running(table)?.choices_are_private(seat) {
            let choices = self.choices_of(table, seat)?;
            let prompt = choices.prompt.as_deref().unwrap_or("prompt-choose");
            lines.push(self.i18n.plain(lang, prompt));
            message.buttons = self.step_buttons(lang, table, seat, &choices);
            let selection = table.selection.get(&seat).cloned().unwrap_or_default();
            let game = running(table)?;
            message.board = Some(game.view(Viewer::Seat(seat), &selection));
            message.lang = lang.to_string();
            is_prompt = true;
        }
        if lines.is_empty() {
            return Ok(Vec::new());
        }
        let name = table.info().map(|i| game_name(&self.i18n, lang, i)).unwrap_or_default();
        lines.insert(0, format!("🎲 {name}"));
        message.text = lines.join("\n");
        Ok(vec![if is_prompt {
            Effect::Show { to, slot: Slot::Private { seat }, message, fresh: false }
        } else {
            Effect::Send { to, message }
        }])
    }
}
