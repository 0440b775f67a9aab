package chromerec

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/qa-chain/chainreplay/chain"
)

// DefaultViewport is the viewport an export sets when the flow recorded
// none.
var DefaultViewport = chain.Size{Width: 1280, Height: 800}

var nthOfTypeRE = regexp.MustCompile(`:nth-of-type\((\d+)\)$`)

// Export converts a flow to a Chrome DevTools Recorder recording (JSON,
// two-space indented) that @puppeteer/replay can run. It returns warnings
// for what it could not carry over exactly; an action Chrome's format
// cannot express is an *Error naming the step.
func Export(f *chain.Flow) ([]byte, []Warning, error) {
	data, _, warns, err := ExportMapped(f)
	return data, warns, err
}

// ExportMapped is Export that also returns, for each step of the
// recording, the 1-based index of the flow step it comes from (0 for the
// setViewport and navigate that open the recording).
func ExportMapped(f *chain.Flow) (data []byte, stepOf []int, warns []Warning, err error) {
	if f == nil {
		return nil, nil, nil, fmt.Errorf("export: nil flow")
	}
	ex := &exporter{}
	vp, dsf := DefaultViewport, 1.0
	if f.Viewport != nil {
		vp = *f.Viewport
	} else {
		ex.warn(0, "", "the flow has no recorded viewport; the recording sets %dx%d", vp.Width, vp.Height)
	}
	if f.DeviceScaleFactor > 0 {
		dsf = f.DeviceScaleFactor
	}
	steps := []map[string]any{
		{"type": TypeSetViewport, "width": vp.Width, "height": vp.Height, "deviceScaleFactor": dsf,
			"isMobile": false, "hasTouch": false, "isLandscape": false},
		{"type": TypeNavigate, "url": f.StartURL,
			"assertedEvents": []map[string]any{{"type": "navigation", "url": f.StartURL, "title": ""}}},
	}
	stepOf = []int{0, 0}
	for i := range f.Steps {
		out, err := ex.step(i+1, &f.Steps[i])
		if err != nil {
			return nil, nil, ex.warns, err
		}
		steps = append(steps, out...)
		for range out {
			stepOf = append(stepOf, i+1)
		}
	}
	title := f.Name
	if title == "" {
		title = "flow"
	}
	data, err = json.MarshalIndent(map[string]any{"title": title, "steps": steps}, "", "  ")
	if err != nil {
		return nil, nil, ex.warns, fmt.Errorf("export: %w", err)
	}
	return append(data, '\n'), stepOf, ex.warns, nil
}

type exporter struct {
	warns   []Warning
	scrolls map[string]chain.Point
}

func (ex *exporter) warn(n int, typ, format string, args ...any) {
	ex.warns = append(ex.warns, Warning{Step: n, Type: typ, Msg: fmt.Sprintf(format, args...)})
}

func (ex *exporter) step(n int, s *chain.Step) ([]map[string]any, error) {
	a := string(s.Action)
	fail := func(format string, args ...any) error {
		return &Error{Step: n, Type: a, Msg: fmt.Sprintf(format, args...)}
	}
	base := func(typ string) (map[string]any, error) {
		m := map[string]any{"type": typ}
		if s.TimeoutMS > 0 {
			m["timeout"] = s.TimeoutMS
		}
		if s.Target == nil {
			return m, nil
		}
		sels, skipped := selectorsFor(s.Target)
		if len(skipped) > 0 {
			ex.warn(n, a, "left out: %s", strings.Join(skipped, "; "))
		}
		if len(sels) == 0 {
			return nil, fail("no strategy of the chain has a Chrome selector (coordinates and similarity have none)")
		}
		m["selectors"] = sels
		if fr := ex.frames(n, a, s.Target.FramePath); len(fr) > 0 {
			m["frame"] = fr
		}
		return m, nil
	}
	needTarget := func() error {
		if s.Target == nil || len(s.Target.Chain) == 0 {
			return fail("the step has no target")
		}
		return nil
	}
	var out []map[string]any
	switch s.Action {
	case chain.Click, chain.DblClick, chain.Check, chain.Uncheck:
		if err := needTarget(); err != nil {
			return nil, err
		}
		typ := TypeClick
		if s.Action == chain.DblClick {
			typ = TypeDoubleClick
		}
		if s.Action == chain.Check || s.Action == chain.Uncheck {
			ex.warn(n, a, "exported as a click: Chrome's format cannot say which state is wanted")
		}
		m, err := base(typ)
		if err != nil {
			return nil, err
		}
		off := ex.offset(n, a, s)
		m["offsetX"], m["offsetY"] = off.X, off.Y
		switch s.Button {
		case "right":
			m["button"] = "secondary"
		case "middle":
			m["button"] = "auxiliary"
		}
		if len(s.Modifiers) > 0 {
			ex.warn(n, a, "modifiers %v held during the click are not exported", s.Modifiers)
		}
		out = append(out, m)
	case chain.Hover:
		if err := needTarget(); err != nil {
			return nil, err
		}
		m, err := base(TypeHover)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	case chain.Type, chain.Select:
		if err := needTarget(); err != nil {
			return nil, err
		}
		m, err := base(TypeChange)
		if err != nil {
			return nil, err
		}
		value, enter := s.Text, false
		if s.Action == chain.Select {
			value = s.Value
			if value == "" {
				value = s.Label
				ex.warn(n, a, "no option value recorded; the option's label %q is used as its value", s.Label)
			}
		} else if strings.HasSuffix(value, "\n") {
			value, enter = strings.TrimSuffix(value, "\n"), true
		}
		if len(chain.Secrets(value)) > 0 {
			ex.warn(n, a, "the text holds a secret placeholder; Chrome's format has no secrets, so it types the placeholder itself")
		}
		m["value"] = value
		out = append(out, m)
		if enter {
			out = append(out, map[string]any{"type": TypeKeyDown, "key": "Enter"}, map[string]any{"type": TypeKeyUp, "key": "Enter"})
		}
	case chain.Press:
		for _, mod := range s.Modifiers {
			out = append(out, map[string]any{"type": TypeKeyDown, "key": mod})
		}
		out = append(out, map[string]any{"type": TypeKeyDown, "key": s.Key}, map[string]any{"type": TypeKeyUp, "key": s.Key})
		for i := len(s.Modifiers) - 1; i >= 0; i-- {
			out = append(out, map[string]any{"type": TypeKeyUp, "key": s.Modifiers[i]})
		}
		if s.Target != nil {
			ex.warn(n, a, "Chrome presses keys in the focused element; the target is not exported")
		}
	case chain.Scroll:
		m, err := base(TypeScroll)
		if err != nil {
			return nil, err
		}
		key := ""
		if sels, ok := m["selectors"]; ok {
			key = fmt.Sprint(m["frame"], sels)
		}
		if ex.scrolls == nil {
			ex.scrolls = map[string]chain.Point{}
		}
		p := ex.scrolls[key]
		p.X, p.Y = max(0, p.X+s.DeltaX), max(0, p.Y+s.DeltaY)
		ex.scrolls[key] = p
		m["x"], m["y"] = p.X, p.Y
		out = append(out, m)
	case chain.Navigate:
		ex.scrolls = nil
		out = append(out, map[string]any{"type": TypeNavigate, "url": s.URL})
	case chain.AssertVisible, chain.AssertValue, chain.AssertText:
		if err := needTarget(); err != nil {
			return nil, err
		}
		m, err := base(TypeWaitForElement)
		if err != nil {
			return nil, err
		}
		m["visible"] = true
		switch s.Action {
		case chain.AssertValue:
			m["properties"] = map[string]any{"value": s.Text}
		case chain.AssertText:
			ex.warn(n, a, "exported as waitForElement: the text %q is not checked", s.Text)
		}
		out = append(out, m)
	case chain.AssertURL:
		out = append(out, map[string]any{"type": TypeWaitForExpression, "expression": "location.href === " + strconv.Quote(s.URL)})
	default:
		return nil, fail("Chrome's recording format has no step for %s", s.Action)
	}
	if s.Navigated != nil && len(out) > 0 && !s.Navigated.SameDocument {
		out[0]["assertedEvents"] = []map[string]any{{"type": "navigation", "url": s.Navigated.URL, "title": ""}}
	}
	return out, nil
}

// offset is where in the target's box the click lands: the recorded
// offset, else the centre of the recorded box, else (1, 1).
func (ex *exporter) offset(n int, a string, s *chain.Step) chain.Point {
	if s.Offset != nil {
		return *s.Offset
	}
	if fp := s.Target.Fingerprint; fp != nil && fp.Box != nil && fp.Box.Width > 0 {
		return chain.Point{X: fp.Box.Width / 2, Y: fp.Box.Height / 2}
	}
	for _, st := range s.Target.Chain {
		if st.Type != chain.Coordinates {
			continue
		}
		if m, err := st.Coordinates(); err == nil && m.BoundingRect != nil {
			return chain.Point{X: m.BoundingRect.Width / 2, Y: m.BoundingRect.Height / 2}
		}
	}
	ex.warn(n, a, "no offset or box recorded; the click lands at (1, 1) inside the element")
	return chain.Point{X: 1, Y: 1}
}

// frames turns a frame path of CSS selectors into Chrome's index path.
func (ex *exporter) frames(n int, a string, path []string) []int {
	var out []int
	for _, sel := range path {
		switch m := nthOfTypeRE.FindStringSubmatch(sel); {
		case m != nil:
			i, _ := strconv.Atoi(m[1])
			out = append(out, max(0, i-1))
		default:
			if strings.TrimSpace(sel) != "iframe" {
				ex.warn(n, a, "frame %q is exported as the first child frame (index 0)", sel)
			}
			out = append(out, 0)
		}
	}
	return out
}
