//! The core crate's diagnostics (a message the platform refused, a delivery deferred, an
//! unreadable outbox entry dropped…) go through `tracing` as the adapters' lines do: in JSON
//! mode each is one JSON object with its level and target, not a plain `igroteka: …` line on
//! stderr (docs/operations.md, "Logs").
//!
//! The diagnostic is provoked for real: the bot is taken out of a group (the emulator forgets
//! the chat) between a `/play` and the lobby it sends, so Telegram refuses the lobby and the
//! core's deliverer drops it with a warning.

mod support;

use std::time::{Duration, Instant};

use support::{Emulator, STEP, TOKEN, TestUser, spawn_bot_with};

#[test]
fn a_core_diagnostic_comes_out_as_json_in_json_mode() {
    let dir = tempfile::tempdir().unwrap();
    let emulator = Emulator::start();
    let chat = -100_991;
    emulator.group(chat, "Gone", false);
    let mut bot =
        spawn_bot_with(&emulator, &dir.path().join("data"), &[("IGROTEKA_LOG_FORMAT", "json")]);
    let alice = TestUser::new(930_001, "Alice");
    emulator.hold_updates(true);
    emulator.say(chat, None, &alice, "/play aeroplane");
    // Removed from the group before it answers: Telegram refuses the lobby.
    emulator.with(|s| s.chats.remove(&chat));
    emulator.hold_updates(false);
    let deadline = Instant::now() + STEP;
    while !bot.stderr().contains("refused and dropped") {
        assert!(Instant::now() < deadline, "no core diagnostic: {}", bot.stderr());
        std::thread::sleep(Duration::from_millis(50));
    }
    bot.kill();
    let log = bot.stderr();
    assert!(!log.contains(TOKEN), "the token leaked");
    let mut core = Vec::new();
    for line in log.lines() {
        let value: serde_json::Value = serde_json::from_str(line)
            .unwrap_or_else(|e| panic!("not one JSON object: {line:?}: {e}"));
        assert!(value["level"].is_string() && value["target"].is_string(), "{line}");
        if value["message"].as_str().is_some_and(|m| m.contains("refused and dropped")) {
            core.push(value);
        }
    }
    assert_eq!(core.len(), 1, "one refused lobby, one line: {log}");
    let line = &core[0];
    assert_eq!(line["level"], "WARN", "{line}");
    assert_eq!(line["target"], "igroteka::outbox", "{line}");
    assert!(line["table"].as_u64().is_some_and(|t| t > 0), "the table is a field: {line}");
}
