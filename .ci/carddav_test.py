#!/usr/bin/env python3
"""CardDAV interop: clients nobody here wrote against FriendService.

vdirsyncer syncs a folder of cards both ways (upload, download into an empty folder with every
property intact, edits and deletes on each side, a conflict); FriendService and Radicale sync
through one vdirsyncer pair, the cards and the address book's name; vobject (a second vCard
parser) reads FriendService's export of every sample card, as kept and in 3.0 and 4.0;
vdirsyncer's first sync of 20,000 cards comes down whole. Usage: carddav_test.py FRIENDSERVICE
CARDS_DIRECTORY (run with the virtual environment that has vdirsyncer, radicale and vobject).
"""
import base64
import json
import os
import pathlib
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from xml.etree import ElementTree

import vobject

TOKEN = "carddav-interop-token"
BOOK = "/dav/addressbooks/friends/friends/"
BIN = pathlib.Path(sys.executable).parent


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(url, headers=None, timeout=30):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            urllib.request.urlopen(urllib.request.Request(url, headers=headers or {}), timeout=2)
            return
        except urllib.error.HTTPError:
            return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"carddav: nothing answered at {url}")


class FriendService:
    def __init__(self, binary, work):
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = open(work / "friendservice.log", "w")
        self.process = subprocess.Popen(
            [binary, "serve", "--port", str(self.port), "--token", TOKEN, "--log-level", "warning",
             "--database", f"sqlite:{work / 'friends.sqlite'}"],
            stdout=self.log, stderr=subprocess.STDOUT)
        wait_for(self.base + "/health")

    def request(self, method, path, body=None, headers=None):
        headers = dict(headers or {})
        headers["Authorization"] = "Bearer " + TOKEN
        data = body.encode() if isinstance(body, str) else body
        if data is not None and "Content-Type" not in headers:
            headers["Content-Type"] = "application/json"
        request = urllib.request.Request(self.base + path, data=data, method=method, headers=headers)
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.read()

    def friends(self):
        return json.loads(self.request("GET", "/friends?limit=500"))["items"]

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=30)


def split_cards(text):
    cards, current = [], []
    for line in text.splitlines(keepends=True):
        current.append(line)
        if line.strip().upper() == "END:VCARD":
            cards.append("".join(current))
            current = []
    return cards


def join_soft_line_breaks(card):
    """vCard 2.1 quoted-printable values go on after a line ending in '='; FriendService keeps such
    a value on one line (many readers do not join them), so that is what comes back."""
    lines, joined = card.splitlines(keepends=True), []
    for line in lines:
        if joined and joined[-1].rstrip("\r\n").endswith("=") and "QUOTED-PRINTABLE" in joined[-1].upper():
            joined[-1] = joined[-1].rstrip("\r\n")[:-1] + line
        else:
            joined.append(line)
    return "".join(joined)


def what_vobject_reads(card):
    """Each property as vobject reads it, however its version writes it: 2.1's bare `CELL` and
    3.0's `TYPE=CELL` are one type, quoted-printable and `ENCODING` are undone, line breaks are one."""
    read = []
    for line in vobject.readOne(card).getChildren():
        if line.name == "VERSION":
            continue
        types = sorted(t.upper() for t in line.singletonparams + line.params.get("TYPE", []))
        others = sorted((k, tuple(v)) for k, v in line.params.items() if k not in ("TYPE", "ENCODING", "CHARSET"))
        value = line.value.replace("\r\n", "\n") if isinstance(line.value, str) else line.value
        read.append((line.group, line.name, types, others, value if isinstance(value, (str, bytes)) else str(value)))
    return read


def what_people_see(card):
    """The values a contact app shows, as vobject reads them, however 3.0 or 4.0 writes them: a
    `tel:` URI (its `;ext=`) or a number (" ext. "), a `data:` URI or base64, a birthday without a year or Apple's 1604,
    a date with dashes or without, a URL with the escapes of text or without."""
    seen = set()
    for line in vobject.readOne(card).getChildren():
        value = line.value
        if line.name == "TEL":
            value = value.removeprefix("tel:").replace(";ext=", " ext. ")
        elif line.name == "PHOTO" and isinstance(value, str) and value.startswith("data:"):
            # vobject keeps only what comes before the URI's comma: the data is read from the text.
            unfolded = re.sub(r"\r?\n[ \t]", "", card)
            value = base64.b64decode(re.search(r"^PHOTO[^:]*:data:[^,]*,(.*)$", unfolded, re.M).group(1).strip())
        elif line.name == "BDAY" and "X-APPLE-OMIT-YEAR" in line.params:
            value = "--" + value[5:].replace("-", "")
        elif line.name == "URL":
            value = re.sub(r"\\([:;,\\])", r"\1", value)  # Google's 3.0 `https\://` is 4.0's `https://`
        elif line.name == "BDAY" and re.fullmatch(r"\d{4}-\d\d-\d\d", value):
            value = value.replace("-", "")  # 3.0's 1906-12-09 is 4.0's 19061209
        elif line.name not in ("FN", "N", "EMAIL", "NOTE", "ADR", "ORG", "UID", "URL", "BDAY", "PHOTO"):
            continue
        seen.add((line.name, value if isinstance(value, (str, bytes)) else str(value)))
    return seen


def uid_of(card):
    for line in card.splitlines():
        if line.upper().startswith("UID:"):
            return line[4:].strip()
    return None


def vdirsyncer(config, *arguments):
    result = subprocess.run([str(BIN / "vdirsyncer"), "-c", str(config), *arguments],
                            input="y\n" * 20, capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"carddav: vdirsyncer {' '.join(arguments)} failed:\n{result.stdout}\n{result.stderr}")
    return result.stdout + result.stderr


def write_config(path, status, pairs, storages):
    lines = ["[general]", f'status_path = "{status}/"', ""]
    for name, (a, b, resolution, *metadata) in pairs.items():
        lines += [f"[pair {name}]", f'a = "{a}"', f'b = "{b}"', "collections = null",
                  f'conflict_resolution = "{resolution}"']
        if metadata:
            lines.append(f"metadata = {json.dumps(metadata[0])}")
        lines.append("")
    for name, settings in storages.items():
        lines.append(f"[storage {name}]")
        lines += [f'{key} = "{value}"' for key, value in settings.items()]
        lines.append("")
    path.write_text("\n".join(lines))


def check(condition, message):
    if not condition:
        raise SystemExit("carddav: " + message)
    print("carddav: ok -", message)


def main():
    binary, cards_directory = sys.argv[1], pathlib.Path(sys.argv[2])
    work = pathlib.Path(tempfile.mkdtemp(prefix="carddav-"))
    server = FriendService(binary, work)
    radicale = None
    try:
        # The sample cards, each with a UID (vdirsyncer names its files by it).
        samples = []
        for file in sorted(cards_directory.glob("*.vcf")):
            if file.name == "latin1.vcf":
                continue
            for index, card in enumerate(split_cards(file.read_text(encoding="utf-8"))):
                if not uid_of(card):
                    ending = "\r\n" if "\r\n" in card else "\n"
                    card = card.replace("END:VCARD", f"UID:{file.stem}-{index}{ending}END:VCARD")
                samples.append(card)
        # A group as Apple's Contacts and DAVx5 keep one: a card of its own naming its members.
        # CardDAV keeps it like any card; the REST API, whose items are friends, leaves it out.
        # Its lines end as the samples' do once read as text (the comparison below reads text too).
        group = ("BEGIN:VCARD\nVERSION:3.0\nPRODID:-//Apple Inc.//macOS 14.0//EN\nN:Family\nFN:Family\n"
                 "X-ADDRESSBOOKSERVER-KIND:group\n"
                 + "".join(f"X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:{uid_of(card)}\n" for card in samples[:2])
                 + "UID:family-group\nEND:VCARD\n")
        samples.append(group)
        local, fresh = work / "local", work / "fresh"
        local.mkdir()
        fresh.mkdir()
        for card in samples:
            (local / f"{uid_of(card)}.vcf").write_text(card, encoding="utf-8", newline="")
        friends = {"type": "carddav", "url": server.base + BOOK, "username": "me", "password": TOKEN}
        config = work / "config"
        write_config(config, work / "status", {
            "upload": ("local", "friends", "a wins"),
            "download": ("fresh", "friends_again", "b wins"),
        }, {
            "local": {"type": "filesystem", "path": f"{local}/", "fileext": ".vcf"},
            "fresh": {"type": "filesystem", "path": f"{fresh}/", "fileext": ".vcf"},
            "friends": friends,
            "friends_again": friends,
        })
        vdirsyncer(config, "discover")

        # Upload, then download into an empty folder: every card byte for byte, but 2.1 and 4.0 ones,
        # which come back in 3.0 saying the same to vobject.
        vdirsyncer(config, "sync", "upload")
        check(len(server.friends()) == len(samples) - 1 and not any(f["firstname"] == "Family" for f in server.friends()),
              f"vdirsyncer uploaded {len(samples)} cards; the group among them is no friend")
        vdirsyncer(config, "sync", "download")
        downloaded = {uid_of(p.read_text(encoding="utf-8")): p.read_text(encoding="utf-8") for p in fresh.glob("*.vcf")}
        expected = {uid_of(card): join_soft_line_breaks(card) for card in samples}
        version21 = {uid for uid, card in expected.items() if "\nVERSION:2.1\n" in card}
        check(version21 and all(downloaded.get(uid, "").startswith("BEGIN:VCARD\nVERSION:3.0\n")
                                and "QUOTED-PRINTABLE" not in downloaded[uid] for uid in version21),
              f"the {len(version21)} 2.1 cards come back in 3.0, without quoted-printable")
        version4 = {uid for uid, card in expected.items() if "\nVERSION:4.0\n" in card}
        check(version4 and all(downloaded.get(uid, "").startswith("BEGIN:VCARD\nVERSION:3.0\n") for uid in version4),
              f"the {len(version4)} 4.0 cards come back in 3.0")
        for uid in sorted(set(downloaded) | set(expected), key=str):
            if uid not in downloaded or uid not in expected:
                same, how = False, "at all"
            elif uid in version21:
                same, how = what_vobject_reads(downloaded[uid]) == what_vobject_reads(expected[uid]), "saying to vobject what it said in 2.1"
            elif uid in version4:
                same, how = what_people_see(downloaded[uid]) == what_people_see(expected[uid]), "showing what it showed in 4.0"
            else:
                same, how = downloaded[uid] == expected[uid], "byte for byte"
            if not same:
                print(f"carddav: {uid} sent {expected.get(uid)!r}, came back {downloaded.get(uid)!r}")
            check(same, f"{uid} comes back from a download into an empty folder {how}")

        # A client that asks for 4.0 gets every card in 4.0 (one kept in 4.0 as it is), showing what it showed.
        listing = ElementTree.fromstring(server.request("PROPFIND", BOOK, headers={"Depth": "1", "Content-Type": "application/xml"}))
        hrefs = [h.text for h in listing.iter("{DAV:}href") if h.text.endswith(".vcf")]
        multiget = ('<C:addressbook-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav">'
                    '<D:prop><C:address-data version="4.0"/></D:prop>'
                    + "".join(f"<D:href>{href}</D:href>" for href in hrefs) + "</C:addressbook-multiget>")
        answer = ElementTree.fromstring(server.request("REPORT", BOOK, multiget, {"Depth": "1", "Content-Type": "application/xml"}))
        in_version4 = [d.text for d in answer.iter("{urn:ietf:params:xml:ns:carddav}address-data")]
        check(len(in_version4) == len(samples) and all(re.match(r"BEGIN:VCARD\r?\nVERSION:4\.0\r?\n", card) for card in in_version4),
              f"a multiget naming 4.0 answers all {len(samples)} cards in 4.0")
        for card in in_version4:
            uid = uid_of(card)
            same = what_people_see(card) == what_people_see(downloaded[uid])
            if not same:
                print(f"carddav: {uid} in 3.0 {downloaded[uid]!r}, in 4.0 {card!r}")
            check(same, f"{uid} in 4.0 shows vobject what it shows in 3.0")

        # REST edit -> client file; client file edit -> REST.
        ada = next(f for f in server.friends() if f["lastname"] == "Lovelace")
        server.request("PATCH", f"/friends/{ada['id']}", json.dumps({"about": "Edited over REST"}))
        vdirsyncer(config, "sync", "upload")
        ada_file = local / f"{ada['uid']}.vcf"
        text = ada_file.read_text(encoding="utf-8")
        check("NOTE:Edited over REST" in text, "a REST PATCH reaches the client's file")
        check("X-SOCIALPROFILE" in text and "item2.X-ABLabel:Ski cabin" in text, "...and the rest of the card stays")
        mom_file = next(p for p in local.glob("*.vcf") if "FN:Mom" in p.read_text(encoding="utf-8"))
        mom_file.write_text(mom_file.read_text(encoding="utf-8").replace("NICKNAME:Mama", "NICKNAME:Mum\r\nNOTE:Edited in a file"),
                            encoding="utf-8", newline="")
        vdirsyncer(config, "sync", "upload")
        mom = next(f for f in server.friends() if f["firstname"] == "Mom")
        check(mom["about"] == "Edited in a file", "a client file edit reaches REST")

        # Deletes on each side.
        grace = next(f for f in server.friends() if f["lastname"] == "Hopper")
        server.request("DELETE", f"/friends/{grace['id']}")
        vdirsyncer(config, "sync", "upload")
        check(not (local / f"{grace['uid']}.vcf").exists() and not any("FN:Grace Hopper" in p.read_text(encoding="utf-8") for p in local.glob("*.vcf")),
              "a REST delete removes the client's file")
        mom_file.unlink()
        vdirsyncer(config, "sync", "upload")
        check(not any(f["firstname"] == "Mom" for f in server.friends()), "a client delete removes the friend")

        # A base URL ending in / joined to /dav/...: a run of slashes is one separator, the same book.
        doubled, doubled_folder = work / "doubled", work / "doubled-folder"
        doubled_folder.mkdir()
        write_config(doubled, work / "status-doubled", {"doubled": ("doubled_folder", "friends_doubled", "b wins")}, {
            "doubled_folder": {"type": "filesystem", "path": f"{doubled_folder}/", "fileext": ".vcf"},
            "friends_doubled": dict(friends, url=server.base + "/" + BOOK.replace("/friends/friends/", "//friends//friends/")),
        })
        vdirsyncer(doubled, "discover")
        vdirsyncer(doubled, "sync")
        check({uid_of(p.read_text(encoding="utf-8")) for p in doubled_folder.glob("*.vcf")}
              == {uid_of(p.read_text(encoding="utf-8")) for p in local.glob("*.vcf")},
              "vdirsyncer syncs the book through a URL with // in it, every card")

        # A conflict: both sides change one card; the pair's rule ("a wins": the folder) decides.
        turing = next(f for f in server.friends() if f["lastname"] == "Turing")
        server.request("PATCH", f"/friends/{turing['id']}", json.dumps({"about": "Server side"}))
        turing_file = local / f"{turing['uid']}.vcf"
        turing_file.write_text(turing_file.read_text(encoding="utf-8").replace("NOTE:Enigma\\, Bombe\\; ACE", "NOTE:Client side"),
                               encoding="utf-8", newline="")
        vdirsyncer(config, "sync", "upload")
        turing = next(f for f in server.friends() if f["lastname"] == "Turing")
        check(turing["about"] == "Client side", "a conflict is resolved by vdirsyncer's rule (a wins)")

        # A contact saved on an iPhone with only a number: iCloud's `N:;;;;` and an empty FN. Kept,
        # named by its number (and so is the FN the server writes in); it flows on to Radicale below.
        (local / "nameless-number.vcf").write_text(
            "BEGIN:VCARD\r\nVERSION:3.0\r\nPRODID:-//Apple Inc.//iPhone OS 18.0//EN\r\nN:;;;;\r\nFN:\r\n"
            "TEL;type=CELL;type=VOICE;type=pref:+1 555 0199\r\nUID:nameless-number\r\nEND:VCARD\r\n",
            encoding="utf-8", newline="")
        vdirsyncer(config, "sync", "upload")
        check(any(f["firstname"] == "+1 555 0199" for f in server.friends()), "a contact with only a number syncs, named by it")
        vdirsyncer(config, "sync", "upload")
        check("FN:+1 555 0199" in (local / "nameless-number.vcf").read_text(encoding="utf-8"),
              "the next sync brings the card's FN back to the client")

        # FriendService <-> Radicale through one pair: two CardDAV servers, contacts flow between them.
        # Radicale 3.x refuses a vCard 2.1 card with an inline photo (its serializer fails on the 2.1
        # base64 photo: "a bytes-like object is required"); FriendService serves that card in 3.0.
        radicale_port = free_port()
        radicale_root = work / "radicale"
        radicale = subprocess.Popen(
            [str(BIN / "radicale"), "--server-hosts", f"127.0.0.1:{radicale_port}", "--auth-type", "none",
             "--storage-filesystem-folder", str(radicale_root), "--logging-level", "warning"],
            stdout=open(work / "radicale.log", "w"), stderr=subprocess.STDOUT)
        wait_for(f"http://127.0.0.1:{radicale_port}/")
        mkcol = urllib.request.Request(
            f"http://127.0.0.1:{radicale_port}/me/book/", method="MKCOL", data=(
                '<?xml version="1.0"?><d:mkcol xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav"><d:set><d:prop>'
                '<d:resourcetype><d:collection/><c:addressbook/></d:resourcetype></d:prop></d:set></d:mkcol>').encode(),
            headers={"Content-Type": "application/xml", "Authorization": "Basic " + base64.b64encode(b"me:x").decode()})
        urllib.request.urlopen(mkcol, timeout=10)
        two = work / "two-servers"
        write_config(two, work / "status-two", {"servers": ("friends", "radicale", "a wins", ["displayname"])}, {
            "friends": friends,
            "radicale": {"type": "carddav", "url": f"http://127.0.0.1:{radicale_port}/me/book/", "username": "me", "password": "x"},
        })
        vdirsyncer(two, "discover")
        vdirsyncer(two, "sync")
        in_radicale = list((radicale_root / "collection-root" / "me" / "book").glob("*.vcf"))
        check(len(in_radicale) == len(server.friends()) + 1
              and any("X-ADDRESSBOOKSERVER-KIND:group" in p.read_text(encoding="utf-8") for p in in_radicale),
              f"{len(in_radicale)} cards (the friends and the group) flowed from FriendService to Radicale")
        check(any("FN:Jürgen Müller" in p.read_text(encoding="utf-8") and "PHOTO;ENCODING=b" in p.read_text(encoding="utf-8")
                  for p in in_radicale),
              "Android's 2.1 card with its photo reached Radicale, in 3.0")
        (radicale_root / "collection-root" / "me" / "book" / "from-radicale.vcf").write_text(
            "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:from-radicale\r\nFN:Barbara Liskov\r\nN:Liskov;Barbara;;;\r\nEND:VCARD\r\n")
        vdirsyncer(two, "sync")
        check(any(f["lastname"] == "Liskov" for f in server.friends()), "a contact added in Radicale flowed into FriendService")

        # The address book's name through vdirsyncer's metasync: ours goes to Radicale first, then a
        # name given in Radicale comes back to FriendService as a PROPPATCH, and stays.
        vdirsyncer(two, "metasync")
        rename = urllib.request.Request(
            f"http://127.0.0.1:{radicale_port}/me/book/", method="PROPPATCH", data=(
                '<?xml version="1.0"?><d:propertyupdate xmlns:d="DAV:"><d:set><d:prop>'
                '<d:displayname>Named in Radicale</d:displayname></d:prop></d:set></d:propertyupdate>').encode(),
            headers={"Content-Type": "application/xml", "Authorization": "Basic " + base64.b64encode(b"me:x").decode()})
        urllib.request.urlopen(rename, timeout=10)
        state = b'<d:propfind xmlns:d="DAV:" xmlns:cs="http://calendarserver.org/ns/"><d:prop><cs:getctag/><d:sync-token/></d:prop></d:propfind>'

        def ctag_and_token():
            text = server.request("PROPFIND", BOOK, state, {"Depth": "0", "Content-Type": "application/xml"}).decode("utf-8")
            return (text.split("<CS:getctag>")[1].split("</CS:getctag>")[0],
                    text.split("<D:sync-token>")[1].split("</D:sync-token>")[0])
        ctag_before, token_before = ctag_and_token()
        vdirsyncer(two, "metasync")
        ctag_after, token_after = ctag_and_token()
        check(ctag_after != ctag_before and token_after == token_before,
              "vdirsyncer's rename moves the CTag (contact apps read the name again), not the sync token")
        since = server.request("REPORT", BOOK, (
            '<d:sync-collection xmlns:d="DAV:"><d:sync-token>' + token_before + '</d:sync-token><d:sync-level>1</d:sync-level>'
            '<d:prop><d:getetag/></d:prop></d:sync-collection>').encode(), {"Content-Type": "application/xml"}).decode("utf-8")
        check("<D:response>" not in since, "a sync after the rename lists no card")
        named = server.request("PROPFIND", BOOK, b'<d:propfind xmlns:d="DAV:"><d:prop><d:displayname/></d:prop></d:propfind>',
                               {"Depth": "0", "Content-Type": "application/xml"}).decode("utf-8")
        check("<D:displayname>Named in Radicale</D:displayname>" in named, "a name given in Radicale renames the address book")

        # vobject reads FriendService's export of every kind of sample card.
        for file in sorted(cards_directory.glob("*.vcf")):
            server.request("POST", "/friends/import", file.read_bytes(), {"Content-Type": "text/vcard"})
        exported = server.request("GET", "/friends", headers={"Accept": "text/vcard"}).decode("utf-8")
        parsed = list(vobject.readComponents(exported))
        check(len(parsed) == len(server.friends()) and all(card.fn.value for card in parsed),
              f"vobject reads all {len(parsed)} cards of the export, each with its FN")
        names = {card.fn.value for card in parsed}
        check({"Ada Lovelace", "Jürgen Müller", "Zoë Dvorák", "Alan Turing", "Acme Plumbing"} <= names,
              "the export keeps 2.1 quoted-printable, Latin-1, 4.0 and company cards readable")

        # Asked for in one version, the export has every card in it, Samsung's own labels too
        # (vobject stops reading a file at a 2.1 card's `TEL;X-CUSTOM(…)`).
        samsung = ("BEGIN:VCARD\r\nVERSION:2.1\r\nUID:samsung\r\nN:Sharma;Ravi;;;\r\nFN:Ravi Sharma\r\n"
                   "TEL;X-CUSTOM(CHARSET=UTF-8,ENCODING=QUOTED-PRINTABLE,Soccer coach):555-010-5656\r\nEND:VCARD\r\n")
        server.request("POST", "/friends/import", samsung.encode(), {"Content-Type": "text/vcard"})
        for version in ("3.0", "4.0"):
            exported = server.request("GET", "/friends", headers={"Accept": f"text/vcard; version={version}"}).decode("utf-8")
            parsed = list(vobject.readComponents(exported))
            check(len(parsed) == len(server.friends()) and all(card.version.value == version for card in parsed),
                  f"vobject reads all {len(parsed)} cards of the export in {version}, each in {version}")
            check(names | {"Ravi Sharma"} == {card.fn.value for card in parsed},
                  f"the export in {version} names everyone the export as kept does, and the Samsung card")
            ravi = next(card for card in parsed if card.fn.value == "Ravi Sharma")
            check(any(line.name == "X-ABLABEL" and line.value == "Soccer coach" for line in ravi.getChildren()),
                  f"Samsung's label is Apple's in {version}")

        # vdirsyncer asks for every card it lacks in one addressbook-multiget: for 20,000 cards a
        # request of some 1.5 MB, which a limit of 1 MiB on XML bodies refused with 413 (vdirsyncer
        # then synced nothing, every time).
        many = "".join(f"BEGIN:VCARD\r\nVERSION:3.0\r\nUID:many-{i}\r\nFN:Person {i}\r\nN:{i};Person;;;\r\n"
                       f"TEL:+1 555 {i:07d}\r\nEND:VCARD\r\n" for i in range(20_000))
        server.request("POST", "/friends/import", many.encode(), {"Content-Type": "text/vcard"})
        export = server.request("GET", "/friends", headers={"Accept": "text/vcard"}).decode("utf-8")
        total = sum(1 for line in export.splitlines() if line == "BEGIN:VCARD")
        everything, whole = work / "everything", work / "whole"
        whole.mkdir()
        write_config(everything, work / "status-everything", {"first_sync": ("whole", "friends", "b wins")}, {
            "whole": {"type": "filesystem", "path": f"{whole}/", "fileext": ".vcf"},
            "friends": friends,
        })
        vdirsyncer(everything, "discover")
        vdirsyncer(everything, "sync")
        check(total > 20_000 and len(list(whole.glob("*.vcf"))) == total + 1,
              f"vdirsyncer's first sync of an address book of {total} friends and a group brings every card")
    finally:
        server.stop()
        if radicale:
            radicale.terminate()
            radicale.wait(timeout=10)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
