//! The HTTP face of the fake Bot API: `POST /bot<token>/<method>` with a JSON or multipart
//! body, answered the way api.telegram.org does (`{"ok":true,"result":…}` or
//! `{"ok":false,"error_code":…,"description":…,"parameters":…}`), so the real adapter runs
//! against it unmodified. Method names are matched case-insensitively, as Telegram does.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::{FromRequest, Path, Request, State as Extract};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use serde_json::{Map, Value, json};

use super::state::{
    BOT_ID, BOT_USERNAME, Call, KillOn, PACED, Sent, State, Webhook, parse_keyboard,
};

/// What a handler shares.
#[derive(Debug)]
pub struct Shared {
    pub token: String,
    pub state: Mutex<State>,
}

pub fn router(shared: Arc<Shared>) -> Router {
    Router::new().route("/{bot}/{method}", post(api)).with_state(shared)
}

/// A request's parameters, whatever its encoding.
struct Params {
    fields: Map<String, Value>,
    files: HashMap<String, Vec<u8>>,
}

impl Params {
    fn int(&self, key: &str) -> Option<i64> {
        match self.fields.get(key)? {
            Value::Number(n) => n.as_i64(),
            Value::String(s) => s.parse().ok(),
            _ => None,
        }
    }
    fn text(&self, key: &str) -> Option<String> {
        match self.fields.get(key)? {
            Value::String(s) => Some(s.clone()),
            Value::Null => None,
            other => Some(other.to_string()),
        }
    }
    fn bool(&self, key: &str) -> bool {
        matches!(self.fields.get(key), Some(Value::Bool(true)))
            || self.text(key).as_deref() == Some("true")
    }
    /// A file given directly under `key`, or as `attach://name`.
    fn file(&self, value: Option<&Value>, key: &str) -> Option<Vec<u8>> {
        if let Some(bytes) = self.files.get(key) {
            return Some(bytes.clone());
        }
        let name = value?.as_str()?.strip_prefix("attach://")?;
        self.files.get(name).cloned()
    }
}

async fn read_params(request: Request) -> Result<Params, String> {
    let multipart = request
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/"));
    let mut params = Params { fields: Map::new(), files: HashMap::new() };
    if multipart {
        let mut form = axum::extract::Multipart::from_request(request, &())
            .await
            .map_err(|e| e.to_string())?;
        while let Some(field) = form.next_field().await.map_err(|e| e.to_string())? {
            let name = field.name().unwrap_or_default().to_string();
            if field.file_name().is_some() {
                let bytes = field.bytes().await.map_err(|e| e.to_string())?;
                params.files.insert(name, bytes.to_vec());
            } else {
                let text = field.text().await.map_err(|e| e.to_string())?;
                // Structured fields (reply_markup, media) arrive as JSON text.
                let value = match serde_json::from_str::<Value>(&text) {
                    Ok(v @ (Value::Object(_) | Value::Array(_) | Value::Bool(_))) => v,
                    _ => Value::String(text),
                };
                params.fields.insert(name, value);
            }
        }
    } else {
        let body =
            axum::body::to_bytes(request.into_body(), 16 << 20).await.map_err(|e| e.to_string())?;
        if !body.is_empty() {
            match serde_json::from_slice::<Value>(&body).map_err(|e| e.to_string())? {
                Value::Object(map) => params.fields = map,
                _ => return Err("the body is not a JSON object".into()),
            }
        }
    }
    Ok(params)
}

fn ok(result: Value) -> Response {
    Json(json!({"ok": true, "result": result}))
}

fn fail(code: u16, description: &str) -> Response {
    let status = StatusCode::from_u16(code).unwrap_or(StatusCode::BAD_REQUEST);
    let body = json!({"ok": false, "error_code": code, "description": description});
    (status, axum::Json(body)).into_response()
}

#[allow(non_snake_case)]
fn Json(value: Value) -> Response {
    axum::Json(value).into_response()
}

async fn api(
    Extract(shared): Extract<Arc<Shared>>,
    Path((bot, method)): Path<(String, String)>,
    request: Request,
) -> Response {
    if bot.strip_prefix("bot") != Some(shared.token.as_str()) {
        return fail(401, "Unauthorized");
    }
    let method = method.to_lowercase();
    let params = match read_params(request).await {
        Ok(p) => p,
        Err(e) => return fail(400, &format!("Bad Request: {e}")),
    };
    let (chat, at) = (params.int("chat_id"), Instant::now());
    let confirmed_before = shared.state.lock().unwrap().confirmed.len();
    let response = answer(&shared, &method, &params).await;
    let mut state = shared.state.lock().unwrap();
    let status = response.status().as_u16();
    if status == 200 {
        if method == "answercallbackquery" {
            let query = params.text("callback_query_id").unwrap_or_default();
            state.kill_if(KillOn::Answer, format!("answered {query}"));
        }
        if method == "getupdates" && state.confirmed.len() > confirmed_before {
            let confirmed = state.confirmed[confirmed_before..].to_vec();
            state.kill_if(KillOn::Confirm, format!("confirmed {confirmed:?}"));
        }
    }
    let call = Call { method, chat, at, status };
    state.call_log.push(call);
    response
}

fn too_many(after: u64) -> Response {
    let body = json!({
        "ok": false, "error_code": 429,
        "description": format!("Too Many Requests: retry after {after}"),
        "parameters": {"retry_after": after},
    });
    (StatusCode::TOO_MANY_REQUESTS, axum::Json(body)).into_response()
}

async fn answer(shared: &Shared, method: &str, params: &Params) -> Response {
    let method = method.to_string();
    {
        let mut state = shared.state.lock().unwrap();
        state.calls.push(method.clone());
        if let Some((left, after)) = state.flood.get_mut(&method)
            && *left > 0
        {
            *left -= 1;
            let after = *after;
            state.floods_served += 1;
            return too_many(u64::from(after));
        }
        if state.limits
            && PACED.contains(&method.as_str())
            && let Some(chat) = params.int("chat_id")
            && let Some(after) = state.over_limit(chat, Instant::now())
        {
            state.limited += 1;
            return too_many(after);
        }
    }
    if method == "getupdates" {
        if shared.state.lock().unwrap().webhook.is_some() {
            return fail(
                409,
                "Conflict: can't use getUpdates method while webhook is active; use \
                 deleteWebhook to delete the webhook first",
            );
        }
        return get_updates(shared, params).await;
    }
    let mut state = shared.state.lock().unwrap();
    match method.as_str() {
        "getme" => ok(json!({
            "id": BOT_ID, "is_bot": true, "first_name": "Igroteka", "username": BOT_USERNAME,
            "can_join_groups": true, "can_read_all_group_messages": false,
            "supports_inline_queries": false, "can_connect_to_business": false,
            "has_main_web_app": false,
        })),
        "getchatmember" => {
            let (chat, user) =
                (params.int("chat_id").unwrap_or(0), params.int("user_id").unwrap_or(0));
            let who = state
                .chats
                .get(&user)
                .and_then(|c| c.private_of.clone())
                .map(|u| u.json())
                .unwrap_or_else(|| json!({"id": user, "is_bot": false, "first_name": "User"}));
            if state.admins.contains(&(chat, user)) {
                ok(json!({"status": "creator", "user": who, "is_anonymous": false}))
            } else {
                ok(json!({"status": "member", "user": who}))
            }
        }
        "setmycommands" | "deletemycommands" => {
            // A JSON body carries the scope as an object, a form as its JSON text.
            let scope = match params.fields.get("scope") {
                Some(Value::String(text)) => serde_json::from_str(text).unwrap_or(Value::Null),
                Some(other) => other.clone(),
                None => json!({"type": "default"}),
            };
            let Some(scope) = super::state::Scope::parse(&scope) else {
                return fail(400, "Bad Request: unsupported scope");
            };
            if let super::state::Scope::Chat(chat) = scope
                && !state.chats.contains_key(&chat)
            {
                return fail(400, "Bad Request: chat not found");
            }
            let lang = params.text("language_code").unwrap_or_default();
            if method == "setmycommands" {
                state.commands.push(Value::Object(params.fields.clone()));
                let listed = match params.fields.get("commands") {
                    Some(Value::String(text)) => serde_json::from_str(text).unwrap_or(Value::Null),
                    Some(other) => other.clone(),
                    None => Value::Null,
                };
                let names: Vec<String> = listed
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|c| c["command"].as_str().map(str::to_string))
                    .collect();
                state.menus.insert((scope, lang), names);
            } else {
                state.menus.remove(&(scope, lang));
            }
            ok(json!(true))
        }
        "setwebhook" => {
            let url = params.text("url").unwrap_or_default();
            if url.is_empty() {
                // Telegram treats an empty URL as removing the webhook.
                state.webhook = None;
                return ok(json!(true));
            }
            if !(url.starts_with("https://") || url.starts_with("http://")) {
                return fail(400, "Bad Request: bad webhook: invalid webhook URL specified");
            }
            let hook = Webhook { url, secret: params.text("secret_token") };
            if params.bool("drop_pending_updates") {
                state.updates.clear();
            }
            state.webhooks_set.push(hook.clone());
            state.webhook = Some(hook);
            state.version += 1;
            ok(json!(true))
        }
        "deletewebhook" => {
            if params.bool("drop_pending_updates") {
                state.updates.clear();
            }
            state.webhook = None;
            ok(json!(true))
        }
        "getwebhookinfo" => {
            let mut info = json!({
                "url": state.webhook.as_ref().map(|w| w.url.clone()).unwrap_or_default(),
                "has_custom_certificate": false,
                "pending_update_count": state.updates.len(),
            });
            if let Some((_, error)) = state.undelivered.last()
                && state.webhook.is_some()
            {
                info["last_error_date"] = State::now().into();
                info["last_error_message"] = error.clone().into();
            }
            ok(info)
        }
        "createforumtopic" => create_topic(&mut state, params),
        "sendmessage" => send(&mut state, params, None),
        "sendphoto" => send(&mut state, params, Some("photo")),
        "sendanimation" => send(&mut state, params, Some("animation")),
        "editmessagetext"
        | "editmessagemedia"
        | "editmessagereplymarkup"
        | "editmessagecaption" => edit(&mut state, params, &method),
        "deletemessage" => delete(&mut state, params),
        "answercallbackquery" => {
            let query = params.text("callback_query_id").unwrap_or_default();
            if !state.open_queries.remove(&query) {
                fail(
                    400,
                    "Bad Request: query is too old and response timeout expired or query ID is invalid",
                )
            } else {
                let text = params.text("text").unwrap_or_default();
                let alert = params.bool("show_alert");
                let latency =
                    state.pressed_at.get(&query).map(Instant::elapsed).unwrap_or_default();
                state.answers.push(super::state::Answer { query, text, alert, latency });
                state.version += 1;
                ok(json!(true))
            }
        }
        _ => fail(404, "Not Found: method not found"),
    }
}

async fn get_updates(shared: &Shared, params: &Params) -> Response {
    let offset = params.int("offset").unwrap_or(0);
    let timeout = Duration::from_secs(params.int("timeout").unwrap_or(0).clamp(0, 50) as u64);
    let limit = params.int("limit").unwrap_or(100).clamp(1, 100) as usize;
    let deadline = Instant::now() + timeout;
    loop {
        {
            let mut state = shared.state.lock().unwrap();
            // An offset confirms every update before it.
            while let Some((id, _)) = state.updates.front().filter(|(id, _)| *id < offset) {
                let id = *id;
                state.updates.pop_front();
                state.confirmed.push(id);
            }
            let held = state.hold_updates;
            if (!state.updates.is_empty() && !held) || Instant::now() >= deadline {
                let limit = if held { 0 } else { limit };
                let batch: Vec<Value> =
                    state.updates.iter().take(limit).map(|(_, u)| u.clone()).collect();
                return ok(Value::Array(batch));
            }
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

/// `sendMessage`, or with `media` (the field that carries the file) `sendPhoto` or
/// `sendAnimation`.
fn send(state: &mut State, params: &Params, media: Option<&str>) -> Response {
    let Some(chat) = params.int("chat_id") else {
        return fail(400, "Bad Request: chat_id is empty");
    };
    if !state.chats.contains_key(&chat) {
        return fail(400, "Bad Request: chat not found");
    }
    if state.blocked.contains(&chat) {
        return fail(403, "Forbidden: bot was blocked by the user");
    }
    if state.never_started.contains(&chat) {
        return fail(403, "Forbidden: bot can't initiate conversation with a user");
    }
    let forum = state.chats.get(&chat).is_some_and(|c| c.forum);
    if let Some(thread) = params.int("message_thread_id")
        && forum
        && !state.is_topic(chat, thread)
    {
        return fail(400, "Bad Request: message thread not found");
    }
    let bytes = match media {
        Some(field) => match params.file(params.fields.get(field), field) {
            Some(bytes) => Some(bytes),
            None => return fail(400, &format!("Bad Request: there is no {field} in the request")),
        },
        None => None,
    };
    // What the bot sends as an animation is a GIF (Telegram also takes a silent MP4).
    if media == Some("animation") && !bytes.as_deref().is_some_and(|b| b.starts_with(b"GIF8")) {
        return fail(400, "Bad Request: wrong file type of the animation");
    }
    let text = params.text(if media.is_some() { "caption" } else { "text" }).unwrap_or_default();
    if media.is_none() && text.trim().is_empty() {
        return fail(400, "Bad Request: message text is empty");
    }
    let limit = if media.is_some() { 1024 } else { 4096 };
    if text.chars().count() > limit + 512 {
        return fail(400, "Bad Request: message is too long");
    }
    state.next_message += 1;
    let message = Sent {
        chat,
        id: state.next_message,
        thread: params.int("message_thread_id"),
        date: State::now(),
        from: None,
        text,
        parse_mode: params.text("parse_mode"),
        photo: bytes.clone().filter(|_| media == Some("photo")),
        animation: bytes.filter(|_| media == Some("animation")),
        keyboard: parse_keyboard(params.fields.get("reply_markup")),
        edits: 0,
    };
    let json = state.message_json(&message);
    let twin = state.messages.iter().find(|m| {
        (m.chat, m.thread, m.from.is_none()) == (chat, message.thread, true)
            && (&m.text, &m.photo, &m.keyboard)
                == (&message.text, &message.photo, &message.keyboard)
    });
    if let Some(twin) = twin {
        state.sent_twice.push((chat, twin.id, message.id));
    }
    state.messages.push(message);
    state.version += 1;
    ok(json)
}

/// `createForumTopic`: a topic in a forum supergroup whose admins let the bot manage topics,
/// opened by a service message whose id becomes the topic's `message_thread_id`.
fn create_topic(state: &mut State, params: &Params) -> Response {
    let Some(chat) = params.int("chat_id") else {
        return fail(400, "Bad Request: chat_id is empty");
    };
    let Some(info) = state.chats.get(&chat) else {
        return fail(400, "Bad Request: chat not found");
    };
    if !info.forum {
        return fail(400, "Bad Request: the chat is not a forum");
    }
    if state.no_topic_rights.contains(&chat) {
        return fail(400, "Bad Request: not enough rights to create a topic");
    }
    let name = params.text("name").unwrap_or_default();
    if !(1..=128).contains(&name.chars().count()) {
        return fail(400, "Bad Request: TOPIC_NAME_INVALID");
    }
    state.next_message += 1;
    let thread = state.next_message;
    state.topics.push((chat, thread, name.clone()));
    state.version += 1;
    ok(json!({"message_thread_id": thread, "name": name, "icon_color": 7_322_096}))
}

fn delete(state: &mut State, params: &Params) -> Response {
    let (Some(chat), Some(id)) = (params.int("chat_id"), params.int("message_id")) else {
        return fail(400, "Bad Request: message identifier is not specified");
    };
    let Some(at) = state.messages.iter().position(|m| m.chat == chat && m.id == id) else {
        return fail(400, "Bad Request: message to delete not found");
    };
    let message = state.messages.remove(at);
    state.deleted.push(message);
    state.version += 1;
    ok(json!(true))
}

fn edit(state: &mut State, params: &Params, method: &str) -> Response {
    let (Some(chat), Some(id)) = (params.int("chat_id"), params.int("message_id")) else {
        return fail(400, "Bad Request: message identifier is not specified");
    };
    let keyboard = parse_keyboard(params.fields.get("reply_markup"));
    let Some(message) = state.message_mut(chat, id).filter(|m| m.from.is_none()) else {
        return fail(400, "Bad Request: message to edit not found");
    };
    let before = (message.text.clone(), message.keyboard.clone(), message.photo.clone());
    match method {
        "editmessagetext" => {
            if message.photo.is_some() {
                return fail(400, "Bad Request: there is no text in the message to edit");
            }
            message.text = params.text("text").unwrap_or_default();
            message.parse_mode = params.text("parse_mode");
        }
        "editmessagecaption" => {
            message.text = params.text("caption").unwrap_or_default();
            message.parse_mode = params.text("parse_mode");
        }
        "editmessagemedia" => {
            if message.photo.is_none() {
                return fail(400, "Bad Request: there is no media in the message to edit");
            }
            let media = params.fields.get("media").cloned().unwrap_or_default();
            let Some(bytes) = params.file(media.get("media"), "media") else {
                return fail(400, "Bad Request: there is no photo in the request");
            };
            message.photo = Some(bytes);
            message.text = media["caption"].as_str().unwrap_or_default().to_string();
            message.parse_mode = media["parse_mode"].as_str().map(str::to_string);
        }
        _ => {}
    }
    message.keyboard = keyboard;
    if (message.text.clone(), message.keyboard.clone(), message.photo.clone()) == before
        && method != "editmessagemedia"
    {
        state.not_modified.push((chat, id, method.to_string()));
        return fail(
            400,
            "Bad Request: message is not modified: specified new message content and reply \
             markup are exactly the same as a current content and reply markup of the message",
        );
    }
    message.edits += 1;
    let snapshot = message.clone();
    state.version += 1;
    ok(state.message_json(&snapshot))
}
