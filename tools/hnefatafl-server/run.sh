#!/usr/bin/env bash
# Two `gridnote bot`s play each other on a locally run hnefatafl-copenhagen server, with
# the server's own clock; one of them is killed mid-game and started again (it resumes
# its game); every game's record is replayed by `gridnote game --check`. Then a bot plays
# hnefatafl-copenhagen's own engine (hnefatafl-text-protocol) through client.py.
#
# Usage: tools/hnefatafl-server/run.sh SERVER_BIN [HTP_BIN]
#   SERVER_BIN  hnefatafl-server of hnefatafl-copenhagen 6.4.1 (bring your own build)
#   HTP_BIN     its hnefatafl-text-protocol, for the game against its engine (optional)
# Environment: GRIDNOTE (default target/debug/gridnote), GAMES (10), CLIENT_GAMES (2),
# MOVE_MS (300), MAIN_SECONDS (120), INCREMENT (1), OUT (a new temporary folder).
set -euo pipefail

server_bin=${1:?usage: run.sh SERVER_BIN [HTP_BIN]}
htp_bin=${2:-}
here=$(cd "$(dirname "$0")" && pwd)
gridnote=${GRIDNOTE:-$here/../../target/debug/gridnote}
games=${GAMES:-10}
client_games=${CLIENT_GAMES:-2}
move_ms=${MOVE_MS:-300}
main_seconds=${MAIN_SECONDS:-120}
increment=${INCREMENT:-1}
out=${OUT:-$(mktemp -d)}
mkdir -p "$out"
echo "run.sh: writing to $out"

if (exec 3<>/dev/tcp/127.0.0.1/49152) 2>/dev/null; then
    echo "run.sh: something listens on port 49152 already: stop it first" >&2
    exit 1
fi

pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
}
trap cleanup EXIT

# The lobby's updates stay on: the server checks the clocks when it sends them.
"$server_bin" --skip-the-data-file >"$out/server.log" 2>&1 &
server=$!
pids+=("$server")
for _ in $(seq 50); do
    (exec 3<>/dev/tcp/127.0.0.1/49152) 2>/dev/null && break
    sleep 0.1
done

common=(--create-account --role either --move-time "$move_ms" --table-mib 16 --reconnects 20)

# The follower first: the server announces only the games offered after it logs in.
"$gridnote" bot --user guest "${common[@]}" --follow host --games "$games" \
    --records "$out/guest-1" >"$out/guest-1.out" 2>"$out/guest-1.err" &
guest=$!
pids+=("$guest")
sleep 1
"$gridnote" bot --user host "${common[@]}" --games "$games" --main-time "$main_seconds" \
    --increment "$increment" --records "$out/host" >"$out/host.out" 2>"$out/host.err" &
host=$!
pids+=("$host")

# Mid-game of the second game: the guest is killed (no goodbye: its connection just
# drops) and started again; it resumes the game from the server's record.
until grep -q '^game ' "$out/host.out" 2>/dev/null; do sleep 0.2; done
plays() { grep -c ' play ' "$out/host.err" || true; }
before=$(plays)
until [ "$(plays)" -ge $((before + 6)) ]; do sleep 0.2; done
kill -9 "$guest"
wait "$guest" 2>/dev/null || true
done_games=$(grep -c '^game ' "$out/guest-1.out" || true)
echo "run.sh: killed the guest after $done_games game(s), mid-game"
sleep 1
"$gridnote" bot --user guest "${common[@]}" --follow host --games $((games - done_games)) \
    --records "$out/guest-2" >"$out/guest-2.out" 2>"$out/guest-2.err" &
guest=$!
pids+=("$guest")

wait "$host"
wait "$guest"
grep -h 'resumed' "$out/guest-2.err" | head -1

checked=0
for record in "$out"/host/*.otg "$out"/guest-1/*.otg "$out"/guest-2/*.otg; do
    [ -e "$record" ] || continue
    "$gridnote" game --check "$record" >/dev/null
    checked=$((checked + 1))
done
echo "run.sh: $(ls "$out"/host/*.otg | wc -l) game(s) of the host, $checked record(s) replayed clean"
tail -n 1 "$out/host.out" "$out/guest-2.out"

if [ -n "$htp_bin" ]; then
    # The bot first (it follows the client's offers), then the client.
    "$gridnote" bot --user gridnote "${common[@]}" --follow engine --games "$client_games" \
        --records "$out/against-engine" >"$out/against-engine.out" 2>"$out/against-engine.err" &
    bot=$!
    pids+=("$bot")
    sleep 1
    python3 "$here/client.py" --engine "$htp_bin" --user engine --games "$client_games" \
        >"$out/client.out" 2>"$out/client.err"
    wait "$bot"
    for record in "$out"/against-engine/*.otg; do
        "$gridnote" game --check "$record" >/dev/null
    done
    cat "$out/against-engine.out"
fi
