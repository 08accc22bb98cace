// The GM's dashboard: a card that changes is highlighted and moves to its place (alerts
// first), the party strip follows the cards, and the feed's filters stay across reloads.
(function () {
  "use strict";

  function cards() { return Array.prototype.slice.call(document.querySelectorAll("[data-summary-slot]")); }
  function stateOf(slot) { return slot.querySelector("[data-card-state]"); }

  function reorder() {
    var list = document.getElementById("summaries");
    if (!list) { return; }
    cards()
      .map(function (slot, index) {
        var state = stateOf(slot);
        return { slot: slot, rank: state ? parseInt(state.dataset.urgency, 10) : 99, index: index,
                 name: state ? state.dataset.name : "" };
      })
      .sort(function (a, b) { return a.rank - b.rank || a.name.localeCompare(b.name) || a.index - b.index; })
      .forEach(function (entry) { list.appendChild(entry.slot); });
  }

  function strip() {
    ["down", "help"].forEach(function (kind) {
      var names = cards().map(stateOf).filter(function (state) {
        return state && state.hasAttribute("data-" + kind) &&
          (kind === "down" || !state.hasAttribute("data-down"));
      }).map(function (state) { return state.dataset.name; });
      var target = document.querySelector('[data-strip="' + kind + '"] [data-strip-names]');
      if (target) { target.textContent = names.length ? names.join(", ") : gettext("nobody"); }
      var item = document.querySelector('[data-strip="' + kind + '"]');
      if (item) { item.classList.toggle("is-alert", names.length > 0); }
    });
  }

  document.body.addEventListener("htmx:sseMessage", function (event) {
    var card = event.target.closest && event.target.closest(".summary-card");
    if (!card) { return; }
    card.classList.remove("is-changed");
    void card.offsetWidth; // restart the highlight
    card.classList.add("is-changed");
    reorder();
    strip();
  });
  htmx.onLoad(function (root) {
    if (root.id === "summaries" || root === document.body) { reorder(); strip(); }
    applyFilters();
  });

  // ---- feed filters, kept per party in this browser --------------------------------
  var form = document.querySelector("[data-feed-filters]");
  var key = form ? "tableside-feed-filters:" + form.dataset.feedFilters : "";
  function filters() {
    if (!form) { return {}; }
    return { character: form.character.value, system: form.system.value,
             kind: form.kind.value.trim().toLowerCase(), tone: form.tone.value };
  }
  function matches(card, f) {
    if (f.character && card.dataset.rollCharacter !== f.character) { return false; }
    if (f.system && card.dataset.rollSystem !== f.system) { return false; }
    if (f.kind && (card.dataset.rollKind || "").toLowerCase().indexOf(f.kind) === -1) { return false; }
    if (f.tone === "pushed") { return card.hasAttribute("data-roll-pushed"); }
    if (f.tone && card.dataset.rollTone !== f.tone) { return false; }
    return true;
  }
  function applyFilters() {
    if (!form) { return; }
    var f = filters();
    document.querySelectorAll(".feed [data-roll]").forEach(function (card) {
      card.hidden = !matches(card, f);
    });
  }
  if (form) {
    try {
      var saved = JSON.parse(localStorage.getItem(key) || "{}");
      Object.keys(saved).forEach(function (name) { if (form[name]) { form[name].value = saved[name]; } });
    } catch (e) { /* a fresh start */ }
    form.addEventListener("input", function () {
      try { localStorage.setItem(key, JSON.stringify(filters())); } catch (e) { /* private mode */ }
      applyFilters();
    });
    form.addEventListener("submit", function (event) { event.preventDefault(); });
    applyFilters();
  }
})();
