//! Webhook mode end to end: the real binary started with `TELEGRAM_WEBHOOK_URL` and
//! `TELEGRAM_LISTEN` registers its webhook (with a secret) and plays Aeroplane Chess from
//! updates the emulator POSTs to it; a request with a wrong or missing secret is refused and
//! changes nothing; it never calls `getUpdates`. Started again without a webhook URL, the bot
//! deletes the webhook and goes on by long polling.

mod support;

use std::time::Instant;

use support::play::{current_board, start_game, step};
use support::{Emulator, TestUser, free_port, spawn_bot, spawn_webhook_bot};

const GROUP: i64 = -100_777;

fn players() -> Vec<TestUser> {
    vec![TestUser::new(3001, "Alice"), TestUser::new(3002, "Boris")]
}

/// What a forged update could change: the emulator's version, the bot's calls and messages.
fn footprint(emulator: &Emulator, chat: i64) -> (u64, usize, Vec<(i64, u32, String)>) {
    let calls = emulator.with(|s| s.calls.iter().filter(|c| *c != "getupdates").count());
    let messages =
        emulator.bot_messages(chat).into_iter().map(|m| (m.id, m.edits, m.plain())).collect();
    (emulator.version(), calls, messages)
}

#[test]
fn a_webhook_bot_plays_and_refuses_forged_updates() {
    let started = Instant::now();
    let dir = tempfile::tempdir().unwrap();
    let emulator = Emulator::start();
    emulator.group(GROUP, "Webhook night", false);
    let port = free_port();
    let _bot = spawn_webhook_bot(&emulator, &dir.path().join("data"), port);

    // setWebhook got the configured URL and a usable secret.
    let hook = emulator.with(|s| s.webhook.clone()).expect("a webhook is set");
    assert_eq!(hook.url, format!("http://127.0.0.1:{port}/telegram"));
    let secret = hook.secret.clone().expect("setWebhook carries a secret_token");
    assert!(secret.len() >= 16, "a short secret: {secret:?}");
    assert!(secret.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-'));
    assert_eq!(emulator.calls("setWebhook"), 1);

    // A game played entirely through webhook deliveries.
    let players = players();
    start_game(&emulator, GROUP, &players, "aeroplane");
    for _ in 0..4 {
        step(&emulator, GROUP, &players);
    }

    // A press of the live button, but from someone without the secret: refused, no effect.
    // (The bot is idle first: a chat's messages are a second apart, so a longer silence
    // means nothing is left to send.)
    emulator.set_quiet(std::time::Duration::from_millis(1500));
    emulator.settle();
    let board = current_board(&emulator, GROUP).expect("a board");
    let mover = players.iter().find(|p| board.plain().contains(&format!("{}, your turn", p.name)));
    let (_, data) = board.tokens()[0].clone();
    let forged = emulator.press_update(mover.expect("a player to move"), &board, &data);
    let before = footprint(&emulator, GROUP);
    let wrong = emulator.post_to_webhook(Some("not-the-secret"), &forged);
    let missing = emulator.post_to_webhook(None, &forged);
    assert!(matches!(wrong, 401 | 403), "a wrong secret got {wrong}");
    assert!(matches!(missing, 401 | 403), "a missing secret got {missing}");
    emulator.settle();
    assert_eq!(footprint(&emulator, GROUP), before, "a forged update changed something");

    // The real deliveries still work after it, and nothing was ever polled.
    step(&emulator, GROUP, &players);
    let (delivered, undelivered) = emulator.with(|s| (s.delivered.len(), s.undelivered.clone()));
    assert!(delivered >= 8, "only {delivered} updates delivered");
    assert!(undelivered.is_empty(), "{undelivered:?}");
    assert_eq!(emulator.calls("getUpdates"), 0);
    assert_eq!(emulator.calls("deleteWebhook"), 0);
    eprintln!("webhook game: {delivered} deliveries in {:?}", started.elapsed());
}

#[test]
fn without_a_webhook_url_the_bot_deletes_it_and_polls() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let emulator = Emulator::start();
    emulator.group(GROUP - 1, "Back to polling", false);
    let chat = GROUP - 1;
    let players = players();
    let mut bot = spawn_webhook_bot(&emulator, &data, free_port());
    start_game(&emulator, chat, &players, "aeroplane");
    step(&emulator, chat, &players);
    bot.kill();

    // While the webhook is set, getUpdates is a conflict, as on Telegram.
    assert!(emulator.with(|s| s.webhook.is_some()));
    assert_eq!(emulator.raw_call("getUpdates", &serde_json::json!({"timeout": 0})), 409);
    let _bot = spawn_bot(&emulator, &data);
    assert!(emulator.calls("deleteWebhook") >= 1, "the webhook was never deleted");
    assert!(emulator.with(|s| s.webhook.is_none()));
    step(&emulator, chat, &players);
    step(&emulator, chat, &players);
}
