#!/usr/bin/env bash
# Import and export of vCards through the command line against a release FriendService, the way a
# person moves an address book in and out: `friends import FILE --server URL --token T`, then
# `friends export FILE`. Prints the seconds of each (goals: 10,000 cards imported in 10 s or less,
# exported in 3 s or less) and the server's peak memory (VmHWM) after exporting N and 10×N cards:
# an export that streams keeps the two close.
# usage: Benchmarks/vcard/import-export.sh [CARDS]   (default 10000; build with swift build -c release first)
set -euo pipefail
cd "$(dirname "$0")/../.."
cards=${1:-10000}
bin=$(swift build -c release --show-bin-path)
work=$(mktemp -d)
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
token=benchmark-token
"$bin/friendservice" serve --port "$port" --token "$token" --log-level error --database "sqlite:$work/friends.sqlite" &
server=$!
trap 'kill $server 2>/dev/null; rm -rf "$work"' EXIT
until curl -s -o /dev/null "http://127.0.0.1:$port/health"; do sleep 0.2; done

generate() { # N FILE: cards in the style of a phone's export, each with a UID, two phones, an email, a note
    python3 - "$1" "$2" <<'PY'
import sys
count, path = int(sys.argv[1]), sys.argv[2]
first = ["Ada", "Grace", "Alan", "Zoë", "Jürgen", "李", "Fatima", "Kwame", "Olga", "Mateo"]
last = ["Lovelace", "Hopper", "Turing", "Müller", "王", "Okafor", "Ivanova", "Sato", "de la Cruz", "Nowak"]
with open(path, "w", newline="") as out:
    for i in range(count):
        f, l = first[i % 10], last[(i // 10) % 10]
        out.write(f"BEGIN:VCARD\r\nVERSION:3.0\r\nUID:bench-{i}\r\nFN:{f} {l}\r\nN:{l};{f};;;\r\n"
                  f"item1.TEL;type=CELL;type=pref:+358 40 {i:07d}\r\nitem1.X-ABLabel:_$!<Mobile>!$_\r\n"
                  f"TEL;type=HOME:+358 9 {i:07d}\r\nEMAIL;type=INTERNET:{f.lower()}.{i}@example.com\r\n"
                  f"ORG:Company {i % 97}\r\nNOTE:Card number {i}\\, written for the benchmark.\r\nEND:VCARD\r\n")
PY
}
seconds() { python3 -c "import time; print(time.time())"; }
peak() { awk '/VmHWM/ {print $2 " kB"}' "/proc/$server/status"; }

generate "$cards" "$work/cards.vcf"
start=$(seconds)
"$bin/friends" import "$work/cards.vcf" --server "http://127.0.0.1:$port" --token "$token" >/dev/null
import_s=$(python3 -c "print(round($(seconds) - $start, 2))")
start=$(seconds)
"$bin/friends" export "$work/out.vcf" --server "http://127.0.0.1:$port" --token "$token" >/dev/null
export_s=$(python3 -c "print(round($(seconds) - $start, 2))")
echo "vcard: import of $cards cards: ${import_s} s (goal <= 10 s at 10,000)"
echo "vcard: export of $cards cards: ${export_s} s (goal <= 3 s at 10,000)"
echo "vcard: server peak memory after exporting $cards: $(peak)"

generate $((cards * 9)) "$work/more.vcf"
"$bin/friends" import "$work/more.vcf" --server "http://127.0.0.1:$port" --token "$token" >/dev/null
before=$(peak)
curl -s -o /dev/null -H "Authorization: Bearer $token" -H 'Accept: text/vcard' "http://127.0.0.1:$port/friends"
echo "vcard: server peak memory before / after exporting $((cards * 10)) cards: $before / $(peak)"
