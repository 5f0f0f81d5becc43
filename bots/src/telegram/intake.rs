//! Updates in: each one taken durably, and once, whichever way Telegram delivers it.
//!
//! Telegram forgets an update once the bot confirms it — in long polling by asking
//! `getUpdates` for a later offset, in webhook mode by answering its POST with a 2xx — and never
//! sends it again. So an update is confirmed only once it is *taken*: handled by the engine and
//! flushed, its move together with its key (`tg:<update_id>`, see
//! `App::handle_batch_once`). A crash before that makes Telegram deliver it again, and an
//! update delivered twice (Telegram resends after a timeout or a 5xx, or because the bot died
//! between taking a batch and confirming it) finds its key and is not handled again.
//!
//! What follows the taking — the answer to a press, the replies, the tables' messages — is done
//! after the confirmation ([`Intake::finish`]); it is either repeatable (the outbox is durable and
//! delivered again after a restart) or a courtesy (a press answered late stops its spinner).
//!
//! teloxide's own dispatcher and webhook listener confirm an update as soon as it is in memory,
//! so this module replaces them: [`Intake::poll`] is the long-polling loop, and
//! [`super::webhook`] serves the POSTs and hands each to [`Intake::take`].

use std::sync::Arc;
use std::time::{Duration, Instant};

use igroteka::app::Effect;
use teloxide::prelude::*;
use teloxide::types::{AllowedUpdate, CallbackQueryId, UpdateKind};

use igroteka::table::Platform;
use tracing::Instrument;

use super::{Adapter, inbound, retry};
use crate::engine::Outcome;
use crate::observe::{logging, metrics};
use crate::stop::Stop;

/// How long one `getUpdates` waits for an update (Telegram's long poll): well inside the HTTP
/// client's own timeout (teloxide's default client gives up after 17 s).
const POLL_SECONDS: u32 = 10;

/// An update taken: what is left to do for it once Telegram is told.
#[derive(Debug)]
pub enum Taken {
    /// The engine handled it (its changes are durable): answer the press, if it was one, and
    /// deliver what it changed. `span` is the update's, `received` when it arrived.
    Handled {
        query: Option<CallbackQueryId>,
        outcome: Outcome,
        span: tracing::Span,
        received: Instant,
    },
    /// A press the bot cannot read (a button on a message it cannot see any more): only its
    /// spinner to stop.
    Unreadable(CallbackQueryId),
    /// Nothing to do: a kind of update the bot does not read, or one taken before.
    Nothing,
}

/// Takes updates for the adapter.
#[derive(Debug)]
pub struct Intake {
    adapter: Arc<Adapter>,
}

impl Intake {
    pub fn new(adapter: Arc<Adapter>) -> Intake {
        Intake { adapter }
    }

    /// Hands `updates` to the engine in their order and returns once every one is taken
    /// (durable): only then may Telegram be told.
    pub async fn take(&self, updates: Vec<Update>) -> Vec<Taken> {
        let adapter = &self.adapter;
        let mut queued = Vec::with_capacity(updates.len());
        for update in updates {
            let received = Instant::now();
            let key = Some(format!("tg:{}", update.id.0));
            let now = inbound::now_ms();
            let (input, query) = match update.kind {
                UpdateKind::Message(msg) => {
                    let Some(mut input) = inbound::from_message(&msg, &adapter.username, now)
                    else {
                        queued.push(None);
                        continue;
                    };
                    if inbound::needs_admin_check(&input)
                        && adapter.engine.would_admit(&input)
                        && let Some(user) = msg.from.as_ref()
                    {
                        // Only `/cancel` asks: one getChatMember call where it matters.
                        let member = retry::call("getChatMember", || {
                            adapter.bot.get_chat_member(msg.chat.id, user.id).send()
                        })
                        .await;
                        input.user.admin = member.is_ok_and(|m| m.is_privileged());
                    }
                    (input, None)
                }
                UpdateKind::CallbackQuery(query) => match inbound::from_callback(&query, now) {
                    Some(input) => (input, Some(query.id)),
                    None => {
                        queued.push(Some(Err(query.id)));
                        continue;
                    }
                },
                _ => {
                    queued.push(None);
                    continue;
                }
            };
            // Queued at once, in order: the engine handles them in the order they came.
            let span = logging::update_span(&input);
            let outcome = adapter.engine.take(input, key);
            queued.push(Some(Ok((query, outcome, span, received))));
        }
        let mut taken = Vec::with_capacity(queued.len());
        for item in queued {
            taken.push(match item {
                None => Taken::Nothing,
                Some(Err(query)) => Taken::Unreadable(query),
                Some(Ok((query, outcome, span, received))) => {
                    let outcome = outcome.instrument(span.clone()).await;
                    span.in_scope(|| logging::handled(&span, &outcome));
                    if outcome.repeated {
                        Taken::Nothing
                    } else {
                        Taken::Handled { query, outcome, span, received }
                    }
                }
            });
        }
        taken
    }

    /// What is left of taken updates, on a task of its own: each press answered (never paced:
    /// the spinner stops at once), then the replies and the tables' deliverers. The answers go
    /// out side by side, so a press never waits for the others of its batch — a batch full of
    /// one abuser's refused presses holds up no other chat's answer (docs/operations.md, "Abuse
    /// limits").
    pub fn finish(&self, taken: Vec<Taken>) {
        if taken.iter().all(|t| matches!(t, Taken::Nothing)) {
            return;
        }
        let adapter = self.adapter.clone();
        let task = tokio::spawn(async move {
            let mut answers = tokio::task::JoinSet::new();
            for item in taken {
                match item {
                    Taken::Handled { query, outcome, span, received } => {
                        if let Some(query) = query {
                            let answer = outcome.effects.iter().find_map(|e| match e {
                                Effect::Answer { text, alert } => Some((text.clone(), *alert)),
                                _ => None,
                            });
                            let (adapter, span) = (adapter.clone(), span.clone());
                            answers.spawn(async move {
                                adapter.answer(query, answer).instrument(span).await;
                                metrics().answered(Platform::Telegram, received.elapsed());
                            });
                        }
                        span.in_scope(|| adapter.deliverers.dispatch(outcome));
                    }
                    Taken::Unreadable(query) => {
                        let adapter = adapter.clone();
                        answers.spawn(async move { adapter.answer(query, None).await });
                    }
                    Taken::Nothing => {}
                }
            }
            while answers.join_next().await.is_some() {}
        });
        self.adapter.finishing.track(task);
    }

    /// Long polling until `stop`: each batch is taken before the next `getUpdates` confirms
    /// it. On stop, the batch in hand is taken and confirmed, and no more is asked for.
    pub async fn poll(&self, stop: &Stop) {
        let bot = &self.adapter.bot;
        let mut offset = 0;
        let mut failures = 0u32;
        loop {
            let request = bot
                .get_updates()
                .offset(offset)
                .timeout(POLL_SECONDS)
                .allowed_updates([AllowedUpdate::Message, AllowedUpdate::CallbackQuery]);
            let updates = tokio::select! {
                _ = stop.requested() => break,
                updates = request.send() => updates,
            };
            retry::count("getUpdates", &updates);
            match updates {
                Ok(updates) => {
                    failures = 0;
                    let Some(last) = updates.last() else { continue };
                    let next = last.id.as_offset();
                    let taken = self.take(updates).await;
                    offset = next;
                    self.finish(taken);
                }
                Err(e) => {
                    failures += 1;
                    let pause = retry::pause_after(&e, failures);
                    tracing::warn!(
                        "telegram: getUpdates: {} (again in {} s)",
                        retry::describe(&e, &self.adapter.token),
                        pause.as_secs()
                    );
                    tokio::select! {
                        _ = stop.requested() => break,
                        _ = tokio::time::sleep(pause) => {}
                    }
                }
            }
        }
        if offset != 0 {
            // Confirms what was taken: asks for at most one more without waiting for it (an
            // update it returns is not confirmed, so Telegram keeps it for the next start).
            let confirm = bot.get_updates().offset(offset).limit(1).timeout(0);
            let confirmed = tokio::time::timeout(Duration::from_secs(2), confirm.send()).await;
            if !matches!(confirmed, Ok(Ok(_))) {
                tracing::warn!(
                    "telegram: the last updates were not confirmed; the next start gets them \
                     again and drops them as taken"
                );
            }
        }
    }
}
