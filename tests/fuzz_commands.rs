//! Property tests of what people type: command lines (`/play aeroplane takeoff=six`, `/move B
//! g3`, `/tz +5:30`, `/vacation 3`…) and game settings.
//!
//! - a typed line becomes a command or text without panicking, and the command it becomes,
//!   written out again, reads back the same;
//! - `settings::parse` takes any words: what it accepts names every setting with an allowed
//!   value and reads back from its own `key=value` words; a line of valid words is accepted;
//! - a game started from a forged settings map (a stored record's) refuses a value its rules do
//!   not know, or starts; the clock rules read any value without panicking;
//! - lines of commands, game words, move labels (valid, mutated, or foreign) typed by players
//!   and an outsider into live games of every game never panic the engine, only the typing
//!   seat's moves are logged, and the stored log still replays to the stored state.
//!
//! `IGROTEKA_FUZZ_CASES=N` runs N cases per target (docs/operations.md, "Fuzzing").

mod common;
mod fuzzing;

use std::cell::{Cell, RefCell};

use common::{Chatroom, start_game};
use igroteka::app::{Action, Chat, User, input_from_text};
use igroteka::clock::{Pace, Rules};
use igroteka::game::{Actor, Setup, ToMove};
use igroteka::registry::GAMES;
use igroteka::settings::{self, Settings};
use igroteka::store::Store;
use igroteka::table::{LogEntry, Platform};
use proptest::prelude::*;

fn chat() -> Chat {
    Chat { id: "g".into(), private: false, thread: None, server: None }
}

fn someone() -> User {
    User { id: "1".into(), name: "A".into(), admin: false, lang: None }
}

proptest! {
    #![proptest_config(fuzzing::config(2000))]

    #[test]
    fn a_typed_line_reads_as_a_command_that_writes_out_the_same(
        line in prop_oneof![
            any::<String>(),
            "/[a-zA-Z@/]{0,12}( [a-z0-9=:+-]{0,8}){0,4}",
            "[ \t]{0,2}/(play|move|tz|vacation|lang|boards)(@[A-Za-z_]{0,10})?( [^ ]{0,6}){0,5}",
        ],
    ) {
        let input = input_from_text(Platform::Console, chat(), someone(), 1, &line);
        match &input.action {
            Action::Command { name, args } => {
                prop_assert!(line.trim().starts_with('/'));
                prop_assert!(!name.contains('@') && !name.chars().any(char::is_whitespace));
                prop_assert!(args.iter().all(|a| !a.is_empty() && !a.chars().any(char::is_whitespace)));
                let again = format!("/{name} {}", args.join(" "));
                let back = input_from_text(Platform::Console, chat(), someone(), 1, &again);
                prop_assert_eq!(&back.action, &input.action, "{:?} → {:?}", line, again);
            }
            Action::Text { text } => {
                prop_assert!(!line.trim().starts_with('/'));
                prop_assert_eq!(text.as_str(), line.trim());
            }
            other => prop_assert!(false, "{line:?} read as {other:?}"),
        }
    }
}

/// A word of a `/play` line for a game: a valid `key=value`, a bare value, or one mutated.
fn setting_word(g: usize) -> impl Strategy<Value = String> {
    let specs = GAMES[g].table_settings();
    let mut valid: Vec<String> = Vec::new();
    for spec in &specs {
        for value in spec.values {
            valid.push(format!("{}={value}", spec.key));
            valid.push(value.to_string());
        }
    }
    let valid = prop::sample::select(valid);
    prop_oneof![
        4 => valid.clone(),
        1 => (valid, fuzzing::mutations(2)).prop_map(|(w, m)| fuzzing::mutate_text(&w, "=on", &m)),
        1 => "[a-z=0-9-]{0,10}",
    ]
}

fn game_and_words() -> impl Strategy<Value = (usize, Vec<String>)> {
    (0..GAMES.len()).prop_flat_map(|g| (Just(g), prop::collection::vec(setting_word(g), 0..6)))
}

proptest! {
    #![proptest_config(fuzzing::config(1000))]

    #[test]
    fn settings_accepted_are_allowed_and_read_back((g, words) in game_and_words()) {
        let specs = GAMES[g].table_settings();
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        let all_valid = words.iter().all(|w| match w.split_once('=') {
            Some((k, v)) => specs.iter().any(|s| s.key == k && s.values.contains(&v)),
            None => specs.iter().filter(|s| s.values.contains(w)).count() == 1,
        });
        match settings::parse(&specs, &words) {
            Ok(chosen) => {
                prop_assert!(all_valid, "{words:?} accepted");
                // Each setting holds the value the last word naming it gave, else its default.
                let mut expected = settings::defaults(&specs);
                for word in &words {
                    let (key, value) = match word.split_once('=') {
                        Some((k, v)) => (k, v),
                        None => (specs.iter().find(|s| s.values.contains(word)).unwrap().key, *word),
                    };
                    expected.insert(key.to_string(), value.to_string());
                }
                prop_assert_eq!(&chosen, &expected, "{:?}", words);
                let written: Vec<String> = chosen.iter().map(|(k, v)| format!("{k}={v}")).collect();
                let written: Vec<&str> = written.iter().map(String::as_str).collect();
                prop_assert_eq!(settings::parse(&specs, &written), Ok(chosen));
            }
            Err(_) => prop_assert!(!all_valid, "{words:?} refused"),
        }
    }

    #[test]
    fn a_game_starts_from_a_forged_settings_map_or_refuses_it(
        g in 0..GAMES.len(),
        seats in 0usize..6,
        entries in prop::collection::vec(
            (prop_oneof!["[a-z-]{0,9}", prop::sample::select(vec!["turn", "timeout", "misses", "edition", "takeoff"]).prop_map(String::from)],
             prop_oneof!["[a-z0-9é-]{0,6}", prop::sample::select(vec!["5é", "0m", "99999999999999999999d", "18446744073709551615h", "", "off"]).prop_map(String::from)]),
            0..6),
    ) {
        let info = GAMES[g];
        let settings: Settings = entries.into_iter().collect();
        let setup = Setup { seats, settings: settings.clone() };
        let started = (info.start)(&setup);
        if started.is_ok() {
            prop_assert!(info.seats.contains(&seats), "{} started with {seats} seats", info.id);
            for spec in info.settings {
                let value = settings::get(&settings, spec);
                prop_assert!(spec.values.contains(&value), "{} started with {}={value}", info.id, spec.key);
            }
        }
        for pace in [Pace::Long, Pace::Live] {
            let _ = Rules::of(&settings, pace);
        }
    }
}

const PLAYERS: [&str; 2] = ["Alice", "Bob"];

/// The words of one typed line: a command and its arguments.
fn line() -> impl Strategy<Value = (Vec<String>, usize, usize)> {
    let command = prop::sample::select(vec![
        "/move",
        "/move",
        "/move",
        "/m",
        "/play",
        "/new",
        "/board",
        "/score",
        "/rules",
        "/lang",
        "/boards",
        "/tz",
        "/vacation",
        "/nudge",
        "/pause",
        "/resume",
        "/games",
        "/help",
        "/mygames",
        "/join",
        "/leave",
        "/startgame",
        "/start",
        "/unknown",
        "/Move@igroteka",
    ]);
    let word = prop_oneof![
        "[a-zA-Z0-9=:+-]{0,6}",
        prop::sample::select(vec![
            "aeroplane",
            "tanks",
            "off",
            "on",
            "new",
            "edit",
            "ru",
            "+3",
            "-12:30",
            "UTC+14",
            "GMT-99",
            "1",
            "30",
            "31",
            "18446744073709551616",
            "0",
            "-1",
            "é",
            "💥",
        ])
        .prop_map(String::from),
    ];
    // Labels come from the live game (index into them), or are made up.
    (
        (command, prop::collection::vec(word, 0..4)).prop_map(|(c, mut words)| {
            words.insert(0, c.to_string());
            words
        }),
        0usize..8,
        0usize..3,
    )
}

/// The keys of a path the typing seat may take now, as `/move` words.
fn live_labels(room: &Chatroom, seat: usize) -> Vec<Vec<String>> {
    let mut table = common::table(room);
    if !matches!(table.to_move(), ToMove::Seats(s) if s.contains(&seat)) {
        return Vec::new();
    }
    let choices = table.game().expect("a game").choices(seat);
    choices.options.iter().map(|c| c.path.iter().map(|l| l.key().to_string()).collect()).collect()
}

#[test]
fn typed_lines_never_panic_and_only_move_the_typing_seat() {
    fuzzing::count_panics();
    let rooms: RefCell<Vec<Chatroom>> = RefCell::new(
        GAMES
            .iter()
            .map(|info| {
                let mut room = Chatroom::temporary();
                start_game(&mut room, info.id, &PLAYERS);
                room
            })
            .collect(),
    );
    let moved = Cell::new(0usize);
    let strategy = (
        0..GAMES.len(),
        line(),
        any::<prop::sample::Index>(),
        fuzzing::mutations(2),
        any::<bool>(),
    );
    fuzzing::runner(600)
        .run(&strategy, |(g, (mut words, move_words, who), path_pick, mutations, mutate)| {
            let mut rooms = rooms.borrow_mut();
            let room = &mut rooms[g];
            if common::table(room).status.is_over() {
                start_game(room, GAMES[g].id, &PLAYERS);
            }
            let typist = ["Alice", "Bob", "Mallory"][who];
            let before = common::table(room);
            let seat = before.seat_of(&igroteka::table::UserId {
                platform: Platform::Console,
                id: typist.to_lowercase(),
            });
            if words[0].starts_with("/m") && move_words > 0 {
                // A path of the seat's own choices, maybe mutated.
                let paths = live_labels(room, seat.unwrap_or(0));
                if !paths.is_empty() {
                    let path = path_pick.get(&paths).clone();
                    let mut typed = path.join(" ");
                    if mutate {
                        typed = fuzzing::mutate_text(&typed, "g3 B 2", &mutations);
                    }
                    words.truncate(1);
                    words.extend(typed.split_whitespace().map(str::to_string));
                }
            }
            let log_before = room.store().log(before.id).unwrap().len();
            let panics = fuzzing::panics();
            let line = words.join(" ");
            room.send(typist, &line);
            prop_assert_eq!(fuzzing::panics(), panics, "a panic on {:?}", line);
            let after = room.store().load(before.id).unwrap().expect("the table is kept");
            let log = room.store().log(before.id).unwrap();
            for entry in &log[log_before..] {
                if let LogEntry::Act { actor: Actor::Seat(s), .. } = entry {
                    prop_assert_eq!(Some(*s), seat, "{:?} by {} moved another seat", line, typist);
                }
            }
            moved.set(moved.get() + usize::from(log.len() > log_before));
            if after.state().is_some() {
                let replayed = after.replay(&log).expect("the log replays");
                let snapshot = replayed.snapshot();
                prop_assert_eq!(Some(snapshot.as_str()), after.state(), "{:?}", line);
            }
            Ok(())
        })
        .unwrap();
    // The typed paths move the games on: the property was not vacuous.
    assert!(moved.get() > 0, "no typed line made a move");
}
