// Every page's inputs. A text with a length limit (maxlength) says how much room is
// left near the end, and says so when the limit is reached or a paste was cut, instead
// of the browser dropping the rest without a word. A number field drawn as text (for
// the phone's number keyboard, sheets/editing/numbers.py) steps with the arrow keys,
// within its limits, as a number input does.
(function () {
  "use strict";
  var WARN_WITHIN = 10; // characters left when the count appears

  function noteFor(input) {
    var id = (input.id || input.name) + "-limit";
    var note = document.getElementById(id);
    if (!note) {
      note = document.createElement("div");
      note.id = id;
      note.className = "field-limit small";
      note.setAttribute("role", "status");
      note.setAttribute("aria-live", "polite");
      input.insertAdjacentElement("afterend", note);
      var described = (input.getAttribute("aria-describedby") || "").split(" ").filter(Boolean);
      if (described.indexOf(id) < 0) { described.push(id); }
      input.setAttribute("aria-describedby", described.join(" "));
    }
    return note;
  }

  function sayRoom(input, cut) {
    var limit = parseInt(input.getAttribute("maxlength"), 10);
    if (!limit) { return; }
    var left = limit - input.value.length;
    var existing = document.getElementById((input.id || input.name) + "-limit");
    if (left > WARN_WITHIN && !cut) {
      if (existing) { existing.textContent = ""; existing.classList.remove("is-full"); }
      return;
    }
    var note = existing || noteFor(input);
    note.classList.toggle("is-full", left <= 0);
    if (cut) {
      note.textContent = interpolate(gettext("Cut at %(limit)s characters: only the first %(limit)s were kept."), {limit: limit}, true);
    } else if (left <= 0) {
      note.textContent = interpolate(gettext("That is the limit: %(limit)s characters at most."), {limit: limit}, true);
    } else {
      note.textContent = interpolate(ngettext("%(left)s character left (%(limit)s at most).", "%(left)s characters left (%(limit)s at most).", left), {left: left, limit: limit}, true);
    }
  }

  document.addEventListener("input", function (event) {
    var input = event.target;
    if (input.matches && input.matches("input[maxlength], textarea[maxlength]")) { sayRoom(input, false); }
  });
  // A paste longer than the room left is cut by the browser: say so.
  document.addEventListener("paste", function (event) {
    var input = event.target;
    if (!input.matches || !input.matches("input[maxlength], textarea[maxlength]")) { return; }
    var limit = parseInt(input.getAttribute("maxlength"), 10);
    var pasted = (event.clipboardData && event.clipboardData.getData("text")) || "";
    var selected = (input.selectionEnd || 0) - (input.selectionStart || 0);
    var cut = input.value.length - selected + pasted.length > limit;
    window.setTimeout(function () { sayRoom(input, cut); }, 0);
  });
  // Typing past the limit: the key does nothing, so say why.
  document.addEventListener("keydown", function (event) {
    var input = event.target;
    if (!input.matches || !input.matches("input[maxlength], textarea[maxlength]")) { return; }
    if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) { return; }
    var limit = parseInt(input.getAttribute("maxlength"), 10);
    if (input.value.length >= limit && input.selectionStart === input.selectionEnd) { sayRoom(input, false); }
  });

  // Arrow up / down on a number drawn as text: one more, one less, within its limits.
  document.addEventListener("keydown", function (event) {
    var input = event.target;
    if (event.key !== "ArrowUp" && event.key !== "ArrowDown") { return; }
    if (!input.matches || !input.matches("input[data-number]") || input.readOnly || input.disabled) { return; }
    var value = Number(input.value.trim() === "" ? 0 : input.value);
    if (!isFinite(value)) { return; } // not a number: leave it for the message
    event.preventDefault();
    var next = Math.floor(value) + (event.key === "ArrowUp" ? 1 : -1);
    if (event.key === "ArrowUp" && value !== Math.floor(value)) { next = Math.ceil(value); }
    var low = input.dataset.min, high = input.dataset.max;
    if (low !== undefined && next < Number(low)) { next = Number(low); }
    if (high !== undefined && next > Number(high)) { next = Number(high); }
    if (String(next) === input.value) { return; }
    input.value = String(next);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
})();
