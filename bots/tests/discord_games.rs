//! Whole games through the real binary, with serenity's rate limiter on and the emulator
//! enforcing Discord's limits: at the end the channel holds exactly one board — the final one,
//! as the stored game draws it — and no ping; no message anywhere (ephemeral prompts and DMs
//! included) still shows buttons, and no edit changed nothing; every interaction was
//! acknowledged within a second; the bot never ran into a limit (no 429).
//!
//! A whole game is a few hundred moves, and each move edits the board: at Discord's 5 edits per
//! 5 s per channel that is minutes of wall-clock time. So the whole games run with Discord's
//! allowances over windows twenty times shorter (5 calls per 0.25 s), and one test plays under
//! the exact limits for a while, with presses arriving faster than the board can be edited.

#[path = "support/discord/mod.rs"]
mod discord;

use std::time::{Duration, Instant};

use discord::table::{self, Table, button, shown, tokens};
use discord::{Limits, Msg, TestUser, png_size};

/// The allowances of the whole-game tests: Discord's, twenty times as fast.
fn fast() -> Limits {
    Limits::DISCORD.faster(20)
}

fn players(t: &Table) -> (TestUser, TestUser) {
    (t.users[0].clone(), t.users[1].clone())
}

/// The public messages with a picture (boards).
fn boards(t: &Table) -> Vec<Msg> {
    t.public().into_iter().filter(|m| !m.attachments.is_empty()).collect()
}

/// Plays moves with `prefer` until the board has no buttons; the number of moves.
fn play_to_the_end(t: &Table, prefer: &dyn Fn(&str) -> bool, limit: Duration) -> usize {
    let started = Instant::now();
    let mut moves = 0;
    while t.step(prefer) {
        moves += 1;
        assert!(started.elapsed() < limit, "no end after {moves} moves\n{}", t.report());
    }
    moves
}

/// The checks at the end of a whole game: one board, the final one as the stored table draws
/// it; no ping; the limits respected.
fn assert_the_end(t: &mut Table, table: u64, moves: usize, started: Instant) {
    // Until the bot is idle longer than a bucket's window: whatever was queued is out.
    t.settle(Duration::from_millis(1000));
    let boards = boards(t);
    assert_eq!(boards.len(), 1, "exactly one board in the channel\n{}", t.report());
    let board = &boards[0];
    assert!(tokens(board).is_empty(), "the final board has no game buttons: {:?}", board.buttons());
    assert!(button(board, "Rematch").is_some(), "the final board offers a rematch");
    assert!(button(board, "Replay").is_some(), "the final board offers a replay");
    assert!(shown(&board.content).contains("Game over"), "{}", board.content);
    assert!(t.pings().is_empty(), "no ping after the end: {:?}", t.pings());
    assert!(board.edits > 10, "the board was edited in place ({} edits)", board.edits);
    t.assert_clean(Duration::from_secs(1));
    t.assert_no_buttons_left();
    let (creates, edits) = t.emu.with(|s| {
        let count = |c: &str| s.calls.iter().filter(|x| x.as_str() == c).count();
        (count("POST /channels/:id/messages"), count("PATCH /channels/:id/messages/:id"))
    });
    eprintln!(
        "{moves} moves in {:?}: {creates} messages created, {edits} edited; slowest \
         acknowledgement {:?}; 429s: {}",
        started.elapsed(),
        t.slowest_ack(),
        t.emu.with(|s| s.throttled.len())
    );
    // The final board is the stored game's: the same picture, the same result.
    t.kill();
    let stored = t.stored_board(table);
    let png = igroteka_renderer::render(stored.board.as_ref().expect("a picture"));
    assert_eq!(board.attachments[0].bytes, png, "the final board's picture is the stored game's");
    assert!(
        shown(&board.content).contains(&stored.text),
        "the final board shows the result:\n{}\nexpected:\n{}",
        board.content,
        stored.text
    );
}

#[test]
fn a_whole_aeroplane_game_for_two_under_the_limits() {
    let mut t = table::start_with(fast(), &[(101, "Ann"), (102, "Boris")]);
    let (ann, boris) = players(&t);
    let started = Instant::now();
    let table = t.open("aeroplane", &[("centre", "bounce")], &[&ann, &boris]);
    let first = t.live_board().unwrap();
    assert_eq!(png_size(&first.attachments[0].bytes), (900, 1000));
    let moves = play_to_the_end(&t, &|_| true, Duration::from_secs(100));
    assert_the_end(&mut t, table, moves, started);
}

#[test]
fn a_whole_tank_battle_under_the_limits() {
    let mut t = table::start_with(fast(), &[(101, "Ann"), (102, "Boris")]);
    let (ann, boris) = players(&t);
    let started = Instant::now();
    let table = t.open("tank-battle", &[], &[&ann, &boris]);
    let moves = play_to_the_end(&t, &|_| true, Duration::from_secs(100));
    assert_the_end(&mut t, table, moves, started);
}

/// «Tysiąc na szachownicy» for four, to its own end (normally the 100-round limit: some eight
/// hundred presses, pawn then square).
#[test]
fn a_whole_thousand_game_for_four_under_the_limits() {
    let users = [(101, "Ann"), (102, "Boris"), (103, "Chen"), (104, "Dana")];
    let mut t = table::start_with(fast(), &users);
    let seated: Vec<TestUser> = t.users.clone();
    let started = Instant::now();
    let table = t.open("thousand", &[], &seated.iter().collect::<Vec<_>>());
    let first = t.live_board().unwrap();
    assert_eq!(png_size(&first.attachments[0].bytes), (900, 1000));
    let moves = play_to_the_end(&t, &|_| true, Duration::from_secs(400));
    assert_the_end(&mut t, table, moves, started);
}

/// «Воздушный бой», «Игрушка» for two, to its own end.
#[test]
fn a_whole_toy_air_battle_for_two_under_the_limits() {
    let mut t = table::start_with(fast(), &[(101, "Ann"), (102, "Boris")]);
    let (ann, boris) = players(&t);
    let started = Instant::now();
    let table = t.open("air-battle", &[], &[&ann, &boris]);
    let moves = play_to_the_end(&t, &|_| true, Duration::from_secs(400));
    assert_the_end(&mut t, table, moves, started);
}

/// «Воздушный бой», «Аэрофото» two against two, to its own end: each button is pressed by the
/// commander whose block it is in.
#[test]
fn a_whole_photo_air_battle_two_against_two_under_the_limits() {
    let users = [(101, "Ann"), (102, "Boris"), (103, "Chen"), (104, "Dana")];
    let mut t = table::start_with(fast(), &users);
    let seated: Vec<TestUser> = t.users.clone();
    let started = Instant::now();
    let table = t.open("air-battle", &[("edition", "photo")], &seated.iter().collect::<Vec<_>>());
    let first = t.live_board().unwrap();
    let text = shown(&first.content);
    assert!(text.contains("Ann, your turn") && text.contains("Boris, your turn"), "{text}");
    let moves = play_to_the_end(&t, &|_| true, Duration::from_secs(400));
    assert_the_end(&mut t, table, moves, started);
}

/// Random set-up, then Ready, through `user`'s own (ephemeral) set-up message (newer than
/// `after`).
fn set_up(t: &Table, user: &TestUser, after: u64) {
    let (prompt, random) = t.wait_own(user, "Random set-up", after);
    assert_eq!(prompt.attachments.len(), 1, "{}'s own board comes with the set-up", user.name);
    // Until the prompt shows the set-up (its buttons change), so that Ready is current.
    let before = tokens(&prompt);
    let ready =
        |t: &Table| t.own(user, "Ready").filter(|(m, _)| m.id >= prompt.id && tokens(m) != before);
    let (_, refused) = t.press_until(user, &prompt, &random, |t| ready(t).is_some());
    assert!(refused.is_none(), "{refused:?}");
    let (prompt, ready) = ready(t).unwrap();
    let before = t.live_board().map(|b| b.content);
    let (_, refused) =
        t.press_until(user, &prompt, &ready, |t| t.live_board().map(|b| b.content) != before);
    assert!(refused.is_none(), "{refused:?}");
}

/// Drive forward: never turn a tank around or send a plane (either can make a game long).
fn forward(label: &str) -> bool {
    let l = label.to_lowercase();
    !l.contains("turn") && !l.contains("plane") && !label.contains('✈')
}

#[test]
fn a_whole_tanks_game_with_its_secret_set_up_under_the_limits() {
    let mut t = table::start_with(fast(), &[(101, "Ann"), (102, "Boris")]);
    let (ann, boris) = players(&t);
    let started = Instant::now();
    let table = t.open("tanks", &[], &[&ann, &boris]);
    set_up(&t, &ann, 0);
    set_up(&t, &boris, 0);
    // Nobody else ever saw a set-up keyboard.
    assert!(t.public().iter().all(|m| m.buttons().iter().all(|(l, _)| !l.contains("Random"))));
    let moves = play_to_the_end(&t, &forward, Duration::from_secs(100));
    assert_the_end(&mut t, table, moves, started);
}

/// Discord's exact limits (5 creates and 5 edits per 5 s in a channel): moves at the pace the
/// limits allow, then ten presses of one button at once — one applies, nine find the board
/// behind — whose ten board updates wait behind the exhausted edit bucket and leave as far
/// fewer edits (coalesced: only the newest state of the board is sent). Acknowledgements never
/// wait for the queue, no 429 is provoked, and the board ends as the stored game.
#[test]
fn under_discords_exact_limits_queued_board_updates_coalesce() {
    let mut t = table::start_with(Limits::DISCORD, &[(101, "Ann"), (102, "Boris")]);
    let (ann, boris) = players(&t);
    let table = t.open("aeroplane", &[("centre", "bounce")], &[&ann, &boris]);
    let started = Instant::now();
    let mut moves = 0;
    while started.elapsed() < Duration::from_secs(10) {
        assert!(t.step(&|_| true));
        moves += 1;
    }
    let board = t.live_board().unwrap();
    let player = t.to_move().unwrap();
    let option = tokens(&board).into_iter().find(|id| id.contains(":c")).unwrap();
    let edits = t.emu.message(board.id).edits;
    let presses: Vec<String> = (0..10).map(|_| t.emu.press(&player, &board, &option)).collect();
    for press in &presses {
        t.emu.wait("an acknowledgement", discord::STEP, |s| s.interactions.get(press)?.response);
    }
    t.settle(Duration::from_millis(5500));
    let burst = t.emu.message(board.id).edits - edits;
    assert!(presses.iter().all(|p| t.alert(p).is_none()), "no press on the live board is refused");
    assert!(
        (1..=5).contains(&burst),
        "ten board updates went out as {burst} edits (coalesced)\n{}",
        t.report()
    );
    eprintln!(
        "{moves} moves in 10 s under Discord's limits, then 10 presses at once → {burst} edits; \
         slowest acknowledgement {:?}",
        t.slowest_ack()
    );
    t.assert_clean(Duration::from_secs(1));
    assert_eq!(boards(&t).len(), 1);
    assert!(t.pings().len() <= 1);
    let live = t.live_board().unwrap();
    t.kill();
    let stored = t.stored_board(table);
    let png = igroteka_renderer::render(stored.board.as_ref().unwrap());
    assert_eq!(live.attachments[0].bytes, png, "the board shows the stored game");
}
