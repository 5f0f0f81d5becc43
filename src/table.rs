//! One game being played at one chat: who sits where, the settings, the game state, the action
//! log (chance outcomes included), the table's own RNG and a sequence number.
//!
//! The sequence number rises with every change; buttons carry it, so a press made on an older
//! picture is recognised as stale, and the store saves a table only if the number it read is
//! still the stored one (compare-and-swap), so of two racing presses exactly one applies.
//! Replaying the log from the settings reproduces the state exactly.

use std::collections::BTreeMap;

use rand_chacha::ChaCha20Rng;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use serde_json::value::RawValue;

use crate::ai::Level;
use crate::clock::{Rules, TurnClock};
use crate::event::Event;
use crate::game::{ActionError, Actor, Seat, Setup, SetupError, ToMove};
use crate::registry::{self, DynGame, GameInfo, RestoreError};
use crate::rng;
use crate::settings::Settings;

/// The version of the stored record layout; records are migrated on load.
pub const SCHEMA_VERSION: u32 = 1;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Platform {
    Telegram,
    Discord,
    Console,
}

impl Platform {
    pub fn tag(self) -> &'static str {
        match self {
            Platform::Telegram => "tg",
            Platform::Discord => "dc",
            Platform::Console => "cn",
        }
    }
}

/// A place where a game runs: a chat (and its thread or forum topic) on a platform.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ChatId {
    pub platform: Platform,
    pub chat: String,
    #[serde(default)]
    pub thread: Option<String>,
}

impl ChatId {
    /// The store key: one active game per chat and thread.
    pub fn key(&self) -> String {
        match &self.thread {
            Some(t) => format!("{}:{}:{}", self.platform.tag(), self.chat, t),
            None => format!("{}:{}", self.platform.tag(), self.chat),
        }
    }
}

/// A user on a platform.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct UserId {
    pub platform: Platform,
    pub id: String,
}

impl UserId {
    pub fn key(&self) -> String {
        format!("{}:{}", self.platform.tag(), self.id)
    }
}

/// A seated player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub user: UserId,
    pub name: String,
    /// A computer player of this level (its `user` is a made-up id no platform has).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub computer: Option<Level>,
    /// The language the platform said this person uses (Telegram's `language_code`, Discord's
    /// `locale`), for private messages sent when they did not write: their `/lang` wins.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub lang: String,
}

/// A spectator: someone of the table's chat, not seated, who gets the public board in their
/// private chat after every move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Watcher {
    /// Their platform id (the table's platform).
    pub user: String,
    pub name: String,
    /// The language their platform reported, for boards sent when they did not write.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub lang: String,
}

impl Player {
    /// A person, from the platform.
    pub fn person(user: UserId, name: String) -> Player {
        Player { user, name, computer: None, lang: String::new() }
    }

    /// The same player, with the platform's language hint.
    pub fn speaking(self, lang: Option<&str>) -> Player {
        Player { lang: lang.unwrap_or_default().to_string(), ..self }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Gathering players.
    Lobby,
    /// Secret set-up in private messages.
    Setup,
    Playing,
    Finished,
    Aborted,
}

impl Status {
    pub fn is_over(self) -> bool {
        matches!(self, Status::Finished | Status::Aborted)
    }
}

/// One entry of the action log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LogEntry {
    /// An action of a seat or of chance.
    Act { actor: Actor, action: Value },
    /// A seat gave up.
    Resign { seat: Seat },
    /// A move taken back by consent ([`crate::undo`]): the `count` entries of the effective
    /// log before this one no longer count. The log stays append-only (a save only appends);
    /// [`effective_log`] resolves it.
    Undo { count: usize },
}

/// The log as it stands after its take-backs: each [`LogEntry::Undo`] removes the entries it
/// names, and itself.
pub fn effective_log(log: &[LogEntry]) -> Vec<LogEntry> {
    let mut effective: Vec<LogEntry> = Vec::with_capacity(log.len());
    for entry in log {
        match entry {
            LogEntry::Undo { count } => {
                let keep = effective.len().saturating_sub(*count);
                effective.truncate(keep);
            }
            other => effective.push(other.clone()),
        }
    }
    effective
}

/// A player's request to take back their last move, while the others decide.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UndoAsk {
    pub seat: Seat,
    /// The log's length when it was asked: any later action ends the request.
    pub at: u64,
    /// The people who accepted so far.
    #[serde(default)]
    pub accepted: Vec<Seat>,
}

/// Why a table refused something.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    #[error(transparent)]
    Setup(#[from] SetupError),
    #[error(transparent)]
    Action(#[from] ActionError),
    #[error(transparent)]
    Restore(#[from] RestoreError),
    #[error("the game has not started")]
    NotStarted,
}

/// Supplies chance outcomes: the table's RNG in play, a script in tests.
pub trait ChanceSource {
    fn pick(&mut self, outcomes: &[(Value, u32)]) -> Option<Value>;
}

impl ChanceSource for ChaCha20Rng {
    fn pick(&mut self, outcomes: &[(Value, u32)]) -> Option<Value> {
        rng::pick_weighted(self, outcomes).cloned()
    }
}

/// Forced outcomes, taken in order (tests and scripted scenarios). Each forced value must be
/// one of the outcomes offered, or the pick fails.
#[derive(Debug, Default)]
pub struct Forced(pub std::collections::VecDeque<Value>);

impl ChanceSource for Forced {
    fn pick(&mut self, outcomes: &[(Value, u32)]) -> Option<Value> {
        let next = self.0.pop_front()?;
        outcomes.iter().any(|(o, w)| *o == next && *w > 0).then_some(next)
    }
}

/// Chance after a take-back: the outcomes the undone moves had drawn come back first, in order
/// (a die is never rolled again by an undo), as long as each is one the chance point offers;
/// then the table's RNG.
struct Again<'a> {
    again: &'a mut std::collections::VecDeque<Value>,
    rng: &'a mut ChaCha20Rng,
}

impl ChanceSource for Again<'_> {
    fn pick(&mut self, outcomes: &[(Value, u32)]) -> Option<Value> {
        if let Some(next) = self.again.front() {
            if outcomes.iter().any(|(o, w)| o == next && *w > 0) {
                return self.again.pop_front();
            }
            // A chance point of another kind: the old outcomes no longer apply.
            self.again.clear();
        }
        self.rng.pick(outcomes)
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Table {
    pub schema: u32,
    pub id: u64,
    pub chat: ChatId,
    pub game: String,
    pub settings: Settings,
    pub creator: UserId,
    pub players: Vec<Player>,
    pub status: Status,
    pub seq: u64,
    /// Milliseconds since the Unix epoch, from the input clock.
    pub created_at: u64,
    pub updated_at: u64,
    /// How many entries the action log has. The entries themselves live in the store's log
    /// tree, appended with each save, so a save costs the same on the first move and the
    /// five-hundredth.
    #[serde(default)]
    log_len: u64,
    /// Entries appended since the table was loaded: the store writes them with the record.
    #[serde(skip)]
    new_log: Vec<LogEntry>,
    /// Never shown to anyone; stored so a restart continues the same stream.
    rng: ChaCha20Rng,
    /// The game state as of the last save (None in the lobby), kept as JSON text so a load
    /// parses it once, straight into the game's own types.
    state: Option<Box<RawValue>>,
    /// Labels picked so far in the current multi-step choice, per seat.
    #[serde(default)]
    pub selection: BTreeMap<Seat, Vec<String>>,
    /// The page of the current choice step, per seat.
    #[serde(default)]
    pub page: BTreeMap<Seat, usize>,
    /// Picks and page turns per seat since the last action: with the log length this versions
    /// one seat's keyboard, so one player's picks never make another's buttons stale.
    #[serde(default)]
    pub picks: BTreeMap<Seat, u64>,
    /// Actions each seat has taken (its keyboards are stale once it acts again).
    #[serde(default)]
    pub acted: BTreeMap<Seat, u64>,
    /// The seat whose pick came last, while its choice is half made: when several seats may
    /// act at once on the group's board (two commanders of one side), the board previews its
    /// selection.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub picked_last: Option<Seat>,
    /// The chat language at creation, for texts sent outside an input (reminders).
    #[serde(default)]
    pub lang: String,
    /// The turn clock: when the turn began, reminders sent, missed turns (see [`crate::clock`]).
    #[serde(default)]
    pub clock: TurnClock,
    /// The server of the table's chat (a Discord guild), for links to its messages.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub server: Option<String>,
    /// A computer seat is to move: the table is due at once, so a computer's turn a crash
    /// interrupted is taken up at the next tick.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub computer_turn: bool,
    /// Seats that resigned or were removed: they no longer vote on anything.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub resigned: Vec<Seat>,
    /// Opened in a private chat with the bot: its one person plays against computers, and
    /// the chat's one board shows that person's own view, private choices included (nobody
    /// else reads that chat).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub solo: bool,
    /// People whose current turn a computer plays, their time having run out under
    /// `timeout=computer`; a seat leaves the list when its turn passes.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stand_in: Vec<Seat>,
    /// People of the chat who asked (`/watch`) for the public board privately after every
    /// move ([`crate::app`]'s spectators). Kept with the table, so a watch and a move are
    /// saved together and a restart loses neither.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub watchers: Vec<Watcher>,
    /// A take-back asked and not yet decided ([`crate::undo`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub undo: Option<UndoAsk>,
    /// Chance outcomes of moves taken back, to be drawn again first (see [`Again`]). As secret
    /// as the RNG: never shown.
    #[serde(default, skip_serializing_if = "std::collections::VecDeque::is_empty")]
    again: std::collections::VecDeque<Value>,
    /// The chat the game was opened in, once it moved to a thread of its own (a forum topic,
    /// a Discord thread: see `docs/threads.md`): its lobby and its final message stay there,
    /// and its history and ratings count there. `None`: the game plays where it was opened.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub home: Option<ChatId>,
    /// When the lobby asked the platform for the game's own thread (milliseconds since the
    /// Unix epoch): the game starts once the thread is open, or in the chat itself when none
    /// opened within [`THREAD_WAIT_MS`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opening: Option<u64>,
    #[serde(skip)]
    runtime: Option<Box<dyn DynGame>>,
}

/// How long a game waits for its own thread to open before it starts in its chat.
pub const THREAD_WAIT_MS: u64 = 60_000;

impl PartialEq for Table {
    fn eq(&self, other: &Self) -> bool {
        serde_json::to_value(self).ok() == serde_json::to_value(other).ok()
    }
}

impl Table {
    /// A new table in the lobby with its creator seated.
    pub fn new_lobby(
        id: u64,
        chat: ChatId,
        info: &GameInfo,
        settings: Settings,
        creator: Player,
        now: u64,
        rng: ChaCha20Rng,
    ) -> Table {
        Table {
            schema: SCHEMA_VERSION,
            id,
            chat,
            game: info.id.to_string(),
            settings,
            creator: creator.user.clone(),
            players: vec![creator],
            status: Status::Lobby,
            seq: 0,
            created_at: now,
            updated_at: now,
            log_len: 0,
            new_log: Vec::new(),
            rng,
            state: None,
            selection: BTreeMap::new(),
            page: BTreeMap::new(),
            picks: BTreeMap::new(),
            acted: BTreeMap::new(),
            picked_last: None,
            lang: String::new(),
            clock: TurnClock::default(),
            resigned: Vec::new(),
            computer_turn: false,
            server: None,
            solo: false,
            stand_in: Vec::new(),
            watchers: Vec::new(),
            undo: None,
            again: Default::default(),
            home: None,
            opening: None,
            runtime: None,
        }
    }

    /// The chat the game belongs to: where it was opened, also when it plays in a thread of
    /// its own ([`Table::home`]).
    pub fn home_chat(&self) -> &ChatId {
        self.home.as_ref().unwrap_or(&self.chat)
    }

    /// Moves the game to its own thread, `thread` (the lobby's chat stays its home).
    pub fn move_to(&mut self, thread: ChatId) {
        self.home = Some(std::mem::replace(&mut self.chat, thread));
    }

    pub fn info(&self) -> Option<&'static GameInfo> {
        registry::find(&self.game)
    }

    pub fn setup(&self) -> Setup {
        Setup { seats: self.players.len(), settings: self.settings.clone() }
    }

    /// The seat of `user`, if seated.
    pub fn seat_of(&self, user: &UserId) -> Option<Seat> {
        self.players.iter().position(|p| &p.user == user)
    }

    /// Records a change: the sequence number rises and the clock is noted.
    pub fn touch(&mut self, now: u64) {
        self.seq += 1;
        self.updated_at = self.updated_at.max(now);
    }

    /// The running game (restored from the stored state on first use).
    pub fn game(&mut self) -> Result<&mut Box<dyn DynGame>, TableError> {
        if self.runtime.is_none() {
            let state = self.state.as_ref().ok_or(TableError::NotStarted)?;
            self.runtime = Some(registry::restore(&self.game, state.get(), self.players.len())?);
        }
        Ok(self.runtime.as_mut().expect("restored above"))
    }

    /// Read-only access to the running game.
    pub fn game_ref(&mut self) -> Result<&dyn DynGame, TableError> {
        Ok(&**self.game()?)
    }

    /// Who acts now; `Over` before the start, and once the table is aborted, whatever the game
    /// says.
    pub fn to_move(&mut self) -> ToMove {
        if self.status == Status::Aborted {
            return ToMove::Over;
        }
        self.game().map(|g| g.to_move()).unwrap_or(ToMove::Over)
    }

    /// Starts the game with the seated players; resolves opening chance points.
    pub fn start(&mut self, now: u64) -> Result<Vec<Event>, TableError> {
        let info = self.info().ok_or_else(|| RestoreError::UnknownGame(self.game.clone()))?;
        let game = (info.start)(&self.setup())?;
        self.runtime = Some(game);
        self.status = Status::Playing;
        self.touch(now);
        let mut rng = self.rng.clone();
        let events = self.resolve_chance(&mut rng)?;
        self.rng = rng;
        self.refresh_status();
        self.sync_state();
        self.clock.restart(now);
        Ok(events)
    }

    /// Applies a seat's action, then every chance point that follows, drawn from the table's
    /// RNG. Nothing changes when the action is refused.
    pub fn act(&mut self, seat: Seat, action: &Value, now: u64) -> Result<Vec<Event>, TableError> {
        let (mut rng, mut again) = (self.rng.clone(), self.again.clone());
        let mut chance = Again { again: &mut again, rng: &mut rng };
        let events = self.act_with(seat, action, now, &mut chance)?;
        (self.rng, self.again) = (rng, again);
        Ok(events)
    }

    /// Like [`Table::act`], with chance outcomes from `chance` (tests force dice this way).
    pub fn act_with(
        &mut self,
        seat: Seat,
        action: &Value,
        now: u64,
        chance: &mut dyn ChanceSource,
    ) -> Result<Vec<Event>, TableError> {
        let backup = self.runtime.clone();
        let before = (self.to_move(), self.status);
        let (log_len, new_log_len) = (self.log_len, self.new_log.len());
        let result = self.try_act(seat, action, chance);
        match result {
            Ok(events) => {
                *self.acted.entry(seat).or_insert(0) += 1;
                // Someone acted: a take-back asked before is too late now.
                self.undo = None;
                // A stand-in computer's move is not its person's: the missed turn stays
                // counted, so `misses` removes a player who never comes back. A person's own
                // move, even a part of one (a roll, a first hop), ends a vote on removing them.
                if !self.stand_in.contains(&seat) {
                    self.clock.misses.remove(&seat);
                    if self.clock.vote.as_ref().is_some_and(|vote| vote.seat == seat) {
                        self.clock.vote = None;
                    }
                }
                self.clear_picks_after(seat);
                self.touch(now);
                self.refresh_status();
                self.sync_state();
                self.turn_clock_after(before, now);
                Ok(events)
            }
            Err(e) => {
                self.runtime = backup;
                self.log_len = log_len;
                self.new_log.truncate(new_log_len);
                Err(e)
            }
        }
    }

    fn try_act(
        &mut self,
        seat: Seat,
        action: &Value,
        chance: &mut dyn ChanceSource,
    ) -> Result<Vec<Event>, TableError> {
        let mut events = self.game()?.apply(Actor::Seat(seat), action)?;
        self.append(LogEntry::Act { actor: Actor::Seat(seat), action: action.clone() });
        events.extend(self.resolve_chance(chance)?);
        Ok(events)
    }

    fn resolve_chance(&mut self, chance: &mut dyn ChanceSource) -> Result<Vec<Event>, TableError> {
        let mut events = Vec::new();
        while self.game()?.to_move() == ToMove::Chance {
            let outcomes = self.game()?.chance_outcomes();
            let outcome = chance.pick(&outcomes).ok_or(ActionError::Illegal)?;
            events.extend(self.game()?.apply(Actor::Chance, &outcome)?);
            self.append(LogEntry::Act { actor: Actor::Chance, action: outcome });
        }
        Ok(events)
    }

    /// A seat gives up.
    pub fn resign(&mut self, seat: Seat, now: u64) -> Result<Vec<Event>, TableError> {
        let before = (self.to_move(), self.status);
        let mut events = self.game()?.resign(seat);
        self.append(LogEntry::Resign { seat });
        if !self.resigned.contains(&seat) {
            self.resigned.push(seat);
        }
        *self.acted.entry(seat).or_insert(0) += 1;
        self.undo = None;
        let (mut rng, mut again) = (self.rng.clone(), self.again.clone());
        events.extend(self.resolve_chance(&mut Again { again: &mut again, rng: &mut rng })?);
        (self.rng, self.again) = (rng, again);
        self.clear_picks();
        self.touch(now);
        self.refresh_status();
        if !self.status.is_over() && !self.has_person_in_play() {
            // Computers do not play on for nobody: the game ends without a winner.
            self.status = Status::Aborted;
            events.push(Event::new("game-left-to-computers"));
        }
        self.sync_state();
        self.turn_clock_after(before, now);
        Ok(events)
    }

    /// The turn clock starts again when someone who was not to move before an action is to
    /// move after it, or when the secret set-up ends and play begins (the first player to move
    /// may be the one who finished setting up last); a seat that goes on (a jump chain, a bonus
    /// roll) or a teammate who was already asked keeps the time they had.
    fn turn_clock_after(&mut self, (before, status): (ToMove, Status), now: u64) {
        let ToMove::Seats(after) = self.to_move() else { return };
        let play_begins = status == Status::Setup && self.status == Status::Playing;
        if play_begins || after.iter().any(|seat| !before.includes(*seat)) {
            self.clock.restart(now);
        }
    }

    /// The seats still in the game (not resigned nor removed).
    pub fn seats_in_play(&self) -> impl Iterator<Item = Seat> + '_ {
        (0..self.players.len()).filter(|seat| !self.resigned.contains(seat))
    }

    /// The clock rules this table's settings choose.
    pub fn clock_rules(&self) -> Option<Rules> {
        self.info().map(|info| Rules::of(&self.settings, info.pace))
    }

    /// When the table next needs the clock's attention (a reminder or the deadline), while a
    /// game runs with a time limit; the store indexes it.
    pub fn due(&self) -> Option<u64> {
        if self.status == Status::Lobby {
            return self.opening.map(|asked| asked + THREAD_WAIT_MS);
        }
        if self.status.is_over() {
            return None;
        }
        if self.computer_turn {
            return Some(self.updated_at);
        }
        self.clock.next(&self.clock_rules()?).map(|(at, _)| at)
    }

    /// The seats a computer is to move for now, with its levels.
    pub fn computers_to_move(&mut self) -> Vec<(Seat, Level)> {
        let ToMove::Seats(seats) = self.to_move() else { return Vec::new() };
        seats.iter().filter_map(|s| self.computer_level(*s).map(|level| (*s, level))).collect()
    }

    /// The level a computer plays `seat` at now: the seat's own computer's, or normal while a
    /// computer stands in for its absent person.
    pub fn computer_level(&self, seat: Seat) -> Option<Level> {
        let own = self.players.get(seat)?.computer;
        own.or_else(|| self.stand_in.contains(&seat).then_some(Level::Normal))
    }

    /// Whether a computer moves for `seat` now (its own, or a stand-in).
    pub fn moved_by_computer(&self, seat: Seat) -> bool {
        self.computer_level(seat).is_some()
    }

    /// A computer plays the rest of `seat`'s current turn (its time ran out): the table is due
    /// at once, and the turn is handed out like a computer seat's.
    pub fn stand_in_for(&mut self, seat: Seat) {
        if !self.stand_in.contains(&seat) {
            self.stand_in.push(seat);
        }
        self.refresh_status();
    }

    /// Whether `seat` is a computer player.
    pub fn is_computer(&self, seat: Seat) -> bool {
        self.players.get(seat).is_some_and(|p| p.computer.is_some())
    }

    /// The seat of the one person at a [`Table::solo`] table, whose view its board shows.
    pub fn solo_seat(&self) -> Option<Seat> {
        if !self.solo {
            return None;
        }
        (0..self.players.len()).find(|seat| !self.is_computer(*seat))
    }

    /// Whether a person is still in play: when the last one resigns or is removed, computers
    /// do not play on alone.
    pub fn has_person_in_play(&self) -> bool {
        self.people_in_play().next().is_some()
    }

    /// The seats still in the game that people hold: the ones who can vote, pause or be
    /// waited for (a computer presses no button).
    pub fn people_in_play(&self) -> impl Iterator<Item = Seat> + '_ {
        self.seats_in_play().filter(|seat| !self.is_computer(*seat))
    }

    /// Marks the table aborted.
    pub fn abort(&mut self, now: u64) {
        self.status = Status::Aborted;
        self.touch(now);
    }

    fn refresh_status(&mut self) {
        if self.status.is_over() || self.status == Status::Lobby {
            return;
        }
        let Ok(game) = self.game() else { return };
        let to_move = game.to_move();
        // A stand-in plays one turn: it ends when the seat is no longer to move.
        self.stand_in.retain(|seat| to_move.includes(*seat));
        let computers = |seats: &[Seat]| seats.iter().any(|s| self.moved_by_computer(*s));
        self.computer_turn = matches!(&to_move, ToMove::Seats(seats) if computers(seats));
        let game = self.runtime.as_ref().expect("restored above");
        self.status = match to_move {
            ToMove::Over => Status::Finished,
            ToMove::Seats(seats) if seats.iter().any(|s| game.choices_are_private(*s)) => {
                Status::Setup
            }
            _ => Status::Playing,
        };
    }

    fn sync_state(&mut self) {
        if let Some(game) = &self.runtime {
            self.state = RawValue::from_string(game.snapshot()).ok();
        }
    }

    /// How many actions `seat` has taken, and its picks or page turns since its last one.
    pub fn keyboard_version(&self, seat: Seat) -> (u64, u64) {
        let count = |map: &BTreeMap<Seat, u64>| map.get(&seat).copied().unwrap_or(0);
        (count(&self.acted), count(&self.picks))
    }

    /// Records a pick or page turn of `seat` (its selection or page changed).
    pub fn note_pick(&mut self, seat: Seat, now: u64) {
        *self.picks.entry(seat).or_insert(0) += 1;
        let half_made = self.selection.get(&seat).is_some_and(|s| !s.is_empty());
        self.picked_last = if half_made {
            Some(seat)
        } else {
            self.selection.iter().find(|(_, s)| !s.is_empty()).map(|(seat, _)| *seat)
        };
        self.touch(now);
    }

    fn clear_picks(&mut self) {
        self.selection.clear();
        self.page.clear();
        self.picks.clear();
        self.picked_last = None;
    }

    /// After `seat` acted: its own picks go, and so does every other seat's half-made choice
    /// unless that seat may still act and its picks still lead somewhere — a teammate's move
    /// does not undo what the other commander of the side was choosing (nor make their
    /// buttons stale) when it leaves that choice open.
    fn clear_picks_after(&mut self, seat: Seat) {
        let others: Vec<(Seat, Vec<String>)> = self
            .selection
            .iter()
            .filter(|(other, picks)| **other != seat && !picks.is_empty())
            .map(|(other, picks)| (*other, picks.clone()))
            .collect();
        let mut kept = Vec::new();
        if let (false, Ok(game)) = (others.is_empty(), self.game_ref()) {
            let to_move = game.to_move();
            kept = others
                .into_iter()
                .filter(|(other, picks)| {
                    to_move.includes(*other) && game.choices(*other).is_prefix(picks)
                })
                .collect();
        }
        let kept_seats: Vec<Seat> = kept.iter().map(|(other, _)| *other).collect();
        self.selection.retain(|other, _| kept_seats.contains(other));
        self.page.retain(|other, _| kept_seats.contains(other));
        self.picks.retain(|other, _| kept_seats.contains(other));
        self.picked_last = self.picked_last.filter(|s| kept_seats.contains(s));
    }

    fn append(&mut self, entry: LogEntry) {
        self.new_log.push(entry);
        self.log_len += 1;
    }

    /// The number of entries in the action log.
    pub fn log_len(&self) -> u64 {
        self.log_len
    }

    /// The entries appended since the table was loaded, with the index of the first.
    pub fn new_log(&self) -> (u64, &[LogEntry]) {
        (self.log_len - self.new_log.len() as u64, &self.new_log)
    }

    /// Rebuilds the game from the settings and `log` (the whole log, from the store) alone.
    pub fn replay(&self, log: &[LogEntry]) -> Result<Box<dyn DynGame>, TableError> {
        let info = self.info().ok_or_else(|| RestoreError::UnknownGame(self.game.clone()))?;
        let mut game = (info.start)(&self.setup())?;
        for entry in effective_log(log) {
            match entry {
                LogEntry::Resign { seat } => {
                    game.resign(seat);
                }
                LogEntry::Act { actor, action } => {
                    game.apply(actor, &action)?;
                }
                LogEntry::Undo { .. } => {}
            }
        }
        Ok(game)
    }

    /// Takes back the last `count` entries of the effective log of `log` (the whole stored
    /// log), a move of `seat` and what chance drew after it ([`crate::undo::plan`]): the game
    /// goes back to before it, the chance outcomes it drew come back first, and `seat`'s old
    /// buttons go stale.
    pub fn take_back(
        &mut self,
        log: &[LogEntry],
        seat: Seat,
        count: usize,
        now: u64,
    ) -> Result<(), TableError> {
        let mut effective = effective_log(log);
        let start = effective.len().checked_sub(count).ok_or(ActionError::Illegal)?;
        let undone = effective.split_off(start);
        let game = self.replay(&effective)?;
        let before = (self.to_move(), self.status);
        self.runtime = Some(game);
        self.append(LogEntry::Undo { count });
        let drawn = undone.into_iter().filter_map(|entry| match entry {
            LogEntry::Act { actor: Actor::Chance, action } => Some(action),
            _ => None,
        });
        let mut again: std::collections::VecDeque<Value> = drawn.collect();
        again.extend(self.again.drain(..));
        self.again = again;
        *self.acted.entry(seat).or_insert(0) += 1;
        self.undo = None;
        self.clear_picks();
        self.touch(now);
        self.refresh_status();
        self.sync_state();
        self.turn_clock_after(before, now);
        Ok(())
    }

    /// The stored state snapshot (for tests comparing a replay).
    pub fn state(&self) -> Option<&str> {
        self.state.as_ref().map(|s| s.get())
    }

    /// Serializes the record.
    pub fn to_bytes(&self) -> Vec<u8> {
        serde_json::to_vec(self).expect("tables serialize")
    }

    /// Reads a stored record, migrating older layouts (a current record is parsed once).
    pub fn from_bytes(bytes: &[u8]) -> Result<Table, serde_json::Error> {
        #[derive(Deserialize)]
        struct Version {
            schema: Option<u32>,
        }
        // A record without the field is of the first layout, and goes through `migrate`.
        if serde_json::from_slice::<Version>(bytes)?.schema == Some(SCHEMA_VERSION) {
            return serde_json::from_slice(bytes);
        }
        let mut value: Value = serde_json::from_slice(bytes)?;
        migrate(&mut value);
        serde_json::from_value(value)
    }
}

/// Brings an older record up to [`SCHEMA_VERSION`]. Version 1 is the first layout, so there is
/// nothing to do yet; a future version adds its step here.
fn migrate(value: &mut Value) {
    if let Some(obj) = value.as_object_mut() {
        // A record of the first layout may lack the field (or hold null): it is written then.
        let version = obj.get("schema").and_then(Value::as_u64);
        if version.is_none_or(|v| v < u64::from(SCHEMA_VERSION)) {
            obj.insert("schema".into(), Value::from(SCHEMA_VERSION));
        }
    }
}
