//! Tank Battle, rule by rule. Each test is named after the rule it checks: first every sentence
//! of the seed (`shared/seeds/003_a874846c07003b6e.txt`, quoted in English from
//! `shared/rules/tank-battle.md`), then every decision of the spec, then the game's interface
//! (choices, view, events, messages), then random play.
//!
//! Positions are written as in `docs/rules/tank-battle.md`: `W`/`B` a commander, `w`/`b` an
//! ordinary tank, followed by its square.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use fluent_bundle::{FluentArgs, FluentBundle, FluentResource, FluentValue};
use igroteka::event::{Arg, Event};
use igroteka::game::apply_checked;
use igroteka::game::{ActionError, Actor, Game, Outcome, Setup, SetupError, ToMove, Viewer};
use igroteka::games::tank_battle::{Action, End, Side, Square, TankBattle, View, board, moves};
use igroteka::harness;
use igroteka::registry;
use igroteka::rng;
use igroteka::view::AnyView;

// ---------------------------------------------------------------------------------------------
// Helpers

fn sq(name: &str) -> Square {
    board::parse(name).unwrap_or_else(|| panic!("no square {name}"))
}

fn setup() -> Setup {
    Setup { seats: 2, settings: Default::default() }
}

fn start() -> TankBattle {
    TankBattle::new(&setup()).unwrap()
}

fn game(tanks: &str, to_move: Side) -> TankBattle {
    TankBattle::from_position(tanks, to_move).unwrap()
}

/// The destinations offered for the tank on `from`, as button labels, in the offered order.
fn destinations(game: &TankBattle, from: &str) -> Vec<String> {
    let seat = game.side_to_move().seat();
    game.choices(seat).step(&[from.to_string()]).iter().map(|l| l.key().to_string()).collect()
}

fn can_move(game: &TankBattle, from: &str, to: &str) -> bool {
    destinations(game, from).iter().any(|d| d == to)
}

/// Plays a move through the table's legality gate; it must be legal.
fn play(game: &mut TankBattle, from: &str, to: &str) -> Vec<Event> {
    let seat = game.side_to_move().seat();
    let action = Action::Move { from: sq(from), to: sq(to) };
    apply_checked(game, Actor::Seat(seat), &action)
        .unwrap_or_else(|e| panic!("{from}-{to} refused: {e}"))
}

fn ids(events: &[Event]) -> Vec<&str> {
    events.iter().map(|e| e.id.as_str()).collect()
}

fn event<'a>(events: &'a [Event], id: &str) -> &'a Event {
    events.iter().find(|e| e.id == id).unwrap_or_else(|| panic!("no {id} in {:?}", ids(events)))
}

fn arg<'a>(event: &'a Event, name: &str) -> &'a Arg {
    &event.args.iter().find(|(n, _)| n == name).unwrap_or_else(|| panic!("no ${name}")).1
}

fn view(game: &TankBattle, selection: &[&str]) -> View {
    let selection: Vec<String> = selection.iter().map(|s| s.to_string()).collect();
    let AnyView::TankBattle(view) = game.view(Viewer::Public, &selection) else {
        panic!("not a Tank Battle view");
    };
    view
}

fn army_size(game: &TankBattle, side: Side) -> usize {
    game.position().army(side).count()
}

/// Points as the seed counts them, written out here rather than borrowed from the engine.
fn expected_points(game: &TankBattle) -> Vec<i64> {
    let mut points = vec![0, 0];
    for (square, tank) in game.position().tanks() {
        let opponent = tank.side.opponent().index();
        points[tank.side.seat()] += if board::base_of(square) != Some(opponent) {
            1
        } else if tank.commander && square == board::commander_start(opponent) {
            3
        } else {
            2
        };
    }
    points
}

// ---------------------------------------------------------------------------------------------
// The seed, sentence by sentence

/// "The game is played on a factory-printed board divided into squares, 11 × 11."
#[test]
fn the_board_has_eleven_files_and_eleven_ranks() {
    let g = game("wa1 bk11", Side::White);
    let d = destinations(&g, "a1");
    assert_eq!(board::SIZE, 11);
    assert!(d.contains(&"a11".to_string()) && d.contains(&"k1".to_string()), "{d:?}");
    // N a2..a11, NE b2 c3 d4 (then the zone), E b1..k1.
    assert_eq!(d.len(), 10 + 3 + 10);
}

/// "There are three kinds of zone — ordinary, black and contaminated. Tanks move freely on the
/// first; the second is forbidden; the third is reserved for the commander tanks alone."
#[test]
fn ordinary_squares_are_free_mines_forbidden_the_zone_for_commanders() {
    let ordinary = game("wd6 bk11", Side::White);
    let commander = game("Wd6 bk11", Side::White);
    for zone in ["e5", "e6", "e7"] {
        assert!(!can_move(&ordinary, "d6", zone), "ordinary tank into {zone}");
        assert!(can_move(&commander, "d6", zone), "commander into {zone}");
    }
    for mine in ["d5", "d8", "b6"] {
        assert!(!can_move(&ordinary, "d6", mine) && !can_move(&commander, "d6", mine));
    }
    assert!(can_move(&ordinary, "d6", "c6") && can_move(&ordinary, "d6", "a3"));
}

/// "Their starting positions are in the bottom-right corner for each player. This place is
/// called the base." "Each player starts with 14 tanks: 13 ordinary and 1 called the
/// commander. The commander starts in the very corner of the board."
#[test]
fn each_side_starts_with_thirteen_tanks_and_a_commander_on_its_base() {
    let g = start();
    for side in Side::BOTH {
        let army: Vec<_> = g.position().army(side).collect();
        assert_eq!(army.len(), 14);
        assert_eq!(army.iter().filter(|(_, t)| t.commander).count(), 1);
        for (square, tank) in army {
            assert_eq!(board::base_of(square), Some(side.index()), "{}", board::name(square));
            assert_eq!(tank.commander, square == board::commander_start(side.index()));
        }
    }
    assert_eq!(board::commander_start(0), sq("k1"));
    assert_eq!(board::commander_start(1), sq("a11"));
}

/// "… and the main goal is to reach and take the opponent's base." Tanks may enter the
/// opponent's base, and the move is announced.
#[test]
fn a_tank_may_enter_the_opponents_base() {
    let mut g = game("wc6 wk1 bk11", Side::White);
    let events = play(&mut g, "c6", "c9");
    assert_eq!(ids(&events)[..2], ["tb-moved", "tb-entered-base"]);
}

/// "Players take turns moving their pieces." White moves first (spec decision 5).
#[test]
fn white_moves_first_and_the_players_alternate() {
    let mut g = start();
    assert_eq!(g.to_move(), ToMove::seats([0]));
    assert!(g.choices(1).is_empty());
    play(&mut g, "i3", "i7");
    assert_eq!(g.to_move(), ToMove::seats([1]));
    assert!(g.choices(0).is_empty());
    play(&mut g, "c9", "c5");
    assert_eq!(g.to_move(), ToMove::seats([0]));
}

/// "Every tank moves along vertical, horizontal and diagonal lines, and may cross any number
/// of squares."
#[test]
fn a_tank_moves_any_distance_along_files_ranks_and_diagonals() {
    let g = game("wi3 ba11", Side::White);
    let expected = [
        "i4", "i5", "i6", "i7", "i8", "i9", // N, up to the mine on i10
        "j4", "k5", // NE
        "j3", "k3", // E
        "j2", "k1", // SE
        "i2", "i1", // S
        "h2", "g1", // SW
        "h3", "g3", "f3", // W, up to the mine on e3; NW: h4 is a mine
    ];
    assert_eq!(destinations(&g, "i3"), expected);
}

/// "It may not jump over other tanks, its own or the opponent's."
#[test]
fn tanks_never_jump_over_tanks_of_either_side() {
    let g = game("wc4 wc6 bf4 bk11", Side::White);
    let d = destinations(&g, "c4");
    assert!(d.contains(&"c5".into()) && !d.contains(&"c6".into()) && !d.contains(&"c7".into()));
    assert!(d.contains(&"f4".into()) && !d.contains(&"g4".into()), "{d:?}");
}

/// "… and it may not enter the black squares, called mines." Nor cross them (spec decision 2),
/// commanders included.
#[test]
fn mines_are_never_entered_or_crossed() {
    let expected = [
        "c5", "c6", "c7", "c8", "c9", "c10", "c11", // N
        "d4", "e4", "f4", "g4", // E, h4 is a mine
        "d3", "e2", "f1", // SE
        "c3", // S, c2 is a mine
        "b3", "a2", // SW
        "b4", "a4", // W; NE (d5) and NW (b5) are mines
    ];
    for tanks in ["wc4 bk11", "Wc4 bk11"] {
        assert_eq!(destinations(&game(tanks, Side::White), "c4"), expected, "{tanks}");
    }
}

/// "Once inside the opponent's base, a tank may not leave it."
#[test]
fn a_tank_in_the_opponents_base_may_not_leave_it() {
    let g = game("wc10 wk1 bb10 bc8", Side::White);
    // d9, e10 and c8 lie outside Black's base: never offered, not even to capture on c8.
    let expected = ["c11", "d11", "d10", "c9", "b9", "a8", "b10", "b11"];
    assert_eq!(destinations(&g, "c10"), expected);
    // A commander is a tank too.
    let g = game("Wd10 wk1 bk11", Side::White);
    assert!(destinations(&g, "d10").iter().all(|d| board::base_of(sq(d)) == Some(1)));
}

/// "Only commanders may enter or cross that zone (the central 9 squares)."
#[test]
fn only_commanders_enter_or_cross_the_contaminated_zone() {
    let ordinary = destinations(&game("wd6 bk11", Side::White), "d6");
    assert_eq!(ordinary, ["d7", "c5", "b4", "a3", "c6", "c7", "b8", "a9"]);
    let commander = destinations(&game("Wd6 bk11", Side::White), "d6");
    for crossed in ["f8", "h6", "i6", "f4", "g3", "i1"] {
        assert!(commander.contains(&crossed.to_string()), "{crossed} in {commander:?}");
    }
}

/// "… and they cannot be destroyed inside it."
#[test]
fn a_commander_cannot_be_destroyed_inside_the_zone() {
    let g = game("Wf8 Bf6 bk11", Side::White);
    assert!(can_move(&g, "f8", "f7"), "the free zone square before it");
    assert!(!can_move(&g, "f8", "f6"), "Black's commander is safe in the zone");
}

/// "A tank captures an opponent's tank by moving onto its square."
#[test]
fn moving_onto_an_opponent_tank_destroys_it() {
    let mut g = game("wc4 bf4 bk11", Side::White);
    let events = play(&mut g, "c4", "f4");
    assert_eq!(army_size(&g, Side::Black), 1);
    assert_eq!(g.position().get(sq("f4")).map(|t| t.side), Some(Side::White));
    let captured = event(&events, "tb-captured");
    assert_eq!(arg(captured, "kind"), &Arg::Text("tank".into()));
    assert_eq!(arg(captured, "opponent"), &Arg::Seat(1));
    assert_eq!(arg(captured, "square"), &Arg::Text("f4".into()));
}

/// "The destroyed tank leaves the game and does not come back."
#[test]
fn a_destroyed_tank_never_comes_back() {
    let mut captures = 0;
    for seed in 1..=5 {
        let mut random = rng::seeded(seed);
        let mut g = start();
        let mut on_board = 28;
        while let Some((actor, action)) = harness::random_action(&g, &mut random).unwrap() {
            g.apply(actor, &action);
            let now = g.position().tanks().count();
            assert!(now <= on_board, "a tank came back");
            on_board = now;
        }
        captures += 28 - on_board;
    }
    assert!(captures > 0, "the games should have seen captures");
}

/// "The game ends when all surviving tanks of one player stand in the opponent's base."
#[test]
fn the_game_ends_when_all_surviving_tanks_of_one_player_are_in_the_opponents_base() {
    let mut g = game("wb10 we9 bk11", Side::White);
    assert_eq!(g.end(), None);
    let events = play(&mut g, "e9", "d10");
    assert_eq!(g.end(), Some(End::AllInBase(Side::White)));
    assert_eq!(g.to_move(), ToMove::Over);
    assert_eq!(
        ids(&events),
        ["tb-moved", "tb-entered-base", "tb-over-all-in-base", "tb-final-scores", "tb-winner"]
    );
    assert_eq!(
        g.outcome(),
        Some(Outcome { places: vec![1, 2], scores: Some(vec![4, 1]), sides: None })
    );
}

/// "3 points — when the commander takes the starting square of the opponent's commander."
#[test]
fn a_commander_on_the_opponent_commanders_start_square_scores_three() {
    let mut g = game("Wc10 wk5 bk11", Side::White);
    assert_eq!(view(&g, &[]).scores, [2 + 1, 1]);
    let events = play(&mut g, "c10", "a10");
    assert_eq!(view(&g, &[]).scores, [2 + 1, 1]);
    assert!(!ids(&events).contains(&"tb-commander-square"));
    play(&mut g, "k11", "k10");
    let events = play(&mut g, "a10", "a11");
    assert_eq!(view(&g, &[]).scores, [3 + 1, 1]);
    assert_eq!(arg(event(&events, "tb-commander-square"), "square"), &Arg::Text("a11".into()));
}

/// Our decision: "Only a commander scores 3. An ordinary tank on the opponent commander's start
/// square scores 2 like any other base square, and a commander on its *own* start square
/// scores 1."
#[test]
fn only_a_commander_scores_three_on_the_opponent_commanders_square() {
    let g = game("wa11 wk5 bk11", Side::White);
    assert_eq!(view(&g, &[]).scores, [2 + 1, 1]);
    let g = game("Wk1 bk11", Side::White);
    assert_eq!(view(&g, &[]).scores, [1, 1]);
}

/// "2 points — for every ordinary or commander tank in the opponent's base."
#[test]
fn every_tank_in_the_opponents_base_scores_two() {
    let g = game("wb10 Wc9 wk5 bj2 Bk3 ba1", Side::White);
    // White: b10 and c9 in Black's base (2 + 2), k5 outside (1).
    // Black: j2 and k3 in White's base (2 + 2; k3 is not White's commander square), a1 (1).
    assert_eq!(view(&g, &[]).scores, [5, 5]);
}

/// "1 point — for every tank still on the field that has not reached the opponent's base."
/// Tanks on their own base count 1 like any other (spec decision 3).
#[test]
fn every_other_surviving_tank_scores_one_own_base_included() {
    assert_eq!(view(&start(), &[]).scores, [14, 14]);
    // White: k1 on its own base, c4 in the field; Black: a11 on its own base, j5 in the field.
    assert_eq!(view(&game("Wk1 wc4 Ba11 bj5", Side::White), &[]).scores, [2, 2]);
}

/// "Equal points make the game a draw."
#[test]
fn equal_points_make_a_draw() {
    let mut g = game("wa1 bk11", Side::White).with_quiet_moves(99);
    let events = play(&mut g, "a1", "a2");
    assert_eq!(g.end(), Some(End::QuietMoves));
    assert_eq!(
        g.outcome(),
        Some(Outcome { places: vec![1, 1], scores: Some(vec![1, 1]), sides: None })
    );
    assert_eq!(ids(&events).last(), Some(&"tb-draw"));
}

// ---------------------------------------------------------------------------------------------
// The spec's decisions

/// Decision 1: the board of the spec — its mines, zone and bases — and the start position.
#[test]
fn the_board_and_start_position_are_the_spec_map() {
    assert_eq!(
        start().position().to_string(),
        "ba8 ba9 ba10 Ba11 bb8 bb9 bb10 bb11 bc9 bc10 bc11 bd10 bd11 be11 wg1 wh1 wh2 \
         wi1 wi2 wi3 wj1 wj2 wj3 wj4 Wk1 wk2 wk3 wk4"
    );
    for mine in ["b5", "b6", "c2", "d5", "d8", "e3", "g9", "h4", "h7", "i10", "j6", "j7"] {
        assert!(board::is_mine(sq(mine)));
        assert!(TankBattle::from_position(&format!("W{mine}"), Side::White).is_err());
    }
    assert!(TankBattle::from_position("wf6", Side::White).is_err(), "no ordinary tank in the zone");
}

/// Decision 2: "capturing the first opponent tank met".
#[test]
fn only_the_first_opponent_tank_on_a_line_can_be_captured() {
    let g = game("wc4 bc6 bc8 bk11", Side::White);
    assert!(can_move(&g, "c4", "c6"));
    assert!(!can_move(&g, "c4", "c7") && !can_move(&g, "c4", "c8"));
}

/// Decision 2: "A tank in the opponent's base may move only inside that base (it may capture
/// there, and be captured)."
#[test]
fn a_locked_tank_captures_inside_the_base_and_can_be_captured_there() {
    let mut g = game("wc10 wk1 bb10 bc8", Side::White);
    assert!(can_move(&g, "c10", "b10"), "capture inside the base");
    assert!(!can_move(&g, "c10", "c8"), "no capture outside the base");
    let mut black = game("wc10 wk1 bb10 bc8", Side::Black);
    assert!(can_move(&black, "b10", "c10") && can_move(&black, "c8", "c10"));
    play(&mut black, "c8", "c10");
    assert_eq!(army_size(&black, Side::White), 1);
    play(&mut g, "c10", "b10");
    assert_eq!(army_size(&g, Side::Black), 1);
}

/// Decision 2: "A capture on a base square is allowed."
#[test]
fn captures_on_base_squares_are_allowed() {
    // White takes a Black tank on Black's own base, entering the base by the capture.
    let mut g = game("we9 bc11 bk11", Side::White);
    let events = play(&mut g, "e9", "c11");
    assert_eq!(ids(&events)[..3], ["tb-moved", "tb-captured", "tb-entered-base"]);
    // Black takes a White tank that stands on White's own base.
    let g = game("wk1 wi6 bk8", Side::Black);
    assert!(can_move(&g, "k8", "k1"));
}

/// Decision 2: "A commander standing in the zone blocks every line through its square."
#[test]
fn a_commander_in_the_zone_blocks_every_line_through_it() {
    let g = game("Wd6 Bf6 bk11", Side::White);
    // Along rank 6: c6 to the west, e6 to the east, then Black's commander stops the line.
    let on_rank_6: Vec<String> =
        destinations(&g, "d6").into_iter().filter(|d| d.ends_with('6')).collect();
    assert_eq!(on_rank_6, ["e6", "c6"]);
    // The same holds the other way round: White's commander on g7 stops Black's commander.
    let g = game("Wg7 Bf6 wk1 bk11", Side::Black);
    assert!(!can_move(&g, "f6", "g7") && !can_move(&g, "f6", "h8"));
}

/// Decision 2: "a commander may capture from inside the zone onto a square outside it."
#[test]
fn a_commander_in_the_zone_may_capture_outside_it() {
    let mut g = game("Wf6 bf9 bk11", Side::White);
    assert!(can_move(&g, "f6", "f9"));
    let events = play(&mut g, "f6", "f9");
    assert_eq!(arg(event(&events, "tb-captured"), "kind"), &Arg::Text("tank".into()));
}

/// A commander outside the zone is a tank like any other and can be destroyed.
#[test]
fn a_commander_outside_the_zone_can_be_destroyed() {
    let mut g = game("Wf8 wk1 bf9 bk11", Side::Black);
    let events = play(&mut g, "f9", "f8");
    assert_eq!(arg(event(&events, "tb-captured"), "kind"), &Arg::Text("commander".into()));
    assert_eq!(arg(event(&events, "tb-captured"), "opponent"), &Arg::Seat(0));
}

/// Decision 4: "a player with no tanks left meets this at once".
#[test]
fn a_player_with_no_tanks_left_ends_the_game_at_once() {
    let mut g = game("wc4 bf4", Side::White);
    let events = play(&mut g, "c4", "f4");
    assert_eq!(g.end(), Some(End::NoTanks(Side::Black)));
    assert_eq!(event(&events, "tb-over-no-tanks").args, [("player".into(), Arg::Seat(1))]);
    assert_eq!(g.outcome().unwrap().places, [1, 2]);
}

/// Decision 4: "when the player to move has no legal move (the position is scored as it
/// stands)". On this board that can only happen once every tank of that player stands in the
/// opponent's base, so the seed's own end is announced: outside that base the free squares are
/// king-connected and far more than 14, and a commander in the zone always has a free zone
/// square next to it. A player without moves is found at once and scored as it stands.
#[test]
fn a_player_without_legal_moves_has_all_tanks_in_the_opponents_base() {
    for base in 0..2u8 {
        let open: BTreeSet<Square> = board::all_squares()
            .filter(|s| {
                !board::is_mine(*s) && !board::is_zone(*s) && board::base_of(*s) != Some(base)
            })
            .collect();
        assert!(king_connected(&open) && open.len() > 14, "outside base {base}");
    }
    for zone in board::all_squares().filter(|s| board::is_zone(*s)) {
        assert!(neighbours(zone).filter(|n| board::is_zone(*n)).count() >= 2);
    }
    let filled = "Bk1 bg1 bh1 bi1 bj1 bh2 bi2 bj2 bk2 bi3 bj3 bk3 bj4 bk4 wa1";
    let g = game(filled, Side::Black);
    assert!(!moves::has_move(g.position(), Side::Black));
    assert_eq!(g.end(), Some(End::AllInBase(Side::Black)));
    assert_eq!(g.outcome().unwrap().scores, Some(vec![1, 13 * 2 + 3]));
}

fn neighbours(square: Square) -> impl Iterator<Item = Square> {
    let (f, r) = (square.0 as i8, square.1 as i8);
    (-1..=1)
        .flat_map(move |df| (-1..=1).map(move |dr| (f + df, r + dr)))
        .filter(move |n| *n != (f, r) && board::on_board(n.0, n.1))
        .map(|(f, r)| (f as u8, r as u8))
}

fn king_connected(squares: &BTreeSet<Square>) -> bool {
    let first = *squares.iter().next().unwrap();
    let mut seen = BTreeSet::from([first]);
    let mut queue = VecDeque::from([first]);
    while let Some(s) = queue.pop_front() {
        for n in neighbours(s).filter(|n| squares.contains(n)) {
            if seen.insert(n) {
                queue.push_back(n);
            }
        }
    }
    seen.len() == squares.len()
}

/// Decision 4: "after 100 moves (single moves, both sides counted) without a capture or a tank
/// entering the opponent's base (scored as it stands)".
#[test]
fn the_game_ends_after_one_hundred_quiet_moves() {
    let mut g = start();
    let shuffle = [("i3", "i4"), ("c9", "c8"), ("i4", "i3"), ("c8", "c9")];
    for (n, (from, to)) in shuffle.iter().cycle().take(99).enumerate() {
        play(&mut g, from, to);
        assert_eq!(g.quiet_moves(), n as u32 + 1);
        assert_eq!(g.end(), None);
    }
    let events = play(&mut g, "c8", "c9");
    assert_eq!(g.end(), Some(End::QuietMoves));
    assert_eq!(arg(event(&events, "tb-over-quiet"), "moves"), &Arg::Int(100));
    assert_eq!(g.outcome().unwrap().scores, Some(vec![14, 14]));
}

/// Decision 4: a capture or a base entry starts the count again; a move inside the opponent's
/// base is not an entry.
#[test]
fn a_capture_or_a_base_entry_restarts_the_quiet_count() {
    let mut g = game("wc4 wk1 bf4 bk11", Side::White).with_quiet_moves(98);
    play(&mut g, "c4", "f4");
    assert_eq!(g.quiet_moves(), 0);

    let mut g = game("wc6 wk1 bk11", Side::White).with_quiet_moves(98);
    play(&mut g, "c6", "c10");
    assert_eq!(g.quiet_moves(), 0);
    play(&mut g, "k11", "k10");
    play(&mut g, "c10", "c11");
    assert_eq!(g.quiet_moves(), 2, "moving inside the base is quiet");
}

/// Decision 5: no hidden information — every viewer sees the same picture.
#[test]
fn every_viewer_sees_the_same_board() {
    let g = start();
    let public = g.view(Viewer::Public, &["i3".into()]);
    assert_eq!(g.view(Viewer::Seat(0), &["i3".into()]), public);
    assert_eq!(g.view(Viewer::Seat(1), &["i3".into()]), public);
}

// ---------------------------------------------------------------------------------------------
// The game's interface

#[test]
fn setup_needs_exactly_two_seats() {
    let three = Setup { seats: 3, settings: Default::default() };
    assert_eq!(
        TankBattle::new(&three).unwrap_err(),
        SetupError::SeatCount { min: 2, max: 2, got: 3 }
    );
    assert!(TankBattle::chance_outcomes(&start()).is_empty());
}

#[test]
fn the_game_is_registered_under_its_names() {
    for word in ["tank-battle", "Битка на танкове", "битка", "tankbattle", "танковый бой"]
    {
        assert_eq!(registry::lookup(word).map(|g| g.id), Some("tank-battle"), "{word}");
    }
    let info = registry::find("tank-battle").unwrap();
    assert_eq!((info.seats.0, info.settings.len(), info.private_setup), (&[2][..], 0, false));
    assert_eq!(info.name_id(), "game-tank-battle");
}

/// A move is picked as two labels, the tank's square then the destination's, under one prompt;
/// tanks are listed file by file.
#[test]
fn choices_name_the_tank_then_its_destination() {
    let choices = start().choices(0);
    assert_eq!(choices.prompt.as_deref(), Some("prompt-tb-move"));
    assert!(!choices.private);
    let step = choices.step(&[]);
    let tanks: Vec<&str> = step.iter().map(|l| l.key()).collect();
    assert_eq!(tanks, ["g1", "h1", "h2", "i2", "i3", "j3", "j4", "k4"]);
    assert_eq!(choices.options.len(), 47);
    let picked = ["i3".to_string(), "i7".to_string()];
    assert_eq!(choices.resolve(&picked), Some(&Action::Move { from: sq("i3"), to: sq("i7") }));
    for choice in &choices.options {
        let Action::Move { from, to } = choice.action;
        let path: Vec<&str> = choice.path.iter().map(|l| l.key()).collect();
        assert_eq!(path, [board::name(from), board::name(to)]);
    }
}

#[test]
fn an_illegal_or_out_of_turn_move_is_refused_and_changes_nothing() {
    let mut g = start();
    let before = g.clone();
    let jump = Action::Move { from: sq("k1"), to: sq("k5") };
    assert_eq!(apply_checked(&mut g, Actor::Seat(0), &jump), Err(ActionError::Illegal));
    let black = Action::Move { from: sq("c9"), to: sq("c5") };
    assert_eq!(apply_checked(&mut g, Actor::Seat(1), &black), Err(ActionError::NotYourTurn));
    assert!(g.apply(Actor::Seat(0), &jump).is_empty());
    assert!(g.apply(Actor::Chance, &jump).is_empty());
    assert_eq!(g, before);
}

#[test]
fn the_view_marks_movable_tanks_and_the_picked_tanks_destinations() {
    let g = game("wc4 wc6 wk1 bf4 bk11", Side::White);
    let v = view(&g, &[]);
    assert_eq!(v.to_move, Some(0));
    let labelled: Vec<_> = v.tanks.iter().filter_map(|t| t.label.clone()).collect();
    assert_eq!(labelled, ["c4", "c6", "k1"]);
    assert!(v.tanks.iter().all(|t| t.label.is_none() || t.side == 0));
    assert_eq!((v.selected, v.destinations.len()), (None, 0));

    let picked = view(&g, &["c4"]);
    assert_eq!(picked.selected, Some(sq("c4")));
    let names: Vec<&str> = picked.destinations.iter().map(|(_, n)| n.as_str()).collect();
    assert_eq!(names, destinations(&g, "c4"));
    assert!(picked.destinations.iter().all(|(s, n)| board::name(*s) == *n));
    // Picking an opponent's tank or an empty square selects nothing.
    assert_eq!(view(&g, &["f4"]).selected, None);
    assert_eq!(view(&g, &["e5"]).selected, None);
}

#[test]
fn the_view_shows_the_last_move_scores_and_quiet_count() {
    let mut g = start();
    play(&mut g, "i3", "i7");
    let v = view(&g, &[]);
    assert_eq!(v.last_move, Some((sq("i3"), sq("i7"))));
    assert_eq!((v.to_move, v.scores, v.quiet_moves), (Some(1), [14, 14], 1));
    assert_eq!(v.tanks.len(), 28);
    g.resign(1);
    let over = view(&g, &["i7"]);
    assert_eq!((over.to_move, over.selected), (None, None));
    assert!(over.tanks.iter().all(|t| t.label.is_none()));
}

/// Resigning (documented in docs/rules/tank-battle.md): the opponent wins whatever the points,
/// and the outcome carries no scores because points did not decide it.
#[test]
fn resigning_ranks_the_resigner_last() {
    let mut g = game("wb10 wc9 wk5 bk11", Side::White);
    let events = g.resign(0);
    assert_eq!(ids(&events), ["tb-resigned", "tb-winner"]);
    assert_eq!(arg(&events[1], "player"), &Arg::Seat(1));
    assert_eq!(g.end(), Some(End::Resigned(Side::White)));
    assert_eq!(g.outcome(), Some(Outcome { places: vec![2, 1], scores: None, sides: None }));
    assert!(g.choices(0).is_empty() && g.choices(1).is_empty());
    assert!(g.resign(1).is_empty(), "a finished game cannot be resigned again");
    assert!(start().resign(5).is_empty());
}

#[test]
fn a_move_announces_who_moved_where() {
    let mut g = start();
    let events = play(&mut g, "i3", "i7");
    assert_eq!(events.len(), 1);
    let moved = &events[0];
    assert_eq!(moved.id, "tb-moved");
    assert!(moved.is_public());
    assert_eq!(arg(moved, "player"), &Arg::Seat(0));
    assert_eq!(arg(moved, "from"), &Arg::Text("i3".into()));
    assert_eq!(arg(moved, "to"), &Arg::Text("i7".into()));
}

#[test]
fn the_end_announces_the_reason_the_scores_and_the_winner() {
    let mut g = game("wb10 we9 bk11", Side::White);
    let events = play(&mut g, "e9", "d10");
    assert_eq!(arg(event(&events, "tb-over-all-in-base"), "player"), &Arg::Seat(0));
    let scores = event(&events, "tb-final-scores");
    assert_eq!(arg(scores, "white"), &Arg::Seat(0));
    assert_eq!(arg(scores, "white_points"), &Arg::Int(4));
    assert_eq!(arg(scores, "black"), &Arg::Seat(1));
    assert_eq!(arg(scores, "black_points"), &Arg::Int(1));
    assert_eq!(arg(event(&events, "tb-winner"), "player"), &Arg::Seat(0));
}

#[test]
fn state_and_actions_survive_json() {
    let mut g = game("Wf6 wc10 bb10 bk11", Side::White).with_quiet_moves(7);
    play(&mut g, "f6", "f8");
    let json = serde_json::to_value(&g).unwrap();
    assert_eq!(json["position"], "bb10 wc10 Wf8 bk11");
    assert_eq!(serde_json::from_value::<TankBattle>(json).unwrap(), g);
    let action = Action::Move { from: sq("g1"), to: sq("g3") };
    let text = serde_json::to_string(&action).unwrap();
    assert_eq!(serde_json::from_str::<Action>(&text).unwrap(), action);
    let forged = serde_json::json!({ "position": "wb5", "to_move": "white", "quiet_moves": 0,
        "last_move": null, "end": null });
    assert!(serde_json::from_value::<TankBattle>(forged).is_err(), "a tank on a mine");
}

// ---------------------------------------------------------------------------------------------
// Messages

/// Every message the game uses, with the arguments it is sent with, formats without error in
/// both languages.
#[test]
fn every_message_exists_in_english_and_russian() {
    let mut messages: BTreeMap<String, Vec<(String, Arg)>> = BTreeMap::new();
    for id in ["game-tank-battle", "rules-tank-battle", "prompt-tb-move"] {
        messages.insert(id.into(), Vec::new());
    }
    for events in sample_events() {
        for e in events {
            messages.insert(e.id.clone(), e.args.clone());
        }
    }
    let expected_events = [
        "tb-moved",
        "tb-captured",
        "tb-entered-base",
        "tb-commander-square",
        "tb-over-all-in-base",
        "tb-over-no-tanks",
        "tb-over-quiet",
        "tb-resigned",
        "tb-final-scores",
        "tb-winner",
        "tb-draw",
    ];
    for id in expected_events {
        assert!(messages.contains_key(id), "no sample of {id}");
    }
    // The no-move end cannot be reached on this board (see above), but it has its words.
    messages.insert("tb-over-no-move".into(), vec![("player".into(), Arg::Seat(0))]);

    for (lang, source) in [
        ("en", include_str!("../locales/en/tank-battle.ftl")),
        ("ru", include_str!("../locales/ru/tank-battle.ftl")),
    ] {
        let resource = FluentResource::try_new(source.to_string())
            .unwrap_or_else(|(_, errors)| panic!("{lang}: {errors:?}"));
        let mut bundle = FluentBundle::new(vec![lang.parse().unwrap()]);
        bundle.add_resource(resource).unwrap();
        for (id, args) in &messages {
            let text = format(&bundle, id, args).unwrap_or_else(|e| panic!("{lang} {id}: {e}"));
            assert!(!text.contains('{') && !text.trim().is_empty(), "{lang} {id}: {text}");
        }
    }
}

fn format(
    bundle: &FluentBundle<FluentResource>,
    id: &str,
    args: &[(String, Arg)],
) -> Result<String, String> {
    let message = bundle.get_message(id).ok_or("missing")?;
    let pattern = message.value().ok_or("no value")?;
    let mut fluent_args = FluentArgs::new();
    for (name, value) in args {
        let value = match value {
            Arg::Int(n) => FluentValue::from(*n),
            Arg::Seat(seat) => FluentValue::from(["Alice", "Boris"][*seat]),
            Arg::Text(text) | Arg::Msg(text) => FluentValue::from(text.clone()),
        };
        fluent_args.set(name.clone(), value);
    }
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, Some(&fluent_args), &mut errors).into_owned();
    if errors.is_empty() { Ok(text) } else { Err(format!("{errors:?}")) }
}

/// Events of short games that between them reach every announcement.
fn sample_events() -> Vec<Vec<Event>> {
    let mut commander_square = game("Wc9 wk5 bk11", Side::White);
    let mut capture_commander = game("Wf8 wk1 bf9 bk11", Side::Black);
    let mut last_tank = game("wc4 bf4", Side::White);
    let mut all_in_base = game("wb10 we9 bk11", Side::White);
    let mut quiet = game("wa1 bk11", Side::White).with_quiet_moves(99);
    vec![
        play(&mut commander_square, "c9", "a11"),
        play(&mut capture_commander, "f9", "f8"),
        play(&mut last_tank, "c4", "f4"),
        play(&mut all_in_base, "e9", "d10"),
        play(&mut quiet, "a1", "a2"),
        start().resign(1),
    ]
}

// ---------------------------------------------------------------------------------------------
// Random play

/// Checks that a finished game ended for a reason that holds in its final position, and that
/// its outcome is the points of that position.
fn assert_ended_legally(g: &TankBattle, seed: u64) {
    let end = g.end().unwrap_or_else(|| panic!("seed {seed}: not over"));
    let position = g.position();
    let holds = match end {
        End::AllInBase(side) => {
            let target = side.opponent().index();
            army_size(g, side) > 0
                && position.army(side).all(|(s, _)| board::base_of(s) == Some(target))
        }
        End::NoTanks(side) => army_size(g, side) == 0,
        End::NoMove(side) => side == g.side_to_move() && !moves::has_move(position, side),
        End::QuietMoves => g.quiet_moves() == 100,
        End::Resigned(_) => false,
    };
    assert!(holds, "seed {seed}: {end:?} does not hold in {position}");
    let points = expected_points(g);
    assert_eq!(g.outcome(), Some(Outcome::from_scores(points)), "seed {seed}");
}

/// The harness's full property check (every offered action applies, the game ends, state and
/// log survive JSON, the log replays) over 10 000 games, on every core.
#[test]
fn ten_thousand_random_games_end_legally() {
    const GAMES: u64 = 10_000;
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get()) as u64;
    std::thread::scope(|scope| {
        for first in 0..threads {
            scope.spawn(move || {
                for seed in (first..GAMES).step_by(threads as usize) {
                    let g = harness::check_random_game::<TankBattle>(&setup(), seed)
                        .unwrap_or_else(|e| panic!("{e}"));
                    assert_ended_legally(&g, seed);
                }
            });
        }
    });
}

/// Step by step along random games: no end is missed or invented, the quiet count is the
/// number of moves since the last capture or base entry, and the view agrees with the choices.
#[test]
fn random_games_never_miss_an_end_and_count_quiet_moves() {
    for seed in 0..200 {
        let mut random = rng::seeded(seed);
        let mut g = start();
        let mut quiet = 0;
        while let Some((actor, action)) = harness::random_action(&g, &mut random).unwrap() {
            check_view_matches_choices(&g);
            let Action::Move { from, to } = action;
            let side = g.side_to_move();
            let target = Some(side.opponent().index());
            let entered = board::base_of(from) != target && board::base_of(to) == target;
            let captured = g.position().get(to).is_some();
            g.apply(actor, &action);
            quiet = if captured || entered { 0 } else { quiet + 1 };
            assert_eq!(g.quiet_moves(), quiet, "seed {seed}");
            if g.end().is_none() {
                assert_no_end_holds(&g, seed);
            }
        }
        assert_ended_legally(&g, seed);
    }
}

fn assert_no_end_holds(g: &TankBattle, seed: u64) {
    for side in Side::BOTH {
        let target = side.opponent().index();
        let outside = g.position().army(side).any(|(s, _)| board::base_of(s) != Some(target));
        assert!(outside, "seed {seed}: {side:?} has no tank outside the opponent's base");
    }
    assert!(g.quiet_moves() < 100, "seed {seed}");
    assert!(moves::has_move(g.position(), g.side_to_move()), "seed {seed}");
}

fn check_view_matches_choices(g: &TankBattle) {
    let choices = g.choices(g.side_to_move().seat());
    let labelled: BTreeSet<String> =
        view(g, &[]).tanks.into_iter().filter_map(|t| t.label).collect();
    let offered: BTreeSet<String> = choices.step(&[]).iter().map(|l| l.key().to_string()).collect();
    assert_eq!(labelled, offered);
}
