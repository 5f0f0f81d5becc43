//! A finished game told again, picture by picture: what a replay animation shows.
//!
//! A table keeps its whole action log (chance outcomes included), so a finished game is
//! replayed from its settings and log alone ([`Reel`]), with no state stored for it. The
//! pictures are the *public* views the group saw during the game, settled
//! ([`AnyView::settled`]: without the marks that invited the next choice), one after the opening
//! chance (the first board) and one after each move — a seat's action with the chance
//! outcomes it led to, or a resignation — so a replay can show nothing the group could not
//! see then. A game with secrets («Идут танки»: mines, rocket labels) ends on one more picture,
//! [`crate::game::Game::final_view`], where the end turns them over, to everyone.
//!
//! How long each picture stays is a [`Hold`]: a plain move passes quickly, a capture or a
//! reveal ([`crate::game::Game::HIGHLIGHTS`], public events only: a hold on a private one
//! would tell the group that something secret happened) lingers, the end stays longest. The
//! renderer turns the frames into the animation (`igroteka_renderer::replay`), off the engine
//! thread: a [`Reel`] travels in the outbox entry that asks for it.

use serde::{Deserialize, Serialize};

use crate::event::{Audience, Event};
use crate::game::{Actor, Setup, Viewer};
use crate::registry::{self, DynGame, RestoreError};
use crate::table::{LogEntry, Table, TableError};
use crate::view::AnyView;

/// A finished game as a replay needs it: which game, how it was set up, and its log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Reel {
    /// The table the game was played at (for logs and for naming the file).
    pub table: u64,
    pub game: String,
    pub setup: Setup,
    pub log: Vec<LogEntry>,
}

impl Reel {
    /// The reel of `table`, whose whole log is `log` (from the store).
    pub fn of(table: &Table, log: Vec<LogEntry>) -> Reel {
        let log = crate::table::effective_log(&log);
        Reel { table: table.id, game: table.game.clone(), setup: table.setup(), log }
    }

    /// The number of moves: the seat actions and resignations of the log.
    pub fn moves(&self) -> usize {
        self.log.iter().filter(|entry| !is_chance(entry)).count()
    }
}

/// How long a picture stays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Hold {
    /// The first board, before any move.
    Opening,
    /// After a plain move.
    Move,
    /// After a capture or a reveal.
    Highlight,
    /// The last picture.
    End,
}

/// One picture of a replay.
#[derive(Debug, Clone, PartialEq)]
pub struct Frame {
    pub view: AnyView,
    pub hold: Hold,
}

pub(crate) fn is_chance(entry: &LogEntry) -> bool {
    matches!(entry, LogEntry::Act { actor: Actor::Chance, .. })
}

/// The pictures of `reel`, in order: the opening board, one per move, and (for a game whose end
/// turns secrets over) the revealed board. Fails only for a log its game refuses (a damaged
/// record), never for a game that was played.
pub fn frames(reel: &Reel) -> Result<Vec<Frame>, TableError> {
    let info =
        registry::find(&reel.game).ok_or_else(|| RestoreError::UnknownGame(reel.game.clone()))?;
    let mut game = (info.start)(&reel.setup)?;
    let mut frames = Vec::with_capacity(reel.log.len() + 2);
    let mut entries = reel.log.iter().peekable();
    // The opening chance (a deal, a first roll) comes before the first board.
    while let Some(entry) = entries.next_if(|entry| is_chance(entry)) {
        apply(game.as_mut(), entry)?;
    }
    push(&mut frames, game.as_ref(), Hold::Opening);
    while let Some(entry) = entries.next() {
        let mut events = apply(game.as_mut(), entry)?;
        while let Some(chance) = entries.next_if(|entry| is_chance(entry)) {
            events.extend(apply(game.as_mut(), chance)?);
        }
        let highlight = events.iter().any(|event| is_highlight(info.highlights, event));
        push(&mut frames, game.as_ref(), if highlight { Hold::Highlight } else { Hold::Move });
    }
    let reveal = game.final_view().settled();
    match frames.last_mut() {
        Some(last) if last.view == reveal => last.hold = Hold::End,
        _ => frames.push(Frame { view: reveal, hold: Hold::End }),
    }
    Ok(frames)
}

/// Plays one log entry on `game`, with its events.
pub(crate) fn apply(game: &mut dyn DynGame, entry: &LogEntry) -> Result<Vec<Event>, TableError> {
    Ok(match entry {
        LogEntry::Act { actor, action } => game.apply(*actor, action)?,
        LogEntry::Resign { seat } => game.resign(*seat),
        // A reel holds the log with its take-backs resolved (`Reel::of`).
        LogEntry::Undo { .. } => Vec::new(),
    })
}

fn push(frames: &mut Vec<Frame>, game: &dyn DynGame, hold: Hold) {
    frames.push(Frame { view: game.view(Viewer::Public, &[]).settled(), hold });
}

/// Whether `event` is one the group saw and the game lingers on.
fn is_highlight(highlights: &[&str], event: &Event) -> bool {
    event.audience == Audience::Everyone && highlights.contains(&event.id.as_str())
}

/// A random game of `game` for `seats` players with the default settings, played to its end
/// from `seed`, as a reel (tests and benches: a replay of a long, real game of every kind).
pub fn random_reel(game: &str, seats: usize, seed: u64) -> Result<Reel, String> {
    let info = registry::find(game).ok_or_else(|| format!("no game {game}"))?;
    let setup = Setup { seats, settings: crate::settings::defaults(info.settings) };
    let mut state = (info.start)(&setup).map_err(|e| e.to_string())?;
    let mut rng = crate::rng::seeded(seed);
    let mut log = Vec::new();
    while let Some((actor, action)) =
        crate::harness::random_dyn_action(state.as_ref(), &mut rng).map_err(|e| e.to_string())?
    {
        state.apply(actor, &action).map_err(|e| e.to_string())?;
        log.push(LogEntry::Act { actor, action });
    }
    Ok(Reel { table: seed, game: game.to_string(), setup, log })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::GAMES;

    #[test]
    fn a_frame_per_move_after_the_opening_and_the_end_held() {
        for info in GAMES {
            let reel = random_reel(info.id, info.seats.min(), 7).unwrap();
            let frames = frames(&reel).unwrap();
            let revealed = usize::from(frames.len() == reel.moves() + 2);
            assert_eq!(frames.len(), reel.moves() + 1 + revealed, "{}", info.id);
            assert_eq!(frames[0].hold, Hold::Opening);
            assert_eq!(frames.last().unwrap().hold, Hold::End);
            assert!(
                frames[1..frames.len() - 1]
                    .iter()
                    .all(|f| matches!(f.hold, Hold::Move | Hold::Highlight))
            );
        }
    }

    #[test]
    fn the_frames_are_the_public_views_after_each_move() {
        let reel = random_reel("aeroplane", 2, 3).unwrap();
        let info = registry::find("aeroplane").unwrap();
        let mut game = (info.start)(&reel.setup).unwrap();
        let (mut expected, mut moved) = (Vec::new(), false);
        for (i, entry) in reel.log.iter().enumerate() {
            if !is_chance(entry) && !moved {
                expected.push(game.view(Viewer::Public, &[]).settled());
                moved = true;
            }
            apply(game.as_mut(), entry).unwrap();
            if moved && !reel.log.get(i + 1).is_some_and(is_chance) {
                expected.push(game.view(Viewer::Public, &[]).settled());
            }
        }
        let shown: Vec<AnyView> = frames(&reel).unwrap().into_iter().map(|f| f.view).collect();
        assert!(expected.len() > 20);
        assert_eq!(shown, expected);
    }

    #[test]
    fn a_tanks_replay_ends_on_the_revealed_board_and_hides_it_before() {
        let reel = random_reel("tanks", 2, 11).unwrap();
        let frames = frames(&reel).unwrap();
        let crate::view::AnyView::Tanks(last) = &frames.last().unwrap().view else { panic!() };
        assert!(last.rockets.iter().all(|r| r.label.is_some()), "every label shown at the end");
        for frame in &frames[..frames.len() - 1] {
            let crate::view::AnyView::Tanks(view) = &frame.view else { panic!() };
            assert!(view.mines.is_empty(), "no mine before the end");
            assert!(view.rockets.iter().all(|r| r.label.is_none() || r.revealed));
        }
    }

    #[test]
    fn highlights_name_events_the_games_announce() {
        let english = crate::i18n::SOURCES
            .iter()
            .filter(|(lang, _, _)| *lang == "en")
            .map(|(_, _, source)| *source)
            .collect::<String>();
        for info in GAMES {
            assert!(!info.highlights.is_empty(), "{}", info.id);
            for id in info.highlights {
                assert!(english.contains(&format!("\n{id} =")), "{}: {id}", info.id);
            }
        }
    }

    #[test]
    fn a_private_event_is_never_a_highlight() {
        let secret = Event { audience: Audience::Seat(0), ..Event::new("tanks-mine-kill") };
        assert!(!is_highlight(&["tanks-mine-kill"], &secret));
        assert!(is_highlight(&["tanks-mine-kill"], &Event::new("tanks-mine-kill")));
    }
}
