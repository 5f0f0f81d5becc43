//! «Воздушный бой» two against two through the conversation engine and its real store: both
//! commanders of the side to move get their own block of buttons on the one group board, a
//! press on the teammate's block is refused without changing anything, the board previews the
//! half-made move picked last, and a teammate's move leaves the other commander's half-made
//! «Аэрофото» move (and its buttons) as they were.

mod common;

use common::{Chatroom, answer, group_message, start_game};
use igroteka::app::Message;
use igroteka::app::token::{Token, Version};
use igroteka::games::air_battle::View;
use igroteka::store::Store;
use igroteka::table::{ChatId, Platform, Table};
use igroteka::view::AnyView;

/// Red's bomber and fighter commanders, then Green's (the lobby's seat order).
const PLAYERS: [&str; 4] = ["Alice", "Bob", "Carol", "Dave"];

fn table(room: &Chatroom) -> Table {
    let chat = ChatId { platform: Platform::Console, chat: room.chat.id.clone(), thread: None };
    let id = room.store().chat_table(&chat).unwrap().expect("a table in this chat");
    room.store().load(id).unwrap().unwrap()
}

/// The latest group board (a message with a picture).
fn board(room: &Chatroom) -> Message {
    room.seen
        .iter()
        .rev()
        .filter_map(|d| group_message(&d.effect))
        .find(|m| m.board.is_some())
        .cloned()
        .expect("a board")
}

fn view(message: &Message) -> View {
    match &message.board {
        Some(AnyView::AirBattle(view)) => view.clone(),
        other => panic!("not an Air Battle board: {other:?}"),
    }
}

/// The seat a button's token was made for.
fn seat_of(token: &str) -> usize {
    match Token::parse(token).expect("a token").version {
        Version::Keyboard(keyboard) => keyboard.seat,
        other => panic!("not a move button: {other:?}"),
    }
}

/// The token of the board's button with exactly this text in `seat`'s block.
fn button(room: &Chatroom, seat: usize, text: &str) -> String {
    let buttons = room.latest_buttons();
    let found = buttons.iter().find(|(t, token)| t == text && seat_of(token) == seat);
    found.unwrap_or_else(|| panic!("no button {text} for seat {seat} in {buttons:?}")).1.clone()
}

fn is_label(text: &str, letter: char) -> bool {
    text.starts_with(letter) && text[1..].parse::<u8>().is_ok()
}

/// `who` (at `seat`) flies `label` one or more steps straight ahead and confirms: «Аэрофото»
/// motion by motion then Done, «Игрушка» the first operation offered then Confirm.
fn fly(room: &mut Chatroom, who: &str, seat: usize, label: &str, photo_steps: usize) {
    room.press(who, &button(room, seat, label));
    if photo_steps == 0 {
        let buttons = room.latest_buttons();
        let operation = buttons
            .iter()
            .find(|(t, k)| seat_of(k) == seat && !t.contains("Back") && !is_label(t, 'B'))
            .filter(|(t, _)| !is_label(t, 'F'))
            .expect("an operation")
            .1
            .clone();
        room.press(who, &operation);
        room.press(who, &button(room, seat, "✅ Confirm"));
    } else {
        for _ in 0..photo_steps {
            room.press(who, &button(room, seat, "↑"));
        }
        room.press(who, &button(room, seat, "✅ Done"));
    }
}

#[test]
fn both_commanders_get_their_own_buttons_and_a_press_on_the_other_block_is_refused() {
    let mut room = Chatroom::temporary();
    start_game(&mut room, "air-battle photo", &PLAYERS);
    let text = board(&room).text;
    assert!(text.contains("Alice, your turn: choose a bomber"), "{text}");
    assert!(text.contains("Bob, your turn: choose a fighter"), "{text}");
    let buttons = room.latest_buttons();
    // The bombers stand behind the fighters at the start: Red's bomber commander can only pass.
    let alice: Vec<_> = buttons.iter().filter(|(_, token)| seat_of(token) == 0).collect();
    assert_eq!(alice.len(), 1, "{alice:?}");
    assert!(alice[0].0.contains("Pass with the bombers"));
    let fighters: Vec<_> = buttons.iter().filter(|(t, _)| is_label(t, 'F')).collect();
    assert_eq!(fighters.len(), 8, "the front row: {buttons:?}");
    assert!(fighters.iter().all(|(_, token)| seat_of(token) == 1), "{fighters:?}");

    // Bob may not pass for the bombers, nor a Green player pick anything: nothing changes.
    let before = table(&room);
    let effects = room.press("Bob", &alice[0].1);
    let (said, _) = answer(&effects).expect("an answer");
    assert!(said.contains("another player"), "{said}");
    let effects = room.press("Carol", &fighters[0].1);
    let (said, _) = answer(&effects).expect("an answer");
    assert!(said.contains("not your turn"), "{said}");
    assert_eq!(table(&room), before);
}

/// Red's fighter F2 and Green's fighter F2 fly out, the bombers pass: the Red bombers behind
/// F2 may take off now.
fn open_the_airfields(room: &mut Chatroom, photo: bool) {
    let steps = if photo { 3 } else { 0 };
    fly(room, "Bob", 1, "F2", steps);
    if photo {
        room.press("Alice", &button(room, 0, "Pass with the bombers"));
        room.press("Carol", &button(room, 2, "Pass with the bombers"));
    }
    fly(room, "Dave", 3, "F2", steps);
}

#[test]
fn the_board_previews_the_half_made_move_picked_last() {
    let mut room = Chatroom::temporary();
    start_game(&mut room, "air-battle photo", &PLAYERS);
    open_the_airfields(&mut room, true);
    room.press("Alice", &button(&room, 0, "B1"));
    let shown = view(&board(&room));
    let b1 = shown.planes.iter().find(|p| p.label == "B1").unwrap().id;
    assert_eq!(shown.selected, Some(b1));

    room.press("Bob", &button(&room, 1, "F3"));
    let shown = view(&board(&room));
    let f3 = shown.planes.iter().find(|p| p.label == "F3").unwrap().id;
    assert_eq!(shown.selected, Some(f3), "the fighter was picked last");
    // Both half-made moves are on the board, each with its own Back.
    let backs: Vec<_> =
        room.latest_buttons().into_iter().filter(|(t, _)| t.contains("Back")).collect();
    assert_eq!(backs.len(), 2, "{backs:?}");
    assert_eq!(seat_of(&backs[0].1), 0);
    assert_eq!(seat_of(&backs[1].1), 1);

    // Bob backs out: the bomber's half-made move is previewed again.
    room.press("Bob", &backs[1].1);
    assert_eq!(view(&board(&room)).selected, Some(b1));
}

#[test]
fn a_teammates_move_leaves_the_other_commanders_half_made_move_and_its_buttons() {
    let mut room = Chatroom::temporary();
    start_game(&mut room, "air-battle photo", &PLAYERS);
    // Bob starts a fighter's take-off and keeps the keyboard he was shown.
    room.press("Bob", &button(&room, 1, "F2"));
    room.press("Bob", &button(&room, 1, "↑"));
    let bob_step = button(&room, 1, "↑");
    // Alice passes with the bombers meanwhile.
    room.press("Alice", &button(&room, 0, "Pass with the bombers"));
    let after = table(&room);
    assert_eq!(after.selection.get(&1).map(Vec::len), Some(2), "{:?}", after.selection);
    // Bob's button from before Alice's move still works: it is not stale.
    let effects = room.press("Bob", &bob_step);
    let (said, _) = answer(&effects).expect("an answer");
    assert!(!said.contains("out of date") && !said.contains("behind"), "{said}");
    assert_eq!(table(&room).selection.get(&1).map(Vec::len), Some(3));
}

#[test]
fn in_the_toy_edition_the_first_flight_ends_the_turn_for_both_commanders() {
    let mut room = Chatroom::temporary();
    start_game(&mut room, "air-battle", &PLAYERS);
    // Only Red's fighters can take off at the start: Alice is not asked.
    let text = board(&room).text;
    assert!(text.contains("Bob, your turn") && !text.contains("Alice, your turn"), "{text}");
    open_the_airfields(&mut room, false);
    room.press("Alice", &button(&room, 0, "B1"));
    let alice_operation = button(&room, 0, "↑↑");
    fly(&mut room, "Bob", 1, "F3", 0);
    let after = table(&room);
    assert!(after.selection.is_empty(), "Green's turn: Red's half-made moves go");
    let text = board(&room).text;
    assert!(text.contains("Dave, your turn"), "{text}");
    // Alice's operation button is from a turn that has passed: the board it was on is shown
    // as it stands now, and nothing is played.
    let effects = room.press("Alice", &alice_operation);
    let (said, _) = answer(&effects).expect("an answer");
    assert!(said.contains("behind"), "{said}");
    assert_eq!(table(&room), after);
}
