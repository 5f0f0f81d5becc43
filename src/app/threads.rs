//! A thread per game: a chat's setting (`/threads on`) under which each game, once its lobby
//! starts it, plays in a thread of its own — a forum topic on Telegram, a thread started from
//! the lobby message on Discord — so that several games run in one chat without drowning it.
//! The lobby and the final message stay in the chat itself; the game's history and ratings
//! count there.
//!
//! Opening a thread is a platform call, and its id comes back later. So Start does not start
//! the game at once: the lobby loses its buttons and says a thread is being opened, and the
//! table's outbox carries an [`Effect::OpenThread`]. The deliverer opens it and reports where
//! it is ([`Action::Thread`]); only then does the game start — in the thread, every message
//! of it addressed there from the first — or in the chat itself with a note saying why, when
//! the platform refused (a group without topics, no right to open them). A report lost to a
//! crash is made good by the table's clock: a lobby waiting longer than
//! [`THREAD_WAIT_MS`](crate::table::THREAD_WAIT_MS) starts its game in the chat.
//!
//! [`Action::Thread`]: super::Action::Thread

use super::text::game_name;
use super::turn::{group_input, group_of};
use super::{App, Ctx, Dest, Effect, Effects, User};
use crate::outbox::Slot;
use crate::registry::GameInfo;
use crate::store::{Store, StoreError};
use crate::table::{ChatId, Platform, Status, Table};

/// The longest thread name: Discord allows 100 characters, Telegram's topics 128.
const NAME_CHARS: usize = 90;

/// Where a chat's choice is kept: `on`, or nothing.
fn setting_key(chat: &ChatId) -> String {
    format!("threads:{}", chat.key())
}

impl<S: Store> App<S> {
    /// `/threads [on|off]`: a chat admin's choice; without a word, anyone may ask what the
    /// chat has now and how to change it.
    pub(super) fn threads_command(&mut self, ctx: &Ctx, args: &[String]) -> Effects {
        if ctx.input.chat.private {
            return Ok(self.reply(ctx, "threads-groups-only", &[]));
        }
        if !matches!(ctx.input.platform, Platform::Telegram | Platform::Discord) {
            return Ok(self.reply(ctx, "threads-unsupported", &[]));
        }
        let key = setting_key(&ctx.input.chat_id());
        let on = match args.first().map(|w| w.to_lowercase()).as_deref() {
            None => {
                let now = self.store.pref(&key)?.as_deref() == Some("on");
                return Ok(self.reply(
                    ctx,
                    if now { "threads-are-on" } else { "threads-are-off" },
                    &[],
                ));
            }
            Some("on") => true,
            Some("off") => false,
            Some(_) => return Ok(self.reply(ctx, "threads-usage", &[])),
        };
        if !ctx.input.user.admin {
            return Ok(self.reply(ctx, "threads-admins", &[]));
        }
        if ctx.input.chat.thread.is_some() {
            // A forum topic is already a game's own place; the setting is the chat's.
            return Ok(self.reply(ctx, "threads-in-topic", &[]));
        }
        self.store.set_pref(&key, if on { "on" } else { "off" })?;
        let id = match (on, ctx.input.platform) {
            (false, _) => "threads-off",
            (true, Platform::Telegram) => "threads-on-telegram",
            (true, _) => "threads-on-discord",
        };
        Ok(self.reply(ctx, id, &[]))
    }

    /// Whether `table`'s game should open a thread of its own when it starts.
    pub(super) fn wants_thread(&self, table: &Table) -> Result<bool, StoreError> {
        let platform = table.chat.platform;
        if table.solo
            || table.home.is_some()
            || table.chat.thread.is_some()
            || !matches!(platform, Platform::Telegram | Platform::Discord)
        {
            return Ok(false);
        }
        Ok(self.store.pref(&setting_key(&table.chat))?.as_deref() == Some("on"))
    }

    /// Start pressed in a chat that gives each game a thread: the lobby, without its buttons,
    /// says the thread is being opened, and the table asks for it. Saved at `read_seq`.
    pub(super) fn ask_for_thread(
        &mut self,
        ctx: &Ctx,
        mut table: Table,
        info: &GameInfo,
        read_seq: u64,
    ) -> Effects {
        table.opening = Some(ctx.input.now);
        table.touch(ctx.input.now);
        self.save(&table, Some(read_seq))?;
        let lang = self.table_lang(&table);
        let lobby = self.lobby_message(lang, &table, info);
        let to = group_of(&table);
        let mut effects = self.acknowledge(ctx, "start-done");
        effects.push(Effect::Show {
            to: to.clone(),
            slot: Slot::Board,
            message: lobby,
            fresh: false,
        });
        let name = self.thread_name(lang, &table, info);
        effects.push(Effect::OpenThread { to, name, table: table.id });
        Ok(effects)
    }

    /// "Game · Ann, Boris", cut to what every platform takes.
    fn thread_name(&self, lang: &str, table: &Table, info: &GameInfo) -> String {
        let players: Vec<&str> = table.players.iter().map(|p| p.name.as_str()).collect();
        let name = format!("{} · {}", game_name(&self.i18n, lang, info), players.join(", "));
        if name.chars().count() <= NAME_CHARS {
            return name;
        }
        let cut: String = name.chars().take(NAME_CHARS - 1).collect();
        format!("{}…", cut.trim_end())
    }

    /// The deliverer's report on table `id`'s thread: the game starts there, or, refused, in
    /// its chat with a note. A report for a table no longer waiting (started by its clock,
    /// cancelled) changes nothing.
    pub(super) fn thread_report(&mut self, id: u64, opened: Option<&Dest>, now: u64) -> Effects {
        let Some(table) = self.store.load(id)? else { return Ok(Vec::new()) };
        if table.status != Status::Lobby || table.opening.is_none() {
            return Ok(Vec::new());
        }
        let place = match opened {
            Some(Dest::Chat { chat, thread }) => Some(ChatId {
                platform: table.chat.platform,
                chat: chat.clone(),
                thread: thread.clone(),
            }),
            _ => None,
        };
        self.start_after_thread(table, place, now)
    }

    /// The clock of a lobby waiting for its thread: past [`THREAD_WAIT_MS`], the game starts
    /// in its chat.
    ///
    /// [`THREAD_WAIT_MS`]: crate::table::THREAD_WAIT_MS
    pub(super) fn thread_overdue(&mut self, table: Table, now: u64) -> Effects {
        if table.due().is_none_or(|due| due > now) {
            return Ok(Vec::new());
        }
        self.start_after_thread(table, None, now)
    }

    /// Starts the game of a lobby that waited for its thread: in `thread`, or in its chat.
    fn start_after_thread(
        &mut self,
        mut table: Table,
        thread: Option<ChatId>,
        now: u64,
    ) -> Effects {
        let read_seq = table.seq;
        table.opening = None;
        let refused = thread.is_none();
        if let Some(thread) = thread {
            table.move_to(thread);
        }
        let lang = self.table_lang(&table);
        let nobody = User { id: String::new(), name: String::new(), admin: false, lang: None };
        let input = group_input(&table, nobody, now);
        let ctx = self.ctx(&input);
        let mut effects = self.begin_game(&ctx, table, read_seq)?;
        if refused {
            // Said on the board itself: one message, where everyone looks.
            let id = match input.platform {
                Platform::Telegram => "threads-refused-telegram",
                _ => "threads-refused-discord",
            };
            let note = self.i18n.plain(lang, id);
            if let Some(Effect::Show { message, .. }) =
                effects.iter_mut().find(|e| matches!(e, Effect::Show { slot: Slot::Board, .. }))
            {
                message.text = format!("{note}\n{}", message.text);
            }
        }
        Ok(effects)
    }
}
