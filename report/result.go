package report

import (
	"fmt"
	"strings"

	"github.com/qa-chain/chainreplay/chain"
)

// Status of a flow or a step.
type Status string

// The statuses of flows and steps.
const (
	Passed  Status = "passed"
	Failed  Status = "failed"
	Skipped Status = "skipped" // steps after a failure
)

// Code classifies why a step failed.
type Code string

// The error codes of failed steps (INTERFACE.md, seed 003).
const (
	ElementNotFound  Code = "ELEMENT_NOT_FOUND"
	LowConfidence    Code = "LOW_CONFIDENCE"
	Ambiguous        Code = "AMBIGUOUS"
	Timeout          Code = "TIMEOUT"
	NavigationFailed Code = "NAVIGATION_FAILED"
	InvalidStep      Code = "INVALID_STEP"
	CDPError         Code = "CDP_ERROR"
	BrowserCrashed   Code = "BROWSER_CRASHED"
	// NotActionable: the element was found but is hidden, disabled, moving or
	// covered by another element at the click point, or takes no text (a
	// type step at an element that is no text field).
	NotActionable Code = "NOT_ACTIONABLE"
	// AssertionFailed: an assert_* step found its target but the check failed.
	AssertionFailed Code = "ASSERTION_FAILED"
	// SecretMissing: a ${secret:NAME} placeholder has no environment variable.
	SecretMissing Code = "SECRET_MISSING"
	// NoEffect: the step acted, but what it did at record time (its
	// target's state, elements added or removed, texts changed, a dialog)
	// did not happen, or the text it typed did not reach its field.
	NoEffect Code = "NO_EFFECT"
	// UnexpectedDialog: the page opened a JavaScript confirm or prompt
	// that the step did not open at record time; replay dismissed it.
	UnexpectedDialog Code = "UNEXPECTED_DIALOG"
	// VarMissing: a ${var:NAME} placeholder has no value (replayer --var,
	// a --data column).
	VarMissing Code = "VAR_MISSING"
)

// Run is a whole replay: every flow, and the summary.
type Run struct {
	Summary Summary `json:"summary"`
	Flows   []Flow  `json:"flows"`
}

// Summary counts a run.
type Summary struct {
	Flows       int     `json:"flows"`
	FlowsPassed int     `json:"flows_passed"`
	Steps       int     `json:"steps"`
	StepsPassed int     `json:"steps_passed"`
	DurationMS  float64 `json:"duration_ms"`
}

// Flow is the result of one flow file.
type Flow struct {
	File       string  `json:"file"`
	Name       string  `json:"name"`
	Status     Status  `json:"status"`
	DurationMS float64 `json:"duration_ms"`
	// Error is set when the flow failed before or outside its steps
	// (the start URL did not load, the browser crashed).
	Error *Error `json:"error,omitempty"`
	// Row is the data row the flow was replayed with (replayer --data);
	// nil for a replay without one.
	Row   *Row   `json:"row,omitempty"`
	Steps []Step `json:"steps"`
}

// Row is one row of a data file (replayer --data): a flow is replayed once
// per row, with the row's columns as variables.
type Row struct {
	// Index is the row's 1-based position among the file's data rows (the
	// header row is not one); Line is its line in the file.
	Index int `json:"index"`
	Line  int `json:"line"`
	// Vars are the row's values by column name. They are not secret.
	Vars map[string]string `json:"vars"`
}

// Step is the result of one step.
type Step struct {
	// Index is 1-based. The steps of an included flow are steps of the
	// including flow's report, in the order they ran: an include step is
	// followed by the steps it includes, and indexes go on after them.
	Index int `json:"index"`
	// From is where a step of an included flow is written: the included
	// file, relative to the replayed flow's folder, and the step's 1-based
	// index in it ("login.yaml#2"); empty for the replayed flow's own
	// steps.
	From   string `json:"from,omitempty"`
	Action string `json:"action"`
	Status Status `json:"status"`
	// Strategy and Confidence are the winner's; nil when nothing was located.
	Strategy   string    `json:"strategy,omitempty"`
	Confidence *float64  `json:"confidence,omitempty"`
	DurationMS float64   `json:"duration_ms"`
	Error      *Error    `json:"error"`
	Attempts   []Attempt `json:"attempts"`
	// Healed is set when the chain's first strategy did not locate the
	// element the step acted on (it found nothing, or another element) and
	// another strategy did, when strategies broke while the winner held
	// (Drift), or, under --update-flows, when the step's target was not
	// described (Described): what a person may want to write back into
	// the flow.
	Healed *Healing `json:"healed,omitempty"`
	// URL is the page's URL when the step ended.
	URL string `json:"url,omitempty"`
	// Screenshot is the path of a screenshot, relative to the report folder.
	Screenshot string `json:"screenshot,omitempty"`
	// Description is a short human text of the target ("button \"Sign in\"").
	Description string `json:"description,omitempty"`
	// Notes say what differed from the recording without failing the
	// step: another URL than recorded, a name matched only once its white
	// space or case was forgiven.
	Notes []string `json:"notes,omitempty"`
	// Opened are the controls the replay clicked before the target to
	// show it, each named as `button "Toggle navigation"`: a menu a
	// narrower viewport folded behind its button. The notes say why.
	Opened []string `json:"opened,omitempty"`
}

// Attempt is one strategy's evaluation during a step.
type Attempt struct {
	Type       string  `json:"type"`
	Value      string  `json:"value,omitempty"`
	Found      bool    `json:"found"`
	Confidence float64 `json:"confidence"`
	MatchCount int     `json:"match_count"`
	DurationMS float64 `json:"duration_ms"`
	Error      string  `json:"error"`
	// Detail is the evaluator's note: what it compared and chose
	// ("3 matches, picked the 2nd by fingerprint", similarity's best and
	// runner-up, "without the tree" for a round that did not read the
	// page's DOM tree).
	Detail string `json:"detail,omitempty"`
}

// Healing says what a step's target was found by instead of its first
// strategy, or, with Drift, that strategies of its chain broke while the
// winner held.
type Healing struct {
	// From is the recorded first strategy ("css #login-btn").
	From string `json:"from"`
	// To is the strategy that found the element.
	To string `json:"to"`
	// Drift is set when the first strategy still won but others of the
	// chain no longer find the element (an id renamed under a surviving
	// test id).
	Drift bool `json:"drift,omitempty"`
	// Described is set when nothing healed but the step's target was not
	// described (chain.Target.Described: a Chrome Recorder recording
	// imported, a chain written by hand): its element was described anew
	// (Target) so that the flow holds what a recording holds.
	Described bool `json:"described,omitempty"`
	// Broke lists the chain's strategies that no longer find the element.
	Broke []HealedStrategy `json:"broke,omitempty"`
	// Chain is the chain a person may write back, best first: the target's
	// chain described anew (Target), else the winner and the strategies
	// that agreed with it.
	Chain []HealedStrategy `json:"chain,omitempty"`
	// Target is the element described anew as the recorder describes a
	// target (its whole chain, fingerprint and coordinates), what
	// --update-flows writes back; nil when it could not be described.
	Target *chain.Target `json:"target,omitempty"`
}

// Summary says in one line what h is: "healed: css #a -> role button|A",
// "drift: ...", or "described anew: ...".
func (h *Healing) Summary() string {
	switch {
	case h.Described:
		return fmt.Sprintf("described anew: found by %s; the target had no fingerprint", h.To)
	case h.Drift:
		var broke []string
		for _, s := range h.Broke {
			broke = append(broke, strings.TrimSpace(s.Type+" "+s.Value))
		}
		return fmt.Sprintf("drift: %s still wins; broke: %s", h.From, strings.Join(broke, ", "))
	}
	return fmt.Sprintf("healed: %s -> %s", h.From, h.To)
}

// HealedStrategy is one entry of a healed chain.
type HealedStrategy struct {
	Type       string  `json:"type"`
	Value      string  `json:"value,omitempty"`
	Confidence float64 `json:"confidence"`
}

// Error is a step's or flow's failure.
type Error struct {
	Code    Code   `json:"code"`
	Message string `json:"message"`
}

func (e *Error) Error() string { return string(e.Code) + ": " + e.Message }

// Step returns the step with 1-based index i, or nil.
func (f *Flow) Step(i int) *Step {
	if f == nil || i < 1 || i > len(f.Steps) {
		return nil
	}
	return &f.Steps[i-1]
}

// Summarize recomputes r.Summary's counts from r.Flows (not the duration).
func (r *Run) Summarize() {
	s := Summary{DurationMS: r.Summary.DurationMS, Flows: len(r.Flows)}
	for _, f := range r.Flows {
		if f.Status == Passed {
			s.FlowsPassed++
		}
		for _, st := range f.Steps {
			s.Steps++
			if st.Status == Passed {
				s.StepsPassed++
			}
		}
	}
	r.Summary = s
}
