// Slots: drag an item (or idea) onto another slot of its area to move it; the grid
// comes back from the server. The keyboard path is the Move control beside each item.
// After a roll or a save elsewhere ("sheetChanged"), the grid is fetched again.
(function () {
  "use strict";
  let dragged = null;

  function grid() { return document.getElementById("slots-grid"); }

  function move(url, to) {
    if (!window.htmx) return;
    window.htmx.ajax("POST", url, { target: "#slots-grid", swap: "outerHTML", values: { to: to } });
  }

  document.addEventListener("dragstart", function (event) {
    const thing = event.target.closest && event.target.closest("[data-move-url]");
    if (!thing) return;
    dragged = thing;
    thing.classList.add("is-dragging");
    event.dataTransfer.effectAllowed = "move";
    event.dataTransfer.setData("text/plain", thing.id);
  });

  document.addEventListener("dragend", function () {
    if (dragged) dragged.classList.remove("is-dragging");
    dragged = null;
    document.querySelectorAll(".drop-over").forEach(function (el) { el.classList.remove("drop-over"); });
  });

  function target(event) {
    const cell = event.target.closest && event.target.closest("[data-drop-target]");
    if (!cell || !dragged || cell.dataset.area !== dragged.dataset.moveArea) return null;
    return cell;
  }

  document.addEventListener("dragover", function (event) {
    const cell = target(event);
    if (!cell) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "move";
    cell.classList.add("drop-over");
  });

  document.addEventListener("dragleave", function (event) {
    const cell = target(event);
    if (cell && !cell.contains(event.relatedTarget)) cell.classList.remove("drop-over");
  });

  document.addEventListener("drop", function (event) {
    const cell = target(event);
    if (!cell) return;
    event.preventDefault();
    const url = dragged.dataset.moveUrl;
    dragged = null;
    move(url, cell.dataset.slot);
  });

  // Keyboard: after a Move, put the focus back on the moved item's move control.
  let movedId = null;
  document.addEventListener("submit", function (event) {
    const form = event.target.closest && event.target.closest("[data-move-form]");
    if (form) movedId = form.closest("[data-move-url]").id;
  }, true);
  document.addEventListener("htmx:afterSwap", function () {
    if (!movedId) return;
    const thing = document.getElementById(movedId);
    movedId = null;
    const select = thing && thing.querySelector("[data-move-form] select");
    if (select) select.focus();
  });

  document.body.addEventListener("sheetChanged", function () {
    const el = grid();
    if (el && window.htmx) window.htmx.ajax("GET", el.dataset.gridUrl, { target: "#slots-grid", swap: "outerHTML" });
  });
})();
