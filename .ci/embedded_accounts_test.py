#!/usr/bin/env python3
"""`friends web` on its built-in FriendService over a database with accounts.

Built with the Accounts trait, it asks who is there, refuses a wrong password, and shows each
person only their own friends; built without it (the default), it refuses that database and says
what to run instead. Other commands of the app are refused such a database either way, with the
same kind of sentence. The browser here is Python's HTTP client: the sign-in page is a plain form
that works without JavaScript (Chromium covers the same pages in front of `friendservice`).

Usage: embedded_accounts_test.py FRIENDS FRIENDS_WITH_ACCOUNTS FRIENDSERVICE
"""
import base64
import http.cookies
import json
import os
import pathlib
import re
import signal
import subprocess
import sys
import tempfile
import urllib.error
import urllib.parse
import urllib.request

from carddav_test import free_port, wait_for

PASSWORDS = {"alice": "alice's long passphrase", "bob": "bob's other passphrase"}
FRIENDS = {"alice": ("Ada", "Lovelace"), "bob": ("Barbara", "Liskov")}


def check(condition, message):
    if not condition:
        raise SystemExit("embedded accounts: " + message)
    print("embedded accounts: ok -", message, flush=True)


class NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *arguments):
        return None


opener = urllib.request.build_opener(NoRedirects)


def fetch(url, data=None, headers=None):
    """Status, headers and body, without following redirects."""
    request = urllib.request.Request(url, data=data, headers=headers or {}, method="POST" if data else "GET")
    try:
        with opener.open(request, timeout=30) as response:
            return response.status, response.headers, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read().decode()


def cookies(headers):
    jar = http.cookies.SimpleCookie()
    for value in headers.get_all("Set-Cookie") or []:
        jar.load(value)
    return {name: morsel.value for name, morsel in jar.items()}


def add_friends(friendservice, database):
    """Each person's friend, added through FriendService's REST API as that person."""
    port = free_port()
    server = subprocess.Popen([friendservice, "serve", "--port", str(port), "--database", database, "--log-level", "error"])
    try:
        base = f"http://127.0.0.1:{port}"
        wait_for(base + "/health")
        for name, (first, last) in FRIENDS.items():
            authorization = "Basic " + base64.b64encode(f"{name}:{PASSWORDS[name]}".encode()).decode()
            status, _, _ = fetch(base + "/friends", json.dumps({"firstname": first, "lastname": last}).encode(),
                                 {"Authorization": authorization, "Content-Type": "application/json"})
            check(status == 201, f"{name}'s friend is added through FriendService ({status})")
    finally:
        server.terminate()
        server.wait(timeout=30)


def refused(friends, environment, *arguments):
    result = subprocess.run([friends, *arguments], env=environment, capture_output=True, text=True, timeout=60)
    return result.returncode != 0, result.stdout + result.stderr


class WebApp:
    def __init__(self, friends, environment):
        self.process = subprocess.Popen([friends, "web", "--port", "0"], env=environment, text=True,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        line = self.process.stdout.readline()
        found = re.search(r"Friends is open at (http://\S+?)/? ", line)
        if not found:
            self.process.kill()
            raise SystemExit(f"embedded accounts: friends web to print its address, not {line!r}: "
                             f"{self.process.stderr.read()}")
        self.base = found.group(1)

    def sign_in(self, name, password):
        """The session cookie after signing in, or the page that refused."""
        status, headers, page = fetch(self.base + "/sign-in")
        check(status == 200 and 'name="password"' in page, "the sign-in page has a form for a name and password")
        token = re.search(r'name="_csrf" value="([^"]+)"', page).group(1)
        form = urllib.parse.urlencode({"_csrf": token, "next": "/", "name": name, "password": password}).encode()
        status, headers, page = fetch(self.base + "/sign-in", form, {
            "Origin": self.base, "Content-Type": "application/x-www-form-urlencoded",
            "Cookie": f"webui_sign_in={cookies(headers)['webui_sign_in']}",
        })
        return status, headers.get("Location"), cookies(headers).get("webui_session"), page

    def list_page(self, session):
        return fetch(self.base + "/", headers={"Cookie": f"webui_session={session}"})

    def stop(self):
        self.process.send_signal(signal.SIGINT)
        try:
            return self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            return None


def main():
    friends, friends_with_accounts, friendservice = sys.argv[1:4]
    with tempfile.TemporaryDirectory(prefix="friends-embedded-accounts-") as work:
        run(friends, friends_with_accounts, friendservice, pathlib.Path(work))
    print("embedded accounts: passed", flush=True)


def run(friends, friends_with_accounts, friendservice, work):
    environment = dict(os.environ, XDG_DATA_HOME=str(work))
    (work / "friends").mkdir()
    database_path = work / "friends" / "friends.sqlite"
    database = f"sqlite:{database_path}"
    for name, password in PASSWORDS.items():
        result = subprocess.run([friendservice, "user", "add", name, "--password-stdin", "--database", database],
                                input=password + "\n", capture_output=True, text=True)
        check(result.returncode == 0, f"friendservice user add {name} ({result.stderr.strip()})")
    add_friends(friendservice, database)

    failed, said = refused(friends, environment, "web", "--port", "0")
    check(failed and "has accounts, and this program cannot check passwords" in said and "--traits Accounts" in said,
          f"friends built without accounts refuses the database and says what to run ({said.strip()!r})")
    failed, said = refused(friends_with_accounts, environment, "export")
    check(failed and "has accounts: open it with friends web" in said,
          f"friends export, even built with accounts, refuses the database and names friends web ({said.strip()!r})")

    app = WebApp(friends_with_accounts, environment)
    try:
        status, headers, _ = fetch(app.base + "/")
        location = headers.get("Location") or ""
        check(status == 303 and location.startswith("/sign-in"), f"the app asks who is there ({status} {location})")
        status, _, session, page = app.sign_in("alice", "not her password")
        check(session is None and "That name and password do not match." in page,
              f"a wrong password is refused with a message and starts no session ({status})")
        for name, (first, last) in FRIENDS.items():
            status, location, session, _ = app.sign_in(name, PASSWORDS[name])
            check(status == 303 and location == "/" and session, f"{name} signs in ({status} {location})")
            status, _, page = app.list_page(session)
            others = [f"{f} {l}" for other, (f, l) in FRIENDS.items() if other != name]
            check(status == 200 and f"{first} {last}" in page and not any(o in page for o in others)
                  and f"Signed in as {name}" in page, f"{name} sees their own friend only")
    finally:
        code = app.stop()
    check(code == 0, f"friends web ends cleanly on Ctrl-C ({code})")


if __name__ == "__main__":
    main()
