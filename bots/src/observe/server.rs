//! The health and metrics listener (`metrics.listen`, `IGROTEKA_METRICS_LISTEN`; off without
//! it): plain HTTP on its own thread and runtime, so it answers whatever the adapters' runtimes
//! are doing — a health check that waited behind a stuck adapter would not notice it.
//!
//! - `GET /healthz`: 200 with `{"status":"ok",…}` when every check passes, else 503 naming
//!   the failing ones. The store check writes and flushes a preference (`health.probe`) and
//!   creates, syncs and removes a file `.health-probe` in the data folder: sled writes through
//!   files it opened at start, which go on accepting writes when the folder turns read-only,
//!   so only a new file shows that the folder no longer accepts what the next start (or a
//!   large value, which sled keeps in a file of its own) needs. A check that takes more than
//!   five seconds fails. The others are in [`super::health`].
//! - `GET /metrics`: the Prometheus text format ([`super::metrics`]).

use std::io::Write;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use axum::routing::get;
use igroteka::store::Store;

use super::health::{self, Check};
use super::metrics::{CONTENT_TYPE, StoreState, metrics};

/// The preference the store check writes.
pub const PROBE_PREF: &str = "health.probe";
/// The file the store check creates in the data folder.
pub const PROBE_FILE: &str = ".health-probe";
/// The longest a check of the store may take.
const STORE_TIMEOUT: Duration = Duration::from_secs(5);

struct Shared<S> {
    store: S,
    data_dir: PathBuf,
}

/// Binds `listen` (a bad address or a port in use fails the start) and serves `/healthz` and
/// `/metrics` on a thread of their own until the process ends.
pub fn start<S>(listen: &str, store: S, data_dir: PathBuf) -> Result<SocketAddr, String>
where
    S: Store + Clone + Send + Sync + 'static,
{
    let address: SocketAddr = listen.trim().parse().map_err(|_| {
        format!(
            "metrics.listen must be an address with a port, like 127.0.0.1:9090, not {listen:?}"
        )
    })?;
    let listener = std::net::TcpListener::bind(address)
        .map_err(|e| format!("cannot listen on {address} for metrics: {e}"))?;
    let bound = listener.local_addr().map_err(|e| e.to_string())?;
    listener.set_nonblocking(true).map_err(|e| e.to_string())?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the metrics runtime: {e}"))?;
    let shared = Arc::new(Shared { store, data_dir });
    let router = Router::new()
        .route("/healthz", get(healthz::<S>))
        .route("/metrics", get(scrape::<S>))
        .with_state(shared);
    std::thread::Builder::new()
        .name("igroteka-metrics".into())
        .spawn(move || {
            runtime.block_on(async move {
                let listener = match tokio::net::TcpListener::from_std(listener) {
                    Ok(listener) => listener,
                    Err(e) => {
                        tracing::error!("the metrics listener failed: {e}");
                        return;
                    }
                };
                if let Err(e) = axum::serve(listener, router).await {
                    tracing::error!("the metrics listener stopped: {e}");
                }
            });
        })
        .map_err(|e| format!("cannot start the metrics thread: {e}"))?;
    tracing::info!("health and metrics on http://{bound}/healthz and /metrics");
    Ok(bound)
}

async fn healthz<S>(State(shared): State<Arc<Shared<S>>>) -> impl IntoResponse
where
    S: Store + Clone + Send + Sync + 'static,
{
    let (store, dir) = (shared.store.clone(), shared.data_dir.clone());
    let probe = tokio::task::spawn_blocking(move || probe_store(&store, &dir));
    let store = match tokio::time::timeout(STORE_TIMEOUT, probe).await {
        Ok(Ok(Ok(()))) => Check { name: "store", ok: true, detail: "writable".into() },
        Ok(Ok(Err(e))) => Check { name: "store", ok: false, detail: e },
        Ok(Err(_)) => Check { name: "store", ok: false, detail: "the probe panicked".into() },
        Err(_) => Check {
            name: "store",
            ok: false,
            detail: format!("no answer within {} s", STORE_TIMEOUT.as_secs()),
        },
    };
    let mut checks = vec![store];
    checks.extend(health::checks());
    let (ok, body) = health::body(&checks);
    if !ok {
        let failing: Vec<String> =
            checks.iter().filter(|c| !c.ok).map(|c| format!("{}: {}", c.name, c.detail)).collect();
        tracing::warn!("health check failing: {}", failing.join("; "));
    }
    let status = if ok { StatusCode::OK } else { StatusCode::SERVICE_UNAVAILABLE };
    (status, [(header::CONTENT_TYPE, "application/json")], body)
}

async fn scrape<S>(State(shared): State<Arc<Shared<S>>>) -> impl IntoResponse
where
    S: Store + Clone + Send + Sync + 'static,
{
    let (store, dir) = (shared.store.clone(), shared.data_dir.clone());
    let state =
        tokio::task::spawn_blocking(move || store_state(&store, &dir)).await.unwrap_or_default();
    ([(header::CONTENT_TYPE, CONTENT_TYPE)], metrics().render(&state))
}

/// Writes and flushes the probe preference, then creates, syncs and removes the probe file.
fn probe_store<S: Store>(store: &S, dir: &Path) -> Result<(), String> {
    let now = crate::time::now_ms().to_string();
    store.set_pref(PROBE_PREF, &now).map_err(|e| format!("a write failed: {e}"))?;
    store.flush().map_err(|e| format!("a flush failed: {e}"))?;
    if dir.is_dir() {
        let path = dir.join(PROBE_FILE);
        let written = std::fs::File::create(&path).and_then(|mut file| {
            file.write_all(now.as_bytes())?;
            file.sync_all()
        });
        let _ = std::fs::remove_file(&path);
        written.map_err(|e| format!("the data folder does not take a new file: {e}"))?;
    }
    Ok(())
}

/// The store's gauges: unfinished tables by status and game, pending outbox entries, and the
/// data folder's size.
fn store_state<S: Store>(store: &S, dir: &Path) -> StoreState {
    let mut state = StoreState::default();
    for id in store.unfinished().unwrap_or_default() {
        if let Ok(Some(table)) = store.load(id) {
            let status = serde_json::to_value(table.status)
                .ok()
                .and_then(|v| v.as_str().map(str::to_string))
                .unwrap_or_default();
            *state.tables.entry((status, table.game.clone())).or_default() += 1;
        }
    }
    for table in store.outbox_tables().unwrap_or_default() {
        state.outbox += store.outbox(table).map_or(0, |entries| entries.len() as i64);
    }
    state.bytes = folder_size(dir) as i64;
    state
}

/// The bytes of the files under `dir` (sled's `size_on_disk` is not reachable through the
/// store; the folder holds nothing else).
pub fn folder_size(dir: &Path) -> u64 {
    let Ok(entries) = std::fs::read_dir(dir) else { return 0 };
    entries
        .flatten()
        .map(|entry| match entry.metadata() {
            Ok(meta) if meta.is_dir() => folder_size(&entry.path()),
            Ok(meta) => meta.len(),
            Err(_) => 0,
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use igroteka::store::SledStore;

    use super::*;

    #[test]
    fn the_store_probe_writes_and_leaves_nothing_behind() {
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().join("data");
        let store = SledStore::open(&data, 1 << 20).unwrap();
        probe_store(&store, &data).unwrap();
        assert!(store.pref(PROBE_PREF).unwrap().is_some());
        assert!(!data.join(PROBE_FILE).exists());
        assert!(folder_size(&data) > 0);
        let state = store_state(&store, &data);
        assert_eq!((state.outbox, state.tables.len()), (0, 0));
    }
}
