#!/usr/bin/env bash
# The PostgreSQL write path through the real binary: PROCS `igroteka script --database`
# processes side by side over one fresh schema, each driven by bots/examples/load.rs with its
# share of TABLES two-player tables, MOVES presses each (pipelined, or at RATE presses a second
# in all). Prints the figures docs/performance.md records ("PostgreSQL"): durable presses a
# second across the processes, press -> applied and press -> done p50 / p99, CPU per applied
# press of the bot processes and of the database server (over the whole run, and from the
# first press on: with RATE, the paced presses' own), and bytes per stored game.
#
#   scripts/pg-load.sh                         # 1 process, 1,000 tables, 10 presses each
#   PROCS=3 scripts/pg-load.sh                 # the same load through three processes
#   RATE=1500 MOVES=15 scripts/pg-load.sh      # the latency at a given rate (10 s of presses)
#   PROFILE=debug TABLES=30 MOVES=3 scripts/pg-load.sh   # CI's brief run
#
# Needs PostgreSQL at IGROTEKA_TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test,
# the project machines' server), psql, python3, and the server on this machine for its CPU
# figure (read from /proc; without it the figure says so).
set -euo pipefail
cd "$(dirname "$0")/.."
URL=${IGROTEKA_TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}
PROCS=${PROCS:-1}
TABLES=${TABLES:-1000}
MOVES=${MOVES:-10}
PROFILE=${PROFILE:-release}
GAME=${GAME:-aeroplane}

if [ "$PROFILE" = release ]; then
  cargo build --release --locked -q -p igroteka-bots --bin igroteka --example load
else
  cargo build --locked -q -p igroteka-bots --bin igroteka --example load
fi
target=${CARGO_TARGET_DIR:-target}/$PROFILE

schema="igroteka_bench_$$"
export PGOPTIONS="-c client_min_messages=warning"
psql "$URL" -qXc "CREATE SCHEMA $schema"
out=$(mktemp -d)
trap 'psql "$URL" -qXc "DROP SCHEMA IF EXISTS $schema CASCADE" >/dev/null; rm -rf "$out"' EXIT
sep='?'; case "$URL" in *\?*) sep='&';; esac
database="$URL${sep}options=-c%20search_path%3D$schema"

# The interpreter itself, not a version manager's shim: a shim is a shell script that starts
# several processes, which is worth avoiding while presses are being timed.
PYTHON=$(python3 -c 'import sys; print(sys.executable)')

# CPU seconds used so far by the server: every live process named postgres, and what the
# postmaster's children that ended (the backends of closed connections) used. With
# `at-press N DIR`, it first waits (in-process, spawning nothing) until N drivers have written
# their first press (DIR/pressing.*) or the run has ended (DIR/ended, then it prints nothing).
pg_cpu() {
  "$PYTHON" - "$@" <<'PY'
import glob, os, sys, time
if sys.argv[1:2] == ['at-press']:
    procs, out = int(sys.argv[2]), sys.argv[3]
    while len(glob.glob(out + '/pressing.*')) < procs:
        if os.path.exists(out + '/ended'):
            sys.exit(0)
        time.sleep(0.02)
total = 0
for stat in glob.glob('/proc/[0-9]*/stat'):
    try:
        text = open(stat).read()
    except OSError:
        continue
    name, rest = text[text.index('(') + 1:text.rindex(')')], text[text.rindex(')') + 2:].split()
    if name.startswith('postgres'):
        total += int(rest[11]) + int(rest[12])
        if rest[1] == '1' or name == 'postgres' and open(stat.replace('stat', 'cmdline'), 'rb').read().startswith(b'/'):
            # The postmaster: its ended children's time too.
            total += int(rest[13]) + int(rest[14])
print(total / 100)
PY
}

before=$(pg_cpu)
# The server's CPU once every driver has written its first press: with RATE, what the server
# uses from then on is the presses' alone (every game is set up by then). Started before the
# drivers, so that nothing starts while presses are timed.
pg_cpu at-press "$PROCS" "$out" > "$out/server_at_press" &
poller=$!
rate_args=()
per=$((TABLES / PROCS))
drivers=()
for p in $(seq 1 "$PROCS"); do
  if [ -n "${RATE:-}" ]; then rate_args=(--rate $((RATE / PROCS))); fi
  LOAD_LATENCIES="$out/latencies.$p" LOAD_APPLIED="$out/applied.$p" LOAD_PRESSING="$out/pressing.$p" \
    "$target/examples/load" --bin "$target/igroteka" \
    --database "$database" --chats "p$p" --tables "$per" --moves "$MOVES" --game "$GAME" \
    "${rate_args[@]}" > "$out/load.$p" 2>&1 &
  drivers+=($!)
done
failed=0
for job in "${drivers[@]}"; do wait "$job" || failed=1; done
touch "$out/ended"
wait "$poller"
after=$(pg_cpu)
if [ "$failed" = 1 ]; then
  cat "$out"/load.*
  echo "pg-load: a driver failed" >&2
  exit 1
fi
bytes=$(psql "$database" -qAtXc "SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0)
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname = '$schema' AND c.relkind = 'r'")
stored=$(psql "$database" -qAtXc "SELECT count(*) FROM tables")

at_press=$(cat "$out/server_at_press" 2>/dev/null || true)
"$PYTHON" - "$out" "$PROCS" "$before" "$after" "$bytes" "$stored" "$at_press" <<'PY'
import glob, sys
out, procs, before, after, size, stored = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6])
at_press = float(sys.argv[7]) if sys.argv[7] else None
presses, first, last, cpu, press_cpu = 0, None, 0, 0.0, 0.0
for path in glob.glob(out + '/load.*'):
    for line in open(path):
        if line.startswith('summary '):
            f = dict(kv.split('=') for kv in line.split()[1:])
            presses += int(f['presses'])
            first = int(f['first_ms']) if first is None else min(first, int(f['first_ms']))
            last = max(last, int(f['last_ms']))
            cpu += float(f['cpu_s'])
            press_cpu += float(f['press_cpu_s'])
read = lambda name: sorted(int(x) for path in glob.glob(out + '/' + name + '.*') for x in open(path).read().split())
lat, applied = read('latencies'), read('applied')
if not presses or not lat or not applied:
    sys.exit('pg-load: no presses were applied')
pct = lambda values, p: values[min(len(values) - 1, int(len(values) * p))] / 1000
secs = max(last - first, 1) / 1000
print(f'{procs} process(es), {stored} tables stored: {presses} presses applied in {secs:.2f} s = {presses / secs:.0f} durable presses/s')
print(f'press -> applied (durable, answered): p50 {pct(applied, 0.5):.2f} ms, p99 {pct(applied, 0.99):.2f} ms, max {applied[-1] / 1000:.2f} ms')
print(f'press -> done (and delivered): p50 {pct(lat, 0.5):.2f} ms, p99 {pct(lat, 0.99):.2f} ms, max {lat[-1] / 1000:.2f} ms')
server = after - before
print(f'CPU per applied press, whole run (the set-up included): bot {cpu * 1e6 / presses:.0f} µs, database server {server * 1e6 / presses:.0f} µs' + ('' if server > 0 else ' (no server process seen on this machine)'))
if at_press is not None:
    print(f'CPU per applied press from the first press on: bot {press_cpu * 1e6 / presses:.0f} µs, database server {(after - at_press) * 1e6 / presses:.0f} µs')
print(f'stored: {size / 1e6:.1f} MB in the schema = {size / max(stored, 1):.0f} B per game')
PY
