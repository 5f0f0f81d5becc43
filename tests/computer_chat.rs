//! Computer players through the conversation engine and the real store: seated from the
//! lobby, moving by themselves, never sent a private message or pinged, their stale answers
//! dropped, and their turn taken up again after a restart.

mod common;

use common::{Chatroom, answer, group_message, table};
use igroteka::app::{Action, App, AppConfig, Dest, Effect};
use igroteka::store::{SledStore, Store};
use igroteka::table::{ChatId, Platform, Status};

/// Nothing ever goes to a computer's made-up user, and no ping mentions one.
fn assert_computers_left_alone(room: &Chatroom) {
    for d in &room.seen {
        if let Effect::Send { to: Dest::User { user }, .. } = &d.effect {
            assert!(!user.starts_with("computer-"), "a private message to {user}");
        }
        if let Effect::Send { message, .. } = &d.effect {
            assert!(message.mentions.iter().all(|m| !m.user.starts_with("computer-")));
        }
    }
}

#[test]
fn one_person_plays_a_whole_aeroplane_game_against_three_computers() {
    let mut room = Chatroom::temporary();
    room.send("Alice", "/play aeroplane");
    for level in ["easy", "easy", "normal"] {
        let add = room.button(&format!("🤖 + {level}")).expect("an add-computer button");
        let effects = room.press("Alice", &add);
        assert!(answer(&effects).is_some_and(|(t, alert)| !alert && t.contains("computer")));
    }
    let lobby = room.latest_text();
    assert!(lobby.contains("🤖 Computer 1 (easy)") && lobby.contains("🤖 Computer 3 (normal)"));
    let full = room.press("Alice", &room.button("🤖 + strong").unwrap());
    assert!(answer(&full).is_some_and(|(t, alert)| alert && t.contains("full")), "{full:?}");
    room.press("Alice", &room.button("Start").unwrap());
    let mut presses = 0;
    while !table(&room).status.is_over() {
        let buttons = room.latest_buttons();
        let (_, token) = buttons.first().expect("Alice's buttons while the game runs");
        room.press("Alice", &token.clone());
        presses += 1;
        assert!(presses < 3_000, "the game never ended");
    }
    let end = room.latest_text();
    assert!(end.contains("Game over"), "{end}");
    assert!(end.contains("🤖 Computer"), "the ranking names the computers: {end}");
    let stored = table(&room);
    assert_eq!(stored.status, Status::Finished);
    assert!(stored.log_len() > presses as u64, "the computers moved too");
    assert_computers_left_alone(&room);
}

#[test]
fn a_computer_keeps_its_secret_set_up_and_plays_tanks() {
    let mut room = Chatroom::temporary();
    room.send("Alice", "/play tanks");
    room.press("Alice", &room.button("🤖 + normal").unwrap());
    room.press("Alice", &room.button("Start").unwrap());
    for label in ["random set-up", "ready"] {
        let buttons = room.private_buttons("Alice");
        let token = buttons.iter().find(|(t, _)| t.to_lowercase().contains(label));
        room.press("Alice", &token.expect(label).1.clone());
    }
    assert_eq!(table(&room).status, Status::Playing, "the computer's set-up is done too");
    for _ in 0..40 {
        if table(&room).status.is_over() {
            break;
        }
        // On the group's board, or privately for a choice that shows her secrets.
        let group = room.latest_buttons();
        let mine = group.iter().find(|(text, _)| !text.contains("My board")).cloned();
        let mine = mine.or_else(|| room.private_buttons("Alice").first().cloned());
        let Some(mine) = mine else {
            let mut t = table(&room);
            panic!("no buttons for Alice: {:?} {}", t.to_move(), room.latest_text());
        };
        room.press("Alice", &mine.1.clone());
    }
    assert!(table(&room).log_len() > 40, "both sides moved");
    // Nothing of the computer's secrets in the group.
    for d in &room.seen {
        if let Some(message) = group_message(&d.effect)
            && let Some(board) = &message.board
        {
            let json = serde_json::to_value(board).unwrap();
            for rocket in json["rockets"].as_array().into_iter().flatten() {
                if rocket["revealed"] == false {
                    assert!(rocket["label"].is_null(), "a secret label in the group: {rocket}");
                }
            }
        }
    }
    assert_computers_left_alone(&room);
}

#[test]
fn only_seated_people_seat_computers_and_the_last_one_can_be_taken_out() {
    let mut room = Chatroom::temporary();
    room.send("Alice", "/play tank-battle");
    let add = room.button("🤖 + easy").unwrap();
    let refused = room.press("Mallory", &add);
    assert!(answer(&refused).is_some_and(|(t, alert)| alert && t.contains("not playing")));
    assert_eq!(table(&room).players.len(), 1);
    room.press("Alice", &add);
    assert_eq!(table(&room).players.len(), 2);
    room.press("Alice", &room.button("🤖 −").expect("a take-out button"));
    assert_eq!(table(&room).players.len(), 1);
    room.press("Alice", &room.button("🤖 + easy").unwrap());
    // The last person leaves: a lobby of computers alone closes.
    room.press("Alice", &room.button("Leave").unwrap());
    assert_eq!(table(&room).status, Status::Aborted);
}

#[test]
fn a_stale_computer_answer_changes_nothing_and_a_restart_takes_the_turn_up_again() {
    let dir = tempfile::tempdir().unwrap();
    let store = SledStore::open(dir.path(), 8 << 20).unwrap();
    let mut app = App::new(store.clone(), AppConfig::default());
    let input = common::group_input;
    let command = |name: &str, args: &[&str]| Action::Command {
        name: name.into(),
        args: args.iter().map(|a| a.to_string()).collect(),
    };
    app.handle(&input("Alice", 1_000, command("play", &["tank-battle"])));
    let id =
        store.chat_table(&ChatId { platform: Platform::Console, chat: "g".into(), thread: None });
    let id = id.unwrap().unwrap();
    let lobby = store.load(id).unwrap().unwrap();
    let token = |op| igroteka::app::token::Token::new(id, lobby.seq, op).encode();
    use igroteka::app::token::Op;
    app.handle(&input(
        "Alice",
        2_000,
        Action::Press { token: token(Op::AddComputer(0)), message_id: None },
    ));
    let seq = store.load(id).unwrap().unwrap().seq;
    let token = igroteka::app::token::Token::new(id, seq, Op::Start).encode();
    app.handle(&input("Alice", 3_000, Action::Press { token, message_id: None }));
    let computer = 1;
    let mut now = 3_000;
    let mut turns = app.take_computer_turns();
    // Alice moves first when the game says so: the first options on the board, until it is
    // the computer's turn.
    while turns.is_empty() {
        let board = app.current_board(id).unwrap().expect("a running game");
        let token = common::buttons_of(&board).first().expect("Alice's buttons").1.clone();
        now += 1_000;
        app.handle(&input("Alice", now, Action::Press { token, message_id: None }));
        turns = app.take_computer_turns();
    }
    let mut started = store.load(id).unwrap().unwrap();
    assert!(started.is_computer(computer) && started.to_move().includes(computer));
    assert_eq!(turns.len(), 1, "the computer's turn is handed out");
    // A stale answer (for an older version of the table) is dropped.
    let mut answer = turns.into_iter().next().unwrap().decide();
    let Action::Computer { seq, .. } = &mut answer.action else { panic!("{answer:?}") };
    *seq -= 1;
    app.handle(&answer);
    assert_eq!(store.load(id).unwrap().unwrap(), started, "nothing changed");
    let again = app.take_computer_turns();
    assert_eq!(again.len(), 1, "and the computer is asked again");
    // The process dies before the answer comes back: a new one takes the turn up again.
    drop(again);
    drop(app);
    let mut app = App::new(store.clone(), AppConfig::default());
    app.handle(&input("", now + 1_000, Action::Tick));
    let turns = app.take_computer_turns();
    assert_eq!(turns.len(), 1, "the tick after the restart hands the turn out");
    app.handle(&turns.into_iter().next().unwrap().decide());
    let mut after = store.load(id).unwrap().unwrap();
    assert_eq!(after.log_len(), started.log_len() + 1, "the computer moved once");
    assert!(!after.to_move().includes(computer), "Alice's turn now");
    assert!(app.take_computer_turns().is_empty());
}
