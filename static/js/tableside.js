// Tableside: small behaviours, no inline handlers (the CSP forbids them).
(function () {
  "use strict";

  // Keep a field's "value you started from" in step after a successful save, so quick
  // successive saves from one page never look stale. The server sends the stored value
  // back in the field partial; nothing to do here but let htmx swap it.

  // A live feed that (re)opens catches up on what it missed: the SSE extension opens a
  // fresh EventSource after a drop, which sends no Last-Event-ID, so we refetch the log.
  document.body.addEventListener("htmx:sseOpen", function (event) {
    var source = event.detail && event.detail.elt;
    if (!source) { return; }
    var log = source.querySelector("[data-feed-log]") || source;
    if (log.dataset.opened === "yes") {
      htmx.trigger(log, "feed:reopened");
    }
    log.dataset.opened = "yes";
  });
})();
