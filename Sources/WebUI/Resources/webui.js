// WebUI's script: makes a server-drawn app live. Without it every page still works (forms post,
// the server redirects, the browser draws the next page); with it
// - the server's pushed regions (Server-Sent Events) replace their elements as view-model
//   outputs change, and the page follows the session to another screen;
// - inputs marked data-live (a search box, a form field) are sent as the user types;
// - forms and same-site links load the next page without a full reload, keeping the stream open;
// - an element marked data-load-more is sent when it scrolls into view (infinite scroll);
// - an element marked data-webui-connection says so when the stream is refused for good.
// No framework and nothing from another site: the Content-Security-Policy allows this file only.
(function () {
  "use strict";

  var csrf = document.querySelector('meta[name="csrf-token"]');
  if (!csrf) { return; }
  var token = csrf.getAttribute("content");
  var loadingPath = null;
  var events = null;

  function headers() {
    return { "X-WebUI": "1", "X-CSRF-Token": token, "Content-Type": "application/x-www-form-urlencoded" };
  }

  // --- Pushed regions ---------------------------------------------------------------------

  function applyFragments(fragments) {
    var active = document.activeElement;
    var activeID = active && active.id;
    fragments.forEach(function (fragment) {
      var element = document.getElementById(fragment.id);
      if (!element) { return; }
      // What the user is typing in wins over what the server last saw of it.
      if (element === active && (element.tagName === "INPUT" || element.tagName === "TEXTAREA")) { return; }
      var template = document.createElement("template");
      template.innerHTML = fragment.html;
      element.replaceWith(template.content);
    });
    if (activeID && document.activeElement !== active) {
      var again = document.getElementById(activeID);
      if (again) { again.focus(); }
    }
    focusRequested();
    watchLoadMore();
  }

  function connect() {
    if (events) { events.close(); }
    events = new EventSource("/webui/events?path=" + encodeURIComponent(location.pathname));
    events.addEventListener("fragments", function (event) {
      applyFragments(JSON.parse(event.data));
    });
    events.addEventListener("navigate", function (event) {
      var path = JSON.parse(event.data)[0];
      if (path !== location.pathname && path !== loadingPath) { load(path, "GET", null, true); }
    });
    // The browser retries a dropped stream by itself; a refused one (the session ended, the
    // server restarted) stays closed: say so where the page shows its connection.
    events.addEventListener("error", function () {
      if (events.readyState !== EventSource.CLOSED) { return; }
      var connection = document.querySelector("[data-webui-connection]");
      if (connection) { connection.className = "connection"; connection.textContent = "offline, reload the page"; }
    });
  }

  // --- Loading pages ------------------------------------------------------------------------

  function load(url, method, body, push) {
    var path = new URL(url, location.href).pathname;
    loadingPath = method === "GET" ? path : null;
    return fetch(url, { method: method, body: body, headers: headers(), credentials: "same-origin" })
      .then(function (response) {
        return response.text().then(function (text) { show(response, text, push); });
      })
      .catch(function () { location.assign(url); })
      .finally(function () { loadingPath = null; });
  }

  function show(response, text, push) {
    var next = new DOMParser().parseFromString(text, "text/html");
    var main = next.querySelector("main");
    if (!main || response.status >= 500) { document.open(); document.write(text); document.close(); return; }
    document.querySelector("main").replaceWith(document.adoptNode(main));
    document.title = next.title;
    var nextToken = next.querySelector('meta[name="csrf-token"]');
    if (nextToken) { token = nextToken.getAttribute("content"); }
    var path = new URL(response.url).pathname;
    if (push && path !== location.pathname) { history.pushState(null, "", path); }
    else if (path !== location.pathname) { history.replaceState(null, "", path); }
    var focus = document.querySelector("main [autofocus]") || document.querySelector("main h1");
    if (focus) { focus.focus(); }
    watchLoadMore();
    connect();
  }

  function focusRequested() {
    var wanted = document.querySelector("main [data-focus-now]");
    if (wanted) { wanted.removeAttribute("data-focus-now"); wanted.focus(); }
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if ((form.getAttribute("method") || "get").toLowerCase() !== "post") { return; }
    // A form with a file goes as the browser sends it (multipart), and its answer loads whole.
    if ((form.getAttribute("enctype") || "").toLowerCase() === "multipart/form-data") { return; }
    event.preventDefault();
    var data = new FormData(form, event.submitter);
    load(form.getAttribute("action") || location.pathname, "POST", new URLSearchParams(data), true);
  });

  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[href]");
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) { return; }
    var url = new URL(link.href, location.href);
    if (url.origin !== location.origin || link.hasAttribute("download") || link.target) { return; }
    event.preventDefault();
    load(url.pathname, "GET", null, true);
  });

  window.addEventListener("popstate", function () { load(location.pathname, "GET", null, false); });

  // --- Live inputs --------------------------------------------------------------------------

  var timers = new Map();

  function sendInput(element, action, pairs) {
    var form = element.form || element.closest("form");
    var body = new URLSearchParams(pairs);
    body.set("action", action);
    body.set("_live", "1");
    body.set("_csrf", token);
    fetch(form ? form.getAttribute("action") || location.pathname : location.pathname, {
      method: "POST", body: body, headers: headers(), credentials: "same-origin"
    });
  }

  document.addEventListener("input", function (event) {
    var input = event.target;
    var action = input.getAttribute && input.getAttribute("data-live");
    if (!action) { return; }
    clearTimeout(timers.get(input));
    // Typing fast sends the last text, not every keystroke.
    timers.set(input, setTimeout(function () { sendInput(input, action, [[input.name, input.value]]); }, 120));
  });

  // --- Infinite scroll ----------------------------------------------------------------------

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
