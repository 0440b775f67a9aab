package chain

import (
	"fmt"
	"slices"
	"strings"

	"github.com/qa-chain/chainreplay/internal/keys"
)

// chromeStep checks the fields of the actions Chrome's recorder steps
// become (and that only they use).
func (v *validator) chromeStep(p string, s *Step) {
	if s.Viewport != nil {
		v.size(p+".viewport", Size{Width: s.Viewport.Width, Height: s.Viewport.Height})
		if f := s.Viewport.DeviceScaleFactor; f < 0 || f > 10 || isNaN(f) {
			v.add(p+".viewport.device_scale_factor", "%v is outside [0,10]", f)
		}
	}
	if e := s.Expect; e != nil {
		if e.Operator != "" && !slices.Contains(Operators, e.Operator) {
			v.add(p+".expect.operator", "%q: want one of %s", e.Operator, strings.Join(Operators, " "))
		}
		if e.Count != nil && *e.Count < 0 {
			v.add(p+".expect.count", "%d must not be negative", *e.Count)
		}
	}
	if n := s.Network; n != nil && (isNaN(n.Download+n.Upload+n.Latency) || n.Latency < 0) {
		v.add(p+".network", "download, upload and latency must be numbers, latency not negative")
	}
	switch s.Action {
	case WaitExpression:
		if strings.TrimSpace(s.Expression) == "" {
			v.add(p+".expression", "action wait_expression needs an expression")
		}
	case KeyDown, KeyUp:
		if s.Key == "" {
			v.add(p+".key", "action %s needs a key", s.Action)
		} else if !keys.Valid(s.Key) {
			v.add(p+".key", "%q is not a valid DOM key name (e.g. Enter, Tab, Shift, a)", s.Key)
		}
	case EmulateNetwork:
		if s.Network == nil {
			v.add(p+".network", "action emulate_network needs a network")
		}
	case SetViewport:
		if s.Viewport == nil {
			v.add(p+".viewport", "action set_viewport needs a viewport")
		}
	}
}

// hosts checks a strategy's hosts (the parts of a multi-part selector).
func (v *validator) hosts(p string, s *Strategy) {
	for i := range s.Hosts {
		h := &s.Hosts[i]
		q := fmt.Sprintf("%s.hosts[%d]", p, i)
		switch {
		case !h.Type.Known():
			v.add(q+".type", "unknown strategy type %q (known: %s)", h.Type, joinTypes())
		case h.Type == Similarity || h.Type == Coordinates || s.Type == Similarity || s.Type == Coordinates:
			v.add(q+".type", "similarity and coordinates do not take hosts, nor are hosts")
		case len(h.Hosts) > 0 || h.Within != nil:
			v.add(q, "a host has no hosts or within of its own")
		case strings.TrimSpace(h.Value) == "":
			v.add(q+".value", "a %s strategy needs a value", h.Type)
		default:
			v.scoped(q, h)
		}
	}
}
