//! The conversation engine: one [`Input`] from a chat in, a list of [`Effect`]s out.
//!
//! Everything a player meets is decided here, once for every platform: the commands, the
//! lobby, who may press what, whose turn it is, what each message says and which buttons it
//! carries. A move is validated, saved with a compare-and-swap on the table's sequence number
//! and flushed to disk before its effects are returned, so a message never announces a move
//! that a crash could lose.

mod commands;
mod io;
mod lobby;
pub mod local;
mod text;
pub mod token;
mod turn;

use rand_chacha::ChaCha20Rng;

pub use io::*;

use crate::i18n::{I18n, Value};
use crate::store::{Store, StoreError};
use crate::table::{Platform, Table};

/// How often an input whose save lost a compare-and-swap is tried again.
const RETRIES: usize = 3;

/// Settings of the engine that come from the configuration.
#[derive(Debug, Clone)]
pub struct AppConfig {
    /// Options shown per page of one choice step (Discord fits 5 rows of 5 buttons; one row is
    /// kept for Back and paging).
    pub page_size: usize,
}

impl Default for AppConfig {
    fn default() -> Self {
        AppConfig { page_size: 20 }
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
        App { store, i18n: I18n::new(), config, new_rng: crate::rng::from_entropy }
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

    /// Handles one input; its changes are durable when this returns.
    pub fn handle(&mut self, input: &Input) -> Vec<Effect> {
        self.handle_batch(std::slice::from_ref(input)).pop().unwrap_or_default()
    }

    /// Handles several inputs and makes all their changes durable with one flush (group
    /// commit). The effects of each input are returned in order.
    pub fn handle_batch(&mut self, inputs: &[Input]) -> Vec<Vec<Effect>> {
        let mut out: Vec<Vec<Effect>> = inputs.iter().map(|input| self.dispatch(input)).collect();
        if let Err(e) = self.store.flush() {
            eprintln!("igroteka: storage flush failed: {e}");
            for (effects, input) in out.iter_mut().zip(inputs) {
                let ctx = self.ctx(input);
                *effects = self.failure(&ctx);
            }
        }
        out
    }

    /// Handles one input without making its changes durable: the caller must flush the store
    /// before delivering the effects (the benchmarks time the two apart).
    pub fn handle_deferred(&mut self, input: &Input) -> Vec<Effect> {
        self.dispatch(input)
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

    /// The language of `user`'s private messages: their `/lang` choice, else English.
    fn user_lang(&self, platform: Platform, user: &str) -> &'static str {
        let pref = self.store.pref(&user_pref_key(platform, user)).ok().flatten();
        I18n::pick(pref.as_deref())
    }

    /// Handles one input. A save that lost a compare-and-swap is retried from a fresh read:
    /// the retry then sees the other writer's change, and either still applies (the other
    /// press touched only another seat's keyboard) or is refused as stale.
    fn dispatch(&mut self, input: &Input) -> Vec<Effect> {
        let ctx = self.ctx(input);
        let mut result = self.guarded(&ctx);
        for _ in 0..RETRIES {
            if !matches!(result, Err(StoreError::Conflict)) {
                break;
            }
            result = self.guarded(&ctx);
        }
        match result {
            Ok(effects) => effects,
            Err(StoreError::Corrupt { .. }) => self.reply(&ctx, "error-corrupt", &[]),
            Err(StoreError::Conflict) => self.reply(&ctx, "press-raced", &[]),
            Err(StoreError::Internal) => self.reply(&ctx, "error-internal", &[]),
            Err(e) => {
                eprintln!("igroteka: storage failure: {e}");
                self.failure(&ctx)
            }
        }
    }

    /// One attempt, with a bug in a game or in the engine caught: the player is told to look
    /// at the board as it stands (a change is saved whole or not at all), and the bot goes on
    /// serving everyone else.
    fn guarded(&mut self, ctx: &Ctx) -> Result<Vec<Effect>, StoreError> {
        let attempt = std::panic::AssertUnwindSafe(|| self.attempt(ctx));
        std::panic::catch_unwind(attempt).unwrap_or_else(|_| {
            eprintln!("igroteka: an internal error was caught; the input was not applied");
            Err(StoreError::Internal)
        })
    }

    fn attempt(&mut self, ctx: &Ctx) -> Result<Vec<Effect>, StoreError> {
        match &ctx.input.action {
            Action::Command { name, args } => self.command(ctx, name, args),
            Action::Press { token } => self.press(ctx, token),
            Action::Text { .. } => Ok(Vec::new()),
            Action::Delivered { track, message_id } => self.delivered(track, message_id),
        }
    }

    fn failure(&self, ctx: &Ctx) -> Vec<Effect> {
        self.reply(ctx, "error-storage", &[])
    }

    /// A short answer: a notice for a press (an alert for refusals), a message otherwise.
    fn reply(&self, ctx: &Ctx, id: &str, args: &[(&str, Value)]) -> Vec<Effect> {
        let text = self.i18n.text(ctx.lang, id, args);
        if ctx.is_press() {
            vec![Effect::Answer { text, alert: true }]
        } else {
            vec![Effect::Send { to: reply_dest(ctx.input), message: Message::text(text) }]
        }
    }

    fn delivered(&mut self, track: &Track, message_id: &str) -> Result<Vec<Effect>, StoreError> {
        if let Some(table) = self.store.load(track.table)? {
            self.store.set_board_message(&table, track.seat, message_id)?;
        }
        Ok(Vec::new())
    }

    /// Saves a table if nobody changed it since it was read at `read_seq`.
    fn save(&self, table: &Table, read_seq: Option<u64>) -> Result<(), StoreError> {
        self.store.save(table, read_seq)
    }
}

/// Where a reply to `input` goes: the same chat (and thread).
fn reply_dest(input: &Input) -> Dest {
    if input.chat.private {
        Dest::User { user: input.user.id.clone() }
    } else {
        Dest::Chat { chat: input.chat.id.clone(), thread: input.chat.thread.clone() }
    }
}

fn chat_lang_key(input: &Input) -> String {
    format!("lang:chat:{}", input.chat_id().key())
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
