#!/usr/bin/env bash
# Rooms across two homes (issue 28): the room server on a host of its own ("site"), and each
# browser in its own home network behind a router that masquerades its home's traffic and
# drops every connection the outside starts, as an ordinary home router does. The two homes
# can reach the site, never each other; the game must play as on one machine.
#
# Everything lives in network namespaces made inside `unshare --net --mount` (so nothing of
# it can outlive the run or reach past this machine): the addresses are documentation ranges
# (RFC 5737) on veth pairs between our own namespaces, and no packet leaves them.
#
#   home A 192.0.2.0/25  -- router A --+
#                                      +-- "internet" 198.51.100.0/24 -- site 198.51.100.1
#   home B 192.0.2.128/25 -- router B -+
#
# usage: scripts/netns_rooms.sh            (needs root, iptables, dist/ and target/release/worlds)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${NETNS_INSIDE:-}" != 1 ]; then
  exec unshare --net --mount env NETNS_INSIDE=1 bash "$0" "$@"
fi

# A private /run/netns for `ip netns` (this mount namespace only).
mkdir -p /run/netns
mount -t tmpfs tmpfs /run/netns
ip link set lo up

spaces=(site rA rB hA hB)
cleanup() {
  for ns in "${spaces[@]}"; do
    if [ -f "/tmp/netns-$ns.pids" ]; then
      while read -r pid; do kill "$pid" 2>/dev/null || true; done < "/tmp/netns-$ns.pids"
      rm -f "/tmp/netns-$ns.pids"
    fi
    ip netns del "$ns" 2>/dev/null || true
  done
}
trap cleanup EXIT
for ns in "${spaces[@]}"; do ip netns add "$ns"; ip -n "$ns" link set lo up; done

# The "internet": a bridge in the site's namespace, the routers' outside legs on it.
ip -n site link add wan type bridge
ip -n site link set wan up
ip -n site addr add 198.51.100.1/24 dev wan
link() { # link NS_A IF_A NS_B IF_B
  ip link add "$2" type veth peer name "$4"
  ip link set "$2" netns "$1"
  ip link set "$4" netns "$3"
  ip -n "$1" link set "$2" up
  ip -n "$3" link set "$4" up
}
link rA outside site wanA; ip -n site link set wanA master wan
link rB outside site wanB; ip -n site link set wanB master wan
ip -n rA addr add 198.51.100.2/24 dev outside
ip -n rB addr add 198.51.100.3/24 dev outside
link hA eth0 rA inside
link hB eth0 rB inside
ip -n rA addr add 192.0.2.1/25 dev inside
ip -n hA addr add 192.0.2.2/25 dev eth0
ip -n rB addr add 192.0.2.129/25 dev inside
ip -n hB addr add 192.0.2.130/25 dev eth0
ip -n hA route add default via 192.0.2.1
ip -n hB route add default via 192.0.2.129

# Each router: forwards its home's traffic out, masquerading it behind its one outside address,
# and lets in only the answers to connections its home started (nothing unsolicited).
for r in rA rB; do
  ip netns exec "$r" sysctl -qw net.ipv4.ip_forward=1
  ip netns exec "$r" iptables -t nat -A POSTROUTING -o outside -j MASQUERADE
  ip netns exec "$r" iptables -P FORWARD DROP
  ip netns exec "$r" iptables -A FORWARD -i inside -o outside -j ACCEPT
  ip netns exec "$r" iptables -A FORWARD -i outside -o inside -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT
  ip netns exec "$r" iptables -P INPUT DROP
  ip netns exec "$r" iptables -A INPUT -i lo -j ACCEPT
  ip netns exec "$r" iptables -A INPUT -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT
done

# The room server on the site, started as an operator would.
ip netns exec site "${WORLDS_BIN:-target/release/worlds}" serve --site dist --bind 198.51.100.1 \
  --port 8080 --bot-delay-ms 150 --data "$(mktemp -d)" > /tmp/netns-serve.log 2>&1 &
echo $! >> /tmp/netns-site.pids
reach() { # reach NS URL: whether NS gets an answer from URL within 2 s
  ip netns exec "$1" curl -s -o /dev/null --max-time 2 "$2"
}
for _ in $(seq 1 100); do
  reach hA http://198.51.100.1:8080/healthz && break
  sleep 0.1
done

# Both homes reach the site; nothing reaches into a home from outside, nor one home from the
# other (a listener in home B stands for a device there).
ip netns exec hB python3 -m http.server 9000 --bind 192.0.2.130 > /dev/null 2>&1 &
echo $! >> /tmp/netns-hB.pids
sleep 0.5
reach hA http://198.51.100.1:8080/healthz || { echo "netns: home A cannot reach the site" >&2; exit 1; }
reach hB http://198.51.100.1:8080/healthz || { echo "netns: home B cannot reach the site" >&2; exit 1; }
reach hB http://192.0.2.130:9000/ || { echo "netns: home B's own listener is not up" >&2; exit 1; }
if reach hA http://192.0.2.130:9000/; then
  echo "netns: home A reaches into home B; the routers do not isolate the homes" >&2; exit 1
fi
if reach site http://198.51.100.3:9000/; then
  echo "netns: the internet reaches into home B unsolicited" >&2; exit 1
fi
echo "netns: both homes reach the site; neither home is reachable from outside"

# A browser in each home: Playwright starts Chromium through a wrapper that runs it there.
for h in hA hB; do
  printf '#!/bin/sh\nexec ip netns exec %s /usr/bin/chromium "$@"\n' "$h" > "/tmp/chromium-$h"
  chmod +x "/tmp/chromium-$h"
done
cd e2e
CHROMIUM_A=/tmp/chromium-hA CHROMIUM_B=/tmp/chromium-hB ROOM_URL=http://198.51.100.1:8080 \
  node --test --test-concurrency=1 netns/
