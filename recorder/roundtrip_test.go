package recorder

import (
	"context"
	"testing"
	"time"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/strategies"
)

// TestRecordedRoleReplays records every element of the fixture pages and
// apps that Chromium's accessibility tree gives a role and a name, as the
// recorder captures a target (CaptureObject, BuildTarget), and replays the
// role strategy of its chain on the same page: on the tree
// (strategies.Evaluate) and, when it answers, by page script
// (strategies.Probe). Each must take the recorded element. The recorder
// reads Chromium's tree and replay computes roles and names itself
// (RoleOf, AccessibleName), so a role Chromium names otherwise ("image")
// or computes where replay did not (a named section's region) made a
// strategy that never found its own element.
func TestRecordedRoleReplays(t *testing.T) {
	pages := roundTripPages()
	ctx, cancel := context.WithTimeout(context.Background(), 240*time.Second)
	defer cancel()
	recorded, probed := 0, 0
	roles := map[string]int{}
	for _, page := range pages {
		r, p, top := recordingTop(t, page)
		ax, err := proto.AccessibilityGetFullAXTree{}.Call(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range ax.Nodes {
			if n.Ignored || n.BackendDOMNodeID == 0 || n.Role == nil || n.Name == nil || n.Name.Value.Str() == "" {
				continue
			}
			if d, err := (proto.DOMDescribeNode{BackendNodeID: n.BackendDOMNodeID}).Call(p); err != nil || d.Node.NodeType != 1 || d.Node.PseudoType != "" {
				continue // the document, a text node or a pseudo element: never a target
			}
			el := captureBackend(ctx, t, r, p, top, n.BackendDOMNodeID, "roundtrip")
			tg := BuildTarget(el, nil)
			var s *chain.Strategy
			for i := range tg.Chain {
				if tg.Chain[i].Type == chain.Role {
					s = &tg.Chain[i]
				}
			}
			if s == nil {
				continue // a generic role, or Chromium's own ("Iframe")
			}
			recorded++
			roles[el.Role]++
			where := page + " <" + el.Desc.Tag + "> " + s.Value
			res := strategies.Evaluate(ctx, strategies.NewEnv(p, tg), *s)
			if !res.Found || res.BackendNodeID != n.BackendDOMNodeID {
				t.Errorf("%s (Chromium %s, nth %d): replay found %v, backend %d of %d matches, recorded %d",
					where, n.Role.Value.Str(), s.Nth, res.Found, res.BackendNodeID, res.MatchCount, n.BackendDOMNodeID)
				continue
			}
			if pr, ok := strategies.Probe(ctx, strategies.NewEnv(p, tg), *s); ok {
				probed++
				if pr.BackendNodeID != n.BackendDOMNodeID {
					t.Errorf("%s: the probe took backend %d, recorded %d", where, pr.BackendNodeID, n.BackendDOMNodeID)
				}
			}
		}
		_ = proto.RuntimeReleaseObjectGroup{ObjectGroup: "roundtrip"}.Call(p)
	}
	if recorded < 300 {
		t.Fatalf("only %d role strategies recorded: the round trip proves little", recorded)
	}
	for _, want := range []string{"img", "region", "button", "link", "textbox", "heading"} {
		if roles[want] == 0 {
			t.Errorf("no %s recorded: the pages no longer cover it", want)
		}
	}
	t.Logf("%d role strategies recorded and replayed (%d also probed); by role: %v", recorded, probed, roles)
}

// roundTripPages are the fixture pages and app versions whose every
// element the round-trip tests record.
func roundTripPages() []string {
	pages := []string{"index.html", "login.html", "list.html", "pay.html", "shadow.html", "frames.html",
		"variants/actions.html", "variants/names.html", "variants/login-decoy.html", "variants/login-reworded.html",
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
	r, p := startRecording(t, page)
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
