#!/usr/bin/env bash
# HTTP load benchmark: a release build of FriendService against, in the same run, its own ceiling
# (for each route, `GET /ceiling/{bytes}`: a body of that route's size made at start-up, answered
# through the same stack and middleware), a minimal Flask + gunicorn (2 workers) service over the
# same friends and that framework returning a pre-encoded body (the Flask ceiling). Every figure is
# printed as a ratio to its ceiling and to Flask, with each goal met or missed. Loopback only, every
# wrk run bounded, everything started here is stopped on exit. See BENCHMARKS.md for the goals.
#
# Settings (environment): DURATION seconds per measured run (10), CONNECTIONS (32), THREADS (2),
# MILLION rows for the large-database part (1000000; 0 skips it), SUBSCRIBERS on the live change
# feed (1000, then half as many again; 0 skips it) and ROUNDS of POSTs timed to reach them all (200), SIDE_ROUNDS (8) of
# SIDE_SECONDS (4) for the side-by-side cost of signing in, SCALE sizes of the scale step
# ("1000 100000", and MILLION) with WRITERS (4), TIME_LIMIT for the whole run in seconds (1800),
# FRIENDSERVICE_BIN to use a binary already built, SCRATCH for the release build folder
# (.build-release at the repository root).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
DURATION="${DURATION:-10}"
WARMUP="${WARMUP:-2}"
CONNECTIONS="${CONNECTIONS:-32}"
THREADS="${THREADS:-2}"
MILLION="${MILLION:-1000000}"
SUBSCRIBERS="${SUBSCRIBERS:-1000}"
MOST_SUBSCRIBERS=$((SUBSCRIBERS * 3 / 2))
ROUNDS="${ROUNDS:-200}"
TIME_LIMIT="${TIME_LIMIT:-1800}"
SCRATCH="${SCRATCH:-$ROOT/.build-release}"
CACHE="$ROOT/Benchmarks/.build/load"   # the peer's venv and the seeded large database; ignored by git
WORK="$(mktemp -d)"
PIDS=()

cleanup() {
    local pid
    for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
    rm -rf "$WORK"
}
trap cleanup EXIT
trap 'echo "interrupted" >&2; exit 130' INT TERM

log() { printf '%s\n' "$*" >&2; }

# --- Tools -------------------------------------------------------------------------------------

if ! command -v wrk >/dev/null; then
    log "Installing wrk from the distribution's packages..."
    SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    $SUDO apt-get install -y wrk >/dev/null 2>&1 || { $SUDO apt-get update >/dev/null && $SUDO apt-get install -y wrk >/dev/null; }
fi

VENV="$CACHE/venv"
if [ ! -x "$VENV/bin/gunicorn" ] || ! cmp -s "$HERE/peer/requirements.txt" "$VENV/requirements.txt"; then
    log "Creating the Flask peer's virtual environment..."
    mkdir -p "$CACHE"
    python3 -m venv --clear "$VENV"
    "$VENV/bin/pip" install --quiet --disable-pip-version-check -r "$HERE/peer/requirements.txt"
    cp "$HERE/peer/requirements.txt" "$VENV/requirements.txt"
fi

if [ -n "${FRIENDSERVICE_BIN:-}" ]; then
    BIN="$FRIENDSERVICE_BIN"
else
    log "Building friendservice (release)..."
    swift build -c release --product friendservice --package-path "$ROOT" --scratch-path "$SCRATCH" >&2
    BIN="$SCRATCH/release/friendservice"
fi

# From here on, the whole run is bounded.
# The watchdog's sleep is stopped with it, so nothing holds the script's output open afterwards.
(
    sleep "$TIME_LIMIT" </dev/null >/dev/null 2>&1 &
    trap 'kill $! 2>/dev/null; exit 0' TERM
    wait $!
    log "TIME_LIMIT of ${TIME_LIMIT}s reached, stopping."
    kill -TERM $$
) &
PIDS+=($!)

# --- Helpers -----------------------------------------------------------------------------------

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

wait_until_serving() { # URL
    local i
    for i in $(seq 1 150); do
        curl -fsS -o /dev/null "$1" 2>/dev/null && return 0
        sleep 0.2
    done
    log "Nothing answered at $1"; return 1
}

start_friendservice() { # DATABASE PORT
    # Room for every live-feed subscriber and the load's own connections beside them.
    "$BIN" serve --hostname 127.0.0.1 --port "$2" --database "sqlite:$1" --log-level warning --ceiling-route \
        --max-connections $((MOST_SUBSCRIBERS + 1000)) >"$WORK/friendservice-$2.log" 2>&1 &
    PIDS+=($!); FS_PID=$!
    wait_until_serving "http://127.0.0.1:$2/health"
}

start_peer() { # MODE DATABASE PORT
    PEER_MODE="$1" PEER_DATABASE="$2" "$VENV/bin/gunicorn" --workers 2 --bind "127.0.0.1:$3" \
        --chdir "$HERE/peer" app:app >"$WORK/peer-$1.log" 2>&1 &
    PIDS+=($!)
    wait_until_serving "http://127.0.0.1:$3/friends?limit=1"
}

stop() { # PID
    kill "$1" 2>/dev/null || true
    wait "$1" 2>/dev/null || true
}

peak_memory_mb() { # PID: the peak resident set so far
    awk '/^VmHWM/ { printf "%.1f", $2 / 1024 }' "/proc/$1/status"
}

RESULTS="$WORK/results.tsv"
: >"$RESULTS"

# Runs wrk against URL and records requests/s and p99 under NAME.
measure() { # NAME URL [LUA]
    local name="$1" url="$2" script=() out="$WORK/wrk-$(echo "$1" | tr -c 'A-Za-z0-9' '_').txt"
    [ $# -ge 3 ] && script=(-s "$3")
    wrk -t"$THREADS" -c"$CONNECTIONS" -d"${WARMUP}s" --timeout 5s "${script[@]}" "$url" >/dev/null
    wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" --timeout 5s --latency "${script[@]}" "$url" >"$out"
    record "$name" "$out"
}

# Measures NAME as `measure` does, then its ceiling, recorded as "ceiling: NAME": the same server
# answering GET /ceiling/SIZE, a body it made at start-up of the mean size that NAME's requests get.
measure_with_ceiling() { # NAME URL [LUA]
    local size
    measure "$@"
    case "${3:-}" in
        *mix.lua) size=$(python3 "$HERE/body-size.py" --mix "$2") ;;
        *.lua) size=$(python3 "$HERE/body-size.py" --lua "$3" "$2") ;;
        *) size=$(python3 "$HERE/body-size.py" "$2") ;;
    esac
    local base="${2#http://}"
    measure "ceiling: $1" "http://${base%%/*}/ceiling/$size"
    printf '%-52s %10s bytes\n' "  (the ceiling's body)" "$size"
}

# Records what wrk wrote to OUT under NAME, and prints it.
record() { # NAME OUT
    local name="$1" out="$2" rps p99 errors
    rps=$(awk '/^Requests\/sec:/ { print $2 }' "$out")
    p99=$(awk '$1 == "99%" { print $2 }' "$out")
    errors=$(awk '/Non-2xx|Socket errors/ { sub(/^ +/, ""); printf "%s; ", $0 }' "$out")
    printf '%s\t%s\t%s\t%s\n' "$name" "$rps" "$p99" "${errors:-}" >>"$RESULTS"
    printf '%-52s %10s req/s   p99 %9s   %s\n' "$name" "$rps" "$p99" "${errors:-}"
}

# --- 100 friends: FriendService, Flask + gunicorn, the ceiling ---------------------------------

log "Machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); wrk -t$THREADS -c$CONNECTIONS -d${DURATION}s"
"$BIN" seed --count 100 --database "sqlite:$WORK/small.sqlite" >/dev/null
cp "$WORK/small.sqlite" "$WORK/peer.sqlite"

FS_PORT=$(free_port); start_friendservice "$WORK/small.sqlite" "$FS_PORT"; SMALL_FS_PID=$FS_PID
PEER_PORT=$(free_port); start_peer live "$WORK/peer.sqlite" "$PEER_PORT"
CEILING_PORT=$(free_port); start_peer ceiling "$WORK/peer.sqlite" "$CEILING_PORT"

echo "== 100 friends, $CONNECTIONS connections, ${DURATION}s each"
# Each route, then its ceiling: the same server and stack answering a body of the same size that it
# already has.
measure_with_ceiling "GET /friends/5  FriendService" "http://127.0.0.1:$FS_PORT/friends/5"
measure_with_ceiling "GET mix of 1,000 pages and searches  FriendService" "http://127.0.0.1:$FS_PORT/friends" "$HERE/mix.lua"
for route in "/friends?limit=100" "/listFriends"; do
    measure_with_ceiling "GET $route  FriendService" "http://127.0.0.1:$FS_PORT$route"
    measure "GET $route  Flask+gunicorn" "http://127.0.0.1:$PEER_PORT$route"
    measure "GET $route  Flask ceiling" "http://127.0.0.1:$CEILING_PORT$route"
done
# What vCard and CardDAV clients ask: an export (as kept, and in one version), the listing of a sync, a first sync, fetching the
# cards, a file imported again.
measure_with_ceiling "GET /friends as one vCard file  FriendService" "http://127.0.0.1:$FS_PORT/friends" "$HERE/export.lua"
measure_with_ceiling "GET /friends as one vCard file in 4.0  FriendService" "http://127.0.0.1:$FS_PORT/friends" "$HERE/export-version4.lua"
BOOK="http://127.0.0.1:$FS_PORT/dav/addressbooks/friends/friends/"
measure_with_ceiling "PROPFIND Depth 1, the address book  FriendService" "$BOOK" "$HERE/propfind.lua"
measure_with_ceiling "REPORT sync-collection, a first sync  FriendService" "$BOOK" "$HERE/sync-collection.lua"
python3 "$HERE/multiget-script.py" "$BOOK" >"$WORK/multiget.lua"
measure_with_ceiling "REPORT addressbook-multiget, every card  FriendService" "$BOOK" "$WORK/multiget.lua"
measure_with_ceiling "POST /friends/import, a card kept before  FriendService" "http://127.0.0.1:$FS_PORT/friends/import" "$HERE/import-known-card.lua"
measure_with_ceiling "POST /friends  FriendService" "http://127.0.0.1:$FS_PORT/friends" "$HERE/post-friend.lua"
measure "POST /friends  Flask+gunicorn" "http://127.0.0.1:$PEER_PORT/friends" "$HERE/post-friend.lua"
SMALL_MEMORY=$(peak_memory_mb "$SMALL_FS_PID")
echo "FriendService peak resident memory: ${SMALL_MEMORY} MB"
stop "$SMALL_FS_PID"

# --- Accounts: the list signed in, beside the same list without accounts, at the same time ----

# Two servers loaded at once, each by its own wrk with half the threads and connections, so that
# both meet the same machine (on a shared one, two runs back to back differ by more than the cost
# measured); the start order alternates. Records NAME_A and NAME_B (mean req/s over the rounds) and
# "NAME_B  lost" (the median of each round's 1 - B/A) in place of requests/s.
side_by_side() { # NAME_A URL_A NAME_B URL_B AUTHORIZATION_B
    local rounds="${SIDE_ROUNDS:-8}" seconds="${SIDE_SECONDS:-4}" half=$((CONNECTIONS / 2)) i
    local threads=$(( THREADS > 1 ? THREADS / 2 : 1 )) a="$WORK/side-a.txt" b="$WORK/side-b.txt" pairs="$WORK/side-pairs.txt"
    : >"$pairs"
    wrk -t"$threads" -c"$half" -d"${WARMUP}s" "$2" >/dev/null
    wrk -t"$threads" -c"$half" -d"${WARMUP}s" -H "Authorization: $5" "$4" >/dev/null
    for i in $(seq 1 "$rounds"); do
        if (( i % 2 )); then
            wrk -t"$threads" -c"$half" -d"${seconds}s" "$2" >"$a" & local first=$!
            wrk -t"$threads" -c"$half" -d"${seconds}s" -H "Authorization: $5" "$4" >"$b" & local second=$!
        else
            wrk -t"$threads" -c"$half" -d"${seconds}s" -H "Authorization: $5" "$4" >"$b" & local first=$!
            wrk -t"$threads" -c"$half" -d"${seconds}s" "$2" >"$a" & local second=$!
        fi
        wait "$first" "$second"
        printf '%s %s\n' "$(awk '/^Requests\/sec:/ { print $2 }' "$a")" "$(awk '/^Requests\/sec:/ { print $2 }' "$b")" >>"$pairs"
    done
    python3 - "$pairs" "$1" "$3" >>"$RESULTS" <<'PY'
import statistics, sys
pairs = [tuple(map(float, line.split())) for line in open(sys.argv[1]) if line.strip()]
print(f"{sys.argv[2]}\t{statistics.mean(a for a, _ in pairs):.0f}\t\t")
print(f"{sys.argv[3]}\t{statistics.mean(b for _, b in pairs):.0f}\t\t")
print(f"{sys.argv[3]}  lost\t{statistics.median(1 - b / a for a, b in pairs):.4f}\t\t")
PY
    tail -3 "$RESULTS" | awk -F'\t' '{ printf "%-52s %10s\n", $1, $2 }'
    printf '%-52s %s\n' "  each round, 1 - B/A:" "$(awk '{ printf "%+.3f ", 1 - $2 / $1 }' "$pairs")"
}

echo "== Accounts: the same 100 friends without accounts and signed in, side by side"
cp "$WORK/small.sqlite" "$WORK/open.sqlite"
cp "$WORK/small.sqlite" "$WORK/accounts.sqlite"
printf 'correct horse battery staple\n' | "$BIN" user add bench --password-stdin --database "sqlite:$WORK/accounts.sqlite" >/dev/null 2>&1
TOKEN=$("$BIN" user token bench --label load --database "sqlite:$WORK/accounts.sqlite" 2>/dev/null)
FS_PORT=$(free_port); start_friendservice "$WORK/open.sqlite" "$FS_PORT"; OPEN_FS_PID=$FS_PID; OPEN_PORT=$FS_PORT
FS_PORT=$(free_port); start_friendservice "$WORK/accounts.sqlite" "$FS_PORT"; ACCOUNTS_FS_PID=$FS_PID
side_by_side "GET /friends?limit=100  without accounts" "http://127.0.0.1:$OPEN_PORT/friends?limit=100" \
    "GET /friends?limit=100  with a token" "http://127.0.0.1:$FS_PORT/friends?limit=100" "Bearer $TOKEN"
side_by_side "GET /friends?limit=100  without accounts" "http://127.0.0.1:$OPEN_PORT/friends?limit=100" \
    "GET /friends?limit=100  with a password" "http://127.0.0.1:$FS_PORT/friends?limit=100" \
    "Basic $(printf 'bench:correct horse battery staple' | base64 -w0)"
stop "$OPEN_FS_PID"
stop "$ACCOUNTS_FS_PID"

# --- A million friends: first page, a deep page, search ----------------------------------------

if [ "$MILLION" -gt 0 ]; then
    LARGE="$CACHE/friends-$MILLION.sqlite"
    if [ ! -s "$LARGE" ]; then
        log "Seeding $MILLION friends (once; kept for later runs)..."
        "$BIN" seed --count "$MILLION" --database "sqlite:$LARGE.partial" >&2
        mv "$LARGE.partial" "$LARGE"
        rm -f "$LARGE.partial-wal" "$LARGE.partial-shm"
    fi
    FS_PORT=$(free_port); start_friendservice "$LARGE" "$FS_PORT"; LARGE_FS_PID=$FS_PID
    DEEP_CURSOR=$(python3 - "$LARGE" "$MILLION" <<'PY'
import base64, json, sqlite3, sys
row = sqlite3.connect(sys.argv[1]).execute(
    "SELECT sort_last, sort_first, id FROM friends ORDER BY sort_last, sort_first, id LIMIT 1 OFFSET ?",
    (int(sys.argv[2]) * 9 // 10,)).fetchone()
payload = json.dumps({"l": row[0], "f": row[1], "i": row[2]}, ensure_ascii=False, separators=(",", ":"))
print(base64.urlsafe_b64encode(payload.encode()).decode().rstrip("="))
PY
)
    echo "== $MILLION friends, $CONNECTIONS connections, ${DURATION}s each"
    measure_with_ceiling "GET /friends/500000  at 1M" "http://127.0.0.1:$FS_PORT/friends/500000"
    measure_with_ceiling "GET /friends?limit=100  page 1" "http://127.0.0.1:$FS_PORT/friends?limit=100"
    measure "GET /friends?limit=100  page at 90%" "http://127.0.0.1:$FS_PORT/friends?limit=100&cursor=$DEEP_CURSOR"
    measure "GET /friends?limit=100&q=tur  search" "http://127.0.0.1:$FS_PORT/friends?limit=100&q=tur"
    measure_with_ceiling "GET /friends?limit=100&q=yuki%20t  two-word search" "http://127.0.0.1:$FS_PORT/friends?limit=100&q=yuki%20t"
    # The rows above repeat one URL, so the page cache answers them; here every page is read anew.
    measure_with_ceiling "GET mix of 1,000 pages and searches  at 1M" "http://127.0.0.1:$FS_PORT/friends" "$HERE/mix.lua"
    LARGE_MEMORY=$(peak_memory_mb "$LARGE_FS_PID")
    echo "FriendService peak resident memory: ${LARGE_MEMORY} MB"
    stop "$LARGE_FS_PID"
fi

# --- Scale: a list page under concurrent writes, and writes, as the address book grows ----------

# The list at URL under WRITERS (4) connections adding friends the whole time, recorded as NAME, the
# writers' rate beside it as "NAME  writes"; then the writes alone, as "NAME  writes alone".
measure_under_writes() { # NAME URL POST_URL
    local writes="$WORK/writes.txt" out="$WORK/under-writes.txt"
    wrk -t1 -c"${WRITERS:-4}" -d"$((DURATION + 2))s" --timeout 5s --latency -s "$HERE/post-friend.lua" "$3" >"$writes" &
    local writer=$!
    sleep 1
    wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" --timeout 5s --latency "$2" >"$out"
    wait "$writer"
    record "$1" "$out"
    record "$1  writes" "$writes"
    wrk -t1 -c"${WRITERS:-4}" -d"${DURATION}s" --timeout 5s --latency -s "$HERE/post-friend.lua" "$3" >"$writes"
    record "$1  writes alone" "$writes"
}

SIZES="${SCALE:-1000 100000}"
[ "$MILLION" -gt 0 ] && SIZES="$SIZES $MILLION"
echo "== Scale: GET /friends?limit=50 under ${WRITERS:-4} writers, then the writers alone, at $SIZES friends"
for size in $SIZES; do
    seeded="$CACHE/friends-$size.sqlite"
    if [ ! -s "$seeded" ]; then
        log "Seeding $size friends (once; kept for later runs)..."
        mkdir -p "$CACHE"
        "$BIN" seed --count "$size" --database "sqlite:$seeded.partial" >&2
        mv "$seeded.partial" "$seeded"
        rm -f "$seeded.partial-wal" "$seeded.partial-shm"
    fi
    cp "$seeded" "$WORK/scale.sqlite"
    rm -f "$WORK/scale.sqlite-wal" "$WORK/scale.sqlite-shm"
    FS_PORT=$(free_port); start_friendservice "$WORK/scale.sqlite" "$FS_PORT"; SCALE_FS_PID=$FS_PID
    measure_under_writes "scale $size: GET /friends?limit=50 under writes" \
        "http://127.0.0.1:$FS_PORT/friends?limit=50" "http://127.0.0.1:$FS_PORT/friends"
    stop "$SCALE_FS_PID"
    rm -f "$WORK"/scale.sqlite*
done

# --- The live change feed: a POST's event reaching every open stream ---------------------------

# SUBSCRIBERS, then half as many again (the goal: 1,000 within 25 ms, 1,500 working).
if [ "$SUBSCRIBERS" -gt 0 ]; then
    ulimit -n $((MOST_SUBSCRIBERS * 2 + 256)) 2>/dev/null || true
    FS_PORT=$(free_port); start_friendservice "$WORK/live.sqlite" "$FS_PORT"; LIVE_FS_PID=$FS_PID
    for count in "$SUBSCRIBERS" "$MOST_SUBSCRIBERS"; do
        echo "== Live feed, $count subscribers"
        python3 "$HERE/live-feed.py" --port "$FS_PORT" --pid "$LIVE_FS_PID" --subscribers "$count" --rounds "$ROUNDS" --results "$RESULTS" ||
            printf 'live feed: %s subscribers\t\t\tthe run failed\n' "$count" >>"$RESULTS"
    done
    stop "$LIVE_FS_PID"
fi

# --- Against the targets -----------------------------------------------------------------------

echo "== Ratios to FriendService's own ceiling (a body of the same size, in the same run) and to Flask + gunicorn"
python3 "$HERE/goals.py" "$RESULTS"
echo "FriendService peak memory: ${SMALL_MEMORY} MB (100 friends)${LARGE_MEMORY:+, ${LARGE_MEMORY} MB (1M friends)}   target <= 50 MB"
