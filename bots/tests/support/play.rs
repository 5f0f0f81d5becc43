//! Playing through the emulator as people do: open a lobby, join, start, and press the live
//! board's keyboard as the player it names — as fast as the bot lets them: a press, its
//! answer, then the board showing the move.
//!
//! The message model: the group holds one live board (a photo with the keyboard, edited in
//! place as the game goes on) and at most one ping ("🔔 Alice: your move…"), sent anew when the
//! turn passes (the old one is deleted).

use std::time::{Duration, Instant};

use super::{Answer, Emulator, STEP, Sent, State, TestUser, png_size};

/// The text of a press the engine answers by showing the live board again.
pub const REFRESHED: &str = "The board was behind";

/// The player a board message names ("Alice, your turn: …").
pub fn to_move<'a>(board: &Sent, players: &'a [TestUser]) -> Option<&'a TestUser> {
    let text = board.plain();
    players.iter().find(|p| text.contains(&format!("{}, your turn", p.name)))
}

/// The group's live board: the newest bot message there with callback buttons.
pub fn live_board(emulator: &Emulator, chat: i64) -> Option<Sent> {
    emulator.with(|s| live_in(s, chat))
}

fn live_in(state: &State, chat: i64) -> Option<Sent> {
    state.latest(chat, |m| !m.tokens().is_empty())
}

/// The newest board message with a keyboard for a player's turn.
pub fn current_board(emulator: &Emulator, chat: i64) -> Option<Sent> {
    emulator.with(|s| board_in(s, chat))
}

pub fn board_in(state: &State, chat: i64) -> Option<Sent> {
    state.latest(chat, |m| !m.tokens().is_empty() && m.plain().contains("your turn"))
}

/// The bot's pings in `chat` still standing.
pub fn pings(emulator: &Emulator, chat: i64) -> Vec<Sent> {
    emulator.with(|s| {
        s.messages
            .iter()
            .filter(|m| m.chat == chat && m.from.is_none() && m.plain().starts_with("🔔"))
            .cloned()
            .collect()
    })
}

/// Whether `now` shows something else than `seen` (another message, or an edit of it).
pub fn changed(seen: &Sent, now: &Sent) -> bool {
    (now.id, now.edits) != (seen.id, seen.edits)
}

/// Waits until the message `seen` (chat and id) has been edited since, or is gone; returns
/// it as it is now (`None` when deleted).
pub fn wait_edit(emulator: &Emulator, seen: &Sent) -> Option<Sent> {
    emulator.wait(&format!("an edit of message {}", seen.id), STEP, |s| {
        match s.messages.iter().find(|m| m.chat == seen.chat && m.id == seen.id) {
            Some(m) if m.edits != seen.edits => Some(Some(m.clone())),
            Some(_) => None,
            None => Some(None),
        }
    })
}

/// Presses `data` on `message` as `user` and waits for the answer.
pub fn press(emulator: &Emulator, user: &TestUser, message: &Sent, data: &str) -> Answer {
    let query = emulator.press(user, message, data);
    emulator.answer(&query)
}

/// `/play <game>` by the first player, the others join, the first starts. Returns the first
/// board message.
pub fn start_game(emulator: &Emulator, chat: i64, players: &[TestUser], game: &str) -> Sent {
    open_and_start(emulator, chat, players, game);
    emulator.wait("the first board", STEP, |s| board_in(s, chat))
}

/// `/play <game>` by the first player, the others join, the first presses Start. Returns the
/// lobby message.
pub fn open_and_start(emulator: &Emulator, chat: i64, players: &[TestUser], game: &str) -> Sent {
    let mark = emulator.with(|s| s.next_message);
    emulator.say(chat, None, &players[0], &format!("/play {game}"));
    let mut lobby = emulator.expect(chat, mark, "New game");
    for player in &players[1..] {
        let join = lobby.key("Join").and_then(|k| k.data.clone()).expect("a Join button");
        let answer = press(emulator, player, &lobby, &join);
        assert!(!answer.alert, "joining was refused: {answer:?}");
        lobby = emulator.wait("the lobby with the new player", STEP, |s| {
            s.messages
                .iter()
                .find(|m| {
                    m.chat == lobby.chat && m.id == lobby.id && m.plain().contains(&player.name)
                })
                .cloned()
        });
    }
    let start = lobby.key("Start").and_then(|k| k.data.clone()).expect("a Start button");
    let answer = press(emulator, &players[0], &lobby, &start);
    assert!(!answer.alert, "starting was refused: {answer:?}");
    lobby
}

/// The press a player would make now: the live board, the player it names for its first
/// button, and that button's data.
pub fn next_press(
    emulator: &Emulator,
    chat: i64,
    players: &[TestUser],
) -> (Sent, TestUser, String) {
    let board = current_board(emulator, chat).expect("a board with a keyboard");
    let photo = board.photo.as_deref().expect("the board is a photo");
    let (w, h) = png_size(photo);
    assert!(w >= 100 && h >= 100, "a tiny board: {w}×{h}");
    let tokens = board.tokens();
    let (_, data) = tokens[0].clone();
    // The button's own block names who presses it (two commanders may share a board).
    let all: Vec<&str> = tokens.iter().map(|(_, t)| t.as_str()).collect();
    let named =
        super::turns::presser(&board.plain(), &all, &data, players.iter().map(|p| p.name.as_str()));
    let player = named
        .and_then(|name| players.iter().find(|p| p.name == name))
        .or_else(|| to_move(&board, players))
        .unwrap_or_else(|| panic!("nobody named in {:?}\n{}", board.plain(), emulator.transcript()))
        .clone();
    (board, player, data)
}

/// Makes one move: the named player presses the first button of the live board, and the
/// board is waited for until it shows the move (or, when the press found it behind, until it
/// is brought up to date). Returns the board pressed and the answer.
pub fn step(emulator: &Emulator, chat: i64, players: &[TestUser]) -> (Sent, Answer) {
    let (board, player, data) = next_press(emulator, chat, players);
    let answer = press(emulator, &player, &board, &data);
    assert!(!answer.alert, "a legal move was refused: {answer:?}\n{}", emulator.transcript());
    wait_edit(emulator, &board);
    (board, answer)
}

/// Waits until the standing ping names the player the live board names. Players who pause get
/// it; while they press at once, each of the group's calls brings the board, and the ping waits.
pub fn wait_for_the_ping(emulator: &Emulator, chat: i64, players: &[TestUser]) -> Sent {
    emulator.wait("the ping of the turn", STEP, |s| {
        let mover = to_move(&board_in(s, chat)?, players)?;
        s.latest(chat, |m| m.plain().starts_with("🔔") && m.plain().contains(&mover.name))
    })
}

/// Whether the game in `chat` is over (the board shows the final ranking).
pub fn finished(emulator: &Emulator, chat: i64) -> Option<Sent> {
    emulator.latest(chat, |m| m.photo.is_some() && m.plain().contains("Game over"))
}

/// What playing a game through the emulator took.
#[derive(Debug, Default)]
pub struct Played {
    pub presses: usize,
    /// Presses answered "the board was behind" (the board was healed, no move made).
    pub healed: usize,
    pub took: Duration,
    /// How long each press took to show on the board (press → the board's edit seen).
    pub delays: Vec<Duration>,
}

/// Presses the live board as the named players until the game is over, or until `enough`
/// says to stop. Returns what it took.
pub fn play(
    emulator: &Emulator,
    chat: i64,
    players: &[TestUser],
    mut enough: impl FnMut(&Emulator, usize) -> bool,
) -> Played {
    let started = Instant::now();
    let mut played = Played::default();
    while finished(emulator, chat).is_none() && !enough(emulator, played.presses) {
        let pressed = Instant::now();
        let (_, answer) = step(emulator, chat, players);
        played.delays.push(pressed.elapsed());
        played.presses += 1;
        played.healed += usize::from(answer.text.starts_with(REFRESHED));
    }
    played.took = started.elapsed();
    played
}

/// The newest private message to `user` with a button labelled `label`.
pub fn private_keyboard(emulator: &Emulator, user: &TestUser, label: &str) -> Sent {
    emulator.wait(&format!("{}'s keyboard with {label}", user.name), STEP, |s| {
        s.latest(user.id, |m| m.key(label).is_some_and(|k| k.data.is_some()))
    })
}

/// The «Идут танки» set-up in `user`'s private chat: Random set-up, then Ready once the
/// prompt offers it.
pub fn set_up(emulator: &Emulator, user: &TestUser) {
    let prompt = private_keyboard(emulator, user, "Random set-up");
    let data = prompt.key("Random set-up").and_then(|k| k.data.clone()).unwrap();
    let answer = press(emulator, user, &prompt, &data);
    assert!(!answer.alert, "{} pressing Random set-up: {answer:?}", user.name);
    let prompt = private_keyboard(emulator, user, "Ready");
    let data = prompt.key("Ready").and_then(|k| k.data.clone()).unwrap();
    let answer = press(emulator, user, &prompt, &data);
    assert!(!answer.alert, "{} pressing Ready: {answer:?}", user.name);
}
