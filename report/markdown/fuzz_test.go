package markdown

import (
	"testing"

	"github.com/partlab/partlab/report/internal/reporttest"
)

// in the scenario file.
func FuzzTemplate(f *testing.F) {
	for _, seed := range []string{
		"{{ .Title }}", `{{ (row "keys" "record" 4).MaxLoad }}`, "{{ range 100000 }}{{ range 100000 }}x{{ end }}{{ end }}",
		`{{ define "t0" }}{{ end }}{{ define "t1" }}{{ template "t0" }}{{ template "t0" }}{{ end }}{{ template "t1" }}`, `{{ $s := "ab" }}{{ range 40 }}{{ $s = print $s $s }}{{ end }}`, `{{ printf "%0999d" 1 }}`,
		`{{ range $i, $r := (grid "keys").Rows }}{{ $i }} {{ $r.Key }}{{ end }}`, `{{ .Nope }}`, `{{ block "b" . }}{{ template "b" . }}{{ end }}`,
	} {
		f.Add(seed)
	}
	lesson := reporttest.Lesson(f)
	s := lesson.Scenario
	var cells []Cell
	for _, c := range s.Cells {
		if c.Sim != nil {
			cells = append(cells, Cell{ID: c.ID, Kind: c.Kind, Sim: c.Sim, Result: lesson.Results.All[len(cells)].Result})
		}
	}
	f.Fuzz(func(t *testing.T, src string) {
		v := NewVocabulary(t.Context(), s, cells, lesson.Results)
		md, err := v.markdown(src)
		if len(md) > maxOutput {
			t.Fatalf("printed %d bytes", len(md))
		}
		if err != nil {
			if e := v.textError(CellText(0, s.Cells[0]), err); e.Line < 1 || e.Col < 1 || e.Msg == "" {
				t.Fatalf("error %v placed at %d:%d", err, e.Line, e.Col)
			}
		}
	})
}
