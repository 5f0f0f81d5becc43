//! Property tests of button tokens (callback data, custom ids): what a platform hands back
//! when a button is pressed, and what anyone can forge (Telegram's callback data is whatever
//! the client sends).
//!
//! - the parser takes any text without panicking, and what it reads encodes again to a token
//!   no longer than the text, which reads back the same;
//! - every token the engine can make reads back as itself when it fits Telegram's 64 bytes;
//! - valid tokens flipped, cut, spliced or edited field by field, pressed in live games of
//!   every game by players and outsiders, never panic the engine, never change a table for an
//!   outsider, and never apply a move the presser's seat could not make: every action a press
//!   adds to the log is one its game offered that seat just before.
//!
//! `IGROTEKA_FUZZ_CASES=N` runs N cases per target (docs/operations.md, "Fuzzing").

mod common;
mod fuzzing;

use std::cell::{Cell, RefCell};

use common::{Chatroom, start_game};
use igroteka::app::token::{Keyboard, Op, Token, Version};
use igroteka::game::{Actor, ToMove};
use igroteka::registry::GAMES;
use igroteka::store::Store;
use igroteka::table::LogEntry;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

fn op() -> impl Strategy<Value = Op> {
    let n = prop_oneof![0usize..40, any::<usize>()];
    prop_oneof![
        Just(Op::Join),
        Just(Op::Leave),
        Just(Op::Start),
        Just(Op::Back),
        Just(Op::Mine),
        Just(Op::DropComputer),
        any::<bool>().prop_map(Op::Vote),
        n.clone().prop_map(Op::Setting),
        n.clone().prop_map(Op::Choose),
        n.clone().prop_map(Op::Page),
        n.clone().prop_map(Op::Pick),
        n.prop_map(Op::AddComputer),
    ]
}

fn number() -> impl Strategy<Value = u64> {
    prop_oneof![0u64..1000, any::<u64>()]
}

fn token() -> impl Strategy<Value = Token> {
    let keyboard = (0usize..8, number(), number(), any::<u32>())
        .prop_map(|(seat, acted, picks, step)| Keyboard { seat, acted, picks, step });
    let version = prop_oneof![
        number().prop_map(Version::Seq),
        keyboard.prop_map(Version::Keyboard),
        (any::<usize>(), number(), number(), any::<u32>()).prop_map(
            |(seat, acted, picks, step)| Version::Keyboard(Keyboard { seat, acted, picks, step })
        ),
    ];
    (number(), version, op()).prop_map(|(table, version, op)| Token { table, version, op })
}

/// Text made of the characters tokens are made of, so that the parser's deeper paths are
/// reached, not only its first refusal.
fn token_like() -> impl Strategy<Value = String> {
    let alphabet = b"t0123456789:.jlsbvdaocpgxABCDEFabcdef".to_vec();
    prop::collection::vec(prop::sample::select(alphabet), 0..72)
        .prop_map(|bytes| String::from_utf8(bytes).expect("ASCII"))
}

/// What a parsed token must satisfy: its encoding is no longer than the text it came from and
/// reads back as the same token.
fn check_parsed(text: &str) -> Result<(), TestCaseError> {
    if let Some(parsed) = Token::parse(text) {
        let again = parsed.encode();
        prop_assert!(again.len() <= text.len(), "{text:?} → {parsed:?} → {again:?}");
        prop_assert_eq!(Token::parse(&again), Some(parsed), "{:?} → {:?}", text, again);
    }
    Ok(())
}

proptest! {
    #![proptest_config(fuzzing::config(2000))]

    #[test]
    fn any_text_parses_or_is_refused_and_what_parses_re_encodes(
        text in prop_oneof![any::<String>(), token_like()],
    ) {
        check_parsed(&text)?;
    }

    #[test]
    fn any_bytes_read_as_text_are_handled_too(bytes in prop::collection::vec(any::<u8>(), 0..80)) {
        check_parsed(&String::from_utf8_lossy(&bytes))?;
    }

    #[test]
    fn every_token_that_fits_64_bytes_round_trips(token in token()) {
        let text = token.encode();
        if text.len() <= 64 {
            prop_assert_eq!(Token::parse(&text), Some(token), "{}", text);
        } else {
            prop_assert_eq!(Token::parse(&text), None, "{} is over 64 bytes", text);
        }
    }

    #[test]
    fn mutated_tokens_are_refused_or_read_consistently(
        a in token(),
        b in token(),
        mutations in fuzzing::mutations(4),
    ) {
        let text = fuzzing::mutate_text(&a.encode(), &b.encode(), &mutations);
        check_parsed(&text)?;
    }
}

/// A change to one field of a real token: what a forger would try first.
#[derive(Debug, Clone)]
enum Edit {
    /// The token as the engine made it.
    Keep,
    Table(i64),
    Seq(i64),
    Seat(usize),
    Acted(i64),
    Picks(i64),
    Step(u32),
    Op(Op),
    Bytes(Vec<fuzzing::Mutation>),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        3 => Just(Edit::Keep),
        1 => (-2i64..=2).prop_map(Edit::Table),
        1 => (-3i64..=3).prop_map(Edit::Seq),
        1 => (0usize..6).prop_map(Edit::Seat),
        1 => (-2i64..=2).prop_map(Edit::Acted),
        1 => (-2i64..=2).prop_map(Edit::Picks),
        1 => any::<u32>().prop_map(Edit::Step),
        2 => op().prop_map(Edit::Op),
        2 => fuzzing::mutations(3).prop_map(Edit::Bytes),
    ]
}

fn shift(n: u64, by: i64) -> u64 {
    n.saturating_add_signed(by)
}

fn apply(text: &str, edit: &Edit) -> String {
    let Some(mut token) = Token::parse(text) else { return text.to_string() };
    match (edit, &mut token.version) {
        (Edit::Keep, _) => {}
        (Edit::Table(by), _) => token.table = shift(token.table, *by),
        (Edit::Seq(by), Version::Seq(seq)) => *seq = shift(*seq, *by),
        (Edit::Seat(seat), Version::Keyboard(k)) => k.seat = *seat,
        (Edit::Acted(by), Version::Keyboard(k)) => k.acted = shift(k.acted, *by),
        (Edit::Picks(by), Version::Keyboard(k)) => k.picks = shift(k.picks, *by),
        (Edit::Step(step), Version::Keyboard(k)) => k.step = *step,
        (Edit::Op(op), _) => token.op = *op,
        (Edit::Bytes(mutations), _) => {
            return fuzzing::mutate_text(text, "t1:0.1.2.0000abcd:c3", mutations);
        }
        _ => {}
    }
    token.encode()
}

const PLAYERS: [&str; 2] = ["Alice", "Bob"];

/// One running game per registered game, restarted when it ends.
struct Rooms {
    rooms: Vec<Chatroom>,
}

impl Rooms {
    fn new() -> Rooms {
        let rooms = GAMES
            .iter()
            .map(|info| {
                let mut room = Chatroom::temporary();
                start_game(&mut room, info.id, &PLAYERS);
                room
            })
            .collect();
        Rooms { rooms }
    }

    /// Every token a player of room `g` was shown last: the group's board and each player's
    /// private prompt. A finished game is replaced by a new one first.
    fn tokens(&mut self, g: usize) -> Vec<String> {
        let room = &mut self.rooms[g];
        if common::table(room).status.is_over() {
            start_game(room, GAMES[g].id, &PLAYERS);
        }
        let mut tokens: Vec<String> =
            room.latest_buttons().into_iter().map(|(_, token)| token).collect();
        for player in PLAYERS {
            tokens.extend(room.private_buttons(player).into_iter().map(|(_, token)| token));
        }
        tokens
    }
}

/// What the press may change, read just before it.
struct Before {
    id: u64,
    seq: u64,
    log: usize,
    seat: Option<usize>,
    /// The actions the presser's seat was offered, when it was to move.
    legal: Vec<serde_json::Value>,
}

fn before(room: &Chatroom, presser: &str) -> Before {
    let mut table = common::table(room);
    let seat = table.seat_of(&igroteka::table::UserId {
        platform: igroteka::table::Platform::Console,
        id: presser.to_lowercase(),
    });
    let mut legal = Vec::new();
    if let (Some(seat), ToMove::Seats(seats)) = (seat, table.to_move())
        && seats.contains(&seat)
    {
        let game = table.game().expect("a running game");
        legal = game.choices(seat).options.into_iter().map(|c| c.action).collect();
    }
    let log = room.store().log(table.id).unwrap().len();
    Before { id: table.id, seq: table.seq, log, seat, legal }
}

#[test]
fn forged_presses_never_apply_a_move_the_seat_could_not_make() {
    fuzzing::count_panics();
    let rooms = RefCell::new(Rooms::new());
    let strategy = (0..GAMES.len(), any::<prop::sample::Index>(), edit(), 0usize..3);
    let applied = Cell::new(0usize);
    fuzzing::runner(300)
        .run(&strategy, |(g, pick, edit, who)| {
            let mut rooms = rooms.borrow_mut();
            let tokens = rooms.tokens(g);
            let room = &mut rooms.rooms[g];
            prop_assume!(!tokens.is_empty());
            let token = apply(pick.get(&tokens).as_str(), &edit);
            let presser = ["Alice", "Bob", "Mallory"][who];
            let was = before(room, presser);
            let panics = fuzzing::panics();
            room.press(presser, &token);
            prop_assert_eq!(fuzzing::panics(), panics, "a panic pressing {:?}", token);
            let refusals = room.platform.app.take_refusals();
            prop_assert!(
                refusals.iter().all(|(_, id)| id != "error-internal" && id != "error-storage"),
                "{token:?}: {refusals:?}"
            );
            let table = room.store().load(was.id).unwrap().expect("the table is kept");
            let log = room.store().log(was.id).unwrap();
            if was.seat.is_none() {
                prop_assert_eq!(
                    table.seq,
                    was.seq,
                    "an outsider's press {:?} changed the table",
                    token
                );
            }
            let added = &log[was.log..];
            if let Some((first, rest)) = added.split_first() {
                let LogEntry::Act { actor: Actor::Seat(seat), action } = first else {
                    return Err(TestCaseError::fail(format!("{token:?} logged {first:?}")));
                };
                prop_assert_eq!(Some(*seat), was.seat, "{:?} moved another seat", token);
                prop_assert!(was.legal.contains(action), "{token:?}: {action} was not offered");
                prop_assert!(
                    rest.iter().all(|e| matches!(e, LogEntry::Act { actor: Actor::Chance, .. })),
                    "{token:?}: one press made several moves: {added:?}"
                );
                applied.set(applied.get() + 1);
            }
            Ok(())
        })
        .unwrap();
    // The valid tokens among the cases move the games on: the property was not vacuous.
    assert!(applied.get() > 0, "no press applied a move");
}
