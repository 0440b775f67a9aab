package similarity

import (
	"testing"

	"github.com/qa-chain/chainreplay/chain"
)

// A dashboard rewritten between major versions: the brand link moved
// from the header to the sidebar, took new classes, a version in its text
// and a new link; everything else changed too, so every score fell. The
// brand link is still the best by far on what names it, and no worse
// placed than the runner-up: it is found, though under the sure floor and
// short of the wide margin.
func TestClearLeadOnARewrittenPage(t *testing.T) {
	fp := chain.Fingerprint{Tag: "a", Role: "link", Classes: []string{"logo"}, AccessName: "AdminLTE", Text: "AdminLTE",
		Href: "../../index2.html", Region: "banner", Landmarks: []string{"banner"},
		XPath: "/html/body/div/header/a", IDXPath: "/html[1]/body[1]/div[1]/header[1]/a[1]",
		Box: &chain.Rect{X: 0, Y: 0, Width: 230, Height: 50}}
	brand := Candidate{Ref: "brand", Tag: "a", Role: "link", Classes: []string{"brand-link"}, AccessName: "AdminLTE 3", Text: "AdminLTE 3",
		Href: "../../index3.html", Neighbours: []string{"Alexander Pierce"}, Region: "complementary", Landmarks: []string{"complementary"}, LandmarksKnown: true,
		XPath: "/html/body/div/aside/a", IDXPath: "/html[1]/body[1]/div[1]/aside[1]/a[1]",
		Box: &chain.Rect{X: 0, Y: 0, Width: 250, Height: 57}}
	home := Candidate{Ref: "home", Tag: "a", Role: "link", Classes: []string{"nav-link"}, AccessName: "Home", Text: "Home",
		Href: "../../index3.html", Neighbours: []string{"Home"}, Region: "navigation", Landmarks: []string{"navigation"}, LandmarksKnown: true,
		XPath: "/html/body/div/nav/ul/li[2]/a", IDXPath: "/html[1]/body[1]/div[1]/nav[1]/ul[1]/li[2]/a[1]",
		Box: &chain.Rect{X: 290, Y: 8, Width: 75, Height: 40}}
	user := Candidate{Ref: "user", Tag: "a", Role: "link", Classes: []string{"d-block"}, AccessName: "Alexander Pierce", Text: "Alexander Pierce",
		Href: "#", Neighbours: []string{"Alexander Pierce"}, Region: "complementary", Landmarks: []string{"complementary"}, LandmarksKnown: true,
		XPath: "/html/body/div/aside/div/div/div[2]/a", IDXPath: "/html[1]/body[1]/div[1]/aside[1]/div[1]/div[1]/div[2]/a[1]",
		Box: &chain.Rect{X: 60, Y: 80, Width: 140, Height: 24}}
	dash := Candidate{Ref: "dash", Tag: "a", Role: "link", Classes: []string{"nav-link"}, AccessName: "Dashboard", Text: "Dashboard",
		Href: "../../index.html", Neighbours: []string{"Alexander Pierce", "Dashboard"}, Region: "navigation", Landmarks: []string{"complementary", "navigation"}, LandmarksKnown: true,
		XPath: "/html/body/div/aside/div/nav/ul/li[1]/a", IDXPath: "/html[1]/body[1]/div[1]/aside[1]/div[1]/nav[1]/ul[1]/li[1]/a[1]",
		Box: &chain.Rect{X: 8, Y: 120, Width: 234, Height: 40}}
	credit := Candidate{Ref: "credit", Tag: "a", Role: "link", AccessName: "Theme by AdminLTE.io", Text: "Theme by AdminLTE.io",
		Href: "https://adminlte.io", Neighbours: []string{"Copyright © 2014-2021 AdminLTE.io. All rights reserved."}, Region: "contentinfo", Landmarks: []string{"contentinfo"}, LandmarksKnown: true,
		XPath: "/html/body/div/footer/strong/a", IDXPath: "/html[1]/body[1]/div[1]/footer[1]/strong[1]/a[1]",
		Box: &chain.Rect{X: 420, Y: 1400, Width: 80, Height: 20}}
	cands := []Candidate{home, user, dash, credit, brand}
	r := Rank(fp, cands, Options{})
	if r.Outcome != Found || r.Best.Candidate.Ref != "brand" {
		t.Fatalf("%s: %v, want the brand link found", r.Err(), r.Outcome)
	}
	if r.Best.Value >= DefaultSureFloor || r.Margin >= DefaultWideMargin || r.IdentityLead < DefaultClearLead || r.ContextLead < 0 {
		t.Errorf("score %.3f margin %.3f identity lead %.3f context lead %.3f: the scenario no longer needs the clear lead",
			r.Best.Value, r.Margin, r.IdentityLead, r.ContextLead)
	}
	if r := Rank(fp, cands, Options{ClearLead: -1}); r.Outcome == Found {
		t.Errorf("without the clear lead: found, want refused (score %.3f margin %.3f)", r.Best.Value, r.Margin)
	}
	// The brand link removed: the credit link is no target.
	if r := Rank(fp, cands[:len(cands)-1], Options{}); r.Outcome == Found {
		t.Errorf("brand link removed: %s taken (score %.3f, identity lead %.3f)", r.Best.Candidate.Ref, r.Best.Value, r.IdentityLead)
	}
}
