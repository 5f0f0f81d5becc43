//! The real `igroteka` binary against the fake Discord: whole games, refusals, a restart,
//! private views through ephemeral replies and DMs (including closed DMs, 50007), and hostile
//! player names that must reach Discord escaped.

#[path = "support/discord/mod.rs"]
mod discord;

use std::time::{Duration, Instant};

use discord::{BotProcess, Emulator, Msg, STEP, TestUser, png_size, spawn_bot};

struct Table {
    emu: Emulator,
    _dir: tempfile::TempDir,
    data: std::path::PathBuf,
    bot: BotProcess,
    channel: u64,
    users: Vec<TestUser>,
}

fn start() -> Table {
    start_with(&[(101, "Ann"), (102, "Boris"), (103, "Chen"), (104, "Dora")])
}

fn start_with(users: &[(u64, &str)]) -> Table {
    let emu = Emulator::start();
    let users: Vec<TestUser> = users.iter().map(|(id, name)| TestUser::new(*id, name)).collect();
    for u in &users {
        emu.user(u);
    }
    let channel = emu.channel("games");
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let bot = spawn_bot(&emu, &data);
    wait_ready(&emu, &bot);
    Table { emu, _dir: dir, data, bot, channel, users }
}

fn wait_ready(emu: &Emulator, bot: &BotProcess) {
    let start = Instant::now();
    while emu.with(|s| s.registrations) == 0 {
        assert!(start.elapsed() < STEP, "the bot did not start:\n{}", bot.stderr());
        std::thread::sleep(Duration::from_millis(20));
    }
    emu.wait_ready(STEP);
}

/// What changes when the bot writes to the channel: the newest message and the edit count.
fn version(emu: &Emulator, channel: u64) -> (u64, u32, usize) {
    emu.with(|s| {
        let msgs = s.visible(channel, None);
        let newest = msgs.last().map(|m| m.id).unwrap_or(0);
        let edits = msgs.iter().map(|m| m.edits).sum();
        (newest, edits, s.messages.len())
    })
}

/// Waits for the bot to answer `token` and to change the channel (or to add any message).
fn after(emu: &Emulator, token: &str, before: (u64, u32, usize), channel: u64) {
    emu.wait("the bot's answer", STEP, |s| s.interactions.get(token).and_then(|i| i.response));
    emu.wait("the bot to change something", STEP, |s| {
        let now = {
            let msgs = s.visible(channel, None);
            (
                msgs.last().map(|m| m.id).unwrap_or(0),
                msgs.iter().map(|m| m.edits).sum::<u32>(),
                s.messages.len(),
            )
        };
        // A deferred response is a new message too: wait until it is filled (or removed).
        let original = s.interactions.get(token).and_then(|i| i.original);
        let filled = original.is_none_or(|id| !s.messages[&id].loading || s.messages[&id].deleted);
        (now != before && filled).then_some(())
    });
    // Let the rest of this interaction's calls land.
    let mut calls = emu.with(|s| s.calls.len());
    loop {
        std::thread::sleep(Duration::from_millis(15));
        let now = emu.with(|s| s.calls.len());
        if now == calls {
            return;
        }
        calls = now;
    }
}

fn command(t: &Table, user: usize, name: &str, options: &[(&str, &str)]) -> String {
    let before = version(&t.emu, t.channel);
    let token = t.emu.command(&t.users[user], t.channel, name, options);
    after(&t.emu, &token, before, t.channel);
    token
}

fn press(t: &Table, user: &TestUser, message: &Msg, custom_id: &str) -> String {
    let before = version(&t.emu, t.channel);
    let token = t.emu.press(user, message, custom_id);
    after(&t.emu, &token, before, t.channel);
    token
}

/// The newest public message with core buttons (the lobby, before the game starts).
fn lobby(t: &Table) -> Option<Msg> {
    t.emu.latest(t.channel, None, |m| m.buttons().iter().any(|(_, id)| id.starts_with('t')))
}

/// The newest board (a message with a picture), if it still has buttons: `None` once the
/// game is over.
fn board(t: &Table) -> Option<Msg> {
    t.emu
        .latest(t.channel, None, |m| !m.attachments.is_empty())
        .filter(|m| m.buttons().iter().any(|(_, id)| id.starts_with('t')))
}

/// The users a message mentions, in order.
fn mentioned(m: &Msg) -> Vec<u64> {
    m.content.split("<@").skip(1).filter_map(|rest| rest.split('>').next()?.parse().ok()).collect()
}

/// `/play` by Ann, Boris and Chen join, Ann starts: the first board message.
fn three_player_game(t: &Table) -> Msg {
    command(t, 0, "play", &[("game", "aeroplane"), ("centre", "bounce")]);
    let lobby = lobby(t).expect("a lobby message");
    assert!(lobby.content.contains("Aeroplane"), "{}", lobby.content);
    let id = |label: &str, m: &Msg| m.buttons().into_iter().find(|(l, _)| l == label).unwrap().1;
    for u in 1..3 {
        let lobby = t.emu.message(lobby.id);
        press(t, &t.users[u], &lobby, &id("Join", &lobby));
    }
    let lobby = t.emu.message(lobby.id);
    assert!(lobby.content.contains("Boris") && lobby.content.contains("Chen"), "{}", lobby.content);
    press(t, &t.users[0], &lobby, &id("Start", &lobby));
    board(t).expect("a board after the start")
}

/// One move: the player the newest board names presses its first option. `false` when no
/// board has buttons any more.
fn step(t: &Table) -> bool {
    let Some(board) = board(t) else { return false };
    let who = mentioned(&board);
    let player =
        who.first().and_then(|id| t.users.iter().find(|u| u.id == *id)).expect("a named player");
    let (_, custom_id) = board
        .buttons()
        .into_iter()
        .find(|(_, id)| {
            id.starts_with('t') && id.rsplit(':').next().is_some_and(|op| op.starts_with('c'))
        })
        .expect("an option button");
    press(t, player, &board, &custom_id);
    true
}

fn assert_clean(t: &Table) {
    let (late, problems) = t.emu.with(|s| (s.late.clone(), s.problems.clone()));
    assert!(late.is_empty(), "responses later than 3 s: {late:?}");
    assert!(problems.is_empty(), "{problems:?}\n{}", t.bot.stderr());
    assert!(!t.bot.stderr().contains(discord::TOKEN), "the token was logged");
}

#[test]
fn three_users_play_a_whole_aeroplane_chess_game() {
    let t = start();
    let first = three_player_game(&t);
    let png = &first.attachments.first().expect("the board picture").bytes;
    assert_eq!(png_size(png), (900, 1000));
    let started = Instant::now();
    let mut moves = 0;
    while step(&t) {
        moves += 1;
        assert!(
            moves < 2000 && started.elapsed() < Duration::from_secs(150),
            "the game did not end\n{}",
            t.emu.transcript()
        );
    }
    let last = t
        .emu
        .latest(t.channel, None, |m| m.content.contains("Game over"))
        .expect("the final ranking");
    for name in ["Ann", "Boris", "Chen"] {
        assert!(last.content.contains(name), "{}", last.content);
    }
    assert!(png_size(&last.attachments[0].bytes).0 == 900);
    let edited = t
        .emu
        .visible(t.channel, None)
        .iter()
        .filter(|m| m.edits > 0 && !m.attachments.is_empty())
        .count();
    assert!(edited > 0, "boards are edited in place");
    eprintln!("a whole game: {moves} presses in {:?}", started.elapsed());
    assert_clean(&t);
}

#[test]
fn refusals_non_player_wrong_player_stale_forged_and_racing_presses() {
    let t = start();
    let board0 = three_player_game(&t);
    let to_move = mentioned(&board0)[0];
    let mover = t.users.iter().find(|u| u.id == to_move).unwrap().clone();
    let other = t.users[..3].iter().find(|u| u.id != to_move).unwrap().clone();
    let option = |m: &Msg| m.buttons().into_iter().find(|(_, id)| id.ends_with(":c0")).unwrap().1;
    let alert_for = |user: &TestUser, token: &str| {
        let interaction = t.emu.interaction(token).id;
        t.emu.with(|s| {
            s.messages
                .values()
                .find(|m| m.interaction == Some(interaction) && m.ephemeral_for == Some(user.id))
                .cloned()
        })
    };
    // Dora is not playing.
    let token = press(&t, &t.users[3], &board0, &option(&board0));
    let alert = alert_for(&t.users[3], &token).expect("an ephemeral refusal");
    assert!(alert.content.contains("not playing"), "{}", alert.content);
    // Not the mover's turn.
    let token = press(&t, &other, &board0, &option(&board0));
    assert!(alert_for(&other, &token).unwrap().content.contains("not your turn"));
    // Forged custom ids.
    for forged in ["t999999:0.0:c0", "nonsense", "t1:0.0:zz"] {
        let token = press(&t, &mover, &board0, forged);
        let alert = alert_for(&mover, &token).expect("a refusal");
        assert!(
            alert.content.contains("not one I recognise")
                || alert.content.contains("out of date")
                || alert.content.contains("no longer"),
            "{forged}: {}",
            alert.content
        );
    }
    // Twenty racing presses of one button: exactly one applies.
    let board1 = board(&t).unwrap();
    let custom = option(&board1);
    let before = version(&t.emu, t.channel);
    let tokens: Vec<String> = (0..20).map(|_| t.emu.press(&mover, &board1, &custom)).collect();
    for token in &tokens {
        t.emu.wait("an answer", STEP, |s| s.interactions.get(token).and_then(|i| i.response));
    }
    after(&t.emu, &tokens[19], before, t.channel);
    std::thread::sleep(Duration::from_millis(300));
    let refused = tokens.iter().filter(|tok| alert_for(&mover, tok).is_some()).count();
    assert_eq!(refused, 19, "exactly one of 20 racing presses applies\n{}", t.emu.transcript());
    // The winning press made the old button stale.
    let token = press(&t, &mover, &board1, &custom);
    assert!(alert_for(&mover, &token).expect("stale").content.contains("out of date"));
    assert_clean(&t);
}

#[test]
fn a_restart_mid_game_continues_on_the_same_data_folder() {
    let mut t = start();
    three_player_game(&t);
    for _ in 0..4 {
        assert!(step(&t));
    }
    let before = board(&t).unwrap();
    t.bot.kill();
    t.bot = spawn_bot(&t.emu, &t.data);
    wait_ready(&t.emu, &t.bot);
    // The board from before the restart still works.
    let who = mentioned(&before)[0];
    let player = t.users.iter().find(|u| u.id == who).unwrap().clone();
    let (_, id) = before.buttons().into_iter().find(|(_, id)| id.contains(":c")).unwrap();
    let token = press(&t, &player, &before, &id);
    let refusal = t.emu.with(|s| {
        let i = s.interactions[&token].id;
        s.messages.values().any(|m| m.interaction == Some(i) && m.ephemeral_for.is_some())
    });
    assert!(!refusal, "the press after the restart was refused\n{}", t.emu.transcript());
    for _ in 0..4 {
        assert!(step(&t));
    }
    assert_clean(&t);
}

/// Private views through `/board`: ephemeral (the main way), in DMs, with DMs closed (50007 →
/// ephemeral), and in the DM channel itself. (The secret set-up is the «Идут танки» test below.)
#[test]
fn private_views_through_ephemeral_replies_dms_and_closed_dms() {
    let t = start();
    three_player_game(&t);
    let (ann, boris, chen) = (t.users[0].clone(), t.users[1].clone(), t.users[2].clone());
    t.emu.close_dms(&chen);
    let mine = |user: &TestUser, token: &str| {
        let i = t.emu.interaction(token).id;
        t.emu.with(|s| {
            s.messages
                .values()
                .filter(|m| {
                    m.interaction == Some(i) && m.ephemeral_for == Some(user.id) && !m.deleted
                })
                .cloned()
                .collect::<Vec<_>>()
        })
    };
    // Ephemeral: only Ann sees her board.
    let token = command(&t, 0, "board", &[("show", "me")]);
    let seen = mine(&ann, &token);
    assert!(seen.iter().any(|m| m.attachments.len() == 1 && !m.loading), "{}", t.emu.transcript());
    assert_eq!(png_size(&seen[0].attachments[0].bytes).0, 900);
    // DMs: Boris gets his board in a DM channel.
    command(&t, 1, "board", &[("show", "dm")]);
    let dm = t.emu.wait("Boris's DM channel", STEP, |s| s.dm_channel_of(boris.id));
    let in_dm = t.emu.wait("a DM", STEP, |s| s.visible(dm, None).first().map(|m| (*m).clone()));
    assert_eq!(in_dm.attachments.len(), 1);
    // Closed DMs: Chen's falls back to an ephemeral reply.
    let token = command(&t, 2, "board", &[("show", "dm")]);
    let seen = mine(&chen, &token);
    assert!(seen.iter().any(|m| m.attachments.len() == 1), "{}", t.emu.transcript());
    assert!(
        t.emu.with(|s| s.dm_channel_of(chen.id).is_some_and(|c| s.visible(c, None).is_empty()))
    );
    // In the DM channel itself, /board answers there.
    let dm_ann = t.emu.dm(&ann);
    let token = t.emu.command(&ann, dm_ann, "board", &[]);
    t.emu.wait("Ann's board in her DMs", STEP, |s| {
        let i = s.interactions[&token].id;
        s.messages
            .values()
            .find(|m| {
                m.channel == dm_ann
                    && m.interaction == Some(i)
                    && !m.loading
                    && !m.attachments.is_empty()
            })
            .map(|_| ())
    });
    assert_clean(&t);
}

#[test]
fn slash_commands_are_registered_for_the_guild() {
    let t = start();
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
        "help",
    ] {
        assert!(names.iter().any(|n| n == name), "{name} in {names:?}");
    }
    let token = command(&t, 0, "help", &[]);
    let original = t.emu.interaction(&token).original.unwrap();
    assert!(t.emu.message(original).content.contains("/play"));
    assert_clean(&t);
}

/// The newest message `user` alone sees in the channel (ephemeral) with a button labelled
/// `label`.
fn own_button(t: &Table, user: &TestUser, label: &str) -> (Msg, String) {
    t.emu.wait(&format!("{}'s ephemeral {label}", user.name), STEP, |s| {
        s.visible(t.channel, Some(user.id))
            .into_iter()
            .rev()
            .filter(|m| m.ephemeral_for == Some(user.id))
            .find_map(|m| {
                let id = m.buttons().into_iter().find(|(l, _)| l.contains(label))?.1;
                Some(((*m).clone(), id))
            })
    })
}

/// Random set-up, then Ready, through `user`'s ephemeral set-up message.
fn set_up(t: &Table, user: &TestUser) {
    for label in ["Random set-up", "Ready"] {
        let (message, id) = own_button(t, user, label);
        press(t, user, &message, &id);
    }
}

#[test]
fn the_tanks_set_up_through_ephemeral_replies_and_a_closed_dm() {
    let t = start();
    let (ann, boris) = (t.users[0].clone(), t.users[1].clone());
    t.emu.close_dms(&boris);
    command(&t, 0, "play", &[("game", "tanks")]);
    let lobby = lobby(&t).expect("a lobby message");
    let id = |label: &str, m: &Msg| m.buttons().into_iter().find(|(l, _)| l == label).unwrap().1;
    press(&t, &boris, &lobby, &id("Join", &lobby));
    let lobby = t.emu.message(lobby.id);
    press(&t, &ann, &lobby, &id("Start", &lobby));

    // Ann started the game: her set-up comes as a reply only she sees, with her own board.
    let (mine, _) = own_button(&t, &ann, "Random set-up");
    assert_eq!(mine.attachments.len(), 1, "Ann's private board");
    // Boris is not the one interacting and his DMs are closed: the channel tells him to press
    // "My set-up".
    let note = t.emu.wait("the closed-DM note", STEP, |s| {
        s.visible(t.channel, None)
            .into_iter()
            .find(|m| {
                m.content.contains(&format!("<@{}>", boris.id)) && m.content.contains("My set-up")
            })
            .cloned()
    });
    set_up(&t, &ann);
    let (_, my_setup) =
        note.buttons().into_iter().find(|(l, _)| l.contains("My set-up")).expect("the button");
    press(&t, &boris, &note, &my_setup);
    set_up(&t, &boris);

    // Both ready: the first turn is Ann's, in the channel for everyone.
    let board = t.emu.wait("the first turn", STEP, |s| {
        s.visible(t.channel, None)
            .into_iter()
            .rev()
            .find(|m| !m.attachments.is_empty() && m.content.contains("your turn"))
            .cloned()
    });
    assert_eq!(mentioned(&board).first(), Some(&ann.id), "{}", board.content);
    for _ in 0..4 {
        assert!(step(&t));
    }
    // Nobody else ever saw a set-up keyboard.
    let public = t.emu.visible(t.channel, None);
    assert!(public.iter().all(|m| m.buttons().iter().all(|(l, _)| !l.contains("Random set-up"))));
    assert_clean(&t);
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

/// The text Discord shows for escaped `text`: escapes and zero-width spaces gone.
fn shown(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, chars.peek()) {
            ('\\', Some(n)) if n.is_ascii_punctuation() => {
                out.push(*n);
                chars.next();
            }
            ('\u{200B}', _) => {}
            _ => out.push(c),
        }
    }
    out
}

/// Every message the bot has sent so far renders as plain text, pings only the players its
/// mentions line names, and (if it names `names`) shows them exactly as typed.
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

/// Plays in the channel until each of `names` has been told "<name>, your turn" at the start
/// of a line, checking every message after every move.
fn until_everyone_moved(t: &Table, names: &[&str]) {
    let mut waiting: Vec<&str> = names.to_vec();
    for _ in 0..300 {
        let board = board(t).expect("the game goes on");
        let text = shown(split_mentions(&board.content).1);
        waiting.retain(|name| !text.lines().any(|l| l.starts_with(&format!("{name}, your turn"))));
        if waiting.is_empty() {
            return;
        }
        assert!(step(t));
        assert_plain(t);
    }
    panic!("{waiting:?} never had a turn\n{}", t.emu.transcript());
}

#[test]
fn hostile_names_and_echoed_words_reach_discord_escaped() {
    let users: Vec<(u64, &str)> = (201..).zip(HOSTILE).collect();
    let t = start_with(&users);
    let id = |label: &str, m: &Msg| m.buttons().into_iter().find(|(l, _)| l == label).unwrap().1;

    // Words echoed from a command: an unknown game and a bad setting value.
    let echoed = "||x|| [y](https://evil.example) @here <@201> # z";
    let token = command(&t, 0, "play", &[("game", echoed)]);
    let answer = t.emu.message(t.emu.interaction(&token).original.expect("an answer"));
    assert!(shown(&answer.content).contains(echoed), "{}", answer.content);
    command(&t, 1, "play", &[("game", "aeroplane"), ("centre", "**z** `q`")]);
    assert_plain(&t);

    // Four hostile players in the lobby, then on the boards and in the turn prompts.
    command(&t, 0, "play", &[("game", "aeroplane")]);
    for u in 1..4 {
        let lobby = lobby(&t).expect("the lobby");
        press(&t, &t.users[u], &lobby, &id("Join", &lobby));
    }
    let full = lobby(&t).unwrap();
    let players = shown(&full.content);
    for name in &HOSTILE[..4] {
        assert!(players.contains(&format!(" {name}")), "{name} in {}", full.content);
    }
    assert_plain(&t);
    press(&t, &t.users[0], &full, &id("Start", &full));
    until_everyone_moved(&t, &HOSTILE[..4]);
    command(&t, 0, "cancel", &[]);

    // Two more for a game of two: `||spoiler||` and `# heading` open their turn prompts.
    command(&t, 4, "play", &[("game", "tank-battle")]);
    let second = lobby(&t).expect("the second lobby");
    press(&t, &t.users[5], &second, &id("Join", &second));
    let second = t.emu.message(second.id);
    press(&t, &t.users[4], &second, &id("Start", &second));
    until_everyone_moved(&t, &HOSTILE[4..]);
    assert_plain(&t);
    assert_clean(&t);
}
