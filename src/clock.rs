//! Turn clocks: how long a player has to move, when they are reminded, and what happens at the
//! deadline — the policy that keeps a game that lasts days from dying with a player who forgot
//! it.
//!
//! Time enters the core only as the `now` of an input (`Action::Tick` included), so everything
//! here is a pure function of the table and that time, testable with a fake clock. A table
//! knows when it next needs attention ([`TurnClock::due`]); the store indexes that time, so a
//! tick finds the due tables without looking at the idle ones.
//!
//! The three lobby settings every game gets, after its own:
//! - `turn`: the time a player has for a turn (the default depends on the game's [`Pace`]:
//!   an hour for a live dice game, a day for a long one; `off` for no limit);
//! - `timeout`: what happens at the deadline — `skip` plays the rules' default move for the
//!   absent player (each game's [`crate::game::Game::timeout_action`]), `remove` removes them
//!   (their pieces are handled as on resignation), `vote` asks the other players whether to
//!   remove them or wait ([`RemovalVote`]), `computer` lets a computer player move for them
//!   this turn;
//! - `misses`: after this many missed turns in a row a player is removed even under `skip`.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::game::Seat;
use crate::settings::{self, SettingSpec, Settings};

/// How a game is usually played: live in one sitting, or over days.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pace {
    Live,
    Long,
}

pub const TURN_KEY: &str = "turn";
pub const TIMEOUT_KEY: &str = "timeout";
pub const MISSES_KEY: &str = "misses";

const TURN_LIVE: SettingSpec =
    SettingSpec { key: TURN_KEY, values: &["1h", "5m", "15m", "12h", "24h", "3d", "7d", "off"] };
const TURN_LONG: SettingSpec =
    SettingSpec { key: TURN_KEY, values: &["24h", "3d", "7d", "off", "5m", "15m", "1h", "12h"] };
const TIMEOUT: SettingSpec =
    SettingSpec { key: TIMEOUT_KEY, values: &["skip", "remove", "vote", "computer"] };
const MISSES: SettingSpec = SettingSpec { key: MISSES_KEY, values: &["3", "2", "5", "never"] };

pub const LIVE_SETTINGS: &[SettingSpec] = &[TURN_LIVE, TIMEOUT, MISSES];
pub const LONG_SETTINGS: &[SettingSpec] = &[TURN_LONG, TIMEOUT, MISSES];

/// The clock settings of a game of this pace.
pub fn settings(pace: Pace) -> &'static [SettingSpec] {
    match pace {
        Pace::Live => LIVE_SETTINGS,
        Pace::Long => LONG_SETTINGS,
    }
}

const MINUTE: u64 = 60_000;
const HOUR: u64 = 60 * MINUTE;
pub const DAY: u64 = 24 * HOUR;

/// Days of `/vacation` a player may take in a calendar year.
pub const VACATION_DAYS: u64 = 30;

/// The year of `now` (ms since the epoch), close enough for a yearly allowance.
pub fn year(now: u64) -> u64 {
    1970 + now / 31_557_600_000
}

/// A `turn` value in milliseconds; `None` for `off` (or a value this version does not know).
/// The value may come from a stored record, so it is read without trusting it: a unit that is
/// no ASCII letter and a number too large for milliseconds are refused, not split or
/// overflowed.
pub fn parse_duration(value: &str) -> Option<u64> {
    let unit = match value.bytes().last()? {
        b'm' => MINUTE,
        b'h' => HOUR,
        b'd' => DAY,
        _ => return None,
    };
    // The last byte is an ASCII letter, so the number ends on a character boundary.
    let n: u64 = value[..value.len() - 1].parse().ok()?;
    n.checked_mul(unit)
}

/// What happens to a player whose time runs out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Policy {
    /// The rules' default move is played for them.
    Skip,
    /// They are removed, as if they had resigned.
    Remove,
    /// The other players vote to remove them or to wait.
    Vote,
    /// A computer player moves for them (at the normal level) this turn.
    Computer,
}

/// A table's clock rules, read from its settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rules {
    /// Time per turn; `None`: no limit.
    pub turn: Option<u64>,
    pub policy: Policy,
    /// Missed turns in a row after which a player is removed; `None`: never.
    pub misses: Option<u32>,
}

impl Rules {
    pub fn of(chosen: &Settings, pace: Pace) -> Rules {
        let specs = settings(pace);
        let turn = parse_duration(settings::get(chosen, &specs[0]));
        let policy = match settings::get(chosen, &TIMEOUT) {
            "remove" => Policy::Remove,
            "vote" => Policy::Vote,
            "computer" => Policy::Computer,
            _ => Policy::Skip,
        };
        let misses = settings::get(chosen, &MISSES).parse().ok();
        Rules { turn, policy, misses }
    }
}

/// What the clock asks for when it is due.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Due {
    /// Half the turn time is gone: remind the player to move.
    HalfTime,
    /// The end is near (the last sixth of the turn): remind them again.
    NearEnd,
    /// The time is up: apply the table's policy.
    Deadline,
}

/// The clock of one table: when the current turn began and what has been done about it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnClock {
    /// When the seats now to move were given the turn (ms since the epoch); 0: not running.
    #[serde(default)]
    pub started: u64,
    /// The reminders of this turn that are done: 0, 1 (half time) or 2 (near the end). Done
    /// means each seat then to move was reminded, or its reminder is held for its morning
    /// ([`TurnClock::held`]): one player's night never holds back the others' reminders.
    #[serde(default)]
    pub reminded: u8,
    /// Turns each seat has missed in a row.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub misses: BTreeMap<Seat, u32>,
    /// When someone last used `/nudge` on this table (0: never).
    #[serde(default)]
    pub nudged: u64,
    /// When the players stopped the clock together with `/pause` (0: it runs).
    #[serde(default)]
    pub paused_at: u64,
    /// Seats that asked to stop the clock; it stops when every player has.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pause_votes: Vec<Seat>,
    /// The open vote on removing a player whose time ran out (`timeout=vote`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vote: Option<RemovalVote>,
    /// Reminders held back by their player's quiet hours, per seat: each is due at that
    /// player's morning. (A record from before reminders were kept per seat may carry a
    /// table-wide `held_until`; it is not read: the reminder it held falls due by the turn's
    /// own times, and each player's quiet hours are asked again then.)
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub held: BTreeMap<Seat, u64>,
}

/// The other players' vote on a player whose time ran out: remove them (as on resignation) or
/// wait (they get a fresh turn). The player may still move while the vote is open, which ends
/// it; so does the end of the fresh turn the vote runs in, when the turn is played for them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RemovalVote {
    /// The player voted on.
    pub seat: Seat,
    /// When the vote opened: its buttons carry it, so a button of an older vote is stale.
    pub opened: u64,
    pub remove: Vec<Seat>,
    pub wait: Vec<Seat>,
}

/// What a vote decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Remove,
    Wait,
}

impl RemovalVote {
    /// Records `voter`'s say (a voter who changes their mind is counted once, for the last).
    pub fn cast(&mut self, voter: Seat, remove: bool) {
        self.remove.retain(|s| *s != voter);
        self.wait.retain(|s| *s != voter);
        if remove { self.remove.push(voter) } else { self.wait.push(voter) }
    }

    /// The decision once `voters` may vote: removal needs more than half of them; half or
    /// more for waiting is enough to wait (a tie keeps the player).
    pub fn verdict(&self, voters: usize) -> Option<Verdict> {
        if self.remove.len() * 2 > voters {
            Some(Verdict::Remove)
        } else if voters > 0 && self.wait.len() * 2 >= voters {
            Some(Verdict::Wait)
        } else {
            None
        }
    }
}

impl TurnClock {
    /// The turn passes to someone (or a game starts) at `now`: a fresh turn, no reminder yet.
    /// While the clock is stopped the fresh turn is stopped from its start, so `/resume` gives
    /// it the whole turn rather than the time the clock stood still before it began.
    pub fn restart(&mut self, now: u64) {
        self.started = now;
        self.reminded = 0;
        self.vote = None;
        self.held.clear();
        if self.is_paused() {
            self.paused_at = now.max(1);
        }
    }

    /// Opens a vote on `seat`, whose time ran out at `now`; the vote runs for a fresh turn.
    pub fn open_vote(&mut self, seat: Seat, now: u64) {
        self.restart(now);
        self.vote = Some(RemovalVote { seat, opened: now, ..RemovalVote::default() });
    }

    /// Stops the clock at `now` (every player agreed).
    pub fn pause(&mut self, now: u64) {
        self.paused_at = now;
        self.pause_votes.clear();
    }

    /// Starts a stopped clock again at `now`: the turn keeps the time it had left.
    pub fn resume(&mut self, now: u64) {
        if self.paused_at > 0 {
            self.started += now.saturating_sub(self.paused_at);
            self.paused_at = 0;
        }
    }

    pub fn is_paused(&self) -> bool {
        self.paused_at > 0
    }

    /// The turn's deadline under `rules`, if the clock runs.
    pub fn deadline(&self, rules: &Rules) -> Option<u64> {
        let turn = rules.turn?;
        (self.started > 0).then(|| self.started + turn)
    }

    /// What is due next, and when: the turn's next step, or a held reminder (which says what
    /// the last step said) if its morning comes first.
    pub fn next(&self, rules: &Rules) -> Option<(u64, Due)> {
        let turn = rules.turn?;
        if self.started == 0 || self.is_paused() {
            return None;
        }
        let step = match self.reminded {
            0 => (self.started + turn / 2, Due::HalfTime),
            1 => (self.started + turn - turn / 6, Due::NearEnd),
            _ => (self.started + turn, Due::Deadline),
        };
        let held = self.held.values().min().map(|at| (*at, self.last_reminder()));
        Some(held.filter(|(at, _)| *at < step.0).unwrap_or(step))
    }

    /// The reminder the turn's time called for last: what a held one says when it comes.
    pub fn last_reminder(&self) -> Due {
        if self.reminded >= 2 { Due::NearEnd } else { Due::HalfTime }
    }

    /// The seats whose held reminder is due at `now` (none while the clock does not run).
    pub fn mornings(&self, now: u64) -> Vec<Seat> {
        if self.started == 0 || self.is_paused() {
            return Vec::new();
        }
        self.held.iter().filter(|(_, at)| **at <= now).map(|(seat, _)| *seat).collect()
    }

    /// What is due at `now`: the latest step of the turn whose time has come (a tick that comes
    /// late — the bot was down — skips reminders that would be stale and goes straight to what
    /// the time calls for); `None` when nothing is. Held reminders are [`TurnClock::mornings`].
    pub fn due_at(&self, rules: &Rules, now: u64) -> Option<Due> {
        let turn = rules.turn?;
        if self.started == 0 || self.is_paused() {
            return None;
        }
        let deadline = self.started + turn;
        if now >= deadline {
            Some(Due::Deadline)
        } else if now >= deadline - turn / 6 && self.reminded < 2 {
            Some(Due::NearEnd)
        } else if now >= self.started + turn / 2 && self.reminded < 1 {
            Some(Due::HalfTime)
        } else {
            None
        }
    }

    /// The time left at `now`, zero once past the deadline; `None` without a limit.
    pub fn left(&self, rules: &Rules, now: u64) -> Option<u64> {
        let now = if self.is_paused() { self.paused_at } else { now };
        self.deadline(rules).map(|deadline| deadline.saturating_sub(now.max(self.started)))
    }
}

/// Local hours in which no reminder comes to a player who set their time zone (`/tz`).
pub const QUIET_FROM_HOUR: u64 = 22;
pub const QUIET_TO_HOUR: u64 = 8;

/// When the quiet hours end, if `now` falls in them for a player `offset` minutes east of UTC.
pub fn quiet_until(now: u64, offset: i32) -> Option<u64> {
    let local = (now as i64 + i64::from(offset) * MINUTE as i64).rem_euclid(DAY as i64) as u64;
    let (from, to) = (QUIET_FROM_HOUR * HOUR, QUIET_TO_HOUR * HOUR);
    if local >= from {
        Some(now + (DAY - local) + to)
    } else if local < to {
        Some(now + (to - local))
    } else {
        None
    }
}

/// A time zone as a player types it: `+3`, `-5`, `+5:30`, `UTC+3`, `GMT-2`, `0`; minutes east
/// of UTC, from −12 h to +14 h.
pub fn parse_offset(text: &str) -> Option<i32> {
    let upper = text.trim().to_ascii_uppercase();
    let rest = upper.strip_prefix("UTC").or_else(|| upper.strip_prefix("GMT")).unwrap_or(&upper);
    if rest.is_empty() {
        return (upper != rest).then_some(0);
    }
    let (sign, digits) = match rest.as_bytes()[0] {
        b'+' => (1, &rest[1..]),
        b'-' => (-1, &rest[1..]),
        _ => (1, rest),
    };
    let (hours, minutes) = digits.split_once(':').unwrap_or((digits, "0"));
    let all_digits =
        |s: &str| !s.is_empty() && s.len() <= 2 && s.bytes().all(|b| b.is_ascii_digit());
    if !all_digits(hours) || !all_digits(minutes) {
        return None;
    }
    let (hours, minutes): (i32, i32) = (hours.parse().ok()?, minutes.parse().ok()?);
    if minutes >= 60 {
        return None;
    }
    let offset = sign * (hours * 60 + minutes);
    (-12 * 60..=14 * 60).contains(&offset).then_some(offset)
}

/// An offset as `/tz` shows it: `UTC+3`, `UTC−5:30`, `UTC`.
pub fn offset_text(offset: i32) -> String {
    let sign = if offset < 0 { '−' } else { '+' };
    let (hours, minutes) = (offset.abs() / 60, offset.abs() % 60);
    match (hours, minutes) {
        (0, 0) => "UTC".to_string(),
        (h, 0) => format!("UTC{sign}{h}"),
        (h, m) => format!("UTC{sign}{h}:{m:02}"),
    }
}

/// A duration as people say it, to the minute above (a reminder a moment after half time of
/// 24 h still says "12 h"): "2 d 3 h", "5 h 10 min", "4 min", "0 min".
pub fn human(ms: u64) -> String {
    let minutes = ms.div_ceil(MINUTE);
    let (days, hours, minutes) = (minutes / (24 * 60), minutes % (24 * 60) / 60, minutes % 60);
    match (days, hours, minutes) {
        (0, 0, m) => format!("{m} min"),
        (0, h, 0) => format!("{h} h"),
        (0, h, m) => format!("{h} h {m} min"),
        (d, 0, _) => format!("{d} d"),
        (d, h, _) => format!("{d} d {h} h"),
    }
}

/// [`human`] in `lang`'s words and order ("2 dni 3 godz.", "5分钟"): the same rounding, the
/// units and their plural forms from the `duration-*` messages.
pub fn human_in(i18n: &crate::i18n::I18n, lang: &str, ms: u64) -> String {
    let minutes = ms.div_ceil(MINUTE);
    let (days, hours, minutes) = (minutes / (24 * 60), minutes % (24 * 60) / 60, minutes % 60);
    let unit = |id: &str, n: u64| i18n.text(lang, id, &[("n", (n as usize).into())]);
    let pair = |first: String, second: String| {
        i18n.text(lang, "duration-pair", &[("first", first.into()), ("second", second.into())])
    };
    match (days, hours, minutes) {
        (0, 0, m) => unit("duration-minutes", m),
        (0, h, 0) => unit("duration-hours", h),
        (0, h, m) => pair(unit("duration-hours", h), unit("duration-minutes", m)),
        (d, 0, _) => unit("duration-days", d),
        (d, h, _) => pair(unit("duration-days", d), unit("duration-hours", h)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_speak_each_language() {
        let i18n = crate::i18n::I18n::new();
        let d = DAY + 3 * HOUR + 59 * MINUTE;
        for lang in crate::i18n::LANGUAGES {
            assert!(!human_in(&i18n, lang, d).contains('{'), "{lang}");
        }
        assert_eq!(human_in(&i18n, "en", d), human(d));
        assert_eq!(human_in(&i18n, "en", 5 * HOUR + 10 * MINUTE), "5 h 10 min");
        assert_eq!(human_in(&i18n, "pl", 2 * DAY + 3 * HOUR), "2 dni 3 godz.");
        assert_eq!(human_in(&i18n, "pl", DAY), "1 dzień");
        assert_eq!(human_in(&i18n, "uk", 5 * DAY), "5 днів");
        assert_eq!(human_in(&i18n, "be", 2 * DAY), "2 дні");
        assert_eq!(human_in(&i18n, "bg", 2 * DAY + HOUR), "2 дни 1 ч");
        assert_eq!(human_in(&i18n, "zh", 5 * HOUR + 10 * MINUTE), "5小时10分钟");
        assert_eq!(human_in(&i18n, "ru", 4 * MINUTE), "4 мин");
    }

    #[test]
    fn durations_read_and_print() {
        assert_eq!(parse_duration("5m"), Some(5 * MINUTE));
        assert_eq!(parse_duration("24h"), Some(DAY));
        assert_eq!(parse_duration("7d"), Some(7 * DAY));
        assert_eq!(parse_duration("off"), None);
        assert_eq!(parse_duration(""), None);
        assert_eq!(human(DAY + 3 * HOUR + 59 * MINUTE), "1 d 3 h");
        assert_eq!(human(5 * HOUR + 10 * MINUTE), "5 h 10 min");
        assert_eq!(human(12 * HOUR - 5), "12 h");
        assert_eq!(human(4 * MINUTE + 1_000), "5 min");
        assert_eq!(human(59_000), "1 min");
        assert_eq!(human(0), "0 min");
    }

    #[test]
    fn every_turn_value_of_both_paces_is_a_duration_or_off() {
        for pace in [Pace::Live, Pace::Long] {
            for value in settings(pace)[0].values {
                assert!(parse_duration(value).is_some() || *value == "off", "{value}");
            }
        }
    }

    #[test]
    fn a_turn_is_reminded_at_half_time_and_near_the_end_then_due() {
        let rules = Rules { turn: Some(6 * HOUR), policy: Policy::Skip, misses: Some(3) };
        let mut clock = TurnClock::default();
        assert_eq!(clock.next(&rules), None, "not running before the game starts");
        clock.restart(1000);
        assert_eq!(clock.next(&rules), Some((1000 + 3 * HOUR, Due::HalfTime)));
        clock.reminded = 1;
        assert_eq!(clock.next(&rules), Some((1000 + 5 * HOUR, Due::NearEnd)));
        clock.reminded = 2;
        assert_eq!(clock.next(&rules), Some((1000 + 6 * HOUR, Due::Deadline)));
        // A late tick goes to what the time calls for, skipping stale reminders.
        clock.reminded = 0;
        assert_eq!(clock.due_at(&rules, 1000 + 3 * HOUR - 1), None);
        assert_eq!(clock.due_at(&rules, 1000 + 3 * HOUR), Some(Due::HalfTime));
        assert_eq!(clock.due_at(&rules, 1000 + 5 * HOUR), Some(Due::NearEnd));
        assert_eq!(clock.due_at(&rules, 1000 + 6 * HOUR), Some(Due::Deadline));
        clock.reminded = 2;
        assert_eq!(clock.due_at(&rules, 1000 + 5 * HOUR + 1), None, "reminded already");
        assert_eq!(clock.left(&rules, 1000 + HOUR), Some(5 * HOUR));
        assert_eq!(clock.left(&rules, 1000 + 7 * HOUR), Some(0));
        let off = Rules { turn: None, ..rules };
        assert_eq!(clock.next(&off), None);
    }

    #[test]
    fn a_held_reminder_is_due_at_its_players_morning_and_says_what_the_turn_said_last() {
        let rules = Rules { turn: Some(6 * HOUR), policy: Policy::Skip, misses: None };
        let mut clock = TurnClock::default();
        clock.restart(1000);
        clock.reminded = 1;
        clock.held.insert(1, 1000 + 4 * HOUR);
        assert_eq!(clock.next(&rules), Some((1000 + 4 * HOUR, Due::HalfTime)));
        assert_eq!(clock.mornings(1000 + 4 * HOUR - 1), Vec::<Seat>::new());
        assert_eq!(clock.mornings(1000 + 4 * HOUR), vec![1]);
        assert_eq!(clock.due_at(&rules, 1000 + 4 * HOUR), None, "not a step of the turn");
        // A morning after the next step: the step comes first.
        clock.held.insert(1, 1000 + 5 * HOUR + 30 * MINUTE);
        assert_eq!(clock.next(&rules), Some((1000 + 5 * HOUR, Due::NearEnd)));
        clock.reminded = 2;
        assert_eq!(clock.next(&rules), Some((1000 + 5 * HOUR + 30 * MINUTE, Due::NearEnd)));
        clock.pause(1000 + 5 * HOUR);
        assert!(clock.mornings(1000 + 6 * HOUR).is_empty(), "a stopped clock");
        clock.restart(2000);
        assert!(clock.held.is_empty(), "a new turn");
    }

    /// A record from before reminders were kept per seat: its table-wide `reminded` reads as
    /// before, and its table-wide hold is not read — the held reminder falls due by the turn's
    /// own time, where each player's quiet hours are asked again.
    #[test]
    fn an_older_clock_record_reads_with_its_reminders_done() {
        let old = r#"{"started":1000,"reminded":1,"held_until":99999999,"nudged":0,"paused_at":0}"#;
        let clock: TurnClock = serde_json::from_str(old).unwrap();
        assert_eq!(clock.reminded, 1);
        assert!(clock.held.is_empty());
        let rules = Rules { turn: Some(6 * HOUR), policy: Policy::Skip, misses: None };
        assert_eq!(clock.next(&rules), Some((1000 + 5 * HOUR, Due::NearEnd)));
    }

    #[test]
    fn a_paused_clock_is_never_due_and_keeps_the_time_left() {
        let rules = Rules { turn: Some(6 * HOUR), policy: Policy::Skip, misses: None };
        let mut clock = TurnClock::default();
        clock.restart(1000);
        clock.pause(1000 + HOUR);
        assert_eq!(clock.next(&rules), None);
        assert_eq!(clock.due_at(&rules, 1000 + 100 * HOUR), None);
        assert_eq!(clock.left(&rules, 1000 + 50 * HOUR), Some(5 * HOUR));
        clock.resume(1000 + 51 * HOUR);
        assert_eq!(clock.left(&rules, 1000 + 51 * HOUR), Some(5 * HOUR));
        assert_eq!(clock.next(&rules), Some((1000 + 53 * HOUR, Due::HalfTime)));
    }

    #[test]
    fn quiet_hours_run_from_ten_at_night_to_eight_in_the_morning_local_time() {
        let midnight = 20_000 * DAY; // a UTC midnight
        assert_eq!(quiet_until(midnight + 12 * HOUR, 0), None);
        assert_eq!(quiet_until(midnight + 22 * HOUR, 0), Some(midnight + DAY + 8 * HOUR));
        assert_eq!(quiet_until(midnight + 3 * HOUR, 0), Some(midnight + 8 * HOUR));
        assert_eq!(quiet_until(midnight + 8 * HOUR, 0), None, "the morning has come");
        assert_eq!(quiet_until(midnight + 21 * HOUR + 59 * MINUTE, 0), None);
        // 20:00 UTC is 23:00 at UTC+3, quiet until 08:00 there (05:00 UTC).
        assert_eq!(quiet_until(midnight + 20 * HOUR, 180), Some(midnight + DAY + 5 * HOUR));
        // 12:00 UTC is 01:30 the same day at UTC−10:30, quiet for 6.5 h more.
        let until = quiet_until(midnight + 12 * HOUR, -630);
        assert_eq!(until, Some(midnight + 18 * HOUR + 30 * MINUTE));
    }

    /// Found by `tests/fuzz_commands.rs`: a forged `turn` setting (a stored record's) ending
    /// in a multi-byte character panicked the split, and a huge number overflowed.
    #[test]
    fn a_forged_turn_value_is_refused_not_panicked_on() {
        for bad in ["5é", "é", "", "m", "99999999999999999999d", "18446744073709551615h", "-1m"] {
            assert_eq!(parse_duration(bad), None, "{bad:?}");
        }
        assert_eq!(parse_duration("90m"), Some(90 * MINUTE));
        assert_eq!(parse_duration("2d"), Some(2 * DAY));
    }

    #[test]
    fn time_zones_read_as_players_type_them() {
        for (text, minutes) in [
            ("+3", 180),
            ("3", 180),
            ("-5", -300),
            ("+5:30", 330),
            ("UTC+3", 180),
            ("gmt-2", -120),
            ("UTC", 0),
            ("0", 0),
            ("+14", 840),
            ("-12", -720),
        ] {
            assert_eq!(parse_offset(text), Some(minutes), "{text}");
        }
        for bad in ["", "+15", "-13", "+3:60", "abc", "+", "UTC+", "+3:3:3", "+123"] {
            assert_eq!(parse_offset(bad), None, "{bad}");
        }
        assert_eq!(offset_text(180), "UTC+3");
        assert_eq!(offset_text(-330), "UTC−5:30");
        assert_eq!(offset_text(0), "UTC");
    }

    #[test]
    fn rules_come_from_the_settings_with_the_paces_defaults() {
        let live = Rules::of(&Settings::new(), Pace::Live);
        assert_eq!(live, Rules { turn: Some(HOUR), policy: Policy::Skip, misses: Some(3) });
        assert_eq!(Rules::of(&Settings::new(), Pace::Long).turn, Some(DAY));
        let mut chosen = Settings::new();
        chosen.insert("turn".into(), "off".into());
        chosen.insert("timeout".into(), "remove".into());
        chosen.insert("misses".into(), "never".into());
        let rules = Rules::of(&chosen, Pace::Long);
        assert_eq!(rules, Rules { turn: None, policy: Policy::Remove, misses: None });
    }
}
