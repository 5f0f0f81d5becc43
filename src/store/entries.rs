//! The store's own records of delivery: outbox entries, the messages a table's slots show, and
//! what delivering an entry did.
//!
//! Why they live here: a backend must know nothing of the conversation engine, so that the
//! engine reaches storage through [`super::Store`] alone and the store never imports it back
//! (no circle app → store → app; `store-pg/tests/layering.rs` enforces it). An outbox entry is
//! therefore text the engine already serialised, kept and handed back byte for byte and never
//! read; what an entry means, and so how delivering it went, the deliverer says ([`Done`]).

use serde::{Deserialize, Serialize};

use crate::game::Seat;

/// A message of a table that the bot keeps up to date.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Slot {
    /// The group's live board (or the lobby before the game starts).
    Board,
    /// The short message that mentions the player to move.
    Ping,
    /// A seat's private prompt (its secret set-up, its own view).
    Private { seat: Seat },
    /// The note in the group about a seat the bot cannot write to privately, whose button
    /// opens the private chat: a slot so that its button can be taken away when the game ends.
    Note { seat: Seat },
}

impl Slot {
    /// The slot's part of a store key.
    pub fn key(self) -> [u8; 8] {
        match self {
            Slot::Board => [0xff; 8],
            Slot::Ping => {
                let mut key = [0xff; 8];
                key[7] = 0xfe;
                key
            }
            Slot::Private { seat } => (seat as u64).to_be_bytes(),
            Slot::Note { seat } => {
                let mut key = (seat as u64).to_be_bytes();
                key[0] = 0xfd;
                key
            }
        }
    }
}

/// A slot's message as the deliverer last left it: its platform id, and whether it carries
/// buttons (a message without any is never stripped).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SlotMessage {
    pub id: String,
    pub buttons: bool,
    /// The message this one replaced, once its buttons were taken off: a late press on it (a
    /// client still showing them) must not strip it again.
    pub retired: Option<String>,
}

impl SlotMessage {
    pub fn new(id: String, buttons: bool) -> SlotMessage {
        SlotMessage { id, buttons, retired: None }
    }

    /// Whether the message `id` is known to carry no buttons: this one without any, or the one
    /// it replaced.
    pub fn bare(&self, id: &str) -> bool {
        (self.id == id && !self.buttons) || self.retired.as_deref() == Some(id)
    }
}

/// An outbox entry as the store keeps it: the message already serialised, as JSON text. The
/// store writes it and hands it back byte for byte (sled's value, PostgreSQL's `json` column:
/// backups and `igroteka migrate` move it unchanged), and never reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutboxEntry {
    pub json: String,
}

/// A pending outbox entry, as [`super::Store::outbox`] returns it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PendingEntry {
    /// The entry's store key: its table's id, then its position (delivery order), 8 bytes
    /// each, big-endian. [`super::Store::outbox_done`] takes it back.
    pub key: Vec<u8>,
    pub entry: OutboxEntry,
}

/// What delivering an outbox entry did, as [`super::Store::outbox_done`] records it (nothing,
/// for an entry given up or superseded: `Done::default()`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Done<'a> {
    /// The message a table's slot shows now, when delivering changed it (a new message, or one
    /// whose buttons came or went): table id, slot, message.
    pub shown: Option<(u64, Slot, &'a SlotMessage)>,
    /// Whether delivering it put a new message in a chat. Its mark is then made durable at
    /// once: otherwise a restart after a `kill -9` would send it again, and it would stay twice
    /// in the chat. Any other mark waits for the next flush (doing it again changes nothing
    /// anyone sees).
    pub sent: bool,
}

/// What [`super::Store::lease_and_read_outboxes`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeasedOutboxes {
    /// The tables whose leases are now the holder's, ascending.
    pub granted: Vec<u64>,
    /// Their pending entries, table by table, each in order.
    pub entries: Vec<PendingEntry>,
    /// Every slot of the granted tables that shows a message — table, [`Slot::key`], message —
    /// when the backend read them in the same go; `None` when it did not.
    pub slots: Option<Vec<(u64, [u8; 8], SlotMessage)>>,
}
