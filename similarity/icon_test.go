package similarity

import (
	"testing"

	"github.com/qa-chain/chainreplay/chain"
)

// toolButton is an icon-only button of a card's toolbar (a box's collapse
// and remove buttons), the card at y.
func toolButton(ref, card string, y float64, at int, icon string) Candidate {
	xp := "/html/body[1]/div[1]/section[1]/div[" + card + "]/div[1]/div[1]/button[" + string(rune('0'+at)) + "]"
	return Candidate{Ref: ref, Tag: "button", Type: "button", Classes: []string{"btn", "btn-tool"}, Role: "button",
		Icon: icon, XPath: xp, IDXPath: xp, Neighbours: []string{map[string]string{"1": "Monthly Recap", "2": "Browser Usage", "3": "Direct Chat"}[card]},
		Region: "Dashboard", LandmarksKnown: true, Landmarks: []string{"main"},
		Box: &chain.Rect{X: 1200 + 30*float64(at), Y: y, Width: 24, Height: 24}}
}

// elsewhere moves c to the page's sidebar.
func elsewhere(c Candidate) Candidate {
	c.Region, c.Landmarks = "Sales", []string{"complementary"}
	c.Box.X = 40
	return c
}

func recordedToolButton(icon string) chain.Fingerprint {
	c := toolButton("", "1", 100, 2, icon)
	return chain.Fingerprint{Tag: c.Tag, Type: c.Type, Classes: c.Classes, Role: c.Role, Icon: c.Icon,
		XPath: c.XPath, IDXPath: c.IDXPath, Neighbours: c.Neighbours, Region: c.Region, Landmarks: c.Landmarks,
		Box: c.Box, KindCount: 4}
}

// A button named by its icon alone is never taken for one that draws
// another glyph of its font while the recorded glyph is still on the
// page: when a card's "remove" button is gone, its "collapse" button
// beside it is another control, however alike their places and classes.
func TestOtherIconNotTaken(t *testing.T) {
	fp := recordedToolButton("fas fa-times")
	removed := []Candidate{
		toolButton("minus-1", "1", 100, 1, "fas fa-minus"),
		toolButton("minus-2", "2", 400, 1, "fas fa-minus"),
		elsewhere(toolButton("times-2", "2", 400, 2, "fas fa-times")),
		toolButton("sync-3", "3", 700, 1, "fas fa-sync"),
		toolButton("wrench-3", "3", 700, 2, "fas fa-wrench"),
	}
	// Shifted into the removed button's place.
	removed[0].Box.X, removed[0].XPath = fp.Box.X, fp.XPath
	removed[0].IDXPath = fp.IDXPath
	r := Rank(fp, removed, Options{})
	t.Log(describe(r))
	if r.Outcome == Found {
		t.Fatalf("took %s for a removed icon button; %s", r.Best.Candidate.Ref, describe(r))
	}
	if r.Best.Candidate.Ref == "minus-1" && !r.Best.OtherIcon {
		t.Errorf("minus-1 not marked as another icon; %s", describe(r))
	}

	// The button still there is found, and so is it after a change of
	// the icon's prefix that keeps its glyph (Font Awesome 5 to 6).
	for _, icon := range []string{"fas fa-times", "fa-solid fa-times"} {
		kept := append([]Candidate{toolButton("times-1", "1", 100, 2, icon)}, removed[1:]...)
		kept = append(kept, toolButton("minus-1", "1", 100, 1, "fas fa-minus"))
		if r := Rank(fp, kept, Options{}); r.Outcome != Found || r.Best.Candidate.Ref != "times-1" {
			t.Errorf("%s: %s, want times-1 found", icon, describe(r))
		}
	}
}

// A redesign that swaps the icon font leaves the recorded glyph nowhere
// on the page: its icons are compared, not taken for other glyphs.
func TestOtherIconFontSwapped(t *testing.T) {
	fp := recordedToolButton("fas fa-minus")
	cands := []Candidate{
		toolButton("dash-1", "1", 100, 2, "bi bi-dash-lg"),
		toolButton("x-1", "1", 100, 3, "bi bi-x-lg"),
		toolButton("dash-2", "2", 400, 2, "bi bi-dash-lg"),
		toolButton("x-2", "2", 400, 3, "bi bi-x-lg"),
	}
	r := Rank(fp, cands, Options{})
	for _, sc := range r.Ranked {
		if sc.OtherIcon {
			t.Errorf("%s marked as another icon, though no icon of the page draws the recorded glyph", sc.Candidate.Ref)
		}
	}
}

func TestGlyphs(t *testing.T) {
	var s tokenStats
	for _, icon := range []string{"fas fa-minus", "fas fa-times", "fas fa-minus", "fas fa-bars fa-fw", "far fa-bell"} {
		s.add(identTokens(icon))
	}
	for icon, want := range map[string]string{
		"fas fa-times":      "time",
		"fas fa-bars fa-fw": "bar fw",
		"fas fa-comments":   "", // drawn nowhere on the page
		"fa-2x":             "",
	} {
		got := ""
		for i, g := range s.glyphs(icon) {
			if i > 0 {
				got += " "
			}
			got += g
		}
		if got != want {
			t.Errorf("glyphs(%q) = %q, want %q", icon, got, want)
		}
	}
}

// A candidate that draws every glyph of the recorded icon draws that
// icon, whatever else its new form says: Font Awesome's web font became
// its SVG form, whose classes add the glyph's name and a width, and a
// footer's social links keep their glyphs.
func TestIconByItsGlyphs(t *testing.T) {
	cands := []Candidate{
		{Ref: "twitter", Tag: "a", Icon: "twitter svg-inline--fa fa-twitter fa-w-16"},
		{Ref: "facebook", Tag: "a", Icon: "facebook-f svg-inline--fa fa-facebook-f fa-w-10"},
		{Ref: "linkedin", Tag: "a", Icon: "linkedin-in svg-inline--fa fa-linkedin-in fa-w-14"},
		{Ref: "bars", Tag: "button", Icon: "bars svg-inline--fa fa-bars fa-w-14"},
	}
	ref := NewReference(chain.Fingerprint{Tag: "a", Icon: "fab fa-twitter"}, DefaultWeights)
	ref.page = newPageStats(cands)
	for _, tc := range []struct {
		ref  string
		want func(float64) bool
	}{
		{"twitter", func(s float64) bool { return s == 1 }},
		{"facebook", func(s float64) bool { return s < 0.5 }},
		{"bars", func(s float64) bool { return s < 0.5 }},
	} {
		for i := range cands {
			if cands[i].Ref != tc.ref {
				continue
			}
			if s, _ := ref.sim(Icon, &cands[i]); !tc.want(s) {
				t.Errorf("%s: icon similarity %.3f", tc.ref, s)
			}
		}
	}
	// A glyph drawn in part is compared by its tokens: "fa-chevron-left"
	// is not the recorded "fa-chevron-right".
	chevrons := []Candidate{
		{Ref: "left", Tag: "a", Icon: "fas fa-chevron-left"},
		{Ref: "up", Tag: "a", Icon: "fas fa-chevron-up"},
		{Ref: "right", Tag: "a", Icon: "fas fa-chevron-right"},
		{Ref: "home", Tag: "a", Icon: "fas fa-home"},
		{Ref: "user", Tag: "a", Icon: "fas fa-user"},
	}
	ref = NewReference(chain.Fingerprint{Tag: "a", Icon: "fa fa-chevron-right"}, DefaultWeights)
	ref.page = newPageStats(chevrons)
	if s, _ := ref.sim(Icon, &chevrons[0]); s >= 1 {
		t.Errorf("left: icon similarity %.3f, want under 1", s)
	}
	if s, _ := ref.sim(Icon, &chevrons[2]); s != 1 {
		t.Errorf("right: icon similarity %.3f, want 1", s)
	}
}
