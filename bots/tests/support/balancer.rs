//! Several webhook-mode bot processes behind one public URL, as a deployment over PostgreSQL
//! runs them: a round-robin load balancer in front, each process on its own port with its own
//! data folder (for its log), all on one database. Telegram's webhook POSTs come one
//! connection each, so each update goes to the next process in turn.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use super::{BotProcess, Emulator, STEP, TOKEN, free_port};

/// A load balancer in front of bot processes: each connection goes to the next port in turn.
/// A connection to a port where nothing listens is dropped, as a balancer's failed upstream
/// would: Telegram then tries again. Returns the balancer's port and how many connections
/// reached each upstream.
pub fn round_robin(ports: Vec<u16>) -> (u16, Arc<Vec<AtomicUsize>>) {
    use std::io::copy;
    use std::net::{Shutdown, TcpListener, TcpStream};
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let reached: Arc<Vec<AtomicUsize>> =
        Arc::new(ports.iter().map(|_| AtomicUsize::new(0)).collect());
    let counts = reached.clone();
    std::thread::spawn(move || {
        for (n, client) in listener.incoming().enumerate() {
            let Ok(client) = client else { continue };
            let Ok(upstream) = TcpStream::connect(("127.0.0.1", ports[n % ports.len()])) else {
                continue;
            };
            counts[n % ports.len()].fetch_add(1, Ordering::SeqCst);
            let (mut from, mut to) = (client.try_clone().unwrap(), upstream.try_clone().unwrap());
            std::thread::spawn(move || {
                let _ = copy(&mut from, &mut to);
                let _ = to.shutdown(Shutdown::Write);
            });
            let (mut back, mut out) = (upstream, client);
            std::thread::spawn(move || {
                let _ = copy(&mut back, &mut out);
                let _ = out.shutdown(Shutdown::Write);
            });
        }
    });
    (port, reached)
}

/// Starts a webhook-mode bot on `listen` behind the public `url`, over the database; waits
/// until it listens.
pub fn webhook_process(
    emulator: &Emulator,
    data: &Path,
    database: &str,
    url: &str,
    listen: u16,
    extra: &[(&str, String)],
) -> BotProcess {
    let log = data.with_extension(format!("log-{listen}"));
    let mut env = vec![
        ("TELEGRAM_BOT_TOKEN", TOKEN.to_string()),
        ("TELOXIDE_API_URL", emulator.url()),
        ("TELEGRAM_WEBHOOK_URL", url.to_string()),
        ("TELEGRAM_LISTEN", format!("127.0.0.1:{listen}")),
        ("IGROTEKA_DATABASE_URL", database.to_string()),
    ];
    env.extend(extra.iter().cloned());
    let mut bot = BotProcess::start(data, log, &env);
    let deadline = Instant::now() + STEP;
    while std::net::TcpStream::connect(("127.0.0.1", listen)).is_err() {
        if let Some(status) = bot.exited() {
            panic!("igroteka exited with {status}: {}", bot.stderr());
        }
        assert!(Instant::now() < deadline, "never listened: {}", bot.stderr());
        std::thread::sleep(Duration::from_millis(20));
    }
    bot
}

/// `n` webhook processes over one database behind a round-robin balancer: the first is
/// started alone and registers the webhook, then the others (which find it registered).
/// Process `i` keeps its log beside `dir/p<i>`.
pub struct Fleet {
    pub processes: Vec<BotProcess>,
    ports: Vec<u16>,
    public: String,
    database: String,
    dir: PathBuf,
    extra: Vec<(&'static str, String)>,
    reached: Arc<Vec<AtomicUsize>>,
}

impl Fleet {
    pub fn start(
        emulator: &Emulator,
        dir: &Path,
        database: &str,
        n: usize,
        extra: &[(&'static str, String)],
    ) -> Fleet {
        let ports: Vec<u16> = (0..n).map(|_| free_port()).collect();
        let (balancer, reached) = round_robin(ports.clone());
        let mut fleet = Fleet {
            processes: Vec::new(),
            ports,
            public: format!("http://127.0.0.1:{balancer}/telegram"),
            database: database.to_string(),
            dir: dir.to_path_buf(),
            extra: extra.to_vec(),
            reached,
        };
        for i in 0..n {
            let process = fleet.spawn(emulator, i);
            fleet.processes.push(process);
            if i == 0 {
                emulator.wait("the webhook", STEP, |s| s.webhook.clone());
            }
        }
        fleet
    }

    fn spawn(&self, emulator: &Emulator, i: usize) -> BotProcess {
        let data = self.dir.join(format!("p{i}"));
        webhook_process(emulator, &data, &self.database, &self.public, self.ports[i], &self.extra)
    }

    /// Starts process `i` again on its port (after a kill), replacing it.
    pub fn restart(&mut self, emulator: &Emulator, i: usize) {
        self.processes[i] = self.spawn(emulator, i);
    }

    /// How many connections (webhook POSTs) reached each process so far.
    pub fn shares(&self) -> Vec<usize> {
        self.reached.iter().map(|n| n.load(Ordering::SeqCst)).collect()
    }

    /// Every process's log, for a failure report.
    pub fn logs(&self) -> String {
        let logs = self.processes.iter().enumerate();
        logs.map(|(i, p)| format!("process {i}:\n{}\n", p.stderr())).collect()
    }
}
