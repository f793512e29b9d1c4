#!/usr/bin/env python3
"""Accounts with clients nobody here wrote: two people on one FriendService, each syncing their
own address book with vdirsyncer (one with a password, one with an app password), and neither
seeing, nor being able to reach, the other's cards; discovery from the root names each person's own
principal.

Usage: carddav_accounts_test.py FRIENDSERVICE CARDS_DIRECTORY (in the virtual environment that has
vdirsyncer).
"""
import base64
import json
import pathlib
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request

from carddav_test import check, free_port, split_cards, uid_of, vdirsyncer, wait_for, write_config

ALICE_PASSWORD = "alice's long passphrase"
BOB_PASSWORD = "bob's other passphrase"


def user(binary, database, *arguments, stdin=None):
    result = subprocess.run([binary, "user", *arguments, "--database", database],
                            input=stdin, capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"accounts: friendservice user {arguments[0]} failed:\n{result.stdout}\n{result.stderr}")
    return result


def request(base, method, path, authorization, body=None):
    headers = {"Authorization": authorization}
    if body is not None:
        headers["Content-Type"] = "application/xml" if body.startswith("<") else "application/json"
    try:
        with urllib.request.urlopen(urllib.request.Request(
                base + path, data=body and body.encode(), method=method, headers=headers), timeout=30) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def basic(name, password):
    return "Basic " + base64.b64encode(f"{name}:{password}".encode()).decode()


def main():
    binary, cards_directory = sys.argv[1], pathlib.Path(sys.argv[2])
    work = pathlib.Path(tempfile.mkdtemp(prefix="carddav-accounts-"))
    database = f"sqlite:{work / 'household.sqlite'}"
    user(binary, database, "add", "alice", "--password-stdin", stdin=ALICE_PASSWORD + "\n")
    user(binary, database, "add", "bob", "--password-stdin", stdin=BOB_PASSWORD + "\n")
    token = user(binary, database, "token", "bob", "--label", "vdirsyncer").stdout.strip()
    listing = user(binary, database, "list").stdout
    check("alice" in listing and "bob" in listing and "vdirsyncer" in listing and token not in listing,
          "user list names both accounts and bob's app password by its label, never the password")
    database_bytes = b"".join(p.read_bytes() for p in work.glob("household.sqlite*"))
    check(not any(secret.encode() in database_bytes for secret in (ALICE_PASSWORD, BOB_PASSWORD, token)),
          "no password or token is in the database files")

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log = open(work / "friendservice.log", "w")
    server = subprocess.Popen([binary, "serve", "--port", str(port), "--database", database, "--log-level", "info"],
                              stdout=log, stderr=subprocess.STDOUT)
    try:
        wait_for(base + "/health")
        alice_local, bob_local = work / "alice", work / "bob"
        alice_local.mkdir()
        bob_local.mkdir()
        samples = [card for file in sorted(cards_directory.glob("*.vcf")) if file.name != "latin1.vcf"
                   for card in split_cards(file.read_text(encoding="utf-8")) if uid_of(card)]
        for card in samples:
            (alice_local / f"{uid_of(card)}.vcf").write_text(card, encoding="utf-8", newline="")
        (bob_local / "bob-only.vcf").write_text(
            "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:bob-only\r\nFN:Barbara Liskov\r\nN:Liskov;Barbara;;;\r\nEND:VCARD\r\n",
            encoding="utf-8", newline="")
        config = work / "config"
        # Each person's own book, under their name.
        write_config(config, work / "status", {
            "alice": ("alice_local", "alice_remote", "a wins"),
            "bob": ("bob_local", "bob_remote", "a wins"),
        }, {
            "alice_local": {"type": "filesystem", "path": f"{alice_local}/", "fileext": ".vcf"},
            "bob_local": {"type": "filesystem", "path": f"{bob_local}/", "fileext": ".vcf"},
            "alice_remote": {"type": "carddav", "url": base + "/dav/addressbooks/alice/friends/", "username": "alice",
                             "password": ALICE_PASSWORD},
            "bob_remote": {"type": "carddav", "url": base + "/dav/addressbooks/bob/friends/", "username": "bob",
                           "password": token},
        })
        vdirsyncer(config, "discover")
        vdirsyncer(config, "sync")
        vdirsyncer(config, "sync")

        status, alice_page = request(base, "GET", "/friends?limit=500", basic("alice", ALICE_PASSWORD))
        alice_friends = json.loads(alice_page)["items"]
        check(status == 200 and len(alice_friends) == len(samples) and not any(f["lastname"] == "Liskov" for f in alice_friends),
              f"alice's {len(samples)} cards are hers alone")
        status, bob_page = request(base, "GET", "/friends?limit=500", "Bearer " + token)
        bob_friends = json.loads(bob_page)["items"]
        check(status == 200 and [f["lastname"] for f in bob_friends] == ["Liskov"], "bob's one card is his alone")
        check(sorted(p.name for p in bob_local.glob("*.vcf")) == ["bob-only.vcf"],
              "bob's folder got none of alice's cards")
        check(len(list(alice_local.glob("*.vcf"))) == len(samples), "alice's folder got none of bob's cards")

        # Each book numbers its own friends: one of alice's numbers that bob's book does not have.
        alices = next(f["id"] for f in alice_friends if f["id"] not in {b["id"] for b in bob_friends})
        status, _ = request(base, "GET", f"/friends/{alices}", "Bearer " + token)
        check(status == 404, "alice's friend answers 404 to bob, as one that does not exist")
        status, _ = request(base, "PROPFIND", "/dav/addressbooks/alice/friends/", "Bearer " + token)
        check(status == 404, "alice's address book answers 404 to bob")
        for name, authorization in (("alice", basic("alice", ALICE_PASSWORD)), ("bob", "Bearer " + token)):
            status, answer = request(base, "PROPFIND", "/.well-known/carddav", authorization,
                                     '<d:propfind xmlns:d="DAV:"><d:prop><d:current-user-principal/></d:prop></d:propfind>')
            check(status == 207 and f"/dav/principals/{name}/" in answer, f"discovery names {name}'s own principal")
        status, _ = request(base, "GET", "/friends", basic("alice", "wrong"))
        check(status == 401, "a wrong password is refused")
        status, _ = request(base, "GET", "/friends", "")
        check(status == 401, "no credentials are refused")
    finally:
        server.terminate()
        server.wait(timeout=30)
        log.close()
    logged = (work / "friendservice.log").read_text()
    check(not any(secret in logged for secret in (ALICE_PASSWORD, BOB_PASSWORD, token)),
          "the server's log holds no password or token")
    print("accounts: all checks passed")


if __name__ == "__main__":
    main()
