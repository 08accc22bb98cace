// The sheet page. No inline handlers (the CSP forbids them): everything is wired here.
(function () {
  "use strict";

  // With JavaScript every field saves itself, so the section "Save" buttons (for
  // browsers without JavaScript) are hidden and disabled: Enter in a field then never
  // posts a whole section behind the autosave's back.
  function hideSectionButtons(root) {
    root.querySelectorAll("[data-nojs-submit]").forEach(function (button) {
      button.disabled = true;
      button.hidden = true;
    });
  }
  htmx.onLoad(hideSectionButtons);

  // A save's answer replaces only the field's status line. Mark the input invalid (red
  // border, aria-invalid) while the status shows an error or a conflict, and unmark it
  // once a later save goes through.
  htmx.onLoad(function (root) {
    if (!root.matches || !root.matches(".sheet-field .field-status")) { return; }
    var field = root.closest(".sheet-field");
    var input = field.querySelector('[aria-describedby="' + root.id + '"]');
    if (!input) { return; }
    var invalid = root.classList.contains("is-error") || root.classList.contains("is-conflict");
    field.classList.toggle("is-invalid", invalid);
    input.classList.toggle("is-invalid", invalid);
    if (invalid) {
      input.setAttribute("aria-invalid", "true");
    } else {
      input.removeAttribute("aria-invalid");
    }
  });

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
    var field = active.closest(".sheet-field");
    var original = field && document.getElementById(field.id + "-original");
    if (!original) { return false; }
    var value = active.type === "checkbox" ? (active.checked ? "True" : "False") : active.value;
    return value !== original.value;
  }

  // A refresh asked for before the player's own save landed would call that save
  // "changed elsewhere". The page knows better: leave a field alone while its save is on
  // the way (the save's answer settles it), or when the value the refresh brings is
  // already the field's original (the save stored it).
  function savedHereSince(target, fragment) {
    if (!target.classList || !target.classList.contains("sheet-field")) { return false; }
    if (target.querySelector(".htmx-request")) { return true; }
    var current = document.getElementById(target.id + "-original");
    var incoming = fragment && fragment.querySelector && fragment.querySelector(".field-original");
    return Boolean(current && incoming && current.value === incoming.value);
  }
})();
