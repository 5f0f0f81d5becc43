//! Telegram updates → the core's [`Input`]s. Only commands, plain text and button presses
//! matter to the core; everything else (joins, photos, edits…) is dropped here.
//!
//! Privacy mode is assumed on: the bot then sees commands, replies to it and button presses,
//! which is all it needs.

use igroteka::app::{Action, Chat, Input, User, input_from_text};
use igroteka::table::Platform;
use teloxide::types::{CallbackQuery, Message};

pub use crate::time::now_ms;

/// The input for a message, if it is one the core reads: a command (for this bot, when it
/// names one with `@bot`), or plain text.
pub fn from_message(msg: &Message, bot_username: &str, now: u64) -> Option<Input> {
    let text = msg.text()?;
    let from = msg.from.as_ref()?;
    if from.is_bot {
        return None;
    }
    if let Some(first) = text.split_whitespace().next().filter(|w| w.starts_with('/')) {
        // `/play@OtherBot` is meant for another bot in the same group.
        if let Some((_, addressee)) = first.split_once('@')
            && !addressee.eq_ignore_ascii_case(bot_username)
        {
            return None;
        }
    }
    let mut input = input_from_text(Platform::Telegram, chat_of(msg), user_of(from), now, text);
    if let Action::Command { name, args } = &mut input.action
        && name == "stats"
        && args.is_empty()
        && let Some(whose) = replied_to(msg)
    {
        // `/stats` in reply to someone's message asks for theirs: Telegram gives a command no
        // user but by @username, which the bot cannot look up.
        args.push(format!("<@{}>", whose.id.0));
    }
    Some(input)
}

/// The person whose message `msg` replies to (not a bot, and not a forum topic's first message,
/// which every message in the topic "replies" to).
fn replied_to(msg: &Message) -> Option<&teloxide::types::User> {
    let replied = msg.reply_to_message()?;
    let topic_root = msg.thread_id.is_some_and(|t| t.0 == replied.id);
    let user = replied.from.as_ref()?;
    (!topic_root && !user.is_bot).then_some(user)
}

/// The input for a button press: the callback data is the core's token, and the chat is the
/// one of the message that carried the button.
pub fn from_callback(query: &CallbackQuery, now: u64) -> Option<Input> {
    let message = query.message.as_ref()?;
    let chat = match message.regular_message() {
        Some(msg) => chat_of(msg),
        None => Chat {
            id: message.chat().id.0.to_string(),
            private: message.chat().is_private(),
            thread: None,
            server: None,
        },
    };
    Some(Input {
        platform: Platform::Telegram,
        chat,
        user: user_of(&query.from),
        now,
        action: Action::Press {
            token: query.data.clone().unwrap_or_default(),
            message_id: query.message.as_ref().map(|m| m.id().0.to_string()),
        },
    })
}

fn chat_of(msg: &Message) -> Chat {
    // `message_thread_id` is also set on replies in ordinary groups; only a forum topic is a
    // separate place to play.
    let thread = msg.thread_id.filter(|_| msg.is_topic_message).map(|t| t.0.0.to_string());
    Chat { id: msg.chat.id.0.to_string(), private: msg.chat.is_private(), thread, server: None }
}

/// Whether the engine needs to know if the sender administers the chat: `/cancel`, `/lang`,
/// `/top computers on|off` and `/threads on|off` in a group (the creator of a game or a chat
/// admin may cancel it; an admin changes the language, what `/top` lists and whether games
/// get threads of their own).
pub fn needs_admin_check(input: &Input) -> bool {
    !input.chat.private
        && matches!(&input.action, Action::Command { name, args }
            if name == "cancel" || name == "lang"
                || (name == "top" && args.first().is_some_and(|a| a.eq_ignore_ascii_case("computers")))
                || (name == "threads" && !args.is_empty()))
}

fn user_of(user: &teloxide::types::User) -> User {
    User {
        id: user.id.0.to_string(),
        name: user.full_name(),
        admin: false,
        lang: user.language_code.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(json: serde_json::Value) -> Message {
        serde_json::from_value(json).unwrap()
    }

    fn group_message(text: &str, topic: bool) -> Message {
        let mut m = serde_json::json!({
            "message_id": 5, "date": 1_700_000_000,
            "chat": {"id": -1001, "type": "supergroup", "title": "G", "is_forum": topic},
            "from": {"id": 42, "is_bot": false, "first_name": "Ann", "last_name": "Lee",
                     "language_code": "ru"},
            "text": text,
        });
        if topic {
            m["message_thread_id"] = 9.into();
            m["is_topic_message"] = true.into();
        }
        message(m)
    }

    #[test]
    fn commands_with_and_without_the_bot_name() {
        let input =
            from_message(&group_message("/Play@IgroBot aeroplane", true), "igrobot", 1).unwrap();
        assert_eq!(
            input.action,
            Action::Command { name: "play".into(), args: vec!["aeroplane".into()] }
        );
        assert_eq!(input.chat.thread.as_deref(), Some("9"));
        assert_eq!(input.chat.id, "-1001");
        assert!(!input.chat.private);
        assert_eq!(input.user.name, "Ann Lee");
        assert_eq!(input.user.lang.as_deref(), Some("ru"));
        assert!(from_message(&group_message("/play@OtherBot", false), "igrobot", 1).is_none());
        let plain = from_message(&group_message("/join", false), "igrobot", 1).unwrap();
        assert_eq!(plain.chat.thread, None);
    }

    #[test]
    fn presses_carry_the_data_and_the_chat() {
        let query: CallbackQuery = serde_json::from_value(serde_json::json!({
            "id": "q1", "chat_instance": "ci",
            "from": {"id": 42, "is_bot": false, "first_name": "Ann"},
            "data": "tok",
            "message": {"message_id": 3, "date": 1_700_000_000,
                        "chat": {"id": 42, "type": "private", "first_name": "Ann"}, "text": "x"},
        }))
        .unwrap();
        let input = from_callback(&query, 1).unwrap();
        assert_eq!(
            input.action,
            Action::Press { token: "tok".into(), message_id: Some("3".into()) }
        );
        assert!(input.chat.private);
    }
}
