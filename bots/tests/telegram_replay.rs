//! Replays through the Telegram emulator (issue 41): the final board's Replay button, pressed
//! by someone who did not play, brings the game as an animation (`sendAnimation`, a GIF with
//! the caption) into the group; `/history` offers a Replay button per game; `/replay` asked
//! again at once is answered, not drawn twice; the menu lists `/replay`.

mod support;

use support::play::start_game;
use support::{Emulator, STEP, TestUser, spawn_bot};

/// The frames of a GIF, counted from its image separators after a walk over its blocks (the
/// format's own structure, not a search for a byte that pixel data may hold too).
fn gif_frames(gif: &[u8]) -> usize {
    assert!(gif.starts_with(b"GIF89a"), "a GIF");
    let packed = gif[10];
    let mut at = 13 + if packed & 0x80 != 0 { 3 * (2usize << (packed & 7)) } else { 0 };
    let skip_blocks = |at: &mut usize| {
        while gif[*at] != 0 {
            *at += usize::from(gif[*at]) + 1;
        }
        *at += 1;
    };
    let mut frames = 0;
    loop {
        match gif[at] {
            0x3B => return frames,
            0x21 => {
                at += 2;
                skip_blocks(&mut at);
            }
            0x2C => {
                let flags = gif[at + 9];
                at += 10 + if flags & 0x80 != 0 { 3 * (2usize << (flags & 7)) } else { 0 };
                at += 1; // the LZW code size
                skip_blocks(&mut at);
                frames += 1;
            }
            other => panic!("block 0x{other:02X} at {at}"),
        }
    }
}

#[test]
fn the_final_boards_replay_arrives_as_an_animation() {
    let dir = tempfile::tempdir().unwrap();
    let emulator = Emulator::start();
    let chat = -100_961;
    emulator.group(chat, "Friends", false);
    let (alice, bob, carol) =
        (TestUser::new(4301, "Alice"), TestUser::new(4302, "Bob"), TestUser::new(4303, "Carol"));
    for user in [&alice, &bob, &carol] {
        emulator.user(user);
    }
    let _bot = spawn_bot(&emulator, &dir.path().join("data"));
    emulator.with(|s| assert!(s.menu(chat, "en").contains(&"replay".to_string())));

    start_game(&emulator, chat, &[alice.clone(), bob.clone()], "aeroplane");
    emulator.say(chat, None, &bob, "/resign");
    let end = emulator.wait("the final board", STEP, |s| {
        s.latest(chat, |m| m.photo.is_some() && m.plain().contains("Game over"))
    });
    let replay = end.key("Replay").and_then(|k| k.data.clone()).expect("a Replay button");

    let query = emulator.press(&carol, &end, &replay);
    assert_eq!(emulator.answer(&query).text, "The replay is on its way.");
    let sent = emulator.wait("the replay", STEP, |s| s.latest(chat, |m| m.animation.is_some()));
    let gif = sent.animation.clone().unwrap();
    assert!(gif.len() <= 2 * 1024 * 1024, "{} bytes", gif.len());
    // The opening board, Bob's resignation: two pictures (the end is the last move's).
    assert_eq!(gif_frames(&gif), 2);
    let caption = sent.plain();
    assert!(caption.starts_with("🎬 Aeroplane Chess · 1. Alice · 2. Bob"), "{caption}");
    assert!(sent.keyboard.is_empty());
    assert_eq!(emulator.calls("sendanimation"), 1);

    // Asked again at once: answered, not drawn again.
    let mark = emulator.with(|s| s.next_message);
    emulator.say(chat, None, &alice, "/replay");
    emulator.expect(chat, mark, "a moment ago");
    let mark = emulator.with(|s| s.next_message);
    emulator.say(chat, None, &alice, "/history");
    let history = emulator.expect(chat, mark, "The last games");
    assert!(history.plain().contains("1. "), "{}", history.plain());
    assert!(history.key("▶ 1").and_then(|k| k.data.as_ref()).is_some(), "{history:?}");
    emulator.settle();
    assert_eq!(emulator.calls("sendanimation"), 1);
    assert_eq!(emulator.limited(), 0, "no 429s");
}
