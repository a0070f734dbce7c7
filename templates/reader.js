// The reader's side of a page: predictions typed, kept and scored. A prediction's value is kept in localStorage
// under the page's path and the prediction's name, so a reload keeps it,
// from file:// too; where storage fails the page works without it. A verdict
// is a hit when the guess is within its tolerance of the figure, the rule of
// sim.Hit. A scoreboard's figures stay closed until each of its inputs holds
// a number; in the answer key, which has no inputs, they are open. Printing
// leaves answers as they are: the student's closed ones print as blank
// space to write in (style.css).
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
    each("[data-download]", function (button) {
      button.addEventListener("click", download);
    });
  });

  // download saves the page's answers as a file (report.AnswerFile) built
  // in the page, a Blob behind a link, so that it works from file:// and
  // offline: the scenario and the page's token from the body, each number
  // typed by prediction name, and the browser's clock.
  function download() {
    var answers = {};
    each("input[data-prediction]", function (i) {
      var v = i.value.trim();
      if (v !== "" && isFinite(Number(v))) { answers[i.getAttribute("data-prediction")] = Number(v); }
    });
    var body = document.body, file = {
      scenario: body.getAttribute("data-scenario"),
      token: body.getAttribute("data-token"),
      answers: answers,
      saved: new Date().toISOString()
    };
    var a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([JSON.stringify(file, null, 2) + "\n"], {type: "application/json"}));
    a.download = file.scenario + "-" + file.token + ".answers.json";
    body.appendChild(a);
    a.click();
    body.removeChild(a);
    setTimeout(function () { URL.revokeObjectURL(a.href); }, 60000);
    each("[data-download-status]", function (el) {
      el.textContent = "Saved " + a.download + " with " + Object.keys(answers).length + " answers.";
    });
  }

  // A folded table is long, not secret: paper shows it whole. Answers
  // stay as the edition left them.
  window.addEventListener("beforeprint", function () {
    each("details.fold", function (d) { d.open = true; });
  });
}());
