package similarity

import (
	"math"
	"strings"

	"github.com/qa-chain/chainreplay/chain"
)

// LocationRange is the distance, in CSS pixels between box centres, at
// which location similarity falls to 0; it falls linearly from 1 at 0.
const LocationRange = 250.0

// locationSim compares the centres of two boxes.
func locationSim(a, b chain.Rect) float64 {
	ca, cb := a.Center(), b.Center()
	d := math.Hypot(ca.X-cb.X, ca.Y-cb.Y)
	return max(0, 1-d/LocationRange)
}

// ratio is the smaller of a and b over the larger; 1 when both are 0.
func ratio(a, b float64) float64 {
	if a == b {
		return 1
	}
	if a <= 0 || b <= 0 {
		return 0
	}
	return min(a, b) / max(a, b)
}

// areaSim compares the areas of two boxes.
func areaSim(a, b chain.Rect) float64 { return ratio(a.Width*a.Height, b.Width*b.Height) }

// shapeSim compares the aspect ratios (width / height) of two boxes.
func shapeSim(a, b chain.Rect) float64 {
	if a.Height <= 0 || b.Height <= 0 {
		return ratio(a.Width, b.Width)
	}
	return ratio(a.Width/a.Height, b.Width/b.Height)
}

// segment is one step of an absolute XPath: a tag and its position
// predicate ("div[2]" is {div, 2}; "div" is {div, 0}).
type segment struct {
	tag  string
	pred string
}

// absoluteXPath reports whether x is an absolute, step-by-step XPath
// ("/html/body/div[2]/button") rather than a search ("//*[@id='x']"), the
// only kind whose segments can be compared.
func absoluteXPath(x string) bool {
	return strings.HasPrefix(x, "/") && !strings.HasPrefix(x, "//") && !strings.Contains(x, "@")
}

// segments splits an absolute XPath, dropping the leading html and body
// steps that every element of a document shares.
func segments(x string) []segment {
	var out []segment
	for _, p := range strings.Split(strings.ToLower(x), "/") {
		if p == "" {
			continue
		}
		s := segment{tag: p}
		if i := strings.IndexByte(p, '['); i >= 0 {
			s.tag, s.pred = p[:i], p[i:]
		}
		out = append(out, s)
	}
	for len(out) > 0 && (out[0].tag == "html" || out[0].tag == "body") {
		out = out[1:]
	}
	return out
}

// xpathSim compares two absolute XPaths by their longest common
// subsequence of steps, a step counting 1 when tag and position agree and
// 0.5 when only the tag does, over the longer path's length: a wrapper
// inserted costs one step, a sibling inserted before costs half of one,
// and elements in other parts of the page share little.
func xpathSim(a, b []segment) float64 {
	if len(a) == 0 && len(b) == 0 {
		return 1
	}
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	dp := make([][]float64, len(a)+1)
	for i := range dp {
		dp[i] = make([]float64, len(b)+1)
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			m := 0.0
			if a[i-1].tag == b[j-1].tag {
				m = 0.5
				if a[i-1].pred == b[j-1].pred {
					m = 1
				}
			}
			dp[i][j] = max(dp[i-1][j], dp[i][j-1], dp[i-1][j-1]+m)
		}
	}
	return dp[len(a)][len(b)] / float64(max(len(a), len(b)))
}
