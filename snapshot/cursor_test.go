package snapshot

import (
	"testing"

	"github.com/qa-chain/chainreplay/internal/testenv"
)

// cursorPage gives elements a pointer cursor every way the walker's
// shortcut must know (it asks getComputedStyle only where a style rule,
// an inline style or the UA sheet can set the cursor), beside classed
// elements that keep the initial one.
const cursorPage = `<!doctype html><html><head><title>cursor</title>
<style>
  .zone { cursor: pointer; }
  .reset { cursor: auto; }
  @media screen { .mq { cursor: pointer; } }
  @layer base { .lay { cursor: pointer; } }
  @supports (display: grid) { #app .sup > i { cursor: pointer; } }
  .hov:hover { cursor: pointer; }
</style></head><body>
<p class="zone">Zone</p>
<div><span class="mq">Media rule</span><span class="lay">Layer rule</span><span class="plain">Plain</span></div>
<div id="app"><div class="sup"><i class="it">Supports rule</i><b class="bo">Not matched</b></div></div>
<div class="inl" style="cursor: pointer"><span class="in">Under an inline cursor</span></div>
<div style="color: red"><span class="in2">Under an unrelated inline style</span></div>
<a href="#x" role="generic"><span class="lk">In a generic link</span></a>
<a role="presentation"><span class="nl">In an anchor without href</span></a>
<div id="adopted"><span class="adopted">Adopted rule</span></div>
<x-host class="host"><span class="slotted">Slotted</span></x-host>
<x-plain class="ph"></x-plain>
<iframe srcdoc="<style>.f { cursor: pointer }</style><span class=f>In a frame</span><span class=g>Plain in a frame</span>"></iframe>
<div id="plain"></div>
<script>
  for (let i = 0; i < 40; i++) { const s = document.createElement("span"); s.className = "deco" + i; s.textContent = "Plain " + i; document.getElementById("plain").appendChild(s); }
  const sh = new CSSStyleSheet();
  sh.replaceSync(".adopted { cursor: pointer }");
  document.adoptedStyleSheets = [sh];
  customElements.define("x-host", class extends HTMLElement { constructor() { super();
    this.attachShadow({ mode: "open" }).innerHTML = "<style>:host { cursor: pointer }</style><span class=inside>Inside</span><slot></slot>"; } });
  customElements.define("x-plain", class extends HTMLElement { constructor() { super();
    this.attachShadow({ mode: "open" }).innerHTML = "<style>.x { color: red }</style><span class=x>Plain shadow</span>"; } });
</script>
</body></html>`

// specPointerAgreesWithComputedStyle compares the tiers of a snapshot that
// analyses the style sheets for cursor rules with one that asks every
// classed element's computed cursor: they must be the same, and the page
// must make some elements interactive by their cursor alone.
func specPointerAgreesWithComputedStyle(t testing.TB) {
	fx := testenv.Fixtures(t)
	p := open(t, fx.URL+"/snapshot/basics.html")
	p.MustEval(`(html) => { document.open(); document.write(html); document.close(); }`, cursorPage)
	testenv.WaitLoad(t, p)
	fast := snap(t, p, Options{AllTiers: true})
	slow := snap(t, p, Options{AllTiers: true, askCursor: true})
	if len(fast.Nodes) != len(slow.Nodes) {
		t.Fatalf("%d nodes against %d", len(fast.Nodes), len(slow.Nodes))
	}
	byPointer := map[string]bool{}
	for i, n := range slow.Nodes {
		f := fast.Nodes[i]
		if f.Tier != n.Tier || f.Tag != n.Tag {
			t.Errorf("%s <%s class=%q>: tier %d, asking every cursor gives %d", n.ID, n.Tag, n.Attrs.Get("class"), f.Tier, n.Tier)
		}
		if n.Tier == Interactive {
			byPointer[n.Attrs.Get("class")] = true
		}
	}
	for _, c := range []string{"zone", "mq", "lay", "it", "inl", "lk", "adopted", "host", "f"} {
		if !byPointer[c] {
			t.Errorf(".%s is not interactive: the page did not set its cursor", c)
		}
	}
	for _, c := range []string{"plain", "bo", "in2", "nl", "ph", "g", "deco0"} {
		if byPointer[c] {
			t.Errorf(".%s is interactive without a pointer cursor", c)
		}
	}
}
