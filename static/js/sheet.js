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

  // A refresh after "sheetChanged" brings fields a roll (or another page) changed. Never
  // replace the field the player is typing in: their own save will then meet the new
  // value and say so, instead of their typing silently disappearing.
  document.body.addEventListener("htmx:oobBeforeSwap", function (event) {
    var target = event.detail.target;
    var active = document.activeElement;
    if (!target || !active || !active.name || !target.contains(active)) { return; }
    var field = active.closest(".sheet-field");
    var original = field && document.getElementById(field.id + "-original");
    if (!original) { return; }
    var value = active.type === "checkbox" ? (active.checked ? "True" : "False") : active.value;
    if (value !== original.value) {
      event.detail.shouldSwap = false;
    }
  });
})();
