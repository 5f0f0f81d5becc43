//! One connection to PostgreSQL, with its prepared statements, and the mapping of the
//! client's errors to the core's.
//!
//! Every statement the store runs is a `&'static str` with bind parameters (`$1`…): nothing a
//! user typed is ever part of SQL text. A statement is prepared once per connection and kept
//! (a query on a prepared statement is one round trip, a query on text two). A connection
//! found closed (the server restarted, the network dropped) is opened again on its next use.

use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll, Waker};
use std::time::Duration;

use igroteka::store::StoreError;
use tokio_postgres::error::SqlState;
use tokio_postgres::types::ToSql;
use tokio_postgres::{Client, Config, NoTls, Row, Statement};

/// How long a statement may wait for a lock before failing: nothing hangs forever behind
/// another process's open transaction.
pub(crate) const LOCK_TIMEOUT: &str = "2s";
/// How long any one statement may run.
pub(crate) const STATEMENT_TIMEOUT: &str = "30s";

/// A statement and its parameters, as a pipeline sends it ([`Conn::pipelined_each`]).
pub(crate) type Query<'a> = (&'static str, &'a [&'a (dyn ToSql + Sync)]);

/// Where and how to connect: the parsed URL and the schema to work in.
#[derive(Debug, Clone)]
pub(crate) struct Target {
    pub(crate) config: Config,
    /// A schema of its own (tests), already checked to be a plain identifier.
    pub(crate) schema: Option<String>,
}

impl Target {
    pub(crate) fn new(url: &str, schema: Option<&str>) -> Result<Target, StoreError> {
        let mut config: Config =
            url.parse().map_err(|e| StoreError::Backend(format!("database URL: {e}")))?;
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(Duration::from_secs(5));
        }
        if let Some(schema) = schema {
            check_identifier(schema)?;
        }
        // Session settings travel with the start-up packet: no SQL is built for them.
        let mut options = format!(
            "{} -c lock_timeout={LOCK_TIMEOUT} -c statement_timeout={STATEMENT_TIMEOUT}",
            config.get_options().unwrap_or_default()
        );
        if let Some(schema) = schema {
            options.push_str(&format!(" -c search_path={schema}"));
        }
        config.options(options.trim());
        config.application_name("igroteka");
        Ok(Target { config, schema: schema.map(str::to_string) })
    }
}

/// A schema name goes into SQL text (an identifier cannot be a bind parameter): only
/// lower-case letters, digits and `_`, not starting with a digit, are accepted.
pub(crate) fn check_identifier(name: &str) -> Result<(), StoreError> {
    let ok = !name.is_empty()
        && name.len() <= 63
        && name.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
        && !name.as_bytes()[0].is_ascii_digit();
    if ok { Ok(()) } else { Err(StoreError::Backend(format!("not a plain schema name: {name:?}"))) }
}

/// A connection and its prepared statements.
#[derive(Debug)]
pub(crate) struct Conn {
    target: Target,
    /// Shared with the saves sent ahead of their answer ([`crate::save::send`]).
    client: Arc<Client>,
    prepared: HashMap<&'static str, Statement>,
    /// A call found the connection gone (the client may notice a moment later).
    broken: bool,
    /// Its commits do not wait for the WAL flush ([`Conn::open_relaxed`]).
    relaxed: bool,
}

impl Conn {
    /// Connects; the connection's own task runs on the current runtime (the store's).
    pub(crate) async fn open(target: &Target) -> Result<Conn, StoreError> {
        let (client, connection) = target.config.connect(NoTls).await.map_err(backend)?;
        tokio::spawn(async move {
            if let Err(e) = connection.await {
                tracing::warn!("a PostgreSQL connection ended: {}", describe(&e));
            }
        });
        Ok(Conn {
            target: target.clone(),
            client: Arc::new(client),
            prepared: HashMap::new(),
            broken: false,
            relaxed: false,
        })
    }

    /// A connection whose commits do not wait for the write-ahead log to reach the disk
    /// (`synchronous_commit = off`): the readers', whose only writes are the delivery leases,
    /// the clock claims and their releases. Such a commit is seen by every other session at
    /// once and survives any crash of a bot; only a crash of the database server itself within
    /// a fraction of a second may forget it — and a forgotten lease or claim is one that runs
    /// out early. It spares each delivered message and each tick a disk flush of their own.
    pub(crate) async fn open_relaxed(target: &Target) -> Result<Conn, StoreError> {
        let mut conn = Conn::open(target).await?;
        conn.batch("SET synchronous_commit TO off").await?;
        conn.relaxed = true;
        Ok(conn)
    }

    /// Whether the connection was lost (it is opened again by [`Conn::reopen`]).
    pub(crate) fn is_closed(&self) -> bool {
        self.broken || self.client.is_closed()
    }

    /// Passes a client result on, noting a connection found gone.
    fn noted<T>(
        &mut self,
        result: Result<T, tokio_postgres::Error>,
    ) -> Result<T, tokio_postgres::Error> {
        if let Err(e) = &result
            && ends_connection(e)
        {
            self.broken = true;
        }
        result
    }

    pub(crate) async fn reopen(&mut self) -> Result<(), StoreError> {
        *self = if self.relaxed {
            Conn::open_relaxed(&self.target).await?
        } else {
            Conn::open(&self.target).await?
        };
        Ok(())
    }

    /// The server process serving this connection (tests end it to lose a batch).
    pub(crate) async fn backend_pid(&mut self) -> Result<i32, StoreError> {
        Ok(self.one("SELECT pg_backend_pid()", &[]).await?.get(0))
    }

    /// Prepares `sql` on this connection if it is not yet.
    pub(crate) async fn prepare(&mut self, sql: &'static str) -> Result<(), StoreError> {
        let statement = self.statement(sql).await;
        self.noted(statement).map(|_| ()).map_err(backend)
    }

    /// The client and `sql` prepared, for a call whose answer is awaited after others were
    /// sent ([`crate::save::send`]); `None` when `sql` was not prepared yet. No wait: callable
    /// from any thread.
    pub(crate) fn prepared(&self, sql: &'static str) -> Option<(Arc<Client>, Statement)> {
        let statement = self.prepared.get(sql)?.clone();
        Some((self.client.clone(), statement))
    }

    async fn statement(&mut self, sql: &'static str) -> Result<Statement, tokio_postgres::Error> {
        if let Some(statement) = self.prepared.get(sql) {
            return Ok(statement.clone());
        }
        let statement = self.client.prepare(sql).await?;
        self.prepared.insert(sql, statement.clone());
        Ok(statement)
    }

    pub(crate) async fn query(
        &mut self,
        sql: &'static str,
        params: &[&(dyn ToSql + Sync)],
    ) -> Result<Vec<Row>, StoreError> {
        self.query_raw(sql, params).await.map_err(backend)
    }

    /// The query, its error left as the client's (to tell a unique violation apart).
    pub(crate) async fn query_raw(
        &mut self,
        sql: &'static str,
        params: &[&(dyn ToSql + Sync)],
    ) -> Result<Vec<Row>, tokio_postgres::Error> {
        let statement = self.statement(sql).await;
        let result = match statement {
            Ok(statement) => self.client.query(&statement, params).await,
            Err(e) => Err(e),
        };
        self.noted(result)
    }

    pub(crate) async fn opt(
        &mut self,
        sql: &'static str,
        params: &[&(dyn ToSql + Sync)],
    ) -> Result<Option<Row>, StoreError> {
        Ok(self.query(sql, params).await?.into_iter().next())
    }

    pub(crate) async fn one(
        &mut self,
        sql: &'static str,
        params: &[&(dyn ToSql + Sync)],
    ) -> Result<Row, StoreError> {
        self.opt(sql, params)
            .await?
            .ok_or_else(|| StoreError::Backend(format!("no row from {sql:?}")))
    }

    pub(crate) async fn execute(
        &mut self,
        sql: &'static str,
        params: &[&(dyn ToSql + Sync)],
    ) -> Result<u64, StoreError> {
        self.execute_raw(sql, params).await.map_err(backend)
    }

    pub(crate) async fn execute_raw(
        &mut self,
        sql: &'static str,
        params: &[&(dyn ToSql + Sync)],
    ) -> Result<u64, tokio_postgres::Error> {
        let statement = self.statement(sql).await;
        let result = match statement {
            Ok(statement) => self.client.execute(&statement, params).await,
            Err(e) => Err(e),
        };
        self.noted(result)
    }

    /// Opens a transaction and runs `sql` as its first statement, in one round trip: the
    /// `BEGIN` is sent, and the query after it without waiting for its answer (the server
    /// answers a connection's requests in order).
    pub(crate) async fn query_in_a_new_transaction(
        &mut self,
        sql: &'static str,
        params: &[&(dyn ToSql + Sync)],
    ) -> Result<Vec<Row>, StoreError> {
        let statement = self.statement(sql).await;
        let statement = self.noted(statement).map_err(backend)?;
        let client = self.client.clone();
        let mut begin = std::pin::pin!(client.batch_execute("BEGIN"));
        // The first poll sends it; it is awaited once the query is answered.
        let sent = send_now(begin.as_mut());
        let rows = client.query(&statement, params).await;
        let begun = match sent {
            Poll::Ready(begun) => begun,
            Poll::Pending => begin.await,
        };
        let result = begun.and(rows);
        self.noted(result).map_err(backend)
    }

    /// Sends `queries` in one round trip and gives each one's answer: each is sent without
    /// waiting for the answer to the one before, and the server runs them in order. Each is an
    /// exchange of its own, so one that fails does not stop those after it (inside a
    /// transaction, the failure aborts it: those after it fail too, but for a `COMMIT`, which
    /// then rolls back without an error — a caller committing this way checks the answer of
    /// the statement before it). The error is a statement that could not be prepared: then
    /// none was sent.
    pub(crate) async fn pipelined_each(
        &mut self,
        queries: &[Query<'_>],
    ) -> Result<Vec<Result<Vec<Row>, StoreError>>, StoreError> {
        let mut statements = Vec::with_capacity(queries.len());
        for (sql, _) in queries {
            let statement = self.statement(sql).await;
            statements.push(self.noted(statement).map_err(backend)?);
        }
        let client = self.client.clone();
        let mut calls: Vec<_> = statements
            .iter()
            .zip(queries)
            .map(|(statement, (_, params))| Box::pin(client.query(statement, params)))
            .collect();
        // The first poll of each sends it; their answers are awaited after all were sent.
        let sent: Vec<_> = calls.iter_mut().map(|call| send_now(call.as_mut())).collect();
        let mut answers = Vec::with_capacity(queries.len());
        for (call, sent) in calls.iter_mut().zip(sent) {
            let answer = match sent {
                Poll::Ready(answer) => answer,
                Poll::Pending => call.await,
            };
            answers.push(self.noted(answer).map_err(backend));
        }
        Ok(answers)
    }

    /// Statements without parameters (transaction control, migrations' fixed text).
    pub(crate) async fn batch(&mut self, sql: &str) -> Result<(), StoreError> {
        let result = self.client.batch_execute(sql).await;
        self.noted(result).map_err(backend)
    }
}

/// A client error as the core's: a backend failure, with the server's message when there is
/// one (the client's own `Display` says only "db error").
/// Polls a client call once, which writes its request to the connection (tokio-postgres sends
/// on the first poll): what is sent after it runs after it, and its answer is awaited later
/// (whoever awaits it registers its own waker). Ready this soon, it can only have failed.
pub(crate) fn send_now<F: Future + ?Sized>(call: Pin<&mut F>) -> Poll<F::Output> {
    call.poll(&mut Context::from_waker(Waker::noop()))
}

pub(crate) fn backend(e: tokio_postgres::Error) -> StoreError {
    StoreError::Backend(describe(&e))
}

pub(crate) fn describe(e: &tokio_postgres::Error) -> String {
    match e.as_db_error() {
        Some(db) => format!("PostgreSQL {}: {}", db.code().code(), db.message()),
        None => match std::error::Error::source(e) {
            Some(source) => format!("PostgreSQL: {e}: {source}"),
            None => format!("PostgreSQL: {e}"),
        },
    }
}

/// Whether an error means the connection is gone or going: closed, a connection exception
/// (class 08), or the server ending the session (57P01 administrator command, 57P02 crash,
/// 57P03 cannot connect now) — its FATAL message comes before the socket closes.
fn ends_connection(e: &tokio_postgres::Error) -> bool {
    e.is_closed()
        || e.code().is_some_and(|code| {
            let code = code.code();
            code.starts_with("08") || code.starts_with("57P0")
        })
}

/// Whether a save failed because another writer got there first: a key another transaction
/// inserted, a lock it held past the lock timeout, or a deadlock with it.
pub(crate) fn is_race(e: &tokio_postgres::Error) -> bool {
    matches!(
        e.code(),
        Some(code) if *code == SqlState::UNIQUE_VIOLATION
            || *code == SqlState::LOCK_NOT_AVAILABLE
            || *code == SqlState::T_R_DEADLOCK_DETECTED
            || *code == SqlState::T_R_SERIALIZATION_FAILURE
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_schema_names_are_accepted() {
        for good in ["igroteka", "igroteka_t_12_3", "_x"] {
            assert!(check_identifier(good).is_ok(), "{good}");
        }
        for bad in ["", "1abc", "Igroteka", "a-b", "a;drop table x", "a\"b", &"x".repeat(64)] {
            assert!(check_identifier(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_session_settings_go_into_the_start_up_options() {
        let target =
            Target::new("postgres://u@h/db?options=-c%20work_mem%3D4MB", Some("s_1")).unwrap();
        let options = target.config.get_options().unwrap();
        assert!(options.starts_with("-c work_mem=4MB"), "{options}");
        assert!(options.contains("-c lock_timeout=2s"), "{options}");
        assert!(options.ends_with("-c search_path=s_1"), "{options}");
        assert!(Target::new("postgres://u@h/db", Some("bad name")).is_err());
        assert!(Target::new("not a url at all ://", None).is_err());
    }
}
