// partlab's offline search over partlabSearch, the entries above: each
// input.site-search lists the pages and sections holding every word typed.
(function () {
  var most = 20;
  function search(input, list) {
    var root = input.getAttribute("data-root") || "";
    var words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
    list.textContent = "";
    if (!words.length) return;
    var found = 0;
    for (var i = 0; i < partlabSearch.length && found < most; i++) {
      var e = partlabSearch[i], hay = (e.t + " " + (e.x || "")).toLowerCase();
      if (!words.every(function (w) { return hay.indexOf(w) >= 0; })) continue;
      var li = document.createElement("li"), a = document.createElement("a");
      a.href = root + e.u;
      a.textContent = e.t;
      li.appendChild(a);
      list.appendChild(li);
      found++;
    }
    if (!found) {
      var none = document.createElement("li");
      none.textContent = "Nothing matches.";
      list.appendChild(none);
    }
  }
  document.querySelectorAll("input.site-search").forEach(function (input) {
    var list = document.getElementById(input.getAttribute("aria-controls"));
    input.addEventListener("input", function () { search(input, list); });
    if (input.value) search(input, list);
  });
})();
