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
// ancestor that is not rendered while its parent is (the top of what is
// hidden), and it must have an id, the one the page resolves
// (getElementById), that one or more controls name as the only id of their
// aria-controls with aria-expanded="false" (a collapsed menu, a closed
// disclosure). Of those controls exactly one must show, and it must be a
// plain toggle: a button that submits no form, a summary, or an element of
// role button, that is no link to anywhere but this page's own place (a
// fragment that is no route: "#/x" and "#!x" are routes), holds no other
// control and lies in no link (its click would land there or follow it),
// and is no combobox (opening a list is the step's own business).
const disclosureFn = `function () {
	if (this.getClientRects().length) return null;
	const shown = (e) => { if (!e.getClientRects().length) return false; return getComputedStyle(e).visibility !== "hidden"; };
	const bare = (u) => u.split("#")[0];
	const toggle = (c) => {
		const role = c.getAttribute("role");
		if (role === "combobox" || c.getAttribute("aria-haspopup") === "listbox") return false;
		if (c.hasAttribute("href")) {
			const h = c.getAttribute("href");
			if (!h.startsWith("#") || h.startsWith("#/") || h.startsWith("#!") || bare(c.href) !== bare(location.href)) return false;
		}
		if (c.tagName === "BUTTON" && c.type !== "button" && c.form) return false;
		const plain = c.tagName === "BUTTON" || c.tagName === "SUMMARY" || role === "button" || c.tagName === "A";
		return plain && !c.querySelector("a[href], button, input, select, textarea, [role=button], [role=link], [contenteditable]") &&
			!(c.parentElement && c.parentElement.closest("a[href], button"));
	};
	let a = this;
	while (a.parentElement && !a.parentElement.getClientRects().length) a = a.parentElement;
	if (a === this || !a.id || !a.parentElement) return null;
	const root = a.getRootNode();
	if (root.getElementById(a.id) !== a) return null;
	const ctrls = [...root.querySelectorAll("[aria-controls][aria-expanded=false]")]
		.filter((c) => c.getAttribute("aria-controls").trim() === a.id);
	const vis = ctrls.filter(shown);
	return vis.length === 1 && toggle(vis[0]) ? vis[0] : null;
}`

// revealElem opens the collapsed part of the page that holds el (a menu a
// smaller viewport folds behind its button), as a person opens it before
// clicking in it: once the page has settled, when el is still not rendered
// and one shown control discloses that part (disclosureFn), it clicks that
// control with real input and says so in the note it returns; clicked says
// a click was sent. Nothing is clicked when there is nothing to reveal or
// the control cannot take the click within a second. A click that changed
// the page's address or document (the toggle was a link after all) fails
// the step: the step's own navigation is not to be confused with it. The
// caller goes on waiting for el, which fails as before when the control
// did not reveal it.
func revealElem(ctx context.Context, el Elem) (note string, clicked bool, err error) {
	if !el.inTopDocument() || el.Ref.W == nil {
		return "", false, nil
	}
	// A part the page is opening (or closing) by itself is left to it.
	el.Model.Settle(ctx)
	obj, _, err := el.object(ctx, false)
	if err != nil {
		return "", false, nil
	}
	res, err := proto.RuntimeCallFunctionOn{FunctionDeclaration: disclosureFn, ObjectID: obj, ObjectGroup: el.group()}.Call(el.client(ctx))
	if err != nil || res.ExceptionDetails != nil || res.Result.ObjectID == "" {
		return "", false, nil
	}
	ref, err := el.Model.RefOf(ctx, el.Ref.W, res.Result.ObjectID)
	if err != nil {
		return "", false, nil
	}
	brief, err := el.Model.Brief(ctx, []pagemodel.Ref{ref})
	if err != nil || len(brief) == 0 || brief[0] == nil {
		return "", false, nil
	}
	ctrl := Elem{Model: el.Model, Ref: ref, Element: brief[0], remote: &remoteObj{group: el.group(), id: res.Result.ObjectID}}
	cctx, cancel := context.WithTimeout(ctx, revealWithin(ctx))
	p, err := Actionable(cctx, ctrl, nil)
	cancel()
	if err != nil {
		return "", false, nil
	}
	page := el.Model.Rod
	before := readDocState(ctx, page)
	note = fmt.Sprintf("%s was hidden in a collapsed part of the page: clicked %s, which discloses it, first", el.name(), ctrl.name())
	if err := mouseClick(ctx, page, p, "", 1, 0); err != nil {
		return note, true, stepErr(report.NotActionable, err, "%s: clicking %s to reveal it: %v", el.name(), ctrl.name(), err)
	}
	// A followed link changes the address a task later: let the page
	// settle from the click before reading it.
	el.Model.Settle(ctx)
	if after := readDocState(ctx, page); after != before {
		return note, true, stepErr(report.NotActionable, nil, "%s: clicking %s to reveal it changed the page's address or document (%s to %s)",
			el.name(), ctrl.name(), before.URL, after.URL)
	}
	return note, true, nil
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
