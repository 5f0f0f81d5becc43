//! The bot's own pacing of Bot API calls, so that Telegram never has to refuse one with 429.
//!
//! Telegram's limits for a bot: about one message per second in a chat, 20 per minute in a
//! group, 30 per second overall; edits count like messages. Every call that creates or edits
//! a message takes a [`Permit`] for its chat first ([`Limiter::acquire`]), which waits until:
//!
//! - no other such call to that chat is in flight (a chat's calls never overtake each other);
//! - a second has passed since the chat's previous call *returned*;
//! - in a group (a negative chat id), fewer than 20 calls returned in the last minute;
//! - fewer than 30 calls, all chats together, are in flight or returned in the last second;
//! - a `retry_after` Telegram gave for the chat ([`Limiter::penalize`]) has run out.
//!
//! Times are taken when a call returns, not when it is sent: Telegram counts a call when it
//! arrives, which is after it was sent and before it returns, so by counting returns the bot
//! never sees a window where Telegram counts more. Deletions are paced by the overall limit
//! only. `answerCallbackQuery` is never paced: a press is answered at once, whatever the
//! message queue holds.
//!
//! The limits are kept in memory. After a start every chat waits a second before its first
//! call (a quick restart cannot double a chat's pace); the per-minute count of a group is not
//! carried over a restart, so a bot restarted in a busy minute may meet a 429, which
//! `retry::call` waits out.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;
use std::time::Duration;

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
    /// Calls to all chats together per `global_window`.
    pub global_max: usize,
    pub global_window: Duration,
}

impl Limits {
    /// Telegram's published limits.
    pub const TELEGRAM: Limits = Limits {
        chat_gap: Duration::from_secs(1),
        group_max: 20,
        group_window: Duration::from_secs(60),
        global_max: 30,
        global_window: Duration::from_secs(1),
    };
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

#[derive(Debug, Default)]
struct Chat {
    busy: bool,
    /// When the chat's last call returned.
    last: Option<Instant>,
    /// When its recent message calls returned (groups: the last minute's).
    recent: VecDeque<Instant>,
    /// No call before this (a `retry_after` from Telegram).
    blocked_until: Option<Instant>,
}

/// Leave to make one call; dropping it records when the call returned.
#[derive(Debug)]
pub struct Permit<'a> {
    limiter: &'a Limiter,
    chat: i64,
    kind: Kind,
}

/// Chats remembered before idle ones are forgotten.
const CHATS_MAX: usize = 10_000;

impl Drop for Permit<'_> {
    fn drop(&mut self) {
        let now = Instant::now();
        {
            let mut state = self.limiter.lock();
            if state.chats.len() > CHATS_MAX {
                let window = self.limiter.limits.group_window;
                state.chats.retain(|_, chat| {
                    chat.busy
                        || chat.last.is_some_and(|last| now.duration_since(last) < window)
                        || chat.blocked_until.is_some_and(|until| until > now)
                });
            }
            state.in_flight = state.in_flight.saturating_sub(1);
            state.returned.push_back(now);
            if self.kind == Kind::Message {
                let chat = state.chats.entry(self.chat).or_default();
                chat.busy = false;
                chat.last = Some(now);
                chat.recent.push_back(now);
            }
        }
        self.limiter.changed.notify_waiters();
    }
}

impl Limiter {
    pub fn new(limits: Limits) -> Limiter {
        let state = State {
            started: Instant::now(),
            chats: HashMap::new(),
            returned: VecDeque::new(),
            in_flight: 0,
        };
        Limiter { limits, state: Mutex::new(state), changed: Notify::new() }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Waits until a message call to `chat` would be allowed, without taking the leave (the
    /// deliverer re-reads its queue after this, so only the newest state goes out).
    pub async fn ready(&self, chat: i64) {
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
        loop {
            let changed = self.changed.notified();
            let wait = {
                let mut state = self.lock();
                let wait = self.wait(&mut state, chat, kind, Instant::now());
                if wait == Wait::Go {
                    state.in_flight += 1;
                    if kind == Kind::Message {
                        state.chats.entry(chat).or_default().busy = true;
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
            let chat = state.chats.entry(chat).or_default();
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
            let started = state.started;
            let entry = state.chats.entry(chat).or_default();
            if entry.busy {
                return Wait::Change;
            }
            // After a start, a chat's previous call may have been a moment ago.
            later(entry.last.unwrap_or(started) + limits.chat_gap);
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
            if chat < 0 && entry.recent.len() >= limits.group_max {
                let oldest = entry.recent[entry.recent.len() - limits.group_max];
                later(oldest + limits.group_window);
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
    async fn a_group_gets_twenty_calls_a_minute() {
        let limiter = Limiter::new(Limits::TELEGRAM);
        let starts = calls(&limiter, GROUP, 22, Duration::ZERO).await;
        assert_eq!(starts[19], Duration::from_secs(20));
        // The 21st waits until the first call is a minute old.
        assert_eq!(starts[20], Duration::from_secs(61));
        assert_eq!(starts[21], Duration::from_secs(62));
        // A private chat has no per-minute limit.
        let private = calls(&limiter, USER, 22, Duration::ZERO).await;
        assert!(private[21] - private[0] == Duration::from_secs(21), "{private:?}");
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
