//! Two bot processes splitting Discord's gateway shards over one PostgreSQL database (issue 38;
//! docs/discord.md, "Several processes"): process 0 runs shard 0 of 2 (`discord.shards =
//! "0-0/2"`), process 1 shard 1 of 2 (`"1-1/2"`), and a game is played in a guild on each shard.
//!
//! Discord sends a guild's interactions only to the connection of shard
//! `(guild_id >> 22) % 2`, so each process sees one guild's presses; the emulator dispatches as
//! Discord does and fails on an interaction no connection would get. The test checks that each
//! process identified with its own shard, that every interaction reached — and was handled by —
//! the process of its guild's shard and no other, that each was acknowledged once, that every
//! press was applied once (the stored tables in PostgreSQL), that each channel holds one board
//! showing the stored game and nothing sent twice, and that the slash commands were registered
//! once (by shard 0's process).
//!
//! Needs the PostgreSQL server the project's machines run (see `support/pg_schema.rs`); without
//! one it says so and passes, unless `IGROTEKA_REQUIRE_POSTGRES` is set.

#[path = "support/discord/mod.rs"]
mod discord;
#[path = "support/pg_schema.rs"]
mod pg_schema;

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use discord::room::Room;
use discord::shards::{self, shard_of};
use discord::table::{is_ping, shown};
use discord::{BotProcess, Emulator, Identify, Limits, STEP, TOKEN, TestUser, payloads};
use igroteka::app::{App, AppConfig};
use igroteka::store::Store;
use pg_schema::Schema;
use serde_json::Value;
use tokio_tungstenite::tungstenite::Message as Ws;

/// The bot's shard count.
const TOTAL: u32 = 2;
/// The emulator's usual guild, and one whose id puts it on the other shard.
const GUILD_A: u64 = payloads::GUILD_ID;
const GUILD_B: u64 = payloads::GUILD_ID + (1 << 22);
/// Presses per game.
const TURNS: u64 = 8;

#[test]
fn the_emulator_shards_as_discord_documents() {
    assert_ne!(shard_of(Some(GUILD_A), TOTAL), shard_of(Some(GUILD_B), TOTAL));
    assert_eq!(shard_of(Some(GUILD_B), 1), 0, "one shard has every guild");
    assert_eq!(shard_of(None, 4), 0, "events of no guild (DMs) go to shard 0");
    assert!(shards::owns(shards::UNSHARDED, Some(GUILD_B)));
    assert!(shards::owns([0, 3], None) && !shards::owns([1, 3], None));
    assert_eq!(shards::requested(&serde_json::json!({})), Ok(shards::UNSHARDED));
    assert_eq!(shards::requested(&serde_json::json!({"shard": [1, 2]})), Ok([1, 2]));
    for bad in [[2, 2], [0, 0]] {
        assert!(shards::requested(&serde_json::json!({"shard": bad})).is_err(), "{bad:?}");
    }
    // READY names the shard and only its guilds, in a form serenity reads.
    let shard = [shard_of(Some(GUILD_B), TOTAL), TOTAL];
    let ready = payloads::ready_on("s", "ws://127.0.0.1:1", shard, &[GUILD_B]);
    let ready: serenity::all::Ready = serde_json::from_value(ready).expect("READY");
    let info = ready.shard.expect("a shard");
    assert_eq!((info.id.0, info.total), (shard[0], TOTAL));
    assert_eq!(ready.guilds.iter().map(|g| g.id.get()).collect::<Vec<_>>(), [GUILD_B]);
    let me = serde_json::json!({"user": payloads::bot_user(), "nick": null, "avatar": null,
        "roles": [], "joined_at": payloads::TIMESTAMP, "deaf": false, "mute": false, "flags": 0,
        "pending": false});
    let created = payloads::guild_create_for(GUILD_B, "Second club", &[], me);
    let guild: serenity::all::Guild = serde_json::from_value(created).expect("GUILD_CREATE");
    assert_eq!(guild.id.get(), GUILD_B);
    let gateway: serenity::all::BotGateway =
        serde_json::from_value(payloads::gateway_with("ws://127.0.0.1:1", TOTAL)).unwrap();
    assert_eq!(gateway.shards, TOTAL);
}

type Client =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A gateway client for the emulator test: the next text frame as JSON (`None`: the server
/// closed, with its close code).
async fn frame(ws: &mut Client) -> Result<Value, Option<u16>> {
    use futures_util::StreamExt;
    match tokio::time::timeout(STEP, ws.next()).await.expect("a frame in time") {
        Some(Ok(Ws::Text(text))) => Ok(serde_json::from_str(&text).unwrap()),
        Some(Ok(Ws::Close(close))) => Err(close.map(|c| u16::from(c.code))),
        other => panic!("unexpected {other:?}"),
    }
}

/// Connects to the emulator's gateway and identifies with `shard`: the frames after HELLO up
/// to the last GUILD_CREATE, or the close code.
async fn identify(
    url: &str,
    shard: [u32; 2],
    guilds: usize,
) -> Result<(Client, Vec<Value>), Option<u16>> {
    use futures_util::SinkExt;
    let (mut ws, _) = tokio_tungstenite::connect_async(url).await.expect("the gateway");
    assert_eq!(frame(&mut ws).await.unwrap()["op"], 10, "HELLO first");
    let identify = serde_json::json!({"op": 2, "d": {"token": TOKEN, "intents": 1,
        "properties": {"os": "linux", "browser": "test", "device": "test"}, "shard": shard}});
    ws.send(Ws::Text(identify.to_string())).await.unwrap();
    let mut frames = Vec::new();
    for _ in 0..=guilds {
        frames.push(frame(&mut ws).await?);
    }
    Ok((ws, frames))
}

/// The emulator end to end, with a raw gateway client: a connection on shard 0 of 2 hears of
/// guild A only and gets its interactions; one for guild B, whose shard nobody runs, fails the
/// test; an impossible shard is refused with 4010.
#[test]
fn the_emulator_routes_by_shard_and_refuses_what_no_connection_gets() {
    let emu = Emulator::start();
    emu.guild(GUILD_B, "Second club");
    let (a, b) = (emu.channel_in(GUILD_A, "a"), emu.channel_in(GUILD_B, "b"));
    let ann = TestUser::new(301, "Ann");
    emu.user(&ann);
    let url = emu.shared.gateway_url.lock().unwrap().clone();
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let (mut ws, frames) = runtime.block_on(identify(&url, [0, TOTAL], 1)).expect("identified");
    assert_eq!(frames[0]["t"], "READY");
    assert_eq!(frames[0]["d"]["shard"], serde_json::json!([0, TOTAL]));
    assert_eq!(frames[0]["d"]["guilds"][0]["id"], GUILD_A.to_string());
    assert_eq!(frames[0]["d"]["guilds"].as_array().unwrap().len(), 1);
    assert_eq!(frames[1]["t"], "GUILD_CREATE");
    assert_eq!(frames[1]["d"]["channels"][0]["id"], a.to_string());
    emu.command(&ann, a, "help", &[]);
    let event = runtime.block_on(frame(&mut ws)).unwrap();
    assert_eq!((event["t"].as_str(), event["s"].as_u64()), (Some("INTERACTION_CREATE"), Some(3)));
    let lost = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        emu.command(&ann, b, "help", &[]);
    }));
    let why = lost.expect_err("an interaction no connection gets is an error");
    let why = why.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(why.contains("no gateway connection runs the shard"), "{why}");
    let refused = runtime.block_on(identify(&url, [TOTAL, TOTAL], 1)).err();
    assert_eq!(refused, Some(Some(4010)), "an impossible shard is refused");
    drop(ws);
}

/// One bot process and the gateway connection it opened.
struct Process {
    bot: BotProcess,
    shard: u32,
    connection: u32,
}

impl Process {
    /// The JSON lines of its log.
    fn log(&self) -> Vec<Value> {
        let log = self.bot.stderr();
        log.lines()
            .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{line:?}: {e}")))
            .collect()
    }

    /// How many interactions it handled, by channel (the `chat` of its "update handled" lines).
    fn handled(&self) -> BTreeMap<u64, usize> {
        let mut by_chat = BTreeMap::new();
        for line in self.log() {
            if line["message"] == "update handled" && line["span"]["name"] == "update" {
                let chat = line["span"]["chat"].as_str().and_then(|c| c.parse().ok());
                *by_chat.entry(chat.expect("a channel")).or_default() += 1;
            }
        }
        by_chat
    }

    fn said(&self, text: &str) -> bool {
        self.log().iter().any(|l| l["message"].as_str().is_some_and(|m| m.contains(text)))
    }
}

/// Starts the process of shard `shard` of [`TOTAL`] and waits for its connection, alone: the
/// connection identified meanwhile is this process's.
fn start(emu: &Emulator, dir: &std::path::Path, shard: u32, env: &[(&str, &str)]) -> Process {
    let data = dir.join(format!("shard{shard}"));
    let mut bot = discord::spawn_shard(emu, &data, &format!("{shard}-{shard}/{TOTAL}"), env);
    let deadline = Instant::now() + STEP;
    let connection = loop {
        if let Some((number, _)) = emu.connections().into_iter().find(|c| c.1 == [shard, TOTAL]) {
            break number;
        }
        if let Some(status) = bot.exited() {
            panic!("the process of shard {shard} exited with {status}: {}", bot.stderr());
        }
        assert!(Instant::now() < deadline, "shard {shard} never identified: {}", bot.stderr());
        std::thread::sleep(Duration::from_millis(20));
    };
    Process { bot, shard, connection }
}

/// Waits until the bot processes made no REST call for `quiet`.
fn settle(emu: &Emulator, quiet: Duration) {
    let mut last = (emu.with(|s| s.calls.len()), Instant::now());
    let deadline = Instant::now() + STEP;
    while last.1.elapsed() < quiet {
        assert!(Instant::now() < deadline, "the bots never went quiet\n{}", emu.transcript());
        std::thread::sleep(Duration::from_millis(25));
        let calls = emu.with(|s| s.calls.len());
        if calls != last.0 {
            last = (calls, Instant::now());
        }
    }
}

#[test]
fn two_processes_on_their_own_shards_play_a_game_in_each_guild() {
    let Some(schema) = Schema::new("shards") else { return };
    let emu = Emulator::with_limits(Limits::DISCORD.faster(20));
    emu.with(|s| s.recommended_shards = TOTAL);
    emu.guild(GUILD_B, "Second club");
    let players = |ids: [(u64, &str); 2]| ids.map(|(id, name)| TestUser::new(id, name));
    let rooms = [
        (GUILD_A, emu.channel_in(GUILD_A, "games-a"), players([(201, "Ann"), (202, "Boris")])),
        (GUILD_B, emu.channel_in(GUILD_B, "games-b"), players([(203, "Chen"), (204, "Dora")])),
    ];
    rooms.iter().flat_map(|r| &r.2).for_each(|u| emu.user(u));

    let dir = tempfile::tempdir().unwrap();
    let database = schema.bot_url();
    let env = [
        ("IGROTEKA_DATABASE_URL", database.as_str()),
        ("IGROTEKA_LOG_FORMAT", "json"),
        ("RUST_LOG", "info,igroteka=debug"),
    ];
    // One process at a time, so that the connection each waits for is its own.
    let processes: Vec<Process> = (0..TOTAL).map(|n| start(&emu, dir.path(), n, &env)).collect();
    emu.wait("the slash commands", STEP, |s| (s.registrations > 0).then_some(()));
    let ready = Instant::now();
    // Registering or not, shard 1's process says when its READY has been handled.
    while !processes[1].said("is ready") {
        assert!(ready.elapsed() < STEP, "shard 1 never ready: {}", processes[1].bot.stderr());
        std::thread::sleep(Duration::from_millis(20));
    }

    let rooms: Vec<(u64, Room)> = rooms
        .into_iter()
        .map(|(guild, channel, users)| (guild, Room { emu: &emu, channel, users: users.to_vec() }))
        .collect();
    let tables: Vec<u64> = rooms
        .iter()
        .map(|(_, room)| room.open("aeroplane", &[&room.users[0], &room.users[1]]))
        .collect();
    let store = schema.open();
    let seq = |table: u64| store.load(table).unwrap().expect("the table is stored").seq;
    let started: Vec<u64> = tables.iter().map(|t| seq(*t)).collect();
    // The games go on side by side, a press in one guild, then one in the other.
    for turn in 0..TURNS {
        for (guild, room) in &rooms {
            assert!(room.step(), "the game in guild {guild} ended after {turn} presses");
        }
    }
    settle(&emu, Duration::from_millis(1500));

    // Each process identified once, with its own shard.
    let identified = emu.with(|s| s.identified.clone());
    let expected: Vec<Identify> = processes
        .iter()
        .map(|p| Identify { connection: p.connection, shard: [p.shard, TOTAL] })
        .collect();
    assert_eq!(identified, expected, "each process identifies once, with its shard");
    for p in &processes {
        assert!(p.said(&format!("gateway shard {} of {TOTAL}", p.shard)), "{}", p.bot.stderr());
    }

    // Every interaction went to the connection of its guild's shard only, and was acknowledged
    // once; each process handled exactly its guild's.
    let interactions = emu.with(|s| s.interactions.values().cloned().collect::<Vec<_>>());
    let mut per_channel: BTreeMap<u64, usize> = BTreeMap::new();
    for i in &interactions {
        assert!(i.guild.is_some(), "an interaction outside the guilds: {i:?}");
        let shard = shard_of(i.guild, TOTAL);
        let owner = &processes[shard as usize];
        assert_eq!(i.dispatched, [(owner.connection, [shard, TOTAL])], "{i:?}");
        assert!(i.response.is_some(), "never acknowledged: {i:?}");
        assert_eq!(i.refused, 0, "answered twice: {i:?}");
        *per_channel.entry(i.channel).or_default() += 1;
    }
    for p in &processes {
        let (_, room) = rooms.iter().find(|(g, _)| shard_of(Some(*g), TOTAL) == p.shard).unwrap();
        let expected = BTreeMap::from([(room.channel, per_channel[&room.channel])]);
        assert_eq!(p.handled(), expected, "what the process of shard {} handled", p.shard);
    }
    let (late, problems) = emu.with(|s| (s.late.clone(), s.problems.clone()));
    assert!(late.is_empty(), "acknowledged later than Discord's 3 s: {late:?}");
    assert!(problems.is_empty(), "calls Discord would refuse: {problems:?}");

    // Every press applied once, and each board shows its stored game.
    let app = App::new(schema.open(), AppConfig::default());
    for (((guild, room), table), before) in rooms.iter().zip(&tables).zip(&started) {
        assert_eq!(seq(*table), before + TURNS, "presses applied in guild {guild}");
        let stored = app.current_board(*table).unwrap().expect("a started game");
        let png = igroteka_renderer::render(stored.board.as_ref().expect("a picture"));
        let live = emu.wait("the live board to show the stored game", STEP, |s| {
            let board = s
                .visible(room.channel, None)
                .into_iter()
                .rev()
                .find(|m| !m.attachments.is_empty())?;
            (board.attachments[0].bytes == png).then(|| board.clone())
        });
        assert!(shown(&live.content).contains(&stored.text), "{}\n{}", live.content, stored.text);
        // Nothing sent twice: one board, at most one ping, no two messages alike.
        let public = emu.visible(room.channel, None);
        let boards = public.iter().filter(|m| !m.attachments.is_empty()).count();
        assert_eq!(boards, 1, "boards in guild {guild}\n{}", emu.transcript());
        assert!(public.iter().filter(|m| is_ping(m)).count() <= 1, "{}", emu.transcript());
        for (n, m) in public.iter().enumerate() {
            let twin = public[n + 1..].iter().find(|o| o.content == m.content);
            assert!(twin.is_none(), "sent twice in guild {guild}: {:?}", m.content);
        }
    }

    // The commands were registered once, globally, by the process of shard 0.
    assert_eq!(emu.with(|s| (s.registrations, s.commands_guild)), (1, None));
    for p in &processes {
        let log = p.bot.stderr();
        assert!(!log.contains(TOKEN), "the bot token was logged");
        assert!(!log.contains("itoken-"), "an interaction token was logged");
    }
    for mut p in processes {
        assert!(
            p.bot.exited().is_none(),
            "the process of shard {} died: {}",
            p.shard,
            p.bot.stderr()
        );
    }
}
