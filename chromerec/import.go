package chromerec

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/internal/keys"
)

// ErrNotRecording is returned (wrapped) when the input is not a Chrome
// Recorder JSON user flow.
var ErrNotRecording = errors.New("not a Chrome DevTools Recorder recording")

// Import converts a Chrome DevTools Recorder recording (JSON) to a flow.
// It returns the warnings for every step it skipped or could not carry
// over exactly; a step it cannot understand is an *Error; the result is
// checked with chain.Validate.
func Import(data []byte) (*chain.Flow, []Warning, error) {
	var rec Recording
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&rec); err != nil {
		return nil, nil, fmt.Errorf("%w: %v", ErrNotRecording, err)
	}
	if rec.Steps == nil {
		return nil, nil, fmt.Errorf("%w: it has no \"steps\" array", ErrNotRecording)
	}
	im := &importer{flow: &chain.Flow{Version: chain.Version, Name: rec.Title}}
	for i := range rec.Steps {
		if err := im.step(i+1, &rec.Steps[i]); err != nil {
			return nil, im.warns, err
		}
	}
	im.flushModifiers()
	f := im.flow
	if f.StartURL == "" {
		return nil, im.warns, fmt.Errorf("%w: it has no navigate step, so there is no start URL", ErrNotRecording)
	}
	if ps := chain.Validate(f); len(ps) > 0 {
		msgs := make([]string, len(ps))
		for i, p := range ps {
			msgs[i] = p.String()
		}
		return nil, im.warns, fmt.Errorf("the imported flow is not valid: %s", strings.Join(msgs, "; "))
	}
	return f, im.warns, nil
}

type importer struct {
	flow  *chain.Flow
	warns []Warning
	// held are modifier keys down, in the order pressed; pressedSince is
	// whether a non-modifier key was pressed while they were held.
	held         []string
	pressedSince bool
	// scroll positions last seen, per target ("" is the page), to turn
	// Chrome's absolute positions into deltas.
	scrolls map[string]chain.Point
}

func (im *importer) warn(n int, typ, format string, args ...any) {
	im.warns = append(im.warns, Warning{Step: n, Type: typ, Msg: fmt.Sprintf(format, args...)})
}

func (im *importer) add(s chain.Step) { im.flow.Steps = append(im.flow.Steps, s) }

func (im *importer) step(n int, s *Step) error {
	fail := func(format string, args ...any) error {
		return &Error{Step: n, Type: s.Type, Msg: fmt.Sprintf(format, args...)}
	}
	if s.Target != "" && s.Target != "main" {
		im.warn(n, s.Type, "runs in target %q (a popup or another tab); replay runs it in the page", s.Target)
	}
	if s.Type != TypeKeyDown && s.Type != TypeKeyUp {
		im.flushModifiers()
	}
	switch s.Type {
	case TypeSetViewport:
		if s.Width <= 0 || s.Height <= 0 {
			return fail("width and height must be positive")
		}
		if im.flow.Viewport != nil || len(im.flow.Steps) > 0 {
			im.warn(n, s.Type, "skipped: a flow has one viewport, set by the first setViewport")
			return nil
		}
		im.flow.Viewport = &chain.Size{Width: s.Width, Height: s.Height}
		im.flow.DeviceScaleFactor = s.DeviceScaleFactor
		if s.IsMobile || s.HasTouch {
			im.warn(n, s.Type, "isMobile/hasTouch are not kept: replay uses a desktop viewport of the same size")
		}
		return nil
	case TypeNavigate:
		if s.URL == "" {
			return fail("navigate needs a url")
		}
		im.scrolls = nil
		if im.flow.StartURL == "" {
			im.flow.StartURL = s.URL
			return nil
		}
		st := chain.Step{Action: chain.Navigate, URL: s.URL}
		im.asserted(n, s, &st)
		im.add(st)
		return nil
	case TypeClick, TypeDoubleClick, TypeHover, TypeChange, TypeWaitForElement:
		t, err := im.target(n, s)
		if err != nil {
			return err
		}
		st := chain.Step{Target: t}
		switch s.Type {
		case TypeClick, TypeDoubleClick:
			st.Action = chain.Click
			if s.Type == TypeDoubleClick {
				st.Action = chain.DblClick
			}
			if s.OffsetX == nil || s.OffsetY == nil {
				return fail("offsetX and offsetY are required")
			}
			if *s.OffsetX >= 0 && *s.OffsetY >= 0 {
				st.Offset = &chain.Point{X: *s.OffsetX, Y: *s.OffsetY}
			} else {
				im.warn(n, s.Type, "negative offset (%v, %v) dropped: replay clicks the element's centre", *s.OffsetX, *s.OffsetY)
			}
			switch s.Button {
			case "", "primary":
			case "secondary":
				st.Button = "right"
			case "auxiliary":
				st.Button = "middle"
			default:
				im.warn(n, s.Type, "button %q is replayed as the primary button", s.Button)
			}
			if s.Duration > 0 {
				im.warn(n, s.Type, "a long press (duration %d ms) is replayed as a click", s.Duration)
			}
		case TypeHover:
			st.Action = chain.Hover
		case TypeChange:
			if s.Value == nil {
				return fail("change needs a value")
			}
			st.Action, st.Text = chain.Type, *s.Value
			if isSelect(s.Selectors) {
				st.Action, st.Text, st.Value = chain.Select, "", *s.Value
			}
		case TypeWaitForElement:
			st.Action = chain.AssertVisible
			if (s.Count != nil && *s.Count != 1) || (s.Operator != "" && s.Operator != ">=") {
				im.warn(n, s.Type, "operator %q count %v is checked as \"at least one visible\"", s.Operator, derefInt(s.Count))
			}
			if s.Visible != nil && !*s.Visible {
				im.warn(n, s.Type, "skipped: waiting for an element to be hidden has no flow action")
				return nil
			}
			if len(s.Attributes) > 0 || len(s.Properties) > 0 {
				if v, ok := s.Properties["value"].(string); ok && len(s.Properties) == 1 && len(s.Attributes) == 0 {
					st.Action, st.Text = chain.AssertValue, v
				} else {
					im.warn(n, s.Type, "attributes/properties are not checked, only visibility")
				}
			}
		}
		im.asserted(n, s, &st)
		im.add(st)
		return nil
	case TypeKeyDown, TypeKeyUp:
		return im.key(n, s)
	case TypeScroll:
		st := chain.Step{Action: chain.Scroll}
		key := ""
		if len(s.Selectors) > 0 {
			t, err := im.target(n, s)
			if err != nil {
				return err
			}
			st.Target = t
			key = fmt.Sprint(s.Frame, s.Selectors)
		}
		if im.scrolls == nil {
			im.scrolls = map[string]chain.Point{}
		}
		prev := im.scrolls[key]
		next := prev
		if s.X != nil {
			next.X = *s.X
		}
		if s.Y != nil {
			next.Y = *s.Y
		}
		im.scrolls[key] = next
		st.DeltaX, st.DeltaY = next.X-prev.X, next.Y-prev.Y
		if st.DeltaX == 0 && st.DeltaY == 0 {
			im.warn(n, s.Type, "skipped: it scrolls to where the page already is")
			return nil
		}
		im.add(st)
		return nil
	case TypeWaitForExpression, TypeClose, TypeCustomStep, TypeEmulateNetworkConditions:
		im.warn(n, s.Type, "skipped: a flow has no equivalent of %s", s.Type)
		return nil
	case "":
		return fail("the step has no type")
	}
	return fail("unknown step type %q (known: change, click, close, customStep, doubleClick, emulateNetworkConditions, hover, keyDown, keyUp, navigate, scroll, setViewport, waitForElement, waitForExpression)", s.Type)
}

// asserted copies a navigation in assertedEvents to st.Navigated.
func (im *importer) asserted(n int, s *Step, st *chain.Step) {
	for _, e := range s.AssertedEvents {
		if e.Type != "navigation" {
			im.warn(n, s.Type, "asserted event %q is not kept", e.Type)
			continue
		}
		if e.URL == "" {
			im.warn(n, s.Type, "a navigation without a url is not kept")
			continue
		}
		st.Navigated = &chain.Navigation{URL: e.URL}
	}
}

// target builds the step's target: frames, shadow path and the chain.
func (im *importer) target(n int, s *Step) (*chain.Target, error) {
	if len(s.Selectors) == 0 {
		return nil, &Error{Step: n, Type: s.Type, Msg: "selectors are required"}
	}
	t := &chain.Target{Fingerprint: &chain.Fingerprint{}}
	for i, idx := range s.Frame {
		if idx < 0 {
			return nil, &Error{Step: n, Type: s.Type, Msg: fmt.Sprintf("frame[%d] = %d is negative", i, idx)}
		}
		if idx == 0 {
			t.FramePath = append(t.FramePath, "iframe")
		} else {
			t.FramePath = append(t.FramePath, fmt.Sprintf(":is(iframe, frame):nth-of-type(%d)", idx+1))
			im.warn(n, s.Type, "frame index %d is read as the %d-th frame among its siblings", idx, idx+1)
		}
	}
	// The first multi-part alternative made only of CSS decides the shadow
	// path; alternatives under another path are dropped.
	for _, sel := range s.Selectors {
		if len(sel) > 1 && allCSS(sel[:len(sel)-1]) {
			t.ShadowPath = append([]string(nil), sel[:len(sel)-1]...)
			break
		}
	}
	forInput := s.Type == TypeChange
	for _, sel := range s.Selectors {
		last := sel[len(sel)-1]
		switch {
		case len(sel) == 1 && len(t.ShadowPath) > 0 && (isCSS(last) || strings.HasPrefix(last, PrefixPierce)):
			im.warn(n, s.Type, "selector %q starts from the document, not from the shadow root of %q; dropped", last, strings.Join(t.ShadowPath, " >>> "))
			continue
		case len(sel) > 1 && !slices.Equal(sel[:len(sel)-1], t.ShadowPath):
			im.warn(n, s.Type, "selector %q goes through other shadow roots than %q, dropped", strings.Join(sel, " >>> "), strings.Join(t.ShadowPath, " >>> "))
			continue
		}
		sts, err := strategiesFor(last, forInput, t.Fingerprint)
		if err != nil {
			return nil, &Error{Step: n, Type: s.Type, Msg: err.Error()}
		}
		for _, st := range sts {
			if !hasStrategy(t.Chain, st) {
				t.Chain = append(t.Chain, st)
			}
		}
	}
	if len(t.Chain) == 0 {
		return nil, &Error{Step: n, Type: s.Type, Msg: "no usable selector"}
	}
	sort.SliceStable(t.Chain, func(i, j int) bool { return t.Chain[i].Confidence > t.Chain[j].Confidence })
	if fp := t.Fingerprint; len(fp.TestIDs) == 0 {
		t.Fingerprint = nil
	}
	return t, nil
}

// key turns keyDown/keyUp pairs into press steps, with the modifiers held.
func (im *importer) key(n int, s *Step) error {
	if s.Key == "" {
		return &Error{Step: n, Type: s.Type, Msg: "key is required"}
	}
	if _, mod := keys.Modifiers[s.Key]; mod {
		if s.Type == TypeKeyDown {
			if !contains(im.held, s.Key) {
				if len(im.held) == 0 {
					im.pressedSince = false
				}
				im.held = append(im.held, s.Key)
			}
			return nil
		}
		if contains(im.held, s.Key) && !im.pressedSince && len(im.held) == 1 {
			im.add(chain.Step{Action: chain.Press, Key: s.Key})
		}
		im.held = remove(im.held, s.Key)
		if len(im.held) == 0 {
			im.pressedSince = false
		}
		return nil
	}
	if s.Type == TypeKeyUp {
		return nil // the press was made at keyDown
	}
	if !keys.Valid(s.Key) {
		return &Error{Step: n, Type: s.Type, Msg: fmt.Sprintf("%q is not a key this project knows", s.Key)}
	}
	im.pressedSince = true
	im.add(chain.Step{Action: chain.Press, Key: s.Key, Modifiers: append([]string(nil), im.held...)})
	return nil
}

// flushModifiers ends a run of keys: modifiers still held are released.
func (im *importer) flushModifiers() {
	im.held, im.pressedSince = nil, false
}

func isSelect(sels []Selector) bool {
	for _, sel := range sels {
		last := sel[len(sel)-1]
		switch {
		case strings.HasPrefix(last, PrefixXPath):
			v := strings.TrimPrefix(last, PrefixXPath)
			i := strings.LastIndex(v, "/")
			if strings.HasPrefix(v[i+1:], "select") {
				return true
			}
		case isCSS(last) || strings.HasPrefix(last, PrefixPierce):
			v := strings.TrimPrefix(last, PrefixPierce)
			i := strings.LastIndexAny(v, " >")
			if comp := v[i+1:]; comp == "select" || strings.HasPrefix(comp, "select#") || strings.HasPrefix(comp, "select.") ||
				strings.HasPrefix(comp, "select[") || strings.HasPrefix(comp, "select:") {
				return true
			}
		}
	}
	return false
}

func allCSS(parts []string) bool {
	for _, p := range parts {
		if !isCSS(p) {
			return false
		}
	}
	return true
}

func hasStrategy(c []chain.Strategy, s chain.Strategy) bool {
	for _, x := range c {
		if x.Type == s.Type && x.Value == s.Value {
			return true
		}
	}
	return false
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func remove(list []string, s string) []string {
	out := list[:0]
	for _, x := range list {
		if x != s {
			out = append(out, x)
		}
	}
	return out
}

func derefInt(p *int) any {
	if p == nil {
		return "unset"
	}
	return *p
}
