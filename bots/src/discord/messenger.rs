//! Discord as the outbox's [`Messenger`]: where each of a table's messages goes, and the REST
//! calls that put it there.
//!
//! A group message is a channel message. A private message (`Dest::User`) goes, in this order:
//!
//! 1. through the player's *route* — their newest interaction with the bot, while its token is
//!    valid (Discord allows 15 minutes; we use 14) — as an ephemeral follow-up only they see,
//!    in the channel where they interacted (the deferred response of an ephemeral `/board`
//!    takes the first one). A message with buttons only uses a route in the table's own channel,
//!    since a press elsewhere would be refused as coming from the wrong chat. An interaction in
//!    the DM channel makes the DM channel itself the route; `/board show:dm` asks for DMs while
//!    the DMs are open;
//!    A message marked `direct` (a spectator's board) skips the route: it belongs in the DMs;
//! 2. otherwise to the user's DM channel (opened once, then remembered);
//! 3. and when Discord refuses that with 50007 — the user's DMs are closed to the bot — the
//!    user is remembered as such (durably, until they use the bot in DMs) and reported
//!    unreachable; no DM is attempted again, and the engine notes them in the channel once per
//!    game, with a button that answers them ephemerally (which gives them a route).
//!
//! An ephemeral message can only be edited or deleted through the interaction token that made
//! it (or through a press on it, whose token reaches the message it is on), so each one is
//! remembered with its token; after 14 minutes, or after a restart, such a message is "gone" and
//! the deliverer sends its slot anew.
//!
//! Rate limits are serenity's: every call goes through its limiter, which waits on the
//! `X-RateLimit-*` headers before a bucket would overflow and retries a 429 after its
//! `Retry-After`. [`Messenger::ready`] reads the limiter's buckets so the deliverer waits
//! *before* picking the next entry, and whatever queues meanwhile is coalesced. Message creates
//! carry a nonce with `enforce_nonce` made from the outbox entry, so an entry sent again after a
//! crash does not make a second message.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant, SystemTime};

use igroteka::app::{Dest, Effect, Message};
use igroteka::outbox::{self, Failure, Messenger};
use igroteka::store::{SharedStore, Store};
use serenity::all::{
    AutoArchiveDuration, ChannelId, ChannelType, CreateAttachment,
    CreateInteractionResponseFollowup, CreateMessage, CreateThread, EditInteractionResponse,
    EditMessage, Http, MessageId, Nonce, Route as ApiRoute, UserId,
};
use serenity::builder::Builder;
use serenity::model::channel::Message as Sent;

use super::errors::{counted, describe, failure};
use super::render;

/// How long an interaction token is used: Discord's 15 minutes, less a margin.
pub const TOKEN_LIFE: Duration = Duration::from_secs(14 * 60);

/// The longest [`Messenger::ready`] waits for a bucket (a sane bound on a reset time).
const MAX_WAIT: Duration = Duration::from_secs(60);

/// How a user can be reached privately through their newest interaction in a channel.
#[derive(Debug, Clone)]
struct Route {
    token: String,
    at: Instant,
    kind: RouteKind,
    /// The interaction is acknowledged, so its token can carry follow-ups. A route is noted
    /// before its interaction runs (so nothing it queues leaves through an older route), and
    /// until the acknowledgement a message that needs the token waits.
    acknowledged: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RouteKind {
    /// Ephemeral follow-ups to the interaction.
    Ephemeral,
    /// The user asked for DMs (`/board show:dm`): DMs while they are open, else ephemeral.
    PreferDm,
    /// The interaction came from the user's DM channel: post there.
    Dm(ChannelId),
}

/// An ephemeral message, or any message an interaction's token can edit.
#[derive(Debug, Clone)]
struct Handle {
    token: String,
    at: Instant,
    /// The interaction's own response (`@original`) rather than a follow-up.
    original: bool,
}

#[derive(Debug, Default)]
struct Known {
    /// (user, channel) → the user's newest interaction there.
    routes: HashMap<(u64, u64), Route>,
    /// user → their DM channel.
    dms: HashMap<u64, ChannelId>,
    /// message → the token that reaches it.
    handles: HashMap<u64, Handle>,
    /// Tokens of ephemeral commands whose deferred response is still "thinking": the first
    /// private message for the caller fills it (else the handler closes it).
    originals: HashSet<String>,
}

/// Past this many, expired routes and handles are forgotten.
const TIDY_ABOVE: usize = 1024;

impl Known {
    fn tidy(&mut self) {
        if self.routes.len() > TIDY_ABOVE {
            self.routes.retain(|_, r| r.at.elapsed() < TOKEN_LIFE);
        }
        if self.handles.len() > TIDY_ABOVE {
            self.handles.retain(|_, h| h.at.elapsed() < TOKEN_LIFE);
        }
    }
}

/// The adapter's REST side, shared by the interaction handlers and the deliverers.
pub struct Discord {
    http: Arc<Http>,
    store: SharedStore,
    known: Mutex<Known>,
}

impl std::fmt::Debug for Discord {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Discord").finish_non_exhaustive()
    }
}

fn dm_closed_key(user: u64) -> String {
    format!("discord:dm-closed:{user}")
}

fn id(raw: &str) -> Option<u64> {
    raw.parse::<u64>().ok().filter(|id| *id > 0)
}

impl Discord {
    pub fn new(http: Arc<Http>, store: SharedStore) -> Discord {
        Discord { http, store, known: Mutex::default() }
    }

    pub fn http(&self) -> &Http {
        &self.http
    }

    fn known(&self) -> MutexGuard<'_, Known> {
        self.known.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The messenger for one table's deliverer.
    pub fn for_table(&self, table: u64, channel: Option<u64>) -> TableMessenger<'_> {
        TableMessenger { discord: self, table, channel }
    }

    /// `user` interacted in `channel` with `token`, and the interaction is acknowledged:
    /// private messages can reach them this way for the next 14 minutes.
    pub fn note_route(&self, user: &str, channel: u64, token: &str, kind: RouteKind) {
        self.note(user, channel, token, kind, true);
    }

    /// `user` is interacting in `channel` with `token`, not yet acknowledged: from now their
    /// private messages go this way, and those that need the token wait for
    /// [`Discord::note_route`]. Noted before the engine runs the interaction, because a
    /// delivery pass already under way may pick up what it queues.
    pub fn note_route_ahead(&self, user: &str, channel: u64, token: &str, kind: RouteKind) {
        self.note(user, channel, token, kind, false);
    }

    fn note(&self, user: &str, channel: u64, token: &str, kind: RouteKind, acknowledged: bool) {
        let Some(user) = id(user) else { return };
        let mut known = self.known();
        if let RouteKind::Dm(dm) = kind {
            known.dms.insert(user, dm);
        }
        let route = Route { token: token.to_string(), at: Instant::now(), kind, acknowledged };
        known.routes.insert((user, channel), route);
        known.tidy();
    }

    /// A press on `message` with `token`: the token can edit that message (`@original`).
    pub fn note_press(&self, message: u64, token: &str) {
        let handle = Handle { token: token.to_string(), at: Instant::now(), original: true };
        let mut known = self.known();
        known.handles.insert(message, handle);
        known.tidy();
    }

    /// An ephemeral command's deferred response waits for the caller's first private message.
    pub fn defer_original(&self, token: &str) {
        self.known().originals.insert(token.to_string());
    }

    /// Takes the deferred response if it is still waiting (it is then the caller's to fill).
    pub fn take_original(&self, token: &str) -> bool {
        self.known().originals.remove(token)
    }

    /// The user's DMs are closed to the bot (remembered across restarts).
    fn dm_closed(&self, user: u64) -> bool {
        self.store.pref(&dm_closed_key(user)).ok().flatten().as_deref() == Some("1")
    }

    /// Remembers whether the user's DMs are closed: set by a 50007, cleared when they use the
    /// bot in their DMs.
    pub fn set_dm_closed(&self, user: &str, closed: bool) {
        let Some(user) = id(user) else { return };
        if self.dm_closed(user) != closed {
            let _ = self.store.set_pref(&dm_closed_key(user), if closed { "1" } else { "0" });
        }
    }

    /// The route to use for a private message to `user` about a table in `channel`: their
    /// newest interaction whose token is still valid — for a message with buttons, only one in
    /// the table's channel or in their DMs, where a press on it is accepted; and, unless
    /// `ahead` (a table's deliverer, which can wait), only an acknowledged one.
    fn route(
        &self,
        user: u64,
        channel: Option<u64>,
        has_buttons: bool,
        ahead: bool,
    ) -> Option<Route> {
        let known = self.known();
        known
            .routes
            .iter()
            .filter(|((u, c), r)| {
                *u == user
                    && r.at.elapsed() < TOKEN_LIFE
                    && (ahead || r.acknowledged)
                    && (!has_buttons || Some(*c) == channel || matches!(r.kind, RouteKind::Dm(_)))
            })
            .map(|(_, r)| r)
            .max_by_key(|r| r.at)
            .cloned()
    }

    fn drop_route(&self, user: u64, token: &str) {
        self.known().routes.retain(|(u, _), r| !(*u == user && r.token == token));
    }

    fn handle(&self, message: &str) -> Option<Handle> {
        let message = id(message)?;
        self.known().handles.get(&message).filter(|h| h.at.elapsed() < TOKEN_LIFE).cloned()
    }

    fn channel_of(&self, to: &Dest) -> Option<ChannelId> {
        match to {
            Dest::Chat { chat, .. } => id(chat).map(ChannelId::new),
            Dest::User { user } => self.known().dms.get(&id(user)?).copied(),
        }
    }

    /// The user's DM channel, opened once.
    async fn dm_channel(&self, user: u64) -> Result<ChannelId, Failure> {
        if let Some(channel) = self.known().dms.get(&user) {
            return Ok(*channel);
        }
        let channel = counted("createDm", UserId::new(user).create_dm_channel(self.http()).await)
            .map_err(|e| failure(&e))?
            .id;
        self.known().dms.insert(user, channel);
        Ok(channel)
    }

    /// A message in a channel (a group channel or a DM channel).
    pub async fn post(
        &self,
        channel: ChannelId,
        message: &Message,
        nonce: Option<String>,
    ) -> Result<Sent, Failure> {
        let file = file_of(message).await;
        let mut create = CreateMessage::new()
            .content(render::content(message))
            .components(render::components(&message.buttons))
            .allowed_mentions(render::allowed_mentions(message));
        if let Some(file) = file {
            create = create.add_file(file);
        }
        if let Some(nonce) = nonce {
            create = create.nonce(Nonce::String(nonce)).enforce_nonce(true);
        }
        counted("createMessage", channel.send_message(self.http(), create).await)
            .map_err(|e| failure(&e))
    }

    /// A public thread for a game, started from its lobby message `from` (a thread without a
    /// message when there is none), archived after a day without messages. Started again
    /// after a crash, the thread of that message is already there: Discord gives a thread
    /// started from a message the message's id, so that is where the game goes.
    pub async fn open_thread(
        &self,
        channel: ChannelId,
        name: &str,
        from: Option<&str>,
    ) -> Result<Dest, Failure> {
        let thread = CreateThread::new(name).auto_archive_duration(AutoArchiveDuration::OneDay);
        let opened = match from.and_then(id) {
            Some(message) => {
                let message = MessageId::new(message);
                let result = channel.create_thread_from_message(self.http(), message, thread).await;
                match counted("startThreadFromMessage", result) {
                    Err(e) if super::errors::code(&e) == Some(THREAD_ALREADY_STARTED) => {
                        return Ok(Dest::Chat { chat: message.to_string(), thread: None });
                    }
                    other => other,
                }
            }
            None => {
                let thread = thread.kind(ChannelType::PublicThread);
                counted(
                    "startThreadWithoutMessage",
                    channel.create_thread(self.http(), thread).await,
                )
            }
        };
        let opened = opened.map_err(|e| failure(&e))?;
        Ok(Dest::Chat { chat: opened.id.to_string(), thread: None })
    }

    /// An ephemeral message for whoever interacted with `token`: the deferred response of an
    /// ephemeral command while it waits, else a follow-up. Remembered with its token.
    pub async fn ephemeral(&self, token: &str, message: &Message) -> Result<String, Failure> {
        let file = file_of(message).await;
        let original = self.take_original(token);
        let sent = if original {
            let mut edit = EditInteractionResponse::new()
                .content(render::content(message))
                .components(render::components(&message.buttons))
                .allowed_mentions(render::allowed_mentions(message));
            if let Some(file) = file {
                edit = edit.new_attachment(file);
            }
            counted("editOriginalResponse", edit.execute(self.http(), token).await)
        } else {
            let mut followup = CreateInteractionResponseFollowup::new()
                .content(render::content(message))
                .components(render::components(&message.buttons))
                .allowed_mentions(render::allowed_mentions(message))
                .ephemeral(true);
            if let Some(file) = file {
                followup = followup.add_file(file);
            }
            counted("createFollowup", followup.execute(self.http(), (None, token)).await)
        };
        let sent = sent.map_err(|e| failure(&e))?;
        let handle = Handle { token: token.to_string(), at: Instant::now(), original };
        let mut known = self.known();
        known.handles.insert(sent.id.get(), handle);
        known.tidy();
        Ok(sent.id.to_string())
    }

    /// Closes an ephemeral command's deferred response that nothing filled.
    pub async fn close_original(&self, token: &str) {
        if !self.take_original(token) {
            return;
        }
        let done = EditInteractionResponse::new().content("✓").execute(self.http(), token).await;
        let done = counted("editOriginalResponse", done);
        if let Err(e) = done {
            tracing::warn!("discord: closing a deferred response failed: {}", describe(&e));
        }
    }

    /// A private message: through the user's route, else their DMs (see the module docs);
    /// `ahead`: a route whose interaction is not acknowledged yet counts, and defers the
    /// message until it is (a table's deliverer, which tries again when woken).
    async fn send_private(
        &self,
        user: u64,
        channel: Option<u64>,
        message: &Message,
        nonce: Option<String>,
        ahead: bool,
    ) -> Result<String, Failure> {
        if message.direct {
            return self.dm(user, message, nonce).await;
        }
        let route = self.route(user, channel, !message.buttons.is_empty(), ahead);
        match route {
            Some(Route { kind: RouteKind::Dm(dm), .. }) => {
                self.post(dm, message, nonce).await.map(|m| m.id.to_string())
            }
            Some(route) => {
                if route.kind == RouteKind::PreferDm && !self.dm_closed(user) {
                    match self.dm(user, message, nonce.clone()).await {
                        Err(Failure::Unreachable) => {}
                        other => return other,
                    }
                }
                if !route.acknowledged {
                    // Its interaction is still running: the handler wakes the table once the
                    // token can carry the follow-up.
                    return Err(Failure::Transient(
                        "the user's interaction is not acknowledged yet".into(),
                    ));
                }
                match self.ephemeral(&route.token, message).await {
                    Err(Failure::Gone) => {
                        // The token expired early: forget the route and go the other way.
                        self.drop_route(user, &route.token);
                        self.dm(user, message, nonce).await
                    }
                    other => other,
                }
            }
            None => self.dm(user, message, nonce).await,
        }
    }

    /// A private message outside any table's outbox (a reply to someone other than the caller).
    pub async fn private(
        &self,
        user: &str,
        channel: Option<u64>,
        message: &Message,
    ) -> Result<String, Failure> {
        let user = id(user).ok_or_else(|| Failure::Permanent(format!("not a user: {user}")))?;
        self.send_private(user, channel, message, None, false).await
    }

    /// A direct message, unless the user's DMs are known to be closed.
    async fn dm(
        &self,
        user: u64,
        message: &Message,
        nonce: Option<String>,
    ) -> Result<String, Failure> {
        if self.dm_closed(user) {
            return Err(Failure::Unreachable);
        }
        let channel = self.dm_channel(user).await?;
        match self.post(channel, message, nonce).await {
            Err(Failure::Unreachable) => {
                self.set_dm_closed(&user.to_string(), true);
                Err(Failure::Unreachable)
            }
            other => other.map(|m| m.id.to_string()),
        }
    }

    /// Where an existing message of `to` lives: the token that reaches it (an ephemeral
    /// message), or its channel. `None`: nowhere the bot can reach.
    async fn locate(&self, to: &Dest, message: &str) -> Result<Place, Failure> {
        if let (Dest::User { .. }, Some(handle)) = (to, self.handle(message)) {
            return Ok(Place::Token(handle));
        }
        match to {
            Dest::Chat { chat, .. } => id(chat).map(|c| Place::Channel(ChannelId::new(c))),
            Dest::User { user } => {
                let user = id(user).ok_or(Failure::Gone)?;
                if self.dm_closed(user) && !self.known().dms.contains_key(&user) {
                    return Err(Failure::Gone);
                }
                Some(Place::Channel(self.dm_channel(user).await?))
            }
        }
        .ok_or(Failure::Gone)
    }

    /// Replaces a message's text, picture and buttons.
    pub async fn edit(
        &self,
        to: &Dest,
        message_id: &str,
        message: &Message,
    ) -> Result<(), Failure> {
        let place = self.locate(to, message_id).await?;
        let target = MessageId::new(id(message_id).ok_or(Failure::Gone)?);
        let png = picture(message).await;
        let result = match place {
            Place::Token(handle) => {
                let mut edit = EditInteractionResponse::new()
                    .content(render::content(message))
                    .components(render::components(&message.buttons))
                    .allowed_mentions(render::allowed_mentions(message));
                let files = match png {
                    Some(png) => {
                        let file = render::attachment(png);
                        edit = edit.new_attachment(file.clone());
                        vec![file]
                    }
                    None => {
                        edit = edit.clear_attachments();
                        Vec::new()
                    }
                };
                if handle.original {
                    let edited = edit.execute(self.http(), &handle.token).await;
                    counted("editOriginalResponse", edited).map(drop)
                } else {
                    let edited = self
                        .http()
                        .edit_followup_message(&handle.token, target, &edit, files)
                        .await;
                    counted("editFollowup", edited).map(drop)
                }
            }
            Place::Channel(channel) => {
                let edit = EditMessage::new()
                    .content(render::content(message))
                    .components(render::components(&message.buttons))
                    .allowed_mentions(render::allowed_mentions(message));
                let edit = match png {
                    Some(png) => edit.new_attachment(render::attachment(png)),
                    None => edit.remove_all_attachments(),
                };
                counted("editMessage", channel.edit_message(self.http(), target, edit).await)
                    .map(drop)
            }
        };
        result.map_err(|e| failure(&e))
    }

    pub async fn delete(&self, to: &Dest, message_id: &str) -> Result<(), Failure> {
        let place = self.locate(to, message_id).await?;
        let target = MessageId::new(id(message_id).ok_or(Failure::Gone)?);
        let result = match place {
            Place::Token(h) if h.original => {
                let deleted = self.http().delete_original_interaction_response(&h.token).await;
                counted("deleteOriginalResponse", deleted)
            }
            Place::Token(h) => counted(
                "deleteFollowup",
                self.http().delete_followup_message(&h.token, target).await,
            ),
            Place::Channel(channel) => {
                counted("deleteMessage", channel.delete_message(self.http(), target).await)
            }
        };
        result.map_err(|e| failure(&e))
    }

    /// Removes a message's buttons, leaving its text and picture.
    pub async fn strip(&self, to: &Dest, message_id: &str) -> Result<(), Failure> {
        let place = self.locate(to, message_id).await?;
        let target = MessageId::new(id(message_id).ok_or(Failure::Gone)?);
        let none = serde_json::json!({ "components": [] });
        let result = match place {
            Place::Token(h) if h.original => {
                let edited = self
                    .http()
                    .edit_original_interaction_response(&h.token, &none, Vec::new())
                    .await;
                counted("editOriginalResponse", edited)
            }
            Place::Token(h) => {
                let edited =
                    self.http().edit_followup_message(&h.token, target, &none, Vec::new()).await;
                counted("editFollowup", edited)
            }
            Place::Channel(channel) => {
                let edit = EditMessage::new().components(Vec::new());
                counted("editMessage", channel.edit_message(self.http(), target, edit).await)
            }
        };
        result.map(drop).map_err(|e| failure(&e))
    }

    /// Removes the buttons of the message an interaction's component was on, through the
    /// interaction itself (this works for ephemeral messages too).
    pub async fn strip_original(&self, token: &str) -> Result<(), Failure> {
        let none = serde_json::json!({ "components": [] });
        let result = self.http().edit_original_interaction_response(token, &none, Vec::new()).await;
        let result = counted("editOriginalResponse", result);
        result.map(drop).map_err(|e| failure(&e))
    }

    /// Waits while serenity's limiter has no room left in the buckets `needs` names for
    /// `channel`: message creates and/or edits and deletes.
    async fn wait_for_room(&self, channel: ChannelId, needs: Needs) {
        let Some(limiter) = &self.http.ratelimiter else { return };
        let mut buckets = Vec::new();
        if needs.create {
            buckets.push(ApiRoute::ChannelMessages { channel_id: channel }.ratelimiting_bucket());
        }
        if needs.edit {
            let any = MessageId::new(1);
            let route = ApiRoute::ChannelMessage { channel_id: channel, message_id: any };
            buckets.push(route.ratelimiting_bucket());
        }
        let mut until: Option<SystemTime> = None;
        {
            let routes = limiter.routes();
            let routes = routes.read().await;
            for bucket in &buckets {
                let Some(ratelimit) = routes.get(bucket) else { continue };
                // A bucket locked is one a request is waiting on: the call will wait its turn.
                let Ok(ratelimit) = ratelimit.try_lock() else { continue };
                if ratelimit.remaining() == 0 {
                    until = until.max(ratelimit.reset());
                }
            }
        }
        if let Some(wait) = until.and_then(|t| t.duration_since(SystemTime::now()).ok()) {
            tokio::time::sleep(wait.min(MAX_WAIT)).await;
        }
    }
}

/// Where an existing message is reached.
enum Place {
    Token(Handle),
    Channel(ChannelId),
}

/// The buckets an outbox entry's calls draw on.
#[derive(Debug, Clone, Copy, Default)]
struct Needs {
    create: bool,
    edit: bool,
}

/// The file a new message carries: its replay as an animated GIF (Discord plays one inline),
/// or its board picture; drawn off the async threads. A replay that cannot be drawn leaves
/// the message its text alone.
async fn file_of(message: &Message) -> Option<CreateAttachment> {
    match &message.replay {
        Some(reel) => crate::replays::draw(reel, &message.lang)
            .await
            .map(|gif| CreateAttachment::bytes(gif, crate::replays::FILE_NAME)),
        None => picture(message).await.map(render::attachment),
    }
}

/// The board picture, drawn off the async threads.
pub(super) async fn picture(message: &Message) -> Option<Vec<u8>> {
    let (view, lang) = (message.board.clone()?, message.lang.clone());
    let draw = move || {
        crate::observe::metrics().time_render(|| igroteka_renderer::render_lang(&view, &lang))
    };
    tokio::task::spawn_blocking(draw).await.ok()
}

/// [`Discord`] delivering one table's outbox.
pub struct TableMessenger<'a> {
    discord: &'a Discord,
    table: u64,
    /// The table's channel.
    channel: Option<u64>,
}

impl TableMessenger<'_> {
    /// The entry the deliverer is about to perform: the first pending one after coalescing
    /// (one deliverer per table, so nothing else takes it meanwhile).
    fn head(&self) -> Option<outbox::Pending> {
        let pending = outbox::pending(&self.discord.store, self.table).ok()?;
        outbox::coalesce(pending).0.into_iter().next()
    }

    /// A nonce for the message the head entry sends: the entry's position in the outbox,
    /// unique and the same when the entry is sent again after a crash.
    fn nonce(&self) -> Option<String> {
        let key = self.head()?.key;
        let position = u64::from_be_bytes(key.get(8..16)?.try_into().ok()?);
        Some(format!("o{position}"))
    }

    fn needs(&self, effect: &Effect) -> Needs {
        match effect {
            Effect::Show { slot, fresh, .. } => {
                let old = self.discord.store.slot_message(self.table, *slot).ok().flatten();
                match (fresh, old) {
                    (_, None) => Needs { create: true, edit: false },
                    (false, Some(_)) => Needs { create: false, edit: true },
                    // A fresh ping deletes the old one; a fresh board strips the old one.
                    (true, Some(_)) => Needs { create: true, edit: true },
                }
            }
            Effect::Clear { .. } => Needs { create: false, edit: true },
            Effect::Send { .. } => Needs { create: true, edit: false },
            _ => Needs::default(),
        }
    }
}

impl Messenger for TableMessenger<'_> {
    async fn ready(&self, to: &Dest) {
        let Some(channel) = self.discord.channel_of(to) else { return };
        if let Dest::User { user } = to
            && id(user).is_some_and(|u| self.discord.route(u, self.channel, false, true).is_some())
        {
            // Through an interaction's webhook, not the channel's buckets.
            return;
        }
        let needs = self.head().map(|h| self.needs(&h.effect)).unwrap_or_default();
        self.discord.wait_for_room(channel, needs).await;
    }

    async fn send(&self, to: &Dest, message: &Message) -> Result<String, Failure> {
        let nonce = self.nonce();
        match to {
            Dest::Chat { chat, .. } => {
                let channel = ChannelId::new(
                    id(chat).ok_or(Failure::Permanent(format!("not a Discord channel: {chat}")))?,
                );
                self.discord.post(channel, message, nonce).await.map(|m| m.id.to_string())
            }
            Dest::User { user } => {
                let Some(user) = id(user) else {
                    return Err(Failure::Permanent(format!("not a Discord user: {user}")));
                };
                // A table's deliverer can wait for a route noted ahead of its acknowledgement.
                self.discord.send_private(user, self.channel, message, nonce, true).await
            }
        }
    }

    async fn edit(&self, to: &Dest, id: &str, message: &Message) -> Result<(), Failure> {
        self.discord.edit(to, id, message).await
    }

    async fn delete(&self, to: &Dest, id: &str) -> Result<(), Failure> {
        self.discord.delete(to, id).await
    }

    async fn strip(&self, to: &Dest, id: &str) -> Result<(), Failure> {
        self.discord.strip(to, id).await
    }

    async fn open_thread(
        &self,
        to: &Dest,
        name: &str,
        from: Option<&str>,
    ) -> Result<Dest, Failure> {
        match to {
            Dest::Chat { chat, .. } => {
                let channel = ChannelId::new(
                    id(chat).ok_or(Failure::Permanent(format!("not a Discord channel: {chat}")))?,
                );
                self.discord.open_thread(channel, name, from).await
            }
            Dest::User { .. } => Err(Failure::Permanent("no threads in direct messages".into())),
        }
    }

    fn has_private_route(&self, user: &str) -> bool {
        id(user).is_some_and(|u| self.discord.route(u, self.channel, false, true).is_some())
    }
}

/// "A thread has already been created for this message".
const THREAD_ALREADY_STARTED: isize = 160004;
