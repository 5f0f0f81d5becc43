//! Which gateway shards this process runs: `discord.shards` (or `DISCORD_SHARDS`), written
//! `FIRST-LAST/TOTAL` (`0-1/4`: shards 0 and 1 of 4) or `SHARD/TOTAL` (`2/4`).
//!
//! Discord sends each guild's events to the connection identified with shard
//! `(guild_id >> 22) % TOTAL`, and events of no guild (DMs) to shard 0 only. Several processes
//! over one PostgreSQL database therefore split a bot by giving each its own range of one
//! shared total; which process takes an interaction does not matter, since any process can
//! apply any table (docs/discord.md, "Several processes"). Without the setting the process runs
//! the one unsharded connection, as serenity's `Client::start` does.

use std::fmt;

use serenity::Client;

/// Shards `first..=last` of `total`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shards {
    pub first: u32,
    pub last: u32,
    pub total: u32,
}

/// The setting's name, as its errors give it.
const SETTING: &str = "discord.shards (DISCORD_SHARDS)";

impl Shards {
    /// Parses `FIRST-LAST/TOTAL` or `SHARD/TOTAL`; an error names the setting and says what is
    /// wrong.
    pub fn parse(text: &str) -> Result<Shards, String> {
        let garbage = || {
            format!("{SETTING} must be FIRST-LAST/TOTAL or SHARD/TOTAL (e.g. 0-1/4), not {text:?}")
        };
        let number = |s: &str| s.trim().parse::<u32>().map_err(|_| garbage());
        let (range, total) = text.trim().split_once('/').ok_or_else(garbage)?;
        let (first, last) = match range.split_once('-') {
            Some((first, last)) => (number(first)?, number(last)?),
            None => (number(range)?, number(range)?),
        };
        let total = number(total)?;
        if total == 0 {
            return Err(format!("{SETTING}: the total number of shards must be at least 1"));
        }
        if last < first {
            return Err(format!(
                "{SETTING}: the last shard ({last}) comes before the first ({first})"
            ));
        }
        if last >= total {
            return Err(format!(
                "{SETTING}: there is no shard {last} of {total} (shards are numbered 0 to {})",
                total - 1
            ));
        }
        Ok(Shards { first, last, total })
    }

    /// Starts serenity's connections for these shards (or the one unsharded connection) and
    /// runs until they end.
    pub async fn start(shards: Option<Shards>, client: &mut Client) -> serenity::Result<()> {
        match shards {
            None => client.start().await,
            // serenity 0.12.5's `start_shard_range(range, total)` passes `range.end` on as the
            // last shard *to start, inclusive* (`start_connection(start, end, total)` boots
            // `end - start + 1` shards), despite taking a `Range`: `first..last` starts shards
            // `first` to `last`, both included. The one place that quirk is handled.
            Some(Shards { first, last, total }) => {
                client.start_shard_range(first..last, total).await
            }
        }
    }
}

/// The setting as the user writes it.
impl fmt::Display for Shards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.first == self.last {
            write!(f, "{}/{}", self.first, self.total)
        } else {
            write!(f, "{}-{}/{}", self.first, self.last, self.total)
        }
    }
}

/// The shards configured: `DISCORD_SHARDS` when set, else `discord.shards`, else none (the
/// one unsharded connection).
pub fn configured(env: Option<String>, config: Option<&str>) -> Result<Option<Shards>, String> {
    match env.as_deref().filter(|v| !v.trim().is_empty()).or(config) {
        Some(text) => Shards::parse(text).map(Some),
        None => Ok(None),
    }
}

/// What the start-up log line says about the connections.
pub fn describe(shards: Option<Shards>) -> String {
    match shards {
        None => "one unsharded gateway connection".into(),
        Some(s) if s.first == s.last => format!("gateway shard {} of {}", s.first, s.total),
        Some(s) => format!("gateway shards {} to {} of {}", s.first, s.last, s.total),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shards(first: u32, last: u32, total: u32) -> Shards {
        Shards { first, last, total }
    }

    #[test]
    fn ranges_and_single_shards_parse() {
        assert_eq!(Shards::parse("0-1/4"), Ok(shards(0, 1, 4)));
        assert_eq!(Shards::parse(" 2 / 4 "), Ok(shards(2, 2, 4)));
        assert_eq!(Shards::parse("0/1"), Ok(shards(0, 0, 1)));
        assert_eq!(Shards::parse("3-3/4"), Ok(shards(3, 3, 4)));
        assert_eq!(Shards::parse("1-1/2").unwrap().to_string(), "1/2");
        assert_eq!(Shards::parse("0-3/16").unwrap().to_string(), "0-3/16");
    }

    #[test]
    fn bad_values_name_the_setting_and_the_fault() {
        let cases = [
            ("1-0/4", "comes before"),
            ("4/4", "no shard 4 of 4"),
            ("0-4/4", "numbered 0 to 3"),
            ("0/0", "at least 1"),
            ("0-1", "FIRST-LAST/TOTAL"),
            ("a-b/c", "FIRST-LAST/TOTAL"),
            ("-1/4", "FIRST-LAST/TOTAL"),
            ("0-1/4/8", "FIRST-LAST/TOTAL"),
            ("", "FIRST-LAST/TOTAL"),
            ("99999999999/4", "FIRST-LAST/TOTAL"),
        ];
        for (text, why) in cases {
            let err = Shards::parse(text).expect_err(text);
            assert!(err.starts_with("discord.shards"), "{text}: {err}");
            assert!(err.contains(why), "{text}: {err}");
        }
    }

    #[test]
    fn the_environment_wins_over_the_file() {
        assert_eq!(configured(None, None), Ok(None));
        assert_eq!(configured(Some(" ".into()), None), Ok(None));
        assert_eq!(configured(None, Some("1/2")), Ok(Some(shards(1, 1, 2))));
        assert_eq!(configured(Some("0/2".into()), Some("1/2")), Ok(Some(shards(0, 0, 2))));
        assert!(configured(Some("2/2".into()), Some("1/2")).is_err());
    }

    #[test]
    fn the_log_says_which_shards_run() {
        assert_eq!(describe(None), "one unsharded gateway connection");
        assert_eq!(describe(Some(shards(1, 1, 2))), "gateway shard 1 of 2");
        assert_eq!(describe(Some(shards(0, 1, 4))), "gateway shards 0 to 1 of 4");
    }
}
