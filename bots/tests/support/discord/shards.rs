//! Which gateway connection gets which event: Discord's sharding, as its gateway docs give it.
//!
//! A connection identifies with `shard: [shard_id, num_shards]` (without it, `[0, 1]`: the
//! whole bot). A guild's events go to the connection whose shard is
//! `(guild_id >> 22) % num_shards`; events of no guild (DMs) go to shard 0 only. The emulator
//! keeps every open connection here with its shard, so a test with several bot processes can
//! see that each event reached the connection — and so the process — of its guild's shard, and
//! an event for a shard nobody runs fails the test instead of vanishing.

use serde_json::Value;
use tokio::sync::mpsc::UnboundedSender;

/// `[shard_id, num_shards]`, as IDENTIFY and READY carry it.
pub type Shard = [u32; 2];

/// The shard of a connection that did not ask for one.
pub const UNSHARDED: Shard = [0, 1];

/// The shard id that gets the events of `guild` (`None`: an event of no guild, such as a DM)
/// when the bot runs `total` shards.
pub fn shard_of(guild: Option<u64>, total: u32) -> u32 {
    match guild {
        Some(id) => ((id >> 22) % u64::from(total.max(1))) as u32,
        None => 0,
    }
}

/// Whether a connection identified with `shard` gets the events of `guild`.
pub fn owns(shard: Shard, guild: Option<u64>) -> bool {
    shard_of(guild, shard[1]) == shard[0]
}

/// The `shard` of an IDENTIFY payload's `d`: `[0, 1]` when absent, `Err` (Discord's close code
/// 4010, "Invalid shard") when it is not two numbers with `shard_id < num_shards`.
pub fn requested(identify: &Value) -> Result<Shard, String> {
    let Some(value) = identify.get("shard").filter(|v| !v.is_null()) else {
        return Ok(UNSHARDED);
    };
    let pair = value.as_array().filter(|a| a.len() == 2).ok_or(format!("shard {value}"))?;
    let number = |v: &Value| v.as_u64().and_then(|n| u32::try_from(n).ok());
    match (number(&pair[0]), number(&pair[1])) {
        (Some(id), Some(total)) if total >= 1 && id < total => Ok([id, total]),
        _ => Err(format!("invalid shard {value}")),
    }
}

/// An open, identified gateway connection.
pub struct Connection {
    /// The connection's number, in the order the sockets were accepted.
    pub number: u32,
    pub shard: Shard,
    /// Dispatches (event name, `d`) to the connection, which numbers them.
    tx: UnboundedSender<(String, Value)>,
}

/// The open connections, by shard.
#[derive(Default)]
pub struct Gateways {
    connections: Vec<Connection>,
    accepted: u32,
}

impl Gateways {
    /// A number for a socket just accepted.
    pub fn accept(&mut self) -> u32 {
        self.accepted += 1;
        self.accepted
    }

    /// Socket `number` identified with `shard` (again, after an invalid session: the new shard
    /// replaces the old).
    pub fn identified(&mut self, number: u32, shard: Shard, tx: UnboundedSender<(String, Value)>) {
        self.closed(number);
        self.connections.push(Connection { number, shard, tx });
    }

    /// Socket `number` closed.
    pub fn closed(&mut self, number: u32) {
        self.connections.retain(|c| c.number != number);
    }

    pub fn is_empty(&self) -> bool {
        self.connections.is_empty()
    }

    /// Forgets every connection (the test knows the bot process is gone).
    pub fn clear(&mut self) {
        self.connections.clear();
    }

    /// The open connections' shards, for failure messages.
    pub fn shards(&self) -> Vec<(u32, Shard)> {
        self.connections.iter().map(|c| (c.number, c.shard)).collect()
    }

    /// Sends event `name` to every connection whose shard owns `guild`, as Discord does; the
    /// connections it went to. An error when none does (no bot process runs that shard) or the
    /// connection is gone: the caller fails the test, which must not lose an event silently.
    pub fn dispatch(
        &self,
        guild: Option<u64>,
        name: &str,
        d: &Value,
    ) -> Result<Vec<(u32, Shard)>, String> {
        let targets: Vec<&Connection> =
            self.connections.iter().filter(|c| owns(c.shard, guild)).collect();
        if targets.is_empty() {
            return Err(format!(
                "no gateway connection runs the shard of guild {guild:?} for {name} (open \
                 connections and their shards: {:?})",
                self.shards()
            ));
        }
        for c in &targets {
            let sent = c.tx.send((name.to_string(), d.clone()));
            sent.map_err(|_| format!("gateway connection {} is closed", c.number))?;
        }
        Ok(targets.iter().map(|c| (c.number, c.shard)).collect())
    }
}
