package report

// An Assessment makes a page one student's variant in assessment mode
// (render --roster): the prediction inputs stay, and a "Download my
// answers" button saves what the student typed as a small JSON file
// (AnswerFile) for partlab grade; nothing on the page gives an answer
// away. Answers (:::answer and answer: true cells) are left out, not
// closed; the scoreboard has no figures and no verdicts; the page neither
// links nor carries results.json and results.csv; and the expectations
// are the teacher's.
type Assessment struct {
	// Token is the page's opaque name, which the answers file carries
	// back to the teacher: never the student's id, name or email.
	Token string
}

// An AnswerFile is what a variant page's button saves: the scenario's
// name, the page's token, the numbers typed by prediction name (an empty
// input is absent) and the browser's clock when it was saved (RFC 3339).
// templates/reader.js writes it; partlab grade reads it.
type AnswerFile struct {
	Scenario string             `json:"scenario"`
	Token    string             `json:"token"`
	Answers  map[string]float64 `json:"answers"`
	Saved    string             `json:"saved"`
}

// assessmentData is the page's part of an assessment: what the button
// writes into the file.
type assessmentData struct {
	Scenario, Token string
}
