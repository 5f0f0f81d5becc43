//! Undo by consent (issue 41) through the whole engine over real sled: a player's `/undo`
//! asks the others on the board; accepted, the game is back exactly where it was before the
//! move; refused, nothing changes; a die is never rolled again by an undo (the same roll comes
//! back); a request and the next player's move race and exactly one of them wins; computers
//! accept at a solo table and refuse in a group; wrong asks are answered and change nothing.
//! (No take-back after a reveal: `src/undo.rs`'s tests, over random «Идут танки» games.)

mod common;

use common::{Chatroom, answer, mover, said, start_game, table, user};
use igroteka::app::{Action, Chat, Dest, Effect, Input};
use igroteka::game::Actor;
use igroteka::store::Store;
use igroteka::table::{LogEntry, Platform, effective_log};

const NAMES: [&str; 2] = ["Alice", "Bob"];

fn log(room: &Chatroom) -> Vec<LogEntry> {
    room.store().log(table(room).id).unwrap()
}

fn is_chance(entry: &LogEntry) -> bool {
    matches!(entry, LogEntry::Act { actor: Actor::Chance, .. })
}

/// The seat of the last action that was not chance.
fn last_actor(log: &[LogEntry]) -> Option<usize> {
    match effective_log(log).into_iter().rev().find(|e| !is_chance(e))? {
        LogEntry::Act { actor: Actor::Seat(seat), .. } => Some(seat),
        _ => None,
    }
}

/// Presses the board for whoever is to move until `done` holds after an action of Alice's;
/// returns the game's state and log as they were just before that action.
fn play_until(room: &mut Chatroom, done: impl Fn(&Chatroom) -> bool) -> (String, Vec<LogEntry>) {
    play_until_among(room, &NAMES, done)
}

fn play_until_among(
    room: &mut Chatroom,
    names: &[&str],
    done: impl Fn(&Chatroom) -> bool,
) -> (String, Vec<LogEntry>) {
    for _ in 0..2_000 {
        let (name, token) = mover(room, names).expect("someone to move");
        let before = (table(room).state().unwrap().to_string(), log(room));
        room.press(&name, &token);
        let acted = log(room).len() > before.1.len();
        if name == "Alice" && acted && done(room) {
            return before;
        }
    }
    panic!("never reached: {}", room.latest_text());
}

/// Bob is to move, and Alice moved last.
fn bob_to_move(room: &Chatroom) -> bool {
    table(room).clone().to_move().includes(1) && last_actor(&log(room)) == Some(0)
}

fn board_button(room: &Chatroom, text: &str) -> String {
    room.button(text).unwrap_or_else(|| panic!("no {text} on the board: {}", room.latest_text()))
}

#[test]
fn an_accepted_undo_puts_the_game_back_where_it_was() {
    let mut room = Chatroom::temporary();
    start_game(&mut room, "aeroplane", &NAMES);
    let (state, earlier) = play_until(&mut room, bob_to_move);

    let effects = room.send("Alice", "/undo");
    let ping = effects.iter().find_map(|e| match e {
        Effect::Send { to: Dest::Chat { .. }, message } if !message.mentions.is_empty() => {
            Some(message)
        }
        _ => None,
    });
    let ping = ping.expect("Bob is pinged");
    assert!(ping.text.contains("Alice asks to take back"), "{}", ping.text);
    assert_eq!(ping.mentions[0].user, "bob");
    assert!(room.latest_text().contains("Take back Alice's last move? Waiting for: Bob"));
    assert!(table(&room).undo.is_some());

    let effects = room.press("Bob", &board_button(&room, "Take it back"));
    assert_eq!(answer(&effects), Some((String::new(), false)));
    let after = table(&room);
    assert_eq!(after.state().unwrap(), state, "the game as it was before Alice's move");
    assert_eq!(effective_log(&log(&room)), earlier, "the move and its chance are gone");
    assert!(matches!(log(&room).last(), Some(LogEntry::Undo { .. })), "the log only grows");
    assert!(after.undo.is_none());
    assert!(after.clone().to_move().includes(0), "Alice is to move again");
    assert!(room.latest_text().contains("Alice's last move is taken back"));
    assert!(room.button("Take it back").is_none(), "the request's buttons are gone");
    // Alice plays on from there.
    let (name, token) = mover(&room, &NAMES).unwrap();
    assert_eq!(name, "Alice");
    room.press(&name, &token);
    assert!(log(&room).len() > earlier.len() + 1);
}

#[test]
fn a_refused_undo_changes_nothing_but_the_request() {
    let mut room = Chatroom::temporary();
    start_game(&mut room, "aeroplane", &NAMES);
    play_until(&mut room, bob_to_move);
    let state = table(&room).state().unwrap().to_string();
    let entries = log(&room);
    room.send("Alice", "/undo");
    room.press("Bob", &board_button(&room, "Keep it"));
    let after = table(&room);
    assert_eq!(after.state().unwrap(), state);
    assert_eq!(log(&room), entries, "nothing was logged");
    assert!(after.undo.is_none());
    assert!(
        room.latest_text().contains("Bob said no: Alice's move stands"),
        "{}",
        room.latest_text()
    );
    assert!(room.button("Take it back").is_none());
    // Asked again: the request comes back.
    room.send("Alice", "/undo");
    assert!(room.button("Take it back").is_some());
}

/// Alice rolls and still has to move a plane: her roll is taken back, and when she rolls
/// again, the same number comes up.
#[test]
fn a_die_is_never_rolled_again_by_an_undo() {
    for attempt in 0..20 {
        let mut room = Chatroom::temporary();
        start_game(&mut room, "aeroplane", &NAMES);
        let (_, earlier) = play_until(&mut room, |room| {
            let log = log(room);
            table(room).clone().to_move().includes(0) && log.last().is_some_and(is_chance)
        });
        let rolled = log(&room)[earlier.len()..].to_vec();
        let die: Vec<&LogEntry> = rolled.iter().filter(|e| is_chance(e)).collect();
        assert!(!die.is_empty(), "attempt {attempt}: a roll");
        room.send("Alice", "/undo");
        room.press("Bob", &board_button(&room, "Take it back"));
        assert_eq!(effective_log(&log(&room)), earlier);
        let (name, roll) = mover(&room, &NAMES).unwrap();
        assert_eq!(name, "Alice");
        room.press(&name, &roll);
        let again = effective_log(&log(&room))[earlier.len()..].to_vec();
        assert_eq!(again, rolled, "the same roll came back");
        if attempt >= 2 {
            return;
        }
    }
}

/// The request and the next player's move, in either order: exactly one of them happens.
#[test]
fn an_undo_racing_the_next_move_exactly_one_wins() {
    for move_first in [true, false] {
        let mut room = Chatroom::temporary();
        start_game(&mut room, "aeroplane", &NAMES);
        play_until(&mut room, bob_to_move);
        room.send("Alice", "/undo");
        let accept = board_button(&room, "Take it back");
        let (name, bobs_move) = mover(&room, &NAMES).unwrap();
        assert_eq!(name, "Bob");
        let before = log(&room).len();
        let press = |token: &str| {
            let message_id = room.message_with(token).map(|(id, _)| id);
            let action = Action::Press { token: token.to_string(), message_id };
            let chat = room.chat.clone();
            Input {
                platform: Platform::Console,
                chat,
                user: user("Bob"),
                now: room.now + 1,
                action,
            }
        };
        let inputs = if move_first {
            vec![press(&bobs_move), press(&accept)]
        } else {
            vec![press(&accept), press(&bobs_move)]
        };
        let answers = room.platform.run_batch(&inputs);
        let entries = log(&room);
        let undone = entries[before..].iter().any(|e| matches!(e, LogEntry::Undo { .. }));
        let bob_moved = entries[before..]
            .iter()
            .any(|e| matches!(e, LogEntry::Act { actor: Actor::Seat(1), .. }));
        assert!(undone != bob_moved, "move first: {move_first}: exactly one won\n{entries:?}");
        assert_eq!(undone, !move_first);
        let second: Vec<&Effect> = answers[1].iter().map(|d| &d.effect).collect();
        let refusal = second.iter().find_map(|e| match e {
            Effect::Answer { text, alert: true } => Some(text.clone()),
            _ => None,
        });
        if move_first {
            // The request's buttons were pressed after the move: refused.
            let refusal = refusal.expect("the late acceptance is refused");
            assert!(refusal.contains("request is over"), "{refusal}");
        } else {
            // Bob's move was pressed on the live board, which was behind: it is shown again
            // as it now stands (a heal, not a refusal), and nothing moves.
            assert_eq!(refusal, None, "{second:?}");
            let healed = second.iter().any(|e| {
                matches!(e, Effect::Answer { text, alert: false } if text.contains("board was behind"))
            });
            assert!(healed, "{second:?}");
        }
        assert!(table(&room).undo.is_none());
    }
}

#[test]
fn computers_refuse_in_a_group_and_accept_at_a_solo_table() {
    let mut room = Chatroom::temporary();
    room.send("Alice", "/play aeroplane");
    room.press("Alice", &room.button("🤖 + easy").unwrap());
    room.press("Alice", &room.button("Start").unwrap());
    // Alice rolls a number she can move with: her turn goes on, and the roll is her last move.
    let alice_goes_on = |room: &Chatroom| {
        table(room).clone().to_move().includes(0) && last_actor(&log(room)) == Some(0)
    };
    play_until_among(&mut room, &["Alice", "Computer"], alice_goes_on);
    let entries = log(&room);
    assert_eq!(last_actor(&entries), Some(0), "Alice rolled last");
    let text = said(&room.send("Alice", "/undo"));
    assert!(text.contains("says no: games in this chat count"), "{text}");
    assert_eq!(log(&room), entries);

    let mut solo = Chatroom::new(room.store().clone());
    solo.chat = Chat { id: "private-alice".into(), private: true, thread: None, server: None };
    solo.send("Alice", "/play aeroplane");
    solo.press("Alice", &solo.button("🤖 + easy").unwrap());
    solo.press("Alice", &solo.button("Start").unwrap());
    let id = igroteka::table::ChatId {
        platform: Platform::Console,
        chat: "private-alice".into(),
        thread: None,
    };
    let table_id = solo.store().chat_table(&id).unwrap().unwrap();
    let solo_log = |solo: &Chatroom| solo.store().log(table_id).unwrap();
    let alice_goes_on = |solo: &Chatroom| {
        let mut table = solo.store().load(table_id).unwrap().unwrap();
        table.to_move().includes(0) && last_actor(&solo_log(solo)) == Some(0)
    };
    let mut before = solo_log(&solo);
    for _ in 0..2_000 {
        if alice_goes_on(&solo) {
            break;
        }
        before = solo_log(&solo);
        let (_, token) = solo.latest_buttons()[0].clone();
        solo.press("Alice", &token);
    }
    assert!(alice_goes_on(&solo));
    solo.send("Alice", "/undo");
    assert_eq!(effective_log(&solo_log(&solo)), before, "taken back at once");
    assert!(solo.latest_text().contains("Alice's last move is taken back"));
}

#[test]
fn wrong_asks_are_answered_and_change_nothing() {
    let mut room = Chatroom::temporary();
    assert!(said(&room.send("Alice", "/undo")).contains("no game"));
    room.send("Alice", "/play aeroplane");
    assert!(said(&room.send("Alice", "/undo")).contains("no move to take back"));
    room.press("Bob", &room.button("Join").unwrap());
    room.press("Alice", &room.button("Start").unwrap());
    assert!(said(&room.send("Carol", "/undo")).contains("not"), "not a player");
    assert!(said(&room.send("Alice", "/undo")).contains("no move to take back"));
    play_until(&mut room, bob_to_move);
    assert!(said(&room.send("Bob", "/undo")).contains("Someone has moved since"));
    let entries = log(&room);
    room.send("Alice", "/undo");
    let seq = table(&room).seq;
    assert!(said(&room.send("Alice", "/undo")).contains("already asked"));
    let accept = board_button(&room, "Take it back");
    let own = room.press("Alice", &accept);
    assert!(answer(&own).unwrap().0.contains("the others decide"), "{own:?}");
    let stranger = room.press("Carol", &accept);
    assert!(answer(&stranger).unwrap().0.contains("not"), "{stranger:?}");
    let forged = accept.replace(":z1", ":z7");
    assert!(answer(&room.press("Bob", &forged)).unwrap().0.contains("not one I recognise"));
    let older = accept.replacen(&format!(":{}:", entries.len()), ":1:", 1);
    assert!(answer(&room.press("Bob", &older)).unwrap().0.contains("request is over"));
    assert_eq!(table(&room).seq, seq, "nothing saved");
    assert_eq!(log(&room), entries);
}
