//! Replays through the Discord emulator (issue 41): `/replay` is registered with an integer
//! option (type 4, 1–10); the final board's Replay button, pressed by someone who did not
//! play, brings the game into the channel as a `replay.gif` attachment with its caption, and
//! `/replay n:1` asked again at once is answered, not drawn twice.

#[path = "support/discord/mod.rs"]
mod discord;

use discord::STEP;
use discord::table::{self, button, shown};

#[test]
fn the_final_boards_replay_arrives_as_a_gif_attachment() {
    let t = table::start();
    let (ann, boris, chen) = (t.users[0].clone(), t.users[1].clone(), t.users[2].clone());
    t.emu.with(|s| {
        let replay = s.commands.iter().find(|c| c["name"] == "replay").cloned().unwrap();
        let n = &replay["options"][0];
        assert_eq!((n["name"].as_str(), n["type"].as_u64()), (Some("n"), Some(4)), "{replay}");
        assert_eq!((n["min_value"].as_u64(), n["max_value"].as_u64()), (Some(1), Some(10)));
    });

    t.open("aeroplane", &[], &[&ann, &boris]);
    t.command(&boris, "resign", &[]);
    t.wait_until("the final board", |t| {
        t.public()
            .iter()
            .any(|m| m.attachments.len() == 1 && shown(&m.content).contains("Game over"))
    });
    let end =
        t.public().into_iter().rev().find(|m| shown(&m.content).contains("Game over")).unwrap();
    let replay = button(&end, "Replay").expect("a Replay button on the final board");
    t.emu.press(&chen, &end, &replay);
    let sent = t.emu.wait("the replay", STEP, |s| {
        let seen = s.visible(t.channel, None);
        seen.into_iter().find(|m| m.attachments.iter().any(|a| a.filename == "replay.gif")).cloned()
    });
    let gif = &sent.attachments[0].bytes;
    assert!(gif.starts_with(b"GIF89a") && gif.ends_with(&[0x3B]), "a whole GIF");
    assert!(gif.len() <= 2 * 1024 * 1024, "{} bytes", gif.len());
    let caption = shown(&sent.content);
    assert!(caption.starts_with("🎬 Aeroplane Chess · 1. Ann · 2. Boris"), "{caption}");
    assert!(sent.buttons().is_empty());

    t.command(&ann, "replay", &[("n", "1")]);
    t.emu.wait("the answer to /replay", STEP, |s| {
        let seen = s.visible(t.channel, Some(ann.id));
        seen.into_iter().find(|m| shown(&m.content).contains("a moment ago")).cloned()
    });
    let replays = t.emu.with(|s| {
        let seen = s.visible(t.channel, None);
        seen.iter().filter(|m| m.attachments.iter().any(|a| a.filename == "replay.gif")).count()
    });
    assert_eq!(replays, 1, "drawn once");
}
