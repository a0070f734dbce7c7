package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"

	"github.com/partlab/partlab/internal/browsertest"
	"github.com/partlab/partlab/internal/testtool"
)

// TestVariantDownloadBrowser opens a student's variant page from file://
// in Chromium, types predictions (three of the page's figures and one off),
// clicks "Download my answers" and grades the file the browser saved: three
// of four. The same file with its actuals edited to match every answer is
// graded on the recomputed figures, three of four again. Without Chromium
// it skips, except in CI (CI=true).
func TestVariantDownloadBrowser(t *testing.T) {
	testtool.Slow(t, "opens pages in Chromium")
	dir := class(t, 3, secretA)
	renderClass(t, dir, "site", "teacher")
	student := students(t, "teacher")[1]
	id, token := student[0], student[4]
	figures := keyFigures(t, "teacher", token)
	if len(figures) != 4 {
		t.Fatalf("the answer key of %s shows %d figures, want 4", token, len(figures))
	}
	typed := map[string]float64{}
	for name, v := range figures {
		typed[name] = v
	}
	typed["P4"] = figures["P4"] + 3 // P4's tolerance is 0: a miss

	// Every wait, on the page and on the download's events, ends with
	// bounded.
	bounded, cancel := context.WithTimeout(browser.Tab(t), patience)
	defer cancel()
	downloads := t.TempDir()
	page := "file://" + filepath.ToSlash(filepath.Join(dir, "site", token, "index.html"))
	begun := chromedp.Events(bounded, cdpbrowser.DownloadWillBegin)
	progress := chromedp.Events(bounded, cdpbrowser.DownloadProgress)
	steps := []chromedp.Action[chromedp.Void]{
		chromedp.Navigate(page),
		chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
			events := true
			_, err := chromedp.Call(ctx, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{
				Behavior:         cdpbrowser.SetDownloadBehaviorBehaviorAllowAndName,
				BrowserContextID: chromedp.FromContext(ctx).BrowserContextID,
				DownloadPath:     downloads,
				EventsEnabled:    &events,
			})
			return err
		}),
	}
	for _, name := range []string{"P1", "P2", "P3", "P4"} {
		// The first input of a name is the one beside its question; the
		// page copies it into the scoreboard's.
		steps = append(steps, chromedp.SendKeys(fmt.Sprintf(`input[data-prediction=%q]`, name), strconv.FormatFloat(typed[name], 'f', -1, 64)))
	}
	steps = append(steps, chromedp.Click(`button[data-download]`))
	if err := chromedp.Do(bounded, steps...); err != nil {
		t.Fatal(err)
	}
	suggested := ""
	for ev, err := range begun {
		if err != nil {
			t.Fatalf("waiting for the download to begin: %v", err)
		}
		suggested = ev.SuggestedFilename
		break
	}
	if want := "day-24-" + token + ".answers.json"; suggested != want {
		t.Errorf("the browser saves %q, want %q", suggested, want)
	}
	saved := ""
	for ev, err := range progress {
		if err != nil {
			t.Fatalf("waiting for the download to finish: %v", err)
		}
		if ev.State == cdpbrowser.DownloadProgressStateCanceled {
			t.Fatal("the browser cancelled the download")
		}
		if ev.State == cdpbrowser.DownloadProgressStateCompleted {
			saved = filepath.Join(downloads, ev.GUID)
			break
		}
	}
	if saved == "" {
		t.Fatalf("no download finished: %v", context.Cause(bounded))
	}
	browsertest.WaitFor(t, bounded, "the download's status", `document.querySelector("[data-download-status]").textContent === "Saved `+suggested+` with 4 answers."`)

	data, err := os.ReadFile(saved)
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Scenario, Token string
		Answers         map[string]float64
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatalf("the downloaded file: %v\n%s", err, data)
	}
	if file.Scenario != "day-24" || file.Token != token || fmt.Sprint(file.Answers) != fmt.Sprint(typed) {
		t.Errorf("the downloaded file holds %s, want day-24, token %s and the answers %v", data, token, typed)
	}
	graded := func(answers string) (stderr string, rows [][]string) {
		t.Helper()
		stdout, stderr, err := partlab(t, "grade", "--roster", "roster.csv", "--secret-file", "secret.txt", variantsYAML, answers)
		if err != nil {
			t.Fatalf("grade %s: %v\n%s", answers, err, stderr)
		}
		for _, r := range gradebookRows(t, stdout) {
			if r[0] == id {
				rows = append(rows, r)
			}
		}
		return stderr, rows
	}
	want := "P1 hit 1|P2 hit 1|P3 hit 1|P4 miss 0|total  3"
	_, rows := graded(saved)
	if got := marks(rows); got != want {
		t.Errorf("the downloaded answers are graded %q, want %q", got, want)
	}

	// A student edits the file to claim actuals equal to their answers.
	var forged map[string]any
	json.Unmarshal(data, &forged)
	forged["actuals"] = typed
	data, _ = json.Marshal(forged)
	if err := os.WriteFile("forged.json", data, 0o644); err != nil {
		t.Fatal(err)
	}
	stderr, rows := graded("forged.json")
	if got := marks(rows); got != want {
		t.Errorf("the answers with edited actuals are graded %q, want %q, the figures recomputed", got, want)
	}
	if !strings.Contains(stderr, `forged.json: fields ["actuals"] are ignored`) {
		t.Errorf("grade does not say it ignores the edited actuals:\n%s", stderr)
	}
}

// marks are a student's gradebook rows in short: prediction, result and
// points, joined by |.
func marks(rows [][]string) string {
	var out []string
	for _, r := range rows {
		out = append(out, strings.Join([]string{r[4], r[9], r[10]}, " "))
	}
	return strings.Join(out, "|")
}
