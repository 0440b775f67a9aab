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
