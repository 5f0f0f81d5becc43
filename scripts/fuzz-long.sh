#!/bin/sh
# Runs every property test of outside input long (docs/operations.md, "Fuzzing"):
#   scripts/fuzz-long.sh [CASES]     (default 50000 cases per target)
# Release builds: the targets are the same as in `cargo test`, only the case count grows.
# A failure prints the smallest input proptest found; add it as a named #[test] next to its
# target with the fix.
set -eu
cd "$(dirname "$0")/.."
IGROTEKA_FUZZ_CASES="${1:-50000}"
export IGROTEKA_FUZZ_CASES
for target in fuzz_tokens fuzz_commands fuzz_records fuzz_backup; do
    echo "== $target ($IGROTEKA_FUZZ_CASES cases per property)"
    cargo test --release --locked -p igroteka --test "$target"
done
echo "== fuzz_config ($IGROTEKA_FUZZ_CASES cases per property)"
cargo test --release --locked -p igroteka-bots --test fuzz_config
