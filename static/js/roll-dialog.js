// The roll dialog of a sheet page: a roll control opens it with the roll's form (its
// dice and exact odds), Enter rolls, the result and Push land in it, and closing it
// gives focus back to the control without the page moving.
(function () {
  "use strict";
  var dialog = document.getElementById("roll-dialog");
  if (!dialog) { return; }
  var formSlot = document.getElementById("roll-form-slot");
  var result = document.getElementById("roll-result");
  var title = document.getElementById("roll-dialog-title");
  var opener = null;

  function focusInDialog() {
    var target = dialog.querySelector("[data-push-button]") ||
      dialog.querySelector("#roll-form-slot button[type=submit]") ||
      dialog.querySelector("[data-roll-dialog-close]");
    if (target) { target.focus({ preventScroll: true }); }
  }

  document.body.addEventListener("click", function (event) {
    var control = event.target.closest("[data-roll-dialog]");
    if (!control || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) { return; }
    event.preventDefault();
    opener = control;
    var scrollY = window.scrollY;
    result.innerHTML = "";
    dialog.classList.remove("has-result");
    formSlot.innerHTML = '<p class="text-body-secondary small mb-0"></p>';
    formSlot.firstChild.textContent = gettext("Loading the roll\u2026");
    title.textContent = control.getAttribute("aria-label") || control.textContent.trim() || gettext("Roll");
    if (!dialog.open) { dialog.showModal(); }
    window.scrollTo(window.scrollX, scrollY);
    htmx.ajax("GET", control.getAttribute("href"), { target: "#roll-form-slot", swap: "innerHTML" })
      .then(function () {
        var heading = formSlot.querySelector("[data-roll-form] h3");
        if (heading && !control.getAttribute("aria-label")) { title.textContent = heading.textContent; }
      });
  });

  // A result arrived: it takes the dialog's place of honour (the form folds away until
  // "Roll again"); a refused form comes back with its errors. Focus stays inside.
  document.body.addEventListener("htmx:afterSwap", function (event) {
    if (!dialog.open || !dialog.contains(event.detail.target)) { return; }
    var shown = Boolean(result.querySelector("[data-roll-result]"));
    dialog.classList.toggle("has-result", shown && event.detail.target === result);
    if (event.detail.target === result) { dialog.querySelector(".roll-dialog-body").scrollTop = 0; }
    if (event.detail.target !== formSlot || !shown) { focusInDialog(); }
  });
  // The form settled (htmx has honoured any autofocus): Roll has the focus, so Enter rolls.
  document.body.addEventListener("htmx:afterSettle", function (event) {
    if (dialog.open && event.detail.target === formSlot) { focusInDialog(); }
  });

  dialog.addEventListener("click", function (event) {
    if (!event.target.closest("[data-roll-again]")) { return; }
    dialog.classList.remove("has-result");
    result.innerHTML = "";
    var submit = formSlot.querySelector("button[type=submit]");
    if (submit) { submit.focus({ preventScroll: true }); }
  });

  dialog.addEventListener("click", function (event) {
    // A click on the backdrop (the dialog element itself, outside its box) closes it.
    if (event.target === dialog) { dialog.close(); }
    if (event.target.closest("[data-roll-dialog-close]")) { dialog.close(); }
  });

  // Push from a roll's card in the feed (the dialog was closed, the page reloaded): the
  // push's result opens in the dialog, as after a roll.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (event.defaultPrevented || !form.matches("[data-card-push]")) { return; }
    event.preventDefault();
    opener = form.querySelector("button");
    dialog.classList.add("is-card-push"); // no form to roll again
    formSlot.innerHTML = "";
    result.innerHTML = '<p class="text-body-secondary small mb-0"></p>';
    result.firstChild.textContent = gettext("Pushing\u2026");
    var card = form.closest("[data-roll]");
    var link = card && card.querySelector(".roll-card-link");
    title.textContent = interpolate(gettext("Push: %(roll)s"), {roll: link ? link.textContent.trim() : gettext("the roll")}, true);
    if (!dialog.open) { dialog.showModal(); }
    htmx.ajax("POST", form.getAttribute("action"), { source: form, target: "#roll-result", swap: "innerHTML" });
  });

  // A form in the dialog always posts through htmx (its answer belongs in the dialog):
  // should one reach the page un-handled (htmx not wired to it yet), wire it and send it
  // through htmx instead of letting the browser leave the sheet.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (event.defaultPrevented || !dialog.contains(form) || !form.hasAttribute("hx-post")) { return; }
    event.preventDefault();
    if (form.hasAttribute("data-resent")) { return; } // once: never a loop
    form.setAttribute("data-resent", "");
    htmx.process(form);
    htmx.trigger(form, "submit");
    form.removeAttribute("data-resent");
  });

  // The sheet changed under an open dialog (this roll's effects, a push's trauma, an edit
  // elsewhere): ask again for the dice and odds of the form it shows, from the sheet as
  // it is now, so "Roll again" never offers yesterday's pool.
  document.body.addEventListener("sheetChanged", function () {
    if (!dialog.open) { return; }
    var odds = formSlot.querySelector("[data-roll-form] [hx-get][hx-trigger='change']");
    if (odds) { htmx.trigger(odds, "change"); }
  });

  // The GM changed the party's settings while a roll form is open (no result yet): the
  // form comes again with what was filled in, its defaults and odds following them.
  document.body.addEventListener("partySettingsChanged", function () {
    var form = formSlot.querySelector("form[hx-post]");
    if (!dialog.open || !form || dialog.classList.contains("has-result")) { return; }
    var query = new URLSearchParams(new FormData(form));
    query.delete("csrfmiddlewaretoken");
    htmx.ajax("GET", form.getAttribute("hx-post") + "?" + query.toString(),
      { target: "#roll-form-slot", swap: "innerHTML" });
  });

  // Tab and Shift+Tab go round the dialog's own controls (a modal dialog would let the
  // focus out to the browser's address bar after its last control).
  dialog.addEventListener("keydown", function (event) {
    if (event.key !== "Tab") { return; }
    var controls = Array.prototype.filter.call(dialog.querySelectorAll(
      "a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex='-1'])"
    ), function (control) { return control.getClientRects().length > 0; });
    if (!controls.length) { return; }
    var first = controls[0], last = controls[controls.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  });

  dialog.addEventListener("close", function () {
    var scrollY = window.scrollY;
    if (opener && document.body.contains(opener)) { opener.focus({ preventScroll: true }); }
    window.scrollTo(window.scrollX, scrollY);
    formSlot.innerHTML = "";
    result.innerHTML = "";
    dialog.classList.remove("has-result", "is-card-push");
  });
})();
