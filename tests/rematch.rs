//! Rematch (issue 41): a finished game's board offers it; one press opens a lobby for the same
//! game, with the same settings and the same computer players, the presser seated and the
//! game's other people named — none of them seated until they press Join themselves.

mod common;

use common::{Chatroom, answer, buttons_of, finished_game, group_message, table};
use igroteka::app::Effect;
use igroteka::table::{Status, Table};

/// The Rematch button of the latest group message that has one.
fn rematch_button(room: &Chatroom) -> Option<String> {
    room.seen
        .iter()
        .rev()
        .filter_map(|d| group_message(&d.effect))
        .flat_map(buttons_of)
        .find(|(text, _)| text.contains("Rematch"))
        .map(|(_, token)| token)
}

fn names(table: &Table) -> Vec<String> {
    table.players.iter().map(|p| p.user.id.clone()).collect()
}

#[test]
fn the_final_board_offers_a_rematch_that_seats_only_the_presser_with_the_same_settings() {
    let mut room = Chatroom::temporary();
    let old = finished_game(&mut room);
    let final_board = room
        .seen
        .iter()
        .rev()
        .filter_map(|d| group_message(&d.effect))
        .find(|m| m.board.is_some())
        .expect("the final board");
    assert!(final_board.text.contains("Game over"), "{}", final_board.text);
    let buttons = buttons_of(final_board);
    let texts: Vec<&str> = buttons.iter().map(|(text, _)| text.as_str()).collect();
    assert_eq!(texts, ["▶️ Replay", "🔁 Rematch"], "the final board's two buttons");
    let rematch = rematch_button(&room).expect("a Rematch button on the final board");

    // Bob resigned, but he played: he may ask.
    let effects = room.press("Bob", &rematch);
    assert_eq!(answer(&effects), Some(("A new lobby is open.".into(), false)), "{effects:?}");
    let new = table(&room);
    assert_ne!(new.id, old.id);
    assert_eq!(new.status, Status::Lobby);
    assert_eq!(new.game, old.game);
    assert_eq!(new.settings, old.settings, "the same settings");
    assert_eq!(new.settings.get("turn").map(String::as_str), Some("1h"));
    let seated = names(&new);
    assert_eq!(seated.len(), 2, "Bob and the computer, not Alice: {seated:?}");
    assert_eq!(seated[0], "bob");
    let levels: Vec<_> = new.players.iter().filter_map(|p| p.computer).collect();
    let old_levels: Vec<_> = old.players.iter().filter_map(|p| p.computer).collect();
    assert_eq!(levels, old_levels, "the same computer players");

    // The lobby names Alice and asks her to press Join; she is not seated until she does.
    let lobby = room
        .seen
        .iter()
        .rev()
        .filter_map(|d| group_message(&d.effect))
        .find(|m| m.text.contains("Rematch!"))
        .expect("the rematch lobby");
    assert!(lobby.text.contains("Alice") && lobby.text.contains("Join"), "{}", lobby.text);
    assert_eq!(lobby.mentions.iter().map(|m| m.user.as_str()).collect::<Vec<_>>(), ["alice"]);
    assert!(!lobby.mentions.iter().any(|m| m.user.starts_with("computer-")));
    room.press("Alice", &room.button("Join").unwrap());
    assert_eq!(names(&table(&room)), [seated[0].clone(), seated[1].clone(), "alice".into()]);

    // A second press while that lobby is open opens nothing more.
    let again = room.press("Alice", &rematch);
    let text = answer(&again).map(|(t, _)| t).unwrap_or_default()
        + &again
            .iter()
            .filter_map(|e| match e {
                Effect::Send { message, .. } => Some(message.text.clone()),
                _ => None,
            })
            .collect::<String>();
    assert!(text.contains("already running"), "{again:?}");
    assert_eq!(table(&room).id, new.id);
    assert_eq!(table(&room).players.len(), 3);
}

#[test]
fn only_the_games_people_can_ask_for_a_rematch() {
    let mut room = Chatroom::temporary();
    let old = finished_game(&mut room);
    let rematch = rematch_button(&room).unwrap();
    let effects = room.press("Carol", &rematch);
    let (text, _) = answer(&effects).expect("an answer");
    assert!(text.contains("Only the game's players"), "{text}");
    assert_eq!(table(&room).id, old.id, "no lobby opened");
    assert_eq!(table(&room).seq, old.seq, "nothing changed");
}

#[test]
fn a_game_left_to_computers_offers_no_rematch_and_a_forged_one_changes_nothing() {
    let mut room = Chatroom::temporary();
    room.send("Alice", "/play aeroplane");
    room.press("Alice", &room.button("🤖 + easy").unwrap());
    room.press("Alice", &room.button("🤖 + easy").unwrap());
    room.press("Alice", &room.button("Start").unwrap());
    // The computers do not play on for nobody: the game ends without a winner.
    room.send("Alice", "/resign");
    let old = table(&room);
    assert_eq!(old.status, Status::Aborted);
    assert!(rematch_button(&room).is_none(), "no Rematch for a game nobody finished");
    let forged = format!("t{}:{}:r", old.id, old.seq);
    let effects = room.press("Alice", &forged);
    let (text, _) = answer(&effects).expect("an answer");
    assert!(text.contains("not one I recognise"), "{text}");
    assert_eq!(table(&room).id, old.id);
    assert_eq!(table(&room).seq, old.seq);
}
