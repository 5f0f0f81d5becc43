//! Every state a game reaches is read back from its record. The store refuses a record whose
//! state its game's rules cannot hold (`Game::check_state`, asked by `registry::restore`), so a
//! check too strict would set a live game aside: here every registered game, in every seat
//! count and with each setting's every value, is played at random — moves, the defaults a
//! stand-in plays when time runs out, and resignations mixed in — and after every step its
//! snapshot is restored, to the same state.

use igroteka::game::{Actor, Setup, ToMove};
use igroteka::harness;
use igroteka::registry::{self, DynGame, GameInfo};
use igroteka::{rng, settings};

/// Random games per seat count and setting.
const GAMES: u64 = 6;

/// Every form worth playing: the defaults, then each value of each setting with the rest left
/// at their defaults, in each seat count.
fn forms(info: &GameInfo) -> Vec<Setup> {
    let mut words: Vec<Option<String>> = vec![None];
    for spec in info.settings {
        words.extend(spec.values[1..].iter().map(|v| Some(format!("{}={v}", spec.key))));
    }
    let mut forms = Vec::new();
    for seats in info.seats.iter() {
        for word in &words {
            let chosen: Vec<&str> = word.iter().map(String::as_str).collect();
            let settings = settings::parse(info.settings, &chosen).unwrap();
            forms.push(Setup { seats, settings });
        }
    }
    forms
}

/// One step: mostly a random action; now and then a seat to move plays its time-out default,
/// or a seated player resigns.
fn step(game: &mut Box<dyn DynGame>, rng: &mut rand_chacha::ChaCha20Rng, seats: usize) -> bool {
    let roll = rng::below(rng, 400);
    if roll == 0 {
        let seat = rng::below(rng, seats as u64) as usize;
        game.resign(seat);
        return true;
    }
    if roll < 20
        && let ToMove::Seats(to_move) = game.to_move()
        && let Some((actor, action)) = game.timeout_action(to_move[0])
    {
        game.apply(Actor::Seat(actor), &action).unwrap();
        return true;
    }
    match harness::random_dyn_action(&**game, rng).unwrap() {
        Some((actor, action)) => {
            game.apply(actor, &action).unwrap();
            true
        }
        None => false,
    }
}

#[test]
fn every_reached_state_is_read_back() {
    let mut rng = rng::seeded(11);
    let mut checked = 0;
    for info in registry::GAMES {
        for setup in forms(info) {
            for _ in 0..GAMES {
                let mut game = (info.start)(&setup).unwrap();
                let mut steps = 0;
                while steps < harness::MAX_ACTIONS && step(&mut game, &mut rng, setup.seats) {
                    steps += 1;
                    let snapshot = game.snapshot();
                    let back =
                        registry::restore(info.id, &snapshot, setup.seats).unwrap_or_else(|e| {
                            panic!("{} {setup:?} after {steps} steps: {e}\n{snapshot}", info.id)
                        });
                    assert_eq!(back.snapshot(), snapshot, "{} {setup:?}", info.id);
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 50_000, "{checked} states");
}
