//! The preferences cache: `Store::pref` served from memory, kept correct across processes by
//! PostgreSQL's `LISTEN`/`NOTIFY`.
//!
//! Why: a press reads about four preferences (the chat's language, twice, each player's, the
//! chat's board settings, the maintenance flag) — about a third of the statements a press sends
//! — and they change only on a command such as `/lang`. A hit is answered on the caller's
//! thread, without a round trip or even a hop to the store's runtime.
//!
//! What keeps it correct:
//! - **Another process's write.** `set_pref` notifies the channel `igroteka_prefs` with the
//!   key, in the transaction of its write (a notification is delivered at the commit, and
//!   never if it is rolled back). Each store keeps one more connection that listens there
//!   ([`start`]) and evicts each key it is told of. A payload is the schema's name, `:` and
//!   the key, so stores in other schemas (tests) ignore it; the schema's name alone (a key
//!   too long for a payload, a restore) clears everything.
//! - **The listener down.** While its connection is not listening (at the start before
//!   `LISTEN` answered, after it drops, until it is back) the cache is not used at all: every
//!   read goes to the database and nothing is kept. Coming back, it is cleared before it is
//!   used again, so no change missed in between survives. It is tried again after 1 s, then
//!   less often, up to every 10 s. (A connection ended by the server is seen ended when its
//!   end is read, as promptly as a notification would be; one gone silent, by TCP
//!   keepalives.)
//! - **This process's write.** `set_pref` evicts the key once its statement has run; the new
//!   value is not put in, since it may be part of the writer's open batch, which may still be
//!   rolled back. A lost or refused batch ([`crate::writer`]) and a restore
//!   ([`crate::import`]) clear the cache.
//! - **A read racing an eviction.** A miss is read through the writer (so it sees its own
//!   batch) and put in only if nothing was evicted or cleared since the lookup (a generation
//!   number bumped by each eviction): a value read before a change is never kept after the
//!   change's eviction.
//!
//! A notification takes a moment to arrive: until it does, the other process's change is not
//! seen here (in tests, a few milliseconds). Negative answers (no such preference) are kept
//! too. At most [`CAPACITY`] keys are kept; past that an arbitrary one makes room.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};
use std::time::Duration;

use igroteka::store::StoreError;
use tokio::task::JoinHandle;
use tokio_postgres::{AsyncMessage, Client, NoTls};

use crate::conn::{self, Conn, Target};

/// How many keys are kept at most.
pub(crate) const CAPACITY: usize = 10_000;

/// A key longer than this is announced as "everything changed" (a payload holds less than
/// 8,000 bytes, and the schema's name comes first).
const LONGEST_NOTIFIED_KEY: usize = 7_000;

/// How long after losing the listener it is tried again, at first and at most.
const FIRST_RETRY: Duration = Duration::from_secs(1);
const LAST_RETRY: Duration = Duration::from_secs(10);

/// The cache, shared by the store's handles, its writer and its listener.
#[derive(Debug, Default)]
pub(crate) struct Cache {
    inner: Mutex<Inner>,
    /// Preference statements sent (tests count them).
    reads: AtomicU64,
}

#[derive(Debug, Default)]
struct Inner {
    /// The listening connection's server process while it listens; `None`: not used.
    listener: Option<i32>,
    /// Bumped by each eviction and clearing.
    generation: u64,
    entries: HashMap<String, Option<String>>,
}

/// A miss's leave to put what it reads: the generation it looked in.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Ticket(u64);

/// What the cache answers.
#[derive(Debug)]
pub(crate) enum Lookup {
    /// The stored value (`None`: there is no such preference).
    Hit(Option<String>),
    /// Not known: read it, then put it with the ticket (`None`: not listening, do not put).
    Miss(Option<Ticket>),
}

impl Cache {
    fn inner(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|p| p.into_inner())
    }

    pub(crate) fn get(&self, key: &str) -> Lookup {
        let inner = self.inner();
        if inner.listener.is_none() {
            return Lookup::Miss(None);
        }
        match inner.entries.get(key) {
            Some(value) => Lookup::Hit(value.clone()),
            None => Lookup::Miss(Some(Ticket(inner.generation))),
        }
    }

    /// Keeps what a miss read, unless the cache was evicted from, cleared or not listening
    /// since the lookup.
    pub(crate) fn put(&self, key: &str, value: &Option<String>, ticket: Option<Ticket>) {
        let Some(Ticket(generation)) = ticket else { return };
        let mut inner = self.inner();
        if inner.listener.is_none() || inner.generation != generation {
            return;
        }
        if inner.entries.len() >= CAPACITY && !inner.entries.contains_key(key) {
            let some = inner.entries.keys().next().cloned();
            if let Some(some) = some {
                inner.entries.remove(&some);
            }
        }
        inner.entries.insert(key.to_string(), value.clone());
    }

    pub(crate) fn evict(&self, key: &str) {
        let mut inner = self.inner();
        inner.generation += 1;
        inner.entries.remove(key);
    }

    pub(crate) fn clear(&self) {
        let mut inner = self.inner();
        inner.generation += 1;
        inner.entries.clear();
    }

    /// A notification's payload, for the store in `schema`.
    fn notified(&self, schema: &str, payload: &str) {
        if payload == schema {
            self.clear();
        } else if let Some(key) = payload.strip_prefix(schema).and_then(|p| p.strip_prefix(':')) {
            self.evict(key);
        }
    }

    /// The listener listens (unless its connection ended meanwhile): cleared, then used.
    fn listening(&self, pid: i32, alive: &AtomicBool) -> bool {
        let mut inner = self.inner();
        if !alive.load(Ordering::SeqCst) {
            return false;
        }
        inner.generation += 1;
        inner.entries.clear();
        inner.listener = Some(pid);
        true
    }

    /// The listener's connection ended: not used, and emptied.
    fn deaf(&self, alive: &AtomicBool) {
        let mut inner = self.inner();
        alive.store(false, Ordering::SeqCst);
        inner.generation += 1;
        inner.entries.clear();
        inner.listener = None;
    }

    /// The listening connection's server process, while it listens.
    pub(crate) fn listener_pid(&self) -> Option<i32> {
        self.inner().listener
    }

    pub(crate) fn reads(&self) -> u64 {
        self.reads.load(Ordering::Relaxed)
    }
}

/// Reads a preference from the database: on the writer's connection to see its batch (`pref`),
/// on a reader for what is committed (`shared_pref`).
pub(crate) async fn read(
    cache: &Cache,
    conn: &mut Conn,
    key: &str,
) -> Result<Option<String>, StoreError> {
    cache.reads.fetch_add(1, Ordering::Relaxed);
    let row = conn.opt("SELECT value FROM prefs WHERE key = $1", &[&key]).await?;
    Ok(row.map(|r| r.get(0)))
}

/// The preferences whose keys start with `prefix`, in key order: one range of the keys in
/// byte order (the index of migration 4), from the prefix to the prefix followed by the highest
/// character.
pub(crate) async fn with_prefix(
    conn: &mut Conn,
    prefix: &str,
) -> Result<Vec<(String, String)>, StoreError> {
    let end = format!("{prefix}\u{10FFFF}");
    let rows = conn
        .query(
            "SELECT key, value FROM prefs
             WHERE key COLLATE \"C\" >= $1 AND key COLLATE \"C\" < $2
             ORDER BY key COLLATE \"C\"",
            &[&prefix, &end],
        )
        .await?;
    Ok(rows.into_iter().map(|r| (r.get(0), r.get(1))).collect())
}

/// Writes a preference and announces it, in one statement: the announcement goes out when the
/// write commits, and not at all if it is rolled back.
pub(crate) async fn write(conn: &mut Conn, key: &str, value: &str) -> Result<(), StoreError> {
    let announced = (key.len() <= LONGEST_NOTIFIED_KEY).then_some(key);
    conn.execute(
        "WITH written AS (
             INSERT INTO prefs (key, value) VALUES ($1, $2)
             ON CONFLICT (key) DO UPDATE SET value = $2)
         SELECT pg_notify('igroteka_prefs',
                          COALESCE(current_schema(), '') || COALESCE(':' || $3, ''))",
        &[&key, &value, &announced],
    )
    .await
    .map(drop)
}

/// Announces that every preference may have changed (a restore), at the transaction's commit.
pub(crate) async fn announce_all(conn: &mut Conn) -> Result<(), StoreError> {
    conn.execute("SELECT pg_notify('igroteka_prefs', COALESCE(current_schema(), ''))", &[])
        .await
        .map(drop)
}

/// Starts listening: a first attempt (the cache is used from the start when it succeeds), then
/// a task on the current runtime (the store's) that keeps listening for as long as it runs.
pub(crate) async fn start(cache: Arc<Cache>, target: &Target) {
    let mut config = target.config.clone();
    config.application_name("igroteka prefs");
    // A connection gone silent (no reset ever arrives) is found out within half a minute.
    config.keepalives(true);
    config.keepalives_idle(Duration::from_secs(10));
    config.keepalives_interval(Duration::from_secs(5));
    config.keepalives_retries(3);
    let first = session(&cache, &config).await;
    tokio::spawn(async move {
        let mut listening = first;
        let mut retry = FIRST_RETRY;
        loop {
            match listening {
                Ok((client, driver)) => {
                    let _ = driver.await;
                    drop(client);
                    retry = FIRST_RETRY;
                    tracing::warn!(
                        "the preferences listener's connection ended: preferences are read \
                         from the database until it is back"
                    );
                }
                Err(e) => tracing::warn!("the preferences listener could not start: {e}"),
            }
            tokio::time::sleep(retry).await;
            retry = (retry * 2).min(LAST_RETRY);
            listening = session(&cache, &config).await;
        }
    });
}

/// Connects, listens and marks the cache usable: the client (kept: dropping it would close
/// the connection) and the task that drives the connection, which ends with it (the cache then
/// unused). An error leaves the cache unused.
async fn session(
    cache: &Arc<Cache>,
    config: &tokio_postgres::Config,
) -> Result<(Client, JoinHandle<()>), String> {
    let (client, mut connection) = config.connect(NoTls).await.map_err(|e| conn::describe(&e))?;
    let alive = Arc::new(AtomicBool::new(true));
    let schema: Arc<OnceLock<String>> = Arc::default();
    let driver = tokio::spawn({
        let (cache, alive, schema) = (cache.clone(), alive.clone(), schema.clone());
        async move {
            loop {
                match std::future::poll_fn(|cx| connection.poll_message(cx)).await {
                    Some(Ok(AsyncMessage::Notification(n))) => {
                        if let Some(schema) = schema.get() {
                            cache.notified(schema, n.payload());
                        }
                    }
                    Some(Ok(_)) => {}
                    Some(Err(e)) => {
                        tracing::debug!("the preferences listener: {}", conn::describe(&e));
                        break;
                    }
                    None => break,
                }
            }
            cache.deaf(&alive);
        }
    });
    let started = async {
        let row = client
            .query_one("SELECT COALESCE(current_schema(), ''), pg_backend_pid()", &[])
            .await?;
        let _ = schema.set(row.get(0));
        client.batch_execute("LISTEN igroteka_prefs").await?;
        Ok::<i32, tokio_postgres::Error>(row.get(1))
    }
    .await;
    let pid = match started {
        Ok(pid) => pid,
        Err(e) => {
            driver.abort();
            cache.deaf(&alive);
            return Err(conn::describe(&e));
        }
    };
    if !cache.listening(pid, &alive) {
        return Err("the connection ended as it started listening".into());
    }
    Ok((client, driver))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn listening() -> (Cache, AtomicBool) {
        let (cache, alive) = (Cache::default(), AtomicBool::new(true));
        assert!(cache.listening(7, &alive));
        (cache, alive)
    }

    fn hit(cache: &Cache, key: &str) -> Option<Option<String>> {
        match cache.get(key) {
            Lookup::Hit(value) => Some(value),
            Lookup::Miss(_) => None,
        }
    }

    fn ticket(cache: &Cache, key: &str) -> Option<Ticket> {
        match cache.get(key) {
            Lookup::Miss(ticket) => ticket,
            Lookup::Hit(_) => panic!("{key} is cached"),
        }
    }

    #[test]
    fn a_miss_is_kept_values_and_absences_alike() {
        let (cache, _alive) = listening();
        let t = ticket(&cache, "a");
        cache.put("a", &Some("ru".into()), t);
        let t = ticket(&cache, "b");
        cache.put("b", &None, t);
        assert_eq!(hit(&cache, "a"), Some(Some("ru".into())));
        assert_eq!(hit(&cache, "b"), Some(None));
        cache.evict("a");
        assert_eq!(hit(&cache, "a"), None);
        assert_eq!(hit(&cache, "b"), Some(None));
        cache.clear();
        assert_eq!(hit(&cache, "b"), None);
    }

    #[test]
    fn a_read_begun_before_an_eviction_is_not_kept() {
        let (cache, _alive) = listening();
        let t = ticket(&cache, "a");
        cache.evict("other");
        cache.put("a", &Some("old".into()), t);
        assert_eq!(hit(&cache, "a"), None, "any eviction since the lookup");
        let t = ticket(&cache, "a");
        cache.clear();
        cache.put("a", &Some("old".into()), t);
        assert_eq!(hit(&cache, "a"), None, "a clearing since the lookup");
    }

    #[test]
    fn without_a_listener_nothing_is_used_or_kept_and_coming_back_clears() {
        let cache = Cache::default();
        assert!(matches!(cache.get("a"), Lookup::Miss(None)), "not listening at first");
        let alive = AtomicBool::new(true);
        assert!(cache.listening(1, &alive));
        let t = ticket(&cache, "a");
        cache.put("a", &Some("x".into()), t);
        let t = ticket(&cache, "b");
        cache.deaf(&alive);
        assert!(matches!(cache.get("a"), Lookup::Miss(None)), "deaf: not used");
        cache.put("b", &Some("y".into()), t);
        let again = AtomicBool::new(true);
        assert!(cache.listening(2, &again));
        assert_eq!((hit(&cache, "a"), hit(&cache, "b")), (None, None));
        // A connection that ended before it was marked listening does not make it usable.
        cache.deaf(&again);
        assert!(!cache.listening(3, &again));
        assert_eq!(cache.listener_pid(), None);
    }

    #[test]
    fn notifications_for_another_schema_are_ignored_and_the_bare_schema_clears() {
        let (cache, _alive) = listening();
        for key in ["k", "j"] {
            let t = ticket(&cache, key);
            cache.put(key, &Some("v".into()), t);
        }
        cache.notified("s1", "s12:k");
        cache.notified("s1", "s2:k");
        assert_eq!(hit(&cache, "k"), Some(Some("v".into())));
        cache.notified("s1", "s1:k");
        assert_eq!((hit(&cache, "k"), hit(&cache, "j")), (None, Some(Some("v".into()))));
        cache.notified("s1", "s1");
        assert_eq!(hit(&cache, "j"), None);
    }

    #[test]
    fn it_holds_at_most_its_capacity() {
        let (cache, _alive) = listening();
        for n in 0..CAPACITY + 50 {
            let key = format!("k{n}");
            let t = ticket(&cache, &key);
            cache.put(&key, &None, t);
        }
        assert_eq!(cache.inner().entries.len(), CAPACITY);
        let last = format!("k{}", CAPACITY + 49);
        assert_eq!(hit(&cache, &last), Some(None), "the newest is kept");
    }
}
