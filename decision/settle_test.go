package decision

import (
	"context"
	"testing"
	"time"

	"github.com/qa-chain/chainreplay/chain"
)

// TestActLocatesAgainWhenThePageChangesMeanwhile: a list that recycles its
// row elements when it scrolls (as virtualised lists do) changes under a
// located target while it is scrolled into view: the element that said
// "Archive" now says "Delete". The step must act on the element that says
// "Archive" once the page is still, never on the recycled one.
func TestActLocatesAgainWhenThePageChangesMeanwhile(t *testing.T) {
	p := actionPage(t, `<div style="height:1600px"></div>
<ul><li><button id="a">Archive</button></li><li><button id="b">Keep</button></li></ul>
<script>
window.acted = [];
let recycled = false;
addEventListener("scroll", () => {
  if (recycled) return;
  recycled = true;
  document.getElementById("a").textContent = "Delete";
  document.getElementById("b").textContent = "Archive";
});
for (const x of document.querySelectorAll("button")) x.addEventListener("click", () => acted.push(x.textContent));
</script>`, 1)
	r := &Runner{Page: p, Options: RunOptions{Timeout: 5 * time.Second}}
	s := &chain.Step{Action: chain.Click, Target: &chain.Target{
		Chain:       []chain.Strategy{{Type: chain.Role, Value: "button|Archive", Confidence: 0.9}},
		Fingerprint: &chain.Fingerprint{Tag: "button", Text: "Archive", Role: "button", Name: "Archive"},
	}}
	if out := r.Step(context.Background(), s); out.Err != nil {
		t.Fatal(out.Err)
	}
	if got := p.MustEval(`() => acted.join(",")`).Str(); got != "Archive" {
		t.Errorf("clicked %q; want the button that says Archive when clicked", got)
	}
}

// TestCoordinatesOnADrawnCheckboxFindItsInput: a custom checkbox (the
// input hidden under the box its label draws, as Bootstrap's and most
// design systems' are) is hit at its point on the label; a click there acts
// on the label's control, so the recorded point still finds the input.
func TestCoordinatesOnADrawnCheckboxFindItsInput(t *testing.T) {
	p := actionPage(t, `<style>
.cc { position: relative; padding-left: 24px; margin: 40px; }
.cc input { position: absolute; left: 0; top: 2px; z-index: -1; opacity: 0; width: 16px; height: 16px; margin: 0; }
.cc label::before { content: ""; position: absolute; left: 0; top: 2px; width: 16px; height: 16px; border: 1px solid #888; }
</style>
<div class="cc"><input type="checkbox" id="remember"><label for="remember">Remember me</label></div>`, 1)
	box := p.MustEval(`() => { const r = document.getElementById("remember").getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; }`).Arr()
	x, y, w, h := box[0].Num(), box[1].Num(), box[2].Num(), box[3].Num()
	meta := chain.CoordinatesMeta{X: x + w/2, Y: y + h/2, BoundingRect: &chain.Rect{X: x, Y: y, Width: w, Height: h},
		TagName: "input", ElementID: "remember", Viewport: &chain.Size{Width: 1280, Height: 800}, ScrollPos: &chain.Point{}, DevicePixelRatio: 1}
	r := &Runner{Page: p, Options: RunOptions{Timeout: 5 * time.Second}}
	s := &chain.Step{Action: chain.Click, Target: &chain.Target{
		Chain:       []chain.Strategy{chain.CoordinatesStrategy(meta, 0.6)},
		Fingerprint: &chain.Fingerprint{Tag: "input", ID: "remember", Type: "checkbox"},
	}}
	out := r.Step(context.Background(), s)
	if out.Err != nil {
		t.Fatal(out.Err)
	}
	if el := out.Verdict.Winner.Element; el == nil || el.Tag != "input" {
		t.Errorf("coordinates found %+v; want the checkbox input its label draws", el)
	}
	if !p.MustEval(`() => document.getElementById("remember").checked`).Bool() {
		t.Error("the checkbox was not checked")
	}
}
