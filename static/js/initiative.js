// The GM's hand-set combat order on the dashboard (Agents, Zombiepocalypse, Slots):
// drag a combatant to its place, and the whole order is posted (rolls.initiative_views
// initiative_order); the up and down buttons do the same from the keyboard.
(function () {
  "use strict";
  var dragged = null;
  function list(element) { return element.closest && element.closest("[data-order-url]"); }
  document.addEventListener("dragstart", function (event) {
    var row = event.target.closest && event.target.closest("[data-combatant][draggable]");
    if (!row || !list(row)) { return; }
    dragged = row;
    row.classList.add("is-dragged");
    event.dataTransfer.effectAllowed = "move";
    event.dataTransfer.setData("text/plain", row.dataset.combatant);
  });
  document.addEventListener("dragover", function (event) {
    if (!dragged) { return; }
    var row = event.target.closest && event.target.closest("[data-combatant]");
    if (!row || row === dragged || list(row) !== list(dragged)) { return; }
    event.preventDefault();
    var box = row.getBoundingClientRect();
    var after = event.clientY > box.top + box.height / 2;
    row.parentNode.insertBefore(dragged, after ? row.nextSibling : row);
  });
  document.addEventListener("drop", function (event) {
    if (dragged && list(event.target)) { event.preventDefault(); }
  });
  document.addEventListener("dragend", function () {
    if (!dragged) { return; }
    var order = list(dragged);
    dragged.classList.remove("is-dragged");
    dragged = null;
    if (!order) { return; }
    var ids = Array.prototype.map.call(order.querySelectorAll(":scope > [data-combatant]"),
      function (row) { return row.dataset.combatant; });
    htmx.ajax("POST", order.dataset.orderUrl, {
      target: "#initiative", swap: "innerHTML", values: { order: ids.join(","), view: "panel" }
    });
  });
})();
