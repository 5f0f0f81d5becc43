//! «Идут танки» through Telegram: the secret set-up goes to each player's private chat.
//!
//! - A player who never started the bot is tried once, noted once per game in the group with
//!   a deep link, and not written to again until they start the bot; then their set-up comes.
//!   When the games end, the notes lose their links, and no message of either keeps buttons.
//! - Set-up presses of two players racing each other leave each player's newest private
//!   message showing the newest state, picture for picture.

mod support;

use std::time::{Duration, Instant};

use support::oracle::{self, table_of};
use support::play::{self, open_and_start, private_keyboard, set_up};
use support::{Emulator, Lcg, STEP, Sent, State, TestUser, spawn_bot};

const NOTE: &str = "I can't message you privately";

/// The bot's messages in `chat` whose text contains `needle`.
fn count(emulator: &Emulator, chat: i64, needle: &str) -> usize {
    emulator.bot_messages(chat).iter().filter(|m| m.plain().contains(needle)).count()
}

/// Messages and photos the bot tried to send to `user`'s private chat.
fn sends_to(emulator: &Emulator, user: &TestUser) -> usize {
    emulator.calls_to(user.id, &["sendMessage", "sendPhoto"])
}

/// Longer than any wait between two calls the bot still has to make: a group's even pace
/// spaces its calls about 3.5 s apart once its burst is spent (`Limits::group_spacing`), a
/// private chat's a second. A silence this long means the bot has nothing left to send.
const QUIET: Duration = Duration::from_millis(4500);

/// Waits until no message or edit has reached any chat for [`QUIET`].
fn quiet(emulator: &Emulator) {
    let deadline = Instant::now() + STEP;
    loop {
        let last = emulator.with(|s| {
            s.call_log
                .iter()
                .filter(|c| support::state::PACED.contains(&c.method.as_str()))
                .map(|c| c.at)
                .max()
        });
        if last.is_none_or(|at| at.elapsed() >= QUIET) {
            return;
        }
        assert!(Instant::now() < deadline, "the bot never fell quiet");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_never_started_player_is_noted_once_per_game_and_not_written_to_until_they_start() {
    let dir = tempfile::tempdir().unwrap();
    let emulator = Emulator::start();
    let (first, second) = (-100_777, -100_778);
    emulator.group(first, "Tanks", false);
    emulator.group(second, "More tanks", false);
    let _bot = spawn_bot(&emulator, &dir.path().join("data"));
    let alice = TestUser::new(5001, "Alice");
    let bob = TestUser::new(5002, "Bob");
    emulator.user(&alice);
    emulator.never_started(&bob);
    let players = vec![alice.clone(), bob.clone()];

    // Bob sits down: the private hello to him fails (403), so the group gets a note with a
    // deep link into the bot's private chat.
    open_and_start(&emulator, first, &players, "tanks");
    let note = emulator.expect(first, 0, &format!("Bob, {NOTE}"));
    let link = note.keyboard.iter().flatten().find_map(|k| k.url.clone()).expect("a link");
    assert_eq!(link, format!("https://t.me/{}?start=go", support::state::BOT_USERNAME));
    assert!(note.text.contains(&format!("tg://user?id={}", bob.id)), "Bob is not mentioned");
    emulator.expect(first, 0, "Waiting for Alice, Bob");

    // Alice's set-up arrives privately, with her own board picture; Bob's is not even tried.
    let alices = private_keyboard(&emulator, &alice, "Random set-up");
    assert!(alices.photo.is_some(), "Alice's private board");
    set_up(&emulator, &alice);
    emulator.expect(first, 0, "Waiting for Bob");

    // A second game: Bob is known to be unreachable, so the hello for it is not even tried,
    // but this game's group is told too — once.
    let mark = emulator.say(second, None, &alice, "/play tanks");
    let lobby = emulator.expect(second, mark, "New game");
    let answer =
        play::press(&emulator, &bob, &lobby, &lobby.key("Join").unwrap().data.clone().unwrap());
    assert!(!answer.alert, "{answer:?}");
    emulator.expect(second, 0, &format!("Bob, {NOTE}"));
    quiet(&emulator);
    assert_eq!(count(&emulator, first, NOTE), 1, "{}", emulator.transcript());
    assert_eq!(count(&emulator, second, NOTE), 1, "{}", emulator.transcript());
    assert_eq!(sends_to(&emulator, &bob), 1, "Bob was written to again");

    // Bob follows the link: Telegram sends /start go from his private chat, and his set-up
    // comes (the second game is still in its lobby).
    emulator.say(bob.id, None, &bob, "/start go");
    set_up(&emulator, &bob);
    let board = emulator.wait("the first turn", STEP, |s| {
        s.latest(first, |m| m.plain().contains("Alice, your turn") && !m.tokens().is_empty())
    });
    assert!(board.photo.is_some());
    for _ in 0..2 {
        play::step(&emulator, first, &players);
    }
    assert_eq!(count(&emulator, first, NOTE), 1);
    assert_eq!(count(&emulator, second, NOTE), 1);
    // The set-up keyboards never appeared in a group.
    for chat in [first, second] {
        let group = emulator.bot_messages(chat);
        assert!(group.iter().all(|m| m.key("Random set-up").is_none()));
    }

    // Both games end — Alice resigns the first, cancels the second while it gathers players:
    // the notes lose their links (a private chat about a game that is over), and no message of
    // either game, in the groups or the players' private chats, keeps a game's buttons (the
    // first one's final board offers its Rematch).
    emulator.say(first, None, &alice, "/resign");
    emulator.say(second, None, &alice, "/cancel");
    emulator.wait("the first game over", STEP, |s| {
        s.latest(first, |m| m.plain().contains("Game over") && m.tokens().is_empty())
    });
    emulator.expect(second, 0, "cancelled");
    quiet(&emulator);
    for chat in [first, second] {
        let notes: Vec<_> =
            emulator.bot_messages(chat).into_iter().filter(|m| m.plain().contains(NOTE)).collect();
        assert_eq!(notes.len(), 1);
        assert!(notes[0].keyboard.is_empty(), "the note keeps its link\n{}", emulator.transcript());
    }
    emulator.assert_no_buttons_left(&[first, second, alice.id, bob.id]);
    assert_eq!(emulator.limited(), 0);
}

/// The messages in `user`'s private chat that carry the set-up's keyboard.
fn set_up_prompts(emulator: &Emulator, user: &TestUser) -> usize {
    emulator.bot_messages(user.id).iter().filter(|m| m.key("Random set-up").is_some()).count()
}

/// A player who never started the bot and opens its private chat by hand gets what waits for
/// them with any message there, not only with the group's link: a plain `/start` (Start
/// pressed, no payload) brings the help and their set-up, and so does a word; `/start` with
/// the link's payload brings it too. Each once: a player the bot could already reach gets only
/// the help, and the link's `/start go` is not answered twice.
#[test]
fn a_plain_start_or_any_private_message_brings_the_waiting_set_up_once() {
    let dir = tempfile::tempdir().unwrap();
    let emulator = Emulator::start();
    let _bot = spawn_bot(&emulator, &dir.path().join("data"));
    let alice = TestUser::new(5101, "Alice");
    emulator.user(&alice);
    let shy: Vec<TestUser> =
        ["Bob", "Carol", "Dave"].iter().zip(5102..).map(|(n, id)| TestUser::new(id, n)).collect();
    for (n, player) in shy.iter().enumerate() {
        let chat = -100_790 - n as i64;
        emulator.group(chat, &format!("Tanks {n}"), false);
        emulator.never_started(player);
        open_and_start(&emulator, chat, &[alice.clone(), player.clone()], "tanks");
        emulator.expect(chat, 0, &format!("{}, {NOTE}", player.name));
    }
    // Everything has gone out (or been given up on) before anyone writes privately.
    quiet(&emulator);
    for player in &shy {
        assert_eq!(set_up_prompts(&emulator, player), 0, "{} cannot be reached", player.name);
    }
    assert_eq!(set_up_prompts(&emulator, &alice), 3, "{}", emulator.transcript());
    let (bob, carol, dave) = (&shy[0], &shy[1], &shy[2]);

    // Bob presses Start in the bot's chat: the help, and his set-up.
    let mark = emulator.say(bob.id, None, bob, "/start");
    emulator.expect(bob.id, mark, "Igroteka plays board games");
    private_keyboard(&emulator, bob, "Random set-up");
    // Carol writes a word.
    emulator.say(carol.id, None, carol, "hello?");
    private_keyboard(&emulator, carol, "Random set-up");
    // Dave follows the group's link.
    emulator.say(dave.id, None, dave, "/start go");
    private_keyboard(&emulator, dave, "Random set-up");
    quiet(&emulator);
    for player in [bob, carol, dave] {
        assert_eq!(set_up_prompts(&emulator, player), 1, "{}", emulator.transcript());
    }
    // Alice, reachable all along, presses Start: only the help.
    let help_only = |player: &TestUser| {
        let before = emulator.bot_messages(player.id).len();
        let mark = emulator.say(player.id, None, player, "/start");
        emulator.expect(player.id, mark, "Igroteka plays board games");
        quiet(&emulator);
        let after = emulator.bot_messages(player.id).len();
        assert_eq!(after, before + 1, "{}: {}", player.name, emulator.transcript());
    };
    help_only(&alice);
    // Bob, reachable now, sets up; pressing Start again brings nothing more.
    set_up(&emulator, bob);
    quiet(&emulator);
    help_only(bob);
}

/// The newest bot message in `user`'s private chat.
fn newest_private(state: &State, user: &TestUser) -> Option<Sent> {
    state.latest(user.id, |_| true)
}

#[test]
fn racing_set_up_presses_leave_each_players_newest_private_message_showing_the_newest_state() {
    const ROUNDS: usize = 50;
    let started = Instant::now();
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(1);
    eprintln!("race seed {seed}");
    let mut rng = Lcg(seed);
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let emulator = Emulator::start();
    let mut bot = spawn_bot(&emulator, &data);
    // One game per group, all at once: each group sees only a handful of messages, well
    // within its 20 a minute.
    let rounds: Vec<(i64, TestUser, TestUser)> = (0..ROUNDS)
        .map(|i| {
            let chat = -200_000 - i as i64;
            emulator.group(chat, &format!("Race {i}"), false);
            let alice = TestUser::new(6_000 + 2 * i as i64, "Alice");
            let bob = TestUser::new(6_001 + 2 * i as i64, "Bob");
            emulator.user(&alice);
            emulator.user(&bob);
            (chat, alice, bob)
        })
        .collect();
    for (chat, alice, _) in &rounds {
        emulator.say(*chat, None, alice, "/play tanks");
    }
    let lobbies: Vec<Sent> =
        rounds.iter().map(|(chat, _, _)| emulator.expect(*chat, 0, "New game")).collect();
    let joins: Vec<String> = rounds
        .iter()
        .zip(&lobbies)
        .map(|((_, _, bob), lobby)| {
            emulator.press(bob, lobby, &lobby.key("Join").unwrap().data.clone().unwrap())
        })
        .collect();
    joins.iter().for_each(|q| assert!(!emulator.answer(q).alert));
    let starts: Vec<String> = rounds
        .iter()
        .map(|(chat, alice, _)| {
            let lobby = emulator.expect(*chat, 0, "Alice, Bob");
            assert_eq!(lobby.id, lobbies.iter().find(|l| l.chat == *chat).unwrap().id);
            emulator.press(alice, &lobby, &lobby.key("Start").unwrap().data.clone().unwrap())
        })
        .collect();
    starts.iter().for_each(|q| assert!(!emulator.answer(q).alert));
    // Alice lays her set-up at random, so Ready is on offer.
    let randoms: Vec<String> = rounds
        .iter()
        .map(|(_, alice, _)| {
            let prompt = private_keyboard(&emulator, alice, "Random set-up");
            let data = prompt.key("Random set-up").unwrap().data.clone().unwrap();
            emulator.press(alice, &prompt, &data)
        })
        .collect();
    randoms.iter().for_each(|q| assert!(!emulator.answer(q).alert));
    let ready: Vec<(Sent, Sent)> = rounds
        .iter()
        .map(|(_, alice, bob)| {
            (
                private_keyboard(&emulator, alice, "Ready"),
                private_keyboard(&emulator, bob, "Random"),
            )
        })
        .collect();
    eprintln!("{ROUNDS} set-ups ready after {:?}", started.elapsed());

    // The race: in each game Alice presses Ready and Bob Random set-up within 250 ms of each
    // other, in either order; the games' races overlap.
    let t0 = Instant::now();
    let mut schedule: Vec<(Duration, usize, bool)> = Vec::new();
    for i in 0..ROUNDS {
        let at = Duration::from_millis(40 * i as u64 + 250);
        let gap = Duration::from_millis(rng.below(251));
        let alice_first = rng.below(2) == 0;
        let (a, b) = if alice_first { (at, at + gap) } else { (at + gap, at) };
        schedule.push((a, i, true));
        schedule.push((b, i, false));
    }
    schedule.sort();
    let mut queries = Vec::new();
    for (at, i, is_alice) in schedule {
        if let Some(wait) = at.checked_sub(t0.elapsed()) {
            std::thread::sleep(wait);
        }
        let (_, alice, bob) = &rounds[i];
        let (alices, bobs) = &ready[i];
        let query = if is_alice {
            emulator.press(alice, alices, &alices.key("Ready").unwrap().data.clone().unwrap())
        } else {
            emulator.press(bob, bobs, &bobs.key("Random").unwrap().data.clone().unwrap())
        };
        queries.push(query);
    }
    for query in &queries {
        let answer = emulator.answer(query);
        assert!(!answer.alert, "a racing press was refused: {answer:?}");
    }
    // A burst of 100 presses in two seconds, in a debug build: each is still answered well
    // inside Telegram's 15 s before the button spinner gives up (the whole games in
    // telegram_game.rs hold every answer to 1 s).
    let slowest = emulator.slowest_answer();
    assert!(slowest < Duration::from_millis(2500), "a press waited {slowest:?} for its answer");

    // When the bot has sent everything, each player's newest private message shows the
    // stored state: Bob's his new set-up (with Ready on offer), Alice's her confirmed one
    // (with no buttons left to press).
    emulator.wait("every game settled", STEP, |s| {
        rounds
            .iter()
            .all(|(_, alice, bob)| {
                let bobs = newest_private(s, bob).is_some_and(|m| m.key("Ready").is_some());
                let alices = newest_private(s, alice).is_some_and(|m| m.tokens().is_empty());
                bobs && alices
            })
            .then_some(())
    });
    quiet(&emulator);
    assert_eq!(emulator.limited(), 0, "the bot provoked 429s");
    bot.kill();
    for ((chat, alice, bob), lobby) in rounds.iter().zip(&lobbies) {
        let mut truth = oracle::read(&data, table_of(&lobby.tokens()[0].1));
        for (seat, user) in [(0, alice), (1, bob)] {
            let newest = emulator.with(|s| newest_private(s, user)).unwrap();
            assert!(
                newest.photo.as_deref() == Some(truth.seat_png(seat).as_slice()),
                "game in {chat}: {}'s newest private message (#{}) is behind",
                user.name,
                newest.id
            );
        }
        let board = emulator.with(|s| s.latest(*chat, |m| m.photo.is_some())).unwrap();
        assert!(board.photo.as_deref() == Some(truth.public_png().as_slice()), "{chat}: board");
    }
    eprintln!(
        "{ROUNDS} races in {:?}; answers (median, 90%, slowest) {:?}; {} calls",
        started.elapsed(),
        emulator.answer_latencies(),
        emulator.with(|s| s.call_log.len())
    );
}
