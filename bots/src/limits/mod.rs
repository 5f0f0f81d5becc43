//! Abuse limits at the engine's door (docs/operations.md, "Abuse limits"): input rates per
//! user and per chat ([`rates`]), inputs refused for their shape ([`input`]), and the settings
//! of the caps on open lobbies and tables, which the core enforces (`igroteka::app::Caps`).
//!
//! Why at the door: the engine is one thread, and everything it handles costs a store write
//! and a flush; a refused input must cost neither, or one person hammering a button would delay
//! every other chat's game. [`Gate::check`] runs on the adapter's own task, before an input is
//! queued to the engine (`Engine::take`), and answers a refusal at once with what the adapters
//! already know how to deliver: a press's answer (Telegram's `answerCallbackQuery`, Discord's
//! acknowledgement and ephemeral message) or a reply in the chat for a command. The same code
//! serves Telegram and Discord; only inputs from people are judged (not ticks, computer moves
//! or delivery reports).

pub mod bucket;
pub mod input;
pub mod rates;

use std::sync::Mutex;

use igroteka::app::{Action, Caps, Effect, Input, Message, reply_dest};
use igroteka::i18n::{I18n, Value};
use serde::Deserialize;

use input::{Misshapen, Sizes};
use rates::{Limiter, Over, Rates, Verdict};

/// The `[limits]` section of the configuration.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    /// `false` turns every limit off (`IGROTEKA_LIMITS=off`).
    pub enabled: bool,
    /// Lobbies one user may have open (still gathering players) at once, in all chats.
    pub lobbies_per_user: usize,
    /// Unfinished games one chat may hold at once across its forum topics.
    pub tables_per_chat: usize,
    /// The longest command, in characters (see [`Sizes`]).
    pub command_chars: usize,
    /// The longest typed move (`/move …`), in characters.
    pub move_chars: usize,
    pub rates: Rates,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            enabled: true,
            lobbies_per_user: 3,
            tables_per_chat: 10,
            command_chars: Sizes::default().command_chars,
            move_chars: Sizes::default().move_chars,
            rates: Rates::default(),
        }
    }
}

impl Settings {
    pub fn sizes(&self) -> Sizes {
        Sizes { command_chars: self.command_chars, move_chars: self.move_chars }
    }

    /// The caps the engine enforces (none when the limits are off).
    pub fn caps(&self) -> Caps {
        if !self.enabled {
            return Caps::default();
        }
        Caps {
            lobbies_per_user: Some(self.lobbies_per_user),
            tables_per_chat: Some(self.tables_per_chat),
        }
    }
}

/// An input refused at the door.
#[derive(Debug, Clone, PartialEq)]
pub struct Refusal {
    /// What the metrics count it as (`rate-user`, `command-too-long`, `press-forged`…).
    pub reason: &'static str,
    /// What answers it: a notice, or an empty answer that only stops a press's spinner.
    pub effects: Vec<Effect>,
}

/// The door: judges each input from a person before it reaches the engine.
#[derive(Debug)]
pub struct Gate {
    sizes: Sizes,
    limiter: Option<Mutex<Limiter>>,
    i18n: I18n,
}

impl Gate {
    pub fn new(settings: &Settings) -> Gate {
        Gate {
            sizes: settings.sizes(),
            limiter: settings.enabled.then(|| Mutex::new(Limiter::new(settings.rates))),
            i18n: I18n::new(),
        }
    }

    /// `None` lets `input` in; a refusal says what answers it.
    pub fn check(&self, input: &Input) -> Option<Refusal> {
        let limiter = self.limiter.as_ref()?;
        let (user, chat) = judged(input)?;
        if let Some(misshapen) = input::check(input, self.sizes) {
            let effects = self.misshapen(input, &misshapen);
            return Some(Refusal { reason: misshapen.reason(), effects });
        }
        let verdict = lock(limiter).check(&user, &chat, input.now);
        let Verdict::Refuse { over, notice } = verdict else { return None };
        let effects = if notice { self.slow_down(input, over) } else { silent(input) };
        Some(Refusal { reason: over.reason(), effects })
    }

    /// Whether `input` would get in now (nothing is spent): lets an adapter skip work it does
    /// only for inputs that get in (Telegram's admin check before `/cancel`).
    pub fn would_admit(&self, input: &Input) -> bool {
        let Some(limiter) = &self.limiter else { return true };
        let Some((user, chat)) = judged(input) else { return true };
        input::check(input, self.sizes).is_none()
            && lock(limiter).would_pass(&user, &chat, input.now)
    }

    fn slow_down(&self, input: &Input, over: Over) -> Vec<Effect> {
        let id = match over {
            Over::UserInChat | Over::User => "limit-slow-down",
            Over::Chat => "limit-chat-busy",
        };
        self.notice(input, id, &[])
    }

    fn misshapen(&self, input: &Input, misshapen: &Misshapen) -> Vec<Effect> {
        match misshapen {
            Misshapen::TooLong { limit, typed_move } => {
                let id = if *typed_move { "limit-move-too-long" } else { "limit-command-too-long" };
                self.notice(input, id, &[("limit", (*limit).into())])
            }
            Misshapen::NotOurs => self.notice(input, "press-forged", &[]),
        }
    }

    /// A notice in the user's own language (what the platform says it is: the store, where a
    /// `/lang` choice lives, is the engine's): an alert for a press, a reply otherwise.
    fn notice(&self, input: &Input, id: &str, args: &[(&str, Value)]) -> Vec<Effect> {
        let text = self.i18n.text(I18n::pick(input.user.lang.as_deref()), id, args);
        match input.action {
            Action::Press { .. } => vec![Effect::Answer { text, alert: true }],
            Action::Command { .. } => {
                vec![Effect::Send { to: reply_dest(input), message: Message::text(text) }]
            }
            _ => Vec::new(),
        }
    }
}

/// Who and where, for an input a person made; `None` for the rest (ticks, computer moves,
/// delivery reports), which are never limited.
fn judged(input: &Input) -> Option<(String, String)> {
    match input.action {
        Action::Command { .. } | Action::Press { .. } | Action::Text { .. } => {
            Some((input.user_id().key(), input.chat_id().key()))
        }
        Action::Unreachable { .. }
        | Action::Thread { .. }
        | Action::Tick
        | Action::Computer { .. } => None,
    }
}

/// A refusal with nothing to say: a press still gets its empty answer (the spinner stops).
fn silent(input: &Input) -> Vec<Effect> {
    match input.action {
        Action::Press { .. } => vec![Effect::Answer { text: String::new(), alert: false }],
        _ => Vec::new(),
    }
}

fn lock(limiter: &Mutex<Limiter>) -> std::sync::MutexGuard<'_, Limiter> {
    limiter.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

#[cfg(test)]
mod tests {
    use igroteka::app::{Chat, Dest, User};
    use igroteka::table::Platform;

    use super::*;

    fn input(action: Action, now: u64) -> Input {
        Input {
            platform: Platform::Telegram,
            chat: Chat {
                id: "-100".into(),
                private: false,
                thread: Some("7".into()),
                server: None,
            },
            user: User {
                id: "42".into(),
                name: "Ann".into(),
                admin: false,
                lang: Some("ru".into()),
            },
            now,
            action,
        }
    }

    fn press(now: u64) -> Input {
        input(Action::Press { token: "t1:2:j".into(), message_id: None }, now)
    }

    fn strict() -> Settings {
        let one = bucket::Rate { burst: 1.0, per_second: 0.001 };
        Settings { rates: Rates { user_in_chat: one, ..Rates::default() }, ..Settings::default() }
    }

    #[test]
    fn a_press_over_the_rate_gets_one_notice_in_its_language_then_empty_answers() {
        let gate = Gate::new(&strict());
        assert_eq!(gate.check(&press(0)), None);
        let first = gate.check(&press(1)).expect("refused");
        assert_eq!(first.reason, "rate-user-in-chat");
        let ru = I18n::new().plain("ru", "limit-slow-down");
        assert_eq!(first.effects, vec![Effect::Answer { text: ru, alert: true }]);
        let second = gate.check(&press(2)).expect("refused");
        assert_eq!(second.effects, vec![Effect::Answer { text: String::new(), alert: false }]);
    }

    #[test]
    fn a_command_over_a_limit_is_answered_in_its_chat_and_topic() {
        let gate = Gate::new(&strict());
        let long = vec!["x".repeat(400)];
        let refused = gate.check(&input(Action::Command { name: "play".into(), args: long }, 0));
        let refused = refused.expect("refused");
        assert_eq!(refused.reason, "command-too-long");
        let [Effect::Send { to, message }] = refused.effects.as_slice() else { panic!() };
        assert_eq!(to, &Dest::Chat { chat: "-100".into(), thread: Some("7".into()) });
        assert!(message.text.contains("300"), "{}", message.text);
        // A text over the rate is refused without a word.
        let text = |now| input(Action::Text { text: "hi".into() }, now);
        assert_eq!(gate.check(&text(1)), None);
        let silent = gate.check(&text(2)).expect("refused");
        assert_eq!((silent.reason, silent.effects), ("rate-user-in-chat", Vec::new()));
    }

    #[test]
    fn ticks_and_reports_pass_and_off_lets_everything_in() {
        let gate = Gate::new(&strict());
        for now in 0..50 {
            assert_eq!(gate.check(&input(Action::Tick, now)), None);
            assert_eq!(gate.check(&input(Action::Unreachable { table: 1 }, now)), None);
        }
        let off = Gate::new(&Settings { enabled: false, ..strict() });
        for now in 0..50 {
            assert_eq!(off.check(&press(now)), None);
            assert!(off.would_admit(&press(now)));
        }
        let forged = input(Action::Press { token: "zz".into(), message_id: None }, 0);
        assert_eq!(off.check(&forged), None);
        assert_eq!(gate.check(&forged).map(|r| r.reason), Some("press-forged"));
        assert!(!gate.would_admit(&forged));
    }
}
