//! The one trait every game implements, and the small values around it.
//!
//! The shape follows OpenSpiel's `State`: a game is a pure value that knows nothing of chats or
//! users. Seats are numbered `0..n`; randomness enters only as *chance actions* chosen by the
//! table from its own RNG and applied like any other action, so a logged game replays exactly
//! and tests can force any roll or deal. Legal actions are offered as a [`Choices`] list whose
//! labelled paths form a small choice tree (pick a piece, then a square), which is what lets any
//! move fit into a handful of chat buttons.

use std::fmt::Debug;

use serde::{Deserialize, Serialize, de::DeserializeOwned};

use crate::choice::Choices;
use crate::event::Event;
pub use crate::inline::SeatList;
use crate::settings::Settings;
use crate::sheet::Sheet;
use crate::view::AnyView;

/// A seat at the table, `0..seat_count`.
pub type Seat = usize;

/// Who acts now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum ToMove {
    /// These seats may act now. One seat on an ordinary turn; several at once during a
    /// simultaneous phase (a secret set-up, or either commander of a team).
    Seats(SeatList),
    /// The table must draw one of [`Game::chance_outcomes`] and apply it.
    Chance,
    /// The game is over; [`Game::outcome`] tells the result.
    Over,
}

impl ToMove {
    /// `seats` may act now.
    pub fn seats(seats: impl IntoIterator<Item = Seat>) -> ToMove {
        ToMove::Seats(seats.into_iter().collect())
    }

    /// Whether `seat` may act now.
    pub fn includes(&self, seat: Seat) -> bool {
        matches!(self, ToMove::Seats(seats) if seats.contains(&seat))
    }
}

/// Who performs an action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Actor {
    Seat(Seat),
    Chance,
}

/// Whose eyes a view is for. Secrets appear only in `Viewer::Seat` of their owner.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Viewer {
    Public,
    Seat(Seat),
}

/// How to start a game: the number of seats and the validated table settings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    pub seats: usize,
    pub settings: Settings,
}

/// The result of a finished game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// `places[seat]` is 1 for the winner(s); equal places are ties.
    pub places: Vec<u8>,
    /// Points per seat, for games that score.
    pub scores: Option<Vec<i64>>,
    /// `sides[seat]` is the side the seat played on, where seats play together (two against
    /// two): a side wins, loses or draws as one (the ratings count it as a team). `None` when
    /// every seat plays for itself.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sides: Option<Vec<u8>>,
}

impl Outcome {
    /// Places from a ranking: `order` lists seats from best to worst.
    pub fn from_order(seats: usize, order: &[Seat]) -> Outcome {
        let mut places = vec![0; seats];
        for (rank, seat) in order.iter().enumerate() {
            places[*seat] = u8::try_from(rank + 1).unwrap_or(u8::MAX);
        }
        Outcome { places, scores: None, sides: None }
    }

    /// Places from scores, higher is better, equal scores share a place.
    pub fn from_scores(scores: Vec<i64>) -> Outcome {
        let places = scores
            .iter()
            .map(|s| {
                let better = scores.iter().filter(|o| *o > s).count();
                u8::try_from(better + 1).unwrap_or(u8::MAX)
            })
            .collect();
        Outcome { places, scores: Some(scores), sides: None }
    }

    /// Seats in the first place.
    pub fn winners(&self) -> Vec<Seat> {
        (0..self.places.len()).filter(|s| self.places[*s] == 1).collect()
    }
}

/// Why a game refused to start.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("this game needs {min} to {max} players, not {got}")]
    SeatCount { min: usize, max: usize, got: usize },
    #[error("setting {0} has no value {1}")]
    Setting(String, String),
}

/// Why an action was refused. The table checks legality before a game sees an action, so a
/// game meets this only through a bug or a forged record.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ActionError {
    #[error("it is not this seat's turn")]
    NotYourTurn,
    #[error("this action is not legal now")]
    Illegal,
    #[error("the action could not be read")]
    Unreadable,
    #[error("the game is over")]
    Over,
}

/// A game's rules. Implementations are pure: no I/O, no clock, no RNG.
pub trait Game: Clone + Debug + Serialize + DeserializeOwned + Send + Sync + 'static {
    /// One move, one chance outcome or one step of a set-up.
    type Action: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;

    /// The registry id (`aeroplane`, `tank-battle`, …).
    const ID: &'static str;

    /// The ids of the public events a replay lingers on ([`crate::replay`]): captures, pieces
    /// shot down or blown up, secrets turned over. None by default.
    const HIGHLIGHTS: &'static [&'static str] = &[];

    /// The ids of the events that turn a secret over (a mine, a rocket label): a move that made
    /// one cannot be taken back ([`crate::undo`]). None by default.
    const REVEALS: &'static [&'static str] = &[];

    /// A new game at its first decision (which may be a chance point).
    fn new(setup: &Setup) -> Result<Self, SetupError>;

    /// Who acts now.
    fn to_move(&self) -> ToMove;

    /// At a chance point, the possible outcomes with their integer weights.
    fn chance_outcomes(&self) -> Vec<(Self::Action, u32)>;

    /// The legal actions of `seat` now, as labelled paths. Empty when the seat may not act.
    fn choices(&self, seat: Seat) -> Choices<Self::Action>;

    /// Whether `seat` may play `action` now. The default looks the action up in
    /// [`Game::legal_actions`] (no labels built); a game with many legal actions answers
    /// directly, since the table asks this for every action it applies.
    fn is_legal(&self, seat: Seat, action: &Self::Action) -> bool {
        let mut actions = Vec::new();
        self.legal_actions(seat, &mut actions);
        actions.contains(action)
    }

    /// Applies an action already known to be legal, returning what happened.
    fn apply(&mut self, actor: Actor, action: &Self::Action) -> Vec<Event>;

    /// The legal actions of `seat` now, without labels, appended to `out`: the cheap
    /// enumeration random playouts and search run on (the labelled [`Game::choices`] are for
    /// buttons). The same actions in the same order as `choices(seat)`. The default goes
    /// through `choices`; a game overrides it to enumerate without allocating.
    fn legal_actions(&self, seat: Seat, out: &mut Vec<Self::Action>) {
        out.extend(self.choices(seat).options.into_iter().map(|choice| choice.action));
    }

    /// One of `seat`'s legal actions drawn uniformly at random, or `None` when it has none.
    /// Where [`Game::draws_by_index`] says so (every game but «Аэрофото»): exactly
    /// `legal_actions(seat)[rng::below(len)]`, the same action from the same RNG state and the
    /// same RNG state after it (`tests/fast_surface.rs` checks this at every step), so random
    /// games stay the same games however a game answers.
    ///
    /// Random play needs one action, not the list: a game whose list is long and costly to
    /// build (Tank Battle's ~100 queen moves a ply, «Аэрофото»'s ~150 flights) overrides this
    /// to *count* its actions cheaply, draw the index, and build only the action at it. One
    /// method rather than a pair `count` / `nth` because the two usually share work a game
    /// would otherwise do twice (which pieces can move, each one's count), and a game keeps
    /// that on the stack between them. The default lists into `scratch`, a buffer the caller
    /// keeps from call to call, and draws from it.
    fn random_legal_action(
        &self,
        seat: Seat,
        rng: &mut rand_chacha::ChaCha20Rng,
        scratch: &mut Vec<Self::Action>,
    ) -> Option<Self::Action> {
        scratch.clear();
        self.legal_actions(seat, scratch);
        let index = crate::rng::index_below(rng, scratch.len())?;
        Some(scratch.swap_remove(index))
    }

    /// Whether [`Game::random_legal_action`] draws by index — exactly the listed action the
    /// same RNG state picks — rather than only with the same chances. A game whose actions
    /// are costly even to count may draw some other way that gives each legal action the same
    /// chance («Аэрофото» draws by rejection among the flights each aircraft would have alone
    /// on the board, and counts none); then its random games are other games than a pick from
    /// the list plays, alike only in law, and the tests check the law
    /// (`games::air_battle::draw`'s tests) instead of the very draw.
    fn draws_by_index(&self) -> bool {
        true
    }

    /// [`Game::chance_outcomes`] appended to `out`, for the same reason as
    /// [`Game::legal_actions`].
    fn chance_outcomes_into(&self, out: &mut Vec<(Self::Action, u32)>) {
        out.extend(self.chance_outcomes());
    }

    /// Applies an action already known to be legal, for search: the same change of state as
    /// [`Game::apply`] without the events nobody will read. The default drops them.
    fn play(&mut self, actor: Actor, action: &Self::Action) {
        self.apply(actor, action);
    }

    /// A state drawn at random among those `seat` cannot tell apart from this one: what it
    /// sees stays, the secrets of the other seats are drawn anew. A computer player searches
    /// such samples, so it never decides on what its seat may not see. The default, right for
    /// a game without hidden information, is the state itself.
    fn determinize(&self, seat: Seat, rng: &mut rand_chacha::ChaCha20Rng) -> Self {
        let _ = (seat, rng);
        self.clone()
    }

    /// How many seats the game was set up for: a stored game is checked against the players
    /// of its table when it is read back.
    fn seats(&self) -> usize;

    /// Why the rules could never reach this state, if they could not. A record read back from
    /// storage is asked this after its JSON is read (`registry::restore`), and one that fails
    /// is as unreadable as bad JSON: set aside with the reason and the chat told, never played
    /// on — a damaged record (a plane past the end of its path, two tanks on one circle) would
    /// otherwise panic on every press or show a board that lies. The random-play checks ask it
    /// after every action, so no state the game reaches is refused. The reason goes to the
    /// operator's quarantine, never to a chat, yet names no secret either (no mine's circle).
    ///
    /// The default accepts what serde accepts: right for a game whose stored form is checked
    /// whole while it is read. A board read through a checked form (Tank Battle's and
    /// Tysiąc's text, «Воздушный бой»'s list of aircraft) leaves only the rest to check here.
    fn check_state(&self) -> Result<(), String> {
        Ok(())
    }

    /// A seat gives up. Whatever the game does with its pieces, the game stays consistent.
    fn resign(&mut self, seat: Seat) -> Vec<Event>;

    /// What `viewer` may see, with `selection` the labels the viewer has picked so far in the
    /// current choice (so the picture can mark the destinations of a picked piece).
    fn view(&self, viewer: Viewer, selection: &[String]) -> AnyView;

    /// What everyone may see once the game is over: the public view with the secrets the end
    /// turns over (a replay's last picture, [`crate::replay`]). The default, right for a game
    /// without secrets, is the public view.
    fn final_view(&self) -> AnyView {
        self.view(Viewer::Public, &[])
    }

    /// The result, once [`ToMove::Over`].
    fn outcome(&self) -> Option<Outcome>;

    /// The score sheet `/score` shows, for a game that keeps one as it goes.
    fn score_sheet(&self) -> Option<Sheet> {
        None
    }

    /// What is played for `seat` when its time runs out under the `skip` policy
    /// ([`crate::clock`]): the rules' default move, and the seat that makes it — `seat` itself,
    /// or where a turn is a side's (either commander's flight in «Воздушный бой» two against
    /// two) a teammate also to move, whose time ran out with theirs. The default is the first
    /// option offered — roll the die, then the first legal move; a game where the turn may be
    /// passed, or whose first option is not a sensible default, says so here (and in its
    /// docs/rules page). Called again while the seat stays to move, so a multi-step turn is
    /// played through.
    fn timeout_action(&self, seat: Seat) -> Option<(Seat, Self::Action)> {
        self.choices(seat).options.into_iter().next().map(|choice| (seat, choice.action))
    }
}

/// For [`Game::check_state`]: where in `items` the first one not below `bound`, or already
/// listed, stands — a seat not at the table or ranked twice, a corner off the board or dealt
/// twice.
pub fn first_stray<T: PartialEq + PartialOrd>(items: &[T], bound: T) -> Option<usize> {
    (0..items.len()).find(|n| items[*n] >= bound || items[..*n].contains(&items[*n]))
}

/// Applies `action` after checking it is legal for `actor` now: the single gate through which
/// every action reaches a game.
pub fn apply_checked<G: Game>(
    game: &mut G,
    actor: Actor,
    action: &G::Action,
) -> Result<Vec<Event>, ActionError> {
    let legal = match (game.to_move(), actor) {
        (ToMove::Over, _) => return Err(ActionError::Over),
        (ToMove::Chance, Actor::Chance) => {
            game.chance_outcomes().iter().any(|(a, w)| a == action && *w > 0)
        }
        (ToMove::Seats(seats), Actor::Seat(seat)) if seats.contains(&seat) => {
            game.is_legal(seat, action)
        }
        _ => return Err(ActionError::NotYourTurn),
    };
    if legal { Ok(game.apply(actor, action)) } else { Err(ActionError::Illegal) }
}
