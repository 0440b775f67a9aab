package similarity

import "github.com/qa-chain/chainreplay/chain"

// HiddenTie reports whether r is held back by a rendered and a hidden
// candidate being alike, for a target that was rendered when recorded (fp
// has a box): a near tie between them (either one best), or a rendered
// best that a hidden runner-up comes within FullMargin of or keeps from
// being found (a best over the floor refused for its margin), where the
// recorded surroundings do not favour the hidden one. A hidden best that
// stands out is left alone: the evidence points at it, shown or not.
//
// The caller then ranks the rendered candidates alone and takes their
// best if ShownStandsOut: a person acts on what is on screen.
func HiddenTie(fp *chain.Fingerprint, r Result, opts Options) bool {
	if fp == nil || fp.Box == nil || fp.Box.Width <= 0 || fp.Box.Height <= 0 || r.Best == nil || r.RunnerUp == nil ||
		Rendered(r.Best) == Rendered(r.RunnerUp) {
		return false
	}
	// Where the recorded surroundings point at the hidden one (a row's
	// button shown only on hover, whose row still says what the recorded
	// row said), it is the target, shown or not: visibility never stands
	// in for identity.
	shown, hidden := r.Best, r.RunnerUp
	if !Rendered(shown) {
		shown, hidden = hidden, shown
	}
	if hidden.Context > shown.Context+0.05 {
		return false
	}
	opts = opts.withDefaults()
	switch r.Outcome {
	case Ambiguous:
		return true
	case Found:
		return Rendered(r.Best) && r.Margin < opts.FullMargin
	case NotFound:
		// A rendered best refused for its margin over the hidden one,
		// not for its score.
		return Rendered(r.Best) && r.Best.Value >= opts.Floor
	}
	return false
}

// ShownStandsOut reports whether vis, the rendered candidates ranked
// without the hidden ones they were held back by (HiddenTie), found one
// that stands out: one found beside a rendered runner-up, or, alone of
// its kind on screen, one that reaches the sure floor. A lone rendered
// candidate has no rival left to measure a margin against, and a weak one
// (a collapsed menu's parent toggle, named like its hidden child) is no
// more the target for having hidden rivals only.
func ShownStandsOut(vis Result, opts Options) bool {
	if vis.Outcome != Found {
		return false
	}
	opts = opts.withDefaults()
	return vis.RunnerUp != nil || vis.Best.Value >= opts.SureFloor
}

// Rendered reports whether a ranked candidate has a layout box now.
func Rendered(sc *Scored) bool { return sc != nil && sc.Candidate.Box != nil }
