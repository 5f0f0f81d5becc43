//! A game table in the fake Discord with the real bot serving it: a channel, its users, the bot
//! process (restartable, as a crash would end it), and the ways a test plays and looks:
//! commands and presses that wait for the bot's reaction, the channel's live board and pings,
//! each player's ephemeral messages, and the checks every test ends with.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use igroteka::app::{App, AppConfig, Message};
use igroteka::game::Actor;
use igroteka::store::{SledStore, Store};
use igroteka::table::LogEntry;

use super::{BotProcess, Emulator, Limits, Msg, STEP, TOKEN, TestUser, spawn_bot};

pub struct Table {
    pub emu: Emulator,
    pub dir: tempfile::TempDir,
    pub data: PathBuf,
    pub bot: BotProcess,
    pub channel: u64,
    pub users: Vec<TestUser>,
    /// When the bot process was (re)started.
    pub starts: Vec<Instant>,
}

/// Four users, Discord's rate limits.
pub fn start() -> Table {
    start_with(Limits::DISCORD, &[(101, "Ann"), (102, "Boris"), (103, "Chen"), (104, "Dora")])
}

pub fn start_with(limits: Limits, users: &[(u64, &str)]) -> Table {
    start_with_env(limits, users, &[])
}

/// [`start_with`], the bot started with more environment variables (e.g. a faster clock).
pub fn start_with_env(limits: Limits, users: &[(u64, &str)], extra: &[(&str, &str)]) -> Table {
    let emu = Emulator::with_limits(limits);
    let users: Vec<TestUser> = users.iter().map(|(id, name)| TestUser::new(*id, name)).collect();
    for u in &users {
        emu.user(u);
    }
    let channel = emu.channel("games");
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let starts = vec![Instant::now()];
    let bot = super::spawn_bot_with(&emu, &data, extra);
    let t = Table { emu, dir, data, bot, channel, users, starts };
    t.wait_ready();
    t
}

/// The text Discord shows for escaped `text`: escapes and zero-width spaces gone.
pub fn shown(text: &str) -> String {
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

/// The users a message mentions, in order.
pub fn mentioned(m: &Msg) -> Vec<u64> {
    m.content.split("<@").skip(1).filter_map(|rest| rest.split('>').next()?.parse().ok()).collect()
}

/// The custom ids of a message's core buttons and menu options of the game (a finished
/// game's Rematch left out, as the Telegram side's `tokens` leaves it).
pub fn tokens(m: &Msg) -> Vec<String> {
    let game = |id: &String| id.starts_with('t') && !is_after_game(id);
    m.buttons().into_iter().map(|(_, id)| id).filter(game).collect()
}

/// Whether a core token is a finished game's Rematch or Replay (its operation is `r` or `y`).
pub fn is_after_game(token: &str) -> bool {
    matches!(token.rsplit(':').next(), Some("r" | "y"))
}

/// The custom id of the button (or option) whose label contains `label`.
pub fn button(m: &Msg, label: &str) -> Option<String> {
    m.buttons().into_iter().find(|(l, _)| l.contains(label)).map(|(_, id)| id)
}

/// The table id a core token names (`t<table>:…`).
pub fn table_of(token: &str) -> Option<u64> {
    token.strip_prefix('t')?.split(':').next()?.parse().ok()
}

/// A public message that is a ping: it mentions someone, has no picture and no buttons.
pub fn is_ping(m: &Msg) -> bool {
    m.content.starts_with("<@") && m.attachments.is_empty() && m.buttons().is_empty()
}

impl Table {
    pub fn wait_ready(&self) {
        let start = Instant::now();
        while self.emu.with(|s| s.registrations) == 0 {
            assert!(start.elapsed() < STEP, "the bot did not start:\n{}", self.logs());
            std::thread::sleep(Duration::from_millis(20));
        }
        self.emu.wait_ready(STEP);
    }

    /// Stops the bot at once, as `kill -9` would.
    pub fn kill(&mut self) {
        self.bot.kill();
        self.emu.disconnect();
    }

    /// Starts the bot again on the same data folder.
    pub fn spawn(&mut self) {
        self.starts.push(Instant::now());
        self.bot = spawn_bot(&self.emu, &self.data);
        self.wait_ready();
    }

    pub fn restart(&mut self) {
        self.kill();
        self.spawn();
    }

    /// Everything every run of the bot wrote to stderr.
    pub fn logs(&self) -> String {
        let mut out = String::new();
        let mut logs: Vec<PathBuf> = std::fs::read_dir(self.dir.path())
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e.to_string_lossy().starts_with("log")))
            .collect();
        logs.sort();
        for log in logs {
            out += &std::fs::read_to_string(log).unwrap_or_default();
        }
        out
    }

    /// The channel's public messages, oldest first (deleted ones excluded).
    pub fn public(&self) -> Vec<Msg> {
        self.emu.visible(self.channel, None)
    }

    /// The live board: the newest public message with a picture.
    pub fn live_board(&self) -> Option<Msg> {
        self.public().into_iter().rev().find(|m| !m.attachments.is_empty())
    }

    /// The channel's pings.
    pub fn pings(&self) -> Vec<Msg> {
        self.public().into_iter().filter(is_ping).collect()
    }

    /// The newest lobby (a message offering Join).
    pub fn lobby(&self) -> Option<Msg> {
        self.public().into_iter().rev().find(|m| button(m, "Join").is_some())
    }

    /// The newest message only `user` sees in the channel with a button labelled `label`.
    pub fn own(&self, user: &TestUser, label: &str) -> Option<(Msg, String)> {
        self.emu.with(|s| {
            s.visible(self.channel, Some(user.id))
                .into_iter()
                .rev()
                .filter(|m| m.ephemeral_for == Some(user.id))
                .find_map(|m| Some(((*m).clone(), button(m, label)?)))
        })
    }

    /// Waits until `done` holds (it may look at the table freely: no lock is held meanwhile).
    pub fn wait_until(&self, what: &str, done: impl Fn(&Table) -> bool) {
        let deadline = Instant::now() + STEP;
        while !done(self) {
            assert!(Instant::now() < deadline, "timed out waiting for {what}\n{}", self.report());
            std::thread::sleep(Duration::from_millis(15));
        }
    }

    /// Waits for `user`'s own message with a `label` button, newer than message `after`.
    pub fn wait_own(&self, user: &TestUser, label: &str, after: u64) -> (Msg, String) {
        let what = format!("{}'s message with {label}", user.name);
        let deadline = Instant::now() + STEP;
        loop {
            if let Some(found) = self.own(user, label).filter(|(m, _)| m.id > after) {
                return found;
            }
            assert!(Instant::now() < deadline, "timed out waiting for {what}\n{}", self.report());
            std::thread::sleep(Duration::from_millis(15));
        }
    }

    /// The user the live board names ("Ann, your turn: …").
    pub fn to_move(&self) -> Option<TestUser> {
        let board = self.live_board()?;
        let text = shown(&board.content);
        self.users
            .iter()
            .find(|u| text.lines().any(|l| l.starts_with(&format!("{}, your turn", u.name))))
            .cloned()
    }

    /// `user` runs `/name`; waits until it is acknowledged and its deferred response filled or
    /// removed. The interaction token.
    pub fn command(&self, user: &TestUser, name: &str, options: &[(&str, &str)]) -> String {
        let token = self.emu.command(user, self.channel, name, options);
        self.emu.wait("the command's answer", STEP, |s| {
            let i = s.interactions.get(&token)?;
            i.response?;
            let original = i.original?;
            let m = &s.messages[&original];
            (!m.loading || m.deleted).then_some(())
        });
        token
    }

    /// `user` presses `custom_id` on `message`; waits for the acknowledgement, then until
    /// `done` holds, or the bot answered with a text only the presser sees (a refusal) and
    /// nothing else happened for a while. The interaction token, and the text when `done` never
    /// held.
    pub fn press_until(
        &self,
        user: &TestUser,
        message: &Msg,
        custom_id: &str,
        done: impl Fn(&Table) -> bool,
    ) -> (String, Option<Msg>) {
        let token = self.emu.press(user, message, custom_id);
        self.emu.wait("the acknowledgement", STEP, |s| s.interactions.get(&token)?.response);
        let deadline = Instant::now() + STEP;
        let mut answered: Option<Instant> = None;
        loop {
            if done(self) {
                return (token, None);
            }
            match (self.alert(&token), answered) {
                (Some(_), None) => answered = Some(Instant::now()),
                (Some(text), Some(at)) if at.elapsed() > Duration::from_millis(400) => {
                    return (token, Some(text));
                }
                _ => {}
            }
            assert!(
                Instant::now() < deadline,
                "{} pressing {custom_id}: nothing happened\n{}",
                user.name,
                self.report()
            );
            std::thread::sleep(Duration::from_millis(15));
        }
    }

    /// An ephemeral text with no buttons or picture answering interaction `token` (a refusal,
    /// or a private note).
    pub fn alert(&self, token: &str) -> Option<Msg> {
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

    /// One move: whoever the live board names presses the first option whose label `prefer`
    /// accepts (else the first option), and the board changes. `false` once the board has no
    /// buttons (the game is over).
    pub fn step(&self, prefer: &dyn Fn(&str) -> bool) -> bool {
        let Some(board) = self.live_board() else { return false };
        let before = tokens(&board);
        if before.is_empty() {
            return false;
        }
        let options: Vec<(String, String)> = board
            .buttons()
            .into_iter()
            .filter(|(_, id)| id.rsplit(':').next().is_some_and(|op| op.starts_with('c')))
            .collect();
        let (_, id) = options
            .iter()
            .find(|(label, _)| prefer(label))
            .or(options.first())
            .cloned()
            .unwrap_or_else(|| panic!("no option on the board\n{}", self.report()));
        // The button's own block names who presses it (two commanders may share a board).
        let all: Vec<&str> = before.iter().map(String::as_str).collect();
        let names = self.users.iter().map(|u| u.name.as_str());
        let named = super::turns::presser(&shown(&board.content), &all, &id, names);
        let player = named
            .and_then(|name| self.users.iter().find(|u| u.name == name).cloned())
            .or_else(|| self.to_move());
        let Some(player) = player else {
            panic!("nobody to move on the board: {}\n{}", board.content, self.report())
        };
        let (_, refused) = self.press_until(&player, &board, &id, |t| {
            t.live_board().is_some_and(|b| tokens(&b) != before)
        });
        assert!(refused.is_none(), "a legal move was refused: {refused:?}\n{}", self.report());
        true
    }

    /// Opens `game`, the given users join, the first starts. The lobby's table id.
    pub fn open(&self, game: &str, options: &[(&str, &str)], players: &[&TestUser]) -> u64 {
        let mut opts = vec![("game", game)];
        opts.extend_from_slice(options);
        self.command(players[0], "play", &opts);
        let lobby = self.emu.wait("the lobby", STEP, |s| {
            s.visible(self.channel, None)
                .into_iter()
                .rev()
                .find(|m| button(m, "Join").is_some())
                .cloned()
        });
        let table = table_of(&button(&lobby, "Join").unwrap()).unwrap();
        for p in &players[1..] {
            let lobby = self.emu.message(lobby.id);
            let name = p.name.clone();
            let (_, refused) = self.press_until(p, &lobby, &button(&lobby, "Join").unwrap(), |t| {
                shown(&t.emu.message(lobby.id).content).contains(&name)
            });
            assert!(refused.is_none(), "{refused:?}");
        }
        let lobby = self.emu.message(lobby.id);
        let (_, refused) =
            self.press_until(players[0], &lobby, &button(&lobby, "Start").unwrap(), |t| {
                t.live_board().is_some_and(|b| b.id > lobby.id)
            });
        assert!(refused.is_none(), "{refused:?}");
        table
    }

    /// Waits until nothing more is pending: the bot made no REST call for `quiet` (longer than
    /// any pause of its rate limiter, which waits out a bucket's window before a call).
    pub fn settle(&self, quiet: Duration) {
        let mut last = (self.emu.with(|s| s.calls.len()), Instant::now());
        let deadline = Instant::now() + STEP;
        while Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(25));
            let calls = self.emu.with(|s| s.calls.len());
            if calls != last.0 {
                last = (calls, Instant::now());
            } else if last.1.elapsed() >= quiet {
                return;
            }
        }
        panic!("the bot never went quiet\n{}", self.report());
    }

    /// The group board the stored table shows now, as the engine makes it, read from the data
    /// folder (the bot must be stopped: sled lets one process open it).
    /// Opens the data folder (the bot must be stopped), waiting a little for a killed process
    /// to let go of it.
    pub fn open_store(&self) -> SledStore {
        let mut last = None;
        for _ in 0..100 {
            match SledStore::open(&self.data, 8 << 20) {
                Ok(store) => return store,
                Err(e) => last = Some(e),
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        panic!("the data folder does not open: {last:?}");
    }

    pub fn stored_board(&self, table: u64) -> Message {
        let store = self.open_store();
        let app = App::new(store, AppConfig::default());
        app.current_board(table).expect("readable").expect("a started game")
    }

    /// How many moves the players made in the stored table (the bot must be stopped).
    pub fn stored_moves(&self, table: u64) -> usize {
        let store = self.open_store();
        let log = store.log(table).expect("a readable log");
        log.iter().filter(|e| matches!(e, LogEntry::Act { actor: Actor::Seat(_), .. })).count()
    }

    /// The slowest acknowledgement so far.
    pub fn slowest_ack(&self) -> Duration {
        self.emu.with(|s| {
            s.interactions
                .values()
                .filter_map(|i| i.response.map(|r| r.1))
                .max()
                .unwrap_or_default()
        })
    }

    /// The checks every test ends with: every interaction acknowledged within `ack`, nothing
    /// Discord would refuse, no 429 the bot ran into by itself (but for one just after a
    /// restart), no token in the logs.
    pub fn assert_clean(&self, ack: Duration) {
        self.assert_clean_except(ack, &[]);
    }

    /// [`Table::assert_clean`], but for interactions the bot was killed before it could answer
    /// (`lost`: Discord shows their users "the application did not respond").
    pub fn assert_clean_except(&self, ack: Duration, lost: &[String]) {
        let (late, problems, unanswered) = self.emu.with(|s| {
            let unanswered: Vec<String> = s
                .interactions
                .values()
                .filter(|i| i.response.is_none() && !lost.contains(&i.token))
                .map(|i| i.token.clone())
                .collect();
            (s.late.clone(), s.problems.clone(), unanswered)
        });
        assert!(late.is_empty(), "responses later than 3 s: {late:?}");
        assert!(unanswered.is_empty(), "interactions never acknowledged: {unanswered:?}");
        let slowest = self.slowest_ack();
        assert!(slowest <= ack, "an acknowledgement took {slowest:?}\n{}", self.report());
        assert!(problems.is_empty(), "{problems:?}\n{}", self.logs());
        // A bot that has just restarted cannot know how much of a bucket its predecessor used
        // (Discord's windows outlive a process), so its first call may meet a 429 — which
        // serenity then retries after `Retry-After`. Any other 429 is the bot's fault.
        let window = self.emu.with(|s| s.limits.create.window.max(s.limits.edit.window));
        let provoked: Vec<String> = self.emu.with(|s| {
            s.provoked()
                .into_iter()
                .filter(|t| {
                    let restarts = self.starts.iter().skip(1);
                    let after_start = restarts.filter(|s| **s <= t.at).max();
                    after_start.is_none_or(|s| t.at.duration_since(*s) > window + STEP / 10)
                })
                .map(|t| format!("{t:?}"))
                .collect()
        });
        assert!(provoked.is_empty(), "the bot ran into rate limits: {provoked:?}");
        let logs = self.logs();
        assert!(!logs.contains(TOKEN), "the bot token was logged");
        assert!(!logs.contains("itoken-"), "an interaction token was logged");
    }

    /// The checks after the end of every game the emulator saw: no message, anywhere (the
    /// channel, ephemeral replies, DMs), still shows buttons, and no edit changed nothing (a
    /// strip of a message without buttons, a call of the channel's budget for nothing).
    pub fn assert_no_buttons_left(&self) {
        let (left, idle) = self.emu.with(|s| {
            let left: Vec<String> = s
                .with_components()
                .iter()
                // A finished game's board keeps its Rematch and Replay, which are no buttons of the game.
                .filter(|m| m.buttons().iter().any(|(_, id)| !is_after_game(id)))
                .map(|m| format!("#{} {:?}: {:?}", m.id, shown(&m.content), m.buttons()))
                .collect();
            (left, s.idle_edits.clone())
        });
        assert!(left.is_empty(), "buttons left after the end: {left:?}\n{}", self.report());
        assert!(idle.is_empty(), "edits that changed nothing: {idle:?}\n{}", self.report());
    }

    /// The emulator's transcript and the bot's log, for failure messages.
    pub fn report(&self) -> String {
        let logs = self.logs();
        let tail: Vec<&str> = logs.lines().rev().take(30).collect();
        let tail: Vec<&str> = tail.into_iter().rev().collect();
        format!("{}\nbot log (tail):\n{}", self.emu.transcript(), tail.join("\n"))
    }
}
