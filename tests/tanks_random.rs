//! «Идут танки»: random play. Every offered action applies, every game ends with a legal
//! result, state and log survive a serde round trip and a replay (the harness's
//! `check_random_game`), and invariants hold at every step.

use igroteka::event::{Arg, Event};
use igroteka::game::{Game, Setup, ToMove, apply_checked};
use igroteka::games::tanks::board;
use igroteka::games::tanks::{Action, End, GUARD_TURNS, Place, PlaneSpot, SETTINGS, Side, Tanks};
use igroteka::harness;
use igroteka::rng;
use igroteka::settings;

/// Random games in all, spread over the variants.
const GAMES: u64 = 10_000;

const VARIANTS: [&[&str]; 4] = [
    &["dice=die"],
    &["dice=no-die"],
    &["dice=die", "rockets=two-hits"],
    &["dice=no-die", "rockets=two-hits"],
];

fn setup(words: &[&str]) -> Setup {
    Setup { seats: 2, settings: settings::parse(SETTINGS, words).expect("valid settings") }
}

/// A finished game is a legal result: the end it names is met, and the places follow from it.
fn assert_legal_end(g: &Tanks, label: &str) {
    assert_eq!(g.to_move(), ToMove::Over, "{label}");
    let outcome = g.outcome().unwrap_or_else(|| panic!("{label}: no outcome"));
    let end = g.end().unwrap_or_else(|| panic!("{label}: over without an end"));
    let army = |side: Side| g.army(side);
    let destroyed =
        |side: Side| army(side).tanks.iter().filter(|t| t.place == Place::Destroyed).count();
    let on_field = |side: Side| army(side).tanks.iter().filter(|t| t.field().is_some()).count();
    let arrived =
        |side: Side| army(side).tanks.iter().filter(|t| t.place == Place::Arrived).count();
    for side in Side::BOTH {
        assert_eq!(arrived(side), usize::from(army(side).arrivals), "{label}: {side:?}");
        let lost = army(side).planes.iter().filter(|p| **p == PlaneSpot::Lost).count();
        assert_eq!(lost, usize::from(army(side).planes_lost), "{label}: {side:?}");
    }
    match end {
        End::Wipeout(loser) => {
            assert_eq!(destroyed(loser), 4, "{label}");
            assert_eq!(outcome.winners(), [loser.opponent().seat()], "{label}");
        }
        End::NoTanks => assert_eq!(on_field(Side::Red) + on_field(Side::Green), 0, "{label}"),
        End::Guard => assert!(g.quiet_turns() >= GUARD_TURNS, "{label}"),
        End::Resigned(_) => panic!("{label}: nobody resigns in random play"),
    }
    if matches!(end, End::NoTanks | End::Guard) {
        let key = |side: Side| (army(side).arrivals, std::cmp::Reverse(army(side).planes_lost));
        let expected = match key(Side::Red).cmp(&key(Side::Green)) {
            std::cmp::Ordering::Greater => vec![0],
            std::cmp::Ordering::Less => vec![1],
            std::cmp::Ordering::Equal => vec![0, 1],
        };
        assert_eq!(outcome.winners(), expected, "{label}");
    }
}

fn random_games(part: u64, parts: u64) {
    let per_part = GAMES / parts;
    for k in part * per_part..(part + 1) * per_part {
        let words = VARIANTS[(k % VARIANTS.len() as u64) as usize];
        let g = harness::check_random_game::<Tanks>(&setup(words), k)
            .unwrap_or_else(|e| panic!("{words:?}: {e}"));
        assert_legal_end(&g, &format!("{words:?} seed {k}"));
    }
}

#[test]
fn random_games_end_legally_first_half() {
    random_games(0, 2);
}

#[test]
fn random_games_end_legally_second_half() {
    random_games(1, 2);
}

/// At every step of random games: own tanks never share a circle, nor do opponents (a move
/// onto an opponent destroys it); every side keeps four tanks and at most four mines; the
/// rolls left never exceed the tanks that may still act; the seat to move always has a
/// choice; and every arrival that could bring a tank back asks first (decision 8).
#[test]
fn invariants_hold_throughout_random_play() {
    for seed in 0..400u64 {
        let words = VARIANTS[(seed % VARIANTS.len() as u64) as usize];
        let mut rng = rng::seeded(seed + 50_000);
        let mut g = Tanks::new(&setup(words)).unwrap();
        while let Some((actor, action)) = harness::random_action(&g, &mut rng).unwrap() {
            let events = apply_checked(&mut g, actor, &action).unwrap();
            let label = format!("{words:?} seed {seed} after {actor:?} {action:?}");
            check_invariants(&g, &label);
            check_bring_back_offered(&g, &events, &label);
        }
    }
}

/// Decision 8: after an arrival, a side with a destroyed tank and a free big circle of its own
/// is asked about the bring-back before anything else — before the "no tank on the field" end
/// too. Only an instant win (the opponent wiped out) ends the game first.
fn check_bring_back_offered(g: &Tanks, events: &[Event], label: &str) {
    let Some(arrival) = events.iter().find(|e| e.id == "tanks-arrived") else { return };
    let Some((_, Arg::Seat(seat))) = arrival.args.iter().find(|(name, _)| name == "player") else {
        panic!("{label}: an arrival without its player: {arrival:?}")
    };
    let side = Side::from_seat(*seat).expect("a seat of the game");
    let army = g.army(side);
    let destroyed = army.tanks.iter().any(|t| t.place == Place::Destroyed);
    let free = board::big_circles(side.id()).iter().any(|spot| {
        let node = board::node(*spot);
        Side::BOTH.iter().all(|s| g.army(*s).tank_at(node).is_none())
    });
    if !destroyed || !free || g.end() == Some(End::Wipeout(side.opponent())) {
        return;
    }
    assert_eq!(g.to_move(), ToMove::seats([*seat]), "{label}: {events:?}");
    let offered = g.choices(*seat).options.iter().any(|c| c.action == Action::NoBringBack);
    assert!(offered, "{label}: no bring-back question after {events:?}");
}

fn check_invariants(g: &Tanks, label: &str) {
    let mut seen = std::collections::BTreeSet::new();
    for side in Side::BOTH {
        let army = g.army(side);
        assert!(army.mines.len() <= 4, "{label}");
        for tank in &army.tanks {
            if let Some(node) = tank.node() {
                assert!(seen.insert(node), "{label}: two tanks on one circle");
            }
        }
    }
    if let ToMove::Seats(seats) = g.to_move() {
        for seat in seats {
            assert!(!g.choices(seat).is_empty(), "{label}: seat {seat} has nothing to press");
        }
    }
    if let igroteka::view::AnyView::Tanks(v) = g.view(igroteka::game::Viewer::Public, &[]) {
        let side = v.to_move.map(|s| if s == 0 { Side::Red } else { Side::Green });
        if let (Some(side), true) = (side, v.dice) {
            let able = g.army(side).tanks.iter().filter(|t| t.field().is_some()).count();
            assert!(usize::from(v.rolls_left) <= able, "{label}");
        }
    }
}
