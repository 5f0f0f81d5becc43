//! The games the bot offers, and a type-erased handle to a running game.
//!
//! The conversation engine and the store work with any game through [`DynGame`], whose actions
//! are JSON values; each game's typed [`Game`] implementation is wrapped once by [`Erased`], so
//! no game carries platform or storage code. The registry is a static list of [`GameInfo`].

use std::fmt::{self, Debug};

use rand_chacha::ChaCha20Rng;
use serde_json::Value;

use crate::ai::{Heuristic, Level};
use crate::choice::Choices;
use crate::event::Event;
use crate::game::{ActionError, Actor, Game, Outcome, Seat, Setup, SetupError, ToMove, Viewer};
use crate::games;
use crate::settings::SettingSpec;
use crate::sheet::Sheet;
use crate::view::AnyView;

/// A running game of any kind.
pub trait DynGame: Debug + Send + Sync {
    fn info(&self) -> &'static GameInfo;
    fn to_move(&self) -> ToMove;
    fn chance_outcomes(&self) -> Vec<(Value, u32)>;
    fn choices(&self, seat: Seat) -> Choices<Value>;
    /// Whether `seat`'s choices now are private (a secret set-up): [`DynGame::choices`]`.private`
    /// without turning every action into JSON, which is most of what that costs.
    fn choices_are_private(&self, seat: Seat) -> bool;
    /// Checks legality, then applies.
    fn apply(&mut self, actor: Actor, action: &Value) -> Result<Vec<Event>, ActionError>;
    fn resign(&mut self, seat: Seat) -> Vec<Event>;
    fn view(&self, viewer: Viewer, selection: &[String]) -> AnyView;
    /// [`Game::final_view`].
    fn final_view(&self) -> AnyView;
    fn outcome(&self) -> Option<Outcome>;
    fn score_sheet(&self) -> Option<Sheet>;
    /// [`Game::timeout_action`], the action as JSON.
    fn timeout_action(&self, seat: Seat) -> Option<(Seat, Value)>;
    /// The state as JSON text (what the store keeps).
    fn snapshot(&self) -> String;
    fn clone_box(&self) -> Box<dyn DynGame>;
    /// What the computer plays for `seat` at `level` ([`crate::ai::choose`]), as JSON; `None`
    /// when the seat may not act.
    fn computer_action(&self, seat: Seat, level: Level, rng: &mut ChaCha20Rng) -> Option<Value>;
}

/// Wraps a typed game as a [`DynGame`].
#[derive(Debug, Clone)]
pub struct Erased<G: Game>(pub G);

fn to_json<T: serde::Serialize>(value: &T) -> Value {
    serde_json::to_value(value).expect("game values serialize to JSON")
}

impl<G: Heuristic> DynGame for Erased<G> {
    fn info(&self) -> &'static GameInfo {
        find(G::ID).expect("every game type is registered")
    }
    fn to_move(&self) -> ToMove {
        self.0.to_move()
    }
    fn chance_outcomes(&self) -> Vec<(Value, u32)> {
        self.0.chance_outcomes().iter().map(|(a, w)| (to_json(a), *w)).collect()
    }
    fn choices(&self, seat: Seat) -> Choices<Value> {
        self.0.choices(seat).map(|a| to_json(&a))
    }
    fn choices_are_private(&self, seat: Seat) -> bool {
        self.0.choices(seat).private
    }
    fn apply(&mut self, actor: Actor, action: &Value) -> Result<Vec<Event>, ActionError> {
        let action: G::Action =
            serde_json::from_value(action.clone()).map_err(|_| ActionError::Unreadable)?;
        crate::game::apply_checked(&mut self.0, actor, &action)
    }
    fn resign(&mut self, seat: Seat) -> Vec<Event> {
        self.0.resign(seat)
    }
    fn view(&self, viewer: Viewer, selection: &[String]) -> AnyView {
        self.0.view(viewer, selection)
    }
    fn final_view(&self) -> AnyView {
        self.0.final_view()
    }
    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }
    fn score_sheet(&self) -> Option<Sheet> {
        self.0.score_sheet()
    }
    fn timeout_action(&self, seat: Seat) -> Option<(Seat, Value)> {
        self.0.timeout_action(seat).map(|(actor, action)| (actor, to_json(&action)))
    }
    fn snapshot(&self) -> String {
        serde_json::to_string(&self.0).expect("game states serialize to JSON")
    }
    fn clone_box(&self) -> Box<dyn DynGame> {
        Box::new(self.clone())
    }
    fn computer_action(&self, seat: Seat, level: Level, rng: &mut ChaCha20Rng) -> Option<Value> {
        crate::ai::choose(&self.0, seat, level, rng).map(|action| to_json(&action))
    }
}

/// Why a stored game could not be brought back.
#[derive(Debug, thiserror::Error)]
pub enum RestoreError {
    #[error("unknown game {0}")]
    UnknownGame(String),
    #[error("unreadable game state: {0}")]
    State(#[from] serde_json::Error),
    #[error("a game state the rules cannot reach: {0}")]
    Impossible(String),
    #[error("a game for {seats} seats at a table of {players} players")]
    Seats { seats: usize, players: usize },
}

/// A game read back from its record, or why it could not be.
pub type Restored = Result<Box<dyn DynGame>, RestoreError>;

/// One game the bot offers.
#[derive(Debug)]
pub struct GameInfo {
    /// Used in commands, the CLI and stored records.
    pub id: &'static str,
    /// Other words accepted by `/play`: localized names and short forms, lowercase.
    pub aliases: &'static [&'static str],
    /// How many players may sit down.
    pub seats: SeatCounts,
    pub settings: &'static [SettingSpec],
    /// The game needs private messages (a secret set-up).
    pub private_setup: bool,
    /// Live (one sitting) or long (days): the default turn time.
    pub pace: crate::clock::Pace,
    pub start: fn(&Setup) -> Result<Box<dyn DynGame>, SetupError>,
    /// Brings a game back from its [`DynGame::snapshot`] for a table of the given number of
    /// players, refusing a state its rules cannot hold ([`crate::game::Game::check_state`]) or
    /// one set up for another number of seats.
    pub restore: fn(&str, usize) -> Restored,
    /// [`crate::game::Game::HIGHLIGHTS`]: the public events a replay lingers on.
    pub highlights: &'static [&'static str],
    /// [`crate::game::Game::REVEALS`]: the events that turn a secret over.
    pub reveals: &'static [&'static str],
    /// Random playouts of `games` games from `setup`, for `igroteka simulate`.
    pub simulate: fn(&Setup, &mut ChaCha20Rng, usize) -> crate::harness::Stats,
}

/// The numbers of players a game can seat, ascending: usually a range (`2–4`), but not always
/// one — «Tysiąc na szachownicy» seats two or four, never three.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeatCounts(pub &'static [usize]);

impl SeatCounts {
    pub fn min(&self) -> usize {
        self.0.first().copied().unwrap_or(0)
    }
    pub fn max(&self) -> usize {
        self.0.last().copied().unwrap_or(0)
    }
    pub fn contains(&self, count: &usize) -> bool {
        self.0.contains(count)
    }
    pub fn iter(&self) -> impl Iterator<Item = usize> + use<> {
        self.0.iter().copied()
    }
    /// Every count from the least to the most (a single count is one).
    pub fn is_range(&self) -> bool {
        self.max() - self.min() + 1 == self.0.len()
    }

    /// The counts written out: one count alone ("2"), a range with `through` between its ends
    /// ("2–4"), else every count with `and` between them ("2, 4").
    pub fn written(&self, through: &str, and: &str) -> String {
        let (min, max) = (self.min(), self.max());
        if min == max {
            min.to_string()
        } else if self.is_range() {
            format!("{min}{through}{max}")
        } else {
            let counts: Vec<String> = self.iter().map(|n| n.to_string()).collect();
            counts.join(and)
        }
    }
}

/// "2", "2–4", or "2, 4" when some count between is missing.
impl fmt::Display for SeatCounts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.written("–", ", "))
    }
}

impl GameInfo {
    /// Translated display name id.
    pub fn name_id(&self) -> String {
        format!("game-{}", self.id)
    }

    /// Every lobby setting of a table of this game: the game's own, then the turn clock's
    /// (`turn`, `timeout`, `misses`; see [`crate::clock`]).
    pub fn table_settings(&self) -> Vec<SettingSpec> {
        self.settings.iter().chain(crate::clock::settings(self.pace)).copied().collect()
    }
}

/// Builds the [`GameInfo`] fields that only depend on the game type.
#[macro_export]
macro_rules! game_info {
    ($ty:ty, aliases: $aliases:expr, seats: $seats:expr, settings: $settings:expr, private_setup: $private:expr $(,)?) => {
        $crate::game_info!($ty, aliases: $aliases, seats: $seats, settings: $settings, private_setup: $private, pace: $crate::clock::Pace::Long)
    };
    ($ty:ty, aliases: $aliases:expr, seats: $seats:expr, settings: $settings:expr, private_setup: $private:expr, pace: $pace:expr $(,)?) => {
        $crate::registry::GameInfo {
            id: <$ty as $crate::game::Game>::ID,
            aliases: $aliases,
            seats: $seats,
            settings: $settings,
            private_setup: $private,
            pace: $pace,
            start: |setup| {
                let game = <$ty as $crate::game::Game>::new(setup)?;
                Ok(Box::new($crate::registry::Erased(game)))
            },
            restore: |json, players| {
                use $crate::registry::RestoreError;
                let game: $ty = serde_json::from_str(json).map_err(RestoreError::State)?;
                $crate::game::Game::check_state(&game).map_err(RestoreError::Impossible)?;
                let seats = $crate::game::Game::seats(&game);
                if seats != players {
                    return Err(RestoreError::Seats { seats, players });
                }
                Ok(Box::new($crate::registry::Erased(game)))
            },
            highlights: <$ty as $crate::game::Game>::HIGHLIGHTS,
            reveals: <$ty as $crate::game::Game>::REVEALS,
            simulate: |setup, rng, games| $crate::harness::simulate::<$ty>(setup, rng, games),
        }
    };
}

/// Every game the bot offers, in menu order.
pub static GAMES: &[&GameInfo] = &[
    &games::aeroplane::INFO,
    &games::air_battle::INFO,
    &games::tank_battle::INFO,
    &games::tanks::INFO,
    &games::thousand::INFO,
];

/// Games of the collection that are announced but not playable yet: `/play` answers politely.
pub const PLANNED: &[(&str, &[&str])] = &[];

/// Looks a game up by id.
pub fn find(id: &str) -> Option<&'static GameInfo> {
    GAMES.iter().copied().find(|g| g.id == id)
}

/// Looks a game up by id or alias, ignoring case.
pub fn lookup(word: &str) -> Option<&'static GameInfo> {
    let word = word.trim().to_lowercase();
    GAMES.iter().copied().find(|g| g.id == word || g.aliases.contains(&word.as_str()))
}

/// The id of a planned (not yet playable) game named by `word`.
pub fn planned(word: &str) -> Option<&'static str> {
    let word = word.trim().to_lowercase();
    PLANNED
        .iter()
        .find(|(id, aliases)| *id == word || aliases.contains(&word.as_str()))
        .map(|(id, _)| *id)
}

/// Restores a stored game state for a table of `players` players.
pub fn restore(id: &str, state: &str, players: usize) -> Result<Box<dyn DynGame>, RestoreError> {
    let info = find(id).ok_or_else(|| RestoreError::UnknownGame(id.to_string()))?;
    (info.restore)(state, players)
}

impl Clone for Box<dyn DynGame> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}
