// Creating a character: a group of numbers that spreads a fixed number of points says
// how many are left as the player types (the server checks the same on Next).
(function () {
  "use strict";
  function count(group) {
    var total = Number(group.dataset.points);
    var spent = 0;
    group.querySelectorAll("input[data-number], input[type=number]").forEach(function (input) {
      spent += Number(input.value) || 0;
    });
    var left = total - spent;
    var out = group.form && group.form.querySelector("[data-points-left]");
    if (!out) { return; }
    out.hidden = false;
    out.textContent = left === 0 ? interpolate(gettext("All %(total)s points spent."), {total: total}, true) :
      left > 0 ? interpolate(gettext("%(left)s of %(total)s points left to spend."), {left: left, total: total}, true) :
      interpolate(gettext("%(over)s points too many: %(total)s to spend."), {over: -left, total: total}, true);
    out.classList.toggle("is-off", left !== 0);
  }
  function start() {
    document.querySelectorAll("fieldset[data-points]").forEach(function (group) {
      count(group);
      group.addEventListener("input", function () { count(group); });
    });
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
