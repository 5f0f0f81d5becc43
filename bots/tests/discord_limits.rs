//! The abuse limits end to end through the Discord emulator (docs/operations.md, "Abuse
//! limits"): the same door as Telegram's (`bots/src/limits`), answered the Discord way — every
//! press acknowledged within Discord's three seconds, the one notice per channel as an
//! ephemeral message — while a game in another channel goes on; a refused press changes
//! nothing; an oversized command is refused with its limit.
//!
//! As in `telegram_limits.rs`, the configured rates refill about once in a quarter of an hour,
//! so what passes is the burst whatever the machine's speed: the counts are exact.

#[path = "support/discord/mod.rs"]
mod discord;

use std::time::{Duration, Instant};

use discord::table::{self, button, shown};
use discord::{Limits, STEP, State};

const CONFIG: &str = r#"
[limits]
command_chars = 300

[limits.rates]
user_in_chat = { burst = 5, per_second = 0.001 }
user = { burst = 100, per_second = 0.001 }
chat = { burst = 500, per_second = 100 }
"#;

const BURST: usize = 5;
const SLOW_DOWN: &str = "You're going faster than I can follow";
const ALREADY_IN: &str = "You are already at this table.";

#[test]
fn hammering_three_channels_gets_one_ephemeral_notice_each_and_a_game_elsewhere_goes_on() {
    let config_dir = tempfile::tempdir().unwrap();
    let config = config_dir.path().join("limits.toml");
    std::fs::write(&config, CONFIG).unwrap();
    let config = config.display().to_string();
    let users =
        [(101, "Ann"), (102, "Boris"), (103, "Mallory"), (104, "Ola"), (105, "Pia"), (106, "Rui")];
    let env = [("IGROTEKA_CONFIG", config.as_str()), ("IGROTEKA_LIMITS", "on")];
    let t = table::start_with_env(Limits::DISCORD, &users, &env);
    let [ann, boris, mallory, openers @ ..] = &t.users[..] else { unreachable!() };
    t.open("aeroplane", &[], &[ann, boris]);

    // Three channels, a lobby in each opened by someone else; Mallory joins each.
    let mut lobbies = Vec::new();
    for opener in openers {
        let channel = t.emu.channel(&format!("hammered-{}", opener.name));
        t.emu.command(opener, channel, "play", &[("game", "aeroplane")]);
        let lobby = t.emu.wait("the lobby", STEP, |s| {
            s.visible(channel, None)
                .into_iter()
                .rev()
                .find(|m| button(m, "Join").is_some())
                .cloned()
        });
        let name = mallory.name.clone();
        let (_, refused) = t.press_until(mallory, &lobby, &button(&lobby, "Join").unwrap(), |t| {
            shown(&t.emu.message(lobby.id).content).contains(&name)
        });
        assert!(refused.is_none(), "{refused:?}");
        lobbies.push(t.emu.message(lobby.id));
    }
    t.settle(Duration::from_millis(500));

    // Fifty presses of Join a second in each channel, for a second; Ann and Boris play on.
    let rounds = 50;
    let hammering = Instant::now();
    let hammer = std::thread::scope(|scope| {
        let players = scope.spawn(|| {
            for _ in 0..2 {
                assert!(t.step(&|_| true), "the game went on");
            }
        });
        let mut hammer: Vec<Vec<String>> = vec![Vec::new(); lobbies.len()];
        for _ in 0..rounds {
            for (lobby, tokens) in lobbies.iter().zip(&mut hammer) {
                tokens.push(t.emu.press(mallory, lobby, &button(lobby, "Join").unwrap()));
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        players.join().unwrap();
        hammer
    });
    for token in hammer.iter().flatten() {
        t.emu.wait("an acknowledgement", STEP, |s| s.interactions.get(token)?.response);
    }
    t.settle(Duration::from_millis(1000));

    // Per channel: one notice, the burst (less the Join) through to the engine, the rest only
    // acknowledged.
    for (lobby, tokens) in lobbies.iter().zip(&hammer) {
        let alerts: Vec<String> =
            tokens.iter().filter_map(|k| t.alert(k)).map(|m| shown(&m.content)).collect();
        let notices = alerts.iter().filter(|a| a.starts_with(SLOW_DOWN)).count();
        let engine = alerts.iter().filter(|a| a.as_str() == ALREADY_IN).count();
        assert_eq!(notices, 1, "channel {}: {alerts:?}", lobby.channel);
        assert_eq!(engine, BURST - 1, "channel {}: {alerts:?}", lobby.channel);
        assert_eq!(tokens.len() - alerts.len(), rounds - BURST, "{alerts:?}");
    }

    // Ann's and Boris's first press during the hammering was acknowledged before Mallory's last.
    let acked = |s: &State, token: &String| {
        let i = &s.interactions[token];
        i.created + i.response.expect("acknowledged").1
    };
    let (last_hammer, first_move) = t.emu.with(|s| {
        let last = hammer.iter().flatten().map(|k| acked(s, k)).max().unwrap();
        let first = s
            .interactions
            .iter()
            .filter(|(_, i)| {
                (i.user == ann.id || i.user == boris.id)
                    && i.created >= hammering
                    && i.component_message.is_some()
            })
            .map(|(k, _)| acked(s, k))
            .min()
            .expect("a move during the hammering");
        (last, first)
    });
    assert!(first_move < last_hammer, "the game's first press waited for the hammering to end");

    // A refused press changes nothing: Mallory's Leave leaves the lobby as it was.
    let lobby = t.emu.message(lobbies[0].id);
    let leave = t.emu.press(mallory, &lobby, &button(&lobby, "Leave").unwrap());
    t.emu.settle(&leave, Duration::from_millis(700));
    assert!(t.alert(&leave).is_none(), "a second notice in one burst");
    let after = t.emu.message(lobby.id);
    assert_eq!((after.edits, &after.content), (lobby.edits, &lobby.content));

    // An oversized command is refused with its limit, in the command's own response.
    let long = "x".repeat(400);
    let token = t.command(ann, "rules", &[("game", long.as_str())]);
    let original = t.emu.interaction(&token).original.expect("a deferred response");
    let text = shown(&t.emu.message(original).content);
    assert!(text.contains("at most 300 characters"), "{text}");
    assert!(!text.contains(&long), "the refusal quotes what was typed");
}
