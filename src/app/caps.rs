//! Caps on what one person or one chat may hold open at once: a user's open lobbies, and the
//! unfinished tables of one chat across its forum topics.
//!
//! Why: a lobby or a table costs the bot for as long as it lives (its record, its board
//! message, a place in the clock's index), while opening one costs a user a single `/play`.
//! Without a cap, one person could open a lobby in every chat they are in, or in every topic
//! of a forum, and leave them all open. The caps come from the configuration
//! ([`AppConfig::caps`](super::AppConfig)); `None` is no cap (the console, the tests of the
//! core). A refusal names the limit and what to do instead.

use super::{App, Ctx, Effect};
use crate::store::{Store, StoreError};
use crate::table::Status;

/// The caps on open tables (see the module docs); `None` leaves a cap off.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Caps {
    /// Lobbies a user opened and that are still gathering players, across every chat.
    pub lobbies_per_user: Option<usize>,
    /// Unfinished tables of one chat, across its forum topics (elsewhere a chat holds one
    /// table at a time anyway).
    pub tables_per_chat: Option<usize>,
}

impl<S: Store> App<S> {
    /// A refusal when opening one more lobby here would go over a cap, else `None`.
    pub(super) fn over_caps(&mut self, ctx: &Ctx) -> Result<Option<Vec<Effect>>, StoreError> {
        let caps = self.config.caps;
        if let Some(cap) = caps.lobbies_per_user
            && self.open_lobbies(ctx, cap)? >= cap
        {
            return Ok(Some(self.reply(ctx, "limit-lobbies", &[("count", cap.into())])));
        }
        // Outside a forum topic the chat's one table was checked already (`busy_chat`).
        if let Some(cap) = caps.tables_per_chat
            && ctx.input.chat.thread.is_some()
        {
            let chat = &ctx.input.chat;
            let open = self.store.chat_tables(ctx.input.platform, &chat.id)?.len();
            if open >= cap {
                return Ok(Some(self.reply(ctx, "limit-tables", &[("count", cap.into())])));
            }
        }
        Ok(None)
    }

    /// How many lobbies the user opened that still gather players, counted up to `cap`.
    fn open_lobbies(&self, ctx: &Ctx, cap: usize) -> Result<usize, StoreError> {
        let user = ctx.input.user_id();
        let mut open = 0;
        for id in self.store.user_tables(&user)? {
            if open >= cap {
                break;
            }
            let Ok(Some(table)) = self.store.load(id) else { continue };
            if table.status == Status::Lobby && table.creator == user {
                open += 1;
            }
        }
        Ok(open)
    }
}
