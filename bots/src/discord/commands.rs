//! The slash commands: what is registered with Discord at start-up, and how an invocation's
//! options become the words the core's commands take (`/play game:aeroplane takeoff:six` →
//! `play aeroplane takeoff=six`), so Discord users meet exactly the commands the core knows.

use igroteka::app::OWNER_COMMANDS;
use igroteka::i18n::{I18n, LANGUAGES};
use igroteka::registry::GAMES;
use serenity::builder::{CreateCommand, CreateCommandOption};
use serenity::model::application::{CommandDataOption, CommandDataOptionValue, CommandOptionType};
use serenity::model::permissions::Permissions;

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

/// Discord's locale for each of our languages besides English (the default). Discord has no
/// Belarusian locale: Belarusian users see the English names (the bot still answers them in
/// Belarusian when they pick it with `/lang be`).
pub const LOCALES: &[(&str, &str)] =
    &[("ru", "ru"), ("pl", "pl"), ("uk", "uk"), ("bg", "bg"), ("zh", "zh-CN")];

/// The commands without options.
const PLAIN: &[&str] = &[
    "join",
    "leave",
    "startgame",
    "resign",
    "cancel",
    "games",
    "score",
    "nudge",
    "mygames",
    "pause",
    "resume",
    "undo",
    "watch",
    "unwatch",
    "help",
    "history",
];

/// A command with its localized names and descriptions (`cmd-*`, `slash-*`).
fn command(i18n: &I18n, name: &str) -> CreateCommand {
    let mut out = CreateCommand::new(name).description(about(i18n, "en", name));
    for (lang, locale) in LOCALES {
        out = out
            .name_localized(*locale, i18n.plain(lang, &format!("cmd-{name}")))
            .description_localized(*locale, about(i18n, lang, name));
    }
    out
}

/// An option `key` of command `name` with its localized descriptions (`slash-{name}-{key}`).
fn option(i18n: &I18n, name: &str, key: &str) -> CreateCommandOption {
    let id = format!("{name}-{key}");
    let mut out = CreateCommandOption::new(CommandOptionType::String, key, about(i18n, "en", &id));
    for (lang, locale) in LOCALES {
        out = out.description_localized(*locale, about(i18n, lang, &id));
    }
    out
}

/// A string choice whose shown name is message `id`, localized.
fn choice(i18n: &I18n, option: CreateCommandOption, id: &str, value: &str) -> CreateCommandOption {
    let shown = |lang: &str| crate::discord::render::truncate(&i18n.plain(lang, id), 100);
    let locales = LOCALES.iter().map(|(lang, locale)| (*locale, shown(lang)));
    option.add_string_choice_localized(shown("en"), value, locales)
}

/// `slash-{id}` in `lang`, cut to Discord's 100 characters.
fn about(i18n: &I18n, lang: &str, id: &str) -> String {
    crate::discord::render::truncate(&i18n.plain(lang, &format!("slash-{id}")), 100)
}

/// Every command to register.
pub fn definitions(i18n: &I18n) -> Vec<CreateCommand> {
    let mut out = vec![play(i18n)];
    out.extend(PLAIN.iter().map(|name| command(i18n, name)));
    let mut show = option(i18n, "board", "show");
    for (id, value) in
        [("slash-board-here", "here"), ("slash-board-me", "me"), ("slash-board-dm", "dm")]
    {
        show = choice(i18n, show, id, value);
    }
    out.push(command(i18n, "board").add_option(show));
    out.push(command(i18n, "move").add_option(option(i18n, "move", "labels").required(true)));
    out.push(command(i18n, "rules").add_option(game_option(i18n, option(i18n, "rules", "game"))));
    let mut lang = option(i18n, "lang", "language").required(true);
    for code in LANGUAGES {
        lang = lang.add_string_choice(format!("{code} — {}", i18n.plain(code, "lang-name")), *code);
    }
    out.push(command(i18n, "lang").add_option(lang));
    let mut mode = option(i18n, "boards", "mode").required(true);
    for (id, value) in [("slash-boards-edit", "edit"), ("slash-boards-new", "new")] {
        mode = choice(i18n, mode, id, value);
    }
    out.push(command(i18n, "boards").add_option(mode));
    let mut threads = option(i18n, "threads", "mode");
    for (id, value) in [("slash-threads-on", "on"), ("slash-threads-off", "off")] {
        threads = choice(i18n, threads, id, value);
    }
    out.push(command(i18n, "threads").add_option(threads));
    out.push(command(i18n, "vacation").add_option(option(i18n, "vacation", "days")));
    out.push(command(i18n, "tz").add_option(option(i18n, "tz", "zone")));
    out.push(command(i18n, "top").add_option(game_option(i18n, option(i18n, "top", "game"))));
    let player = option(i18n, "stats", "player").kind(CommandOptionType::User);
    out.push(command(i18n, "stats").add_option(player));
    // `/history` lists ten games: the n-th of them (1, the default, the last).
    let game = option(i18n, "replay", "n").kind(CommandOptionType::Integer).min_int_value(1);
    out.push(command(i18n, "replay").add_option(game.max_int_value(10)));
    out
}

/// The owner's commands, for the owner server only ([`super`]'s registration): with
/// `default_member_permissions` `"0"` Discord shows them to nobody but the server's
/// administrators (and whoever they allow in Server Settings → Integrations); the engine
/// still answers them only for the configured owners.
pub fn owner_definitions(i18n: &I18n) -> Vec<CreateCommand> {
    let mut mode = option(i18n, "maintenance", "mode").required(true);
    for (id, value) in [("slash-maintenance-on", "on"), ("slash-maintenance-off", "off")] {
        mode = choice(i18n, mode, id, value);
    }
    let defined = OWNER_COMMANDS.iter().map(|name| {
        let command = command(i18n, name);
        match *name {
            "abort" => command.add_option(option(i18n, "abort", "table").required(true)),
            "maintenance" => command.add_option(mode.clone()),
            _ => command,
        }
    });
    defined.map(|command| command.default_member_permissions(Permissions::empty())).collect()
}

/// `/play` with the game as a choice and every table setting as a string option with choices.
fn play(i18n: &I18n) -> CreateCommand {
    let mut command = command(i18n, "play")
        .add_option(game_option(i18n, option(i18n, "play", "game").required(true)));
    let mut settings: Vec<(&str, Vec<&str>)> = Vec::new();
    for spec in GAMES.iter().flat_map(|g| g.table_settings()) {
        match settings.iter_mut().find(|(key, _)| *key == spec.key) {
            Some((_, values)) => values
                .extend(spec.values.iter().filter(|v| !values.contains(v)).collect::<Vec<_>>()),
            None => settings.push((spec.key, spec.values.to_vec())),
        }
    }
    for (key, values) in settings.into_iter().take(24) {
        let shown = |lang: &str| {
            crate::discord::render::truncate(&i18n.plain(lang, &format!("setting-{key}")), 100)
        };
        let mut option = CreateCommandOption::new(CommandOptionType::String, key, shown("en"));
        for (lang, locale) in LOCALES {
            option = option.description_localized(*locale, shown(lang));
        }
        for value in values.into_iter().take(25) {
            option = choice(i18n, option, &format!("setting-{key}-{value}"), value);
        }
        command = command.add_option(option);
    }
    command
}

/// `option` with every game as a choice, each under its name in each language.
fn game_option(i18n: &I18n, mut option: CreateCommandOption) -> CreateCommandOption {
    for info in GAMES.iter().take(25) {
        option = choice(i18n, option, &info.name_id(), info.id);
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
            // A user as a mention, the form the core reads (`/stats player:@ann` → `<@42>`).
            CommandDataOptionValue::User(id) => Some(format!("<@{id}>")),
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
        "rules" | "top" => args.extend(value("game")),
        "stats" => args.extend(value("player")),
        "replay" => args.extend(value("n")),
        "lang" => args.extend(value("language")),
        "boards" | "threads" => args.extend(value("mode")),
        "vacation" => args.extend(value("days")),
        "tz" => args.extend(value("zone")),
        "abort" => args.extend(value("table")),
        "maintenance" => args.extend(value("mode")),
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
    fn every_command_is_localized_for_discord() {
        let i18n = I18n::new();
        igroteka::i18n::take_misses();
        let defs = serde_json::to_value(definitions(&i18n)).unwrap();
        assert!(igroteka::i18n::take_misses().is_empty());
        let name_ok = |n: &str| {
            (1..=32).contains(&n.chars().count())
                && n.chars().all(|c| c == '-' || c == '_' || c.is_alphanumeric())
                && n.to_lowercase() == n
        };
        for command in defs.as_array().unwrap() {
            for (_, locale) in LOCALES {
                let name = command["name_localizations"][locale].as_str().unwrap();
                assert!(name_ok(name), "{locale}: {name}");
                let about = command["description_localizations"][locale].as_str().unwrap();
                assert!((1..=100).contains(&about.chars().count()), "{locale}: {about}");
            }
            for option in command["options"].as_array().into_iter().flatten() {
                for (_, locale) in LOCALES {
                    assert!(option["description_localizations"][locale].is_string(), "{option}");
                }
                for choice in option["choices"].as_array().into_iter().flatten() {
                    if option["name"] != "language" {
                        for (_, locale) in LOCALES {
                            assert!(choice["name_localizations"][locale].is_string(), "{choice}");
                        }
                    }
                }
            }
        }
        // Localized names are unique within each locale.
        for (_, locale) in LOCALES {
            let mut names: Vec<&str> = defs
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c["name_localizations"][locale].as_str().unwrap())
                .collect();
            names.sort();
            let count = names.len();
            names.dedup();
            assert_eq!(names.len(), count, "{locale}");
        }
        assert!(!LOCALES.iter().any(|(lang, _)| *lang == "be"), "Discord has no Belarusian");
    }

    #[test]
    fn the_owners_commands_are_for_administrators_of_the_owner_server_only() {
        let i18n = I18n::new();
        igroteka::i18n::take_misses();
        let public = serde_json::to_value(definitions(&i18n)).unwrap();
        let owner = serde_json::to_value(owner_definitions(&i18n)).unwrap();
        assert!(igroteka::i18n::take_misses().is_empty());
        let names = |defs: &serde_json::Value| -> Vec<String> {
            defs.as_array().unwrap().iter().map(|c| c["name"].as_str().unwrap().into()).collect()
        };
        assert_eq!(names(&owner), OWNER_COMMANDS);
        for command in OWNER_COMMANDS {
            assert!(!names(&public).contains(&command.to_string()), "{command} is public");
        }
        for command in owner.as_array().unwrap() {
            assert_eq!(command["default_member_permissions"], "0", "{command}");
            for (_, locale) in LOCALES {
                assert!(command["name_localizations"][locale].is_string(), "{command}");
            }
        }
        for command in public.as_array().unwrap() {
            assert!(command["default_member_permissions"].is_null(), "{command}");
        }
        // Public and owner's names stay unique together (one server may have both).
        for (_, locale) in LOCALES {
            let mut all: Vec<&str> = public
                .as_array()
                .unwrap()
                .iter()
                .chain(owner.as_array().unwrap())
                .map(|c| c["name_localizations"][locale].as_str().unwrap())
                .collect();
            let count = all.len();
            all.sort();
            all.dedup();
            assert_eq!(all.len(), count, "{locale}");
        }
        let table: Vec<CommandDataOption> = serde_json::from_value(
            serde_json::json!([{"name": "table", "type": 3, "value": "42"}]),
        )
        .unwrap();
        assert_eq!(invocation("abort", &table).args, vec!["42"]);
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
