//! «Идут танки»: one scenario per rule sentence of the seed
//! (`shared/seeds/000_7885f617f973c569.txt`) and per decision of the spec
//! (`shared/rules/tanks-go.md`).
//!
//! Every action goes through `apply_checked`, the table's legality gate: seats press the labels
//! of their buttons (resolved through the choice tree, so the labels are tested too), and dice
//! and deals are forced as chance actions. Positions are set up with the game's hidden test
//! hooks (`army_mut`, `place_tank`, `start_turn`) after a real set-up.

use igroteka::choice::Label;
use igroteka::event::{Arg, Event};
use igroteka::game::{Actor, Game, Seat, Setup, ToMove, Viewer, apply_checked};
use igroteka::games::tanks::board::{self, Spot};
use igroteka::games::tanks::{
    Action, End, Heading, MineLabel, Place, PlaneSpot, RocketLabel, SETTINGS, Side, Stage, Tanks,
    View,
};
use igroteka::settings;
use igroteka::view::AnyView;

// ---------------------------------------------------------------------------------------------
// Helpers

const RED: Side = Side::Red;
const GREEN: Side = Side::Green;

fn setup(words: &[&str]) -> Setup {
    Setup { seats: 2, settings: settings::parse(SETTINGS, words).expect("valid settings") }
}

fn node(name: &str) -> board::NodeId {
    board::parse(name).unwrap_or_else(|| panic!("no circle {name}"))
}

/// The spot of a circle on its first road (`"C6"` gives road C's spot of B6 = C6).
fn spot(name: &str) -> Spot {
    let id = node(name);
    let road = board::ROAD_LETTERS.iter().position(|l| name.starts_with(l));
    let spots = &board::node_info(id).spots;
    match road {
        Some(r) => *spots.iter().find(|s| usize::from(s.road) == r).unwrap_or(&spots[0]),
        None => spots[0],
    }
}

fn seat_to_move(g: &Tanks) -> Seat {
    match g.to_move() {
        ToMove::Seats(seats) if seats.len() == 1 => seats[0],
        other => panic!("no single seat to move: {other:?}"),
    }
}

/// `seat` presses the buttons `path` (labels as shown: circle names or message ids).
fn press_as(g: &mut Tanks, seat: Seat, path: &[&str]) -> Vec<Event> {
    let choices = g.choices(seat);
    let keys: Vec<String> = path.iter().map(|s| s.to_string()).collect();
    let action = *choices.resolve(&keys).unwrap_or_else(|| {
        let options: Vec<Vec<String>> = choices
            .options
            .iter()
            .map(|c| c.path.iter().map(|l| l.key().to_string()).collect())
            .collect();
        panic!("seat {seat} has no button path {path:?}; options {options:?}")
    });
    apply_checked(g, Actor::Seat(seat), &action).expect("an offered action applies")
}

/// The seat to move presses `path`.
fn press(g: &mut Tanks, path: &[&str]) -> Vec<Event> {
    let seat = seat_to_move(g);
    press_as(g, seat, path)
}

fn chance(g: &mut Tanks, action: Action) -> Vec<Event> {
    apply_checked(g, Actor::Chance, &action).expect("a possible chance outcome")
}

/// Presses Roll and forces the die.
fn roll(g: &mut Tanks, face: u8) -> Vec<Event> {
    let mut events = press(g, &["btn-roll"]);
    events.extend(chance(g, Action::Face(face)));
    events
}

/// The labels of the next step after `path` for the seat to move.
fn step(g: &Tanks, path: &[&str]) -> Vec<String> {
    let keys: Vec<String> = path.iter().map(|s| s.to_string()).collect();
    g.choices(seat_to_move(g)).step(&keys).iter().map(|l| l.key().to_string()).collect()
}

fn has(events: &[Event], id: &str) -> bool {
    events.iter().any(|e| e.id == id)
}

fn event<'a>(events: &'a [Event], id: &str) -> &'a Event {
    events.iter().find(|e| e.id == id).unwrap_or_else(|| panic!("no {id} in {events:?}"))
}

fn text_arg(e: &Event, name: &str) -> String {
    match e.args.iter().find(|(n, _)| n == name) {
        Some((_, Arg::Text(t))) => t.clone(),
        other => panic!("no text {name} in {e:?}: {other:?}"),
    }
}

fn view_as(g: &Tanks, viewer: Viewer) -> View {
    match g.view(viewer, &[]) {
        AnyView::Tanks(v) => v,
        other => panic!("not a tanks view: {other:?}"),
    }
}

fn view(g: &Tanks) -> View {
    view_as(g, Viewer::Public)
}

fn json(g: &Tanks, viewer: Viewer) -> String {
    serde_json::to_string(&g.view(viewer, &[])).unwrap()
}

/// Where tank `tank` of `side` stands, as a circle name.
fn at(g: &Tanks, side: Side, tank: usize) -> Option<&'static str> {
    g.army(side).tanks[tank].node().map(board::name)
}

/// A game past its set-up: Red's and Green's mines with their labels, the odd rocket label of
/// each side on stand `odd`, Red to move.
fn started_with(
    words: &[&str],
    red_mines: [(&str, MineLabel); 4],
    green_mines: [(&str, MineLabel); 4],
    odd: [u8; 2],
) -> Tanks {
    let mut g = Tanks::new(&setup(words)).unwrap();
    let mut deal = [[MineLabel::Dud; 4]; 2];
    for (seat, mines) in [red_mines, green_mines].into_iter().enumerate() {
        let mut sorted = mines;
        sorted.sort_by_key(|(name, _)| node(name));
        for (k, (name, label)) in sorted.iter().enumerate() {
            press_as(&mut g, seat, &["btn-tanks-mine", name]);
            deal[seat][k] = *label;
        }
        let rocket = board::ROCKET_NAMES[seat][usize::from(odd[seat])];
        let button = if words.contains(&"rockets=two-hits") {
            "btn-tanks-miss-on"
        } else {
            "btn-tanks-hit-on"
        };
        press_as(&mut g, seat, &[button, rocket]);
        press_as(&mut g, seat, &["btn-tanks-confirm"]);
    }
    assert_eq!(g.to_move(), ToMove::Chance);
    chance(&mut g, Action::DealMines(deal));
    assert_eq!(seat_to_move(&g), 0, "Red moves first");
    g
}

use MineLabel::{Dud, Kill, Stall};

/// Mines away from every scenario below (road D near each start).
const QUIET_RED: [(&str, MineLabel); 4] = [("D1", Kill), ("D2", Kill), ("D3", Stall), ("D4", Dud)];
const QUIET_GREEN: [(&str, MineLabel); 4] =
    [("D20", Kill), ("D21", Kill), ("D22", Stall), ("D23", Dud)];

fn started(words: &[&str]) -> Tanks {
    started_with(words, QUIET_RED, QUIET_GREEN, [1, 1])
}

/// Takes every tank off the field without counting it (parked as arrived but not scored).
fn park_all(g: &mut Tanks) {
    for side in [RED, GREEN] {
        for tank in &mut g.army_mut(side).tanks {
            tank.place = Place::Arrived;
        }
    }
}

/// A position: only the listed tanks on the field (tank numbers in list order), then `side`'s
/// turn begins. Names are circles, read on their first road unless given as road + index.
fn position(g: &mut Tanks, red: &[(&str, Heading)], green: &[(&str, Heading)], side: Side) {
    park_all(g);
    for (s, tanks) in [(RED, red), (GREEN, green)] {
        for (i, (name, heading)) in tanks.iter().enumerate() {
            g.place_tank(s, i, spot(name), *heading);
        }
    }
    g.start_turn(side);
}

const DOWN: Heading = Heading::Down;
const UP: Heading = Heading::Up;

// ---------------------------------------------------------------------------------------------
// Decision 1: the board

/// Decision 1: four roads of 25 circles, 96 in all, crossing in four shared circles; the
/// destroyed bridges; airfields and arcs (unit tests in `board.rs` check the half-turn).
#[test]
fn the_board_matches_decision_one() {
    assert_eq!(board::nodes().len(), 96);
    for (a, b) in [("B6", "C6"), ("A12", "C12"), ("B12", "D12"), ("A18", "D18")] {
        assert_eq!(node(a), node(b), "{a} = {b}");
    }
    for name in ["B9", "C9", "A15", "D15"] {
        assert!(board::is_destroyed_bridge(node(name)), "{name}");
    }
    for name in ["A9", "D9", "B15", "C15"] {
        assert!(!board::is_destroyed_bridge(node(name)), "{name} is intact");
    }
    let g = started(&[]);
    let v = view(&g);
    let names = |side: u8| {
        let mut n: Vec<&str> =
            v.tanks.iter().filter(|t| t.side == side).map(|t| t.label.as_str()).collect();
        n.sort_unstable();
        n
    };
    assert_eq!(names(0), ["R1", "R2", "R3", "R4"]);
    assert_eq!(names(1), ["G1", "G2", "G3", "G4"]);
    assert!(v.tanks.iter().all(|t| t.heading == if t.side == 0 { DOWN } else { UP }));
    assert_eq!(v.planes.len(), 4);
    assert!(v.planes.iter().all(|p| matches!(p.spot, PlaneSpot::Airfield(_))));
    assert_eq!(v.rockets.len(), 6);
}

// ---------------------------------------------------------------------------------------------
// Decision 2: the secret set-up

/// Decision 2: both sides set up at once, in private; mines only on their own half, at most
/// one per circle; confirming needs four mines and the rocket labels.
#[test]
fn the_set_up_is_private_simultaneous_and_complete_before_confirming() {
    let mut g = Tanks::new(&setup(&[])).unwrap();
    assert_eq!(g.to_move(), ToMove::seats([0, 1]));
    for seat in 0..2 {
        let c = g.choices(seat);
        assert!(c.private, "set-up buttons go to the private chat");
        assert!(!c.options.iter().any(|o| o.path == [Label::msg("btn-tanks-confirm")]));
    }
    let red_spots = g.choices(0).step(&["btn-tanks-mine".to_string()]);
    assert_eq!(red_spots.len(), 20);
    for label in &red_spots {
        let s = spot(label.key());
        assert!((1..=5).contains(&s.index), "{label:?} is on Red's half");
    }
    let green_spots = g.choices(1).step(&["btn-tanks-mine".to_string()]);
    assert!(green_spots.iter().all(|l| (19..=23).contains(&spot(l.key()).index)));

    for name in ["A1", "A2", "A3"] {
        press_as(&mut g, 0, &["btn-tanks-mine", name]);
    }
    assert!(!g.choices(0).step(&["btn-tanks-mine".into()]).contains(&Label::text("A1")));
    press_as(&mut g, 0, &["btn-tanks-remove", "A2"]);
    press_as(&mut g, 0, &["btn-tanks-mine", "A4"]);
    press_as(&mut g, 0, &["btn-tanks-mine", "A5"]);
    assert!(g.choices(0).step(&["btn-tanks-mine".into()]).is_empty(), "four mines at most");
    assert!(!step_of(&g, 0).contains(&"btn-tanks-confirm".to_string()), "rockets first");
    let events = press_as(&mut g, 0, &["btn-tanks-hit-on", "r2"]);
    assert!(events.iter().all(|e| !e.is_public()), "rocket labels are told privately");
    press_as(&mut g, 0, &["btn-tanks-confirm"]);
    assert_eq!(g.to_move(), ToMove::seats([1]), "Red waits for Green");

    // The owner's board shows the mines; nobody else's does.
    let mine_names = |v: &View| v.mines.iter().map(|m| m.mine.clone()).collect::<Vec<_>>();
    assert_eq!(mine_names(&view_as(&g, Viewer::Seat(0))), ["A1", "A3", "A4", "A5"]);
    assert!(view_as(&g, Viewer::Seat(1)).mines.is_empty());
    assert!(view(&g).mines.is_empty());
    assert!(view(&g).sides[0].ready && !view(&g).sides[1].ready);
    let hit = |v: &View| v.rockets.iter().find(|r| r.rocket == "r2").unwrap().label;
    assert_eq!(hit(&view_as(&g, Viewer::Seat(0))), Some(RocketLabel::Hit));
    assert_eq!(hit(&view(&g)), None);
    assert_eq!(hit(&view_as(&g, Viewer::Seat(1))), None);
}

fn step_of(g: &Tanks, seat: Seat) -> Vec<String> {
    g.choices(seat).step(&[]).iter().map(|l| l.key().to_string()).collect()
}

/// Decision 2: the random set-up is drawn by the table (chance actions), mine by mine among
/// the circles left, then the rockets; the player then confirms.
#[test]
fn a_random_set_up_is_drawn_by_the_table() {
    let mut g = Tanks::new(&setup(&[])).unwrap();
    press_as(&mut g, 1, &["btn-tanks-mine", "B20"]);
    press_as(&mut g, 1, &["btn-tanks-random"]);
    assert_eq!(g.to_move(), ToMove::Chance);
    assert_eq!(g.chance_outcomes().len(), 20, "the old mines are lifted first");
    for (k, name) in ["A19", "B23", "C21", "D19"].iter().enumerate() {
        assert_eq!(g.chance_outcomes().len(), 20 - k);
        chance(&mut g, Action::RandomMine(node(name)));
    }
    assert_eq!(g.chance_outcomes().len(), 3, "then the rocket stand");
    chance(&mut g, Action::RandomRockets(2));
    assert_eq!(g.to_move(), ToMove::seats([0, 1]), "arranged, not confirmed");
    let v = view_as(&g, Viewer::Seat(1));
    assert_eq!(
        v.mines.iter().map(|m| m.mine.as_str()).collect::<Vec<_>>(),
        ["A19", "B23", "C21", "D19"]
    );
    assert_eq!(v.rockets[5].label, Some(RocketLabel::Hit));
    assert!(step_of(&g, 1).contains(&"btn-tanks-confirm".to_string()));
}

/// Decision 2: mine labels are dealt by the table after both confirm, from {Т-Р, Т-Р, Л-П,
/// Н-С} per side, and shown to nobody — the owner included.
#[test]
fn mine_labels_are_dealt_after_both_confirm_and_shown_to_nobody() {
    let mut g = Tanks::new(&setup(&[])).unwrap();
    for seat in 0..2 {
        press_as(&mut g, seat, &["btn-tanks-random"]);
        while g.to_move() == ToMove::Chance {
            let first = g.chance_outcomes()[0].0;
            chance(&mut g, first);
        }
        press_as(&mut g, seat, &["btn-tanks-confirm"]);
    }
    assert_eq!(g.to_move(), ToMove::Chance);
    let deals = g.chance_outcomes();
    assert_eq!(deals.len(), 144, "12 distinct orders per side");
    chance(&mut g, Action::DealMines([[Stall, Kill, Dud, Kill], [Kill, Kill, Stall, Dud]]));
    assert_eq!(g.to_move(), ToMove::seats([0]));
    for viewer in [Viewer::Public, Viewer::Seat(0), Viewer::Seat(1)] {
        let text = json(&g, viewer);
        for word in ["\"kill\"", "\"stall\"", "\"dud\""] {
            assert!(!text.contains(word), "{viewer:?} sees a mine label: {text}");
        }
    }
    assert_eq!(view_as(&g, Viewer::Seat(0)).mines.len(), 4);
}

// ---------------------------------------------------------------------------------------------
// Seed: how tanks move (decisions 3 and 4)

/// Seed: "roll the die as many times as you have tanks on the field"; decision 4: one roll
/// for every tank that may act (a tank sitting out its turn gives none).
#[test]
fn one_roll_for_every_tank_that_may_act() {
    let mut g = started(&[]);
    assert_eq!(view(&g).rolls_left, 4);
    position(&mut g, &[("A3", DOWN), ("B3", DOWN), ("C3", DOWN)], &[("A20", UP)], RED);
    assert_eq!(view(&g).rolls_left, 3);
    g.army_mut(RED).tanks[1].skip = true;
    g.start_turn(RED);
    assert_eq!(view(&g).rolls_left, 2, "the stuck tank gives no roll");
    assert!(view(&g).tanks.iter().any(|t| t.label == "B3" && t.stuck));
}

/// Seed: "after each roll one tank drives forward the rolled number of circles (each tank once
/// per turn)".
#[test]
fn each_roll_drives_one_tank_that_has_not_moved() {
    let mut g = started(&[]);
    roll(&mut g, 2);
    assert_eq!(step(&g, &[]), ["R1", "R2", "R3", "R4"]);
    let events = press(&mut g, &["R1"]);
    assert_eq!(text_arg(event(&events, "tanks-moved"), "to"), "A2");
    assert_eq!(at(&g, RED, 0), Some("A2"));
    roll(&mut g, 3);
    assert_eq!(step(&g, &[]), ["R2", "R3", "R4"], "the moved tank is not offered again");
    press(&mut g, &["R2"]);
    roll(&mut g, 1);
    press(&mut g, &["R3"]);
    roll(&mut g, 1);
    press(&mut g, &["R4"]);
    assert_eq!(seat_to_move(&g), 1, "four rolls, then Green's turn");
}

/// Decision 4: a roll no tank can use is lost and uses up one of the rolls.
#[test]
fn a_roll_no_tank_can_use_is_lost() {
    let mut g = started(&[]);
    position(&mut g, &[("A22", DOWN)], &[("C20", UP)], RED);
    let events = roll(&mut g, 3);
    assert!(has(&events, "tanks-roll-lost"), "A22 + 3 would leave the road");
    assert_eq!(at(&g, RED, 0), Some("A22"));
    assert_eq!(seat_to_move(&g), 1, "the only roll is used up");
}

/// Decision 3: movement is exact — arriving needs the exact number, unless the move ends early
/// by capturing a tank on the big circle. An arrived tank leaves the board and is counted.
#[test]
fn arriving_needs_the_exact_number_or_a_capture_on_the_big_circle() {
    let mut g = started(&[]);
    position(&mut g, &[("A22", DOWN), ("B3", DOWN)], &[("C20", UP)], RED);
    roll(&mut g, 2);
    let events = press(&mut g, &["A22"]);
    assert_eq!(text_arg(event(&events, "tanks-arrived"), "node"), "G3");
    assert_eq!(g.army(RED).tanks[0].place, Place::Arrived);
    assert_eq!(g.army(RED).arrivals, 1);
    assert!(view(&g).tanks.iter().all(|t| t.label != "G3"), "it leaves the board");

    let mut g = started(&[]);
    position(&mut g, &[("A22", DOWN)], &[("G3", UP), ("C20", UP)], RED);
    roll(&mut g, 3);
    let events = press(&mut g, &["A22"]);
    assert!(has(&events, "tanks-captured"));
    assert!(has(&events, "tanks-arrived"), "the capture on G3 ends the move there");
    assert_eq!(g.army(GREEN).tanks[0].place, Place::Destroyed);
}

/// Seed: "tanks may not jump over tanks"; decision 3: own tanks never share a circle.
#[test]
fn no_jumping_over_tanks() {
    let mut g = started(&[]);
    position(&mut g, &[("A3", DOWN), ("A5", DOWN)], &[("C20", UP)], RED);
    roll(&mut g, 3);
    assert_eq!(step(&g, &[]), ["A5"], "A3 would jump over or onto its own tank");
    press(&mut g, &["A5"]);
    roll(&mut g, 2);
    assert_eq!(step(&g, &[]), ["A3"]);
    let events = press(&mut g, &["A3"]);
    assert_eq!(text_arg(event(&events, "tanks-moved"), "to"), "A5");
}

/// Seed: "drive onto an opponent's tank — it is destroyed and yours takes its place, even if
/// the roll had points left"; decision 6: capturing ends the move.
#[test]
fn a_capture_takes_the_place_even_with_points_left() {
    let mut g = started(&[]);
    position(&mut g, &[("B10", DOWN)], &[("B11", UP), ("C20", UP)], RED);
    roll(&mut g, 3);
    let events = press(&mut g, &["B10"]);
    assert!(has(&events, "tanks-captured"));
    assert_eq!(at(&g, RED, 0), Some("B11"));
    assert_eq!(g.army(GREEN).tanks[0].place, Place::Destroyed);
    assert_eq!(view(&g).sides[1].destroyed, 1);
}

/// Seed: "at a crossing a tank may turn onto another road — it then drives one circle less";
/// decision 5: the turn uses a point and no circle, once per move, from the crossing or on it.
#[test]
fn turning_at_a_crossing_costs_one_point() {
    let mut g = started(&[]);
    position(&mut g, &[("A11", DOWN), ("B12", DOWN)], &[("C20", UP)], RED);
    roll(&mut g, 3);
    assert_eq!(step(&g, &["A11"]), ["A14", "C13"], "straight on, or turn onto C");
    let events = press(&mut g, &["A11", "C13"]);
    assert!(has(&events, "tanks-moved-turning"));
    let tank = &view(&g).tanks[0];
    assert_eq!((tank.label.as_str(), tank.road.as_str(), tank.heading), ("C13", "C", DOWN));

    // Starting on a crossing: with one point the tank only changes road.
    roll(&mut g, 1);
    assert_eq!(step(&g, &["B12"]), ["B13", "B12"]);
    press(&mut g, &["B12", "B12"]);
    let tank = view(&g).tanks.into_iter().find(|t| t.label == "B12").unwrap();
    assert_eq!(tank.road, "D", "now on road D, heading on");
    assert_eq!(tank.heading, DOWN);
}

/// Decision 5: an own tank on the next circle of the other road blocks that route; an
/// opponent's tank there is captured.
#[test]
fn the_other_road_is_blocked_by_own_tanks_and_captures_opponents() {
    let mut g = started(&[]);
    position(&mut g, &[("A11", DOWN), ("C13", DOWN)], &[("C20", UP)], RED);
    roll(&mut g, 3);
    assert_eq!(step(&g, &[]), ["A11", "C13"]);
    assert_eq!(step(&g, &["A11"]), Vec::<String>::new(), "one route left: no second step");
    let events = press(&mut g, &["A11"]);
    assert_eq!(text_arg(event(&events, "tanks-moved"), "to"), "A14");

    let mut g = started(&[]);
    position(&mut g, &[("A11", DOWN)], &[("C13", UP), ("C20", UP)], RED);
    roll(&mut g, 3);
    let events = press(&mut g, &["A11", "C13"]);
    assert!(has(&events, "tanks-captured"));
    assert_eq!(at(&g, RED, 0), Some("C13"));
}

/// Seed: "turning around costs that tank's move for the turn, without a roll"; decision 4:
/// not in two consecutive turns of its owner.
#[test]
fn turning_around_uses_the_move_and_not_twice_running() {
    let mut g = started(&[]);
    position(&mut g, &[("A5", DOWN), ("B5", DOWN)], &[("C20", UP)], RED);
    assert_eq!(step(&g, &["btn-tanks-turn"]), ["A5", "B5"]);
    let events = press(&mut g, &["btn-tanks-turn", "A5"]);
    assert!(has(&events, "tanks-turned-around"));
    assert_eq!(view(&g).rolls_left, 1, "it used up one of the rolls");
    assert_eq!(g.army(RED).tanks[0].field().unwrap().1, UP);
    assert_eq!(step(&g, &["btn-tanks-turn"]), ["B5"], "A5 has acted this turn");
    roll(&mut g, 1);
    assert_eq!(step(&g, &[]), ["B5"], "A5 has acted this turn");
    press(&mut g, &["B5"]);
    // Green's turn: it turns its only tank around, then Red again.
    press(&mut g, &["btn-tanks-turn", "C20"]);
    assert_eq!(seat_to_move(&g), 0);
    assert_eq!(step(&g, &["btn-tanks-turn"]), ["B6"], "A5 turned in Red's previous turn");
    roll(&mut g, 2);
    let events = press(&mut g, &["A5"]);
    assert_eq!(text_arg(event(&events, "tanks-moved"), "to"), "A3", "heading up now");
    press(&mut g, &["btn-roll"]);
    chance(&mut g, Action::Face(1));
    press(&mut g, &["B6", "B7"]);
    // Green's tank may not turn twice running either.
    assert_eq!(seat_to_move(&g), 1);
    assert!(step(&g, &["btn-tanks-turn"]).is_empty());
    roll(&mut g, 1);
    press(&mut g, &["C20"]);
    // Red's next turn: A3 may turn again (a turn passed in between).
    assert_eq!(step(&g, &["btn-tanks-turn"]), ["A3", "B7"]);
}

// ---------------------------------------------------------------------------------------------
// Seed: combat and bridges (decision 6)

/// Seed: "stop on a destroyed bridge — you fall through and skip your next turn. Driving
/// straight over the bridge is allowed."
#[test]
fn stopping_on_a_destroyed_bridge_skips_the_next_turn() {
    let mut g = started(&[]);
    position(&mut g, &[("B7", DOWN), ("C7", DOWN)], &[("A20", UP)], RED);
    roll(&mut g, 3);
    let events = press(&mut g, &["C7"]);
    assert!(!has(&events, "tanks-in-river"), "C7 + 3 drives over C9");
    assert_eq!(at(&g, RED, 1), Some("C10"));
    roll(&mut g, 2);
    let events = press(&mut g, &["B7"]);
    assert!(has(&events, "tanks-in-river"));
    assert!(view(&g).tanks.iter().any(|t| t.label == "B9" && t.stuck && t.in_river));
    roll(&mut g, 1);
    press(&mut g, &["A20"]);
    // Red's next turn: B9 sits out (one roll only, for C10).
    assert_eq!(view(&g).rolls_left, 1);
    roll(&mut g, 1);
    assert_eq!(step(&g, &[]), ["C10"]);
    press(&mut g, &["C10"]);
    roll(&mut g, 1);
    press(&mut g, &["A19"]);
    // And the turn after, it drives on.
    assert_eq!(view(&g).rolls_left, 2);
    roll(&mut g, 1);
    assert_eq!(step(&g, &[]), ["B9", "C11"]);
}

/// Seed: "if an opponent's tank also stops on that bridge, both are out"; decision 6: an
/// opponent's tank that drives onto it stops there.
#[test]
fn two_tanks_on_a_destroyed_bridge_are_both_out() {
    let mut g = started(&[]);
    position(&mut g, &[("B9", DOWN), ("C3", DOWN)], &[("B11", UP), ("A20", UP)], GREEN);
    roll(&mut g, 3);
    let events = press(&mut g, &["B11"]);
    assert!(has(&events, "tanks-both-out"));
    assert!(!has(&events, "tanks-captured"));
    assert_eq!(g.army(RED).tanks[0].place, Place::Destroyed);
    assert_eq!(g.army(GREEN).tanks[0].place, Place::Destroyed);
}

// ---------------------------------------------------------------------------------------------
// Seed: mines (decision 6)

/// Seed: «Т-Р» — the tank is destroyed; the mine is removed.
#[test]
fn a_kill_mine_destroys_the_tank_and_is_removed() {
    let green = [("A21", Kill), ("B20", Stall), ("C20", Dud), ("D20", Kill)];
    let mut g = started_with(&[], QUIET_RED, green, [1, 1]);
    position(&mut g, &[("A19", DOWN), ("B3", DOWN)], &[("C22", UP)], RED);
    roll(&mut g, 3);
    let events = press(&mut g, &["A19"]);
    let e = event(&events, "tanks-mine-kill");
    assert!(e.is_public());
    assert_eq!(text_arg(e, "node"), "A21");
    assert_eq!(g.army(RED).tanks[0].place, Place::Destroyed, "driving over it is enough");
    assert_eq!(g.army(GREEN).mines.len(), 3);
}

/// Seed: «Л-П» — the tank stops and skips its next turn; decision 6: it stops there and the
/// rest of the roll is lost.
#[test]
fn a_stall_mine_stops_the_tank_mid_move() {
    let green = [("A21", Kill), ("B20", Stall), ("C20", Dud), ("D20", Kill)];
    let mut g = started_with(&[], QUIET_RED, green, [1, 1]);
    position(&mut g, &[("B19", DOWN), ("C3", DOWN)], &[("C22", UP)], RED);
    roll(&mut g, 3);
    let events = press(&mut g, &["B19"]);
    assert!(has(&events, "tanks-mine-stall"));
    assert_eq!(at(&g, RED, 0), Some("B20"), "stopped on the mine, not on B22");
    assert!(g.army(RED).tanks[0].skip);
    roll(&mut g, 1);
    press(&mut g, &["C3"]);
    roll(&mut g, 1);
    press(&mut g, &["C22"]);
    assert_eq!(view(&g).rolls_left, 1, "B20 sits out Red's next turn");
}

/// Seed: «Н-С» — it did not go off, drive on; the mine is removed all the same.
#[test]
fn a_dud_mine_lets_the_tank_drive_on() {
    let green = [("A21", Kill), ("B20", Stall), ("C20", Dud), ("D20", Kill)];
    let mut g = started_with(&[], QUIET_RED, green, [1, 1]);
    position(&mut g, &[("C19", DOWN), ("B3", DOWN)], &[("A22", UP)], RED);
    roll(&mut g, 2);
    let events = press(&mut g, &["C19"]);
    assert!(has(&events, "tanks-mine-dud"));
    assert_eq!(at(&g, RED, 0), Some("C21"));
    assert!(g.army(GREEN).mine_at(node("C20")).is_none(), "turned over and removed");
}

/// Seed: "your own tanks pass your own mines safely".
#[test]
fn own_mines_are_harmless() {
    let red = [("A2", Kill), ("A3", Kill), ("A4", Stall), ("D1", Dud)];
    let mut g = started_with(&[], red, QUIET_GREEN, [1, 1]);
    roll(&mut g, 3);
    let events = press(&mut g, &["R1"]);
    assert!(!events.iter().any(|e| e.id.starts_with("tanks-mine")));
    assert_eq!(at(&g, RED, 0), Some("A3"), "standing on its own mine");
    assert_eq!(g.army(RED).mines.len(), 4);
}

/// Decision 6: if a captured tank stood on its own mine, that mine goes off under the
/// capturing tank.
#[test]
fn a_captured_tank_on_its_own_mine_sets_it_off_under_the_capturer() {
    let red = [("A3", Kill), ("B2", Kill), ("B3", Stall), ("D1", Dud)];
    let mut g = started_with(&[], red, QUIET_GREEN, [1, 1]);
    position(&mut g, &[("A3", DOWN), ("C3", DOWN)], &[("A5", UP), ("C20", UP)], GREEN);
    roll(&mut g, 2);
    let events = press(&mut g, &["A5"]);
    assert!(has(&events, "tanks-captured"));
    assert_eq!(text_arg(event(&events, "tanks-mine-kill"), "node"), "A3");
    assert_eq!(g.army(RED).tanks[0].place, Place::Destroyed);
    assert_eq!(g.army(GREEN).tanks[0].place, Place::Destroyed);
}

/// Decision 2 and 6: the mine labels come from the deal, whatever the owner did.
#[test]
fn the_dealt_label_decides_what_a_mine_does() {
    for (label, id) in
        [(Kill, "tanks-mine-kill"), (Stall, "tanks-mine-stall"), (Dud, "tanks-mine-dud")]
    {
        let mut rest = MineLabel::SET.to_vec();
        rest.remove(rest.iter().position(|l| *l == label).unwrap());
        let green = [("A20", label), ("B20", rest[0]), ("C20", rest[1]), ("D20", rest[2])];
        let mut g = started_with(&[], QUIET_RED, green, [1, 1]);
        position(&mut g, &[("A19", DOWN)], &[("C22", UP)], RED);
        roll(&mut g, 1);
        let events = press(&mut g, &["A19"]);
        assert!(has(&events, id), "{label:?}");
    }
}

// ---------------------------------------------------------------------------------------------
// Seed: aviation (decision 7)

/// Rockets of Green with «Ц-П» on `stand` (g1 = 0, g2 = 1, g3 = 2); Green's tank on `target`.
fn flight_game(stand: u8, target: &str) -> Tanks {
    let mut g = started_with(&[], QUIET_RED, QUIET_GREEN, [1, stand]);
    position(&mut g, &[("A3", DOWN)], &[(target, UP), ("C22", UP)], RED);
    g
}

/// Decision 7: a flight needs an opponent's tank on a circle under the arc, and is chosen
/// before any roll: it is the whole turn.
#[test]
fn a_flight_needs_a_target_under_the_arc_and_is_the_whole_turn() {
    let mut g = started(&[]);
    assert!(!step(&g, &[]).contains(&"btn-tanks-plane".to_string()), "nobody on row 16");
    let mut g2 = flight_game(1, "C16");
    assert_eq!(step(&g2, &["btn-tanks-plane"]), ["C16"]);
    assert_eq!(
        step(&g2, &["btn-tanks-plane", "C16"]),
        ["btn-tanks-from-left", "btn-tanks-from-right"]
    );
    roll(&mut g2, 1);
    press(&mut g2, &["A3"]);
    assert_eq!(seat_to_move(&g2), 1);
    // Green's planes look at row 8 of Red's half.
    g.army_mut(RED).tanks[0].place = Place::Field { spot: spot("B8"), heading: DOWN };
    g.start_turn(GREEN);
    assert_eq!(step(&g, &["btn-tanks-plane"]), ["B8"]);
}

/// Seed: "«Ц-П» — the plane is shot down, but if it flew over the tank before it flew over
/// that rocket, the tank is bombed all the same".
#[test]
fn a_plane_shot_down_after_passing_over_the_tank_still_destroys_it() {
    // From the left: g1 («П»), C16 (the target), A16, g2 («Ц-П»).
    let mut g = flight_game(1, "C16");
    let events = press(&mut g, &["btn-tanks-plane", "C16", "btn-tanks-from-left"]);
    let revealed: Vec<String> = events
        .iter()
        .filter(|e| e.id == "tanks-rocket-revealed")
        .map(|e| text_arg(e, "rocket"))
        .collect();
    assert_eq!(revealed, ["g1", "g2"], "labels turn over in flight order up to the «Ц-П»");
    assert!(has(&events, "tanks-shot-down"));
    assert!(has(&events, "tanks-bombed"));
    assert_eq!(g.army(GREEN).tanks[0].place, Place::Destroyed);
    assert_eq!(g.army(RED).planes[0], PlaneSpot::Lost);
    assert_eq!(g.army(RED).planes_lost, 1);
}

/// Decision 7: a «Ц-П» met before the target saves it — and the direction of flight matters.
#[test]
fn a_rocket_before_the_target_saves_it() {
    let mut g = flight_game(0, "C16");
    let events = press(&mut g, &["btn-tanks-plane", "C16", "btn-tanks-from-left"]);
    assert!(has(&events, "tanks-shot-down") && has(&events, "tanks-spared"));
    assert!(g.army(GREEN).tanks[0].field().is_some());

    // From the right the same target lies behind g2: g3, B16, D16, g2 («Ц-П»).
    let mut g = flight_game(1, "C16");
    let events = press(&mut g, &["btn-tanks-plane", "C16", "btn-tanks-from-right"]);
    assert!(has(&events, "tanks-spared"));
    assert_eq!(g.army(RED).planes, [PlaneSpot::Airfield(0), PlaneSpot::Lost]);
    // …while B16 from the right is passed before g2.
    let mut g = flight_game(1, "B16");
    let events = press(&mut g, &["btn-tanks-plane", "B16", "btn-tanks-from-right"]);
    assert!(has(&events, "tanks-bombed"));
}

/// Seed: "«П» — the tank is bombed, the plane is safe"; decision 7: a plane that meets no
/// «Ц-П» lands on the far airfield, and both planes may end on one airfield, leaving only one
/// direction.
#[test]
fn a_plane_that_meets_no_hit_lands_on_the_far_airfield() {
    let mut g = flight_game(1, "D16");
    g.army_mut(GREEN).rockets = Some([RocketLabel::Miss; 3]);
    let events = press(&mut g, &["btn-tanks-plane", "D16", "btn-tanks-from-left"]);
    assert!(has(&events, "tanks-landed") && has(&events, "tanks-bombed"));
    assert_eq!(g.army(RED).planes, [PlaneSpot::Airfield(1), PlaneSpot::Airfield(1)]);
    press(&mut g, &["btn-tanks-keep"]);
    roll(&mut g, 1);
    press(&mut g, &["C22"]);
    g.army_mut(GREEN).tanks[1].place = Place::Field { spot: spot("A16"), heading: UP };
    g.start_turn(RED);
    assert_eq!(step(&g, &["btn-tanks-plane", "A16"]), ["btn-tanks-from-right"]);
}

/// Seed: "after the flight the rockets' owner may rearrange them"; decision 7: revealed labels
/// stay public until the owner's private choice, then are face down again.
#[test]
fn the_owner_rearranges_in_private_after_a_flight() {
    let mut g = flight_game(1, "C16");
    press(&mut g, &["btn-tanks-plane", "C16", "btn-tanks-from-left"]);
    let public = view(&g);
    assert_eq!(public.stage, Stage::Rearrange);
    assert_eq!(public.to_move, Some(1));
    let g2 = public.rockets.iter().find(|r| r.rocket == "g2").unwrap();
    assert_eq!((g2.label, g2.revealed), (Some(RocketLabel::Hit), true));
    assert_eq!(public.rockets.iter().find(|r| r.rocket == "g3").unwrap().label, None);
    let choices = g.choices(1);
    assert!(choices.private);
    assert_eq!(step(&g, &[]), ["btn-tanks-keep", "btn-tanks-hit-on"]);
    assert_eq!(step(&g, &["btn-tanks-hit-on"]), ["g1", "g3"]);
    let events = press(&mut g, &["btn-tanks-hit-on", "g3"]);
    assert!(events.iter().any(|e| e.id == "tanks-rockets-set" && !e.is_public()));
    assert!(has(&events, "tanks-rockets-ready"));
    assert!(view(&g).rockets.iter().all(|r| r.label.is_none() && !r.revealed));
    assert_eq!(view(&g).stage, Stage::Turn);
    assert_eq!(seat_to_move(&g), 1, "then the owner's turn");
    assert_eq!(
        g.army(GREEN).rockets,
        Some([RocketLabel::Miss, RocketLabel::Miss, RocketLabel::Hit])
    );

    // Keeping them also turns them face down.
    let mut g = flight_game(1, "C16");
    press(&mut g, &["btn-tanks-plane", "C16", "btn-tanks-from-left"]);
    press(&mut g, &["btn-tanks-keep"]);
    assert!(view(&g).rockets.iter().all(|r| r.label.is_none()));
}

/// Decision 7 with two «Ц-П»: the first one met shoots the plane down.
#[test]
fn with_two_hits_the_first_hit_met_decides() {
    let words = ["rockets=two-hits"];
    // «П» on g1, «Ц-П» on g2 and g3. From the left: g1 «П», C16, A16, g2 «Ц-П».
    let mut g = started_with(&words, QUIET_RED, QUIET_GREEN, [1, 0]);
    position(&mut g, &[("A3", DOWN)], &[("A16", UP), ("C22", UP)], RED);
    let events = press(&mut g, &["btn-tanks-plane", "A16", "btn-tanks-from-left"]);
    assert!(has(&events, "tanks-bombed") && has(&events, "tanks-shot-down"));
    assert_eq!(
        g.army(GREEN).rockets,
        Some([RocketLabel::Miss, RocketLabel::Hit, RocketLabel::Hit])
    );
    assert_eq!(step(&g, &[]), ["btn-tanks-keep", "btn-tanks-miss-on"]);
}

/// Decision 7: each side has two planes; lost planes cannot fly.
#[test]
fn a_side_without_planes_cannot_fly() {
    let mut g = flight_game(1, "C16");
    g.army_mut(RED).planes = [PlaneSpot::Lost, PlaneSpot::Lost];
    g.start_turn(RED);
    assert!(!step(&g, &[]).contains(&"btn-tanks-plane".to_string()));
}

// ---------------------------------------------------------------------------------------------
// Seed: arriving and bringing back (decisions 3 and 8)

/// Seed: "then you may bring one of your destroyed tanks back into play, onto a free big circle
/// on your own side"; decision 8: at once, heading towards the opponent, and it can be captured
/// before it moves.
#[test]
fn after_an_arrival_a_destroyed_tank_comes_back() {
    let mut g = started(&[]);
    position(&mut g, &[("A22", DOWN), ("B3", DOWN), ("R3", DOWN)], &[("A2", UP), ("C20", UP)], RED);
    g.army_mut(RED).tanks[3].place = Place::Destroyed;
    roll(&mut g, 2);
    press(&mut g, &["A22"]);
    assert_eq!(view(&g).stage, Stage::BringBack);
    assert_eq!(step(&g, &[]), ["btn-tanks-bring-back", "btn-tanks-no-bring-back"]);
    assert_eq!(step(&g, &["btn-tanks-bring-back"]), ["R1", "R2", "R4"], "R3 is taken");
    let events = press(&mut g, &["btn-tanks-bring-back", "R1"]);
    assert!(has(&events, "tanks-brought-back"));
    assert_eq!(at(&g, RED, 3), Some("R1"));
    assert_eq!(g.army(RED).tanks[3].field().unwrap().1, DOWN);
    // The rest of the turn goes on without it.
    roll(&mut g, 1);
    assert_eq!(step(&g, &[]), ["B3", "R3"]);
    press(&mut g, &["B3"]);
    roll(&mut g, 1);
    press(&mut g, &["R3"]);
    // Green captures it on R1 before it ever moves.
    roll(&mut g, 2);
    let events = press(&mut g, &["A2"]);
    assert!(has(&events, "tanks-captured"));
    assert_eq!(g.army(RED).tanks[3].place, Place::Destroyed);
}

/// Decision 8: no bring-back without a destroyed tank.
#[test]
fn no_bring_back_without_a_destroyed_tank() {
    let mut g = started(&[]);
    position(&mut g, &[("A22", DOWN), ("B3", DOWN)], &[("C20", UP)], RED);
    roll(&mut g, 2);
    press(&mut g, &["A22"]);
    assert_eq!(view(&g).stage, Stage::Turn);
}

/// Sets the fate of the tanks of `side` that [`position`] left off the field: those numbered in
/// `arrived` arrived (and are counted), those in `destroyed` were destroyed.
fn fates(g: &mut Tanks, side: Side, arrived: &[usize], destroyed: &[usize]) {
    let army = g.army_mut(side);
    for &i in arrived {
        army.tanks[i].place = Place::Arrived;
    }
    for &i in destroyed {
        army.tanks[i].place = Place::Destroyed;
    }
    army.arrivals = arrived.len() as u8;
}

/// The position of issue 11: Red's only tank on the field one circle before G3, one arrived and
/// two destroyed; Green has two arrived and two destroyed, none on the field. Red to move.
fn last_tank_arrives(words: &[&str]) -> Tanks {
    let mut g = started(words);
    position(&mut g, &[("A23", DOWN)], &[], RED);
    fates(&mut g, RED, &[1], &[2, 3]);
    fates(&mut g, GREEN, &[0, 1], &[2, 3]);
    g
}

/// Drives Red's tank on A23 one circle, onto G3: a roll of 1, or the distance 1 dice-free.
fn arrive_from_a23(g: &mut Tanks, words: &[&str]) -> Vec<Event> {
    if words.contains(&"dice=no-die") {
        press(g, &["A23", "1"])
    } else {
        let mut events = roll(g, 1);
        events.extend(press(g, &["A23"]));
        events
    }
}

/// Seed: "then you may bring one of your destroyed tanks back into play … The game goes on
/// while there are tanks on the field"; decision 8: the bring-back question comes first, and
/// the "no tank on the field" end is checked after it. An arrival that leaves no tank on the
/// field therefore still offers the bring-back, and a tank brought back keeps the game going.
// seeds/000_7885f617f973c569.txt: «Танк, вставший на большой кружок соперника, дошёл. Тогда
// можно вернуть в игру один свой разбитый танк — на свободный большой кружок своей стороны.
// Игра идёт, пока на поле есть танки».
#[test]
fn an_arrival_that_empties_the_field_offers_the_bring_back_first() {
    for words in [&["dice=die"][..], &["dice=no-die"][..]] {
        let mut g = last_tank_arrives(words);
        let events = arrive_from_a23(&mut g, words);
        assert!(has(&events, "tanks-arrived"), "{words:?}");
        assert!(!has(&events, "tanks-over-no-tanks"), "{words:?}: {events:?}");
        assert_eq!((g.army(RED).arrivals, g.army(GREEN).arrivals), (2, 2), "{words:?}");
        assert_eq!(g.end(), None, "{words:?}");
        assert_eq!(view(&g).stage, Stage::BringBack, "{words:?}");
        assert_eq!(step(&g, &[]), ["btn-tanks-bring-back", "btn-tanks-no-bring-back"]);
        assert_eq!(step(&g, &["btn-tanks-bring-back"]), ["R1", "R2", "R3", "R4"], "{words:?}");
        let events = press(&mut g, &["btn-tanks-bring-back", "R2"]);
        assert!(has(&events, "tanks-brought-back"), "{words:?}");
        assert!(!has(&events, "tanks-over-no-tanks"), "{words:?}: {events:?}");
        assert_eq!(g.end(), None, "{words:?}: a tank is on the field again");
        assert_eq!(at(&g, RED, 2), Some("R2"), "{words:?}");
        // Green, with no tank on the field and nothing to fly at, passes by itself; Red goes on.
        assert!(has(&events, "tanks-turn-passes"), "{words:?}");
        assert_eq!(seat_to_move(&g), 0, "{words:?}");
        assert_eq!(view(&g).stage, Stage::Turn, "{words:?}");
    }
}

/// Seed: "The game goes on while there are tanks on the field; whoever brought more through
/// wins, and on a tie the one who lost fewer planes"; decision 9: when the player declines the
/// bring-back and no tank is left on the field, the game ends then, and is scored.
// seeds/000_7885f617f973c569.txt: «Игра идёт, пока на поле есть танки; побеждает тот, кто
// довёл больше, при равенстве — у кого меньше сбито самолётов».
#[test]
fn declining_the_bring_back_with_no_tank_on_the_field_ends_the_game() {
    let words = &["dice=die"][..];
    let mut g = last_tank_arrives(words);
    g.army_mut(GREEN).planes_lost = 1;
    arrive_from_a23(&mut g, words);
    assert_eq!(view(&g).stage, Stage::BringBack);
    let events = press(&mut g, &["btn-tanks-no-bring-back"]);
    assert!(has(&events, "tanks-not-brought-back"));
    assert!(has(&events, "tanks-over-no-tanks"), "{events:?}");
    assert_eq!(g.end(), Some(End::NoTanks));
    let outcome = g.outcome().unwrap();
    assert_eq!(outcome.scores, Some(vec![2, 2]));
    assert_eq!(outcome.winners(), [0], "2 : 2 arrivals; Green lost a plane");
}

/// Decision 3 and 8: an arrival by capturing the opponent's last tank on the field (on its big
/// circle) is an arrival like any other: when the opponent is not wiped out (it has arrivals),
/// the bring-back comes before the empty field ends the game.
// seeds/000_7885f617f973c569.txt: «Наехал на танк соперника — тот разбит, твой встаёт на его
// место» … «дошёл. Тогда можно вернуть в игру один свой разбитый танк».
#[test]
fn an_arrival_by_capturing_the_last_tank_on_the_field_offers_the_bring_back_first() {
    let mut g = started(&[]);
    position(&mut g, &[("A22", DOWN)], &[("G3", UP)], RED);
    fates(&mut g, RED, &[], &[1, 2, 3]);
    fates(&mut g, GREEN, &[1], &[2, 3]);
    roll(&mut g, 3);
    let events = press(&mut g, &["A22"]);
    assert!(has(&events, "tanks-captured"));
    assert!(has(&events, "tanks-arrived"));
    assert_eq!(g.end(), None, "{events:?}");
    assert_eq!(step(&g, &["btn-tanks-bring-back"]), ["R1", "R2", "R3", "R4"]);
    press(&mut g, &["btn-tanks-bring-back", "R1"]);
    assert_eq!(at(&g, RED, 1), Some("R1"));
    assert_eq!(g.end(), None);
}

/// Seed: "destroying all of the opponent's tanks wins at once"; decision 9: the instant win
/// needs no bring-back question, even when the arrival that destroyed the last tank could
/// bring one back.
// seeds/000_7885f617f973c569.txt: «Разбиты все танки соперника — победа сразу».
#[test]
fn destroying_all_four_wins_at_once_without_a_bring_back_question() {
    let mut g = started(&[]);
    position(&mut g, &[("A22", DOWN), ("B3", DOWN)], &[("G3", UP)], RED);
    fates(&mut g, RED, &[], &[2, 3]);
    fates(&mut g, GREEN, &[], &[1, 2, 3]);
    roll(&mut g, 3);
    let events = press(&mut g, &["A22"]);
    assert!(has(&events, "tanks-arrived"));
    assert!(has(&events, "tanks-over-wipeout"), "{events:?}");
    assert_eq!(g.end(), Some(End::Wipeout(GREEN)));
    assert_eq!(g.to_move(), ToMove::Over);
    assert_eq!(g.outcome().unwrap().winners(), [0]);
}

/// Seed: "The game goes on while there are tanks on the field" — any tank, of either side (our
/// decision 14): a side with no tank on the field does not end the game while the other side
/// still has one. Its turns pass by themselves, unless it can still send a plane.
// seeds/000_7885f617f973c569.txt: «Игра идёт, пока на поле есть танки».
#[test]
fn the_game_goes_on_while_either_side_has_a_tank_on_the_field() {
    let mut g = started(&[]);
    position(&mut g, &[("A23", DOWN), ("C7", DOWN)], &[], RED);
    fates(&mut g, RED, &[], &[2, 3]);
    fates(&mut g, GREEN, &[0, 1], &[2, 3]);
    roll(&mut g, 1);
    let events = press(&mut g, &["A23"]);
    assert!(has(&events, "tanks-arrived"));
    assert_eq!(view(&g).stage, Stage::BringBack);
    let events = press(&mut g, &["btn-tanks-no-bring-back"]);
    assert!(!has(&events, "tanks-over-no-tanks"));
    roll(&mut g, 1);
    press(&mut g, &["C7"]);
    assert_eq!(at(&g, RED, 1), Some("C8"));
    // Green has no tank on the field, but Red's tank stands under Green's arc: Green may fly.
    assert_eq!(g.end(), None);
    assert_eq!(seat_to_move(&g), 1);
    assert_eq!(step(&g, &[]), ["btn-tanks-plane", "btn-tanks-pass"]);
    press(&mut g, &["btn-tanks-pass"]);
    // Red's turn; with nothing to fly at, Green's next turn passes by itself.
    assert_eq!(seat_to_move(&g), 0);
    roll(&mut g, 1);
    let events = press(&mut g, &["C8"]);
    assert!(has(&events, "tanks-turn-passes"));
    assert_eq!(seat_to_move(&g), 0);
    assert_eq!(g.end(), None);
}

// ---------------------------------------------------------------------------------------------
// Seed: the end (decision 9)

/// Seed: "destroying all of the opponent's tanks wins at once".
#[test]
fn destroying_all_four_opponent_tanks_wins_at_once() {
    let mut g = started(&[]);
    position(&mut g, &[("B10", DOWN), ("C3", DOWN)], &[("B11", UP)], RED);
    for i in 1..4 {
        g.army_mut(GREEN).tanks[i].place = Place::Destroyed;
    }
    g.army_mut(RED).arrivals = 0;
    roll(&mut g, 1);
    let events = press(&mut g, &["B10"]);
    assert!(has(&events, "tanks-over-wipeout"));
    assert_eq!(g.to_move(), ToMove::Over);
    assert_eq!(g.end(), Some(End::Wipeout(GREEN)));
    assert_eq!(g.outcome().unwrap().winners(), [0]);
}

/// Seed: "the game goes on while there are tanks on the field; whoever brought more through
/// wins, and on a tie the one who lost fewer planes"; decision 9: else a draw.
#[test]
fn with_no_tank_left_more_arrivals_then_fewer_planes_lost_win() {
    let finish = |red_arrivals: u8, green_arrivals: u8, red_planes: u8, green_planes: u8| {
        let mut g = started(&[]);
        position(&mut g, &[("A23", DOWN)], &[], RED);
        g.army_mut(GREEN).tanks[0].place = Place::Destroyed;
        g.army_mut(RED).arrivals = red_arrivals;
        g.army_mut(GREEN).arrivals = green_arrivals;
        g.army_mut(RED).planes_lost = red_planes;
        g.army_mut(GREEN).planes_lost = green_planes;
        roll(&mut g, 1);
        let events = press(&mut g, &["A23"]);
        assert!(has(&events, "tanks-over-no-tanks"), "{events:?}");
        g.outcome().unwrap()
    };
    // Red's last tank arrives (one more arrival for Red), then nothing is left on the field.
    assert_eq!(finish(0, 2, 0, 0).winners(), [1], "1 : 2 arrivals");
    assert_eq!(finish(2, 2, 0, 5).winners(), [0], "3 : 2 arrivals, planes do not matter");
    assert_eq!(finish(1, 2, 2, 0).winners(), [1], "2 : 2, Red lost more planes");
    assert_eq!(finish(0, 1, 0, 1).places, [1, 2], "1 : 1, Green lost more planes");
    assert_eq!(finish(1, 2, 1, 1).places, [1, 1], "2 : 2 and 1 : 1 planes: a draw");
}

/// Decision 9: when both sides lose their last tank at the same moment, the game is scored.
#[test]
fn both_last_tanks_lost_at_once_is_scored() {
    let mut g = started(&[]);
    position(&mut g, &[("B9", DOWN)], &[("B11", UP)], GREEN);
    for side in [RED, GREEN] {
        for i in 1..4 {
            g.army_mut(side).tanks[i].place = Place::Destroyed;
        }
    }
    g.army_mut(RED).planes_lost = 1;
    roll(&mut g, 2);
    let events = press(&mut g, &["B11"]);
    assert!(has(&events, "tanks-both-out"));
    assert_eq!(g.end(), Some(End::NoTanks));
    assert_eq!(g.outcome().unwrap().winners(), [1], "no arrivals; Red lost a plane");
}

/// Decision 9: after 120 player turns without progress the game ends and is scored.
#[test]
fn the_guard_ends_a_game_after_120_quiet_turns() {
    let mut g = started(&[]);
    position(&mut g, &[("A8", DOWN)], &[("B16", UP)], RED);
    g.army_mut(GREEN).arrivals = 1;
    g.set_quiet_turns(118);
    roll(&mut g, 1);
    press(&mut g, &["A8"]);
    assert_eq!(g.quiet_turns(), 119);
    assert_eq!(g.to_move(), ToMove::seats([1]));
    roll(&mut g, 1);
    let events = press(&mut g, &["B16"]);
    assert!(has(&events, "tanks-over-guard"));
    assert_eq!(g.end(), Some(End::Guard));
    assert_eq!(g.outcome().unwrap().winners(), [1]);
}

/// Decision 9: progress (here a mine turned over, even a «Н-С») resets the guard.
#[test]
fn progress_resets_the_guard() {
    let green = [("A20", Dud), ("B20", Kill), ("C20", Kill), ("D20", Stall)];
    let mut g = started_with(&[], QUIET_RED, green, [1, 1]);
    position(&mut g, &[("A19", DOWN)], &[("C22", UP)], RED);
    g.set_quiet_turns(100);
    roll(&mut g, 1);
    press(&mut g, &["A19"]);
    assert_eq!(g.quiet_turns(), 0);
}

/// Decision 9: a turn with nothing to do passes by itself and counts for the guard.
#[test]
fn a_turn_with_nothing_to_do_passes_by_itself() {
    let mut g = started(&[]);
    position(&mut g, &[("A8", DOWN)], &[("B20", UP)], GREEN);
    g.army_mut(RED).tanks[0].skip = true;
    let before = g.quiet_turns();
    roll(&mut g, 1);
    let events = press(&mut g, &["B20"]);
    assert!(has(&events, "tanks-turn-passes"), "Red's only tank sits out: nothing to do");
    assert_eq!(seat_to_move(&g), 1);
    assert_eq!(g.quiet_turns(), before + 2);
}

/// A resignation ends the game for the other side.
#[test]
fn resigning_loses() {
    let mut g = started(&[]);
    let events = g.resign(0);
    assert!(has(&events, "tanks-resigned"));
    assert_eq!(g.outcome().unwrap().winners(), [1]);
    assert!(g.resign(1).is_empty());
}

// ---------------------------------------------------------------------------------------------
// Decision 10: the dice-free variant

/// Seed: "all tanks move at once — by 1, 2, 3 and 4 circles, in any order"; decision 10: k
/// different distances for k tanks, one move at a time, compulsory; a turn-around uses none.
#[test]
fn dice_free_tanks_use_different_distances() {
    let mut g = started(&["dice=no-die"]);
    assert!(!step(&g, &[]).contains(&"btn-roll".to_string()));
    assert_eq!(step(&g, &["R1"]), ["1", "2", "3", "4"]);
    press(&mut g, &["R1", "3"]);
    assert_eq!(at(&g, RED, 0), Some("A3"));
    assert_eq!(view(&g).distances_left, [1, 2, 4]);
    assert_eq!(step(&g, &["R2"]), ["1", "2", "4"]);
    press(&mut g, &["btn-tanks-turn", "R2"]);
    assert_eq!(view(&g).distances_left, [1, 2, 4], "a turn-around uses no distance");
    press(&mut g, &["R3", "4"]);
    press(&mut g, &["R4", "1"]);
    assert_eq!(seat_to_move(&g), 1, "every tank has acted");
}

/// Decision 10: later choices may depend on what the mines did; the turn ends when no unmoved
/// tank can use any distance left.
#[test]
fn dice_free_turn_ends_when_no_distance_can_be_used() {
    let green = [("A20", Stall), ("B20", Dud), ("C20", Kill), ("D20", Kill)];
    let mut g = started_with(&["dice=no-die"], QUIET_RED, green, [1, 1]);
    position(&mut g, &[("A18", DOWN), ("A22", DOWN)], &[("C22", UP)], RED);
    assert_eq!(step(&g, &["A22"]), ["1", "2"], "exact to G3");
    let events = press(&mut g, &["A22", "2"]);
    assert!(has(&events, "tanks-arrived"));
    // A18 with 1, 3 or 4 ("A18" is a crossing: routes along A or D).
    assert_eq!(step(&g, &["A18"]), ["1", "3", "4"]);
    let events = press(&mut g, &["A18", "3", "A21"]);
    assert!(has(&events, "tanks-mine-stall"), "stopped on A20");
    assert_eq!(seat_to_move(&g), 1);

    let mut g = started(&["dice=no-die"]);
    position(&mut g, &[("A23", DOWN), ("B22", DOWN)], &[("C22", UP)], RED);
    press(&mut g, &["A23", "1"]);
    assert_eq!(step(&g, &["B22"]), ["2"]);
    press(&mut g, &["B22", "2"]);
    assert_eq!(seat_to_move(&g), 1);
    let mut g = started(&["dice=no-die"]);
    position(&mut g, &[("A23", DOWN), ("B23", DOWN)], &[("C22", UP)], RED);
    press(&mut g, &["A23", "1"]);
    assert_eq!(seat_to_move(&g), 1, "B23 cannot use 2, 3 or 4: the turn ends");
}

/// Our decision: dice-free, a turn that starts with no usable distance still offers the
/// turn-arounds (and Pass), so a tank facing its own big circle is never stuck for ever.
#[test]
fn dice_free_a_blocked_tank_may_still_turn_around() {
    let mut g = started(&["dice=no-die"]);
    position(&mut g, &[("R1", UP)], &[("C22", UP)], RED);
    assert_eq!(step(&g, &[]), ["btn-tanks-turn", "btn-tanks-pass"]);
    press(&mut g, &["btn-tanks-turn", "R1"]);
    assert_eq!(seat_to_move(&g), 1);
}

/// docs/rules/clocks.md, "the default move per game": out of time, a «Идут танки» player's turn
/// is passed rather than a plane sent (every arc holds a «Ц-П»: it would be lost) or a tank
/// turned around; a turn with a roll still rolls.
#[test]
fn out_of_time_the_turn_is_passed_rather_than_a_plane_sent_or_a_tank_turned() {
    let mut g = started(&["dice=no-die"]);
    position(&mut g, &[("R1", UP)], &[("C22", UP)], RED);
    assert_eq!(g.timeout_action(0), Some((0, Action::Pass)));
    // With the die: a roll is played, never the flight offered beside it…
    let mut g = started(&[]);
    position(&mut g, &[("R1", UP)], &[("A16", UP)], RED);
    let offered =
        |g: &Tanks| -> Vec<Action> { g.choices(0).options.into_iter().map(|c| c.action).collect() };
    assert!(offered(&g).iter().any(|a| matches!(a, Action::Fly { .. })), "{:?}", offered(&g));
    assert_eq!(g.timeout_action(0), Some((0, Action::Roll)));
    // … and with the only tank sitting out, the turn is passed.
    g.army_mut(RED).tanks[0].resting = true;
    assert!(offered(&g).contains(&Action::Pass), "{:?}", offered(&g));
    assert!(offered(&g).iter().any(|a| matches!(a, Action::Fly { .. })), "{:?}", offered(&g));
    assert_eq!(g.timeout_action(0), Some((0, Action::Pass)));
}

// ---------------------------------------------------------------------------------------------
// More of decisions 3, 4 and the view

/// Decision 4: rolling is compulsory (no way to pass while a roll is left), and a roll some
/// tank can use must be used.
#[test]
fn rolling_is_compulsory_and_a_usable_roll_must_be_used() {
    let mut g = started(&[]);
    assert_eq!(step(&g, &[]), ["btn-roll", "btn-tanks-turn"]);
    roll(&mut g, 1);
    assert_eq!(view(&g).stage, Stage::Pick);
    assert_eq!(step(&g, &[]), ["R1", "R2", "R3", "R4"], "only tanks: no pass, no turn-around");
}

/// Decision 3: an arrived tank leaves the board at once, so it blocks nobody.
#[test]
fn an_arrived_tank_no_longer_blocks() {
    let mut g = started(&[]);
    position(&mut g, &[("A22", DOWN), ("A21", DOWN)], &[("C20", UP)], RED);
    roll(&mut g, 2);
    press(&mut g, &["A22"]);
    roll(&mut g, 3);
    let events = press(&mut g, &["A21"]);
    assert!(has(&events, "tanks-arrived"), "G3 is free again");
    assert_eq!(g.army(RED).arrivals, 2);
}

/// The view marks what the seat to move may pick: tanks for a roll, then destinations; the
/// private set-up's labels reach only the seat's own view.
#[test]
fn the_view_marks_the_labels_of_the_current_choice() {
    let mut g = started(&[]);
    position(&mut g, &[("A11", DOWN), ("B3", DOWN)], &[("C20", UP)], RED);
    roll(&mut g, 3);
    let v = view(&g);
    assert_eq!((v.last_roll, v.rolls_left), (Some(3), 2));
    assert_eq!(v.options, ["A11", "B3"]);
    let picked = match g.view(Viewer::Public, &["A11".to_string()]) {
        AnyView::Tanks(v) => v,
        _ => unreachable!(),
    };
    assert_eq!(picked.options, ["A14", "C13"]);

    let g = Tanks::new(&setup(&[])).unwrap();
    let mine = match g.view(Viewer::Seat(0), &["btn-tanks-mine".to_string()]) {
        AnyView::Tanks(v) => v,
        _ => unreachable!(),
    };
    assert_eq!(mine.options.len(), 20);
    let public = match g.view(Viewer::Public, &["btn-tanks-mine".to_string()]) {
        AnyView::Tanks(v) => v,
        _ => unreachable!(),
    };
    assert!(public.options.is_empty());
    assert_eq!(public.stage, Stage::Setup);
}

/// Decision 7: only an opponent's tank under the arc allows a flight, never an own one.
#[test]
fn own_tanks_under_the_arc_do_not_allow_a_flight() {
    let mut g = started(&[]);
    position(&mut g, &[("C16", DOWN)], &[("C22", UP)], RED);
    assert!(!step(&g, &[]).contains(&"btn-tanks-plane".to_string()));
}
