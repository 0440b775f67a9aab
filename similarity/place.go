package similarity

// placeAttrs say where an element stands, not what it is: its paths, its
// location and how much it covers the recorded box.
var placeAttrs = map[Attr]bool{XPath: true, IDXPath: true, Location: true, Overlap: true}

// ApartByPlace reports whether r's best leads its runner-up only by where
// they stand (placeAttrs): on nothing of what the element is (its texts,
// classes, picture...) does it compare better with the fingerprint than
// the runner-up does. Two look-alikes, or a best that reads worse and
// stands nearer the recorded place: where an item was inserted before the
// target, the look-alike now at its place is another, and such a best
// names nothing. An attribute only one of them was compared on tells
// nothing either way. False without a runner-up.
func (r Result) ApartByPlace() bool {
	if r.Best == nil || r.RunnerUp == nil {
		return false
	}
	ru := make(map[Attr]float64, len(r.RunnerUp.Parts))
	for _, p := range r.RunnerUp.Parts {
		ru[p.Attr] = p.Sim
	}
	for _, p := range r.Best.Parts {
		if placeAttrs[p.Attr] {
			continue
		}
		if w, ok := ru[p.Attr]; ok && p.Sim > w+placeEpsilon {
			return false
		}
	}
	return true
}

// placeEpsilon is how far two similarities of one attribute may be apart
// and still be the same: rounding, not a difference.
const placeEpsilon = 0.005
