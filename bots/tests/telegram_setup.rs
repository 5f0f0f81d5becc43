//! «Идут танки» through Telegram: the secret set-up goes to each player's private chat, and a
//! player who never started the bot is found in the lobby, given a deep link, and continues
//! the set-up after pressing Start there.

mod support;

use support::play::{current_board, open_and_start, press, step};
use support::{Emulator, STEP, Sent, TestUser, spawn_bot};

/// The newest private message to `user` with a keyboard holding `label`.
fn private_keyboard(emulator: &Emulator, user: &TestUser, label: &str) -> Sent {
    emulator.wait(&format!("{}'s keyboard with {label}", user.name), STEP, |s| {
        s.latest(user.id, |m| m.key(label).is_some_and(|k| k.data.is_some()))
    })
}

/// Random set-up, then Ready, in `user`'s private chat.
fn set_up(emulator: &Emulator, user: &TestUser) {
    for label in ["Random set-up", "Ready"] {
        let keyboard = private_keyboard(emulator, user, label);
        let data = keyboard.key(label).and_then(|k| k.data.clone()).unwrap();
        let answer = press(emulator, user, &keyboard, &data);
        assert!(
            !answer.alert,
            "{} pressing {label}: {answer:?}\n{}",
            user.name,
            emulator.transcript()
        );
    }
}

#[test]
fn the_secret_set_up_goes_through_private_chats_and_a_deep_link() {
    let dir = tempfile::tempdir().unwrap();
    let emulator = Emulator::start();
    let chat = -100_777;
    emulator.group(chat, "Tanks", false);
    let _bot = spawn_bot(&emulator, &dir.path().join("data"));
    let alice = TestUser::new(5001, "Alice");
    let bob = TestUser::new(5002, "Bob");
    emulator.user(&alice);
    emulator.never_started(&bob);
    let players = vec![alice.clone(), bob.clone()];

    // Bob sits down: the bot cannot write to him, so the group gets a deep link for him.
    open_and_start(&emulator, chat, &players, "tanks");
    let note = emulator.expect(chat, 0, "Bob, I can't message you privately");
    let link = note.keyboard.iter().flatten().find_map(|k| k.url.clone()).expect("a link");
    assert!(link.starts_with("https://t.me/") && link.contains("?start="), "{link}");
    emulator.expect(chat, 0, "Waiting for Alice, Bob");

    // Alice's set-up arrives privately, with her own board picture.
    let alices = private_keyboard(&emulator, &alice, "Random set-up");
    assert!(alices.photo.is_some(), "Alice's private board");
    set_up(&emulator, &alice);

    // Bob follows the link: Telegram sends /start <payload> from his private chat.
    let payload = link.split("?start=").nth(1).unwrap();
    emulator.say(bob.id, None, &bob, &format!("/start {payload}"));
    set_up(&emulator, &bob);

    // Both are ready: the game begins in the group, Red (Alice) first.
    let board = emulator.wait("the first turn", STEP, |s| {
        s.latest(chat, |m| m.plain().contains("Alice, your turn") && !m.tokens().is_empty())
    });
    assert!(board.photo.is_some());
    for _ in 0..6 {
        step(&emulator, chat, &players);
    }
    assert!(current_board(&emulator, chat).is_some());
    // The set-up keyboards never appeared in the group.
    let group = emulator.bot_messages(chat);
    assert!(
        group.iter().all(|m| m.key("Random set-up").is_none() && m.key("Lay a mine").is_none())
    );
}
