package snapshot

import (
	"encoding/json"
	"testing"

	"github.com/go-rod/rod"

	"github.com/qa-chain/chainreplay/internal/testenv"
)

// visibilityPage hides elements every way the walker's shortcut must know
// (it asks checkVisibility only where style sheets, inline styles or the
// UA can hide a node that has a box). Each case has a visible control
// beside it so that a shortcut answering "visible" everywhere fails too.
const visibilityPage = `<!doctype html><html><head><title>vis</title>
<style>
  .inv { visibility: hidden; }
  .back { visibility: visible; }
  @media screen { .mq { visibility: hidden; } }
  @layer base { .lay { visibility: collapse; } }
  .cv { content-visibility: hidden; }
  @supports (display: grid) { #app .sup > b { visibility: hidden; } }
</style></head><body>
<div class="inv"><button>In hidden div</button><button class="back">Visible again</button></div>
<div style="visibility:hidden"><a href="#a">Inline hidden link</a></div>
<div style="color: red"><a href="#b">Inline styled, visible</a></div>
<p class="mq">Hidden by a media rule <b>bold</b></p>
<p class="lay">Hidden by a layer rule</p>
<div class="cv"><button>Under content-visibility</button></div>
<div id="app"><div class="sup"><b>Hidden bold</b><i>Visible italic</i></div></div>
<details><summary>Summary</summary><button>In closed details</button></details>
<details open><summary>Open</summary><button>In open details</button></details>
<div hidden="until-found"><button>Until found</button></div>
<div id="adopted"><button class="adopted-hide">Adopted hidden</button><button>Adopted visible</button></div>
<x-open></x-open>
<x-host><button slot="s">Slotted into hidden</button><button>Not slotted</button></x-host>
<x-hosthidden><button>Light of hidden host</button></x-hosthidden>
<button>Plain visible</button>
<iframe id="fr" srcdoc="<style>.o { .i { visibility: hidden } }</style><div class=o><button class=i>Nested hidden</button><button>Nested visible</button></div>"></iframe>
<div id="plain"></div>
<script>
  for (let i = 0; i < 60; i++) { const b = document.createElement("button"); b.textContent = "Plain " + i; document.getElementById("plain").appendChild(b); }
  const sh = new CSSStyleSheet();
  sh.replaceSync(".adopted-hide { visibility: hidden }");
  document.adoptedStyleSheets = [sh];
  customElements.define("x-open", class extends HTMLElement { constructor() { super();
    this.attachShadow({ mode: "open" }).innerHTML = "<style>.h { visibility: hidden }</style><button class=h>Shadow hidden</button><button>Shadow visible</button>"; } });
  customElements.define("x-host", class extends HTMLElement { constructor() { super();
    this.attachShadow({ mode: "open" }).innerHTML = "<div style='visibility:hidden'><slot name=s></slot></div><slot></slot>"; } });
  customElements.define("x-hosthidden", class extends HTMLElement { constructor() { super();
    this.attachShadow({ mode: "open" }).innerHTML = "<style>:host { visibility: hidden }</style><slot></slot>"; } });
</script>
</body></html>`

// checkVisible compares every node's Visible with what the page computes
// for its element (box not empty and checkVisibility), through the walk's
// element array; it returns the number of nodes.
func checkVisible(t testing.TB, p *rod.Page, s *Snapshot) int {
	t.Helper()
	var want []bool
	res := p.MustEval(`(seq) => JSON.stringify(globalThis[Symbol.for("chainreplay.snapshot")].els.map(el => {
		const r = el.getBoundingClientRect();
		return r.width > 0 && r.height > 0 && el.checkVisibility({ visibilityProperty: true });
	}))`, s.seq)
	if err := json.Unmarshal([]byte(res.Str()), &want); err != nil {
		t.Fatal(err)
	}
	for _, n := range s.Nodes {
		if n.world != 0 || n.local >= len(want) {
			continue
		}
		if n.Visible != want[n.local] {
			t.Errorf("%s <%s> %q %q: Visible %v, the page says %v", n.ID, n.Tag, n.Name, n.Text, n.Visible, want[n.local])
		}
	}
	return len(s.Nodes)
}

func specVisibleAgreesWithCheckVisibility(t testing.TB) {
	fx := testenv.Fixtures(t)
	p := open(t, fx.URL+"/snapshot/basics.html")
	p.MustEval(`(html) => { document.open(); document.write(html); document.close(); }`, visibilityPage)
	testenv.WaitLoad(t, p)
	s := snap(t, p, Options{})
	n := checkVisible(t, p, s)
	hidden := 0
	for _, nd := range s.Nodes {
		if !nd.Visible {
			hidden++
		}
	}
	if hidden < 10 {
		t.Errorf("only %d of %d nodes hidden: the page did not hide what it should", hidden, n)
	}
	// The shortcut was taken: the 60 plain buttons were not asked.
	if s.visQueries*2 > n {
		t.Errorf("%d visibility queries for %d nodes: the sheets were not analysed", s.visQueries, n)
	}
	t.Logf("%d nodes, %d hidden, %d visibility queries", n, hidden, s.visQueries)

	// An animation of visibility: no shortcut, still right.
	p.MustEval(`() => document.querySelector(".back").animate([{ visibility: "hidden" }, { visibility: "hidden" }], { duration: 1e6 })`)
	s = snap(t, p, Options{})
	checkVisible(t, p, s)
	if s.visQueries < n/2 {
		t.Errorf("%d visibility queries for %d nodes under an animation of visibility", s.visQueries, n)
	}
	if b := s.Find(Query{Role: "button", Name: "Visible again"}); len(b) != 1 || b[0].Visible {
		t.Errorf("animated button: %+v", b)
	}
}
