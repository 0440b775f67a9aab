package decision

import (
	"context"
	"fmt"

	"github.com/qa-chain/chainreplay/pagemodel"
)

// disclose opens the part of the page that hides el, as a person would
// before acting on what is inside it, where the page names one control
// that discloses that part, shows, and is not expanded already: the menu
// a narrower viewport folded behind its button (aria-controls naming the
// collapsed part), a closed <details>'s summary. It clicks that control
// and says so ("" and nil when there is nothing to open). The element
// itself hidden, or several controls, are left as they are: which one a
// person would use is not the page's to say.
func (r *Runner) disclose(ctx context.Context, el Elem) (string, error) {
	if el.Model == nil || !el.Ref.Valid() {
		return "", nil
	}
	h, err := el.Model.HiddenBy(ctx, el.Ref)
	if err != nil || h == nil || h.Self || h.Part == "" {
		return "", err
	}
	var c *pagemodel.Control
	for i := range h.Controls {
		if !h.Controls[i].Shown || h.Controls[i].Expanded == "true" {
			continue
		}
		if c != nil {
			return "", nil
		}
		c = &h.Controls[i]
	}
	if c == nil {
		return "", nil
	}
	ctl := Elem{Model: el.Model, Ref: c.Ref, remote: &remoteObj{group: el.group()}}
	p, err := Actionable(ctx, ctl, nil)
	if err != nil {
		return "", err
	}
	if err := mouseClick(ctx, r.Page, p, "left", 1, 0); err != nil {
		return "", err
	}
	kind := c.Role
	if kind == "" {
		kind = c.Tag
	}
	return fmt.Sprintf("opened %s %q first: %s hid the target (%s)", kind, c.Name, h.Part, h.How), nil
}
