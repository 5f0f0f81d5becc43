//! Aeroplane Chess: one scenario per rule sentence of the seed
//! (`shared/seeds/004_9423118354e1afcf.txt`) and per decision of the spec
//! (`shared/rules/aeroplane-chess.md`), then geometry per seat count and random play.
//!
//! Dice are forced through chance actions with `apply_checked`, so every scenario goes through
//! the same legality gate as a real table. Positions are set with `Aeroplane::place`.

use igroteka::choice::Label;
use igroteka::event::{Arg, Event};
use igroteka::game::{Actor, Game, Seat, Setup, ToMove, Viewer, apply_checked};
use igroteka::games::aeroplane::board::{self, track_square};
use igroteka::games::aeroplane::{Action, Aeroplane, PlaneSpot, SETTINGS, Spot, View};
use igroteka::harness;
use igroteka::settings;
use igroteka::view::AnyView;

// ---------------------------------------------------------------------------------------------
// Helpers

fn setup(seats: usize, words: &[&str]) -> Setup {
    Setup { seats, settings: settings::parse(SETTINGS, words).expect("valid settings") }
}

/// A new game; three-player games leave corner 3 (green) empty, so seats play corners 0, 1, 2.
fn game(seats: usize, words: &[&str]) -> Aeroplane {
    let mut g = Aeroplane::new(&setup(seats, words)).expect("starts");
    if seats == 3 {
        apply_checked(&mut g, Actor::Chance, &Action::EmptyCorner(3)).expect("draw");
    }
    g
}

fn turn(g: &Aeroplane) -> Seat {
    match g.to_move() {
        ToMove::Seats(seats) => seats[0],
        other => panic!("no seat to move: {other:?}"),
    }
}

/// The seat to move presses Roll and the die shows `face`.
fn roll(g: &mut Aeroplane, face: u8) -> Vec<Event> {
    let seat = turn(g);
    let mut events = apply_checked(g, Actor::Seat(seat), &Action::Roll).expect("roll offered");
    events.extend(apply_checked(g, Actor::Chance, &Action::Face(face)).expect("a die face"));
    events
}

/// The seat to move plays `plane`, joining own planes or not.
fn pick_with(g: &mut Aeroplane, plane: u8, stack: bool) -> Vec<Event> {
    let seat = turn(g);
    apply_checked(g, Actor::Seat(seat), &Action::Move { plane, stack }).expect("legal move")
}

fn pick(g: &mut Aeroplane, plane: u8) -> Vec<Event> {
    pick_with(g, plane, false)
}

/// Rolls 1s until `seat` is to move (no plane of the others may use a 1 meanwhile).
fn advance_to(g: &mut Aeroplane, seat: Seat) {
    while turn(g) != seat {
        let before = turn(g);
        let events = roll(g, 1);
        assert!(has(&events, "aero-no-move"), "seat {before} could move: {events:?}");
    }
}

fn has(events: &[Event], id: &str) -> bool {
    events.iter().any(|e| e.id == id)
}

fn event<'a>(events: &'a [Event], id: &str) -> &'a Event {
    events.iter().find(|e| e.id == id).unwrap_or_else(|| panic!("no {id} in {events:?}"))
}

fn arg<'a>(e: &'a Event, name: &str) -> &'a Arg {
    &e.args.iter().find(|(n, _)| n == name).unwrap_or_else(|| panic!("no {name} in {e:?}")).1
}

fn view(g: &Aeroplane) -> View {
    match g.view(Viewer::Public, &[]) {
        AnyView::Aeroplane(v) => v,
        other => panic!("not an aeroplane view: {other:?}"),
    }
}

/// The labels of the first choice step of `seat`.
fn plane_labels(g: &Aeroplane, seat: Seat) -> Vec<String> {
    g.choices(seat).step(&[]).iter().map(|l| l.key().to_string()).collect()
}

fn moves(g: &Aeroplane) -> Vec<Action> {
    g.choices(turn(g)).options.into_iter().map(|c| c.action).collect()
}

fn finish_all_but(g: &mut Aeroplane, corner: u8, last: u8, at: u8) {
    for n in 1..=4 {
        g.place(corner, n, if n == last { Spot::Step(at) } else { Spot::Finished });
    }
}

// ---------------------------------------------------------------------------------------------
// Seed: taking off and moving

/// Seed 004_9423118354e1afcf.txt, turn option 1: a plane taxis from the hangar on an even roll.
#[test]
fn take_off_needs_an_even_roll_by_default() {
    let mut g = game(2, &[]);
    for odd in [1, 3, 5] {
        let events = roll(&mut g, odd);
        assert!(has(&events, "aero-no-move"), "{odd} must not take off");
        advance_to(&mut g, 0);
    }
    roll(&mut g, 4);
    assert_eq!(plane_labels(&g, 0), ["1"], "one take-off button for a full hangar");
    let events = pick(&mut g, 1);
    assert!(has(&events, "aero-took-off"));
    assert_eq!(g.spot(0, 1), Spot::Step(0));
    assert_eq!(view(&g).planes[0].spot, PlaneSpot::Launch);
    assert_eq!(turn(&g), 1, "a 4 gives no extra roll");
}

/// Decision 1: take-off on 6 only.
#[test]
fn take_off_setting_six_only() {
    let mut g = game(2, &["takeoff=six"]);
    for face in [2, 4, 5] {
        assert!(has(&roll(&mut g, face), "aero-no-move"), "{face}");
        advance_to(&mut g, 0);
    }
    roll(&mut g, 6);
    pick(&mut g, 1);
    assert_eq!(g.spot(0, 1), Spot::Step(0));
}

/// Decision 1: take-off on 5 or 6.
#[test]
fn take_off_setting_five_or_six() {
    let mut g = game(2, &["takeoff=five-six"]);
    for face in [2, 4] {
        assert!(has(&roll(&mut g, face), "aero-no-move"), "{face}");
        advance_to(&mut g, 0);
    }
    roll(&mut g, 5);
    pick(&mut g, 1);
    assert_eq!(g.spot(0, 1), Spot::Step(0));
    assert_eq!(turn(&g), 1);
}

/// Decision 4: planes waiting on the launch square never stack.
#[test]
fn launch_square_planes_never_stack() {
    let mut g = game(2, &[]);
    g.place(0, 1, Spot::Step(0));
    roll(&mut g, 2);
    assert!(g.choices(0).options.iter().all(|c| c.path.len() == 1), "no stack button");
    pick(&mut g, 2);
    assert_eq!(g.spot(0, 2), Spot::Step(0));
    assert_eq!(g.stack(0, 1), [1]);
    assert_eq!(g.stack(0, 2), [2]);
}

/// Seed, turn option 2: a plane on the board moves clockwise by the roll.
#[test]
fn planes_move_clockwise_by_the_roll() {
    let mut g = game(4, &[]);
    advance_to(&mut g, 1);
    g.place(1, 1, Spot::Step(0));
    let events = roll(&mut g, 3);
    assert_eq!(plane_labels(&g, 1), ["1"]);
    pick(&mut g, 1);
    assert_eq!(g.spot(1, 1), Spot::Step(3));
    assert_eq!(view(&g).planes[4].spot, PlaneSpot::Track(board::entry(1) + 2));
    assert!(has(&events, "aero-rolled"));
}

/// Decision 2: a player with a legal move must use the roll: only plane buttons are offered and
/// the turn waits for one.
#[test]
fn a_usable_roll_must_be_used() {
    let mut g = game(2, &[]);
    g.place(0, 1, Spot::Step(7));
    roll(&mut g, 3);
    assert_eq!(moves(&g), [Action::Move { plane: 1, stack: false }]);
    assert_eq!(g.to_move(), ToMove::seats([0]));
    assert_eq!(view(&g).last_roll, Some(3));
}

// ---------------------------------------------------------------------------------------------
// Seed additional rule 1: sixes

/// Seed rule 1: a 6 used to take off gives another roll.
#[test]
fn a_six_used_to_take_off_rolls_again() {
    let mut g = game(2, &[]);
    roll(&mut g, 6);
    let events = pick(&mut g, 1);
    assert!(has(&events, "aero-extra-roll"));
    assert_eq!(g.choices(0).options[0].action, Action::Roll);
    assert_eq!(view(&g).sixes, 1);
}

/// Seed rule 1: a 6 used to move gives another roll; a second 6 gives a third roll.
#[test]
fn a_six_used_to_move_rolls_again_twice() {
    let mut g = game(2, &[]);
    g.place(0, 1, Spot::Step(3));
    roll(&mut g, 6);
    pick(&mut g, 1);
    assert_eq!(turn(&g), 0);
    roll(&mut g, 6);
    pick(&mut g, 1);
    assert_eq!(turn(&g), 0);
    assert_eq!(view(&g).sixes, 2);
    roll(&mut g, 1);
    pick(&mut g, 1);
    assert_eq!(turn(&g), 1, "a non-six ends the turn");
    assert_eq!(view(&g).sixes, 0);
}

/// Seed rule 1 and decision 5: the third 6 returns exactly the planes moved by the first two
/// (a take-off counts); a plane they merely joined stays, and the turn passes unplayed.
#[test]
fn third_six_returns_the_planes_moved_by_the_first_two() {
    let mut g = game(2, &[]);
    g.place(0, 2, Spot::Step(10));
    g.place(0, 3, Spot::Step(16));
    roll(&mut g, 6);
    pick(&mut g, 1); // take-off
    roll(&mut g, 6);
    pick_with(&mut g, 2, true); // 10 -> 16, joins plane 3
    assert_eq!(g.stack(0, 3), [2, 3]);
    let events = roll(&mut g, 6);
    let three = event(&events, "aero-three-sixes");
    assert_eq!(arg(three, "count"), &Arg::Int(2));
    assert_eq!(g.spot(0, 1), Spot::Hangar);
    assert_eq!(g.spot(0, 2), Spot::Hangar);
    assert_eq!(g.spot(0, 3), Spot::Step(16), "the joined plane stays");
    assert_eq!(g.stack(0, 3), [3], "and is alone again");
    assert_eq!(turn(&g), 1, "the third roll is not played");
    assert_eq!(view(&g).sixes, 0);
}

/// Decision 5: "If a six moved a whole stack, every plane of that stack returns."
#[test]
fn third_six_returns_a_whole_stack_a_six_moved() {
    let mut g = game(2, &[]);
    g.place(0, 2, Spot::Step(14));
    g.place(0, 3, Spot::Step(16));
    roll(&mut g, 2);
    pick_with(&mut g, 2, true); // 14 -> 16: a stack of planes 2 and 3, made without a six
    assert_eq!(g.stack(0, 2), [2, 3]);
    advance_to(&mut g, 0);
    roll(&mut g, 6);
    pick(&mut g, 2); // the whole stack moves with the first six
    assert_eq!(g.stack(0, 2), [2, 3]);
    assert_ne!(g.spot(0, 2), Spot::Step(16));
    roll(&mut g, 6);
    pick(&mut g, 1); // take-off with the second
    let events = roll(&mut g, 6);
    assert_eq!(arg(event(&events, "aero-three-sixes"), "count"), &Arg::Int(3));
    for plane in 1..=3 {
        assert_eq!(g.spot(0, plane), Spot::Hangar, "plane {plane}");
        assert_eq!(g.stack(0, plane), [plane]);
    }
    assert_eq!(turn(&g), 1);
}

/// Decision 5: a plane that reached the centre with one of the sixes stays finished.
#[test]
fn third_six_leaves_a_finished_plane_finished() {
    let mut g = game(2, &[]);
    g.place(0, 1, Spot::Step(50));
    g.place(0, 2, Spot::Step(5));
    roll(&mut g, 6);
    let events = pick(&mut g, 1);
    assert!(has(&events, "aero-reached-centre"));
    roll(&mut g, 6);
    pick(&mut g, 2);
    assert_eq!(g.spot(0, 2), Spot::Step(11));
    roll(&mut g, 6);
    assert_eq!(g.spot(0, 1), Spot::Finished);
    assert_eq!(g.spot(0, 2), Spot::Hangar);
}

/// Decision 2: with no legal move the turn passes, but a 6 still rolls again and still counts
/// towards three sixes.
#[test]
fn no_legal_move_passes_the_turn_but_a_six_still_rolls_again() {
    let mut g = game(2, &[]);
    finish_all_but(&mut g, 0, 4, 51);
    let events = roll(&mut g, 6);
    assert!(has(&events, "aero-no-move"));
    assert!(has(&events, "aero-extra-roll"));
    assert_eq!(turn(&g), 0);
    assert_eq!(view(&g).sixes, 1);
    roll(&mut g, 6);
    assert_eq!(turn(&g), 0);
    let events = roll(&mut g, 6);
    assert_eq!(arg(event(&events, "aero-three-sixes"), "count"), &Arg::Int(0));
    assert_eq!(turn(&g), 1);
    assert_eq!(g.spot(0, 4), Spot::Step(51), "nothing moved, nothing returns");
    let events = roll(&mut g, 3);
    assert!(has(&events, "aero-no-move"));
    assert_eq!(turn(&g), 0, "a plain unusable roll passes the turn");
    assert_eq!(view(&g).last_roll, Some(3), "the unusable roll is still shown");
}

// ---------------------------------------------------------------------------------------------
// Seed additional rule 2 and decision 3: landing sends opponents home

/// Red's step k and blue's step k + 26 are the same track square (two-player opposites).
#[test]
fn landing_on_an_opponent_sends_it_home_and_passing_over_is_safe() {
    let mut g = game(2, &[]);
    g.place(0, 1, Spot::Step(3));
    g.place(2, 1, Spot::Step(30)); // red step 4
    g.place(2, 2, Spot::Step(31)); // red step 5, passed over
    assert_eq!(track_square(0, 4), track_square(2, 30));
    roll(&mut g, 1);
    let events = pick(&mut g, 1);
    let hit = event(&events, "aero-sent-home");
    assert_eq!(arg(hit, "victim"), &Arg::Seat(1));
    assert_eq!(arg(hit, "player"), &Arg::Seat(0));
    assert_eq!(g.spot(2, 1), Spot::Hangar);
    assert_eq!(g.spot(2, 2), Spot::Step(31));
}

#[test]
fn passing_over_an_opponent_is_safe() {
    let mut g = game(2, &[]);
    g.place(0, 1, Spot::Step(3));
    g.place(2, 1, Spot::Step(30)); // red step 4
    roll(&mut g, 4); // ends on red step 7
    pick(&mut g, 1);
    assert_eq!(g.spot(2, 1), Spot::Step(30));
}

/// Decision 3: any return to a hangar unstacks; a stack that is hit goes home as single planes.
#[test]
fn a_stack_hit_goes_home_unstacked() {
    let mut g = game(2, &[]);
    advance_to(&mut g, 1);
    g.place(2, 1, Spot::Step(28));
    g.place(2, 2, Spot::Step(31));
    roll(&mut g, 3);
    assert_eq!(plane_labels(&g, 1), ["1", "2"]);
    let step: Vec<String> =
        g.choices(1).step(&["1".into()]).iter().map(|l| l.key().to_string()).collect();
    assert_eq!(step, ["btn-stack", "btn-no-stack"]);
    let events = pick_with(&mut g, 1, true);
    assert_eq!(arg(event(&events, "aero-stacked"), "count"), &Arg::Int(2));
    assert_eq!(g.stack(2, 2), [1, 2]);
    assert_eq!(view(&g).planes[4].stack, 2);
    g.place(0, 1, Spot::Step(4));
    roll(&mut g, 1); // red step 5 = blue step 31
    let events = pick(&mut g, 1);
    assert_eq!(arg(event(&events, "aero-sent-home"), "count"), &Arg::Int(2));
    for n in [1, 2] {
        assert_eq!(g.spot(2, n), Spot::Hangar);
        assert_eq!(g.stack(2, n), [n]);
    }
    assert!(view(&g).planes.iter().all(|p| p.stack == 1));
}

// ---------------------------------------------------------------------------------------------
// Seed additional rule 3: own colour jumps

/// Seed rule 3 and decision 3: landing on own colour jumps four steps on; opponents on both the
/// square landed on and the jump's target go home.
#[test]
fn own_colour_jumps_to_the_next_own_square_sending_opponents_home() {
    let mut g = game(2, &[]);
    g.place(0, 1, Spot::Step(1));
    g.place(2, 1, Spot::Step(28)); // red step 2
    g.place(2, 2, Spot::Step(32)); // red step 6
    roll(&mut g, 1);
    let events = pick(&mut g, 1);
    assert_eq!(g.spot(0, 1), Spot::Step(6));
    assert_eq!(arg(event(&events, "aero-jumped"), "step"), &Arg::Int(6));
    assert_eq!(events.iter().filter(|e| e.id == "aero-sent-home").count(), 2);
    assert_eq!(g.spot(2, 1), Spot::Hangar);
    assert_eq!(g.spot(2, 2), Spot::Hangar);
}

/// Our decision 9: own planes on a square the move only touches down on (before a jump) are
/// left alone; only the square where the move ends can stack.
#[test]
fn a_touch_down_on_an_own_plane_before_a_jump_does_not_stack() {
    let mut g = game(2, &[]);
    g.place(0, 1, Spot::Step(1));
    g.place(0, 2, Spot::Step(2)); // red step 2: a touch-down that jumps on to 6
    roll(&mut g, 1);
    assert!(g.choices(0).options.iter().all(|c| c.path.len() == 1), "no stack button");
    let events = pick(&mut g, 1);
    assert!(has(&events, "aero-jumped"));
    assert_eq!(g.spot(0, 1), Spot::Step(6));
    assert_eq!(g.spot(0, 2), Spot::Step(2), "the plane touched down on stays");
    assert_eq!((g.stack(0, 1), g.stack(0, 2)), (vec![1], vec![2]));
}

/// Decision 6: a jump from 46 lands on the turn-in square 50 and stops there.
#[test]
fn jump_from_46_stops_on_50() {
    let mut g = game(2, &[]);
    g.place(0, 1, Spot::Step(44));
    roll(&mut g, 2);
    pick(&mut g, 1);
    assert_eq!(g.spot(0, 1), Spot::Step(50));
}

/// Decision 6: step 50 never jumps, though it is of the plane's own colour.
#[test]
fn landing_on_50_does_not_jump() {
    let mut g = game(2, &[]);
    g.place(0, 1, Spot::Step(47));
    roll(&mut g, 3);
    let events = pick(&mut g, 1);
    assert_eq!(g.spot(0, 1), Spot::Step(50));
    assert!(!has(&events, "aero-jumped"));
}

// ---------------------------------------------------------------------------------------------
// Seed additional rule 4 and decision 6: the shortcut

/// Decision 6: landing on step 18 flies to 30 automatically, sending home the opposite corner's
/// planes on its danger cell and opponents on 30; squares flown over are safe.
#[test]
fn shortcut_flies_18_to_30_and_hits_the_danger_cell() {
    let mut g = game(2, &[]);
    g.place(0, 1, Spot::Step(15));
    g.place(2, 1, Spot::Step(53)); // blue's danger cell
    g.place(2, 2, Spot::Step(4)); // red step 30
    g.place(2, 3, Spot::Step(50)); // red step 24, flown over
    g.place(2, 4, Spot::Step(52)); // blue's home column, not the danger cell
    roll(&mut g, 3);
    assert_eq!(moves(&g).len(), 1, "taking the shortcut is not a choice");
    let events = pick(&mut g, 1);
    assert_eq!(g.spot(0, 1), Spot::Step(30));
    assert!(has(&events, "aero-flew"));
    assert_eq!(arg(event(&events, "aero-danger-cell"), "victim"), &Arg::Seat(1));
    assert!(has(&events, "aero-sent-home"));
    assert_eq!(g.spot(2, 1), Spot::Hangar);
    assert_eq!(g.spot(2, 2), Spot::Hangar);
    assert_eq!(g.spot(2, 3), Spot::Step(50));
    assert_eq!(g.spot(2, 4), Spot::Step(52));
}

/// Seed rule 4 ("this can follow a jump") and decision 6: 14 -> 18 -> 30, and the flight
/// still hits the danger cell.
#[test]
fn jump_14_to_18_then_flies_to_30_hitting_the_danger_cell() {
    let mut g = game(2, &[]);
    g.place(0, 1, Spot::Step(11));
    g.place(2, 1, Spot::Step(53));
    roll(&mut g, 3);
    let events = pick(&mut g, 1);
    assert_eq!(g.spot(0, 1), Spot::Step(30));
    assert!(has(&events, "aero-jumped") && has(&events, "aero-flew"));
    assert_eq!(g.spot(2, 1), Spot::Hangar);
}

/// Decision 1 and 6, fly-then-jump off (default): a direct landing on 18 stops on 30.
#[test]
fn fly_then_jump_off_stops_on_30() {
    let mut g = game(2, &[]);
    g.place(0, 1, Spot::Step(16));
    roll(&mut g, 2);
    pick(&mut g, 1);
    assert_eq!(g.spot(0, 1), Spot::Step(30));
}

/// Seed rule 4 ("some also play…") as a setting: 18 -> 30 -> 34, hitting opponents on 34.
#[test]
fn fly_then_jump_on_goes_on_to_34() {
    let mut g = game(2, &["fly-then-jump=on"]);
    g.place(0, 1, Spot::Step(16));
    g.place(2, 1, Spot::Step(8)); // red step 34
    roll(&mut g, 2);
    pick(&mut g, 1);
    assert_eq!(g.spot(0, 1), Spot::Step(34));
    assert_eq!(g.spot(2, 1), Spot::Hangar);
}

/// Decision 6: at most one jump and one flight in a move, even with fly-then-jump on.
#[test]
fn at_most_one_jump_and_one_flight() {
    let mut g = game(2, &["fly-then-jump=on"]);
    g.place(0, 1, Spot::Step(11));
    g.place(0, 2, Spot::Step(23));
    roll(&mut g, 3); // 14 -> 18 -> 30, no second jump
    pick(&mut g, 1);
    assert_eq!(g.spot(0, 1), Spot::Step(30));
    advance_to(&mut g, 0);
    roll(&mut g, 3); // 26 -> 30 by a jump, no further jump
    pick(&mut g, 2);
    assert_eq!(g.spot(0, 2), Spot::Step(30));
}

// ---------------------------------------------------------------------------------------------
// Seed additional rule 5 and decision 4: stacking

/// Decision 4: joining is a button, shown only when the move ends on own planes.
#[test]
fn stacking_is_a_choice_only_when_ending_on_own_planes() {
    let mut g = game(2, &[]);
    g.place(0, 1, Spot::Step(5));
    g.place(0, 2, Spot::Step(8));
    g.place(0, 3, Spot::Step(20));
    roll(&mut g, 3);
    let paths: Vec<Vec<Label>> = g.choices(0).options.into_iter().map(|c| c.path).collect();
    assert_eq!(
        paths,
        [
            vec![Label::text("1"), Label::msg("btn-stack")],
            vec![Label::text("1"), Label::msg("btn-no-stack")],
            vec![Label::text("2")],
            vec![Label::text("3")],
        ]
    );
    pick_with(&mut g, 1, false);
    assert_eq!(g.stack(0, 1), [1], "declined: both stand alone on step 8");
    assert_eq!(g.spot(0, 1), Spot::Step(8));
}

/// Decision 1: with stacking off no stack button is ever shown.
#[test]
fn stacking_off_offers_no_stack_button() {
    let mut g = game(2, &["stacking=off"]);
    g.place(0, 1, Spot::Step(5));
    g.place(0, 2, Spot::Step(8));
    roll(&mut g, 3);
    assert!(g.choices(0).options.iter().all(|c| c.path.len() == 1));
    assert!(
        apply_checked(&mut g, Actor::Seat(0), &Action::Move { plane: 1, stack: true }).is_err()
    );
}

/// Seed rule 5 and decision 4: a stack moves as one with the whole roll, is named by its lowest
/// plane, and reaching the centre finishes all its planes.
#[test]
fn a_stack_moves_as_one_and_finishes_together() {
    let mut g = game(2, &[]);
    finish_all_but(&mut g, 0, 3, 50);
    g.place(0, 4, Spot::Step(53));
    roll(&mut g, 3);
    pick_with(&mut g, 3, true);
    advance_to(&mut g, 0);
    let events = roll(&mut g, 4);
    assert!(has(&events, "aero-no-move"), "a stack needs the exact roll too");
    assert_eq!(g.stack(0, 4), [3, 4]);
    advance_to(&mut g, 0);
    roll(&mut g, 3);
    assert_eq!(plane_labels(&g, 0), ["3"], "the stack is named by its lowest plane");
    assert_eq!(view(&g).planes.iter().filter(|p| p.label.is_some()).count(), 1);
    let events = pick(&mut g, 3);
    assert_eq!(arg(event(&events, "aero-reached-centre"), "count"), &Arg::Int(2));
    assert_eq!(g.spot(0, 3), Spot::Finished);
    assert_eq!(g.spot(0, 4), Spot::Finished);
    assert_eq!(view(&g).planes[3].spot, PlaneSpot::Finished { slot: 3 });
}

// ---------------------------------------------------------------------------------------------
// Seed end of game and decisions 1, 2, 7: the centre, finishing, ranking, resigning

/// Seed: the centre needs an exact roll; a 5 at step 52 cannot move (decision 1, exact).
#[test]
fn a_five_at_step_52_cannot_move_under_exact_centre() {
    let mut g = game(2, &[]);
    finish_all_but(&mut g, 0, 4, 52);
    let events = roll(&mut g, 5);
    assert!(has(&events, "aero-no-move"));
    assert_eq!(g.spot(0, 4), Spot::Step(52));
    assert_eq!(turn(&g), 1);
    advance_to(&mut g, 0);
    roll(&mut g, 4);
    pick(&mut g, 4);
    assert_eq!(g.spot(0, 4), Spot::Finished);
}

/// Decision 1, bounce: the plane ends on 56 - (s + r - 56), inside the home column.
#[test]
fn bounce_back_returns_the_excess() {
    let mut g = game(2, &["centre=bounce"]);
    g.place(0, 1, Spot::Step(52));
    g.place(0, 2, Spot::Step(53));
    roll(&mut g, 5);
    let events = pick(&mut g, 1);
    assert_eq!(g.spot(0, 1), Spot::Step(55));
    assert_eq!(arg(event(&events, "aero-bounced"), "cell"), &Arg::Int(5));
    advance_to(&mut g, 0);
    roll(&mut g, 6);
    pick(&mut g, 2);
    assert_eq!(g.spot(0, 2), Spot::Step(53));
    assert_eq!(view(&g).planes[1].spot, PlaneSpot::HomeColumn(3));
}

/// Seed: a finished plane lies face down in its own hangar.
#[test]
fn a_finished_plane_lies_face_down_in_the_hangar() {
    let mut g = game(4, &[]);
    advance_to(&mut g, 2);
    g.place(2, 2, Spot::Step(54));
    roll(&mut g, 2);
    pick(&mut g, 2);
    let v = view(&g);
    let plane = v.planes.iter().find(|p| p.corner == 2 && p.number == 2).unwrap();
    assert_eq!(plane.spot, PlaneSpot::Finished { slot: 1 });
}

/// Decision 2: finishing one's last plane ends the turn, even with a 6.
#[test]
fn finishing_the_last_plane_ends_the_turn_even_on_a_six() {
    let mut g = game(3, &[]);
    finish_all_but(&mut g, 0, 2, 50);
    roll(&mut g, 6);
    let events = pick(&mut g, 2);
    assert_eq!(arg(event(&events, "aero-finished"), "place"), &Arg::Int(1));
    assert!(!has(&events, "aero-extra-roll"));
    assert_eq!(turn(&g), 1);
    assert_eq!(view(&g).corners[0].place, Some(1));
}

/// Seed ("the others play on until only one loser is left") and decision 7.
#[test]
fn ranking_goes_on_until_one_player_is_left() {
    let mut g = game(4, &[]);
    for (seat, corner) in [(0, 0), (2, 2), (3, 3)] {
        advance_to(&mut g, seat);
        finish_all_but(&mut g, corner, 1, 53);
        roll(&mut g, 3);
        pick(&mut g, 1);
        assert_eq!(g.outcome().is_some(), seat == 3);
    }
    assert_eq!(g.to_move(), ToMove::Over);
    assert_eq!(g.outcome().unwrap().places, [1, 4, 2, 3]);
    assert!(g.resign(1).is_empty(), "nothing to resign after the end");
}

/// Decision 7: resigning takes the planes off the board and ranks the seat below everyone who
/// did not resign; the last to resign ranks highest among the resigned.
#[test]
fn resigning_ranks_below_everyone_who_played_on() {
    let mut g = game(4, &[]);
    g.place(1, 1, Spot::Step(12));
    g.place(1, 2, Spot::Finished);
    let events = g.resign(1);
    assert_eq!(events[0].id, "aero-resigned");
    assert_eq!(g.spot(1, 1), Spot::Hangar);
    assert!(view(&g).corners[1].resigned);
    assert!(g.resign(1).is_empty(), "resigning twice does nothing");
    g.resign(0);
    assert_eq!(turn(&g), 2, "the seat to move resigned: the turn passes, skipping seat 1");
    advance_to(&mut g, 3);
    finish_all_but(&mut g, 3, 1, 53);
    roll(&mut g, 3);
    pick(&mut g, 1);
    assert_eq!(g.to_move(), ToMove::Over, "only seat 2 is left");
    assert_eq!(g.spot(1, 2), Spot::Finished, "a finished plane stays finished");
    assert_eq!(g.outcome().unwrap().places, [3, 4, 2, 1]);
}

/// Decision 7: a resignation that leaves one player ends the game.
#[test]
fn resigning_in_a_two_player_game_ends_it() {
    let mut g = game(2, &[]);
    roll(&mut g, 2);
    g.resign(1);
    assert_eq!(g.to_move(), ToMove::Over);
    assert_eq!(g.outcome().unwrap().places, [1, 2]);
    assert_eq!(view(&g).to_move, None);
}

/// The brief: the opposite corner may belong to a resigned player; the shortcut still works.
#[test]
fn shortcut_over_a_resigned_opposite_corner() {
    let mut g = game(4, &[]);
    g.place(2, 1, Spot::Step(53));
    g.resign(2);
    g.place(0, 1, Spot::Step(15));
    roll(&mut g, 3);
    let events = pick(&mut g, 1);
    assert_eq!(g.spot(0, 1), Spot::Step(30));
    assert!(!has(&events, "aero-danger-cell"));
}

// ---------------------------------------------------------------------------------------------
// Seats and geometry

/// The brief: three players draw the empty corner first; the others go clockwise after it.
#[test]
fn three_players_draw_the_empty_corner_first() {
    for empty in 0..4 {
        let mut g = Aeroplane::new(&setup(3, &[])).unwrap();
        assert_eq!(g.to_move(), ToMove::Chance);
        let outcomes = g.chance_outcomes();
        assert_eq!(outcomes.len(), 4);
        assert!(outcomes.iter().all(|(_, w)| *w == 1));
        let events = apply_checked(&mut g, Actor::Chance, &Action::EmptyCorner(empty)).unwrap();
        assert_eq!(events[0].id, "aero-empty-corner");
        let corners: Vec<u8> = (0..3).map(|s| g.corner_of(s).unwrap()).collect();
        let expected: Vec<u8> = (1..4).map(|k| (empty + k) % 4).collect();
        assert_eq!(corners, expected);
        assert_eq!(view(&g).corners[usize::from(empty)].seat, None);
        assert_eq!(g.to_move(), ToMove::seats([0]));
    }
}

#[test]
fn two_players_sit_opposite_and_four_fill_every_corner() {
    let two = game(2, &[]);
    assert_eq!((two.corner_of(0), two.corner_of(1)), (Some(0), Some(2)));
    let four = game(4, &[]);
    assert_eq!((0..4).map(|s| four.corner_of(s).unwrap()).collect::<Vec<_>>(), [0, 1, 2, 3]);
}

/// Every game a geometry test looks at: 2 and 4 players, and 3 players with each empty corner.
fn seatings() -> Vec<Aeroplane> {
    let mut all = vec![game(2, &[]), game(4, &[])];
    for empty in 0..4 {
        let mut g = Aeroplane::new(&setup(3, &[])).unwrap();
        apply_checked(&mut g, Actor::Chance, &Action::EmptyCorner(empty)).unwrap();
        all.push(g);
    }
    all
}

fn seats_of(g: &Aeroplane) -> Vec<Seat> {
    (0..4).filter(|s| g.corner_of(*s).is_some()).collect()
}

/// Through the engine: for every seat of every seating, a single step onto each square shows
/// which steps jump; the jumps run 2 -> 6 -> … -> 46 -> 50 (own colour every fourth step).
#[test]
fn own_colour_steps_are_2_to_50_for_every_seat() {
    for start in seatings() {
        for seat in seats_of(&start) {
            let corner = start.corner_of(seat).unwrap();
            let mut jumps = Vec::new();
            for step in 1..=board::TURN_IN {
                let mut g = start.clone();
                advance_to(&mut g, seat);
                g.place(corner, 1, Spot::Step(step - 1));
                roll(&mut g, 1);
                pick(&mut g, 1);
                let Spot::Step(end) = g.spot(corner, 1) else { panic!("left the board") };
                if end != step {
                    jumps.push((step, end));
                }
            }
            // Every own-colour square but 50 moves on; 14 and 18 end on 30 by the shortcut.
            let expected: Vec<(u8, u8)> = (2..50)
                .step_by(4)
                .map(|from| (from, if from == 14 || from == 18 { 30 } else { from + 4 }))
                .collect();
            assert_eq!(jumps, expected, "seat {seat}, corner {corner}");
        }
    }
}

/// Through the engine: for every seat, the flight 18 -> 30 passes over the opposite corner's
/// turn-in square (safe) and hits its danger cell, and no other corner's home column.
#[test]
fn shortcut_crosses_the_opposite_home_cell_3_for_every_seat() {
    for start in seatings() {
        for seat in seats_of(&start) {
            let corner = start.corner_of(seat).unwrap();
            let across = board::opposite(corner);
            let mut g = start.clone();
            advance_to(&mut g, seat);
            let others: Vec<u8> = seats_of(&g)
                .iter()
                .map(|s| g.corner_of(*s).unwrap())
                .filter(|c| *c != corner)
                .collect();
            for other in &others {
                g.place(*other, 1, Spot::Step(53));
                g.place(*other, 2, Spot::Step(50));
            }
            g.place(corner, 1, Spot::Step(17));
            roll(&mut g, 1);
            pick(&mut g, 1);
            assert_eq!(g.spot(corner, 1), Spot::Step(30));
            for other in &others {
                let hit = *other == across;
                let danger = if hit { Spot::Hangar } else { Spot::Step(53) };
                assert_eq!(g.spot(*other, 1), danger, "seat {seat} over corner {other}");
                assert_eq!(g.spot(*other, 2), Spot::Step(50), "flown over, not landed on");
                let under = board::step_of_square(corner, track_square(*other, 50)).unwrap();
                assert_eq!(hit, (19..30).contains(&under), "the flight crosses {other}'s arm");
            }
        }
    }
}

/// Decision 3 and the brief: opponents are compared by absolute track square, every corner
/// against every other; a home column is private.
#[test]
fn captures_compare_absolute_squares_for_every_pair_of_corners() {
    for mover in 0..4u8 {
        for other in (0..4u8).filter(|o| *o != mover) {
            let mut g = game(4, &[]);
            advance_to(&mut g, usize::from(mover));
            let target = 9; // a plain square
            let square = track_square(mover, target);
            let their = board::step_of_square(other, square).expect("on their path");
            g.place(other, 1, Spot::Step(their));
            g.place(other, 2, Spot::Step(target + 42)); // their home column is private
            g.place(mover, 1, Spot::Step(target - 1));
            roll(&mut g, 1);
            pick(&mut g, 1);
            assert_eq!(g.spot(other, 1), Spot::Hangar, "{mover} on {other}");
            assert_eq!(g.spot(other, 2), Spot::Step(target + 42));
        }
    }
}

/// The view: absolute squares, home-column cells, hangar slots, labels that match the buttons.
#[test]
fn the_view_uses_board_terms_and_button_labels() {
    let mut g = game(4, &[]);
    advance_to(&mut g, 3);
    g.place(3, 1, Spot::Step(40));
    g.place(3, 2, Spot::Step(51));
    g.place(3, 3, Spot::Step(0));
    roll(&mut g, 2);
    let v = view(&g);
    let green: Vec<_> = v.planes.iter().filter(|p| p.corner == 3).collect();
    assert_eq!(green[0].spot, PlaneSpot::Track(track_square(3, 40)));
    assert_eq!(green[1].spot, PlaneSpot::HomeColumn(1));
    assert_eq!(green[2].spot, PlaneSpot::Launch);
    assert_eq!(green[3].spot, PlaneSpot::Hangar { slot: 3 });
    let labels: Vec<String> = green.iter().filter_map(|p| p.label.clone()).collect();
    assert_eq!(labels, plane_labels(&g, 3));
    assert_eq!(labels, ["1", "2", "3", "4"]);
    assert_eq!(v.to_move, Some(3));
    assert_eq!(v.last_roll, Some(2));
    assert_eq!(
        view(&g),
        match g.view(Viewer::Seat(0), &[]) {
            AnyView::Aeroplane(v) => v,
            _ => unreachable!(),
        }
    );
    assert!(v.planes.iter().filter(|p| p.corner != 3).all(|p| p.label.is_none()));
}

// ---------------------------------------------------------------------------------------------
// Random play

/// Settings variants the random games cycle through (the defaults first).
const VARIANTS: &[&[&str]] = &[
    &[],
    &["takeoff=six", "centre=bounce"],
    &["takeoff=five-six", "fly-then-jump=on", "stacking=off"],
    &["centre=bounce", "fly-then-jump=on"],
];

/// Games per seat count, split evenly across [`VARIANTS`]; `AERO_RANDOM_GAMES` overrides it.
/// The full 3 × 10,000 take about 140 s of CPU in a debug build (the three seat counts run as
/// three tests, in parallel), and about 13 s with optimisations.
fn random_game_count() -> u64 {
    std::env::var("AERO_RANDOM_GAMES").ok().and_then(|n| n.parse().ok()).unwrap_or(10_000)
}

/// A finished game is a legal ranking: places 1..=n once each, four planes home for everyone
/// but the last, and nothing left to act.
fn assert_legal_end(g: &Aeroplane, seats: usize, label: &str) {
    let outcome = g.outcome().unwrap_or_else(|| panic!("{label}: no outcome"));
    let mut places = outcome.places.clone();
    places.sort_unstable();
    assert_eq!(places, (1..=seats as u8).collect::<Vec<_>>(), "{label}");
    let v = view(g);
    for seat in 0..seats {
        let corner = g.corner_of(seat).unwrap();
        let home = (1..=4).filter(|n| g.spot(corner, *n) == Spot::Finished).count();
        let last = outcome.places[seat] == seats as u8;
        assert_eq!(home == 4, !last, "{label}: seat {seat} has {home} planes home");
        assert_eq!(v.corners[usize::from(corner)].place.is_some(), !last, "{label}");
    }
    assert!(v.planes.iter().all(|p| p.label.is_none()), "{label}");
    assert_eq!(v.to_move, None, "{label}");
}

fn random_games(seats: usize) {
    let per_variant = random_game_count().div_ceil(VARIANTS.len() as u64);
    for (v, words) in VARIANTS.iter().enumerate() {
        let setup = setup(seats, words);
        for k in 0..per_variant {
            let seed = (v as u64) << 32 | k;
            let g = harness::check_random_game::<Aeroplane>(&setup, seed)
                .unwrap_or_else(|e| panic!("{seats} seats {words:?}: {e}"));
            assert_legal_end(&g, seats, &format!("{seats} seats {words:?} seed {seed}"));
        }
    }
}

#[test]
fn random_play_two_players() {
    random_games(2);
}

#[test]
fn random_play_three_players() {
    random_games(3);
}

#[test]
fn random_play_four_players() {
    random_games(4);
}

/// Checks at every step of random games: no two corners share a track square (every landing
/// sends opponents home), stacks stand together on the board, labels appear only when a plane
/// is to be picked, and at most two sixes are pending.
#[test]
fn invariants_hold_throughout_random_play() {
    for seats in 2..=4 {
        for (v, words) in VARIANTS.iter().enumerate() {
            let setup = setup(seats, words);
            for seed in 0..25 {
                let mut rng = igroteka::rng::seeded(seed + 1000 * v as u64);
                let mut g = Aeroplane::new(&setup).unwrap();
                while let Some((actor, action)) = harness::random_action(&g, &mut rng).unwrap() {
                    apply_checked(&mut g, actor, &action).unwrap();
                    check_invariants(&g);
                }
            }
        }
    }
}

fn check_invariants(g: &Aeroplane) {
    let v = view(g);
    assert!(v.sixes <= 2);
    let mut owner = [None; board::TRACK_LEN as usize];
    for p in &v.planes {
        if let PlaneSpot::Track(t) = p.spot {
            let seen = owner[usize::from(t)].get_or_insert(p.corner);
            assert_eq!(*seen, p.corner, "two colours on T{t}: {v:?}");
        }
        let on_board = matches!(p.spot, PlaneSpot::Track(_) | PlaneSpot::HomeColumn(_));
        assert!(p.stack == 1 || on_board, "a stack off the board: {p:?}");
        let stack = g.stack(p.corner, p.number);
        assert_eq!(usize::from(p.stack), stack.len());
        for n in stack {
            assert_eq!(g.spot(p.corner, n), g.spot(p.corner, p.number), "stack apart");
        }
    }
    let picking = matches!(g.to_move(), ToMove::Seats(_))
        && g.choices(turn(g)).prompt.as_deref() == Some("prompt-aero-plane");
    assert_eq!(picking, v.planes.iter().any(|p| p.label.is_some()));
}
