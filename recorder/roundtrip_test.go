package recorder

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/internal/testenv"
	"github.com/qa-chain/chainreplay/pagemodel"
	"github.com/qa-chain/chainreplay/snapshot"
	"github.com/qa-chain/chainreplay/strategies"
)

// TestRecordedElementsOnTheirOwnPage records every visible element of the
// fixture pages and apps' top documents that a person acts on (the
// snapshot's tiers 1 and 2) as the recorder captures a target
// (CaptureObject), and checks what it wrote on the same, unchanged page:
// each strategy of its chain finds it (strategiesFindTheirElement), and
// its fingerprint describes it as healing describes the page's elements
// (fingerprintsAgreeWithTheSnapshot).
func TestRecordedElementsOnTheirOwnPage(t *testing.T) {
	b := ownWindow(t)
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Second)
	defer cancel()
	els := recordEveryElement(ctx, t, b)
	t.Run("every strategy finds its element", func(t *testing.T) { strategiesFindTheirElement(ctx, t, els) })
	t.Run("the fingerprint agrees with the snapshot", func(t *testing.T) { fingerprintsAgreeWithTheSnapshot(t, els) })
}

// recordedElement is an element of a round-trip page, its node in the
// page's snapshot, and the element as the recorder captured it.
type recordedElement struct {
	page string
	m    *pagemodel.Page
	s    *snapshot.Snapshot
	n    *snapshot.Node
	id   proto.DOMBackendNodeID
	el   *Element
}

// recordEveryElement captures every visible tier-1 and tier-2 element of
// the top documents of roundTripPages, each page recorded in b and left
// open until the test ends.
func recordEveryElement(ctx context.Context, t *testing.T, b *rod.Browser) []recordedElement {
	var out []recordedElement
	for _, page := range roundTripPages() {
		r, p, top := recordingTopIn(t, b, page)
		t.Cleanup(func() { _ = proto.RuntimeReleaseObjectGroup{ObjectGroup: "roundtrip"}.Call(p) })
		m := pagemodel.New(p, pagemodel.Options{})
		s, err := snapshot.Capture(ctx, m, snapshot.Options{})
		if err != nil {
			t.Fatalf("%s: snapshot: %v", page, err)
		}
		for _, n := range s.Nodes {
			if (n.Tier != snapshot.Semantic && n.Tier != snapshot.Interactive) || !n.Visible || len(n.FramePath) > 0 {
				continue
			}
			id, err := s.Resolve(ctx, n)
			if err != nil {
				t.Fatalf("%s: resolve %s: %v", page, n.ID, err)
			}
			out = append(out, recordedElement{page: page, m: m, s: s, n: n, id: id,
				el: captureBackend(ctx, t, r, p, top, id, "roundtrip")})
		}
	}
	return out
}

// strategiesFindTheirElement replays each strategy of each element's chain
// (BuildTarget) alone on its page (strategies.Evaluate): each must find the
// recorded element. The recorder counts its locators with the page model's
// own matching, so a strategy it writes with no index finds one element,
// and one with an index finds it there.
func strategiesFindTheirElement(ctx context.Context, t *testing.T, els []recordedElement) {
	evaluated := 0
	types := map[chain.StrategyType]int{}
	for _, e := range els {
		tg := BuildTarget(e.el, nil)
		for _, st := range tg.Chain {
			if st.Type == chain.Similarity || st.Type == chain.Coordinates {
				continue
			}
			evaluated++
			types[st.Type]++
			where := fmt.Sprintf("%s <%s> %s %q nth %d", e.page, e.el.Desc.Tag, st.Type, st.Value, st.Nth)
			res := strategies.Evaluate(ctx, strategies.NewEnv(e.m, tg), st)
			if !res.Found || res.Element == nil {
				t.Errorf("%s: not found (%v; %s)", where, res.Err, res.Detail)
				continue
			}
			got, _, err := e.m.BackendID(ctx, res.Ref(), "roundtrip")
			if err != nil || got != e.id {
				t.Errorf("%s: took %s of %d matches (%s), not the recorded element", where, res.Element, res.MatchCount, res.Detail)
			}
		}
	}
	if len(els) < 300 {
		t.Fatalf("only %d elements recorded: the round trip proves little", len(els))
	}
	for _, want := range []chain.StrategyType{chain.TestID, chain.Role, chain.Label, chain.Text, chain.ID, chain.CSS, chain.XPath} {
		if types[want] == 0 {
			t.Errorf("no %s strategy recorded: the pages no longer cover it", want)
		}
	}
	t.Logf("%d elements recorded, %d strategies replayed alone; by type: %v", len(els), evaluated, types)
}

// roundTripPages are the fixture pages and app versions whose every
// element the round-trip tests record.
func roundTripPages() []string {
	pages := []string{"index.html", "login.html", "list.html", "pay.html", "shadow.html", "frames.html",
		"variants/actions.html", "variants/names.html", "variants/more-roles.html", "variants/hover-rows.html", "variants/login-decoy.html", "variants/login-reworded.html",
		"snapshot/basics.html", "snapshot/shadow.html", "healing/original.html", "healing/redesigned.html"}
	for _, app := range []string{"checkout", "shop", "settings"} {
		for _, v := range []string{"", "?v=redesign", "?v=decoy"} {
			pages = append(pages, "apps/"+app+"/"+v)
		}
	}
	return pages
}

// recordingTop starts recording page and returns the recorder, the page
// and its top frame.
func recordingTop(t *testing.T, page string) (*Recorder, *rod.Page, proto.PageFrameID) {
	t.Helper()
	return recordingTopIn(t, testenv.Browser(t).Browser, page)
}

// recordingTopIn is recordingTop in b (see startRecordingIn).
func recordingTopIn(t *testing.T, b *rod.Browser, page string) (*Recorder, *rod.Page, proto.PageFrameID) {
	t.Helper()
	r, p := startRecordingIn(t, b, page)
	ft, err := proto.PageGetFrameTree{}.Call(p)
	if err != nil {
		t.Fatal(err)
	}
	return r, p, ft.FrameTree.Frame.ID
}

// captureBackend captures the element with backend node id as the
// recorder captures a target of frame top (CaptureObject); its remote
// object goes in group.
func captureBackend(ctx context.Context, t *testing.T, r *Recorder, p *rod.Page, top proto.PageFrameID, id proto.DOMBackendNodeID, group string) *Element {
	t.Helper()
	obj, err := proto.DOMResolveNode{BackendNodeID: id, ObjectGroup: group}.Call(p)
	if err != nil || obj.Object.ObjectID == "" {
		t.Fatalf("%s: resolve backend %d: %v", p.MustInfo().URL, id, err)
	}
	el, err := r.CaptureObject(ctx, p, top, obj.Object.ObjectID, group)
	if err != nil {
		t.Fatalf("%s: capture backend %d: %v", p.MustInfo().URL, id, err)
	}
	return el
}
