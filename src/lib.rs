//! Igroteka's platform-neutral core.
//!
//! Everything the bot decides is decided here, with no network and no platform types: the
//! games' rules ([`games`], behind the one [`game::Game`] trait), a table that plays one game
//! ([`table`]), the conversation engine that turns a chat [`app::Input`] into
//! [`app::Effect`]s ([`app`]), and the sled [`store`]. The Telegram and Discord adapters in
//! `bots/` and the PNG renderer in `renderer/` sit on top of it, so both platforms behave the
//! same and the whole bot can be tested without a network.

pub mod ai;
pub mod app;
pub mod bits;
pub mod choice;
pub mod clock;
pub mod dice;
pub mod event;
pub mod game;
pub mod games;
pub mod grid;
pub mod harness;
pub mod history;
pub mod i18n;
pub mod inline;
pub mod outbox;
pub mod ratings;
pub mod registry;
pub mod replay;
pub mod rng;
pub mod settings;
pub mod sheet;
pub mod store;
pub mod table;
pub mod undo;
pub mod view;
