//! Delivery: the messages of a table leave through a durable outbox, in order, once.
//!
//! A move and the messages that announce it are one change: the engine writes the table and
//! its outbox entries in one store transaction, and only then (after the flush that makes them
//! durable) does anything reach a platform. A deliverer — one per table at a time — reads the
//! table's pending entries, performs them through a [`Messenger`] (the platform adapter), and
//! marks each done when the platform has confirmed it. A crash anywhere leaves either the old
//! table with no entries or the new table with its entries still pending, which the next start
//! delivers: a board never lies about a move that was saved.
//!
//! Most of what a table shows lives in a [`Slot`]: the group's one board, the one "your turn"
//! ping, a seat's private prompt. An entry for a slot says what the slot must show *now*, so
//! when entries queue up behind a platform's rate limit only the newest entry per slot is sent
//! ([`coalesce`]): a slow chat sees fewer updates, never an older state after a newer one.
//!
//! No button outlives its purpose, and none is stripped twice: the store keeps, with each
//! slot's message id, whether that message carries buttons now ([`SlotMessage`]), as the
//! deliverer last left it. Retiring a message without buttons makes no call (Telegram answers
//! an edit that changes nothing with "message is not modified", and it still counts against
//! the group's budget), and the engine's clears at a game's end cost nothing for slots that
//! show nothing to strip.
//!
//! The board goes before a ping queued ahead of it: under a rate limit, the chat's next
//! call brings what the players are waiting for.
//!
//! The store knows nothing of effects: it keeps each entry as the JSON text this module
//! serialised ([`entries`]) and hands pending ones back as text, which [`pending`] reads into
//! effects again (their values kept meanwhile, so a deliverer re-reading a table's outbox does
//! not parse the same boards again: `parsed`). Whether delivering an entry put a new message
//! in the chat, the deliverer tells the store ([`Done`]), which makes that mark durable before
//! the table's next call (at once, or for several tables in one write: [`Reading::deliver`]).

use crate::app::{Dest, Effect, Message};
use crate::store::{Done, LeasedOutboxes, OutboxEntry, Store, StoreError};
use crate::table::Platform;

mod parsed;

/// The slots and their messages are the store's records; the engine names them from here too.
pub use crate::store::{Slot, SlotMessage};

impl Slot {
    /// What becomes of the slot's old message when a fresh one replaces it: a ping is deleted
    /// (a chat holds at most one), a board, prompt or note stays as history without its
    /// buttons.
    pub fn retire(self) -> Retire {
        match self {
            Slot::Ping => Retire::Delete,
            Slot::Board | Slot::Private { .. } | Slot::Note { .. } => Retire::StripButtons,
        }
    }
}

/// See [`Slot::retire`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Retire {
    Delete,
    StripButtons,
}

/// One pending entry of a table's outbox, read back into its effect.
#[derive(Debug, Clone, PartialEq)]
pub struct Pending {
    /// The entry's store key (table id, then its position).
    pub key: Vec<u8>,
    pub effect: Effect,
    /// The entry as the store keeps it (its value is forgotten with it: `parsed`).
    pub json: String,
}

/// The outbox entries of `effects`, serialised for the store, in order.
pub fn entries(effects: &[Effect]) -> Vec<OutboxEntry> {
    effects.iter().map(|effect| OutboxEntry { json: parsed::text(effect) }).collect()
}

/// The table's pending entries, read back into effects, in order. An entry that cannot be read
/// (written by a build that knew other effects, or damaged) is dropped, with a warning: it
/// would block the table's outbox for good.
pub fn pending<S: Store + ?Sized>(store: &S, table: u64) -> Result<Vec<Pending>, StoreError> {
    read_back(store, store.outbox(table)?)
}

/// Stored entries read back into effects, in order; an unreadable one is dropped ([`pending`]).
fn read_back<S: Store + ?Sized>(
    store: &S,
    stored: Vec<crate::store::PendingEntry>,
) -> Result<Vec<Pending>, StoreError> {
    let mut pending = Vec::with_capacity(stored.len());
    for stored in stored {
        let json = stored.entry.json;
        match parsed::effect(&json) {
            Ok(effect) => pending.push(Pending { key: stored.key, effect, json }),
            Err(e) => {
                tracing::warn!(
                    table = table_of(&stored.key),
                    "an unreadable outbox entry was dropped: {e}"
                );
                store.outbox_done(&stored.key, Done::default())?;
            }
        }
    }
    Ok(pending)
}

/// Marks `entry` done as `done` says, and forgets its value.
fn mark<S: Store + ?Sized>(store: &S, entry: &Pending, done: Done<'_>) -> Result<(), StoreError> {
    store.outbox_done(&entry.key, done)?;
    parsed::forget(&entry.json);
    Ok(())
}

/// Keeps, of the entries for one slot, only the newest (and of the clears, only those after
/// the newest show); one-off messages all stay, in order; a ping waits behind a board of its
/// chat ([`ping_behind_board`]). Returns what to deliver, in order, and what was superseded
/// (to be marked done unsent).
pub fn coalesce(entries: Vec<Pending>) -> (Vec<Pending>, Vec<Pending>) {
    let mut keep = Vec::with_capacity(entries.len());
    let mut dropped = Vec::new();
    let mut seen: Vec<Slot> = Vec::new();
    for entry in entries.into_iter().rev() {
        match slot_of(&entry.effect) {
            Some(slot) if seen.contains(&slot) => dropped.push(entry),
            Some(slot) => {
                seen.push(slot);
                keep.push(entry);
            }
            None => keep.push(entry),
        }
    }
    keep.reverse();
    dropped.reverse();
    ping_behind_board(&mut keep);
    (keep, dropped)
}

/// Moves the ping behind the board of its chat when both are pending: the board is what the
/// players wait for (it shows a press made since the ping was queued), and the ping only
/// names whose turn it is, which that board shows too (a ping for a later turn would have
/// superseded it). Under a rate limit the chat's next call then brings the board, and the
/// ping goes when the players pause.
fn ping_behind_board(keep: &mut Vec<Pending>) {
    let shows = |entry: &Pending, slot: Slot| matches!(&entry.effect, Effect::Show { slot: s, .. } if *s == slot);
    let Some(ping) = keep.iter().position(|e| shows(e, Slot::Ping)) else { return };
    let to = dest_of(&keep[ping].effect).clone();
    let board = keep.iter().position(|e| shows(e, Slot::Board) && *dest_of(&e.effect) == to);
    if let Some(board) = board.filter(|board| *board > ping) {
        let entry = keep.remove(ping);
        keep.insert(board, entry);
    }
}

fn slot_of(effect: &Effect) -> Option<Slot> {
    match effect {
        Effect::Show { slot, .. } | Effect::Clear { slot, .. } => Some(*slot),
        _ => None,
    }
}

/// Why a platform call failed, as far as delivery cares.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// The message to edit or delete no longer exists or cannot be edited: send anew.
    Gone,
    /// The user cannot be written to privately (never started the bot, closed DMs).
    Unreachable,
    /// Worth another try later (network, server error, a rate limit that outlasted the
    /// messenger's own waiting).
    Transient(String),
    /// Will never succeed (a request the platform rejects): logged and dropped.
    Permanent(String),
}

/// A chat platform as the deliverer uses it. Each call has already waited out the platform's
/// rate limits (the messenger paces itself and retries a 429 after `retry_after`).
#[allow(async_fn_in_trait)]
pub trait Messenger {
    /// Waits until a message to `to` may be sent without exceeding the platform's limits.
    /// Delivery re-reads the outbox after this, so whatever queued meanwhile is coalesced.
    async fn ready(&self, to: &Dest);
    /// Sends a message; the platform's id of it.
    async fn send(&self, to: &Dest, message: &Message) -> Result<String, Failure>;
    /// Replaces a message's text, picture and buttons.
    async fn edit(&self, to: &Dest, id: &str, message: &Message) -> Result<(), Failure>;
    /// Deletes a message.
    async fn delete(&self, to: &Dest, id: &str) -> Result<(), Failure>;
    /// Removes a message's buttons.
    async fn strip(&self, to: &Dest, id: &str) -> Result<(), Failure>;
    /// Opens a thread named `name` in the chat `to` for a game, started from the message `from`
    /// (its lobby) where the platform starts threads from messages; where its messages go.
    /// A platform without threads, or a chat where the bot may not open one, answers
    /// [`Failure::Permanent`].
    async fn open_thread(&self, to: &Dest, name: &str, from: Option<&str>)
    -> Result<Dest, Failure>;
    /// Whether `user` can be reached privately even though a direct message failed before
    /// (Discord: an interaction of theirs still open for ephemeral replies).
    fn has_private_route(&self, _user: &str) -> bool {
        false
    }
}

/// What one delivery pass did.
#[derive(Debug, Default, PartialEq)]
pub struct Report {
    /// Platform calls made, in order (the local platform shows them; tests count them).
    pub calls: Vec<Call>,
    /// Users found unreachable, or known to be and skipped: the engine notes them in the
    /// group ([`crate::app::Action::Unreachable`]). Each user once.
    pub unreachable: Vec<String>,
    /// Entries left for a later pass after a transient failure, or because another process
    /// holds the table's delivery lease ([`Report::elsewhere`]).
    pub deferred: bool,
    /// Another process holds the table's delivery lease: it delivers, this one looks again
    /// later (in case that one dies: its lease then runs out within [`LEASE_MS`]).
    pub elsewhere: bool,
    /// The thread the table asked for ([`Effect::OpenThread`]), once the platform answered:
    /// `Some(where)` when it opened, `None` when it was refused. The adapter hands it to the
    /// engine ([`crate::app::Action::Thread`]).
    pub thread: Option<Option<Dest>>,
}

/// How long a delivery lease lasts unrenewed. A deliverer renews it before each entry, and
/// the platform adapters renew it every [`LEASE_RENEW_MS`] while a pass runs (a call may wait
/// for a rate limit far longer than this), so a lease runs out only when its process stopped:
/// another process then takes the table over within this long.
pub const LEASE_MS: u64 = 6_000;
/// How often an adapter renews the lease of a pass under way.
pub const LEASE_RENEW_MS: u64 = 2_000;

/// This process's name as a lease holder: the host, the process id and a random part (a
/// process id is reused after a restart; a lease of the process before must not pass for
/// this one's).
pub fn holder() -> &'static str {
    static HOLDER: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    HOLDER.get_or_init(|| {
        let host = std::fs::read_to_string("/etc/hostname").unwrap_or_default();
        let nonce = rand_core::RngCore::next_u32(&mut rand_core::OsRng);
        format!("{}:{}:{nonce:08x}", host.trim(), std::process::id())
    })
}

/// Milliseconds since the Unix epoch, the leases' clock (processes sharing a store must
/// agree on it to well within [`LEASE_MS`]).
pub fn wall_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// Takes or renews this process's lease on delivering `table`.
pub fn lease<S: Store + ?Sized>(store: &S, table: u64) -> Result<bool, StoreError> {
    lease_as(holder(), store, table)
}

/// Takes or renews `me`'s lease on delivering `table`, for [`LEASE_MS`] from now.
fn lease_as<S: Store + ?Sized>(me: &str, store: &S, table: u64) -> Result<bool, StoreError> {
    store.lease_outbox(table, me, wall_ms(), LEASE_MS)
}

/// A platform call the deliverer made (and the id of a sent message).
#[derive(Debug, Clone, PartialEq)]
pub enum Call {
    Send { to: Dest, message: Message, id: String },
    Edit { to: Dest, id: String, message: Message },
    Delete { to: Dest, id: String },
    Strip { to: Dest, id: String },
    OpenThread { to: Dest, opened: Dest },
}

/// Delivers everything pending for `table`, in order, until its outbox is empty or a transient
/// failure defers the rest. Entries are marked done one by one as the platform confirms them,
/// without a flush of their own: a crash can make an entry go out twice (at-least-once), which
/// for an edit is harmless and for a send leaves one extra message.
pub async fn deliver<S: Store, M: Messenger>(
    store: &S,
    platform: Platform,
    table: u64,
    messenger: &M,
) -> Result<Report, StoreError> {
    deliver_as(holder(), store, platform, table, messenger).await
}

/// [`deliver`] under the lease holder name `me` (tests stand in for several processes).
///
/// The pass reads the table's outbox before each entry and again after the wait for the chat
/// (the engine runs beside it: whatever queued meanwhile supersedes what it replaces). What
/// the table's slots show and who is unreachable are read once a pass and kept up to date by
/// the pass itself, which is their only writer while it holds the lease; the lease is renewed
/// with a statement only every [`LEASE_RENEW_MS`]. Round trips to a shared store are what a
/// pass costs (docs/performance.md, "PostgreSQL").
pub async fn deliver_as<S: Store, M: Messenger>(
    me: &str,
    store: &S,
    platform: Platform,
    table: u64,
    messenger: &M,
) -> Result<Report, StoreError> {
    let mut pass = Pass::new(me, store, platform, table);
    let mut report = Report::default();
    loop {
        // One process at a time delivers a table, so nothing is sent twice or out of order
        // when several share the store; each entry is marked done before the lease can move
        // on to another process.
        if !pass.hold()? {
            return Ok(report.elsewhere());
        }
        let round = pass.round()?;
        if round.is_empty() {
            store.release_outbox(table, me)?;
            return Ok(report);
        }
        // One entry a round, read again after the wait for the chat: while a platform call is
        // made, the engine may queue a newer entry for the same slot (a press on a live
        // board), which must supersede the rest, not follow it.
        let first = round.into_iter().take(1).collect();
        match pass.deliver_round(messenger, first, Reread::Always, &mut report).await? {
            RoundEnd::Delivered | RoundEnd::Waited => {}
            RoundEnd::Empty => {
                store.release_outbox(table, me)?;
                return Ok(report);
            }
            RoundEnd::Elsewhere => return Ok(report.elsewhere()),
            RoundEnd::Deferred => {
                report.deferred = true;
                return Ok(report);
            }
        }
    }
}

/// Delivery of many tables at once, first half: takes the leases of `tables` and reads what is
/// pending for those granted and what their slots show — one call or two for all of them (one
/// round trip on PostgreSQL: three statements pipelined). What it read is what
/// [`Reading::deliver`] will carry out, wherever and whenever that runs: script mode reads on
/// the engine's thread, right after a batch is durable, and delivers on a thread of its own
/// while the next batch is handled.
pub fn read_all<S: Store>(
    me: &str,
    store: &S,
    platform: Platform,
    tables: &[u64],
) -> Result<Reading, StoreError> {
    let now = wall_ms();
    let leased = store.lease_and_read_outboxes(tables, me, now, LEASE_MS)?;
    Reading::of(store, platform, now, tables, leased)
}

/// [`Store::flush`], then [`read_all`] — in one call of the store
/// ([`Store::flush_and_read_outboxes`], one round trip on PostgreSQL): how a batch ends when
/// its engine delivers its tables itself. The outer error is the flush's (nothing of the batch
/// is durable), the inner one the read's (the batch is durable; its tables wait for a later
/// delivery).
pub fn flush_and_read_all<S: Store>(
    me: &str,
    store: &S,
    platform: Platform,
    tables: &[u64],
) -> Result<Result<Reading, StoreError>, StoreError> {
    let now = wall_ms();
    let leased = store.flush_and_read_outboxes(tables, me, now, LEASE_MS)?;
    Ok(leased.and_then(|leased| Reading::of(store, platform, now, tables, leased)))
}

/// What [`read_all`] found: the tables whose leases went to another process, each granted
/// table's first round, and what the slots those rounds use show.
#[derive(Debug)]
pub struct Reading {
    platform: Platform,
    /// When the leases were taken (the wall clock the leases use).
    leased_at: u64,
    elsewhere: Vec<u64>,
    rounds: Vec<(u64, Round)>,
    shown: Vec<((u64, Slot), Option<SlotMessage>)>,
}

impl Reading {
    /// The platform whose tables were read.
    pub fn platform(&self) -> Platform {
        self.platform
    }

    /// What the leases taken at `leased_at` on `tables` granted and read, as rounds to carry
    /// out.
    fn of<S: Store + ?Sized>(
        store: &S,
        platform: Platform,
        leased_at: u64,
        tables: &[u64],
        leased: LeasedOutboxes,
    ) -> Result<Reading, StoreError> {
        let granted = leased.granted;
        let mut pending: Vec<(u64, Vec<Pending>)> =
            granted.iter().map(|&t| (t, Vec::new())).collect();
        for entry in read_back(store, leased.entries)? {
            if let Some((_, entries)) = pending.iter_mut().find(|(t, _)| *t == table_of(&entry.key))
            {
                entries.push(entry);
            }
        }
        let rounds: Vec<(u64, Round)> =
            pending.into_iter().map(|(table, entries)| (table, coalesce(entries))).collect();
        let wanted = wanted_of(&rounds);
        let found = match leased.slots {
            Some(all) => wanted
                .iter()
                .map(|&(table, slot)| {
                    let shows = |(t, key, _): &&(u64, [u8; 8], SlotMessage)| {
                        *t == table && *key == slot.key()
                    };
                    all.iter().find(shows).map(|(_, _, message)| message.clone())
                })
                .collect(),
            None => store.slots_shown(&wanted)?,
        };
        let elsewhere = tables.iter().copied().filter(|t| !granted.contains(t)).collect();
        Ok(Reading {
            platform,
            leased_at,
            elsewhere,
            rounds,
            shown: wanted.into_iter().zip(found).collect(),
        })
    }

    /// Delivery of many tables at once, second half: carries out each table's round, as
    /// [`deliver_as`] does each, with the store's writes made for all of them at once where
    /// it can. The marks of what sent nothing new (an edit, a deletion, a superseded entry)
    /// and the releases are one call each for every table. The mark of a new message must be
    /// durable before a restart could send it again, so it is written durably before its
    /// table's next call, within [`LEASE_RENEW_MS`] of the leases (so before another process
    /// could take a table over), and for at most [`SENT_MARKS_AT_ONCE`] tables at a time: a crash
    /// can then send again at most one message a table, and of at most that many tables — as
    /// a crash between a call and its mark always could — while the marks of a batch's new
    /// messages cost one durable write for many tables instead of one each (on sled a flush,
    /// on PostgreSQL a statement and its commit). `serving` is told each table before its
    /// calls are made. What a first round leaves (entries that queued meanwhile, a wait for
    /// the chat) gets a pass of its own.
    pub async fn deliver<S: Store, M: Messenger>(
        self,
        me: &str,
        store: &S,
        messenger: &M,
        mut serving: impl FnMut(u64),
    ) -> Result<Vec<(u64, Report)>, StoreError> {
        let Reading { platform, leased_at, elsewhere, rounds, shown } = self;
        let mut shown = shown.into_iter().peekable();
        let mut reports = Vec::with_capacity(elsewhere.len() + rounds.len());
        let (mut marks, mut done, mut again) = (Vec::new(), Vec::new(), Vec::new());
        // How many of `marks` are of messages sent.
        let mut sent = 0;
        for table in elsewhere {
            reports.push((table, Report::default().elsewhere()));
        }
        for (table, (keep, dropped)) in rounds {
            serving(table);
            let mut pass = Pass::new(me, store, platform, table);
            pass.leased_at = Some(leased_at);
            while let Some(((_, slot), message)) = shown.next_if(|((t, _), _)| *t == table) {
                pass.slots.push((slot, message));
            }
            pass.deferred = Some(Vec::new());
            for entry in &dropped {
                pass.mark(entry, Done::default())?;
            }
            let mut report = Report::default();
            let end = if keep.is_empty() {
                RoundEnd::Empty
            } else {
                // Entries queued since the read are not looked for before each call (there
                // is no wait for the local platform): the release below finds them.
                pass.deliver_round(messenger, keep, Reread::AfterAWait, &mut report).await?
            };
            let kept = pass.deferred.take().unwrap_or_default();
            sent += kept.iter().filter(|m| m.sent).count();
            marks.extend(kept);
            // Kept marks of messages sent are written while the leases read with them still
            // hold (taken at `leased_at` for LEASE_MS): another process taking a table over
            // must find its sent entries marked.
            let late = wall_ms().saturating_sub(leased_at) >= LEASE_RENEW_MS;
            if sent >= SENT_MARKS_AT_ONCE || (sent > 0 && late) {
                write_marks(store, std::mem::take(&mut marks))?;
                sent = 0;
            }
            match end {
                RoundEnd::Delivered | RoundEnd::Empty => done.push(table),
                RoundEnd::Waited => again.push(table),
                RoundEnd::Elsewhere => report = report.elsewhere(),
                RoundEnd::Deferred => report.deferred = true,
            }
            reports.push((table, report));
        }
        again.extend(finish(store, marks, &done, me)?);
        for table in again {
            serving(table);
            let more = deliver_as(me, store, platform, table, messenger).await?;
            if let Some((_, report)) = reports.iter_mut().find(|(t, _)| *t == table) {
                report.calls.extend(more.calls);
                report.unreachable.extend(more.unreachable);
                report.deferred = more.deferred;
                report.elsewhere = more.elsewhere;
                report.thread = more.thread.or(report.thread.take());
            }
        }
        Ok(reports)
    }
}

/// A table's first round: the entries to deliver, and those superseded ([`coalesce`]).
type Round = (Vec<Pending>, Vec<Pending>);

/// The `(table, slot)` pairs the rounds' entries show or clear, table by table.
fn wanted_of(rounds: &[(u64, Round)]) -> Vec<(u64, Slot)> {
    let mut wanted: Vec<(u64, Slot)> = Vec::new();
    for (table, (keep, _)) in rounds {
        for slot in keep.iter().filter_map(|entry| slot_of(&entry.effect)) {
            if !wanted.contains(&(*table, slot)) {
                wanted.push((*table, slot));
            }
        }
    }
    wanted
}

/// The table an outbox key names (its first 8 bytes, big-endian).
fn table_of(key: &[u8]) -> u64 {
    key.get(..8).and_then(|b| b.try_into().ok()).map_or(0, u64::from_be_bytes)
}

/// When a round reads the outbox again before a call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reread {
    /// After every wait for the chat, however short (entries may queue at any moment).
    Always,
    /// Only after a wait long enough for entries to have queued ([`WAITED`]).
    AfterAWait,
}

/// How a round of a pass ended.
enum RoundEnd {
    /// Every entry of the round was carried out.
    Delivered,
    /// A call waited for the chat: the entries pending were read again, the first of them
    /// carried out; another round follows.
    Waited,
    /// Read again after a wait, the outbox was empty.
    Empty,
    /// Another process holds the table now.
    Elsewhere,
    /// A transient failure: the rest waits for a later pass.
    Deferred,
}

/// A mark not written yet ([`Reading::deliver`] writes a batch's at once).
struct Deferred {
    key: Vec<u8>,
    shown: Option<(u64, Slot, SlotMessage)>,
    json: String,
    /// Its entry put a new message in a chat: written durably before its table's next call.
    sent: bool,
}

/// How many tables' marks of new messages [`Reading::deliver`] keeps before writing them: the
/// most messages a crash in a batch's delivery can send a second time (one a table), and so
/// the number of durable writes it saves.
const SENT_MARKS_AT_ONCE: usize = 32;

fn write_marks<S: Store + ?Sized>(store: &S, marks: Vec<Deferred>) -> Result<(), StoreError> {
    if marks.is_empty() {
        return Ok(());
    }
    store.outbox_done_all(&as_done(&marks))?;
    forget_parsed(&marks);
    Ok(())
}

/// The end of [`Reading::deliver`]'s first rounds: the marks still kept, then the leases of
/// `tables` released where their outbox is empty ([`Store::finish_outboxes`], one round trip
/// on PostgreSQL); returns the tables with entries pending.
fn finish<S: Store + ?Sized>(
    store: &S,
    marks: Vec<Deferred>,
    tables: &[u64],
    me: &str,
) -> Result<Vec<u64>, StoreError> {
    let busy = store.finish_outboxes(&as_done(&marks), tables, me)?;
    forget_parsed(&marks);
    Ok(busy)
}

fn as_done(marks: &[Deferred]) -> Vec<(Vec<u8>, Done<'_>)> {
    marks
        .iter()
        .map(|m| {
            let shown = m.shown.as_ref().map(|(table, slot, message)| (*table, *slot, message));
            (m.key.clone(), Done { shown, sent: m.sent })
        })
        .collect()
}

fn forget_parsed(marks: &[Deferred]) {
    for mark in marks {
        parsed::forget(&mark.json);
    }
}

/// A wait for the chat this long or longer may have let newer entries queue up: the outbox is
/// read again before the call.
const WAITED: std::time::Duration = std::time::Duration::from_millis(2);

impl Report {
    /// Another process holds the table: it delivers, this one looks again later.
    fn elsewhere(mut self) -> Report {
        self.deferred = true;
        self.elsewhere = true;
        self
    }
}

/// One delivery pass over a table: its lease, and what it knows of the table's slots and
/// of the users it writes to.
struct Pass<'a, S: Store> {
    me: &'a str,
    store: &'a S,
    platform: Platform,
    table: u64,
    /// When the lease was last taken or renewed (the wall clock the leases use).
    leased_at: Option<u64>,
    /// Each slot looked at so far, and what it shows.
    slots: Vec<(Slot, Option<SlotMessage>)>,
    /// Each user written to privately so far, and whether they are unreachable.
    unreachable: Vec<(String, bool)>,
    /// Marks kept to be written with others ([`Reading::deliver`]); `None`: each is written at
    /// once.
    deferred: Option<Vec<Deferred>>,
}

impl<'a, S: Store> Pass<'a, S> {
    fn new(me: &'a str, store: &'a S, platform: Platform, table: u64) -> Pass<'a, S> {
        Pass {
            me,
            store,
            platform,
            table,
            leased_at: None,
            slots: Vec::new(),
            unreachable: Vec::new(),
            deferred: None,
        }
    }

    /// Takes the table's lease, or renews it once [`LEASE_RENEW_MS`] have passed since it was
    /// last had: a lease had then still runs for at least `LEASE_MS - LEASE_RENEW_MS`, during
    /// which no other process can take it. False: another process holds the table.
    fn hold(&mut self) -> Result<bool, StoreError> {
        let now = wall_ms();
        if self.leased_at.is_some_and(|at| now >= at && now - at < LEASE_RENEW_MS) {
            return Ok(true);
        }
        let granted = self.store.lease_outbox(self.table, self.me, now, LEASE_MS)?;
        self.leased_at = granted.then_some(now);
        Ok(granted)
    }

    /// The entries pending now, after coalescing; superseded entries are marked done on the
    /// way.
    fn round(&mut self) -> Result<Vec<Pending>, StoreError> {
        // Marks still kept are written first: the read must not find their entries.
        if let Some(kept) = self.deferred.as_mut() {
            write_marks(self.store, std::mem::take(kept))?;
        }
        let (keep, dropped) = coalesce(pending(self.store, self.table)?);
        for entry in &dropped {
            self.mark(entry, Done::default())?;
        }
        Ok(keep)
    }

    /// What `slot` shows (read from the store the first time in a pass).
    fn shown(&mut self, slot: Slot) -> Result<Option<SlotMessage>, StoreError> {
        if let Some((_, shown)) = self.slots.iter().find(|(s, _)| *s == slot) {
            return Ok(shown.clone());
        }
        let shown = self.store.slot_shown(self.table, slot)?;
        self.slots.push((slot, shown.clone()));
        Ok(shown)
    }

    /// Whether `user` is known to be unreachable (read from the store the first time).
    fn is_unreachable(&mut self, user: &str) -> Result<bool, StoreError> {
        if let Some((_, yes)) = self.unreachable.iter().find(|(u, _)| u == user) {
            return Ok(*yes);
        }
        let yes = self.store.is_unreachable(self.platform, user)?;
        self.unreachable.push((user.to_string(), yes));
        Ok(yes)
    }

    fn set_unreachable(&mut self, user: &str) -> Result<(), StoreError> {
        if !self.is_unreachable(user)? {
            self.store.set_unreachable(self.platform, user, true)?;
            self.unreachable.retain(|(u, _)| u != user);
            self.unreachable.push((user.to_string(), true));
        }
        Ok(())
    }

    /// Marks `entry` done (or keeps the mark for later, when the pass defers marks), and
    /// remembers what its slot shows now.
    fn mark(&mut self, entry: &Pending, done: Done<'_>) -> Result<(), StoreError> {
        if let Some((_, slot, shown)) = done.shown {
            self.slots.retain(|(s, _)| *s != slot);
            self.slots.push((slot, Some(shown.clone())));
        }
        match self.deferred.as_mut() {
            Some(kept) => {
                let shown = done.shown.map(|(table, slot, message)| (table, slot, message.clone()));
                let (key, json, sent) = (entry.key.clone(), entry.json.clone(), done.sent);
                kept.push(Deferred { key, shown, json, sent });
                Ok(())
            }
            None => mark(self.store, entry, done),
        }
    }

    /// Before another call on the table: a kept mark of a message sent is written (with the
    /// others kept), durably, so a crash cannot send two of the table's messages again.
    fn write_sent_marks(&mut self) -> Result<(), StoreError> {
        match self.deferred.as_mut() {
            Some(kept) if kept.iter().any(|m| m.sent) => {
                write_marks(self.store, std::mem::take(kept))
            }
            _ => Ok(()),
        }
    }

    /// Carries out a round's entries, in order.
    async fn deliver_round<M: Messenger>(
        &mut self,
        messenger: &M,
        round: Vec<Pending>,
        reread: Reread,
        report: &mut Report,
    ) -> Result<RoundEnd, StoreError> {
        for entry in round {
            if !self.makes_a_call(&entry.effect)? {
                // A clear of a slot with nothing to take away: done without waiting for the chat.
                self.mark(&entry, Done::default())?;
                continue;
            }
            // A kept mark of a message sent is durable before the table's next call, and before
            // its lease is looked at again (once another process holds it, the mark is late).
            self.write_sent_marks()?;
            let waiting = std::time::Instant::now();
            messenger.ready(dest_of(&entry.effect)).await;
            let waited = reread == Reread::Always || waiting.elapsed() >= WAITED;
            // The wait may have been long: make sure the table is still this process's.
            if !self.hold()? {
                return Ok(RoundEnd::Elsewhere);
            }
            let entry = if waited {
                // Whatever arrived while waiting supersedes what it replaces; the call the
                // wait was for goes to the first entry now pending, and a new round follows.
                let Some(first) = self.round()?.into_iter().next() else {
                    return Ok(RoundEnd::Empty);
                };
                first
            } else {
                entry
            };
            if !self.deliver_one(messenger, &entry, report).await? {
                return Ok(RoundEnd::Deferred);
            }
            if waited {
                return Ok(RoundEnd::Waited);
            }
        }
        Ok(RoundEnd::Delivered)
    }

    /// Whether carrying out `effect` takes a platform call: a clear does not when its slot
    /// shows nothing, or a message it would strip that has no buttons.
    fn makes_a_call(&mut self, effect: &Effect) -> Result<bool, StoreError> {
        let Effect::Clear { slot, .. } = effect else { return Ok(true) };
        Ok(match self.shown(*slot)? {
            None => false,
            Some(shown) => slot.retire() == Retire::Delete || shown.buttons,
        })
    }

    /// Carries out `entry` and marks it done; false when a transient failure defers it (and
    /// the rest of the outbox).
    async fn deliver_one<M: Messenger>(
        &mut self,
        messenger: &M,
        entry: &Pending,
        report: &mut Report,
    ) -> Result<bool, StoreError> {
        let table = self.table;
        let result = perform(self, messenger, &entry.effect, report).await;
        if let Effect::OpenThread { .. } = &entry.effect
            && !matches!(result, Err(Failure::Transient(_)))
        {
            report.thread = Some(result.as_ref().ok().and_then(|done| done.opened.clone()));
        }
        match result {
            Ok(Performed { shown, sent, opened }) => {
                // A thread opened is marked as durably as a message sent: opened twice after
                // a crash, it would be two (a forum topic is not started from a message).
                let sent = sent || opened.is_some();
                let shown = shown.as_ref().map(|(slot, m)| (table, *slot, m));
                self.mark(entry, Done { shown, sent })?
            }
            Err(Failure::Transient(why)) => {
                tracing::warn!(table, "delivery deferred: {why}");
                return Ok(false);
            }
            Err(Failure::Permanent(why)) => {
                tracing::warn!(table, "a message was refused and dropped: {why}");
                self.mark(entry, Done::default())?;
            }
            Err(Failure::Unreachable) => {
                if let Dest::User { user } = dest_of(&entry.effect) {
                    self.set_unreachable(user)?;
                    if !report.unreachable.contains(user) {
                        report.unreachable.push(user.clone());
                    }
                }
                self.mark(entry, Done::default())?;
            }
            Err(Failure::Gone) => self.mark(entry, Done::default())?,
        }
        Ok(true)
    }
}

fn dest_of(effect: &Effect) -> &Dest {
    static NOWHERE: Dest = Dest::User { user: String::new() };
    match effect {
        Effect::Show { to, .. }
        | Effect::Clear { to, .. }
        | Effect::Send { to, .. }
        | Effect::Edit { to, .. }
        | Effect::Delete { to, .. }
        | Effect::Strip { to, .. }
        | Effect::OpenThread { to, .. } => to,
        Effect::Answer { .. } => &NOWHERE,
    }
}

/// What carrying out an entry did.
#[derive(Debug, Default)]
struct Performed {
    /// What its slot's message is now, when that changed (a message sent, or its buttons came
    /// or went).
    shown: Option<(Slot, SlotMessage)>,
    /// Whether a new message went out.
    sent: bool,
    /// Where the thread it opened is.
    opened: Option<Dest>,
}

/// Carries out one entry.
async fn perform<S: Store, M: Messenger>(
    pass: &mut Pass<'_, S>,
    messenger: &M,
    effect: &Effect,
    report: &mut Report,
) -> Result<Performed, Failure> {
    let store_failure = |e: StoreError| Failure::Transient(e.to_string());
    if let Dest::User { user } = dest_of(effect)
        && !matches!(effect, Effect::Clear { .. })
        && pass.is_unreachable(user).map_err(store_failure)?
        && !messenger.has_private_route(user)
    {
        // Nobody can read it; the player gets it back with /start or "My board". Reported
        // all the same, without a call: a game the player joined since they were found
        // unreachable must get its note in the group too (the engine notes once per game).
        // (Taking the buttons off a message already there writes nothing new: a clear goes.)
        return Err(Failure::Unreachable);
    }
    match effect {
        Effect::Show { to, slot, message, fresh } => {
            let old = pass.shown(*slot).map_err(store_failure)?;
            let buttons = !message.buttons.is_empty();
            if let (false, Some(old)) = (fresh, &old) {
                match messenger.edit(to, &old.id, message).await {
                    Ok(()) => {
                        report.calls.push(Call::Edit {
                            to: to.clone(),
                            id: old.id.clone(),
                            message: message.clone(),
                        });
                        let now = SlotMessage { buttons, ..old.clone() };
                        let shown = (old.buttons != buttons).then_some((*slot, now));
                        return Ok(Performed { shown, ..Performed::default() });
                    }
                    Err(Failure::Gone) => {}
                    Err(other) => return Err(other),
                }
            }
            // The old message is retired before the new one is sent: the new one's id is then
            // recorded as soon as the platform returns it. (Sending first would leave a crash
            // window as long as the retiring call's wait for the rate limit, after which the
            // restarted deliverer sends the message a second time; retiring again is harmless.)
            let mut retired = None;
            if *fresh && let Some(old) = &old {
                let bare = retire(messenger, to, old, slot.retire(), report).await;
                retired = bare.then(|| old.id.clone());
            }
            let id = sent(messenger, to, message, report).await?;
            let shown = Some((*slot, SlotMessage { id, buttons, retired }));
            Ok(Performed { shown, sent: true, opened: None })
        }
        Effect::Clear { to, slot } => {
            let Some(old) = pass.shown(*slot).map_err(store_failure)? else {
                return Ok(Performed::default());
            };
            let bare = retire(messenger, to, &old, slot.retire(), report).await;
            let stripped = bare && old.buttons && slot.retire() == Retire::StripButtons;
            let shown = stripped.then_some((*slot, SlotMessage { buttons: false, ..old }));
            Ok(Performed { shown, ..Performed::default() })
        }
        Effect::Send { to, message } => {
            sent(messenger, to, message, report).await?;
            Ok(Performed { sent: true, ..Performed::default() })
        }
        Effect::OpenThread { to, name, .. } => {
            // Started from the lobby where the platform starts threads from a message.
            let lobby = pass.shown(Slot::Board).map_err(store_failure)?;
            let opened = messenger.open_thread(to, name, lobby.as_ref().map(|m| m.id.as_str()));
            let opened = opened.await?;
            report.calls.push(Call::OpenThread { to: to.clone(), opened: opened.clone() });
            Ok(Performed { opened: Some(opened), ..Performed::default() })
        }
        // The engine queues only shows, clears and sends.
        _ => Err(Failure::Permanent("not a deliverable effect".into())),
    }
}

async fn sent<M: Messenger>(
    messenger: &M,
    to: &Dest,
    message: &Message,
    report: &mut Report,
) -> Result<String, Failure> {
    let id = messenger.send(to, message).await?;
    report.calls.push(Call::Send { to: to.clone(), message: message.clone(), id: id.clone() });
    Ok(id)
}

/// Deletes or strips an old message; a message already gone is no loss, and one without
/// buttons is not stripped (nothing would change). Whether the message is known to have no
/// buttons left: the call succeeded or was not needed. (A message beyond the bot's reach — a
/// Discord ephemeral one after a restart — may still show them: a press on it is answered,
/// and strips it through the press.)
async fn retire<M: Messenger>(
    messenger: &M,
    to: &Dest,
    old: &SlotMessage,
    how: Retire,
    report: &mut Report,
) -> bool {
    let id = old.id.as_str();
    let result = match how {
        Retire::Delete => messenger.delete(to, id).await,
        Retire::StripButtons if !old.buttons => return true,
        Retire::StripButtons => messenger.strip(to, id).await,
    };
    match (result, how) {
        (Ok(()), Retire::Delete) => {
            report.calls.push(Call::Delete { to: to.clone(), id: id.to_string() });
            true
        }
        (Ok(()), Retire::StripButtons) => {
            report.calls.push(Call::Strip { to: to.clone(), id: id.to_string() });
            true
        }
        (Err(Failure::Gone), _) => false,
        (Err(e), _) => {
            tracing::warn!("retiring an old message failed: {e:?}");
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use std::cell::RefCell;
    use std::future::Future;
    use std::pin::pin;
    use std::task::{Context, Poll, Waker};

    use super::*;
    use crate::app::Message;
    use crate::store::SledStore;

    /// A platform on which user "shy" never opened the private chat.
    #[derive(Default)]
    struct Shy {
        sends: RefCell<Vec<Dest>>,
    }

    impl Messenger for Shy {
        async fn ready(&self, _to: &Dest) {}
        async fn send(&self, to: &Dest, _message: &Message) -> Result<String, Failure> {
            self.sends.borrow_mut().push(to.clone());
            match to {
                Dest::User { user } if user == "shy" => Err(Failure::Unreachable),
                _ => Ok(format!("m{}", self.sends.borrow().len())),
            }
        }
        async fn edit(&self, _: &Dest, _: &str, _: &Message) -> Result<(), Failure> {
            Ok(())
        }
        async fn delete(&self, _: &Dest, _: &str) -> Result<(), Failure> {
            Ok(())
        }
        async fn strip(&self, _: &Dest, _: &str) -> Result<(), Failure> {
            Ok(())
        }
        /// A forum opens topics; chat "plain" has none; chat "down" is not answering.
        async fn open_thread(&self, to: &Dest, _: &str, _: Option<&str>) -> Result<Dest, Failure> {
            match to {
                Dest::Chat { chat, .. } if chat == "plain" => Err(Failure::Permanent("no".into())),
                Dest::Chat { chat, .. } if chat == "down" => Err(Failure::Transient("502".into())),
                Dest::Chat { chat, .. } => {
                    Ok(Dest::Chat { chat: chat.clone(), thread: Some("t1".into()) })
                }
                Dest::User { .. } => Err(Failure::Permanent("private".into())),
            }
        }
    }

    fn now_or_never<T>(future: impl Future<Output = T>) -> T {
        let mut future = pin!(future);
        loop {
            if let Poll::Ready(value) =
                future.as_mut().poll(&mut Context::from_waker(Waker::noop()))
            {
                return value;
            }
        }
    }

    /// A board with one button.
    fn board(text: &str, fresh: bool) -> Effect {
        let to = Dest::Chat { chat: "g".into(), thread: None };
        let mut message = Message::text(text);
        let kind = crate::app::ButtonKind::Token("t1:0:j".into());
        message.buttons = vec![vec![crate::app::Button { text: "Join".into(), kind }]];
        Effect::Show { to, slot: Slot::Board, message, fresh }
    }

    /// A table's request for a thread is carried out like a message: opened, it is reported
    /// with where it is and leaves the outbox; refused for good, it is reported as refused and
    /// leaves too; a platform that does not answer keeps it for a later pass, unreported.
    #[test]
    fn a_thread_asked_for_is_opened_once_and_reported() {
        let store = SledStore::temporary().unwrap();
        let messenger = Shy::default();
        let open = |chat: &str| Effect::OpenThread {
            to: Dest::Chat { chat: chat.into(), thread: None },
            name: "Game · Ann, Bob".into(),
            table: 1,
        };
        for (table, chat) in [(1, "forum"), (2, "plain"), (3, "down")] {
            store.enqueue(table, &entries(&[open(chat)])).unwrap();
        }
        store.flush().unwrap();
        let report = now_or_never(deliver(&store, Platform::Telegram, 1, &messenger)).unwrap();
        let topic = Dest::Chat { chat: "forum".into(), thread: Some("t1".into()) };
        assert_eq!(report.thread, Some(Some(topic.clone())));
        assert!(matches!(&report.calls[..], [Call::OpenThread { opened, .. }] if *opened == topic));
        assert!(store.outbox(1).unwrap().is_empty(), "opened once");
        let report = now_or_never(deliver(&store, Platform::Telegram, 2, &messenger)).unwrap();
        assert_eq!(report.thread, Some(None), "refused: the game plays in its chat");
        assert!(store.outbox(2).unwrap().is_empty());
        let report = now_or_never(deliver(&store, Platform::Telegram, 3, &messenger)).unwrap();
        assert_eq!((report.thread, report.deferred), (None, true));
        assert_eq!(store.outbox(3).unwrap().len(), 1, "asked again later");
    }

    /// A fresh message for a slot comes after the old one is retired, so a crash while the
    /// retiring call waits for the rate limit cannot make the new one go out twice.
    #[test]
    fn a_fresh_show_retires_the_old_message_before_sending() {
        let store = SledStore::temporary().unwrap();
        let messenger = Shy::default();
        store.enqueue(1, &entries(&[board("lobby", false)])).unwrap();
        store.flush().unwrap();
        now_or_never(deliver(&store, Platform::Telegram, 1, &messenger)).unwrap();
        let old = store.slot_message(1, Slot::Board).unwrap().unwrap();
        store.enqueue(1, &entries(&[board("the game", true)])).unwrap();
        store.flush().unwrap();
        let report = now_or_never(deliver(&store, Platform::Telegram, 1, &messenger)).unwrap();
        let calls: Vec<&str> = report
            .calls
            .iter()
            .map(|c| match c {
                Call::Strip { id, .. } if *id == old => "strip old",
                Call::Send { .. } => "send",
                _ => "other",
            })
            .collect();
        assert_eq!(calls, ["strip old", "send"]);
        assert_ne!(store.slot_message(1, Slot::Board).unwrap().unwrap(), old);
    }

    /// A slot's message without buttons is not stripped when a fresh one replaces it, nor when
    /// it is cleared; one whose buttons an edit took off is not either, and the message a
    /// strip retired is remembered as bare.
    #[test]
    fn a_message_without_buttons_is_never_stripped() {
        let store = SledStore::temporary().unwrap();
        let messenger = Shy::default();
        let to = Dest::Chat { chat: "g".into(), thread: None };
        let bare = |fresh| Effect::Show {
            to: to.clone(),
            slot: Slot::Board,
            message: Message::text("computer's turn"),
            fresh,
        };
        let clear = Effect::Clear { to: to.clone(), slot: Slot::Board };
        let rounds: [(&[Effect], usize); 4] = [
            (&[board("lobby", false)], 0),
            (&[bare(false)], 0),
            (&[board("yours", true)], 0),
            (&[board("the game", true)], 1),
        ];
        for (effects, strips) in rounds {
            store.enqueue(1, &entries(effects)).unwrap();
            store.flush().unwrap();
            let report = now_or_never(deliver(&store, Platform::Telegram, 1, &messenger)).unwrap();
            let made = report.calls.iter().filter(|c| matches!(c, Call::Strip { .. })).count();
            assert_eq!(made, strips, "{effects:?}: {:?}", report.calls);
        }
        let shown = store.slot_shown(1, Slot::Board).unwrap().unwrap();
        assert!(shown.buttons && shown.retired.is_some(), "{shown:?}");
        for strips in [1, 0] {
            store.enqueue(1, &entries(std::slice::from_ref(&clear))).unwrap();
            store.flush().unwrap();
            let report = now_or_never(deliver(&store, Platform::Telegram, 1, &messenger)).unwrap();
            let made = report.calls.iter().filter(|c| matches!(c, Call::Strip { .. })).count();
            assert_eq!(made, strips, "{:?}", report.calls);
        }
        assert!(store.outbox(1).unwrap().is_empty());
    }

    /// A ping still pending when a later press's board is queued (the press did not pass the
    /// turn) goes after that board.
    #[test]
    fn a_ping_waits_behind_the_board_of_its_chat() {
        let store = SledStore::temporary().unwrap();
        let messenger = Shy::default();
        let to = Dest::Chat { chat: "g".into(), thread: None };
        let ping = Effect::Show {
            to,
            slot: Slot::Ping,
            message: Message::text("Boris: your move"),
            fresh: true,
        };
        store.enqueue(1, &entries(&[ping, board("Boris rolled a 3", false)])).unwrap();
        store.flush().unwrap();
        let report = now_or_never(deliver(&store, Platform::Telegram, 1, &messenger)).unwrap();
        let sent: Vec<String> = report
            .calls
            .iter()
            .filter_map(|c| match c {
                Call::Send { message, .. } => Some(message.text.clone()),
                _ => None,
            })
            .collect();
        assert_eq!(sent, ["Boris rolled a 3", "Boris: your move"]);
    }

    fn hello(user: &str) -> Effect {
        Effect::Send { to: Dest::User { user: user.into() }, message: Message::text("hello") }
    }

    /// Found unreachable once, a user is not written to again, yet every table that has
    /// something for them reports them, so each game can tell its group.
    #[test]
    fn an_unreachable_user_is_tried_once_and_reported_by_every_table() {
        let store = SledStore::temporary().unwrap();
        let shy = Shy::default();
        store.enqueue(1, &entries(&[hello("shy"), hello("shy"), hello("bold")])).unwrap();
        store.flush().unwrap();
        let first = now_or_never(deliver(&store, Platform::Telegram, 1, &shy)).unwrap();
        assert_eq!(first.unreachable, vec!["shy".to_string()]);
        assert_eq!(shy.sends.borrow().len(), 2, "one attempt for shy, one for bold");
        store.enqueue(2, &entries(&[hello("shy")])).unwrap();
        store.flush().unwrap();
        let second = now_or_never(deliver(&store, Platform::Telegram, 2, &shy)).unwrap();
        assert_eq!(second.unreachable, vec!["shy".to_string()]);
        assert_eq!(shy.sends.borrow().len(), 2, "no second attempt");
        assert!(store.outbox(2).unwrap().is_empty());
    }

    /// At each message sent, how many messages sent before it were not marked yet, and how
    /// many entries its own table had pending.
    struct Watching<'a> {
        store: &'a SledStore,
        total: usize,
        tables: Vec<u64>,
        sends: RefCell<Vec<(String, usize, usize)>>,
    }

    impl Messenger for Watching<'_> {
        async fn ready(&self, _to: &Dest) {}
        async fn send(&self, to: &Dest, message: &Message) -> Result<String, Failure> {
            let Dest::Chat { chat, .. } = to else { return Err(Failure::Gone) };
            let table: u64 = chat.trim_start_matches('g').parse().unwrap();
            let pending: usize =
                self.tables.iter().map(|&t| self.store.outbox(t).unwrap().len()).sum();
            let own = self.store.outbox(table).unwrap().len();
            let mut sends = self.sends.borrow_mut();
            let unmarked = sends.len() - (self.total - pending);
            sends.push((message.text.clone(), unmarked, own));
            Ok(format!("m{}", sends.len()))
        }
        async fn edit(&self, _: &Dest, _: &str, _: &Message) -> Result<(), Failure> {
            Ok(())
        }
        async fn delete(&self, _: &Dest, _: &str) -> Result<(), Failure> {
            Ok(())
        }
        async fn strip(&self, _: &Dest, _: &str) -> Result<(), Failure> {
            Ok(())
        }
        async fn open_thread(&self, _: &Dest, _: &str, _: Option<&str>) -> Result<Dest, Failure> {
            Err(Failure::Permanent("no threads".into()))
        }
    }

    /// Delivering a batch of tables, the marks of new messages are written together, for at
    /// most `SENT_MARKS_AT_ONCE` tables at a time, and each before its table's next call: a
    /// crash in the middle can send again at most one message a table, of that many tables.
    #[test]
    fn a_batch_marks_new_messages_together_and_each_before_its_tables_next_call() {
        let store = SledStore::temporary().unwrap();
        let count = SENT_MARKS_AT_ONCE as u64 + 8;
        let tables: Vec<u64> = (1..=count).collect();
        let send = |table: u64, n: usize| Effect::Send {
            to: Dest::Chat { chat: format!("g{table}"), thread: None },
            message: Message::text(format!("t{table}-{n}")),
        };
        for &table in &tables {
            let mut effects = vec![send(table, 1)];
            if table == count {
                effects.push(send(table, 2));
            }
            store.enqueue(table, &entries(&effects)).unwrap();
        }
        store.flush().unwrap();
        let total = tables.len() + 1;
        let watching =
            Watching { store: &store, total, tables: tables.clone(), sends: RefCell::default() };
        let reading = read_all(holder(), &store, Platform::Telegram, &tables).unwrap();
        now_or_never(reading.deliver(holder(), &store, &watching, |_| {})).unwrap();
        let sends = watching.sends.into_inner();
        let texts: Vec<&str> = sends.iter().map(|(text, _, _)| text.as_str()).collect();
        let mut expected: Vec<String> = tables.iter().map(|t| format!("t{t}-1")).collect();
        expected.push(format!("t{count}-2"));
        assert_eq!(texts, expected, "every message once, in order");
        let unmarked: Vec<usize> = sends.iter().map(|(_, unmarked, _)| *unmarked).collect();
        let mut expected: Vec<usize> = (0..SENT_MARKS_AT_ONCE).chain(0..8).collect();
        // The last table's second message: its first was marked before it; the seven tables'
        // before it are still kept.
        expected.push(7);
        assert_eq!(unmarked, expected);
        let own: Vec<usize> = sends.iter().map(|(_, _, own)| *own).collect();
        assert_eq!(own.last(), Some(&1), "the table's first message marked before its second");
        assert!(own[..own.len() - 1].iter().all(|&n| n == 1 || n == 2), "{own:?}");
        for table in tables {
            assert!(store.outbox(table).unwrap().is_empty(), "table {table} all marked");
            assert!(store.outbox_tables().unwrap().is_empty());
        }
    }

    /// Once the leases read with a batch are due for renewal, a table's mark of a message sent
    /// is not kept past its table: another process may take a table over once its lease runs
    /// out, and must find what was sent marked.
    #[test]
    fn marks_of_messages_sent_are_not_kept_once_the_leases_age() {
        let store = SledStore::temporary().unwrap();
        let tables: Vec<u64> = (1..=5).collect();
        for &table in &tables {
            let to = Dest::Chat { chat: format!("g{table}"), thread: None };
            let effect = Effect::Send { to, message: Message::text(format!("t{table}")) };
            store.enqueue(table, &entries(&[effect])).unwrap();
        }
        store.flush().unwrap();
        let total = tables.len();
        let watching =
            Watching { store: &store, total, tables: tables.clone(), sends: RefCell::default() };
        let mut reading = read_all(holder(), &store, Platform::Telegram, &tables).unwrap();
        reading.leased_at -= LEASE_RENEW_MS;
        now_or_never(reading.deliver(holder(), &store, &watching, |_| {})).unwrap();
        let unmarked: Vec<usize> =
            watching.sends.into_inner().iter().map(|(_, unmarked, _)| *unmarked).collect();
        assert_eq!(unmarked, [0, 0, 0, 0, 0]);
        assert!(store.outbox_tables().unwrap().is_empty());
    }

    /// An entry reads back as the effect it was written from, whether its value was kept or
    /// it is read from the text alone (written before a restart); one that cannot be read is
    /// dropped from the store, and the rest are delivered.
    #[test]
    fn pending_entries_read_back_and_an_unreadable_one_is_dropped() {
        let store = SledStore::temporary().unwrap();
        let effects = [hello("a"), board("lobby", false)];
        let written = entries(&effects);
        store.enqueue(1, &written).unwrap();
        let strange = board("never kept", true);
        let text = serde_json::to_string(&strange).unwrap();
        let unreadable = OutboxEntry { json: r#"{"teleport":{"to":"moon"}}"#.into() };
        store.enqueue(1, &[OutboxEntry { json: text.clone() }, unreadable]).unwrap();
        store.flush().unwrap();
        assert_eq!(store.outbox(1).unwrap().len(), 4);
        let read = pending(&store, 1).unwrap();
        let values: Vec<&Effect> = read.iter().map(|p| &p.effect).collect();
        assert_eq!(values, [&effects[0], &effects[1], &strange]);
        let texts: Vec<&str> = read.iter().map(|p| p.json.as_str()).collect();
        assert_eq!(texts, [written[0].json.as_str(), written[1].json.as_str(), text.as_str()]);
        assert_eq!(store.outbox(1).unwrap().len(), 3, "the unreadable entry left the store");
    }
}
