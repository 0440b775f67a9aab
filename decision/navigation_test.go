package decision

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/report"
)

// A step recorded as changing the route still passes when the app renamed
// the route (with a note saying where it led), and fails with
// NAVIGATION_FAILED when nothing navigates.
func TestNavigationIsCheckedForWhatItMeans(t *testing.T) {
	step := &chain.Step{Action: chain.Click, Navigated: &chain.Navigation{URL: "about:blank#/settings", SameDocument: true},
		Target: &chain.Target{Chain: []chain.Strategy{{Type: chain.ID, Value: "go", Confidence: 0.9}},
			Fingerprint: &chain.Fingerprint{Tag: "a", ID: "go"}}}
	renamed := actionPage(t, `<a id="go" href="#/preferences">Settings</a>`, 1)
	out := (&Runner{Page: renamed, Options: RunOptions{Timeout: 3 * time.Second}}).Step(context.Background(), step)
	if out.Err != nil {
		t.Fatalf("the route was renamed: want a pass, got %v", out.Err)
	}
	if len(out.Notes) != 1 || !strings.Contains(out.Notes[0], "led to about:blank#/preferences; recorded about:blank#/settings") {
		t.Errorf("notes %q, want where it led and what was recorded", out.Notes)
	}
	dead := actionPage(t, `<a id="go">Settings</a>`, 1)
	out = (&Runner{Page: dead, Options: RunOptions{Timeout: time.Second}}).Step(context.Background(), step)
	if CodeOf(out.Err) != report.NavigationFailed || !strings.Contains(out.Err.Error(), "change the route") {
		t.Fatalf("nothing navigated: want NAVIGATION_FAILED, got %v", out.Err)
	}
}
