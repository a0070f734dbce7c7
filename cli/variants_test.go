package cli

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// variantsYAML is the Day 24 page with variants: any seed, and 6, 8 or 12
// partitions in the ceiling cell; with 6 or 12 its expectation that 8
// consumers idle at 16 breaks.
var variantsYAML = filepath.Join(root, "cli", "testdata", "variants", "day-24.yaml")

// class is a roster of n students and a secret in a new folder, with an
// ECharts stand-in in node_modules; the test runs in it.
func class(t *testing.T, n int, secret string) (dir string) {
	t.Helper()
	var roster strings.Builder
	roster.WriteString("id,name,email\n")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&roster, "s%04d,Student Number%d,student%d@school.example\n", i, i, i)
	}
	dir = scratch(t, map[string]string{
		"roster.csv": roster.String(),
		"secret.txt": secret + "\n",
		"node_modules/echarts/dist/echarts.min.js": "/* echarts */",
	})
	t.Chdir(dir)
	return dir
}

const (
	secretA = "correct horse battery staple 0123456789"
	secretB = "an entirely different course secret, 42"
)

// renderClass renders the roster's variants into out and teacher under dir.
func renderClass(t *testing.T, dir, out, teacher string) {
	t.Helper()
	if _, stderr, err := partlab(t, "render", "--roster", "roster.csv", "--secret-file", "secret.txt", "--teacher", teacher, "-o", out, variantsYAML); err != nil {
		t.Fatalf("render --roster: %v\n%s", err, stderr)
	}
}

// readTree is every file under dir by its slash path.
func readTree(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		data, err := os.ReadFile(p)
		out[filepath.ToSlash(rel)] = data
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// students reads the teacher's students.csv: a row per student.
func students(t *testing.T, teacher string) [][]string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(teacher, studentsFile))
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows[1:]
}

// TestRosterRender renders a 30-student roster: 30 distinct pages whose
// values and figures differ as the variants say, no student's id, name or
// email anywhere in the site, no answers or results in it, the teacher's
// folder outside it, and the same bytes on a second run.
func TestRosterRender(t *testing.T) {
	dir := class(t, 30, secretA)
	renderClass(t, dir, "site", "teacher")
	site := readTree(t, filepath.Join(dir, "site"))
	rows := students(t, "teacher")
	if len(rows) != 30 {
		t.Fatalf("students.csv has %d rows, want 30", len(rows))
	}
	pages, values, partitions := map[string]bool{}, map[string]bool{}, map[string]bool{}
	for _, row := range rows {
		token := row[4]
		page, ok := site[token+"/index.html"]
		if !ok {
			t.Fatalf("no page for token %s", token)
		}
		pages[string(page)] = true
		// students.csv lists the values; the page shows them in its
		// header and its cells' inputs, and no override line.
		values[strings.Join(row[7:], ",")] = true
		partitions[row[7]] = true
		for _, shown := range []string{"<dd>" + row[8] + "</dd>", "partitions: " + row[7] + "\n"} {
			if !bytes.Contains(page, []byte(shown)) {
				t.Errorf("page %s does not show its variant's values: no %q", token, shown)
			}
		}
		for _, absent := range []string{"data-actual=", "Show the answer", "results.json", "Expectations", "overridden:"} {
			if bytes.Contains(page, []byte(absent)) {
				t.Errorf("page %s holds %q, which an assessment page must not", token, absent)
			}
		}
		if !bytes.Contains(page, []byte("Download my answers")) || !bytes.Contains(page, []byte(`data-token="`+token+`"`)) {
			t.Errorf("page %s has no download button for its token", token)
		}
		if _, ok := readTree(t, "teacher")[token+"/index.html"]; !ok {
			t.Errorf("no answer key for %s", token)
		}
	}
	if len(pages) != 30 || len(values) != 30 || len(partitions) != 3 {
		t.Errorf("%d distinct pages, %d distinct variants and partitions %v; want 30, 30 and all of 6, 8, 12", len(pages), len(values), partitions)
	}
	for path, data := range site {
		for _, row := range rows {
			for _, who := range row[:3] {
				if bytes.Contains(data, []byte(who)) {
					t.Errorf("site file %s names a student: %q", path, who)
				}
			}
		}
	}
	renderClass(t, dir, "site", "teacher")
	if again := readTree(t, filepath.Join(dir, "site")); !mapsEqual(site, again) {
		t.Error("a second render of the same roster and secret changed the site")
	}
	if _, stderr, err := partlab(t, "render", "--roster", "roster.csv", "--secret-file", "secret.txt", "--teacher", "site/keys", "-o", "site", variantsYAML); err == nil || !strings.Contains(stderr+err.Error(), "inside the site") {
		t.Errorf("a teacher's folder inside the site: %v %s", err, stderr)
	}
}

func mapsEqual(a, b map[string][]byte) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if !bytes.Equal(v, b[k]) {
			return false
		}
	}
	return true
}

// TestRosterSecret: another secret gives other tokens and other seeds;
// no token holds its student's id, name or email, in any case.
func TestRosterSecret(t *testing.T) {
	dir := class(t, 12, secretA)
	renderClass(t, dir, "a", "teacher-a")
	a := students(t, "teacher-a")
	if err := os.WriteFile("secret.txt", []byte(secretB), 0o600); err != nil {
		t.Fatal(err)
	}
	renderClass(t, dir, "b", "teacher-b")
	b := students(t, "teacher-b")
	seeds := func(out string, rows [][]string) []string {
		var s []string
		for _, r := range rows {
			page := readFile(t, filepath.Join(out, r[4], "index.html"))
			if !strings.Contains(page, "<dd>"+r[8]+"</dd>") {
				t.Errorf("page %s does not show its seed %s", r[4], r[8])
			}
			s = append(s, r[8])
		}
		return s
	}
	sa, sb := seeds("a", a), seeds("b", b)
	for i := range a {
		if a[i][4] == b[i][4] {
			t.Errorf("student %s has the token %s under both secrets", a[i][0], a[i][4])
		}
		if sa[i] == sb[i] {
			t.Errorf("student %s has the seed %s under both secrets", a[i][0], sa[i])
		}
		for _, who := range append(a[i][:3], strings.Fields(a[i][1])...) {
			for _, token := range []string{a[i][4], b[i][4]} {
				if strings.Contains(token, strings.ToLower(who)) {
					t.Errorf("token %s holds %q", token, who)
				}
			}
		}
	}
	for _, bad := range []struct{ env, file, want string }{
		{"", "", "no secret"},
		{"short", "", "want at least 16"},
	} {
		t.Setenv("PARTLAB_SECRET", bad.env)
		_, stderr, err := partlab(t, "render", "--roster", "roster.csv", "--teacher", "t", "-o", "c", variantsYAML)
		if err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("secret %q: %v %s, want %q", bad.env, err, stderr, bad.want)
		}
	}
}

// TestCheckRoster names the variants whose figures break the Day 24
// expectation that 8 of 16 consumers idle: those of 6 and 12 partitions, by
// token, never by student.
func TestCheckRoster(t *testing.T) {
	class(t, 20, secretA)
	stdout, _, err := partlab(t, "check", "--roster", "roster.csv", "--secret-file", "secret.txt", variantsYAML)
	if err == nil {
		t.Fatal("check --roster passed a roster whose variants break an expectation")
	}
	broken := regexp.MustCompile(`(?m)^variant ([a-z2-7]{26}) \(cells.ceiling.partitions=(\d+),.*ceiling.idle@16 is (\d+), expected 8`).FindAllStringSubmatch(stdout, -1)
	if len(broken) == 0 {
		t.Fatalf("no variant named as breaking ceiling.idle@16:\n%s", stdout)
	}
	for _, m := range broken {
		if m[2] == "8" {
			t.Errorf("variant %s of 8 partitions named as breaking: %s", m[1], m[0])
		}
	}
	if strings.Contains(stdout, "s00") || strings.Contains(stdout, "Student") {
		t.Errorf("check names a student:\n%s", stdout)
	}
}

// answersFile writes an answers file as a variant page's button does.
func answersFile(t *testing.T, path, token string, answers map[string]float64, extra map[string]any) {
	t.Helper()
	doc := map[string]any{"scenario": "day-24", "token": token, "answers": answers, "saved": "2026-03-02T10:00:00.000Z"}
	for k, v := range extra {
		doc[k] = v
	}
	data, _ := json.Marshal(doc)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// keyFigures are the figures of the predictions of token's page, by name,
// as the teacher's answer key for it shows them.
func keyFigures(t *testing.T, teacher, token string) map[string]float64 {
	t.Helper()
	key, err := os.ReadFile(filepath.Join(teacher, token, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]float64{}
	for _, x := range regexp.MustCompile(`<tr><td>(P\d)</td><td class="num">([0-9.]+)</td>`).FindAllSubmatch(key, -1) {
		v, err := strconv.ParseFloat(string(x[2]), 64)
		if err != nil {
			t.Fatal(err)
		}
		out[string(x[1])] = v
	}
	return out
}

// gradebookRows reads a gradebook: every row has the header's fields.
func gradebookRows(t *testing.T, data string) [][]string {
	t.Helper()
	rows, err := csv.NewReader(strings.NewReader(data)).ReadAll() // a ragged row is an error
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// TestGrade grades answers files on recomputed figures: a student's exact
// answers score every point; a file that claims other actuals is scored on
// the recomputed ones; a malformed file, a duplicate, another scenario's
// and an unknown token are each reported and left out, the rest graded.
func TestGrade(t *testing.T) {
	dir := class(t, 4, secretA)
	renderClass(t, dir, "site", "teacher")
	rows := students(t, "teacher")
	right := keyFigures(t, "teacher", rows[0][4])
	if len(right) != 4 {
		t.Fatalf("the answer key of %s shows %d figures, want 4", rows[0][4], len(right))
	}
	answersFile(t, "exact.json", rows[0][4], right, nil)
	wrong := map[string]float64{"P1": right["P1"] + 5}
	// Answers off by 5, with the actuals edited to match them.
	answersFile(t, "forged.json", rows[1][4], wrong, map[string]any{"actuals": wrong})
	os.WriteFile("broken.json", []byte(`{"scenario": "day-24", "tok`), 0o644)
	answersFile(t, "other.json", rows[2][4], right, map[string]any{"scenario": "messaging-systems"})
	answersFile(t, "stranger.json", strings.Repeat("a", 26), right, nil)
	answersFile(t, "again.json", rows[0][4], wrong, nil)
	stdout, stderr, err := partlab(t, "grade", "--roster", "roster.csv", "--secret-file", "secret.txt", "--feedback", "feedback", variantsYAML,
		"exact.json", "forged.json", "broken.json", "other.json", "stranger.json", "again.json")
	if err == nil {
		t.Fatal("grade passed files it could not grade")
	}
	for _, want := range []string{"broken.json: not an answers file", `other.json: the answers are for scenario "messaging-systems"`,
		"stranger.json: token", "again.json: a second answers file"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("grade's report lacks %q:\n%v", want, err)
		}
	}
	book := gradebookRows(t, stdout)
	total := func(id string) []string {
		i := slices.IndexFunc(book, func(r []string) bool { return r[0] == id && r[4] == "total" })
		if i < 0 {
			t.Fatalf("no total for %s:\n%s", id, stdout)
		}
		return book[i]
	}
	if got := total(rows[0][0]); got[10] != "4" || got[11] != "4" {
		t.Errorf("exact answers scored %s of %s, want 4 of 4", got[10], got[11])
	}
	if got := total(rows[1][0]); got[10] != "0" {
		t.Errorf("answers off by 5 scored %s, want 0", got[10])
	}
	if got := total(rows[3][0]); got[10] != "0" || !strings.Contains(stdout, rows[3][0]+",") {
		t.Errorf("a student without a file: %v", got)
	}
	if !strings.Contains(stderr, "grade: 2 answers files of 4 students graded, 4 files not") {
		t.Errorf("grade's summary: %s", stderr)
	}
	if !strings.Contains(stderr, `forged.json: fields ["actuals"] are ignored`) {
		t.Errorf("grade does not say it ignores the forged figures:\n%s", stderr)
	}
	// Each student's feedback quotes the worked answers (:::answer P3) with
	// the figures of their own page.
	for _, row := range rows {
		feedback := readFile(t, filepath.Join("feedback", row[4]+".txt"))
		idle := fmt.Sprintf("\n    16 consumers work and %v sit idle.\n", keyFigures(t, "teacher", row[4])["P3"])
		if !strings.Contains(feedback, idle) || !strings.Contains(feedback, "\n    One key hashes to one number") {
			t.Errorf("the feedback of %s lacks its worked answers, P3's with %q:\n%s", row[4], idle, feedback)
		}
		// Figures in words, not by their ids; no placeholder for a page
		// the feedback cannot link without a base_url.
		for _, absent := range []string{"ceiling.speedup", "ceiling.idle", "@", "teacher's folder", "index.html"} {
			if strings.Contains(feedback, absent) {
				t.Errorf("the feedback of %s holds %q:\n%s", row[4], absent, feedback)
			}
		}
	}
}

// TestGradeFeedbackLink: with a base_url, each student's feedback links
// their page, which the reveal makes their whole page.
func TestGradeFeedbackLink(t *testing.T) {
	dir := class(t, 2, secretA)
	renderClass(t, dir, "site", "teacher")
	rows := students(t, "teacher")
	os.WriteFile("site.yaml", []byte("base_url: https://course.example/kafka\n"), 0o644)
	answersFile(t, "a.json", rows[0][4], map[string]float64{"P1": 1}, nil)
	if _, stderr, err := partlab(t, "grade", "--roster", "roster.csv", "--secret-file", "secret.txt", "-o", "book.csv", "--feedback", "feedback", variantsYAML, "a.json"); err != nil {
		t.Fatalf("grade: %v\n%s", err, stderr)
	}
	for _, row := range rows {
		want := "Your page, every answer open once your teacher reveals it: https://course.example/kafka/" + row[4] + "/\n"
		if got := readFile(t, filepath.Join("feedback", row[4]+".txt")); !strings.Contains(got, want) {
			t.Errorf("the feedback of %s lacks %q:\n%s", row[4], want, got)
		}
	}
}

// TestRosterBudget refuses a roster whose variants exceed the budget
// together, though each fits alone, before anything is written.
func TestRosterBudget(t *testing.T) {
	dir := class(t, 30, secretA)
	_, _, err := partlab(t, "render", "--roster", "roster.csv", "--secret-file", "secret.txt", "--teacher", "teacher", "-o", "site", "--max-output", "2MB", variantsYAML)
	if err == nil || !strings.Contains(err.Error(), "the roster's 30 variants need") || !strings.Contains(err.Error(), "--max-output") {
		t.Fatalf("a roster over the budget: %v", err)
	}
	for _, d := range []string{"site", "teacher"} {
		if _, err := os.Stat(filepath.Join(dir, d)); !os.IsNotExist(err) {
			t.Errorf("%s was written for a roster over the budget", d)
		}
	}
}

// TestRosterReveal publishes every student's whole page under the token
// of their variant page: nothing withheld, every answer open, no
// expectations; given the answers files, each page shows its student's
// answers beside their figures, and a file no page takes stops the render.
func TestRosterReveal(t *testing.T) {
	dir := class(t, 3, secretA)
	renderClass(t, dir, "site", "teacher")
	rows := students(t, "teacher")
	right := keyFigures(t, "teacher", rows[0][4])
	os.Mkdir("answers", 0o755)
	answersFile(t, filepath.Join("answers", "a.json"), rows[0][4], right, nil)
	answersFile(t, filepath.Join("answers", "b.json"), rows[1][4], map[string]float64{"P1": right["P1"] + 5}, nil)
	page := func(token string) string { return readFile(t, filepath.Join("site", token, "index.html")) }
	before := page(rows[0][4])

	tests := []struct {
		name    string
		answers bool
		row     int
		want    []string
	}{
		{"without answers", false, 0, []string{`<details class="answer" open>`, "is printed with the figure of your own page"}},
		{"all hits", true, 0, []string{"Your answers as you handed them in", "4 of\n4 predictions within their tolerance", "✓ hit"}},
		{"a miss", true, 1, []string{"✗ miss", "no answer"}},
		{"no file", true, 2, []string{"Your answers as you handed them in", "0 of\n4 predictions"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := []string{"render", "--roster", "roster.csv", "--secret-file", "secret.txt", "--reveal", "-o", "site"}
			if tt.answers {
				args = append(args, "--answers", "answers")
			}
			args = append(args, variantsYAML)
			if _, stderr, err := partlab(t, args...); err != nil {
				t.Fatalf("render --reveal: %v\n%s", err, stderr)
			}
			got := page(rows[tt.row][4])
			for _, want := range tt.want {
				if !strings.Contains(got, want) {
					t.Errorf("the revealed page lacks %q", want)
				}
			}
			for _, absent := range []string{"Download my answers", "Expectations", "results.json", "withheld", "overridden:"} {
				if strings.Contains(got, absent) {
					t.Errorf("the revealed page holds %q", absent)
				}
			}
			for name, figure := range keyFigures(t, "teacher", rows[tt.row][4]) {
				if !strings.Contains(got, `<td class="num"><strong class="key-figure" title="The figure of `+name) || !strings.Contains(got, strconv.FormatFloat(figure, 'f', -1, 64)) {
					t.Errorf("the revealed page does not print %s's figure %v", name, figure)
				}
			}
		})
	}
	if page(rows[0][4]) == before {
		t.Error("the reveal left the variant page as it was")
	}
	answersFile(t, filepath.Join("answers", "c.json"), strings.Repeat("a", 26), right, nil)
	revealed := readTree(t, "site")
	_, _, err := partlab(t, "render", "--roster", "roster.csv", "--secret-file", "secret.txt", "--reveal", "--answers", "answers", "-o", "site", variantsYAML)
	if err == nil || !strings.Contains(err.Error(), "c.json: token") || !strings.Contains(err.Error(), "nothing written") {
		t.Errorf("an answers file of no student's page: %v", err)
	}
	if !mapsEqual(revealed, readTree(t, "site")) {
		t.Error("a refused reveal changed the site")
	}
}

// TestGradeLMS takes Canvas's and Moodle's own exports as the roster, as
// they are, naming the columns it ignores, and writes each LMS's wide
// gradebook: a row per student, the LMS's identifying columns, a grade per
// prediction and the total, headed by the scenario's title.
func TestGradeLMS(t *testing.T) {
	const dayTitle = "Day 24 — partitions for speed, and order only inside a lane"
	tests := []struct {
		name, roster, flag string
		ignored            string
		head               []string
		who                []string // the first student's identifying columns
	}{
		{"canvas", "Student,ID,SIS User ID,SIS Login ID,Section,Day 23 (101)\n" +
			"    Points Possible,,,,,4.00\n" +
			"\"Lovelace, Ada\",2001,S-1,ada,Section A,3.00\n" +
			"\"Hopper, Grace\",2002,S-2,grace,Section B,\n",
			"--canvas", `["Day 23 (101)"]`,
			[]string{"Student", "ID", "SIS User ID", "SIS Login ID", "Section"}, []string{"Lovelace, Ada", "2001", "S-1", "ada", "Section A"}},
		{"moodle", "First name,Surname,ID number,Institution,Department,Email address,Last downloaded from this course\n" +
			"Ada,Lovelace,S-1,,,ada@school.example,1760000000\n" +
			"Grace,Hopper,S-2,,,grace@school.example,1760000000\n",
			"--moodle", `["Institution" "Department" "Last downloaded from this course"]`,
			[]string{"Full name", "Email address", "ID number"}, []string{"Ada Lovelace", "ada@school.example", "S-1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := class(t, 1, secretA)
			os.WriteFile("roster.csv", []byte(tt.roster), 0o644)
			_, stderr, err := partlab(t, "render", "--roster", "roster.csv", "--secret-file", "secret.txt", "--teacher", "teacher", "-o", "site", variantsYAML)
			if err != nil {
				t.Fatalf("render --roster with %s's export: %v\n%s", tt.name, err, stderr)
			}
			if !strings.Contains(stderr, "roster.csv: "+plural(strings.Count(tt.ignored, `" "`)+1, "column")+" "+tt.ignored+" ignored") {
				t.Errorf("no notice of the ignored columns %s:\n%s", tt.ignored, stderr)
			}
			rows := students(t, filepath.Join(dir, "teacher"))
			if len(rows) != 2 {
				t.Fatalf("students.csv has %d rows, want 2 (no Points Possible)", len(rows))
			}
			answersFile(t, "a.json", rows[0][4], keyFigures(t, "teacher", rows[0][4]), nil)
			if _, stderr, err := partlab(t, "grade", "--roster", "roster.csv", "--secret-file", "secret.txt", "-o", "long.csv", tt.flag, "wide.csv", variantsYAML, "a.json"); err != nil {
				t.Fatalf("grade: %v\n%s", err, stderr)
			}
			book := gradebookRows(t, readFile(t, "wide.csv"))
			head := append(slices.Clone(tt.head), dayTitle+" P1")
			if len(book) != 3 || !slices.Equal(book[0][:len(head)], head) || book[0][len(book[0])-1] != dayTitle {
				t.Fatalf("the %s gradebook's header: %q", tt.name, book[0])
			}
			if !slices.Equal(book[1][:len(tt.who)], tt.who) || book[1][len(book[1])-1] != "4" || book[2][len(book[2])-1] != "" {
				t.Errorf("the %s gradebook's rows: %q", tt.name, book[1:])
			}
		})
	}
}

// TestRosterPublicPage: a roster render of every scenarios/*.yaml renders
// the students' pages of the one with variants and the others' pages as
// usual; the scenario with variants has no page of its own, not even from
// a bare partlab afterwards, unless it says variants: {public_page: true}.
func TestRosterPublicPage(t *testing.T) {
	quiz, err := os.ReadFile(variantsYAML)
	if err != nil {
		t.Fatal(err)
	}
	plain, err := os.ReadFile(filepath.Join(root, "scaffold", "course", "scenarios", "partitions.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	public := bytes.Replace(quiz, []byte("\nvariants:\n"), []byte("\nvariants:\n  public_page: true\n"), 1)
	tests := []struct {
		name string
		quiz []byte
		page bool
	}{
		{"variants only", quiz, false},
		{"public_page: true", public, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			class(t, 2, secretA)
			os.Mkdir("scenarios", 0o755)
			os.WriteFile(filepath.Join("scenarios", "partitions.yaml"), plain, 0o644)
			// A page published while the scenario asked for one goes
			// once it does not.
			os.WriteFile(filepath.Join("scenarios", "day-24.yaml"), public, 0o644)
			if _, stderr, err := partlab(t, "render", "-o", "out"); err != nil {
				t.Fatalf("render: %v\n%s", err, stderr)
			}
			os.WriteFile(filepath.Join("scenarios", "day-24.yaml"), tt.quiz, 0o644)
			_, stderr, err := partlab(t, "render", "--roster", "roster.csv", "--secret-file", "secret.txt", "-o", "out")
			if err != nil {
				t.Fatalf("render --roster of scenarios/*.yaml: %v\n%s", err, stderr)
			}
			check := func(when string) {
				t.Helper()
				site := readTree(t, "out")
				_, own := site["day-24/index.html"]
				_, other := site["partitions/index.html"]
				variants := 0
				for p := range site {
					if regexp.MustCompile(`^[a-z2-7]{26}/index.html$`).MatchString(p) {
						variants++
					}
				}
				if own != tt.page || !other || variants != 2 {
					t.Errorf("%s: the scenario's own page %v (want %v), the other page %v, %d variant pages (want 2)", when, own, tt.page, other, variants)
				}
			}
			check("after render --roster")
			if !tt.page && !strings.Contains(stderr, "day-24.yaml: its own page is not published") {
				t.Errorf("render does not say the scenario's own page is not published:\n%s", stderr)
			}
			if _, stderr, err := partlab(t); err != nil {
				t.Fatalf("partlab: %v\n%s", err, stderr)
			}
			check("after a bare partlab")
		})
	}
}
