package decision

import (
	"context"
	"fmt"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/pagemodel"
)

// disclose opens the part of the page that hides el, as a person would
// before acting on what is inside it, where the page names one control
// that discloses that part, shows, and says it is collapsed (discloses):
// the menu a narrower viewport folded behind its button (aria-controls
// naming the collapsed part, aria-expanded false), a closed <details>'s
// summary. It clicks that control and says so ("" and nil when there is
// nothing to open). The element itself hidden, or several controls, are
// left as they are: which one a person would use is not the page's to
// say; and so is an element that
// only similarity or the recorded point found, or only a place (v): what
// is opened to show it must be what the step names.
func (r *Runner) disclose(ctx context.Context, v *Verdict, el Elem) (control, note string, err error) {
	if el.Model == nil || !el.Ref.Valid() || !namedAlone(v) {
		return "", "", nil
	}
	h, err := el.Model.HiddenBy(ctx, el.Ref)
	if err != nil || h == nil || h.Self || h.Part == "" {
		return "", "", err
	}
	if h.More {
		return "", "", nil
	}
	var c *pagemodel.Control
	for i := range h.Controls {
		if !discloses(h.Controls[i]) {
			continue
		}
		if c != nil {
			return "", "", nil
		}
		c = &h.Controls[i]
	}
	if c == nil {
		return "", "", nil
	}
	ctl := Elem{Model: el.Model, Ref: c.Ref, remote: &remoteObj{group: el.group()}}
	p, err := Actionable(ctx, ctl, nil)
	if err != nil {
		return "", "", err
	}
	if err := mouseClick(ctx, r.Page, p, "left", 1, 0); err != nil {
		return "", "", err
	}
	control = c.String()
	return control, fmt.Sprintf("opened %s first: %s hid the target (%s)", control, h.Part, h.How), nil
}

// discloses reports whether c, shown, says it opens what it controls: a
// summary, or a control whose aria-expanded is false. A tab (it switches
// panels) or a link (it may lead away) is no such control.
func discloses(c pagemodel.Control) bool {
	if !c.Shown || c.Role == "tab" || c.Role == "link" {
		return false
	}
	return c.Tag == "summary" || c.Expanded == "false"
}

// namedAlone reports whether a strategy that names the element (neither
// similarity nor the recorded point) found v's winner alone: the one
// element of the page it matches.
func namedAlone(v *Verdict) bool {
	if v == nil || v.Winner == nil || v.ByPlaceOnly {
		return false
	}
	for _, a := range v.Attempts {
		if a.Found && a.Strategy.Type != chain.Similarity && !Positional(a) && !a.KindMismatch && !Numbered(a.Strategy) && sameNode(a, *v.Winner) {
			return true
		}
	}
	return false
}
