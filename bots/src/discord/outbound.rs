//! The core's [`Effect`]s → Discord API calls, in order, for one interaction.
//!
//! Where a message goes is decided here, because Discord offers several places the core does
//! not know about: the deferred response of a slash command (filled with the command's first
//! plain reply), ephemeral follow-ups (private content for the user who is interacting — the
//! main way to show private things), direct messages (for players who are not interacting),
//! and the channel itself. A DM refused with 50007 falls back to an ephemeral reply, or, for a
//! player who is not interacting, to a channel note with a "My set-up" button that replies
//! ephemerally — so a game never waits on a message nobody can see.
//!
//! The id of every tracked message is reported back to the core (`Action::Delivered`) so later
//! edits can name it; an edit Discord refuses becomes a fresh message.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use igroteka::app::{App, Dest, Effect, Input, Message};
use igroteka::i18n::I18n;
use igroteka::store::SledStore;
use serenity::all::{
    ChannelId, CreateInteractionResponse, CreateInteractionResponseFollowup,
    CreateInteractionResponseMessage, CreateMessage, EditInteractionResponse, EditMessage, Http,
    InteractionId, Message as Sent, MessageId, UserId,
};
use serenity::builder::Builder;

use super::errors::{DM_CLOSED, code, describe};
use super::inbound::{Context, Request};
use super::render;

/// What the adapter shares between interactions.
pub struct Adapter {
    /// The client's REST handle (it learns the application id from READY), set by the first
    /// event.
    http: OnceLock<Arc<Http>>,
    app: Arc<Mutex<App<SledStore>>>,
    /// One lock per channel: a channel's inputs are handled one after another, so a tracked
    /// message's id reaches the core before the channel's next input is handled.
    channels: Mutex<HashMap<u64, Arc<tokio::sync::Mutex<()>>>>,
    /// Each user's DM channel, once opened.
    dms: Mutex<HashMap<String, ChannelId>>,
    /// Ephemeral messages and the interaction token that can edit them (for 15 minutes).
    ephemeral: Mutex<HashMap<String, String>>,
}

impl std::fmt::Debug for Adapter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Adapter").finish_non_exhaustive()
    }
}

/// Where one message goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    /// The deferred response of the slash command being answered.
    Original,
    /// A follow-up to the interaction, seen only by the caller when `ephemeral`.
    Followup {
        ephemeral: bool,
    },
    Channel(u64),
    /// The user's DMs; when they are closed, the `caller` gets an ephemeral reply instead and
    /// anyone else a note in the channel.
    Dm {
        user: u64,
        caller: bool,
    },
}

/// The state of answering one interaction.
struct Reply<'a> {
    request: &'a Request,
    original_used: bool,
}

impl Adapter {
    pub fn new(app: App<SledStore>) -> Adapter {
        Adapter {
            http: OnceLock::new(),
            app: Arc::new(Mutex::new(app)),
            channels: Mutex::default(),
            dms: Mutex::default(),
            ephemeral: Mutex::default(),
        }
    }

    /// Remembers the client's REST handle (the first call wins; they are all the same).
    pub fn set_http(&self, http: &Arc<Http>) {
        let _ = self.http.set(http.clone());
    }

    fn http(&self) -> &Http {
        self.http.get().expect("set_http is called before any interaction is handled")
    }

    /// Answers one interaction: acknowledge at once (Discord allows 3 s), then let the core
    /// decide and carry out its effects.
    pub async fn handle(&self, request: Request) {
        let ctx = &request.context;
        let ack = if ctx.is_command() {
            CreateInteractionResponse::Defer(
                CreateInteractionResponseMessage::new().ephemeral(ctx.ephemeral),
            )
        } else {
            CreateInteractionResponse::Acknowledge
        };
        let id = InteractionId::new(ctx.interaction_id);
        if let Err(e) = ack.execute(self.http(), (id, &ctx.token)).await {
            eprintln!("igroteka: discord: acknowledging an interaction failed: {}", describe(&e));
        }
        let lock = self.channel_lock(ctx.channel);
        let _turn = lock.lock().await;
        let effects = self.run_core(request.input.clone()).await;
        let mut reply = Reply { request: &request, original_used: false };
        for effect in effects {
            self.apply(&mut reply, effect).await;
        }
        if ctx.is_command() && !reply.original_used {
            let done = if ctx.ephemeral {
                EditInteractionResponse::new()
                    .content("✓")
                    .execute(self.http(), &ctx.token)
                    .await
                    .map(|_| ())
            } else {
                self.http().delete_original_interaction_response(&ctx.token).await
            };
            if let Err(e) = done {
                eprintln!(
                    "igroteka: discord: closing a deferred response failed: {}",
                    describe(&e)
                );
            }
        }
    }

    fn channel_lock(&self, channel: u64) -> Arc<tokio::sync::Mutex<()>> {
        let mut locks = self.channels.lock().unwrap_or_else(|e| e.into_inner());
        locks.entry(channel).or_default().clone()
    }

    /// Runs the engine off the async threads (sled flushes block).
    async fn run_core(&self, input: Input) -> Vec<Effect> {
        let app = self.app.clone();
        tokio::task::spawn_blocking(move || {
            let mut app = app.lock().unwrap_or_else(|e| e.into_inner());
            app.handle(&input)
        })
        .await
        .unwrap_or_default()
    }

    async fn apply(&self, reply: &mut Reply<'_>, effect: Effect) {
        match effect {
            Effect::Answer { text, alert } => {
                // The acknowledgement already stopped the spinner; only a refusal needs words.
                if alert && !text.is_empty() {
                    let note = Message::text(text);
                    self.send(reply, Place::Followup { ephemeral: true }, &note).await;
                }
            }
            Effect::Send { to, message } => {
                let place = self.place(reply, &to, &message);
                self.send(reply, place, &message).await;
            }
            Effect::Edit { to, message_id, message } => {
                if let Err(e) = self.edit(reply, &to, &message_id, &message).await {
                    eprintln!("igroteka: discord: an edit failed ({}); sending anew", describe(&e));
                    let place = self.place(reply, &to, &message);
                    self.send(reply, place, &message).await;
                }
            }
            _ => {}
        }
    }

    /// Where a new message goes (see the module docs).
    fn place(&self, reply: &Reply, to: &Dest, _message: &Message) -> Place {
        let ctx = &reply.request.context;
        let fresh_original = ctx.is_command() && !reply.original_used;
        match to {
            Dest::Chat { chat, .. } => {
                let channel = chat.parse().unwrap_or_default();
                if fresh_original && !ctx.ephemeral && channel == ctx.channel {
                    Place::Original
                } else {
                    Place::Channel(channel)
                }
            }
            Dest::User { user } if *user == ctx.user => {
                if ctx.in_dm {
                    if fresh_original { Place::Original } else { Place::Channel(ctx.channel) }
                } else if ctx.prefer_dm {
                    Place::Dm { user: user.parse().unwrap_or_default(), caller: true }
                } else if fresh_original && ctx.ephemeral {
                    Place::Original
                } else {
                    Place::Followup { ephemeral: true }
                }
            }
            Dest::User { user } => {
                Place::Dm { user: user.parse().unwrap_or_default(), caller: false }
            }
        }
    }

    /// Sends `message` to `place` and reports a tracked message's id to the core.
    async fn send(&self, reply: &mut Reply<'_>, place: Place, message: &Message) {
        let png = self.picture(message).await;
        let result = match place {
            Place::Dm { user, caller } => {
                let sent = match self.dm_channel(user).await {
                    Ok(channel) => self.post(channel, message, png.clone()).await,
                    Err(e) => Err(e),
                };
                match sent {
                    Err(e) if code(&e) == Some(DM_CLOSED) && caller => {
                        let place = self.followup_place(reply, true);
                        self.deliver(reply, place, message, png).await
                    }
                    Err(e) if code(&e) == Some(DM_CLOSED) => {
                        let lang = I18n::pick(reply.request.input.user.lang.as_deref());
                        self.dm_closed_note(&reply.request.context, user, lang).await;
                        return;
                    }
                    other => other,
                }
            }
            Place::Followup { ephemeral } => {
                let place = self.followup_place(reply, ephemeral);
                self.deliver(reply, place, message, png).await
            }
            place => self.deliver(reply, place, message, png).await,
        };
        let ctx = &reply.request.context;
        match result {
            Ok((sent, ephemeral)) => {
                if ephemeral {
                    let mut known = self.ephemeral.lock().unwrap_or_else(|e| e.into_inner());
                    known.insert(sent.id.to_string(), ctx.token.clone());
                }
                let _ = sent;
            }
            Err(e) => eprintln!("igroteka: discord: sending a message failed: {}", describe(&e)),
        }
    }

    /// A follow-up, unless a slash command's deferred response of the same visibility is still
    /// unfilled: Discord would put the first follow-up there anyway.
    fn followup_place(&self, reply: &Reply, ephemeral: bool) -> Place {
        let ctx = &reply.request.context;
        if ctx.is_command() && !reply.original_used && ctx.ephemeral == ephemeral {
            Place::Original
        } else {
            Place::Followup { ephemeral }
        }
    }

    /// One API call for one message; `Ok` carries whether it is ephemeral.
    async fn deliver(
        &self,
        reply: &mut Reply<'_>,
        place: Place,
        message: &Message,
        png: Option<Vec<u8>>,
    ) -> serenity::Result<(Sent, bool)> {
        let ctx = &reply.request.context;
        match place {
            Place::Original => {
                reply.original_used = true;
                let mut edit = EditInteractionResponse::new()
                    .content(render::content(message))
                    .components(render::components(&message.buttons))
                    .allowed_mentions(render::allowed_mentions(message));
                if let Some(png) = png {
                    edit = edit.new_attachment(render::attachment(png));
                }
                edit.execute(self.http(), &ctx.token).await.map(|m| (m, ctx.ephemeral))
            }
            Place::Followup { ephemeral } => self.followup(ctx, message, png, ephemeral).await,
            Place::Channel(channel) => {
                self.post(ChannelId::new(channel.max(1)), message, png).await
            }
            Place::Dm { user, .. } => {
                let channel = self.dm_channel(user).await?;
                self.post(channel, message, png).await
            }
        }
    }

    async fn followup(
        &self,
        ctx: &Context,
        message: &Message,
        png: Option<Vec<u8>>,
        ephemeral: bool,
    ) -> serenity::Result<(Sent, bool)> {
        let mut followup = CreateInteractionResponseFollowup::new()
            .content(render::content(message))
            .components(render::components(&message.buttons))
            .allowed_mentions(render::allowed_mentions(message))
            .ephemeral(ephemeral);
        if let Some(png) = png {
            followup = followup.add_file(render::attachment(png));
        }
        followup.execute(self.http(), (None, &ctx.token)).await.map(|m| (m, ephemeral))
    }

    async fn post(
        &self,
        channel: ChannelId,
        message: &Message,
        png: Option<Vec<u8>>,
    ) -> serenity::Result<(Sent, bool)> {
        let mut create = CreateMessage::new()
            .content(render::content(message))
            .components(render::components(&message.buttons))
            .allowed_mentions(render::allowed_mentions(message));
        if let Some(png) = png {
            create = create.add_file(render::attachment(png));
        }
        channel.send_message(self.http(), create).await.map(|m| (m, false))
    }

    /// Replaces a message sent earlier: text, buttons and picture. A private message is edited
    /// through the interaction that can reach it (the press on it, or the one that sent it as an
    /// ephemeral reply); anything else through its channel.
    async fn edit(
        &self,
        reply: &Reply<'_>,
        to: &Dest,
        message_id: &str,
        message: &Message,
    ) -> serenity::Result<()> {
        let ctx = &reply.request.context;
        let id = MessageId::new(message_id.parse().unwrap_or(1).max(1));
        let png = self.picture(message).await;
        if matches!(to, Dest::User { .. }) && ctx.pressed_on == Some(id.get()) {
            let edit = EditInteractionResponse::new()
                .content(render::content(message))
                .components(render::components(&message.buttons))
                .allowed_mentions(render::allowed_mentions(message));
            let edit = match png {
                Some(png) => edit.new_attachment(render::attachment(png)),
                None => edit.clear_attachments(),
            };
            return edit.execute(self.http(), &ctx.token).await.map(|_| ());
        }
        let known =
            self.ephemeral.lock().unwrap_or_else(|e| e.into_inner()).get(message_id).cloned();
        if let (Dest::User { .. }, Some(token)) = (to, known) {
            let mut edit = CreateInteractionResponseFollowup::new()
                .content(render::content(message))
                .components(render::components(&message.buttons))
                .allowed_mentions(render::allowed_mentions(message));
            if let Some(png) = png {
                edit = edit.add_file(render::attachment(png));
            }
            return edit.execute(self.http(), (Some(id), &token)).await.map(|_| ());
        }
        let channel = match to {
            Dest::Chat { chat, .. } => ChannelId::new(chat.parse().unwrap_or(1).max(1)),
            Dest::User { user } if *user == ctx.user && ctx.in_dm => ChannelId::new(ctx.channel),
            Dest::User { user } => self.dm_channel(user.parse().unwrap_or_default()).await?,
        };
        let edit = EditMessage::new()
            .content(render::content(message))
            .components(render::components(&message.buttons))
            .allowed_mentions(render::allowed_mentions(message));
        let edit = match png {
            Some(png) => edit.new_attachment(render::attachment(png)),
            None => edit.remove_all_attachments(),
        };
        channel.edit_message(self.http(), id, edit).await.map(|_| ())
    }

    /// The user's DM channel (opened once, then remembered).
    async fn dm_channel(&self, user: u64) -> serenity::Result<ChannelId> {
        let key = user.to_string();
        if let Some(id) = self.dms.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
            return Ok(*id);
        }
        let channel = UserId::new(user.max(1)).create_dm_channel(self.http()).await?;
        self.dms.lock().unwrap_or_else(|e| e.into_inner()).insert(key, channel.id);
        Ok(channel.id)
    }

    /// Tells a player whose DMs are closed, in the channel of the current interaction, to press
    /// "My set-up" for an ephemeral copy of what they must see.
    async fn dm_closed_note(&self, ctx: &Context, user: u64, lang: &str) {
        if ctx.in_dm {
            return;
        }
        let (text, label) = super::notes::dm_closed(lang);
        let note = CreateMessage::new()
            .content(format!("<@{user}> {text}"))
            .allowed_mentions(
                serenity::all::CreateAllowedMentions::new().users([UserId::new(user.max(1))]),
            )
            .components(vec![render::mine_button(label)]);
        if let Err(e) = ChannelId::new(ctx.channel).send_message(self.http(), note).await {
            eprintln!("igroteka: discord: the closed-DM note failed: {}", describe(&e));
        }
    }

    /// The board picture, drawn off the async threads.
    async fn picture(&self, message: &Message) -> Option<Vec<u8>> {
        let view = message.board.clone()?;
        tokio::task::spawn_blocking(move || igroteka_renderer::render(&view)).await.ok()
    }
}
