//! Property tests of the configuration file (`config/igroteka.toml`, or `IGROTEKA_CONFIG`):
//! written by hand, so anything may be in it.
//!
//! - any text is read or refused, never panics, and a refusal never quotes the file (it may
//!   hold a token); what is read gives a data folder and a cache size without overflow;
//! - a file written from random values (tokens, URLs with passwords, addresses, numbers) reads
//!   back those values, and its `Debug` form never shows a token, a webhook secret or a
//!   database password;
//! - a valid file flipped, cut or spliced is read or refused the same way.
//!
//! `IGROTEKA_FUZZ_CASES=N` runs N cases per target (docs/operations.md, "Fuzzing").

#[allow(dead_code)]
#[path = "../src/config.rs"]
mod config;
// config.rs reads the process's start time from the bot's clock, and holds the limits'
// settings.
#[path = "../src/limits/mod.rs"]
#[allow(dead_code)]
mod limits;
#[path = "../src/time.rs"]
#[allow(dead_code)]
mod time;

use config::Config;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

fn cases(default: u32) -> u32 {
    std::env::var("IGROTEKA_FUZZ_CASES").ok().and_then(|v| v.trim().parse().ok()).unwrap_or(default)
}

fn fuzz_config(default: u32) -> ProptestConfig {
    ProptestConfig { cases: cases(default), failure_persistence: None, ..ProptestConfig::default() }
}

/// Reads `text` as the configuration file, with no environment besides naming it.
fn load(text: &[u8]) -> Result<Config, String> {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("igroteka.toml");
    std::fs::write(&file, text).unwrap();
    let path = file.display().to_string();
    Config::load(&move |k: &str| (k == "IGROTEKA_CONFIG").then(|| path.clone())).map_err(|e| e.0)
}

/// A secret-looking value that the file holds and nothing may echo.
const SECRET: &str = "SECRET-91f2c";

fn check_any(text: &[u8]) -> Result<(), TestCaseError> {
    match load(text) {
        Ok(config) => {
            let _ = config.data_dir();
            let _ = config.cache_bytes();
            if let Some(url) = &config.database.url {
                let _ = config::shown_url(url);
            }
            let shown = format!("{config:?}");
            for secret in
                [&config.telegram.token, &config.discord.token, &config.telegram.webhook_secret]
                    .into_iter()
                    .flatten()
                    .filter(|s| s.len() >= 4)
            {
                prop_assert!(!shown.contains(secret.as_str()), "{shown}");
            }
        }
        Err(e) => prop_assert!(!e.contains(SECRET), "the error quotes the file: {e}"),
    }
    Ok(())
}

const VALID: &str = "data_dir = \"data\"\ncache_mb = 16\n[telegram]\ntoken = \"SECRET-91f2c-tg\"\n\
    username = \"bot\"\nwebhook_url = \"https://x.example/tg\"\nlisten = \"127.0.0.1:8443\"\n\
    webhook_secret = \"SECRET-91f2c-hook\"\n[discord]\ntoken = \"SECRET-91f2c-dc\"\n\
    guild_id = \"1\"\n[log]\nformat = \"json\"\n[metrics]\nlisten = \"127.0.0.1:9090\"\n\
    [database]\nurl = \"postgres://bot:SECRET-91f2c-pw@db/igroteka\"\n";

/// A TOML basic string holding `s`.
fn quoted(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => out.push_str(&format!("\\u{:04X}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

proptest! {
    #![proptest_config(fuzz_config(500))]

    #[test]
    fn any_text_is_read_or_refused_without_quoting_it(
        text in prop_oneof![
            any::<String>(),
            "([a-z_.\\[\\]]{0,12} ?= ?(\"[a-zA-Z0-9:/@.-]{0,10}\"|[0-9]{1,22}|true|\\[\\])\n){0,6}",
        ],
    ) {
        check_any(format!("{text}\n# {SECRET}").as_bytes())?;
    }

    #[test]
    fn a_valid_file_damaged_is_read_or_refused(mutations in prop::collection::vec((any::<usize>(), any::<u8>(), 0u8..3), 1..5)) {
        let mut bytes = VALID.as_bytes().to_vec();
        for (at, byte, how) in mutations {
            let at = at % (bytes.len() + 1);
            match how {
                0 => bytes.truncate(at),
                1 => bytes.insert(at, byte),
                _ if at < bytes.len() => bytes[at] = byte,
                _ => {}
            }
        }
        check_any(&bytes)?;
    }

    #[test]
    fn written_values_read_back_and_secrets_stay_hidden(
        token in "[A-Za-z0-9:_-]{8,40}",
        secret in "[A-Za-z0-9_-]{8,40}",
        password in "[A-Za-z0-9]{8,20}",
        data_dir in any::<String>(),
        cache_mb in prop_oneof![0u64..4096, any::<u64>()],
        listen in any::<String>(),
    ) {
        let text = format!(
            "data_dir = {}\ncache_mb = {}\n[telegram]\ntoken = {}\nwebhook_secret = {}\n\
             [metrics]\nlisten = {}\n[database]\nurl = {}\n",
            quoted(&data_dir), cache_mb.min(i64::MAX as u64), quoted(&token), quoted(&secret), quoted(&listen),
            quoted(&format!("postgres://bot:{password}@db/igroteka")),
        );
        let config = load(text.as_bytes()).map_err(TestCaseError::fail)?;
        prop_assert_eq!(config.data_dir(), std::path::PathBuf::from(&data_dir));
        prop_assert_eq!(config.cache_mb, Some(cache_mb.min(i64::MAX as u64)));
        let _ = config.cache_bytes();
        prop_assert_eq!(config.telegram.token.as_deref(), Some(token.as_str()));
        prop_assert_eq!(config.metrics.listen.as_deref(), Some(listen.as_str()));
        let shown = format!("{config:?}");
        prop_assert!(!shown.contains(&token) && !shown.contains(&secret) && !shown.contains(&password), "{shown}");
    }
}

/// Found by `written_values_read_back_and_secrets_stay_hidden`: a `cache_mb` above 2^44
/// overflowed the conversion to bytes (a panic at start). It is capped now.
#[test]
fn a_huge_cache_size_does_not_overflow() {
    let config = load(b"cache_mb = 9223372036854775807\n").unwrap();
    assert_eq!(config.cache_bytes(), u64::MAX);
}
