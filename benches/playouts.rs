//! Random playouts per game: what one whole random game costs on the fast surface search runs
//! on (`legal_actions`, `chance_outcomes_into`, `play`, through `harness::RandomPlayer`, its
//! buffers reused from game to game). Run with `cargo bench -p igroteka --bench playouts`;
//! games per second are 1 / the time per iteration. Figures, and the `igroteka simulate` runs
//! they agree with, are in docs/performance.md ("Random playouts").
//!
//! Each iteration plays one game from the next seed of a fixed sequence, so every run plays
//! the same games.

use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use igroteka::game::{Game, Setup};
use igroteka::games::{aeroplane, air_battle, tank_battle, tanks, thousand};
use igroteka::harness::RandomPlayer;
use igroteka::rng;
use igroteka::settings::{self, SettingSpec};

/// One benchmark: plays game after game of `G` with `seats` and the setting `words`.
fn bench_game<G: Game>(c: &mut Criterion, specs: &[SettingSpec], seats: usize, words: &[&str]) {
    let settings = settings::parse(specs, words).expect("valid settings");
    let setup = Setup { seats, settings };
    let name = format!("playout {} {seats} seats {}", G::ID, words.join(" "));
    let mut player = RandomPlayer::<G>::default();
    let mut seed = 0;
    c.bench_function(name.trim_end(), |b| {
        b.iter(|| {
            seed += 1;
            let mut rng = rng::seeded(seed);
            player.play_out(&setup, &mut rng, |_, _| {}).expect("a random game ends")
        })
    });
}

fn playouts(c: &mut Criterion) {
    bench_game::<aeroplane::Aeroplane>(c, aeroplane::SETTINGS, 2, &[]);
    bench_game::<aeroplane::Aeroplane>(c, aeroplane::SETTINGS, 4, &[]);
    bench_game::<tanks::Tanks>(c, tanks::SETTINGS, 2, &[]);
    bench_game::<tank_battle::TankBattle>(c, tank_battle::SETTINGS, 2, &[]);
    bench_game::<air_battle::AirBattle>(c, air_battle::SETTINGS, 2, &["edition=toy"]);
    bench_game::<air_battle::AirBattle>(c, air_battle::SETTINGS, 4, &["edition=toy"]);
    bench_game::<air_battle::AirBattle>(c, air_battle::SETTINGS, 2, &["edition=photo"]);
    bench_game::<thousand::Thousand>(c, thousand::SETTINGS, 2, &[]);
    bench_game::<thousand::Thousand>(c, thousand::SETTINGS, 4, &[]);
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).measurement_time(Duration::from_secs(5));
    targets = playouts
}
criterion_main!(benches);
