//! The bot's logs: `tracing` events and spans on stderr, readable text by default or one JSON
//! object per line (`log.format = "json"`, `IGROTEKA_LOG_FORMAT=json`), filtered like
//! `RUST_LOG` (default `info`; e.g. `RUST_LOG=igroteka=debug`). Results of the subcommands
//! (`simulate`, `script`, the console…) go to stdout as before; only logs go here.
//!
//! What never reaches the log:
//! - **tokens**: every line passes [`scrub`] on its way out, which masks the configured
//!   secrets ([`add_secret`]: the bot tokens, the webhook secret) and anything shaped like a
//!   token in an API URL (`/bot<id>:<secret>`, Discord's `/webhooks/<id>/<token>` and
//!   `/interactions/<id>/<token>`), whichever crate wrote it;
//! - **message text**: no event carries what a user wrote (a command's name at most);
//! - **user ids**: a span names its user by [`user_hash`], a keyed hash, and a private chat
//!   (whose Telegram id is the user's) as `private`.

use std::borrow::Cow;
use std::hash::Hasher;
use std::io::{self, IsTerminal, Write};
use std::sync::{OnceLock, RwLock};

use igroteka::app::{Action, Input};
use igroteka::store::Store;
use igroteka::table::Platform;
use rand_core::{OsRng, RngCore};
use siphasher::sip::SipHasher24;
use tracing_subscriber::EnvFilter;
use tracing_subscriber::fmt::MakeWriter;
use tracing_subscriber::prelude::*;

/// The filter when `RUST_LOG` is not set.
pub const DEFAULT_FILTER: &str = "info";

/// Where the key of [`user_hash`] is kept (a preference of the store).
pub const USER_KEY_PREF: &str = "log.user_key";

/// How log lines are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Format {
    /// Readable lines: time, level, target, span fields, message.
    #[default]
    Text,
    /// One JSON object per line.
    Json,
}

impl Format {
    /// `text` or `json` (any case); none is text.
    pub fn parse(value: Option<&str>) -> Result<Format, String> {
        match value.map(|v| v.trim().to_ascii_lowercase()).as_deref() {
            None | Some("") | Some("text") => Ok(Format::Text),
            Some("json") => Ok(Format::Json),
            Some(other) => Err(format!("log.format must be \"text\" or \"json\", not {other:?}")),
        }
    }
}

/// Installs the logger (once; later calls change nothing). A `RUST_LOG` that cannot be read
/// is reported and the default used.
pub fn init(format: Format) {
    let (filter, bad) = match std::env::var("RUST_LOG") {
        Ok(spec) if !spec.trim().is_empty() => match EnvFilter::try_new(&spec) {
            Ok(filter) => (filter, None),
            Err(e) => (EnvFilter::new(DEFAULT_FILTER), Some(e.to_string())),
        },
        _ => (EnvFilter::new(DEFAULT_FILTER), None),
    };
    let registry = tracing_subscriber::registry().with(filter);
    let installed = match format {
        Format::Text => registry
            .with(
                tracing_subscriber::fmt::layer()
                    .with_writer(Scrubbed)
                    .with_ansi(io::stderr().is_terminal()),
            )
            .try_init(),
        Format::Json => registry
            .with(
                tracing_subscriber::fmt::layer()
                    .json()
                    .flatten_event(true)
                    .with_current_span(true)
                    .with_span_list(false)
                    .with_writer(Scrubbed),
            )
            .try_init(),
    };
    if installed.is_ok()
        && let Some(bad) = bad
    {
        tracing::warn!("RUST_LOG could not be read ({bad}); using {DEFAULT_FILTER:?}");
    }
}

/// Secrets masked in every log line.
static SECRETS: RwLock<Vec<String>> = RwLock::new(Vec::new());

/// Masks `secret` in every log line from now on (a token, a webhook secret). Short values
/// (under 6 characters) are not secrets worth masking, and would mask common words.
pub fn add_secret(secret: &str) {
    let secret = secret.trim();
    if secret.len() < 6 {
        return;
    }
    let mut secrets = SECRETS.write().unwrap_or_else(|p| p.into_inner());
    if !secrets.iter().any(|s| s == secret) {
        secrets.push(secret.to_string());
    }
}

/// `text` with every known secret and every token-shaped part of an API URL masked.
pub fn scrub(text: &str) -> Cow<'_, str> {
    let mut out = Cow::Borrowed(text);
    for secret in SECRETS.read().unwrap_or_else(|p| p.into_inner()).iter() {
        if out.contains(secret.as_str()) {
            out = Cow::Owned(out.replace(secret.as_str(), "<secret>"));
        }
    }
    // Telegram: /bot<id>:<secret>/method.
    let token_char = |c: char| c.is_ascii_alphanumeric() || c == ':' || c == '_' || c == '-';
    out = mask_after(out, "/bot", token_char, |part| part.contains(':'));
    // Discord: /webhooks/<application>/<interaction token>, /interactions/<id>/<token>.
    for marker in ["/webhooks/", "/interactions/"] {
        out = mask_after(
            out,
            marker,
            |c| c.is_ascii_alphanumeric() || c == '/' || c == '_' || c == '-' || c == '.',
            |part| part.split('/').nth(1).is_some_and(|t| t.len() >= 20),
        );
    }
    out
}

/// Masks the run of `allowed` characters after each `marker` for which `is_secret` holds
/// (the marker itself stays).
fn mask_after<'a>(
    text: Cow<'a, str>,
    marker: &str,
    allowed: impl Fn(char) -> bool,
    is_secret: impl Fn(&str) -> bool,
) -> Cow<'a, str> {
    if !text.contains(marker) {
        return text;
    }
    let mut text = text.into_owned();
    let mut from = 0;
    while let Some(found) = text[from..].find(marker) {
        let start = from + found + marker.len();
        let end = text[start..].find(|c: char| !allowed(c)).map_or(text.len(), |e| start + e);
        if is_secret(&text[start..end]) {
            text.replace_range(start..end, "<token>");
            from = start + "<token>".len();
        } else {
            from = start;
        }
    }
    Cow::Owned(text)
}

/// The writer of every log line: collects one event's line and writes it, scrubbed, to stderr
/// in one call.
#[derive(Debug, Clone, Copy)]
struct Scrubbed;

impl<'a> MakeWriter<'a> for Scrubbed {
    type Writer = Line;

    fn make_writer(&'a self) -> Line {
        Line(Vec::with_capacity(256))
    }
}

/// One log line on its way out.
#[derive(Debug)]
struct Line(Vec<u8>);

impl Write for Line {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Drop for Line {
    fn drop(&mut self) {
        if self.0.is_empty() {
            return;
        }
        let text = String::from_utf8_lossy(&self.0);
        let clean = scrub(&text);
        let _ = io::stderr().lock().write_all(clean.as_bytes());
    }
}

/// The key of [`user_hash`].
static USER_KEY: OnceLock<(u64, u64)> = OnceLock::new();

/// Reads the key of [`user_hash`] from the store, or makes one (128 random bits) and keeps it
/// there, so a user has the same hash across restarts. Call once the store is open; until then
/// (or if the store cannot keep it) a key made for this process is used.
pub fn load_user_key<S: Store>(store: &S) {
    let stored = store.pref(USER_KEY_PREF).ok().flatten().and_then(|hex| parse_key(&hex));
    let key = stored.unwrap_or_else(|| {
        let key = (OsRng.next_u64(), OsRng.next_u64());
        if let Err(e) = store.set_pref(USER_KEY_PREF, &format!("{:016x}{:016x}", key.0, key.1)) {
            tracing::warn!("the log's user key could not be kept: {e}");
        }
        key
    });
    let _ = USER_KEY.set(key);
}

fn parse_key(hex: &str) -> Option<(u64, u64)> {
    let hex = hex.trim();
    if hex.len() != 32 {
        return None;
    }
    Some((u64::from_str_radix(&hex[..16], 16).ok()?, u64::from_str_radix(&hex[16..], 16).ok()?))
}

/// How a user is named in the logs: SipHash-2-4 of the platform and the id under a secret
/// 128-bit key, as 12 hex digits (48 bits). The same user has the same hash in every line and
/// across restarts, so one person's updates can be followed; without the key (kept in the
/// store, beside the ids themselves) nobody can tell whose hash it is by hashing candidate
/// ids — an unkeyed hash of a numeric id would be reversed by trying them all.
pub fn user_hash(platform: Platform, id: &str) -> String {
    let &(k0, k1) = USER_KEY.get_or_init(|| (OsRng.next_u64(), OsRng.next_u64()));
    let mut hasher = SipHasher24::new_with_keys(k0, k1);
    hasher.write(platform.tag().as_bytes());
    hasher.write_u8(0);
    hasher.write(id.as_bytes());
    format!("{:012x}", hasher.finish() >> 16)
}

/// How a chat is named in the logs: its id, except a private chat (whose Telegram id is the
/// user's), which is `private`.
pub fn chat_label(id: &str, private: bool) -> &str {
    if private { "private" } else { id }
}

/// The span of one update: the platform, the chat (`private` for a private chat, whose id is
/// the user's), the user as a keyed hash, and the table once known. Never the text.
pub fn update_span(input: &Input) -> tracing::Span {
    let span = tracing::info_span!(
        "update",
        platform = super::metrics::platform(input.platform),
        chat = chat_label(&input.chat.id, input.chat.private),
        user = user_hash(input.platform, &input.user.id),
        kind = kind(input),
        table = tracing::field::Empty,
    );
    if let Some(table) = pressed_table(input) {
        span.record("table", table);
    }
    span
}

/// What kind of input: a press, a command's name, or text (whose words are never logged).
fn kind(input: &Input) -> String {
    match &input.action {
        Action::Press { .. } => "press".into(),
        Action::Command { name, .. } => {
            // A command's name is the user's text too: only a short plain word is shown, and
            // none from a private chat.
            let plain = name.len() <= 16 && name.chars().all(|c| c.is_ascii_alphanumeric());
            if plain && !input.chat.private { format!("/{name}") } else { "command".into() }
        }
        _ => "text".into(),
    }
}

/// The table a press names (`t<table>:…`).
fn pressed_table(input: &Input) -> Option<u64> {
    let Action::Press { token, .. } = &input.action else { return None };
    token.strip_prefix('t')?.split(':').next()?.parse().ok().filter(|t| *t > 0)
}

/// Logs (at debug) what the engine made of the update, and records its table.
pub fn handled(span: &tracing::Span, outcome: &crate::engine::Outcome) {
    if let [table] = outcome.dirty.as_slice() {
        span.record("table", table);
    }
    let refused = outcome
        .effects
        .iter()
        .any(|e| matches!(e, igroteka::app::Effect::Answer { alert: true, .. }));
    tracing::debug!(
        repeated = outcome.repeated,
        refused,
        effects = outcome.effects.len(),
        tables = outcome.dirty.len(),
        "update handled"
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_and_token_shaped_urls_are_masked() {
        add_secret("s3cr3t-value");
        assert_eq!(scrub("a s3cr3t-value b"), "a <secret> b");
        let url = "error sending request for url (http://x/bot123:ABC-def_9/sendMessage)";
        let shown = scrub(url);
        assert!(!shown.contains("ABC") && shown.contains("/bot<token>/sendMessage"), "{shown}");
        let discord =
            "POST /api/v10/webhooks/1234/aW50ZXJhY3Rpb246MTIzNDU2Nzg5MA.x/messages/@original";
        let shown = scrub(discord);
        assert!(!shown.contains("aW50ZXJh") && shown.contains("/webhooks/<token>"), "{shown}");
        assert_eq!(
            scrub("the /bot command and /webhooks/ page"),
            "the /bot command and /webhooks/ page"
        );
    }

    #[test]
    fn user_hashes_are_stable_short_and_not_the_id() {
        let a = user_hash(Platform::Telegram, "987654321");
        assert_eq!(a, user_hash(Platform::Telegram, "987654321"));
        assert_eq!(a.len(), 12);
        assert!(a.chars().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, user_hash(Platform::Discord, "987654321"));
        assert_ne!(a, user_hash(Platform::Telegram, "987654322"));
        assert_eq!(parse_key(&format!("{:016x}{:016x}", 7u64, u64::MAX)), Some((7, u64::MAX)));
        assert_eq!(parse_key("nope"), None);
    }

    #[test]
    fn formats() {
        assert_eq!(Format::parse(None), Ok(Format::Text));
        assert_eq!(Format::parse(Some(" JSON ")), Ok(Format::Json));
        assert!(Format::parse(Some("xml")).is_err());
    }
}
