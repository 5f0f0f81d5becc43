//! Whole games through the emulator under Telegram's real flood limits (the emulator answers
//! 429 to a second message or edit within a second in a chat, or a 21st within a minute in a
//! group), one for each registered game: from `/play` to the final board.
//!
//! A group allows 20 messages and edits a minute, and every move edits the board, so a test
//! that must stay under a minute plays as many moves as that minute allows (pressed as fast as
//! the bot shows them) and then lets the player to move resign; the game over is the same
//! final board. `aeroplane_to_its_natural_end_under_real_limits` (ignored: it takes about ten
//! minutes) plays a game until someone wins.
//!
//! Each test checks: the group ends with exactly one board message — a photo showing the final
//! state, byte for byte what the stored table draws — and no ping; no message of the game, in
//! the group or a player's private chat, still shows buttons, and no edit was refused as "not
//! modified"; there was never more than one ping; every press was answered within a second; no
//! 429 was provoked. The playing and these checks live in `support/whole_game.rs`, shared with
//! `postgres_games.rs` (every registered game, at its fewest and its most players, through three
//! processes over PostgreSQL).

mod support;

use std::time::Instant;

use support::oracle::{self, table_of};
use support::play::{self, set_up, start_game};
use support::whole_game::{self, BUDGET, players};
use support::{Emulator, STEP};

/// A group and a bot on a fresh data folder.
struct Room {
    emulator: Emulator,
    dir: tempfile::TempDir,
    bot: support::BotProcess,
    chat: i64,
}

impl Room {
    fn new(chat: i64) -> Room {
        let dir = tempfile::tempdir().unwrap();
        let emulator = Emulator::start();
        emulator.group(chat, "Game night", false);
        let bot = support::spawn_bot(&emulator, &dir.path().join("data"));
        Room { emulator, dir, bot, chat }
    }

    /// Plays until the group has used `budget` paced calls (or the game ends), checking after
    /// each press that pings do not pile up; then the player to move resigns (the players
    /// named on the board, until the game is over). Returns what was played and who resigned.
    fn play_then_resign(
        &self,
        players: &[support::TestUser],
        budget: usize,
    ) -> (play::Played, Vec<String>) {
        let played = whole_game::play_budget(&self.emulator, self.chat, players, budget);
        (played, whole_game::resign_until_over(&self.emulator, self.chat, players))
    }

    /// The end as a player sees it, then the store's truth, read once the bot is stopped: see
    /// the module's comment.
    fn check_the_end(self, players: &[support::TestUser], table: u64) {
        let Room { emulator, dir, mut bot, chat } = self;
        whole_game::check_the_end(&emulator, chat, players, || {
            bot.kill();
            oracle::read(&dir.path().join("data"), table)
        });
    }
}

#[test]
fn aeroplane_from_lobby_to_game_over_under_real_limits() {
    let started = Instant::now();
    let room = Room::new(-100_111);
    let players = players(2, 1001);

    // The command menu is published in English (the default) and for each other language.
    let menus = room.emulator.with(|s| s.commands.clone());
    for lang in ["ru", "pl", "uk", "be", "bg", "zh"] {
        assert!(menus.iter().any(|m| m["language_code"] == lang), "{lang}: {menus:?}");
    }
    assert!(menus.iter().any(|m| m.get("language_code").is_none_or(|l| l.is_null())));
    let about = |lang: &str, command: &str| {
        let menu = menus.iter().find(|m| m["language_code"] == lang).unwrap();
        let list = menu["commands"].as_array().unwrap();
        let entry = list.iter().find(|c| c["command"] == command).unwrap();
        entry["description"].as_str().unwrap().to_string()
    };
    assert_eq!(about("pl", "play"), "Wybierz grę");
    assert_eq!(about("bg", "rules"), "Правилата на игра");
    assert_eq!(about("zh", "help"), "我能做什么");

    let first = start_game(&room.emulator, room.chat, &players, "aeroplane");
    let table = table_of(&first.tokens()[0].1);
    // The player to move is pinged with a text mention.
    let ping = room
        .emulator
        .wait("the first ping", STEP, |s| s.latest(room.chat, |m| m.plain().starts_with("🔔")));
    assert!(ping.parse_mode.as_deref() == Some("HTML") && ping.text.contains("tg://user?id="));
    let (played, _) = room.play_then_resign(&players, BUDGET);
    assert!(played.presses >= 4, "only {} presses", played.presses);
    room.check_the_end(&players, table);
    eprintln!("aeroplane: {} presses in {:?}", played.presses, started.elapsed());
}

#[test]
fn tank_battle_from_lobby_to_game_over_under_real_limits() {
    let started = Instant::now();
    let room = Room::new(-100_112);
    let players = players(2, 1101);
    let first = start_game(&room.emulator, room.chat, &players, "tank-battle");
    let table = table_of(&first.tokens()[0].1);
    let (played, _) = room.play_then_resign(&players, BUDGET);
    assert!(played.presses >= 4, "only {} presses", played.presses);
    room.check_the_end(&players, table);
    eprintln!("tank-battle: {} presses in {:?}", played.presses, started.elapsed());
}

#[test]
fn tanks_with_its_private_set_up_from_lobby_to_game_over_under_real_limits() {
    let started = Instant::now();
    let room = Room::new(-100_113);
    let players = players(2, 1201);
    for p in &players {
        room.emulator.user(p);
    }
    let lobby = play::open_and_start(&room.emulator, room.chat, &players, "tanks");
    let table = table_of(&lobby.tokens()[0].1);
    for p in &players {
        set_up(&room.emulator, p);
    }
    room.emulator.wait("the first turn", STEP, |s| {
        s.latest(room.chat, |m| m.plain().contains("Alice, your turn") && !m.tokens().is_empty())
    });
    // The set-up keyboards never appeared in the group.
    let group = room.emulator.bot_messages(room.chat);
    assert!(group.iter().all(|m| m.key("Random set-up").is_none()));
    let (played, _) = room.play_then_resign(&players, BUDGET);
    assert!(played.presses >= 2, "only {} presses", played.presses);
    room.check_the_end(&players, table);
    eprintln!("tanks: {} presses in {:?}", played.presses, started.elapsed());
}

#[test]
fn toy_air_battle_for_two_from_lobby_to_game_over_under_real_limits() {
    let started = Instant::now();
    let room = Room::new(-100_116);
    let players = players(2, 1501);
    let first = start_game(&room.emulator, room.chat, &players, "air-battle");
    let table = table_of(&first.tokens()[0].1);
    let (played, _) = room.play_then_resign(&players, BUDGET);
    assert!(played.presses >= 3, "not even one flight (aircraft, operation, confirm)");
    room.check_the_end(&players, table);
    eprintln!("air-battle toy: {} presses in {:?}", played.presses, started.elapsed());
}

/// Two against two in «Аэрофото»: both commanders of the side to move are asked on the one
/// board and mentioned in the one ping; each presses their own block; one resignation concedes
/// for the side.
#[test]
fn photo_air_battle_two_against_two_from_lobby_to_game_over_under_real_limits() {
    let started = Instant::now();
    let room = Room::new(-100_117);
    let players = players(4, 1601);
    let first = start_game(&room.emulator, room.chat, &players, "air-battle photo");
    let table = table_of(&first.tokens()[0].1);
    let text = first.plain();
    assert!(text.contains("Alice, your turn") && text.contains("Boris, your turn"), "{text}");
    let ping = room
        .emulator
        .wait("the first ping", STEP, |s| s.latest(room.chat, |m| m.plain().starts_with("🔔")));
    assert_eq!(ping.text.matches("tg://user?id=").count(), 2, "both commanders: {}", ping.text);
    let (played, _) = room.play_then_resign(&players, BUDGET - 4);
    assert!(played.presses >= 2, "only {} presses", played.presses);
    room.check_the_end(&players, table);
    eprintln!("air-battle photo 2v2: {} presses in {:?}", played.presses, started.elapsed());
}

#[test]
fn thousand_for_four_from_lobby_to_game_over_under_real_limits() {
    let started = Instant::now();
    let room = Room::new(-100_115);
    let players = players(4, 1401);
    let first = start_game(&room.emulator, room.chat, &players, "thousand");
    let table = table_of(&first.tokens()[0].1);
    // The four-player lobby took more of the minute's calls: fewer presses, and room for the
    // three resignations' board edits. With four players a resignation leaves the others
    // playing: the player named on the board resigns, three times, and the game is over.
    let (played, gone) = room.play_then_resign(&players, BUDGET - 4);
    assert!(played.presses >= 2, "not even one move (pawn, square): {} presses", played.presses);
    assert_eq!(gone.len(), 3, "the game ended after {gone:?} resigned");
    room.check_the_end(&players, table);
    eprintln!("thousand: {} presses in {:?}", played.presses, started.elapsed());
}

/// A whole game until someone wins, under the real limits: about ten minutes, so it runs only
/// when asked (`cargo test -p igroteka-bots --test telegram_game -- --ignored`).
#[test]
#[ignore]
fn aeroplane_to_its_natural_end_under_real_limits() {
    let started = Instant::now();
    let room = Room::new(-100_114);
    let players = players(2, 1301);
    let first = start_game(&room.emulator, room.chat, &players, "aeroplane");
    let table = table_of(&first.tokens()[0].1);
    let (played, _) = room.play_then_resign(&players, usize::MAX);
    room.check_the_end(&players, table);
    eprintln!(
        "aeroplane to the end: {} presses ({} healed) in {:?}",
        played.presses,
        played.healed,
        started.elapsed()
    );
}
