package snapshot

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"
)

// simFactsPage has the elements whose similarity facts are checked: a
// link under an element with an id, links in a nav and in a footer, a
// section named by aria-label, icon-only buttons and links, a link
// with a text (which has no icon), and landmarks around a slotted
// element, inside an open and a closed shadow root and in a frame.
const simFactsPage = `<!doctype html><html><head><title>facts</title></head><body>
<header><nav><ul><li><a href="/home" data-k="nav-home">Home</a></li>
<li><a href="/docs" data-k="nav-docs">Docs</a></li></ul></nav></header>
<main><div id="cards"><div><p>One</p><a href="/one" data-k="card-link">Read</a></div></div>
<section aria-label="Tools"><button data-k="trash"><i class="fa fa-trash"></i></button>
<button data-k="save"><svg class="icon"><use href="/sprite.svg#save"></use></svg></button></section>
<form><input name="q" data-k="q"></form></main>
<footer><a href="https://x.example/acme" data-k="social"><img src="/img/twitter.png?v=2" alt="Twitter"></a>
<a href="/about" data-k="about">About</a></footer>
<nav aria-label="Side"><x-menu><button data-k="slotted">Slotted</button></x-menu></nav>
<x-closed id="closed-host"></x-closed>
<iframe srcdoc='<nav><a href="/f" data-k="in-frame">Framed</a></nav>'></iframe>
<script>
customElements.define("x-menu", class extends HTMLElement {
  constructor() { super(); this.attachShadow({ mode: "open" }).innerHTML = '<aside><slot></slot><button data-k="in-shadow">Shadowed</button></aside>'; }
});
document.getElementById("closed-host").attachShadow({ mode: "closed" }).innerHTML = '<section aria-label="Hidden"><button data-k="in-closed">Closed</button></section>';
document.querySelector("main").append(document.getElementById("closed-host"));
</script>
</body></html>`

// TestSimilarityFacts checks the landmark paths, icons and id-anchored
// XPaths the walk gives nodes against what they must be (the similarity
// benchmark's generator takes them from the snapshot too).
func TestSimilarityFacts(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, simFactsPage)
	}))
	defer srv.Close()
	p := open(t, srv.URL)
	s := snap(t, p, Options{Select: "[data-k]"})
	byKey := map[string]*Node{}
	for _, n := range s.Nodes {
		if k := n.Attrs.Get("data-k"); k != "" {
			byKey[k] = n
		}
	}
	want := []struct {
		key       string
		landmarks []string
		icon      string
		xpath     string
	}{
		{"nav-home", []string{"banner", "navigation"}, "", "/html/body[1]/header[1]/nav[1]/ul[1]/li[1]/a[1]"},
		{"nav-docs", []string{"banner", "navigation"}, "", "/html/body[1]/header[1]/nav[1]/ul[1]/li[2]/a[1]"},
		{"card-link", []string{"main"}, "", `//*[@id="cards"]/div[1]/a[1]`},
		{"trash", []string{"main", "region"}, "fa fa-trash", "/html/body[1]/main[1]/section[1]/button[1]"},
		{"save", []string{"main", "region"}, "icon save", "/html/body[1]/main[1]/section[1]/button[2]"},
		{"q", []string{"main", "form"}, "", "/html/body[1]/main[1]/form[1]/input[1]"},
		{"social", []string{"contentinfo"}, "twitter Twitter", "/html/body[1]/footer[1]/a[1]"},
		{"about", []string{"contentinfo"}, "", "/html/body[1]/footer[1]/a[2]"},
		// A slotted element's path is its light tree's; a shadow tree's
		// elements have their host's around theirs; a frame's start anew.
		{"slotted", []string{"navigation"}, "", "/html/body[1]/nav[1]/x-menu[1]/button[1]"},
		{"in-shadow", []string{"navigation", "complementary"}, "", "/aside[1]/button[1]"},
		{"in-closed", []string{"main", "region"}, "", "/section[1]/button[1]"},
		{"in-frame", []string{"navigation"}, "", "/html/body[1]/nav[1]/a[1]"},
	}
	var nodes []*Node
	for _, w := range want {
		n := byKey[w.key]
		if n == nil {
			t.Fatalf("no node for %s", w.key)
		}
		nodes = append(nodes, n)
		if !slices.Equal(n.Landmarks, w.landmarks) {
			t.Errorf("%s: landmarks %q, want %q", w.key, n.Landmarks, w.landmarks)
		}
		if n.Icon != w.icon {
			t.Errorf("%s: icon %q, want %q", w.key, n.Icon, w.icon)
		}
		if n.XPath != w.xpath {
			t.Errorf("%s: xpath %q, want %q", w.key, n.XPath, w.xpath)
		}
	}
}
