//! Every payload the Discord emulator sends, parsed with serenity's own model types.
//!
//! serenity 0.12 turns a gateway event it cannot parse into `Event::Unknown` without a word, so a
//! field missing from the emulator's JSON would make the bot silently ignore a test's press.
//! Parsing here turns such a gap into a failure that names the field.

#[path = "support/discord/mod.rs"]
mod discord;

use discord::{Emulator, Msg, TestUser, payloads};
use serde_json::{Value, json};
use serenity::all::{
    BotGateway, Command, DiscordJsonError, Event, GatewayEvent, GuildChannel, Interaction, Member,
    Message, PrivateChannel, Role,
};

fn event(frame: Value) -> Event {
    match serde_json::from_value::<GatewayEvent>(frame.clone()) {
        Ok(GatewayEvent::Dispatch(_, Event::Unknown(u))) => {
            panic!("serenity did not understand {u:?}")
        }
        Ok(GatewayEvent::Dispatch(_, event)) => event,
        Ok(other) => panic!("not a dispatch: {other:?}"),
        Err(e) => panic!("serenity cannot parse {frame}: {e}"),
    }
}

fn interaction(d: Value) -> Interaction {
    // The inner type first: its error names the missing field.
    if let Err(e) = serde_json::from_value::<Interaction>(d.clone()) {
        panic!("serenity cannot parse the interaction: {e}\n{d:#}");
    }
    match event(payloads::dispatch(3, "INTERACTION_CREATE", d)) {
        Event::InteractionCreate(e) => e.interaction,
        other => panic!("unexpected {other:?}"),
    }
}

fn sample_message(emu: &Emulator, channel: u64) -> Msg {
    emu.with(|s| Msg {
        id: s.id(),
        channel,
        guild: true,
        content: "<@1> board".into(),
        allowed_mentions: None,
        components: json!([{"type": 1, "components": [
            {"type": 2, "style": 1, "label": "Roll", "custom_id": "t1:0.0:c0"}
        ]}, {"type": 1, "components": [
            {"type": 3, "custom_id": "dc:sel0", "placeholder": "A … B",
             "options": [{"label": "A", "value": "t1:0.0:c1"}, {"label": "B", "value": "t1:0.0:c2"}]}
        ]}]),
        attachments: vec![discord::state::Attachment { id: 5, filename: "board.png".into(), bytes: vec![1, 2, 3] }],
        flags: 0,
        edits: 1,
        interaction: None,
        ephemeral_for: None,
        loading: false,
        deleted: false,
    })
}

#[test]
fn gateway_frames_parse() {
    assert!(matches!(
        serde_json::from_value::<GatewayEvent>(payloads::hello()),
        Ok(GatewayEvent::Hello(41250))
    ));
    assert!(matches!(
        serde_json::from_value::<GatewayEvent>(payloads::heartbeat_ack()),
        Ok(GatewayEvent::HeartbeatAck)
    ));
    let ready = payloads::ready("s", "ws://127.0.0.1:1");
    serde_json::from_value::<serenity::all::Ready>(ready.clone()).expect("READY");
    assert!(matches!(event(payloads::dispatch(1, "READY", ready)), Event::Ready(_)));
    let emu = Emulator::start();
    let channel = emu.channel("games");
    let channels: Vec<Value> = emu.with(|s| s.channels.values().map(payloads::channel).collect());
    let me = json!({"user": payloads::bot_user(), "nick": null, "avatar": null, "roles": [],
        "joined_at": payloads::TIMESTAMP, "deaf": false, "mute": false, "flags": 0, "pending": false});
    let guild = payloads::guild_create(&channels, me);
    assert!(
        matches!(event(payloads::dispatch(2, "GUILD_CREATE", guild)), Event::GuildCreate(_)),
        "{channel}"
    );
}

#[test]
fn interactions_parse() {
    let emu = Emulator::start();
    let mut ann = TestUser::new(101, "Ann");
    ann.locale = "ru".into();
    ann.admin = true;
    emu.user(&ann);
    let channel = emu.channel("games");
    let dm = emu.dm(&ann);

    let (_, d) =
        emu.command_payload(&ann, channel, "play", &[("game", "aeroplane"), ("centre", "bounce")]);
    match interaction(d) {
        Interaction::Command(c) => {
            assert_eq!(c.data.name, "play");
            assert_eq!(c.locale, "ru");
            assert!(c.member.unwrap().permissions.unwrap().administrator());
            assert_eq!(c.data.options.len(), 2);
        }
        other => panic!("{other:?}"),
    }
    let (_, d) = emu.command_payload(&ann, dm, "board", &[]);
    match interaction(d) {
        Interaction::Command(c) => assert!(c.guild_id.is_none() && c.member.is_none()),
        other => panic!("{other:?}"),
    }
    let message = sample_message(&emu, channel);
    let (_, d) = emu.press_payload(&ann, &message, "t1:0.0:c0", None);
    match interaction(d) {
        Interaction::Component(c) => {
            assert_eq!(c.data.custom_id, "t1:0.0:c0");
            assert_eq!(c.message.attachments.len(), 1);
        }
        other => panic!("{other:?}"),
    }
    let (_, d) = emu.press_payload(&ann, &message, "dc:sel0", Some("t1:0.0:c2"));
    match interaction(d) {
        Interaction::Component(c) => assert!(format!("{:?}", c.data.kind).contains("t1:0.0:c2")),
        other => panic!("{other:?}"),
    }
}

#[test]
fn rest_bodies_parse() {
    let emu = Emulator::start();
    let ann = TestUser::new(101, "Ann");
    emu.user(&ann);
    let channel = emu.channel("games");
    let dm = emu.dm(&ann);
    let message = sample_message(&emu, channel);
    let parsed: Message = serde_json::from_value(payloads::message(&message)).expect("a message");
    assert_eq!(parsed.attachments[0].filename, "board.png");
    assert_eq!(parsed.components.len(), 2);
    let (guild_channel, dm_channel) = emu
        .with(|s| (payloads::channel(&s.channels[&channel]), payloads::channel(&s.channels[&dm])));
    serde_json::from_value::<GuildChannel>(guild_channel).expect("a guild channel");
    serde_json::from_value::<PrivateChannel>(dm_channel).expect("a DM channel");
    serde_json::from_value::<Role>(payloads::role(7, "players")).expect("a role");
    let mut member = payloads::member(&ann);
    member["guild_id"] = json!(payloads::GUILD_ID.to_string());
    serde_json::from_value::<Member>(member).expect("a member");
    serde_json::from_value::<BotGateway>(payloads::gateway("ws://127.0.0.1:1")).expect("gateway");
    serde_json::from_value::<DiscordJsonError>(payloads::error(
        50007,
        "Cannot send messages to this user",
    ))
    .expect("an error");
    let commands = payloads::registered(
        &[json!({"name": "play", "description": "Open a game", "options": [
            {"type": 3, "name": "game", "description": "The game", "required": true,
             "choices": [{"name": "Aeroplane Chess", "value": "aeroplane"}]}
        ]})],
        Some(payloads::GUILD_ID),
    );
    serde_json::from_value::<Vec<Command>>(commands).expect("registered commands");
}
