package similarity

import (
	"testing"

	"github.com/qa-chain/chainreplay/chain"
)

func TestLocationSim(t *testing.T) {
	base := chain.Rect{X: 100, Y: 100, Width: 80, Height: 30}
	for _, tc := range []struct {
		dx, dy, want float64
	}{
		{0, 0, 1},
		{0, 50, 0.8},
		{150, 200, 0}, // 250 px away
		{1000, 0, 0},  // never negative
	} {
		b := base
		b.X += tc.dx
		b.Y += tc.dy
		if got := locationSim(base, b); !near(got, tc.want) {
			t.Errorf("moved (%v, %v): locationSim = %.3f, want %.3f", tc.dx, tc.dy, got, tc.want)
		}
	}
}

func TestAreaAndShapeSim(t *testing.T) {
	a := chain.Rect{Width: 80, Height: 30}
	for _, tc := range []struct {
		name        string
		b           chain.Rect
		area, shape float64
	}{
		{"same", chain.Rect{X: 500, Width: 80, Height: 30}, 1, 1},
		{"twice as wide", chain.Rect{Width: 160, Height: 30}, 0.5, 0.5},
		{"scaled, same shape", chain.Rect{Width: 160, Height: 60}, 0.25, 1},
		{"rotated", chain.Rect{Width: 30, Height: 80}, 1, 0.140625},
		{"empty", chain.Rect{}, 0, 0},
	} {
		if got := areaSim(a, tc.b); !near(got, tc.area) {
			t.Errorf("%s: areaSim = %.3f, want %.3f", tc.name, got, tc.area)
		}
		if got := shapeSim(a, tc.b); !near(got, tc.shape) {
			t.Errorf("%s: shapeSim = %.3f, want %.3f", tc.name, got, tc.shape)
		}
	}
}

func TestXPathSim(t *testing.T) {
	rec := "/html/body/main/form/button[1]"
	for _, tc := range []struct {
		name, x string
		want    float64
	}{
		{"same", "/html/body/main/form/button[1]", 1},
		{"wrapper inserted", "/html/body/main/div/form/button[1]", 0.75},
		{"sibling inserted before", "/html/body/main/form/button[2]", 2.5 / 3},
		{"elsewhere on the page", "/html/body/aside/button[1]", 1.0 / 3},
		{"nothing in common", "/html/body/nav/ul/li[3]/a", 0},
	} {
		if got := xpathSim(segments(rec), segments(tc.x)); !near(got, tc.want) {
			t.Errorf("%s: xpathSim(%q) = %.3f, want %.3f", tc.name, tc.x, got, tc.want)
		}
	}
}

func TestAbsoluteXPath(t *testing.T) {
	for x, want := range map[string]bool{
		"/html/body/div[2]/button": true,
		`//*[@id="login"]`:         false,
		`//button[@name="go"]`:     false,
		"button":                   false,
		"":                         false,
	} {
		if got := absoluteXPath(x); got != want {
			t.Errorf("absoluteXPath(%q) = %v, want %v", x, got, want)
		}
	}
}
