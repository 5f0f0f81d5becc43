//! End to end through the Discord emulator: the owner's commands are registered only in the
//! owner server, with `default_member_permissions` `"0"`, so Discord shows them to that
//! server's administrators alone and to nobody in DMs or other servers; the engine still
//! answers them for the configured owner only, privately (an ephemeral reply).

#[path = "support/discord/mod.rs"]
mod discord;

use discord::payloads::GUILD_ID;
use discord::state::ADMINISTRATOR;
use discord::{Emulator, STEP, TestUser, spawn_bot_with};

const OWNER_COMMANDS: [&str; 3] = ["botstats", "abort", "maintenance"];

/// What an ordinary member holds (the emulator's members: no Administrator bit).
const MEMBER: u64 = 2_248_473_465_835_073;

/// `user` runs `/name` in `channel`; the reply only they see that holds `needle`.
fn reply(
    emu: &Emulator,
    user: &TestUser,
    channel: u64,
    name: &str,
    options: &[(&str, &str)],
    needle: &str,
) -> String {
    let token = emu.command(user, channel, name, options);
    emu.settle(&token, std::time::Duration::from_millis(300));
    emu.wait(&format!("a reply holding {needle:?}"), STEP, |s| {
        let mine = s.visible(channel, Some(user.id));
        let found = mine
            .into_iter()
            .rev()
            .find(|m| m.ephemeral_for == Some(user.id) && m.content.contains(needle));
        found.map(|m| m.content.clone())
    })
}

#[test]
fn the_owners_commands_live_in_the_owner_server_for_administrators() {
    let dir = tempfile::tempdir().unwrap();
    let emu = Emulator::start();
    let channel = emu.channel("games");
    let owner = TestUser { admin: true, ..TestUser::new(5001, "Olga") };
    let admin = TestUser { admin: true, ..TestUser::new(5002, "Adam") };
    let member = TestUser::new(5003, "Mia");
    for user in [&owner, &admin, &member] {
        emu.user(user);
    }
    let guild = GUILD_ID.to_string();
    let _bot = spawn_bot_with(
        &emu,
        &dir.path().join("data"),
        &[("DISCORD_GUILD_ID", ""), ("DISCORD_OWNER_GUILD", &guild), ("DISCORD_OWNERS", "5001")],
    );
    emu.wait_ready(STEP);
    emu.wait("the global and the owner server's commands", STEP, |s| {
        (s.registered.contains_key(&None) && s.registered.contains_key(&Some(GUILD_ID)))
            .then_some(())
    });

    emu.with(|s| {
        let names = |scope: Option<u64>| -> Vec<String> {
            s.registered[&scope].iter().map(|c| c["name"].as_str().unwrap().to_string()).collect()
        };
        // The public commands are global and hold none of the owner's; the owner server's
        // are the owner's alone, each for administrators only.
        assert!(names(None).contains(&"play".to_string()));
        assert_eq!(names(Some(GUILD_ID)), OWNER_COMMANDS);
        for command in &s.registered[&Some(GUILD_ID)] {
            assert_eq!(command["default_member_permissions"], "0", "{command}");
        }
        let member_sees = s.visible_commands(Some(GUILD_ID), MEMBER);
        let in_dms = s.visible_commands(None, 0);
        let elsewhere = s.visible_commands(Some(GUILD_ID + 1), ADMINISTRATOR);
        let admin_sees = s.visible_commands(Some(GUILD_ID), ADMINISTRATOR);
        for command in OWNER_COMMANDS {
            let command = command.to_string();
            assert!(!member_sees.contains(&command), "{member_sees:?}");
            assert!(!in_dms.contains(&command), "{in_dms:?}");
            assert!(!elsewhere.contains(&command), "{elsewhere:?}");
            assert!(admin_sees.contains(&command), "{admin_sees:?}");
        }
        assert!(member_sees.contains(&"play".to_string()), "{member_sees:?}");
    });

    // An administrator who is not an owner sees the commands but gets the unknown answer.
    let unknown = reply(&emu, &admin, channel, "botstats", &[], "/botstats");
    assert!(unknown.contains("don't know /botstats"), "{unknown}");
    assert!(!unknown.contains("open table"), "{unknown}");

    // The owner gets the figures, only they see them.
    let stats = reply(&emu, &owner, channel, "botstats", &[], "open table");
    assert!(stats.contains("this week") && stats.contains("today"), "{stats}");
    let public = emu.visible(channel, None);
    assert!(public.iter().all(|m| !m.content.contains("open table")), "the figures went public");

    // Maintenance from Discord refuses a new game there; off welcomes it again.
    reply(&emu, &owner, channel, "maintenance", &[("mode", "on")], "Maintenance mode is on");
    let refused = emu.command(&member, channel, "play", &[("game", "aeroplane")]);
    emu.settle(&refused, std::time::Duration::from_millis(300));
    emu.wait("the refusal", STEP, |s| {
        s.visible(channel, Some(member.id))
            .iter()
            .any(|m| m.content.contains("no new games"))
            .then_some(())
    });
    reply(&emu, &owner, channel, "maintenance", &[("mode", "off")], "Maintenance mode is off");
    let opened = emu.command(&member, channel, "play", &[("game", "aeroplane")]);
    emu.settle(&opened, std::time::Duration::from_millis(300));
    emu.wait("the lobby", STEP, |s| {
        s.visible(channel, None).iter().any(|m| m.content.contains("New game")).then_some(())
    });
}
