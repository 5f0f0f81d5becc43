//! The real `igroteka` binary, run as a user runs it, for the end-to-end tests of both
//! adapters: a clean environment (no token or config from the machine), the given variables,
//! stderr kept in a log file, and killed at once when dropped (as a crash would end it).

use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};

pub struct BotProcess {
    child: Child,
    pub log: PathBuf,
}

impl BotProcess {
    /// Starts the binary on the data folder `data` with `env` set, stderr into `log`.
    pub fn start(data: &Path, log: PathBuf, env: &[(&str, String)]) -> BotProcess {
        Self::start_with(data, log, env, |_| {})
    }

    /// [`BotProcess::start`], with `configure` changing the command last (e.g. the user it
    /// runs as).
    pub fn start_with(
        data: &Path,
        log: PathBuf,
        env: &[(&str, String)],
        configure: impl FnOnce(&mut Command),
    ) -> BotProcess {
        let stderr = std::fs::File::create(&log).expect("log file");
        let mut command = Command::new(env!("CARGO_BIN_EXE_igroteka"));
        command
            .current_dir(data.parent().expect("a parent folder"))
            .env_remove("IGROTEKA_CONFIG")
            .env_remove("TELEGRAM_BOT_TOKEN")
            .env_remove("DISCORD_BOT_TOKEN")
            .env_remove("DISCORD_SHARDS")
            .env_remove("TELEGRAM_WEBHOOK_URL")
            .env_remove("TELEGRAM_LISTEN")
            .env_remove("TELEGRAM_WEBHOOK_SECRET")
            .env_remove("RUST_LOG")
            .env_remove("IGROTEKA_LOG_FORMAT")
            .env_remove("IGROTEKA_METRICS_LISTEN")
            .env_remove("IGROTEKA_DATABASE_URL")
            .env("IGROTEKA_DATA", data)
            // The abuse limits off: these tests race one user's presses and open many games
            // by one user on purpose. `*_limits.rs` turn them on (`IGROTEKA_LIMITS=on`).
            .env("IGROTEKA_LIMITS", "off")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(stderr);
        for (name, value) in env {
            command.env(name, value);
        }
        configure(&mut command);
        BotProcess { child: command.spawn().expect("spawn igroteka"), log }
    }

    /// The exit status, if the process has ended.
    pub fn exited(&mut self) -> Option<ExitStatus> {
        self.child.try_wait().ok().flatten()
    }

    /// The process id (for a kill at a chosen moment, see `state::Kill`).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Waits up to `within` for the process to end; its status, if it did.
    pub fn wait_exit(&mut self, within: std::time::Duration) -> Option<ExitStatus> {
        let deadline = std::time::Instant::now() + within;
        loop {
            if let Some(status) = self.exited() {
                return Some(status);
            }
            if std::time::Instant::now() >= deadline {
                return None;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
    }

    /// Sends SIGTERM (as systemd or `docker stop` does).
    pub fn terminate(&self) {
        let sent = Command::new("kill").args(["-TERM", &self.child.id().to_string()]).status();
        assert!(sent.is_ok_and(|s| s.success()), "kill -TERM failed");
    }

    /// What the bot wrote to stderr.
    pub fn stderr(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// Stops the process at once (as a crash or `kill -9` would).
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Kills process `pid` at once (`kill -9`), from an emulator's handler: the bot never hears
/// back from the call it made.
pub fn kill_now(pid: u32) {
    let killed = Command::new("kill").args(["-KILL", &pid.to_string()]).status();
    assert!(killed.is_ok_and(|s| s.success()), "kill -9 {pid} failed");
}

impl Drop for BotProcess {
    fn drop(&mut self) {
        self.kill();
    }
}
