//! The real `igroteka` binary against the fake Discord, with Discord's rate limits: the message
//! model (one board edited in place, one ping for the player to move), refusals and racing
//! presses, private views through ephemeral replies and DMs, command registration, and hostile
//! player names that must reach Discord escaped.

#[path = "support/discord/mod.rs"]
mod discord;

use std::time::Duration;

use discord::table::{self, Table, is_ping, mentioned, shown, tokens};
use discord::{Msg, STEP, TestUser, png_size};

/// `/play aeroplane` by Ann; Boris and Chen join; Ann starts. The table id.
fn three_player_game(t: &Table) -> u64 {
    let (ann, boris, chen) = (&t.users[0], &t.users[1], &t.users[2]);
    t.open("aeroplane", &[("centre", "bounce")], &[ann, boris, chen])
}

fn first_option(m: &Msg) -> String {
    m.buttons().into_iter().find(|(_, id)| id.ends_with(":c0")).expect("an option").1
}

/// One board edited in place; a ping that mentions the player to move, the previous one
/// deleted; the lobby kept as history without its buttons.
#[test]
fn one_board_edited_in_place_and_one_ping_for_the_player_to_move() {
    let t = table::start();
    three_player_game(&t);
    t.emu.wait("the lobby to lose its buttons", STEP, |s| {
        let lobby = s.visible(t.channel, None).into_iter().find(|m| m.content.contains("New game"));
        lobby.filter(|m| m.buttons().is_empty()).map(drop)
    });
    let board = t.live_board().unwrap();
    assert_eq!(png_size(&board.attachments[0].bytes), (900, 1000));
    for _ in 0..12 {
        assert!(t.step(&|_| true));
        // The ping follows the board (a message create may wait for the channel's limit).
        let to_move = t.to_move().expect("someone to move");
        t.emu.wait("the ping for the player to move", STEP, |s| {
            let pings: Vec<&Msg> =
                s.visible(t.channel, None).into_iter().filter(|m| is_ping(m)).collect();
            (pings.len() == 1 && mentioned(pings[0]) == [to_move.id]).then_some(())
        });
        let ping = t.pings().pop().unwrap();
        let allowed = &ping.allowed_mentions.as_ref().unwrap()["users"];
        assert_eq!(allowed, &serde_json::json!([to_move.id.to_string()]), "{}", ping.content);
    }
    // Each turn that passed got a fresh ping (a notification); the one before was deleted.
    let deleted = t.emu.with(|s| s.messages.values().filter(|m| m.deleted && is_ping(m)).count());
    assert!(deleted >= 2, "previous pings are deleted ({deleted})\n{}", t.report());
    let boards: Vec<Msg> = t.public().into_iter().filter(|m| !m.attachments.is_empty()).collect();
    assert_eq!(boards.len(), 1, "one board in the channel\n{}", t.report());
    assert_eq!(boards[0].id, board.id, "the first board is the one edited");
    assert!(boards[0].edits >= 3);
    t.assert_clean(Duration::from_secs(1));
}

#[test]
fn refusals_non_player_wrong_player_forged_and_racing_presses() {
    let mut t = table::start();
    let table = three_player_game(&t);
    let board = t.live_board().unwrap();
    let mover = t.to_move().unwrap();
    let other = t.users[..3].iter().find(|u| u.id != mover.id).unwrap().clone();
    let refused = |t: &Table, user: &TestUser, id: &str| {
        let board = t.live_board().unwrap();
        let before = board.edits;
        let (_, alert) =
            t.press_until(user, &board, id, |t| t.emu.message(board.id).edits > before);
        alert.map(|m| m.content).unwrap_or_else(|| panic!("{id} was not refused"))
    };
    // Dora is not playing; Boris or Chen is not to move; forged custom ids.
    assert!(refused(&t, &t.users[3], &first_option(&board)).contains("not playing"));
    assert!(refused(&t, &other, &first_option(&board)).contains("not your turn"));
    for forged in ["t999999:0.0:c0", "nonsense", "t1:0.0:zz"] {
        let text = refused(&t, &mover, forged);
        assert!(
            text.contains("not one I recognise")
                || text.contains("out of date")
                || text.contains("no longer"),
            "{forged}: {text}"
        );
    }
    // Twenty racing presses of one button on the live board: one applies; the others find the
    // board behind and heal it (silently), none applies twice.
    t.settle(Duration::from_millis(300));
    t.kill();
    let moves = t.stored_moves(table);
    t.spawn();
    let board = t.live_board().unwrap();
    let custom = first_option(&board);
    let presses: Vec<String> = (0..20).map(|_| t.emu.press(&mover, &board, &custom)).collect();
    for token in &presses {
        t.emu.wait("an answer", STEP, |s| s.interactions.get(token)?.response);
    }
    t.settle(Duration::from_millis(5500));
    let alerts = presses.iter().filter(|p| t.alert(p).is_some()).count();
    assert_eq!(alerts, 0, "a press on the live board is never refused as stale");
    assert_ne!(tokens(&t.live_board().unwrap()), tokens(&board), "the move is shown");
    t.kill();
    assert_eq!(t.stored_moves(table), moves + 1, "exactly one of 20 racing presses applied");
    t.spawn();
    // A button of a message that is no longer the live board is out of date, and goes.
    let stale = t.public().into_iter().find(|m| shown(&m.content).contains("New game")).unwrap();
    let (_, alert) = t.press_until(&mover, &stale, &custom, |_| false);
    assert!(alert.unwrap().content.contains("out of date"));
    t.assert_clean(Duration::from_secs(1));
}

/// Private views through `/board`: ephemeral (the main way), in DMs, with DMs closed (50007 →
/// ephemeral), and in the DM channel itself. (The secret set-up is in `discord_private.rs`.)
#[test]
fn private_views_through_ephemeral_replies_dms_and_closed_dms() {
    let t = table::start();
    three_player_game(&t);
    let (ann, boris, chen) = (t.users[0].clone(), t.users[1].clone(), t.users[2].clone());
    t.emu.close_dms(&chen);
    let answer = |token: &str| {
        let original = t.emu.interaction(token).original.expect("a deferred response");
        t.emu.message(original)
    };
    // Ephemeral: only Ann sees her board, in the command's own response.
    let token = t.command(&ann, "board", &[("show", "me")]);
    let seen = answer(&token);
    assert_eq!(seen.ephemeral_for, Some(ann.id));
    assert_eq!(seen.attachments.len(), 1, "{}", t.report());
    assert_eq!(png_size(&seen.attachments[0].bytes).0, 900);
    // DMs: Boris gets his board in a DM channel; the response says ✓.
    let token = t.command(&boris, "board", &[("show", "dm")]);
    let dm = t.emu.wait("Boris's DM channel", STEP, |s| s.dm_channel_of(boris.id));
    let in_dm = t.emu.wait("a DM", STEP, |s| s.visible(dm, None).first().map(|m| (*m).clone()));
    assert_eq!(in_dm.attachments.len(), 1);
    assert_eq!(answer(&token).content, "✓");
    // Closed DMs: Chen's comes as an ephemeral reply instead.
    let token = t.command(&chen, "board", &[("show", "dm")]);
    let seen = answer(&token);
    assert_eq!((seen.ephemeral_for, seen.attachments.len()), (Some(chen.id), 1), "{}", t.report());
    assert!(t.emu.with(|s| s.dm_channel_of(chen.id).is_none_or(|c| s.visible(c, None).is_empty())));
    // In the DM channel itself, /board answers there.
    let dm_ann = t.emu.dm(&ann);
    t.emu.command(&ann, dm_ann, "board", &[]);
    t.emu.wait("Ann's board in her DMs", STEP, |s| {
        s.visible(dm_ann, None).into_iter().find(|m| !m.attachments.is_empty()).map(|_| ())
    });
    t.assert_clean(Duration::from_secs(1));
}

#[test]
fn slash_commands_are_registered_for_the_guild() {
    let t = table::start();
    let (names, guild) = t.emu.with(|s| {
        (
            s.commands.iter().map(|c| c["name"].as_str().unwrap().to_string()).collect::<Vec<_>>(),
            s.commands_guild,
        )
    });
    assert_eq!(guild, Some(discord::payloads::GUILD_ID));
    for name in [
        "play",
        "join",
        "leave",
        "startgame",
        "board",
        "move",
        "rules",
        "resign",
        "cancel",
        "lang",
        "boards",
        "help",
    ] {
        assert!(names.iter().any(|n| n == name), "{name} in {names:?}");
    }
    // Localized names and descriptions for Discord's locales (it has no Belarusian one).
    let play = t.emu.with(|s| s.commands.iter().find(|c| c["name"] == "play").cloned()).unwrap();
    for (locale, name) in
        [("pl", "graj"), ("bg", "игра"), ("uk", "грати"), ("ru", "играть"), ("zh-CN", "开局")]
    {
        assert_eq!(play["name_localizations"][locale], name, "{play}");
        assert!(play["description_localizations"][locale].is_string(), "{play}");
    }
    assert!(play["name_localizations"].get("be").is_none());
    let game = &play["options"][0];
    let thousand = game["choices"].as_array().unwrap().iter().find(|c| c["value"] == "thousand");
    assert_eq!(thousand.unwrap()["name_localizations"]["pl"], "Tysiąc na szachownicy");
    let token = t.command(&t.users[0], "help", &[]);
    let original = t.emu.interaction(&token).original.unwrap();
    assert!(t.emu.message(original).content.contains("/play"));
    t.assert_clean(Duration::from_secs(1));
}

/// The adapter's own mentions line (`<@1> <@2>`) in front of a message's content, if any, and
/// the text after it.
fn split_mentions(content: &str) -> (Vec<u64>, &str) {
    let (first, rest) = content.split_once('\n').unwrap_or((content, ""));
    let ids: Option<Vec<u64>> =
        first.split(' ').map(|m| m.strip_prefix("<@")?.strip_suffix('>')?.parse().ok()).collect();
    match ids {
        Some(ids) if !ids.is_empty() => (ids, rest),
        _ => (Vec::new(), content),
    }
}

/// What Discord would make of `text` (the content after the mentions line) that is not plain
/// text: unescaped inline markdown, link or mention syntax, `@everyone`/`@here`, and
/// line-start markers (headings, lists, quotes).
fn markdown_in(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for line in text.lines() {
        let body = line.trim_start();
        let digits = body.len() - body.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        if body.starts_with(['#', '-', '+', '>'])
            || (digits > 0 && body[digits..].starts_with(['.', ')']))
        {
            found.push(format!("a block marker: {line:?}"));
        }
        let mut escaped = false;
        for (at, c) in line.char_indices() {
            if escaped {
                escaped = false;
                continue;
            }
            let rest = &line[at..];
            match c {
                '\\' if rest[1..].starts_with(|n: char| n.is_ascii_punctuation()) => escaped = true,
                '*' | '_' | '~' | '`' | '|' | '[' | ']' | '<' => {
                    found.push(format!("{c:?} in {line:?}"))
                }
                ':' if rest.starts_with("://") => found.push(format!("a link in {line:?}")),
                '@' if rest.starts_with("@everyone") || rest.starts_with("@here") => {
                    found.push(format!("a mass mention in {line:?}"))
                }
                _ => {}
            }
        }
    }
    found
}

/// Every message the bot has sent so far renders as plain text, and pings only the players its
/// mentions line names.
fn assert_plain(t: &Table) {
    let messages: Vec<Msg> = t.emu.with(|s| s.messages.values().cloned().collect());
    for m in messages.iter().filter(|m| !m.deleted && !m.loading && m.content != "✓") {
        let (ids, text) = split_mentions(&m.content);
        let found = markdown_in(text);
        assert!(found.is_empty(), "markdown reached Discord: {found:?}\n{}", m.content);
        let allowed = m.allowed_mentions.as_ref().expect("allowed_mentions on every message");
        assert_eq!(allowed["parse"], serde_json::json!([]), "{}", m.content);
        let mut users: Vec<u64> = allowed["users"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|u| u.as_str().and_then(|s| s.parse().ok()).or(u.as_u64()))
            .collect();
        users.sort();
        let mut named = ids.clone();
        named.sort();
        assert_eq!(users, named, "only the mentioned players may be pinged: {}", m.content);
    }
}

const HOSTILE: [&str; 6] =
    ["**bold**", "[x](https://evil.example)", "@everyone", "`code`", "||spoiler||", "# heading"];

/// Plays until each of `names` has been told "<name>, your turn" at the start of a line on the
/// board, and mentioned by a ping, checking every message after every move.
fn until_everyone_moved(t: &Table, names: &[&str]) {
    let mut waiting: Vec<&str> = names.to_vec();
    for _ in 0..300 {
        let board = t.live_board().expect("the game goes on");
        let text = shown(&board.content);
        waiting.retain(|name| !text.lines().any(|l| l.starts_with(&format!("{name}, your turn"))));
        if waiting.is_empty() {
            return;
        }
        assert!(t.step(&|_| true));
        assert_plain(t);
    }
    panic!("{waiting:?} never had a turn\n{}", t.report());
}

#[test]
fn hostile_names_and_echoed_words_reach_discord_escaped() {
    let users: Vec<(u64, &str)> = (201..).zip(HOSTILE).collect();
    let t = table::start_with(discord::Limits::DISCORD, &users);
    // Words echoed from a command: an unknown game and a bad setting value.
    let echoed = "||x|| [y](https://evil.example) @here <@201> # z";
    let token = t.command(&t.users[0], "play", &[("game", echoed)]);
    let answer = t.emu.message(t.emu.interaction(&token).original.expect("an answer"));
    assert!(shown(&answer.content).contains(echoed), "{}", answer.content);
    t.command(&t.users[1], "play", &[("game", "aeroplane"), ("centre", "**z** `q`")]);
    assert_plain(&t);

    // Four hostile players in the lobby, then on the board and in the pings.
    let four: Vec<&TestUser> = t.users[..4].iter().collect();
    t.open("aeroplane", &[], &four);
    let lobby = t.public().into_iter().find(|m| shown(&m.content).contains("New game")).unwrap();
    let players = shown(&lobby.content);
    for name in &HOSTILE[..4] {
        assert!(players.contains(&format!(" {name}")), "{name} in {}", lobby.content);
    }
    assert_plain(&t);
    until_everyone_moved(&t, &HOSTILE[..4]);
    t.command(&t.users[0], "cancel", &[]);

    // Two more for a game of two: `||spoiler||` and `# heading` open their turn prompts.
    let two: Vec<&TestUser> = t.users[4..6].iter().collect();
    t.open("tank-battle", &[], &two);
    until_everyone_moved(&t, &HOSTILE[4..]);
    t.settle(Duration::from_millis(300));
    assert_plain(&t);
    assert!(t.pings().len() <= 1, "{:?}", t.pings());
    t.assert_clean(Duration::from_secs(1));
}
