//! Playing through the emulator as people do: open a lobby, join, start, and press the newest
//! keyboard of whoever the board names.

use super::{Emulator, STEP, Sent, State, TestUser, png_size};

/// The player a board message names ("Alice, your turn: …").
pub fn to_move<'a>(board: &Sent, players: &'a [TestUser]) -> Option<&'a TestUser> {
    let text = board.plain();
    players.iter().find(|p| text.contains(&format!("{}, your turn", p.name)))
}

/// The newest board message with a keyboard for a player's turn.
pub fn current_board(emulator: &Emulator, chat: i64) -> Option<Sent> {
    emulator.with(|s| board_in(s, chat))
}

fn board_in(state: &State, chat: i64) -> Option<Sent> {
    state.latest(chat, |m| !m.tokens().is_empty() && m.plain().contains("your turn"))
}

/// Presses `data` on `message` as `user` and waits for the answer and, for an accepted press,
/// the bot's reaction (its first message or edit, then silence).
pub fn press(emulator: &Emulator, user: &TestUser, message: &Sent, data: &str) -> super::Answer {
    let before = emulator.version();
    let query = emulator.press(user, message, data);
    let answer = emulator.answer(&query);
    if !answer.alert {
        // The press and the answer bump the version once each; the reaction comes after the
        // board is drawn, which may take longer than any quiet time.
        emulator.wait("the bot's reaction", STEP, |s| (s.version > before + 2).then_some(()));
    }
    emulator.settle();
    answer
}

/// `/play <game>` by the first player, the others join, the first starts. Returns the first
/// board message.
pub fn start_game(emulator: &Emulator, chat: i64, players: &[TestUser], game: &str) -> Sent {
    open_and_start(emulator, chat, players, game);
    emulator.wait("the first board", STEP, |s| board_in(s, chat))
}

/// `/play <game>` by the first player, the others join, the first presses Start.
pub fn open_and_start(emulator: &Emulator, chat: i64, players: &[TestUser], game: &str) {
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
}

/// Makes one move: the named player presses the first button of the newest board. Returns
/// the board pressed.
pub fn step(emulator: &Emulator, chat: i64, players: &[TestUser]) -> Sent {
    let board = current_board(emulator, chat).expect("a board with a keyboard");
    let player = to_move(&board, players).unwrap_or_else(|| {
        panic!("nobody named in {:?}\n{}", board.plain(), emulator.transcript())
    });
    let photo = board.photo.as_deref().expect("the board is a photo");
    let (w, h) = png_size(photo);
    assert!(w >= 100 && h >= 100, "a tiny board: {w}×{h}");
    let (_, data) = board.tokens()[0].clone();
    let answer = press(emulator, player, &board, &data);
    assert!(!answer.alert, "a legal move was refused: {answer:?}\n{}", emulator.transcript());
    board
}

/// Whether the game in `chat` is over (the final ranking was posted).
pub fn finished(emulator: &Emulator, chat: i64) -> Option<Sent> {
    emulator.latest(chat, |m| m.plain().contains("Game over"))
}
