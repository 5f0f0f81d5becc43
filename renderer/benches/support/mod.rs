//! What the benches share: the clock. By default criterion measures wall time, which on a
//! shared, busy machine also counts the time other processes hold the CPU. With
//! `BENCH_CLOCK=cpu` the benches measure this thread's CPU time instead
//! (`CLOCK_THREAD_CPUTIME_ID`: user and kernel time, page faults included, time spent waiting
//! for a core excluded), which stays comparable while other builds run.

use std::time::Duration;

use criterion::measurement::{Measurement, ValueFormatter, WallTime};
use nix::time::{ClockId, clock_gettime};

/// The CPU time of the calling thread, formatted like wall time.
pub struct ThreadCpuTime(pub WallTime);

impl std::fmt::Debug for ThreadCpuTime {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ThreadCpuTime")
    }
}

fn now() -> Duration {
    clock_gettime(ClockId::CLOCK_THREAD_CPUTIME_ID).expect("a thread CPU clock").into()
}

impl Measurement for ThreadCpuTime {
    type Intermediate = Duration;
    type Value = Duration;

    fn start(&self) -> Duration {
        now()
    }
    fn end(&self, start: Duration) -> Duration {
        now().saturating_sub(start)
    }
    fn add(&self, a: &Duration, b: &Duration) -> Duration {
        *a + *b
    }
    fn zero(&self) -> Duration {
        Duration::ZERO
    }
    fn to_f64(&self, value: &Duration) -> f64 {
        value.as_nanos() as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        self.0.formatter()
    }
}

/// Runs `benches` with the clock `BENCH_CLOCK` names (`cpu`, else wall time), configured from
/// the command line as `criterion_main!` would.
macro_rules! bench_main {
    ($benches:path) => {
        fn main() {
            if std::env::var("BENCH_CLOCK").is_ok_and(|clock| clock == "cpu") {
                eprintln!("clock: this thread's CPU time (BENCH_CLOCK=cpu)");
                let mut c = criterion::Criterion::default()
                    .with_measurement(support::ThreadCpuTime(criterion::measurement::WallTime))
                    .configure_from_args();
                $benches(&mut c);
                c.final_summary();
            } else {
                eprintln!("clock: wall time (BENCH_CLOCK=cpu for CPU time)");
                let mut c = criterion::Criterion::default().configure_from_args();
                $benches(&mut c);
                c.final_summary();
            }
        }
    };
}
