//! «Tysiąc na szachownicy», rule by rule. Each test is named after the rule it checks and quotes
//! it: first every sentence of the seed (`shared/seeds/002_f3e04509811418a3.txt`, quoted in
//! English from the translation in `shared/rules/thousand.md`), then every decision of the spec,
//! then the game's interface (choices, labels, view, score sheet) and the decisions of our own
//! (`docs/rules/thousand.md`).
//!
//! Positions are written as in `docs/rules/thousand.md`: a colour's letter (S, E, N, W) followed
//! by the pawn's square. S starts in a1 and heads for k11, E from k1 to a11, N from k11 to a1,
//! W from a11 to k1. `game(...)` gives the four-player game seat 0 S, 1 E, 2 N, 3 W.

use igroteka::choice::Label;
use igroteka::event::{Arg, Event};
use igroteka::game::{Actor, Game, Seat, Setup, SetupError, ToMove, Viewer, apply_checked};
use igroteka::games::thousand::board::{self, PAWNS};
use igroteka::games::thousand::{
    Action, Breakdown, End, Form, INFO, ROUNDS, SETTINGS, Square, Thousand, View,
};
use igroteka::i18n::{I18n, Value};
use igroteka::settings;
use igroteka::view::AnyView;

// ---------------------------------------------------------------------------------------------
// Helpers

const S: u8 = 0;
const E: u8 = 1;
const N: u8 = 2;
const W: u8 = 3;

fn sq(name: &str) -> Square {
    board::parse(name).unwrap_or_else(|| panic!("not a square: {name}"))
}

fn setup(seats: usize, two: &str) -> Setup {
    Setup { seats, settings: settings::parse(SETTINGS, &[two]).unwrap() }
}

/// A four-player game from a position, `to_move` (a colour) to play.
fn game(pawns: &str, to_move: u8) -> Thousand {
    Thousand::from_position(Form::Four, pawns, to_move).unwrap()
}

fn game_in(form: Form, pawns: &str, to_move: u8) -> Thousand {
    Thousand::from_position(form, pawns, to_move).unwrap()
}

/// A new game with its colours drawn the first way (seat 0 S, seat 1 E or N, …).
fn started(seats: usize, two: &str) -> Thousand {
    let mut g = Thousand::new(&setup(seats, two)).unwrap();
    apply_checked(&mut g, Actor::Chance, &Action::Draw(0)).unwrap();
    g
}

fn mover(g: &Thousand) -> Seat {
    match g.to_move() {
        ToMove::Seats(seats) => seats[0],
        other => panic!("nobody to move: {other:?}"),
    }
}

/// Plays a move of the seat to move through the table's legality gate; it must be legal.
fn play(g: &mut Thousand, from: &str, to: &str) -> Vec<Event> {
    let action = Action::Move { from: sq(from), to: sq(to) };
    let seat = mover(g);
    apply_checked(g, Actor::Seat(seat), &action)
        .unwrap_or_else(|e| panic!("{from}→{to} refused: {e}; position {}", g.position()))
}

fn stop(g: &mut Thousand) -> Vec<Event> {
    let seat = mover(g);
    apply_checked(g, Actor::Seat(seat), &Action::Stop).unwrap()
}

fn can_move(g: &Thousand, from: &str, to: &str) -> bool {
    let action = Action::Move { from: sq(from), to: sq(to) };
    matches!(g.to_move(), ToMove::Seats(s) if g.is_legal(s[0], &action))
}

/// The keys of the destinations offered for the pawn on `from`, in the offered order.
fn destinations(g: &Thousand, from: &str) -> Vec<String> {
    let choices = g.choices(mover(g));
    choices.step(&[from.to_string()]).iter().map(|l| l.key().to_string()).collect()
}

/// The pawns offered at the first step.
fn pickable(g: &Thousand) -> Vec<String> {
    g.choices(mover(g)).step(&[]).iter().map(|l| l.key().to_string()).collect()
}

/// A label as an English button reads.
fn button(label: &Label) -> String {
    let i18n = I18n::new();
    match label {
        Label::Text(text) => text.clone(),
        Label::Msg(id) => i18n.plain("en", id),
        Label::Described { id, args, .. } => {
            let args: Vec<(&str, Value)> = args
                .iter()
                .map(|(name, arg)| {
                    let value = match arg {
                        Arg::Int(n) => Value::Number(*n),
                        Arg::Text(s) => Value::Text(s.clone()),
                        other => panic!("unexpected argument {other:?}"),
                    };
                    (name.as_str(), value)
                })
                .collect();
            i18n.text("en", id, &args)
        }
    }
}

/// The English buttons after picking `from`.
fn buttons(g: &Thousand, from: &str) -> Vec<String> {
    g.choices(mover(g)).step(&[from.to_string()]).iter().map(button).collect()
}

fn ids(events: &[Event]) -> Vec<&str> {
    events.iter().map(|e| e.id.as_str()).collect()
}

fn arg<'a>(event: &'a Event, name: &str) -> &'a Arg {
    &event.args.iter().find(|(n, _)| n == name).unwrap_or_else(|| panic!("no {name}")).1
}

fn view(g: &Thousand, selection: &[&str]) -> View {
    let selection: Vec<String> = selection.iter().map(|s| s.to_string()).collect();
    match g.view(Viewer::Public, &selection) {
        AnyView::Thousand(v) => v,
        other => panic!("not a Thousand view: {other:?}"),
    }
}

/// The pad as (turn, seat, square name or "charge", points).
fn pad(g: &Thousand) -> Vec<(u32, Seat, String, i64)> {
    g.pad()
        .entries()
        .iter()
        .map(|e| {
            let what = e.square.map(board::name).unwrap_or_else(|| "charge".into());
            (e.turn, e.seat, what, e.points)
        })
        .collect()
}

fn count(g: &Thousand, colour: u8) -> usize {
    g.position().pawns_of(colour).count()
}

// ---------------------------------------------------------------------------------------------
// The seed, sentence by sentence

/// "The game has a board, 4 sets of 9 pawns each in the colours of the start fields in the
/// board's corners, and a pad for writing down the score."
#[test]
fn four_sets_of_nine_pawns_in_the_corner_colours_and_an_empty_pad() {
    let g = started(4, "diagonal");
    for colour in [S, E, N, W] {
        assert_eq!(count(&g, colour), PAWNS);
    }
    assert_eq!(g.position().pawns().count(), 36);
    assert!(g.pad().entries().is_empty());
    assert!(g.score_sheet().is_some());
}

/// "Four people play." Four players by default; the two-player forms are our decision 8, and a
/// game of three is refused.
#[test]
fn four_people_play_and_three_cannot() {
    assert_eq!(INFO.seats.0, &[2, 4][..]);
    assert_eq!(started(4, "pairs").form(), Form::Four);
    let three = Thousand::new(&setup(3, "diagonal"));
    assert!(matches!(three, Err(SetupError::SeatCount { got: 3, .. })));
}

/// "Colours are drawn by lot." The game's first action is a chance draw of the seating: every
/// one of the 24 orders of four players, or which of two players takes S.
#[test]
fn colours_are_drawn_by_lot() {
    let g = Thousand::new(&setup(4, "diagonal")).unwrap();
    assert_eq!(g.to_move(), ToMove::Chance);
    assert_eq!(g.chance_outcomes().len(), 24);
    let mut drawn = g.clone();
    let events = apply_checked(&mut drawn, Actor::Chance, &Action::Draw(23)).unwrap();
    assert_eq!(ids(&events), ["thousand-seat-colour"; 4]);
    // The 24th order is the reverse: seat 3 plays S, and S still moves first.
    assert_eq!(drawn.seat_of(S), Some(3));
    assert_eq!(drawn.to_move(), ToMove::seats([3]));
    for two in ["diagonal", "pairs"] {
        let mut g = Thousand::new(&setup(2, two)).unwrap();
        assert_eq!(g.chance_outcomes().len(), 2);
        apply_checked(&mut g, Actor::Chance, &Action::Draw(1)).unwrap();
        assert_eq!((g.seat_of(S), g.seat_of(N)), (Some(1), Some(0)));
    }
}

/// "Each player gets 9 pawns of their colour and sets them on the start fields of that
/// colour."
#[test]
fn each_colour_starts_on_its_own_field() {
    let g = started(4, "diagonal");
    for colour in [S, E, N, W] {
        let mut squares: Vec<Square> = g.position().pawns_of(colour).collect();
        let mut field = board::field_squares(colour);
        squares.sort();
        field.sort();
        assert_eq!(squares, field);
    }
}

/// "In turn, one move each, players advance their pawns over the black squares towards their
/// opponent's start field." Turns go S, E, N, W (decision 2).
#[test]
fn players_move_in_turn_one_move_each() {
    let mut g = started(4, "diagonal");
    let order: Vec<Seat> = ["c3 d4", "i3 h4", "i9 h8", "c9 d8", "d4 e5"]
        .iter()
        .map(|m| {
            let seat = mover(&g);
            let (from, to) = m.split_once(' ').unwrap();
            play(&mut g, from, to);
            seat
        })
        .collect();
    assert_eq!(order, [0, 1, 2, 3, 0]);
    for pawn in g.position().pawns() {
        assert!(board::is_dark(pawn.0) || board::field_of(pawn.0).is_some());
    }
    assert_eq!(g.turns_played(), 5);
}

/// "A pawn moves forward in a straight line by one square only, and may not move back."
#[test]
fn a_pawn_steps_one_square_forward_and_never_back() {
    let g = game("Sd4 Nk11", S);
    assert_eq!(destinations(&g, "d4"), ["e5"]);
    assert!(!can_move(&g, "d4", "c3"));
    assert!(!can_move(&g, "d4", "f6"));
    // N's forward is the other way along the same lane.
    let g = game("Sa1 Nf6", N);
    assert_eq!(destinations(&g, "f6"), ["e5"]);
}

/// "A player is also obliged to jump a pawn in a straight line over any number of opponent
/// pawns, provided there is a free square behind each of them." A triple jump over pawns of two
/// different opponents, hop by hop.
#[test]
fn a_triple_jump_over_pawns_of_two_different_opponents() {
    let mut g = game("Sc3 Nd4 Ef6 Nh8 Wa11", S);
    // The hop first, then the steps inside the own field.
    assert_eq!(destinations(&g, "c3"), ["e5", "c2", "b2", "b3"]);
    let first = play(&mut g, "c3", "e5");
    assert_eq!(ids(&first), ["thousand-hopped", "thousand-crossing"]);
    // The chain goes on: the same player, the next hop or "stop here".
    assert_eq!(g.to_move(), ToMove::seats([0]));
    assert_eq!(g.chain_at(), Some(sq("e5")));
    assert_eq!(pickable(&g), ["g7", "btn-thousand-stop"]);
    play(&mut g, "e5", "g7");
    let last = play(&mut g, "g7", "i9");
    assert!(ids(&last).contains(&"thousand-entered"));
    // No hop is left in that direction (nothing stands on j10): the turn passes on, to E.
    assert_eq!(g.chain_at(), None);
    assert_eq!(g.to_move(), ToMove::seats([1]));
    assert_eq!(view(&g, &[]).last_move.unwrap().path, [sq("c3"), sq("e5"), sq("g7"), sq("i9")]);
    // Decision 6: the chain's stops e5 and g7 are entered, the squares jumped over are not.
    let expected = [(1, 0, "e5".to_string(), 20), (1, 0, "g7".to_string(), 20)];
    assert_eq!(pad(&g), expected);
    assert_eq!(g.position().get(sq("f6")), Some(E));
}

/// "… provided there is a free square behind each of them": two pawns in a row cannot be
/// jumped.
#[test]
fn two_pawns_in_a_row_cannot_be_jumped() {
    let g = game("Sc3 Nd4 Ne5 Wa11", S);
    let offered = destinations(&g, "c3");
    assert!(["d4", "e5", "f6"].iter().all(|sq| !offered.contains(&sq.to_string())), "{offered:?}");
    assert!(!can_move(&g, "c3", "f6"));
}

/// "For overlooking such a move the player is charged 5 minus points for each jump missed."
/// Two pawns could jump and the player steps with a third: −10, and the button says so before
/// it is pressed.
#[test]
fn a_step_while_two_pawns_could_jump_costs_ten_and_says_so() {
    let mut g = game("Sa1 Sc3 Sc1 Nd4 Nd2 Wa11", S);
    assert_eq!(view(&g, &[]).jumpers, [sq("c1"), sq("c3")]);
    assert_eq!(g.choices(0).prompt.as_deref(), Some("prompt-thousand-jump"));
    assert!(buttons(&g, "a1").contains(&"a2 (−10: 2 pawns could jump)".to_string()));
    // Jumps are offered first and never priced.
    assert_eq!(buttons(&g, "c3")[0], "e5");
    let events = play(&mut g, "a1", "a2");
    // (E, with no pawn on this board, passes.)
    assert_eq!(ids(&events), ["thousand-stepped", "thousand-charged", "thousand-passed"]);
    assert_eq!(arg(&events[1], "cost"), &Arg::Int(10));
    assert_eq!(pad(&g), [(1, 0, "charge".to_string(), -10)]);
    assert_eq!(view(&g, &[]).last_move.unwrap().charge, -10);
    // One pawn: −5, worded in the singular.
    let g = game("Sa1 Sc3 Nd4 Wa11", S);
    assert!(buttons(&g, "a1").contains(&"b2 (−5: 1 pawn could jump)".to_string()));
}

/// "Pawns do not capture each other." A jumped pawn stays, and no move lands on a pawn.
#[test]
fn pawns_never_capture() {
    let mut g = game("Sc3 Nd4 Wa11", S);
    play(&mut g, "c3", "e5");
    assert_eq!(g.position().get(sq("d4")), Some(N));
    let g = game("Sa1 Sd4 Ne5 Nf6 Wa11", S);
    assert!(destinations(&g, "d4").is_empty());
    assert!(!can_move(&g, "d4", "e5"));
}

/// "On their own and on the opponent's start fields, pawns move freely in all directions."
#[test]
fn pawns_move_freely_in_all_directions_on_both_fields() {
    let g = game("Sb2 Sj10 Nk11", S);
    let mut own = destinations(&g, "b2");
    own.sort();
    assert_eq!(own, ["a1", "a2", "a3", "b1", "b3", "c1", "c2", "c3"]);
    let mut target = destinations(&g, "j10");
    target.sort();
    assert_eq!(target, ["i10", "i11", "i9", "j11", "j9", "k10", "k9"]);
    // Back and forth: b2 → a1 and, next turn, a1 → b2 again.
    let mut g = game_in(Form::Diagonal, "Sb2 Nk11", S);
    play(&mut g, "b2", "a1");
    play(&mut g, "k11", "k10");
    assert!(can_move(&g, "a1", "b2"));
}

/// "Every entry onto the minus and plus fields in the middle of the board is written down on
/// the pad." Every time: a crossing entered again is written again. (A pawn never returns to a
/// crossing, since lanes go one way; here two pawns of S enter e5, and both entries are written.)
#[test]
fn every_entry_onto_a_valued_crossing_goes_on_the_pad() {
    let mut g = game_in(Form::Diagonal, "Sc3 Sd4 Nk11", S);
    let events = play(&mut g, "d4", "e5");
    assert_eq!(ids(&events), ["thousand-stepped", "thousand-crossing"]);
    assert_eq!(arg(&events[1], "points"), &Arg::Text("+20".into()));
    play(&mut g, "k11", "k10");
    play(&mut g, "e5", "f6");
    play(&mut g, "k10", "k11");
    play(&mut g, "c3", "d4");
    play(&mut g, "k11", "k10");
    play(&mut g, "d4", "e5");
    let expected = [(1, 0, "e5", 20), (3, 0, "f6", -40), (7, 0, "e5", 20)];
    let expected: Vec<_> =
        expected.iter().map(|(t, s, q, p)| (*t, *s, q.to_string(), *p)).collect();
    assert_eq!(pad(&g), expected);
    assert_eq!(g.pad().total(0), 0);
}

/// "At the end of the game, points won and lost are counted. Each player wins the sum of the
/// numbers on the opponent's start fields that their own pawns occupy." With the seed's charges
/// (own field, middle) and the pad, a whole finish scored by hand.
#[test]
fn a_finished_game_scored_by_hand() {
    let s_home = "Sj9 Sk9 Si10 Sj10 Sk10 Si11 Sj11 Sk11";
    let n = "Na1 Nb1 Na2 Nb2 Nc3 Nd4 Ne3 Nf6 Nj8";
    let mut g = game_in(Form::Diagonal, &format!("{s_home} Sg7 {n}"), S);
    play(&mut g, "g7", "h8");
    let entered = play(&mut g, "f6", "e5");
    assert_eq!(pad(&g), [(2, 1, "e5".to_string(), 20)]);
    assert_eq!(ids(&entered), ["thousand-stepped", "thousand-crossing"]);
    let end = play(&mut g, "h8", "i9");
    assert_eq!(g.end(), Some(End::Home(S)));
    // S: the whole N field, 200 + 150 + 150 + 100 + 100 + 100 + 75 + 75 + 50 = 1000; own field
    // and middle empty: 0, 0; pad 0; bonus +50. Total 1050.
    let s = Breakdown { opponent_field: 1000, bonus: 50, total: 1050, ..Breakdown::default() };
    // N: a1 200 + b1 150 + a2 150 + b2 100 + c3 50 = 650 on S's field; own field empty: 0;
    // d4, e3, e5, j8 in the middle: 4 × −5 = −20; pad +20 (e5); no bonus. Total 650.
    let n =
        Breakdown { opponent_field: 650, middle: -20, pad: 20, total: 650, ..Breakdown::default() };
    assert_eq!(g.scores(), [s, n]);
    let outcome = g.outcome().unwrap();
    assert_eq!((outcome.places, outcome.scores), (vec![1, 2], Some(vec![1050, 650])));
    // The final message: the finish, then each player's breakdown, winner first.
    assert_eq!(
        ids(&end)[2..],
        ["thousand-finished", "thousand-final-title", "thousand-final-line", "thousand-final-line"]
    );
    let winner_line = &end[4];
    assert_eq!(arg(winner_line, "player"), &Arg::Seat(0));
    assert_eq!(arg(winner_line, "bonus"), &Arg::Text("+50".into()));
    assert_eq!(arg(&end[5], "middle"), &Arg::Text("−20".into()));
}

/// "At the end of the game, points won and lost are counted. Each player wins the sum of the
/// numbers on the opponent's start fields that their own pawns occupy. At the end, for each pawn
/// still on its own start field, the player is charged minus points equal to that field's
/// value; for each pawn on the middle fields of the board, 5 minus points. Minus points are
/// subtracted from plus points." With the pad (decisions 5 and 6) and the bonus: a whole
/// four-player game from a hand-made position of all 36 pawns, played to its end with fixed
/// moves, and every player's final score worked out here by hand, term by term, from the rules
/// and the board's printed values.
#[test]
fn a_four_player_game_played_to_the_end_and_scored_by_hand() {
    let s = "Sj9 Sk9 Si10 Sj10 Sk10 Si11 Sj11 Sk11 Sd4";
    let e = "Ei1 Ek1 Ei2 Ek2 Ei3 Ej3 Ek3 Ec7 Ea11";
    let n = "Na1 Nb1 Nc1 Na2 Nb2 Nc2 Na3 Ne5 Nh6";
    let w = "Wa9 Wb9 Wc9 Wa10 Wb10 Wb11 Wg7 Wh4 Wj4";
    let mut g = game(&format!("{s} {e} {n} {w}"), S);
    // Turn 1, S: d4 hops N's e5 onto the centre f6 (−40 on the pad), then W's g7 onto h8.
    play(&mut g, "d4", "f6");
    assert_eq!(pickable(&g), ["h8", "btn-thousand-stop"]);
    play(&mut g, "f6", "h8");
    // Turn 2, E: i3 could hop W's h4 and k3 W's j4; E steps i1 → h2 instead: −10.
    assert_eq!(view(&g, &[]).jumpers, [sq("i3"), sq("k3")]);
    play(&mut g, "i1", "h2");
    // Turn 3, N: h6 steps onto the +20 crossing g5 (no N pawn could jump: no charge).
    play(&mut g, "h6", "g5");
    // Turn 4, W: h4 hops E's i3 into E's field, onto j2 (a jump is never charged).
    play(&mut g, "h4", "j2");
    // Turn 5, S: the ninth pawn steps home, and the game ends.
    let end = play(&mut g, "h8", "i9");
    assert_eq!(g.end(), Some(End::Home(S)));
    assert!(ids(&end).contains(&"thousand-finished"));
    let written = [
        (1, 0, "f6".to_string(), -40),
        (2, 1, "charge".to_string(), -10),
        (3, 2, "g5".to_string(), 20),
    ];
    assert_eq!(pad(&g), written);

    // Values by distance from the owner's corner: corner 200, next to it 150, then 100, 75, 50.
    // S (seat 0): on N's field k11 200 + j11 150 + k10 150 + i11 100 + j10 100 + k9 100
    //   + i10 75 + j9 75 + i9 50 = 1000; own field none: 0; middle none: 0;
    //   pad −40 (f6); bonus +50 (ninth pawn home). Total 1000 + 0 + 0 − 40 + 50 = 1010.
    let s = Breakdown {
        opponent_field: 1000,
        pad: -40,
        bonus: 50,
        total: 1010,
        ..Breakdown::default()
    };
    // E (seat 1): on W's field a11 200; own field k1 200 + k2 150 + k3 100 + i2 75 + j3 75
    //   + i3 50 = 650, so −650; middle h2, c7: 2 × −5 = −10; pad −10 (the charge); no bonus.
    //   Total 200 − 650 − 10 − 10 = −470.
    let e = Breakdown {
        opponent_field: 200,
        own_field: -650,
        middle: -10,
        pad: -10,
        bonus: 0,
        total: -470,
    };
    // N (seat 2): on S's field a1 200 + b1 150 + a2 150 + c1 100 + b2 100 + a3 100 + c2 75
    //   = 875; own field none: 0; middle e5, g5: −10; pad +20 (g5). Total 875 − 10 + 20 = 885.
    let n =
        Breakdown { opponent_field: 875, middle: -10, pad: 20, total: 885, ..Breakdown::default() };
    // W (seat 3): on E's field j2 100; own field a10 150 + b11 150 + a9 100 + b10 100 + b9 75
    //   + c9 50 = 625, so −625; middle g7, j4: −10; pad 0. Total 100 − 625 − 10 = −535.
    let w = Breakdown {
        opponent_field: 100,
        own_field: -625,
        middle: -10,
        pad: 0,
        bonus: 0,
        total: -535,
    };
    assert_eq!(g.scores(), [s, e, n, w]);
    // "But the winner is whoever has the most points": S, then N, E, W.
    let outcome = g.outcome().unwrap();
    assert_eq!(outcome.places, [1, 3, 2, 4]);
    assert_eq!(outcome.scores, Some(vec![1010, -470, 885, -535]));
    let lines: Vec<&Arg> =
        end.iter().filter(|e| e.id == "thousand-final-line").map(|e| arg(e, "player")).collect();
    assert_eq!(lines, [&Arg::Seat(0), &Arg::Seat(2), &Arg::Seat(1), &Arg::Seat(3)]);
}

/// "At the end, for each pawn still on its own start field, the player is charged minus points
/// equal to that field's value; for each pawn on the middle fields of the board, 5 minus
/// points. Minus points are subtracted from plus points."
#[test]
fn own_field_pawns_cost_their_value_and_middle_pawns_five() {
    let g = game("Sa1 Sc3 Sd4 Sj10 Wa11 Ek1 Ni9", S);
    let s = g.scores()[0];
    assert_eq!((s.opponent_field, s.own_field, s.middle), (100, -250, -5));
    assert_eq!(s.total, 100 - 250 - 5);
    // Every colour at the start: −1000.
    let start = started(4, "diagonal");
    assert!(start.scores().iter().all(|b| b.total == -1000 && b.own_field == -1000));
}

/// "The game is ended by the first player to set all their pawns on the opponent's start
/// field, who gets a bonus of 50 plus points."
#[test]
fn the_ninth_pawn_home_ends_the_game_with_fifty() {
    let home = "Sj9 Sk9 Si10 Sj10 Sk10 Si11 Sj11 Sk11";
    let mut g = game(&format!("{home} Sh8 Nc3 Ek1 Wa11"), S);
    let events = play(&mut g, "h8", "i9");
    assert_eq!(g.to_move(), ToMove::Over);
    assert_eq!(g.end(), Some(End::Home(S)));
    let finished = events.iter().find(|e| e.id == "thousand-finished").unwrap();
    assert_eq!(arg(finished, "bonus"), &Arg::Int(50));
    assert_eq!(g.scores()[0].bonus, 50);
    assert!(g.scores()[1..].iter().all(|b| b.bonus == 0));
}

/// "But the winner is whoever has the most points." The player who ended the game can lose:
/// here S + E finish with S's ninth pawn, but N + W stand on more points.
#[test]
fn the_winner_is_whoever_has_the_most_points() {
    let s = "Sj9 Sk9 Si10 Sj10 Sk10 Si11 Sj11 Sk11 Sh8";
    let e = "Ei3 Eh2 Eg3 Ef4 Ee7 Ed8 Ec7 Eb8 Ej4";
    let n = "Na1 Nb1 Na2 Nb2 Nc1 Na3 Nb3 Nc2 Nd4";
    let w = "Wi1 Wj1 Wk1 Wi2 Wj2 Wk2 Wj3 Wk3 Wi5";
    let mut g = game_in(Form::Pairs, &format!("{s} {e} {n} {w}"), S);
    play(&mut g, "h8", "i9");
    assert_eq!(g.end(), Some(End::Home(S)));
    // Seat 0: S 1000 + 50, E −50 (i3) and 8 × −5. Seat 1: N 950 − 5, W 950 − 5.
    let totals: Vec<i64> = g.scores().iter().map(|b| b.total).collect();
    assert_eq!(totals, [1050 - 90, 1890]);
    assert_eq!(g.outcome().unwrap().winners(), [1]);
}

// ---------------------------------------------------------------------------------------------
// The spec's decisions

/// The board exactly as the spec prints it (decision 1), rank 11 at the top.
const SPEC_BOARD: [&str; 11] = [
    "11 W200 W150 W100  .   #   .   #   .  N100 N150 N200",
    "10 W150 W100 W 75  #   .   #   .   #  N 75 N100 N150",
    " 9 W100 W 75 W 50  .   #   .   #   .  N 50 N 75 N100",
    " 8  .    #    .    #   . -10   .   #   .    #    .",
    " 7  #    .    #    . +20   . +20   .   #    .    #",
    " 6  .    #    .  -10   . -40   . -10   .    #    .",
    " 5  #    .    #    . +20   . +20   .   #    .    #",
    " 4  .    #    .    #   . -10   .   #   .    #    .",
    " 3 S100 S 75 S 50  .   #   .   #   .  E 50 E 75 E100",
    " 2 S150 S100 S 75  #   .   #   .   #  E 75 E100 E150",
    " 1 S200 S150 S100  .   #   .   #   .  E100 E150 E200",
];

/// One printed cell: a field square (colour letter and value), a crossing (signed value), a
/// dark square (`#`) or a light one (`.`).
#[derive(Debug, PartialEq)]
enum Printed {
    Field(char, i64),
    Crossing(i64),
    Dark,
    Light,
}

fn printed_row(row: &str) -> Vec<Printed> {
    let mut chars = row.trim_start().split_once(' ').unwrap().1.chars().peekable();
    let mut cells = Vec::new();
    let number = |chars: &mut std::iter::Peekable<std::str::Chars>| {
        while chars.peek() == Some(&' ') {
            chars.next();
        }
        let mut digits = String::new();
        while let Some(c) = chars.peek().filter(|c| c.is_ascii_digit()) {
            digits.push(*c);
            chars.next();
        }
        digits.parse::<i64>().unwrap()
    };
    while let Some(c) = chars.next() {
        match c {
            ' ' => {}
            '.' => cells.push(Printed::Light),
            '#' => cells.push(Printed::Dark),
            '+' => cells.push(Printed::Crossing(number(&mut chars))),
            '-' => cells.push(Printed::Crossing(-number(&mut chars))),
            letter => cells.push(Printed::Field(letter, number(&mut chars))),
        }
    }
    cells
}

/// Decision 1: "11 × 11, a square is dark when x + y is even … Each corner's start field is its
/// 3 × 3 block … a full corner is worth exactly 1000 … three diagonal lanes per pair of
/// opposite players … The 9 squares where lanes cross carry the middle values." Every square of
/// the spec's picture, compared with the board's data.
#[test]
fn the_board_is_the_spec_picture() {
    for (k, row) in SPEC_BOARD.iter().enumerate() {
        let rank = 10 - k as u8;
        let cells = printed_row(row);
        assert_eq!(cells.len(), 11, "{row}");
        for (file, cell) in cells.into_iter().enumerate() {
            let at = (file as u8, rank);
            let actual = match (board::field_of(at), board::crossing_value(at)) {
                (Some(colour), _) => Printed::Field(
                    board::LETTERS[usize::from(colour)],
                    board::field_value(at).unwrap(),
                ),
                (None, Some(points)) => Printed::Crossing(points),
                (None, None) if board::is_dark(at) => Printed::Dark,
                (None, None) => Printed::Light,
            };
            assert_eq!(actual, cell, "{}", board::name(at));
        }
    }
    assert_eq!(board::name((0, 0)), "a1");
    assert_eq!(board::name((10, 10)), "k11");
    for colour in [S, E, N, W] {
        let total: i64 =
            board::field_squares(colour).iter().map(|q| board::field_value(*q).unwrap()).sum();
        assert_eq!(total, 1000);
    }
}

/// Decision 2: "each seat's opponent is the diagonally opposite corner. Seats move in the order
/// S, E, N, W; S moves first."
#[test]
fn opponents_are_diagonally_opposite_and_s_moves_first() {
    assert_eq!([S, E, N, W].map(board::opponent), [N, W, S, E]);
    let g = started(4, "diagonal");
    assert_eq!(g.colour_to_move(), S);
    assert_eq!(view(&g, &[]).to_move, Some(S));
}

/// Decision 3: "A pawn leaves its own start field only by a forward step from one of the
/// field's three exit squares (for S: c3, c1, a3) onto the next square of that lane."
#[test]
fn a_pawn_leaves_its_field_only_forward_from_an_exit() {
    let g = game("Sc1 Sa3 Sc3 Sb3 Sc2 Nk11", S);
    assert!(destinations(&g, "c1").contains(&"d2".to_string()));
    assert!(destinations(&g, "a3").contains(&"b4".to_string()));
    assert!(destinations(&g, "c3").contains(&"d4".to_string()));
    for inner in ["b3", "c2"] {
        for to in destinations(&g, inner) {
            assert_eq!(board::field_of(sq(&to)), Some(S), "{inner} → {to}");
        }
    }
    // E's exits are on the other diagonal: i3 → h4.
    let g = game("Sa1 Ei3 Nk11", E);
    assert!(destinations(&g, "i3").contains(&"h4".to_string()));
}

/// Decision 3: "It enters the opponent's field only along its lane; if that square is taken and
/// cannot be jumped, the pawn waits."
#[test]
fn a_pawn_waits_before_a_taken_field_entry() {
    let g = game("Sa1 Sh8 Ni9 Nj10 Wa11", S);
    assert!(destinations(&g, "h8").is_empty());
    assert!(!pickable(&g).contains(&"h8".to_string()));
    // With j10 free it jumps in.
    let g = game("Sa1 Sh8 Ni9 Wa11", S);
    assert_eq!(destinations(&g, "h8"), ["j10"]);
}

/// Decision 3: "It enters the opponent's field only along its lane": a pawn beside the field
/// steps in only forward along its lane, never sideways onto a field square next to it.
#[test]
fn a_pawn_enters_the_opponents_field_only_along_its_lane() {
    let g = game("Sa1 Sh10 Sj8 Nk10 Wa11", S);
    assert_eq!(destinations(&g, "h10"), ["i11"]);
    assert_eq!(destinations(&g, "j8"), ["k9"]);
    assert!(!can_move(&g, "h10", "i10") && !can_move(&g, "h10", "i9"));
    assert!(!can_move(&g, "j8", "j9") && !can_move(&g, "j8", "i9"));
}

/// Decision 3: "Once in the opponent's field it stays there: neither a step nor a jump may take
/// it out."
#[test]
fn a_pawn_never_leaves_the_opponents_field() {
    let g = game("Sa1 Si9 Nh8 Nj10 Wa11", S);
    let mut offered = destinations(&g, "i9");
    offered.sort();
    // k11 by a hop over j10 inside the field; no step to h8, no hop over it to g7.
    assert_eq!(offered, ["i10", "j9", "k11"]);
    assert!(!can_move(&g, "i9", "h8") && !can_move(&g, "i9", "g7"));
}

/// Decision 4: "Each hop goes over exactly one pawn of another player (never one's own)".
#[test]
fn a_pawn_never_jumps_its_own() {
    let g = game("Sc3 Sd4 Nk11", S);
    assert!(!destinations(&g, "c3").contains(&"e5".to_string()));
}

/// Decision 4: "all hops of one jump keep the same direction". After a1 → c3 over b2, the hop
/// back over b2 would be a legal first hop from c3 but is not offered within the chain.
#[test]
fn all_hops_of_a_jump_keep_one_direction() {
    let mut g = game("Sa1 Nb2 Nd4 Wa11", S);
    play(&mut g, "a1", "c3");
    assert_eq!(g.chain_at(), Some(sq("c3")));
    assert_eq!(pickable(&g), ["e5", "btn-thousand-stop"]);
    assert!(!can_move(&g, "c3", "a1"));
}

/// Decision 4: "the player may stop after any hop". "Stop here" ends the turn where the pawn
/// stands.
#[test]
fn the_player_may_stop_after_any_hop() {
    let mut g = game("Sc3 Nd4 Nf6 Wa11", S);
    play(&mut g, "c3", "e5");
    let events = stop(&mut g);
    assert_eq!(ids(&events), ["thousand-stopped", "thousand-passed"]);
    assert_eq!(g.position().get(sq("e5")), Some(S));
    assert_eq!(g.chain_at(), None);
    assert_ne!(mover(&g), 0);
    assert_eq!(view(&g, &[]).last_move.unwrap().path, [sq("c3"), sq("e5")]);
}

/// Decision 4: "Each hop goes over exactly one pawn of another player (never one's own) onto
/// the free square directly behind it; all hops of one jump keep the same direction". After
/// c3 → e5 over N's d4, S's own pawn on f6 is next in line with g7 free behind it: the chain
/// may not go on over it, so the turn ends by itself, with no "stop here" to press. With an N
/// pawn on f6 instead, the chain would go on.
#[test]
fn a_jump_may_not_continue_over_ones_own_pawn() {
    let mut g = game("Sc3 Nd4 Sf6 Nk11 Wa11", S);
    play(&mut g, "c3", "e5");
    assert_eq!(g.chain_at(), None, "no hop over the own pawn on f6");
    assert_eq!(g.colour_to_move(), N);
    assert_eq!((g.position().get(sq("e5")), g.position().get(sq("g7"))), (Some(S), None));
    let mut g = game("Sc3 Nd4 Nf6 Nk11 Wa11", S);
    play(&mut g, "c3", "e5");
    assert_eq!(pickable(&g), ["g7", "btn-thousand-stop"]);
}

/// Decision 4: "On a lane a pawn jumps only forward along the lane; inside a start field it may
/// jump in the four diagonal directions, never along a row or column (a jump out of one's own
/// field goes along a lane)."
#[test]
fn jumps_go_forward_on_lanes_and_diagonally_in_fields() {
    // Backwards on the lane: no.
    let g = game("Sa1 Se5 Nd4 Wa11", S);
    assert!(!can_move(&g, "e5", "c3"));
    // Along a file or rank in the field: no; diagonally, even backwards: yes.
    let g = game("Sa1 Na2 Nb1 Wa11", S);
    assert!(!can_move(&g, "a1", "a3") && !can_move(&g, "a1", "c1"));
    let g = game("Sc3 Nb2 Wa11", S);
    assert!(can_move(&g, "c3", "a1"));
    // Out of the own field only along the lane: c3 over d2 would land on the greyed e1.
    let g = game("Sc3 Nd2 Wa11", S);
    assert!(!can_move(&g, "c3", "e1"));
}

/// Decision 5: "A jump, of any length and by any pawn, is never charged." A short jump while a
/// longer one exists, with another pawn that could have jumped too.
#[test]
fn a_jump_is_never_charged() {
    let mut g = game("Sc3 Nd4 Nf6 Sc1 Nd2 Wa11", S);
    play(&mut g, "c3", "e5");
    stop(&mut g);
    assert_eq!(pad(&g), [(1, 0, "e5".to_string(), 20)]);
    assert!(g.pad().entries().iter().all(|e| e.could_jump == 0));
}

/// Decision 6: "The pad is public and can be shown as a table." The score sheet: turn, who,
/// square, points, and each player's total.
#[test]
fn the_pad_is_a_public_table() {
    let mut g = game("Sa1 Sc3 Nd4 Wa11", S);
    play(&mut g, "a1", "b2");
    let sheet = g.score_sheet().unwrap();
    assert_eq!(
        sheet.columns,
        [
            "thousand-sheet-turn",
            "thousand-sheet-who",
            "thousand-sheet-square",
            "thousand-sheet-points"
        ]
    );
    assert_eq!(
        sheet.rows,
        [vec![Arg::Int(1), Arg::Seat(0), Arg::Msg("thousand-sheet-charge".into()), Arg::Int(-5)]]
    );
    assert_eq!(sheet.totals.len(), 4);
    assert_eq!(sheet.totals[0][3], Arg::Int(-5));
    assert_eq!(view(&g, &[]).pad.len(), 1);
}

/// Decision 7: "A player with no legal move passes; a pass counts as a turn."
#[test]
fn a_player_without_a_move_passes_and_the_pass_is_a_turn() {
    let mut g = game("Sa1 Ee7 Wd8 Wc9 Nk11", S);
    let events = play(&mut g, "a1", "b2");
    assert_eq!(ids(&events), ["thousand-stepped", "thousand-passed"]);
    assert_eq!(arg(&events[1], "player"), &Arg::Seat(1));
    assert_eq!(g.colour_to_move(), N);
    assert_eq!(g.turns_played(), 2);
}

/// Decision 7: "a player also finishes when their pawns and the opponent's pawns fill the
/// opponent's start field and none of those opponent pawns can move". S's last pawn cannot get
/// in, and S finishes anyway.
#[test]
fn a_jammed_field_finishes_the_player_whose_last_pawn_cannot_enter() {
    let home = "Sj9 Sk9 Si10 Sj10 Sk10 Si11 Sj11";
    let mut g = game(&format!("{home} Nk11 Sh8 Sd4 Na1 Ek1 Wa11"), S);
    let events = play(&mut g, "h8", "i9");
    assert_eq!(g.end(), Some(End::Jammed(S)));
    assert!(ids(&events).contains(&"thousand-finished-jammed"));
    let s = g.scores()[0];
    assert_eq!((s.opponent_field, s.middle, s.bonus, s.total), (800, -5, 50, 845));
    // With the N pawn on an exit that can still step out, the field is not jammed.
    let home = "Sj9 Sk9 Si10 Sj10 Sk10 Sj11 Sk11";
    let mut g = game(&format!("{home} Ni11 Sh8 Sd4 Na1 Ek1 Wa11"), S);
    play(&mut g, "h8", "i9");
    assert_eq!(g.end(), None);
}

/// Decision 7: "if no player can move, the game ends".
#[test]
fn the_game_ends_when_nobody_can_move() {
    let n = "Ni9 Nj9 Nk9 Ni10 Nj10 Nk10 Ni11 Nj11 Nk11";
    let mut g = game_in(Form::Diagonal, &format!("{n} Sh8 Sj8 Sh10 Si7 Sg9 Sf6"), S);
    let events = play(&mut g, "f6", "g7");
    assert_eq!(g.end(), Some(End::NoMove));
    assert!(ids(&events).contains(&"thousand-over-no-move"));
    let totals: Vec<i64> = g.scores().iter().map(|b| b.total).collect();
    assert_eq!(totals, [-30 + 20, -1000]);
}

/// Decision 7: "after 100 rounds (every seat has had 100 turns) the game ends — with ordinary
/// play this is the usual end".
#[test]
fn the_game_ends_after_one_hundred_rounds() {
    let mut g = game_in(Form::Diagonal, "Sa1 Nk11", S).with_turns(ROUNDS - 1);
    assert_eq!(view(&g, &[]).round, ROUNDS);
    play(&mut g, "a1", "b2");
    assert_eq!(g.end(), None);
    let events = play(&mut g, "k11", "k10");
    assert_eq!(g.end(), Some(End::Rounds));
    let over = events.iter().find(|e| e.id == "thousand-over-rounds").unwrap();
    assert_eq!(arg(over, "rounds"), &Arg::Int(100));
    assert_eq!(g.turns_played(), 2 * ROUNDS);
}

/// Decision 7: "after 100 rounds … the game ends" and "a pass counts as a turn": a colour that
/// cannot move passes its hundredth turn, and the game ends there.
#[test]
fn a_pass_counts_towards_the_hundred_rounds() {
    let boxed_in = "Nk11 Sj10 Sj11 Sk10 Si9 Si11 Sk9";
    let mut g = game_in(Form::Diagonal, &format!("Sa1 {boxed_in}"), S).with_turns(ROUNDS - 1);
    let events = play(&mut g, "a1", "b2");
    assert_eq!(ids(&events)[..2], ["thousand-stepped", "thousand-passed"]);
    assert_eq!(g.end(), Some(End::Rounds));
    assert!(ids(&events).contains(&"thousand-over-rounds"));
    assert_eq!(g.turns_played(), 2 * ROUNDS);
}

/// Decision 8: "Either on one diagonal only (S and N) … every colour keeps its own turn in the
/// order above".
#[test]
fn two_players_on_one_diagonal() {
    let mut g = started(2, "diagonal");
    assert_eq!(g.position().pawns().count(), 18);
    assert_eq!((count(&g, E), count(&g, W)), (0, 0));
    play(&mut g, "c3", "d4");
    assert_eq!((g.colour_to_move(), mover(&g)), (N, 1));
}

/// Decision 8: "… or each commanding two neighbouring corners (S + E against N + W): every
/// colour keeps its own turn in the order above and heads for the corner diagonally opposite;
/// a player's two colours never jump each other".
#[test]
fn two_players_with_two_colours_each() {
    let mut g = started(2, "pairs");
    let mut order = Vec::new();
    for m in ["c3 d4", "i3 h4", "i9 h8", "c9 d8"] {
        order.push((g.colour_to_move(), mover(&g)));
        let (from, to) = m.split_once(' ').unwrap();
        play(&mut g, from, to);
    }
    assert_eq!(order, [(S, 0), (E, 0), (N, 1), (W, 1)]);
    // S may not jump its player's own E pawn; in the four-player game it may.
    let pairs = game_in(Form::Pairs, "Sa1 Sd4 Ee5 Nk11 Wa11", S);
    assert!(!can_move(&pairs, "d4", "f6"));
    let four = game("Sa1 Sd4 Ee5 Nk11 Wa11", S);
    assert!(can_move(&four, "d4", "f6"));
}

/// Decision 8: "There is no 3-player game … The lobby offers 4 players (default) and both
/// 2-player forms."
#[test]
fn the_lobby_offers_four_players_and_both_two_player_forms() {
    assert_eq!(INFO.seats.to_string(), "2, 4");
    assert_eq!(SETTINGS[0].key, "two-players");
    assert_eq!(SETTINGS[0].values, ["diagonal", "pairs"]);
    assert_eq!(started(2, "pairs").form(), Form::Pairs);
    assert_eq!(
        Thousand::new(&Setup { seats: 2, settings: Default::default() }).unwrap().form(),
        Form::Diagonal
    );
}

/// Decision 9: "Dark squares that no lane uses (e1, g1, f2, a5, k5, b6, j6, a7, k7, f10, e11,
/// g11) are greyed out; no pawn can ever stand on them."
#[test]
fn no_pawn_ever_stands_on_a_greyed_square() {
    let grey = ["e1", "g1", "f2", "a5", "k5", "b6", "j6", "a7", "k7", "f10", "e11", "g11"];
    for name in grey {
        assert!(board::is_grey(sq(name)), "{name}");
        for letter in board::LETTERS {
            assert!(Thousand::from_position(Form::Four, &format!("{letter}{name}"), S).is_err());
        }
    }
    assert_eq!(board::all_squares().filter(|q| board::is_grey(*q)).count(), grey.len());
}

// ---------------------------------------------------------------------------------------------
// The interface: buttons, view, resigning

/// The move input: pick a pawn (labelled by its square), then its destination; at the start
/// only the exit pawns can move.
#[test]
fn buttons_name_the_pawn_then_the_destination() {
    let g = started(4, "diagonal");
    assert_eq!(g.choices(0).prompt.as_deref(), Some("prompt-thousand-move"));
    assert_eq!(pickable(&g), ["a3", "c1", "c3"]);
    assert_eq!(buttons(&g, "c3"), ["d4"]);
    assert_eq!(
        g.choices(0).resolve(&["c3".into(), "d4".into()]),
        Some(&Action::Move { from: sq("c3"), to: sq("d4") })
    );
    assert!(g.choices(1).is_empty());
    // The charged step's key stays the square, so a typed `/move a1 a2` finds it.
    let g = game("Sa1 Sc3 Nd4 Wa11", S);
    let step = g.choices(0).step(&["a1".into()]);
    assert!(step.iter().any(|l| l.key() == "a2" && matches!(l, Label::Described { .. })));
}

/// The view marks what the buttons name: movable pawns by their labels, the picked pawn and its
/// destinations, the chain in progress, and the pawns that could jump.
#[test]
fn the_view_shows_the_selection_and_the_chain() {
    let mut g = game("Sa1 Sc3 Nd4 Nf6 Wa11", S);
    let v = view(&g, &["a1"]);
    assert_eq!(v.selected, Some(sq("a1")));
    let targets: Vec<(&str, i64)> =
        v.destinations.iter().map(|t| (t.label.as_str(), t.charge)).collect();
    assert_eq!(targets, [("a2", -5), ("b2", -5), ("b1", -5)]);
    assert_eq!(v.jumpers, [sq("c3")]);
    let labelled: Vec<&str> = v.pawns.iter().filter_map(|p| p.label.as_deref()).collect();
    assert_eq!(labelled, ["a1", "c3"]);
    play(&mut g, "c3", "e5");
    let v = view(&g, &[]);
    assert!(v.chain);
    assert_eq!(v.selected, Some(sq("e5")));
    assert_eq!(v.destinations.iter().map(|t| t.square).collect::<Vec<_>>(), [sq("g7")]);
    assert!(v.destinations[0].jump);
    assert!(v.pawns.iter().all(|p| p.label.is_none()));
}

/// Resigning: with four players the resigner's colour stops moving, its pawns stay (and can be
/// jumped), play goes on and the resigner ranks last; with two the game ends at once.
#[test]
fn resigning() {
    let mut g = started(4, "diagonal");
    let events = g.resign(1);
    assert_eq!(ids(&events), ["thousand-resigned"]);
    play(&mut g, "c3", "d4");
    assert_eq!(g.colour_to_move(), N, "E's turns are skipped");
    g.resign(2);
    g.resign(3);
    assert_eq!(g.to_move(), ToMove::Over);
    let outcome = g.outcome().unwrap();
    assert_eq!(outcome.places, [1, 4, 3, 2]);
    assert_eq!(outcome.scores, None);
    let mut two = started(2, "pairs");
    two.resign(0);
    assert_eq!(two.outcome().unwrap().winners(), [1]);
}
