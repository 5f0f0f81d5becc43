//! Configuration: `config/igroteka.toml` (or the file named by `IGROTEKA_CONFIG`), then the
//! environment, which wins. Tokens are secrets: they are read here, handed to the adapters and
//! never printed — [`Config`]'s `Debug` hides them.

use std::path::{Path, PathBuf};

use igroteka::app::AppConfig;
use igroteka::table::{Platform, UserId};
use serde::Deserialize;

/// The file read when `IGROTEKA_CONFIG` is not set.
pub const DEFAULT_CONFIG: &str = "config/igroteka.toml";

#[derive(Clone, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// The sled data folder.
    pub data_dir: Option<PathBuf>,
    /// sled's cache cap in megabytes (default 32).
    pub cache_mb: Option<u64>,
    pub telegram: PlatformConfig,
    pub discord: PlatformConfig,
    /// Logs (docs/operations.md).
    pub log: LogConfig,
    /// The health and metrics listener (docs/operations.md).
    pub metrics: MetricsConfig,
    /// PostgreSQL instead of the sled folder (docs/storage.md, "PostgreSQL").
    pub database: DatabaseConfig,
    /// Abuse limits (docs/operations.md, "Abuse limits").
    pub limits: crate::limits::Settings,
}

#[derive(Clone, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DatabaseConfig {
    /// `postgres://user[:password]@host[:port]/database` (none: the sled folder).
    pub url: Option<String>,
}

/// The URL without its password: what may be shown in a message or a log.
impl std::fmt::Debug for DatabaseConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DatabaseConfig").field("url", &self.url.as_deref().map(shown_url)).finish()
    }
}

/// `url` with any password replaced by `***`.
pub fn shown_url(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else { return url.to_string() };
    let Some((credentials, host)) = rest.rsplit_once('@') else { return url.to_string() };
    match credentials.split_once(':') {
        Some((user, _)) => format!("{scheme}://{user}:***@{host}"),
        None => url.to_string(),
    }
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LogConfig {
    /// `text` (the default) or `json`: one JSON object per line.
    pub format: Option<String>,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct MetricsConfig {
    /// The address `/healthz` and `/metrics` are served on (none: not served).
    pub listen: Option<String>,
}

#[derive(Clone, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PlatformConfig {
    pub token: Option<String>,
    /// The bot's username (Telegram deep links).
    pub username: Option<String>,
    /// The API base URL (a local emulator in tests).
    pub api_url: Option<String>,
    /// Discord: register the slash commands for this guild only (instant) instead of globally.
    pub guild_id: Option<String>,
    /// Discord: the gateway shards this process runs, `FIRST-LAST/TOTAL` or `SHARD/TOTAL`
    /// (none: one unsharded connection; see `discord::shards`).
    pub shards: Option<String>,
    /// Telegram: the public HTTPS URL Telegram posts updates to (webhook mode); without it the
    /// bot uses long polling.
    pub webhook_url: Option<String>,
    /// Telegram webhook mode: the local address the HTTP server binds (default
    /// `127.0.0.1:8443`).
    pub listen: Option<String>,
    /// Telegram webhook mode: the `X-Telegram-Bot-Api-Secret-Token` every update must carry
    /// (`A-Z a-z 0-9 _ -`, 1–256 characters); without it, one derived from the bot token (the
    /// same in every process of the bot, as several behind one URL need).
    pub webhook_secret: Option<String>,
    /// The bot's owners here, by user id: they may use `/botstats`, `/abort` and
    /// `/maintenance` (docs/operations.md, "The owner's commands").
    pub owners: Vec<Id>,
    /// Discord: the server the owner's commands are registered in, visible there to its
    /// administrators only (docs/discord.md); without it Discord has no owner's commands.
    pub owner_guild: Option<String>,
}

/// A user or server id, written as a number or as a string of digits.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(untagged)]
pub enum Id {
    Number(u64),
    Text(String),
}

impl Id {
    /// The id as digits, or `None` when it is not one.
    pub fn digits(&self) -> Option<String> {
        match self {
            Id::Number(n) => Some(n.to_string()),
            Id::Text(t) => {
                let t = t.trim();
                (!t.is_empty() && t.chars().all(|c| c.is_ascii_digit())).then(|| t.to_string())
            }
        }
    }
}

impl std::fmt::Debug for PlatformConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut out = f.debug_struct("PlatformConfig");
        out.field("token", &self.token.as_ref().map(|_| "<hidden>"))
            .field("username", &self.username)
            .field("api_url", &self.api_url)
            .field("guild_id", &self.guild_id)
            .field("shards", &self.shards)
            .field("webhook_url", &self.webhook_url)
            .field("listen", &self.listen)
            .field("owners", &self.owners)
            .field("owner_guild", &self.owner_guild);
        // Shown only when set (and then hidden), so an unset one prints nothing secret-like.
        if self.webhook_secret.is_some() {
            out.field("webhook_secret", &"<hidden>");
        }
        out.finish()
    }
}

impl std::fmt::Debug for Config {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Config")
            .field("data_dir", &self.data_dir)
            .field("cache_mb", &self.cache_mb)
            .field("telegram", &self.telegram)
            .field("discord", &self.discord)
            .field("log", &self.log)
            .field("metrics", &self.metrics)
            .field("database", &self.database)
            .field("limits", &self.limits)
            .finish()
    }
}

/// Why the configuration could not be read.
#[derive(Debug)]
pub struct ConfigError(pub String);

impl std::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl Config {
    /// Reads the file (when present) and applies the environment on top.
    pub fn load(env: &dyn Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        let named = env("IGROTEKA_CONFIG");
        let path = PathBuf::from(named.clone().unwrap_or_else(|| DEFAULT_CONFIG.to_string()));
        let mut config = match std::fs::read_to_string(&path) {
            Ok(text) => Self::parse(&text, &path)?,
            Err(_) if named.is_none() => Config::default(),
            Err(e) => return Err(ConfigError(format!("cannot read {}: {e}", path.display()))),
        };
        let set = |slot: &mut Option<String>, var: &str| {
            if let Some(value) = env(var).filter(|v| !v.trim().is_empty()) {
                *slot = Some(value);
            }
        };
        set(&mut config.telegram.token, "TELEGRAM_BOT_TOKEN");
        set(&mut config.telegram.api_url, "TELOXIDE_API_URL");
        set(&mut config.telegram.webhook_url, "TELEGRAM_WEBHOOK_URL");
        set(&mut config.telegram.listen, "TELEGRAM_LISTEN");
        set(&mut config.telegram.webhook_secret, "TELEGRAM_WEBHOOK_SECRET");
        set(&mut config.discord.token, "DISCORD_BOT_TOKEN");
        set(&mut config.log.format, "IGROTEKA_LOG_FORMAT");
        set(&mut config.metrics.listen, "IGROTEKA_METRICS_LISTEN");
        set(&mut config.database.url, "IGROTEKA_DATABASE_URL");
        if let Some(switch) = env("IGROTEKA_LIMITS").filter(|v| !v.trim().is_empty()) {
            config.limits.enabled = match switch.trim() {
                "on" => true,
                "off" => false,
                _ => return Err(ConfigError("IGROTEKA_LIMITS must be on or off".into())),
            };
        }
        if let Some(dir) = env("IGROTEKA_DATA").filter(|v| !v.trim().is_empty()) {
            config.data_dir = Some(PathBuf::from(dir));
        }
        set(&mut config.discord.owner_guild, "DISCORD_OWNER_GUILD");
        for (owners, var) in [
            (&mut config.telegram.owners, "TELEGRAM_OWNERS"),
            (&mut config.discord.owners, "DISCORD_OWNERS"),
        ] {
            if let Some(list) = env(var).filter(|v| !v.trim().is_empty()) {
                *owners = list
                    .split([',', ' '])
                    .filter(|id| !id.is_empty())
                    .map(|id| Id::Text(id.to_string()))
                    .collect();
            }
        }
        config.owners()?;
        Ok(config)
    }

    /// The owners of both platforms, as the engine knows users; an id that is not a number
    /// is refused.
    pub fn owners(&self) -> Result<Vec<UserId>, ConfigError> {
        let mut out = Vec::new();
        for (platform, key, ids) in [
            (Platform::Telegram, "telegram.owners", &self.telegram.owners),
            (Platform::Discord, "discord.owners", &self.discord.owners),
        ] {
            for id in ids {
                let Some(digits) = id.digits() else {
                    return Err(ConfigError(format!("{key} holds {id:?}, which is not a user id")));
                };
                out.push(UserId { platform, id: digits });
            }
        }
        Ok(out)
    }

    /// The engine's settings: the owners, when this process started, and the caps on lobbies
    /// and tables (both adapters start their engine with it).
    pub fn app_config(&self) -> AppConfig {
        AppConfig {
            owners: self.owners().unwrap_or_default(),
            started_at: Some(crate::time::started_ms()),
            caps: self.limits.caps(),
            ..AppConfig::default()
        }
    }

    fn parse(text: &str, path: &Path) -> Result<Config, ConfigError> {
        // The error text of a TOML parser may quote the offending line, which could hold a
        // token: report the position only.
        toml::from_str(text).map_err(|e| {
            let at = e.span().map(|s| format!(" at byte {}", s.start)).unwrap_or_default();
            ConfigError(format!("{} is not valid configuration{at}", path.display()))
        })
    }

    pub fn data_dir(&self) -> PathBuf {
        self.data_dir.clone().unwrap_or_else(|| PathBuf::from("data"))
    }

    /// The cache cap in bytes; a number of megabytes too large for bytes means no cap.
    pub fn cache_bytes(&self) -> u64 {
        self.cache_mb
            .map(|mb| mb.saturating_mul(1024 * 1024))
            .unwrap_or(igroteka::store::DEFAULT_CACHE_BYTES)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn environment_wins_and_debug_hides_tokens() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("c.toml");
        std::fs::write(&file, "data_dir = \"x\"\n[telegram]\ntoken = \"file-secret\"\n").unwrap();
        let path = file.display().to_string();
        let env = move |k: &str| match k {
            "IGROTEKA_CONFIG" => Some(path.clone()),
            "DISCORD_BOT_TOKEN" => Some("env-secret".to_string()),
            _ => None,
        };
        let config = Config::load(&env).unwrap();
        assert_eq!(config.telegram.token.as_deref(), Some("file-secret"));
        assert_eq!(config.discord.token.as_deref(), Some("env-secret"));
        assert_eq!(config.data_dir(), PathBuf::from("x"));
        let shown = format!("{config:?}");
        assert!(!shown.contains("secret"), "{shown}");
    }

    #[test]
    fn webhook_settings_come_from_the_file_and_the_environment_wins() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("c.toml");
        std::fs::write(
            &file,
            "[telegram]\nwebhook_url = \"https://file.example.org/tg\"\n\
             listen = \"0.0.0.0:8080\"\nwebhook_secret = \"hook-secret\"\n",
        )
        .unwrap();
        let path = file.display().to_string();
        let env = move |k: &str| match k {
            "IGROTEKA_CONFIG" => Some(path.clone()),
            "TELEGRAM_WEBHOOK_URL" => Some("https://env.example.org/tg".to_string()),
            _ => None,
        };
        let config = Config::load(&env).unwrap();
        let telegram = &config.telegram;
        assert_eq!(telegram.webhook_url.as_deref(), Some("https://env.example.org/tg"));
        assert_eq!(telegram.listen.as_deref(), Some("0.0.0.0:8080"));
        assert_eq!(telegram.webhook_secret.as_deref(), Some("hook-secret"));
        let shown = format!("{config:?}");
        assert!(!shown.contains("hook-secret") && shown.contains("env.example.org"), "{shown}");
        assert!(shown.contains("webhook_secret: \"<hidden>\""), "{shown}");
    }

    #[test]
    fn log_and_metrics_settings_come_from_the_file_and_the_environment_wins() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("c.toml");
        std::fs::write(&file, "[log]\nformat = \"json\"\n[metrics]\nlisten = \"127.0.0.1:1\"\n")
            .unwrap();
        let path = file.display().to_string();
        let env = move |k: &str| match k {
            "IGROTEKA_CONFIG" => Some(path.clone()),
            "IGROTEKA_METRICS_LISTEN" => Some("127.0.0.1:9090".to_string()),
            _ => None,
        };
        let config = Config::load(&env).unwrap();
        assert_eq!(config.log.format.as_deref(), Some("json"));
        assert_eq!(config.metrics.listen.as_deref(), Some("127.0.0.1:9090"));
    }

    #[test]
    fn a_bad_file_is_reported_without_its_contents() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("c.toml");
        std::fs::write(&file, "[telegram]\ntoken = \"leaky-secret\nbroken").unwrap();
        let path = file.display().to_string();
        let err = Config::load(&move |k: &str| (k == "IGROTEKA_CONFIG").then(|| path.clone()))
            .unwrap_err();
        assert!(!err.0.contains("leaky-secret"), "{}", err.0);
        let missing =
            Config::load(&|k: &str| (k == "IGROTEKA_CONFIG").then(|| "/nope.toml".into()));
        assert!(missing.is_err());
    }

    #[test]
    fn owners_come_from_the_file_and_the_environment_wins() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("c.toml");
        std::fs::write(
            &file,
            "[telegram]\nowners = [123, \"456\"]\n[discord]\nowners = [900000000000000001]\n",
        )
        .unwrap();
        let path = file.display().to_string();
        let from_file = {
            let path = path.clone();
            move |k: &str| (k == "IGROTEKA_CONFIG").then(|| path.clone())
        };
        let owners = Config::load(&from_file).unwrap().owners().unwrap();
        let ids: Vec<(Platform, &str)> =
            owners.iter().map(|u| (u.platform, u.id.as_str())).collect();
        assert_eq!(
            ids,
            [
                (Platform::Telegram, "123"),
                (Platform::Telegram, "456"),
                (Platform::Discord, "900000000000000001")
            ]
        );
        let env = move |k: &str| match k {
            "IGROTEKA_CONFIG" => Some(path.clone()),
            "TELEGRAM_OWNERS" => Some("7, 8".to_string()),
            "DISCORD_OWNER_GUILD" => Some("42".to_string()),
            _ => None,
        };
        let config = Config::load(&env).unwrap();
        let telegram: Vec<String> = config
            .owners()
            .unwrap()
            .into_iter()
            .filter(|u| u.platform == Platform::Telegram)
            .map(|u| u.id)
            .collect();
        assert_eq!(telegram, ["7", "8"]);
        assert_eq!(config.discord.owner_guild.as_deref(), Some("42"));
        assert_eq!(config.app_config().owners.len(), 3);
        // An id that is not a number stops the start with the key named.
        let bad = |k: &str| (k == "TELEGRAM_OWNERS").then(|| "alice".to_string());
        let err = Config::load(&bad).unwrap_err();
        assert!(err.0.contains("telegram.owners"), "{}", err.0);
    }

    #[test]
    fn a_database_password_is_never_shown() {
        assert_eq!(
            shown_url("postgres://bot:s3cret@db:5432/igroteka"),
            "postgres://bot:***@db:5432/igroteka"
        );
        assert_eq!(shown_url("postgres://bot@db/igroteka"), "postgres://bot@db/igroteka");
        let env =
            |k: &str| (k == "IGROTEKA_DATABASE_URL").then(|| "postgres://a:pw@h/d".to_string());
        let config = Config::load(&env).unwrap();
        assert_eq!(config.database.url.as_deref(), Some("postgres://a:pw@h/d"));
        assert!(!format!("{config:?}").contains("pw"), "{config:?}");
    }

    #[test]
    fn limits_come_from_the_file_and_the_environment_switches_them() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("c.toml");
        std::fs::write(
            &file,
            "[limits]\nlobbies_per_user = 5\nmove_chars = 80\n\
             [limits.rates]\nuser = { burst = 4, per_second = 0.5 }\n",
        )
        .unwrap();
        let path = file.display().to_string();
        let env = |limits: Option<&'static str>| {
            let path = path.clone();
            move |k: &str| match k {
                "IGROTEKA_CONFIG" => Some(path.clone()),
                "IGROTEKA_LIMITS" => limits.map(str::to_string),
                _ => None,
            }
        };
        let config = Config::load(&env(None)).unwrap();
        let defaults = crate::limits::Settings::default();
        let limits = &config.limits;
        assert!(limits.enabled);
        assert_eq!((limits.lobbies_per_user, limits.move_chars), (5, 80));
        assert_eq!(limits.tables_per_chat, defaults.tables_per_chat);
        assert_eq!(limits.rates.user.burst, 4.0);
        assert_eq!(limits.rates.user_in_chat, defaults.rates.user_in_chat);
        assert_eq!(limits.caps().lobbies_per_user, Some(5));
        let off = Config::load(&env(Some("off"))).unwrap();
        assert!(!off.limits.enabled);
        assert_eq!(off.limits.caps(), igroteka::app::Caps::default());
        assert!(Config::load(&env(Some("maybe"))).is_err());
    }

    #[test]
    fn the_example_file_reads_and_an_unknown_limit_is_refused() {
        let example = concat!(env!("CARGO_MANIFEST_DIR"), "/../config/igroteka.example.toml");
        let text = std::fs::read_to_string(example).unwrap();
        // Every commented setting of the limits, uncommented, gives the defaults.
        let limits: String = text
            .split("[limits]")
            .nth(1)
            .unwrap()
            .lines()
            .map(|l| l.strip_prefix("# ").filter(|l| l.contains(" = ")).unwrap_or(l))
            .map(|l| format!("{l}\n"))
            .collect();
        let config = Config::parse(&format!("[limits]{limits}"), Path::new("x")).unwrap();
        assert_eq!(config.limits, crate::limits::Settings::default());
        let typo = "[limits]\nlobbies_per_usr = 2\n";
        assert!(Config::parse(typo, Path::new("x")).is_err());
    }
}
