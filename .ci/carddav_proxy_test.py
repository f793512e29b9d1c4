#!/usr/bin/env python3
"""CardDAV behind the README's reverse proxy: Caddy with TLS in front of FriendService.

Takes the Caddyfile from the README as it is written there, with only the site's name
(localhost on a free port instead of friends.example.com) and FriendService's port put in, and
runs Caddy on 127.0.0.1 with its internal CA (which Caddy uses for localhost by itself). Then,
over https through the proxy, the way contact apps go: a 401 without credentials asks for Basic
with the realm, discovery from /.well-known/carddav (PROPFIND answered in place, other methods
redirected) and / to the principal, its home and the address book, hrefs that lead back through
the proxy, and a vdirsyncer sync that uploads a card and downloads it and one made over REST.
All of it twice: FriendService with a token, and with an account behind --behind-proxy (the
proxy passes on the public name, which a server with accounts must accept).

Usage: carddav_proxy_test.py FRIENDSERVICE (run with the virtual environment that has vdirsyncer;
caddy on the PATH).
"""
import base64
import json
import os
import pathlib
import re
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import tempfile
import time
import urllib.parse
import xml.etree.ElementTree as ET
import http.client

TOKEN = "proxy-test-token"
PASSWORD = "proxy test password"
BIN = pathlib.Path(sys.executable).parent
README = pathlib.Path(__file__).resolve().parent.parent / "README.md"
D, C = "{DAV:}", "{urn:ietf:params:xml:ns:carddav}"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def check(condition, message):
    if not condition:
        raise SystemExit("carddav proxy: " + message)
    print("carddav proxy: ok -", message)


def readme_caddyfile():
    """The first fenced block after the README says "With Caddy"."""
    text = README.read_text(encoding="utf-8")
    match = re.search(r"With Caddy.*?\n```[^\n]*\n(.*?)\n```", text, re.S)
    if not match:
        raise SystemExit("carddav proxy: the README has no Caddyfile after 'With Caddy'")
    return match.group(1)


class Proxy:
    """Requests through Caddy over https, trusting only Caddy's local CA."""

    def __init__(self, port, ca, basic):
        self.port = port
        self.basic = basic
        self.base = f"https://localhost:{port}"
        self.context = ssl.create_default_context(cafile=str(ca))

    def request(self, method, path, body=None, headers=None, auth=True):
        connection = http.client.HTTPSConnection("localhost", self.port, context=self.context, timeout=30)
        headers = dict(headers or {})
        if auth:
            headers.setdefault("Authorization", self.basic)
        try:
            connection.request(method, path, body=body.encode() if isinstance(body, str) else body, headers=headers)
            response = connection.getresponse()
            return response.status, response.headers, response.read()
        finally:
            connection.close()

    def propfind(self, path, depth, props):
        body = ('<?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="DAV:" '
                'xmlns:c="urn:ietf:params:xml:ns:carddav"><d:prop>' + props + "</d:prop></d:propfind>")
        status, _, answer = self.request("PROPFIND", path, body, {"Depth": str(depth), "Content-Type": "application/xml"})
        if status != 207:
            raise SystemExit(f"carddav proxy: PROPFIND {path} gave {status}: {answer[:300]!r}")
        return ET.fromstring(answer).findall(D + "response")

    def resolve(self, request_path, href):
        """The absolute URL an href in the answer to `request_path` names."""
        return urllib.parse.urljoin(self.base + request_path, href)


def href_in(response, prop):
    element = response.find(f"{D}propstat/{D}prop/{prop}/{D}href")
    return element.text if element is not None else None


def vdirsyncer(config, *arguments):
    result = subprocess.run([str(BIN / "vdirsyncer"), "-c", str(config), *arguments],
                            input="y\n" * 20, capture_output=True, text=True, timeout=60)
    if result.returncode != 0:
        raise SystemExit(f"carddav proxy: vdirsyncer {' '.join(arguments)} failed:\n{result.stdout}\n{result.stderr}")


def wait_for_port(port, process, what, timeout=30):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"carddav proxy: {what} exited with {process.returncode}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    raise SystemExit(f"carddav proxy: {what} did not listen on {port}")


def basic(user, secret):
    return "Basic " + base64.b64encode(f"{user}:{secret}".encode()).decode()


def run(binary, with_accounts):
    """The whole walk, through FriendService with a token or (`with_accounts`) with an account."""
    print("carddav proxy: --- with " + ("an account, --behind-proxy" if with_accounts else "a token"))
    work = pathlib.Path(tempfile.mkdtemp(prefix="carddav-proxy-"))
    processes = []
    database = f"sqlite:{work / 'friends.sqlite'}"
    if with_accounts:
        user, secret = "alice", PASSWORD
        subprocess.run([binary, "user", "add", user, "--password-stdin", "--database", database],
                       input=PASSWORD + "\n", capture_output=True, text=True, check=True, timeout=60)
        serving = ["--behind-proxy", "--public-name", "friends.example.com"]
        rest_authorization = basic(user, secret)
    else:
        user, secret = "someone", TOKEN
        serving = ["--token", TOKEN]
        rest_authorization = "Bearer " + TOKEN
    # The principal: the account's name, or "friends" on a server without accounts.
    owner = user if with_accounts else "friends"
    principal_path, home_path = f"/dav/principals/{owner}/", f"/dav/addressbooks/{owner}/"
    book = home_path + "friends/"
    try:
        service_port, https_port, http_port = free_port(), free_port(), free_port()
        service = subprocess.Popen(
            [binary, "serve", "--port", str(service_port), *serving, "--log-level", "warning", "--database", database],
            stdout=open(work / "friendservice.log", "w"), stderr=subprocess.STDOUT)
        processes.append(service)

        site = readme_caddyfile()
        check("friends.example.com" in site and "127.0.0.1:8080" in site,
              "the README's Caddyfile names friends.example.com and 127.0.0.1:8080")
        site = site.replace("friends.example.com", f"localhost:{https_port}").replace("127.0.0.1:8080", f"127.0.0.1:{service_port}")
        # Only what a test run needs around the README's site: ports the OS picked, loopback,
        # storage in the throwaway folder, no admin endpoint, no change to the machine's trust store.
        caddyfile = work / "Caddyfile"
        caddyfile.write_text("{\n\tadmin off\n\tskip_install_trust\n\tdefault_bind 127.0.0.1\n"
                             f"\thttp_port {http_port}\n\thttps_port {https_port}\n"
                             f"\tstorage file_system {work / 'caddy'}\n}}\n\n{site}\n")
        environment = {**os.environ, "XDG_DATA_HOME": str(work / "xdg-data"), "XDG_CONFIG_HOME": str(work / "xdg-config")}
        caddy = subprocess.Popen(["caddy", "run", "--config", str(caddyfile), "--adapter", "caddyfile"],
                                 stdout=open(work / "caddy.log", "w"), stderr=subprocess.STDOUT, env=environment)
        processes.append(caddy)
        wait_for_port(service_port, service, "friendservice")
        wait_for_port(https_port, caddy, "caddy")
        ca = work / "caddy" / "pki" / "authorities" / "local" / "root.crt"
        deadline = time.time() + 20
        while not ca.exists() and time.time() < deadline:
            time.sleep(0.1)
        proxy = Proxy(https_port, ca, basic(user, secret))
        while True:
            try:
                proxy.request("OPTIONS", "/", auth=False)
                break
            except (ssl.SSLError, ConnectionError):
                if time.time() > deadline:
                    raise
                time.sleep(0.2)

        # No credentials: contact apps are asked for Basic, with the realm they show, wherever they start.
        for path in ["/.well-known/carddav", "/", book]:
            status, headers, _ = proxy.request("PROPFIND", path, headers={"Depth": "0"}, auth=False)
            check(status == 401 and 'Basic realm="Friends", charset="UTF-8"' in headers.get_all("WWW-Authenticate", []),
                  f'PROPFIND {path} without credentials gets 401 with WWW-Authenticate: Basic realm="Friends", charset="UTF-8" through the proxy')

        # Discovery, as iOS and macOS do it: PROPFIND on /.well-known/carddav (answered in place), on /.
        for start in ["/.well-known/carddav", "/"]:
            [response] = proxy.propfind(start, 0, "<d:current-user-principal/>")
            principal = proxy.resolve(start, href_in(response, D + "current-user-principal"))
            check(principal == proxy.base + principal_path,
                  f"PROPFIND {start} names the principal at {principal}")
        status, headers, _ = proxy.request("GET", "/.well-known/carddav")
        location = proxy.resolve("/.well-known/carddav", headers.get("Location", ""))
        check(status == 301 and location == proxy.base + "/dav/",
              f"GET /.well-known/carddav redirects to {location}")
        [response] = proxy.propfind(principal_path, 0, "<c:addressbook-home-set/>")
        home = proxy.resolve(principal_path, href_in(response, C + "addressbook-home-set"))
        check(home == proxy.base + home_path, f"the principal's address book home is {home}")
        books = [proxy.resolve(home_path, r.findtext(D + "href")) for r in proxy.propfind(home_path, 1, "<d:resourcetype/>")
                 if r.find(f"{D}propstat/{D}prop/{D}resourcetype/{C}addressbook") is not None]
        check(books == [proxy.base + book], f"the home lists the one address book, {books}")

        # vdirsyncer through the proxy, trusting Caddy's CA: upload a card, then download it and
        # one made over REST into an empty folder.
        local, fresh = work / "local", work / "fresh"
        local.mkdir()
        fresh.mkdir()
        card = ("BEGIN:VCARD\r\nVERSION:3.0\r\nUID:through-the-proxy\r\nFN:Radia Perlman\r\n"
                "N:Perlman;Radia;;;\r\nTEL;TYPE=CELL:+1 555 0100\r\nEND:VCARD\r\n")
        (local / "through-the-proxy.vcf").write_text(card, encoding="utf-8", newline="")
        dav = {"type": "carddav", "url": proxy.base + book, "username": user, "password": secret,
               "verify": str(ca)}
        lines = ["[general]", f'status_path = "{work / "status"}/"', ""]
        for pair, folder in [("up", local), ("down", fresh)]:
            lines += [f"[pair {pair}]", f'a = "{pair}_folder"', f'b = "{pair}_dav"', "collections = null",
                      'conflict_resolution = "a wins"', "",
                      f"[storage {pair}_folder]", 'type = "filesystem"', f'path = "{folder}/"', 'fileext = ".vcf"', "",
                      f"[storage {pair}_dav]"] + [f'{key} = "{value}"' for key, value in dav.items()] + [""]
        config = work / "vdirsyncer.conf"
        config.write_text("\n".join(lines))
        vdirsyncer(config, "discover")
        vdirsyncer(config, "sync", "up")
        status, _, body = proxy.request("GET", "/friends?limit=10", headers={"Authorization": rest_authorization})
        friends = json.loads(body)["items"] if status == 200 else []
        check([f["lastname"] for f in friends] == ["Perlman"], "vdirsyncer uploaded a card through the proxy")

        listing = proxy.propfind(book, 1, "<d:getetag/>")
        hrefs = sorted(proxy.resolve(book, r.findtext(D + "href")) for r in listing)
        check(hrefs == [proxy.base + book, proxy.base + book + "through-the-proxy.vcf"],
              "PROPFIND Depth 1 with Basic lists the book and its card at hrefs through the proxy")

        status, _, _ = proxy.request("POST", "/friends", json.dumps({"firstname": "Barbara", "lastname": "Liskov",
                                                                     "phonenumber": "0501234567"}),
                                     {"Authorization": rest_authorization, "Content-Type": "application/json"})
        check(status == 201, "a friend added over REST through the proxy")
        vdirsyncer(config, "sync", "down")
        downloaded = {p.name: p.read_bytes().decode("utf-8") for p in fresh.glob("*.vcf")}
        check(card in downloaded.values(), "vdirsyncer downloads the uploaded card, byte for byte")
        check(len(downloaded) == 2 and any("FN:Barbara Liskov" in text for text in downloaded.values()),
              "...and the friend added over REST")
    except BaseException:
        for log in ["friendservice.log", "caddy.log"]:
            if (work / log).exists():
                print(f"--- {log}\n" + (work / log).read_text(errors="replace")[-4000:], file=sys.stderr)
        raise
    finally:
        for process in reversed(processes):
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    process.kill()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    run(sys.argv[1], with_accounts=False)
    run(sys.argv[1], with_accounts=True)
