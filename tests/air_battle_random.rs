//! «Воздушный бой»: random play, 10,000 games per edition and seat form. Every offered action
//! applies, every game ends with a legal result re-derived from the final board, the final
//! state and the log survive a serde round trip and the log a replay, the board's invariants
//! hold at every step, and `is_legal` answers exactly as the choices list — for both editions
//! and both forms.
//!
//! Speed. A random «Аэрофото» game is about 1,200 actions with ~150 choices each, and the
//! labelled choice list ([`Game::choices`]) costs ~20 allocations per choice: through it,
//! 10,000 games would take over half an hour. So most games are played by
//! `harness::random_action`, whose draw (`AirBattle::random_legal_action`) reads each
//! aircraft's flights from the sets the game keeps (one bit per motion sequence; «Аэрофото»
//! draws by rejection among the flights each would have alone) and builds only the drawn one,
//! without labels. That it draws what the choices list would is checked, not assumed:
//! `tests/fast_surface.rs` compares the draw with a pick from the list at every step («Аэрофото»:
//! that it is listed; its law is checked in `games::air_battle::draw`), every step of the
//! invariant walks here compares the unlabelled list with `choices` for every seat, and every
//! [`FULL_EVERY`]th game is also played by the harness's own `check_random_game` (choices, a
//! JSON round trip and a replay) and must end in the very same state («Игрушка») or legally.

use igroteka::game::{Game, Setup, ToMove, Viewer, apply_checked};
use igroteka::games::air_battle::board::{self, BOMBERS, FIGHTERS};
use igroteka::games::air_battle::ending::{TOY_FIGHTERS_DOWN, destroyed};
use igroteka::games::air_battle::{
    Action, AirBattle, Edition, End, Form, Kind, Motion, QUIET_LIMIT, SETTINGS, Side, View,
};
use igroteka::harness;
use igroteka::rng;
use igroteka::settings;
use igroteka::view::AnyView;

/// Random games per edition and seat form.
const GAMES: u64 = 10_000;

/// Every this many games (seeds 0, 250, …) also runs through the harness's full check.
const FULL_EVERY: u64 = 250;

const ARRANGEMENTS: [(usize, &str); 4] = [(2, "toy"), (4, "toy"), (2, "photo"), (4, "photo")];

fn setup(seats: usize, edition: &str) -> Setup {
    Setup { seats, settings: settings::parse(SETTINGS, &[edition]).expect("a valid setting") }
}

fn view(g: &AirBattle) -> View {
    match g.view(Viewer::Public, &[]) {
        AnyView::AirBattle(v) => v,
        other => panic!("not an Air Battle view: {other:?}"),
    }
}

/// The number of seats.
fn seating(g: &AirBattle) -> usize {
    if g.form() == Form::Duel { 2 } else { 4 }
}

/// At most 16 aircraft a side, one per node, each on the board; the losses add up; the seats
/// to move each have something to press; the draw counter stays below its limit; the
/// unlabelled list is every seat's choices list.
fn check_invariants(g: &AirBattle, label: &str) {
    let v = view(g);
    let mut nodes: Vec<_> = v.planes.iter().map(|p| p.node).collect();
    nodes.sort();
    nodes.dedup();
    assert_eq!(nodes.len(), v.planes.len(), "{label}: two aircraft on one node");
    for side in &v.sides {
        let count =
            |kind| v.planes.iter().filter(|p| p.side == side.side && p.kind == kind).count();
        assert_eq!(count(Kind::Bomber) + usize::from(side.bombers_lost), BOMBERS, "{label}");
        assert_eq!(count(Kind::Fighter) + usize::from(side.fighters_lost), FIGHTERS, "{label}");
    }
    for plane in &v.planes {
        if plane.parked {
            assert!(board::is_airfield(plane.side, plane.node), "{label}: {plane:?}");
            assert_eq!(plane.facing, board::forward(plane.side), "{label}");
        }
    }
    // The unlabelled list random play draws from is every seat's choices list, in its order.
    let listed: Vec<Vec<Action>> = (0..seating(g))
        .map(|seat| {
            let listed: Vec<Action> =
                g.choices(seat).options.into_iter().map(|c| c.action).collect();
            let mut unlabelled = Vec::new();
            g.legal_actions(seat, &mut unlabelled);
            assert_eq!(unlabelled, listed, "{label}: seat {seat}");
            listed
        })
        .collect();
    if let ToMove::Seats(seats) = g.to_move() {
        assert!(!v.over, "{label}");
        for seat in seats {
            assert!(!listed[seat].is_empty(), "{label}: seat {seat} has nothing to press");
        }
        assert!(g.quiet() < QUIET_LIMIT, "{label}");
        for side in Side::BOTH {
            assert!(!destroyed(g.position(), g.edition(), side), "{label}: {side:?} destroyed");
        }
    }
}

/// A finished game names an end that holds, and the places follow it.
fn assert_legal_end(g: &AirBattle, label: &str) {
    assert_eq!(g.to_move(), ToMove::Over, "{label}");
    let outcome = g.outcome().unwrap_or_else(|| panic!("{label}: no outcome"));
    let v = view(g);
    let end = g.end().unwrap_or_else(|| panic!("{label}: over without an end"));
    let fallen = |side: Side| {
        let s = &v.sides[side.index()];
        match g.edition() {
            Edition::Toy => {
                usize::from(s.bombers_lost) == BOMBERS
                    && usize::from(s.fighters_lost) >= TOY_FIGHTERS_DOWN
            }
            Edition::Photo => {
                usize::from(s.bombers_lost) == BOMBERS && usize::from(s.fighters_lost) == FIGHTERS
            }
        }
    };
    match end {
        End::Bombed(side) => {
            let hq = board::headquarters(side.other());
            let bomber = v.planes.iter().find(|p| p.node == hq);
            assert!(
                bomber.is_some_and(|p| p.side == side && p.kind == Kind::Bomber),
                "{label}: {end:?} without a bomber on the headquarters"
            );
        }
        End::AirForce(side) => assert!(fallen(side.other()) && !fallen(side), "{label}"),
        End::Both(side) => {
            assert!(fallen(side) && fallen(side.other()), "{label}");
            assert_eq!(g.side_to_move(), side, "{label}: the side that moved wins");
        }
        End::Quiet => assert_eq!(g.quiet(), QUIET_LIMIT, "{label}"),
        End::Resigned(_) => panic!("{label}: nobody resigns in random play"),
    }
    let seats = outcome.places.len();
    for seat in 0..seats {
        let side = if g.form() == Form::Duel { seat } else { seat / 2 };
        let expected = match end.winner() {
            Some(w) if w.index() != side => 2,
            _ => 1,
        };
        assert_eq!(outcome.places[seat], expected, "{label}: seat {seat}");
    }
}

/// Plays game `seed` to the end by `harness::random_action`; the final state and the log.
fn fast_playout(setup: &Setup, seed: u64) -> (AirBattle, harness::Log<AirBattle>) {
    let mut rng = rng::seeded(seed);
    let mut g = AirBattle::new(setup).unwrap();
    let mut log = Vec::new();
    while let Some((actor, action)) = harness::random_action(&g, &mut rng).unwrap() {
        assert!(log.len() < harness::MAX_ACTIONS, "seed {seed}: no end");
        apply_checked(&mut g, actor, &action)
            .unwrap_or_else(|e| panic!("seed {seed}: {action:?} refused: {e}"));
        log.push((actor, action));
    }
    (g, log)
}

fn random_games(seats: usize, edition: &str) {
    let setup = setup(seats, edition);
    let mut ends = std::collections::BTreeMap::new();
    for seed in 0..GAMES {
        let label = format!("{seats} {edition} seed {seed}");
        let (g, log) = fast_playout(&setup, seed);
        assert_legal_end(&g, &label);
        let json = serde_json::to_value(&g).unwrap();
        let back: AirBattle = serde_json::from_value(json.clone()).unwrap();
        assert_eq!(back, g, "{label}: state changed in a serde round trip");
        let log_json = serde_json::to_string(&log).unwrap();
        let log: harness::Log<AirBattle> = serde_json::from_str(&log_json).unwrap();
        let replayed = harness::replay::<AirBattle>(&setup, &log).unwrap();
        assert_eq!(replayed, g, "{label}: the replay differs");
        if seed % FULL_EVERY == 0 {
            let full = harness::check_random_game::<AirBattle>(&setup, seed)
                .unwrap_or_else(|e| panic!("{label}: {e}"));
            if g.draws_by_index() {
                assert_eq!(full, g, "{label}: the harness's own random game went elsewhere");
            } else {
                // «Аэрофото» draws by rejection: the same law, another game.
                assert_legal_end(&full, &format!("{label}, by the choices"));
            }
        }
        let kind = format!("{:?}", g.end().unwrap()).split('(').next().unwrap().to_string();
        *ends.entry(kind).or_insert(0) += 1;
    }
    // Random play meets more than one kind of end.
    assert!(ends.len() >= 2, "{seats} {edition}: {ends:?}");
}

#[test]
fn toy_two_players_random_games_end_legally() {
    random_games(2, "toy");
}

#[test]
fn toy_two_against_two_random_games_end_legally() {
    random_games(4, "toy");
}

#[test]
fn photo_two_players_random_games_end_legally() {
    random_games(2, "photo");
}

#[test]
fn photo_two_against_two_random_games_end_legally() {
    random_games(4, "photo");
}

/// At every step of random games the invariants hold.
#[test]
fn invariants_hold_throughout_random_play() {
    for (k, (seats, edition)) in ARRANGEMENTS.iter().enumerate() {
        for seed in 0..40u64 {
            let mut rng = rng::seeded(seed * 11 + k as u64);
            let mut g = AirBattle::new(&setup(*seats, edition)).unwrap();
            let mut steps = 0;
            while let Some((actor, action)) = harness::random_action(&g, &mut rng).unwrap() {
                apply_checked(&mut g, actor, &action).unwrap();
                steps += 1;
                check_invariants(&g, &format!("{seats} {edition} seed {seed} step {steps}"));
            }
            assert_legal_end(&g, &format!("{seats} {edition} seed {seed}"));
        }
    }
}

/// Every motion sequence of up to three motions, for every aircraft: the conceivable actions.
fn every_action(g: &AirBattle) -> Vec<Action> {
    let mut sequences: Vec<Vec<Motion>> = vec![Vec::new()];
    let mut all = Vec::new();
    for _ in 0..3 {
        sequences = sequences
            .iter()
            .flat_map(|s| {
                Motion::ALL.into_iter().map(move |m| {
                    let mut next = s.clone();
                    next.push(m);
                    next
                })
            })
            .collect();
        all.extend(sequences.clone());
    }
    let mut actions = vec![Action::Pass(Kind::Bomber), Action::Pass(Kind::Fighter)];
    for plane in 0..g.position().planes().len() as u8 {
        for motions in &all {
            actions.push(Action::Fly { plane, motions: motions.iter().copied().collect() });
        }
    }
    actions
}

/// `is_legal` (which the table asks for every action) answers exactly as the choices list, for
/// every seat and every conceivable action, at every few steps of random games.
#[test]
fn legality_answers_exactly_as_the_choices_list() {
    for (k, (seats, edition)) in ARRANGEMENTS.iter().enumerate() {
        for seed in 0..3u64 {
            let mut rng = rng::seeded(900 + seed * 10 + k as u64);
            let mut g = AirBattle::new(&setup(*seats, edition)).unwrap();
            let mut step = 0;
            while let Some((actor, action)) = harness::random_action(&g, &mut rng).unwrap() {
                if step % 5 == 0 {
                    let conceivable = every_action(&g);
                    for seat in 0..*seats {
                        let mut offered: Vec<String> = g
                            .choices(seat)
                            .options
                            .into_iter()
                            .map(|c| format!("{:?}", c.action))
                            .collect();
                        let mut legal: Vec<String> = conceivable
                            .iter()
                            .filter(|a| g.is_legal(seat, a))
                            .map(|a| format!("{a:?}"))
                            .collect();
                        offered.sort();
                        legal.sort();
                        let count = offered.len();
                        offered.dedup();
                        assert_eq!(offered.len(), count, "an action offered twice");
                        assert_eq!(legal, offered, "{seats} {edition} step {step} seat {seat}");
                    }
                }
                apply_checked(&mut g, actor, &action).unwrap();
                step += 1;
            }
        }
    }
}
