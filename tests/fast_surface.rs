//! The fast surface every game offers search and random play — `legal_actions`,
//! `chance_outcomes_into`, `play` — says exactly what the labelled surface the tables use says:
//! at every step of hundreds of random games of every registered game, in every seat form and
//! every combination of its settings, each seat's legal actions are its choices' actions in
//! the same order, the chance outcomes are the same list, `play` leaves the state `apply`
//! leaves, `is_legal` accepts every offered action, and `random_legal_action` draws exactly
//! the action a pick from the list draws, leaving the RNG where that pick leaves it (a game
//! that draws by other means, `Game::draws_by_index`, draws a listed action).

use igroteka::game::{Actor, Game, Setup, ToMove};
use igroteka::games::{aeroplane, air_battle, tank_battle, tanks, thousand};
use igroteka::harness;
use igroteka::registry::{self, GameInfo};
use igroteka::rng;
use igroteka::settings::Settings;
use rand_chacha::ChaCha20Rng;

/// Every combination of a game's setting values.
fn setting_combinations(info: &GameInfo) -> Vec<Settings> {
    let mut all = vec![Settings::new()];
    for spec in info.settings {
        all = all
            .into_iter()
            .flat_map(|chosen| {
                spec.values.iter().map(move |value| {
                    let mut chosen = chosen.clone();
                    chosen.insert(spec.key.to_string(), value.to_string());
                    chosen
                })
            })
            .collect();
    }
    all
}

fn json<G: Game>(game: &G) -> serde_json::Value {
    serde_json::to_value(game).expect("a state serialises")
}

/// Random draws checked per seat and step, each from the RNG state the one before left.
const DRAWS: usize = 3;

/// Checks that `random_legal_action` draws what a pick from the listed `actions` draws: the
/// same action and the same RNG state after, from a few RNG states. A game that draws by other
/// means than the index (`Game::draws_by_index`) draws a listed action, or none exactly when
/// none is listed, and moves the RNG on (its law is checked where it draws).
fn check_draws<G: Game>(game: &G, seat: usize, actions: &[G::Action], rng: &ChaCha20Rng, at: &str) {
    let (mut listed_rng, mut drawn_rng) = (rng.clone(), rng.clone());
    let mut scratch = Vec::new();
    for draw in 0..DRAWS {
        let listed = rng::index_below(&mut listed_rng, actions.len()).map(|i| &actions[i]);
        let before = drawn_rng.clone();
        let drawn = game.random_legal_action(seat, &mut drawn_rng, &mut scratch);
        if game.draws_by_index() {
            assert_eq!(drawn.as_ref(), listed, "{at}: seat {seat}'s random draw {draw}");
            assert_eq!(drawn_rng, listed_rng, "{at}: seat {seat}'s RNG after draw {draw}");
        } else {
            assert_eq!(drawn.is_some(), listed.is_some(), "{at}: seat {seat}'s draw {draw}");
            if let Some(drawn) = &drawn {
                assert!(actions.contains(drawn), "{at}: seat {seat} drew {drawn:?}, not listed");
            }
            // The RNG moves on, as a pick from a list of more than one does.
            if actions.len() > 1 {
                assert_ne!(drawn_rng, before, "{at}: seat {seat}'s draw {draw} used no chance");
            }
        }
    }
}

/// Checks one step: both surfaces of every seat (or of chance), the random draw of every seat
/// from `rng`'s state, and one action both ways.
fn check_step<G: Game>(
    game: &G,
    seats: usize,
    (actor, action): (Actor, &G::Action),
    rng: &ChaCha20Rng,
    at: &str,
) {
    let mut actions = Vec::new();
    for seat in 0..seats {
        actions.clear();
        game.legal_actions(seat, &mut actions);
        let labelled: Vec<G::Action> =
            game.choices(seat).options.into_iter().map(|choice| choice.action).collect();
        assert_eq!(actions, labelled, "{at}: seat {seat}'s legal actions");
        for offered in &labelled {
            assert!(game.is_legal(seat, offered), "{at}: seat {seat} may not play {offered:?}");
        }
        check_draws(game, seat, &actions, rng, at);
    }
    let mut outcomes = vec![];
    game.chance_outcomes_into(&mut outcomes);
    assert_eq!(outcomes, game.chance_outcomes(), "{at}: chance outcomes");

    let mut applied = game.clone();
    applied.apply(actor, action);
    let mut played = game.clone();
    played.play(actor, action);
    assert_eq!(json(&played), json(&applied), "{at}: {actor:?} {action:?} played and applied");
}

/// Plays `games` random games of `G` per seat form, spread over its setting combinations.
fn check_game<G: Game>(info: &GameInfo, games: u64) {
    assert_eq!(info.id, G::ID);
    let combinations = setting_combinations(info);
    for seats in info.seats.iter() {
        for seed in 0..games {
            let settings = combinations[seed as usize % combinations.len()].clone();
            let setup = Setup { seats, settings };
            let mut game = G::new(&setup).expect("a valid setup");
            let mut rng = rng::seeded(seed);
            let mut step = 0;
            while let Some((actor, action)) =
                harness::random_labelled_action(&game, &mut rng).expect("a playable game")
            {
                let at = format!("{} {setup:?} seed {seed} step {step}", G::ID);
                check_step(&game, seats, (actor, &action), &rng, &at);
                game.apply(actor, &action);
                step += 1;
                assert!(step < harness::MAX_ACTIONS, "{at}: no end");
            }
            assert_eq!(game.to_move(), ToMove::Over);
        }
    }
}

#[test]
fn aeroplane() {
    check_game::<aeroplane::Aeroplane>(&aeroplane::INFO, 300);
}

#[test]
fn air_battle() {
    check_game::<air_battle::AirBattle>(&air_battle::INFO, 40);
}

#[test]
fn tank_battle() {
    check_game::<tank_battle::TankBattle>(&tank_battle::INFO, 200);
}

#[test]
fn tanks() {
    check_game::<tanks::Tanks>(&tanks::INFO, 300);
}

#[test]
fn thousand() {
    check_game::<thousand::Thousand>(&thousand::INFO, 100);
}

#[test]
fn every_registered_game_is_checked_here() {
    let checked = [
        aeroplane::INFO.id,
        air_battle::INFO.id,
        tank_battle::INFO.id,
        tanks::INFO.id,
        thousand::INFO.id,
    ];
    for info in registry::GAMES {
        assert!(checked.contains(&info.id), "{} is not checked by tests/fast_surface.rs", info.id);
    }
}
