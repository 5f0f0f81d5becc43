//! «Воздушный бой», rule by rule. Each test is named after the rule it checks and quotes it:
//! the sentences of the seed (`shared/seeds/001_ea6254b397e777df.txt`, quoted in English from
//! the translation in `shared/rules/air-battle.md`), the decisions of the spec, and the
//! decisions of our own (`docs/rules/air-battle.md`), in both editions where they differ.
//!
//! Positions are written in the text form of `docs/rules/air-battle.md`: R (Red, South) or G
//! (Green, North), b (bomber) or f (fighter), the node (files a–l, ranks 1–16), the facing
//! (N, E, S, W), and `*` for an aircraft still parked. Rows 14–16 lie outside every AA unit and
//! every danger zone, so most combat scenarios are played there.

use igroteka::choice::Label;
use igroteka::event::Event;
use igroteka::game::{Actor, Game, Seat, Setup, ToMove, Viewer, apply_checked};
use igroteka::games::air_battle::board::{self, AaKind};
use igroteka::games::air_battle::{
    Action, AirBattle, Dir, Edition, End, Form, Kind, Motion, Motions, QUIET_LIMIT, SETTINGS, Side,
    View,
};
use igroteka::settings;
use igroteka::view::AnyView;

use Edition::{Photo, Toy};
use Side::{North, South};

// ---------------------------------------------------------------------------------------------
// Helpers

fn node(name: &str) -> (u8, u8) {
    board::parse(name).unwrap_or_else(|| panic!("not a node: {name}"))
}

/// Reserve bombers far from the action, one a side, so that a hand-made position is not an air
/// force destroyed already («Игрушка»: no bomber and at most two fighters left).
const RESERVES: &str = " Rbl1N Gba16S";

/// A two-player game from `planes` plus [`RESERVES`], `to_move` to play.
fn game(edition: Edition, planes: &str, to_move: Side) -> AirBattle {
    bare(edition, &format!("{planes}{RESERVES}"), to_move)
}

/// A two-player game from exactly `planes`.
fn bare(edition: Edition, planes: &str, to_move: Side) -> AirBattle {
    AirBattle::from_position(edition, Form::Duel, planes, to_move).unwrap()
}

fn teams(edition: Edition, planes: &str, to_move: Side) -> AirBattle {
    AirBattle::from_position(edition, Form::Teams, &format!("{planes}{RESERVES}"), to_move).unwrap()
}

fn started(seats: usize, edition: &str) -> AirBattle {
    let setup = Setup { seats, settings: settings::parse(SETTINGS, &[edition]).unwrap() };
    AirBattle::new(&setup).unwrap()
}

fn motions(text: &str) -> Motions {
    text.chars().map(|c| Motion::from_key(&c.to_string()).unwrap()).collect()
}

/// The id of the aircraft of the side to move called `label`.
fn id(g: &AirBattle, label: &str) -> u8 {
    let side = g.side_to_move();
    g.position()
        .planes()
        .iter()
        .position(|p| !p.lost && p.side == side && p.label() == label)
        .unwrap_or_else(|| panic!("no {label} of {side:?} in {}", g.position())) as u8
}

fn fly_action(g: &AirBattle, label: &str, m: &str) -> (Seat, Action) {
    let plane = id(g, label);
    let kind = g.position().planes()[plane as usize].kind;
    (g.seat_of(g.side_to_move(), kind), Action::Fly { plane, motions: motions(m) })
}

fn legal(g: &AirBattle, label: &str, m: &str) -> bool {
    let (seat, action) = fly_action(g, label, m);
    g.is_legal(seat, &action)
}

/// Flies `label` by `m` (motion keys) through the table's legality gate; it must be legal.
fn fly(g: &mut AirBattle, label: &str, m: &str) -> Vec<Event> {
    let (seat, action) = fly_action(g, label, m);
    apply_checked(g, Actor::Seat(seat), &action)
        .unwrap_or_else(|e| panic!("{label} {m} refused: {e}; position {}", g.position()))
}

fn pass(g: &mut AirBattle, kind: Kind) -> Vec<Event> {
    let seat = g.seat_of(g.side_to_move(), kind);
    apply_checked(g, Actor::Seat(seat), &Action::Pass(kind)).unwrap()
}

fn ids(events: &[Event]) -> Vec<&str> {
    events.iter().map(|e| e.id.as_str()).collect()
}

fn view(g: &AirBattle, selection: &[&str]) -> View {
    let selection: Vec<String> = selection.iter().map(|s| s.to_string()).collect();
    match g.view(Viewer::Public, &selection) {
        AnyView::AirBattle(v) => v,
        other => panic!("not an Air Battle view: {other:?}"),
    }
}

/// Where the aircraft of `side` called `label` stands, if still in play.
fn at(g: &AirBattle, side: Side, label: &str) -> Option<String> {
    let plane = g.position().planes().iter().find(|p| p.side == side && p.label() == label)?;
    (!plane.lost).then(|| board::name(plane.node))
}

/// The operations offered for `label`, by key.
fn operations(g: &AirBattle, label: &str) -> Vec<String> {
    let seat = g.seat_of(g.side_to_move(), g.position().planes()[id(g, label) as usize].kind);
    g.choices(seat).step(&[label.to_string()]).iter().map(|l| l.key().to_string()).collect()
}

// ---------------------------------------------------------------------------------------------
// The goal

/// "Bomb the enemy headquarters": in «Игрушка» by flying over it.
#[test]
fn toy_a_bomber_flying_onto_the_enemy_headquarters_wins() {
    let mut g = game(Toy, "Rbl14N", South);
    let events = fly(&mut g, "B1", "FF");
    assert!(ids(&events).contains(&"air-bombed"));
    assert_eq!(g.end(), Some(End::Bombed(South)));
    assert_eq!(g.to_move(), ToMove::Over);
    assert_eq!(g.outcome().unwrap().places, [1, 2]);
}

/// "… in «Игрушка» by flying over it"; decision 5: "it is a corner, so there is nothing to fly
/// on to". A bomber one node short, facing it, flies its two nodes straight: it bombs on the
/// first, and its operation ends there (the second node would be off the grid). An aircraft
/// standing on the headquarters blocks the way as on any node: only an operation's last node
/// may be attacked.
#[test]
fn toy_a_bomber_one_node_short_bombs_by_flying_over_it() {
    for planes in ["Rbl15N", "Rbk16E"] {
        let mut g = game(Toy, planes, South);
        let events = fly(&mut g, "B1", "FF");
        assert!(ids(&events).contains(&"air-bombed"), "{planes}");
        assert_eq!(g.end(), Some(End::Bombed(South)), "{planes}");
        assert_eq!(at(&g, South, "B1").as_deref(), Some("l16"), "{planes}");
    }
    let g = game(Toy, "Rbl15N Gfl16W", South);
    assert!(!legal(&g, "B1", "FF"), "through an aircraft on the headquarters");
}

/// "… in «Аэрофото» by stopping on it"; decision 5: it bombs on arriving, and nothing follows.
#[test]
fn photo_a_bomber_stopping_on_the_enemy_headquarters_wins() {
    let mut g = game(Photo, "Rbl15N", South);
    assert!(!legal(&g, "B1", "FR"), "no motion after arriving on the headquarters");
    fly(&mut g, "B1", "F");
    assert_eq!(g.end(), Some(End::Bombed(South)));
}

/// "Only a bomber can bomb the headquarters."
#[test]
fn a_fighter_on_the_enemy_headquarters_bombs_nothing() {
    for edition in [Toy, Photo] {
        let mut g = game(edition, "Rfi16E Gfa15S Gba14S", South);
        fly(&mut g, "F1", "FFF");
        assert_eq!(at(&g, South, "F1").as_deref(), Some("l16"));
        assert_eq!(g.end(), None, "{edition:?}");
    }
}

/// "… or destroy the enemy's air force: in the «Игрушка» edition shoot down all of its bombers
/// and at least 8 fighters" — of a hand-made position's aircraft, no bomber left and at most
/// two fighters.
#[test]
fn toy_all_bombers_and_eight_fighters_destroy_an_air_force() {
    let mut g = bare(Toy, "Rff14E Rbl1N Gfi14N Gfa16S Gfb16S", South);
    assert_eq!(g.end(), None, "three fighters left is not destroyed yet");
    fly(&mut g, "F1", "FFF");
    assert_eq!(at(&g, South, "F1").as_deref(), Some("i14"));
    assert_eq!(g.end(), Some(End::AirForce(South)));
    let mut g = bare(Toy, "Rff14E Rbl1N Gfi14N Gfa16S Gba14S", South);
    fly(&mut g, "F1", "FFF");
    assert_eq!(g.end(), None, "a bomber left");
}

/// "… in «Аэрофото» all 16 aircraft."
#[test]
fn photo_every_aircraft_must_fall() {
    let mut g = bare(Photo, "Rff14E Gfg14N Gfa16S", South);
    fly(&mut g, "F1", "F");
    assert_eq!(g.end(), None, "one fighter left");
    let mut g = bare(Photo, "Rff14E Gfg14N", South);
    fly(&mut g, "F1", "F");
    assert_eq!(g.end(), Some(End::AirForce(South)));
}

/// Decision 6: "every aircraft lost counts towards the air-force condition, whatever shot it
/// down" — here the last Green aircraft flies into a Red rocket launcher.
#[test]
fn an_aircraft_lost_to_aa_counts_towards_the_air_force() {
    // Red's rocket launcher on e7.
    let mut g = bare(Toy, "Gfe4N Gfa15S Gfb15S Rba16S", North);
    fly(&mut g, "F1", "FFF");
    assert_eq!(g.end(), Some(End::AirForce(South)));
    let mut g = bare(Photo, "Gfe4N Rba16S", North);
    fly(&mut g, "F1", "FFF");
    assert_eq!(g.end(), Some(End::AirForce(South)));
}

/// Decision 6: "If both air forces are destroyed in the same move, the side that moved wins" —
/// a «Аэрофото» bomber shoots down the last enemy fighter and is itself shot down by AA there.
#[test]
fn photo_both_air_forces_destroyed_in_one_move_the_mover_wins() {
    // Green's gun on i13 covers i13, j13, i12 and j12.
    let mut g = bare(Photo, "Rbj11N Gfj12E", South);
    let events = fly(&mut g, "B1", "F");
    assert_eq!(ids(&events), ["air-flew", "air-shot-down", "air-aa-hit", "air-over-both"]);
    assert_eq!(g.end(), Some(End::Both(South)));
    assert_eq!(g.outcome().unwrap().places, [1, 2]);
}

// ---------------------------------------------------------------------------------------------
// Forces and the board

/// "Each side has 6 bombers and 10 fighters on two airfields, a headquarters (a flag in a
/// corner) and 12 anti-aircraft units: 4 rocket launchers and 8 AA gun emplacements";
/// decision 1: North is South turned 180°.
#[test]
fn the_start_has_sixteen_aircraft_a_side_on_their_airfields() {
    let g = started(2, "toy");
    let v = view(&g, &[]);
    for side in [South, North] {
        let planes: Vec<_> = v.planes.iter().filter(|p| p.side == side).collect();
        assert_eq!(planes.iter().filter(|p| p.kind == Kind::Bomber).count(), 6);
        assert_eq!(planes.iter().filter(|p| p.kind == Kind::Fighter).count(), 10);
        assert!(planes.iter().all(|p| p.parked && board::is_airfield(side, p.node)));
        assert!(planes.iter().all(|p| p.facing == board::forward(side)));
        let units = board::AA_UNITS.iter().filter(|u| u.side == side);
        assert_eq!(units.clone().filter(|u| u.kind == AaKind::Rocket).count(), 4);
        assert_eq!(units.filter(|u| u.kind == AaKind::Gun).count(), 8);
    }
    assert_eq!(board::headquarters(South), node("a1"));
    assert_eq!(board::headquarters(North), node("l16"));
    assert_eq!(g.side_to_move(), South, "Red plays South and moves first");
    for p in v.planes.iter().filter(|p| p.side == South) {
        let turned = board::turned(p.node);
        assert!(v.planes.iter().any(|q| q.side == North && q.node == turned && q.kind == p.kind));
    }
}

// ---------------------------------------------------------------------------------------------
// Flying — «Игрушка»

/// "Bomber: 2 nodes straight; or two 90° turns; or one turn and 1 node forward"; decision 3:
/// the turns of one operation go the same way.
#[test]
fn toy_bomber_operations() {
    let g = game(Toy, "Rbf15E", South);
    assert_eq!(operations(&g, "B1"), ["FF", "LL", "RR", "LF", "RF"]);
    for other in ["F", "FFF", "L", "LR", "FL", "LLF", "LFF"] {
        assert!(!legal(&g, "B1", other), "{other}");
    }
}

/// "Fighter: 3 nodes straight; or three turns; or two turns and 1 node; or one turn and 2
/// nodes" — turns first, then flight, exact distances.
#[test]
fn toy_fighter_operations() {
    let g = game(Toy, "Rff14E", South);
    assert_eq!(operations(&g, "F1"), ["FFF", "LLL", "RRR", "LLF", "RRF", "LFF", "RFF"]);
    for other in ["F", "FF", "FFFF", "LF", "LRL", "FFL", "LLRF", "LRF"] {
        assert!(!legal(&g, "F1", other), "{other}");
    }
}

/// Decision 3: "two turns reverse the aircraft, three leave it turned 90° the other way".
#[test]
fn toy_turns_in_place() {
    let mut g = game(Toy, "Rbf15E Rff14E", South);
    fly(&mut g, "B1", "LL");
    let facing = |g: &AirBattle, label| {
        g.position().planes().iter().find(|p| p.side == South && p.label() == label).unwrap().facing
    };
    assert_eq!(facing(&g, "B1"), Dir::W);
    assert_eq!(at(&g, South, "B1").as_deref(), Some("f15"));
    let mut g = game(Toy, "Rff14E", South);
    fly(&mut g, "F1", "LLL");
    assert_eq!(facing(&g, "F1"), Dir::S);
    let mut g = game(Toy, "Rff14E", South);
    fly(&mut g, "F1", "RFF");
    assert_eq!(at(&g, South, "F1").as_deref(), Some("f12"), "a turn, then two nodes south");
}

/// "Take-off from an airfield is straight ahead only"; decision 3: a parked aircraft may only
/// fly straight, so parked aircraft block the ones behind them.
#[test]
fn toy_take_off_is_straight_and_blocked_by_a_parked_aircraft() {
    let g = started(2, "toy");
    // F2 on c3 has open air ahead; B1 on c2 stands behind it.
    assert_eq!(operations(&g, "F2"), ["FFF"]);
    assert!(operations(&g, "B1").is_empty());
    assert!(!legal(&g, "B1", "FF"));
    // F1 on f2 stands behind F5 on f3.
    assert!(!legal(&g, "F1", "FFF"));
    let v = view(&g, &[]);
    let pickable: Vec<_> =
        v.planes.iter().filter(|p| p.pickable).map(|p| p.label.as_str()).collect();
    assert_eq!(pickable, ["F2", "F3", "F4", "F5", "F7", "F8", "F9", "F10"]);
    // Once it has moved it is airborne: after its take-off (and North's reply) it may turn.
    let mut g = g;
    fly(&mut g, "F2", "FFF");
    assert_eq!(g.side_to_move(), North);
    let reply = g.choices(1).options[0].action.clone();
    apply_checked(&mut g, Actor::Seat(1), &reply).unwrap();
    let turning = operations(&g, "F2");
    assert!(turning.iter().any(|op| op.contains('L') || op.contains('R')), "{turning:?}");
}

/// "No aircraft may fly through a node where an aircraft stands"; decision 3: never onto a
/// friendly one, never off the grid.
#[test]
fn no_flying_through_an_aircraft_or_off_the_board() {
    for edition in [Toy, Photo] {
        let g = game(edition, "Rff14E Rbg14E Gbh15W", South);
        assert!(!legal(&g, "F1", if edition == Toy { "FFF" } else { "F" }), "friendly ahead");
        let g = game(edition, "Rff14E Gbg14N", South);
        assert!(!legal(&g, "F1", "FFF"), "{edition:?}: through an enemy");
        let g = game(edition, "Rfk16E", South);
        assert!(!legal(&g, "F1", if edition == Toy { "FFF" } else { "FF" }), "off the board");
    }
}

// ---------------------------------------------------------------------------------------------
// Flying — «Аэрофото»

/// "In its turn a side moves one fighter and one bomber. The fighter makes up to three
/// motions, the bomber up to two; a motion is a step one node forward or a 90° turn in place,
/// in any order"; decision 3: either order, and either may pass.
#[test]
fn photo_a_fighter_and_a_bomber_a_turn() {
    let mut g = game(Photo, "Rff14E Rbc14E Gbk15S Gfa15S", South);
    assert!(legal(&g, "F1", "FLF") && legal(&g, "F1", "RFL") && legal(&g, "F1", "L"));
    assert!(!legal(&g, "F1", "FFFF"), "four motions");
    assert!(legal(&g, "B1", "FL") && !legal(&g, "B1", "FFF"), "a bomber makes two");
    fly(&mut g, "B1", "LF");
    assert_eq!(g.side_to_move(), South, "the fighter still to move");
    assert!(!legal(&g, "B1", "F"), "one bomber a turn");
    assert_eq!(
        g.choices(0).options.iter().filter(|c| c.action == Action::Pass(Kind::Bomber)).count(),
        0
    );
    fly(&mut g, "F1", "FFR");
    assert_eq!(g.side_to_move(), North);
    pass(&mut g, Kind::Fighter);
    pass(&mut g, Kind::Bomber);
    assert_eq!(g.side_to_move(), South);
    assert_eq!(g.turns_played(), 2);
}

/// Decision 3: "a kind with no aircraft left passes by itself".
#[test]
fn photo_a_kind_with_nothing_left_passes_by_itself() {
    let mut g = bare(Photo, "Rff14E Gfa16S Gbk16S", South);
    assert_eq!(g.done(), [Kind::Bomber]);
    fly(&mut g, "F1", "F");
    assert_eq!(g.side_to_move(), North);
}

/// Decision 3: in «Аэрофото» a parked aircraft's first motion is a step.
#[test]
fn photo_take_off_starts_with_a_step() {
    let g = started(2, "photo");
    assert!(legal(&g, "F2", "FL") && legal(&g, "F2", "FFF"));
    assert!(!legal(&g, "F2", "LF"), "a turn before taking off");
    assert!(!legal(&g, "B1", "F"), "blocked by the parked fighter ahead");
}

/// Decision 3: "a step onto an enemy aircraft shoots it down and is that aircraft's last
/// motion".
#[test]
fn photo_an_attack_is_the_last_motion() {
    let g = game(Photo, "Rff14E Gfg14N", South);
    assert!(legal(&g, "F1", "F"));
    assert!(!legal(&g, "F1", "FL") && !legal(&g, "F1", "FF"));
}

// ---------------------------------------------------------------------------------------------
// Air combat

/// "An aircraft shoots down an enemy aircraft by arriving on its node: into its side or its
/// tail — any aircraft"; "the winner takes the node of the one shot down".
#[test]
fn side_and_tail_attacks_by_anyone() {
    for edition in [Toy, Photo] {
        let m = |toy: &'static str, photo: &'static str| if edition == Toy { toy } else { photo };
        // Tail: the target faces the way the attacker flies.
        let mut g = game(edition, "Rff14E Gbi14E", South);
        let events = fly(&mut g, "F1", m("FFF", "FFF"));
        assert!(ids(&events).contains(&"air-shot-down"));
        assert_eq!(at(&g, South, "F1").as_deref(), Some("i14"));
        assert_eq!(at(&g, North, "B1"), None);
        // Side: the target faces across the attacker's way.
        let mut g = game(edition, "Rbf14E Gfh14N", South);
        fly(&mut g, "B1", m("FF", "FF"));
        assert_eq!(at(&g, South, "B1").as_deref(), Some("h14"));
        assert_eq!(at(&g, North, "F1"), None);
    }
}

/// "… head-on — only a bomber, against a fighter"; decision 2 reads it literally: no other
/// head-on attack. A fighter is shot down head-on by a bomber but not the other way.
#[test]
fn head_on_only_a_bomber_against_a_fighter() {
    for edition in [Toy, Photo] {
        let two = "FF";
        let g = game(edition, "Rbf14E Gfh14W", South);
        assert!(legal(&g, "B1", two), "{edition:?}: bomber on fighter head-on");
        let g = game(edition, "Rff14E Gbi14W", South);
        assert!(!legal(&g, "F1", "FFF"), "{edition:?}: fighter on bomber head-on");
        let g = game(edition, "Rff14E Gfi14W", South);
        assert!(!legal(&g, "F1", "FFF"), "{edition:?}: fighter on fighter head-on");
        let g = game(edition, "Rbf14E Gbh14W", South);
        assert!(!legal(&g, "B1", two), "{edition:?}: bomber on bomber head-on");
    }
}

/// "In «Игрушка», an aircraft that has not yet taken off can be shot down from any side" — in
/// «Аэрофото» the angle rule holds for parked aircraft too.
#[test]
fn a_parked_aircraft_head_on() {
    let g = game(Toy, "Rff14E Gfi14W*", South);
    assert!(legal(&g, "F1", "FFF"));
    let g = game(Photo, "Rff14E Gfi14W*", South);
    assert!(!legal(&g, "F1", "FFF"));
}

// ---------------------------------------------------------------------------------------------
// Anti-aircraft

/// "Aircraft fly over their own AA safely": a bomber passing over its own gun.
#[test]
fn own_aa_is_safe() {
    // Red's gun on d4 faces north; a Red bomber comes in from its front.
    let mut g = game(Toy, "Rbd6S", South);
    fly(&mut g, "B1", "FF");
    assert_eq!(at(&g, South, "B1").as_deref(), Some("d4"));
    // «Аэрофото»: ending in one's own danger zone is safe too.
    let mut g = game(Photo, "Rbd6S", South);
    fly(&mut g, "B1", "FF");
    assert_eq!(at(&g, South, "B1").as_deref(), Some("d4"));
}

/// "«Игрушка»: over an enemy gun emplacement — if it came in from the front or from a side;
/// from its rear (from its owner's side) it passes": a bomber over an enemy gun from the rear
/// safely but from the front shot down.
#[test]
fn toy_an_enemy_gun_fires_from_its_front_and_sides_not_its_rear() {
    // Green's gun on i13 faces south; its rear is the north.
    let mut g = game(Toy, "Rbi15S", South);
    fly(&mut g, "B1", "FF");
    assert_eq!(at(&g, South, "B1").as_deref(), Some("i13"), "from the rear: passes");
    let mut g = game(Toy, "Rbi11N", South);
    let events = fly(&mut g, "B1", "FF");
    assert!(ids(&events).contains(&"air-aa-hit"), "from the front");
    assert_eq!(at(&g, South, "B1"), None);
    let mut g = game(Toy, "Rbg13E", South);
    fly(&mut g, "B1", "FF");
    assert_eq!(at(&g, South, "B1"), None, "from a side");
}

/// "Over an enemy rocket launcher an aircraft is shot down from any side"; decision 4: every
/// node entered is checked, and the flight ends there.
#[test]
fn toy_an_enemy_rocket_launcher_fires_from_any_side() {
    // Green's rocket launcher on h10.
    for (start, op) in [("Rfh8N", "FFF"), ("Rfh12S", "FFF"), ("Rff10E", "FFF"), ("Rfj10W", "FFF")] {
        let mut g = game(Toy, start, South);
        fly(&mut g, "F1", op);
        assert_eq!(at(&g, South, "F1"), None, "{start}");
        let last = &view(&g, &[]).last[0];
        assert_eq!(last.end, node("h10"), "{start}: the flight ends where it was shot down");
    }
}

/// Decision 4: "an aircraft shot down on entering a node neither attacks nor bombs there".
#[test]
fn toy_shot_down_on_entering_it_does_not_attack() {
    // A Green fighter sits on its own rocket launcher on h10, side-on to the Red bomber.
    let mut g = game(Toy, "Rbh8N Gfh10E", South);
    assert!(legal(&g, "B1", "FF"));
    let events = fly(&mut g, "B1", "FF");
    assert_eq!(ids(&events), ["air-flew", "air-aa-hit"]);
    assert_eq!(at(&g, North, "F1").as_deref(), Some("h10"));
    assert_eq!(g.position().at(node("h10")), Some(1));
}

/// "«Аэрофото»: an AA unit fires on its own node and on the neighbouring nodes to the left,
/// above and above-left (as its owner sees the board); an aircraft is shot down if it ends its
/// move there" — passing through is safe.
#[test]
fn photo_danger_zones_fire_at_the_end_of_the_move() {
    // Green's gun on i13 covers i13, j13, i12, j12; as Green sees the board, j is its left and
    // 12 is above.
    for stop in ["i13", "j13", "i12", "j12"] {
        let zone = board::zone_of(North, node(stop)).unwrap();
        assert_eq!(zone.node, node("i13"), "{stop}");
    }
    assert!(board::zone_of(North, node("k12")).is_none());
    let mut g = game(Photo, "Rfj11N", South);
    let events = fly(&mut g, "F1", "F");
    assert!(ids(&events).contains(&"air-aa-hit"), "stopping on j12");
    let mut g = game(Photo, "Rfj11N", South);
    fly(&mut g, "F1", "FFF");
    assert_eq!(at(&g, South, "F1").as_deref(), Some("j14"), "through j12 and j13 to j14");
    // South's zones lie to the north-west of their units as the board is drawn: Red's gun on
    // d4 covers d4, c4, d5, c5.
    let mut g = game(Photo, "Gfc7S", North);
    fly(&mut g, "F1", "FF");
    assert_eq!(at(&g, North, "F1"), None, "c5");
}

/// Decision 4: in «Аэрофото» the attack happens on arrival and the AA fires at the end, so an
/// aircraft can shoot down a fighter and be shot down by AA on the same node.
#[test]
fn photo_a_bomber_shot_down_after_shooting_down_a_fighter() {
    let mut g = game(Photo, "Rbj11N Gfj12E", South);
    fly(&mut g, "B1", "F");
    assert_eq!(at(&g, South, "B1"), None);
    assert_eq!(at(&g, North, "F1"), None);
    assert_eq!(g.end(), None);
}

// ---------------------------------------------------------------------------------------------
// The draw, passes and seats

/// "If 120 moves in a row pass with nobody shot down, the game is a draw"; decision 8: a move
/// is one side's turn, and any loss resets the count.
#[test]
fn one_hundred_and_twenty_quiet_turns_draw() {
    let mut g = game(Toy, "Rff14E Gfb14N", South).with_quiet(QUIET_LIMIT - 1);
    fly(&mut g, "F1", "LLL");
    assert_eq!(g.end(), Some(End::Quiet));
    assert_eq!(g.outcome().unwrap().places, [1, 1]);
    let mut g = game(Toy, "Rff14E Gfi14N", South).with_quiet(QUIET_LIMIT - 1);
    fly(&mut g, "F1", "FFF");
    assert_eq!((g.end(), g.quiet()), (None, 0), "a loss resets the count");
    // In «Аэрофото» the count moves once per side's turn, not per aircraft.
    let mut g = game(Photo, "Rff14E Rbc14E", South).with_quiet(3);
    fly(&mut g, "F1", "L");
    assert_eq!(g.quiet(), 3);
    pass(&mut g, Kind::Bomber);
    assert_eq!(g.quiet(), 4);
}

/// Decision 3: "In «Игрушка» a side that cannot move passes."
#[test]
fn toy_a_side_that_cannot_move_passes() {
    // The Red bomber is parked behind a Green fighter: it may only fly straight, through it.
    let mut g = bare(Toy, "Gff14E Rbc2N* Gfc3W Gba16S", North);
    let events = fly(&mut g, "F1", "LLL");
    assert!(ids(&events).contains(&"air-cannot-move"));
    assert_eq!(g.side_to_move(), North);
    assert_eq!(g.turns_played(), 2);
}

/// "Two play, or two against two: one commands the bombers, the other the fighters of the same
/// side"; decision 7 in «Игрушка»: either commander may take the side's turn, each moving only
/// their own kind, and the first move submitted is played.
#[test]
fn toy_two_against_two_either_commander_takes_the_turn() {
    let mut g = teams(Toy, "Rff14E Rbc14E Gbk15S Gfa15S", South);
    assert_eq!(g.to_move(), ToMove::seats([0, 1]));
    let planes = |seat| {
        let c = g.choices(seat);
        let mut v: Vec<String> = c.step(&[]).iter().map(|l| l.key().to_string()).collect();
        v.dedup();
        v
    };
    assert_eq!(planes(0), ["B1", "B2"]);
    assert_eq!(planes(1), ["F1"]);
    let fighter = Action::Fly { plane: 0, motions: motions("FFF") };
    assert!(!g.is_legal(0, &fighter), "the bomber commander cannot move a fighter");
    apply_checked(&mut g, Actor::Seat(1), &fighter).unwrap();
    assert_eq!(g.to_move(), ToMove::seats([2, 3]), "the turn is over for both");
    // A commander with nothing to move is not asked.
    let g =
        AirBattle::from_position(Toy, Form::Teams, "Rff14E Rbc2N* Gfc3W Gba16S", South).unwrap();
    assert_eq!(g.to_move(), ToMove::seats([1]));
}

/// Decision 7 in «Аэрофото»: the bomber commander moves the bomber and the fighter commander
/// the fighter, in either order; the side's turn ends when both have moved or passed.
#[test]
fn photo_two_against_two_both_commanders_move() {
    let mut g = teams(Photo, "Rff14E Rbc14E Gbk15S Gfa15S", South);
    assert_eq!(g.to_move(), ToMove::seats([0, 1]));
    fly(&mut g, "F1", "F");
    assert_eq!(g.to_move(), ToMove::seats([0]));
    pass(&mut g, Kind::Bomber);
    assert_eq!(g.to_move(), ToMove::seats([2, 3]));
}

/// Our decision: a commander's resignation concedes for the side.
#[test]
fn a_resignation_concedes_for_the_side() {
    let mut g = started(4, "photo");
    g.resign(3);
    assert_eq!(g.end(), Some(End::Resigned(South)));
    assert_eq!(g.outcome().unwrap().places, [1, 1, 2, 2]);
}

// ---------------------------------------------------------------------------------------------
// The interface: choices and the preview

/// «Игрушка»: pick the aircraft, then the operation, then confirm; the view lists every
/// operation of the picked aircraft with where it leads, and previews the one picked.
#[test]
fn toy_choice_paths_and_preview() {
    let g = game(Toy, "Rbf14E Gfh14N", South);
    let c = g.choices(0);
    let option = c
        .options
        .iter()
        .find(|o| o.action == Action::Fly { plane: 0, motions: motions("FF") })
        .unwrap();
    let keys: Vec<&str> = option.path.iter().map(Label::key).collect();
    assert_eq!(keys, ["B1", "FF", "btn-air-confirm"]);
    let v = view(&g, &["B1"]);
    assert_eq!(v.selected, Some(0));
    assert_eq!(v.options.len(), 5);
    let v = view(&g, &["B1", "FF"]);
    let preview = v.preview.unwrap();
    assert_eq!(preview.path, [node("f14"), node("g14"), node("h14")]);
    assert_eq!(preview.shoots_down, Some(1));
    assert_eq!(preview.shot_by, None);
}

/// «Аэрофото»: pick the aircraft, then its motions one press each, then done; the preview
/// follows the presses, with what would shoot the aircraft down if it stopped there.
#[test]
fn photo_choice_paths_and_preview() {
    let g = game(Photo, "Rfj11N", South);
    let c = g.choices(0);
    let step = |sel: &[&str]| {
        let sel: Vec<String> = sel.iter().map(|s| s.to_string()).collect();
        c.step(&sel).iter().map(|l| l.key().to_string()).collect::<Vec<_>>()
    };
    assert_eq!(step(&["F1"]), ["F", "L", "R"]);
    assert_eq!(step(&["F1", "F"]), ["btn-air-done", "F", "L", "R"]);
    assert!(step(&[]).contains(&"btn-air-pass-fighter".to_string()));
    let v = view(&g, &["F1", "F"]);
    let preview = v.preview.unwrap();
    assert_eq!(preview.end, node("j12"));
    assert_eq!(preview.shot_by.map(|u| u.node), Some(node("i13")));
    let v = view(&g, &["F1", "F", "F", "F"]);
    assert_eq!(v.preview.unwrap().shot_by, None);
}

/// docs/rules/clocks.md: out of time in «Игрушка» "the first flight offered that no AA unit
/// shoots down": a fighter on k8 facing north would fly its first operation (↑↑↑) into the
/// rocket launcher on k11; the default move is the first offered that is safe.
#[test]
fn toy_out_of_time_the_default_flight_keeps_clear_of_aa_fire() {
    let g = game(Toy, "Rfk8N", South);
    let first = g.choices(0).options.into_iter().next().expect("a flight").action;
    let Action::Fly { plane, motions } = &first else { panic!("{first:?}") };
    let unit = board::aa_at(node("k11")).expect("North's rocket launcher on k11");
    assert_eq!(unit.kind, AaKind::Rocket);
    let played = |action: &Action| {
        let mut played = g.clone();
        apply_checked(&mut played, Actor::Seat(0), action).expect("a legal flight");
        played
    };
    let shot = played(&first);
    assert!(shot.position().planes()[usize::from(*plane)].lost, "{motions:?} is shot down");
    let safe = |action: &&Action| played(action).position().planes().iter().all(|p| !p.lost);
    let offered: Vec<Action> = g.choices(0).options.into_iter().map(|o| o.action).collect();
    let first_safe = offered.iter().find(safe).expect("a safe flight");
    assert!(offered.iter().position(|a| safe(&a)) > Some(0), "the first is shot down");
    assert_eq!(g.timeout_action(0), Some((0, first_safe.clone())), "the first safe one offered");
}

/// docs/rules/clocks.md, «Игрушка» two against two: either commander's flight is the side's
/// turn and both ran out of time together, so the default flight is chosen among the side's
/// kinds. Red's only bomber, parked on c8 facing north, can only fly ↑↑ into North's AA fire;
/// Red's fighter on f14 flies clear of it: the fighter commander's flight is the one played,
/// whichever commander the clock asks for first.
#[test]
fn toy_two_against_two_out_of_time_the_side_flies_the_flight_clear_of_aa_fire() {
    let g = AirBattle::from_position(Toy, Form::Teams, "Rbc8N* Rff14E Gba16S", South).unwrap();
    assert_eq!(g.to_move(), ToMove::Seats([0, 1].into_iter().collect()), "both commanders");
    let lost = |seat: Seat, action: &Action| {
        let mut played = g.clone();
        apply_checked(&mut played, Actor::Seat(seat), action).expect("a legal flight");
        played.position().planes().iter().any(|p| p.lost)
    };
    let bombers: Vec<Action> = g.choices(0).options.into_iter().map(|o| o.action).collect();
    assert!(!bombers.is_empty() && bombers.iter().all(|a| lost(0, a)), "{bombers:?}");
    for seat in [0, 1] {
        let (actor, action) = g.timeout_action(seat).expect("a flight");
        assert_eq!(actor, 1, "the fighter commander flies");
        assert!(matches!(action, Action::Fly { plane, .. } if plane == id(&g, "F1")), "{action:?}");
        assert!(!lost(actor, &action), "{action:?} is shot down");
    }
}
