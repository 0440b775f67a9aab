package similarity

import "testing"

// Two look-alikes told apart by where they stand alone are apart by place,
// and so is a best that reads worse than its runner-up; a picture or a
// text the best matches better sets them apart by what they are.
func TestApartByPlace(t *testing.T) {
	scored := func(parts ...Part) *Scored { return &Scored{Score: Score{Parts: parts}} }
	same := []Part{{Attr: Tag, Sim: 1, Weight: 2.5}, {Attr: Class, Sim: 1, Weight: 0.5}}
	at := func(loc, xp float64, extra ...Part) *Scored {
		return scored(append(append([]Part(nil), same...), append([]Part{{Attr: Location, Sim: loc}, {Attr: XPath, Sim: xp}}, extra...)...)...)
	}
	for _, c := range []struct {
		name string
		r    Result
		want bool
	}{
		{"only the place differs", Result{Best: at(1, 1), RunnerUp: at(0.6, 0.8)}, true},
		{"the picture differs", Result{Best: at(1, 1, Part{Attr: Icon, Sim: 1}), RunnerUp: at(0.6, 0.8, Part{Attr: Icon, Sim: 0.2})}, false},
		{"a part one side lacks", Result{Best: at(1, 1, Part{Attr: Text, Sim: 1}), RunnerUp: at(0.6, 0.8)}, true},
		{"the best reads worse", Result{Best: at(1, 1, Part{Attr: Icon, Sim: 0.2}), RunnerUp: at(0.6, 0.8, Part{Attr: Icon, Sim: 1})}, true},
		{"no runner-up", Result{Best: at(1, 1)}, false},
	} {
		if got := c.r.ApartByPlace(); got != c.want {
			t.Errorf("%s: ApartByPlace = %v, want %v", c.name, got, c.want)
		}
	}
}
