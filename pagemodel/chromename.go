package pagemodel

import (
	"context"
	"fmt"
	"strings"

	"github.com/go-rod/rod/lib/proto"
)

// ChromeName returns the accessible name Chromium's own accessibility tree
// gives the element obj (a remote object of session s), with runs of
// whitespace collapsed. It can differ from the page model's name
// (Description.Name), which follows the accessible name computation and
// web-platform-tests: Chromium applies CSS text-transform to names from
// content ("Close" styled uppercase is "CLOSE"). Locators that Chromium's
// tree resolves, such as Puppeteer's aria/ selectors, need its name. An
// element the tree ignores has the name "".
func ChromeName(ctx context.Context, s Session, obj proto.RuntimeRemoteObjectID) (string, error) {
	res, err := proto.AccessibilityGetPartialAXTree{ObjectID: obj, FetchRelatives: false}.Call(s.Client(ctx))
	if err != nil {
		return "", fmt.Errorf("pagemodel: Chromium's accessible name: %w", err)
	}
	for _, n := range res.Nodes {
		if n.Ignored || n.Name == nil {
			continue
		}
		return strings.Join(strings.Fields(n.Name.Value.Str()), " "), nil
	}
	return "", nil
}

// ChromeNameOf is ChromeName for the element r.
func (p *Page) ChromeNameOf(ctx context.Context, r Ref) (string, error) {
	group := newGroup()
	obj, err := p.Object(ctx, r, group)
	if err != nil {
		return "", err
	}
	defer func() { _ = proto.RuntimeReleaseObjectGroup{ObjectGroup: group}.Call(r.W.S.Client(ctx)) }()
	return ChromeName(ctx, r.W.S, obj)
}
