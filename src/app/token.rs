//! Button tokens, short enough for Telegram's 64-byte callback data and Discord's
//! 100-character custom ids:
//!
//! - `t<table>:<seq>:<op>` for the lobby and the `/play` picker;
//! - `t<table>:<seat>.<acted>.<picks>.<step>:<op>` for a seat's move keyboard: the seat it was
//!   made for, how many actions that seat had taken, how many picks or page turns it had made
//!   since, and a fingerprint of the options the keyboard shows. A press is current only if all
//!   four still hold — so the player's own double-tap is stale, while another player's move in
//!   a simultaneous phase (the secret set-up) does not make this player's buttons stale unless
//!   it changed what they offer.
//!
//! A token names, never grants: every press is checked against the stored table (chat, seat,
//! version, who may act now), so a forged token can do no more than the presser could anyway.

/// What a button does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    Join,
    Leave,
    Start,
    /// Cycle lobby setting number `n` to its next value.
    Setting(usize),
    /// Pick option `n` of the current choice step.
    Choose(usize),
    /// Show page `n` of the current step.
    Page(usize),
    /// Undo the last pick of the current choice.
    Back,
    /// Start a new game of registry entry `n` (the `/play` picker; no table yet).
    Pick(usize),
    /// Show the presser their own view (and pending private choices) privately.
    Mine,
    /// Seat a computer player of level `n` (easy, normal, strong) in the lobby.
    AddComputer(usize),
    /// Take the last computer player out of the lobby.
    DropComputer,
    /// Vote on removing the player whose time ran out: `true` remove, `false` wait. The
    /// token's version is the time the vote opened.
    Vote(bool),
    /// A finished game's Rematch: a lobby for the same game, settings and computers.
    Rematch,
    /// A finished game's Replay: its animation, sent to the chat.
    Replay,
    /// On a take-back request: `true` accept, `false` refuse. The token's version is the log's
    /// length when it was asked.
    Undo(bool),
    /// A spectator's "Stop watching" (any version: every board of theirs may stop it).
    Unwatch,
}

/// What a move keyboard was made from (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Keyboard {
    pub seat: usize,
    pub acted: u64,
    pub picks: u64,
    pub step: u32,
}

/// Which state a button belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Version {
    /// The table's sequence number (lobby buttons).
    Seq(u64),
    Keyboard(Keyboard),
}

/// A parsed token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token {
    pub table: u64,
    pub version: Version,
    pub op: Op,
}

impl Token {
    /// A lobby (or picker) token.
    pub fn new(table: u64, seq: u64, op: Op) -> Token {
        Token { table, version: Version::Seq(seq), op }
    }

    /// A move-keyboard token.
    pub fn keyboard(table: u64, keyboard: Keyboard, op: Op) -> Token {
        Token { table, version: Version::Keyboard(keyboard), op }
    }

    pub fn encode(&self) -> String {
        let op = match self.op {
            Op::Join => "j".to_string(),
            Op::Leave => "l".to_string(),
            Op::Start => "s".to_string(),
            Op::Setting(n) => format!("o{n}"),
            Op::Choose(n) => format!("c{n}"),
            Op::Page(n) => format!("p{n}"),
            Op::Back => "b".to_string(),
            Op::Pick(n) => format!("g{n}"),
            Op::Mine => "v".to_string(),
            Op::Vote(remove) => format!("x{}", u8::from(remove)),
            Op::AddComputer(n) => format!("a{n}"),
            Op::DropComputer => "d".to_string(),
            Op::Rematch => "r".to_string(),
            Op::Replay => "y".to_string(),
            Op::Unwatch => "u".to_string(),
            Op::Undo(accept) => format!("z{}", u8::from(accept)),
        };
        match self.version {
            Version::Seq(seq) => format!("t{}:{seq}:{op}", self.table),
            Version::Keyboard(Keyboard { seat, acted, picks, step }) => {
                format!("t{}:{seat}.{acted}.{picks}.{step:08x}:{op}", self.table)
            }
        }
    }

    /// Reads a token; anything else (forged, truncated, from another bot) is `None`.
    pub fn parse(s: &str) -> Option<Token> {
        if s.len() > 64 {
            return None;
        }
        let mut parts = s.strip_prefix('t')?.split(':');
        let table = parse_number(parts.next()?)?;
        let version = parse_version(parts.next()?)?;
        let op = parts.next()?;
        if parts.next().is_some() || op.is_empty() {
            return None;
        }
        // The first character, whatever its width: forged data may start the operation with
        // a multi-byte one.
        let (kind, rest) = op.split_at(op.chars().next()?.len_utf8());
        let n = || parse_number(rest).and_then(|n| usize::try_from(n).ok());
        let op = match (kind, rest.is_empty()) {
            ("j", true) => Op::Join,
            ("l", true) => Op::Leave,
            ("s", true) => Op::Start,
            ("b", true) => Op::Back,
            ("v", true) => Op::Mine,
            ("d", true) => Op::DropComputer,
            ("r", true) => Op::Rematch,
            ("y", true) => Op::Replay,
            ("u", true) => Op::Unwatch,
            ("a", false) => Op::AddComputer(n()?),
            ("o", false) => Op::Setting(n()?),
            ("c", false) => Op::Choose(n()?),
            ("p", false) => Op::Page(n()?),
            ("g", false) => Op::Pick(n()?),
            ("x", false) if rest == "0" || rest == "1" => Op::Vote(rest == "1"),
            ("z", false) if rest == "0" || rest == "1" => Op::Undo(rest == "1"),
            _ => return None,
        };
        Some(Token { table, version, op })
    }
}

fn parse_version(s: &str) -> Option<Version> {
    let parts: Vec<&str> = s.split('.').collect();
    match parts.as_slice() {
        [seq] => Some(Version::Seq(parse_number(seq)?)),
        [seat, acted, picks, step] => {
            let valid_hex = step.len() == 8 && step.bytes().all(|b| b.is_ascii_hexdigit());
            Some(Version::Keyboard(Keyboard {
                seat: usize::try_from(parse_number(seat)?).ok()?,
                acted: parse_number(acted)?,
                picks: parse_number(picks)?,
                step: if valid_hex { u32::from_str_radix(step, 16).ok()? } else { return None },
            }))
        }
        _ => None,
    }
}

/// A short fingerprint of the labels a keyboard offers (FNV-1a), so a button whose options
/// changed under it is recognised as stale.
pub fn fingerprint<'a>(keys: impl IntoIterator<Item = &'a str>) -> u32 {
    let mut hash: u32 = 0x811c_9dc5;
    for key in keys {
        for byte in key.bytes().chain(std::iter::once(0)) {
            hash ^= u32::from(byte);
            hash = hash.wrapping_mul(0x0100_0193);
        }
    }
    hash
}

/// Decimal digits only (no sign, no spaces, no leading `+`), at most 20 of them (`u64::MAX`
/// has 20; a larger number is refused by the parse itself).
fn parse_number(s: &str) -> Option<u64> {
    if s.is_empty() || s.len() > 20 || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_every_op_within_64_bytes() {
        let ops = [
            Op::Join,
            Op::Leave,
            Op::Start,
            Op::Setting(3),
            Op::Choose(19),
            Op::Page(2),
            Op::Back,
            Op::Pick(4),
            Op::Mine,
            Op::Vote(true),
            Op::Vote(false),
            Op::AddComputer(2),
            Op::DropComputer,
            Op::Rematch,
            Op::Replay,
            Op::Unwatch,
            Op::Undo(true),
            Op::Undo(false),
        ];
        for op in ops {
            let keyboard = Keyboard { seat: 3, acted: 1_000_000, picks: 99_999, step: u32::MAX };
            for t in
                [Token::new(u64::MAX / 2, 1_000_000, op), Token::keyboard(1 << 40, keyboard, op)]
            {
                let s = t.encode();
                assert!(s.len() <= 64, "{s}");
                assert_eq!(Token::parse(&s), Some(t));
            }
        }
    }

    #[test]
    fn rejects_malformed_tokens() {
        for bad in [
            "",
            "t",
            "t1",
            "t1:2",
            "t1:2:",
            "t1:2:x",
            "t1:2:c",
            "t1:2:j5",
            "x1:2:j",
            "t-1:2:j",
            "t1:2:c+3",
            "t1:2:j:4",
            "t99999999999999999999:1:j",
            "t1: 2:j",
            "t1:2:x2",
            "t1:2:x",
        ] {
            assert_eq!(Token::parse(bad), None, "{bad:?} parsed");
        }
        assert_eq!(Token::parse(&"t1:2:c".repeat(20)), None);
    }

    /// Found by `tests/fuzz_tokens.rs`: a forged token whose operation begins with a
    /// multi-byte character panicked the parser (the engine caught it as an internal error).
    #[test]
    fn an_operation_starting_with_a_multi_byte_character_is_refused() {
        for bad in ["t2:0.4.0.bf29a433:\u{fffd}c0", "t1:2:é", "t1:2:\u{1f3b2}", "t1:2:ж5"] {
            assert_eq!(Token::parse(bad), None, "{bad:?} parsed");
        }
    }

    /// Found by `tests/fuzz_tokens.rs`: a number of 20 digits (up to `u64::MAX`) was written
    /// into tokens but refused when read back.
    #[test]
    fn twenty_digit_numbers_read_back() {
        let keyboard = Keyboard { seat: 10_000_000_000_000_000_000, acted: 0, picks: 0, step: 0 };
        for token in [
            Token::keyboard(0, keyboard, Op::Join),
            Token::new(u64::MAX, 1, Op::Join),
            Token::new(1, 1, Op::Choose(usize::MAX)),
        ] {
            assert_eq!(Token::parse(&token.encode()), Some(token), "{}", token.encode());
        }
        assert_eq!(Token::parse("t18446744073709551616:1:j"), None, "u64::MAX + 1");
        assert_eq!(Token::parse("t118446744073709551615:1:j"), None, "21 digits");
    }

    #[test]
    fn fingerprints_tell_label_lists_apart() {
        assert_eq!(fingerprint(["a", "b"]), fingerprint(["a", "b"]));
        assert_ne!(fingerprint(["a", "b"]), fingerprint(["b", "a"]));
        assert_ne!(fingerprint(["ab"]), fingerprint(["a", "b"]));
    }
}
