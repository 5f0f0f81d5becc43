//! Expectimax: the search for a game of dice with few choices and nothing hidden.
//!
//! Tree sampling ([`super::mcts`]) spends its iterations drawing dice: in Aeroplane Chess a
//! few hundred iterations spread over six faces at every roll, and whatever the budget the
//! answer stayed as noisy as its samples (docs/performance-journal.md, "Aeroplane Chess
//! against random"). Where a seat chooses among a handful of moves and every chance point has a few
//! outcomes, the look-ahead can be worked out exactly instead: each chance point is the
//! weighted mean of its outcomes, each decision the best of its moves for the seat that makes
//! it (max-n: every seat plays for its own [`Heuristic::evaluate`], so two, three or four
//! players share the code; another seat is expected to miss its best move at times), and the
//! position [`Budget::plies`] branching points ahead (a decision among several moves, a chance
//! point with several outcomes) is judged by the evaluation. A point with one way on is
//! passed without counting; a decision met with no ply left is still made, each move judged
//! where it leads, so that no leaf is a position with a die shown and not yet used.
//!
//! The depth is reached one ply at a time, so the time cap ([`Budget::time_limit`]) leaves
//! the choice of the last depth completed; without a cap the same position gives the same
//! move from the same RNG (which only breaks ties).
//!
//! A game opts in with [`Heuristic::EXPECTIMAX`]; it must have no hidden information (the
//! search sees one [`crate::game::Game::determinize`] sample, which is then the state itself).

use std::time::Instant;

use rand_chacha::ChaCha20Rng;

use super::heuristic::Heuristic;
use super::reward::reward_of;
use super::{Budget, to_search};
use crate::game::{Actor, Seat, ToMove};
use crate::inline::MAX_SEATS;
use crate::rng;

/// What a position is worth to each seat, in `[0, 1]`.
type Values = [f64; MAX_SEATS];

/// Moves played in a row without a decision (forced moves, chance points) before the search
/// judges the position anyway: a guard against a game whose forced moves never end.
const FORCED_LIMIT: u32 = 64;

/// How often another seat is expected to miss its best move: its decision is worth this share
/// of the mean of its moves and the rest of its best. A player at a table errs, and a search
/// that expects only best replies shies from moves that merely could be punished: against
/// random play this scored 95.1 % over 6,000 Aeroplane Chess games, expecting best replies
/// only 94.6 %, expecting any move alike 94.6 % over 3,000 (docs/performance-journal.md).
const OTHERS_ERR: f64 = 0.5;

/// Two values closer than this are a tie.
const TIE: f64 = 1e-12;

/// The action expectimax prefers for `seat`, or `None` when the seat may not act.
pub fn search<G: Heuristic>(
    game: &G,
    seat: Seat,
    budget: &Budget,
    rng: &mut ChaCha20Rng,
) -> Option<G::Action> {
    let actions = match to_search(game, seat) {
        Ok(actions) => actions,
        Err(answer) => return answer,
    };
    let state = game.determinize(seat, rng);
    let mut search = Search { seat, started: Instant::now(), budget };
    let mut chosen = None;
    for plies in 1..=budget.plies.max(1) {
        match search.root(&state, &actions, plies) {
            Some(values) => chosen = Some(values),
            None => break,
        }
    }
    let values = chosen?;
    let best = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let tied: Vec<&G::Action> =
        actions.iter().zip(&values).filter(|(_, v)| **v >= best - TIE).map(|(a, _)| a).collect();
    // Among equals, the heuristic's favourite, then chance.
    let favourite = tied.iter().map(|a| state.score(seat, a)).max()?;
    let favourites: Vec<&G::Action> =
        tied.into_iter().filter(|a| state.score(seat, a) == favourite).collect();
    favourites.get(rng::below(rng, favourites.len() as u64) as usize).map(|a| (*a).clone())
}

/// One search: its budget and when it started.
struct Search<'a> {
    /// The seat the search chooses for.
    seat: Seat,
    started: Instant,
    budget: &'a Budget,
}

/// The search was stopped by its time cap.
struct OutOfTime;

impl Search<'_> {
    fn out_of_time(&self) -> bool {
        self.budget.time_limit.is_some_and(|limit| self.started.elapsed() > limit)
    }

    /// The value to the searching seat of each of its `actions`, `plies` branching points deep
    /// (its own choice the first); `None` when the time cap stopped it. One ply never reads
    /// the clock (it is checked only where plies are left), so it always completes.
    fn root<G: Heuristic>(
        &mut self,
        state: &G,
        actions: &[G::Action],
        plies: u32,
    ) -> Option<Vec<f64>> {
        let mut values = Vec::with_capacity(actions.len());
        for action in actions {
            let mut next = state.clone();
            next.play(Actor::Seat(self.seat), action);
            values.push(self.value(&next, plies - 1, FORCED_LIMIT).ok()?[self.seat]);
        }
        Some(values)
    }

    /// What `state` is worth to every seat with `plies` branching points still to look at.
    fn value<G: Heuristic>(
        &mut self,
        state: &G,
        plies: u32,
        forced: u32,
    ) -> Result<Values, OutOfTime> {
        if plies > 0 && self.out_of_time() {
            return Err(OutOfTime);
        }
        match state.to_move() {
            ToMove::Over => Ok(judge(state)),
            _ if forced == 0 => Ok(judge(state)),
            ToMove::Chance => self.chance(state, plies, forced),
            ToMove::Seats(seats) => self.decision(state, &seats, plies, forced),
        }
    }

    /// A chance point: the mean of its outcomes, by weight; judged as it stands when the
    /// search has no ply left for it.
    fn chance<G: Heuristic>(
        &mut self,
        state: &G,
        plies: u32,
        forced: u32,
    ) -> Result<Values, OutOfTime> {
        let mut outcomes = Vec::new();
        state.chance_outcomes_into(&mut outcomes);
        let total: u32 = outcomes.iter().map(|(_, weight)| weight).sum();
        if total == 0 || (plies == 0 && outcomes.len() > 1) {
            return Ok(judge(state));
        }
        let (plies, forced) = after_branching(outcomes.len(), plies, forced);
        let mut mean = [0.0; MAX_SEATS];
        for (outcome, weight) in &outcomes {
            let mut next = state.clone();
            next.play(Actor::Chance, outcome);
            let value = self.value(&next, plies, forced)?;
            let share = f64::from(*weight) / f64::from(total);
            for (m, v) in mean.iter_mut().zip(value) {
                *m += share * v;
            }
        }
        Ok(mean)
    }

    /// A decision: the move best for the seat that makes it — for a seat other than the
    /// searching one, blended with the mean of its moves ([`OTHERS_ERR`]). When several seats
    /// may act at once, whichever would gain most is assumed to act first (as the tree search
    /// does).
    /// With no ply left, each move is judged where it leads: a roll already known is used
    /// well, so that a leaf is never a position with a die shown and not yet played.
    fn decision<G: Heuristic>(
        &mut self,
        state: &G,
        seats: &[Seat],
        plies: u32,
        forced: u32,
    ) -> Result<Values, OutOfTime> {
        let mut moves: Vec<(Seat, G::Action)> = Vec::new();
        let mut actions = Vec::new();
        for seat in seats {
            state.legal_actions(*seat, &mut actions);
            moves.extend(actions.drain(..).map(|a| (*seat, a)));
        }
        let last = plies == 0 && moves.len() > 1;
        let (plies, forced) = after_branching(moves.len(), plies, forced);
        let mut best: Option<(f64, Values)> = None;
        let mut mean = [0.0; MAX_SEATS];
        for (seat, action) in &moves {
            let mut next = state.clone();
            next.play(Actor::Seat(*seat), action);
            let value = if last { judge(&next) } else { self.value(&next, plies, forced)? };
            for (m, v) in mean.iter_mut().zip(value) {
                *m += v / moves.len() as f64;
            }
            if best.is_none_or(|(b, _)| value[*seat] > b + TIE) {
                best = Some((value[*seat], value));
            }
        }
        let Some((_, best)) = best else { return Ok(judge(state)) };
        if seats.contains(&self.seat) {
            return Ok(best);
        }
        Ok(std::array::from_fn(|i| (1.0 - OTHERS_ERR) * best[i] + OTHERS_ERR * mean[i]))
    }
}

/// The plies and forced steps left after a point with `branches` ways on: a real branching
/// costs a ply and starts the count of forced steps again; a single way costs a forced step.
fn after_branching(branches: usize, plies: u32, forced: u32) -> (u32, u32) {
    if branches > 1 { (plies.saturating_sub(1), FORCED_LIMIT) } else { (plies, forced - 1) }
}

/// Every seat's value of `state` as it stands: the result when it is over, else the
/// heuristic's evaluation.
fn judge<G: Heuristic>(state: &G) -> Values {
    match state.outcome() {
        Some(outcome) => std::array::from_fn(|seat| reward_of(&outcome, seat)),
        None => std::array::from_fn(|seat| state.evaluate(seat)),
    }
}
