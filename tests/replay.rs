//! Every registered game through a real table: random play to the end, with the state after
//! every move equal to a replay of the log, and the record surviving a store round trip.

use igroteka::game::ToMove;
use igroteka::harness;
use igroteka::registry::GAMES;
use igroteka::rng;
use igroteka::settings;
use igroteka::store::{SledStore, Store};
use igroteka::table::{ChatId, Platform, Player, Status, Table, UserId};

fn players(n: usize) -> Vec<Player> {
    (0..n)
        .map(|i| Player {
            user: UserId { platform: Platform::Console, id: format!("u{i}") },
            name: format!("P{i}"),
            computer: None,
            lang: String::new(),
        })
        .collect()
}

#[test]
fn replaying_the_log_reproduces_the_state_for_every_game_and_seat_count() {
    let store = SledStore::temporary().unwrap();
    for info in GAMES {
        for seats in info.seats.iter() {
            for seed in 0..5u64 {
                let chat = ChatId {
                    platform: Platform::Console,
                    chat: format!("{}-{seats}-{seed}", info.id),
                    thread: None,
                };
                let mut seated = players(seats);
                let mut table = Table::new_lobby(
                    store.new_table_id().unwrap(),
                    chat,
                    info,
                    settings::defaults(info.settings),
                    seated.remove(0),
                    0,
                    rng::seeded(seed),
                );
                table.players.extend(seated);
                table.start(1).unwrap();
                store.save(&table, None, &[]).unwrap();
                let mut table = store.load(table.id).unwrap().unwrap();
                let mut pick = rng::seeded(seed + 100);
                let mut moves = 0;
                while let ToMove::Seats(_) = table.to_move() {
                    let game = table.game_ref().unwrap();
                    let (actor, action) =
                        harness::random_dyn_action(game, &mut pick).unwrap().unwrap();
                    let igroteka::game::Actor::Seat(seat) = actor else {
                        panic!("chance left to the player")
                    };
                    let read_seq = table.seq;
                    table.act(seat, &action, 2).unwrap();
                    store.save(&table, Some(read_seq), &[]).unwrap();
                    moves += 1;
                    if moves % 25 == 0 {
                        // Reload as a restart would, and replay the stored log.
                        table = store.load(table.id).unwrap().unwrap();
                        let log = store.log(table.id).unwrap();
                        assert_eq!(log.len() as u64, table.log_len());
                        let replayed = table.replay(&log).unwrap().snapshot();
                        assert_eq!(
                            Some(replayed.as_str()),
                            table.state(),
                            "{} seed {seed} move {moves}",
                            info.id
                        );
                    }
                }
                assert_eq!(table.status, Status::Finished, "{} seed {seed}", info.id);
                let log = store.log(table.id).unwrap();
                assert_eq!(Some(table.replay(&log).unwrap().snapshot().as_str()), table.state());
                let back = store.load(table.id).unwrap().unwrap();
                assert_eq!(back, table);
            }
        }
    }
}
