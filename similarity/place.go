package similarity

import "math"

// placeAttrs say where an element stands, not what it is: its paths, its
// location and how much it covers the recorded box.
var placeAttrs = map[Attr]bool{XPath: true, IDXPath: true, Location: true, Overlap: true}

// ApartByPlace reports whether r's best and runner-up compare alike with
// the fingerprint on everything but where they stand (placeAttrs): two
// look-alikes, the best ahead only for standing nearer the recorded
// place. Where an item was inserted before the target, the look-alike now
// at its place is another: such a best names nothing. False without a
// runner-up.
func (r Result) ApartByPlace() bool {
	if r.Best == nil || r.RunnerUp == nil {
		return false
	}
	sims := func(s *Scored) map[Attr]float64 {
		m := make(map[Attr]float64, len(s.Parts))
		for _, p := range s.Parts {
			if !placeAttrs[p.Attr] {
				m[p.Attr] = p.Sim
			}
		}
		return m
	}
	a, b := sims(r.Best), sims(r.RunnerUp)
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		w, ok := b[k]
		if !ok || math.Abs(v-w) > placeEpsilon {
			return false
		}
	}
	return true
}

// placeEpsilon is how far two similarities of one attribute may be apart
// and still be the same: rounding, not a difference.
const placeEpsilon = 0.005
