//! Random play for every game: the simulator behind `igroteka simulate` and the property checks
//! every game's tests run (each offered action applies, every state passes the game's own
//! check, every game ends, state and log survive a serde round trip and a replay), and the
//! move counter (perft) the games' move-count fixtures run on.
//!
//! Two surfaces are played: the simulator, the random playouts and perft run on the fast,
//! unlabelled one (`legal_actions`, `play`, and for a random pick `random_legal_action`, which
//! need not list at all), which search needs by the thousands of games a second; the property
//! checks run on the labelled one the table uses (`choices` through `apply_checked`), so what
//! players are offered is what is checked. `tests/fast_surface.rs` holds the two to the same
//! actions, draws and states.

use rand_chacha::ChaCha20Rng;
use serde::{Deserialize, Serialize};

use crate::choice::Choices;
use crate::game::{Actor, Game, Outcome, Seat, Setup, ToMove, apply_checked};
use crate::registry::DynGame;
use crate::rng;

/// An action log: who acted and what they did.
pub type Log<G> = Vec<(Actor, <G as Game>::Action)>;

/// A game that did not end within this many actions is reported as endless.
pub const MAX_ACTIONS: usize = 200_000;

/// Summary of many random games.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Stats {
    pub games: usize,
    pub actions: usize,
    pub longest: usize,
    /// How often each seat finished first (ties count for each).
    pub wins: Vec<usize>,
    /// Games that hit [`MAX_ACTIONS`] or offered an action that failed.
    pub failures: usize,
}

/// Why a random game went wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayoutError {
    #[error("no end after {0} actions")]
    Endless(usize),
    #[error("seat {0} may act but has no choices")]
    Stuck(usize),
    #[error("chance point without outcomes")]
    NoOutcomes,
    #[error("an offered action was refused: {0}")]
    Refused(String),
    #[error("over without an outcome")]
    NoOutcome,
    #[error("after {0} the game's own check refused the state: {1}")]
    Impossible(String, String),
}

/// Random play on the fast surface ([`Game::random_legal_action`], which need not list every
/// legal action, [`Game::chance_outcomes_into`], [`Game::play`]), with the buffers of one step
/// kept from action to action and game to game, so a playout allocates only what the game
/// itself does.
#[derive(Debug)]
pub struct RandomPlayer<G: Game> {
    actions: Vec<G::Action>,
    outcomes: Vec<(G::Action, u32)>,
}

impl<G: Game> Default for RandomPlayer<G> {
    fn default() -> Self {
        RandomPlayer { actions: Vec::new(), outcomes: Vec::new() }
    }
}

impl<G: Game> RandomPlayer<G> {
    /// One random action for whoever acts now, or `None` when the game is over. Draws exactly
    /// what [`random_labelled_action`] draws from the same RNG — the same seat, then the same
    /// index in the same list — where the game draws by index ([`Game::draws_by_index`]), and
    /// with the same chances where it does not.
    pub fn action(
        &mut self,
        game: &G,
        rng: &mut ChaCha20Rng,
    ) -> Result<Option<(Actor, G::Action)>, PlayoutError> {
        match game.to_move() {
            ToMove::Over => Ok(None),
            ToMove::Chance => {
                self.outcomes.clear();
                game.chance_outcomes_into(&mut self.outcomes);
                let action =
                    rng::pick_weighted(rng, &self.outcomes).ok_or(PlayoutError::NoOutcomes)?;
                Ok(Some((Actor::Chance, action.clone())))
            }
            ToMove::Seats(seats) => {
                let seat = draw_seat(&seats, rng);
                let action = game
                    .random_legal_action(seat, rng, &mut self.actions)
                    .ok_or(PlayoutError::Stuck(seat))?;
                Ok(Some((Actor::Seat(seat), action)))
            }
        }
    }

    /// Plays one random game to the end from its setup, calling `each` with every action
    /// before it is played; returns the final state.
    pub fn play_out(
        &mut self,
        setup: &Setup,
        rng: &mut ChaCha20Rng,
        mut each: impl FnMut(Actor, &G::Action),
    ) -> Result<G, PlayoutError> {
        let mut game = G::new(setup).map_err(|e| PlayoutError::Refused(e.to_string()))?;
        let mut actions = 0;
        while let Some((actor, action)) = self.action(&game, rng)? {
            if actions >= MAX_ACTIONS {
                return Err(PlayoutError::Endless(actions));
            }
            each(actor, &action);
            game.play(actor, &action);
            actions += 1;
        }
        if game.outcome().is_none() {
            return Err(PlayoutError::NoOutcome);
        }
        Ok(game)
    }
}

/// One random action for whoever acts now, or `None` when the game is over (a
/// [`RandomPlayer`] for one step; keep one to play many).
pub fn random_action<G: Game>(
    game: &G,
    rng: &mut ChaCha20Rng,
) -> Result<Option<(Actor, G::Action)>, PlayoutError> {
    RandomPlayer::default().action(game, rng)
}

/// [`random_action`] drawn from the labelled [`Game::choices`] and [`Game::chance_outcomes`],
/// the surface the players' buttons come from.
pub fn random_labelled_action<G: Game>(
    game: &G,
    rng: &mut ChaCha20Rng,
) -> Result<Option<(Actor, G::Action)>, PlayoutError> {
    pick(game.to_move(), || game.chance_outcomes(), |seat| game.choices(seat), rng)
}

/// [`random_labelled_action`] for a type-erased game.
pub fn random_dyn_action(
    game: &dyn DynGame,
    rng: &mut ChaCha20Rng,
) -> Result<Option<(Actor, serde_json::Value)>, PlayoutError> {
    pick(game.to_move(), || game.chance_outcomes(), |seat| game.choices(seat), rng)
}

fn pick<A: Clone>(
    to_move: ToMove,
    outcomes: impl FnOnce() -> Vec<(A, u32)>,
    choices: impl FnOnce(Seat) -> Choices<A>,
    rng: &mut ChaCha20Rng,
) -> Result<Option<(Actor, A)>, PlayoutError> {
    match to_move {
        ToMove::Over => Ok(None),
        ToMove::Chance => {
            let outcomes = outcomes();
            let action = rng::pick_weighted(rng, &outcomes).ok_or(PlayoutError::NoOutcomes)?;
            Ok(Some((Actor::Chance, action.clone())))
        }
        ToMove::Seats(seats) => {
            let seat = draw_seat(&seats, rng);
            let choices = choices(seat);
            let choice = draw(&choices.options, rng).ok_or(PlayoutError::Stuck(seat))?;
            Ok(Some((Actor::Seat(seat), choice.action.clone())))
        }
    }
}

/// Which of the seats that may act now acts.
fn draw_seat(seats: &[Seat], rng: &mut ChaCha20Rng) -> Seat {
    seats[rng::below(rng, seats.len() as u64) as usize]
}

/// A uniform pick among `options`, none when there are none.
fn draw<'a, T>(options: &'a [T], rng: &mut ChaCha20Rng) -> Option<&'a T> {
    rng::index_below(rng, options.len()).map(|index| &options[index])
}

/// Plays one random game to the end on the fast surface, returning the final state and the
/// action log.
pub fn playout<G: Game>(setup: &Setup, rng: &mut ChaCha20Rng) -> Result<(G, Log<G>), PlayoutError> {
    let mut log = Vec::new();
    let game = RandomPlayer::default()
        .play_out(setup, rng, |actor, action: &G::Action| log.push((actor, action.clone())))?;
    Ok((game, log))
}

/// Plays one random game through the labelled surface and the legality gate, as the table
/// does: every drawn action comes from [`Game::choices`] and goes through [`apply_checked`].
fn checked_playout<G: Game>(
    setup: &Setup,
    rng: &mut ChaCha20Rng,
) -> Result<(G, Log<G>), PlayoutError> {
    let mut game = G::new(setup).map_err(|e| PlayoutError::Refused(e.to_string()))?;
    let mut log = Vec::new();
    while let Some((actor, action)) = random_labelled_action(&game, rng)? {
        if log.len() >= MAX_ACTIONS {
            return Err(PlayoutError::Endless(log.len()));
        }
        apply_checked(&mut game, actor, &action)
            .map_err(|e| PlayoutError::Refused(format!("{action:?}: {e}")))?;
        game.check_state().map_err(|e| PlayoutError::Impossible(format!("{action:?}"), e))?;
        log.push((actor, action));
    }
    if game.outcome().is_none() {
        return Err(PlayoutError::NoOutcome);
    }
    Ok((game, log))
}

/// Replays a log from the setup; used to prove that the log alone reproduces a game.
pub fn replay<G: Game>(setup: &Setup, log: &[(Actor, G::Action)]) -> Result<G, PlayoutError> {
    let mut game = G::new(setup).map_err(|e| PlayoutError::Refused(e.to_string()))?;
    for (actor, action) in log {
        apply_checked(&mut game, *actor, action)
            .map_err(|e| PlayoutError::Refused(format!("{action:?}: {e}")))?;
    }
    Ok(game)
}

/// Plays `games` random games on the fast surface and counts what happened.
pub fn simulate<G: Game>(setup: &Setup, rng: &mut ChaCha20Rng, games: usize) -> Stats {
    let mut stats = Stats { wins: vec![0; setup.seats], ..Stats::default() };
    let mut player = RandomPlayer::<G>::default();
    for _ in 0..games {
        stats.games += 1;
        let mut actions = 0;
        match player.play_out(setup, rng, |_, _| actions += 1) {
            Ok(game) => {
                stats.actions += actions;
                stats.longest = stats.longest.max(actions);
                if let Some(Outcome { places, .. }) = game.outcome() {
                    for (seat, place) in places.iter().enumerate() {
                        if *place == 1 {
                            stats.wins[seat] += 1;
                        }
                    }
                }
            }
            Err(_) => stats.failures += 1,
        }
    }
    stats
}

/// Move counts (perft): the number of action sequences of length `depth` from `game`, by the
/// game's own [`Game::legal_actions`] and [`Game::chance_outcomes_into`] (the same lists as its
/// labelled choices, `tests/fast_surface.rs`). Every action is one ply, whoever takes it: a
/// seat's move, each hop of a jump chain and its "stop here" (they are separate actions in the
/// engine), and a chance outcome (a roll, the opening draw of colours), each outcome of
/// positive weight one branch whatever its weight. When several seats may act at once, each
/// seat's actions are branches of their own. A sequence that reaches the end of the game
/// before `depth` counts for nothing; depth 0 counts the empty sequence.
///
/// Games check their move generators against an independent counter with this; see
/// `tests/tank_battle_perft.rs` and `tests/thousand_perft.rs`.
pub fn perft<G: Game>(game: &G, depth: usize) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut branches: Vec<(Actor, G::Action)> = Vec::new();
    match game.to_move() {
        ToMove::Over => return 0,
        ToMove::Chance => {
            let mut outcomes = Vec::new();
            game.chance_outcomes_into(&mut outcomes);
            let positive = outcomes.into_iter().filter(|(_, weight)| *weight > 0);
            branches.extend(positive.map(|(action, _)| (Actor::Chance, action)));
        }
        ToMove::Seats(seats) => {
            let mut actions = Vec::new();
            for seat in seats {
                actions.clear();
                game.legal_actions(seat, &mut actions);
                branches.extend(actions.drain(..).map(|action| (Actor::Seat(seat), action)));
            }
        }
    }
    if depth == 1 {
        return branches.len() as u64;
    }
    branches
        .iter()
        .map(|(actor, action)| {
            let mut next = game.clone();
            next.play(*actor, action);
            perft(&next, depth - 1)
        })
        .sum()
}

/// The full property check for one random game: it ends with an outcome, every step's state
/// passes the game's own [`Game::check_state`], the final state survives a JSON round trip,
/// and replaying the log gives the same final state.
pub fn check_random_game<G: Game>(setup: &Setup, seed: u64) -> Result<G, String> {
    let mut rng = rng::seeded(seed);
    let (game, log) =
        checked_playout::<G>(setup, &mut rng).map_err(|e| format!("seed {seed}: {e}"))?;
    let json = serde_json::to_value(&game).map_err(|e| e.to_string())?;
    let back: G = serde_json::from_value(json.clone()).map_err(|e| e.to_string())?;
    if serde_json::to_value(&back).map_err(|e| e.to_string())? != json {
        return Err(format!("seed {seed}: state changed in a serde round trip"));
    }
    let log_json = serde_json::to_string(&log).map_err(|e| e.to_string())?;
    let log_back: Vec<(Actor, G::Action)> =
        serde_json::from_str(&log_json).map_err(|e| e.to_string())?;
    let replayed = replay::<G>(setup, &log_back).map_err(|e| format!("seed {seed}: {e}"))?;
    if serde_json::to_value(&replayed).map_err(|e| e.to_string())? != json {
        return Err(format!("seed {seed}: replay differs from the game"));
    }
    Ok(game)
}

fn json<T: Serialize + ?Sized>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

/// Plays a random game and checks that no secret of any seat reaches anyone else: not the
/// public view, not another seat's view, not a public event, not another seat's choice labels.
/// `secrets(game, seat)` lists the strings that only `seat` may see now (mine squares, rocket
/// labels…) as they appear in JSON; the check runs after every action.
pub fn check_secrets<G: Game>(
    setup: &Setup,
    seed: u64,
    secrets: impl Fn(&G, Seat) -> Vec<String>,
) -> Result<usize, String> {
    use crate::event::Audience;
    use crate::game::Viewer;
    let mut rng = rng::seeded(seed);
    let mut game = G::new(setup).map_err(|e| e.to_string())?;
    let mut checked = 0;
    let leak = |what: &str, text: &str, secret: &str| {
        format!("seed {seed}: {what} carries the secret {secret:?}: {text}")
    };
    while let Some((actor, action)) =
        random_labelled_action(&game, &mut rng).map_err(|e| e.to_string())?
    {
        let events = apply_checked(&mut game, actor, &action).map_err(|e| e.to_string())?;
        // What each audience sees after this action, serialised once.
        let public = json(&game.view(Viewer::Public, &[]));
        let views: Vec<String> =
            (0..setup.seats).map(|s| json(&game.view(Viewer::Seat(s), &[]))).collect();
        let labels: Vec<String> = (0..setup.seats)
            .map(|s| json(&game.choices(s).options.iter().map(|c| &c.path).collect::<Vec<_>>()))
            .collect();
        for owner in 0..setup.seats {
            for secret in secrets(&game, owner) {
                if public.contains(&secret) {
                    return Err(leak("the public view", &public, &secret));
                }
                for other in (0..setup.seats).filter(|s| *s != owner) {
                    if views[other].contains(&secret) {
                        return Err(leak("another seat's view", &views[other], &secret));
                    }
                    if labels[other].contains(&secret) {
                        return Err(leak("another seat's buttons", &labels[other], &secret));
                    }
                }
                for event in events.iter().filter(|e| e.audience != Audience::Seat(owner)) {
                    let text = json(event);
                    if text.contains(&secret) {
                        return Err(leak("an event", &text, &secret));
                    }
                }
                checked += 1;
            }
        }
    }
    Ok(checked)
}
