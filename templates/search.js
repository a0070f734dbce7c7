// partlab's offline search over partlabSearch, the entries above, in site
// order: each page's entry (its link has no #), then its sections'. Each
// input.site-search lists every page and section holding every word typed,
// grouped by page under a count of what it found: a page matches on its
// title and opening prose, a section on its own title and text.
(function () {
  function matches(e, words) {
    var hay = (e.t + " " + (e.x || "")).toLowerCase();
    return words.every(function (w) { return hay.indexOf(w) >= 0; });
  }
  function link(root, e) {
    var a = document.createElement("a");
    a.href = root + e.u;
    a.textContent = e.t;
    return a;
  }
  // groups is the pages that match or hold a section that does, each with
  // its matching sections.
  function groups(words) {
    var out = [], group = null;
    partlabSearch.forEach(function (e) {
      if (e.u.indexOf("#") < 0) {
        group = {page: e, hit: matches(e, words), sections: []};
        out.push(group);
      } else if (group && matches(e, words)) {
        group.sections.push(e);
      }
    });
    return out.filter(function (g) { return g.hit || g.sections.length; });
  }
  function plural(n, one) { return n + " " + one + (n === 1 ? "" : "s"); }
  function search(input, list) {
    var root = input.getAttribute("data-root") || "";
    var words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
    list.textContent = "";
    if (!words.length) return;
    var found = groups(words), sections = 0;
    found.forEach(function (g) { sections += g.sections.length; });
    var status = document.createElement("li");
    status.className = "search-status";
    status.textContent = found.length ? plural(found.length, "page") + ", " + plural(sections, "section") : "Nothing matches.";
    list.appendChild(status);
    found.forEach(function (g) {
      var li = document.createElement("li");
      li.className = "search-page";
      li.appendChild(link(root, g.page));
      if (g.sections.length) {
        var ul = document.createElement("ul");
        g.sections.forEach(function (e) {
          var item = document.createElement("li");
          item.appendChild(link(root, e));
          ul.appendChild(item);
        });
        li.appendChild(ul);
      }
      list.appendChild(li);
    });
  }
  document.querySelectorAll("input.site-search").forEach(function (input) {
    var list = document.getElementById(input.getAttribute("aria-controls"));
    input.addEventListener("input", function () { search(input, list); });
    if (input.value) search(input, list);
  });
})();
