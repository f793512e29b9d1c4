"""The browser pass of a FriendService with accounts (called by browser_test.py).

Two people on one FriendService, `friends web --server` in front of it. In headless Chromium, with
JavaScript: the app asks who is there; a wrong password is refused with a message; alice signs in
and sees only her friends, live; the session cookie is HttpOnly and SameSite=Strict (Secure is the
reverse proxy's case, covered by the Swift tests); she signs out, and her old session cookie,
replayed, opens nothing; bob, signed in beside her, sees only his, and a change of his never
reaches her page; once his password is changed, his next page asks him to sign in again; signed
out in another tab, an open form says so, and what it then sends is said not to be saved; bob
signing in in another tab of alice's browser leaves her open list saying she is signed out, never
showing his friends under her name. The sign-in pages go through the page audit too.
"""
import base64
import subprocess

from browser_test import Failure, Run, Servers, log

PASSWORDS = {"alice": "alice's long passphrase", "bob": "bob's other passphrase"}


class AccountsServers(Servers):
    """A FriendService with two accounts over a new SQLite file, and `friends web` in front of it."""

    def start_service(self, binary):
        database = f"sqlite:{self.directory / 'friends.sqlite'}"
        self.friendservice, self.database = binary, database
        for name, password in PASSWORDS.items():
            result = subprocess.run([str(binary), "user", "add", name, "--password-stdin", "--database", database],
                                    input=password + "\n", capture_output=True, text=True)
            if result.returncode != 0:
                raise Failure(f"friendservice user add {name} to succeed, but: {result.stderr}")
        super().start_service(binary)

    def change_password(self, name, password):
        result = subprocess.run([str(self.friendservice), "user", "password", name, "--password-stdin", "--database", self.database],
                                input=password + "\n", capture_output=True, text=True)
        if result.returncode != 0:
            raise Failure(f"friendservice user password {name} to succeed, but: {result.stderr}")
        PASSWORDS[name] = password

    def create_as(self, name, firstname, lastname):
        authorization = "Basic " + base64.b64encode(f"{name}:{PASSWORDS[name]}".encode()).decode()
        status, _, friend = self.request("POST", "/friends", {"firstname": firstname, "lastname": lastname},
                                         {"Authorization": authorization})
        if status != 201:
            raise Failure(f"POST /friends as {name} with 201, not {status}")
        return friend


class AccountsRun(Run):
    """The pass with accounts: with JavaScript, at desktop size, on servers of its own."""

    def __init__(self, servers, shots, audit):
        super().__init__(True, servers, shots, audit)
        self.mode = "accounts"

    @staticmethod
    def sign_in(browser, name, password):
        browser.fill("#name", name)
        browser.fill("#password", password)
        browser.click("main.sign-in button[type=submit]", "Sign in")

    def run(self):
        servers = self.servers
        servers.create_as("alice", "Ada", "Lovelace")
        servers.create_as("bob", "Barbara", "Liskov")

        self.step("the app asks who is there")
        a = self.a = self.browser("first browser")
        a.open("/")
        a.wait_path("/sign-in")
        a.wait_text("main h1", "Friends")
        a.shoot("sign-in")

        self.step("a wrong password is refused with a message, and starts nothing")
        self.sign_in(a, "alice", "not her password")
        a.wait_text("#sign-in-error", "That name and password do not match.")
        if a.value("#name") != "alice":
            raise Failure("the name typed to stay in the form", a)
        if any(cookie["name"] == "webui_session" for cookie in a.driver.get_cookies()):
            raise Failure("no session cookie after a refused sign-in", a)
        a.shoot("sign-in-refused")

        self.step("alice signs in and sees only her friends")
        self.sign_in(a, "alice", PASSWORDS["alice"])
        a.wait_path("/")
        a.wait("alice's list to show Ada only", lambda: a.names() == ["Ada Lovelace"])
        a.wait_text(".account span", "Signed in as alice")
        cookie = next((c for c in a.driver.get_cookies() if c["name"] == "webui_session"), None)
        if not cookie or not cookie.get("httpOnly") or cookie.get("sameSite") != "Strict":
            raise Failure(f"an HttpOnly, SameSite=Strict session cookie, not {cookie}", a)
        a.shoot("signed-in")

        self.step("bob, in another browser, sees only his; his change never reaches alice")
        b = self.browser("second browser")
        b.open("/friends/1")
        b.wait_path("/sign-in")
        self.sign_in(b, "bob", PASSWORDS["bob"])
        # Back where he was going: his own friend 1 (each address book numbers its own).
        b.wait_path("/friends/1")
        b.wait("bob's friend 1 to be his", lambda: "Barbara Liskov" in (b.text("main") or ""))
        b.open("/")
        b.wait("bob's list to show Barbara only", lambda: b.names() == ["Barbara Liskov"])
        servers.create_as("bob", "Edsger", "Dijkstra")
        b.wait("bob's page to show his new friend live", lambda: "Edsger Dijkstra" in b.names())
        servers.create_as("alice", "Grace", "Hopper")
        a.wait("alice's page to show her new friend live", lambda: "Grace Hopper" in a.names())
        if "Edsger Dijkstra" in a.names() or "Grace Hopper" in b.names():
            raise Failure("each page to show its own person's friends only", a)

        self.step("bob's password is changed: his next page asks him to sign in again")
        servers.change_password("bob", "bob's new passphrase")

        def asked_to_sign_in():
            b.open("/")
            return b.path() == "/sign-in"
        b.wait("bob's page to ask him to sign in again", asked_to_sign_in)
        self.sign_in(b, "bob", "bob's new passphrase")
        b.wait_path("/")
        b.wait("bob's list to show his friends again", lambda: "Barbara Liskov" in b.names())
        # The page open when his session ended may have asked for its live updates again before
        # it moved on, and been refused: that 403 is the ended session's answer, not an error.
        unexpected = [entry["message"] for entry in b.console_errors()
                      if not ("/webui/events" in entry["message"] and "403" in entry["message"])]
        if unexpected:
            raise Failure("no other error in the browser console; it has:\n  " + "\n  ".join(unexpected), b)

        self.step("alice signs out, and her old session cookie opens nothing")
        old = cookie["value"]
        a.click(".account button[type=submit]", "Sign out")
        a.wait_path("/sign-in")
        a.driver.add_cookie({"name": "webui_session", "value": old, "path": "/"})
        a.open("/")
        a.wait_path("/sign-in")
        a.open("/friends/1")
        a.wait_path("/sign-in")
        if "Ada" in (a.text("main") or ""):
            raise Failure("nothing of alice's on the page after signing out", a)

        self.step("signed out in another tab: the open form says so, and its Submit says nothing was saved")
        self.sign_in(a, "alice", PASSWORDS["alice"])
        a.wait_path("/friends/1")
        a.open("/friends/new")
        a.wait_text("main h1", "Add Friend")
        a.fill("#firstname", "Carol")
        form_tab = a.driver.current_window_handle
        a.driver.switch_to.new_window("tab")
        a.open("/")
        a.click(".account button[type=submit]", "Sign out")
        a.wait_path("/sign-in")
        a.driver.close()
        a.driver.switch_to.window(form_tab)
        # Before, the page said "offline", though the server was there: the session had ended.
        a.wait_text("[data-webui-connection]", "signed out, reload to sign in")
        a.click('button[value="save"]', "Submit")
        a.wait_path("/sign-in")
        a.wait("the sign-in page to say the form was not saved",
               lambda: "was not saved" in (a.text("#sign-in-error") or ""))
        a.shoot("sign-in-unsaved")
        # The ended session's refusal of the page's live updates is its answer, not an error.
        unexpected = [entry["message"] for entry in a.console_errors()
                      if not ("/webui/events" in entry["message"] and "403" in entry["message"])]
        if unexpected:
            raise Failure("no other error in the browser console; it has:\n  " + "\n  ".join(unexpected), a)

        self.step("bob signs in in another tab: alice's open list says she is signed out and never shows his friends")
        self.sign_in(a, "alice", PASSWORDS["alice"])
        a.wait("alice signed in again", lambda: a.path() != "/sign-in")
        a.open("/")
        a.wait("alice's list", lambda: "Ada Lovelace" in a.names())
        list_tab = a.driver.current_window_handle
        a.driver.switch_to.new_window("tab")
        a.open("/sign-in")
        self.sign_in(a, "bob", PASSWORDS["bob"])
        a.wait_path("/")
        a.driver.close()
        a.driver.switch_to.window(list_tab)
        servers.create_as("bob", "Tony", "Hoare")
        a.wait_text("[data-webui-connection]", "signed out, reload to sign in")
        if a.text(".account span") == "Signed in as alice" and any(name in a.names() for name in ["Barbara Liskov", "Tony Hoare"]):
            raise Failure("bob's friends under alice's name", a)
        a.shoot("signed-out-by-another-sign-in")
        unexpected = [entry["message"] for entry in a.console_errors()
                      if not ("/webui/events" in entry["message"] and "403" in entry["message"])]
        if unexpected:
            raise Failure("no other error in the browser console; it has:\n  " + "\n  ".join(unexpected), a)
        for browser in self.browsers:
            browser.check_console()
        log(f"accounts: passed {self.steps} steps")
