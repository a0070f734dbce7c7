package site

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"testing"
)

// keyInView scrolls every table that is wider than its box to its far end
// and checks that each row's first cell, the key, is still in the box and
// on top, and that at least one table scrolled.
var keyInView = evaluate(`(function () {
	var bad = [], scrolled = 0;
	document.querySelectorAll(".table-wrap").forEach(function (wrap, i) {
		if (wrap.scrollWidth <= wrap.clientWidth + 1 || !wrap.offsetHeight) { return; }
		scrolled++;
		wrap.scrollLeft = wrap.scrollWidth;
		var box = wrap.getBoundingClientRect();
		wrap.querySelectorAll("tr").forEach(function (tr, r) {
			var cell = tr.cells[0], c = cell.getBoundingClientRect();
			if (c.left < box.left - 1 || c.right > box.right + 1) {
				bad.push("table " + i + " row " + r + ": its key spans " + c.left + "…" + c.right + " of " + box.left + "…" + box.right);
				return;
			}
			wrap.scrollIntoView({block: "center"});
			var at = document.elementFromPoint(c.left + c.width / 2, cell.getBoundingClientRect().top + c.height / 2);
			if (at && !cell.contains(at)) {
				bad.push("table " + i + " row " + r + ": its key is covered by " + at.tagName + " " + JSON.stringify(at.textContent.slice(0, 20)));
			}
		});
	});
	if (!scrolled) { return "no table is wider than its box"; }
	return bad.length ? bad.slice(0, 8).join("; ") : "ok";
}())`)

// TestKeyColumnInView opens the lesson, the Day 24 lab and the third page
// at a phone's 390 px, light and dark, and at a tablet's 720, and scrolls
// each table wider than its box to its end: its first column, which names
// the row, stays in view and on top (issue 29: the lesson's grid table
// scrolled its key column away).
func TestKeyColumnInView(t *testing.T) {
	script, shots := browserNeeds(t)
	site := t.TempDir()
	nbs := []Notebook{lesson(t), lab(t), rebalances(t)}
	if err := (Site{Notebooks: nbs, ECharts: script}).Write(site, io.Discard); err != nil {
		t.Fatal(err)
	}
	for _, nb := range nbs {
		for _, v := range []visit{{width: 390}, {width: 390, dark: true}, {width: 720}} {
			name := fmt.Sprintf("%s-%d", nb.Scenario.Name, v.width)
			if v.dark {
				name += "-dark"
			}
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				png := filepath.Join(shots, "keys-"+name+".png")
				if errs := open(t, filepath.Join(site, nb.Scenario.Name, pageFile), v, png, keyInView); len(errs) > 0 {
					t.Errorf("the page reported:\n%s", strings.Join(errs, "\n"))
				}
			})
		}
	}
}
