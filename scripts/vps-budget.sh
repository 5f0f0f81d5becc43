#!/usr/bin/env bash
# The VPS budget (issue 39, docs/performance.md "The VPS budget"): bots/benches/vps_budget.rs
# with the bot held to one core and 512 MB, as `systemd-run -p MemoryMax=512M -p CPUQuota=100%`
# would hold it.
#
#   scripts/vps-budget.sh [--quick]        PROFILE=dev for a debug build (default: bench, i.e. release)
#
# Only the bot goes under the limits: the bench spawns it and moves it into the cgroups named
# by VPS_CGROUPS, while the Telegram emulator and the driver run beside it. systemd-run wraps a
# whole command (it would put the emulator and the driver under the limits too) and needs
# systemd as PID 1, so this script sets the same cgroup limits by hand — cgroup v1
# (cpu.cfs_quota_us / cpu.cfs_period_us, memory.limit_in_bytes, what systemd writes for
# CPUQuota= and MemoryMax= there) or v2 (cpu.max, memory.max). When it cannot (not root, no
# cgroup file system), it says so and runs anyway: the bench then marks every figure UNLIMITED.
set -euo pipefail
cd "$(dirname "$0")/.."
NAME=igroteka-vps
PERIOD=100000        # µs
QUOTA=100000         # µs per period: one core
MEMORY=$((512 << 20))
ROOT=/sys/fs/cgroup
made=()

cleanup() {
  for dir in "${made[@]}"; do
    rmdir "$dir" 2>/dev/null || echo "vps-budget: $dir left behind (still in use?)"
  done
}
trap cleanup EXIT

# Creates the cgroup(s) and prints their directories, separated by ':'; fails on any write.
limits_v1() {
  local cpu="$ROOT/cpu/$NAME" memory="$ROOT/memory/$NAME"
  [[ -d $ROOT/cpu && -d $ROOT/memory ]] || return 1
  mkdir -p "$cpu" "$memory" || return 1
  made+=("$cpu" "$memory")
  echo "$PERIOD" >"$cpu/cpu.cfs_period_us" &&
    echo "$QUOTA" >"$cpu/cpu.cfs_quota_us" &&
    echo "$MEMORY" >"$memory/memory.limit_in_bytes" || return 1
  # The bot's pages move with it (it is moved in right after it is spawned).
  echo 3 >"$memory/memory.move_charge_at_immigrate" 2>/dev/null || true
  LIMITED="$cpu:$memory"
}

limits_v2() {
  local dir="$ROOT/$NAME"
  [[ -f $ROOT/cgroup.controllers ]] || return 1
  echo "+cpu +memory" >"$ROOT/cgroup.subtree_control" 2>/dev/null || true
  mkdir -p "$dir" || return 1
  made+=("$dir")
  echo "$QUOTA $PERIOD" >"$dir/cpu.max" && echo "$MEMORY" >"$dir/memory.max" || return 1
  LIMITED="$dir"
}

LIMITED=""
if [[ -f $ROOT/cgroup.controllers ]]; then
  limits_v2 2>/dev/null || LIMITED=""
else
  limits_v1 2>/dev/null || LIMITED=""
fi

if [[ -n $LIMITED ]]; then
  echo "vps-budget: the bot will run under one core ($QUOTA/$PERIOD µs) and 512 MB: $LIMITED"
  export VPS_CGROUPS="$LIMITED"
else
  echo "vps-budget: COULD NOT APPLY THE LIMITS (cgroups under $ROOT not writable, or absent);"
  echo "vps-budget: running anyway — every figure is UNLIMITED"
  unset VPS_CGROUPS
fi
echo "vps-budget: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores, $(date -u '+%Y-%m-%d %H:%M UTC'), load $(cut -d' ' -f1-3 /proc/loadavg)"
cargo bench -p igroteka-bots --bench vps_budget --profile "${PROFILE:-bench}" --locked -- "$@"
