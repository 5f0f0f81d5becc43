//! The clock's side of the conversation: a tick finds the tables whose turn clock is due (from
//! the store's index) and, for each, reminds the players to move or applies the table's
//! deadline policy ([`crate::clock`]).
//!
//! Each due table is one attempt of its own, saved with its messages in one transaction like a
//! press: a crash between a deadline and its messages loses neither, and the saved clock
//! (reminders sent, the turn restarted) means a tick after a restart does nothing twice.

use std::panic::AssertUnwindSafe;

use super::text::{game_name, seat_name};
use super::turn::{group_input, group_of};
use super::{App, Ctx, Effect, Input, Message, RETRIES, User, reply_dest};
use crate::clock::{self, Due, Policy, Rules};
use crate::event::Event;
use crate::game::{Seat, ToMove};
use crate::outbox::{self, Slot};
use crate::registry::DynGame;
use crate::store::{Claim, Store, StoreError};
use crate::table::{Platform, Status, Table, TableError};

/// The most tables one tick handles; the rest are due at the next.
const PER_TICK: usize = 100;

/// How long a process's claim on the due tables of its tick keeps other processes sharing
/// the store off them ([`Store::claim_due`]): far longer than handling them takes, and the
/// most a stopped process's claim delays another process taking its deadlines over. A claim
/// ends sooner when its table is saved.
const TICK_CLAIM_MS: u64 = 6_000;

/// How long a computer's turn, once handed out, is the process's that thinks about it: the
/// pause and the search, with room to spare ([`Store::claim_clock`]).
pub(super) const COMPUTER_CLAIM_MS: u64 = 30_000;

/// This process's claim on tables' clocks, from now, for `ttl_ms`.
pub(super) fn clock_claim(ttl_ms: u64) -> Claim<'static> {
    Claim { holder: crate::outbox::holder(), now_ms: crate::outbox::wall_ms(), ttl_ms }
}

impl<S: Store> App<S> {
    /// When every player to move on `table` is on vacation at `now`: when the last of them is
    /// back.
    fn back_from_vacation(&self, table: &mut Table, now: u64) -> Result<Option<u64>, StoreError> {
        let ToMove::Seats(seats) = table.to_move() else { return Ok(None) };
        let mut back = 0;
        for seat in seats {
            let Some(player) = table.players.get(seat) else { return Ok(None) };
            match self.vacation_until(table.chat.platform, &player.user.id)? {
                Some(until) if until > now => back = back.max(until),
                _ => return Ok(None),
            }
        }
        Ok((back > 0).then_some(back))
    }

    fn vacation_until(&self, platform: Platform, user: &str) -> Result<Option<u64>, StoreError> {
        Ok(self.store.pref(&vacation_key(platform, user))?.and_then(|v| v.parse().ok()))
    }

    /// `/pause`: the clock of this game stops when every person playing has asked.
    pub(super) fn pause(&mut self, ctx: &Ctx) -> Result<Vec<Effect>, StoreError> {
        let Some((mut table, seat)) = self.seated_in_game(ctx)? else {
            return Ok(self.reply(ctx, "no-game-here", &[]));
        };
        if table.clock.is_paused() {
            return Ok(self.reply(ctx, "pause-already", &[]));
        }
        let read_seq = table.seq;
        if !table.clock.pause_votes.contains(&seat) {
            table.clock.pause_votes.push(seat);
        }
        // Every person in the game must agree; a computer has no say.
        let people: Vec<Seat> = table.people_in_play().collect();
        let votes = table.clock.pause_votes.iter().filter(|s| people.contains(s)).count();
        let players = people.len();
        let lang = self.table_lang(&table);
        let stops = votes >= players;
        let text = if stops {
            table.clock.pause(ctx.input.now);
            self.i18n.plain(lang, "clock-paused")
        } else {
            let args = [
                ("player", seat_name(&table, seat).into()),
                ("votes", (votes as i64).into()),
                ("players", (players as i64).into()),
            ];
            self.i18n.text(lang, "clock-pause-asked", &args)
        };
        table.touch(ctx.input.now);
        self.save(&table, Some(read_seq))?;
        let mut effects = vec![Effect::Send { to: group_of(&table), message: Message::text(text) }];
        if stops {
            effects.push(self.board_redrawn(ctx, &mut table)?);
        }
        Ok(effects)
    }

    /// The group's board edited in place to say what the clock says now (stopped, or the time
    /// left), so that it never shows a clock running that is not, or the other way round.
    fn board_redrawn(&self, ctx: &Ctx, table: &mut Table) -> Result<Effect, StoreError> {
        let lang = self.table_lang(table);
        let message = self.board_message(lang, table, &[], ctx.input.now)?;
        Ok(Effect::Show { to: group_of(table), slot: Slot::Board, message, fresh: false })
    }

    /// `/resume`: any player starts the stopped clock again; the turn keeps the time it had.
    pub(super) fn resume(&mut self, ctx: &Ctx) -> Result<Vec<Effect>, StoreError> {
        let Some((mut table, _)) = self.seated_in_game(ctx)? else {
            return Ok(self.reply(ctx, "no-game-here", &[]));
        };
        if !table.clock.is_paused() {
            return Ok(self.reply(ctx, "resume-not-paused", &[]));
        }
        let read_seq = table.seq;
        table.clock.resume(ctx.input.now);
        table.touch(ctx.input.now);
        self.save(&table, Some(read_seq))?;
        let lang = self.table_lang(&table);
        let text = self.i18n.plain(lang, "clock-resumed");
        let said = Effect::Send { to: group_of(&table), message: Message::text(text) };
        Ok(vec![said, self.board_redrawn(ctx, &mut table)?])
    }

    /// The running game of this chat and the presser's seat in it; `None` (answered) when
    /// there is none or they do not play in it.
    fn seated_in_game(&mut self, ctx: &Ctx) -> Result<Option<(Table, Seat)>, StoreError> {
        let Some(table) = self.active_table(ctx)? else { return Ok(None) };
        if table.status == Status::Lobby {
            return Ok(None);
        }
        Ok(table.seat_of(&ctx.input.user_id()).map(|seat| (table, seat)))
    }

    /// `/vacation N`: the player's clock stops in all their games for N days, out of
    /// [`clock::VACATION_DAYS`] a year; `/vacation` alone says how many are left, `/vacation
    /// off` ends it now.
    pub(super) fn vacation(
        &mut self,
        ctx: &Ctx,
        args: &[String],
    ) -> Result<Vec<Effect>, StoreError> {
        let (platform, user, now) = (ctx.input.platform, ctx.input.user.id.clone(), ctx.input.now);
        let used_key = format!("vacation-used:{}:{user}:{}", platform.tag(), clock::year(now));
        let used: u64 = self.store.pref(&used_key)?.and_then(|v| v.parse().ok()).unwrap_or(0);
        let left = clock::VACATION_DAYS.saturating_sub(used);
        let until = self.vacation_until(platform, &user)?.filter(|until| *until > now);
        match args.first().map(String::as_str) {
            None => {
                let args = [("days", (left as i64).into())];
                let id = if until.is_some() { "vacation-on" } else { "vacation-status" };
                Ok(self.reply(ctx, id, &args))
            }
            Some("off") => {
                self.store.set_pref(&vacation_key(platform, &user), "0")?;
                self.release_held_turns(ctx);
                Ok(self.reply(ctx, "vacation-off", &[]))
            }
            Some(word) => match word.parse::<u64>() {
                Ok(days) if (1..=left).contains(&days) => {
                    let from = until.unwrap_or(now);
                    let until = from + days * clock::DAY;
                    self.store.set_pref(&vacation_key(platform, &user), &until.to_string())?;
                    self.store.set_pref(&used_key, &(used + days).to_string())?;
                    let args =
                        [("days", (days as i64).into()), ("left", ((left - days) as i64).into())];
                    Ok(self.reply(ctx, "vacation-set", &args))
                }
                _ => Ok(self.reply(ctx, "vacation-usage", &[("days", (left as i64).into())])),
            },
        }
    }
}

impl<S: Store> App<S> {
    /// The player is back before their vacation's end: each of their games whose turn the
    /// clock held for them (it starts only when the vacation was to end) starts its turn now,
    /// whole, and its group board says so. A held clock that is also paused is restarted too
    /// (it stays stopped, and `/resume` gives the whole turn). Each table is saved on its own,
    /// as the tick saves each due table, and one that cannot be read or saved is left held
    /// (its turn starts at the vacation's planned end) without failing the others; a retried
    /// command finds those already started and leaves them.
    fn release_held_turns(&mut self, ctx: &Ctx) {
        let (user, now) = (ctx.input.user_id(), ctx.input.now);
        let tables = match self.store.user_tables(&user) {
            Ok(tables) => tables,
            Err(e) => return tracing::error!("held turns were not looked for: {e}"),
        };
        for id in tables {
            let mut table = match self.store.load(id) {
                Ok(Some(table)) => table,
                Ok(None) => continue,
                Err(e) => {
                    tracing::warn!(table = id, "a held turn was not looked at: {e}");
                    continue;
                }
            };
            let Some(seat) = table.seat_of(&user) else { continue };
            let held = table.clock.started > now;
            if table.status.is_over() || !held || !table.to_move().includes(seat) {
                continue;
            }
            let read_seq = table.seq;
            table.clock.restart(now);
            table.touch(now);
            let saved = self.board_redrawn(ctx, &mut table).and_then(|board| {
                self.store.save(&table, Some(read_seq), &outbox::entries(&[board]))
            });
            match saved {
                Ok(()) if !self.dirty.contains(&id) => self.dirty.push(id),
                Ok(()) => {}
                Err(e) => tracing::warn!(table = id, "a held turn was not started: {e}"),
            }
        }
    }
}

fn vacation_key(platform: Platform, user: &str) -> String {
    format!("vacation:{}:{user}", platform.tag())
}

/// How often a game's player to move may be nudged.
const NUDGE_EVERY: u64 = 3_600_000;

/// The most actions played for one absent seat at one deadline (a jump chain, a bonus roll).
const MOST_ACTIONS: usize = 100;

impl<S: Store> App<S> {
    /// A tick of the clock at `now`: every due table gets its reminder or its deadline. The
    /// messages go through the tables' outboxes; nothing answers the tick itself.
    pub(super) fn tick(&mut self, platform: Platform, now: u64) -> Vec<Effect> {
        let due = match self.store.claim_due(platform, now, PER_TICK, &clock_claim(TICK_CLAIM_MS)) {
            Ok(due) => due,
            Err(e) => {
                tracing::error!("the clock index could not be read: {e}");
                return Vec::new();
            }
        };
        for id in due {
            for _ in 0..=RETRIES {
                self.staged = None;
                self.route = None;
                self.after_commit.clear();
                let attempt = AssertUnwindSafe(|| self.clock_due(id, now));
                let result = std::panic::catch_unwind(attempt)
                    .unwrap_or(Err(StoreError::Internal))
                    .and_then(|effects| self.commit(effects));
                match result {
                    Err(StoreError::Conflict) => continue,
                    Err(e) => tracing::warn!(table = id, "the turn clock failed: {e}"),
                    Ok(_) => {
                        for (key, value) in std::mem::take(&mut self.after_commit) {
                            if let Err(e) = self.store.set_pref(&key, &value) {
                                tracing::warn!("a reminder's record was not kept: {e}");
                            }
                        }
                    }
                }
                break;
            }
        }
        Vec::new()
    }

    /// What the clock of table `id` asks for at `now`, done.
    fn clock_due(&mut self, id: u64, now: u64) -> Result<Vec<Effect>, StoreError> {
        let Some(mut table) = self.store.load(id)? else { return Ok(Vec::new()) };
        if table.status == Status::Lobby {
            // Only a lobby waiting for its game's thread has a clock.
            return self.thread_overdue(table, now);
        }
        if table.computer_turn {
            // A computer's turn that a restart interrupted (or one still out): hand it out.
            self.hand_out_computer_turns(&mut table);
            return Ok(Vec::new());
        }
        let (Some(rules), Some(_)) = (table.clock_rules(), table.due()) else {
            return Ok(Vec::new());
        };
        let (step, mornings) = (table.clock.due_at(&rules, now), table.clock.mornings(now));
        if step.is_none() && mornings.is_empty() {
            return Ok(Vec::new());
        }
        let read_seq = table.seq;
        // Players to move who are all on vacation: their turn starts afresh when they are back.
        if let Some(back) = self.back_from_vacation(&mut table, now)? {
            table.clock.restart(back);
            table.touch(now);
            self.save(&table, Some(read_seq))?;
            return Ok(Vec::new());
        }
        let input = tick_input(&table, now);
        let ctx = self.ctx(&input);
        let effects = match step {
            // Held reminders whose player's morning has come: what the turn's time said last.
            None => {
                let due = table.clock.last_reminder();
                let effects = self.reminders(&mut table, &mornings, due, &rules, now)?;
                table.touch(now);
                effects
            }
            // A step of the turn: every seat to move, afresh (a reminder still held is said
            // now, or held again).
            Some(due @ (Due::HalfTime | Due::NearEnd)) => {
                let seats = match table.to_move() {
                    ToMove::Seats(seats) => seats,
                    _ => Default::default(),
                };
                table.clock.held.clear();
                let effects = self.reminders(&mut table, &seats, due, &rules, now)?;
                table.clock.reminded = if due == Due::HalfTime { 1 } else { 2 };
                table.touch(now);
                effects
            }
            Some(Due::Deadline) => {
                let events = self.deadline(&mut table, &rules, now)?;
                // Whatever happened, this deadline is dealt with: a seat still to move (its
                // turn could not be played through) gets a fresh turn, not a tick loop.
                if table.due().is_some_and(|at| at <= now) {
                    table.clock.restart(now);
                }
                table.touch(now);
                self.after_move(&ctx, &mut table, &events, true)?
            }
        };
        self.save(&table, Some(read_seq))?;
        Ok(effects)
    }

    /// The deadline: each seat still to move is played for (`skip`) or removed (`remove`, or
    /// too many missed turns in a row). The events say which.
    fn deadline(
        &self,
        table: &mut Table,
        rules: &Rules,
        now: u64,
    ) -> Result<Vec<Event>, StoreError> {
        let ToMove::Seats(seats) = table.to_move() else { return Ok(Vec::new()) };
        let id = table.id;
        let corrupt = |e: TableError| StoreError::Corrupt { id, reason: e.to_string() };
        let mut events = Vec::new();
        for seat in seats {
            if !table.to_move().includes(seat) {
                continue;
            }
            // The end of a vote on this player is the end of the turn it gave them: the turn
            // was counted as missed when the vote opened, and is not counted twice.
            let vote_ends = table.clock.vote.as_ref().is_some_and(|vote| vote.seat == seat);
            let counted = table.clock.misses.get(&seat).copied().unwrap_or(0);
            let missed = if vote_ends { counted.max(1) } else { counted + 1 };
            let remove =
                rules.policy == Policy::Remove || rules.misses.is_some_and(|most| missed >= most);
            // A vote opens for one player at a time, and only when another person can cast it;
            // one whose vote ran its course unsettled, or who has only computers left to
            // decide, has the turn played for them.
            let vote = rules.policy == Policy::Vote
                && table.clock.vote.is_none()
                && table.people_in_play().any(|s| s != seat);
            if remove {
                events.push(Event::new("clock-removed").seat("player", seat));
                let resigned = table.resign(seat, now).map_err(corrupt)?;
                events.extend(resigned);
            } else if vote {
                events.push(Event::new("clock-vote").seat("player", seat).int("misses", missed));
                table.clock.open_vote(seat, now);
                table.clock.misses.insert(seat, missed);
            } else if rules.policy == Policy::Computer {
                // The search runs away from the engine, as a computer seat's does: the turn is
                // handed out once this change is saved.
                events
                    .push(Event::new("clock-computer").seat("player", seat).int("misses", missed));
                table.stand_in_for(seat);
                table.clock.misses.insert(seat, missed);
            } else if cuts_the_vote_short(table, seat, now) {
                // In «Игрушка» two against two either commander's flight is the side's turn:
                // the teammate's turn waits for the vote on the other, who may still fly.
                events.push(Event::new("clock-waits").seat("player", seat).int("misses", missed));
                table.clock.misses.insert(seat, missed);
            } else {
                let played = play_for(table, seat, now, |game| game.timeout_action(seat))
                    .map_err(corrupt)?;
                events.push(Event::new("clock-skipped").seat("player", seat).int("misses", missed));
                events.extend(played);
                table.clock.misses.insert(seat, missed);
            }
        }
        Ok(events)
    }

    /// The line of the group board that says how long the players to move have.
    pub(super) fn time_left_line(
        &self,
        lang: &str,
        table: &Table,
        seats: &[Seat],
        now: u64,
    ) -> Option<String> {
        let rules = table.clock_rules()?;
        let left = table.clock.left(&rules, now)?;
        if table.clock.is_paused() {
            return Some(self.i18n.plain(lang, "clock-stopped"));
        }
        let names: Vec<String> = seats.iter().map(|s| seat_name(table, *s)).collect();
        let args = [
            ("players", names.join(", ").into()),
            ("left", clock::human_in(&self.i18n, lang, left).into()),
        ];
        Some(self.i18n.text(lang, "clock-left", &args))
    }
}

impl<S: Store> App<S> {
    /// `/nudge`: any player pings the player to move, at most once an hour per game.
    pub(super) fn nudge(&mut self, ctx: &Ctx) -> Result<Vec<Effect>, StoreError> {
        let Some(mut table) = self.active_table(ctx)? else {
            return Ok(self.reply(ctx, "no-game-here", &[]));
        };
        if table.status == Status::Lobby {
            return Ok(self.reply(ctx, "not-started", &[]));
        }
        let Some(seat) = table.seat_of(&ctx.input.user_id()) else {
            return Ok(self.reply(ctx, "not-a-player", &[]));
        };
        if table.to_move().includes(seat) {
            return Ok(self.reply(ctx, "nudge-yourself", &[]));
        }
        let now = ctx.input.now;
        let next = table.clock.nudged.saturating_add(NUDGE_EVERY);
        if table.clock.nudged > 0 && now < next {
            let left = clock::human_in(&self.i18n, ctx.lang, next - now);
            return Ok(self.reply(ctx, "nudge-wait", &[("left", left.into())]));
        }
        let read_seq = table.seq;
        table.clock.nudged = now;
        table.touch(now);
        self.save(&table, Some(read_seq))?;
        let lang = self.table_lang(&table);
        Ok(vec![self.ping(lang, &mut table)])
    }

    /// `/mygames`: every unfinished game of the user — which game, whose move, the time left —
    /// answered where it was asked.
    pub(super) fn my_games(&mut self, ctx: &Ctx) -> Result<Vec<Effect>, StoreError> {
        let user = ctx.input.user_id();
        let mut lines = Vec::new();
        for id in self.store.user_tables(&user)? {
            let Ok(Some(mut table)) = self.store.load(id) else { continue };
            if table.status.is_over() {
                continue;
            }
            let line = match table.to_move() {
                _ if table.status == Status::Lobby => {
                    let name = table.info().map(|i| game_name(&self.i18n, ctx.lang, i));
                    let args = [("game", name.unwrap_or_default().into())];
                    self.i18n.text(ctx.lang, "mygames-lobby", &args)
                }
                ToMove::Seats(seats) => {
                    let mine = table.seat_of(&user).is_some_and(|s| seats.contains(&s));
                    let id = if mine { "mygames-yours" } else { "mygames-theirs" };
                    self.waiting_line(ctx.lang, &mut table, id, ctx.input.now)
                }
                _ => continue,
            };
            lines.push(line);
        }
        if lines.is_empty() {
            return Ok(self.reply(ctx, "mygames-none", &[]));
        }
        let title = self.i18n.plain(ctx.lang, "mygames-title");
        let text = format!("{title}\n{}", lines.join("\n"));
        Ok(vec![Effect::Send { to: reply_dest(ctx.input), message: Message::text(text) }])
    }
}

/// Plays for `seat` what `pick` chooses (the rules' default move) until its turn is over (at
/// most [`MOST_ACTIONS`] actions).
fn play_for(
    table: &mut Table,
    seat: Seat,
    now: u64,
    mut pick: impl FnMut(&dyn DynGame) -> Option<(Seat, serde_json::Value)>,
) -> Result<Vec<Event>, TableError> {
    let mut events = Vec::new();
    for _ in 0..MOST_ACTIONS {
        if !table.to_move().includes(seat) {
            break;
        }
        // The move may be a teammate's, where the turn is the side's (see `timeout_action`).
        let Some((actor, action)) = pick(table.game_ref()?) else { break };
        events.extend(table.act(actor, &action, now)?);
    }
    Ok(events)
}

/// Whether playing the turn for `seat` would end a vote open on another player: their turn
/// ends with it (the side's turn in «Игрушка» two against two), so the clock starts again and
/// the vote is gone before anyone could cast it. Tried on a copy; the table is unchanged.
fn cuts_the_vote_short(table: &Table, seat: Seat, now: u64) -> bool {
    if table.clock.vote.as_ref().is_none_or(|vote| vote.seat == seat) {
        return false;
    }
    let mut trial = table.clone();
    let played = play_for(&mut trial, seat, now, |game| game.timeout_action(seat));
    played.is_ok() && trial.clock.vote.is_none()
}

/// The input a tick stands for, as seen from a table's group: the engine's own, nobody's.
fn tick_input(table: &Table, now: u64) -> Input {
    let nobody = User { id: String::new(), name: String::new(), admin: false, lang: None };
    group_input(table, nobody, now)
}
