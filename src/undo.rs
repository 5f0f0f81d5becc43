//! Taking a move back, by consent. Which entries a take-back removes, and when there is none
//! to take.
//!
//! A player may take back **their own last move while nobody else has acted since**: the log's
//! last entry that is not chance must be an action of theirs. Only that one action goes (a
//! turn of several actions — a roll, then a move — is taken back one action per request), with
//! the chance outcomes drawn after it. Those outcomes are not thrown away: the table draws them
//! again first ([`crate::table::Table::take_back`]), so an undo never rolls a die again.
//!
//! A move that turned a secret over (a mine, a rocket label: [`crate::game::Game::REVEALS`])
//! cannot be taken back: the secret is out, and the move would be played again knowing it.
//! Whether it did is found by playing the removed entries again from the position before them
//! and looking at their events, so nothing about the move has to be stored for it.
//!
//! The log itself stays append-only: a take-back appends [`LogEntry::Undo`], and
//! [`crate::table::effective_log`] resolves it wherever the log is read (replays, rebuilds).

use crate::game::{Actor, Seat};
use crate::registry::GameInfo;
use crate::replay::{apply, is_chance};
use crate::table::{LogEntry, TableError, effective_log};

/// Why there is nothing to take back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// The seat has made no move yet (or only set-up steps).
    Nothing,
    /// Someone else acted (or resigned) after the seat's last move.
    TooLate,
    /// The move turned a secret over.
    Revealed,
    /// The move was a secret choice (a set-up step, which rockets to lay): the others never
    /// saw it, and the set-up has its own Back.
    Private,
}

/// What a take-back of `seat`'s last move removes: the number of entries at the end of the
/// effective log (the move and the chance after it), or why there is none.
pub fn plan(
    info: &GameInfo,
    setup: &crate::game::Setup,
    log: &[LogEntry],
    seat: Seat,
) -> Result<Result<usize, Refusal>, TableError> {
    let effective = effective_log(log);
    let Some(last) = effective.iter().rposition(|entry| !is_chance(entry)) else {
        return Ok(Err(Refusal::Nothing));
    };
    match &effective[last] {
        LogEntry::Act { actor: Actor::Seat(s), .. } if *s == seat => {}
        _ => return Ok(Err(Refusal::TooLate)),
    }
    let mut game = (info.start)(setup)?;
    for entry in &effective[..last] {
        apply(game.as_mut(), entry)?;
    }
    if game.choices_are_private(seat) {
        return Ok(Err(Refusal::Private));
    }
    let mut revealed = false;
    for entry in &effective[last..] {
        let events = apply(game.as_mut(), entry)?;
        revealed |= events.iter().any(|event| info.reveals.contains(&event.id.as_str()));
    }
    if revealed {
        return Ok(Err(Refusal::Revealed));
    }
    Ok(Ok(effective.len() - last))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Setup;
    use crate::registry::GAMES;

    /// Random games of every kind: after each seat action (with the chance it led to), `plan`
    /// takes exactly that back for its seat — unless it was a secret choice, or turned a secret
    /// over (one of the game's `REVEALS` events) — and refuses every other seat as too late.
    #[test]
    fn a_take_back_is_the_last_action_and_its_chance_unless_secret_or_revealing() {
        let mut revealed = 0;
        for info in GAMES {
            let seeds = if info.reveals.is_empty() { 2 } else { 12 };
            for seed in 0..seeds {
                let setup = Setup {
                    seats: info.seats.min(),
                    settings: crate::settings::defaults(info.settings),
                };
                let mut game = (info.start)(&setup).unwrap();
                let mut rng = crate::rng::seeded(seed);
                // Each entry with whether it was a secret choice and whether it revealed.
                let mut played: Vec<(LogEntry, bool, bool)> = Vec::new();
                while let Some((actor, action)) =
                    crate::harness::random_dyn_action(game.as_ref(), &mut rng).unwrap()
                {
                    let private = matches!(actor, Actor::Seat(s) if game.choices_are_private(s));
                    let events = game.apply(actor, &action).unwrap();
                    let reveals = events.iter().any(|e| info.reveals.contains(&e.id.as_str()));
                    played.push((LogEntry::Act { actor, action }, private, reveals));
                    if played.len() > 400 {
                        break;
                    }
                }
                let log: Vec<LogEntry> = played.iter().map(|(e, ..)| e.clone()).collect();
                for (i, (entry, private, _)) in played.iter().enumerate() {
                    let LogEntry::Act { actor: Actor::Seat(seat), .. } = entry else { continue };
                    let end =
                        (i + 1..log.len()).find(|j| !is_chance(&log[*j])).unwrap_or(log.len());
                    let expected = if *private {
                        Err(Refusal::Private)
                    } else if played[i..end].iter().any(|(_, _, r)| *r) {
                        revealed += 1;
                        Err(Refusal::Revealed)
                    } else {
                        Ok(end - i)
                    };
                    let got = plan(info, &setup, &log[..end], *seat).unwrap();
                    assert_eq!(got, expected, "{} seed {seed}, entry {i}", info.id);
                    let other = (seat + 1) % setup.seats;
                    let late = plan(info, &setup, &log[..end], other).unwrap();
                    assert_eq!(late, Err(Refusal::TooLate), "{} seed {seed}, entry {i}", info.id);
                }
            }
        }
        assert!(revealed > 0, "some random move turned a secret over");
    }

    /// A take-back already made counts: the effective log is what `plan` reads.
    #[test]
    fn a_second_take_back_reaches_the_move_before() {
        let info = crate::registry::find("aeroplane").unwrap();
        let setup = Setup { seats: 2, settings: crate::settings::defaults(info.settings) };
        let mut game = (info.start)(&setup).unwrap();
        let mut rng = crate::rng::seeded(7);
        let mut log = Vec::new();
        for _ in 0..60 {
            let Some((actor, action)) =
                crate::harness::random_dyn_action(game.as_ref(), &mut rng).unwrap()
            else {
                break;
            };
            game.apply(actor, &action).unwrap();
            log.push(LogEntry::Act { actor, action });
        }
        let last = log.iter().rposition(|e| !is_chance(e)).unwrap();
        let LogEntry::Act { actor: Actor::Seat(seat), .. } = log[last].clone() else { panic!() };
        let count = plan(info, &setup, &log, seat).unwrap().unwrap();
        assert_eq!(count, log.len() - last);
        let mut undone = log.clone();
        undone.push(LogEntry::Undo { count });
        assert_eq!(effective_log(&undone), log[..last].to_vec());
        let before = log[..last].iter().rposition(|e| !is_chance(e)).unwrap();
        let LogEntry::Act { actor: Actor::Seat(previous), .. } = log[before].clone() else {
            panic!()
        };
        assert_eq!(plan(info, &setup, &undone, previous).unwrap(), Ok(last - before));
    }
}
