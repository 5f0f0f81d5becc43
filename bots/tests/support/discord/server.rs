//! The fake Discord REST API (axum): the routes the adapter calls, with Discord's rules that
//! matter to a bot — one response per interaction, within 3 s; a follow-up only after a
//! response (the first one after a deferral fills the "thinking" message); 50007 for a user
//! whose DMs are closed; attachments replaced on edit as the `attachments` field says; a
//! create with `enforce_nonce` whose nonce was seen answered with the message it made; and
//! Discord's rate limits with its 429 answers ([`super::limits`]).
//!
//! It is served over HTTPS with a certificate for `discord.com` from a test-only authority
//! (`tls/`): serenity's rate limiter sends every request to `https://discord.com`, so the bot
//! reaches the emulator by resolving that name to it (`DISCORD_API_URL`) and trusting the test
//! authority (`DISCORD_API_CA`), with its limiter on, exactly as in production.

use std::sync::{Arc, Mutex};

use axum::Router;
use axum::body::{Bytes, to_bytes};
use axum::extract::{FromRequest, Multipart, Path, Request, State as AxState};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get, post, put};
use serde_json::{Value, json};

use super::limits::{self, Kind};
use super::payloads;
use super::shards::Gateways;
use super::state::{Attachment, Channel, Msg, State};

/// Shared between the REST server, the gateway and the test.
pub struct Shared {
    pub token: String,
    pub state: Mutex<State>,
    pub gateway_url: Mutex<String>,
    /// The open gateway connections and their shards.
    pub gateway: Mutex<Gateways>,
}

type S = AxState<Arc<Shared>>;

pub fn router(shared: Arc<Shared>) -> Router {
    Router::new()
        .route("/api/v10/gateway", get(gateway))
        .route("/api/v10/gateway/bot", get(gateway))
        .route("/api/v10/applications/{app}/commands", put(global_commands))
        .route("/api/v10/applications/{app}/guilds/{guild}/commands", put(guild_commands))
        .route("/api/v10/interactions/{id}/{token}/callback", post(callback))
        .route("/api/v10/webhooks/{app}/{token}", post(followup))
        .route("/api/v10/webhooks/{app}/{token}/messages/{id}", any(webhook_message))
        .route("/api/v10/channels/{id}/messages", post(create_message))
        .route("/api/v10/channels/{id}/messages/{mid}", any(channel_message))
        .route("/api/v10/channels/{id}/messages/{mid}/threads", post(thread_from_message))
        .route("/api/v10/channels/{id}/threads", post(thread_without_message))
        .route("/api/v10/users/@me/channels", post(create_dm))
        .fallback(unknown)
        .with_state(shared)
}

fn error(status: StatusCode, code: u32, message: &str) -> Response {
    (status, axum::Json(payloads::error(code, message))).into_response()
}

fn authorized(shared: &Shared, headers: &HeaderMap) -> bool {
    headers.get("authorization").and_then(|v| v.to_str().ok())
        == Some(&format!("Bot {}", shared.token))
}

fn log(shared: &Shared, call: String) {
    shared.state.lock().unwrap().calls.push(call);
}

/// A JSON body, or a multipart one: `payload_json` and `files[n]`.
async fn body(req: Request) -> (Value, Vec<(String, Vec<u8>)>) {
    let multipart = req
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/"));
    if !multipart {
        let bytes = to_bytes(req.into_body(), 64 << 20).await.unwrap_or_default();
        return (serde_json::from_slice(&bytes).unwrap_or(Value::Null), Vec::new());
    }
    let mut form = Multipart::from_request(req, &()).await.expect("a multipart body");
    let (mut payload, mut files) = (Value::Null, Vec::new());
    while let Ok(Some(field)) = form.next_field().await {
        let name = field.name().unwrap_or_default().to_string();
        let filename = field.file_name().unwrap_or("file").to_string();
        let data: Bytes = field.bytes().await.unwrap_or_default();
        if name == "payload_json" {
            payload = serde_json::from_slice(&data).unwrap_or(Value::Null);
        } else if name.starts_with("files[") {
            files.push((filename, data.to_vec()));
        }
    }
    (payload, files)
}

/// Applies a create or edit payload to a message (content, components, flags, attachments).
fn apply(
    state: &mut State,
    msg: &mut Msg,
    payload: &Value,
    files: Vec<(String, Vec<u8>)>,
    edit: bool,
) {
    let files_of = |m: &Msg| m.attachments.iter().map(|a| a.id).collect::<Vec<_>>();
    let before = (msg.content.clone(), msg.components.clone(), files_of(msg));
    if let Some(content) = payload.get("content").and_then(Value::as_str) {
        msg.content = content.to_string();
    }
    if let Some(allowed) = payload.get("allowed_mentions").filter(|a| !a.is_null()) {
        msg.allowed_mentions = Some(allowed.clone());
    }
    if let Some(components) = payload.get("components").filter(|c| !c.is_null()) {
        msg.components = components.clone();
    }
    if let Some(flags) = payload.get("flags").and_then(Value::as_u64) {
        msg.flags |= flags & 64;
    }
    let new: Vec<Attachment> = files
        .into_iter()
        .map(|(filename, bytes)| Attachment { id: state.id(), filename, bytes })
        .collect();
    match payload.get("attachments").and_then(Value::as_array) {
        Some(list) if edit => {
            let keep: Vec<u64> = list
                .iter()
                .filter_map(|a| a["id"].as_str().and_then(|s| s.parse().ok()).or(a["id"].as_u64()))
                .collect();
            msg.attachments.retain(|a| keep.contains(&a.id));
            msg.attachments.extend(new);
        }
        _ => msg.attachments.extend(new),
    }
    if edit {
        msg.edits += 1;
        if !msg.loading && (msg.content.clone(), msg.components.clone(), files_of(msg)) == before {
            state.idle_edits.push(msg.id);
        }
    }
    msg.loading = false;
}

fn new_message(state: &mut State, channel: u64) -> Msg {
    let guild = state.channels.get(&channel).is_some_and(|c| c.dm_user.is_none());
    Msg {
        id: state.id(),
        channel,
        guild,
        content: String::new(),
        allowed_mentions: None,
        components: json!([]),
        attachments: Vec::new(),
        flags: 0,
        edits: 0,
        interaction: None,
        ephemeral_for: None,
        loading: false,
        deleted: false,
    }
}

async fn gateway(AxState(shared): S) -> Response {
    log(&shared, "GET /gateway".into());
    let url = shared.gateway_url.lock().unwrap().clone();
    let shards = shared.state.lock().unwrap().recommended_shards.max(1);
    axum::Json(payloads::gateway_with(&url, shards)).into_response()
}

async fn register(
    shared: &Shared,
    headers: &HeaderMap,
    guild: Option<u64>,
    req: Request,
) -> Response {
    if !authorized(shared, headers) {
        return error(StatusCode::UNAUTHORIZED, 0, "401: Unauthorized");
    }
    let (payload, _) = body(req).await;
    let commands = payload.as_array().cloned().unwrap_or_default();
    let mut state = shared.state.lock().unwrap();
    state.calls.push("PUT commands".into());
    state.commands = commands.clone();
    state.commands_guild = guild;
    state.registrations += 1;
    let registered = payloads::registered(&commands, guild);
    state.registered.insert(guild, registered.as_array().cloned().unwrap_or_default());
    axum::Json(registered).into_response()
}

async fn global_commands(AxState(shared): S, headers: HeaderMap, req: Request) -> Response {
    register(&shared, &headers, None, req).await
}

async fn guild_commands(
    AxState(shared): S,
    Path((_app, guild)): Path<(String, u64)>,
    headers: HeaderMap,
    req: Request,
) -> Response {
    register(&shared, &headers, Some(guild), req).await
}

async fn callback(
    AxState(shared): S,
    Path((id, token)): Path<(u64, String)>,
    req: Request,
) -> Response {
    let (payload, files) = body(req).await;
    let mut state = shared.state.lock().unwrap();
    state.calls.push("POST /interactions/:id/:token/callback".into());
    if let Err(refused) = limits::admit(&mut state, Kind::Callback, 0) {
        return *refused;
    }
    let Some(mut interaction) = state.interactions.get(&token).cloned().filter(|i| i.id == id)
    else {
        return error(StatusCode::NOT_FOUND, 10062, "Unknown interaction");
    };
    if interaction.response.is_some() {
        state.interactions.get_mut(&token).unwrap().refused += 1;
        return error(StatusCode::BAD_REQUEST, 40060, "Interaction has already been acknowledged.");
    }
    let elapsed = interaction.created.elapsed();
    let kind = payload["type"].as_u64().unwrap_or(0) as u8;
    interaction.response = Some((kind, elapsed));
    if elapsed.as_millis() > 3000 {
        state.late.push(token.clone());
        state.interactions.insert(token, interaction);
        return error(StatusCode::NOT_FOUND, 10062, "Unknown interaction");
    }
    let data = &payload["data"];
    match kind {
        4 | 5 => {
            let mut msg = new_message(&mut state, interaction.channel);
            msg.interaction = Some(interaction.id);
            if data["flags"].as_u64().unwrap_or(0) & 64 != 0 {
                msg.ephemeral_for = Some(interaction.user);
            }
            apply(&mut state, &mut msg, data, files, false);
            msg.loading = kind == 5;
            interaction.original = Some(msg.id);
            state.messages.insert(msg.id, msg);
        }
        6 => {}
        7 => {
            let Some(target) = interaction.component_message else {
                return error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body");
            };
            if let Some(mut msg) = state.messages.remove(&target) {
                apply(&mut state, &mut msg, data, files, true);
                state.messages.insert(target, msg);
            }
        }
        other => state.problems.push(format!("interaction response of type {other}")),
    }
    state.interactions.insert(token.clone(), interaction);
    if let Some(pid) = state.kill_on_ack.take() {
        super::process::kill_now(pid);
        state.killed_after.push(token);
    }
    StatusCode::NO_CONTENT.into_response()
}

async fn followup(
    AxState(shared): S,
    Path((_app, token)): Path<(String, String)>,
    req: Request,
) -> Response {
    let (payload, files) = body(req).await;
    let mut state = shared.state.lock().unwrap();
    state.calls.push("POST /webhooks/:app/:token".into());
    if let Err(refused) = limits::admit(&mut state, Kind::Followup, 0) {
        return *refused;
    }
    let Some(interaction) = state.interactions.get(&token).cloned() else {
        return error(StatusCode::NOT_FOUND, 10015, "Unknown Webhook");
    };
    if interaction.response.is_none() {
        state.problems.push("a follow-up before any response".into());
        return error(StatusCode::NOT_FOUND, 10015, "Unknown Webhook");
    }
    // Discord's quirk: the first follow-up after a deferral fills the "thinking" message.
    let loading =
        interaction.original.filter(|id| state.messages.get(id).is_some_and(|m| m.loading));
    let mut msg = match loading {
        Some(id) => state.messages.remove(&id).unwrap(),
        None => {
            let mut msg = new_message(&mut state, interaction.channel);
            msg.interaction = Some(interaction.id);
            if payload["flags"].as_u64().unwrap_or(0) & 64 != 0 {
                msg.ephemeral_for = Some(interaction.user);
            }
            msg
        }
    };
    apply(&mut state, &mut msg, &payload, files, false);
    let out = payloads::message_in(&msg, state.guild_of(msg.channel));
    state.messages.insert(msg.id, msg);
    axum::Json(out).into_response()
}

async fn webhook_message(
    AxState(shared): S,
    Path((_app, token, id)): Path<(String, String, String)>,
    req: Request,
) -> Response {
    let method = req.method().clone();
    let (payload, files) = body(req).await;
    let mut state = shared.state.lock().unwrap();
    state.calls.push(format!(
        "{method} /webhooks/:app/:token/messages/{}",
        if id == "@original" { "@original" } else { ":id" }
    ));
    if let Err(refused) = limits::admit(&mut state, Kind::WebhookMessage, 0) {
        return *refused;
    }
    let Some(interaction) = state.interactions.get(&token).cloned() else {
        return error(StatusCode::NOT_FOUND, 10015, "Unknown Webhook");
    };
    let target = if id == "@original" {
        interaction.original.or(interaction.component_message)
    } else {
        id.parse().ok()
    };
    let Some(target) = target.filter(|t| state.messages.get(t).is_some_and(|m| !m.deleted)) else {
        state.problems.push(format!("{method} of an unknown interaction message"));
        return error(StatusCode::NOT_FOUND, 10008, "Unknown Message");
    };
    if interaction.response.is_none() {
        state.problems.push("an original-response edit before any response".into());
        return error(StatusCode::NOT_FOUND, 10015, "Unknown Webhook");
    }
    if method == "DELETE" {
        state.messages.get_mut(&target).unwrap().deleted = true;
        return StatusCode::NO_CONTENT.into_response();
    }
    let mut msg = state.messages.remove(&target).unwrap();
    apply(&mut state, &mut msg, &payload, files, true);
    let out = payloads::message_in(&msg, state.guild_of(msg.channel));
    state.messages.insert(target, msg);
    axum::Json(out).into_response()
}

async fn create_message(
    AxState(shared): S,
    Path(channel): Path<u64>,
    headers: HeaderMap,
    req: Request,
) -> Response {
    if !authorized(&shared, &headers) {
        return error(StatusCode::UNAUTHORIZED, 0, "401: Unauthorized");
    }
    let (payload, files) = body(req).await;
    let mut state = shared.state.lock().unwrap();
    state.calls.push("POST /channels/:id/messages".into());
    let Some(c) = state.channels.get(&channel).cloned() else {
        return error(StatusCode::NOT_FOUND, 10003, "Unknown Channel");
    };
    let headers = match limits::admit(&mut state, Kind::Create, channel) {
        Ok(headers) => headers,
        Err(refused) => return *refused,
    };
    if c.dm_user.is_some_and(|u| state.dm_closed.contains(&u)) {
        state.dm_refusals += 1;
        return limits::with(
            headers,
            error(StatusCode::FORBIDDEN, 50007, "Cannot send messages to this user"),
        );
    }
    // Discord: "if true and nonce is present, it will be checked for uniqueness in the past few
    // minutes. If another message was created by the same author with the same nonce, that
    // message will be returned and no new message will be created."
    let nonce = match &payload["nonce"] {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
    .filter(|_| payload["enforce_nonce"] == Value::Bool(true));
    let seen = nonce.as_ref().and_then(|n| state.nonces.get(&(channel, n.clone()))).copied();
    if let Some(existing) = seen.and_then(|id| state.messages.get(&id)) {
        let out = payloads::message_in(existing, state.guild_of(existing.channel));
        state.nonce_repeats += 1;
        return limits::with(headers, axum::Json(out));
    }
    let mut msg = new_message(&mut state, channel);
    apply(&mut state, &mut msg, &payload, files, false);
    if let Some(nonce) = nonce {
        state.nonces.insert((channel, nonce), msg.id);
    }
    let out = payloads::message_in(&msg, state.guild_of(msg.channel));
    state.messages.insert(msg.id, msg);
    limits::with(headers, axum::Json(out))
}

async fn channel_message(
    AxState(shared): S,
    Path((channel, id)): Path<(u64, u64)>,
    headers: HeaderMap,
    req: Request,
) -> Response {
    if !authorized(&shared, &headers) {
        return error(StatusCode::UNAUTHORIZED, 0, "401: Unauthorized");
    }
    let method = req.method().clone();
    let (payload, files) = body(req).await;
    let mut state = shared.state.lock().unwrap();
    state.calls.push(format!("{method} /channels/:id/messages/:id"));
    let kind = if method == "DELETE" { Kind::Delete } else { Kind::Edit };
    let headers = match limits::admit(&mut state, kind, channel) {
        Ok(headers) => headers,
        Err(refused) => return *refused,
    };
    let Some(mut msg) = state.messages.remove(&id) else {
        return limits::with(headers, error(StatusCode::NOT_FOUND, 10008, "Unknown Message"));
    };
    if msg.channel != channel || msg.deleted || msg.ephemeral_for.is_some() {
        state.messages.insert(id, msg);
        return limits::with(headers, error(StatusCode::NOT_FOUND, 10008, "Unknown Message"));
    }
    if method == "PATCH" {
        apply(&mut state, &mut msg, &payload, files, true);
    } else if method == "DELETE" {
        msg.deleted = true;
    }
    let out = payloads::message_in(&msg, state.guild_of(msg.channel));
    state.messages.insert(id, msg);
    if method == "DELETE" {
        return limits::with(headers, StatusCode::NO_CONTENT);
    }
    limits::with(headers, axum::Json(out))
}

async fn create_dm(AxState(shared): S, headers: HeaderMap, req: Request) -> Response {
    if !authorized(&shared, &headers) {
        return error(StatusCode::UNAUTHORIZED, 0, "401: Unauthorized");
    }
    let (payload, _) = body(req).await;
    let mut state = shared.state.lock().unwrap();
    state.calls.push("POST /users/@me/channels".into());
    if let Err(refused) = limits::admit(&mut state, Kind::DmOpen, 0) {
        return *refused;
    }
    let Some(user) = payload["recipient_id"]
        .as_str()
        .and_then(|s| s.parse::<u64>().ok())
        .or(payload["recipient_id"].as_u64())
        .and_then(|id| state.users.get(&id).cloned())
    else {
        return error(StatusCode::BAD_REQUEST, 50033, "Invalid Recipient(s)");
    };
    let id = match state.dm_channel_of(user.id) {
        Some(id) => id,
        None => {
            let id = state.id();
            let name = format!("dm-{}", user.name);
            let c = Channel {
                id,
                name,
                guild: 0,
                dm_user: Some(user.id),
                recipient: Some(user),
                parent: None,
            };
            state.channels.insert(id, c);
            id
        }
    };
    axum::Json(payloads::channel(&state.channels[&id])).into_response()
}

/// "Start Thread from Message": a public thread whose id is the message's, once per message,
/// in a guild text channel where the bot may create public threads.
async fn thread_from_message(
    AxState(shared): S,
    Path((channel, message)): Path<(u64, u64)>,
    headers: HeaderMap,
    req: Request,
) -> Response {
    if !authorized(&shared, &headers) {
        return error(StatusCode::UNAUTHORIZED, 0, "401: Unauthorized");
    }
    let (payload, _) = body(req).await;
    let mut state = shared.state.lock().unwrap();
    state.calls.push("POST /channels/:id/messages/:id/threads".into());
    let found = state
        .messages
        .get(&message)
        .filter(|m| m.channel == channel && !m.deleted && m.ephemeral_for.is_none());
    if found.is_none() {
        return error(StatusCode::NOT_FOUND, 10008, "Unknown Message");
    }
    if state.channels.contains_key(&message) {
        return error(
            StatusCode::BAD_REQUEST,
            160004,
            "A thread has already been created for this message",
        );
    }
    open_thread(&mut state, channel, message, &payload)
}

/// "Start Thread without Message" (type 11: public).
async fn thread_without_message(
    AxState(shared): S,
    Path(channel): Path<u64>,
    headers: HeaderMap,
    req: Request,
) -> Response {
    if !authorized(&shared, &headers) {
        return error(StatusCode::UNAUTHORIZED, 0, "401: Unauthorized");
    }
    let (payload, _) = body(req).await;
    let mut state = shared.state.lock().unwrap();
    state.calls.push("POST /channels/:id/threads".into());
    if payload["type"].as_u64() != Some(11) {
        return error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body: type");
    }
    let id = state.id();
    open_thread(&mut state, channel, id, &payload)
}

/// A public thread `id` in `channel`, named by the payload, as Discord's channel object.
fn open_thread(state: &mut State, channel: u64, id: u64, payload: &Value) -> Response {
    let Some(parent) = state.channels.get(&channel).cloned() else {
        return error(StatusCode::NOT_FOUND, 10003, "Unknown Channel");
    };
    if parent.dm_user.is_some() || parent.parent.is_some() {
        return error(StatusCode::BAD_REQUEST, 50024, "Cannot execute action on this channel type");
    }
    if state.no_thread_rights.contains(&channel) {
        return error(StatusCode::FORBIDDEN, 50013, "Missing Permissions");
    }
    let name = payload["name"].as_str().unwrap_or_default().to_string();
    if !(1..=100).contains(&name.chars().count()) {
        return error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body: name");
    }
    let thread = Channel {
        id,
        name,
        guild: parent.guild,
        dm_user: None,
        recipient: None,
        parent: Some(channel),
    };
    let out = payloads::channel(&thread);
    state.channels.insert(id, thread);
    axum::Json(out).into_response()
}

async fn unknown(AxState(shared): S, req: Request) -> Response {
    let what = format!("{} {}", req.method(), req.uri().path());
    shared.state.lock().unwrap().problems.push(format!("unknown route {what}"));
    error(StatusCode::NOT_FOUND, 0, "404: Not Found")
}
