//! A game in one channel of an emulator that several bot processes serve (one per shard
//! range): open it, play moves, read its live board.
//!
//! [`super::table::Table`] owns its emulator and its one bot process; a room only borrows the
//! emulator, so a test can play a room per guild side by side while the processes come and go
//! on their own. The moves are made as `Table` makes them: whoever the board names presses an
//! option, and the step ends when the board's buttons change.

use std::time::{Duration, Instant};

use super::table::{button, shown, table_of, tokens};
use super::{Emulator, Msg, STEP, TestUser};

pub struct Room<'a> {
    pub emu: &'a Emulator,
    pub channel: u64,
    pub users: Vec<TestUser>,
}

impl Room<'_> {
    /// The live board: the newest public message with a picture.
    pub fn live_board(&self) -> Option<Msg> {
        let public = self.emu.visible(self.channel, None);
        public.into_iter().rev().find(|m| !m.attachments.is_empty())
    }

    /// `user` runs `/name`; waits until it is acknowledged and its deferred response filled or
    /// removed. The interaction token.
    pub fn command(&self, user: &TestUser, name: &str, options: &[(&str, &str)]) -> String {
        let token = self.emu.command(user, self.channel, name, options);
        self.emu.wait("the command's answer", STEP, |s| {
            let i = s.interactions.get(&token)?;
            i.response?;
            let m = &s.messages[&i.original?];
            (!m.loading || m.deleted).then_some(())
        });
        token
    }

    /// `user` presses `custom_id` on `message`; waits for the acknowledgement, then until `done`
    /// holds or an ephemeral text answered the press (a refusal, returned).
    pub fn press_until(
        &self,
        user: &TestUser,
        message: &Msg,
        custom_id: &str,
        done: impl Fn(&Room) -> bool,
    ) -> Option<Msg> {
        let token = self.emu.press(user, message, custom_id);
        self.emu.wait("the acknowledgement", STEP, |s| s.interactions.get(&token)?.response);
        let deadline = Instant::now() + STEP;
        let mut answered: Option<Instant> = None;
        loop {
            if done(self) {
                return None;
            }
            match (self.alert(&token), answered) {
                (Some(_), None) => answered = Some(Instant::now()),
                (Some(text), Some(at)) if at.elapsed() > Duration::from_millis(400) => {
                    return Some(text);
                }
                _ => {}
            }
            assert!(
                Instant::now() < deadline,
                "{} pressing {custom_id} in channel {}: nothing happened\n{}",
                user.name,
                self.channel,
                self.emu.transcript()
            );
            std::thread::sleep(Duration::from_millis(15));
        }
    }

    /// An ephemeral text with no buttons or picture answering interaction `token`.
    fn alert(&self, token: &str) -> Option<Msg> {
        self.emu.with(|s| {
            let i = s.interactions.get(token)?;
            s.messages
                .values()
                .find(|m| {
                    m.interaction == Some(i.id)
                        && m.ephemeral_for == Some(i.user)
                        && m.buttons().is_empty()
                        && m.attachments.is_empty()
                        && !m.deleted
                })
                .cloned()
        })
    }

    /// Opens `game`, the other players join, the first starts. The table id.
    pub fn open(&self, game: &str, players: &[&TestUser]) -> u64 {
        self.command(players[0], "play", &[("game", game)]);
        let lobby = self.emu.wait("the lobby", STEP, |s| {
            let public = s.visible(self.channel, None);
            public.into_iter().rev().find(|m| button(m, "Join").is_some()).cloned()
        });
        let table = table_of(&button(&lobby, "Join").unwrap()).expect("a table token");
        for p in &players[1..] {
            let lobby = self.emu.message(lobby.id);
            let name = p.name.clone();
            let refused = self.press_until(p, &lobby, &button(&lobby, "Join").unwrap(), |r| {
                shown(&r.emu.message(lobby.id).content).contains(&name)
            });
            assert!(refused.is_none(), "{refused:?}");
        }
        let lobby = self.emu.message(lobby.id);
        let start = button(&lobby, "Start").unwrap();
        let refused = self.press_until(players[0], &lobby, &start, |r| {
            r.live_board().is_some_and(|b| b.id > lobby.id)
        });
        assert!(refused.is_none(), "{refused:?}");
        table
    }

    /// One move: whoever the live board names presses its first option, and the board's
    /// buttons change. `false` once the board has none (the game is over).
    pub fn step(&self) -> bool {
        let Some(board) = self.live_board() else { return false };
        let before = tokens(&board);
        if before.is_empty() {
            return false;
        }
        let id = board
            .buttons()
            .into_iter()
            .map(|(_, id)| id)
            .find(|id| id.rsplit(':').next().is_some_and(|op| op.starts_with('c')))
            .unwrap_or_else(|| panic!("no option on the board\n{}", self.emu.transcript()));
        let all: Vec<&str> = before.iter().map(String::as_str).collect();
        let names = self.users.iter().map(|u| u.name.as_str());
        let text = shown(&board.content);
        let named = super::turns::presser(&text, &all, &id, names);
        let player = named
            .and_then(|name| self.users.iter().find(|u| u.name == name))
            .or_else(|| {
                self.users.iter().find(|u| {
                    text.lines().any(|l| l.starts_with(&format!("{}, your turn", u.name)))
                })
            })
            .unwrap_or_else(|| panic!("nobody to move: {text}\n{}", self.emu.transcript()))
            .clone();
        let refused = self.press_until(&player, &board, &id, |r| {
            r.live_board().is_some_and(|b| tokens(&b) != before)
        });
        assert!(refused.is_none(), "a legal move was refused: {refused:?}");
        true
    }
}
