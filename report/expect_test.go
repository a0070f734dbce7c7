package report

import (
	"strings"
	"testing"
)

// TestExpectationsOnThePage checks that the teacher's answer key lists the
// scenario's expectations, each held or missed, and that the student's
// edition names none of them: they are CI's (check, render --strict).
func TestExpectationsOnThePage(t *testing.T) {
	const head = "title: t\ncells:\n  - sizing: {id: s, target: 60000, per_consumer: 5000}\n"
	for _, tc := range []struct {
		name, expect string
		want, not    []string
	}{
		{"none", "", nil, []string{`id="expectations"`, `href="#expectations"`}},
		{"held", "expect:\n  - {figure: s.minimum, equals: 12, why: 60000 / 5000}\n",
			[]string{`href="#expectations"`, "1 of 1 expectations of this scenario hold",
				`<li class="held"><strong class="mark">✓ holds</strong> <code>s.minimum</code> is 12, expected 12. <span class="why">60000 / 5000</span></li>`},
			[]string{`<li class="missed">`}},
		{"missed, why escaped", "expect:\n  - {figure: s.recommended, at_most: 12, why: \"<script>alert(1)</script>\"}\n  - {figure: s.minimum, equals: 11.5, tolerance: 0.5}\n",
			[]string{"1 of 2 expectations of this scenario hold",
				`<li class="missed"><strong class="mark">✗ misses</strong> <code>s.recommended</code> is 18, expected at most 12. <span class="why">&lt;script&gt;alert(1)&lt;/script&gt;</span></li>`,
				`<code>s.minimum</code> is 12, expected 11.5 ± 0.5.</li>`},
			[]string{"<script>alert(1)"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			nb := notebook(t, "x.yaml", head+tc.expect)
			key := copied
			key.Edition = Teacher
			html := page(t, nb, key)
			for _, w := range tc.want {
				if !strings.Contains(html, w) {
					t.Errorf("the key lacks %s", w)
				}
			}
			for _, n := range tc.not {
				if strings.Contains(html, n) {
					t.Errorf("the key has %s", n)
				}
			}
			student := page(t, nb, copied)
			for _, n := range []string{`id="expectations"`, `href="#expectations"`, "Expectations", "expectations of this scenario", "partlab check", "s.minimum", "s.recommended"} {
				if strings.Contains(student, n) {
					t.Errorf("the student's page has %s", n)
				}
			}
		})
	}
}
