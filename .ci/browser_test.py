"""Browser end-to-end test of `friends web`, run by .ci/browser (see there for usage).

Starts a throwaway FriendService (SQLite in a temporary directory, a free loopback port) and
`friends web` in front of it, then drives headless Chromium through the app in two passes, each on
fresh servers and a fresh database: one with JavaScript (the live page: pushed regions, live
search, changes made elsewhere appearing) and one with JavaScript turned off (plain forms and
redirects). The pass with JavaScript drives the page at 1280x800, the one without at 375x812;
every screen is photographed at both sizes, and must fit their width.

Each pass covers: the empty list, adding a friend (a field's message for a bad email first),
search (kept in the address through a reload and Back), a friend's details, updating a friend, a conflict between two browser sessions (separate
profiles, so separate cookies) resolved with "Keep mine", deleting with confirmation (Cancel, then
Delete), friends whose names are markup showing as text (no alert, no element made of them),
labels on every input, the delete dialog's focus, Tab reaching the Add link, a new session opening
a friend's page and form from their addresses, importing a vCard file, exporting one in vCard 3.0
from Export's menu, and no error in the browser console. The pass with JavaScript also checks that friends created and updated through the
FriendService API show in the open page without reloading it, and that focus is kept by identity
(a row's button and a friend's name stay focused as they are redrawn; a closed dialog gives focus
back to the button that opened it), that Tab stays in a dialog and Escape cancels it or clears the
search, that a field being typed in is still marked invalid and valid again as it changes, that two tabs
of one session navigate on their own (a half-typed form in one stays while the other opens the list
and a friend), that a form sent while `friends web` is stopped stays as typed and says so, that Back from a friend far down the list returns to where it was scrolled, that the list's next page that could not load while the network was down (Chromium's offline mode) loads once it is back, and that Export's menu closes on a choice and on Escape. Every page state photographed, and a
few more, goes through axe-core 4 and the Nu HTML checker (page_audit.py; the dark colours once).

Prints one line per step. A failure prints what was expected and what the page showed, saves
FAILED-<pass>-<step>.png beside the screenshots and ends its pass; the other pass still runs, and
the exit status is 1.
"""

import json
import os
import pathlib
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

from selenium import webdriver
from selenium.common.exceptions import (
    NoAlertPresentException,
    NoSuchElementException,
    StaleElementReferenceException,
    WebDriverException,
)
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from page_audit import PageAudit

# browser_accounts.py imports this file as a module while it runs as the script: one module, so
# that its Failure is the one caught here.
sys.modules.setdefault("browser_test", sys.modules[__name__])

DESKTOP = (1280, 800)
PHONE = (375, 812)
SIZES = (DESKTOP, PHONE)
WAIT = 10            # seconds any one wait may take
START_WAIT = 30      # seconds a server may take to start
RUN_LIMIT = 330      # seconds the whole test may take

# Texts the view models show (FriendsViewModels).
NO_FRIENDS = "No friends yet. Add your first friend."
NAME_HINT = "Enter a first name, last name or organization."
NAME_MESSAGE = "Give a first name, a last name or an organization."
EMAIL_MESSAGE = "Email must be empty or an address like name@example.com."
# The form's preferred (first) phone number and email address, and the email's message.
FIRST_PHONE = "#phones input"
FIRST_EMAIL = "#emails input"
EMAIL_MESSAGE_CSS = "#emails .message"
# A value of one long word, as a map's web address in About is.
LONG_ADDRESS = "https://maps.example.com/place/Some+Street+12,+Town/@51.5073509,-0.1277583,17z/data=!3m1!4b1!4m5!3m4"
# What the page's script says when a form could not be sent (webui.js).
UNSENT_NOTICE = ("Not saved: Friends could not be reached. What you typed is still here; "
                 "press Submit again once it is back.")
# What it says when a button or a link could not reach it.
NOT_DONE_NOTICE = "Not done: Friends could not be reached. Try again once it is back."
SCRIPT_NAME = "<script>alert(1)</script>"
IMG_NAME = '"><img src=x onerror=alert(2)>'


class Failure(Exception):
    """A check failed: `expected` says what the test waited for; `browser` is the page to show."""

    def __init__(self, expected, browser=None):
        super().__init__(expected)
        self.expected = expected
        self.browser = browser


def log(text):
    print(f"browser: {text}", flush=True)


class TimeLimit(Failure):
    """The whole test took too long: nothing more runs."""


def on_time_limit(signum, frame):
    raise TimeLimit(f"the whole test to finish within {RUN_LIMIT} s")


def on_termination(signum, frame):
    raise SystemExit(128 + signum)


# --- Servers ------------------------------------------------------------------------------------

class Servers:
    """A FriendService over a new SQLite file and `friends web` in front of it."""

    def __init__(self, friends_bin, friendservice_bin, directory):
        self.directory = directory
        self.processes = []
        self.service_log = directory / "friendservice.log"
        self.web_log = directory / "friends-web.log"
        self.web_out = directory / "friends-web.out"
        try:
            self.start_service(friendservice_bin)
            self.start_web(friends_bin)
        except BaseException:
            # The caller never gets this object to stop: stop what did start.
            self.stop()
            raise

    def start_service(self, binary):
        database = self.directory / "friends.sqlite"
        self.spawn("friendservice", [binary, "serve", "--hostname", "127.0.0.1", "--port", "0", "--database", f"sqlite:{database}"],
                   stdout=self.service_log, stderr=self.service_log)
        address = self.wait_for_line(self.service_log, r"address=(\S+).*FriendService listening", "FriendService")
        self.service = f"http://{address}"
        self.api = urllib.request.build_opener(urllib.request.ProxyHandler({}))

    def start_web(self, binary, port=0):
        self.friends_bin = binary
        self.spawn("friends web", [binary, "web", "--server", self.service, "--port", port], stdout=self.web_out, stderr=self.web_log)
        self.web = self.wait_for_line(self.web_out, r"Friends is open at (http://\S+?)/? ", "friends web")

    def restart_web(self):
        """Stops `friends web` and starts it again on the same port: its sessions are gone."""
        self.stop_web()
        self.start_web_again()

    def stop_web(self):
        for index, (name, process) in enumerate(self.processes):
            if name == "friends web" and process.poll() is None:
                process.terminate()
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    raise Failure(f"friends web to stop within 10 s of SIGTERM:\n{self.tail(self.web_log)}")
                del self.processes[index]
                break

    def start_web_again(self):
        """`friends web` on the port it had."""
        self.web_out.write_text("")
        self.start_web(self.friends_bin, port=self.web.rsplit(":", 1)[1])

    def spawn(self, name, argv, stdout, stderr):
        out = open(stdout, "ab")
        err = out if stderr == stdout else open(stderr, "ab")
        try:
            process = subprocess.Popen([str(a) for a in argv], stdin=subprocess.DEVNULL, stdout=out, stderr=err,
                                       start_new_session=True)
        finally:
            out.close()
            err.close()
        self.processes.append((name, process))

    def wait_for_line(self, path, pattern, name):
        _, process = self.processes[-1]
        deadline = time.monotonic() + START_WAIT
        while time.monotonic() < deadline:
            match = re.search(pattern, path.read_text(errors="replace"))
            if match:
                return match.group(1)
            if process.poll() is not None:
                raise Failure(f"{name} to start; it exited with {process.returncode}:\n{self.tail(path)}")
            time.sleep(0.1)
        raise Failure(f"{name} to say where it listens within {START_WAIT} s:\n{self.tail(path)}")

    @staticmethod
    def tail(path, lines=15):
        try:
            text = "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            text = ""
        return text or "(no output)"

    def logs(self):
        return (f"--- friends web (last lines) ---\n{self.tail(self.web_log)}\n"
                f"--- friendservice (last lines) ---\n{self.tail(self.service_log)}")

    def stop(self):
        for name, process in reversed(self.processes):
            if process.poll() is None:
                process.terminate()
                try:
                    process.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    log(f"(warning: {name} did not stop within 5 s of SIGTERM; killed)")
                    process.kill()
                    process.wait()
        self.processes = []

    # The FriendService API, as another client changing friends would use it.

    def request(self, method, path, body=None, headers=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.service + path, data=data, method=method,
                                         headers={"Content-Type": "application/json", **(headers or {})})
        try:
            with self.api.open(request, timeout=WAIT) as response:
                text = response.read()
                return response.status, response.headers, json.loads(text) if text else None
        except urllib.error.HTTPError as error:
            return error.code, error.headers, None

    def create(self, firstname, lastname, phonenumber=""):
        status, _, friend = self.request("POST", "/friends",
                                         {"firstname": firstname, "lastname": lastname, "phonenumber": phonenumber})
        if status != 201:
            raise Failure(f"POST /friends to create {firstname} {lastname} with 201, not {status}")
        return friend

    def friend(self, friend_id):
        status, headers, friend = self.request("GET", f"/friends/{friend_id}")
        return status, headers.get("ETag"), friend

    def update(self, friend_id, fields):
        status, etag, _ = self.friend(friend_id)
        if status != 200:
            raise Failure(f"GET /friends/{friend_id} with 200 before updating it, not {status}")
        status, _, friend = self.request("PATCH", f"/friends/{friend_id}", fields, {"If-Match": etag})
        if status != 200:
            raise Failure(f"PATCH /friends/{friend_id} with 200, not {status}")
        return friend


# --- One browser session ------------------------------------------------------------------------

def chrome_options(scripted, size):
    options = webdriver.ChromeOptions()
    binary = os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    if binary:
        options.binary_location = binary
    for argument in ("--headless=new", "--disable-dev-shm-usage", "--no-first-run", "--no-default-browser-check",
                     "--disable-extensions", "--disable-background-networking", "--disable-sync",
                     "--disable-component-update", "--password-store=basic", "--no-proxy-server",
                     f"--window-size={size[0]},{size[1] + 200}"):
        options.add_argument(argument)
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        options.add_argument("--no-sandbox")  # Chromium's sandbox refuses to run as root
    if not scripted:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    # An alert stays open, so the test sees it instead of the driver dismissing it.
    options.unhandled_prompt_behavior = "ignore"
    return options


class Browser:
    """One headless Chromium with its own profile (so its own cookies and session)."""

    def __init__(self, scripted, size, base, shots, name, audit):
        self.scripted = scripted
        self.audit = audit
        self.mode = "js" if scripted else "nojs"
        self.name = name
        self.base = base
        self.shots = shots
        self.size = size
        driver_path = os.environ.get("CHROMEDRIVER") or shutil.which("chromedriver")
        if not driver_path:
            raise Failure("chromedriver on the PATH (Debian: chromium-driver)")
        self.driver = webdriver.Chrome(options=chrome_options(scripted, size),
                                       service=Service(executable_path=driver_path, log_output=subprocess.DEVNULL))
        try:
            self.driver.set_page_load_timeout(WAIT * 2)
            self.driver.set_script_timeout(WAIT)
            self.resize(size)
        except BaseException:
            self.quit()
            raise

    def quit(self):
        try:
            self.driver.quit()
        except Exception:  # the browser is gone already
            pass

    # Reading the page. Scripts read it whole, so a region the app replaces meanwhile is no trouble.

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def text(self, css):
        return self.js("var e = document.querySelector(arguments[0]);"
                       "return e ? e.textContent.replace(/\\s+/g, ' ').trim() : null;", css)

    def value(self, css):
        return self.js("var e = document.querySelector(arguments[0]); return e ? e.value : null;", css)

    def path(self):
        return self.js("return location.pathname;")

    def address(self):
        return self.js("return location.pathname + location.search;")

    def rows(self):
        return self.js("""
            return Array.from(document.querySelectorAll('#list-rows li.row')).map(function (li) {
              var name = li.querySelector('a.name'), phone = li.querySelector('.phone');
              return {id: li.id, name: name ? name.textContent : null, phone: phone ? phone.textContent : null,
                      text: li.textContent.replace(/\\s+/g, ' ').trim()};
            });""")

    def row(self, name):
        return next((row for row in self.rows() if row["name"] == name), None)

    def names(self):
        return [row["name"] for row in self.rows() if row["name"] is not None]

    def highlighted(self):
        return self.js("return Array.from(document.querySelectorAll('#list-rows li.selected a.name'))"
                       ".map(function (x) { return x.textContent.trim(); });")

    def detail_line(self, label):
        """The first value of the detail's section titled `label` (the preferred phone, say), without its label."""
        return self.js("""
            var titles = document.querySelectorAll('#detail section h2');
            for (var i = 0; i < titles.length; i++) {
              if (titles[i].textContent.trim() === arguments[0]) {
                var line = titles[i].parentNode.querySelector('li .line');
                return line ? line.textContent.trim() : null;
              }
            }
            return null;""", label)

    def snippet(self):
        try:
            return self.js("var m = document.querySelector('main') || document.body;"
                           "return m ? m.innerText : document.documentElement.outerHTML;")[:1500]
        except WebDriverException as error:
            return f"(could not read the page: {error.msg})"

    # Waiting and acting.

    def wait(self, expected, condition, timeout=WAIT):
        deadline = time.monotonic() + timeout
        while True:
            try:
                result = condition()
                if result:
                    return result
            except (StaleElementReferenceException, NoSuchElementException):
                pass
            if time.monotonic() > deadline:
                raise Failure(expected, self)
            time.sleep(0.1)

    def wait_text(self, css, text, timeout=WAIT):
        self.wait(f"{css} to say {text!r}", lambda: self.text(css) == text, timeout)

    def wait_path(self, path):
        self.wait(f"the address to be {path}", lambda: self.path() == path)

    def open(self, path):
        self.driver.get(self.base + path)

    def click(self, css, what=None):
        def attempt():
            element = self.driver.find_element(By.CSS_SELECTOR, css)
            if not element.is_enabled():
                return False
            element.click()
            return True
        self.wait(f"{what or css} to be there and enabled, to click it", attempt)

    def fill(self, css, text):
        """Types like a person: selects what the field holds and types over it."""
        def attempt():
            element = self.driver.find_element(By.CSS_SELECTOR, css)
            element.click()
            element.send_keys(Keys.CONTROL, "a")
            element.send_keys(text if text else Keys.DELETE)
            return True
        self.wait(f"{css} to be there, to type into it", attempt)
        if self.scripted:
            time.sleep(0.3)  # the script sends a field 120 ms after its last key
        self.wait(f"{css} to hold {text!r}", lambda: self.value(css) == text)

    def submit_form(self):
        self.click('button[name="action"][value="save"]', "the form's Submit button")

    def hold_next_get(self, path):
        """The page's next GET of `path` goes to the server, but its answer reaches the page only at
        `release_held_answer`: an answer late on the network, made to come last."""
        self.js("""
            var fetchNow = window.fetch;
            window.heldAnswerRead = false;
            window.fetch = function (url, options) {
              var answer = fetchNow.apply(this, arguments);
              if (!options || options.method !== "GET" || url !== HELD_PATH) { return answer; }
              window.fetch = fetchNow;
              return new Promise(function (resolve) {
                window.releaseHeldAnswer = function () {
                  resolve(answer.then(function (response) {
                    var read = response.text.bind(response);
                    // Set after the page's own handler of the text has run.
                    response.text = function () {
                      return read().then(function (text) { setTimeout(function () { window.heldAnswerRead = true; }, 0); return text; });
                    };
                    return response;
                  }));
                };
              });
            };
        """.replace("HELD_PATH", json.dumps(path)))

    def release_held_answer(self):
        self.js("window.releaseHeldAnswer();")
        self.wait("the page to have read the held answer", lambda: self.js("return window.heldAnswerRead === true;"))

    def mark(self):
        """Marks the document; `still_marked` is true until the browser loads another one."""
        self.js("window.friendsTestMark = 'still here';")

    def still_marked(self):
        return self.js("return window.friendsTestMark === 'still here';")

    # Checks every page gets.

    def check_safe(self):
        """Nothing a friend's name holds ran or became an element."""
        try:
            alert = self.driver.switch_to.alert
            text = alert.text
        except NoAlertPresentException:
            pass
        else:
            raise Failure(f"no alert to open, but one says {text!r}", self)
        found = self.js("""
            var imgs = Array.from(document.querySelectorAll('img')).filter(function (i) { return i.getAttribute('src') === 'x'; });
            var scripts = Array.from(document.scripts).filter(function (s) { return !/\\/webui\\/webui\\.js$/.test(s.src); });
            return imgs.map(function (i) { return i.outerHTML; }).concat(scripts.map(function (s) { return s.outerHTML; }));""")
        if found:
            raise Failure(f"no element made of a friend's name, but found {found}", self)

    def check_labels(self):
        unlabelled = self.js("""
            return Array.from(document.querySelectorAll('input:not([type=hidden]), textarea, select')).filter(function (e) {
              if ((e.getAttribute('aria-label') || '').trim()) { return false; }
              var by = e.getAttribute('aria-labelledby');
              if (by && by.split(/\\s+/).some(function (id) { var l = document.getElementById(id); return l && l.textContent.trim(); })) { return false; }
              return !Array.from(e.labels || []).some(function (l) { return l.textContent.trim(); });
            }).map(function (e) { return e.outerHTML; });""")
        if unlabelled:
            raise Failure(f"every input to have a label; these have none: {unlabelled}", self)

    def focused_button(self, region):
        return self.js("""
            var a = document.activeElement;
            return a && a.tagName === 'BUTTON' && a.closest(arguments[0]) ? a.textContent.trim() : null;""", region)

    def console_errors(self):
        return [entry for entry in self.driver.get_log("browser") if entry.get("level") == "SEVERE"]

    def check_console(self):
        errors = self.console_errors()
        if errors:
            raise Failure("no error in the browser console; it has:\n  "
                          + "\n  ".join(entry["message"] for entry in errors), self)

    # Screenshots.

    def resize(self, size):
        width, height = size
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})

    def shoot(self, screen):
        """The screen at both sizes (this browser's own size first), then back to its own; then the
        page audit (axe-core, and the HTML kept for the Nu checker)."""
        for size in sorted(SIZES, key=lambda s: s != self.size):
            self.resize(size)
            time.sleep(0.2)
            overflow = self.js("return document.documentElement.scrollWidth - window.innerWidth;")
            name = f"{self.mode}-{screen}-{size[0]}x{size[1]}.png"
            self.driver.save_screenshot(str(self.shots / name))
            if overflow > 0:
                raise Failure(f"{screen} at {size[0]}x{size[1]} to fit the width; it is {overflow}px wider "
                              f"(see {name})", self)
        self.resize(self.size)
        self.check_audit(screen)

    def check_audit(self, state):
        violations = self.audit.check(self.driver, f"{self.mode}-{state}", self.scripted)
        if violations:
            raise Failure(f"no serious or critical axe-core violation on {state}, but:\n    "
                          + "\n    ".join(violations), self)


# --- The scenario -------------------------------------------------------------------------------

class Run:
    """One pass through the app, with or without JavaScript, on its own servers and database."""

    def __init__(self, scripted, servers, shots, audit):
        self.scripted = scripted
        self.audit = audit
        self.mode = "js" if scripted else "nojs"
        self.servers = servers
        self.shots = shots
        self.size = DESKTOP if scripted else PHONE
        self.browsers = []
        self.step_name = "start"
        self.steps = 0
        self.a = None

    def browser(self, name):
        browser = Browser(self.scripted, self.size, self.servers.web, self.shots, name, self.audit)
        self.browsers.append(browser)
        return browser

    def close(self):
        for browser in self.browsers:
            browser.quit()
        self.browsers = []

    def step(self, name):
        # The console of the step before must be clean before the next step starts.
        for browser in self.browsers:
            browser.check_console()
        self.step_name = name
        self.steps += 1
        log(f"{self.mode} {self.size[0]}x{self.size[1]}: {name}")

    def run(self):
        self.step("the list, empty")
        a = self.a = self.browser("first session")
        a.open("/")
        a.wait_text("#list-rows li.row.empty", NO_FRIENDS)
        a.wait_text("#list-title", "Your Friends (0)")
        scripted = a.js("return document.documentElement.classList.contains('scripted');")
        if scripted != self.scripted:
            raise Failure(f"the page's script to {'run' if self.scripted else 'stay off'}", a)
        a.check_labels()
        a.shoot("list-empty")

        self.step("keyboard: Tab reaches the Add link")
        a.js("if (document.activeElement) { document.activeElement.blur(); }")
        for _ in range(10):
            ActionChains(a.driver).send_keys(Keys.TAB).perform()
            if a.js("return document.activeElement.matches('a[href=\"/friends/new\"]');"):
                break
        else:
            raise Failure("ten presses of Tab to reach the Add Friend link", a)

        ada = self.add_friend()
        self.friends_added_elsewhere()
        self.search()
        self.detail(ada)
        self.edit(ada)
        self.conflict(ada)
        self.delete(ada)
        if self.scripted:
            self.live()
            self.tabs()
            self.scroll_back()
            self.load_more_after_network_drop()
        self.escaping()
        self.deep_links()
        self.import_cards()
        self.export_cards()
        self.two_phones()
        self.restart()
        for browser in self.browsers:
            browser.check_console()
        log(f"{self.mode}: passed {self.steps} steps")

    def restart(self):
        a = self.a
        self.step("restart: a form sent after friends web restarted is not saved, and opens again with what was typed")
        a.open("/friends/new")
        a.wait_path("/friends/new")
        a.fill("#firstname", "Typed")
        a.fill("#lastname", "Before Restart")
        self.servers.restart_web()
        a.fill("#about", "and after")
        a.submit_form()
        a.wait_text("#alert-title", "Not Saved Yet")
        typed = [a.value("#firstname"), a.value("#lastname"), a.value("#about")]
        if typed != ["Typed", "Before Restart", "and after"]:
            raise Failure(f"the form to hold what was typed; it holds {typed}", a)
        _, _, found = self.servers.request("GET", "/friends?q=Typed")
        if found["items"]:
            raise Failure("nothing saved from the form sent after the restart", a)
        self.expect_only_restart_errors()
        a.shoot("form-after-restart")
        self.send_again_after_not_saved("Typed Before Restart")

        if self.scripted:
            self.step("restart: a form sent while friends web is stopped stays as typed, says so, and goes once it is back")
            a.open("/friends/new")
            a.wait_path("/friends/new")
            a.fill("#firstname", "Sent")
            a.fill("#lastname", "While Stopped")
            self.servers.stop_web()
            a.submit_form()
            a.wait_text("#form-notice", UNSENT_NOTICE)
            typed = [a.path(), a.value("#firstname"), a.value("#lastname")]
            if typed != ["/friends/new", "Sent", "While Stopped"]:
                raise Failure(f"the form still open with what was typed; it is {typed}", a)
            a.shoot("form-sent-while-stopped")
            self.servers.start_web_again()
            a.submit_form()
            # A new friends web has no session for the form: it is not saved unseen, and keeps what was typed.
            a.wait_text("#alert-title", "Not Saved Yet")
            typed = [a.value("#firstname"), a.value("#lastname")]
            if typed != ["Sent", "While Stopped"]:
                raise Failure(f"the form to hold what was typed; it holds {typed}", a)
            self.send_again_after_not_saved("Sent While Stopped")
            self.expect_only_restart_errors()

            self.step("restart: Refresh, Delete and a friend's link pressed while friends web is stopped leave the list as it was and say so")
            self.servers.stop_web()
            a.click('button[value="refresh"]', "Refresh")
            a.wait_text("#not-reached", NOT_DONE_NOTICE)
            a.js("document.getElementById('not-reached').textContent = '';")
            a.click('button[aria-label="Delete Sent While Stopped"]', "Delete for Sent While Stopped")
            a.wait_text("#not-reached", NOT_DONE_NOTICE)
            a.js("document.getElementById('not-reached').textContent = '';")
            row = a.row("Sent While Stopped")
            a.click(f'#{row["id"]} a.name', "the link of Sent While Stopped")
            a.wait_text("#not-reached", NOT_DONE_NOTICE)
            if a.path() != "/" or not a.row("Sent While Stopped") or a.text("#confirm-message"):
                raise Failure("the list as it was, with no delete question, at /", a)
            a.shoot("list-pressed-while-stopped")
            self.servers.start_web_again()
            a.wait("the notice to go once the page's stream is answered", lambda: not a.text("#not-reached"))
            _, _, found = self.servers.request("GET", "/friends?q=Sent")
            if [(friend["firstname"], friend["lastname"]) for friend in found["items"]] != [("Sent", "While Stopped")]:
                raise Failure(f"Sent While Stopped still there; the server has {found['items']}", a)
            self.expect_only_restart_errors()

        self.step("restart: the list's Delete sent after a restart deletes nobody, says so, and the list goes on")
        self.servers.restart_web()
        a.click('button[aria-label="Delete Typed Before Restart"]', "Delete for Typed Before Restart")
        a.wait_text("#alert-title", "Not Done")
        if not a.row("Typed Before Restart") or a.text("#confirm-message"):
            raise Failure("the list with Typed Before Restart's row, and no delete question", a)
        _, _, found = self.servers.request("GET", "/friends?q=Typed")
        if not found["items"]:
            raise Failure("the friend to stay after a Delete sent after the restart", a)
        a.shoot("list-after-restart")
        a.click('button[value="dismissAlert"]', "OK")
        a.wait("the alert to close", lambda: a.text("#alert-title") is None)

        self.expect_only_restart_errors()
        self.step("restart: the question's Delete sent after a restart deletes nobody, and the alert has the focus")
        a.click('button[aria-label="Delete Typed Before Restart"]', "Delete for Typed Before Restart")
        a.wait_text("#confirm-message", "Delete Typed Before Restart?")
        self.servers.restart_web()
        a.click('#dialog button[value="confirmDelete"]', "Delete in the dialog")
        a.wait_text("#alert-title", "Not Done")
        a.wait("the focus on the alert's OK", lambda: a.focused_button("#alert") == "OK")
        if not a.row("Typed Before Restart"):
            raise Failure("Typed Before Restart's row to stay after a Delete sent after the restart", a)
        a.click('button[value="dismissAlert"]', "OK")
        a.wait("the alert to close", lambda: a.text("#alert-title") is None)
        if self.scripted:
            self.expect_only_restart_errors()
            self.step("restart: a search typed after a restart shows its matches")
            self.servers.restart_web()
            a.fill("#q", "Typed")
            a.wait("the search's one match, at its address",
                   lambda: a.names() == ["Typed Before Restart"] and a.address() == "/?q=Typed")
            a.driver.find_element(By.CSS_SELECTOR, "#q").send_keys(Keys.ESCAPE)
            a.wait("everyone again", lambda: len(a.names()) > 1 and a.address() == "/")
        self.expect_only_restart_errors()

    def send_again_after_not_saved(self, name):
        """OK on "Not Saved Yet", then Submit: the form kept saves `name` now."""
        a = self.a
        a.click('button[value="dismissAlert"]', "OK")
        a.wait("the alert to close", lambda: a.text("#alert-title") is None)
        a.submit_form()
        a.wait_path("/")
        a.wait("the friend sent again, now saved", lambda: a.row(name) is not None)

    def expect_only_restart_errors(self):
        """The page's stream and typing met the stopped server and then a session it no longer had:
        the browser logs those requests; anything else is an error."""
        unexpected = [entry["message"] for entry in self.a.console_errors()
                      if not re.search(r"/webui/|ERR_CONNECTION_REFUSED|Failed to load resource", entry["message"])]
        if unexpected:
            raise Failure("no other error in the browser console; it has:\n  " + "\n  ".join(unexpected), self.a)

    def add_friend(self):
        a = self.a
        self.step("add: a bad email shows the field's message")
        a.click('a[href="/friends/new"]', "the Add Friend link")
        a.wait_path("/friends/new")
        a.wait_text("main h1", "Add Friend")
        a.check_labels()
        a.wait_text("#name-hint", NAME_HINT)

        if self.scripted:
            self.step("add: Enter in a field submits as Submit does, and focus goes to the field with the message")
            a.driver.find_element(By.CSS_SELECTOR, "#lastname").send_keys(Keys.ENTER)
            a.wait_text("#firstname-message", NAME_MESSAGE)
            a.wait("focus on the first name, whose message it is", lambda: a.js("return document.activeElement.id;") == "firstname")

        self.step("add: Submit on the empty form says what is missing")
        a.submit_form()
        a.wait_text("#firstname-message", NAME_MESSAGE)
        if a.path() != "/friends/new":
            raise Failure("the incomplete form to stay", a)
        a.fill("#firstname", "Ada")
        a.fill("#lastname", "Lovelace")
        a.click('button[value="add-phone"]', "Add phone")
        a.fill(FIRST_PHONE, "0501234567")
        a.click('button[value="add-email"]', "Add email")
        a.fill(FIRST_EMAIL, "ada@")
        if self.scripted:
            # The message shows as the user types; Submit stays there to press.
            a.wait_text(EMAIL_MESSAGE_CSS, EMAIL_MESSAGE)
            if not a.driver.find_element(By.CSS_SELECTOR, 'button[value="save"]').is_enabled():
                raise Failure("Submit to stay enabled while the email is bad (pressing it shows every message)", a)
            a.wait("the email field, still being typed in, to be marked invalid",
                   lambda: a.js("var e = document.activeElement;"
                                "return e.matches('#emails input') && e.getAttribute('aria-invalid') === 'true';"))
            self.step("add: Submit takes focus to the bad email with the caret after its text, where typing goes on")
            a.click('button[value="save"]', "Submit")
            a.wait("focus on the email field drawn again", lambda: a.js("return document.activeElement.matches('#emails input');"))
            # A push may draw the form once more just then (the page keeps the focus and the text);
            # typing into the field it replaced is tried again on the field that took its place.
            a.wait("the focused email field to take the typing",
                   lambda: a.js("return document.activeElement.matches('#emails input');")
                   and a.driver.switch_to.active_element.send_keys("example.org") is None)
            a.wait("what is typed to follow the text there, not to come before it", lambda: a.value(FIRST_EMAIL) == "ada@example.org")
        else:
            a.submit_form()
            a.wait_text(EMAIL_MESSAGE_CSS, EMAIL_MESSAGE)
            if a.js("return document.querySelector(arguments[0]).getAttribute('aria-invalid');", FIRST_EMAIL) != "true":
                raise Failure("the email field to be marked aria-invalid", a)
            for field, text in (("#firstname", "Ada"), ("#lastname", "Lovelace"), (FIRST_PHONE, "0501234567")):
                if a.value(field) != text:
                    raise Failure(f"{field} to keep {text!r} after the failed submit", a)
                if a.js("var ids = document.querySelector(arguments[0]).getAttribute('aria-describedby').split(' ');"
                        "return document.getElementById(ids[ids.length - 1]).textContent;", field):
                    raise Failure(f"no message beside the valid {field}", a)
        a.shoot("add-errors")

        self.step("add: fix the email and submit")
        a.fill(FIRST_EMAIL, "ada@example.com")
        if self.scripted:
            a.wait("the email's message to go as the email is fixed", lambda: a.text(EMAIL_MESSAGE_CSS) == "")
            a.wait("the fixed email field to be valid again",
                   lambda: a.js("return !document.querySelector(arguments[0]).hasAttribute('aria-invalid');", FIRST_EMAIL))
        if self.scripted:
            # Pressed twice at once: the second press is not sent. Sent, it could come after the
            # first had left the form, and its answer would say "Page Out of Date".
            a.js("""
                var fetchNow = window.fetch;
                window.savesSent = 0;
                window.fetch = function (url, options) {
                  if (options && options.method === "POST" && String(options.body).indexOf("action=save") >= 0) { window.savesSent += 1; }
                  return fetchNow.apply(this, arguments);
                };
                var save = document.querySelector('button[name="action"][value="save"]');
                save.form.requestSubmit(save);
                save.form.requestSubmit(save);
                window.fetch = fetchNow;
            """)
            if a.js("return window.savesSent;") != 1:
                raise Failure(f"Submit pressed twice at once to send the form once, not {a.js('return window.savesSent;')} times", a)
        else:
            a.submit_form()
        a.wait_path("/")
        a.wait_text("#status", "Added Ada Lovelace.")
        row = a.wait("a row for Ada Lovelace", lambda: a.row("Ada Lovelace"))
        if row["phone"] != "0501234567":
            raise Failure(f"Ada Lovelace's row to show 0501234567, not {row['phone']!r}", a)
        a.wait_text("#list-title", "Your Friends (1)")
        if "Page Out of Date" in (a.text("body") or ""):
            raise Failure("no 'Page Out of Date' after Submit pressed twice", a)
        return int(row["id"].removeprefix("friend-"))

    def friends_added_elsewhere(self):
        a = self.a
        if self.scripted:
            self.step("live: friends created through the API appear without reloading")
            a.mark()
        else:
            self.step("friends created through the API appear after Refresh")
        for first, last, phone in (("Grace", "Hopper", "0301234567"), ("Adam", "Smith", "0401234567"),
                                   ("Adaeze", "Okafor", "0601234567")):
            self.servers.create(first, last, phone)
        if not self.scripted:
            a.click('button[value="refresh"]', "Refresh")
        want = ["Grace Hopper", "Ada Lovelace", "Adaeze Okafor", "Adam Smith"]
        a.wait(f"the rows {want}", lambda: a.names() == want)
        a.wait_text("#list-title", "Your Friends (4)")
        if a.highlighted() != ["Ada Lovelace"]:
            raise Failure(f"the highlight to stay on Ada Lovelace, whom the user added, not {a.highlighted()}", a)
        if self.scripted and not a.still_marked():
            raise Failure("the page not to reload", a)
        a.shoot("list")

    def search(self):
        a = self.a
        matches = ["Ada Lovelace", "Adaeze Okafor", "Adam Smith"]
        everyone = ["Grace Hopper", "Ada Lovelace", "Adaeze Okafor", "Adam Smith"]
        if self.scripted:
            self.step("search: typing updates the rows and the address without submitting")
            a.mark()
            entries = a.js("return history.length;")
            a.fill("#q", "ada")
        else:
            self.step("search: submitting the search form")
            a.fill("#q", "ada")
            a.click("form.search button", "Search")
        a.wait_text("#search-summary", "3 matches for 'ada'")
        a.wait(f"the rows {matches}", lambda: a.names() == matches)
        a.wait("the address to hold the search", lambda: a.address() == "/?q=ada")
        if self.scripted and not (a.still_marked() and a.path() == "/"):
            raise Failure("the search not to load another page", a)
        if self.scripted and a.js("return history.length;") != entries:
            raise Failure("typing a search to add no history entry", a)
        a.shoot("search")

        self.step("search: a reload, and Back from a friend, keep the search")
        a.driver.refresh()
        a.wait(f"after reloading, the rows {matches}", lambda: a.names() == matches and a.value("#q") == "ada")
        adam = a.wait("Adam Smith's row", lambda: a.row("Adam Smith"))
        a.click(f'#{adam["id"]} a.name', "Adam Smith's name")
        a.wait_text("#detail h1", "Adam Smith")
        if a.js("return document.querySelector('a.back').getAttribute('href');") != "/?q=ada":
            raise Failure("← Friends to lead back to the search", a)
        a.driver.back()
        a.wait(f"Back on /?q=ada with the rows {matches}",
               lambda: a.address() == "/?q=ada" and a.names() == matches and a.value("#q") == "ada")

        self.step("search: nobody matches")
        a.fill("#q", "xyz")
        if not self.scripted:
            a.click("form.search button", "Search")
        a.wait_text("#search-summary", "No friends match 'xyz'")
        if a.names() or a.js("return document.querySelector('#list-rows li') !== null;"):
            raise Failure("no row (the summary says it once) while nobody matches", a)

        self.step("search: clearing it shows everyone")
        if self.scripted:
            a.driver.find_element(By.CSS_SELECTOR, "#q").send_keys(Keys.ESCAPE)
        else:
            a.click('form.search a[href="/"]', "Clear")
        a.wait(f"the rows {everyone}", lambda: a.names() == everyone)
        a.wait("the search summary to go", lambda: a.text("#search-summary") == "")
        a.wait("the address to hold no search", lambda: a.address() == "/")
        if a.value("#q") != "":
            raise Failure("the search box to be empty", a)

        if self.scripted:
            self.step("search: Clear empties the search and leaves focus in the search box")
            a.fill("#q", "xyz")
            a.wait_text("#search-summary", "No friends match 'xyz'")
            a.click('form.search a[href="/"]', "Clear")
            a.wait(f"the rows {everyone}", lambda: a.names() == everyone)
            a.wait("focus in the search box", lambda: a.js("return document.activeElement.id;") == "q")

        if self.scripted:
            self.step("search: a friend clicked while a search is still being typed opens at its own address")
            grace = a.wait("Grace Hopper's row", lambda: a.row("Grace Hopper"))
            # Typed and clicked in one go, so that the click comes before the script sends the text
            # (120 ms after the last key) and before the search's rows, without Grace, are drawn.
            a.js("var q = document.getElementById('q'); q.value = 'ada';"
                 "q.dispatchEvent(new Event('input', {bubbles: true}));"
                 "document.querySelector(arguments[0]).click();", f'#{grace["id"]} a.name')
            a.wait_text("#detail h1", "Grace Hopper")
            time.sleep(0.3)  # the script sends a field 120 ms after its last key
            if a.path() != "/" + grace["id"].replace("friend-", "friends/"):
                raise Failure("Grace's address, not the search typed on the list before", a)
            a.driver.back()
            a.wait("Back on the list with the search that was typed",
                   lambda: a.address() == "/?q=ada" and a.names() == matches and a.value("#q") == "ada")
            a.driver.find_element(By.CSS_SELECTOR, "#q").send_keys(Keys.ESCAPE)
            a.wait(f"the rows {everyone}", lambda: a.names() == everyone and a.address() == "/")

    def detail(self, ada):
        a = self.a
        self.step("detail: a friend's page")
        a.click(f'#friend-{ada} a.name', "Ada Lovelace's name")
        a.wait_path(f"/friends/{ada}")
        a.wait_text("#detail h1", "Ada Lovelace")
        for label, text in (("Phone", "0501234567"), ("Email", "ada@example.com")):
            a.wait(f"the detail's {label} to be {text!r}", lambda: a.detail_line(label) == text)
        # The avatar comes from the FriendService; until it has, the initials stand in.
        try:
            a.wait("the avatar image", lambda: a.js(
                "var i = document.querySelector('#detail .avatar img');"
                "return !!i && i.getAttribute('src').indexOf('data:image/svg+xml;base64,') === 0 && i.complete && i.naturalWidth > 0;"),
                timeout=3)
        except Failure:
            if a.text("#detail .avatar .initials") != "AL":
                raise Failure("the avatar image or the initials AL", a)
            log(f"{self.mode}: (the detail shows the initials: the avatar had not loaded)")
        if self.scripted:
            a.wait("the focus on the friend's name", lambda: a.js(
                "return document.activeElement.matches('#detail h1');"))
            self.servers.update(ada, {"about": "Wrote the first program"})
            a.wait("the detail to show the change made elsewhere",
                   lambda: "Wrote the first program" in (a.text("#detail") or ""))
            if not a.js("return document.activeElement.matches('#detail h1');"):
                raise Failure("the focus to stay on the friend's name as the page is redrawn", a)
        a.shoot("detail")

    def edit(self, ada):
        a = self.a
        self.step("edit: change the phone and save")
        a.click(f'#detail a[href="/friends/{ada}/edit"]', "Edit")
        a.wait_path(f"/friends/{ada}/edit")
        a.wait_text("main h1", "Update Friend")
        a.wait("the form to hold Ada's phone", lambda: a.value(FIRST_PHONE) == "0501234567")
        if a.value("#firstname") != "Ada" or a.value(FIRST_EMAIL) != "ada@example.com":
            raise Failure("the form to hold Ada's name and email", a)
        a.check_labels()
        self.step("edit: Submit before any change says there is nothing to save")
        a.submit_form()
        a.wait_text("#form-notice", "Nothing to save: nothing has changed.")
        if a.path() != f"/friends/{ada}/edit":
            raise Failure("the unchanged form to stay", a)
        if self.scripted:
            self.step("edit: text typed just before a reload is kept")
            about = a.value("#about")
            field = a.driver.find_element(By.CSS_SELECTOR, "#about")
            field.click()
            field.send_keys(Keys.END, " Typed.")
            a.driver.refresh()  # at once: the script sends a field 120 ms after its last key
            a.wait("the reloaded form to hold what was typed just before", lambda: a.value("#about") == about + " Typed.")
            a.fill("#about", about)
            a.shoot("edit")
            # Typed and submitted at once, before the script sends the field: the form carries it.
            field = a.driver.find_element(By.CSS_SELECTOR, FIRST_PHONE)
            field.click()
            field.send_keys(Keys.CONTROL, "a")
            field.send_keys("0507654321")
            a.submit_form()
        else:
            a.fill(FIRST_PHONE, "0507654321")
            a.shoot("edit")
            a.submit_form()
        a.wait_path(f"/friends/{ada}")
        a.wait("the detail's phone to be 0507654321", lambda: a.detail_line("Phone") == "0507654321")
        if self.scripted and not a.js("return document.activeElement.matches('#detail h1');"):
            raise Failure("the focus on the friend's name after saving", a)
        if self.scripted:
            self.step("edit: saving goes back to the friend's entry, so Back goes where it went before, never to the form")
            before = a.js("return history.length;")
            a.driver.back()
            # The list shown, not only the address changed: until Back's answer comes, the page
            # is the friend's still, and Forward then would find that page already there.
            a.wait("Back to leave the friend for the list before it, not the form",
                   lambda: a.path() != f"/friends/{ada}" and not a.path().endswith("/edit")
                   and a.js("return !!document.getElementById('list-rows');"))
            if a.js("return !!document.querySelector('form #phones');"):
                raise Failure("no form after Back", a)
            if a.js("return history.length;") != before:
                raise Failure("Back to add no history entry", a)
            a.driver.forward()
            a.wait_path(f"/friends/{ada}")
            a.wait_text("#detail h1", "Ada Lovelace")
            self.back_from_changes(ada)
        self.expect_stored(ada, "0507654321", a)

    def back_from_changes(self, ada):
        a = self.a
        self.step("edit: Back from a form with changes asks first; Keep Editing keeps them")
        a.click(f'#detail a[href="/friends/{ada}/edit"]', "Edit")
        a.wait_path(f"/friends/{ada}/edit")
        a.wait("the form to hold the phone", lambda: a.value(FIRST_PHONE) == "0507654321")
        a.fill("#about", "A draft")
        a.wait("Submit enabled: the service has the change",
               lambda: a.js("return !document.querySelector('button[name=\"action\"][value=\"save\"]').disabled;"))
        a.driver.back()
        a.wait_text("#form-dialog h2", "Discard Changes")
        a.wait_path(f"/friends/{ada}/edit")
        a.click('#form-dialog button[value="keepEditing"]', "Keep Editing")
        a.wait("the discard dialog to close", lambda: a.js("return !document.querySelector('#form-dialog h2');"))
        if a.value("#about") != "A draft":
            raise Failure("About to still hold 'A draft' after Keep Editing", a)
        if self.scripted:
            # Back in the field the person was in when Back asked, not at the top of the form.
            a.wait("focus back on About", lambda: a.js("return document.activeElement === document.getElementById('about');"))

        self.step("edit: Back again, and Discard goes to the friend Back was going to, storing nothing")
        a.driver.back()
        a.wait_text("#form-dialog h2", "Discard Changes")
        a.click('#form-dialog button[value="discard"]', "Discard")
        a.wait_path(f"/friends/{ada}")
        a.wait_text("#detail h1", "Ada Lovelace")
        status, _, friend = self.servers.friend(ada)
        if status != 200 or friend.get("about") == "A draft":
            raise Failure(f"the draft not to be stored; the service answers {status} {friend}", a)
        self.late_answer_to_back(ada)

    def back_from_a_draft_with_its_answer_held(self, ada, draft):
        """From the friend's page: Edit, type `draft` into About, and Back, whose answer is held
        (`release_held_answer`) while its question is already shown (pushed by the stream)."""
        a = self.a
        a.click(f'#detail a[href="/friends/{ada}/edit"]', "Edit")
        a.wait_path(f"/friends/{ada}/edit")
        a.fill("#about", draft)
        a.wait("Submit enabled: the service has the change",
               lambda: a.js("return !document.querySelector('button[name=\"action\"][value=\"save\"]').disabled;"))
        a.hold_next_get(f"/friends/{ada}")
        a.driver.back()
        a.wait_text("#form-dialog h2", "Discard Changes")

    def late_answer_to_back(self, ada):
        a = self.a
        self.step("edit: Back's answer, held until after Discard's, is not drawn over the friend")
        self.back_from_a_draft_with_its_answer_held(ada, "Another draft")
        a.click('#form-dialog button[value="discard"]', "Discard")
        a.wait_path(f"/friends/{ada}")
        a.wait_text("#detail h1", "Ada Lovelace")
        a.release_held_answer()
        if a.path() != f"/friends/{ada}" or not a.js("return !!document.querySelector('#detail h1') && !document.querySelector('form #about');"):
            raise Failure("the friend's page to stay, not the form Back's late answer showed", a)
        a.driver.back()
        a.wait("Back from the friend to go to the list",
               lambda: a.path() == "/" and a.js("return !!document.getElementById('list-rows');"))
        a.driver.forward()
        a.wait_path(f"/friends/{ada}")
        a.wait_text("#detail h1", "Ada Lovelace")
        status, _, friend = self.servers.friend(ada)
        if status != 200 or friend.get("about") == "Another draft":
            raise Failure(f"the draft not to be stored; the service answers {status} {friend}", a)

        self.step("edit: Keep Editing pressed before Back's answer came keeps the friend's entry for the next Back")
        self.back_from_a_draft_with_its_answer_held(ada, "A third draft")
        a.click('#form-dialog button[value="keepEditing"]', "Keep Editing")
        a.wait("the discard dialog to close", lambda: a.js("return !document.querySelector('#form-dialog h2');"))
        a.release_held_answer()
        a.wait_path(f"/friends/{ada}/edit")
        if a.value("#about") != "A third draft":
            raise Failure("About to still hold 'A third draft' after Keep Editing", a)
        a.driver.back()
        a.wait_text("#form-dialog h2", "Discard Changes")
        a.click('#form-dialog button[value="discard"]', "Discard")
        a.wait_path(f"/friends/{ada}")
        a.wait_text("#detail h1", "Ada Lovelace")

    def conflict(self, ada):
        a = self.a
        self.step("conflict: a second session opens the same form")
        b = self.browser("second session")
        b.open("/")
        b.click('a[aria-label="Edit Ada Lovelace"]', "Edit in Ada's row")
        b.wait_path(f"/friends/{ada}/edit")
        b.wait_text("main h1", "Update Friend")
        b.wait("the second session's form to hold the phone", lambda: b.value(FIRST_PHONE) == "0507654321")

        self.step("conflict: the first session saves a new phone")
        a.click(f'#detail a[href="/friends/{ada}/edit"]', "Edit")
        a.wait_path(f"/friends/{ada}/edit")
        a.wait("the form to hold the phone", lambda: a.value(FIRST_PHONE) == "0507654321")
        a.fill(FIRST_PHONE, "0501111111")
        a.fill("#about", "A " + LONG_ADDRESS)
        a.submit_form()
        a.wait_path(f"/friends/{ada}")
        a.wait("the detail's phone to be 0501111111", lambda: a.detail_line("Phone") == "0501111111")
        if self.scripted:
            b.wait_text("#form-notice", "Ada Lovelace was changed elsewhere. Saving shows what changed.")

        self.step("conflict: the second session saves another phone and sees theirs vs mine")
        b.fill(FIRST_PHONE, "0502222222")
        b.fill("#about", "B " + LONG_ADDRESS)
        b.submit_form()
        b.wait_text("#conflict-title", "Ada Lovelace was changed elsewhere.")
        table = b.js("""
            return Array.from(document.querySelectorAll('#form-dialog table.conflict tbody tr')).map(function (tr) {
              return Array.from(tr.children).map(function (c) { return c.textContent.trim(); });
            });""")
        expected = [["Phone numbers", "0501111111 (mobile)", "0502222222 (mobile)"],
                    ["About", "A " + LONG_ADDRESS, "B " + LONG_ADDRESS]]
        if table != expected:
            raise Failure(f"the conflict to show Phone numbers and About, theirs and mine; it shows {table}", b)
        # A web address is one long word: "Mine" stays in view beside "Theirs", not scrolled away.
        outside = b.js("""
            var dialog = document.querySelector('#form-dialog .dialog').getBoundingClientRect();
            return Array.from(document.querySelectorAll('#form-dialog table.conflict th, #form-dialog table.conflict td'))
              .filter(function (cell) { return cell.getBoundingClientRect().right > dialog.right + 1; })
              .map(function (cell) { return cell.textContent.trim().slice(0, 20); });""")
        if outside:
            raise Failure(f"every cell of the conflict inside its dialog; these reach past it: {outside}", b)
        buttons = b.js("return Array.from(document.querySelectorAll('#form-dialog button')).map(function (x) { return x.textContent.trim(); });")
        if buttons != ["Keep theirs", "Keep mine", "Edit on"]:
            raise Failure(f"the buttons Keep theirs, Keep mine, Edit on; they are {buttons}", b)
        b.wait("the focus on a button of the conflict dialog", lambda: b.focused_button("#form-dialog"))
        b.shoot("conflict")

        self.step("conflict: Keep mine saves")
        b.click('#form-dialog button[value="keepMine"]', "Keep mine")
        b.wait_path("/")
        b.wait_text("#status", "Saved Ada Lovelace.")
        row = b.wait("Ada's row", lambda: b.row("Ada Lovelace"))
        if row["phone"] != "0502222222":
            raise Failure(f"the second session's row to show 0502222222, not {row['phone']!r}", b)
        self.expect_stored(ada, "0502222222", b)
        b.check_console()
        if self.scripted:
            a.wait("the first session's detail to show 0502222222 without reloading",
                   lambda: a.detail_line("Phone") == "0502222222")
        else:
            a.driver.refresh()
            a.wait("the first session's detail to show 0502222222 after reloading",
                   lambda: a.detail_line("Phone") == "0502222222")
        self.merge_without_asking(ada, b)
        self.browsers.remove(b)
        b.quit()

    def merge_without_asking(self, ada, b):
        """Fields changed in one session each merge by themselves: the second save is refused
        (412), merged and saved again, and its session lands on the list saying so, not on a
        fresh form (the page once stopped waiting between the two tries)."""
        a = self.a
        self.step("merge: the second session edits again while the first changes another field")
        b.click('a[aria-label="Edit Ada Lovelace"]', "Edit in Ada's row")
        b.wait_path(f"/friends/{ada}/edit")
        b.wait("the second session's form to hold the phone", lambda: b.value(FIRST_PHONE) == "0502222222")
        a.click(f'#detail a[href="/friends/{ada}/edit"]', "Edit")
        a.wait_path(f"/friends/{ada}/edit")
        a.fill("#about", "Wrote the first program.")
        a.submit_form()
        a.wait_path(f"/friends/{ada}")

        self.step("merge: the second session's other field saves with the first's, and says Saved")
        b.fill("#organization", "Analytical Engine")
        b.submit_form()
        b.wait_path("/")
        b.wait_text("#status", "Saved Ada Lovelace.")
        _, _, stored = self.servers.friend(ada)
        if (stored.get("about"), stored.get("organization"), stored.get("phonenumber")) != (
                "Wrote the first program.", "Analytical Engine", "0502222222"):
            raise Failure(f"both sessions' fields stored; the FriendService has {stored}", b)
        b.check_console()

    def delete(self, ada):
        a = self.a
        self.step("delete: the question, then Cancel keeps the friend")
        a.click("a.back", "← Friends")
        a.wait_path("/")
        a.wait("Ada's row with the phone saved last",
               lambda: (a.row("Ada Lovelace") or {}).get("phone") == "0502222222")
        a.click('button[aria-label="Delete Ada Lovelace"]', "Delete for Ada Lovelace")
        a.wait_text("#confirm-title", "Delete Friend")
        a.wait_text("#confirm-message", "Delete Ada Lovelace?")
        buttons = a.js("return Array.from(document.querySelectorAll('#dialog button')).map(function (x) { return x.textContent.trim(); });")
        if buttons != ["Delete", "Cancel"]:
            raise Failure(f"the buttons Delete and Cancel; they are {buttons}", a)
        a.wait("the focus on a button of the delete dialog", lambda: a.focused_button("#dialog"))
        a.shoot("delete")
        if self.scripted:
            self.step("delete: Tab stays in the dialog; Escape cancels and gives focus back to Delete")
            for _ in range(3):
                ActionChains(a.driver).send_keys(Keys.TAB).perform()
                if not a.js("return document.getElementById('dialog').contains(document.activeElement);"):
                    raise Failure("Tab to keep the focus in the delete dialog", a)
            ActionChains(a.driver).send_keys(Keys.ESCAPE).perform()
            a.wait("the dialog to close", lambda: a.js("return !document.querySelector('#dialog .dialog');"))
            a.wait("the focus back on Delete for Ada Lovelace",
                   lambda: a.js("return document.activeElement.getAttribute('aria-label');") == "Delete Ada Lovelace")
            a.click('button[aria-label="Delete Ada Lovelace"]', "Delete for Ada Lovelace")
            a.wait_text("#confirm-message", "Delete Ada Lovelace?")
        if self.scripted:
            # The same stylesheet serves both passes; its dark colours are checked once.
            a.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
                "features": [{"name": "prefers-color-scheme", "value": "dark"}]})
            a.check_audit("delete-dark")
            a.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
        a.click('#dialog button[value="cancelDelete"]', "Cancel")
        a.wait("the dialog to close", lambda: a.js("return !document.querySelector('#dialog .dialog');"))
        if not a.row("Ada Lovelace"):
            raise Failure("Ada Lovelace's row to stay after Cancel", a)
        if not self.scripted:
            self.step("delete: after Cancel, Tab goes back to Ada's Delete, not to the top of the page")
            ActionChains(a.driver).send_keys(Keys.TAB).perform()
            a.wait("the focus on Delete for Ada Lovelace",
                   lambda: a.js("return document.activeElement.getAttribute('aria-label');") == "Delete Ada Lovelace")

        self.step("delete: Delete on the friend's page asks the same question, then the list says so")
        a.click(f'#friend-{ada} a.name', "Ada Lovelace's name")
        a.wait_path(f"/friends/{ada}")
        a.click('#detail button[value="delete"]', "Delete on Ada Lovelace's page")
        a.wait_text("#confirm-message", "Delete Ada Lovelace?")
        a.wait("the focus on a button of the delete dialog", lambda: a.focused_button("#dialog"))
        a.shoot("detail-delete")
        if not self.scripted:
            self.step("delete: on the friend's page too, after Cancel, Tab goes back to Delete")
            a.click('#dialog button[value="cancelDelete"]', "Cancel")
            a.wait("the dialog to close", lambda: a.js("return !document.querySelector('#dialog .dialog');"))
            ActionChains(a.driver).send_keys(Keys.TAB).perform()
            a.wait("the focus on Delete on Ada Lovelace's page",
                   lambda: a.js("var e = document.activeElement; return e.value === 'delete' && e.closest('#detail') !== null;"))
            a.click('#detail button[value="delete"]', "Delete on Ada Lovelace's page")
            a.wait_text("#confirm-message", "Delete Ada Lovelace?")
        a.click('#dialog button[value="confirmDelete"]', "Delete in the dialog")
        a.wait_path("/")
        a.wait_text("#status", "Deleted Ada Lovelace.")
        a.wait("Ada's row to go", lambda: a.row("Ada Lovelace") is None)
        a.wait_text("#list-title", "Your Friends (3)")
        status, _, _ = self.servers.friend(ada)
        if status != 404:
            raise Failure(f"GET /friends/{ada} to answer 404 after the delete, not {status}", a)

    def live(self):
        a = self.a
        self.step("live: a friend created through the API appears in the open list; focus stays")
        a.mark()
        a.js("document.querySelector('a[aria-label=\"Edit Grace Hopper\"]').focus();")
        created = self.servers.create("Katherine", "Johnson", "0701234567")
        a.wait("Katherine Johnson's row", lambda: a.row("Katherine Johnson"))
        a.wait_text("#list-title", "Your Friends (4)")
        a.wait("the tab's title to count 4", lambda: a.js("return document.title;") == "Your Friends (4) – Friends")
        if a.js("return document.activeElement.getAttribute('aria-label');") != "Edit Grace Hopper":
            raise Failure("the focus to stay on Edit for Grace Hopper as the list is redrawn", a)

        self.step("live: a friend updated through the API changes its row")
        self.servers.update(created["id"], {"phonenumber": "0709876543"})
        a.wait("Katherine Johnson's row to show 0709876543",
               lambda: (a.row("Katherine Johnson") or {}).get("phone") == "0709876543")
        if not a.still_marked():
            raise Failure("the page not to reload", a)

    def tabs(self):
        a = self.a
        self.step("tabs: a half-typed add form stays while a second tab opens the list and a friend")
        a.open("/friends/new")
        a.wait_text("main h1", "Add Friend")
        a.fill("#firstname", "Katherine")
        a.mark()
        first = a.driver.current_window_handle
        a.driver.switch_to.new_window("tab")
        a.open("/")
        grace = a.wait("the list in the second tab", lambda: a.row("Grace Hopper"))
        a.click(f'#{grace["id"]} a.name', "Grace Hopper's name")
        a.wait_text("#detail h1", "Grace Hopper")
        a.shoot("tabs-second")
        second = a.driver.current_window_handle
        a.driver.switch_to.window(first)
        time.sleep(1)  # a push for the first tab would have come by now
        if not (a.path() == "/friends/new" and a.value("#firstname") == "Katherine" and a.still_marked()):
            raise Failure("the first tab to stay on its form with 'Katherine', not reloaded", a)
        a.shoot("tabs-first")

        self.step("tabs: the first tab reloaded keeps its form; the second still shows its friend")
        a.driver.refresh()
        a.wait("the reloaded form to hold 'Katherine'", lambda: a.value("#firstname") == "Katherine")
        a.driver.switch_to.window(second)
        time.sleep(0.5)
        if a.path() == "/friends/new" or a.text("#detail h1") != "Grace Hopper":
            raise Failure("the second tab to stay on Grace Hopper's page", a)
        a.driver.close()
        a.driver.switch_to.window(first)

        self.step("tabs: Escape in a field asks before discarding; Escape again keeps editing there")
        a.driver.find_element(By.CSS_SELECTOR, "#firstname").send_keys(Keys.ESCAPE)
        a.wait_text("#form-dialog h2", "Discard Changes")
        a.wait("the focus on a button of the discard dialog", lambda: a.focused_button("#form-dialog"))
        ActionChains(a.driver).send_keys(Keys.ESCAPE).perform()
        a.wait("the discard dialog to close", lambda: a.js("return !document.querySelector('#form-dialog h2');"))
        a.wait("the focus back in the first name field, where Escape was pressed",
               lambda: a.js("return document.activeElement === document.getElementById('firstname');"))
        if a.value("#firstname") != "Katherine":
            raise Failure("the first name to still hold 'Katherine'", a)

        self.step("tabs: leaving the form still asks before discarding what was typed")
        a.click('button[value="cancel"]', "Cancel")
        a.wait_text("#form-dialog h2", "Discard Changes")
        a.click('#form-dialog button[value="discard"]', "Discard")
        a.wait_path("/")

    def scroll_back(self):
        a = self.a
        self.step("scroll: Back from a friend far down the list returns to where the list was")
        created = [self.servers.create(f"Row {n:02d}", "Zimmer") for n in range(1, 41)]
        a.wait("the forty new rows", lambda: a.row("Row 40 Zimmer"))
        row_id = f"friend-{created[34]['id']}"
        a.js("document.getElementById(arguments[0]).scrollIntoView({block: 'center'});", row_id)
        time.sleep(0.3)
        before = a.js("return window.scrollY;")
        if before < 200:
            raise Failure(f"the list to scroll (it scrolled {before}px)", a)
        a.click(f"#{row_id} a.name", "Row 35 Zimmer's name")
        a.wait_text("#detail h1", "Row 35 Zimmer")
        a.driver.back()
        a.wait_path("/")
        a.wait(f"the list scrolled back to {before}px", lambda: abs(a.js("return window.scrollY;") - before) < 5)
        if not a.js("var r = document.getElementById(arguments[0]).getBoundingClientRect();"
                    "return r.top >= 0 && r.bottom <= window.innerHeight;", row_id):
            raise Failure("Row 35 Zimmer in view after Back", a)
        a.wait("the focus back on Row 35 Zimmer's name, the link that was followed",
               lambda: a.js("return document.activeElement === document.querySelector(arguments[0]);", f"#{row_id} a.name"))
        self.step("focus: ← Friends from a friend's page puts focus on that friend's row")
        next_row = f"friend-{created[35]['id']}"
        a.click(f"#{next_row} a.name", "Row 36 Zimmer's name")
        a.wait_text("#detail h1", "Row 36 Zimmer")
        a.click("a.back", "← Friends")
        a.wait_path("/")
        a.wait("the focus on Row 36 Zimmer's name",
               lambda: a.js("return document.activeElement === document.querySelector(arguments[0]);", f"#{next_row} a.name"))

        self.step("scroll: a search that ends shows the friend it kept highlighted, far down the list")
        a.fill("#q", "Row 36")
        a.wait("the search's one row, highlighted", lambda: a.names() == ["Row 36 Zimmer"] and a.highlighted() == ["Row 36 Zimmer"])
        a.fill("#q", "")
        a.wait("Row 36 Zimmer highlighted in the whole list, and in view", lambda: a.highlighted() == ["Row 36 Zimmer"] and a.js(
            "var r = document.getElementById(arguments[0]).getBoundingClientRect();"
            "return r.top >= -1 && r.bottom <= window.innerHeight + 1;", next_row))
        if not a.js("return document.activeElement === document.querySelector('#q');"):
            raise Failure("the focus to stay in the search field", a)

        self.step("scroll: a search typed over another keeps the search field in view; Back to the list's top stays there")
        a.js("window.scrollTo(0, 0);")
        a.fill("#q", "Row 36")
        a.wait("the search's one row", lambda: a.names() == ["Row 36 Zimmer"])
        a.fill("#q", "Zimmer")
        a.wait("the Zimmer rows", lambda: len(a.names()) >= 36)
        time.sleep(0.5)
        if a.js("return document.getElementById('q').getBoundingClientRect().top;") < 0:
            raise Failure("the search field to stay in view while a search is typed", a)
        a.fill("#q", "")
        a.wait("the whole list", lambda: a.row("Grace Hopper") is not None)
        a.js("window.scrollTo(0, 0);")
        time.sleep(0.3)
        a.click('a[href="/friends/new"]', "the Add Friend link")
        a.wait_path("/friends/new")
        a.driver.back()
        a.wait_path("/")
        a.wait("the list again", lambda: a.row("Row 36 Zimmer") is not None)
        time.sleep(0.5)
        if a.js("return window.scrollY;") > 5:
            raise Failure("Back to the list's top to stay at the top", a)

        self.step("focus: a friend added during a search, sorting past the first page, is shown, selected and focused")
        created += [self.servers.create(f"Row {n:02d}", "Zimmer") for n in range(41, 61)]
        a.fill("#q", "Row 0")
        a.wait("the rows of the search", lambda: a.names() and all(name.startswith("Row 0") for name in a.names()))
        a.click('a[href="/friends/new"]', "the Add Friend link")
        a.wait_path("/friends/new")
        a.fill("#firstname", "Zygmunt")
        a.fill("#lastname", "Zzyzx")
        a.submit_form()
        a.wait_path("/")
        a.wait("the focus on Zygmunt Zzyzx's name, in view", lambda: a.js(
            "var e = document.activeElement; if (!e || e.textContent !== 'Zygmunt Zzyzx') { return false; }"
            "var r = e.getBoundingClientRect(); return r.top >= 0 && r.bottom <= window.innerHeight;"))
        if a.value("#q") != "" or a.highlighted() != ["Zygmunt Zzyzx"]:
            raise Failure("the search ended and the new friend highlighted", a)
        created.append({"id": a.row("Zygmunt Zzyzx")["id"].removeprefix("friend-")})
        for friend in created:
            self.servers.request("DELETE", f"/friends/{friend['id']}")
        a.wait("the forty rows to go", lambda: a.row("Row 01 Zimmer") is None)

    def load_more_after_network_drop(self):
        self.step("scroll: the next page that could not load while the network was down loads once it is back")
        # They stay: with them, a friend added after them is past the first page of a new
        # session's list, where the deep links' step opens one.
        for n in range(1, 61):
            self.servers.create(f"Page {n:02d}", "Scroll")
        # A new session loads the list's first page only (the first session's list has every row).
        b = self.browser("network drop")
        b.open("/")
        b.wait("a list with a next page", lambda: b.js("return document.querySelector('#list-rows form.more') !== null;"))
        shown = len(b.rows())
        b.driver.execute_cdp_cmd("Network.enable", {})
        offline = {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
        try:
            # The page's stream stays open (Chromium's offline mode stops only new requests): the
            # page is told neither that the network went nor that it came back.
            b.driver.execute_cdp_cmd("Network.emulateNetworkConditions", offline)
            b.js("document.querySelector('#list-rows form.more').scrollIntoView({block: 'end'});")
            time.sleep(1)
            if len(b.rows()) != shown:
                raise Failure(f"the next page not to load while the network is down ({shown} rows before, {len(b.rows())} now)", b)
        finally:
            b.driver.execute_cdp_cmd("Network.emulateNetworkConditions", dict(offline, offline=False))
        b.wait("the next page once the network is back", lambda: len(b.rows()) > shown)
        # The browser logs the tries that met the network down; anything else is an error.
        unexpected = [entry["message"] for entry in b.console_errors() if "ERR_INTERNET_DISCONNECTED" not in entry["message"]]
        if unexpected:
            raise Failure("no other error in the browser console; it has:\n  " + "\n  ".join(unexpected), b)
        self.browsers.remove(b)
        b.quit()

    def escaping(self):
        a = self.a
        self.step("escaping: names made of markup show as text in the list")
        evil = [self.servers.create(SCRIPT_NAME, "Script"), self.servers.create(IMG_NAME, "Img")]
        if not self.scripted:
            a.click('button[value="refresh"]', "Refresh")
        for friend in evil:
            name = f"{friend['firstname']} {friend['lastname']}"
            a.wait(f"a row whose name reads {name!r}", lambda: a.row(name))
        a.check_safe()
        a.driver.refresh()
        for friend in evil:
            name = f"{friend['firstname']} {friend['lastname']}"
            a.wait(f"after reloading, a row whose name reads {name!r}", lambda: a.row(name))
        a.check_safe()

        for friend in evil:
            name = f"{friend['firstname']} {friend['lastname']}"
            self.step(f"escaping: the detail and form of {name!r}")
            a.click(f'#friend-{friend["id"]} a.name', f"the name {name!r}")
            a.wait_path(f"/friends/{friend['id']}")
            a.wait_text("#detail h1", name)
            a.check_safe()
            a.click(f'#detail a[href="/friends/{friend["id"]}/edit"]', "Edit")
            a.wait_path(f"/friends/{friend['id']}/edit")
            a.wait(f"the first name field to hold {friend['firstname']!r}",
                   lambda: a.value("#firstname") == friend["firstname"])
            a.check_safe()
            a.click('button[value="cancel"]', "Cancel")
            a.wait_path(f"/friends/{friend['id']}")
            a.click("a.back", "← Friends")
            a.wait_path("/")
            a.wait(f"the row {name!r}", lambda: a.row(name))
            a.check_safe()

    def deep_links(self):
        self.step("deep links: a new session opens a friend's page and form from their addresses")
        friend = self.servers.create("Mary", "Somerville", "0801234567")
        c = self.browser("new session")
        c.open("/")
        c.wait("the list in the new session", lambda: len(c.names()) > 1)
        if c.highlighted():
            raise Failure(f"a fresh list to highlight no row, not {c.highlighted()}", c)
        for path, check in ((f"/friends/{friend['id']}/edit", lambda: c.value("#firstname") == "Mary"),
                            (f"/friends/{friend['id']}", lambda: c.text("#detail h1") == "Mary Somerville")):
            c.open(path)
            c.wait(f"{path} to show Mary Somerville there", lambda: c.path() == path and check())
            c.check_audit("deep-link-" + ("edit" if path.endswith("/edit") else "detail"))
        # With the script she is past the first page of this session's list (see
        # load_more_after_network_drop): the pages up to her load.
        c.open("/")
        c.wait("the list to highlight Mary Somerville, whose page this session opened",
               lambda: c.highlighted() == ["Mary Somerville"])
        c.open("/friends/999999")
        c.wait("the list to say that friend no longer exists",
               lambda: c.path() == "/" and "This friend no longer exists." in (c.text("main") or ""))
        time.sleep(1)  # the page's stream, once open, would have redrawn the alert away by now
        if "This friend no longer exists." not in (c.text("main") or ""):
            raise Failure("the 'no longer exists' alert to stay once the page's stream is open", c)
        c.click('button[value="dismissAlert"]', "OK")
        c.wait("the alert to go", lambda: "This friend no longer exists." not in (c.text("main") or ""))
        c.check_console()
        self.browsers.remove(c)
        c.quit()

    def import_cards(self):
        self.step("import: a vCard file with a bad card among good ones, and the report as a page")
        a = self.a
        cards = ("BEGIN:VCARD\r\nVERSION:3.0\r\nUID:browser-import-1\r\nFN:Emmy Noether\r\nN:Noether;Emmy;;;\r\nEND:VCARD\r\n"
                 "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Cut Short\r\n"
                 "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:browser-import-2\r\nFN:Acme Plumbing\r\nORG:Acme Plumbing\r\n"
                 "BDAY:sometime in spring\r\nEND:VCARD\r\n")
        path = pathlib.Path(tempfile.mkdtemp()) / "contacts.vcf"
        path.write_text(cards, newline="")
        a.open("/import")
        a.check_audit("import")
        a.driver.find_element(By.CSS_SELECTOR, "#file").send_keys(str(path))
        a.click("form.import-form button[value=import]", "the Import button")
        a.wait("the report to say 2 created", lambda: "2 created" in (a.text("#import-report") or ""))
        report = a.text("#import-report")
        if "Card 2 (Cut Short): The card ends without END:VCARD." not in report:
            raise Failure(f"the report to name the cut-short card; it says {report!r}", a)
        if 'Card 3 (Acme Plumbing): Its birthday "sometime in spring" is not a date' not in report:
            raise Failure(f"the report to say the birthday it does not show; it says {report!r}", a)
        if not a.js("return document.activeElement === document.querySelector('#import-report h2');"):
            raise Failure("the focus on the report's headline after importing", a)
        a.check_audit("import-report")
        a.check_safe()
        a.shoot("import-report")
        self.step("import: the imported friends are in the list, the company by its name")
        a.open("/")
        a.wait("the rows of the imported friends", lambda: a.row("Emmy Noether") and a.row("Acme Plumbing"))

    def export_cards(self):
        self.step("export: the menu offers each vCard version, and vCard 3.0 downloads every friend in 3.0")
        a = self.a
        a.open("/")
        a.wait("the imported friends in the list", lambda: a.row("Emmy Noether") and a.row("Acme Plumbing"))
        a.click("details.menu > summary", "the Export button")
        a.wait("the menu's three choices", lambda: a.js("""
            var menu = document.querySelector('details.menu');
            return menu.open && Array.from(menu.querySelectorAll('a .choice')).map(function (c) { return c.textContent; });""")
            == ["Each card as it came", "vCard 3.0", "vCard 4.0"])
        a.shoot("export-menu")
        downloads = pathlib.Path(tempfile.mkdtemp())
        a.driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
        a.click('details.menu a[href="/friends.vcf?version=3.0"]', "vCard 3.0")
        file = downloads / "friends.vcf"
        a.wait("friends.vcf downloaded", lambda: file.exists() and not any(downloads.glob("*.crdownload")))
        text = file.read_text(encoding="utf-8")
        cards = text.count("BEGIN:VCARD")
        versions = [line for line in text.splitlines() if line.startswith("VERSION:")]
        if cards < 2 or versions != ["VERSION:3.0"] * cards or "FN:Emmy Noether" not in text or "FN:Acme Plumbing" not in text:
            raise Failure(f"every friend in vCard 3.0 in the download, the 4.0 card imported too; it has {cards} cards, {versions}", a)
        if a.path() != "/":
            raise Failure(f"the list to stay open after the download; the page is at {a.path()}", a)
        if self.scripted:
            # With the script the menu closes as menus do: on a choice, and on Escape back to its button.
            a.wait("the menu to close after the choice", lambda: not a.js("return document.querySelector('details.menu').open;"))
            a.click("details.menu > summary", "the Export button")
            a.wait("the menu to open again", lambda: a.js("return document.querySelector('details.menu').open;"))
            ActionChains(a.driver).send_keys(Keys.ESCAPE).perform()
            a.wait("Escape to close the menu, the focus on Export", lambda: a.js(
                "var menu = document.querySelector('details.menu'); return !menu.open && document.activeElement === menu.querySelector('summary');"))

    def two_phones(self):
        self.step("phones: a friend with two numbers, the second made preferred, shows it first")
        a = self.a
        a.open("/friends/new")
        a.wait_text("main h1", "Add Friend")
        a.fill("#firstname", "Hedy")
        a.fill("#lastname", "Lamarr")
        for number in ("0501000001", "0502000002"):
            a.click('button[value="add-phone"]', "Add phone")
            a.wait("a new empty phone", lambda: a.js("var i = document.querySelectorAll('#phones input'); return i.length && !i[i.length - 1].value;"))
            # Typing goes on in the field just added, not on the button that added it.
            a.wait("focus on the new phone", lambda: a.js("return document.activeElement === document.querySelector('#phones .entry:last-of-type input');"))
            a.fill("#phones .entry:last-of-type input", number)
        if self.scripted:
            a.wait("the second number's button to be named by it", lambda: a.js(
                "return document.querySelector('#phones .entry:last-of-type button').getAttribute('aria-label');")
                == "Make preferred: phone 0502000002")
        a.click('#phones .entry:last-of-type button[value^="prefer-"]', "Make preferred of the second number")
        a.wait("the second number to go first", lambda: a.value(FIRST_PHONE) == "0502000002")
        # Without the script too: the button's formaction names where focus goes, and the browser
        # keeps that fragment through the redirect to the page drawn again.
        a.wait("focus to go with the number made preferred", lambda: a.js(
            "var e = document.activeElement; return e && e.tagName === 'INPUT' ? e.value : null;") == "0502000002")
        # Remove leaves the focus among the phones (the one before), not at the top of the form.
        a.click('button[value="add-phone"]', "Add phone")
        a.wait("a third phone", lambda: a.js("return document.querySelectorAll('#phones input').length === 3;"))
        a.click('#phones .entry:last-of-type button[value^="remove-"]', "Remove of the third phone")
        a.wait("the third phone to go", lambda: a.js("return document.querySelectorAll('#phones input').length === 2;"))
        a.wait("focus on the phone before the one removed", lambda: a.js(
            "var e = document.activeElement; return e && e.tagName === 'INPUT' ? e.value : null;") == "0501000001")

        self.step("phones: a reload shows the numbers as Submit will save them, the preferred first")
        a.driver.refresh()
        a.wait_text("main h1", "Add Friend")
        # With the script, the page a reload gets is drawn by the session's shared app, and the
        # tab's own app (which Submit goes to) then draws it again: before, the numbers were missing.
        a.wait("both numbers, the preferred first", lambda: a.js(
            "return Array.from(document.querySelectorAll('#phones input')).map(function (i) { return i.value; });")
            == ["0502000002", "0501000001"])
        a.check_labels()
        a.shoot("form-phones")
        a.submit_form()
        a.wait_path("/")
        row = a.wait("a row for Hedy Lamarr", lambda: a.row("Hedy Lamarr"))
        a.open(f"/friends/{row['id'].removeprefix('friend-')}")
        a.wait("the detail to show both numbers, the preferred first", lambda: a.js("""
            var titles = Array.from(document.querySelectorAll('#detail section h2'));
            var phone = titles.find(function (t) { return t.textContent.trim() === 'Phone'; });
            return phone && Array.from(phone.parentNode.querySelectorAll('li .line')).map(function (l) { return l.textContent.trim(); });""")
            == ["0502000002", "0501000001"])

    def expect_stored(self, friend_id, phone, browser):
        status, _, friend = self.servers.friend(friend_id)
        if status != 200 or friend["phonenumber"] != phone:
            raise Failure(f"the FriendService to store the phone {phone}; it answers {status} {friend}", browser)


# --- Main ---------------------------------------------------------------------------------------

def report(failure, mode, run, servers, shots):
    where = f"step '{run.step_name}'" if run else "starting the servers"
    log(f"FAILED ({mode}, {where}): expected {failure.expected}")
    browser = failure.browser or (run.a if run else None)
    if browser:
        try:
            log(f"  in the {browser.name} at {browser.driver.current_url}; the page shows:")
            print("    " + browser.snippet().replace("\n", "\n    "), flush=True)
            slug = re.sub(r"[^a-z0-9]+", "-", run.step_name.lower()).strip("-")
            name = f"FAILED-{browser.mode}-{slug}.png"
            browser.driver.save_screenshot(str(shots / name))
            log(f"  screenshot: {name}")
            entries = browser.driver.get_log("browser")
            if entries:
                log("  browser console:")
                for entry in entries:
                    print(f"    {entry['level']}: {entry['message']}", flush=True)
        except WebDriverException as error:
            log(f"  (the browser could not show more: {error.msg})")
    if servers:
        print(servers.logs(), flush=True)


def main(argv):
    if len(argv) != 4:
        print("usage: .ci/browser FRIENDS_BIN FRIENDSERVICE_BIN SCREENSHOT_DIR", file=sys.stderr)
        return 2
    friends_bin, friendservice_bin = Path(argv[1]).resolve(), Path(argv[2]).resolve()
    shots = Path(argv[3]).resolve()
    shots.mkdir(parents=True, exist_ok=True)
    for old in shots.glob("*.png"):
        old.unlink()

    audit = PageAudit(shots, make_scripted_driver=lambda: webdriver.Chrome(
        options=chrome_options(True, PHONE),
        service=Service(executable_path=os.environ.get("CHROMEDRIVER") or shutil.which("chromedriver"),
                        log_output=subprocess.DEVNULL)))
    signal.signal(signal.SIGTERM, on_termination)
    signal.signal(signal.SIGALRM, on_time_limit)
    signal.alarm(RUN_LIMIT)
    started = time.monotonic()
    failed = []
    # A failure ends its pass; the other pass runs anyway, on its own servers and database.
    for scripted in (True, False):
        mode = "js" if scripted else "nojs"
        run = servers = None
        with tempfile.TemporaryDirectory(prefix="friends-browser-") as directory:
            try:
                servers = Servers(friends_bin, friendservice_bin, Path(directory))
                run = Run(scripted, servers, shots, audit)
                run.run()
            except Failure as failure:
                report(failure, mode, run, servers, shots)
                failed.append(mode)
                if isinstance(failure, TimeLimit):
                    break
            except WebDriverException as error:
                report(Failure(f"the browser to do what was asked, but: {error.msg}"), mode, run, servers, shots)
                failed.append(mode)
            finally:
                if run:
                    run.close()
                if servers:
                    servers.stop()
    if not failed:
        # With accounts: sign-in, each person's own friends, sign-out (browser_accounts.py).
        from browser_accounts import AccountsRun, AccountsServers
        run = servers = None
        with tempfile.TemporaryDirectory(prefix="friends-browser-accounts-") as directory:
            try:
                servers = AccountsServers(friends_bin, friendservice_bin, Path(directory))
                run = AccountsRun(servers, shots, audit)
                run.run()
            except Failure as failure:
                report(failure, "accounts", run, servers, shots)
                failed.append("accounts")
            except WebDriverException as error:
                report(Failure(f"the browser to do what was asked, but: {error.msg}"), "accounts", run, servers, shots)
                failed.append("accounts")
            finally:
                if run:
                    run.close()
                if servers:
                    servers.stop()
    signal.alarm(0)
    audit.close()
    errors = audit.validate()
    if errors:
        log(f"FAILED (Nu HTML checker): {len(errors)} errors in {audit.states} page states:")
        for error in errors:
            print(f"    {error}", flush=True)
        failed.append("Nu")
    else:
        log(f"axe-core and the Nu HTML checker found nothing in {audit.states} page states")
    took = time.monotonic() - started
    if failed:
        log(f"FAILED ({', '.join(failed)}) after {took:.0f} s; screenshots in {shots}")
        return 1
    log(f"passed with and without JavaScript in {took:.0f} s; screenshots in {shots}")
    return 0

if __name__ == "__main__":
    sys.exit(main(sys.argv))
