package similarity

import (
	"testing"

	"github.com/qa-chain/chainreplay/chain"
)

// A search box recorded as the page's only one, without neighbour texts.
func recordedSearch() chain.Fingerprint {
	return chain.Fingerprint{Tag: "input", Type: "search", Role: "searchbox", ID: "q", Classes: []string{"search"},
		AccessName: "Search products", Placeholder: "Search products", AriaLabel: "Search products",
		Box: &chain.Rect{X: 900, Y: 20, Width: 240, Height: 28}, KindCount: 1, NameCount: 1}
}

// The same box after a redesign: renamed, reworded, moved across the header.
func movedSearch() Candidate {
	return Candidate{Ref: "search", Tag: "input", Type: "search", Role: "searchbox", ID: "r7x", Classes: []string{"search_k2j9"},
		AccessName: "Search the shop", Placeholder: "Search the shop", AriaLabel: "Search the shop",
		Box: &chain.Rect{X: 180, Y: 180, Width: 240, Height: 28}}
}

func otherControls() []Candidate {
	return []Candidate{
		{Ref: "brand", Tag: "a", Role: "link", Text: "Northwind", AccessName: "Northwind", Href: "/", Box: &chain.Rect{X: 20, Y: 180, Width: 120, Height: 28}},
		{Ref: "add", Tag: "button", Type: "button", Role: "button", Text: "Add to bag", AccessName: "Add to bag",
			Neighbours: []string{"Hand grinder"}, Region: "Everything", Box: &chain.Rect{X: 900, Y: 30, Width: 100, Height: 30}},
	}
}

func TestMarkSole(t *testing.T) {
	fp := recordedSearch()
	marked := func(cands []Candidate) string {
		MarkSole(fp, cands)
		s := ""
		for _, c := range cands {
			if c.Sole {
				s += c.Ref
			}
		}
		return s
	}
	if got := marked(append(otherControls(), movedSearch())); got != "search" {
		t.Errorf("the only search box: marked %q", got)
	}
	second := movedSearch()
	second.Ref, second.AccessName, second.Placeholder, second.AriaLabel = "filter", "Filter", "Filter", "Filter"
	if got := marked(append(otherControls(), movedSearch(), second)); got != "" {
		t.Errorf("two search boxes now, neither named like the target: marked %q", got)
	}
	fp.KindCount = 2
	if got := marked(append(otherControls(), movedSearch())); got != "" {
		t.Errorf("two search boxes at record time, one now (the target may be the one removed): marked %q", got)
	}
	fp.KindCount = 0
	if got := marked(append(otherControls(), movedSearch())); got != "" {
		t.Errorf("no kind count recorded: marked %q", got)
	}

	// By name: several switches, one named as the recorded one was.
	sw := chain.Fingerprint{Tag: "button", Type: "button", Role: "switch", AccessName: "Email newsletter", KindCount: 3, NameCount: 1}
	switches := func(names ...string) []Candidate {
		var cs []Candidate
		for _, n := range names {
			cs = append(cs, Candidate{Ref: n, Tag: "button", Type: "button", Role: "switch", AccessName: n})
		}
		return cs
	}
	fp = sw
	if got := marked(switches("Order updates", "Newsletter emails", "Back-in-stock alerts")); got != "Newsletter emails" {
		t.Errorf("the one switch named like the target: marked %q", got)
	}
	if got := marked(switches("Order updates", "Newsletter emails", "Partner email newsletter")); got != "" {
		t.Errorf("a second switch near the name: marked %q", got)
	}
	fp.NameCount = 2
	if got := marked(switches("Order updates", "Newsletter emails")); got != "" {
		t.Errorf("the name was not unique at record time: marked %q", got)
	}
}

// TestSoleIsHealedWhereContextCannotTell: the page's only search box, as at
// record time, is healed though it moved and was reworded; without the
// counts (or with a second box) it is refused as before.
func TestSoleIsHealedWhereContextCannotTell(t *testing.T) {
	cands := append(otherControls(), movedSearch())
	fp := recordedSearch()
	MarkSole(fp, cands)
	r := Rank(fp, cands, Options{})
	if r.Outcome != Found || r.Best.Candidate.Ref != "search" || !r.Best.ContextWaived {
		t.Fatalf("%s, want the search box found with its context waived", describe(r))
	}
	fp.KindCount, fp.NameCount = 0, 0
	MarkSole(fp, cands)
	if r := Rank(fp, cands, Options{}); r.Outcome == Found {
		t.Errorf("without counts: %s, want it refused as before", describe(r))
	}
}

// TestSoleStillDampedWhereContextRemains: a target removed from a section
// whose heading is still on the page; the one look-alike elsewhere is the
// only one of its name now, but the recorded context still tells it stands
// elsewhere: refused.
func TestSoleStillDampedWhereContextRemains(t *testing.T) {
	fp := chain.Fingerprint{Tag: "button", Type: "button", Role: "switch", AccessName: "Email newsletter", Text: "Email newsletter",
		Neighbours: []string{"Notifications"}, Region: "Notifications", KindCount: 3, NameCount: 1,
		Box: &chain.Rect{X: 300, Y: 500, Width: 170, Height: 26}}
	sw := func(ref, name, section string, y float64) Candidate {
		return Candidate{Ref: ref, Tag: "button", Type: "button", Role: "switch", AccessName: name, Text: name,
			Neighbours: []string{section}, Region: section, Box: &chain.Rect{X: 300, Y: y, Width: 170, Height: 26}}
	}
	cands := []Candidate{sw("decoy", "Email newsletter", "Partner offers", 200), sw("orders", "Order updates", "Notifications", 470),
		sw("restock", "Back-in-stock alerts", "Notifications", 530)}
	MarkSole(fp, cands)
	if !cands[0].Sole {
		t.Fatal("the look-alike should be the sole one named like the target")
	}
	if r := Rank(fp, cands, Options{}); r.Outcome == Found && r.Best.Candidate.Ref == "decoy" {
		t.Errorf("%s: the look-alike in another section was healed onto", describe(r))
	}
	// With the section's heading reworded everywhere, the context cannot
	// tell any more, and the sole named one is the target.
	for i := range cands {
		if cands[i].Region == "Notifications" {
			cands[i].Neighbours, cands[i].Region = []string{"Email preferences"}, "Email preferences"
		}
	}
	cands[0].Neighbours, cands[0].Region = []string{"Email preferences"}, "Email preferences"
	cands[0].Ref = "moved"
	if r := Rank(fp, cands, Options{}); r.Outcome != Found || r.Best.Candidate.Ref != "moved" {
		t.Errorf("%s: want the sole named switch healed once the recorded context is gone", describe(r))
	}
}

// TestUnobservedContextIsNotSilent: when no candidate's source can see
// neighbour texts, the recorded ones might have told the sole match from
// the target: it is damped as before.
func TestUnobservedContextIsNotSilent(t *testing.T) {
	fp := chain.Fingerprint{Tag: "button", Type: "button", Role: "switch", AccessName: "Email newsletter", Text: "Email newsletter",
		Neighbours: []string{"Notifications"}, KindCount: 3, NameCount: 1, Box: &chain.Rect{X: 300, Y: 500, Width: 170, Height: 26}}
	blind := func(ref, name string, y float64) Candidate {
		return Candidate{Ref: ref, Tag: "button", Type: "button", Role: "switch", AccessName: name, Text: name,
			Box: &chain.Rect{X: 300, Y: y, Width: 170, Height: 26}, Unknown: []Attr{Neighbours, Region}}
	}
	cands := []Candidate{blind("elsewhere", "Email newsletter", 100), blind("orders", "Order updates", 470)}
	MarkSole(fp, cands)
	r := Rank(fp, cands, Options{})
	if r.Best == nil || r.Best.ContextWaived {
		t.Errorf("%s: the context damping was waived though no candidate could be compared on neighbour texts", describe(r))
	}
}

// removedLookAlike is the recorded "Tab 1" of the first tab row, and the
// page without that row: the other row's "Tab 1" and "Tab 2".
func removedLookAlike() (chain.Fingerprint, Candidate, Candidate) {
	fp := chain.Fingerprint{Tag: "a", Role: "tab", AccessName: "Tab 1", Text: "Tab 1", Href: "#tab_1-1",
		Neighbours: []string{"Custom Tabs", "Tab 1"}, Region: "Custom Tabs", Landmarks: []string{"main"},
		XPath:   "/html/body/main/section[2]/div[3]/ul/li[1]/a",
		IDXPath: `/html[1]/body[1]/main[1]/section[2]/div[3]/ul[1]/li[1]/a[1]`,
		Box:     &chain.Rect{X: 900, Y: 1080, Width: 66, Height: 42}, KindCount: 6, NameCount: 2}
	other := Candidate{Ref: "other", Tag: "a", Role: "tab", AccessName: "Tab 1", Text: "Tab 1", Href: "#tab_1",
		Neighbours: []string{"Tabs", "Tab 1"}, Region: "Tabs", Landmarks: []string{"main"}, LandmarksKnown: true,
		XPath:   "/html/body/main/section[2]/div[1]/div/ul/li[1]/a",
		IDXPath: `/html[1]/body[1]/main[1]/section[2]/div[1]/div[1]/ul[1]/li[1]/a[1]`,
		Box:     &chain.Rect{X: 120, Y: 400, Width: 70, Height: 40}}
	tab2 := other
	tab2.Ref, tab2.AccessName, tab2.Text, tab2.Href = "tab2", "Tab 2", "Tab 2", "#tab_2"
	tab2.XPath, tab2.IDXPath = "/html/body/main/section[2]/div[1]/div/ul/li[2]/a", `/html[1]/body[1]/main[1]/section[2]/div[1]/div[1]/ul[1]/li[2]/a[1]`
	tab2.Box = &chain.Rect{X: 190, Y: 400, Width: 70, Height: 40}
	return fp, other, tab2
}

// Two tab rows each had a "Tab 1" when the first row's was recorded; the
// redesign removed that row. The "Tab 1" left is the other row's: it reads
// exactly like the target but stands elsewhere, among other neighbours, and
// must be refused. The same link left where the target stood is taken.
func TestSurvivorOfRemovedLookAlike(t *testing.T) {
	fp, other, tab2 := removedLookAlike()
	cands := []Candidate{other, tab2}
	MarkSole(fp, cands)
	if !cands[0].Survivor || cands[1].Survivor {
		t.Fatalf("survivors: %v %v, want the other row's Tab 1 only", cands[0].Survivor, cands[1].Survivor)
	}
	if r := Rank(fp, cands, Options{}); r.Outcome == Found {
		t.Errorf("the other row's Tab 1 taken (score %.3f, context %.3f, margin %.3f): one of two look-alikes was removed and it stands elsewhere", r.Best.Value, r.Best.Context, r.Margin)
	}
	// Both rows still there: no survivor, the one in the target's place wins.
	same := other
	same.Ref, same.Href, same.Neighbours, same.Region = "same", "#tab_1-1", []string{"Custom Tabs", "Tab 1"}, "Custom Tabs"
	same.XPath, same.IDXPath, same.Box = fp.XPath, fp.IDXPath, fp.Box
	cands = []Candidate{other, tab2, same}
	MarkSole(fp, cands)
	if cands[0].Survivor || cands[2].Survivor {
		t.Errorf("two Tab 1 links as recorded: marked a survivor")
	}
	if r := Rank(fp, cands, Options{}); r.Outcome != Found || r.Best.Candidate.Ref != "same" {
		t.Errorf("both rows there: %v %s, want the recorded row's Tab 1 found", r.Outcome, r.Err())
	}
	// The recorded row's Tab 1 left alone in its place: a survivor that
	// stands where the target stood is taken.
	cands = []Candidate{same}
	MarkSole(fp, cands)
	if r := Rank(fp, cands, Options{}); !cands[0].Survivor || r.Outcome != Found {
		t.Errorf("the recorded Tab 1 left in its place: survivor %v, %v %s, want it found", cands[0].Survivor, r.Outcome, r.Err())
	}
}
