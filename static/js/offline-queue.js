// A sheet's field edits made without a connection (docs/offline.md): kept on the device
// (localStorage: a reload, a closed tab, a restarted phone keep them) and sent when the
// server answers again, in the order they were made, through the field's own save, so
// the rules of today hold: each carries the value the page started from, and a value
// changed elsewhere meanwhile comes back as a conflict (the stored value stays).
// Each kept edit has its own Idempotency-Key, sent with it on every try: the server
// applies it once however often it arrives (and the save itself never stores the same
// value twice).
(function () {
  "use strict";
  var STORE = "tableside-offline-edits";
  var RETRY_MS = [2000, 5000, 15000];
  var Tableside = window.Tableside = window.Tableside || {};
  var connection = Tableside.connection;
  if (!connection || !window.htmx) { return; }

  // ---- the store ---------------------------------------------------------------------------

  function all() {
    try { return JSON.parse(localStorage.getItem(STORE) || "[]"); } catch (e) { return []; }
  }
  function keep(entries) {
    try { localStorage.setItem(STORE, JSON.stringify(entries)); } catch (e) { /* full, private */ }
  }
  function here(entries) {
    return entries.filter(function (entry) { return entry.page === location.pathname; });
  }
  function pendingFor(name) {
    return here(all()).filter(function (entry) { return entry.name === name; });
  }
  function newKey() {
    var shared = Tableside.idempotency && Tableside.idempotency.newKey;
    if (shared) { return shared(); }
    if (window.crypto && crypto.randomUUID) { return crypto.randomUUID(); }
    var bytes = crypto.getRandomValues(new Uint8Array(16)); // a plain-HTTP LAN has no randomUUID
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    var hex = Array.prototype.map.call(bytes, function (b) { return (b + 0x100).toString(16).slice(1); }).join("");
    return hex.slice(0, 8) + "-" + hex.slice(8, 12) + "-" + hex.slice(12, 16) + "-" + hex.slice(16, 20) + "-" + hex.slice(20);
  }
  function tell() { connection.waiting(here(all()).length); }

  // ---- the sheet's fields (as static/js/sheet.js reads them) --------------------------------

  function fieldOf(element) { return element && element.closest && element.closest(".sheet-field"); }
  function inputOf(field) { return field && field.querySelector("[hx-post][name]"); }
  function originalOf(field) { return field && document.getElementById(field.id + "-original"); }
  function statusOf(field) { return field && document.getElementById(field.id + "-status"); }
  function inputNamed(name) {
    return document.querySelector('.sheet-field [name="' + CSS.escape(name) + '"][hx-post]');
  }
  function valueOf(input) {
    if (input.type === "checkbox") { return input.checked ? "True" : "False"; }
    return input.value;
  }
  function put(input, value) {
    if (input.type === "checkbox") { input.checked = value === "True"; } else { input.value = value; }
  }
  function labelOf(field) {
    var label = field && field.querySelector("label");
    return label ? label.textContent.trim() : "";
  }

  function showKept(field) {
    var status = statusOf(field);
    if (!status) { return; }
    status.className = "field-status is-kept";
    status.textContent = gettext("Kept on this device: sent when the connection is back.");
  }

  // ---- keeping an edit ------------------------------------------------------------------------

  // The page's edit of ``input``, kept: a later edit of a field whose edit was not sent
  // yet replaces its value; one made after a try starts from the value that try sent.
  function remember(input, key) {
    var field = fieldOf(input);
    var original = originalOf(field);
    if (!original) { return; }
    var entries = all();
    var mine = here(entries).filter(function (entry) { return entry.name === input.name; });
    var last = mine[mine.length - 1];
    var value = valueOf(input);
    if (last && !last.tried) {
      last.value = value;
      if (last.value === last.original && mine.length === 1) {
        entries.splice(entries.indexOf(last), 1); // put back as it was: nothing to send
      }
    } else {
      entries.push({
        key: key || newKey(),
        page: location.pathname,
        url: input.getAttribute("hx-post"),
        name: input.name,
        label: labelOf(field),
        checkbox: input.type === "checkbox",
        value: value,
        original: last ? last.value : original.value,
        tried: Boolean(key),
        at: Date.now(),
      });
    }
    keep(entries);
    tell();
  }

  function forget(entry) {
    keep(all().filter(function (other) { return other.key !== entry.key; }));
    tell();
  }

  // A field's save while offline, or while an earlier edit of the field waits: kept.
  document.body.addEventListener("htmx:confirm", function (event) {
    var detail = event.detail;
    var input = detail.elt;
    if ((detail.verb || "").toLowerCase() === "get" || inputOf(fieldOf(input)) !== input) { return; }
    if (sending && sending.input === input) { return; } // the kept edit itself, on its way
    if (connection.isUp() && !pendingFor(input.name).length) { return; } // the usual save
    event.preventDefault();
    remember(input);
    if (pendingFor(input.name).length) { showKept(fieldOf(input)); } else { clearStatus(fieldOf(input)); }
    if (connection.isUp()) { send(); }
  });

  function clearStatus(field) {
    var status = statusOf(field);
    if (status) { status.className = "field-status"; status.textContent = ""; }
  }

  // A save that got no answer (the server went away under it): it may have arrived, so
  // it is kept with the key it went with, and sent again with it.
  window.addEventListener("htmx:sendError", function (event) {
    var input = event.detail.elt;
    if (inputOf(fieldOf(input)) !== input || (sending && sending.input === input)) { return; }
    var headers = (event.detail.requestConfig && event.detail.requestConfig.headers) || {};
    remember(input, headers["Idempotency-Key"] || newKey());
    showKept(fieldOf(input));
    connection.lost();
  });

  // ---- what a page shows of its kept edits -------------------------------------------------

  // The page (or a part of it, a tab) arrives: its fields show what was typed and kept.
  htmx.onLoad(function (root) {
    var entries = here(all());
    if (!entries.length || !root.querySelectorAll) { return; }
    entries.forEach(function (entry) {
      var input = inputNamed(entry.name);
      if (!input || !(root === document.body || root.contains(input))) { return; }
      put(input, entry.value);
      showKept(fieldOf(input));
    });
    tell();
    if (connection.isUp()) { send(); }
  });

  // A refresh (a change from elsewhere) leaves a field with a kept edit alone: the edit's
  // own save meets the new value and shows the conflict.
  document.body.addEventListener("htmx:oobBeforeSwap", function (event) {
    var target = event.detail.target;
    var input = target && target.classList && target.classList.contains("sheet-field") && inputOf(target);
    if (input && pendingFor(input.name).length) { event.detail.shouldSwap = false; }
  });

  // ---- sending, once the server answers ----------------------------------------------------

  var sending = null; // {entry, input, status}
  var sent = 0;
  var refused = 0;
  var retries = 0;
  var retryTimer = 0;

  function send() {
    if (sending || !connection.isUp()) { return; }
    var entries = here(all());
    if (!entries.length) { finished(); return; }
    var entry = entries[0];
    var input = inputNamed(entry.name);
    // its field is on a part of the sheet that is on its way: sent once that part is here
    if (!input && document.querySelector('[data-deferred-tab][hx-trigger="load"]:not(.is-failed)')) { return; }
    entry.tried = true;
    keep(all().map(function (other) { return other.key === entry.key ? entry : other; }));
    if (!input) { sendWithoutField(entry); return; }
    sending = { entry: entry, input: input, status: 0 };
    put(input, entry.value);
    var values = {};
    values["original-" + entry.name] = entry.original;
    htmx.ajax("POST", entry.url, {
      source: input,
      target: "#" + fieldOf(input).id + "-status",
      swap: "outerHTML",
      values: values,
      headers: { "Idempotency-Key": entry.key },
    }).then(function () { answered(entry, sending.status); }, function () { answered(entry, 0); });
  }

  // Last of all the request's listeners: the kept edit's key, whoever else set one.
  window.addEventListener("htmx:configRequest", function (event) {
    if (sending && event.detail.elt === sending.input) {
      event.detail.headers["Idempotency-Key"] = sending.entry.key;
    }
  });
  // (before the swap: a conflict's answer replaces the field, input and all)
  window.addEventListener("htmx:beforeOnLoad", function (event) {
    if (sending && event.detail.elt === sending.input && event.detail.xhr) {
      sending.status = event.detail.xhr.status;
    }
  });

  // A field no longer on the page (its row was removed, or it is on a part not shown):
  // sent all the same; what came of it is said in the notice.
  function sendWithoutField(entry) {
    sending = { entry: entry, input: null, status: 0 };
    var body = new FormData();
    if (!entry.checkbox) { body.append(entry.name, entry.value); } else if (entry.value === "True") { body.append(entry.name, "on"); }
    body.append("original-" + entry.name, entry.original);
    var headers = { "HX-Request": "true", "Idempotency-Key": entry.key };
    try {
      var shared = JSON.parse(document.body.getAttribute("hx-headers") || "{}");
      if (shared["X-CSRFToken"]) { headers["X-CSRFToken"] = shared["X-CSRFToken"]; }
    } catch (e) { /* no token: the server refuses, and says so */ }
    fetch(entry.url, { method: "POST", body: body, headers: headers, credentials: "same-origin" })
      .then(function (response) { answered(entry, response.status); }, function () { answered(entry, 0); });
  }

  function answered(entry, code) {
    var input = sending && sending.input;
    sending = null;
    if (code === 0 || code >= 500) { // no answer, or "try again": kept, same key
      if (input) { showKept(fieldOf(input)); }
      if (code === 0) { connection.lost(); return; }
      retryTimer = window.setTimeout(send, RETRY_MS[Math.min(retries, RETRY_MS.length - 1)]);
      retries += 1;
      return;
    }
    retries = 0;
    forget(entry);
    if (code < 300) { sent += 1; } else { refused += 1; }
    var now = inputNamed(entry.name);
    var status = now && statusOf(fieldOf(now));
    if (code === 409 && status) { // the conflict, as today; and what was typed here
      var yours = document.createElement("span");
      yours.className = "offline-yours";
      var typed = entry.checkbox ? (entry.value === "True" ? gettext("You ticked it while offline.") : gettext("You cleared it while offline."))
        : entry.value === "" ? gettext("You typed nothing (empty) while offline.")
          : interpolate(gettext("You typed \u201c%(value)s\u201d while offline."), {value: entry.value}, true);
      yours.textContent = " " + typed;
      status.appendChild(yours);
    } else if (!input && code >= 400) {
      connection.say(interpolate(code === 409 ? gettext("Not saved: %(field)s: changed or removed elsewhere meanwhile.") : gettext("Not saved: %(field)s: the server refused it."), {field: entry.label || entry.name}, true));
    }
    send();
  }

  var resync = false; // back online: what changed elsewhere is asked for once all is sent
  function finished() {
    window.clearTimeout(retryTimer);
    if (sent || refused) {
      var told = interpolate(ngettext("Back online: %(count)s change saved.", "Back online: %(count)s changes saved.", sent), {count: sent}, true);
      if (refused) { told += " " + interpolate(ngettext("%(count)s was not saved: see the field.", "%(count)s were not saved: see the field.", refused), {count: refused}, true); }
      connection.say(told);
      sent = 0;
      refused = 0;
    }
    // what changed elsewhere while this page was away
    if (resync && document.querySelector("[data-sheet-refresh]")) { htmx.trigger(document.body, "sheetChanged"); }
    resync = false;
  }

  document.addEventListener("tableside:online", function () { resync = true; send(); });
  document.addEventListener("tableside:offline", function () { window.clearTimeout(retryTimer); });

  Tableside.offlineQueue = {
    forgetAll: function () { keep([]); },
    // sheet.js: a draft of a field with a kept edit is that edit (it is sent from here)
    keeps: function (name) { return pendingFor(name).length > 0; },
    count: function () { return here(all()).length; },
  };
})();
