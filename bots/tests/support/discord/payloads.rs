//! The JSON the emulator sends, shaped like Discord's. serenity 0.12 silently drops a gateway
//! event it cannot parse (it becomes `Event::Unknown`), so every object here carries every field
//! serenity requires; `discord_payloads.rs` parses each with serenity's own types.

use serde_json::{Value, json};

use super::shards::{Shard, UNSHARDED};
use super::state::{Attachment, Channel, Msg, TestUser};

/// The bot's own user id and the application id (Discord uses one number for both).
pub const BOT_ID: u64 = 900_000_000_000_000_001;
pub const APPLICATION_ID: u64 = BOT_ID;
pub const GUILD_ID: u64 = 910_000_000_000_000_001;
/// A fixed timestamp with an offset (serenity rejects one without).
pub const TIMESTAMP: &str = "2025-01-01T12:00:00.000000+00:00";

pub fn user(u: &TestUser) -> Value {
    json!({
        "id": u.id.to_string(),
        "username": u.name.to_lowercase(),
        "global_name": u.name,
        "discriminator": "0",
        "avatar": null,
        "bot": false,
        "public_flags": 0,
    })
}

pub fn bot_user() -> Value {
    json!({
        "id": BOT_ID.to_string(),
        "username": "igroteka",
        "global_name": "Igroteka",
        "discriminator": "0",
        "avatar": null,
        "bot": true,
        "public_flags": 0,
    })
}

/// A guild member as interactions carry it (with the presser's permissions).
pub fn member(u: &TestUser) -> Value {
    json!({
        "user": user(u),
        "nick": null,
        "avatar": null,
        "roles": [],
        "joined_at": TIMESTAMP,
        "premium_since": null,
        "deaf": false,
        "mute": false,
        "flags": 0,
        "pending": false,
        "permissions": if u.admin { "8" } else { "2248473465835073" },
        "communication_disabled_until": null,
    })
}

/// A role, as a guild or a resolved option would carry it.
pub fn role(id: u64, name: &str) -> Value {
    json!({
        "id": id.to_string(),
        "name": name,
        "color": 0,
        "colors": {"primary_color": 0, "secondary_color": null, "tertiary_color": null},
        "hoist": false,
        "icon": null,
        "unicode_emoji": null,
        "position": 0,
        "permissions": "0",
        "managed": false,
        "mentionable": false,
        "flags": 0,
    })
}

pub fn channel(c: &Channel) -> Value {
    if let Some(parent) = c.parent {
        // A public thread (type 11), as "Start Thread" returns it.
        return json!({
            "id": c.id.to_string(),
            "type": 11,
            "guild_id": c.guild.to_string(),
            "name": c.name,
            "parent_id": parent.to_string(),
            "owner_id": APPLICATION_ID.to_string(),
            "last_message_id": null,
            "rate_limit_per_user": 0,
            "message_count": 0,
            "member_count": 1,
            "total_message_sent": 0,
            "thread_metadata": {
                "archived": false,
                "auto_archive_duration": 1440,
                "archive_timestamp": "2026-12-07T00:00:00.000000+00:00",
                "locked": false,
                "invitable": true,
                "create_timestamp": "2026-12-07T00:00:00.000000+00:00",
            },
            "flags": 0,
        });
    }
    match c.dm_user {
        Some(_) => json!({
            "id": c.id.to_string(),
            "type": 1,
            "last_message_id": null,
            "recipients": [c.recipient.as_ref().map(user).unwrap_or(Value::Null)],
            "flags": 0,
        }),
        None => json!({
            "id": c.id.to_string(),
            "type": 0,
            "guild_id": c.guild.to_string(),
            "name": c.name,
            "position": 0,
            "permission_overwrites": [],
            "nsfw": false,
            "parent_id": null,
            "topic": null,
            "last_message_id": null,
            "rate_limit_per_user": 0,
            "flags": 0,
        }),
    }
}

/// The partial channel an interaction carries.
pub fn partial_channel(c: &Channel) -> Value {
    let mut v = channel(c);
    v["permissions"] = json!("2248473465835073");
    v
}

pub fn attachment(a: &Attachment) -> Value {
    json!({
        "id": a.id.to_string(),
        "filename": a.filename,
        "size": a.bytes.len(),
        "url": format!("https://cdn.example.invalid/attachments/{}/{}", a.id, a.filename),
        "proxy_url": format!("https://media.example.invalid/attachments/{}/{}", a.id, a.filename),
        "content_type": "image/png",
        "width": 900,
        "height": 1000,
        "ephemeral": false,
    })
}

/// A message of the one-guild emulator (a guild message is in `GUILD_ID`).
pub fn message(m: &Msg) -> Value {
    message_in(m, m.guild.then_some(GUILD_ID))
}

/// A message, in `guild` (`None`: a DM).
pub fn message_in(m: &Msg, guild: Option<u64>) -> Value {
    let mut v = json!({
        "id": m.id.to_string(),
        "channel_id": m.channel.to_string(),
        "author": bot_user(),
        "content": m.content,
        "timestamp": TIMESTAMP,
        "edited_timestamp": if m.edits > 0 { Value::from(TIMESTAMP) } else { Value::Null },
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": m.attachments.iter().map(attachment).collect::<Vec<_>>(),
        "embeds": [],
        "pinned": false,
        "type": if m.interaction.is_some() { 20 } else { 0 },
        "flags": m.flags,
        "components": m.components,
        "application_id": APPLICATION_ID.to_string(),
    });
    if let Some(guild) = guild.filter(|_| m.guild) {
        v["guild_id"] = json!(guild.to_string());
    }
    v
}

/// The fields every interaction shares.
fn interaction_base(kind: u8, id: u64, token: &str, u: &TestUser, c: &Channel) -> Value {
    let mut v = json!({
        "id": id.to_string(),
        "application_id": APPLICATION_ID.to_string(),
        "type": kind,
        "channel": partial_channel(c),
        "channel_id": c.id.to_string(),
        "token": token,
        "version": 1,
        "app_permissions": "2248473465835073",
        "locale": u.locale,
        "entitlements": [],
        "authorizing_integration_owners": {"0": c.guild.to_string()},
        "attachment_size_limit": 10_485_760,
    });
    if c.dm_user.is_some() {
        v["user"] = user(u);
        v["context"] = json!(1);
        v["authorizing_integration_owners"] = json!({"1": u.id.to_string()});
    } else {
        v["guild_id"] = json!(c.guild.to_string());
        v["guild"] = json!({"id": c.guild.to_string(), "locale": "en-US", "features": []});
        v["guild_locale"] = json!("en-US");
        v["member"] = member(u);
        v["context"] = json!(0);
    }
    v
}

/// A slash command (`options`: `[{name, type: 3, value}]`).
pub fn command_interaction(
    id: u64,
    token: &str,
    u: &TestUser,
    c: &Channel,
    command_id: u64,
    name: &str,
    options: Value,
) -> Value {
    let mut v = interaction_base(2, id, token, u, c);
    let mut data = json!({
        "id": command_id.to_string(),
        "name": name,
        "type": 1,
        "options": options,
    });
    if c.dm_user.is_none() {
        data["guild_id"] = json!(c.guild.to_string());
    }
    v["data"] = data;
    v
}

/// A button press (`value`: `None`) or a string-select pick on message `m`.
pub fn component_interaction(
    id: u64,
    token: &str,
    u: &TestUser,
    c: &Channel,
    m: &Msg,
    custom_id: &str,
    value: Option<&str>,
) -> Value {
    let mut v = interaction_base(3, id, token, u, c);
    v["message"] = message_in(m, c.dm_user.is_none().then_some(c.guild));
    v["data"] = match value {
        None => json!({"custom_id": custom_id, "component_type": 2}),
        Some(value) => json!({"custom_id": custom_id, "component_type": 3, "values": [value]}),
    };
    v
}

/// A gateway frame.
pub fn dispatch(seq: u64, event: &str, d: Value) -> Value {
    json!({"op": 0, "s": seq, "t": event, "d": d})
}

pub fn hello() -> Value {
    json!({"op": 10, "s": null, "t": null, "d": {"heartbeat_interval": 41250}})
}

pub fn heartbeat_ack() -> Value {
    json!({"op": 11, "s": null, "t": null, "d": null})
}

/// The READY of an unsharded connection to the one-guild emulator.
pub fn ready(session: &str, resume_url: &str) -> Value {
    ready_on(session, resume_url, UNSHARDED, &[GUILD_ID])
}

/// The READY of a connection identified with `shard`: its `guilds` (unavailable until their
/// GUILD_CREATE) are those of the shard.
pub fn ready_on(session: &str, resume_url: &str, shard: Shard, guilds: &[u64]) -> Value {
    let guilds: Vec<Value> =
        guilds.iter().map(|id| json!({"id": id.to_string(), "unavailable": true})).collect();
    json!({
        "v": 10,
        "user": {
            "id": BOT_ID.to_string(),
            "username": "igroteka",
            "global_name": "Igroteka",
            "discriminator": "0",
            "avatar": null,
            "bot": true,
            "verified": true,
            "mfa_enabled": false,
            "flags": 0,
        },
        "guilds": guilds,
        "session_id": session,
        "resume_gateway_url": resume_url,
        "shard": shard,
        "application": {"id": APPLICATION_ID.to_string(), "flags": 0},
    })
}

/// The bot's guild, as `GUILD_CREATE` sends it after READY.
pub fn guild_create(channels: &[Value], me: Value) -> Value {
    guild_create_for(GUILD_ID, "Board game club", channels, me)
}

/// Guild `id`, as `GUILD_CREATE` sends it after READY.
pub fn guild_create_for(id: u64, name: &str, channels: &[Value], me: Value) -> Value {
    json!({
        "id": id.to_string(),
        "name": name,
        "icon": null,
        "splash": null,
        "discovery_splash": null,
        "owner_id": "910000000000000099",
        "afk_channel_id": null,
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "roles": [role(id, "@everyone")],
        "emojis": [],
        "features": [],
        "mfa_level": 0,
        "application_id": null,
        "system_channel_id": null,
        "system_channel_flags": 0,
        "rules_channel_id": null,
        "vanity_url_code": null,
        "description": null,
        "banner": null,
        "premium_tier": 0,
        "preferred_locale": "en-US",
        "public_updates_channel_id": null,
        "nsfw_level": 0,
        "premium_progress_bar_enabled": false,
        "stickers": [],
        "joined_at": TIMESTAMP,
        "large": false,
        "unavailable": false,
        "member_count": 4,
        "voice_states": [],
        "members": [me],
        "channels": channels,
        "threads": [],
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "max_members": 500000,
        "safety_alerts_channel_id": null,
    })
}

/// The registered commands as `PUT …/commands` answers them.
pub fn registered(commands: &[Value], guild: Option<u64>) -> Value {
    Value::Array(
        commands
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let mut c = c.clone();
                c["id"] = json!((920_000_000_000_000_000u64 + i as u64).to_string());
                c["application_id"] = json!(APPLICATION_ID.to_string());
                c["version"] = json!("1");
                c["type"] = c.get("type").cloned().unwrap_or(json!(1));
                // As sent: a permission bit set as a string, or null for everyone.
                let permissions = c.get("default_member_permissions").cloned();
                c["default_member_permissions"] = permissions.unwrap_or(Value::Null);
                c["nsfw"] = json!(false);
                c["description"] = c.get("description").cloned().unwrap_or(json!(""));
                if let Some(g) = guild {
                    c["guild_id"] = json!(g.to_string());
                }
                c
            })
            .collect(),
    )
}

pub fn gateway(url: &str) -> Value {
    gateway_with(url, 1)
}

/// `GET /gateway/bot`, recommending `shards` shards.
pub fn gateway_with(url: &str, shards: u32) -> Value {
    json!({
        "url": url,
        "shards": shards,
        "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1},
    })
}

/// Discord's error body.
pub fn error(code: u32, message: &str) -> Value {
    json!({"code": code, "message": message})
}
