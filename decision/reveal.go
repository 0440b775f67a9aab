package decision

import (
	"context"
	"fmt"
	"time"

	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/pagemodel"
	"github.com/qa-chain/chainreplay/report"
)

// disclosureFn returns the control that reveals the element, or null. The
// element must not be rendered; the part that hides it is its nearest
// ancestor, not rendered either, whose id one or more controls name as the
// only id of their aria-controls with aria-expanded="false" (a collapsed
// menu, a closed disclosure), the id being the one the page resolves
// (getElementById). Of those controls exactly one must show, and it must be
// a plain toggle: a button, a summary, role=button, or a link that leads
// nowhere but the page (no href, or a fragment), holding no other control
// (its click would land there) and not a combobox (opening a list is the
// step's own business).
const disclosureFn = `function () {
	if (this.getClientRects().length) return null;
	const shown = (e) => { if (!e.getClientRects().length) return false; return getComputedStyle(e).visibility !== "hidden"; };
	const toggle = (c) => {
		const role = c.getAttribute("role");
		if (role === "combobox" || c.hasAttribute("aria-haspopup") && c.getAttribute("aria-haspopup") === "listbox") return false;
		const plain = c.tagName === "BUTTON" || c.tagName === "SUMMARY" || role === "button" ||
			(c.tagName === "A" && (!c.hasAttribute("href") || c.getAttribute("href").startsWith("#")));
		return plain && !c.querySelector("a[href], button, input, select, textarea, [role=button], [role=link], [contenteditable]");
	};
	for (let a = this.parentElement; a; a = a.parentElement) {
		if (!a.id || a.getClientRects().length) continue;
		const root = a.getRootNode();
		const ctrls = [...root.querySelectorAll("[aria-controls][aria-expanded=false]")]
			.filter((c) => c.getAttribute("aria-controls").trim() === a.id);
		if (!ctrls.length) continue;
		if (root.getElementById(a.id) !== a) return null;
		const vis = ctrls.filter(shown);
		return vis.length === 1 && toggle(vis[0]) ? vis[0] : null;
	}
	return null;
}`

// revealElem opens the collapsed part of the page that holds el (a menu a
// smaller viewport folds behind its button), as a person opens it before
// clicking in it: once the page has settled, when el is still not rendered
// and one shown control discloses that part (disclosureFn), it clicks that
// control with real input and says so in the note it returns. It returns
// "" when it clicked nothing: nothing to reveal, or the control could not
// take the click within a second. The caller goes on waiting for el, which
// fails as before when the control did not reveal it.
func revealElem(ctx context.Context, el Elem) (string, error) {
	if !el.inTopDocument() {
		return "", nil
	}
	// A part the page is opening (or closing) by itself is left to it.
	el.Model.Settle(ctx)
	obj, _, err := el.object(ctx, false)
	if err != nil {
		return "", nil
	}
	res, err := proto.RuntimeCallFunctionOn{FunctionDeclaration: disclosureFn, ObjectID: obj, ObjectGroup: el.group()}.Call(el.client(ctx))
	if err != nil || res.ExceptionDetails != nil || res.Result.ObjectID == "" {
		return "", nil
	}
	ref, err := el.Model.RefOf(ctx, el.Ref.W, res.Result.ObjectID)
	if err != nil {
		return "", nil
	}
	brief, err := el.Model.Brief(ctx, []pagemodel.Ref{ref})
	if err != nil || len(brief) == 0 || brief[0] == nil {
		return "", nil
	}
	ctrl := Elem{Model: el.Model, Ref: ref, Element: brief[0], remote: &remoteObj{group: el.group(), id: res.Result.ObjectID}}
	cctx, cancel := context.WithTimeout(ctx, revealWithin(ctx))
	p, err := Actionable(cctx, ctrl, nil)
	cancel()
	if err != nil {
		return "", nil
	}
	if err := mouseClick(ctx, el.Model.Rod, p, "", 1, 0); err != nil {
		return "", stepErr(report.NotActionable, err, "%s: clicking %s to reveal it: %v", el.name(), ctrl.name(), err)
	}
	return fmt.Sprintf("%s was hidden in a collapsed part of the page: clicked %s, which discloses it, first", el.name(), ctrl.name()), nil
}

// revealWithin is how long the disclosing control may take to become
// actionable: a second, or a third of what is left of the step.
func revealWithin(ctx context.Context) time.Duration {
	d := time.Second
	if dl, ok := ctx.Deadline(); ok {
		d = min(d, time.Until(dl)/3)
	}
	return d
}
