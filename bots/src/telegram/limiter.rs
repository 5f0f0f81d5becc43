//! The bot's own pacing of Bot API calls, so that Telegram never has to refuse one with 429,
//! and a busy group sees its board at an even pace.
//!
//! Telegram's limits for a bot: about one message per second in a chat, 20 per minute in a
//! group, 30 per second overall; edits count like messages. Every call that creates or edits
//! a message takes a [`Permit`] for its chat first ([`Limiter::acquire`]), which waits until:
//!
//! - no other such call to that chat is in flight (a chat's calls never overtake each other);
//! - a second has passed since the chat's previous call *returned*;
//! - in a group (a negative chat id), its **pace** allows it: a few calls
//!   ([`Limits::group_burst`]) may go a second apart after a quiet spell, and beyond them one
//!   per [`Limits::group_spacing`] (a token bucket: 3 at once, then one every 3.5 s);
//! - in a group, fewer than 20 calls returned in the last minute;
//! - fewer than 30 calls, all chats together, are in flight or returned in the last second;
//! - a `retry_after` Telegram gave for the chat ([`Limiter::penalize`]) has run out.
//!
//! **Why an even pace.** With only the per-minute count, a group playing briskly got its 20
//! calls in the first 20 seconds and then nothing for 40: the board lagged 40 s behind a press
//! at the 95th percentile. The bucket's burst and rate are chosen so that together they never
//! exceed the minute's 20 (3 + 17 per 60 s), so a busy group's calls come one every 3.5 s and
//! the per-minute count, still enforced, never has to stop it. Which message goes when a call
//! is allowed is the deliverer's choice: it re-reads the table's outbox after
//! [`Limiter::ready`], and coalescing leaves only the newest board, ahead of the ping of the
//! turn it shows (`igroteka::outbox`).
//!
//! Times are taken when a call returns, not when it is sent: Telegram counts a call when it
//! arrives, which is after it was sent and before it returns, so by counting returns the bot
//! never sees a window where Telegram counts more. (The pace is charged when a call starts:
//! it only spreads the calls; the per-minute count is what keeps them within the limit.)
//! Deletions are paced by the overall limit only. `answerCallbackQuery` is never paced: a
//! press is answered at once, whatever the message queue holds.
//!
//! **Restarts.** Telegram keeps counting while the bot restarts, so a bot that forgot its
//! calls at every start could, in a crash loop, send a group its whole minute again and again
//! (32 and 53 calls within a minute were seen). So each group's calls of the last minute are
//! kept in a [`Journal`] (the store, `super::pace`), written as each call returns, without a
//! flush of its own; when the limiter first meets a chat after a start, it counts them again.
//! What the journal may have lost — the call in flight at the crash, or one whose record had
//! not reached the disk (the store writes out within a tenth of a second, and a chat's calls
//! are a second apart) — is covered by counting **the start itself as a call in every chat**:
//! a chat waits a second before its first call, and a group's pace and minute start with that
//! one call spent. Starting every group's budget as spent would also be safe, but would hold
//! every game's first board up to a minute after each restart; the journal costs one small
//! unflushed write per call and keeps the pace exact.
//!
//! **Several processes.** When processes share the store ([`Journal::shared`]), a group's
//! tables may be delivered by any of them (one at a time per table, by the delivery lease), so
//! each process's memory of the group is only its own calls. Before each message call to a
//! group, the limiter therefore reads the group's journal again and counts the calls it finds
//! there that it did not make ([`Limiter::catch_up`]); as every process writes its merged view
//! back when a call returns, the record holds every process's calls, and the pace and the
//! minute are the group's, not the process's. A private chat's second between calls is
//! shared the same way: its table's lease may move to another process between two edits of
//! a player's private board (two edits 0.9 s apart from two processes earned a 429 in
//! `postgres_games`), so with a shared journal a private chat's last call is kept and read
//! too. One small read and write per message call with several processes; none for a
//! private chat with one process.
//!
//! **Benchmarks only: a raised overall cap.** `IGROTEKA_BENCH_TELEGRAM_OVERALL=N` makes the
//! overall limit N calls a second instead of 30 ([`Limits::bench_overall`]), so that
//! bots/benches/vps_budget.rs can find the machine's own ceiling against an emulator whose cap
//! it raises to match. Against the real Telegram it only earns 429s; the bot warns when it is
//! set.

use std::collections::{HashMap, VecDeque};
use std::fmt::Debug;
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use tokio::sync::Notify;
use tokio::time::Instant;

/// The numbers the limiter enforces.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// The least time between the end of a call to a chat and the next call to it.
    pub chat_gap: Duration,
    /// Calls to one group per `group_window`.
    pub group_max: usize,
    pub group_window: Duration,
    /// Calls a group may make a `chat_gap` apart after a quiet spell; the rest of its budget
    /// is spread evenly ([`Limits::group_spacing`]).
    pub group_burst: usize,
    /// Calls to all chats together per `global_window`.
    pub global_max: usize,
    pub global_window: Duration,
}

impl Limits {
    /// Telegram's published limits, and a burst of three (a game's start strips the lobby,
    /// sends the board and pings the first player).
    pub const TELEGRAM: Limits = Limits {
        chat_gap: Duration::from_secs(1),
        group_max: 20,
        group_window: Duration::from_secs(60),
        group_burst: 3,
        global_max: 30,
        global_window: Duration::from_secs(1),
    };

    /// A busy group's time between calls: the burst plus one call per spacing never make more
    /// than `group_max` calls in a `group_window` (Telegram's: 60 s / 17, about 3.5 s).
    pub fn group_spacing(&self) -> Duration {
        let paced = self.group_max.saturating_sub(self.group_burst).max(1) as u128;
        let nanos = self.group_window.as_nanos().div_ceil(paced);
        Duration::from_nanos(u64::try_from(nanos).unwrap_or(u64::MAX))
    }

    /// The limits with the overall cap raised to `setting` (the value of
    /// `IGROTEKA_BENCH_TELEGRAM_OVERALL`: a number of calls a second) — for benchmarks only,
    /// see the module docs. Unset, not a number or zero leaves them as they are.
    pub fn bench_overall(self, setting: Option<&str>) -> Limits {
        match setting.and_then(|n| n.trim().parse::<usize>().ok()).filter(|n| *n > 0) {
            Some(cap) => Limits { global_max: cap, ..self },
            None => self,
        }
    }

    /// How far a group's pace may run ahead of now: the burst, less the call being made.
    fn group_tolerance(&self) -> Duration {
        let ahead = self.group_burst.saturating_sub(1);
        self.group_spacing() * u32::try_from(ahead).unwrap_or(u32::MAX)
    }
}

/// Where the limiter keeps each group's recent calls over a restart.
pub trait Journal: Debug + Send + Sync {
    /// When the group's last calls returned, in milliseconds since the Unix epoch, as last
    /// saved (any order; old ones are ignored).
    fn load(&self, chat: i64) -> Vec<u64>;
    /// Saves when the group's calls of the last window returned (oldest first).
    fn save(&self, chat: i64, times: &[u64]);
    /// Whether other processes write this journal too: then a group's record is read again
    /// before each call to it ([`Limiter::catch_up`]).
    fn shared(&self) -> bool {
        false
    }
    /// The clock those times are read on.
    fn now_ms(&self) -> u64 {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
            .unwrap_or(0)
    }
}

/// No journal: the limiter remembers only its own run.
#[cfg(test)]
#[derive(Debug)]
pub struct Forgetful;

#[cfg(test)]
impl Journal for Forgetful {
    fn load(&self, _chat: i64) -> Vec<u64> {
        Vec::new()
    }
    fn save(&self, _chat: i64, _times: &[u64]) {}
}

/// What a call does, as far as the limits care.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Sends or edits a message: every limit applies.
    Message,
    /// Deletes a message: only the overall limit applies.
    Delete,
}

#[derive(Debug)]
pub struct Limiter {
    limits: Limits,
    journal: Arc<dyn Journal>,
    state: Mutex<State>,
    /// Signalled whenever a permit is released or a penalty set.
    changed: Notify,
}

#[derive(Debug)]
struct State {
    started: Instant,
    chats: HashMap<i64, Chat>,
    /// When recent calls (all chats) returned.
    returned: VecDeque<Instant>,
    in_flight: usize,
}

#[derive(Debug)]
struct Chat {
    busy: bool,
    /// When the chat's last call returned (at first: the limiter's start).
    last: Instant,
    /// When its recent message calls returned (groups: the last minute's).
    recent: VecDeque<Instant>,
    /// A group's pace: when its calls so far would be paid for at one per spacing (a token
    /// bucket as a single time, the "theoretical arrival time" of GCRA). A call may go while
    /// this is at most the burst's tolerance ahead of now.
    paid_until: Option<Instant>,
    /// No call before this (a `retry_after` from Telegram).
    blocked_until: Option<Instant>,
}

impl Chat {
    /// A chat met for the first time since the limiter started at `started`: the calls
    /// `earlier` (a group's, from the journal) and the start itself count as its calls.
    fn new(started: Instant, mut earlier: Vec<Instant>, limits: &Limits) -> Chat {
        earlier.push(started);
        earlier.sort();
        let mut chat = Chat {
            busy: false,
            last: started,
            recent: VecDeque::new(),
            paid_until: None,
            blocked_until: None,
        };
        for at in earlier {
            chat.charge(at, limits);
            chat.returned(at);
        }
        chat
    }

    /// Charges a call starting `at` to the group's pace.
    fn charge(&mut self, at: Instant, limits: &Limits) {
        let from = self.paid_until.map_or(at, |paid| paid.max(at));
        self.paid_until = Some(from + limits.group_spacing());
    }

    /// Notes a call that returned `at`.
    fn returned(&mut self, at: Instant) {
        self.last = self.last.max(at);
        self.recent.push_back(at);
    }

    /// Counts the calls in `journal` (another process's, when the journal is shared) that
    /// this chat's memory lacks: a time within [`SAME_CALL`] of a remembered one is that call
    /// (the journal keeps milliseconds).
    fn merge(&mut self, journal: Vec<Instant>, limits: &Limits) {
        let theirs: Vec<Instant> = journal
            .into_iter()
            .filter(|at| !self.recent.iter().any(|ours| apart(*ours, *at) <= SAME_CALL))
            .collect();
        if theirs.is_empty() {
            return;
        }
        for at in &theirs {
            self.charge(*at, limits);
            self.last = self.last.max(*at);
        }
        let mut recent: Vec<Instant> = self.recent.drain(..).chain(theirs).collect();
        recent.sort();
        self.recent = recent.into();
    }
}

/// How far apart two records of one call may be: the journal keeps whole milliseconds, and
/// converting an instant there and back may move it by one.
const SAME_CALL: Duration = Duration::from_millis(2);

fn apart(a: Instant, b: Instant) -> Duration {
    a.max(b) - a.min(b)
}

/// Leave to make one call; dropping it records when the call returned.
#[derive(Debug)]
pub struct Permit<'a> {
    limiter: &'a Limiter,
    chat: i64,
    kind: Kind,
}

/// Chats remembered before idle ones are forgotten (a group's journal still holds its minute).
const CHATS_MAX: usize = 10_000;

impl Drop for Permit<'_> {
    fn drop(&mut self) {
        let limiter = self.limiter;
        let now = Instant::now();
        let kept = {
            let mut state = limiter.lock();
            if state.chats.len() > CHATS_MAX {
                let window = limiter.limits.group_window;
                state.chats.retain(|_, chat| {
                    chat.busy
                        || now.duration_since(chat.last) < window
                        || chat.blocked_until.is_some_and(|until| until > now)
                });
            }
            state.in_flight = state.in_flight.saturating_sub(1);
            state.returned.push_back(now);
            match self.kind {
                Kind::Message => {
                    let chat = limiter.chat(&mut state, self.chat);
                    chat.busy = false;
                    chat.returned(now);
                    let private = self.chat >= 0;
                    limiter.journaled(self.chat).then(|| limiter.journal_record(chat, now, private))
                }
                Kind::Delete => None,
            }
        };
        // A chat's next call is a second away: no other save for it can overtake this one.
        if let Some(times) = kept {
            limiter.journal.save(self.chat, &times);
        }
        limiter.changed.notify_waiters();
    }
}

impl Limiter {
    /// A limiter that remembers only its own run.
    #[cfg(test)]
    pub fn new(limits: Limits) -> Limiter {
        Limiter::with_journal(limits, Arc::new(Forgetful))
    }

    /// A limiter that keeps each group's recent calls in `journal`, and counts what it finds
    /// there from before its start.
    pub fn with_journal(limits: Limits, journal: Arc<dyn Journal>) -> Limiter {
        let setting = std::env::var("IGROTEKA_BENCH_TELEGRAM_OVERALL").ok();
        let limits = limits.bench_overall(setting.as_deref());
        if setting.is_some() {
            tracing::warn!(
                "telegram: IGROTEKA_BENCH_TELEGRAM_OVERALL: {} calls a second overall (Telegram                  allows 30) — for benchmarks against an emulator only",
                limits.global_max
            );
        }
        let state = State {
            started: Instant::now(),
            chats: HashMap::new(),
            returned: VecDeque::new(),
            in_flight: 0,
        };
        Limiter { limits, journal, state: Mutex::new(state), changed: Notify::new() }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The chat's state, made on first meeting from the journal (see the module docs).
    fn chat<'s>(&self, state: &'s mut State, chat: i64) -> &'s mut Chat {
        let started = state.started;
        state.chats.entry(chat).or_insert_with(|| {
            let earlier = if self.journaled(chat) { self.remembered(chat) } else { Vec::new() };
            Chat::new(started, earlier, &self.limits)
        })
    }

    /// Whether the journal keeps `chat`'s calls: a group's always, a private chat's only when
    /// processes share the journal (see the module docs).
    fn journaled(&self, chat: i64) -> bool {
        chat < 0 || self.journal.shared()
    }

    /// With a shared journal, counts the chat's calls that other processes made since this
    /// one last looked (see the module docs); nothing with an unshared journal.
    fn catch_up(&self, chat: i64) {
        if !self.journal.shared() {
            return;
        }
        let met = self.lock().chats.contains_key(&chat);
        if !met {
            // Meeting it reads the journal anyway.
            let mut state = self.lock();
            self.chat(&mut state, chat);
            return;
        }
        let journal = self.remembered(chat);
        let mut state = self.lock();
        self.chat(&mut state, chat).merge(journal, &self.limits);
    }

    /// The group's calls of the last window the journal kept, as instants.
    fn remembered(&self, chat: i64) -> Vec<Instant> {
        let (now, now_ms) = (Instant::now(), self.journal.now_ms());
        let window = self.limits.group_window;
        self.journal
            .load(chat)
            .into_iter()
            .filter_map(|at| {
                // A time ahead of the clock (it was set back) counts as now.
                let age = Duration::from_millis(now_ms.saturating_sub(at));
                if age < window { now.checked_sub(age) } else { None }
            })
            .collect()
    }

    /// What the journal keeps of a chat: when a group's calls of the last window returned,
    /// when a private chat's last call did (all its one limit needs).
    fn journal_record(&self, chat: &Chat, now: Instant, private: bool) -> Vec<u64> {
        let now_ms = self.journal.now_ms();
        let window = self.limits.group_window;
        let kept = if private { 1 } else { chat.recent.len() };
        chat.recent
            .iter()
            .skip(chat.recent.len() - kept.min(chat.recent.len()))
            .filter(|at| now.duration_since(**at) < window)
            .map(|at| {
                let age = u64::try_from(now.duration_since(*at).as_millis()).unwrap_or(u64::MAX);
                now_ms.saturating_sub(age)
            })
            .collect()
    }

    /// Waits until a message call to `chat` would be allowed, without taking the leave (the
    /// deliverer re-reads its queue after this, so only the newest state goes out).
    pub async fn ready(&self, chat: i64) {
        self.catch_up(chat);
        loop {
            let changed = self.changed.notified();
            let wait = {
                let mut state = self.lock();
                self.wait(&mut state, chat, Kind::Message, Instant::now())
            };
            match wait {
                Wait::Go => return,
                Wait::Until(at) => sleep_or_change(at, changed).await,
                Wait::Change => changed.await,
            }
        }
    }

    /// Waits for leave to make one call of `kind` to `chat`.
    pub async fn acquire(&self, chat: i64, kind: Kind) -> Permit<'_> {
        if kind == Kind::Message {
            self.catch_up(chat);
        }
        loop {
            let changed = self.changed.notified();
            let wait = {
                let mut state = self.lock();
                let now = Instant::now();
                let wait = self.wait(&mut state, chat, kind, now);
                if wait == Wait::Go {
                    state.in_flight += 1;
                    if kind == Kind::Message {
                        let entry = self.chat(&mut state, chat);
                        entry.busy = true;
                        if chat < 0 {
                            entry.charge(now, &self.limits);
                        }
                    }
                }
                wait
            };
            match wait {
                Wait::Go => return Permit { limiter: self, chat, kind },
                Wait::Until(at) => sleep_or_change(at, changed).await,
                Wait::Change => changed.await,
            }
        }
    }

    /// Telegram asked to wait `after` before the next call to `chat`.
    pub fn penalize(&self, chat: i64, after: Duration) {
        {
            let mut state = self.lock();
            let until = Instant::now() + after;
            let chat = self.chat(&mut state, chat);
            chat.blocked_until = Some(chat.blocked_until.map_or(until, |b| b.max(until)));
        }
        self.changed.notify_waiters();
    }

    /// Whether a call may start now, and if not, until when (or until what) to wait.
    fn wait(&self, state: &mut State, chat: i64, kind: Kind, now: Instant) -> Wait {
        let limits = self.limits;
        let mut until = None::<Instant>;
        let mut later = |at: Instant| {
            if at > now {
                until = Some(until.map_or(at, |u: Instant| u.max(at)));
            }
        };
        while state.returned.front().is_some_and(|t| now.duration_since(*t) >= limits.global_window)
        {
            state.returned.pop_front();
        }
        if state.in_flight + state.returned.len() >= limits.global_max {
            match state.returned.front() {
                Some(oldest) if state.in_flight < limits.global_max => {
                    later(*oldest + limits.global_window)
                }
                _ => return Wait::Change,
            }
        }
        if kind == Kind::Message {
            let entry = self.chat(state, chat);
            if entry.busy {
                return Wait::Change;
            }
            later(entry.last + limits.chat_gap);
            if let Some(blocked) = entry.blocked_until {
                later(blocked);
            }
            while entry
                .recent
                .front()
                .is_some_and(|t| now.duration_since(*t) >= limits.group_window)
            {
                entry.recent.pop_front();
            }
            if chat < 0 {
                if entry.recent.len() >= limits.group_max {
                    let oldest = entry.recent[entry.recent.len() - limits.group_max];
                    later(oldest + limits.group_window);
                }
                let tolerance = limits.group_tolerance();
                if let Some(paid) = entry.paid_until
                    && paid > now + tolerance
                {
                    later(paid - tolerance);
                }
            }
        }
        match until {
            None => Wait::Go,
            Some(at) => Wait::Until(at),
        }
    }
}

#[derive(Debug, PartialEq, Eq)]
enum Wait {
    Go,
    Until(Instant),
    /// Until a permit is released.
    Change,
}

async fn sleep_or_change(at: Instant, changed: tokio::sync::futures::Notified<'_>) {
    tokio::select! {
        () = tokio::time::sleep_until(at) => {}
        () = changed => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GROUP: i64 = -100;
    const USER: i64 = 42;

    /// Makes `n` calls to `chat`, each taking `took`, and returns when each was allowed to
    /// start, measured from the limiter's start.
    async fn calls(limiter: &Limiter, chat: i64, n: usize, took: Duration) -> Vec<Duration> {
        let start = limiter.lock().started;
        let mut starts = Vec::new();
        for _ in 0..n {
            let permit = limiter.acquire(chat, Kind::Message).await;
            starts.push(Instant::now() - start);
            tokio::time::sleep(took).await;
            drop(permit);
        }
        starts
    }

    /// Whether no `window` holds more than `max` of the (sorted) times.
    fn within(times: &[Duration], max: usize, window: Duration) -> bool {
        times.windows(max + 1).all(|w| w[max] - w[0] >= window)
    }

    #[test]
    fn the_benchmarks_overall_cap_changes_only_the_overall_limit() {
        let telegram = Limits::TELEGRAM;
        let raised = telegram.bench_overall(Some("5000"));
        assert_eq!(raised.global_max, 5000);
        assert_eq!(
            (raised.chat_gap, raised.group_max, raised.group_burst, raised.global_window),
            (telegram.chat_gap, telegram.group_max, telegram.group_burst, telegram.global_window)
        );
        for unset in [None, Some(""), Some("lots"), Some("0"), Some("-3")] {
            assert_eq!(telegram.bench_overall(unset).global_max, 30, "{unset:?}");
        }
    }

    #[tokio::test(start_paused = true)]
    async fn a_chat_gets_one_call_a_second_after_the_previous_returned() {
        let limiter = Limiter::new(Limits::TELEGRAM);
        let starts = calls(&limiter, USER, 4, Duration::from_millis(300)).await;
        // The first waits the start-up second; each next one a second after the previous
        // returned (0.3 s after it started).
        let expected: Vec<Duration> =
            [1000, 2300, 3600, 4900].iter().map(|ms| Duration::from_millis(*ms)).collect();
        assert_eq!(starts, expected);
    }

    #[tokio::test(start_paused = true)]
    async fn a_busy_group_gets_an_even_pace_within_twenty_calls_a_minute() {
        let limits = Limits::TELEGRAM;
        let spacing = limits.group_spacing();
        assert!(spacing > Duration::from_millis(3520) && spacing < Duration::from_millis(3530));
        let limiter = Limiter::new(limits);
        let starts = calls(&limiter, GROUP, 60, Duration::ZERO).await;
        // The start counts as a call: two more go a second apart, then one per spacing.
        assert_eq!(starts[..2], [Duration::from_secs(1), Duration::from_secs(2)]);
        for (i, start) in starts.iter().enumerate().skip(2) {
            // (tokio's timer counts whole milliseconds)
            let off = start.abs_diff(spacing * (i as u32 - 1));
            assert!(off <= Duration::from_millis(1), "call {i}: {starts:?}");
        }
        assert!(within(&starts, 20, limits.group_window), "{starts:?}");
        // After a quiet spell the burst is back.
        tokio::time::sleep(Duration::from_secs(20)).await;
        let quiet = calls(&limiter, GROUP, 4, Duration::ZERO).await;
        let second = Duration::from_secs(1);
        assert_eq!([quiet[1] - quiet[0], quiet[2] - quiet[1]], [second, second]);
        assert!((quiet[3] - quiet[0]).abs_diff(spacing) <= Duration::from_millis(1));
        // A private chat has no pace and no per-minute limit.
        let private = calls(&limiter, USER, 22, Duration::ZERO).await;
        assert!(private[21] - private[0] == Duration::from_secs(21), "{private:?}");
    }

    /// A journal in memory, on tokio's (paused) clock.
    #[derive(Debug)]
    struct Memory {
        epoch: Instant,
        times: Mutex<HashMap<i64, Vec<u64>>>,
    }

    impl Journal for Memory {
        fn load(&self, chat: i64) -> Vec<u64> {
            self.times.lock().unwrap().get(&chat).cloned().unwrap_or_default()
        }
        fn save(&self, chat: i64, times: &[u64]) {
            self.times.lock().unwrap().insert(chat, times.to_vec());
        }
        fn now_ms(&self) -> u64 {
            1_000_000 + (Instant::now() - self.epoch).as_millis() as u64
        }
    }

    #[tokio::test(start_paused = true)]
    async fn a_restarted_limiter_counts_the_calls_its_journal_kept_and_one_it_lost() {
        let limits = Limits::TELEGRAM;
        let journal = Arc::new(Memory { epoch: Instant::now(), times: Mutex::default() });
        let epoch = journal.epoch;
        let first = Limiter::with_journal(limits, journal.clone());
        let mut all = calls(&first, GROUP, 18, Duration::ZERO).await;
        // The calls, and the start (it may have been a call the run before lost).
        assert_eq!(journal.load(GROUP).len(), 19);
        drop(first);
        // The last call's record never reached the disk.
        journal.times.lock().unwrap().get_mut(&GROUP).unwrap().pop();
        let restarted = Instant::now() - epoch;
        // Restarted with the journal, and (to show the test can fail) without it.
        let second = Limiter::with_journal(limits, journal.clone());
        let forgetful = Limiter::new(limits);
        let (later, naive) = tokio::join!(
            calls(&second, GROUP, 10, Duration::ZERO),
            calls(&forgetful, GROUP, 10, Duration::ZERO)
        );
        assert!(later[0] >= limits.chat_gap, "{later:?}");
        let before = all.clone();
        all.extend(later.iter().map(|at| *at + restarted));
        assert!(within(&all, limits.group_max, limits.group_window), "{all:?}");
        let mut naive_all = before;
        naive_all.extend(naive.iter().map(|at| *at + restarted));
        assert!(!within(&naive_all, limits.group_max, limits.group_window), "{naive_all:?}");
    }

    /// A journal two processes write, as a shared store is.
    #[derive(Debug)]
    struct Shared(Memory);

    impl Journal for Shared {
        fn load(&self, chat: i64) -> Vec<u64> {
            self.0.load(chat)
        }
        fn save(&self, chat: i64, times: &[u64]) {
            self.0.save(chat, times)
        }
        fn now_ms(&self) -> u64 {
            self.0.now_ms()
        }
        fn shared(&self) -> bool {
            true
        }
    }

    /// Two limiters over one journal, as two processes over one store: shared as PostgreSQL
    /// is (`shared`), or each reading it only when it first meets a chat.
    fn two_processes(limits: Limits, shared: bool) -> (Limiter, Limiter) {
        let memory = Memory { epoch: Instant::now(), times: Mutex::default() };
        let journal: Arc<dyn Journal> =
            if shared { Arc::new(Shared(memory)) } else { Arc::new(memory) };
        (Limiter::with_journal(limits, journal.clone()), Limiter::with_journal(limits, journal))
    }

    /// Two processes take turns delivering one group (as the delivery lease hands its table
    /// from one to the other): together they keep the group's pace and its 20 calls a minute,
    /// which two limiters that read the journal only when they first meet the group do not.
    #[tokio::test(start_paused = true)]
    async fn processes_sharing_a_journal_keep_one_pace_for_a_group() {
        let limits = Limits::TELEGRAM;
        let run = |shared: bool| async move {
            let (one, other) = two_processes(limits, shared);
            let start = Instant::now();
            let mut all = Vec::new();
            for round in 0..12 {
                let limiter = if round % 2 == 0 { &one } else { &other };
                for at in calls(limiter, GROUP, 3, Duration::from_millis(50)).await {
                    all.push(at + (limiter.lock().started - start));
                }
            }
            all.sort();
            all
        };
        let together = run(true).await;
        assert_eq!(together.len(), 36);
        assert!(within(&together, limits.group_max, limits.group_window), "{together:?}");
        // The pace, not only the minute: however the calls fall, any stretch of them holds at
        // most the burst plus one per spacing of its length (the token bucket's bound).
        let spacing = limits.group_spacing().as_secs_f64();
        let paced = |times: &[Duration]| {
            (0..times.len()).all(|i| {
                (i..times.len()).all(|j| {
                    let span = (times[j] - times[i] + Duration::from_millis(2)).as_secs_f64();
                    (j - i + 1) as f64 <= limits.group_burst as f64 + span / spacing
                })
            })
        };
        assert!(paced(&together), "{together:?}");
        let apart = run(false).await;
        assert!(!within(&apart, limits.group_max, limits.group_window), "{apart:?}");
        assert!(!paced(&apart), "{apart:?}");
    }

    /// A player's private chat delivered by one process and then, the table's lease having
    /// moved, by another: the second waits a second after the first's call returned, which a
    /// limiter with only its own memory does not.
    #[tokio::test(start_paused = true)]
    async fn processes_sharing_a_journal_keep_a_private_chats_second() {
        let limits = Limits::TELEGRAM;
        let run = |shared: bool| async move {
            let (one, other) = two_processes(limits, shared);
            tokio::time::sleep(Duration::from_secs(5)).await;
            // The other process has met the chat before (its memory of it is old).
            drop(other.acquire(USER, Kind::Message).await);
            tokio::time::sleep(Duration::from_secs(5)).await;
            let first = calls(&one, USER, 1, Duration::from_millis(100)).await[0];
            let returned = first + Duration::from_millis(100);
            let second = calls(&other, USER, 1, Duration::ZERO).await[0];
            second - returned
        };
        let gap = run(true).await;
        assert!(gap >= limits.chat_gap, "{gap:?}");
        let apart = run(false).await;
        assert!(apart < limits.chat_gap, "{apart:?}");
    }

    #[tokio::test(start_paused = true)]
    async fn thirty_calls_a_second_overall_and_deletes_only_count_there() {
        let limiter = std::sync::Arc::new(Limiter::new(Limits::TELEGRAM));
        tokio::time::sleep(Duration::from_secs(1)).await;
        let begin = Instant::now();
        let mut tasks = Vec::new();
        for chat in 1..=40 {
            let limiter = limiter.clone();
            tasks.push(tokio::spawn(async move {
                let permit = limiter.acquire(chat, Kind::Message).await;
                drop(permit);
                Instant::now()
            }));
        }
        let mut ends = Vec::new();
        for task in tasks {
            ends.push(task.await.unwrap() - begin);
        }
        ends.sort();
        assert_eq!(ends[29], Duration::ZERO);
        assert_eq!(ends[30], Duration::from_secs(1));
        // Deletions in one chat do not wait for each other.
        tokio::time::sleep(Duration::from_secs(2)).await;
        let before = Instant::now();
        for _ in 0..5 {
            drop(limiter.acquire(USER, Kind::Delete).await);
        }
        assert_eq!(Instant::now(), before);
    }

    #[tokio::test(start_paused = true)]
    async fn ready_waits_without_taking_and_a_penalty_holds_the_chat() {
        let limiter = Limiter::new(Limits::TELEGRAM);
        limiter.ready(USER).await;
        limiter.ready(USER).await;
        let start = limiter.lock().started;
        assert_eq!(Instant::now() - start, Duration::from_secs(1));
        drop(limiter.acquire(USER, Kind::Message).await);
        assert_eq!(Instant::now() - start, Duration::from_secs(1));
        limiter.penalize(USER, Duration::from_secs(5));
        drop(limiter.acquire(USER, Kind::Message).await);
        assert_eq!(Instant::now() - start, Duration::from_secs(6));
    }

    #[tokio::test(start_paused = true)]
    async fn calls_to_one_chat_never_overlap() {
        let limiter = std::sync::Arc::new(Limiter::new(Limits::TELEGRAM));
        let first = limiter.acquire(USER, Kind::Message).await;
        let other = limiter.clone();
        let second = tokio::spawn(async move {
            let _permit = other.acquire(USER, Kind::Message).await;
            Instant::now()
        });
        // The first call takes five seconds; the second starts a second after it returned.
        tokio::time::sleep(Duration::from_secs(5)).await;
        let returned = Instant::now();
        drop(first);
        assert_eq!(second.await.unwrap() - returned, Duration::from_secs(1));
    }
}
