//! The command menu Telegram shows when a user types `/` (`setMyCommands`), in English and
//! Russian. The commands themselves are the core's; only their one-line descriptions live here,
//! because the menu is a Telegram feature.

use teloxide::prelude::*;
use teloxide::types::BotCommand;

use super::retry;

/// `(command, English, Russian)`.
const COMMANDS: &[(&str, &str, &str)] = &[
    ("play", "Pick a game to play here", "Выбрать игру"),
    ("join", "Take a seat at the table", "Сесть за стол"),
    ("startgame", "Start when everyone has joined", "Начать, когда все собрались"),
    ("board", "Show the board again", "Показать доску ещё раз"),
    ("move", "Type a move, e.g. /move g1 g3", "Ввести ход, например /move g1 g3"),
    ("score", "The score sheet", "Лист счёта"),
    ("nudge", "Remind the player to move", "Поторопить игрока, чей ход"),
    ("mygames", "Your unfinished games", "Ваши незаконченные игры"),
    ("pause", "Stop the clock (all players agree)", "Остановить часы (с согласия всех)"),
    ("resume", "Start the clock again", "Снова запустить часы"),
    ("vacation", "Stop your clock for N days", "Остановить свои часы на N дней"),
    ("tz", "Your time zone: no reminders at night", "Ваш часовой пояс: ночью без напоминаний"),
    ("leave", "Leave the lobby", "Выйти из лобби"),
    ("resign", "Give up the game", "Сдаться"),
    ("cancel", "Stop the game", "Остановить игру"),
    ("rules", "The rules of a game", "Правила игры"),
    ("games", "All games", "Все игры"),
    ("lang", "Language: en or ru", "Язык: en или ru"),
    (
        "boards",
        "One board edited in place, or a new one every turn",
        "Одна доска или новая каждый ход",
    ),
    ("help", "What I can do", "Что я умею"),
];

fn commands(russian: bool) -> Vec<BotCommand> {
    COMMANDS
        .iter()
        .map(|(c, en, ru)| BotCommand::new(*c, if russian { *ru } else { *en }))
        .collect()
}

/// Publishes the menu: English as the default, Russian for Russian-speaking users.
pub async fn publish(bot: &Bot) -> Result<(), teloxide::RequestError> {
    retry::call("setMyCommands", || bot.set_my_commands(commands(false)).send()).await?;
    retry::call("setMyCommands", || bot.set_my_commands(commands(true)).language_code("ru").send())
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn commands_fit_telegram_rules() {
        for (c, en, ru) in super::COMMANDS {
            assert!(c.len() <= 32 && c.chars().all(|ch| ch.is_ascii_lowercase()), "{c}");
            assert!(!en.is_empty() && en.chars().count() <= 256);
            assert!(!ru.is_empty() && ru.chars().count() <= 256);
        }
    }
}
