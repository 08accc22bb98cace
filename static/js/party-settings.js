// The party's settings page: "Copy link" copies the invite link, "Copy token" a new API
// token (or selects it, where the clipboard is not allowed) and says so in its section.
(function () {
  "use strict";
  document.body.addEventListener("click", function (event) {
    var button = event.target.closest("[data-copy]");
    if (!button) { return; }
    var input = document.querySelector(button.dataset.copy);
    var section = button.closest("section") || document;
    var status = section.querySelector("[data-copy-status]");
    if (!input) { return; }
    function said(text) { if (status) { status.textContent = text; } }
    input.select();
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(input.value).then(
        function () { said(button.dataset.copied || gettext("Copied: send it to your players.")); },
        function () { said(gettext("Selected: copy it with Ctrl+C (or \u2318C).")); }
      );
    } else {
      said(gettext("Selected: copy it with Ctrl+C (or \u2318C)."));
    }
  });
})();
