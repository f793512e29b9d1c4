#!/usr/bin/env python3
"""`friends web --server` in front of a FriendService that gets its first account while it runs.

Before any account the pages are open (FriendService is); once `friendservice user add` makes the
first one, FriendService refuses requests that name no one, and `friends web` says so on standard
error and from then on asks each person to sign in: an open session's next page goes to sign-in,
a new visitor gets the sign-in form, and the new account signs in and sees its friends.

Then `friends web --server --token` with alice's token: once the token is revoked, it closes its
pages and exits non-zero, saying why, instead of showing what it last read.

Then the last account is removed while alice is signed in: her session's live feed, ended by
FriendService, finds it open when it connects again, and the pages are open to anyone again, her
tab too, no longer "signed in" as an account that is gone. Then bob's account is added and removed
with nobody signed in: the next sign-in, whatever name it gives, is told FriendService is open
again instead of being "signed in" as that name, and the pages are open again.

Usage: web_first_account_test.py FRIENDS FRIENDSERVICE
"""
import os
import pathlib
import re
import signal
import subprocess
import sys
import tempfile
import time
import urllib.parse

from carddav_test import free_port, wait_for
from embedded_accounts_test import cookies, fetch


def check(condition, message):
    if not condition:
        raise SystemExit("web first account: " + message)
    print("web first account: ok -", message, flush=True)


def until(condition, message, timeout=20):
    """Waits for `condition`; a refused connection is "not yet": `friends web` stops its server
    and starts it again on the same port when it begins to sign people in."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            if condition():
                check(True, message)
                return
        except OSError:
            pass
        time.sleep(0.2)
    check(False, message)


def main():
    friends, friendservice = sys.argv[1:3]
    with tempfile.TemporaryDirectory(prefix="friends-web-first-account-") as work:
        run(friends, friendservice, pathlib.Path(work))
    print("web first account: passed", flush=True)


def run(friends, friendservice, work):
    database = f"sqlite:{work / 'friends.sqlite'}"
    service_port, web_port = free_port(), free_port()
    service = subprocess.Popen([friendservice, "serve", "--port", str(service_port), "--database", database,
                                "--log-level", "error"])
    web = None
    passed = False
    try:
        wait_for(f"http://127.0.0.1:{service_port}/health")
        environment = dict(os.environ, XDG_DATA_HOME=str(work))
        web = subprocess.Popen([friends, "web", "--server", f"http://127.0.0.1:{service_port}", "--port", str(web_port)],
                               env=environment, text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        base = f"http://127.0.0.1:{web_port}"
        wait_for(base + "/")
        status, headers, page = fetch(base + "/")
        check(status == 200 and "Your Friends" in page, "before any account the list is open")
        session = cookies(headers)["webui_session"]

        result = subprocess.run([friendservice, "user", "add", "alice", "--password-stdin", "--database", database],
                                input="alice's passphrase\n", capture_output=True, text=True)
        check(result.returncode == 0, "friendservice user add alice makes the first account")

        def open_session_signs_in():
            status, headers, _ = fetch(base + "/", headers={"Cookie": f"webui_session={session}"})
            return status == 303 and headers.get("Location", "").endswith("/sign-in")
        until(open_session_signs_in, "the open session's next page goes to sign-in")

        status, headers, _ = sign_in(base, "alice", "alice's passphrase", "a new visitor gets the sign-in form")
        signed_in = cookies(headers).get("webui_session")
        check(status == 303 and signed_in, "alice signs in")
        status, _, page = fetch(base + "/", headers={"Cookie": f"webui_session={signed_in}"})
        check(status == 200 and "Your Friends" in page, "and sees her list")
        revoked_token_closes_the_pages(friends, friendservice, database, service_port, environment)
        service_base = f"http://127.0.0.1:{service_port}"
        last_account_removed_while_signed_in_opens_the_pages(base, service_base, friendservice, database, signed_in)

        result = subprocess.run([friendservice, "user", "add", "bob", "--password-stdin", "--database", database],
                                input="bob's passphrase\n", capture_output=True, text=True)
        check(result.returncode == 0, "friendservice user add bob makes an account again")
        until(lambda: fetch(base + "/")[0] == 303, "the open pages go to sign-in again")
        last_account_removed_opens_the_pages(base, service_base, friendservice, database, "bob")
        passed = True
    finally:
        # FriendService stops whatever the checks of friends web find: left running, it would hold
        # the output of whoever runs this test open. After a failed check, friends web's words are
        # not checked: that failure is the one to read.
        try:
            if web:
                web.send_signal(signal.SIGINT)
                try:
                    web.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    web.kill()
            if web and passed:
                said = web.stderr.read()
                check("now has accounts: each person signs in" in said, "friends web said it now signs people in")
                check("has no accounts any more: the pages are open again" in said, "and that they are open again")
                check(web.returncode == 0, f"friends web ends on Ctrl-C with 0 ({web.returncode})")
        finally:
            service.terminate()
            service.wait(timeout=30)


def sign_in(base, name, password, form_shown):
    """Opens the sign-in form (checking that `form_shown`), then sends it: the answer's status, headers, body."""
    status, headers, page = fetch(base + "/sign-in")
    check(status == 200 and 'name="password"' in page, form_shown)
    token = re.search(r'name="_csrf" value="([^"]+)"', page).group(1)
    form = urllib.parse.urlencode({"_csrf": token, "next": "/", "name": name, "password": password}).encode()
    return fetch(base + "/sign-in", form, {
        "Origin": base, "Content-Type": "application/x-www-form-urlencoded",
        "Cookie": f"webui_sign_in={cookies(headers)['webui_sign_in']}",
    })


def last_account_removed_while_signed_in_opens_the_pages(base, service_base, friendservice, database, session):
    result = subprocess.run([friendservice, "user", "remove", "alice", "--yes", "--database", database],
                            capture_output=True, text=True)
    check(result.returncode == 0, f"the last account is removed while alice is signed in ({result.stderr.strip()})")
    until(lambda: fetch(service_base + "/friends?limit=1")[0] == 200, "FriendService is open again")

    def open_again(cookie):
        status, _, page = fetch(base + "/", headers={"Cookie": cookie} if cookie else None)
        return status == 200 and "Your Friends" in page and "Signed in as" not in page
    until(lambda: open_again(None), "the pages open again by themselves: alice's session found FriendService open")
    check(open_again(f"webui_session={session}"), "and alice's tab is no longer signed in as an account that is gone")


def last_account_removed_opens_the_pages(base, service_base, friendservice, database, name):
    result = subprocess.run([friendservice, "user", "remove", name, "--yes", "--database", database],
                            capture_output=True, text=True)
    check(result.returncode == 0, f"the last account is removed ({result.stderr.strip()})")
    until(lambda: fetch(service_base + "/friends?limit=1")[0] == 200, "FriendService is open again")

    status, headers, page = sign_in(base, "nobody", "anything", "the sign-in form is still there")
    check("webui_session" not in cookies(headers) and "no accounts any more" in page,
          f"a sign-in as anyone is told the pages are open again, not signed in ({status})")

    def open_again():
        status, _, page = fetch(base + "/")
        return status == 200 and "Your Friends" in page and "Signed in as" not in page
    until(open_again, "and the list is open to anyone again")


def revoked_token_closes_the_pages(friends, friendservice, database, service_port, environment):
    result = subprocess.run([friendservice, "user", "token", "alice", "--database", database], capture_output=True, text=True)
    token = result.stdout.strip()
    check(result.returncode == 0 and token, "alice gets a token")
    web_port = free_port()
    web = subprocess.Popen([friends, "web", "--server", f"http://127.0.0.1:{service_port}", "--token", token,
                            "--port", str(web_port)], env=environment, text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        base = f"http://127.0.0.1:{web_port}"
        wait_for(base + "/")
        status, _, page = fetch(base + "/")
        check(status == 200 and "Your Friends" in page, "with her token, the list is open")
        token_id = re.search(r"token (\d+) of alice|token (\d+)", subprocess.run(
            [friendservice, "user", "list", "--database", database], capture_output=True, text=True).stdout)
        number = next(group for group in token_id.groups() if group)
        result = subprocess.run([friendservice, "user", "revoke", "alice", number, "--database", database],
                                capture_output=True, text=True)
        check(result.returncode == 0, "the token is revoked")
        web.wait(timeout=20)
        said = web.stderr.read()
        check(web.returncode != 0 and "refused a token it took before" in said,
              f"friends web closes its pages and says why ({web.returncode}: {said.strip()})")
    finally:
        if web.poll() is None:
            web.kill()
            web.wait()


if __name__ == "__main__":
    main()
