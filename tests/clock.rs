//! Turn clocks through the conversation engine with a fake clock (ticks carry their own time)
//! and the real store: reminders at half time and near the end, once each; the deadline
//! policies (`skip` plays the turn for the absent player, `remove` removes them, `misses`
//! removes after missed turns in a row) for every registered game; the board saying how long
//! the player has; an unreachable player reminded in the group; a restart doing nothing twice.

mod common;

use common::{Chatroom, group_message, is_ping, start_game, table};
use igroteka::app::{Dest, Effect};
use igroteka::game::ToMove;
use igroteka::registry::GAMES;
use igroteka::store::{SledStore, Store};
use igroteka::table::{Platform, Status};

const HOUR: u64 = 3_600_000;

fn mover(room: &Chatroom) -> (usize, String) {
    let mut table = table(room);
    let ToMove::Seats(seats) = table.to_move() else { panic!("nobody to move") };
    (seats[0], table.players[seats[0]].user.id.clone())
}

/// The texts sent privately to `user` among `effects`.
fn private_to(effects: &[Effect], user: &str) -> Vec<String> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Send { to: Dest::User { user: u }, message } if u == user => {
                Some(message.text.clone())
            }
            _ => None,
        })
        .collect()
}

fn group_texts(effects: &[Effect]) -> Vec<String> {
    effects.iter().filter_map(group_message).map(|m| m.text.clone()).collect()
}

/// The texts of the group boards (messages with a picture) among `effects`, sent or edited.
fn boards(effects: &[Effect]) -> Vec<String> {
    let boards = effects.iter().filter_map(group_message).filter(|m| m.board.is_some());
    boards.map(|m| m.text.clone()).collect()
}

fn pings(effects: &[Effect]) -> usize {
    effects
        .iter()
        .filter(
            |e| matches!(e, Effect::Send { to: Dest::Chat { .. }, message } if is_ping(message)),
        )
        .count()
}

#[test]
fn the_lobby_offers_the_clock_and_the_board_says_how_long_the_player_has() {
    let mut room = Chatroom::temporary();
    room.send("Alice", "/play tank-battle");
    let lobby = room.latest_text();
    assert!(lobby.contains("Turn time: 24 hours"), "{lobby}");
    assert!(lobby.contains("Out of time: the turn is played for them"), "{lobby}");
    let mut live = Chatroom::temporary();
    live.send("Alice", "/play aeroplane");
    assert!(live.latest_text().contains("Turn time: 1 hour"), "a live game's default");

    let mut other = Chatroom::temporary();
    let refused = other.send("Bob", "/play tank-battle turn=2h");
    let text = format!("{refused:?}");
    assert!(text.contains("turn cannot be 2h") && text.contains("turn=24h|3d"), "{text}");

    let mut room = Chatroom::temporary();
    start_game(&mut room, "tank-battle turn=12h", &["Alice", "Bob"]);
    let board = room.latest_text();
    assert!(board.contains("⏳") && board.contains("12 h to move"), "{board}");
    // `/board` later on says what is left then, not what was left at the last move.
    room.now = table(&room).clock.started + 5 * HOUR;
    let later = boards(&room.send("Bob", "/board"));
    assert!(later.iter().any(|b| b.contains("7 h to move")), "{later:?}");
}

#[test]
fn reminders_come_at_half_time_and_near_the_end_once_each() {
    let mut room = Chatroom::temporary();
    start_game(&mut room, "tank-battle", &["Alice", "Bob"]);
    let started = table(&room).clock.started;
    let (_, user) = mover(&room);

    assert!(private_to(&room.tick(started + 12 * HOUR - 1), &user).is_empty(), "too early");
    let half = room.tick(started + 12 * HOUR);
    let sent = private_to(&half, &user);
    assert_eq!(sent.len(), 1, "{half:?}");
    assert!(sent[0].contains("your move") && sent[0].contains("12 h left"), "{}", sent[0]);
    assert!(private_to(&room.tick(started + 13 * HOUR), &user).is_empty(), "only once");

    let near = room.tick(started + 20 * HOUR);
    let sent = private_to(&near, &user);
    assert_eq!(sent.len(), 1, "{near:?}");
    assert!(sent[0].contains("nearly up") && sent[0].contains("4 h left"), "{}", sent[0]);
    assert!(private_to(&room.tick(started + 21 * HOUR), &user).is_empty(), "only once");
    // The other player was never reminded, and nothing was played.
    let other = if user == "alice" { "bob" } else { "alice" };
    assert!(
        room.seen.iter().all(|d| private_to(std::slice::from_ref(&d.effect), other).is_empty())
    );
    assert_eq!(table(&room).log_len(), 0);
}

#[test]
fn at_the_deadline_the_turn_is_played_for_the_absent_player_and_the_board_says_so() {
    let mut room = Chatroom::temporary();
    start_game(&mut room, "tank-battle", &["Alice", "Bob"]);
    let before = table(&room);
    let started = before.clock.started;
    let (seat, _) = mover(&room);
    room.tick(started + 12 * HOUR);
    room.tick(started + 20 * HOUR);
    let deadline = started + 24 * HOUR;
    let effects = room.tick(deadline);
    let board = group_texts(&effects).join("\n");
    assert!(board.contains("ran out of time") && board.contains("played for them"), "{board}");
    let after = table(&room);
    assert!(after.log_len() > before.log_len(), "a move was played");
    assert_eq!(after.clock.misses.get(&seat), Some(&1));
    assert_eq!(after.clock.started, deadline, "the next player's turn begins");
    assert_ne!(mover(&room).0, seat);
    assert_eq!(pings(&effects), 1, "the next player is pinged");
    // Playing in person clears the count.
    let (next, _) = mover(&room);
    assert!(!after.clock.misses.contains_key(&next));
}

#[test]
fn the_remove_policy_removes_the_absent_player_at_the_first_deadline() {
    let mut room = Chatroom::temporary();
    start_game(&mut room, "tank-battle timeout=remove", &["Alice", "Bob"]);
    let started = table(&room).clock.started;
    let (seat, _) = mover(&room);
    for at in [12, 20, 24] {
        room.tick(started + at * HOUR);
    }
    let end = room.latest_text();
    assert!(end.contains("is removed") && end.contains("Game over"), "{end}");
    let winner = ["Alice", "Bob"][1 - seat];
    assert!(end.contains(&format!("1. {winner}")), "{end}");
    assert_eq!(table(&room).status, Status::Finished);
    assert!(
        room.store().due_tables(Platform::Console, u64::MAX, 10).unwrap().is_empty(),
        "no clock after the end"
    );
}

#[test]
fn a_player_who_misses_turns_in_a_row_is_removed() {
    let mut room = Chatroom::temporary();
    start_game(&mut room, "tank-battle misses=2", &["Alice", "Bob"]);
    let (first, _) = mover(&room);
    // Nobody plays: each deadline skips a turn, and the first player's second miss removes them.
    let mut deadlines = 0;
    while table(&room).status != Status::Finished {
        let due = room.store().due_tables(Platform::Console, u64::MAX, 1).unwrap();
        assert_eq!(due.len(), 1);
        let at = table(&room).due().expect("a running clock");
        room.tick(at);
        deadlines += usize::from(table(&room).clock.reminded == 0);
        assert!(deadlines <= 4, "no removal");
    }
    let end = room.latest_text();
    let removed = ["Alice", "Bob"][first];
    assert!(end.contains(&format!("{removed} ran out of time and is removed")), "{end}");
}

/// docs/rules/clocks.md, `timeout=computer`: "It counts as a missed turn, so `misses` still
/// removes a player who never comes back" — the stand-in's move is not the player's own and
/// does not wipe the count.
#[test]
fn a_stand_in_computers_move_still_counts_as_a_missed_turn() {
    let mut room = Chatroom::temporary();
    start_game(&mut room, "tank-battle timeout=computer misses=2 turn=1h", &["Alice", "Bob"]);
    let (first, _) = mover(&room);
    let deadlines = run_the_clock(&mut room, 4);
    assert_eq!(table(&room).status, Status::Finished, "no removal after {deadlines} deadlines");
    assert_eq!(deadlines, 3, "Alice's turn, Bob's, then Alice's second miss");
    let removed = ["Alice", "Bob"][first];
    let end = room.latest_text();
    assert!(end.contains(&format!("{removed} ran out of time and is removed")), "{end}");
}

/// Ticks at each due time until the game is over or `most` deadlines have passed; the
/// number of deadlines.
fn run_the_clock(room: &mut Chatroom, most: usize) -> usize {
    let mut deadlines = 0;
    while !table(room).status.is_over() && deadlines < most {
        let before = table(room);
        let at = before.due().expect("a running clock while the game runs");
        let effects = room.tick(at);
        let after = table(room);
        assert!(after.seq > before.seq, "the tick did nothing: {effects:?}");
        let deadline = before.clock.due_at(&before.clock_rules().unwrap(), at);
        if deadline == Some(igroteka::clock::Due::Deadline) {
            deadlines += 1;
            // The absent players' turn is over: someone else is to move, or the game is.
            let (mut before, mut after) = (before, after);
            let (was, now) = (before.to_move(), after.to_move());
            let ToMove::Seats(was) = was else { panic!("a deadline with nobody to move") };
            let moved_on = match now {
                ToMove::Seats(now) => was.iter().any(|seat| !now.contains(seat)),
                _ => true,
            };
            assert!(moved_on, "{}: the same seats {was:?} still to move", before.game);
        }
    }
    deadlines
}

#[test]
fn every_game_goes_on_by_itself_when_nobody_plays() {
    for info in GAMES {
        for seats in [info.seats.min(), info.seats.max()] {
            let mut room = Chatroom::temporary();
            let players = &["Alice", "Bob", "Carol", "Dave"][..seats];
            start_game(&mut room, &format!("{} misses=never turn=1h", info.id), players);
            let deadlines = run_the_clock(&mut room, 30);
            assert!(deadlines > 0, "{}", info.id);
            assert!(!room.latest_text().contains('⚠'), "{}", room.latest_text());
        }
    }
}

#[test]
fn every_game_ends_when_every_player_is_gone() {
    for info in GAMES {
        let seats = info.seats.max();
        let mut room = Chatroom::temporary();
        let players = &["Alice", "Bob", "Carol", "Dave"][..seats];
        start_game(&mut room, &format!("{} timeout=remove turn=5m", info.id), players);
        run_the_clock(&mut room, 10);
        assert!(table(&room).status.is_over(), "{} still runs", info.id);
        let end = room.latest_text();
        assert!(end.contains("Game over"), "{}: {end}", info.id);
    }
}

#[test]
fn an_unreachable_player_is_reminded_in_the_group() {
    let mut room = Chatroom::temporary();
    start_game(&mut room, "tank-battle", &["Alice", "Bob"]);
    let (_, user) = mover(&room);
    room.store().set_unreachable(Platform::Console, &user, true).unwrap();
    let started = table(&room).clock.started;
    let effects = room.tick(started + 12 * HOUR);
    assert!(private_to(&effects, &user).is_empty(), "{effects:?}");
    assert_eq!(pings(&effects), 1, "a ping in the group instead: {effects:?}");
}

#[test]
fn a_restart_after_a_tick_does_not_remind_twice() {
    let dir = tempfile::tempdir().unwrap();
    let (user, started) = {
        let mut room = Chatroom::new(SledStore::open(dir.path(), 8 << 20).unwrap());
        start_game(&mut room, "tank-battle", &["Alice", "Bob"]);
        let started = table(&room).clock.started;
        let (_, user) = mover(&room);
        assert_eq!(private_to(&room.tick(started + 12 * HOUR), &user).len(), 1);
        (user, started)
    };
    let mut room = Chatroom::new(SledStore::open(dir.path(), 8 << 20).unwrap());
    assert!(private_to(&room.tick(started + 12 * HOUR + 1), &user).is_empty());
    assert_eq!(private_to(&room.tick(started + 20 * HOUR), &user).len(), 1);
}

#[test]
fn nudge_pings_the_player_to_move_at_most_once_an_hour() {
    let mut room = Chatroom::temporary();
    start_game(&mut room, "tank-battle", &["Alice", "Bob"]);
    let (seat, _) = mover(&room);
    let (to_move, other) = if seat == 0 { ("Alice", "Bob") } else { ("Bob", "Alice") };
    let effects = room.send(other, "/nudge");
    assert_eq!(pings(&effects), 1, "{effects:?}");
    let ping = effects.iter().filter_map(|e| match e {
        Effect::Send { message, .. } if is_ping(message) => Some(message.clone()),
        _ => None,
    });
    assert!(ping.into_iter().all(|m| m.mentions.iter().any(|p| p.name == to_move)));
    let again = room.send(other, "/nudge");
    assert_eq!(pings(&again), 0);
    assert!(format!("{again:?}").contains("less than an hour ago"), "{again:?}");
    let own = room.send(to_move, "/nudge");
    assert!(format!("{own:?}").contains("your own move"), "{own:?}");
    let stranger = room.send("Carol", "/nudge");
    assert!(format!("{stranger:?}").contains("not playing"), "{stranger:?}");
    room.now += HOUR;
    assert_eq!(pings(&room.send(other, "/nudge")), 1, "an hour later");
}

#[test]
fn my_games_lists_every_unfinished_game_of_the_user() {
    let mut first = Chatroom::temporary();
    start_game(&mut first, "tank-battle", &["Alice", "Bob"]);
    let mut second = Chatroom::new(first.store().clone());
    second.chat.id = "group-2".into();
    start_game(&mut second, "aeroplane", &["Carol", "Alice"]);
    let listed = format!("{:?}", first.send("Alice", "/mygames"));
    assert!(listed.contains("Tank Battle") && listed.contains("Aeroplane Chess"), "{listed}");
    assert!(listed.contains("your move") && listed.contains("Carol to move"), "{listed}");
    let none = format!("{:?}", first.send("Dave", "/mygames"));
    assert!(none.contains("no unfinished games"), "{none}");
}

#[test]
fn pause_by_every_players_consent_stops_the_clock_and_resume_keeps_the_time_left() {
    let mut room = Chatroom::temporary();
    start_game(&mut room, "tank-battle turn=24h", &["Alice", "Bob"]);
    let started = table(&room).clock.started;
    room.now = started + 6 * HOUR;
    let asked = format!("{:?}", room.send("Alice", "/pause"));
    assert!(asked.contains("asks to stop the clock (1 of 2)"), "{asked}");
    assert!(!table(&room).clock.is_paused(), "one player is not enough");
    let stopping = room.send("Bob", "/pause");
    let stopped = format!("{stopping:?}");
    assert!(stopped.contains("the clock is stopped"), "{stopped}");
    // The board itself says so at once, not at the next move.
    let board = boards(&stopping);
    assert!(board.iter().any(|b| b.contains("The clock is stopped")), "{board:?}");
    assert!(board.iter().all(|b| !b.contains("to move.")), "{board:?}");
    let paused_at = table(&room).clock.paused_at;
    // Nothing falls due while it is stopped, however long.
    assert!(room.store().due_tables(Platform::Console, u64::MAX, 10).unwrap().is_empty());
    let (seat, user) = mover(&room);
    assert!(private_to(&room.tick(started + 30 * HOUR), &user).is_empty());
    let again = format!("{:?}", room.send("Alice", "/pause"));
    assert!(again.contains("already stopped"), "{again}");
    // Three days later Bob starts it again: the turn still has the 18 h it had.
    room.now = paused_at + 72 * HOUR;
    let resuming = room.send("Bob", "/resume");
    let resumed = format!("{resuming:?}");
    assert!(resumed.contains("runs again"), "{resumed}");
    let board = boards(&resuming);
    assert!(board.iter().any(|b| b.contains("18 h to move")), "{board:?}");
    let after = table(&room);
    let rules = after.clock_rules().unwrap();
    assert_eq!(after.clock.left(&rules, room.now), Some(24 * HOUR - (paused_at - started)));
    assert_eq!(mover(&room).0, seat, "nothing was played");
    let not = format!("{:?}", room.send("Bob", "/resume"));
    assert!(not.contains("not stopped"), "{not}");
}

/// docs/rules/clocks.md: while the clock is stopped "moves may still be made", and on `/resume`
/// "the turn keeps the time it had left": a turn that began during the pause has had none of
/// its time used, so it has the whole turn when the clock runs again — not the pause on top.
#[test]
fn a_turn_begun_while_the_clock_is_stopped_starts_whole_on_resume() {
    let mut room = Chatroom::temporary();
    start_game(&mut room, "tank-battle turn=24h", &["Alice", "Bob"]);
    let started = table(&room).clock.started;
    room.now = started + HOUR;
    room.send("Alice", "/pause");
    room.send("Bob", "/pause");
    assert!(table(&room).clock.is_paused());
    // Ten hours into the pause the player to move moves anyway: a tank, then a square.
    room.now += 10 * HOUR;
    let (seat, _) = mover(&room);
    for _ in 0..2 {
        let (_, token) = room.latest_buttons().first().cloned().expect("the player's buttons");
        room.press(["Alice", "Bob"][seat], &token);
    }
    assert!(!table(&room).to_move().includes(seat), "the move was played");
    // Two hours later the clock runs again: the new turn has all of its 24 hours.
    room.now += 2 * HOUR;
    room.send("Bob", "/resume");
    let after = table(&room);
    let rules = after.clock_rules().unwrap();
    assert!(!after.clock.is_paused());
    assert_eq!(after.clock.deadline(&rules), Some(room.now + 24 * HOUR));
    assert_eq!(after.clock.left(&rules, room.now), Some(24 * HOUR));
}

#[test]
fn a_vacation_stops_the_players_clock_in_all_their_games() {
    let mut room = Chatroom::temporary();
    start_game(&mut room, "tank-battle turn=24h", &["Alice", "Bob"]);
    let started = table(&room).clock.started;
    let (_, user) = mover(&room);
    let name = if user == "alice" { "Alice" } else { "Bob" };
    let status = format!("{:?}", room.send(name, "/vacation"));
    assert!(status.contains("30 days of vacation left"), "{status}");
    let refused = format!("{:?}", room.send(name, "/vacation 31"));
    assert!(refused.contains("from 1 to 30"), "{refused}");
    let set = format!("{:?}", room.send(name, "/vacation 3"));
    assert!(set.contains("for 3 days") && set.contains("27 days"), "{set}");
    // No reminder and no deadline while away; the turn starts afresh when they are back.
    let away = room.tick(started + 25 * HOUR);
    assert!(private_to(&away, &user).is_empty() && group_texts(&away).is_empty(), "{away:?}");
    let back = table(&room).clock.started;
    assert!(back >= started + 72 * HOUR, "the turn begins when the vacation ends");
    assert_eq!(private_to(&room.tick(back + 12 * HOUR), &user).len(), 1, "reminded then");
    let status = format!("{:?}", room.send(name, "/vacation"));
    assert!(status.contains("27 days"), "{status}");
}

/// docs/rules/clocks.md: "`/vacation off` ends it early": a turn the clock held until the
/// vacation's end starts, whole, when the player says they are back — not days later.
/// A Tank Battle with a day a turn whose player to move went on a five-day vacation, and whose
/// turn the clock's tick then held until its end; the turn's start, that player's seat, user id
/// and name.
fn held_for_a_vacation(room: &mut Chatroom) -> (u64, usize, String, &'static str) {
    start_game(room, "tank-battle turn=24h", &["Alice", "Bob"]);
    let started = table(room).clock.started;
    let (seat, user) = mover(room);
    let name = if user == "alice" { "Alice" } else { "Bob" };
    room.send(name, "/vacation 5");
    room.tick(started + 13 * HOUR);
    let held = table(room).clock.started;
    assert!(held >= started + 5 * 24 * HOUR, "held until the vacation's end");
    (started, seat, user, name)
}

#[test]
fn back_early_from_a_vacation_the_held_turn_starts_then() {
    let mut room = Chatroom::temporary();
    let (started, _, user, name) = held_for_a_vacation(&mut room);
    // On the second day they are back.
    room.now = started + 30 * HOUR;
    let off = room.send(name, "/vacation off");
    let said = format!("{off:?}");
    assert!(said.contains("vacation is over"), "{said}");
    // The group's board says at once that the clock runs again.
    let board = boards(&off);
    assert!(board.iter().any(|b| b.contains("1 d to move")), "{board:?}");
    let after = table(&room);
    assert_eq!(after.clock.started, room.now, "the turn starts now");
    let rules = after.clock_rules().unwrap();
    assert_eq!(after.clock.left(&rules, room.now), Some(24 * HOUR));
    // So its reminder comes half a turn later, not days later.
    assert_eq!(private_to(&room.tick(room.now + 12 * HOUR), &user).len(), 1);
    // Saying it again an hour later starts nothing anew: the turn is no longer held.
    room.now += HOUR;
    let before = table(&room).clock;
    let again = room.send(name, "/vacation off");
    assert_eq!(table(&room).clock, before);
    assert!(boards(&again).is_empty(), "{again:?}");
}

#[test]
fn back_early_from_a_vacation_while_the_clock_is_stopped_the_held_turn_waits_whole() {
    let mut room = Chatroom::temporary();
    let (started, seat, _, name) = held_for_a_vacation(&mut room);
    room.now = started + 20 * HOUR;
    room.send("Alice", "/pause");
    room.send("Bob", "/pause");
    assert!(table(&room).clock.is_paused());
    // Back on the second day, while the clock is stopped: the turn is no longer held...
    room.now = started + 30 * HOUR;
    let off = room.send(name, "/vacation off");
    let after = table(&room);
    assert_eq!(after.clock.started, room.now, "the turn is whole from now");
    assert!(after.clock.is_paused(), "and the clock stays stopped");
    let board = boards(&off);
    assert!(board.iter().any(|b| b.contains("The clock is stopped")), "{board:?}");
    // ...so when it runs again, two days later, the player has the whole turn.
    room.now += 48 * HOUR;
    room.send("Alice", "/resume");
    let resumed = table(&room);
    let rules = resumed.clock_rules().unwrap();
    assert_eq!(resumed.clock.left(&rules, room.now), Some(24 * HOUR));
    assert_eq!(resumed.due(), Some(room.now + 12 * HOUR), "its reminder at half time");
    assert_eq!(mover(&room).0, seat, "nothing was played");
}

/// Ticks at each due time until the table's clock reaches a deadline (which the last tick
/// handled); the effects of that tick.
fn tick_to_deadline(room: &mut Chatroom) -> Vec<Effect> {
    loop {
        let before = table(room);
        let at = before.due().expect("a running clock");
        let effects = room.tick(at);
        if before.clock.due_at(&before.clock_rules().unwrap(), at)
            == Some(igroteka::clock::Due::Deadline)
        {
            return effects;
        }
    }
}

#[test]
fn under_the_vote_policy_the_others_remove_the_absent_player() {
    let mut room = Chatroom::temporary();
    let names = ["Alice", "Bob", "Carol"];
    start_game(&mut room, "aeroplane timeout=vote", &names);
    let (seat, _) = mover(&room);
    let absent = names[seat];
    let voters: Vec<&str> = names.iter().copied().filter(|n| *n != absent).collect();
    let (seq, log_len) = (table(&room).seq, table(&room).log_len());
    tick_to_deadline(&mut room);
    let board = room.latest_text();
    assert!(board.contains(&format!("{absent} ran out of time")), "{board}");
    assert!(board.contains(&format!("Remove {absent} from the game, or wait")), "{board}");
    assert!(board.contains("0 of 2 voted"), "{board}");
    assert_eq!(table(&room).log_len(), log_len, "nothing was played for them");
    assert!(table(&room).seq > seq);

    let remove = room.button(&format!("Remove {absent}")).expect("a Remove button");
    let before = table(&room);
    for (who, reply) in [(absent, "about you"), ("Mallory", "not playing")] {
        let effects = room.press(who, &remove);
        let (text, alert) = common::answer(&effects).expect("an answer");
        assert!(alert && text.contains(reply), "{who}: {text}");
        assert_eq!(table(&room), before, "{who}'s press changed nothing");
    }
    let effects = room.press(voters[0], &remove);
    assert!(common::answer(&effects).is_some_and(|(t, _)| t.contains("counted")));
    assert!(room.latest_text().contains("1 of 2 voted"), "{}", room.latest_text());
    assert!(table(&room).resigned.is_empty(), "one vote of two is not enough");
    room.press(voters[1], &remove);
    let board = room.latest_text();
    assert!(board.contains(&format!("The players voted: {absent} is removed")), "{board}");
    let after = table(&room);
    assert_eq!(after.resigned, vec![seat]);
    assert_eq!(after.clock.vote, None);
    assert_eq!(after.status, Status::Playing, "the two others play on");
    assert!(room.button("Remove").is_none(), "the vote's buttons are gone");

    // The old button is stale now.
    let effects = room.press(voters[0], &remove);
    assert!(common::answer(&effects).is_some_and(|(t, _)| t.contains("vote is over")));
    assert_eq!(table(&room), after);
}

#[test]
fn waiting_gives_a_fresh_turn_and_a_vote_nobody_settles_plays_the_turn() {
    let mut room = Chatroom::temporary();
    start_game(&mut room, "tank-battle timeout=vote misses=never", &["Alice", "Bob"]);
    let (seat, _) = mover(&room);
    let (absent, other) = (["Alice", "Bob"][seat], ["Alice", "Bob"][1 - seat]);
    tick_to_deadline(&mut room);
    let wait = room.button("Wait").expect("a Wait button");
    room.press(other, &wait);
    let board = room.latest_text();
    assert!(board.contains(&format!("voted to wait: {absent} has a fresh turn")), "{board}");
    let after = table(&room);
    assert_eq!(after.clock.vote, None);
    assert_eq!(after.clock.started, room.now, "a full turn from the vote");
    assert_eq!(after.log_len(), 0);

    // The next deadline opens a new vote; nobody answers it, so at its end the turn is played.
    tick_to_deadline(&mut room);
    assert_eq!(table(&room).clock.vote.as_ref().map(|v| v.seat), Some(seat));
    let old_wait = wait;
    let effects = room.press(other, &old_wait);
    assert!(
        common::answer(&effects).is_some_and(|(t, _)| t.contains("vote is over")),
        "a button of the earlier vote: {effects:?}"
    );
    tick_to_deadline(&mut room);
    let mut after = table(&room);
    assert!(after.log_len() > 0, "the turn was played for them");
    assert_eq!(after.clock.vote, None);
    assert!(!after.to_move().includes(seat));
    assert!(room.latest_text().contains("the turn was played for them"));
}

/// docs/rules/clocks.md: "A vote nobody settles within that fresh turn falls back to `skip`"
/// — one missed turn, counted once: with `misses=2` the unsettled vote plays the turn for the
/// player rather than removing them.
#[test]
fn an_unsettled_vote_is_one_missed_turn_not_two() {
    let mut room = Chatroom::temporary();
    start_game(&mut room, "tank-battle timeout=vote misses=2", &["Alice", "Bob"]);
    let (seat, _) = mover(&room);
    let absent = ["Alice", "Bob"][seat];
    tick_to_deadline(&mut room);
    assert_eq!(table(&room).clock.vote.as_ref().map(|v| v.seat), Some(seat));
    tick_to_deadline(&mut room);
    let after = table(&room);
    assert_eq!(after.status, Status::Playing, "not removed: {}", room.latest_text());
    assert!(after.log_len() > 0, "the turn was played for them");
    assert_eq!(after.clock.misses.get(&seat), Some(&1));
    let board = room.latest_text();
    assert!(board.contains(&format!("{absent} ran out of time")), "{board}");
    assert!(board.contains("1 missed in a row"), "{board}");
}

#[test]
fn a_move_by_the_player_voted_on_ends_the_vote() {
    let mut room = Chatroom::temporary();
    start_game(&mut room, "tank-battle timeout=vote", &["Alice", "Bob"]);
    let (seat, _) = mover(&room);
    tick_to_deadline(&mut room);
    assert!(table(&room).clock.vote.is_some());
    // The player picks a tank, then a square, with the buttons above the vote's.
    for _ in 0..2 {
        let buttons = room.latest_buttons();
        let (_, token) = buttons.first().expect("the player's own buttons stay");
        assert!(!token.ends_with(":x1") && !token.ends_with(":x0"));
        room.press(["Alice", "Bob"][seat], &token.clone());
    }
    let mut after = table(&room);
    assert_eq!(after.log_len(), 1, "the move was played");
    assert!(!after.to_move().includes(seat));
    assert_eq!(after.clock.vote, None, "the turn passed: the vote is over");
    assert!(room.button("Remove").is_none(), "{}", room.latest_text());
}

/// "Her move ends it" from its first part: in «Аэрофото» a side moves a fighter and a bomber,
/// and passing with the fighters leaves the same player to move — the vote is over all the
/// same, its buttons gone.
#[test]
fn a_part_of_a_move_by_the_player_voted_on_ends_the_vote() {
    let mut room = Chatroom::temporary();
    start_game(&mut room, "air-battle edition=photo timeout=vote", &["Alice", "Bob"]);
    let (seat, _) = mover(&room);
    tick_to_deadline(&mut room);
    assert!(table(&room).clock.vote.is_some());
    let pass = room.button("Pass with the fighters").expect("a pass button");
    room.press(["Alice", "Bob"][seat], &pass);
    let mut after = table(&room);
    assert_eq!(after.log_len(), 1, "the pass was played");
    assert!(after.to_move().includes(seat), "the bombers are still to move");
    assert_eq!(after.clock.vote, None, "the vote is over");
    assert!(room.button("Remove").is_none(), "{}", room.latest_text());
}

/// "The time starts again whenever the turn passes to someone who was not to move before" — and
/// when the secret set-up ends: Red, who finished setting up last, starts the first turn of
/// play with its whole time, not with what was left of the set-up's.
#[test]
fn the_first_turn_after_a_secret_set_up_is_whole() {
    let mut room = Chatroom::temporary();
    start_game(&mut room, "tanks turn=24h", &["Alice", "Bob"]);
    assert_eq!(table(&room).status, Status::Setup);
    let started = table(&room).clock.started;
    let set_up = |room: &mut Chatroom, name: &str| {
        for label in ["Random set-up", "Ready"] {
            let buttons = room.private_buttons(name);
            let found = buttons.into_iter().find(|(text, _)| text.contains(label));
            let (_, token) = found.unwrap_or_else(|| panic!("{name}: {label}"));
            room.press(name, &token);
        }
    };
    room.now = started + HOUR;
    set_up(&mut room, "Bob");
    room.now = started + 20 * HOUR;
    set_up(&mut room, "Alice");
    let after = table(&room);
    assert_eq!(after.status, Status::Playing);
    assert_eq!(mover(&room).1, "alice", "Red moves first");
    assert_eq!(after.clock.started, room.now, "the turn starts when play begins");
    let board = room.latest_text();
    assert!(board.contains("1 d to move"), "{board}");
}

/// Three Tank Battle games of Alice, each in its own group of one store, with Alice to move in
/// each.
fn alice_to_move_in_three_games() -> Vec<Chatroom> {
    let first = Chatroom::temporary();
    let store = first.store().clone();
    let mut rooms = vec![first];
    for n in 2..=3 {
        let mut room = Chatroom::new(store.clone());
        room.chat.id = format!("group-{n}");
        rooms.push(room);
    }
    for (room, other) in rooms.iter_mut().zip(["Bob", "Carol", "Dave"]) {
        start_game(room, "tank-battle", &["Alice", other]);
        if mover(room).1 != "alice" {
            for _ in 0..2 {
                let (_, token) = room.latest_buttons()[0].clone();
                room.press(other, &token);
            }
        }
        assert_eq!(mover(room).1, "alice");
    }
    rooms
}

#[test]
fn a_player_to_move_in_several_games_gets_one_digest() {
    let mut rooms = alice_to_move_in_three_games();
    let started = rooms.iter().map(|r| table(r).clock.started).max().unwrap();
    let effects = rooms[0].tick(started + 12 * HOUR);
    let sent = private_to(&effects, "alice");
    assert_eq!(sent.len(), 1, "one digest, not a reminder per game: {sent:?}");
    assert!(sent[0].contains("Alice, it is your move in 3 games"), "{}", sent[0]);
    assert_eq!(sent[0].matches("your move, 12 h left").count(), 3, "{}", sent[0]);
    for room in &rooms {
        assert_eq!(table(room).clock.reminded, 1, "each game's half-time reminder is done");
    }
    // Near the end, again one digest for the three.
    let effects = rooms[1].tick(started + 20 * HOUR);
    let sent = private_to(&effects, "alice");
    assert_eq!(sent.len(), 1, "{sent:?}");
    assert!(sent[0].contains("3 games") && sent[0].contains("4 h left"), "{}", sent[0]);
}

#[test]
fn a_digest_covers_the_reminders_that_fall_due_soon_after_it() {
    let mut rooms = alice_to_move_in_three_games();
    let started = table(&rooms[2]).clock.started;
    // The third game's turn starts two hours later than the others.
    let later = started + 2 * HOUR;
    let mut third = table(&rooms[2]);
    third.clock.restart(later);
    let seq = third.seq;
    rooms[2].store().save(&third, Some(seq), &[]).unwrap();
    let first = rooms[0].tick(started + 12 * HOUR);
    assert_eq!(private_to(&first, "alice").len(), 1);
    assert!(private_to(&first, "alice")[0].contains("3 games"));
    let second = rooms[0].tick(later + 12 * HOUR);
    assert!(private_to(&second, "alice").is_empty(), "listed two hours ago: {second:?}");
    assert_eq!(table(&rooms[2]).clock.reminded, 1);
}

#[test]
fn no_reminder_comes_in_the_players_night() {
    // The rooms' clock starts at 22:13 UTC. At UTC+12 the half-time of a day's turn (10:13
    // UTC) is 22:13 local: the reminder waits for 08:00 there (20:00 UTC).
    let mut room = Chatroom::temporary();
    start_game(&mut room, "tank-battle", &["Alice", "Bob"]);
    let (seat, user) = mover(&room);
    let name = if user == "alice" { "Alice" } else { "Bob" };
    let answer = format!("{:?}", room.send(name, "/tz +12"));
    assert!(answer.contains("UTC+12") && answer.contains("22:00 to 8:00"), "{answer}");
    let started = table(&room).clock.started;
    let half = started + 12 * HOUR;
    assert!(private_to(&room.tick(half), &user).is_empty(), "not at night");
    let morning = igroteka::clock::quiet_until(half, 12 * 60).unwrap();
    assert_eq!(table(&room).clock.held.get(&seat), Some(&morning));
    // The near end (18:13 UTC, 06:13 there) is still night: held again, for the same morning.
    assert!(private_to(&room.tick(started + 20 * HOUR), &user).is_empty(), "not at night");
    assert_eq!(table(&room).due(), Some(morning));
    assert!(private_to(&room.tick(morning - 1), &user).is_empty());
    let sent = private_to(&room.tick(morning), &user);
    assert_eq!(sent.len(), 1, "in the morning");
    // By then the end is near (20:00 is past the last sixth of the turn): that reminder comes.
    assert!(sent[0].contains("nearly up: 2 h 14 min left"), "{}", sent[0]);
}

/// docs/rules/clocks.md, quiet hours: each player's own. In «Идут танки»'s secret set-up both
/// players are to move at once; Alice's night (UTC+12) holds back her reminders only, and Bob
/// (UTC, awake) gets his on time.
#[test]
fn one_players_quiet_hours_do_not_hold_back_anothers_reminders() {
    let mut room = Chatroom::temporary();
    start_game(&mut room, "tanks turn=24h", &["Alice", "Bob"]);
    assert_eq!(table(&room).status, Status::Setup);
    room.send("Alice", "/tz +12");
    room.send("Bob", "/tz 0");
    let started = table(&room).clock.started;
    // Half time is 10:13 UTC: 22:13 for Alice, the day for Bob.
    let half = room.tick(started + 12 * HOUR);
    let bobs = private_to(&half, "bob");
    assert_eq!(bobs.len(), 1, "Bob is awake: {half:?}");
    assert!(bobs[0].contains("your move") && bobs[0].contains("12 h left"), "{}", bobs[0]);
    assert!(private_to(&half, "alice").is_empty(), "Alice's night");
    // Near the end (18:13 UTC, 06:13 for Alice): Bob again, Alice still asleep.
    let near = room.tick(started + 20 * HOUR);
    let bobs = private_to(&near, "bob");
    assert_eq!(bobs.len(), 1, "{near:?}");
    assert!(bobs[0].contains("nearly up") && bobs[0].contains("4 h left"), "{}", bobs[0]);
    assert!(private_to(&near, "alice").is_empty(), "Alice's night");
    // Alice's morning (08:00 there, 20:00 UTC): her reminder, and nothing more for Bob.
    let morning = igroteka::clock::quiet_until(started + 20 * HOUR, 12 * 60).unwrap();
    assert_eq!(table(&room).due(), Some(morning));
    let woken = room.tick(morning);
    let alices = private_to(&woken, "alice");
    assert_eq!(alices.len(), 1, "{woken:?}");
    assert!(alices[0].contains("nearly up: 2 h 14 min left"), "{}", alices[0]);
    assert!(private_to(&woken, "bob").is_empty(), "Bob was reminded already");
    assert!(private_to(&room.tick(morning + HOUR), "alice").is_empty(), "once");
}

#[test]
fn a_reminder_whose_morning_comes_after_the_deadline_is_left_out() {
    let mut room = Chatroom::temporary();
    start_game(&mut room, "tank-battle turn=1h", &["Alice", "Bob"]);
    let (_, user) = mover(&room);
    let name = if user == "alice" { "Alice" } else { "Bob" };
    room.send(name, "/tz 0");
    let started = table(&room).clock.started;
    let mut sent = Vec::new();
    for at in [30, 50, 60] {
        sent.extend(private_to(&room.tick(started + at * 60_000), &user));
    }
    assert!(sent.is_empty(), "nothing at night: {sent:?}");
    assert!(room.latest_text().contains("the turn was played for them"), "the deadline holds");
}

#[test]
fn tz_sets_shows_and_forgets_the_time_zone() {
    let mut room = Chatroom::temporary();
    let said = |effects: Vec<Effect>| format!("{effects:?}");
    assert!(said(room.send("Alice", "/tz")).contains("Tell me your time zone"));
    assert!(said(room.send("Alice", "/tz +15")).contains("from -12 to +14"));
    assert!(said(room.send("Alice", "/tz UTC-5:30")).contains("UTC−5:30"));
    assert!(said(room.send("Alice", "/tz")).contains("Your time zone is UTC−5:30"));
    assert!(said(room.send("Alice", "/tz off")).contains("forgotten"));
    assert!(said(room.send("Alice", "/tz")).contains("Tell me your time zone"));
}

#[test]
fn under_the_vote_policy_every_game_removes_the_absent_player_as_on_resignation() {
    for info in GAMES {
        for seats in [info.seats.min(), info.seats.max()] {
            let names = &["Alice", "Bob", "Carol", "Dave"][..seats];
            let mut room = Chatroom::temporary();
            start_game(&mut room, &format!("{} timeout=vote", info.id), names);
            let (seat, _) = mover(&room);
            tick_to_deadline(&mut room);
            let remove = room.button(&format!("Remove {}", names[seat]));
            let remove = remove.unwrap_or_else(|| panic!("{}: {}", info.id, room.latest_text()));
            for voter in names.iter().enumerate().filter(|(s, _)| *s != seat).map(|(_, n)| n) {
                if table(&room).clock.vote.is_some() {
                    room.press(voter, &remove);
                }
            }
            let after = table(&room);
            assert_eq!(after.resigned, vec![seat], "{} with {seats}", info.id);
            let text = room.latest_text();
            assert!(text.contains("The players voted"), "{}: {text}", info.id);
            if seats == 2 {
                assert!(after.status.is_over(), "{}: one player left wins", info.id);
                let winner = names[1 - seat];
                assert!(text.contains(&format!("1. {winner}")), "{}: {text}", info.id);
            }
        }
    }
}

#[test]
fn under_the_computer_policy_a_computer_plays_the_absent_players_turn_in_every_game() {
    for info in GAMES {
        let seats = info.seats.min();
        let names = &["Alice", "Bob", "Carol", "Dave"][..seats];
        let mut room = Chatroom::temporary();
        start_game(&mut room, &format!("{} timeout=computer misses=never turn=1h", info.id), names);
        let deadlines = run_the_clock(&mut room, 4);
        assert!(deadlines > 0, "{}", info.id);
        let said: Vec<String> = room
            .seen
            .iter()
            .filter_map(|d| group_message(&d.effect))
            .map(|m| m.text.clone())
            .collect();
        assert!(
            said.iter().any(|t| t.contains("a computer plays the turn for them")),
            "{}: {said:?}",
            info.id
        );
        assert!(!room.latest_text().contains('⚠'), "{}", room.latest_text());
    }
}

#[test]
fn a_stand_in_computer_thinks_away_from_the_tick_and_the_absent_player_waits_for_it() {
    use common::group_input as input;
    use igroteka::app::{Action, App, AppConfig};
    use igroteka::table::ChatId;
    let store = SledStore::temporary().unwrap();
    let mut app = App::new(store.clone(), AppConfig::default());
    let command = |line: &str| {
        let mut words = line.split_whitespace().map(String::from);
        Action::Command { name: words.next().unwrap(), args: words.collect() }
    };
    app.handle(&input("Alice", 1_000, command("play tank-battle timeout=computer turn=1h")));
    app.handle(&input("Bob", 2_000, command("join")));
    app.handle(&input("Alice", 3_000, command("startgame")));
    let key = ChatId { platform: Platform::Console, chat: "g".into(), thread: None };
    let id = store.chat_table(&key).unwrap().unwrap();
    let mut before = store.load(id).unwrap().unwrap();
    let ToMove::Seats(seats) = before.to_move() else { panic!("nobody to move") };
    let absent = seats[0];
    // Ticks at each time the clock is due: the reminders, then the deadline.
    let mut now = before.due().unwrap();
    loop {
        app.handle(&input("", now, Action::Tick));
        let t = store.load(id).unwrap().unwrap();
        if t.clock.misses.get(&absent) == Some(&1) {
            break;
        }
        now = t.due().unwrap().max(now);
    }
    let mut waiting = store.load(id).unwrap().unwrap();
    assert_eq!(waiting.log_len(), before.log_len(), "the tick itself played nothing");
    assert_eq!(waiting.stand_in, vec![absent]);
    assert!(waiting.to_move().includes(absent));
    let turns = app.take_computer_turns();
    assert_eq!(turns.len(), 1, "the stand-in's turn is handed out like a computer seat's");
    assert_eq!((turns[0].seat, turns[0].level), (absent, igroteka::ai::Level::Normal));
    // The absent player's own press meanwhile is refused politely; nothing changes.
    let board = app.current_board(id).unwrap().unwrap();
    assert!(board.text.contains("A computer plays"), "{}", board.text);
    let name = ["Alice", "Bob"][absent];
    let token =
        igroteka::app::token::Token::new(id, waiting.seq, igroteka::app::token::Op::Choose(0));
    let refused = app.handle(&input(
        name,
        now + 1,
        Action::Press { token: token.encode(), message_id: None },
    ));
    assert!(
        refused.iter().any(|e| matches!(e, Effect::Answer { text, alert: true } if text.contains("computer is playing"))),
        "{refused:?}"
    );
    assert_eq!(store.load(id).unwrap().unwrap(), waiting, "the refused press changed nothing");
    // The decision comes back as an input and plays the turn through; the stand-in ends.
    let mut after = waiting.clone();
    for turn in turns {
        app.handle(&turn.decide());
        after = store.load(id).unwrap().unwrap();
        let more = app.take_computer_turns();
        for turn in more {
            app.handle(&turn.decide());
            after = store.load(id).unwrap().unwrap();
        }
    }
    assert!(after.log_len() > waiting.log_len(), "the computer moved for {name}");
    assert!(after.stand_in.is_empty(), "the stand-in is over with the turn");
    assert!(!after.to_move().includes(absent), "the other player's turn");
}

/// Opens a lobby of `game` with `people` (the first creates it) and one easy computer, and
/// starts it; the computer's turns are played as soon as they come.
fn start_with_a_computer(room: &mut Chatroom, game: &str, people: &[&str]) {
    room.send(people[0], &format!("/play {game}"));
    for p in &people[1..] {
        let join = room.button("Join").expect("a Join button");
        room.press(p, &join);
    }
    let add = room.button("🤖 + easy").expect("an add-computer button");
    room.press(people[0], &add);
    let start = room.button("Start").expect("a Start button");
    room.press(people[0], &start);
    assert_eq!(table(room).status, Status::Playing);
}

/// The name of the person `user` (the rooms' users are their names in lower case).
fn name_of(user: &str) -> &'static str {
    ["Alice", "Bob"].into_iter().find(|n| n.to_lowercase() == user).expect("Alice or Bob")
}

#[test]
fn a_computer_does_not_vote_so_the_one_other_person_decides() {
    let mut room = Chatroom::temporary();
    start_with_a_computer(&mut room, "aeroplane timeout=vote turn=1h", &["Alice", "Bob"]);
    let (seat, user) = mover(&room);
    let absent = name_of(&user);
    let voter = if absent == "Alice" { "Bob" } else { "Alice" };
    tick_to_deadline(&mut room);
    let board = room.latest_text();
    assert!(board.contains(&format!("Remove {absent} from the game, or wait")), "{board}");
    assert!(board.contains("0 of 1 voted"), "the computer is not counted: {board}");
    room.press(voter, &room.button(&format!("Remove {absent}")).expect("a Remove button"));
    let board = room.latest_text();
    assert!(board.contains(&format!("The players voted: {absent} is removed")), "{board}");
    let after = table(&room);
    assert_eq!(after.resigned, vec![seat], "one person's vote was a majority");
    assert_eq!(after.status, Status::Playing, "{voter} plays on against the computer");
}

#[test]
fn alone_with_computers_no_vote_opens_and_one_pause_stops_the_clock() {
    let mut room = Chatroom::temporary();
    start_with_a_computer(&mut room, "tank-battle timeout=vote turn=1h", &["Alice"]);
    assert_eq!(mover(&room).1, "alice", "the computer's turns are played at once");
    let before = table(&room);
    let effects = tick_to_deadline(&mut room);
    let board = group_texts(&effects).join("\n");
    assert!(board.contains("ran out of time") && board.contains("played for them"), "{board}");
    assert!(room.button("Remove").is_none(), "no vote nobody could cast: {board}");
    let after = table(&room);
    assert_eq!(after.clock.vote, None);
    assert!(after.log_len() > before.log_len(), "her turn was played");
    assert_eq!(after.status, Status::Playing);

    let paused = format!("{:?}", room.send("Alice", "/pause"));
    assert!(paused.contains("the clock is stopped"), "the computer has no say: {paused}");
    assert!(table(&room).clock.is_paused());
}

#[test]
fn in_toy_two_against_two_a_vote_on_one_commander_is_not_cut_short_by_the_teammate() {
    let mut room = Chatroom::temporary();
    let names = ["Alice", "Bob", "Carol", "Dave"];
    start_game(&mut room, "air-battle toy timeout=vote", &names);
    // Play on until both commanders of the side to move may fly (at first only one kind can).
    let side = loop {
        let mut game = table(&room);
        let ToMove::Seats(seats) = game.to_move() else { panic!("nobody to move") };
        if seats.len() == 2 {
            break seats;
        }
        let (actor, action) = game.game_ref().unwrap().timeout_action(seats[0]).expect("a flight");
        let read_seq = game.seq;
        game.act(actor, &action, room.now).unwrap();
        room.store().save(&game, Some(read_seq), &[]).unwrap();
    };
    let (voted, teammate) = (side[0], side[1]);
    let log_len = table(&room).log_len();
    tick_to_deadline(&mut room);
    let mut after = table(&room);
    assert_eq!(after.clock.vote.as_ref().map(|v| v.seat), Some(voted), "the vote stays open");
    assert_eq!(after.log_len(), log_len, "nobody's turn was played");
    assert_eq!(after.to_move(), ToMove::Seats(side), "the side is still to move");
    assert_eq!(after.clock.misses.get(&teammate), Some(&1), "the teammate missed it too");
    let board = room.latest_text();
    let waits = format!("{} ran out of time too", names[teammate]);
    assert!(board.contains(&waits), "{board}");
    assert!(room.button(&format!("Remove {}", names[voted])).is_some(), "{board}");
    // Nobody settles it: at its end the side's turn is played, and play goes on.
    tick_to_deadline(&mut room);
    let mut played = table(&room);
    assert!(played.log_len() > log_len, "the turn was played for them");
    assert!(played.clock.vote.is_none());
    let ToMove::Seats(next) = played.to_move() else { panic!("nobody to move") };
    assert!(next.iter().all(|s| !side.contains(s)), "the other side moves: {next:?}");
}
