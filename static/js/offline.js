// Every page, calm when the connection drops (docs/offline.md):
// - registers the service worker (templates/pwa/sw.js, served at /sw.js);
// - knows whether the server can be reached: the browser's online flag, and requests
//   that got no answer (then /healthz is asked, less and less often, until it answers);
// - says so in one notice (a status region: heard once, not over and over), and says
//   when the connection is back;
// - refuses what needs the server while there is none: a roll (the dice are rolled on
//   the server, against the sheet) says why at once instead of waiting for nothing; a
//   sheet's field edits are kept instead (static/js/offline-queue.js);
// - on the way back: the feed asks for the rolls it missed.
// Window.Tableside.connection is what offline-queue.js reads and listens to.
(function () {
  "use strict";
  var script = document.currentScript;
  var data = (script && script.dataset) || {};
  var Tableside = window.Tableside = window.Tableside || {};
  var PROBE = data.probe || "/healthz";
  var BACK_SHOWN_MS = 6000;
  var PROBE_WAITS = [1000, 2000, 4000, 8000, 15000];

  // ---- the service worker ------------------------------------------------------------

  // A service worker needs a secure context (HTTPS, or this machine): on a LAN served
  // over plain HTTP the page still keeps its edits, without the worker's kept pages.
  if (data.serviceWorker && "serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register(data.serviceWorker, { scope: "/" }).catch(function () {
      return null; // no worker: the page works as before, online
    });
  }

  // Log-out: the pages kept on this device and the edits waiting go with the person.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!data.logout || !form.matches || form.getAttribute("action") !== data.logout) { return; }
    if (navigator.serviceWorker && navigator.serviceWorker.controller) {
      navigator.serviceWorker.controller.postMessage({ type: "logged-out" });
    }
    if (Tableside.offlineQueue) { Tableside.offlineQueue.forgetAll(); }
  });

  // ---- the notice ----------------------------------------------------------------------

  var notice = document.createElement("div");
  notice.id = "offline-notice";
  notice.className = "offline-notice";
  notice.setAttribute("role", "status");
  notice.setAttribute("aria-live", "polite");
  notice.setAttribute("aria-atomic", "true");
  var noticeText = document.createElement("span");
  notice.appendChild(noticeText);
  document.body.appendChild(notice);
  var hideTimer = 0;

  function say(kind, text) {
    window.clearTimeout(hideTimer);
    notice.className = "offline-notice is-shown is-" + kind;
    notice.dataset.state = kind;
    noticeText.textContent = text;
    if (kind === "back") {
      hideTimer = window.setTimeout(function () {
        notice.className = "offline-notice";
        noticeText.textContent = "";
        delete notice.dataset.state;
      }, BACK_SHOWN_MS);
    }
  }

  var waiting = 0; // edits kept on this device (offline-queue.js says how many)
  function waitingText() {
    if (!waiting) { return ""; }
    return " " + interpolate(ngettext("%(count)s change waiting.", "%(count)s changes waiting.", waiting), {count: waiting}, true);
  }
  function sayDown() {
    var start = navigator.onLine
      ? gettext("The server does not answer.")
      : gettext("You are offline.");
    say("offline", start + " " + gettext("What you change is kept on this device and sent when the connection is back. Rolls wait for it.") + waitingText());
  }

  // ---- online or not ---------------------------------------------------------------------

  var up = navigator.onLine;
  var probeTimer = 0;
  var probes = 0;

  function changeTo(next) {
    if (next === up) { return; }
    up = next;
    if (up) {
      window.clearTimeout(probeTimer);
      probes = 0;
      say("back", gettext("Back online.") + (waiting ? " " + gettext("Sending what you changed\u2026") : ""));
      reopenStreams();
      markFeeds(true);
      catchUpFeeds();
      document.dispatchEvent(new CustomEvent("tableside:online"));
    } else {
      sayDown();
      closeStreams();
      markFeeds(false);
      document.dispatchEvent(new CustomEvent("tableside:offline"));
    }
  }

  // Ask the server whether it answers (never from a cache: the worker leaves it alone).
  function probe() {
    window.clearTimeout(probeTimer);
    if (!navigator.onLine) { changeTo(false); return; }
    fetch(PROBE, { cache: "no-store", credentials: "omit" }).then(function (response) {
      if (response.ok) { changeTo(true); } else { retryLater(); }
    }, retryLater);
  }
  function retryLater() {
    changeTo(false);
    probeTimer = window.setTimeout(probe, PROBE_WAITS[Math.min(probes, PROBE_WAITS.length - 1)]);
    probes += 1;
  }

  window.addEventListener("offline", function () { window.clearTimeout(probeTimer); changeTo(false); });
  window.addEventListener("online", probe);
  // A request that got no answer: the server may be gone although the device is online.
  // Asked before saying so: one lost answer (a worker restarting, a Wi-Fi hiccup) with the
  // server there still must not refuse the next roll.
  document.body.addEventListener("htmx:sendError", function () { if (up) { probe(); } });
  // Any answer from the server: it is there.
  document.body.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail && event.detail.xhr;
    if (!up && xhr && xhr.status > 0 && navigator.onLine) { probe(); }
  });

  // The live feed's streams: closed when the connection goes (a dropped Wi-Fi can leave a
  // stream that looks open and hears nothing for minutes), opened again when it is back
  // (htmx's SSE extension reopens a stream that failed; reopened, it asks for what it
  // missed), besides the catch-up asked for at once.
  var streams = [];
  if (window.htmx && htmx.createEventSource) {
    var open = htmx.createEventSource;
    htmx.createEventSource = function (url) {
      var source = open(url);
      streams = streams.filter(function (s) { return s.readyState !== EventSource.CLOSED; });
      streams.push(source);
      return source;
    };
  }
  function closeStreams() {
    streams.forEach(function (source) {
      if (source.readyState !== EventSource.CLOSED) { source.close(); source.closedByUs = true; }
    });
  }
  function reopenStreams() {
    var closed = streams.filter(function (source) { return source.closedByUs; });
    streams = streams.filter(function (source) { return !source.closedByUs; });
    closed.forEach(function (source) { source.dispatchEvent(new Event("error")); });
  }

  // The feed's "live" badge says the truth while the stream is away.
  function markFeeds(live) {
    document.querySelectorAll("[data-feed-live]").forEach(function (badge) {
      if (!badge.dataset.liveText) { badge.dataset.liveText = badge.textContent; }
      badge.textContent = live ? badge.dataset.liveText : "offline";
      badge.classList.toggle("text-bg-success", live);
      badge.classList.toggle("text-bg-secondary", !live);
    });
  }

  function catchUpFeeds() {
    if (!window.htmx) { return; }
    document.querySelectorAll("[data-feed-catch-up]").forEach(function (trigger) {
      htmx.trigger(trigger, "feedGap");
    });
  }

  // ---- what needs the server, refused with the reason while there is none ---------------

  var ROLL_REFUSED = gettext("You are offline: no roll was made. The dice are rolled on the server, against your sheet, so rolls wait for the connection. Roll again once it is back.");
  var NOT_SENT = gettext("You are offline: that was not sent (it needs the server). Try again once the connection is back.");

  function refusal(text) {
    var box = document.createElement("div");
    box.className = "alert alert-warning mb-0 offline-refused";
    box.setAttribute("role", "alert");
    box.setAttribute("data-offline-refused", "");
    box.textContent = text;
    return box;
  }
  function inRollDialog(detail) {
    var dialog = document.getElementById("roll-dialog");
    return Boolean(dialog && ((detail.target && dialog.contains(detail.target)) ||
      (detail.elt && dialog.contains(detail.elt))));
  }

  // After offline-queue.js (on the body) has taken a field's edit, if it did.
  document.addEventListener("htmx:confirm", function (event) {
    var detail = event.detail;
    if (up || event.defaultPrevented) { return; }
    var verb = (detail.verb || "get").toLowerCase();
    if (inRollDialog(detail)) {
      event.preventDefault();
      var slot = verb === "get" ? document.getElementById("roll-form-slot") : document.getElementById("roll-result");
      if (slot) { slot.replaceChildren(refusal(ROLL_REFUSED)); }
      var close = document.querySelector("#roll-dialog [data-roll-dialog-close]");
      if (close) { close.focus({ preventScroll: true }); }
      return;
    }
    if (verb === "get") { return; } // reading: the worker may have it
    event.preventDefault();
    // the page's own asks (what changed elsewhere) wait silently: asked again once back
    if (detail.elt && detail.elt.matches && detail.elt.matches("[data-sheet-refresh]")) { return; }
    toast(NOT_SENT);
  });

  // A roll sent while the device thought it was online, and no answer came.
  window.addEventListener("htmx:sendError", function (event) {
    var detail = event.detail;
    if (!inRollDialog(detail)) { return; }
    var slot = document.getElementById(detail.target && detail.target.id === "roll-form-slot" ? "roll-form-slot" : "roll-result");
    if (slot) {
      slot.replaceChildren(refusal(gettext("The server did not answer. If the roll was made it shows in the feed once the connection is back; look there before rolling again.")));
    }
  });

  // A plain form (log-out, the theme, a page without htmx) would leave for the
  // browser's own error page: it stays, and says why.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (up || event.defaultPrevented || (form.method || "").toLowerCase() !== "post") { return; }
    if (form.hasAttribute("hx-post") || form.closest("#roll-dialog")) { return; } // htmx's: above
    event.preventDefault();
    toast(form.matches("[data-card-push]") ? ROLL_REFUSED : NOT_SENT);
  });

  function toast(text) {
    var note = refusal(text);
    note.classList.add("offline-toast");
    document.body.appendChild(note);
    window.setTimeout(function () { note.remove(); }, BACK_SHOWN_MS);
  }

  // The offline page's "Try again".
  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("[data-offline-retry]")) { location.reload(); }
  });

  Tableside.connection = {
    isUp: function () { return up; },
    lost: function () { if (up) { retryLater(); } },
    waiting: function (count) {
      waiting = count;
      if (!up) { sayDown(); }
    },
    say: function (text) { say("back", text); },
  };
  if (!up) { sayDown(); }
})();
