#!/usr/bin/env bash
# Rooms past one machine, measured (issue 30): one redis-server, NODES `worlds serve --redis`
# nodes and haproxy in front (round robin, health checks on /healthz, no sticky sessions), all
# on random loopback ports; then `worlds load` through haproxy with the arguments given, and
# each node's memory (RSS) before and after (and once a minute in a soak).
# With --memory: one `worlds serve --memory` keeping its rooms in memory, loaded directly (no Redis,
# no haproxy): the server alone.
#
# `worlds load` is given every node's process id (--server-pid), so it prints (issue 38) the
# bytes each client received per action and the servers' CPU time per action.
#
#   scripts/bench_rooms.sh [--nodes N | --memory] -- LOAD-ARGS...
#   scripts/bench_rooms.sh -- --rooms 500 --seats 4 --rounds 10
#   scripts/bench_rooms.sh --nodes 1 -- --rooms 300 --seats 4
#   scripts/bench_rooms.sh --memory -- --rooms 200 --seats 4 --rounds 10
#   scripts/bench_rooms.sh --memory -- --rooms 2000 --seats 4 --think-ms 3000
#   scripts/bench_rooms.sh -- --rooms 100 --seats 4 --drop-every 20 --minutes 10
#
# Everything it starts is stopped by its process id when it ends.
set -euo pipefail
cd "$(dirname "$0")/.."
NODES=2
MEMORY=0
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
  case "$1" in
    --nodes) NODES=$2; shift 2 ;;
    --memory) MEMORY=1; NODES=1; shift ;;
    *) echo "usage: $0 [--nodes N | --memory] -- LOAD-ARGS..." >&2; exit 2 ;;
  esac
done
[ "${1:-}" = "--" ] && shift
WORLDS=${WORLDS:-target/release/worlds}
[ -x "$WORLDS" ] || cargo build --release -p worlds-cli
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
wait_port() { for _ in $(seq 200); do (exec 3<>/dev/tcp/127.0.0.1/"$1") 2>/dev/null && return 0; sleep 0.05; done; echo "nothing on port $1" >&2; tail -n 5 "$DIR"/*.log >&2; exit 1; }
DIR=$(mktemp -d)
PIDS=()
cleanup() { for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$DIR"; }
trap cleanup EXIT
echo '<!doctype html><title>rooms</title>' > "$DIR/index.html"
rss() { for p in "${NODE_PIDS[@]}"; do printf '%s ' "$(awk '/VmRSS/ {print $2}' /proc/"$p"/status)"; done; }
NODE_PIDS=()

if [ "$MEMORY" = 1 ]; then
  P=$(free_port)
  "$WORLDS" serve --site "$DIR" --port "$P" --memory --bot-delay-ms 0 \
    --rooms-per-minute 1000000 --max-sockets-per-address 1000000 --max-rooms 1000000 > "$DIR/node1.log" 2>&1 &
  PIDS+=($!); NODE_PIDS+=($!)
  wait_port "$P"
  echo "one node, rooms in memory; RSS (KiB) before: $(rss)"
  "$WORLDS" load --url "ws://127.0.0.1:$P" --server-pid "${NODE_PIDS[0]}" "$@"
  echo "RSS (KiB) after: $(rss)"
  exit 0
fi

RP=$(free_port)
redis-server --port "$RP" --bind 127.0.0.1 --save '' --appendonly no > "$DIR/redis.log" 2>&1 &
PIDS+=($!)
wait_port "$RP"
SERVERS=""
for i in $(seq "$NODES"); do
  P=$(free_port)
  "$WORLDS" serve --site "$DIR" --port "$P" --redis "redis://127.0.0.1:$RP" --bot-delay-ms 0 \
    --rooms-per-minute 1000000 --max-sockets-per-address 1000000 --max-rooms 1000000 > "$DIR/node$i.log" 2>&1 &
  PIDS+=($!); NODE_PIDS+=($!)
  wait_port "$P"
  SERVERS="$SERVERS  server n$i 127.0.0.1:$P check
"
done
LB=$(free_port)
cat > "$DIR/haproxy.cfg" <<CFG
global
  maxconn 8000
defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout tunnel 1h
frontend rooms
  bind 127.0.0.1:$LB
  default_backend nodes
backend nodes
  balance roundrobin
  option httpchk GET /healthz
  default-server inter 500ms fall 2 rise 1
$SERVERS
CFG
haproxy -db -f "$DIR/haproxy.cfg" > "$DIR/haproxy.log" 2>&1 &
PIDS+=($!)
wait_port "$LB"
sleep 1
echo "nodes: $NODES; RSS (KiB) before: $(rss)"
( while sleep 60; do echo "RSS (KiB) at $(date +%T): $(rss)"; done ) &
WATCH=$!
PIDS+=($WATCH)
SERVER_PIDS=()
for p in "${NODE_PIDS[@]}"; do SERVER_PIDS+=(--server-pid "$p"); done
"$WORLDS" load --url "ws://127.0.0.1:$LB" "${SERVER_PIDS[@]}" "$@"
kill "$WATCH" 2>/dev/null || true
echo "RSS (KiB) after: $(rss)"
echo "rooms kept in Redis: $(redis-cli -p "$RP" --scan --pattern 'wr:room:*:open' | wc -l)"
