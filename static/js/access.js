// Loaded in <head>, not deferred (it sets the theme before the page is drawn); its
// listeners are on the document, so they hear htmx's events from any page.

// The scripts' words: gettext, ngettext and interpolate come from the language's
// catalogue (/jsi18n/<lang>.js, loaded just before this file; docs/i18n.md). Where it
// could not load (offline, never cached), the English words stand.
(function () {
  "use strict";
  if (!window.gettext) { window.gettext = function (text) { return text; }; }
  if (!window.ngettext) {
    window.ngettext = function (one, many, count) { return count === 1 ? one : many; };
  }
  if (!window.interpolate) {
    window.interpolate = function (format, values, named) {
      if (named) {
        return format.replace(/%\(\w+\)s/g, function (hole) { return String(values[hole.slice(2, -2)]); });
      }
      var index = 0;
      return format.replace(/%s/g, function () { return String(values[index++]); });
    };
  }
})();

// The theme: a person who chose "as the device" gets light or dark from
// prefers-color-scheme, and follows the device when it changes (evening mode). A chosen
// light or dark theme is set by the server (preferences/theme.py).
(function () {
  "use strict";
  var root = document.documentElement;
  if (root.getAttribute("data-theme") !== "auto" || !window.matchMedia) { return; }
  var light = window.matchMedia("(prefers-color-scheme: light)");
  function follow() { root.setAttribute("data-bs-theme", light.matches ? "light" : "dark"); }
  follow();
  light.addEventListener("change", follow);
})();

// What a screen reader hears. A roll's result (the dialog's, the roll page's) is said
// once, in one line written by the server (data-spoken: what was rolled, the dice, the
// outcome, what changed on the sheet), through the status region beside it (#roll-said),
// not as the whole card with its odds tables. The feed's cards are no live region (a
// catch-up brings thirty): a roll that arrives live from someone else is said in one short
// line; several within a moment as one line with their count; a roll this page's dialog
// has said, not again.
(function () {
  "use strict";
  var saidRolls = {};
  document.addEventListener("htmx:afterSwap", function (event) {
    var target = event.detail.target;
    if (!target || target.id !== "roll-result") { return; }
    var said = document.getElementById("roll-said");
    var card = target.querySelector("[data-spoken]");
    if (!said || !card) { return; }
    saidRolls[card.getAttribute("data-roll-result")] = true;
    said.textContent = card.getAttribute("data-spoken");
  });

  var arrived = [];
  var timer = 0;
  function cardLine(card) {
    var part = function (selector) {
      var found = card.querySelector(selector);
      return found ? found.textContent.replace(/\s+/g, " ").trim() : "";
    };
    if (card.hasAttribute("data-roll-secret")) { return gettext("The GM rolled, in secret."); }
    return part(".roll-card-who") + ", " + part(".roll-card-link") + ": " + part("[data-outcome]") + ".";
  }
  function sayArrived(region) {
    timer = 0;
    // this page's own roll was said by its dialog (its card may come before its answer)
    arrived = arrived.filter(function (card) { return !saidRolls[card.roll]; });
    if (!arrived.length) { return; }
    var newest = arrived[arrived.length - 1].line;
    region.textContent = arrived.length === 1
      ? interpolate(gettext("New roll: %(roll)s"), {roll: newest}, true)
      : interpolate(gettext("%(count)s new rolls. The newest: %(roll)s"), {count: arrived.length, roll: newest}, true);
    arrived = [];
  }
  document.addEventListener("htmx:sseMessage", function (event) {
    var feed = event.target;
    if (!feed.classList || !feed.classList.contains("feed") || event.detail.type !== "roll") { return; }
    var source = feed.closest("[data-feed-source]");
    var region = source && source.querySelector("[data-feed-said]");
    if (!region) { return; }
    var parsed = document.createElement("template");
    parsed.innerHTML = event.detail.data;
    var card = parsed.content.querySelector("[data-roll]");
    if (!card) { return; }
    arrived.push({ roll: card.getAttribute("data-roll"), line: cardLine(card) });
    if (!timer) { timer = window.setTimeout(function () { sayArrived(region); }, 1500); }
  });
})();

// A control that a swap takes away (Remove on a row, which becomes "Removed ... Undo")
// leaves the keyboard on nothing: the focus goes to what took its place, its first
// control, or the new element itself. A control drawn again with the same id (a live
// panel fetched again while the keyboard is on one of its buttons) gets the focus back,
// whichever swap came last: only when the focused control itself was taken away, never
// after the person moved on.
(function () {
  "use strict";
  var lostFrom = null;
  var lastFocused = null; // the last focused element
  document.addEventListener("focusin", function (event) { lastFocused = event.target; });
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    lostFrom = target && target.id && target.contains(document.activeElement) ? target.id : null;
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    if (document.activeElement && document.activeElement !== document.body) { lostFrom = null; return; }
    var taken = lastFocused && !lastFocused.isConnected && lastFocused.id;
    var again = taken && document.getElementById(lastFocused.id);
    var target = event.detail.target;
    if (again && target && target.contains(again)) {
      lastFocused = again;
      lostFrom = null;
      again.focus({ preventScroll: true });
      return;
    }
    var id = lostFrom;
    lostFrom = null;
    if (!id) { return; }
    var place = document.getElementById(id);
    if (!place) { return; }
    var control = place.querySelector("button:not([disabled]), a[href], input:not([type=hidden]), select");
    if (!control) { place.setAttribute("tabindex", "-1"); control = place; }
    control.focus({ preventScroll: true });
  });
})();

// The header's language switch is a <details> menu (it works without JavaScript); with
// it, the menu also closes on a click elsewhere and on Escape, like the theme switch.
(function () {
  "use strict";
  document.addEventListener("click", function (event) {
    document.querySelectorAll("details[data-language-switch][open]").forEach(function (menu) {
      if (!menu.contains(event.target)) { menu.removeAttribute("open"); }
    });
  });
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") { return; }
    var menu = document.querySelector("details[data-language-switch][open]");
    if (menu) {
      menu.removeAttribute("open");
      menu.querySelector("summary").focus();
    }
  });
})();
