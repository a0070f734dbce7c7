// try.js: "Try your own values" until a reader asks for it. A click on a
// cell's button loads the site's partlab-run.js (the form, the worker and
// the loader of the engine in the page) once, and hands it the cell; until
// then the page loads nothing of it.
(function () {
  "use strict";
  var assets = document.documentElement.getAttribute("data-run"), loading = null;
  function load() {
    if (!loading) {
      loading = new Promise(function (resolve, reject) {
        var s = document.createElement("script");
        s.src = assets + "partlab-run.js";
        s.onload = function () { resolve(window.partlabRun); };
        s.onerror = function () {
          loading = null;
          reject(new Error(assets + "partlab-run.js did not load"));
        };
        document.head.appendChild(s);
      });
    }
    return loading;
  }
  document.addEventListener("click", function (e) {
    var button = e.target.closest ? e.target.closest("button.try-open") : null;
    if (!button || button.getAttribute("aria-busy") === "true") {
      return;
    }
    button.setAttribute("aria-busy", "true");
    load().then(function (run) {
      button.removeAttribute("aria-busy");
      run.toggle(button.closest("section"), assets);
    }, function (err) {
      button.removeAttribute("aria-busy");
      var note = button.parentNode.querySelector(".try-problem") || document.createElement("p");
      note.className = "try-problem";
      note.setAttribute("role", "alert");
      note.textContent = "The engine in the page did not load: " + err.message + ".";
      button.parentNode.appendChild(note);
    });
  });
}());
