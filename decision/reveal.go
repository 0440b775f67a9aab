package decision

import (
	"context"
	"fmt"

	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/pagemodel"
)

// disclosureFn returns the control that reveals the element: when the
// element is not rendered, the nearest ancestor of it that is not rendered
// either and that controls name (aria-controls) with aria-expanded="false"
// (a collapsed menu, a closed disclosure), and exactly one of those
// controls shows. null otherwise: the element is rendered, nothing
// discloses it, or several shown controls do (which one the person used
// is not known).
const disclosureFn = `function () {
	if (this.getClientRects().length) return null;
	const shown = (e) => { if (!e.getClientRects().length) return false; const s = getComputedStyle(e); return s.visibility !== "hidden"; };
	for (let a = this.parentElement; a; a = a.parentElement) {
		if (!a.id || a.getClientRects().length) continue;
		const ctrls = [...a.getRootNode().querySelectorAll("[aria-controls][aria-expanded=false]")]
			.filter((c) => c.getAttribute("aria-controls").split(/\s+/).includes(a.id));
		if (!ctrls.length) continue;
		const vis = ctrls.filter(shown);
		return vis.length === 1 ? vis[0] : null;
	}
	return null;
}`

// revealElem opens the collapsed part of the page that holds el when el is
// not rendered and one shown control discloses that part (disclosureFn):
// a menu a smaller viewport folds behind its button, as a person opens it
// before clicking in it. It clicks the control with real input and says
// so in the note it returns; "" when there was nothing to do. The caller
// then goes on waiting for el, which fails as before when the control did
// not reveal it.
func revealElem(ctx context.Context, el Elem) (string, error) {
	if el.Element == nil || !el.inTopDocument() {
		return "", nil
	}
	obj, _, err := el.object(ctx, false)
	if err != nil {
		return "", err
	}
	res, err := proto.RuntimeCallFunctionOn{FunctionDeclaration: disclosureFn, ObjectID: obj, ObjectGroup: el.group()}.Call(el.client(ctx))
	if err != nil || res.ExceptionDetails != nil || res.Result.ObjectID == "" {
		return "", nil
	}
	w := el.Ref.W
	if w == nil {
		if w, err = el.Model.Top(ctx); err != nil {
			return "", err
		}
	}
	ref, err := el.Model.RefOf(ctx, w, res.Result.ObjectID)
	if err != nil {
		return "", err
	}
	brief, err := el.Model.Brief(ctx, []pagemodel.Ref{ref})
	if err != nil || len(brief) == 0 || brief[0] == nil {
		return "", err
	}
	ctrl := Elem{Model: el.Model, Ref: ref, Element: brief[0], remote: &remoteObj{group: el.group(), id: res.Result.ObjectID}}
	p, err := Actionable(ctx, ctrl, nil)
	if err != nil {
		return "", fmt.Errorf("revealing %s: %w", el.name(), err)
	}
	if err := mouseClick(ctx, el.Model.Rod, p, "", 1, 0); err != nil {
		return "", err
	}
	return fmt.Sprintf("%s was folded away: opened it with %s first", el.name(), ctrl.name()), nil
}
