//! The interactive console: one person plays any game as several users, with numbered buttons
//! and board pictures written as PNG files. It is what the README's run command starts when no
//! chat token is configured.
//!
//! Lines: `as alice /play aeroplane` acts as alice in the group; `as bob` switches the current
//! user; `press 2` (or `press Join`) presses a button of the latest keyboard shown in the
//! current chat; `private /board` speaks in the current user's private chat; `wait 12h` moves
//! the console's clock on (turn clocks: reminders and deadlines); `quit` ends. The clock ticks
//! before every line, so whatever fell due meanwhile happens first.

use std::collections::HashMap;
use std::io::{BufRead, Write};
use std::path::PathBuf;

use igroteka::app::{Action, ButtonKind, Dest, Effect, Input, Message, input_from_text};
use igroteka::store::Store;

use crate::driver::{self, Delivered, Driver, PLATFORM, PRIVATE_PREFIX};

pub struct Console<S: Store, W: Write> {
    driver: Driver<S>,
    out: W,
    boards_dir: PathBuf,
    /// The buttons last shown in each chat, by the chat's display key, and the message that
    /// shows them (a press names it, as a platform does).
    keyboards: HashMap<String, (String, Vec<(String, String)>)>,
    user: String,
    /// How far `wait` has moved the console's clock ahead of the real one (ms).
    ahead: u64,
}

impl<S: Store, W: Write> std::fmt::Debug for Console<S, W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Console").field("user", &self.user).finish()
    }
}

const USAGE: &str = "\
Commands:
  as NAME               act as NAME from now on (e.g. as alice)
  as NAME <line>        one line as NAME, e.g.  as bob /join   or   as bob press 1
  /command [args]       a chat command in the group: /play aeroplane, /join, /startgame, /board, /help …
  press N | press TEXT  press button N (or the button with that text) of the latest keyboard
  private <line>        the same in your private chat with the bot, e.g. private /board
  wait TIME             move the clock on (30m, 12h, 3d): turn reminders and deadlines fall due
  help                  this text;  quit  leave (games are saved and resume next time)";

impl<S: Store, W: Write> Console<S, W> {
    pub fn new(driver: Driver<S>, out: W, boards_dir: PathBuf) -> Self {
        Console {
            driver,
            out,
            boards_dir,
            keyboards: HashMap::new(),
            user: "alice".into(),
            ahead: 0,
        }
    }

    /// The console's clock: the real one, moved on by `wait`.
    fn now(&self) -> u64 {
        driver::now_ms() + self.ahead
    }

    /// A tick of the turn clocks at the console's time; prints whatever fell due.
    fn tick(&mut self) -> std::io::Result<()> {
        let tick = Input { now: self.now(), ..driver::tick() };
        for item in self.driver.run(&tick) {
            self.print(item)?;
        }
        Ok(())
    }

    /// Reads lines until end of input or `quit`.
    pub fn run(&mut self, input: impl BufRead) -> std::io::Result<()> {
        let welcome = self.driver.app.i18n().plain("en", "console-welcome");
        writeln!(self.out, "{welcome}")?;
        // Whatever a crash left undelivered goes out now.
        for item in self.driver.resume(PLATFORM) {
            self.print(item)?;
        }
        self.prompt()?;
        for line in input.lines() {
            let line = line?;
            let line = line.trim();
            if matches!(line, "quit" | "exit") {
                break;
            }
            self.line(line)?;
            self.prompt()?;
        }
        writeln!(self.out)?;
        Ok(())
    }

    fn prompt(&mut self) -> std::io::Result<()> {
        write!(self.out, "{}> ", self.user)?;
        self.out.flush()
    }

    /// One typed line.
    pub fn line(&mut self, line: &str) -> std::io::Result<()> {
        let mut rest = line;
        if let Some(after) = rest.strip_prefix("as ") {
            let mut parts = after.trim().splitn(2, ' ');
            if let Some(name) = parts.next().filter(|n| !n.is_empty()) {
                self.user = name.to_string();
            }
            rest = parts.next().unwrap_or("").trim();
        }
        let (private, rest) = match rest.strip_prefix("private") {
            Some(after) if after.is_empty() || after.starts_with(' ') => (true, after.trim()),
            _ => (false, rest),
        };
        if rest.is_empty() {
            return Ok(());
        }
        if rest == "help" {
            return writeln!(self.out, "{USAGE}");
        }
        if let Some(time) = rest.strip_prefix("wait") {
            let Some(ms) = igroteka::clock::parse_duration(time.trim()) else {
                return writeln!(self.out, "  (wait takes a time such as 30m, 12h or 3d)");
            };
            self.ahead += ms;
            return self.tick();
        }
        self.tick()?;
        let chat = if private { driver::private_chat(&self.user) } else { driver::group_chat() };
        let user = driver::user(&self.user);
        let input = if let Some(which) = rest.strip_prefix("press") {
            let key = self.chat_key(private);
            match self.find_button(&key, which.trim()) {
                Some(token) => Input {
                    platform: PLATFORM,
                    chat,
                    user,
                    now: self.now(),
                    action: Action::Press {
                        token,
                        message_id: self.keyboards.get(&key).map(|(id, _)| id.clone()),
                    },
                },
                None => {
                    return writeln!(self.out, "  (no such button here; see the latest keyboard)");
                }
            }
        } else {
            input_from_text(PLATFORM, chat, user, self.now(), rest)
        };
        let delivered = self.driver.run(&input);
        for item in delivered {
            self.print(item)?;
        }
        Ok(())
    }

    fn chat_key(&self, private: bool) -> String {
        if private { format!("private → {}", self.user.to_lowercase()) } else { "group".into() }
    }

    /// The chat a message shows in: the group, or a user's private chat — where their own
    /// messages go, and the board of a game they play there against computers.
    fn dest_key(dest: &Dest) -> String {
        match dest {
            Dest::Chat { chat, .. } => match chat.strip_prefix(PRIVATE_PREFIX) {
                Some(user) => format!("private → {}", user.to_lowercase()),
                None => "group".into(),
            },
            Dest::User { user } => format!("private → {user}"),
        }
    }

    fn find_button(&self, key: &str, which: &str) -> Option<String> {
        let (_, buttons) = self.keyboards.get(key)?;
        if let Ok(n) = which.parse::<usize>() {
            return buttons.get(n.checked_sub(1)?).map(|(_, token)| token.clone());
        }
        // By text: the exact label, else the one label that contains the words ("press ready"
        // finds "✅ Ready").
        let which = which.to_lowercase();
        if let Some((_, token)) = buttons.iter().find(|(text, _)| text.to_lowercase() == which) {
            return Some(token.clone());
        }
        let mut containing =
            buttons.iter().filter(|(text, _)| text.to_lowercase().contains(&which));
        match (containing.next(), containing.next()) {
            (Some((_, token)), None) => Some(token.clone()),
            _ => None,
        }
    }

    fn print(&mut self, item: Delivered) -> std::io::Result<()> {
        match item.effect {
            Effect::Answer { text, alert } => {
                if !text.is_empty() {
                    writeln!(self.out, "  {} {text}", if alert { "⚠" } else { "ⓘ" })?;
                }
            }
            Effect::Send { to, message } => {
                let id = item.message_id.unwrap_or_default();
                let key = Self::dest_key(&to);
                writeln!(self.out, "── [{key}] message {id}")?;
                self.print_message(&key, &id, &message)?;
            }
            Effect::Edit { to, message_id, message } => {
                let key = Self::dest_key(&to);
                writeln!(self.out, "── [{key}] message {message_id} (edited)")?;
                self.print_message(&key, &message_id, &message)?;
            }
            Effect::Delete { to, message_id } => {
                writeln!(self.out, "── [{}] message {message_id} deleted", Self::dest_key(&to))?;
            }
            Effect::Strip { to, message_id } => {
                let key = Self::dest_key(&to);
                writeln!(self.out, "── [{key}] message {message_id} lost its buttons")?;
                if self.keyboards.get(&key).is_some_and(|(id, _)| *id == message_id) {
                    self.keyboards.remove(&key);
                }
            }
            Effect::OpenThread { to, name, .. } => {
                let thread = item.message_id.unwrap_or_default();
                writeln!(self.out, "── [{}] thread {thread} opened: {name}", Self::dest_key(&to))?;
            }
            // The engine's requests for the outbox; the driver prints what was delivered.
            Effect::Show { .. } | Effect::Clear { .. } => {}
        }
        Ok(())
    }

    /// Prints a message; its board goes to `boards/board-<message id>.png`, so an edited
    /// message's file shows its latest state, and a replay to `boards/replay-<message id>.gif`.
    fn print_message(&mut self, key: &str, id: &str, message: &Message) -> std::io::Result<()> {
        for line in message.text.lines() {
            writeln!(self.out, "  {line}")?;
        }
        for line in message.monospace.iter().flat_map(|block| block.lines()) {
            writeln!(self.out, "  | {line}")?;
        }
        if let Some(view) = &message.board {
            let path = self.boards_dir.join(format!("board-{id}.png"));
            let written = std::fs::create_dir_all(&self.boards_dir).and_then(|_| {
                std::fs::write(&path, igroteka_renderer::render_lang(view, &message.lang))
            });
            match written {
                Ok(()) => writeln!(self.out, "  [board: {}]", path.display())?,
                Err(e) => writeln!(self.out, "  [board could not be written: {e}]")?,
            }
        }
        if let Some(reel) = &message.replay {
            let path = self.boards_dir.join(format!("replay-{id}.gif"));
            let drawn = igroteka::replay::frames(reel)
                .ok()
                .and_then(|frames| igroteka_renderer::replay::animate(&frames, &message.lang));
            let written = drawn.ok_or_else(|| std::io::Error::other("the game's log is damaged"));
            let written = written.and_then(|animation| {
                std::fs::create_dir_all(&self.boards_dir)?;
                std::fs::write(&path, animation.gif)
            });
            match written {
                Ok(()) => writeln!(self.out, "  [replay: {}]", path.display())?,
                Err(e) => writeln!(self.out, "  [replay could not be written: {e}]")?,
            }
        }
        if message.buttons.is_empty() {
            return Ok(());
        }
        let mut numbered = Vec::new();
        for row in &message.buttons {
            let cells: Vec<String> = row
                .iter()
                .map(|button| match &button.kind {
                    ButtonKind::Token(token) => {
                        numbered.push((button.text.clone(), token.clone()));
                        format!("[{}] {}", numbered.len(), button.text)
                    }
                    ButtonKind::Url(url) => format!("[link] {} {url}", button.text),
                    // The console's private chat is always open: the button acts in place.
                    ButtonKind::PrivateChat(token) => {
                        numbered.push((button.text.clone(), token.clone()));
                        format!("[{}] {}", numbered.len(), button.text)
                    }
                })
                .collect();
            writeln!(self.out, "  {}", cells.join("   "))?;
        }
        self.keyboards.insert(key.to_string(), (id.to_string(), numbered));
        Ok(())
    }
}
