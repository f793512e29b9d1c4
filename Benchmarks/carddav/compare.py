#!/usr/bin/env python3
"""CardDAV, FriendService beside Radicale in one run (see radicale.sh, which starts this).

usage: compare.py FRIENDSERVICE WORK_DIRECTORY   (run with a Python that has vdirsyncer and radicale)

1. vdirsyncer uploads 1,000 cards from a folder to each server (a pair each), then syncs again with
   nothing to do; the PROPFIND that sync sends, alone.
2. Each server gets 9,000 more cards (FriendService through its vCard import, Radicale as files in
   its storage folder), both are restarted (so their peak memory starts from the server alone) and
   warmed with one listing; then PROPFIND Depth 1 on the address book (getetag, getcontenttype,
   resourcetype, as vdirsyncer asks) over 10,000 cards, with each server's peak memory as started
   and after the listings.
3. 10 cards change on each server (PUT); a sync-collection REPORT from the token before them.
   Then one from the token taken before step 2's 9,000 cards came: a client that syncs after an
   import.
4. FriendService alone, 90,000 more friends (`friendservice seed`): its peak memory after listing
   100,000 cards, to compare with 10,000.

Times are medians of several runs, taken in turn (FriendService, Radicale, ...); ratios are
FriendService / Radicale.
"""
import base64
import http.client
import os
import pathlib
import shutil
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
import xml.etree.ElementTree as ET

TOKEN = "benchmark-token"
AUTH = {"Authorization": "Basic " + base64.b64encode(f"me:{TOKEN}".encode()).decode()}
BIN = pathlib.Path(sys.executable).parent
UPLOAD, BOOK_SIZE, CHANGES, RUNS = 1_000, 10_000, 10, 5
PROPFIND = (b'<?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="DAV:"><d:prop>'
            b'<d:resourcetype/><d:getcontenttype/><d:getetag/></d:prop></d:propfind>')


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def card(i, note="written for the benchmark"):
    """A card in the style of a phone's export, like Benchmarks/vcard's."""
    first = ["Ada", "Grace", "Alan", "Zoë", "Jürgen", "李", "Fatima", "Kwame", "Olga", "Mateo"]
    last = ["Lovelace", "Hopper", "Turing", "Müller", "王", "Okafor", "Ivanova", "Sato", "de la Cruz", "Nowak"]
    f, l = first[i % 10], last[(i // 10) % 10]
    return (f"BEGIN:VCARD\r\nVERSION:3.0\r\nUID:bench-{i}\r\nFN:{f} {l}\r\nN:{l};{f};;;\r\n"
            f"item1.TEL;type=CELL;type=pref:+358 40 {i:07d}\r\nitem1.X-ABLabel:_$!<Mobile>!$_\r\n"
            f"TEL;type=HOME:+358 9 {i:07d}\r\nEMAIL;type=INTERNET:{f.lower()}.{i}@example.com\r\n"
            f"ORG:Company {i % 97}\r\nNOTE:Card number {i}\\, {note}.\r\nEND:VCARD\r\n")


class Server:
    name = ""

    def __init__(self, work):
        self.work = work
        self.port = free_port()
        self.process = None

    def request(self, method, path, body=None, headers=None):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=300)
        try:
            connection.request(method, path, body=body, headers={**AUTH, **(headers or {})})
            response = connection.getresponse()
            return response.status, response.read()
        finally:
            connection.close()

    def wait(self):
        deadline = time.time() + 60
        while time.time() < deadline:
            try:
                self.request("OPTIONS", "/")
                return
            except OSError:
                time.sleep(0.2)
        raise SystemExit(f"{self.name} did not start")

    def memory(self, field="VmHWM"):
        for line in pathlib.Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
        return 0.0

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=30)

    def restart(self):
        self.stop()
        self.start()


class FriendService(Server):
    name = "FriendService"
    book = "/dav/addressbooks/friends/friends/"

    def __init__(self, binary, work):
        super().__init__(work)
        self.binary = binary
        self.start()

    def start(self):
        self.process = subprocess.Popen(
            [self.binary, "serve", "--port", str(self.port), "--token", TOKEN, "--log-level", "error",
             "--database", f"sqlite:{self.work / 'friends.sqlite'}"],
            stdout=open(self.work / "friendservice.log", "a"), stderr=subprocess.STDOUT)
        self.wait()

    def add(self, cards):
        for start in range(0, len(cards), 500):
            status, body = self.request("POST", "/friends/import", "".join(cards[start:start + 500]).encode(),
                                        {"Content-Type": "text/vcard"})
            if status != 200:
                raise SystemExit(f"import: {status} {body[:300]!r}")


class Radicale(Server):
    name = "Radicale"
    book = "/me/book/"

    def __init__(self, work):
        super().__init__(work)
        self.root = work / "radicale"
        self.start()
        status, body = self.request("MKCOL", self.book, (
            '<?xml version="1.0"?><d:mkcol xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav"><d:set><d:prop>'
            '<d:resourcetype><d:collection/><c:addressbook/></d:resourcetype></d:prop></d:set></d:mkcol>').encode(),
            {"Content-Type": "application/xml"})
        if status != 201:
            raise SystemExit(f"Radicale MKCOL: {status} {body[:300]!r}")

    def start(self):
        self.process = subprocess.Popen(
            [str(BIN / "radicale"), "--server-hosts", f"127.0.0.1:{self.port}", "--auth-type", "none",
             "--storage-filesystem-folder", str(self.root), "--logging-level", "warning"],
            stdout=open(self.work / "radicale.log", "a"), stderr=subprocess.STDOUT)
        self.wait()

    def add(self, cards):
        folder = self.root / "collection-root" / "me" / "book"
        for text in cards:
            uid = next(line[4:] for line in text.splitlines() if line.startswith("UID:"))
            (folder / f"{uid}.vcf").write_text(text, encoding="utf-8", newline="")


def timed(action):
    start = time.perf_counter()
    result = action()
    return time.perf_counter() - start, result


def in_turn(servers, action, runs=RUNS):
    """Median seconds of `action(server)` per server, the servers taking turns; the last results."""
    times, results = {s.name: [] for s in servers}, {}
    for _ in range(runs):
        for server in servers:
            seconds, results[server.name] = timed(lambda: action(server))
            times[server.name].append(seconds)
    return {name: statistics.median(values) for name, values in times.items()}, results


def responses(body):
    return ET.fromstring(body).findall("{DAV:}response")


def vdirsyncer(config, *arguments):
    result = subprocess.run([str(BIN / "vdirsyncer"), "-c", str(config), *arguments],
                            input="y\n" * 20, capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"vdirsyncer {' '.join(arguments)} failed:\n{result.stdout}\n{result.stderr}")


STARTED = time.time()


def progress(what):
    print(f"carddav: [{time.time() - STARTED:5.0f} s] {what}", file=sys.stderr, flush=True)


def report(what, times, goal="≤ 1× (then ≤ 0.5×)"):
    ours, theirs = times["FriendService"], times["Radicale"]
    print(f"carddav: {what}: FriendService {ours * 1000:.0f} ms, Radicale {theirs * 1000:.0f} ms, "
          f"ratio {ours / theirs:.2g} (goal {goal})", flush=True)


def main():
    binary, work = sys.argv[1], pathlib.Path(sys.argv[2])
    servers = []
    try:
        servers = [FriendService(binary, work), Radicale(work)]
        ours, theirs = servers

        # 1. vdirsyncer: a folder of 1,000 cards to each server, then a sync with nothing to do.
        lines = ["[general]", f'status_path = "{work}/status/"', ""]
        for server in servers:
            folder = work / f"folder-{server.name}"
            folder.mkdir()
            for i in range(UPLOAD):
                (folder / f"bench-{i}.vcf").write_text(card(i), encoding="utf-8", newline="")
            lines += [f"[pair {server.name}]", f'a = "{server.name}_folder"', f'b = "{server.name}_dav"',
                      "collections = null", 'conflict_resolution = "a wins"', "",
                      f"[storage {server.name}_folder]", 'type = "filesystem"', f'path = "{folder}/"',
                      'fileext = ".vcf"', "",
                      f"[storage {server.name}_dav]", 'type = "carddav"',
                      f'url = "http://127.0.0.1:{server.port}{server.book}"', 'username = "me"',
                      f'password = "{TOKEN}"', ""]
        config = work / "vdirsyncer.conf"
        config.write_text("\n".join(lines))
        vdirsyncer(config, "discover")
        progress(f"vdirsyncer uploads {UPLOAD:,} cards to each server")
        upload = {s.name: timed(lambda: vdirsyncer(config, "sync", s.name))[0] for s in servers}
        for server in servers:
            status, body = server.request("PROPFIND", server.book, PROPFIND, {"Depth": "1"})
            if len(responses(body)) != UPLOAD + 1:
                raise SystemExit(f"{server.name} lists {len(responses(body)) - 1} cards after the upload")
        report(f"vdirsyncer upload of {UPLOAD:,} cards", upload)
        no_change, _ = in_turn(servers, lambda s: vdirsyncer(config, "sync", s.name), runs=3)
        report(f"vdirsyncer sync with nothing to do, {UPLOAD:,} cards", no_change)
        # The server's part of that sync: the one listing it asks for.
        small, _ = in_turn(servers, lambda s: s.request("PROPFIND", s.book, PROPFIND, {"Depth": "1"}))
        report(f"PROPFIND Depth 1, {UPLOAD:,} cards (the server's part of that sync)", small)

        # sync-collection from a token; step 3 measures it.
        def sync_collection(server, token):
            body = ('<?xml version="1.0" encoding="utf-8"?><d:sync-collection xmlns:d="DAV:">'
                    f'<d:sync-token>{token}</d:sync-token><d:sync-level>1</d:sync-level>'
                    '<d:prop><d:getetag/></d:prop></d:sync-collection>').encode()
            status, answer = server.request("REPORT", server.book, body, {"Content-Type": "application/xml"})
            if status != 207:
                raise SystemExit(f"{server.name}: sync-collection gave {status}: {answer[:300]!r}")
            return answer

        # 2. PROPFIND Depth 1 over 10,000 cards, from freshly started servers.
        before_import = {s.name: ET.fromstring(sync_collection(s, "")).findtext("{DAV:}sync-token") for s in servers}
        progress(f"{BOOK_SIZE - UPLOAD:,} more cards for each server")
        more = [card(i) for i in range(UPLOAD, BOOK_SIZE)]
        for server in servers:
            server.add(more)
            server.restart()
        started = {s.name: s.memory() for s in servers}
        for server in servers:
            server.request("PROPFIND", server.book, PROPFIND, {"Depth": "1"})
        progress(f"PROPFIND Depth 1 over {BOOK_SIZE:,} cards")

        def propfind(server):
            status, body = server.request("PROPFIND", server.book, PROPFIND, {"Depth": "1"})
            return status, len(responses(body)), len(body)

        listing, results = in_turn(servers, propfind)
        for name, (status, count, size) in results.items():
            if status != 207 or count != BOOK_SIZE + 1:
                raise SystemExit(f"{name}: PROPFIND gave {status} with {count} responses")
        report(f"PROPFIND Depth 1, {BOOK_SIZE:,} cards ({results['FriendService'][2] // 1024} KiB; "
               f"Radicale {results['Radicale'][2] // 1024} KiB)", listing)
        for server in servers:
            print(f"carddav: {server.name} peak memory started / after {RUNS + 1} listings of {BOOK_SIZE:,} cards: "
                  f"{started[server.name]:.1f} / {server.memory():.1f} MB", flush=True)

        # 3. sync-collection after 10 changes, from the token before them.
        progress(f"{CHANGES} changes on each server")
        tokens = {}
        for server in servers:
            tokens[server.name] = ET.fromstring(sync_collection(server, "")).findtext("{DAV:}sync-token")
            for i in range(CHANGES):
                status, body = server.request("PUT", f"{server.book}bench-{i * 997}.vcf",
                                              card(i * 997, "changed").encode(), {"Content-Type": "text/vcard"})
                if status not in (201, 204):
                    raise SystemExit(f"{server.name}: PUT gave {status}: {body[:300]!r}")
        progress("sync-collection")
        sync, results = in_turn(servers, lambda s: sync_collection(s, tokens[s.name]))
        for name, answer in results.items():
            if len(responses(answer)) != CHANGES:
                raise SystemExit(f"{name}: sync-collection listed {len(responses(answer))} changes, not {CHANGES}")
        report(f"sync-collection after {CHANGES} changes, {BOOK_SIZE:,} cards", sync)
        progress("sync-collection after an import")
        imported = BOOK_SIZE - UPLOAD
        # The cards imported, and those of the 10 changes that were uploaded before the import.
        expected = imported + sum(1 for i in range(CHANGES) if i * 997 < UPLOAD)
        after_import, results = in_turn(servers, lambda s: sync_collection(s, before_import[s.name]), runs=3)
        for name, answer in results.items():
            if len(responses(answer)) != expected:
                raise SystemExit(f"{name}: sync-collection listed {len(responses(answer))} changes, not {expected}")
        report(f"sync-collection after an import of {imported:,} cards, {BOOK_SIZE:,} cards", after_import)

        # 4. FriendService alone at ten times the book: a listing that streams keeps the peak where it was.
        progress(f"FriendService with {BOOK_SIZE * 10:,} cards")
        ours.stop()
        subprocess.run([binary, "seed", "--count", str(BOOK_SIZE * 9), "--database", f"sqlite:{work / 'friends.sqlite'}"],
                       check=True, stdout=subprocess.DEVNULL)
        ours.start()
        big_start = ours.memory()
        for _ in range(3):
            status, count, _ = propfind(ours)
            if status != 207 or count != BOOK_SIZE * 10 + 1:
                raise SystemExit(f"FriendService: PROPFIND gave {status} with {count} responses")
        print(f"carddav: FriendService peak memory started / after 3 listings of {BOOK_SIZE * 10:,} cards: "
              f"{big_start:.1f} / {ours.memory():.1f} MB", flush=True)
    finally:
        for server in servers:
            server.stop()


if __name__ == "__main__":
    main()
