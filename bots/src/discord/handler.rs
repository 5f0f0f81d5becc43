//! One interaction from start to end.
//!
//! 1. **Run the engine** on its thread ([`Engine`]; inputs that arrive together share one
//!    flush). A press is acknowledged only once the group commit holding its move is durable
//!    (a few milliseconds): an acknowledged move then survives a `kill -9` at any later moment.
//!    Should the engine be slow, the interaction is acknowledged anyway at [`ACK_BY`], inside
//!    Discord's 3 seconds.
//! 2. **Acknowledge**: a press with a deferred update (a refusal follows as an ephemeral
//!    message), a slash command a deferred response
//!    (ephemeral for `/board show:me|dm`). This call never waits behind the message queue: an
//!    interaction callback is its own rate-limit bucket.
//! 3. Remember how the user can be reached privately (see [`super::messenger`]): a press's
//!    token can also edit the message pressed. Only now, so no deliverer follows up on an
//!    interaction before it is acknowledged.
//! 4. Carry out what the engine returned for now: `Strip`s of stale messages, and `Send`s that
//!    belong to no table (help, rules, errors) — the first in the command's own channel fills
//!    its deferred response.
//! 5. Settle the deferred response of a slash command: a public one unused is deleted; an
//!    ephemeral one is left to the caller's first private message, and set to "✓" if none comes
//!    while the deliverers run.
//! 6. Wake the deliverers of the tables the engine queued messages for.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use igroteka::app::{App, Dest, Effect, Message};
use igroteka::store::SharedStore;
use igroteka::table::Platform;
use serenity::all::{
    ChannelId, CreateInteractionResponse, CreateInteractionResponseMessage,
    EditInteractionResponse, Http, InteractionId,
};
use serenity::builder::Builder;

use super::deliver::Deliverers;
use super::errors::describe;
use super::inbound::{Context, Request};
use super::messenger::{Discord, RouteKind};
use super::render;
use crate::engine::Engine;
use crate::limits::Gate;

/// How long an ephemeral command's deferred response waits for the deliverers to fill it.
const FILL_WAIT: Duration = Duration::from_secs(10);

/// The latest an interaction is acknowledged, engine done or not (Discord allows 3 s).
const ACK_BY: Duration = Duration::from_millis(2000);

/// The REST side, made once the gateway hands over the client's `Http` (it learns the
/// application id from READY).
#[derive(Debug)]
pub struct Parts {
    pub discord: Arc<Discord>,
    pub deliverers: Deliverers,
}

/// What the adapter shares between events.
#[derive(Debug)]
pub struct Adapter {
    store: SharedStore,
    engine: Engine,
    parts: OnceLock<Parts>,
    /// Set once the turn clocks tick (READY may come again after a reconnect).
    ticking: OnceLock<()>,
    /// Interactions being handled: a stop lets them end.
    in_flight: AtomicUsize,
}

/// Counts an interaction in flight while it lives.
struct InFlight<'a>(&'a AtomicUsize);

impl<'a> InFlight<'a> {
    fn new(count: &'a AtomicUsize) -> InFlight<'a> {
        count.fetch_add(1, Ordering::SeqCst);
        InFlight(count)
    }
}

impl Drop for InFlight<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Adapter {
    pub fn new(app: App<SharedStore>, gate: Gate) -> Adapter {
        let store = app.store().clone();
        Adapter {
            store,
            engine: Engine::start(app).with_gate(gate),
            parts: OnceLock::new(),
            ticking: OnceLock::new(),
            in_flight: AtomicUsize::new(0),
        }
    }

    /// After a stop: waits up to `within` for the interactions in flight and the deliveries
    /// under way to end; says whether they did.
    pub async fn drain(&self, within: Duration) -> bool {
        crate::stop::settled(within, || {
            self.in_flight.load(Ordering::SeqCst) == 0
                && self.parts.get().is_none_or(|parts| parts.deliverers.idle())
        })
        .await
    }

    /// Starts ticking the turn clocks (once): reminders and deadlines come from ticks, and
    /// the tables they touch are delivered like any other.
    pub fn start_clock(self: &Arc<Self>, http: &Arc<Http>) {
        if self.ticking.set(()).is_err() {
            return;
        }
        self.parts(http);
        let adapter = self.clone();
        tokio::spawn(async move {
            let mut every = tokio::time::interval(crate::engine::tick_period());
            let mut background = adapter.engine.background();
            loop {
                // A tick, or a computer player's move (its outcome awaited by nobody else).
                let outcome = tokio::select! {
                    _ = every.tick() => {
                        let tick = crate::engine::tick(Platform::Discord, super::inbound::now_ms());
                        adapter.engine.run(tick).await
                    }
                    Some(outcome) = async { background.as_mut()?.recv().await } => outcome,
                };
                if let Some(parts) = adapter.parts.get() {
                    for table in outcome.dirty {
                        drop(parts.deliverers.wake(table));
                    }
                }
            }
        });
    }

    /// The REST side (made by the first event).
    /// The store the adapter keeps its games in.
    pub fn store(&self) -> SharedStore {
        self.store.clone()
    }

    pub fn parts(&self, http: &Arc<Http>) -> &Parts {
        self.parts.get_or_init(|| {
            let discord = Arc::new(Discord::new(http.clone(), self.store.clone()));
            let deliverers =
                Deliverers::new(self.store.clone(), discord.clone(), self.engine.clone());
            Parts { discord, deliverers }
        })
    }

    /// Answers one interaction (see the module docs).
    pub async fn handle(&self, http: &Arc<Http>, request: Request) {
        let _counted = InFlight::new(&self.in_flight);
        let received = std::time::Instant::now();
        let Parts { discord, deliverers } = self.parts(http);
        let ctx = &request.context;
        // The route this interaction gives its user, noted before the engine runs: a delivery
        // pass already under way for one of their tables may pick up what this interaction
        // queues, and must send it this way, not through an older route. Until the
        // acknowledgement below, what needs the token waits (a DM route needs none).
        let kind = if ctx.in_dm {
            // They use the bot in their DMs: the DMs are open.
            discord.set_dm_closed(&ctx.user, false);
            RouteKind::Dm(ChannelId::new(ctx.channel))
        } else if ctx.prefer_dm {
            RouteKind::PreferDm
        } else {
            RouteKind::Ephemeral
        };
        discord.note_route_ahead(&ctx.user, ctx.channel, &ctx.token, kind);

        let taken = self.engine.take(request.input.clone(), None);
        tokio::pin!(taken);
        let outcome = match tokio::time::timeout(ACK_BY, &mut taken).await {
            Ok(outcome) => {
                acknowledge(discord.http(), ctx).await;
                outcome
            }
            Err(_) => {
                tracing::warn!("discord: the engine is slow; acknowledging before it ends");
                acknowledge(discord.http(), ctx).await;
                taken.await
            }
        };
        if ctx.pressed_on.is_some() {
            crate::observe::metrics().answered(Platform::Discord, received.elapsed());
        }
        crate::observe::logging::handled(&tracing::Span::current(), &outcome);

        let public_command = ctx.is_command() && !ctx.ephemeral;
        if let Some(pressed) = ctx.pressed_on {
            discord.note_press(pressed, &ctx.token);
        }
        if ctx.is_command() && ctx.ephemeral {
            discord.defer_original(&ctx.token);
        }
        if !public_command {
            discord.note_route(&ctx.user, ctx.channel, &ctx.token, kind);
        }

        let mut original_open = public_command;
        for effect in outcome.effects {
            immediate(discord, ctx, &mut original_open, effect).await;
        }
        if public_command {
            if original_open {
                let deleted = discord.http().delete_original_interaction_response(&ctx.token).await;
                let deleted = super::errors::counted("deleteOriginalResponse", deleted);
                if let Err(e) = deleted {
                    tracing::warn!(
                        "discord: deleting a deferred response failed: {}",
                        describe(&e)
                    );
                }
            }
            // Only now: a follow-up would have filled the public "thinking" message.
            discord.note_route(&ctx.user, ctx.channel, &ctx.token, kind);
        }

        let passes: Vec<_> = outcome.dirty.iter().map(|table| deliverers.wake(*table)).collect();
        if ctx.is_command() && ctx.ephemeral {
            let all = async {
                for pass in passes {
                    let _ = pass.await;
                }
            };
            let _ = tokio::time::timeout(FILL_WAIT, all).await;
            discord.close_original(&ctx.token).await;
        }
    }
}

/// Acknowledges the interaction: a deferred response for a command, a deferred update for a
/// component (a refusal follows as an ephemeral message: the interaction's original message
/// stays the one pressed, which a strip may still have to edit).
async fn acknowledge(http: &Http, ctx: &Context) {
    let ack = if ctx.is_command() {
        CreateInteractionResponse::Defer(
            CreateInteractionResponseMessage::new().ephemeral(ctx.ephemeral),
        )
    } else {
        CreateInteractionResponse::Acknowledge
    };
    let id = InteractionId::new(ctx.interaction_id);
    let acknowledged = ack.execute(http, (id, &ctx.token)).await;
    if let Err(e) = super::errors::counted("createInteractionResponse", acknowledged) {
        tracing::warn!("discord: acknowledging an interaction failed: {}", describe(&e));
    }
}

/// Carries out one effect the engine returned for now.
async fn immediate(discord: &Discord, ctx: &Context, original_open: &mut bool, effect: Effect) {
    let result = match effect {
        // The acknowledgement stopped the spinner; only a refusal needs words.
        Effect::Answer { text, alert: true } if !text.is_empty() => {
            discord.ephemeral(&ctx.token, &Message::text(text)).await.map(drop)
        }
        Effect::Answer { .. } => Ok(()),
        Effect::Strip { to, message_id } => {
            if ctx.pressed_on.is_some_and(|id| id.to_string() == message_id) {
                discord.strip_original(&ctx.token).await
            } else {
                discord.strip(&to, &message_id).await
            }
        }
        Effect::Send { to, message } => {
            let here = match &to {
                Dest::Chat { chat, .. } => chat == &ctx.channel.to_string(),
                Dest::User { user } => user == &ctx.user && ctx.in_dm,
            };
            if *original_open && here {
                *original_open = false;
                respond(discord.http(), ctx, &message).await
            } else {
                match &to {
                    Dest::User { user } if user == &ctx.user && ctx.in_dm => {
                        let channel = ChannelId::new(ctx.channel);
                        discord.post(channel, &message, None).await.map(drop)
                    }
                    Dest::User { user } if user == &ctx.user => {
                        discord.ephemeral(&ctx.token, &message).await.map(drop)
                    }
                    Dest::User { user } => {
                        discord.private(user, Some(ctx.channel), &message).await.map(drop)
                    }
                    Dest::Chat { chat, .. } => match chat.parse::<u64>() {
                        Ok(channel) if channel > 0 => {
                            discord.post(ChannelId::new(channel), &message, None).await.map(drop)
                        }
                        _ => Ok(()),
                    },
                }
            }
        }
        other => {
            tracing::warn!("discord: an unexpected immediate effect: {other:?}");
            Ok(())
        }
    };
    if let Err(e) = result {
        tracing::warn!("discord: answering an interaction failed: {e:?}");
    }
}

/// Fills a public command's deferred response.
async fn respond(
    http: &Http,
    ctx: &Context,
    message: &Message,
) -> Result<(), igroteka::outbox::Failure> {
    let png = super::messenger::picture(message).await;
    let mut edit = EditInteractionResponse::new()
        .content(render::content(message))
        .components(render::components(&message.buttons))
        .allowed_mentions(render::allowed_mentions(message));
    if let Some(png) = png {
        edit = edit.new_attachment(render::attachment(png));
    }
    let edited =
        super::errors::counted("editOriginalResponse", edit.execute(http, &ctx.token).await);
    edited.map(drop).map_err(|e| super::errors::failure(&e))
}
