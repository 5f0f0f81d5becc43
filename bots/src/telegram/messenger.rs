//! Telegram as the core's [`Messenger`]: the calls a table's deliverer makes (send, edit,
//! delete, strip), each paced by the bot's own [`Limiter`] and retried through
//! [`retry::call`] when Telegram still answers 429.
//!
//! - A message with a replay is an animation (`sendAnimation`, the GIF drawn by
//!   [`crate::replays`]) with the text as its caption.
//! - A message with a board is a photo (the PNG drawn by `igroteka_renderer`, off the async
//!   threads) with the text as its caption; without one it is text. A caption too long for
//!   Telegram becomes the photo plus a text message; a text too long is split.
//! - An edit replaces the photo (`editMessageMedia`) or the text (`editMessageText`) and the
//!   buttons. An edit that would not change what the message shows is not sent at all (the
//!   messenger remembers what it last put in each message), and Telegram's "message is not
//!   modified" counts as done. A message that is gone, too old, or of the other kind (text
//!   where a photo is needed) is [`Failure::Gone`]: the deliverer sends a new one.
//! - 403 to a private chat (never started, blocked) is [`Failure::Unreachable`]; any other
//!   refusal is [`Failure::Permanent`]; network trouble and server errors are
//!   [`Failure::Transient`] (the deliverer tries again later).

use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use igroteka::app::{Dest, Message};
use igroteka::outbox::{Failure, Messenger};
use igroteka::replay::Reel;
use igroteka::view::AnyView;
use teloxide::prelude::*;
use teloxide::types::{
    InlineKeyboardMarkup, InputFile, InputMedia, InputMediaPhoto, MessageId, ParseMode, ThreadId,
};
use teloxide::{ApiError, RequestError};

use super::format::{self, CAPTION_LIMIT, TEXT_LIMIT};
use super::limiter::{Kind, Limiter};
use super::retry;

/// The Telegram messenger, shared by every deliverer.
pub struct Telegram {
    bot: Bot,
    limiter: Arc<Limiter>,
    /// The bot's username, for deep links.
    username: String,
    /// Only to mask it in logged errors.
    token: String,
    /// What the bot last put in each message: (chat, message) → (content hash, is a photo).
    shown: Mutex<HashMap<(i64, i32), (u64, bool)>>,
}

impl std::fmt::Debug for Telegram {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Telegram").field("username", &self.username).finish_non_exhaustive()
    }
}

/// How many messages' contents the messenger remembers at most.
const SHOWN_MAX: usize = 100_000;

/// A chat and, in a forum, the topic.
type Target = (ChatId, Option<ThreadId>);

impl Telegram {
    pub fn new(bot: Bot, limiter: Arc<Limiter>, username: String, token: String) -> Telegram {
        Telegram { bot, limiter, username, token, shown: Mutex::default() }
    }

    /// Logs a failed call with the token masked.
    pub fn log(&self, what: &str, error: &RequestError) {
        tracing::warn!("telegram: {what}: {}", retry::describe(error, &self.token));
    }

    fn shown(&self) -> std::sync::MutexGuard<'_, HashMap<(i64, i32), (u64, bool)>> {
        let mut shown = self.shown.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if shown.len() > SHOWN_MAX {
            // Forgetting only costs an edit that changes nothing.
            shown.clear();
        }
        shown
    }

    /// One Bot API call that creates or edits (or, `Kind::Delete`, deletes) a message in
    /// `chat`: paced by the limiter, retried after a 429 (which also holds the chat back).
    async fn paced<T, F, Fut>(
        &self,
        chat: ChatId,
        kind: Kind,
        method: &'static str,
        request: F,
    ) -> Result<T, RequestError>
    where
        F: Fn() -> Fut,
        Fut: std::future::Future<Output = Result<T, RequestError>>,
    {
        let (limiter, request) = (&*self.limiter, &request);
        retry::call(method, move || async move {
            let permit = limiter.acquire(chat.0, kind).await;
            let result = request().await;
            drop(permit);
            if let Err(RequestError::RetryAfter(after)) = &result {
                limiter.penalize(chat.0, after.duration());
            }
            result
        })
        .await
    }

    fn keyboard(&self, message: &Message) -> Option<InlineKeyboardMarkup> {
        format::keyboard(&message.buttons, &self.username)
    }

    /// Sends text, split at Telegram's length limit; the keyboard and mentions go on the last
    /// piece, whose id is returned.
    async fn send_text(
        &self,
        (chat, thread): Target,
        message: &Message,
        markup: Option<InlineKeyboardMarkup>,
    ) -> Result<MessageId, RequestError> {
        let pieces = if format::fits(message, TEXT_LIMIT) {
            vec![format::html(message, TEXT_LIMIT)]
        } else {
            let plain = format::split(&message.text, TEXT_LIMIT - 200);
            let last = plain.len() - 1;
            plain
                .into_iter()
                .enumerate()
                .map(|(i, text)| {
                    let mut piece = Message::text(text);
                    if i == last {
                        piece.mentions = message.mentions.clone();
                        piece.monospace = message.monospace.clone();
                    }
                    format::html(&piece, TEXT_LIMIT)
                })
                .collect()
        };
        let last = pieces.len() - 1;
        let mut id = MessageId(0);
        for (i, text) in pieces.iter().enumerate() {
            let markup = if i == last { markup.clone() } else { None };
            let sent = self
                .paced(chat, Kind::Message, "sendMessage", || {
                    let mut request =
                        self.bot.send_message(chat, text.clone()).parse_mode(ParseMode::Html);
                    if let Some(thread) = thread {
                        request = request.message_thread_id(thread);
                    }
                    if let Some(markup) = markup.clone() {
                        request = request.reply_markup(markup);
                    }
                    request.send()
                })
                .await?;
            id = sent.id;
        }
        Ok(id)
    }

    /// Sends a photo with the text as its caption (or, when too long, followed by the text);
    /// the id returned is the photo's, which carries the keyboard.
    async fn send_photo(
        &self,
        (chat, thread): Target,
        message: &Message,
        view: &AnyView,
        markup: Option<InlineKeyboardMarkup>,
    ) -> Result<MessageId, RequestError> {
        let png = render(view, &message.lang).await;
        let fits = format::fits(message, CAPTION_LIMIT);
        let caption = if fits { format::html(message, CAPTION_LIMIT) } else { String::new() };
        let sent = self
            .paced(chat, Kind::Message, "sendPhoto", || {
                let photo = InputFile::memory(png.clone()).file_name("board.png");
                let mut request = self.bot.send_photo(chat, photo);
                if !caption.is_empty() {
                    request = request.caption(caption.clone()).parse_mode(ParseMode::Html);
                }
                if let Some(thread) = thread {
                    request = request.message_thread_id(thread);
                }
                if let Some(markup) = markup.clone() {
                    request = request.reply_markup(markup);
                }
                request.send()
            })
            .await?;
        if !fits {
            // Too long for a caption: the text follows as its own message.
            self.send_text((chat, thread), message, None).await?;
        }
        Ok(sent.id)
    }

    /// Sends a replay as an animation (`sendAnimation`: Telegram plays a GIF inline, looped)
    /// with the text as its caption; a replay that cannot be drawn goes as the text alone.
    async fn send_replay(
        &self,
        (chat, thread): Target,
        message: &Message,
        reel: &Reel,
        markup: Option<InlineKeyboardMarkup>,
    ) -> Result<MessageId, RequestError> {
        let Some(gif) = crate::replays::draw(reel, &message.lang).await else {
            return self.send_text((chat, thread), message, markup).await;
        };
        let caption = format::html(message, CAPTION_LIMIT);
        let sent = self
            .paced(chat, Kind::Message, "sendAnimation", || {
                let file = InputFile::memory(gif.clone()).file_name(crate::replays::FILE_NAME);
                let mut request = self.bot.send_animation(chat, file);
                request = request.caption(caption.clone()).parse_mode(ParseMode::Html);
                if let Some(thread) = thread {
                    request = request.message_thread_id(thread);
                }
                if let Some(markup) = markup.clone() {
                    request = request.reply_markup(markup);
                }
                request.send()
            })
            .await?;
        Ok(sent.id)
    }

    async fn edit_photo(
        &self,
        chat: ChatId,
        id: MessageId,
        message: &Message,
        view: &AnyView,
        markup: InlineKeyboardMarkup,
    ) -> Result<(), RequestError> {
        let png = render(view, &message.lang).await;
        let caption = format::caption(message);
        self.paced(chat, Kind::Message, "editMessageMedia", || {
            let photo = InputMediaPhoto::new(InputFile::memory(png.clone()).file_name("board.png"))
                .caption(caption.clone())
                .parse_mode(ParseMode::Html);
            self.bot
                .edit_message_media(chat, id, InputMedia::Photo(photo))
                .reply_markup(markup.clone())
                .send()
        })
        .await
        .map(drop)
    }

    async fn edit_text(
        &self,
        chat: ChatId,
        id: MessageId,
        message: &Message,
        markup: InlineKeyboardMarkup,
    ) -> Result<(), RequestError> {
        let text = format::html(message, TEXT_LIMIT);
        self.paced(chat, Kind::Message, "editMessageText", || {
            self.bot
                .edit_message_text(chat, id, text.clone())
                .parse_mode(ParseMode::Html)
                .reply_markup(markup.clone())
                .send()
        })
        .await
        .map(drop)
    }
}

impl Messenger for Telegram {
    async fn ready(&self, to: &Dest) {
        if let Some((chat, _)) = target(to) {
            self.limiter.ready(chat.0).await;
        }
    }

    async fn send(&self, to: &Dest, message: &Message) -> Result<String, Failure> {
        let target = target(to).ok_or_else(|| bad_destination(to))?;
        let markup = self.keyboard(message);
        let sent = match (&message.replay, &message.board) {
            (Some(reel), _) => self.send_replay(target, message, reel, markup).await,
            (None, Some(view)) => self.send_photo(target, message, view, markup).await,
            (None, None) => self.send_text(target, message, markup).await,
        };
        let id = sent.map_err(|e| self.failure("send", &e, to))?;
        self.shown().insert((target.0.0, id.0), (digest(message), message.board.is_some()));
        Ok(id.0.to_string())
    }

    async fn edit(&self, to: &Dest, id: &str, message: &Message) -> Result<(), Failure> {
        let (Some((chat, _)), Ok(id)) = (target(to), id.parse::<i32>()) else {
            return Err(Failure::Gone);
        };
        let digest = digest(message);
        let photo = message.board.is_some();
        match self.shown().get(&(chat.0, id)) {
            Some(&(shown, _)) if shown == digest => return Ok(()),
            // Telegram cannot turn text into a photo or back: a new message is needed.
            Some(&(_, was_photo)) if was_photo != photo => return Err(Failure::Gone),
            _ => {}
        }
        let id = MessageId(id);
        let markup = self.keyboard(message).unwrap_or_default();
        let result = match &message.board {
            Some(view) => self.edit_photo(chat, id, message, view, markup).await,
            None => self.edit_text(chat, id, message, markup).await,
        };
        match result {
            Ok(()) | Err(RequestError::Api(ApiError::MessageNotModified)) => {
                self.shown().insert((chat.0, id.0), (digest, photo));
                Ok(())
            }
            Err(e) => {
                self.shown().remove(&(chat.0, id.0));
                Err(self.failure("edit", &e, to))
            }
        }
    }

    async fn delete(&self, to: &Dest, id: &str) -> Result<(), Failure> {
        let (Some((chat, _)), Ok(id)) = (target(to), id.parse::<i32>()) else {
            return Err(Failure::Gone);
        };
        self.shown().remove(&(chat.0, id));
        self.paced(chat, Kind::Delete, "deleteMessage", || {
            self.bot.delete_message(chat, MessageId(id)).send()
        })
        .await
        .map(drop)
        .map_err(|e| self.failure("delete", &e, to))
    }

    async fn strip(&self, to: &Dest, id: &str) -> Result<(), Failure> {
        let (Some((chat, _)), Ok(id)) = (target(to), id.parse::<i32>()) else {
            return Err(Failure::Gone);
        };
        self.shown().remove(&(chat.0, id));
        let result = self
            .paced(chat, Kind::Message, "editMessageReplyMarkup", || {
                self.bot
                    .edit_message_reply_markup(chat, MessageId(id))
                    .reply_markup(InlineKeyboardMarkup::default())
                    .send()
            })
            .await;
        match result {
            Ok(_) | Err(RequestError::Api(ApiError::MessageNotModified)) => Ok(()),
            Err(e) => Err(self.failure("strip", &e, to)),
        }
    }

    /// A forum topic (`createForumTopic`): Telegram has no threads off a message, so the
    /// lobby stays where it is and the topic is the game's. A group without topics, or a bot
    /// without the right to manage them, is refused for good: the game plays in the group.
    async fn open_thread(
        &self,
        to: &Dest,
        name: &str,
        _from: Option<&str>,
    ) -> Result<Dest, Failure> {
        let Some((chat, _)) = target(to) else { return Err(bad_destination(to)) };
        let topic = self
            .paced(chat, Kind::Message, "createForumTopic", || {
                self.bot.create_forum_topic(chat, name).send()
            })
            .await
            .map_err(|e| self.failure("createForumTopic", &e, to))?;
        let thread = topic.thread_id.0.0.to_string();
        Ok(Dest::Chat { chat: chat.0.to_string(), thread: Some(thread) })
    }
}

impl Telegram {
    /// Classifies a failed call for the deliverer, logging what it drops.
    fn failure(&self, what: &str, error: &RequestError, to: &Dest) -> Failure {
        let failure = classify(error, to);
        match &failure {
            Failure::Gone | Failure::Unreachable => {}
            Failure::Transient(_) | Failure::Permanent(_) => self.log(what, error),
        }
        match failure {
            Failure::Transient(_) => Failure::Transient(retry::describe(error, &self.token)),
            Failure::Permanent(_) => Failure::Permanent(retry::describe(error, &self.token)),
            other => other,
        }
    }
}

/// What a failed call means for delivery.
fn classify(error: &RequestError, to: &Dest) -> Failure {
    let text = match error {
        RequestError::Api(ApiError::Unknown(text)) => text.clone(),
        RequestError::Api(api) => api.to_string(),
        RequestError::MigrateToChatId(_) => return Failure::Permanent(String::new()),
        // Network trouble, a 429 that outlasted the retries, a reply that is not JSON (a
        // proxy's error page): all worth another try later.
        _ => return Failure::Transient(String::new()),
    };
    let lower = text.to_lowercase();
    const GONE: [&str; 7] = [
        "message to edit not found",
        "message can't be edited",
        "there is no media in the message",
        "there is no text in the message",
        "message_id_invalid",
        "message to delete not found",
        "message can't be deleted",
    ];
    if GONE.iter().any(|g| lower.contains(g)) {
        return Failure::Gone;
    }
    let refused = lower.starts_with("forbidden")
        || lower.starts_with("unauthorized")
        || lower.contains("bot can't initiate conversation")
        || lower.contains("bot was blocked by the user")
        || lower.contains("user is deactivated");
    if refused {
        return match to {
            Dest::User { .. } => Failure::Unreachable,
            // The bot was removed from the group, or may not post there.
            Dest::Chat { .. } => Failure::Permanent(String::new()),
        };
    }
    if lower.starts_with("bad request") || lower.starts_with("not found") {
        return Failure::Permanent(String::new());
    }
    // "Internal Server Error", "Bad Gateway" and the like.
    Failure::Transient(String::new())
}

fn bad_destination(to: &Dest) -> Failure {
    Failure::Permanent(format!("not a Telegram destination: {to:?}"))
}

/// A hash of everything a message shows (text, mentions, picture, buttons).
fn digest(message: &Message) -> u64 {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    serde_json::to_vec(message).unwrap_or_default().hash(&mut hasher);
    hasher.finish()
}

/// The chat (and forum topic) a destination names; a private message goes to the chat whose
/// id is the user's.
pub fn target(to: &Dest) -> Option<Target> {
    match to {
        Dest::Chat { chat, thread } => {
            let thread = match thread {
                Some(t) => Some(ThreadId(MessageId(t.parse().ok()?))),
                None => None,
            };
            Some((ChatId(chat.parse().ok()?), thread))
        }
        Dest::User { user } => Some((ChatId(user.parse().ok()?), None)),
    }
}

/// Draws a board off the async threads, its words in `lang`.
async fn render(view: &AnyView, lang: &str) -> Vec<u8> {
    let (view, lang) = (view.clone(), lang.to_string());
    let draw = move || {
        crate::observe::metrics().time_render(|| igroteka_renderer::render_lang(&view, &lang))
    };
    tokio::task::spawn_blocking(draw).await.unwrap_or_default()
}

/// How long the deliverer waits before trying a table again after a transient failure: it
/// doubles from a second up to a minute.
pub fn backoff(previous: Option<Duration>) -> Duration {
    previous.map_or(Duration::from_secs(1), |d| (d * 2).min(Duration::from_secs(60)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn api(description: &str) -> RequestError {
        RequestError::Api(serde_json::from_value(description.into()).unwrap())
    }

    fn user() -> Dest {
        Dest::User { user: "42".into() }
    }

    fn group() -> Dest {
        Dest::Chat { chat: "-100".into(), thread: None }
    }

    #[test]
    fn failures_are_classified() {
        for text in [
            "Forbidden: bot can't initiate conversation with a user",
            "Unauthorized: bot can't initiate conversation with a user",
            "Forbidden: bot was blocked by the user",
            "Forbidden: user is deactivated",
        ] {
            assert_eq!(classify(&api(text), &user()), Failure::Unreachable, "{text}");
            assert!(matches!(classify(&api(text), &group()), Failure::Permanent(_)), "{text}");
        }
        for text in [
            "Bad Request: message to edit not found",
            "Bad Request: message can't be edited",
            "Bad Request: there is no media in the message to edit",
            "Bad Request: there is no text in the message to edit",
            "Bad Request: MESSAGE_ID_INVALID",
            "Bad Request: message to delete not found",
        ] {
            assert_eq!(classify(&api(text), &group()), Failure::Gone, "{text}");
        }
        for text in ["Bad Request: chat not found", "Bad Request: can't parse entities: x"] {
            assert!(matches!(classify(&api(text), &group()), Failure::Permanent(_)), "{text}");
        }
        for text in ["Internal Server Error", "Bad Gateway"] {
            assert!(matches!(classify(&api(text), &group()), Failure::Transient(_)), "{text}");
        }
        let flood = RequestError::RetryAfter(teloxide::types::Seconds::from_seconds(3));
        assert!(matches!(classify(&flood, &group()), Failure::Transient(_)));
    }

    #[test]
    fn destinations_name_chats_and_topics() {
        let (chat, thread) =
            target(&Dest::Chat { chat: "-100".into(), thread: Some("7".into()) }).unwrap();
        assert_eq!(chat, ChatId(-100));
        assert_eq!(thread, Some(ThreadId(MessageId(7))));
        assert_eq!(target(&user()), Some((ChatId(42), None)));
        assert_eq!(target(&Dest::User { user: "x".into() }), None);
    }

    #[test]
    fn digests_tell_contents_apart() {
        let a = Message::text("a");
        assert_eq!(digest(&a), digest(&Message::text("a")));
        assert_ne!(digest(&a), digest(&Message::text("b")));
    }

    #[test]
    fn backoff_doubles_up_to_a_minute() {
        assert_eq!(backoff(None), Duration::from_secs(1));
        assert_eq!(backoff(Some(Duration::from_secs(8))), Duration::from_secs(16));
        assert_eq!(backoff(Some(Duration::from_secs(50))), Duration::from_secs(60));
    }
}
