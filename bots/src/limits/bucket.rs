//! A token bucket on a clock the caller passes in (milliseconds), so the tests can run it on a
//! made-up clock and the bot on the inputs' own time.
//!
//! A bucket holds up to `burst` tokens and gains `per_second` of them every second; an input
//! that finds a whole token spends it. So a person may press `burst` times at once, then keeps
//! `per_second` presses a second — which a human never notices and a script cannot exceed.

use serde::Deserialize;

/// How fast inputs may come: a burst, then a steady rate.
#[derive(Debug, Clone, Copy, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rate {
    /// Inputs allowed at once, after a quiet moment.
    pub burst: f64,
    /// Inputs allowed per second after the burst.
    pub per_second: f64,
}

impl Rate {
    /// How long an empty bucket takes to fill up again, in milliseconds.
    pub fn refill_ms(&self) -> u64 {
        if self.per_second <= 0.0 {
            return u64::MAX;
        }
        (self.burst / self.per_second * 1000.0).ceil() as u64
    }
}

/// Millionths of a token: whole numbers keep the sums exact (a rate of 3 a second earns
/// exactly 3,000 millionths a millisecond, however the time is cut).
const MICRO: f64 = 1_000_000.0;

/// One bucket's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bucket {
    /// Millionths of a token.
    tokens: u64,
    /// When `tokens` was last brought up to date.
    at: u64,
}

fn micro(tokens: f64) -> u64 {
    (tokens.max(0.0) * MICRO).round() as u64
}

impl Bucket {
    /// A full bucket (someone the bot has not heard from lately).
    pub fn full(rate: Rate, now: u64) -> Bucket {
        Bucket { tokens: micro(rate.burst), at: now }
    }

    /// Adds what the time since the last look earned. A clock that went back earns nothing.
    fn refill(&mut self, rate: Rate, now: u64) {
        if now > self.at {
            let per_ms = micro(rate.per_second) / 1000;
            let earned = (now - self.at).saturating_mul(per_ms);
            self.tokens = self.tokens.saturating_add(earned).min(micro(rate.burst));
            self.at = now;
        }
    }

    /// Whether a whole token is there at `now` (nothing is spent).
    pub fn has(&mut self, rate: Rate, now: u64) -> bool {
        self.refill(rate, now);
        self.tokens >= micro(1.0)
    }

    /// Spends a token (after [`Bucket::has`] said there is one).
    pub fn spend(&mut self) {
        self.tokens = self.tokens.saturating_sub(micro(1.0));
    }

    /// Whether the bucket is full again at `now`: it then holds nothing a fresh one would not.
    pub fn is_full(&mut self, rate: Rate, now: u64) -> bool {
        self.refill(rate, now);
        self.tokens >= micro(rate.burst)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RATE: Rate = Rate { burst: 10.0, per_second: 3.0 };

    /// Presses `n` times at `now`; how many found a token.
    fn press(bucket: &mut Bucket, n: usize, now: u64) -> usize {
        (0..n)
            .filter(|_| {
                let ok = bucket.has(RATE, now);
                if ok {
                    bucket.spend();
                }
                ok
            })
            .count()
    }

    #[test]
    fn a_burst_then_the_steady_rate() {
        let mut bucket = Bucket::full(RATE, 0);
        assert_eq!(press(&mut bucket, 50, 0), 10, "the burst");
        assert_eq!(press(&mut bucket, 50, 0), 0, "nothing more at once");
        assert_eq!(press(&mut bucket, 50, 1000), 3, "three a second later");
        // Ten seconds of presses 20 ms apart (50 a second): three a second get through.
        let through: usize = (1..=500).map(|i| press(&mut bucket, 1, 1000 + i * 20)).sum();
        assert_eq!(through, 30);
    }

    #[test]
    fn a_quiet_moment_refills_it_up_to_the_burst_only() {
        let mut bucket = Bucket::full(RATE, 0);
        press(&mut bucket, 10, 0);
        assert!(!bucket.is_full(RATE, 3000));
        assert!(bucket.is_full(RATE, RATE.refill_ms()));
        assert_eq!(press(&mut bucket, 50, 3_600_000), 10, "an hour earns no more than the burst");
    }

    #[test]
    fn a_clock_that_goes_back_earns_nothing() {
        let mut bucket = Bucket::full(RATE, 10_000);
        press(&mut bucket, 10, 10_000);
        assert_eq!(press(&mut bucket, 5, 5_000), 0);
        assert_eq!(press(&mut bucket, 5, 10_000), 0, "nor does coming back to the same time");
        assert_eq!(press(&mut bucket, 5, 11_000), 3);
    }

    #[test]
    fn refill_time() {
        assert_eq!(RATE.refill_ms(), 3334);
        assert_eq!(Rate { burst: 5.0, per_second: 0.0 }.refill_ms(), u64::MAX);
    }
}
