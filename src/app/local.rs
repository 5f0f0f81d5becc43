//! A local stand-in for a chat platform, shared by the console, `igroteka script` and tests:
//! it hands inputs to the engine and plays the messenger's part for tracked messages, giving
//! each sent message an id and reporting it back, as a real adapter reports the id the platform
//! returns.

use super::{Action, App, Effect, Input};
use crate::store::Store;

/// An effect and, for a sent message, the id the local platform gave it.
#[derive(Debug, Clone)]
pub struct Delivered {
    pub effect: Effect,
    pub message_id: Option<String>,
}

const NEXT_ID_KEY: &str = "local:next-message-id";

#[derive(Debug)]
pub struct LocalPlatform<S: Store> {
    pub app: App<S>,
}

impl<S: Store> LocalPlatform<S> {
    pub fn new(app: App<S>) -> LocalPlatform<S> {
        LocalPlatform { app }
    }

    /// A fresh message id, unique across restarts on the same data folder.
    fn next_message_id(&self) -> String {
        let store = self.app.store();
        let next = store.pref(NEXT_ID_KEY).ok().flatten().and_then(|v| v.parse::<u64>().ok());
        let id = next.unwrap_or(1);
        // Losing this write only risks reusing an id after a crash; the engine copes.
        let _ = store.set_pref(NEXT_ID_KEY, &(id + 1).to_string());
        format!("m{id}")
    }

    /// Handles one input and reports the ids of tracked messages back to the engine.
    pub fn run(&mut self, input: &Input) -> Vec<Delivered> {
        let effects = self.app.handle(input);
        let mut out = Vec::with_capacity(effects.len());
        for effect in effects {
            let message_id = match &effect {
                Effect::Send { message, .. } => {
                    let id = self.next_message_id();
                    if let Some(track) = message.track.clone() {
                        let report = Input {
                            action: Action::Delivered { track, message_id: id.clone() },
                            ..input.clone()
                        };
                        self.app.handle(&report);
                    }
                    Some(id)
                }
                _ => None,
            };
            out.push(Delivered { effect, message_id });
        }
        out
    }
}
