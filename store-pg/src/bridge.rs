//! The store's own tokio runtime, on a thread of its own, and the bridge that runs a future
//! there for a synchronous caller.
//!
//! Why: the [`igroteka::store::Store`] trait is synchronous, and it is called both from plain
//! threads (the engine's) and from inside tokio tasks (the deliverers). The sync `postgres`
//! crate runs its own runtime with `block_on`, which panics inside another runtime's context,
//! and `Handle::block_on` from a caller's thread has the same problem. So the connections live
//! on a current-thread runtime that only this thread drives; a call spawns its future there and
//! waits on a std channel — a plain blocking wait, which is fine on any thread (it blocks a
//! worker of the caller's runtime as a sled call does).

use std::future::Future;
use std::sync::Mutex;
use std::thread::JoinHandle;

use igroteka::store::StoreError;
use tokio::runtime::Handle;
use tokio::sync::oneshot;

/// The runtime thread. Dropping it stops the runtime (its tasks — the connections — are
/// dropped with it) and joins the thread.
#[derive(Debug)]
pub(crate) struct Bridge {
    handle: Handle,
    stop: Mutex<Option<oneshot::Sender<()>>>,
    thread: Mutex<Option<JoinHandle<()>>>,
}

impl Bridge {
    pub(crate) fn start() -> Result<Bridge, StoreError> {
        let (stop, stopped) = oneshot::channel::<()>();
        let (started, handle) = std::sync::mpsc::sync_channel(1);
        let thread = std::thread::Builder::new()
            .name("igroteka-pg".into())
            .spawn(move || {
                let runtime =
                    match tokio::runtime::Builder::new_current_thread().enable_all().build() {
                        Ok(runtime) => runtime,
                        Err(e) => {
                            let _ = started.send(Err(e.to_string()));
                            return;
                        }
                    };
                let _ = started.send(Ok(runtime.handle().clone()));
                // Drive the spawned tasks until asked to stop (or every sender is gone).
                let _ = runtime.block_on(stopped);
            })
            .map_err(|e| StoreError::Backend(format!("the store's thread: {e}")))?;
        let handle = handle
            .recv()
            .map_err(|_| StoreError::Backend("the store's thread ended at once".into()))?
            .map_err(|e| StoreError::Backend(format!("the store's runtime: {e}")))?;
        Ok(Bridge { handle, stop: Mutex::new(Some(stop)), thread: Mutex::new(Some(thread)) })
    }

    /// Runs `future` on the store's runtime and waits for its result on this thread.
    pub(crate) fn run<T, F>(&self, future: F) -> Result<T, StoreError>
    where
        F: Future<Output = Result<T, StoreError>> + Send + 'static,
        T: Send + 'static,
    {
        let (done, result) = std::sync::mpsc::sync_channel(1);
        self.handle.spawn(async move {
            let _ = done.send(future.await);
        });
        result.recv().map_err(|_| StoreError::Backend("the store's runtime has stopped".into()))?
    }
}

impl Drop for Bridge {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.lock().unwrap_or_else(|p| p.into_inner()).take() {
            let _ = stop.send(());
        }
        let thread = self.thread.lock().unwrap_or_else(|p| p.into_inner()).take();
        // Never join from the runtime's own thread (it would wait for itself).
        if let Some(thread) = thread
            && thread.thread().id() != std::thread::current().id()
        {
            let _ = thread.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bridge answers from a plain thread and from inside another runtime's task, where a
    /// `block_on` would panic.
    #[test]
    fn runs_from_a_plain_thread_and_from_inside_a_runtime() {
        let bridge = std::sync::Arc::new(Bridge::start().unwrap());
        assert_eq!(bridge.run(async { Ok(2 + 2) }).unwrap(), 4);
        let runtime = tokio::runtime::Builder::new_multi_thread().build().unwrap();
        let inner = bridge.clone();
        let got = runtime.block_on(async move {
            tokio::spawn(async move { inner.run(async { Ok(7) }).unwrap() }).await.unwrap()
        });
        assert_eq!(got, 7);
    }

    #[test]
    fn an_error_comes_back_and_a_stopped_runtime_is_an_error() {
        let bridge = Bridge::start().unwrap();
        let failed: Result<(), _> = bridge.run(async { Err(StoreError::Conflict) });
        assert!(matches!(failed, Err(StoreError::Conflict)));
        bridge.stop.lock().unwrap().take().unwrap().send(()).unwrap();
        bridge.thread.lock().unwrap().take().unwrap().join().unwrap();
        assert!(matches!(bridge.run(async { Ok(1) }), Err(StoreError::Backend(_))));
    }
}
