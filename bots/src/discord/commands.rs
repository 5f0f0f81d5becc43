//! The slash commands: what is registered with Discord at start-up, and how an invocation's
//! options become the words the core's commands take (`/play game:aeroplane takeoff:six` →
//! `play aeroplane takeoff=six`), so Discord users meet exactly the commands the core knows.

use igroteka::i18n::{I18n, LANGUAGES};
use igroteka::registry::GAMES;
use serenity::builder::{CreateCommand, CreateCommandOption};
use serenity::model::application::{CommandDataOption, CommandDataOptionValue, CommandOptionType};

/// Where `/board` shows the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoardTo {
    /// The public board, as a fresh message in the channel.
    Here,
    /// The caller's own view, in an ephemeral reply only they see.
    Me,
    /// The caller's own view, in their direct messages.
    Dm,
}

/// A slash command as the adapter understands it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invocation {
    pub name: String,
    pub args: Vec<String>,
    /// Set for `/board` only.
    pub board: Option<BoardTo>,
}

/// The commands without options, with their descriptions.
const PLAIN: &[(&str, &str)] = &[
    ("join", "Join the game being gathered in this channel"),
    ("leave", "Leave the game being gathered in this channel"),
    ("startgame", "Start the gathered game"),
    ("resign", "Resign from the game in this channel"),
    ("cancel", "Cancel the game in this channel (its creator or a moderator)"),
    ("games", "List the games"),
    ("score", "The score sheet of the game in this channel"),
    ("nudge", "Remind the player to move (once an hour)"),
    ("mygames", "Your unfinished games"),
    ("pause", "Stop the clock of this game (all players must agree)"),
    ("resume", "Start the clock of this game again"),
    ("help", "How to play with Igroteka"),
];

/// Every command to register.
pub fn definitions(i18n: &I18n) -> Vec<CreateCommand> {
    let mut out = vec![play(i18n)];
    out.extend(PLAIN.iter().map(|(name, about)| CreateCommand::new(*name).description(*about)));
    out.push(
        CreateCommand::new("board").description("Show the board").add_option(
            CreateCommandOption::new(CommandOptionType::String, "show", "Where to show it")
                .add_string_choice("here, for everyone", "here")
                .add_string_choice("my own view, only to me", "me")
                .add_string_choice("my own view, in direct messages", "dm"),
        ),
    );
    out.push(
        CreateCommand::new("move").description("Type a move by its labels (e.g. A g3)").add_option(
            CreateCommandOption::new(CommandOptionType::String, "labels", "The labels, in order")
                .required(true),
        ),
    );
    out.push(
        CreateCommand::new("rules").description("The rules of a game").add_option(game_option(
            i18n,
            "game",
            "The game (default: the one here)",
            false,
        )),
    );
    let mut lang = CreateCommandOption::new(CommandOptionType::String, "language", "The language")
        .required(true);
    for code in LANGUAGES {
        lang = lang.add_string_choice(*code, *code);
    }
    out.push(CreateCommand::new("lang").description("The bot's language here").add_option(lang));
    let mode = CreateCommandOption::new(CommandOptionType::String, "mode", "How boards are shown")
        .required(true)
        .add_string_choice("one board, edited in place", "edit")
        .add_string_choice("a new board every turn", "new");
    out.push(
        CreateCommand::new("boards")
            .description("One board edited in place, or a new one every turn")
            .add_option(mode),
    );
    out.push(
        CreateCommand::new("vacation")
            .description("Stop your clock in all your games for some days")
            .add_option(CreateCommandOption::new(
                CommandOptionType::String,
                "days",
                "How many days (or off); leave out to see what is left",
            )),
    );
    out.push(
        CreateCommand::new("tz")
            .description("Your time zone, so that no reminder comes at night")
            .add_option(CreateCommandOption::new(
                CommandOptionType::String,
                "zone",
                "Offset from UTC: +3, UTC-5, +5:30, or off; leave out to see yours",
            )),
    );
    out
}

/// `/play` with the game as a choice and every table setting as a string option with choices.
fn play(i18n: &I18n) -> CreateCommand {
    let mut command = CreateCommand::new("play")
        .description("Open a new game in this channel")
        .add_option(game_option(i18n, "game", "The game", true));
    let mut settings: Vec<(&str, Vec<&str>)> = Vec::new();
    for spec in GAMES.iter().flat_map(|g| g.table_settings()) {
        match settings.iter_mut().find(|(key, _)| *key == spec.key) {
            Some((_, values)) => values
                .extend(spec.values.iter().filter(|v| !values.contains(v)).collect::<Vec<_>>()),
            None => settings.push((spec.key, spec.values.to_vec())),
        }
    }
    for (key, values) in settings.into_iter().take(24) {
        let about =
            crate::discord::render::truncate(&i18n.plain("en", &format!("setting-{key}")), 100);
        let mut option = CreateCommandOption::new(CommandOptionType::String, key, about);
        for value in values.into_iter().take(25) {
            let name = i18n.plain("en", &format!("setting-{key}-{value}"));
            option = option.add_string_choice(crate::discord::render::truncate(&name, 100), value);
        }
        command = command.add_option(option);
    }
    command
}

fn game_option(i18n: &I18n, name: &str, about: &str, required: bool) -> CreateCommandOption {
    let mut option =
        CreateCommandOption::new(CommandOptionType::String, name, about).required(required);
    for info in GAMES.iter().take(25) {
        let shown = i18n.plain("en", &info.name_id());
        option = option.add_string_choice(crate::discord::render::truncate(&shown, 100), info.id);
    }
    option
}

/// The core command an invocation stands for.
pub fn invocation(name: &str, options: &[CommandDataOption]) -> Invocation {
    let value = |key: &str| {
        options.iter().find(|o| o.name == key).and_then(|o| match &o.value {
            CommandDataOptionValue::String(s) => Some(s.clone()),
            CommandDataOptionValue::Integer(n) => Some(n.to_string()),
            CommandDataOptionValue::Boolean(b) => Some(b.to_string()),
            _ => None,
        })
    };
    let name = name.to_lowercase();
    let mut args = Vec::new();
    let mut board = None;
    match name.as_str() {
        "play" => {
            args.extend(value("game"));
            for option in options.iter().filter(|o| o.name != "game") {
                if let CommandDataOptionValue::String(v) = &option.value {
                    args.push(format!("{}={v}", option.name));
                }
            }
        }
        "move" => {
            args.extend(value("labels").unwrap_or_default().split_whitespace().map(str::to_string))
        }
        "rules" => args.extend(value("game")),
        "lang" => args.extend(value("language")),
        "boards" => args.extend(value("mode")),
        "vacation" => args.extend(value("days")),
        "tz" => args.extend(value("zone")),
        "board" => {
            board = Some(match value("show").as_deref() {
                Some("me") => BoardTo::Me,
                Some("dm") => BoardTo::Dm,
                _ => BoardTo::Here,
            })
        }
        _ => {}
    }
    Invocation { name, args, board }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_definition_is_valid_for_discord() {
        let defs = definitions(&I18n::new());
        let v = serde_json::to_value(&defs).unwrap();
        let names: Vec<&str> =
            v.as_array().unwrap().iter().map(|c| c["name"].as_str().unwrap()).collect();
        for wanted in [
            "play",
            "join",
            "leave",
            "startgame",
            "board",
            "move",
            "rules",
            "resign",
            "cancel",
            "lang",
            "boards",
            "help",
        ] {
            assert!(names.contains(&wanted), "{wanted} missing from {names:?}");
        }
        for command in v.as_array().unwrap() {
            let about = command["description"].as_str().unwrap();
            assert!((1..=100).contains(&about.chars().count()), "{command}");
            for option in command["options"].as_array().into_iter().flatten() {
                let about = option["description"].as_str().unwrap();
                assert!((1..=100).contains(&about.chars().count()), "{option}");
                assert!(option["choices"].as_array().is_none_or(|c| c.len() <= 25));
            }
        }
    }

    #[test]
    fn options_become_the_core_words() {
        let options: Vec<CommandDataOption> = serde_json::from_value(serde_json::json!([
            {"name": "game", "type": 3, "value": "aeroplane"},
            {"name": "takeoff", "type": 3, "value": "six"}
        ]))
        .unwrap();
        let got = invocation("play", &options);
        assert_eq!(got.args, vec!["aeroplane".to_string(), "takeoff=six".to_string()]);
        let labels: Vec<CommandDataOption> = serde_json::from_value(
            serde_json::json!([{"name": "labels", "type": 3, "value": " a  g3 "}]),
        )
        .unwrap();
        assert_eq!(invocation("move", &labels).args, vec!["a", "g3"]);
        assert_eq!(invocation("board", &[]).board, Some(BoardTo::Here));
    }
}
