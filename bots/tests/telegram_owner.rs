//! End to end through the emulator: the owner's commands (`/botstats`, `/abort`,
//! `/maintenance`) answer the configured owner alone, in their private chat; everyone else gets
//! the unknown-command answer; the public menus never list them and the owner's private chat
//! menu does (Telegram's `BotCommandScopeChat`, resolved by the emulator as Telegram does).

mod support;

use support::play::{current_board, start_game, step};
use support::{Emulator, STEP, TestUser, spawn_bot_with};

const OWNER_COMMANDS: [&str; 3] = ["botstats", "abort", "maintenance"];

/// The number that starts the line of `stats` holding `words`.
fn figure(stats: &str, words: &str) -> u64 {
    let line = stats.lines().find(|l| l.contains(words)).unwrap_or_else(|| panic!("{stats}"));
    line.split_whitespace().next().unwrap().parse().unwrap_or_else(|_| panic!("{line}"))
}

/// `user` writes `line` in their private chat; the bot's answer holding `needle`.
fn ask(emulator: &Emulator, user: &TestUser, line: &str, needle: &str) -> String {
    let mark = emulator.with(|s| s.next_message);
    emulator.say(user.id, None, user, line);
    emulator.expect(user.id, mark, needle).plain()
}

#[test]
fn the_owners_commands_serve_the_owner_alone() {
    let dir = tempfile::tempdir().unwrap();
    let emulator = Emulator::start();
    let (chat, other) = (-100_901, -100_902);
    emulator.group(chat, "Friends", false);
    emulator.group(other, "Others", false);
    let owner = TestUser::new(4001, "Olga");
    let (alice, bob, carol) =
        (TestUser::new(4002, "Alice"), TestUser::new(4003, "Bob"), TestUser::new(4004, "Carol"));
    for user in [&owner, &alice, &bob, &carol] {
        emulator.user(user);
    }
    let _bot = spawn_bot_with(&emulator, &dir.path().join("data"), &[("TELEGRAM_OWNERS", "4001")]);

    // The menus (published before the bot polls): the owner's commands only in the owner's
    // own private chat, in every language; never in a group's menu, nor in anyone else's.
    emulator.with(|s| {
        for lang in ["en", "ru", "pl", "zh", "xx"] {
            let own = s.menu(owner.id, lang);
            assert!(own.contains(&"play".to_string()), "{lang}: {own:?}");
            for (menu, whose) in
                [(s.menu(alice.id, lang), "Alice's"), (s.menu(chat, lang), "the group's")]
            {
                assert!(menu.contains(&"play".to_string()), "{whose} {lang}: {menu:?}");
                for command in OWNER_COMMANDS {
                    assert!(!menu.contains(&command.to_string()), "{whose} {lang}: {menu:?}");
                    assert!(own.contains(&command.to_string()), "{lang}: {own:?}");
                }
            }
        }
    });

    // Anyone else: the answer any unknown command gets, privately and in a group.
    let unknown = ask(&emulator, &alice, "/nosuchcommand", "nosuchcommand");
    for command in OWNER_COMMANDS {
        let answer = ask(&emulator, &alice, &format!("/{command} on"), command);
        assert_eq!(answer, unknown.replace("nosuchcommand", command));
    }
    let mark = emulator.with(|s| s.next_message);
    emulator.say(chat, None, &bob, "/maintenance on");
    let answer = emulator.expect(chat, mark, "maintenance").plain();
    assert_eq!(answer, unknown.replace("nosuchcommand", "maintenance"));

    // A game; /botstats counts its moves and players.
    let players = [alice.clone(), bob.clone()];
    start_game(&emulator, chat, &players, "aeroplane");
    let before = ask(&emulator, &owner, "/botstats", "open table");
    assert_eq!(figure(&before, "open table"), 1, "{before}");
    for _ in 0..3 {
        step(&emulator, chat, &players);
    }
    let after = ask(&emulator, &owner, "/botstats", "open table");
    assert!(figure(&after, "today") > figure(&before, "today"), "{before}\n---\n{after}");
    assert!(after.contains("Aeroplane Chess: playing 1"), "{after}");
    assert_eq!(figure(&after, "this week"), 2, "{after}");

    // Maintenance: a new game is refused, the running one goes on, off allows again.
    ask(&emulator, &owner, "/maintenance on", "Maintenance mode is on");
    let mark = emulator.with(|s| s.next_message);
    emulator.say(other, None, &carol, "/play aeroplane");
    emulator.expect(other, mark, "no new games");
    step(&emulator, chat, &players);
    ask(&emulator, &owner, "/maintenance", "It is on now");
    ask(&emulator, &owner, "/maintenance off", "Maintenance mode is off");
    let mark = emulator.with(|s| s.next_message);
    emulator.say(other, None, &carol, "/play aeroplane");
    emulator.expect(other, mark, "New game");

    // /abort: the players are told, the live board loses its buttons.
    let board = current_board(&emulator, chat).expect("the live board");
    let token = board.tokens()[0].1.clone();
    let table: u64 = token[1..token.find(':').unwrap()].parse().unwrap();
    let mark = emulator.with(|s| s.next_message);
    let done = ask(&emulator, &owner, &format!("/abort {table}"), "has ended");
    assert!(done.contains(&format!("Table {table}")), "{done}");
    let told = emulator.expect(chat, mark, "owner has ended").plain();
    assert!(told.contains("Alice") && told.contains("Bob"), "{told}");
    emulator.wait("the board without buttons", STEP, |s| {
        s.latest(chat, |m| !m.tokens().is_empty()).is_none().then_some(())
    });
    ask(&emulator, &owner, &format!("/abort {table}"), "already ended");
    ask(&emulator, &owner, "/abort 999999", "no table 999999");
}

/// An owner taken out of the configuration loses the owner's menu at the next start; one who
/// had never written to the bot (Telegram knows no private chat of theirs) gets it once they
/// have, at the next start.
#[test]
fn the_owners_menus_follow_the_configuration() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let emulator = Emulator::start();
    let (olga, petr) = (TestUser::new(4101, "Olga"), TestUser::new(4102, "Petr"));
    emulator.user(&olga);
    let has_owner_menu = |user: &TestUser| {
        emulator.with(|s| s.menu(user.id, "en").contains(&"botstats".to_string()))
    };

    // Petr has no private chat with the bot yet: his menu is refused, the bot runs on.
    let mut bot = spawn_bot_with(&emulator, &data, &[("TELEGRAM_OWNERS", "4101,4102")]);
    assert!(has_owner_menu(&olga));
    assert!(!has_owner_menu(&petr));
    assert!(bot.stderr().contains("owner's menu was not set"), "{}", bot.stderr());
    emulator.user(&petr);
    bot.kill();

    // Olga is no longer an owner: her menu is the public one again; Petr's is set now.
    let mut bot = spawn_bot_with(&emulator, &data, &[("TELEGRAM_OWNERS", "4102")]);
    assert!(!has_owner_menu(&olga), "{:?}", emulator.with(|s| s.menu(olga.id, "en")));
    assert!(emulator.with(|s| s.menu(olga.id, "en").contains(&"play".to_string())));
    assert!(has_owner_menu(&petr));
    bot.kill();
}
