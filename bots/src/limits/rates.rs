//! Input rates per user in a chat, per user over all chats, and per chat over all users, with
//! one notice per user and chat for each burst of refusals.
//!
//! Why three buckets: the first keeps one person from flooding one game; the second keeps one
//! person pressing in many chats at once from taking the engine's time (each chat's bucket alone
//! would let them multiply their rate by the chats they are in); the third keeps a crowd — or
//! one person with many accounts — from flooding one chat. An input passes only if every bucket
//! has a token, and only a passing input spends them, so a person hammering away still gets the
//! steady rate through (a refused press changes nothing: the next one is judged afresh).
//!
//! Why one notice per burst: a notice answers a press, and a person pressing fifty times a
//! second would otherwise get fifty of them. The first refusal in a chat says so; later ones in
//! the same chat are refused silently until the user has gone a whole refill time (the user-in-
//! chat bucket's) without a refusal there — then the next burst gets its notice again.
//!
//! Memory: an entry that holds nothing a fresh one would not (a full bucket, no burst under
//! way) is forgotten at the next sweep, so the tables hold only who pressed in the last seconds.

use std::collections::HashMap;

use serde::Deserialize;

use super::bucket::{Bucket, Rate};

/// The three rates (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Rates {
    /// One user in one chat.
    pub user_in_chat: Rate,
    /// One user over every chat.
    pub user: Rate,
    /// One chat over every user.
    pub chat: Rate,
}

impl Default for Rates {
    fn default() -> Rates {
        Rates {
            user_in_chat: Rate { burst: 10.0, per_second: 3.0 },
            user: Rate { burst: 20.0, per_second: 10.0 },
            chat: Rate { burst: 40.0, per_second: 20.0 },
        }
    }
}

/// Which rate refused an input: also the refusal's reason in the metrics.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Over {
    UserInChat,
    User,
    Chat,
}

impl Over {
    /// The metrics' name for it.
    pub fn reason(self) -> &'static str {
        match self {
            Over::UserInChat => "rate-user-in-chat",
            Over::User => "rate-user",
            Over::Chat => "rate-chat",
        }
    }
}

/// What the rates say of one input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Pass,
    /// Over `over`; `notice` for the first refusal of a burst in this chat.
    Refuse {
        over: Over,
        notice: bool,
    },
}

#[derive(Debug)]
struct Seat {
    bucket: Bucket,
    /// The last refusal of this user in this chat (a burst goes on while they keep coming).
    refused_at: Option<u64>,
}

/// How often idle entries are forgotten.
const SWEEP_MS: u64 = 10_000;

/// The buckets of everyone who pressed lately.
#[derive(Debug)]
pub struct Limiter {
    rates: Rates,
    user_in_chat: HashMap<(String, String), Seat>,
    user: HashMap<String, Bucket>,
    chat: HashMap<String, Bucket>,
    swept_at: u64,
}

impl Limiter {
    pub fn new(rates: Rates) -> Limiter {
        Limiter {
            rates,
            user_in_chat: HashMap::new(),
            user: HashMap::new(),
            chat: HashMap::new(),
            swept_at: 0,
        }
    }

    /// Judges an input of `user` in `chat` at `now` (ms), and spends its tokens if it passes.
    pub fn check(&mut self, user: &str, chat: &str, now: u64) -> Verdict {
        self.sweep(now);
        let over = self.over(user, chat, now);
        let calm = self.calm_ms();
        let key = (user.to_string(), chat.to_string());
        let Some(seat) = self.user_in_chat.get_mut(&key) else { return Verdict::Pass };
        let Some(over) = over else {
            seat.bucket.spend();
            if let Some(bucket) = self.user.get_mut(user) {
                bucket.spend();
            }
            if let Some(bucket) = self.chat.get_mut(chat) {
                bucket.spend();
            }
            return Verdict::Pass;
        };
        let notice = seat.refused_at.is_none_or(|at| now.saturating_sub(at) >= calm);
        seat.refused_at = Some(now);
        Verdict::Refuse { over, notice }
    }

    /// How long a user must go without a refusal in a chat for the next one to be noticed:
    /// the time their bucket there takes to fill up again, at least a second.
    fn calm_ms(&self) -> u64 {
        self.rates.user_in_chat.refill_ms().max(1000)
    }

    /// Whether an input would pass now (nothing is spent or noted).
    pub fn would_pass(&mut self, user: &str, chat: &str, now: u64) -> bool {
        self.over(user, chat, now).is_none()
    }

    /// The first rate with no token left for this input, making the buckets it needs.
    fn over(&mut self, user: &str, chat: &str, now: u64) -> Option<Over> {
        let rates = self.rates;
        let key = (user.to_string(), chat.to_string());
        let seat = self.user_in_chat.entry(key).or_insert_with(|| Seat {
            bucket: Bucket::full(rates.user_in_chat, now),
            refused_at: None,
        });
        if !seat.bucket.has(rates.user_in_chat, now) {
            return Some(Over::UserInChat);
        }
        let mine =
            self.user.entry(user.to_string()).or_insert_with(|| Bucket::full(rates.user, now));
        if !mine.has(rates.user, now) {
            return Some(Over::User);
        }
        let theirs =
            self.chat.entry(chat.to_string()).or_insert_with(|| Bucket::full(rates.chat, now));
        if !theirs.has(rates.chat, now) {
            return Some(Over::Chat);
        }
        None
    }

    /// Forgets, every [`SWEEP_MS`], the entries a fresh one would equal.
    fn sweep(&mut self, now: u64) {
        if now < self.swept_at.saturating_add(SWEEP_MS) {
            return;
        }
        self.swept_at = now;
        let rates = self.rates;
        let calm = self.calm_ms();
        self.user_in_chat.retain(|_, seat| {
            let calm_now = seat.refused_at.is_none_or(|at| now.saturating_sub(at) >= calm);
            !(calm_now && seat.bucket.is_full(rates.user_in_chat, now))
        });
        self.user.retain(|_, bucket| !bucket.is_full(rates.user, now));
        self.chat.retain(|_, bucket| !bucket.is_full(rates.chat, now));
    }

    /// How many entries are kept (the tests check that idle ones go).
    #[cfg(test)]
    pub fn entries(&self) -> usize {
        self.user_in_chat.len() + self.user.len() + self.chat.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `presses` of `user` in `chat`, evenly spread over `from..to` ms: what each got.
    fn hammer(
        limiter: &mut Limiter,
        user: &str,
        chat: &str,
        (from, to): (u64, u64),
        presses: u64,
    ) -> Vec<Verdict> {
        (0..presses).map(|i| limiter.check(user, chat, from + (to - from) * i / presses)).collect()
    }

    fn passed(verdicts: &[Verdict]) -> usize {
        verdicts.iter().filter(|v| **v == Verdict::Pass).count()
    }

    fn notices(verdicts: &[Verdict]) -> usize {
        verdicts.iter().filter(|v| matches!(v, Verdict::Refuse { notice: true, .. })).count()
    }

    #[test]
    fn one_user_hammering_one_chat_gets_the_burst_the_rate_and_one_notice() {
        let rates = Rates::default();
        let mut limiter = Limiter::new(rates);
        // Fifty presses a second for four seconds.
        let verdicts = hammer(&mut limiter, "tg:1", "tg:-100", (0, 4000), 200);
        let rate = rates.user_in_chat;
        let most = rate.burst as usize + (rate.per_second * 4.0) as usize;
        assert!(passed(&verdicts) <= most, "{} passed", passed(&verdicts));
        assert!(passed(&verdicts) >= most - 1, "{} passed", passed(&verdicts));
        assert_eq!(notices(&verdicts), 1, "{verdicts:?}");
        assert!(
            verdicts.iter().all(|v| matches!(
                v,
                Verdict::Pass | Verdict::Refuse { over: Over::UserInChat, .. }
            )),
            "one chat is over its own rate first"
        );
        assert_eq!(verdicts[..rate.burst as usize], vec![Verdict::Pass; rate.burst as usize][..]);
    }

    #[test]
    fn a_new_burst_after_a_calm_moment_gets_a_new_notice() {
        let rates = Rates::default();
        let mut limiter = Limiter::new(rates);
        let first = hammer(&mut limiter, "tg:1", "tg:-100", (0, 2000), 100);
        assert_eq!(notices(&first), 1);
        // Still refused a little later, within the calm time: no second notice.
        let calm = rates.user_in_chat.refill_ms();
        let soon = hammer(&mut limiter, "tg:1", "tg:-100", (2000, 2000 + calm / 2), 100);
        assert_eq!(notices(&soon), 0, "{soon:?}");
        // After a whole calm time without a refusal, the next burst is noticed again.
        let later_start = 2000 + calm / 2 + calm;
        let later = hammer(&mut limiter, "tg:1", "tg:-100", (later_start, later_start + 2000), 100);
        assert_eq!(notices(&later), 1, "{later:?}");
    }

    #[test]
    fn ten_chats_at_once_one_notice_each_and_the_user_rate_over_all() {
        let rates = Rates::default();
        let mut limiter = Limiter::new(rates);
        let chats: Vec<String> = (0..10).map(|c| format!("tg:-{c}")).collect();
        let mut verdicts: Vec<Vec<Verdict>> = vec![Vec::new(); chats.len()];
        // Fifty presses a second in each of ten chats, interleaved, for three seconds.
        for tick in 0..150u64 {
            for (chat, got) in chats.iter().zip(&mut verdicts) {
                got.push(limiter.check("tg:1", chat, tick * 20));
            }
        }
        for (chat, got) in chats.iter().zip(&verdicts) {
            assert_eq!(notices(got), 1, "{chat}: {got:?}");
        }
        let all: Vec<Verdict> = verdicts.concat();
        let most = rates.user.burst as usize + (rates.user.per_second * 3.0) as usize;
        assert!(passed(&all) <= most, "{} passed over all chats", passed(&all));
        assert!(all.iter().any(|v| matches!(v, Verdict::Refuse { over: Over::User, .. })));
    }

    #[test]
    fn an_abuser_does_not_slow_anyone_else() {
        let mut limiter = Limiter::new(Rates::default());
        let mut others = Vec::new();
        for tick in 0..500u64 {
            let now = tick * 10;
            for c in 0..10 {
                limiter.check("tg:666", &format!("tg:-{c}"), now);
            }
            // Two players a chat, pressing twice a second, in the abuser's chats and others.
            if tick % 50 == 0 {
                for c in 0..20 {
                    for player in 0..2 {
                        let (user, chat) = (format!("tg:{c}{player}"), format!("tg:-{c}"));
                        others.push(limiter.check(&user, &chat, now));
                    }
                }
            }
        }
        assert_eq!(passed(&others), others.len(), "{others:?}");
    }

    #[test]
    fn a_crowd_in_one_chat_meets_the_chat_rate() {
        let rates = Rates::default();
        let mut limiter = Limiter::new(rates);
        // A hundred accounts, each pressing once a second (each well within its own rates).
        let mut verdicts = Vec::new();
        for second in 0..3u64 {
            for user in 0..100 {
                verdicts.push(limiter.check(
                    &format!("tg:{user}"),
                    "tg:-100",
                    second * 1000 + user,
                ));
            }
        }
        let most = rates.chat.burst as usize + (rates.chat.per_second * 3.0) as usize;
        assert!(passed(&verdicts) <= most, "{} passed", passed(&verdicts));
        assert!(verdicts.iter().any(|v| matches!(v, Verdict::Refuse { over: Over::Chat, .. })));
        // Each account is told once.
        assert!(notices(&verdicts) <= 100);
    }

    #[test]
    fn a_refused_input_spends_nothing_and_would_pass_spends_nothing() {
        let rate = Rate { burst: 2.0, per_second: 1.0 };
        let rates = Rates { user_in_chat: rate, ..Rates::default() };
        let mut limiter = Limiter::new(rates);
        for _ in 0..5 {
            assert!(limiter.would_pass("u", "c", 0));
        }
        assert_eq!(hammer(&mut limiter, "u", "c", (0, 1), 2), vec![Verdict::Pass; 2]);
        assert!(!limiter.would_pass("u", "c", 0));
        for _ in 0..20 {
            assert!(matches!(limiter.check("u", "c", 500), Verdict::Refuse { .. }));
        }
        // A second later exactly one token was earned, refusals or not.
        assert_eq!(limiter.check("u", "c", 1000), Verdict::Pass);
        assert!(matches!(limiter.check("u", "c", 1000), Verdict::Refuse { notice: false, .. }));
    }

    #[test]
    fn idle_entries_are_forgotten() {
        let mut limiter = Limiter::new(Rates::default());
        for user in 0..1000 {
            limiter.check(&format!("u{user}"), &format!("c{user}"), 0);
        }
        assert_eq!(limiter.entries(), 3000);
        // Someone still hammering at the sweep is kept, burst and all: no second notice.
        let busy = hammer(&mut limiter, "busy", "c", (SWEEP_MS - 500, SWEEP_MS), 50);
        assert_eq!(notices(&busy), 1);
        let swept = limiter.check("busy", "c", SWEEP_MS);
        assert!(matches!(swept, Verdict::Refuse { notice: false, .. }), "{swept:?}");
        assert!(limiter.entries() <= 3, "{} entries kept", limiter.entries());
    }
}
