// WebUI's script: makes a server-drawn app live. Without it every page still works (forms post,
// the server redirects, the browser draws the next page); with it
// - the server's pushed regions (Server-Sent Events) replace their elements as view-model
//   outputs change, and the page follows the session to another screen;
// - each tab has an app of its own on the server: the tab names itself with every request, so
//   tabs of one browser navigate on their own;
// - inputs marked data-live (a search box, a form field) are sent as the user types; one in a GET
//   form keeps the address in step with the form, as submitting it would (a bookmarkable search);
// - forms and same-site links load the next page without a full reload, keeping the stream open;
//   only the latest load counts: its answer alone is drawn, and the server opens no screen for an
//   older one that reaches it late (loads are numbered);
// - an element marked data-load-more is sent when it scrolls into view (infinite scroll), and
//   again every few seconds while it is in view and could not be sent;
// - an element marked data-webui-connection says so when the stream is refused for good;
// - focus survives redraws by identity, a dialog keeps focus inside it and gives it back to the
//   control that opened it, and Escape means cancel (the control marked data-escape) or, in a
//   search box, clear;
// - a menu (details.menu) closes as menus do: on a choice, a click outside it, or Escape.
// No framework and nothing from another site: the Content-Security-Policy allows this file only.
(function () {
  "use strict";

  var csrf = document.querySelector('meta[name="csrf-token"]');
  if (!csrf) { return; }
  var token = csrf.getAttribute("content");
  var herePath = "/webui/here";
  var events = null;
  // Set by a form's submit until the page changes: the page its answer leads to (directly or as the
  // session's navigation) takes the form's place in the history, so Back after saving does not
  // reopen the form.
  var formSubmitted = false;
  // The form sent whose answer is awaited, and the button that sent it.
  var submitting = null;

  // The tab's name. It lives in this page's memory and is put in sessionStorage only while the
  // page is away (reload, another site), so a reload keeps it while a duplicated tab, which gets
  // a copy of sessionStorage, makes a name of its own.
  var tabKey = "webui-tab";
  var tab = takeTabName() || newTabName();
  function takeTabName() {
    try {
      var name = sessionStorage.getItem(tabKey);
      sessionStorage.removeItem(tabKey);
      return name;
    } catch (error) { return null; }
  }
  function newTabName() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }
  window.addEventListener("pagehide", function () {
    try { sessionStorage.setItem(tabKey, tab); } catch (error) { /* the next page names itself anew */ }
    // Text typed just before a reload or a close goes too (it is sent a moment after the last
    // key), by requests that outlive the page.
    sendAllTyped(false, true);
  });
  window.addEventListener("pageshow", function (event) { if (event.persisted) { takeTabName(); } });

  // Loads are numbered, per page, so that the server opens no screen for a load older than one it
  // has taken already (requests on two connections can arrive in either order).
  // A page Back brings back from the browser's cache is a page of its own: a reload since has
  // made the server take loads of the page it had as out of date.
  var pageName = newTabName().slice(0, 8);
  var latestLoad = 0;
  // Whether the latest load's answer is awaited, and a navigation the stream told of meanwhile.
  var loading = false;
  var navigateAfterLoad = null;
  window.addEventListener("pageshow", function (event) {
    if (event.persisted) { pageName = newTabName().slice(0, 8); latestLoad = 0; }
  });
  function loadLabel() { return pageName + "-" + latestLoad; }

  function headers() {
    return {
      "X-WebUI": "1", "X-WebUI-Tab": tab, "X-WebUI-Load": loadLabel(),
      "X-CSRF-Token": token, "Content-Type": "application/x-www-form-urlencoded"
    };
  }

  // Where the page is: its path and query (a search is part of the address).
  function here() { return location.pathname + location.search; }

  // --- Pushed regions ---------------------------------------------------------------------

  function applyFragments(fragments) {
    var active = document.activeElement;
    var before = identify(active);
    var hadDialog = openDialog() !== null;
    var currentBefore = currentRowPlace();
    fragments.forEach(function (fragment) {
      var element = document.getElementById(fragment.id);
      if (!element) { return; }
      var template = document.createElement("template");
      template.innerHTML = fragment.html;
      // What the user is typing wins over what the server last saw of it; the field's state
      // (invalid or not) is still the server's. A focused field nobody typed in yet (a reloaded
      // form's first field) takes the server's text.
      if (element === active && (element.tagName === "INPUT" || element.tagName === "TEXTAREA")
          && element.value !== element.defaultValue) {
        var drawn = template.content.firstElementChild;
        if (drawn && drawn.tagName === element.tagName) { copyState(drawn, element); }
        return;
      }
      element.replaceWith(template.content);
    });
    placeFocus(before, hadDialog, true);
    keepCurrentRowInView(currentBefore);
    watchLoadMore();
  }

  // The list's current friend (the one last opened, or the one a search that ended kept) is
  // scrolled to when a redraw of the whole list (no search being typed) puts it out of view while
  // it was in view, or brings in a current friend out of view (the pages up to it loaded). A friend
  // the person scrolled away from stays where it is, also through redraws that left it out for a
  // while (a failed page, a search); so does a list arrived at from another page (Back restores
  // its own place).
  function currentRow() { return document.querySelector('#list-rows li[aria-current="true"]'); }

  function isInView(element) {
    var box = element.getBoundingClientRect();
    var middle = box.top + box.height / 2;
    return middle > 0 && middle < window.innerHeight;
  }

  // The current friend when it was last shown, and whether it was in view then.
  var currentLastSeen = { id: null, inView: true };

  function currentRowPlace() {
    var row = currentRow();
    if (row) { currentLastSeen = { id: row.id, inView: isInView(row) }; }
    return { list: document.getElementById("list-rows") !== null, seen: currentLastSeen };
  }

  function keepCurrentRowInView(before) {
    var search = document.getElementById("q");
    if (!before.list || (search && search.value.trim() !== "")) { return; }
    var row = currentRow();
    if (!row || isInView(row)) { return; }
    if (row.id !== before.seen.id || before.seen.inView) { row.scrollIntoView({ block: "nearest" }); }
  }

  function copyState(from, to) {
    Array.from(to.attributes).forEach(function (attribute) {
      if (attribute.name !== "value" && !from.hasAttribute(attribute.name)) { to.removeAttribute(attribute.name); }
    });
    Array.from(from.attributes).forEach(function (attribute) {
      if (attribute.name !== "value" && to.getAttribute(attribute.name) !== attribute.value) {
        to.setAttribute(attribute.name, attribute.value);
      }
    });
  }

  // A page the browser loaded itself (a typed address, a bookmark, a reload) was drawn by the
  // session's shared app, not the tab's: the first stream says so, and the tab's app takes what
  // only the shared app knew of it, such as an alert.
  var loadedWhole = true;

  function connect() {
    if (events) { events.close(); }
    var whole = loadedWhole ? "&loaded=1" : "";
    loadedWhole = false;
    // The page's session token: a page drawn for someone who has since been signed out by
    // another's sign-in in this browser is refused, not shown the new session's friends.
    events = new EventSource("/webui/events?path=" + encodeURIComponent(here()) + "&tab=" + encodeURIComponent(tab)
      + "&load=" + encodeURIComponent(loadLabel()) + "&token=" + encodeURIComponent(token) + whole);
    events.addEventListener("fragments", function (event) {
      applyFragments(JSON.parse(event.data));
    });
    // Both events load the tab's page where its app is (`/webui/here`): a GET of the page's own
    // address would open that screen again, over a link clicked meanwhile.
    // A redraw: the page was drawn by another app than this tab's (a reload); this tab's replaces it.
    events.addEventListener("redraw", function () { load(herePath, "GET", null, false); });
    events.addEventListener("navigate", function (event) {
      var path = JSON.parse(event.data)[0];
      if (path === here() || path === shownPath) { return; }
      // A load on its way is drawn where the app is by then; the navigation may be an older
      // load's (Back's, when Forward was pressed before its answer), and must not overtake it.
      if (loading) { navigateAfterLoad = path; return; }
      load(herePath, "GET", null, !formSubmitted);
    });
    events.addEventListener("open", showReached);
    // The browser retries a dropped stream by itself (the app's server stopped, the network went):
    // meanwhile the page is not live. A refused one (the session ended, the server restarted)
    // stays closed: say so where the page shows its connection, and which it is.
    events.addEventListener("error", function () {
      if (events.readyState === EventSource.CONNECTING) { showUnreached(); return; }
      if (events.readyState !== EventSource.CLOSED) { return; }
      var connection = document.querySelector("[data-webui-connection]");
      if (!connection) { return; }
      connection.className = "connection";
      connection.textContent = "offline, reload the page";
      forgetNotDone();
      fetch("/webui/session", { credentials: "same-origin", headers: { "X-CSRF-Token": token } })
        .then(function (response) { return response.json(); })
        .then(function (session) { if (session.signedOut) { connection.textContent = "signed out, reload to sign in"; } })
        .catch(function () {});
    });
  }

  // What the connection said before the app's server went out of reach, to say again once it
  // answers, unless a page drawn meanwhile says something else.
  var beforeUnreached = null;
  var unreachedText = "reconnecting…";
  var unsentText = "Not saved: Friends could not be reached. What you typed is still here; press Submit again once it is back.";
  var notDoneText = "Not done: Friends could not be reached. Try again once it is back.";

  function showUnreached() {
    var connection = document.querySelector("[data-webui-connection]");
    if (!connection || beforeUnreached) { return; }
    beforeUnreached = { className: connection.className, text: connection.textContent };
    connection.className = "connection";
    connection.textContent = unreachedText;
  }

  function showReached() {
    var connection = document.querySelector("[data-webui-connection]");
    if (beforeUnreached && connection && connection.textContent === unreachedText) {
      connection.className = beforeUnreached.className;
      connection.textContent = beforeUnreached.text;
    }
    beforeUnreached = null;
    forgetNotDone();
  }

  // What was not done while the app could not be reached is said until the connection says more.
  function forgetNotDone() {
    var notice = document.getElementById("not-reached");
    if (notice) { notice.textContent = ""; }
  }

  // --- Loading pages ------------------------------------------------------------------------

  // History entries remember where the page was scrolled and what had focus (the link that led
  // away), so Back returns there.
  if ("scrollRestoration" in history) { history.scrollRestoration = "manual"; }

  function rememberPlace(scrollY, focused) {
    history.replaceState({ from: entryFrom(), scrollY: scrollY, focused: focused }, "", location.href);
  }

  // Each entry the script adds remembers the page it was opened from, so that a page that leads
  // back there (a form saved or left, a friend deleted) goes back to that entry rather than add a
  // second one, and Back then goes where it went before.
  function entryFrom() { return history.state ? history.state.from : undefined; }
  var shownPath = here();
  // The page shown when Back or Forward was pressed, until an answer is shown (an answer dropped
  // as out of date leaves it for the next, such as Keep Editing's).
  var pathBeforePop = null;
  // The entry a page went back to itself: its popstate shows nothing new.
  var expectedPop = null;

  // Only the answer to the latest load is shown: an earlier one (Back's, when Discard was pressed
  // before it came) shows a screen the session has since left.
  function load(url, method, body, push, place) {
    sendAllTyped(true);
    var mine = ++latestLoad;
    loading = true;
    return fetch(url, { method: method, body: body, headers: headers(), credentials: "same-origin" })
      .then(function (response) {
        return response.text().then(function (text) {
          if (mine !== latestLoad) { return; }
          show(response, text, push);
          returnTo(place);
        });
      })
      .catch(function () {
        if (mine !== latestLoad) { return; }
        // Pressed while the app cannot be reached, a button or a link leaves the page as it was
        // and says so, rather than load its address into the browser's error page (a form would
        // come back from there without what was typed). Pressing it again tries again. Back and
        // Forward have moved the address already: they load it.
        if (method !== "POST" && !push) { location.assign(url); return; }
        var formNotice = method === "POST" ? document.getElementById("form-notice") : null;
        var notice = formNotice || document.getElementById("not-reached");
        if (!notice) { location.assign(url); return; }
        showUnreached();
        notice.textContent = formNotice ? unsentText : notDoneText;
        // A form's is said at its top, far from the Submit pressed on a long form.
        if (formNotice) { formNotice.scrollIntoView({ block: "nearest" }); }
      })
      .finally(function () {
        if (mine !== latestLoad) { return; }
        loading = false;
        submitting = null;
        var told = navigateAfterLoad;
        navigateAfterLoad = null;
        // Where the app is now, if not where this answer showed it (`/webui/here` opens nothing).
        if (told !== null && told !== shownPath && told !== here()) { load(herePath, "GET", null, !formSubmitted); }
      });
  }

  function show(response, text, push) {
    // Signed out (or the session ended): the sign-in page is not the app's, and loads whole.
    if (new URL(response.url).pathname === "/sign-in") { location.assign(response.url); return; }
    var next = new DOMParser().parseFromString(text, "text/html");
    var main = next.querySelector("main");
    if (!main || response.status >= 500) { document.open(); document.write(text); document.close(); return; }
    var before = identify(document.activeElement);
    var hadDialog = openDialog() !== null;
    var currentBefore = currentRowPlace();
    // Read before the new page replaces this one (a shorter page scrolls back up).
    var scrolledTo = window.scrollY;
    document.querySelector("main").replaceWith(document.adoptNode(main));
    document.title = next.title;
    var nextToken = next.querySelector('meta[name="csrf-token"]');
    if (nextToken) { token = nextToken.getAttribute("content"); }
    // The server names the page it answered with (it answers a script with the page, not a redirect).
    var address = new URL(response.headers.get("X-WebUI-Path") || response.url, location.href);
    var samePage = address.pathname === location.pathname;
    var path = address.pathname + address.search;
    var keptAfterPop = pathBeforePop === path;
    pathBeforePop = null;
    var goesBack = false;
    if (path === expectedPop) {
      // A second answer for the page being gone back to (a form's and the stream's) adds nothing.
    } else if (push && !samePage) {
      // Another query on the same page (a search) replaces the entry: no entry per search.
      rememberPlace(scrolledTo, before);
      history.pushState({ from: here() }, "", path);
    } else if (path !== here()) {
      if (entryFrom() === path) {
        goesBack = true;
      } else if (keptAfterPop) {
        // Back or Forward was answered with the page shown before (a form asking before its
        // changes are lost): its entry is made again, so the entry just reached stays.
        history.pushState({ from: here() }, "", path);
      } else {
        history.replaceState({ from: entryFrom() }, "", path);
      }
    }
    if (!samePage) { formSubmitted = false; }
    placeFocus(before, hadDialog, samePage);
    if (samePage) { keepCurrentRowInView(currentBefore); }
    watchLoadMore();
    shownPath = path;
    if (expectedPop === path) { return; }
    if (goesBack) {
      // The stream connects once the address is the page's (or, should Back not happen, soon).
      expectedPop = path;
      history.back();
      setTimeout(function () { if (expectedPop === path) { expectedPop = null; connect(); } }, 1000);
    } else {
      connect();
    }
  }

  // The address a GET form leads to: its action with its fields as the query, empty ones left out.
  function formAddress(form) {
    var url = new URL(form.getAttribute("action") || location.pathname, location.href);
    var query = new URLSearchParams();
    new FormData(form).forEach(function (value, name) { if (value) { query.append(name, value); } });
    url.search = query.toString();
    return url.pathname + url.search;
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if ((form.getAttribute("method") || "get").toLowerCase() !== "post") {
      event.preventDefault();
      load(formAddress(form), "GET", null, true);
      return;
    }
    // A form with a file goes as the browser sends it (multipart), and its answer loads whole; it
    // names its tab in a field, as no header can be added to it.
    if ((form.getAttribute("enctype") || "").toLowerCase() === "multipart/form-data") {
      var named = form.querySelector('input[name="_tab"]') || form.appendChild(document.createElement("input"));
      named.type = "hidden";
      named.name = "_tab";
      named.value = tab;
      return;
    }
    event.preventDefault();
    // A second press of the same button while the first is on its way (a double click) is not
    // sent: its page would be gone by the time it came, and the answer drawn would say so.
    if (submitting && submitting.form === form && submitting.button === event.submitter) { return; }
    // The form carries every field's text: a live input still waiting to be sent would arrive after
    // the form has gone.
    timers.forEach(function (timer, input) {
      if (input.form === form) { clearTimeout(timer); timers.delete(input); }
    });
    var data = new FormData(form, event.submitter);
    formSubmitted = true;
    load(form.getAttribute("action") || location.pathname, "POST", new URLSearchParams(data), false);
    submitting = { form: form, button: event.submitter };
  });

  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[href]");
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) { return; }
    var url = new URL(link.href, location.href);
    if (url.origin !== location.origin || link.hasAttribute("download") || link.target) { return; }
    event.preventDefault();
    formSubmitted = false;
    load(url.pathname + url.search, "GET", null, true);
  });

  window.addEventListener("popstate", function (event) {
    // Back from a form with changes asks first: Keep editing gives focus back to the field the
    // person was in, as a control that opens a dialog gets it back.
    lastUsed = identify(document.activeElement) || lastUsed;
    if (expectedPop !== null) {
      var expected = expectedPop;
      expectedPop = null;
      if (here() === expected) { connect(); return; }
    }
    // What was typed goes to the page it was typed in; the address is the entry reached already.
    sendAllTyped(false);
    pathBeforePop = shownPath;
    load(here(), "GET", null, false, event.state);
  });

  // Back to a page: focus on what had it when the page was left, if it is still there, then the
  // scroll as it was.
  function returnTo(place) {
    if (!place) { return; }
    var focused = openDialog() ? null : find(place.focused);
    if (focused) { focusOn(focused, { preventScroll: true }, null); }
    if (place.scrollY) { window.scrollTo(0, place.scrollY); }
  }

  // --- Focus and keys -----------------------------------------------------------------------
  // A redrawn region replaces the element that had focus: focus goes back to the element that
  // stands for the same thing (the same id, or the same control in the same identified region, such
  // as a friend's row), never to whatever now sits where it was.

  var lastUsed = null;  // the control the person last activated
  var opener = null;    // the control that opened the dialog now open
  // Where a control asks focus to go once its action is drawn (data-moves-focus): the element of
  // that id, or, when empty, where the page puts focus ([autofocus]: a field just added, the first
  // field with a message). Null when the last control asked nothing. It waits for a drawing that
  // replaced that element (an earlier one may only show the app busy), and ends with the page.
  var movesFocusTo = null;
  var movesFocusFrom = null;

  function focusMoveTarget() {
    if (movesFocusTo === null) { return null; }
    return movesFocusTo ? document.getElementById(movesFocusTo) : document.querySelector("main [autofocus]");
  }

  function identify(element) {
    if (!element || element === document.body || !element.isConnected) { return null; }
    if (element.id) { return { id: element.id, caret: caretOf(element) }; }
    var anchor = element.parentElement && element.parentElement.closest("[id]");
    if (!anchor) { return null; }
    var selector = element.tagName.toLowerCase();
    ["name", "value", "href"].forEach(function (attribute) {
      var value = element.getAttribute(attribute);
      if (value !== null) { selector += "[" + attribute + '="' + CSS.escape(value) + '"]'; }
    });
    var index = Array.prototype.indexOf.call(anchor.querySelectorAll(selector), element);
    return { anchor: anchor.id, selector: selector, index: index };
  }

  function find(identity) {
    if (!identity) { return null; }
    if (identity.id) { return document.getElementById(identity.id); }
    var anchor = document.getElementById(identity.anchor);
    return anchor ? anchor.querySelectorAll(identity.selector)[identity.index] || null : null;
  }

  function openDialog() { return document.querySelector('[aria-modal="true"]'); }

  function isTextField(element) {
    return element.tagName === "TEXTAREA" || (element.tagName === "INPUT" && typeof element.value === "string"
      && ["text", "search", "email", "tel", "url", ""].indexOf(element.getAttribute("type") || "") >= 0);
  }

  // Where the caret is in a text field (an email field does not tell: null).
  function caretOf(element) {
    if (!isTextField(element) || element.selectionStart === null) { return null; }
    return { start: element.selectionStart, end: element.selectionEnd };
  }

  // Focus that lands in a text field drawn anew puts the caret where it was in the field it
  // replaces (caret), or else after the text, where typing goes on: a browser puts it at the start.
  function focusOn(element, options, caret) {
    element.focus(options);
    if (!isTextField(element)) { return; }
    var end = element.value.length;
    try {
      if (caret && caret.end <= end) { element.setSelectionRange(caret.start, caret.end); } else { element.setSelectionRange(end, end); }
    } catch (error) {
      // An email field has no selection to set: setting its text again puts the caret after it.
      var value = element.value;
      element.value = "";
      element.value = value;
    }
  }

  // Where focus goes after a redraw: a dialog that opened takes it, one that closed gives it back
  // to the control that opened it; on the same page it stays where it was, found again by identity
  // when the redraw replaced it; a new page puts it where the page asks (autofocus, or the place it
  // offers to one arriving, such as the row of the friend just left), or on its heading. A
  // drawing's focus request (data-focus-now) counts only when focus has nowhere better to go (lost,
  // or still on the heading the page gave it on arrival, such as a list whose chosen friend's page
  // loads after it), so a redrawn list never pulls focus away from what the person is on.
  function placeFocus(before, hadDialog, samePage) {
    var dialog = openDialog();
    var requested = document.querySelector("main [data-focus-now]");
    document.querySelectorAll("main [data-focus-now]").forEach(function (element) {
      element.removeAttribute("data-focus-now");
    });
    var moved = focusMoveTarget();
    var movesNow = !dialog && samePage && moved && moved !== movesFocusFrom;
    if (dialog || !samePage || movesNow) { movesFocusTo = null; }
    if (movesNow) { focusOn(moved, undefined, null); return; }
    var target = null;
    var refocus = false;
    var caret = null;  // where the caret goes in a text field focus returns to
    if (dialog) {
      if (!hadDialog) { opener = lastUsed; }
      if (!dialog.contains(document.activeElement)) {
        target = dialog.querySelector("[autofocus]") || dialog.querySelector("button");
      }
    } else {
      if (hadDialog) { target = find(opener); caret = opener && opener.caret; opener = null; }
      var active = document.activeElement;
      var lost = !active || active === document.body || !active.isConnected;
      // The heading focus rests on (or that heading drawn again, when the title changed too).
      var heading = samePage && requested ? (lost ? find(before) : active) : null;
      if (!target && heading && heading.matches("main h1")) {
        target = requested;
      } else if (!target && (!samePage || (lost && (before || requested)))) {
        var again = samePage ? find(before) : null;
        // The element that had focus, drawn again where it was: focusing it must not scroll.
        refocus = again !== null;
        if (refocus) { caret = before.caret; }
        var arrival = samePage ? null : document.querySelector("main [data-focus-on-arrival]");
        target = again || requested || document.querySelector("main [autofocus]") || arrival || document.querySelector("main h1");
      }
    }
    if (target) { focusOn(target, refocus ? { preventScroll: true } : undefined, caret); }
  }

  document.addEventListener("click", function (event) {
    var control = event.target.closest && event.target.closest("button, a[href]");
    if (control) {
      lastUsed = identify(control);
      movesFocusTo = control.hasAttribute("data-moves-focus") ? control.getAttribute("data-moves-focus") : null;
      movesFocusFrom = focusMoveTarget();
    }
  }, true);

  function keepFocusInside(dialog, event) {
    var controls = Array.prototype.filter.call(
      dialog.querySelectorAll("button, a[href], input:not([type=hidden]), select, textarea, [tabindex]"),
      function (element) { return !element.disabled && element.tabIndex >= 0; });
    if (!controls.length) { return; }
    var first = controls[0];
    var last = controls[controls.length - 1];
    var inside = dialog.contains(document.activeElement);
    if (event.shiftKey && (!inside || document.activeElement === first)) { event.preventDefault(); last.focus(); }
    else if (!event.shiftKey && (!inside || document.activeElement === last)) { event.preventDefault(); first.focus(); }
  }

  function cancel(event) {
    var target = event.target;
    var menu = target.closest && target.closest("details.menu[open]");
    if (menu) {
      event.preventDefault();
      menu.open = false;
      menu.querySelector("summary").focus();
      return;
    }
    if (target.matches && target.matches('input[type="search"]') && target.value) {
      event.preventDefault();
      target.value = "";
      target.dispatchEvent(new Event("input", { bubbles: true }));
      return;
    }
    var scope = openDialog() || document.querySelector("main");
    var control = scope && scope.querySelector("[data-escape]");
    if (!control) { return; }
    event.preventDefault();
    var pressedIn = identify(document.activeElement);
    control.click();
    // A dialog this opens (Discard changes?) gives focus back to where Escape was pressed, not to
    // the control Escape stands for.
    if (pressedIn) { lastUsed = pressedIn; }
  }

  document.addEventListener("click", function (event) {
    var choice = event.target.closest && event.target.closest("details.menu a");
    document.querySelectorAll("details.menu[open]").forEach(function (menu) {
      if (!menu.contains(event.target) || menu.contains(choice)) { menu.open = false; }
    });
  });

  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") { cancel(event); return; }
    var dialog = openDialog();
    if (event.key === "Tab" && dialog) { keepFocusInside(dialog, event); }
  });

  // --- Live inputs --------------------------------------------------------------------------

  var timers = new Map();
  var reloadedAfterRefusal = false;

  function sendInput(element, action, pairs, keepalive) {
    var form = element.form || element.closest("form");
    var body = new URLSearchParams(pairs);
    body.set("action", action);
    body.set("_live", "1");
    body.set("_csrf", token);
    // The page's own path: Back may have changed the address already.
    var path = shownPath.split("?")[0];
    fetch(form ? form.getAttribute("action") || path : path, {
      method: "POST", body: body, headers: headers(), credentials: "same-origin", keepalive: keepalive === true
    }).then(function (response) {
      // Refused: the server no longer has this page's session (it restarted). A search or the
      // next page of a list is loaded again where the page is, search included, which starts a
      // new session and shows what was asked. Once until an input is taken again: inputs come in
      // bursts, and a browser that keeps no cookie would be refused after every reload. A form's
      // field is not: what was typed in the form stays, and sending the form brings it back.
      if (response.status !== 403) { reloadedAfterRefusal = false; return; }
      var showsWhatItAsks = element.hasAttribute("data-load-more")
        || (form !== null && (form.getAttribute("method") || "get").toLowerCase() === "get");
      if (showsWhatItAsks && !reloadedAfterRefusal) {
        reloadedAfterRefusal = true;
        load(here(), "GET", null, false);
      }
    }).catch(function () {
      // The stream says whether the app's server is there (a closed one has said why already);
      // one lost request alone does not.
      if (events && events.readyState === EventSource.CONNECTING) { showUnreached(); }
      // A network that dropped and came back says nothing to a stream that stayed open: the next
      // page is asked for again while it is in view.
      if (element.hasAttribute("data-load-more")) { setTimeout(watchLoadMore, loadMoreRetry); }
    });
  }

  // A search's text goes into the address too, unless Back or Forward has reached another entry.
  function sendTyped(input, intoAddress, keepalive) {
    clearTimeout(timers.get(input));
    timers.delete(input);
    if (intoAddress && input.form && (input.form.getAttribute("method") || "get").toLowerCase() === "get") {
      var address = formAddress(input.form);
      if (address !== here()) { history.replaceState(history.state, "", address); }
    }
    sendInput(input, input.getAttribute("data-live"), [[input.name, input.value]], keepalive);
  }

  // Before anything leaves the page (a link, Back, a reload), what was typed in it is sent, to that
  // page (as the page goes away, by requests that outlive it: keepalive).
  function sendAllTyped(intoAddress, keepalive) {
    Array.from(timers.keys()).forEach(function (input) { sendTyped(input, intoAddress, keepalive); });
  }

  document.addEventListener("input", function (event) {
    var input = event.target;
    if (!input.getAttribute || !input.getAttribute("data-live")) { return; }
    clearTimeout(timers.get(input));
    // Typing fast sends the last text, not every keystroke.
    timers.set(input, setTimeout(function () { sendTyped(input, true); }, 120));
  });

  // --- Infinite scroll ----------------------------------------------------------------------

  var loadMoreRetry = 2000;

  var observer = "IntersectionObserver" in window ? new IntersectionObserver(function (entries) {
    entries.forEach(function (entry) {
      if (!entry.isIntersecting) { return; }
      var element = entry.target;
      observer.unobserve(element);
      sendInput(element, element.getAttribute("data-load-more"), [[element.getAttribute("data-name"), element.getAttribute("data-value")]]);
    });
  }) : null;

  function watchLoadMore() {
    if (!observer) { return; }
    observer.disconnect();
    document.querySelectorAll("[data-load-more]").forEach(function (element) { observer.observe(element); });
  }

  document.documentElement.classList.add("scripted");
  watchLoadMore();
  connect();
})();
