// Every page with a party feed shows every roll of the party, once, newest on top.
// - When the stream (re)opens, the page asks the log for the rolls since the newest roll
//   the log itself last answered with ("data-feed-complete"), not since the newest card
//   shown: a roll committed a moment after a later one (two server processes) or missed
//   while disconnected is filled in, wherever it falls among the cards. "Opens" is the
//   stream's own "stream-open" event (hx-trigger="sse:stream-open"), sent once the
//   server has read where the feed stands; the EventSource's open (htmx:sseOpen) comes
//   with the headers, before that read, and a roll stored between the two reached the
//   page by neither way.
// - The feed's events are numbered per channel without gaps: a roll arriving after a gap
//   in the numbers (an event the page never got) makes the page ask for the rolls after
//   the newest card it had before that roll.
(function () {
  "use strict";
  var SHOWN = 30; // rolls a feed shows at first (rolls.models.FEED_LENGTH)
  function rollNumber(card) { return parseInt(card.dataset.roll, 10) || 0; }
  function shownNewestFirst(feed) {
    return Array.prototype.map.call(feed.querySelectorAll(":scope > [data-roll]"), rollNumber)
      .sort(function (a, b) { return b - a; });
  }
  function catchUpFrom(feed) {
    if (feed.dataset.catchUpAfter) {
      var after = feed.dataset.catchUpAfter;
      delete feed.dataset.catchUpAfter;
      return parseInt(after, 10) || 0;
    }
    var shown = shownNewestFirst(feed);
    if (!shown.length) { return 0; }
    var complete = parseInt(feed.dataset.feedComplete || "", 10) || 0;
    // a page open for hours asks from its 30th newest card at most
    return Math.max(complete, shown[Math.min(shown.length, SHOWN) - 1] - 1);
  }
  document.body.addEventListener("htmx:configRequest", function (event) {
    var trigger = event.detail.elt;
    if (!trigger.hasAttribute || !trigger.hasAttribute("data-feed-catch-up")) { return; }
    var feed = document.querySelector(trigger.getAttribute("hx-target"));
    var after = feed ? catchUpFrom(feed) : 0;
    if (after) { event.detail.parameters.after = String(after); }
  });
  // The log's answer: once it is the last page, every roll up to its newest is shown.
  document.body.addEventListener("htmx:afterRequest", function (event) {
    var trigger = event.detail.elt;
    if (!trigger.hasAttribute || !event.detail.successful) { return; }
    if (!trigger.hasAttribute("data-feed-catch-up") && !trigger.hasAttribute("data-catch-up-next")) { return; }
    var text = event.detail.xhr.responseText || "";
    if (text.indexOf("data-catch-up-next") !== -1) { return; }
    var feed = document.querySelector(trigger.getAttribute("hx-target"));
    if (!feed) { return; }
    var newest = parseInt(feed.dataset.feedComplete || "", 10) || 0;
    text.replace(/data-roll="(\d+)"/g, function (_, number) {
      newest = Math.max(newest, parseInt(number, 10));
    });
    feed.dataset.feedComplete = String(newest);
  });
  function eventNumber(message) { // "party-1:57" (or several channels) -> 57
    var match = /:(\d+)$/.exec((message && message.lastEventId) || "");
    return match ? parseInt(match[1], 10) : null;
  }
  document.body.addEventListener("htmx:sseOpen", function (event) {
    if (event.target.dataset) { delete event.target.dataset.feedEvent; } // the catch-up covers it
  });
  // The number of the newest event the page has had; a roll after a gap asks the log.
  function counted(event) {
    var source = event.target.closest && event.target.closest("[data-feed-source]");
    var number = eventNumber(event.detail);
    if (!source || number === null) { return null; }
    var last = parseInt(source.dataset.feedEvent || "", 10) || 0;
    source.dataset.feedEvent = String(Math.max(number, last));
    return { source: source, gap: last > 0 && number > last + 1 };
  }
  document.body.addEventListener("htmx:sseMessage", counted); // events swapped elsewhere too
  document.body.addEventListener("htmx:sseBeforeMessage", function (event) {
    var feed = event.target.classList && event.target.classList.contains("feed") ? event.target : null;
    var seen = counted(event);
    if (!feed || !seen || !seen.gap) { return; }
    feed.dataset.catchUpAfter = String(shownNewestFirst(feed)[0] || 0);
    var catchUp = seen.source.querySelector("[data-feed-catch-up]");
    if (catchUp) { htmx.trigger(catchUp, "feedGap"); }
  });
  // One card per roll, newest on top, from the moment a card lands (not after htmx's
  // settle: a card the catch-up brought and the same card from the stream stood side
  // by side for a moment).
  function tidy(feed) {
    var seen = {};
    feed.querySelectorAll(":scope > [data-roll]").forEach(function (card) {
      if (seen[card.dataset.roll]) { card.remove(); } else { seen[card.dataset.roll] = true; }
    });
    // Newest on top, by roll: two rolls made at once through two server processes
    // may reach the page in either order.
    var cards = Array.prototype.slice.call(feed.querySelectorAll(":scope > [data-roll]"));
    var sorted = cards.slice().sort(function (a, b) { return rollNumber(b) - rollNumber(a); });
    if (sorted.some(function (card, i) { return card !== cards[i]; })) {
      sorted.forEach(function (card) { feed.appendChild(card); });
    }
  }
  document.body.addEventListener("htmx:afterSwap", function (event) {
    var feed = event.target.closest && event.target.closest(".feed");
    if (feed) { tidy(feed); }
  });
  document.body.addEventListener("htmx:sseMessage", function (event) {
    if (event.target.classList && event.target.classList.contains("feed")) { tidy(event.target); }
  });
  htmx.onLoad(function () { document.querySelectorAll(".feed").forEach(tidy); });
})();

// A catch-up answer (the feed's log when its stream opens or after a gap, the GM's
// dashboard cards when the stream opens) holds what was stored when it was asked for.
// What the stream brought after that moment (a roll's card, a roll's later step, a
// character's dashboard card) is at least as new, and anything newer still comes by the
// stream. So before htmx swaps such an answer in, each element the stream has brought
// since the request left (by its id: roll-card-N, summary-N) takes the place of its copy
// in the answer: the page's own copy when an answer replaces what is shown (a whole log,
// the cards), and none at all when the answer goes on top of the feed, where the card
// already is. An answer that replaces the whole log keeps the cards it did not know of.
// (The answer used to win: a roll's card that arrived while the log was on its way, or
// a sheet change while the dashboard's cards were, was wiped until the next reload.)
(function () {
  "use strict";
  var arrivals = 0; // messages the page's streams have brought so far
  var streamed = {}; // element id -> { at: the arrival that last brought it, html: as it came }
  function note(id, html) {
    streamed[id] = { at: arrivals, html: html };
  }
  document.body.addEventListener("htmx:sseBeforeMessage", function (event) {
    arrivals += 1;
    var target = event.target;
    var data = String((event.detail && event.detail.data) || "");
    if (target.id) { note(target.id, null); } // swapped into (a dashboard card: summary-N)
    if (data.indexOf('id="roll-card-') === -1) { return; }
    var parsed = document.createElement("template");
    parsed.innerHTML = data;
    parsed.content.querySelectorAll('[id^="roll-card-"]').forEach(function (card) {
      card.removeAttribute("hx-swap-oob"); // a later step's card, as it would stand in a feed
      note(card.id, card.outerHTML);
    });
  });
  function merges(elt) {
    return elt && elt.hasAttribute && (elt.hasAttribute("data-feed-catch-up") ||
      elt.hasAttribute("data-catch-up-next") || elt.hasAttribute("data-stream-merge"));
  }
  document.body.addEventListener("htmx:beforeRequest", function (event) {
    if (merges(event.detail.elt) && event.detail.xhr) { event.detail.xhr.streamedBefore = arrivals; }
  });
  function fresh(id) { // the newest copy of an element the stream brought: the page's, if shown
    var shown = document.getElementById(id);
    if (shown) { return shown.cloneNode(true); }
    if (!streamed[id].html) { return null; }
    var parsed = document.createElement("template");
    parsed.innerHTML = streamed[id].html;
    return parsed.content.firstElementChild;
  }
  document.body.addEventListener("htmx:beforeSwap", function (event) {
    var detail = event.detail;
    var since = detail.xhr && detail.xhr.streamedBefore;
    if (since === undefined || !detail.shouldSwap || typeof detail.serverResponse !== "string") { return; }
    var newer = Object.keys(streamed).filter(function (id) { return streamed[id].at > since; });
    if (!newer.length) { return; }
    var target = detail.target;
    var additive = /^(afterbegin|beforeend)/.test(detail.xhr.getResponseHeader("HX-Reswap") || "");
    var wholeFeed = !additive && target.classList.contains("feed");
    var answer = document.createElement("template");
    answer.innerHTML = detail.serverResponse;
    var content = answer.content;
    newer.forEach(function (id) {
      var copy = content.getElementById(id);
      if (additive) { if (copy) { copy.remove(); } return; }
      var shown = document.getElementById(id);
      var isCard = id.indexOf("roll-card-") === 0;
      if (!copy && !(wholeFeed && isCard && (!shown || shown.parentNode === target))) { return; }
      var newest = fresh(id);
      if (!newest) { return; }
      newest.classList.remove("htmx-added", "htmx-settling", "htmx-swapping");
      if (copy) { copy.replaceWith(newest); } else { content.insertBefore(newest, content.firstChild); }
    });
    if (wholeFeed && content.querySelector("[data-roll]")) {
      content.querySelectorAll("[data-feed-empty], [data-feed-loading]").forEach(function (p) { p.remove(); });
    }
    detail.serverResponse = answer.innerHTML;
  });
})();

// A roll's push stays on its card until the character rolls again (or the GM closes
// it, which sends the card again without it). The players share one feed, so the Push
// on a player's card waits hidden until the page of that character shows it; a card
// of the same character arriving on top (its next roll, or the push itself) takes the
// older cards' Push and Close away. The server refuses a late push all the same.
(function () {
  "use strict";
  function rollNumber(card) { return parseInt(card.dataset.roll, 10) || 0; }
  function tidyPushes() {
    var own = document.querySelector("[data-own-character]");
    var newest = {};
    document.querySelectorAll("[data-roll-character]").forEach(function (card) {
      var who = card.dataset.rollCharacter;
      if (who !== "npc") { newest[who] = Math.max(newest[who] || 0, rollNumber(card)); }
    });
    var pushed = {};
    document.querySelectorAll("[data-push-of]").forEach(function (card) { pushed[card.dataset.pushOf] = true; });
    document.querySelectorAll("[data-card-push], [data-close-push]").forEach(function (form) {
      var card = form.closest("[data-roll]");
      if (!card) { return; }
      var who = card.dataset.rollCharacter;
      if (pushed[card.dataset.roll] || (who !== "npc" && rollNumber(card) < newest[who])) {
        form.remove();
        return;
      }
      if (form.hasAttribute("data-card-push") && form.hidden && own &&
          form.dataset.cardPush === own.dataset.ownCharacter) {
        form.hidden = false;
      }
    });
  }
  htmx.onLoad(tidyPushes);
  // A page without the roll dialog (the party page) pushes on the roll's own page.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches("[data-card-push]") || document.getElementById("roll-dialog")) { return; }
    var link = form.closest("[data-roll]").querySelector(".roll-card-link");
    if (link) { event.preventDefault(); window.location.href = link.href; }
  });
})();

// A request the server could not answer (503: the database dropped, "try again") shows
// its one-line answer where the page is, for a few seconds, instead of nothing at all.
(function () {
  "use strict";
  document.body.addEventListener("htmx:responseError", function (event) {
    var xhr = event.detail.xhr;
    if (!xhr || xhr.status !== 503) { return; }
    var note = document.createElement("div");
    note.className = "alert alert-warning try-again-toast";
    note.setAttribute("role", "alert");
    note.textContent = (xhr.responseText || "").replace(/<[^>]*>/g, "").trim() ||
      gettext("The server could not answer just now. Try again.");
    document.body.appendChild(note);
    window.setTimeout(function () { note.remove(); }, 6000);
  });
})();

// The GM changed the party's settings (the clock, the sector's rot level...): a sheet
// page refreshes what depends on them ("sheetChanged" asks for the derived values), and
// an open roll form is fetched again so its defaults and odds follow.
(function () {
  "use strict";
  document.body.addEventListener("htmx:sseMessage", function (event) {
    var target = event.target;
    if (!target.hasAttribute || !target.hasAttribute("data-party-settings-listener")) { return; }
    if (document.querySelector("[data-sheet-refresh]")) { htmx.trigger(document.body, "sheetChanged"); }
    htmx.trigger(document.body, "partySettingsChanged");
  });
})();

// A character's sheet changed somewhere (the GM fixed a value, the player's other
// device, a roll the GM made for them): the open page of that sheet refreshes what moved
// ("sheetChanged" posts the values it shows; only fields stored otherwise come back).
// The page's own changes are heard too: a change this page sent in the last moments (or
// is sending) already brought its answer, so the echo asks for nothing (a refresh then
// could redraw the part the player is using, the Slots grid under the keyboard).
(function () {
  "use strict";
  var ECHO_MS = 3000;
  var writing = 0;
  var wroteAt = 0;
  function isWrite(event) {
    var verb = event.detail && event.detail.requestConfig && event.detail.requestConfig.verb;
    return verb && verb !== "get";
  }
  document.body.addEventListener("htmx:beforeRequest", function (event) {
    if (isWrite(event)) { writing += 1; wroteAt = Date.now(); }
  });
  document.body.addEventListener("htmx:afterRequest", function (event) {
    if (isWrite(event)) { writing = Math.max(writing - 1, 0); wroteAt = Date.now(); }
  });
  document.body.addEventListener("htmx:sseMessage", function (event) {
    var target = event.target;
    if (!target.hasAttribute || !target.hasAttribute("data-sheet-changed-listener")) { return; }
    var source = target.closest("[data-feed-source]");
    var own = source && source.dataset.ownCharacter;
    // sheet-changed carries the character's number; the GM's card event is its own
    var changed = target.dataset.changedCharacter || String(event.detail.data).trim();
    if (!own || own !== changed) { return; }
    if (!document.querySelector("[data-sheet-refresh]")) { return; }
    if (writing > 0 || Date.now() - wroteAt < ECHO_MS) { return; }
    htmx.trigger(document.body, "sheetChanged");
  });
})();
