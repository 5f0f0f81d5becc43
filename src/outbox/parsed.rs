//! The values of the outbox entries this process wrote or read, kept until delivered, so a
//! deliverer does not parse the same JSON again.
//!
//! Why: an entry never changes once written, and a deliverer reads a table's pending entries
//! again before each call (to coalesce what arrived meanwhile): parsing their JSON each time —
//! a board's whole view — was a fifth of a press. The engine serialises an effect here
//! ([`text`]) and its value is kept by that text; reading the same text back ([`effect`])
//! takes the value. Keyed by the text itself, a kept value is right whichever store, table or
//! process wrote the entry: the store keeps only the text, and knows nothing of effects.
//!
//! A delivered entry's value is forgotten ([`forget`]). The values are bounded all the same
//! (entries another process delivers, a benchmark that never delivers): once [`KEPT`] are
//! held, they are all dropped and kept afresh, which costs parses, never a wrong value.

use std::collections::HashMap;
use std::sync::{LazyLock, Mutex, MutexGuard};

use crate::app::Effect;

/// At most this many values are kept: more than the entries pending in one process at once.
const KEPT: usize = 4096;

static VALUES: LazyLock<Mutex<HashMap<String, Effect>>> = LazyLock::new(Mutex::default);

fn values() -> MutexGuard<'static, HashMap<String, Effect>> {
    VALUES.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn keep(json: String, effect: Effect) {
    let mut values = values();
    if values.len() >= KEPT {
        values.clear();
    }
    values.insert(json, effect);
}

/// The entry `effect` is written as; its value is kept.
pub(super) fn text(effect: &Effect) -> String {
    let json = serde_json::to_string(effect).expect("effects serialize");
    keep(json.clone(), effect.clone());
    json
}

/// The effect an entry holds: the kept value, else the parsed text (then kept).
pub(super) fn effect(json: &str) -> Result<Effect, serde_json::Error> {
    if let Some(effect) = values().get(json) {
        return Ok(effect.clone());
    }
    let effect: Effect = serde_json::from_str(json)?;
    keep(json.to_string(), effect.clone());
    Ok(effect)
}

/// Forgets an entry's value (it was delivered).
pub(super) fn forget(json: &str) {
    values().remove(json);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::{Dest, Message};

    fn send(text: &str) -> Effect {
        Effect::Send { to: Dest::User { user: "u".into() }, message: Message::text(text) }
    }

    /// A kept value is the one its text parses to, and a text never seen is parsed; a value
    /// forgotten or dropped when the values were full is parsed again, the same.
    #[test]
    fn values_are_kept_by_their_text_and_bounded() {
        let written = send("kept by its text");
        let json = text(&written);
        assert_eq!(effect(&json).unwrap(), written);
        let unseen = serde_json::to_string(&send("never written here")).unwrap();
        assert_eq!(effect(&unseen).unwrap(), send("never written here"));
        forget(&json);
        assert!(!values().contains_key(&json));
        assert_eq!(effect(&json).unwrap(), written, "parsed again");
        for n in 0..KEPT + 10 {
            text(&send(&format!("filler {n}")));
        }
        assert!(values().len() <= KEPT);
        assert_eq!(effect(&json).unwrap(), written);
        assert!(effect("{\"teleport\":1}").is_err());
    }
}
