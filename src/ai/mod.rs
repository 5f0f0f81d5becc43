//! The computer player: what it plays for a seat, at three levels.
//!
//! It is one module behind the [`Game`] trait, so a new game gets every level by implementing
//! [`Heuristic`] (even with no method of its own, which makes *easy* play at random):
//!
//! - **easy** plays the move its game's [`Heuristic::score`] likes best, ties broken at random;
//! - **normal** and **strong** search ([`mcts`]): information-set Monte Carlo tree search with
//!   a budget of iterations, short playouts guided by the heuristic, and the heuristic's
//!   opinion of each move, at the root and at every node the search opens, as a prior;
//!   strong has more iterations and more time;
//! - except in a game of dice with few choices and nothing hidden ([`Heuristic::EXPECTIMAX`]:
//!   Aeroplane Chess), where they look ahead exactly instead ([`expectimax`]): normal three
//!   branching points (its move, the next roll, the next move), strong five.
//!
//! The computer decides only on what its own seat may see: every look at the position goes
//! through [`Game::determinize`], which redraws the secrets of the other seats. Given the same
//! RNG it plays the same move, unless the search reaches its one use of a clock: a safety cap
//! on the search time ([`Budget::time_limit`]), which keeps a move within the 200 ms.
//! Tank Battle's strong search, whose every node weighs about a hundred moves, still reaches
//! it on a loaded machine (docs/performance.md, "Computer players: time per move"); tests
//! that need the same move everywhere search with no cap.

pub mod expectimax;
mod heuristic;
pub mod mcts;
mod reward;

use std::time::Duration;

use rand_chacha::ChaCha20Rng;
use serde::{Deserialize, Serialize};

pub use heuristic::{Heuristic, best_scored, logistic, look_ahead};
pub use reward::rewards;

use crate::game::{Game, Seat};

/// How well the computer plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Level {
    Easy,
    Normal,
    Strong,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Strong];

    /// The word used in settings and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Strong => "strong",
        }
    }

    /// The search a level runs; `None` for easy, which does not search.
    pub fn budget(self) -> Option<Budget> {
        match self {
            Level::Easy => None,
            Level::Normal => Some(Budget {
                iterations: 200,
                guided: true,
                plies: 3,
                time_limit: Some(Duration::from_millis(100)),
                exploration: EXPLORATION,
            }),
            Level::Strong => Some(Budget {
                iterations: 500,
                guided: true,
                plies: 5,
                time_limit: Some(Duration::from_millis(200)),
                exploration: EXPLORATION,
            }),
        }
    }
}

impl std::str::FromStr for Level {
    type Err = String;

    fn from_str(word: &str) -> Result<Level, String> {
        Level::ALL
            .into_iter()
            .find(|level| level.name() == word.trim().to_lowercase())
            .ok_or_else(|| format!("no level {word}: easy, normal or strong"))
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// How much a search may do.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Budget {
    /// Tree iterations: each is one determinization, one descent and one playout.
    pub iterations: u32,
    /// Playouts follow the heuristic (mostly) instead of playing uniformly at random.
    pub guided: bool,
    /// How far an exact search looks, in a game searched by expectimax
    /// ([`Heuristic::EXPECTIMAX`]) instead of by sampling: branching points (a decision among
    /// several moves, a roll), its own choice the first.
    pub plies: u32,
    /// A safety cap on the wall time; `None` for a search that must be reproducible whatever
    /// the machine's speed.
    pub time_limit: Option<Duration>,
    /// UCB1's exploration constant in the tree search ([`super::mcts`]), for rewards in
    /// `[0, 1]`: how readily an iteration tries a move rated worse over the best so far.
    pub exploration: f64,
}

/// The tree search's exploration constant, unless a game narrows strong's
/// ([`Heuristic::strong_exploration`]).
pub const EXPLORATION: f64 = 0.7;

/// The narrower constant a game may give strong ([`Heuristic::strong_exploration`]): in
/// «Идут танки» and «Игрушка» it lifted strong against normal from 49 % and 47.5 % to 60.5 %
/// and 59.5 % (1,000 and 400 games, docs/performance-journal.md, "Strong against normal").
pub const FOCUSED_EXPLORATION: f64 = 0.3;

/// The action the computer plays for `seat` at `level`, or `None` when the seat may not act.
/// The same game, seat, level and RNG state give the same action, unless the search reaches
/// its wall-time cap.
pub fn choose<G: Heuristic>(
    game: &G,
    seat: Seat,
    level: Level,
    rng: &mut ChaCha20Rng,
) -> Option<G::Action> {
    game.prepare();
    match budget_for(game, level) {
        None => choose_easy(game, seat, rng),
        Some(budget) if G::EXPECTIMAX => expectimax::search(game, seat, &budget, rng),
        Some(budget) => mcts::search(game, seat, &budget, rng),
    }
}

/// The search `level` runs in `game`: the level's budget, with strong's exploration the
/// game's own ([`Heuristic::strong_exploration`]); `None` for easy.
pub fn budget_for<G: Heuristic>(game: &G, level: Level) -> Option<Budget> {
    let budget = level.budget()?;
    Some(match level {
        Level::Strong => Budget { exploration: game.strong_exploration(), ..budget },
        _ => budget,
    })
}

/// The actions a search chooses among for `seat`, or — as `Err` — the answer when there is
/// nothing to search: `None` when the seat may not act, the one legal action when it has one.
fn to_search<G: Game>(game: &G, seat: Seat) -> Result<Vec<G::Action>, Option<G::Action>> {
    if !game.to_move().includes(seat) {
        return Err(None);
    }
    let mut actions = Vec::new();
    game.legal_actions(seat, &mut actions);
    if actions.len() <= 1 {
        return Err(actions.pop());
    }
    Ok(actions)
}

/// Easy: the best-scored action, judged on one sample of what the seat cannot see.
pub fn choose_easy<G: Heuristic>(game: &G, seat: Seat, rng: &mut ChaCha20Rng) -> Option<G::Action> {
    if !game.to_move().includes(seat) {
        return None;
    }
    let sample = game.determinize(seat, rng);
    let mut actions = Vec::new();
    sample.legal_actions(seat, &mut actions);
    best_scored(&sample, seat, &actions, rng).cloned()
}
