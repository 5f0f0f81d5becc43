//! The command menu Telegram shows when a user types `/` (`setMyCommands`): the default list in
//! English and one list per other language, for users whose Telegram speaks it (its
//! `language_code`: "pl", "uk", "be", "bg", "zh", "ru"). The commands are the core's, the same
//! in every language (Telegram allows only a-z, 0-9 and _ in them); their one-line
//! descriptions are the `menu-*` messages of `locales/*/commands.ftl`.
//!
//! The owner's commands (`/botstats`, `/abort`, `/maintenance`) are in none of those lists, which
//! every user sees. Each owner gets a menu of their own instead, for their private chat with
//! the bot only (`BotCommandScopeChat` with the owner's id, which is their private chat's id):
//! the public commands and the owner's. Telegram picks the narrowest scope that has a menu, so
//! nobody else — nor the owner in a group — sees them. An owner taken out of the configuration
//! loses that menu at the next start (the owners it was published for are kept in the store).

use igroteka::app::OWNER_COMMANDS;
use igroteka::i18n::{I18n, LANGUAGES};
use igroteka::store::{SharedStore, Store};
use teloxide::prelude::*;
use teloxide::types::{BotCommand, BotCommandScope, Recipient};

use super::retry;

/// The commands, in the order the menu lists them.
const COMMANDS: &[&str] = &[
    "play",
    "join",
    "startgame",
    "board",
    "watch",
    "unwatch",
    "move",
    "undo",
    "score",
    "nudge",
    "mygames",
    "pause",
    "resume",
    "vacation",
    "tz",
    "leave",
    "resign",
    "cancel",
    "top",
    "stats",
    "history",
    "replay",
    "rules",
    "games",
    "lang",
    "boards",
    "threads",
    "help",
];

/// Where the owners whose private chats got the owner's menu are remembered.
const PUBLISHED: &str = "owner.menu.telegram";

/// The menu in `lang`.
pub fn commands(i18n: &I18n, lang: &str) -> Vec<BotCommand> {
    listed(i18n, lang, COMMANDS)
}

/// An owner's menu in `lang`: the public commands, then the owner's.
pub fn owner_commands(i18n: &I18n, lang: &str) -> Vec<BotCommand> {
    let mut menu = commands(i18n, lang);
    menu.extend(listed(i18n, lang, OWNER_COMMANDS));
    menu
}

fn listed(i18n: &I18n, lang: &str, names: &[&str]) -> Vec<BotCommand> {
    names.iter().map(|c| BotCommand::new(*c, i18n.plain(lang, &format!("menu-{c}")))).collect()
}

/// Publishes the menu: English as the default, then each other language for its users.
pub async fn publish(bot: &Bot) -> Result<(), teloxide::RequestError> {
    let i18n = I18n::new();
    let default = commands(&i18n, LANGUAGES[0]);
    retry::call("setMyCommands", || bot.set_my_commands(default.clone()).send()).await?;
    for lang in &LANGUAGES[1..] {
        let menu = commands(&i18n, lang);
        retry::call("setMyCommands", || {
            bot.set_my_commands(menu.clone()).language_code(*lang).send()
        })
        .await?;
    }
    Ok(())
}

/// The scope of one owner's private chat.
fn owner_scope(owner: i64) -> BotCommandScope {
    BotCommandScope::Chat { chat_id: Recipient::Id(ChatId(owner)) }
}

/// Publishes each owner's menu for their private chat (English as its default, then each
/// other language), and takes it away from those no longer owners. An owner who never wrote
/// to the bot has no private chat yet: Telegram refuses their menu ("chat not found"), which
/// is reported, and the next start tries again.
pub async fn publish_owners(bot: &Bot, store: &SharedStore, owners: &[i64], token: &str) {
    let i18n = I18n::new();
    let mut published = Vec::new();
    for &owner in owners {
        let mut done = true;
        for (index, lang) in LANGUAGES.iter().enumerate() {
            let menu = owner_commands(&i18n, lang);
            let set = retry::call("setMyCommands", || {
                let request = bot.set_my_commands(menu.clone()).scope(owner_scope(owner));
                if index == 0 { request.send() } else { request.language_code(*lang).send() }
            })
            .await;
            if let Err(e) = set {
                let e = retry::describe(&e, token);
                tracing::warn!(
                    "telegram: an owner's menu was not set (has the owner written to the bot?): {e}"
                );
                done = false;
                break;
            }
        }
        if done {
            published.push(owner);
        }
    }
    let before = store.pref(PUBLISHED).ok().flatten().unwrap_or_default();
    let gone = before.split(',').filter_map(|id| id.parse::<i64>().ok());
    for former in gone.filter(|id| !owners.contains(id)) {
        for (index, lang) in LANGUAGES.iter().enumerate() {
            let deleted = retry::call("deleteMyCommands", || {
                let request = bot.delete_my_commands().scope(owner_scope(former));
                if index == 0 { request.send() } else { request.language_code(*lang).send() }
            })
            .await;
            if let Err(e) = deleted {
                let e = retry::describe(&e, token);
                tracing::warn!("telegram: a former owner's menu was not removed: {e}");
                // Kept in the list below, so the next start tries again.
                published.push(former);
                break;
            }
        }
    }
    let list: Vec<String> = published.iter().map(i64::to_string).collect();
    if let Err(e) = store.set_pref(PUBLISHED, &list.join(",")) {
        tracing::warn!("telegram: the owners' menus were not remembered: {e}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_fit_telegram_rules() {
        let i18n = I18n::new();
        for lang in LANGUAGES {
            igroteka::i18n::take_misses();
            for command in commands(&i18n, lang) {
                let (c, about) = (&command.command, &command.description);
                assert!(c.len() <= 32 && c.chars().all(|ch| ch.is_ascii_lowercase()), "{c}");
                assert!((1..=256).contains(&about.chars().count()), "{lang} {c}: {about}");
            }
            assert!(igroteka::i18n::take_misses().is_empty(), "{lang}");
        }
    }

    #[test]
    fn only_the_owners_menu_lists_the_owners_commands() {
        let i18n = I18n::new();
        for lang in LANGUAGES {
            let names = |menu: Vec<BotCommand>| -> Vec<String> {
                menu.into_iter().map(|c| c.command).collect()
            };
            let public = names(commands(&i18n, lang));
            let owner = names(owner_commands(&i18n, lang));
            for command in OWNER_COMMANDS {
                assert!(!public.contains(&command.to_string()), "{lang}: {command} is public");
                assert!(owner.contains(&command.to_string()), "{lang}: {command} missing");
            }
            assert!(public.iter().all(|c| owner.contains(c)), "{lang}: the owner lacks some");
            assert!(owner.len() <= 100, "Telegram takes at most 100 commands");
        }
    }
}
