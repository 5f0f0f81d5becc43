//! Inputs refused for their shape before the engine reads them: a command too long to be one,
//! a typed move too long to be a move, button data the bot never made.
//!
//! Why here: the engine would refuse them too (an unknown command, a move that matches no
//! option, a token that does not parse, see `igroteka::app::token`), but only after taking the
//! update — a store write and a flush — and some of its answers quote what was typed
//! ("I don't know /…"), which would echo kilobytes of someone's text into a group. Checked at
//! the door, they cost nothing and are answered with the limit they broke.

use igroteka::app::token::Token;
use igroteka::app::{Action, Input};
/// The sizes (see the module docs), in characters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sizes {
    /// A command with its arguments (`/play air-battle edition=photo …`), the slash included.
    pub command_chars: usize,
    /// A typed move (`/move` or `/m` with its words).
    pub move_chars: usize,
}

impl Default for Sizes {
    fn default() -> Sizes {
        // The longest real `/play` with every setting spelt out is about 150 characters, and a
        // whole jump chain typed at once a few dozen.
        Sizes { command_chars: 300, move_chars: 120 }
    }
}

/// Why an input was refused for its shape.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Misshapen {
    /// A command longer than the limit, in characters (a typed move's limit for a move).
    TooLong { limit: usize, typed_move: bool },
    /// Button data that is not one of the bot's tokens.
    NotOurs,
}

impl Misshapen {
    /// The metrics' name for it.
    pub fn reason(&self) -> &'static str {
        match self {
            Misshapen::TooLong { typed_move: false, .. } => "command-too-long",
            Misshapen::TooLong { typed_move: true, .. } => "move-too-long",
            // The engine's own name for it: one reason, wherever it was refused.
            Misshapen::NotOurs => "press-forged",
        }
    }
}

/// Whether `input` is refused for its shape.
pub fn check(input: &Input, sizes: Sizes) -> Option<Misshapen> {
    match &input.action {
        Action::Command { name, args } => {
            let typed_move = name == "move" || name == "m";
            let limit = if typed_move { sizes.move_chars } else { sizes.command_chars };
            // As typed: the slash, the name, a space before each word.
            let length = 1
                + name.chars().count()
                + args.iter().map(|word| word.chars().count() + 1).sum::<usize>();
            (length > limit).then_some(Misshapen::TooLong { limit, typed_move })
        }
        Action::Press { token, .. } => Token::parse(token).is_none().then_some(Misshapen::NotOurs),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use igroteka::app::{Chat, User};
    use igroteka::table::Platform;

    use super::*;

    fn input(action: Action) -> Input {
        Input {
            platform: Platform::Telegram,
            chat: Chat { id: "-1".into(), private: false, thread: None, server: None },
            user: User { id: "1".into(), name: "Ann".into(), admin: false, lang: None },
            now: 0,
            action,
        }
    }

    fn command(line: &str) -> Input {
        let mut words = line.split(' ');
        let name = words.next().unwrap().trim_start_matches('/').to_string();
        input(Action::Command { name, args: words.map(str::to_string).collect() })
    }

    #[test]
    fn commands_up_to_the_limit_pass_and_longer_ones_do_not() {
        let sizes = Sizes { command_chars: 20, move_chars: 10 };
        let exactly = "/play aeroplane x=12"; // 20 characters
        assert_eq!(exactly.chars().count(), 20);
        assert_eq!(check(&command(exactly), sizes), None);
        assert_eq!(
            check(&command("/play aeroplane x=123"), sizes),
            Some(Misshapen::TooLong { limit: 20, typed_move: false })
        );
        // Characters, not bytes: twenty Cyrillic letters are twenty.
        assert_eq!(check(&command("/play идут танки"), sizes), None);
        let long_name = format!("/{}", "a".repeat(4000));
        assert!(check(&command(&long_name), sizes).is_some());
    }

    #[test]
    fn typed_moves_have_their_own_limit() {
        let sizes = Sizes { command_chars: 100, move_chars: 10 };
        assert_eq!(check(&command("/m c3 e5"), sizes), None);
        assert_eq!(
            check(&command("/move c3 e5 g7"), sizes),
            Some(Misshapen::TooLong { limit: 10, typed_move: true })
        );
        assert_eq!(
            check(&command("/m c3 e5 g7 e5 c3"), sizes),
            Some(Misshapen::TooLong { limit: 10, typed_move: true })
        );
    }

    #[test]
    fn only_our_tokens_are_presses() {
        let press = |token: &str| input(Action::Press { token: token.into(), message_id: None });
        assert_eq!(check(&press("t12:3:j"), Sizes::default()), None);
        assert_eq!(check(&press("t12:0.4.1.0000beef:c2"), Sizes::default()), None);
        for bad in ["", "not a token", "t1:2:zz", &"t1:2:j".repeat(30)] {
            assert_eq!(check(&press(bad), Sizes::default()), Some(Misshapen::NotOurs), "{bad}");
        }
    }

    #[test]
    fn text_and_the_rest_pass() {
        let text = input(Action::Text { text: "x".repeat(10_000) });
        assert_eq!(check(&text, Sizes::default()), None);
    }
}
