//! The core's [`Effect`]s → Bot API calls, in order: the callback answer first, then messages
//! (a board becomes a photo, uploaded as PNG; its updates edit that photo in place), reporting
//! the id of each tracked message back to the core so later edits can name it.
//!
//! Two Telegram facts are handled here rather than in the core: a bot cannot write first to a
//! user who never opened its private chat (403), so the group gets a deep link instead; and an
//! edit that Telegram refuses (the message is gone, or is text where a photo is needed) becomes
//! a fresh message, so a game never sticks on one lost message.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use igroteka::app::{App, Button, ButtonKind, Dest, Effect, Input, Mention, Message};
use igroteka::store::{SledStore, Store};
use igroteka::view::AnyView;
use teloxide::adaptors::Throttle;
use teloxide::prelude::*;
use teloxide::types::{
    CallbackQueryId, InputFile, InputMedia, InputMediaPhoto, MessageId, ParseMode, ThreadId,
};
use teloxide::{ApiError, RequestError};

use super::format::{self, CAPTION_LIMIT, TEXT_LIMIT};
use super::retry::{self, call};

/// The bot as handlers use it: sends are paced by the Throttle adaptor.
pub type Tg = Throttle<Bot>;

/// How long the group is spared a second "open a private chat" note for the same player.
const NOTE_INTERVAL: Duration = Duration::from_secs(600);

/// What every handler shares: the bot, the engine and what the adapter remembers.
pub struct Adapter {
    pub bot: Tg,
    pub app: Arc<Mutex<App<SledStore>>>,
    /// The bot's username from `getMe`, for deep links.
    pub username: String,
    /// Only to mask it in logged errors.
    pub token: String,
    /// Display names of users seen, for mentions in deep-link notes.
    names: Mutex<HashMap<String, String>>,
    /// When each unreachable player was last given a deep link.
    noted: Mutex<HashMap<String, Instant>>,
}

impl std::fmt::Debug for Adapter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Adapter").field("username", &self.username).finish_non_exhaustive()
    }
}

impl Adapter {
    pub fn new(bot: Tg, app: App<SledStore>, username: String, token: String) -> Adapter {
        Adapter {
            bot,
            app: Arc::new(Mutex::new(app)),
            username,
            token,
            names: Mutex::default(),
            noted: Mutex::default(),
        }
    }

    /// Handles one input end to end: the engine, the callback answer, then the messages.
    pub async fn handle(&self, input: Input, query: Option<CallbackQueryId>) {
        self.remember(&input);
        let effects = self.engine(input.clone()).await;
        if let Some(query) = query {
            // Every press is answered, and before any picture is drawn: the user's spinner
            // stops at once.
            let answer = effects.iter().find_map(|e| match e {
                Effect::Answer { text, alert } => Some((text.clone(), *alert)),
                _ => None,
            });
            self.answer(query, answer).await;
        }
        for effect in effects {
            match effect {
                Effect::Send { to, message } => self.send_and_track(&input, &to, &message).await,
                Effect::Edit { to, message_id, message } => {
                    self.edit(&input, &to, &message_id, &message).await
                }
                _ => {}
            }
        }
    }

    /// Runs the engine off the async threads (sled flushes to disk).
    async fn engine(&self, input: Input) -> Vec<Effect> {
        let app = self.app.clone();
        tokio::task::spawn_blocking(move || {
            app.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).handle(&input)
        })
        .await
        .unwrap_or_default()
    }

    fn remember(&self, input: &Input) {
        let mut names = self.names.lock().unwrap_or_else(|p| p.into_inner());
        names.insert(input.user.id.clone(), input.user.name.clone());
        if input.chat.private {
            // They opened the private chat: a later 403 deserves a new note.
            self.noted.lock().unwrap_or_else(|p| p.into_inner()).remove(&input.user.id);
        }
    }

    fn log(&self, what: &str, error: &RequestError) {
        eprintln!("igroteka: telegram: {what}: {}", retry::describe(error, &self.token));
    }

    async fn answer(&self, query: CallbackQueryId, answer: Option<(String, bool)>) {
        let (text, alert) = answer.unwrap_or_default();
        let result = call(|| {
            let mut request = self.bot.answer_callback_query(query.clone());
            if !text.is_empty() {
                request = request.text(format::cut(&text, 200)).show_alert(alert);
            }
            request.send()
        })
        .await;
        if let Err(e) = result {
            self.log("answerCallbackQuery", &e);
        }
    }

    /// Sends a message; for a tracked one, tells the engine its id. A private message to a
    /// user the bot cannot reach becomes a deep link in the group.
    async fn send_and_track(&self, input: &Input, to: &Dest, message: &Message) {
        match self.send(to, message).await {
            Ok(Some(_)) => {}
            Ok(None) => {}
            Err(e) if unreachable(&e) => {
                if let Dest::User { user } = to {
                    self.offer_private_chat(input, user, None).await;
                }
            }
            Err(e) => self.log("send", &e),
        }
    }

    /// Sends `message`; the id returned is the message that carries the keyboard (the one
    /// later edits replace).
    async fn send(&self, to: &Dest, message: &Message) -> Result<Option<MessageId>, RequestError> {
        let Some((chat, thread)) = target(to) else { return Ok(None) };
        let markup = format::keyboard(&message.buttons);
        let Some(view) = &message.board else {
            return self.send_text(chat, thread, message, markup).await.map(Some);
        };
        let png = render(view).await;
        let fits = format::fits(message, CAPTION_LIMIT);
        let caption = if fits { format::html(message, CAPTION_LIMIT) } else { String::new() };
        let sent = call(|| {
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
            self.send_text(chat, thread, message, None).await?;
        }
        Ok(Some(sent.id))
    }

    /// Sends text, split at Telegram's length limit; the keyboard and mentions go on the last
    /// piece, whose id is returned.
    async fn send_text(
        &self,
        chat: ChatId,
        thread: Option<ThreadId>,
        message: &Message,
        markup: Option<teloxide::types::InlineKeyboardMarkup>,
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
                    }
                    format::html(&piece, TEXT_LIMIT)
                })
                .collect()
        };
        let last = pieces.len() - 1;
        let mut id = MessageId(0);
        for (i, text) in pieces.iter().enumerate() {
            let sent = call(|| {
                let mut request =
                    self.bot.send_message(chat, text.clone()).parse_mode(ParseMode::Html);
                if let Some(thread) = thread {
                    request = request.message_thread_id(thread);
                }
                if i == last
                    && let Some(markup) = markup.clone()
                {
                    request = request.reply_markup(markup);
                }
                request.send()
            })
            .await?;
            id = sent.id;
        }
        Ok(id)
    }

    /// Replaces a message in place; when Telegram refuses, sends the new version instead.
    async fn edit(&self, input: &Input, to: &Dest, message_id: &str, message: &Message) {
        let (Some((chat, _)), Ok(id)) = (target(to), message_id.parse::<i32>()) else {
            return self.send_and_track(input, to, message).await;
        };
        let id = MessageId(id);
        let markup = format::keyboard(&message.buttons).unwrap_or_default();
        let result = match &message.board {
            Some(view) => {
                let png = render(view).await;
                let caption = format::caption(message);
                call(|| {
                    let photo =
                        InputMediaPhoto::new(InputFile::memory(png.clone()).file_name("board.png"))
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
            None => {
                let text = format::html(message, TEXT_LIMIT);
                call(|| {
                    self.bot
                        .edit_message_text(chat, id, text.clone())
                        .parse_mode(ParseMode::Html)
                        .reply_markup(markup.clone())
                        .send()
                })
                .await
                .map(drop)
            }
        };
        match result {
            Ok(()) | Err(RequestError::Api(ApiError::MessageNotModified)) => {}
            Err(RequestError::Api(_)) => self.send_and_track(input, to, message).await,
            Err(e) => self.log("edit", &e),
        }
    }

    /// Posts in the group where the player acted a note mentioning them, with a button that
    /// opens the bot's private chat; its Start sends `/start t<table>`, which makes the engine
    /// send the pending private messages again.
    async fn offer_private_chat(&self, input: &Input, user: &str, track: Option<u64>) {
        if input.chat.private {
            eprintln!("igroteka: telegram: a private message could not be delivered");
            return;
        }
        {
            let mut noted = self.noted.lock().unwrap_or_else(|p| p.into_inner());
            if noted.get(user).is_some_and(|at| at.elapsed() < NOTE_INTERVAL) {
                return;
            }
            noted.insert(user.to_string(), Instant::now());
        }
        let name = self.name_of(user, track).await;
        let payload = track.map_or_else(|| "go".to_string(), |t| format!("t{t}"));
        let russian = input.user.lang.as_deref().is_some_and(|l| l.starts_with("ru"));
        let (text, label) = if russian {
            (
                format!("{name}, я не могу написать вам в личку. Нажмите кнопку, затем «Старт»."),
                "Открыть личный чат",
            )
        } else {
            (
                format!("{name}, I can't message you privately yet. Press the button, then Start."),
                "Open private chat",
            )
        };
        let mut note = Message::text(text);
        note.mentions = vec![Mention { user: user.to_string(), name }];
        note.buttons = vec![vec![Button {
            text: label.to_string(),
            kind: ButtonKind::Url(format!("https://t.me/{}?start={payload}", self.username)),
        }]];
        let group = Dest::Chat { chat: input.chat.id.clone(), thread: input.chat.thread.clone() };
        if let Err(e) = self.send(&group, &note).await {
            self.log("deep-link note", &e);
        }
    }

    async fn name_of(&self, user: &str, table: Option<u64>) -> String {
        if let Some(name) = self.names.lock().unwrap_or_else(|p| p.into_inner()).get(user) {
            return name.clone();
        }
        let app = self.app.clone();
        let user = user.to_string();
        tokio::task::spawn_blocking(move || {
            let app = app.lock().unwrap_or_else(|p| p.into_inner());
            table
                .and_then(|id| app.store().load(id).ok().flatten())
                .and_then(|t| t.players.into_iter().find(|p| p.user.id == user))
                .map(|p| p.name)
        })
        .await
        .ok()
        .flatten()
        .unwrap_or_else(|| "Player".to_string())
    }
}

/// The chat (and forum topic) a destination names; a private message goes to the chat whose
/// id is the user's.
fn target(to: &Dest) -> Option<(ChatId, Option<ThreadId>)> {
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

/// Whether the error says the bot may not write to this user first.
fn unreachable(error: &RequestError) -> bool {
    match error {
        RequestError::Api(
            ApiError::CantInitiateConversation | ApiError::BotBlocked | ApiError::UserDeactivated,
        ) => true,
        RequestError::Api(ApiError::Unknown(text)) => {
            text.contains("can't initiate conversation") || text.starts_with("Forbidden")
        }
        _ => false,
    }
}

/// Draws a board off the async threads.
async fn render(view: &AnyView) -> Vec<u8> {
    let view = view.clone();
    tokio::task::spawn_blocking(move || igroteka_renderer::render(&view)).await.unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn api(description: &str) -> RequestError {
        RequestError::Api(serde_json::from_value(description.into()).unwrap())
    }

    #[test]
    fn forbidden_private_messages_are_recognised() {
        assert!(unreachable(&api("Forbidden: bot can't initiate conversation with a user")));
        assert!(unreachable(&api("Unauthorized: bot can't initiate conversation with a user")));
        assert!(unreachable(&api("Forbidden: bot was blocked by the user")));
        assert!(!unreachable(&api("Bad Request: chat not found")));
        assert!(!unreachable(&RequestError::RetryAfter(teloxide::types::Seconds::from_seconds(1))));
    }

    #[test]
    fn destinations_name_chats_and_topics() {
        let (chat, thread) =
            target(&Dest::Chat { chat: "-100".into(), thread: Some("7".into()) }).unwrap();
        assert_eq!(chat, ChatId(-100));
        assert_eq!(thread, Some(ThreadId(MessageId(7))));
        assert_eq!(target(&Dest::User { user: "42".into() }), Some((ChatId(42), None)));
        assert_eq!(target(&Dest::User { user: "x".into() }), None);
    }
}
