package decision

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/report"
)

// A calendar's day is read "15" in every month; its title says which
// date it is. Recorded on March's 15th, the step is refused on a calendar
// that opens on April, where "15" finds April's 15th; on March it clicks.
// The same holds for a description by aria-label.
func TestADayOfAnotherMonthIsAnotherElement(t *testing.T) {
	const page = `<table><tr>%s</tr></table>
		<script>window.clicks = []; document.addEventListener("click", (e) => window.clicks.push(e.target.getAttribute("title") || e.target.getAttribute("aria-label")));</script>`
	day := func(month string) string {
		return `<td><span title="` + month + ` 14, 2025">14</span></td><td><span title="` + month + ` 15, 2025">15</span></td>`
	}
	button := func(month string) string {
		return `<td><button aria-label="14 ` + month + ` 2025">14</button></td><td><button aria-label="15 ` + month + ` 2025">15</button></td>`
	}
	for _, tc := range []struct {
		name, html string
		fp         chain.Fingerprint
		clicked    string
	}{
		{"title, the month recorded", day("March"), chain.Fingerprint{Tag: "span", Text: "15", Title: "March 15, 2025"}, "March 15, 2025"},
		{"title, another month", day("April"), chain.Fingerprint{Tag: "span", Text: "15", Title: "March 15, 2025"}, ""},
		{"aria-label, another month", button("April"), chain.Fingerprint{Tag: "button", Role: "button", Text: "15", AriaLabel: "15 March 2025"}, ""},
		// A count the label carries changed: the same element.
		{"a count in the label", `<td><button aria-label="15 messages, 3 unread">15</button></td>`,
			chain.Fingerprint{Tag: "button", Role: "button", Text: "15", AriaLabel: "15 messages, 2 unread"}, "15 messages, 3 unread"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := steadyPage(t, strings.Replace(page, "%s", tc.html, 1))
			r := &Runner{Page: p, Options: RunOptions{Timeout: time.Second}}
			fp := tc.fp
			out := r.Step(context.Background(), &chain.Step{Action: chain.Click, Target: &chain.Target{
				Chain: []chain.Strategy{{Type: chain.Text, Value: "15", Tag: fp.Tag, Confidence: 0.82}}, Fingerprint: &fp}})
			got := p.MustEval(`() => window.clicks.join(",")`).Str()
			if got != tc.clicked {
				t.Fatalf("clicked %q, want %q (step: %v)", got, tc.clicked, out.Err)
			}
			if tc.clicked == "" && CodeOf(out.Err) != report.ElementNotFound {
				t.Fatalf("step: %v, want ELEMENT_NOT_FOUND", out.Err)
			}
		})
	}
}

func TestHoldsWord(t *testing.T) {
	for _, c := range []struct {
		s, t string
		want bool
	}{
		{"Saturday, March 15, 2025", "15", true},
		{"March 2015", "15", false},
		{"Edit invoice 12", "edit", true},
		{"Edited", "Edit", false},
		{"15", "15", true},
	} {
		if got := holdsWord(c.s, c.t); got != c.want {
			t.Errorf("holdsWord(%q, %q) = %v, want %v", c.s, c.t, got, c.want)
		}
	}
}
