//! The command menu Telegram shows when a user types `/` (`setMyCommands`): the default list in
//! English and one list per other language, for users whose Telegram speaks it (its
//! `language_code`: "pl", "uk", "be", "bg", "zh", "ru"). The commands are the core's, the same
//! in every language (Telegram allows only a-z, 0-9 and _ in them); their one-line
//! descriptions are the `menu-*` messages of `locales/*/commands.ftl`.

use igroteka::i18n::{I18n, LANGUAGES};
use teloxide::prelude::*;
use teloxide::types::BotCommand;

use super::retry;

/// The commands, in the order the menu lists them.
const COMMANDS: &[&str] = &[
    "play",
    "join",
    "startgame",
    "board",
    "move",
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
    "rules",
    "games",
    "lang",
    "boards",
    "help",
];

/// The menu in `lang`.
pub fn commands(i18n: &I18n, lang: &str) -> Vec<BotCommand> {
    COMMANDS.iter().map(|c| BotCommand::new(*c, i18n.plain(lang, &format!("menu-{c}")))).collect()
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
}
