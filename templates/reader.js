// The reader's side of a page: predictions typed, kept and scored, and
// answers opened for print. A prediction's value is kept in localStorage
// under the page's path and the prediction's name, so a reload keeps it,
// from file:// too; where storage fails the page works without it. A verdict
// is a hit when the guess is within its tolerance of the figure, the rule of
// sim.Hit. A scoreboard's figures stay closed until each of its inputs holds
// a number; without this script they stay open.
(function () {
  "use strict";
  var prefix = "partlab:" + location.pathname + ":";

  function load(name) {
    try { return window.localStorage.getItem(prefix + name) || ""; } catch (e) { return ""; }
  }
  function save(name, value) {
    try {
      if (value === "") { window.localStorage.removeItem(prefix + name); } else { window.localStorage.setItem(prefix + name, value); }
    } catch (e) { /* private mode, quota or file:// policy: the value lives until the page closes */ }
  }
  function each(selector, f) { Array.prototype.forEach.call(document.querySelectorAll(selector), f); }

  function score(name, value) {
    each("[data-verdict]", function (el) {
      if (el.getAttribute("data-verdict") !== name) { return; }
      var guess = Number(value), actual = Number(el.getAttribute("data-actual")), tolerance = Number(el.getAttribute("data-tolerance"));
      if (value === "" || isNaN(guess)) {
        el.textContent = "—";
        el.className = "verdict";
      } else if (Math.abs(guess - actual) <= tolerance) {
        el.textContent = "✓ hit";
        el.className = "verdict hit";
      } else {
        el.textContent = "✗ miss";
        el.className = "verdict miss";
      }
    });
  }

  // reveal opens a scoreboard's figures once all its inputs hold a number,
  // and closes them on load until then.
  function reveal(onLoad) {
    each(".scoreboard", function (board) {
      var filled = Array.prototype.every.call(board.querySelectorAll("input[data-prediction]"), function (i) { return i.value !== ""; });
      var figures = board.querySelector("details[data-actuals]");
      if (figures && (filled || onLoad)) { figures.open = filled; }
    });
  }

  function set(name, value, from) {
    each("input[data-prediction]", function (i) {
      if (i !== from && i.getAttribute("data-prediction") === name) { i.value = value; }
    });
    score(name, value);
  }

  document.addEventListener("DOMContentLoaded", function () {
    each("input[data-prediction]", function (i) {
      var name = i.getAttribute("data-prediction"), kept = load(name);
      if (kept !== "") {
        i.value = kept;
        set(name, i.value, i);
      }
      i.addEventListener("input", function () {
        save(name, i.value);
        set(name, i.value, i);
        reveal(false);
      });
    });
    reveal(true);
  });

  window.addEventListener("beforeprint", function () {
    each("details.answer, details.fold", function (d) { d.open = true; });
  });
}());
