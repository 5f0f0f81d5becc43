//! Discord answering 429 to every kind of call the bot makes — message creates, edits and
//! deletes, interaction callbacks, follow-ups, an interaction's own messages, opening a DM
//! channel — and once globally: serenity's limiter waits `Retry-After` and tries again, the
//! interaction is still acknowledged in time, and nothing is lost.

#[path = "support/discord/mod.rs"]
mod discord;

use std::time::Duration;

use discord::limits::INJECTED_RETRY_AFTER;
use discord::table::{self, Table, tokens};
use discord::{Kind, Limits, STEP};

const KINDS: [Kind; 7] = [
    Kind::Create,
    Kind::Edit,
    Kind::Delete,
    Kind::Callback,
    Kind::Followup,
    Kind::WebhookMessage,
    Kind::DmOpen,
];

/// Every injected 429 was met, and each was followed by a call of its kind (any kind, for the
/// global one) no sooner than the wait it asked for.
fn assert_retried(t: &Table) {
    t.emu.with(|s| {
        assert!(s.inject.values().all(|n| *n == 0), "429s never met: {:?}", s.inject);
        assert_eq!(s.inject_global, 0, "the global 429 was never met");
        for throttled in s.throttled.iter().filter(|x| x.injected) {
            let retry = s.admitted.iter().find(|(kind, at)| {
                (throttled.global || *kind == throttled.kind) && *at > throttled.at
            });
            let (_, at) = retry.unwrap_or_else(|| panic!("{throttled:?} was never retried"));
            let waited = at.duration_since(throttled.at);
            assert!(waited >= INJECTED_RETRY_AFTER, "{throttled:?} retried after {waited:?}");
        }
    });
}

fn inject_every_kind(t: &Table) {
    t.emu.with(|s| {
        for kind in KINDS {
            s.inject_429(kind, 1);
        }
    });
}

#[test]
fn a_429_on_every_kind_of_call_is_waited_out_and_nothing_is_lost() {
    let mut t = table::start_with(Limits::DISCORD, &[(101, "Ann"), (102, "Boris")]);
    let (ann, boris) = (t.users[0].clone(), t.users[1].clone());
    inject_every_kind(&t);
    t.emu.with(|s| s.inject_global = 1);

    // A game: creates, edits, the deferred response deleted, acknowledgements.
    let table = t.open("aeroplane", &[("centre", "bounce")], &[&ann, &boris]);
    // Until a ping has been replaced (a delete).
    t.wait_until("moves until a ping is deleted", |t| {
        let deleted = t.emu.with(|s| s.messages.values().any(|m| m.deleted && table::is_ping(m)));
        deleted || !t.step(&|_| true)
    });
    // A refusal (a follow-up): Boris presses when it is not his turn, or Ann when it is his.
    let board = t.live_board().unwrap();
    let mover = t.to_move().unwrap();
    let other = if mover.id == ann.id { boris.clone() } else { ann.clone() };
    let option = tokens(&board).into_iter().find(|id| id.contains(":c")).unwrap();
    let (_, alert) = t.press_until(&other, &board, &option, |_| false);
    assert!(alert.expect("a refusal").content.contains("not your turn"));
    // Boris's board in his DMs (a DM channel opened), Ann's ephemerally (the deferred
    // response filled).
    t.command(&boris, "board", &[("show", "dm")]);
    let dm = t.emu.wait("Boris's DM channel", STEP, |s| s.dm_channel_of(boris.id));
    t.emu.wait("his board in it", STEP, |s| {
        s.visible(dm, None).into_iter().find(|m| !m.attachments.is_empty()).map(drop)
    });
    let token = t.command(&ann, "board", &[("show", "me")]);
    let original = t.emu.interaction(&token).original.unwrap();
    assert_eq!(t.emu.message(original).attachments.len(), 1, "{}", t.report());

    // Again, mid-game, on every kind, while moves go on.
    inject_every_kind(&t);
    t.emu.with(|s| s.inject_429(Kind::Edit, 2));
    for _ in 0..6 {
        assert!(t.step(&|_| true));
    }
    t.command(&boris, "board", &[("show", "dm")]);
    let alert_board = t.live_board().unwrap();
    let mover = t.to_move().unwrap();
    let other = if mover.id == ann.id { boris.clone() } else { ann.clone() };
    let option = tokens(&alert_board).into_iter().find(|id| id.contains(":c")).unwrap();
    let (_, alert) = t.press_until(&other, &alert_board, &option, |_| false);
    assert!(alert.is_some());
    // A ping deleted once more, and a fresh DM channel to open: a restart forgets it.
    t.wait_until("a second ping deleted", |t| {
        let deleted =
            t.emu.with(|s| s.messages.values().filter(|m| m.deleted && table::is_ping(m)).count());
        deleted >= 2 || !t.step(&|_| true)
    });
    t.settle(Duration::from_millis(5500));
    t.restart();
    t.emu.with(|s| s.inject_429(Kind::DmOpen, 1));
    t.command(&boris, "board", &[("show", "dm")]);
    // The DM waits out its 429 (and whatever the restart's own sends queue before it): wait
    // for it rather than for a fixed quiet spell.
    let boards_in_dm = |s: &discord::State| {
        s.visible(dm, None).into_iter().filter(|m| !m.attachments.is_empty()).count()
    };
    t.emu.wait("Boris's third board in his DMs", STEP, |s| (boards_in_dm(s) >= 3).then_some(()));
    t.settle(Duration::from_millis(2000));

    assert_retried(&t);
    let injected = t.emu.with(|s| s.throttled.iter().filter(|x| x.injected).count());
    // Twice every kind, the global one, two more edits, one more DM channel.
    assert_eq!(injected, 2 * KINDS.len() + 1 + 2 + 1, "every injected 429 was answered");
    // Every interaction acknowledged within Discord's 3 s despite the 429s.
    t.assert_clean(Duration::from_secs(3));
    eprintln!("{injected} injected 429s waited out; slowest acknowledgement {:?}", t.slowest_ack());
    // Nothing lost: the board shows the stored game; Boris's DMs hold his boards.
    let board = t.live_board().unwrap();
    let dms = t.emu.with(|s| boards_in_dm(s));
    assert_eq!(dms, 3, "each /board show:dm reached Boris's DMs");
    t.kill();
    let stored = t.stored_board(table);
    let png = igroteka_renderer::render(stored.board.as_ref().unwrap());
    assert_eq!(board.attachments[0].bytes, png, "the board shows every move");
}
