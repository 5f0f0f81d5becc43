//! «Tysiąc na szachownicy» through the conversation engine and its real store: the charged
//! step's button says what it costs, a whole jump chain typed at once (`/move c3 e5 g7`), and
//! `/score` printing the pad as a fixed-width table.

mod common;

use common::{Chatroom, group_message, start_game};
use igroteka::app::Effect;
use igroteka::choice::Label;
use igroteka::game::ToMove;
use igroteka::registry::DynGame;
use igroteka::rng;
use igroteka::store::Store;
use igroteka::table::{ChatId, Platform, Table};
use rand_core::RngCore;

const PLAYERS: [&str; 4] = ["Alice", "Bob", "Carol", "Dave"];

fn table(room: &Chatroom) -> Table {
    let chat = ChatId { platform: Platform::Console, chat: room.chat.id.clone(), thread: None };
    let id = room.store().chat_table(&chat).unwrap().expect("a table in this chat");
    room.store().load(id).unwrap().unwrap()
}

/// The seat to move and its name.
fn mover(table: &mut Table) -> (usize, String) {
    let ToMove::Seats(seats) = table.to_move() else { panic!("nobody to move") };
    (seats[0], table.players[seats[0]].name.clone())
}

/// A typed move that plays a first hop and then every further hop of its chain, if the game
/// offers one now: the words of `/move`.
fn typed_chain(game: &dyn DynGame, seat: usize) -> Option<Vec<String>> {
    let choices = game.choices(seat);
    for choice in &choices.options {
        let mut after = game.clone_box();
        after.apply(igroteka::game::Actor::Seat(seat), &choice.action).ok()?;
        let next = after.choices(seat);
        let hop = next.options.iter().find(|c| matches!(&c.path[0], Label::Text(_)));
        if let (true, Some(hop)) = (after.to_move().includes(seat), hop) {
            let mut words: Vec<String> = choice.path.iter().map(|l| l.key().to_string()).collect();
            words.push(hop.path[0].key().to_string());
            return Some(words);
        }
    }
    None
}

/// The first path of the seat's choices, as typed words.
fn some_move(game: &dyn DynGame, seat: usize, pick: u64) -> Vec<String> {
    let options = game.choices(seat).options;
    let choice = &options[(pick % options.len() as u64) as usize];
    choice.path.iter().map(|l| l.key().to_string()).collect()
}

#[test]
fn a_jump_chain_can_be_typed_at_once_and_the_pad_is_printed() {
    let mut room = Chatroom::temporary();
    start_game(&mut room, "thousand", &PLAYERS);
    assert!(room.latest_text().contains("plays S, from the a1 corner"), "{}", room.latest_text());
    let mut rng = rng::seeded(5);
    let mut chains = 0;
    for _ in 0..400 {
        let mut t = table(&room);
        if t.to_move() == ToMove::Over {
            break;
        }
        let (seat, name) = mover(&mut t);
        let game = t.game_ref().unwrap();
        let words = match typed_chain(game, seat) {
            Some(words) if chains < 3 => {
                chains += 1;
                words
            }
            _ => some_move(game, seat, rng.next_u64()),
        };
        let effects = room.send(&name, &format!("/move {}", words.join(" ")));
        let text =
            effects.iter().filter_map(group_message).map(|m| m.text.clone()).collect::<String>();
        assert!(!text.contains("not possible"), "/move {words:?}: {text}");
        if words.len() == 3 {
            assert!(text.matches("jumps").count() >= 2, "/move {words:?}: {text}");
        }
    }
    assert!(chains > 0, "no jump chain came up to type");
    let effects = room.send("Alice", "/score");
    let Some(Effect::Send { message, .. }) = effects.first() else { panic!("{effects:?}") };
    assert!(message.text.starts_with("📋 Score sheet: A Thousand"), "{}", message.text);
    let table = message.monospace.as_deref().expect("a fixed-width table");
    let lines: Vec<&str> = table.lines().collect();
    assert!(lines[0].starts_with("Turn Who"), "{table}");
    assert!(lines[1].chars().all(|c| c == '-'), "{table}");
    assert!(table.contains("Alice") && table.contains("pad"), "{table}");
    // Every line of a fixed-width table is as wide as the heading's rule at most.
    let width = lines[1].chars().count();
    assert!(lines.iter().all(|l| l.chars().count() <= width), "{table}");
}

#[test]
fn a_charged_step_says_so_on_its_button() {
    let mut room = Chatroom::temporary();
    start_game(&mut room, "thousand", &PLAYERS[..2]);
    let mut rng = rng::seeded(11);
    for _ in 0..300 {
        let mut t = table(&room);
        if t.to_move() == ToMove::Over {
            break;
        }
        let (seat, name) = mover(&mut t);
        let game = t.game_ref().unwrap();
        let charged = game
            .choices(seat)
            .options
            .into_iter()
            .find(|c| matches!(c.path.get(1), Some(Label::Described { .. })));
        if let Some(step) = charged {
            let pawn = room.button(step.path[0].key()).expect("the pawn's button");
            room.press(&name, &pawn);
            let texts: Vec<String> = room.latest_buttons().into_iter().map(|(t, _)| t).collect();
            let wording =
                texts.iter().find(|t| t.contains("could jump")).expect("a charged button");
            assert!(wording.starts_with(step.path[1].key()), "{wording}");
            assert!(
                wording.contains("(−5: 1 pawn could jump)") || wording.contains("pawns could jump"),
                "{wording}"
            );
            return;
        }
        room.send(&name, &format!("/move {}", some_move(game, seat, rng.next_u64()).join(" ")));
    }
    panic!("no charged step came up");
}

#[test]
fn a_game_without_a_score_sheet_says_so() {
    let mut room = Chatroom::temporary();
    start_game(&mut room, "tank-battle", &PLAYERS[..2]);
    let effects = room.send("Alice", "/score");
    let Some(Effect::Send { message, .. }) = effects.first() else { panic!("{effects:?}") };
    assert_eq!(message.text, "This game keeps no score sheet.");
    assert!(message.monospace.is_none());
}
