//! The conversation engine: one [`Input`] from a chat in, a list of [`Effect`]s out.
//!
//! Everything a player meets is decided here, once for every platform: the commands, the
//! lobby, who may press what, whose turn it is, what each message says and which buttons it
//! carries. A move is validated, then saved with a compare-and-swap on the table's sequence
//! number *together with* the messages that announce it (the table's outbox, see
//! [`crate::outbox`]), and flushed to disk before anything is delivered: a message never
//! announces a move that a crash could lose, and a saved move is never left unannounced.
//!
//! What an input returns is only what answers it at once (the press's notice, a reply that
//! belongs to no table); everything a table shows goes through its outbox, delivered by the
//! adapter's deliverer for the tables [`App::take_dirty`] names.

mod activity;
mod caps;
mod clock;
mod commands;
mod computer;
mod io;
mod link;
mod lobby;
pub mod local;
mod owner;
mod reach;
mod remind;
mod replays;
mod standings;
mod text;
mod threads;
pub mod token;
mod turn;
mod undo;
mod vote;
mod watch;

use rand_chacha::ChaCha20Rng;

pub use caps::Caps;
pub use computer::{ComputerTurn, PAUSE as COMPUTER_PAUSE};
pub use io::*;
pub use owner::{MAINTENANCE, OWNER_COMMANDS};
pub use replays::AGAIN_AFTER_MS as REPLAY_AGAIN_AFTER_MS;

use crate::i18n::{I18n, Value};
use crate::outbox;
use crate::store::{Store, StoreError};
use crate::table::{Platform, Table};

/// A table change waiting for the end of an attempt, to be saved with its outbox.
#[derive(Debug)]
struct Staged {
    table: Table,
    read_seq: Option<u64>,
}

/// What handling an input comes to: its effects, or why the store failed.
type Effects = Result<Vec<Effect>, StoreError>;

/// How often an input whose save lost a compare-and-swap is tried again.
const RETRIES: usize = 3;

/// How many of the messages it stripped at once the engine remembers (see
/// [`App::strip_once`]): a double tap comes within seconds.
const STRIPPED_KEPT: usize = 1024;

/// Settings of the engine that come from the configuration.
#[derive(Debug, Clone)]
pub struct AppConfig {
    /// Options shown per page of one choice step (Discord fits 5 rows of 5 buttons; one row is
    /// kept for Back and paging).
    pub page_size: usize,
    /// The bot's owners, who may use the owner's commands ([`OWNER_COMMANDS`]).
    pub owners: Vec<crate::table::UserId>,
    /// When the bot started (milliseconds since the Unix epoch), for `/botstats`'s uptime; the
    /// first input's time when not given.
    pub started_at: Option<u64>,
    /// Caps on open lobbies and tables (none by default; the bots set them from the config).
    pub caps: Caps,
}

impl Default for AppConfig {
    fn default() -> Self {
        AppConfig { page_size: 20, owners: Vec::new(), started_at: None, caps: Caps::default() }
    }
}

/// The engine. It owns the store; adapters call [`App::handle`] (or [`App::handle_batch`] to
/// make several inputs durable with one flush).
#[derive(Debug)]
pub struct App<S: Store> {
    store: S,
    i18n: I18n,
    config: AppConfig,
    new_rng: fn() -> ChaCha20Rng,
    /// The table saved by the attempt under way (at most one per input).
    staged: Option<Staged>,
    /// The table whose outbox receives the attempt's messages, when no save names it.
    route: Option<u64>,
    /// Tables with outbox entries not yet handed to a deliverer.
    dirty: Vec<u64>,
    /// Preferences the attempt under way writes once its table is saved (what a reminder
    /// digest listed): a retried or failed attempt leaves no trace of them.
    after_commit: Vec<(String, String)>,
    /// Computer turns handed out and not yet taken by the adapter.
    computer_turns: Vec<ComputerTurn>,
    /// Tables with a computer turn out (handed out, its answer not back yet).
    computer_pending: std::collections::BTreeSet<u64>,
    /// Whether the input under way brought its user's private boards (`/start` with the
    /// link's payload): a player who comes back is not sent them a second time.
    brought_private: bool,
    /// The messages stripped at once lately, newest last ([`App::strip_once`]).
    stripped: std::collections::VecDeque<(Dest, String)>,
    /// Replays asked lately ([`replays`]): one draw for several asks at once.
    replays_asked: replays::Asked,
    /// The presses refused since the last [`App::take_refusals`]: the platform and the id of
    /// the refusal's text (what an adapter counts; the text itself is translated).
    refusals: std::sync::Mutex<Vec<(Platform, String)>>,
    /// Moves and players counted for the owner's `/botstats`, not written yet.
    activity: activity::Activity,
    /// When the bot started: the configured time, else the first input's.
    started_at: Option<u64>,
}

/// The context of one input: who, where, in which language.
struct Ctx<'a> {
    input: &'a Input,
    lang: &'static str,
}

impl Ctx<'_> {
    fn group_dest(&self) -> Dest {
        Dest::Chat { chat: self.input.chat.id.clone(), thread: self.input.chat.thread.clone() }
    }
    fn is_press(&self) -> bool {
        matches!(self.input.action, Action::Press { .. })
    }
}

impl<S: Store> App<S> {
    pub fn new(store: S, config: AppConfig) -> App<S> {
        App {
            store,
            i18n: I18n::new(),
            new_rng: crate::rng::from_entropy,
            staged: None,
            route: None,
            dirty: Vec::new(),
            after_commit: Vec::new(),
            computer_turns: Vec::new(),
            computer_pending: Default::default(),
            brought_private: false,
            stripped: Default::default(),
            replays_asked: Default::default(),
            refusals: Default::default(),
            activity: Default::default(),
            started_at: config.started_at,
            config,
        }
    }

    /// Seeds new tables' RNGs with `new_rng` instead of OS entropy (reproducible tests only).
    #[doc(hidden)]
    pub fn with_rng(mut self, new_rng: fn() -> ChaCha20Rng) -> App<S> {
        self.new_rng = new_rng;
        self
    }

    pub fn store(&self) -> &S {
        &self.store
    }

    pub fn i18n(&self) -> &I18n {
        &self.i18n
    }

    /// The tables whose outboxes received entries since the last call: their deliverers
    /// should run (after the flush, which [`App::handle`] and [`App::handle_batch`] include).
    pub fn take_dirty(&mut self) -> Vec<u64> {
        std::mem::take(&mut self.dirty)
    }

    /// Handles one input; its changes are durable when this returns.
    pub fn handle(&mut self, input: &Input) -> Vec<Effect> {
        self.handle_batch(std::slice::from_ref(input)).pop().unwrap_or_default()
    }

    /// Handles several inputs and makes all their changes durable with one flush (group
    /// commit). The effects of each input are returned in order.
    pub fn handle_batch(&mut self, inputs: &[Input]) -> Vec<Vec<Effect>> {
        let keyed: Vec<(&Input, Option<&str>)> = inputs.iter().map(|i| (i, None)).collect();
        self.handle_batch_once(&keyed).into_iter().map(Option::unwrap_or_default).collect()
    }

    /// [`App::handle_batch`] for inputs that carry the key of the platform update they came
    /// in (`tg:<update_id>`): an input whose update was taken before — in this batch, or in an
    /// earlier one not yet forgotten ([`App::forget_updates`]) — is not handled again
    /// (`None`). The keys are written in the same commit as the changes their inputs made, so
    /// after a crash an update is either taken with its move or not at all, and a platform that
    /// delivers it again (after a timeout, or because its receipt was never confirmed) gets
    /// it handled exactly once.
    pub fn handle_batch_once(
        &mut self,
        inputs: &[(&Input, Option<&str>)],
    ) -> Vec<Option<Vec<Effect>>> {
        let dirty_before = self.dirty.len();
        self.prefetch(inputs.iter().map(|(input, _)| *input));
        let mut out = Vec::with_capacity(inputs.len());
        for (index, (input, key)) in inputs.iter().enumerate() {
            if let Some(key) = key {
                let repeated = inputs[..index].iter().any(|(_, earlier)| earlier == &Some(*key));
                if repeated || self.store.was_taken(key).unwrap_or(false) {
                    out.push(None);
                    continue;
                }
            }
            let effects = self.dispatch(input);
            if let Some(key) = key
                && let Err(e) = self.store.mark_taken(key, input.now)
            {
                tracing::error!("storage failure: {e}");
            }
            out.push(Some(effects));
        }
        if let Some(last) = inputs.last() {
            self.activity.write_if_due(&self.store, last.0.now);
        }
        if let Err(e) = self.store.flush() {
            // Not durable: nothing of it may be delivered before a later flush covers it.
            self.dirty.truncate(dirty_before);
            tracing::error!("storage flush failed: {e}");
            for (effects, (input, _)) in out.iter_mut().zip(inputs) {
                if effects.is_some() {
                    let ctx = self.ctx(input);
                    *effects = Some(self.failure(&ctx));
                }
            }
        }
        out
    }

    /// The presses refused since the last call: each one's platform and the id of its text
    /// (`press-stale`, `not-your-turn`…), a small fixed set fit for a metric's label.
    pub fn take_refusals(&mut self) -> Vec<(Platform, String)> {
        std::mem::take(self.refusals.get_mut().unwrap_or_else(|p| p.into_inner()))
    }

    /// Forgets the updates taken before `before` (see [`App::handle_batch_once`]); the next
    /// flush makes it durable.
    pub fn forget_updates(&mut self, before: u64) {
        if let Err(e) = self.store.forget_taken(before) {
            tracing::error!("storage failure: {e}");
        }
    }

    /// Tells the store which tables `inputs` will load ([`Store::prefetch`]): those a press's
    /// button or a computer's turn names. Called before a batch is handled; only a hint, so a
    /// failure is no more than a note in the log.
    pub fn prefetch<'a>(&self, inputs: impl IntoIterator<Item = &'a Input>) {
        let mut tables: Vec<u64> = inputs
            .into_iter()
            .filter_map(|input| match &input.action {
                Action::Press { token, .. } => token::Token::parse(token).map(|t| t.table),
                Action::Computer { table, .. } => Some(*table),
                _ => None,
            })
            .filter(|&table| table != 0)
            .collect();
        tables.sort_unstable();
        tables.dedup();
        if !tables.is_empty()
            && let Err(e) = self.store.prefetch(&tables)
        {
            tracing::debug!("tables were not read ahead: {e}");
        }
    }

    /// Handles one input without making its changes durable: the caller must flush the store
    /// before delivering the effects (the benchmarks time the two apart).
    pub fn handle_deferred(&mut self, input: &Input) -> Vec<Effect> {
        self.dispatch(input)
    }

    /// The language of a table's group messages: the chat's `/lang` choice, else the language
    /// of whoever opened the game (never the language of whoever pressed last).
    fn table_lang(&self, table: &Table) -> &'static str {
        let pref = self.store.pref(&chat_pref_key(table.home_chat())).ok().flatten();
        I18n::pick(pref.as_deref().or(Some(table.lang.as_str()).filter(|l| !l.is_empty())))
    }

    fn ctx<'a>(&self, input: &'a Input) -> Ctx<'a> {
        let pref = if input.chat.private {
            self.store.pref(&user_lang_key(input)).ok().flatten()
        } else {
            self.store.pref(&chat_lang_key(input)).ok().flatten()
        };
        let lang = I18n::pick(pref.as_deref().or(input.user.lang.as_deref()));
        Ctx { input, lang }
    }

    /// The language of `user`'s private messages: their `/lang` choice, else the platform's
    /// `hint` (their language as the platform gave it), else English.
    fn user_lang(&self, platform: Platform, user: &str, hint: Option<&str>) -> &'static str {
        let pref = self.store.pref(&user_pref_key(platform, user)).ok().flatten();
        I18n::pick(pref.as_deref().or(hint.filter(|h| !h.is_empty())))
    }

    /// Handles one input. A save that lost a compare-and-swap is retried from a fresh read:
    /// the retry then sees the other writer's change, and either still applies (the other
    /// press touched only another seat's keyboard) or is refused as stale.
    fn dispatch(&mut self, input: &Input) -> Vec<Effect> {
        self.started_at.get_or_insert(input.now);
        if input.action == Action::Tick {
            return self.tick(input.platform, input.now);
        }
        let ctx = self.ctx(input);
        let mut back = false;
        if input.chat.private && !matches!(input.action, Action::Unreachable { .. }) {
            // They wrote to the bot: it can write to them again.
            if self.store.is_unreachable(input.platform, &input.user.id).unwrap_or(false) {
                let _ = self.store.set_unreachable(input.platform, &input.user.id, false);
                // A message of theirs in the bot's own private chat (not a press, nor a
                // Discord answer only they see in a server's channel) — `/start` with or
                // without the link's payload, any command, a word — opened it.
                back = input.chat.server.is_none()
                    && matches!(input.action, Action::Command { .. } | Action::Text { .. });
            }
        }
        self.brought_private = false;
        let refused_before = self.refusals.get_mut().map_or(0, |r| r.len());
        let mut result = self.guarded(&ctx).and_then(|effects| self.commit(effects));
        for _ in 0..RETRIES {
            if !matches!(result, Err(StoreError::Conflict)) {
                break;
            }
            // Only the attempt that counts says whether the press was refused.
            if let Ok(refusals) = self.refusals.get_mut() {
                refusals.truncate(refused_before);
            }
            result = self.guarded(&ctx).and_then(|effects| self.commit(effects));
        }
        if back && !self.brought_private {
            // What was not delivered while they could not be reached waits for them: their
            // set-up, their boards. Only now, once: a player the bot could reach has them.
            if let Err(e) = self.bring_private_boards(&ctx) {
                tracing::warn!("a returning player's boards were not sent: {e}");
            }
        }
        match result {
            Ok(effects) => self.strip_once(effects),
            Err(StoreError::Corrupt { .. }) => self.reply(&ctx, "error-corrupt", &[]),
            Err(StoreError::Conflict) => self.reply(&ctx, "press-raced", &[]),
            Err(StoreError::Internal) => self.reply(&ctx, "error-internal", &[]),
            Err(e) => {
                tracing::error!("storage failure: {e}");
                self.failure(&ctx)
            }
        }
    }

    /// One attempt, with a bug in a game or in the engine caught: the player is told to look
    /// at the board as it stands (a change is saved whole or not at all), and the bot goes on
    /// serving everyone else.
    fn guarded(&mut self, ctx: &Ctx) -> Result<Vec<Effect>, StoreError> {
        self.staged = None;
        self.route = None;
        let attempt = std::panic::AssertUnwindSafe(|| self.attempt(ctx));
        std::panic::catch_unwind(attempt).unwrap_or_else(|_| {
            tracing::error!("an internal error was caught; the input was not applied");
            Err(StoreError::Internal)
        })
    }

    fn attempt(&mut self, ctx: &Ctx) -> Result<Vec<Effect>, StoreError> {
        match &ctx.input.action {
            Action::Command { name, args } => self.command(ctx, name, args),
            Action::Press { token, .. } => self.press(ctx, token),
            Action::Text { .. } => Ok(Vec::new()),
            Action::Unreachable { table } => self.unreachable(ctx, *table),
            Action::Thread { table, opened } => {
                self.thread_report(*table, opened.as_ref(), ctx.input.now)
            }
            Action::Tick => Ok(Vec::new()),
            Action::Computer { table, seat, seq, action } => {
                self.computer_move(ctx, *table, *seat, *seq, action)
            }
        }
    }

    /// Saves the attempt's table change with its messages in one transaction: `Answer`s and
    /// `Strip`s are returned to be carried out at once, everything else joins the table's
    /// outbox. An attempt that touched no table returns all its effects.
    fn commit(&mut self, effects: Vec<Effect>) -> Result<Vec<Effect>, StoreError> {
        let staged = self.staged.take();
        let Some(table) = staged.as_ref().map(|s| s.table.id).or(self.route.take()) else {
            return Ok(effects);
        };
        let (now, mut queued): (Vec<Effect>, Vec<Effect>) = effects
            .into_iter()
            .partition(|e| matches!(e, Effect::Answer { .. } | Effect::Strip { .. }));
        match staged {
            Some(Staged { mut table, read_seq }) => {
                if table.status.is_over() {
                    // The save that ends the game (an ended table is not saved again).
                    queued.extend(turn::buttons_off_at_the_end(&table));
                }
                let moves = activity::moves(&table);
                self.store.save(&table, read_seq, &outbox::entries(&queued))?;
                if table.status.is_over() {
                    // With the save that ends it: the chat's record of the game, under the
                    // table's own key, so it is written once however often this is retried.
                    crate::history::note_end(&self.store, &mut table)?;
                }
                if moves > 0 {
                    let people = table.players.iter().filter(|p| p.computer.is_none());
                    let people = people.map(|p| p.user.key());
                    self.activity.note(&self.store, table.updated_at, moves, people);
                }
                self.hand_out_computer_turns(&mut table);
            }
            None if queued.is_empty() => return Ok(now),
            None => self.store.enqueue(table, &outbox::entries(&queued))?,
        }
        if !queued.is_empty() && !self.dirty.contains(&table) {
            self.dirty.push(table);
        }
        Ok(now)
    }

    /// Leaves out a strip of a message this engine has already asked to strip (a double tap
    /// on an old message's button): the message has no buttons left, and Telegram would answer
    /// the second strip "message is not modified" — a call of the chat's budget for nothing.
    fn strip_once(&mut self, effects: Vec<Effect>) -> Vec<Effect> {
        let mut out = Vec::with_capacity(effects.len());
        for effect in effects {
            if let Effect::Strip { to, message_id } = &effect {
                let key = (to.clone(), message_id.clone());
                if self.stripped.contains(&key) {
                    continue;
                }
                if self.stripped.len() >= STRIPPED_KEPT {
                    self.stripped.pop_front();
                }
                self.stripped.push_back(key);
            }
            out.push(effect);
        }
        out
    }

    fn failure(&self, ctx: &Ctx) -> Vec<Effect> {
        self.reply(ctx, "error-storage", &[])
    }

    /// A short answer: a notice for a press (an alert for refusals), a message otherwise.
    fn reply(&self, ctx: &Ctx, id: &str, args: &[(&str, Value)]) -> Vec<Effect> {
        let text = self.i18n.text(ctx.lang, id, args);
        if ctx.is_press() {
            let mut refusals = self.refusals.lock().unwrap_or_else(|p| p.into_inner());
            refusals.push((ctx.input.platform, id.to_string()));
            vec![Effect::Answer { text, alert: true }]
        } else {
            vec![Effect::Send { to: reply_dest(ctx.input), message: Message::text(text) }]
        }
    }

    /// Saves a table when the attempt ends, with the messages the attempt produced, if nobody
    /// changed it since it was read at `read_seq` (see [`App::commit`]).
    fn save(&mut self, table: &Table, read_seq: Option<u64>) -> Result<(), StoreError> {
        self.staged = Some(Staged { table: table.clone(), read_seq });
        Ok(())
    }

    /// Queues messages of `table` now, outside the attempt's one table (a private `/board`
    /// shows several tables). Only for attempts that save nothing, so a retry cannot repeat it.
    fn enqueue(&mut self, table: u64, effects: &[Effect]) -> Result<(), StoreError> {
        if effects.is_empty() {
            return Ok(());
        }
        self.store.enqueue(table, &outbox::entries(effects))?;
        if !self.dirty.contains(&table) {
            self.dirty.push(table);
        }
        Ok(())
    }

    /// Sends the attempt's messages through `table`'s outbox though the table is unchanged.
    fn route_to(&mut self, table: u64) {
        self.route = Some(table);
    }
}

/// Where a reply to `input` goes: the same chat (and thread), or the user's private chat.
pub fn reply_dest(input: &Input) -> Dest {
    if input.chat.private {
        Dest::User { user: input.user.id.clone() }
    } else {
        Dest::Chat { chat: input.chat.id.clone(), thread: input.chat.thread.clone() }
    }
}

fn chat_lang_key(input: &Input) -> String {
    chat_pref_key(&input.chat_id())
}

/// Where a chat's `/lang` choice is kept.
fn chat_pref_key(chat: &crate::table::ChatId) -> String {
    format!("lang:chat:{}", chat.key())
}

fn user_lang_key(input: &Input) -> String {
    user_pref_key(input.platform, &input.user.id)
}

fn user_pref_key(platform: Platform, user: &str) -> String {
    format!("lang:user:{}:{user}", platform.tag())
}

/// Strips a `@botname` suffix and the slash, lowercases: `/Play@IgrotekaBot` → `play`.
pub fn normalize_command(word: &str) -> String {
    let word = word.trim_start_matches('/');
    word.split('@').next().unwrap_or_default().to_lowercase()
}

/// Makes an input from a line of text as a user would type it: `/play aeroplane` becomes a
/// command, anything else plain text. Adapters and the console share it.
pub fn input_from_text(platform: Platform, chat: Chat, user: User, now: u64, line: &str) -> Input {
    let line = line.trim();
    let action = if line.starts_with('/') {
        let mut words = line.split_whitespace();
        let name = normalize_command(words.next().unwrap_or_default());
        Action::Command { name, args: words.map(str::to_string).collect() }
    } else {
        Action::Text { text: line.to_string() }
    };
    Input { platform, chat, user, now, action }
}
