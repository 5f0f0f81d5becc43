//! Links to a table's board message, for reminders and `/mygames`: a player with several games
//! jumps straight to the one that waits for them.
//!
//! The public URL schemes of the platforms:
//! - Telegram: `https://t.me/c/<chat>/<message>` for a supergroup (its id without the `-100`
//!   prefix; members only), with the forum topic before the message in a topic
//!   (`https://t.me/c/<chat>/<topic>/<message>`). A basic group has no message links.
//! - Discord: `https://discord.com/channels/<guild>/<channel>/<message>` (`@me` instead of
//!   the guild in direct messages).

use crate::table::{Platform, Table};

/// The link to message `message` in `table`'s group, where the platform has one.
pub fn message_link(table: &Table, message: &str) -> Option<String> {
    if message.is_empty() || !message.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let chat = &table.chat;
    match chat.platform {
        Platform::Telegram => {
            let channel = chat.chat.strip_prefix("-100").filter(|c| !c.is_empty())?;
            match &chat.thread {
                Some(topic) => Some(format!("https://t.me/c/{channel}/{topic}/{message}")),
                None => Some(format!("https://t.me/c/{channel}/{message}")),
            }
        }
        Platform::Discord => {
            let server = table.server.as_deref().unwrap_or("@me");
            Some(format!("https://discord.com/channels/{server}/{}/{message}", chat.chat))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry;
    use crate::table::{ChatId, Player, UserId};

    fn table(platform: Platform, chat: &str, thread: Option<&str>, server: Option<&str>) -> Table {
        let chat = ChatId { platform, chat: chat.into(), thread: thread.map(Into::into) };
        let user = UserId { platform, id: "1".into() };
        let info = registry::find("aeroplane").unwrap();
        let creator = Player::person(user, "A".into());
        let rng = crate::rng::seeded(1);
        let mut table = Table::new_lobby(1, chat, info, Default::default(), creator, 0, rng);
        table.server = server.map(Into::into);
        table
    }

    #[test]
    fn telegram_links_exist_for_supergroups_and_their_topics_only() {
        let group = table(Platform::Telegram, "-1001234567890", None, None);
        assert_eq!(message_link(&group, "42").unwrap(), "https://t.me/c/1234567890/42");
        let topic = table(Platform::Telegram, "-1001234567890", Some("7"), None);
        assert_eq!(message_link(&topic, "42").unwrap(), "https://t.me/c/1234567890/7/42");
        let basic = table(Platform::Telegram, "-4567", None, None);
        assert_eq!(message_link(&basic, "42"), None);
        assert_eq!(message_link(&group, "4x2"), None, "not a message id");
    }

    #[test]
    fn discord_links_name_the_guild_or_direct_messages() {
        let channel = table(Platform::Discord, "222", None, Some("111"));
        assert_eq!(
            message_link(&channel, "333").unwrap(),
            "https://discord.com/channels/111/222/333"
        );
        let dm = table(Platform::Discord, "222", None, None);
        assert_eq!(message_link(&dm, "333").unwrap(), "https://discord.com/channels/@me/222/333");
        let console = table(Platform::Console, "group", None, None);
        assert_eq!(message_link(&console, "5"), None);
    }
}
