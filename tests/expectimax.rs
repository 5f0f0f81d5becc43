//! The exact search (`ai::expectimax`) on a toy game whose values can be worked out by hand:
//! a chance point is the mean of its outcomes by weight, the opponent is expected to answer
//! well but not always with its best, a clock that has run out still leaves a legal move, and on Aeroplane Chess, the game
//! that uses it, strong and normal play legal moves to the end of a four-player game.

use igroteka::ai::{self, Budget, EXPLORATION, Heuristic, Level, expectimax};
use igroteka::choice::{Choices, Label};
use igroteka::event::Event;
use igroteka::game::{Actor, Game, Outcome, Seat, Setup, SetupError, ToMove, Viewer};
use igroteka::games::aeroplane::{self, Aeroplane};
use igroteka::games::tank_battle;
use igroteka::rng;
use igroteka::settings;
use igroteka::view::AnyView;
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// Seat 0 picks one of three moves, each ending the game one way:
/// - `Safe`: a draw at once;
/// - `Gamble`: a coin whose faces weigh `win` (seat 0 wins) and `lose` (seat 1 wins);
/// - `Offer`: seat 1 decides between letting seat 0 win and a draw.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct Toy {
    win: u32,
    lose: u32,
    state: State,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
enum State {
    Choosing,
    Coin,
    Offered,
    Over(Option<Seat>),
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
enum Move {
    Safe,
    Gamble,
    Offer,
    Coin(bool),
    LetWin,
    Draw,
}

impl Game for Toy {
    type Action = Move;
    const ID: &'static str = "expectimax-toy";

    fn new(setup: &Setup) -> Result<Self, SetupError> {
        let weight = |key: &str| setup.settings.get(key).and_then(|v| v.parse().ok()).unwrap_or(1);
        Ok(Toy { win: weight("win"), lose: weight("lose"), state: State::Choosing })
    }

    fn to_move(&self) -> ToMove {
        match self.state {
            State::Choosing => ToMove::seats([0]),
            State::Coin => ToMove::Chance,
            State::Offered => ToMove::seats([1]),
            State::Over(_) => ToMove::Over,
        }
    }

    fn chance_outcomes(&self) -> Vec<(Move, u32)> {
        vec![(Move::Coin(true), self.win), (Move::Coin(false), self.lose)]
    }

    fn choices(&self, seat: Seat) -> Choices<Move> {
        let mut choices = Choices::new("prompt-choose");
        let moves: &[Move] = match (self.state, seat) {
            (State::Choosing, 0) => &[Move::Safe, Move::Gamble, Move::Offer],
            (State::Offered, 1) => &[Move::LetWin, Move::Draw],
            _ => &[],
        };
        for m in moves {
            choices.push(vec![Label::msg(format!("{m:?}"))], *m);
        }
        choices
    }

    fn apply(&mut self, _actor: Actor, action: &Move) -> Vec<Event> {
        self.state = match action {
            Move::Safe | Move::Draw => State::Over(None),
            Move::Gamble => State::Coin,
            Move::Offer => State::Offered,
            Move::Coin(won) => State::Over(Some(if *won { 0 } else { 1 })),
            Move::LetWin => State::Over(Some(0)),
        };
        Vec::new()
    }

    fn resign(&mut self, seat: Seat) -> Vec<Event> {
        self.state = State::Over(Some(1 - seat));
        Vec::new()
    }

    fn view(&self, _viewer: Viewer, _selection: &[String]) -> AnyView {
        AnyView::TankBattle(tank_battle::View::default())
    }

    fn seats(&self) -> usize {
        2
    }

    fn outcome(&self) -> Option<Outcome> {
        match self.state {
            State::Over(Some(winner)) => Some(Outcome::from_order(2, &[winner, 1 - winner])),
            State::Over(None) => Some(Outcome { places: vec![1, 1], scores: None, sides: None }),
            _ => None,
        }
    }
}

impl Heuristic for Toy {
    const EXPECTIMAX: bool = true;
}

fn toy(win: u32, lose: u32) -> Toy {
    let mut setup = Setup { seats: 2, settings: Default::default() };
    setup.settings.insert("win".into(), win.to_string());
    setup.settings.insert("lose".into(), lose.to_string());
    Toy::new(&setup).unwrap()
}

fn exact(plies: u32) -> Budget {
    Budget { iterations: 0, guided: false, plies, time_limit: None, exploration: EXPLORATION }
}

#[test]
fn a_chance_point_is_worth_the_mean_of_its_outcomes_by_weight() {
    // Gamble is worth win / (win + lose) to seat 0, Safe 0.5, Offer 0.625 (below). Taken
    // unweighted, a gamble would be worth 0.5 whatever its weights, and never chosen.
    for (win, lose, expected) in [(3, 1, Move::Gamble), (1, 3, Move::Offer), (7, 3, Move::Gamble)] {
        let game = toy(win, lose);
        for seed in 0..10 {
            let chosen = expectimax::search(&game, 0, &exact(2), &mut rng::seeded(seed)).unwrap();
            assert_eq!(chosen, expected, "{win}:{lose} seed {seed}");
        }
    }
}

#[test]
fn the_opponent_is_expected_to_answer_well_but_not_always_best() {
    // After Offer seat 1's best is the draw (0.5 to seat 0) and its moves' mean 0.75; another
    // seat's decision counts half its best and half its mean, so Offer is worth 0.625 to seat
    // 0. A 2:1 gamble (0.667) beats it — it would not if seat 1 were expected to let seat 0
    // win (1.0) — and a 3:2 gamble (0.6) does not — it would if seat 1 were expected to play
    // only its best (0.5).
    for (win, lose, expected) in [(2, 1, Move::Gamble), (3, 2, Move::Offer)] {
        for plies in [2, 5] {
            for seed in 0..10 {
                let chosen =
                    expectimax::search(&toy(win, lose), 0, &exact(plies), &mut rng::seeded(seed));
                assert_eq!(chosen, Some(expected), "{win}:{lose} plies {plies} seed {seed}");
            }
        }
    }
    // With one ply the coin is not thrown (the position before it is judged, 0.5 by default),
    // but seat 1's answer to the offer is still weighed: Offer, at 0.625, is best.
    for seed in 0..10 {
        let chosen = expectimax::search(&toy(2, 1), 0, &exact(1), &mut rng::seeded(seed));
        assert_eq!(chosen, Some(Move::Offer), "plies 1 seed {seed}");
    }
    // And seat 1, asked, draws: its own decisions are its best.
    let mut offered = toy(2, 1);
    offered.apply(Actor::Seat(0), &Move::Offer);
    let chosen = expectimax::search(&offered, 1, &exact(3), &mut rng::seeded(1)).unwrap();
    assert_eq!(chosen, Move::Draw);
}

#[test]
fn a_seat_not_to_move_gets_nothing_and_an_expired_clock_still_gives_a_move() {
    let game = toy(3, 1);
    assert_eq!(expectimax::search(&game, 1, &exact(3), &mut rng::seeded(0)), None);
    let rushed = Budget { time_limit: Some(Duration::ZERO), ..exact(50) };
    let chosen = expectimax::search(&game, 0, &rushed, &mut rng::seeded(0)).unwrap();
    assert!(game.is_legal(0, &chosen), "{chosen:?}");
}

#[test]
fn searching_players_finish_a_four_player_aeroplane_game_with_legal_moves() {
    let setup = Setup { seats: 4, settings: settings::parse(aeroplane::SETTINGS, &[]).unwrap() };
    for (seed, level) in [(1u64, Level::Strong), (2, Level::Normal)] {
        let mut game = Aeroplane::new(&setup).unwrap();
        let budget = Budget { time_limit: None, ..ai::budget_for(&game, level).unwrap() };
        let mut rng = rng::seeded(seed);
        let mut steps = 0;
        while let ToMove::Seats(_) | ToMove::Chance = game.to_move() {
            steps += 1;
            assert!(steps < 20_000, "{level}: the game did not end");
            let (actor, action) = match game.to_move() {
                ToMove::Chance => {
                    let outcomes = game.chance_outcomes();
                    (Actor::Chance, *rng::pick_weighted(&mut rng, &outcomes).unwrap())
                }
                ToMove::Seats(seats) => {
                    let seat = seats[0];
                    let action = if seat % 2 == 0 {
                        expectimax::search(&game, seat, &budget, &mut rng)
                    } else {
                        ai::choose(&game, seat, Level::Easy, &mut rng)
                    };
                    (Actor::Seat(seat), action.expect("an action for the seat to move"))
                }
                ToMove::Over => unreachable!(),
            };
            igroteka::game::apply_checked(&mut game, actor, &action)
                .unwrap_or_else(|e| panic!("{level}: {action:?} refused: {e}"));
        }
        let outcome = game.outcome().expect("an outcome");
        assert_eq!(outcome.places.len(), 4);
    }
}
