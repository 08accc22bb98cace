// The sheet page: fields that save themselves, tabs, counter boxes, the feed's own rolls.
// No inline handlers (the CSP forbids them): everything is wired here.
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  var DRAFTS = "tableside-drafts:" + location.pathname;

  // ---- saving -------------------------------------------------------------------

  // With JavaScript every field saves itself, so the section "Save" buttons (for
  // browsers without JavaScript) are hidden and disabled: Enter in a field then never
  // posts a whole section behind the autosave's back.
  htmx.onLoad(function (root) {
    root.querySelectorAll("[data-nojs-submit]").forEach(function (button) {
      button.disabled = true;
      button.hidden = true;
    });
  });

  function fieldOf(element) { return element && element.closest && element.closest(".sheet-field"); }
  function inputOf(field) { return field && field.querySelector("[hx-post][name]"); }
  function originalOf(field) { return field && document.getElementById(field.id + "-original"); }
  function statusOf(field) { return field && document.getElementById(field.id + "-status"); }
  function valueOf(input) {
    if (input.type === "checkbox") { return input.checked ? "True" : "False"; }
    return input.value;
  }

  // "Saving..." while a field's save is on its way.
  document.body.addEventListener("htmx:beforeRequest", function (event) {
    var field = fieldOf(event.detail.elt);
    var status = statusOf(field);
    if (!status || event.detail.elt !== inputOf(field)) { return; }
    status.className = "field-status is-saving";
    status.textContent = gettext("Saving\u2026");
  });

  // A save's answer replaces only the field's status line. Mark the input invalid (red
  // border, aria-invalid) while the status shows an error or a conflict, offer the
  // stored value back on an error, and unmark it once a later save goes through.
  htmx.onLoad(function (root) {
    if (!root.matches || !root.matches(".sheet-field .field-status")) { return; }
    var field = root.closest(".sheet-field");
    var input = inputOf(field);
    if (!input) { return; }
    var invalid = root.classList.contains("is-error") || root.classList.contains("is-conflict");
    field.classList.toggle("is-invalid", invalid);
    input.classList.toggle("is-invalid", invalid);
    if (invalid) {
      input.setAttribute("aria-invalid", "true");
    } else {
      input.removeAttribute("aria-invalid");
    }
    if (root.classList.contains("is-saved")) {
      forgetDraft(input.name);
      fadeLater(root, root.querySelector("[data-undo]") ? UNDO_SHOWN_MS : 2600);
    }
    // A refused value is not kept for a reload: after one the page shows what is stored.
    if (root.classList.contains("is-error")) {
      forgetDraft(input.name);
      if (input.hasAttribute("data-restored-draft")) {
        var note = document.createElement("strong");
        note.textContent = gettext("Typed before the page reloaded, not saved: ");
        root.insertBefore(note, root.firstChild);
      }
    }
    input.removeAttribute("data-restored-draft");
  });

  // A save that got no answer (the connection dropped): the value stays in the field
  // and in this tab's drafts (a reload sends it again), and says plainly that it is not
  // saved, with a way to discard it.
  document.body.addEventListener("htmx:sendError", function (event) {
    var field = fieldOf(event.detail.elt);
    var status = statusOf(field);
    var original = originalOf(field);
    if (!status || event.detail.elt !== inputOf(field)) { return; }
    status.className = "field-status is-error";
    status.textContent = gettext("Not saved: the server did not answer. It is kept in this tab and sent again when you change it or reload. ");
    var discard = document.createElement("button");
    discard.type = "button";
    discard.className = "btn btn-link btn-sm put-back";
    discard.setAttribute("data-put-back", "");
    discard.textContent = interpolate(gettext("Discard (back to %(value)s)"), {value: original ? original.value : gettext("the stored value")}, true);
    status.appendChild(discard);
  });

  // A save's Undo stays a while (and while it has the focus), then goes with "Saved".
  var UNDO_SHOWN_MS = 8000;
  function fadeLater(status, delay) {
    window.setTimeout(function () {
      if (status.contains(document.activeElement)) { fadeLater(status, 2600); return; }
      status.classList.add("is-faded");
    }, delay);
  }

  // After an Undo the control is gone: the focus goes to what took its place (the
  // field, back to its old value; a roll's "Undone" line), not to the page's top.
  document.body.addEventListener("htmx:afterSwap", function (event) {
    var source = event.detail.requestConfig && event.detail.requestConfig.elt;
    if (!source || !source.matches || !source.matches("[data-undo], [data-roll-undo]")) { return; }
    var target = event.detail.target && document.getElementById(event.detail.target.id);
    var field = target && target.classList.contains("sheet-field") ? target : null;
    var focus = field ? inputOf(field) : document.querySelector("[data-undo-outcome]");
    if (focus) { focus.focus(); }
  });

  // "Put back" on a refused value: the stored value returns to the input.
  document.body.addEventListener("click", function (event) {
    var button = event.target.closest("[data-put-back]");
    if (!button) { return; }
    var field = fieldOf(button);
    var input = inputOf(field);
    var original = originalOf(field);
    if (!input || !original) { return; }
    if (input.type === "checkbox") {
      input.checked = original.value === "True";
    } else {
      input.value = original.value;
    }
    forgetDraft(input.name);
    field.classList.remove("is-invalid");
    input.classList.remove("is-invalid");
    input.removeAttribute("aria-invalid");
    var status = statusOf(field);
    status.className = "field-status";
    status.textContent = "";
    input.focus();
  });

  // ---- drafts: what was typed and not yet saved survives a reload ------------------

  function drafts() {
    try { return JSON.parse(sessionStorage.getItem(DRAFTS) || "{}"); } catch (e) { return {}; }
  }
  function keepDrafts(all) {
    try { sessionStorage.setItem(DRAFTS, JSON.stringify(all)); } catch (e) { /* private mode */ }
  }
  function forgetDraft(name) {
    var all = drafts();
    if (name in all) { delete all[name]; keepDrafts(all); }
  }
  document.body.addEventListener("input", function (event) {
    var input = event.target;
    var field = fieldOf(input);
    var original = originalOf(field);
    if (!original || input !== inputOf(field)) { return; }
    var all = drafts();
    all[input.name] = { value: valueOf(input), original: original.value };
    keepDrafts(all);
  });
  // On load: a draft typed on this page (and not saved) goes back into its field and
  // saves, unless the stored value changed since (then the stored value wins). With a
  // scope (a part of the sheet that just arrived), only the drafts of its fields.
  function restoreDrafts(scope) {
    var all = drafts();
    Object.keys(all).forEach(function (name) {
      var input = (scope || document).querySelector('.sheet-field [name="' + CSS.escape(name) + '"][hx-post]');
      if (scope && !input) { return; } // not in the part that arrived
      var original = input && originalOf(fieldOf(input));
      var draft = all[name];
      if (input && original && draft.value === original.value && draft.value !== draft.original) {
        // the page's own save left as it reloaded and landed: the value is kept already
        forgetDraft(name);
        var status = statusOf(fieldOf(input));
        if (status) {
          status.className = "field-status is-saved";
          status.innerHTML = '<span class="saved-mark">\u2713 Saved</span>';
          fadeLater(status, 2600);
        }
        return;
      }
      if (!input && document.querySelector("[data-deferred-tab]")) { return; } // its tab is on its way
      var offline = window.Tableside && window.Tableside.offlineQueue;
      if (offline && offline.keeps(name)) { return; } // kept offline: sent by offline-queue.js
      if (!input || !original || original.value !== draft.original) { forgetDraft(name); return; }
      if (draft.value === original.value) { forgetDraft(name); return; }
      // (the browser may have put the typed value back itself: save it all the same).
      // Until its answer comes the field says what it is: typed before the reload.
      if (input.type === "checkbox") { input.checked = draft.value === "True"; } else { input.value = draft.value; }
      input.setAttribute("data-restored-draft", "");
      htmx.trigger(input, "change");
      var pending = statusOf(fieldOf(input));
      if (pending) {
        pending.className = "field-status is-saving";
        pending.textContent = gettext("Saving what you typed before the page reloaded\u2026");
      }
    });
  }

  // A refresh after "sheetChanged" brings fields a roll (or another page) changed.
  document.body.addEventListener("htmx:oobBeforeSwap", function (event) {
    var target = event.detail.target;
    if (!target) { return; }
    if (typingIn(target) || savedHereSince(target, event.detail.fragment)) {
      event.detail.shouldSwap = false;
    }
  });

  // Never replace the field the player is typing in: their own save will then meet the
  // new value and say so, instead of their typing silently disappearing.
  function typingIn(target) {
    var active = document.activeElement;
    if (!active || !active.name || !target.contains(active)) { return false; }
    var field = fieldOf(active);
    var original = originalOf(field);
    if (!original) { return false; }
    return valueOf(active) !== original.value;
  }

  // A refresh asked for before the player's own save landed would call that save
  // "changed elsewhere". The page knows better: leave a field alone while its save is on
  // the way (the save's answer settles it), or when the value the refresh brings is
  // already the field's original (the save stored it).
  function savedHereSince(target, fragment) {
    if (!target.classList || !target.classList.contains("sheet-field")) { return false; }
    if (target.querySelector(".htmx-request")) { return true; }
    var current = originalOf(target);
    var incoming = fragment && fragment.querySelector && fragment.querySelector(".field-original");
    return Boolean(current && incoming && current.value === incoming.value);
  }

  // ---- counters: click a box to set the count ------------------------------------

  document.body.addEventListener("click", function (event) {
    var box = event.target.closest("[data-box]");
    if (!box || box.disabled) { return; }
    var group = box.closest("[data-boxes-for]");
    var input = group && document.getElementById(group.dataset.boxesFor);
    if (!input) { return; }
    var permanent = parseInt(group.dataset.permanent || "0", 10);
    var n = parseInt(box.dataset.box, 10) - permanent;
    var current = parseInt(input.value || "0", 10);
    // Clicking the last filled box empties it; any other box fills up to it.
    input.value = String(n === current ? n - 1 : n);
    htmx.trigger(input, "change");
  });
  // Keep the boxes in step with the number (typed, or refreshed after a roll).
  function paintBoxes(root) {
    (root.querySelectorAll ? root : document).querySelectorAll("[data-boxes-for]").forEach(function (group) {
      var input = document.getElementById(group.dataset.boxesFor);
      if (!input) { return; }
      var permanent = parseInt(group.dataset.permanent || "0", 10);
      var filled = parseInt(input.value || "0", 10) || 0;
      group.querySelectorAll("[data-box]").forEach(function (box) {
        var n = parseInt(box.dataset.box, 10);
        box.classList.toggle("box-permanent", n <= permanent);
        box.classList.toggle("box-filled", n > permanent && n <= permanent + filled);
        box.setAttribute("aria-pressed", n > permanent && n <= permanent + filled ? "true" : "false");
      });
    });
  }
  document.body.addEventListener("input", function (event) {
    if (event.target.closest(".counter")) { paintBoxes(document); }
  });
  htmx.onLoad(function () { paintBoxes(document); });

  // ---- tabs that keep the URL (#gear); collapsible sections on a phone ------------

  var phone = window.matchMedia("(max-width: 767.98px)");
  function tabs() { return Array.prototype.slice.call(document.querySelectorAll(".sheet-tab")); }
  function showTab(slug, focus) {
    var panels = tabs();
    if (!panels.length) { return; }
    var panel = panels.filter(function (p) { return p.id === slug; })[0] || panels[0];
    panels.forEach(function (p) { p.classList.toggle("is-active", p === panel); });
    document.querySelectorAll(".sheet-tabs [data-tab]").forEach(function (link) {
      var active = link.dataset.tab === panel.id;
      link.classList.toggle("active", active);
      if (active) { link.setAttribute("aria-current", "true"); } else { link.removeAttribute("aria-current"); }
    });
    if (phone.matches && focus) {
      panel.classList.remove("is-collapsed");
      syncToggle(panel);
      panel.scrollIntoView({ block: "start" });
    }
  }
  function syncToggle(panel) {
    var toggle = panel.querySelector(".sheet-tab-toggle");
    if (toggle) { toggle.setAttribute("aria-expanded", panel.classList.contains("is-collapsed") ? "false" : "true"); }
  }
  document.body.addEventListener("click", function (event) {
    var link = event.target.closest(".sheet-tabs [data-tab]");
    if (link) {
      event.preventDefault();
      history.replaceState(null, "", "#" + link.dataset.tab);
      showTab(link.dataset.tab, false);
      return;
    }
    var toggle = event.target.closest(".sheet-tab-toggle");
    if (toggle && phone.matches) {
      var panel = toggle.closest(".sheet-tab");
      panel.classList.toggle("is-collapsed");
      syncToggle(panel);
    }
  });
  window.addEventListener("hashchange", function () { showTab(location.hash.slice(1), true); });
  function setUpTabs() {
    if (phone.matches) {
      tabs().forEach(function (panel) {
        if ("#" + panel.id !== location.hash) { panel.classList.add("is-collapsed"); }
        syncToggle(panel);
      });
    }
    showTab(location.hash.slice(1), Boolean(location.hash));
  }

  // ---- the feed: this character's rolls marked, later steps of a roll in place ------

  function markOwn(root) {
    var feed = document.querySelector("[data-own-character]");
    if (!feed) { return; }
    var own = feed.dataset.ownCharacter;
    (root.querySelectorAll ? root : document).querySelectorAll("[data-roll-character]").forEach(function (card) {
      card.classList.toggle("is-mine", card.dataset.rollCharacter === own);
    });
    if (root.matches && root.matches("[data-roll-character]")) {
      root.classList.toggle("is-mine", root.dataset.rollCharacter === own);
    }
  }
  htmx.onLoad(markOwn);

  setUpTabs();
  // Tabs that could not be fetched (a dropped connection, a busy server's "try again")
  // are asked for again twice, 1 then 2 seconds later; after that they say so and offer
  // their link (the whole sheet in one answer) instead of "Loading..." for ever.
  var DEFERRED_RETRIES = [1000, 2000];
  ["htmx:responseError", "htmx:sendError"].forEach(function (name) {
    document.body.addEventListener(name, function (event) {
      var elt = event.detail.elt;
      var placeholder = elt && elt.closest && elt.closest("[data-deferred-tab]");
      if (!placeholder) { return; }
      var status = placeholder.querySelector("[data-deferred-status]");
      var tries = Number(placeholder.dataset.tries || 0);
      if (tries < DEFERRED_RETRIES.length) {
        placeholder.dataset.tries = String(tries + 1);
        status.textContent = gettext("Loading again\u2026");
        setTimeout(function () {
          htmx.ajax("GET", placeholder.getAttribute("hx-get"),
                    { source: placeholder, target: placeholder, swap: "outerHTML" });
        }, DEFERRED_RETRIES[tries]);
        return;
      }
      placeholder.classList.add("is-failed");
      status.textContent = gettext("The sheet's tabs did not load.");
    });
  });

  // Drafts go back once htmx has wired the page's inputs (its first load is the body);
  // the tabs' inputs get theirs when the tabs arrive (they follow the page's first
  // answer), which then open on the tab the URL names.
  var restored = false;
  htmx.onLoad(function (root) {
    if (root.matches && root.matches(".sheet-tab")) { setUpTabs(); restoreDrafts(root); return; }
    if (root.matches && root.matches("[data-tab-body]")) { restoreDrafts(root); return; } // a tab shown the first time
    if (restored || root !== document.body) { return; }
    restored = true;
    restoreDrafts();
  });
})();
