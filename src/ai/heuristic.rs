//! What a game tells the computer about itself: how good a position is and how promising a
//! move looks. Easy play is the best-scored move; the search uses the same scores to guide its
//! playouts and the same evaluation where a playout is cut short, so a game writes its
//! judgement once.

use rand_chacha::ChaCha20Rng;

use super::reward::reward_of;
use crate::game::{Actor, Game, Seat};
use crate::rng;

/// A game's judgement, for the computer player. Every method has a default, so a new game may
/// start with an empty `impl Heuristic for MyGame {}`: easy then plays at random and the search
/// judges cut playouts as draws.
pub trait Heuristic: Game {
    /// Actions a search playout plays past the tree before [`Heuristic::evaluate`] judges the
    /// position. Short by default: in the duels (docs/performance-journal.md) playouts of 20 or 60
    /// actions drowned the judgement in noise — normal lost every Tank Battle game to easy —
    /// while four keep the search on the consequences of the moves it compares. A game of
    /// dice, whose evaluation says little about the next few rolls, plays longer.
    const PLAYOUT_ACTIONS: u32 = 4;

    /// Whether normal and strong search this game exactly, by [`super::expectimax`], instead of
    /// sampling it ([`super::mcts`]): right for a game of dice whose seats choose among a
    /// handful of moves and hide nothing, where a sampled tree spends its budget drawing dice.
    const EXPECTIMAX: bool = false;

    /// How well `seat` stands, from 0 (lost) through 0.5 (even) to 1 (won). It must read only
    /// what `seat` may see: the search calls it on determinized states, but easy play and
    /// [`look_ahead`] call it on the state after one action.
    fn evaluate(&self, seat: Seat) -> f64 {
        let _ = seat;
        0.5
    }

    /// How promising `action` (legal for `seat` now) looks; only compared with the scores of
    /// the seat's other actions in the same position. The default looks one action ahead.
    fn score(&self, seat: Seat, action: &Self::Action) -> i32 {
        look_ahead(self, seat, action)
    }

    /// Builds what the judgement reads from tables made once per process (Aeroplane Chess's
    /// race table, «Воздушный бой»'s ways in), before a search starts its clock: the first
    /// move of a process would otherwise spend most of its time cap building them (191 ms of
    /// 200 for the race table, docs/performance-journal.md) and search shallower than every
    /// later one.
    fn prepare(&self) {}

    /// The exploration constant strong's tree search uses (normal's is always
    /// [`super::EXPLORATION`]). Strong searches two and a half times normal's iterations; where
    /// those spread over too many moves to beat normal — «Идут танки» and «Воздушный бой»
    /// «Игрушка» scored 49 % and 47.5 % against normal at 0.7 — a game narrows it, so the extra
    /// iterations go deeper into the lines it rates best (docs/performance-journal.md).
    fn strong_exploration(&self) -> f64 {
        super::EXPLORATION
    }

    /// Whether the decision `seat` faces now is one the heuristic makes at every level: a
    /// secret set-up of many small steps, which a search could not tell apart.
    fn heuristic_only(&self, seat: Seat) -> bool {
        let _ = seat;
        false
    }
}

/// The [`Heuristic::evaluate`] of the state after `seat` plays `action` (the result itself when
/// the action ends the game), scaled to an integer score.
pub fn look_ahead<G: Heuristic>(game: &G, seat: Seat, action: &G::Action) -> i32 {
    let mut next = game.clone();
    next.play(Actor::Seat(seat), action);
    let value = match next.outcome() {
        Some(outcome) => reward_of(&outcome, seat),
        None => next.evaluate(seat),
    };
    (value * 1_000_000.0).round() as i32
}

/// The action of `actions` with the best [`Heuristic::score`] for `seat`, ties broken
/// uniformly at random; `None` when there is none.
pub fn best_scored<'a, G: Heuristic>(
    game: &G,
    seat: Seat,
    actions: &'a [G::Action],
    rng: &mut ChaCha20Rng,
) -> Option<&'a G::Action> {
    let mut best: Vec<&G::Action> = Vec::new();
    let mut best_score = i32::MIN;
    for action in actions {
        let score = game.score(seat, action);
        if score > best_score {
            best_score = score;
            best.clear();
        }
        if score == best_score {
            best.push(action);
        }
    }
    if best.is_empty() {
        return None;
    }
    Some(best[rng::below(rng, best.len() as u64) as usize])
}

/// Maps an advantage onto (0, 1): 0.5 at `x = 0`, about 0.73 at `x = scale`.
pub fn logistic(x: f64, scale: f64) -> f64 {
    1.0 / (1.0 + (-x / scale).exp())
}
