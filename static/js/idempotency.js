// Every change a page sends carries a random key of its own (the Idempotency-Key
// header; a plain form's hidden idempotency_key field), and the server applies a key
// once: a request sent again with its key gets the first answer back, not a second
// roll (config/idempotency.py, docs/idempotency.md).
//
// - htmx: each POST/PUT/PATCH/DELETE gets a fresh key, unless its sender set one (a
//   resend from a queue) or it repeats, field for field, a request that got no answer
//   (the Wi-Fi dropped; the player taps Roll again): that one goes again with the key
//   it had, so the server answers it once whether or not the first reached it.
// - A plain form (no htmx on it) gets its hidden field when submitted, the same key
//   while it sends the same values (a double click); a browser that resends the post
//   (reload after a lost answer) resends the key with it.
// - window.Tableside.idempotency.newKey() makes a key for other scripts.
(function () {
  "use strict";
  var HEADER = "Idempotency-Key";
  var FIELD = "idempotency_key";
  var unanswered = {}; // a request's fingerprint -> the key it went with, no answer came

  function hex(byte) { return (byte + 0x100).toString(16).slice(1); }

  // A UUID4. crypto.randomUUID exists in secure contexts only, and the LAN table
  // (make table) is plain HTTP: getRandomValues works in both.
  function newKey() {
    if (window.crypto && typeof window.crypto.randomUUID === "function" && window.isSecureContext) {
      return window.crypto.randomUUID();
    }
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    var text = Array.prototype.map.call(bytes, hex).join("");
    return [text.slice(0, 8), text.slice(8, 12), text.slice(12, 16), text.slice(16, 20), text.slice(20)].join("-");
  }

  function headerOf(headers) {
    for (var name in headers) {
      if (Object.prototype.hasOwnProperty.call(headers, name) && name.toLowerCase() === HEADER.toLowerCase()) {
        return headers[name];
      }
    }
    return null;
  }

  // What makes two requests the same: verb, path and every value sent (the CSRF token
  // aside), in order.
  function fingerprint(detail) {
    var parts = [detail.verb.toUpperCase(), detail.path];
    if (detail.formData && detail.formData.forEach) {
      detail.formData.forEach(function (value, name) {
        if (name === "csrfmiddlewaretoken" || name === FIELD) { return; }
        var shown = typeof value === "string" ? value : (value.name + ":" + value.size);
        parts.push(encodeURIComponent(name) + "=" + encodeURIComponent(shown));
      });
    }
    return parts.join("\n");
  }

  document.addEventListener("htmx:configRequest", function (event) {
    var detail = event.detail;
    if (!detail || !detail.verb || detail.verb.toLowerCase() === "get") { return; }
    if (headerOf(detail.headers)) { return; } // its sender chose the key (a resend)
    var print = fingerprint(detail);
    detail.headers[HEADER] = unanswered[print] || newKey();
    detail.idempotencyFingerprint = print;
  });

  // No answer (the connection dropped, a timeout, an aborted request): the same request
  // sent again keeps the key. Any answer ends that.
  document.addEventListener("htmx:afterRequest", function (event) {
    var config = event.detail && event.detail.requestConfig;
    var print = config && config.idempotencyFingerprint;
    if (!print) { return; }
    var xhr = event.detail.xhr;
    if (xhr && xhr.status === 0) {
      unanswered[print] = headerOf(config.headers);
    } else {
      delete unanswered[print];
    }
  });

  // A plain form that posts (htmx's own forms have had their default prevented by now:
  // this listens on the window, the last to hear the submit). Its key stays while what
  // it sends stays the same (a second click, the page shown again from the back-forward
  // cache and sent as it was); a changed form is a new request with a new key.
  window.addEventListener("submit", function (event) {
    var form = event.target;
    if (event.defaultPrevented || !form || form.tagName !== "FORM") { return; }
    var submitter = event.submitter || null;
    var method = (submitter && submitter.getAttribute("formmethod")) || form.getAttribute("method") || "get";
    if (method.toLowerCase() !== "post") { return; }
    var action = (submitter && submitter.getAttribute("formaction")) || form.getAttribute("action") || window.location.pathname;
    var data;
    try { data = new FormData(form, submitter); } catch (error) { data = new FormData(form); }
    var print = fingerprint({ verb: "post", path: action, formData: data });
    var field = form.querySelector("input[data-idempotency-key]");
    if (field && field.getAttribute("data-idempotency-print") === print) { return; } // sent again as it was
    if (!field) {
      field = document.createElement("input");
      field.type = "hidden";
      field.name = FIELD;
      field.setAttribute("data-idempotency-key", "");
      form.appendChild(field);
    }
    field.value = newKey();
    field.setAttribute("data-idempotency-print", print);
  });

  window.Tableside = window.Tableside || {};
  window.Tableside.idempotency = { newKey: newKey, header: HEADER, field: FIELD };
})();
