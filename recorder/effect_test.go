package recorder

import (
	"testing"

	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/pagemodel"
)

// A key pressed on a page (no target) keeps what it did as its effect
// when the page is a tab's own document, and keeps none when it is a
// frame's: the step names no frame, so replay could not watch it there.
func TestKeyPressedOnAFramesPageKeepsNoEffect(t *testing.T) {
	r := New(nil, Options{})
	const top, child = proto.PageFrameID("top"), proto.PageFrameID("child")
	r.tabs[top] = &tab{frame: top}
	r.flow.Steps = []chain.Step{{Action: chain.Press, Key: "Enter"}, {Action: chain.Press, Key: "Enter"}}
	r.effectStep[effectKey{top, 1}] = 0
	r.effectStep[effectKey{child, 2}] = 1
	r.onEffect(&pageEvent{frame: top, Q: 1, E: &pagemodel.Effects{Content: 1}})
	r.onEffect(&pageEvent{frame: child, Q: 2, E: &pagemodel.Effects{Content: 1}})
	if e := r.flow.Steps[0].Effect; e == nil || !e.Content {
		t.Errorf("the tab's page: effect %+v, want elements added", e)
	}
	if e := r.flow.Steps[1].Effect; e != nil {
		t.Errorf("the frame's page: effect %+v, want none", e)
	}
}
