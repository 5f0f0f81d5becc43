//! The owner's commands: `/botstats`, `/abort <table>` and `/maintenance on|off`, for the people
//! who run the bot (their ids are in [`super::AppConfig::owners`]).
//!
//! Why they look unknown to everyone else: a command that answers "not allowed" tells people
//! it exists and invites them to try. Anyone but an owner gets exactly the answer an unknown
//! command gets, and the adapters list these commands only in the owners' own menus. An owner
//! uses them in their private chat with the bot (a Discord owner's slash commands answer only
//! to them), so figures never land in a group.
//!
//! Maintenance mode is a preference (`owner.maintenance`), so it survives a restart and holds
//! for every engine over the store; while it is on, opening a lobby and starting a game are
//! refused with a notice, and games already running go on.

use std::collections::BTreeMap;

use super::text::{game_name, seat_name};
use super::turn::group_of;
use super::{App, Ctx, Effect, Effects, Mention, Message, reply_dest};
use crate::i18n::Value;
use crate::outbox::Slot;
use crate::registry::GAMES;
use crate::store::{Store, StoreError};
use crate::table::{Status, Table};

/// The owner's commands, as the core names them.
pub const OWNER_COMMANDS: &[&str] = &["botstats", "abort", "maintenance"];

/// Where maintenance mode is kept: `on`, or anything else for off.
pub const MAINTENANCE: &str = "owner.maintenance";

impl<S: Store> App<S> {
    /// Whether the input comes from one of the bot's owners.
    fn is_owner(&self, ctx: &Ctx) -> bool {
        self.config.owners.contains(&ctx.input.user_id())
    }

    /// One of [`OWNER_COMMANDS`]: for an owner in their private chat; for anyone else, the
    /// answer an unknown command gets.
    pub(super) fn owner_command(&mut self, ctx: &Ctx, name: &str, args: &[String]) -> Effects {
        if !self.is_owner(ctx) {
            return Ok(self.reply(ctx, "unknown-command", &[("command", name.into())]));
        }
        if !ctx.input.chat.private {
            return Ok(self.reply(ctx, "owner-private-only", &[]));
        }
        match name {
            "botstats" => self.stats(ctx),
            "abort" => self.abort_table(ctx, args),
            _ => self.maintenance(ctx, args),
        }
    }

    /// Whether maintenance mode is on.
    pub(super) fn in_maintenance(&self) -> Result<bool, StoreError> {
        Ok(self.store.pref(MAINTENANCE)?.as_deref() == Some("on"))
    }

    /// The notice that refuses a new game while maintenance mode is on, or `None`.
    pub(super) fn maintenance_refusal(&self, ctx: &Ctx) -> Result<Option<Vec<Effect>>, StoreError> {
        Ok(self.in_maintenance()?.then(|| self.reply(ctx, "maintenance-refused", &[])))
    }

    /// `/botstats`: open tables by game and status, players this week, moves today, the store's
    /// size, the uptime and whether maintenance mode is on.
    fn stats(&mut self, ctx: &Ctx) -> Effects {
        let (lang, now) = (ctx.lang, ctx.input.now);
        let text = |id: &str, args: &[(&str, Value)]| self.i18n.text(lang, id, args);
        let mut open: BTreeMap<&str, [usize; 3]> = BTreeMap::new();
        let mut total: usize = 0;
        for id in self.store.unfinished()? {
            let table = match self.store.load(id) {
                Ok(Some(table)) => table,
                // Set aside (and so no longer open), or gone meanwhile.
                Ok(None) | Err(StoreError::Corrupt { .. }) => continue,
                Err(e) => return Err(e),
            };
            let column = match table.status {
                Status::Lobby => 0,
                Status::Setup => 1,
                Status::Playing => 2,
                Status::Finished | Status::Aborted => continue,
            };
            let game = GAMES.iter().find(|g| g.id == table.game).map_or("?", |g| g.id);
            open.entry(game).or_default()[column] += 1;
            total += 1;
        }
        let mut lines = vec![self.i18n.plain(lang, "owner-stats-title")];
        let uptime = now.saturating_sub(self.started_at.unwrap_or(now));
        lines.push(text("owner-stats-uptime", &[("time", human(self, lang, uptime).into())]));
        lines.push(text("owner-stats-tables", &[("count", total.into())]));
        for info in GAMES {
            let Some(counts) = open.get(info.id) else { continue };
            let statuses = ["owner-status-lobby", "owner-status-setup", "owner-status-playing"];
            let parts: Vec<String> = statuses
                .iter()
                .zip(counts)
                .filter(|(_, n)| **n > 0)
                .map(|(id, n)| text(id, &[("count", (*n).into())]))
                .collect();
            let game = game_name(&self.i18n, lang, info);
            lines.push(text(
                "owner-stats-game",
                &[("game", game.into()), ("counts", parts.join(", ").into())],
            ));
        }
        let (players, moves) = self.activity.report(&self.store, now)?;
        lines.push(text("owner-stats-players", &[("count", players.into())]));
        lines.push(text("owner-stats-moves", &[("count", (moves as usize).into())]));
        lines.push(match self.store.size_on_disk()? {
            Some(bytes) => text("owner-stats-store", &[("mb", megabytes(bytes).into())]),
            None => self.i18n.plain(lang, "owner-stats-store-unknown"),
        });
        let maintenance = if self.in_maintenance()? {
            "owner-stats-maintenance-on"
        } else {
            "owner-stats-maintenance-off"
        };
        lines.push(self.i18n.plain(lang, maintenance));
        let message = Message::text(lines.join("\n"));
        Ok(vec![Effect::Send { to: reply_dest(ctx.input), message }])
    }

    /// `/abort <table>`: ends a running table; its players are told in its chat, and its
    /// board and private prompts lose their buttons as when a game ends otherwise.
    fn abort_table(&mut self, ctx: &Ctx, args: &[String]) -> Effects {
        let Some(id) = args.first().and_then(|word| table_number(word)) else {
            return Ok(self.reply(ctx, "owner-abort-usage", &[]));
        };
        let number: Value = (id as usize).into();
        let Some(mut table) = self.store.load(id)? else {
            return Ok(self.reply(ctx, "owner-abort-unknown", &[("table", number)]));
        };
        if table.status.is_over() {
            return Ok(self.reply(ctx, "owner-abort-over", &[("table", number)]));
        }
        if table.chat.platform != ctx.input.platform {
            // Its messages go out through that platform; the answer to the owner could not.
            let platform = platform_name(&table);
            let args = [("table", number), ("platform", platform.into())];
            return Ok(self.reply(ctx, "owner-abort-elsewhere", &args));
        }
        let read_seq = table.seq;
        table.abort(ctx.input.now);
        self.save(&table, Some(read_seq))?;
        Ok(self.aborted(ctx, &table, number))
    }

    /// What an aborted table shows: a polite word to its players in its chat, the ping and
    /// the board's buttons gone (the private prompts and notes follow in [`App::commit`]),
    /// and the owner's answer.
    fn aborted(&self, ctx: &Ctx, table: &Table, number: Value) -> Vec<Effect> {
        let lang = self.table_lang(table);
        let people: Vec<usize> =
            (0..table.players.len()).filter(|s| !table.is_computer(*s)).collect();
        let names: Vec<String> = people.iter().map(|s| seat_name(table, *s)).collect();
        let game = table.info().map(|i| game_name(&self.i18n, lang, i)).unwrap_or_default();
        let notice = self.i18n.text(
            lang,
            "owner-aborted",
            &[("players", names.join(", ").into()), ("game", game.into())],
        );
        let mut message = Message::text(notice);
        message.mentions = people
            .iter()
            .filter_map(|s| table.players.get(*s))
            .map(|p| Mention { user: p.user.id.clone(), name: p.name.clone() })
            .collect();
        let own_game = table.info().map(|i| game_name(&self.i18n, ctx.lang, i)).unwrap_or_default();
        let done = self.i18n.text(
            ctx.lang,
            "owner-abort-done",
            &[("table", number), ("game", own_game.into())],
        );
        let to = group_of(table);
        vec![
            Effect::Send { to: to.clone(), message },
            Effect::Clear { to: to.clone(), slot: Slot::Ping },
            Effect::Clear { to, slot: Slot::Board },
            Effect::Send { to: reply_dest(ctx.input), message: Message::text(done) },
        ]
    }

    /// `/maintenance on|off`; anything else shows how, and the mode as it is.
    fn maintenance(&mut self, ctx: &Ctx, args: &[String]) -> Effects {
        let choice = args.first().map(|a| a.to_lowercase());
        let id = match choice.as_deref() {
            Some(mode @ ("on" | "off")) if args.len() == 1 => {
                self.store.set_pref(MAINTENANCE, mode)?;
                if mode == "on" { "owner-maintenance-on" } else { "owner-maintenance-off" }
            }
            _ => {
                let state = if self.in_maintenance()? { "on" } else { "off" };
                return Ok(self.reply(ctx, "owner-maintenance-usage", &[("state", state.into())]));
            }
        };
        Ok(self.reply(ctx, id, &[]))
    }
}

/// A table's number as the owner types it: `42`, `#42` or `t42` (as buttons and logs show it).
fn table_number(word: &str) -> Option<u64> {
    let digits = word.trim_start_matches('#').trim_start_matches(['t', 'T']);
    digits.parse().ok().filter(|n| *n > 0)
}

/// The platform a table plays on, by its own name.
fn platform_name(table: &Table) -> &'static str {
    match table.chat.platform {
        crate::table::Platform::Telegram => "Telegram",
        crate::table::Platform::Discord => "Discord",
        crate::table::Platform::Console => "console",
    }
}

/// `bytes` in megabytes with one decimal (two below one megabyte, so a small store is not 0.0).
fn megabytes(bytes: u64) -> String {
    let mb = bytes as f64 / 1_048_576.0;
    if mb < 1.0 { format!("{mb:.2}") } else { format!("{mb:.1}") }
}

/// A duration in `lang`'s words ("3 d 4 h").
fn human<S: Store>(app: &App<S>, lang: &str, ms: u64) -> String {
    crate::clock::human_in(&app.i18n, lang, ms)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_numbers_are_read_as_typed() {
        assert_eq!(table_number("42"), Some(42));
        assert_eq!(table_number("#42"), Some(42));
        assert_eq!(table_number("t42"), Some(42));
        assert_eq!(table_number("0"), None);
        assert_eq!(table_number("forty"), None);
        assert_eq!(table_number("-3"), None);
    }

    #[test]
    fn sizes_read_in_megabytes() {
        assert_eq!(megabytes(3 * 1_048_576 + 524_288), "3.5");
        assert_eq!(megabytes(10_486), "0.01");
    }
}
