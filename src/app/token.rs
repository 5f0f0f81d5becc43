//! Button tokens: `t<table>:<seq>:<op>` for the lobby, `t<table>:<log>.<view>:<op>` for a
//! seat's move keyboard (the game's log length and that seat's pick counter, so one player's
//! picks never make another player's buttons stale). Short enough for Telegram's 64-byte callback data
//! and Discord's 100-character custom ids. A token names, never grants: every press is checked
//! against the stored table (chat, sequence number, who may act), so a forged token can do no
//! more than the presser could do anyway.

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
}

/// A parsed token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token {
    pub table: u64,
    /// The table's sequence number (lobby), or its log length (move keyboards).
    pub seq: u64,
    /// The seat's pick counter, on move keyboards only.
    pub sub: Option<u64>,
    pub op: Op,
}

impl Token {
    pub fn new(table: u64, seq: u64, op: Op) -> Token {
        Token { table, seq, sub: None, op }
    }

    /// A move-keyboard token versioned by the log length and the seat's pick counter.
    pub fn keyboard(table: u64, log: u64, view: u64, op: Op) -> Token {
        Token { table, seq: log, sub: Some(view), op }
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
        };
        match self.sub {
            Some(sub) => format!("t{}:{}.{}:{}", self.table, self.seq, sub, op),
            None => format!("t{}:{}:{}", self.table, self.seq, op),
        }
    }

    /// Reads a token; anything else (forged, truncated, from another bot) is `None`.
    pub fn parse(s: &str) -> Option<Token> {
        if s.len() > 64 {
            return None;
        }
        let mut parts = s.strip_prefix('t')?.split(':');
        let table = parse_number(parts.next()?)?;
        let version = parts.next()?;
        let (seq, sub) = match version.split_once('.') {
            Some((seq, sub)) => (parse_number(seq)?, Some(parse_number(sub)?)),
            None => (parse_number(version)?, None),
        };
        let op = parts.next()?;
        if parts.next().is_some() || op.is_empty() {
            return None;
        }
        let (kind, rest) = op.split_at(1);
        let n = || parse_number(rest).and_then(|n| usize::try_from(n).ok());
        let op = match (kind, rest.is_empty()) {
            ("j", true) => Op::Join,
            ("l", true) => Op::Leave,
            ("s", true) => Op::Start,
            ("b", true) => Op::Back,
            ("o", false) => Op::Setting(n()?),
            ("c", false) => Op::Choose(n()?),
            ("p", false) => Op::Page(n()?),
            ("g", false) => Op::Pick(n()?),
            _ => return None,
        };
        Some(Token { table, seq, sub, op })
    }
}

/// Decimal digits only (no sign, no spaces, no leading `+`), at most 19 of them.
fn parse_number(s: &str) -> Option<u64> {
    if s.is_empty() || s.len() > 19 || !s.bytes().all(|b| b.is_ascii_digit()) {
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
        ];
        for op in ops {
            for t in [
                Token::new(u64::MAX / 2, 1_000_000, op),
                Token::keyboard(u64::MAX / 2, 1_000_000, 99_999, op),
            ] {
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
        ] {
            assert_eq!(Token::parse(bad), None, "{bad:?} parsed");
        }
        assert_eq!(Token::parse(&"t1:2:c".repeat(20)), None);
    }
}
