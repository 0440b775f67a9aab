package chromerec

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/internal/testid"
)

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
	ex := &exporter{flow: f, testIDs: testid.With(f.TestIDAttrs)}
	var steps []obj
	if vp := f.Viewport; vp != nil {
		dsf := f.DeviceScaleFactor
		if dsf <= 0 {
			dsf = 1
		}
		d := chain.Device{}
		if f.Device != nil {
			d = *f.Device
		}
		o := obj{{"type", TypeSetViewport}, {"width", vp.Width}, {"height", vp.Height}, {"deviceScaleFactor", dsf},
			{"isMobile", d.Mobile}, {"hasTouch", d.Touch}, {"isLandscape", d.Landscape}}
		steps = append(steps, o.with(flowKept(f, FlowKeySetViewport)))
		stepOf = append(stepOf, 0)
	}
	if nav := flowKept(f, FlowKeyNavigate); f.StartURL != "" {
		o := obj{{"type", TypeNavigate}, {"url", f.StartURL}}
		steps = append(steps, o.with(nav))
		stepOf = append(stepOf, 0)
	} else if u, ok := nav["url"].(string); ok {
		// An opening navigate whose url replay cannot open, kept whole.
		o := obj{{"type", TypeNavigate}, {"url", u}}
		steps = append(steps, o.with(nav))
		stepOf = append(stepOf, 0)
	}
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
	rec := obj{{"title", title}}
	if f.TimeoutMS > 0 {
		rec = append(rec, kv{"timeout", f.TimeoutMS})
	}
	if len(f.TestIDAttrs) > 0 {
		rec = append(rec, kv{"selectorAttribute", f.TestIDAttrs[0]})
		if len(f.TestIDAttrs) > 1 {
			ex.warn(0, "", "Chrome's format has one selectorAttribute: %v are not written", f.TestIDAttrs[1:])
		}
	}
	var extra []string
	for k := range f.Chrome {
		if k != FlowKeySetViewport && k != FlowKeyNavigate {
			extra = append(extra, k)
		}
	}
	sort.Strings(extra)
	for _, k := range extra {
		rec = append(rec, kv{k, f.Chrome[k]})
	}
	if steps == nil {
		steps = []obj{}
	}
	rec = append(rec, kv{"steps", steps})
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(rec); err != nil {
		return nil, nil, ex.warns, fmt.Errorf("export: %w", err)
	}
	return buf.Bytes(), stepOf, ex.warns, nil
}

// flowKept is what the flow kept verbatim of an opening step (key).
func flowKept(f *chain.Flow, key string) map[string]any {
	m, _ := f.Chrome[key].(map[string]any)
	return m
}

// kv is one field of a JSON object.
type kv struct {
	k string
	v any
}

// obj is a JSON object that keeps its fields in order (Chrome's order:
// type first).
type obj []kv

// MarshalJSON writes o's fields in order.
func (o obj) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, f := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(f.k)
		b.Write(k)
		b.WriteByte(':')
		var vb bytes.Buffer
		enc := json.NewEncoder(&vb)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(f.v); err != nil {
			return nil, err
		}
		b.Write(bytes.TrimRight(vb.Bytes(), "\n"))
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

func (o obj) get(k string) (any, bool) {
	for _, f := range o {
		if f.k == k {
			return f.v, true
		}
	}
	return nil, false
}

// set sets k, in place when o has it.
func (o obj) set(k string, v any) obj {
	for i := range o {
		if o[i].k == k {
			o[i].v = v
			return o
		}
	}
	return append(o, kv{k, v})
}

// with adds the fields of m that o lacks, sorted by name.
func (o obj) with(m map[string]any) obj {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if _, ok := o.get(k); !ok {
			o = append(o, kv{k, m[k]})
		}
	}
	return o
}

type exporter struct {
	flow    *chain.Flow
	testIDs []string
	warns   []Warning
	scrolls map[string]chain.Point
}

func (ex *exporter) warn(n int, typ, format string, args ...any) {
	ex.warns = append(ex.warns, Warning{Step: n, Type: typ, Msg: fmt.Sprintf(format, args...)})
}

// chromeKeys are the keys of Step.Chrome that export reads itself rather
// than copy.
var chromeKeys = map[string]bool{"deviceType": true, "offsetX": true, "offsetY": true, "name": true, "parameters": true, "assertedEvents": true}

func (ex *exporter) step(n int, s *chain.Step) ([]obj, error) {
	a := string(s.Action)
	if len(s.JSDialogs) > 0 {
		kinds := make([]string, len(s.JSDialogs))
		for i, d := range s.JSDialogs {
			kinds[i] = d.Type
		}
		ex.warn(n, a, "the answers to its dialogs (%s) are not written: Chrome's format has no dialog step, and a replay of it leaves them unanswered", strings.Join(kinds, ", "))
	}
	fail := func(format string, args ...any) error {
		return &Error{Step: n, Type: a, Msg: fmt.Sprintf(format, args...)}
	}
	// head is a step's type, page and frame; sels adds its selectors.
	head := func(typ string) obj {
		o := obj{{"type", typ}}
		if s.Page > 0 && s.Page < len(ex.flow.Pages) {
			o = append(o, kv{"target", ex.flow.Pages[s.Page].URL})
		}
		if s.Target != nil && len(s.Target.FramePath) > 0 {
			o = append(o, kv{"frame", ex.frames(n, a, s.Target.FramePath)})
		}
		return o
	}
	sels := func(o obj) (obj, error) {
		if !s.HasTarget() {
			return nil, fail("the step has no target")
		}
		ss, skipped := ex.selectors(s.Target)
		if len(skipped) > 0 {
			ex.warn(n, a, "left out: %s", strings.Join(skipped, "; "))
		}
		if len(ss) == 0 {
			return nil, fail("no strategy of the chain has a Chrome selector (coordinates and similarity have none)")
		}
		return append(o, kv{"selectors", ss}), nil
	}
	// tail adds what every step may carry: its timeout, asserted events
	// and the fields kept verbatim.
	tail := func(o obj) obj {
		if s.TimeoutMS > 0 {
			o = append(o, kv{"timeout", s.TimeoutMS})
		}
		if nav := s.Navigated; nav != nil && nav.Page && s.Target != nil && len(s.Target.FramePath) > 0 {
			ex.warn(n, a, "the page's navigation to %s is not asserted: Chrome waits for a navigation of the step's frame", nav.URL)
		} else if nav != nil && !nav.SameDocument {
			o = append(o, kv{"assertedEvents", []obj{{{"type", "navigation"}, {"url", nav.URL}, {"title", nav.Title}}}})
		} else if ev, ok := s.Chrome["assertedEvents"]; ok {
			o = append(o, kv{"assertedEvents", ev})
		} else if nav != nil {
			ex.warn(n, a, "the same-document navigation to %s is not asserted: Chrome's navigation event is a new document", nav.URL)
		}
		rest := map[string]any{}
		for k, v := range s.Chrome {
			if !chromeKeys[k] {
				rest[k] = v
			}
		}
		return o.with(rest)
	}
	var out []obj
	switch s.Action {
	case chain.Click, chain.DblClick, chain.Check, chain.Uncheck:
		typ := TypeClick
		if s.Action == chain.DblClick {
			typ = TypeDoubleClick
		}
		if s.Action == chain.Check || s.Action == chain.Uncheck {
			ex.warn(n, a, "exported as a click: Chrome's format cannot say which state is wanted")
		}
		o, err := sels(head(typ))
		if err != nil {
			return nil, err
		}
		off := ex.offset(n, a, s)
		o = append(o, kv{"offsetX", off.X}, kv{"offsetY", off.Y})
		switch s.Button {
		case "right":
			o = append(o, kv{"button", "secondary"})
		case "middle":
			o = append(o, kv{"button", "auxiliary"})
		case "back", "forward":
			o = append(o, kv{"button", s.Button})
		}
		if dt, ok := s.Chrome["deviceType"]; ok {
			o = append(o, kv{"deviceType", dt})
		}
		if s.DurationMS > 0 {
			o = append(o, kv{"duration", s.DurationMS})
		}
		if len(s.Modifiers) > 0 {
			ex.warn(n, a, "modifiers %v held during the click are not exported", s.Modifiers)
		}
		out = append(out, tail(o))
	case chain.Hover:
		o, err := sels(head(TypeHover))
		if err != nil {
			return nil, err
		}
		out = append(out, tail(o))
	case chain.Type, chain.Select:
		o, err := sels(head(TypeChange))
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
		o = append(o, kv{"value", value})
		out = append(out, tail(o))
		if enter {
			out = append(out, obj{{"type", TypeKeyDown}, {"key", "Enter"}}, obj{{"type", TypeKeyUp}, {"key", "Enter"}})
		}
	case chain.Press:
		key := func(typ, k string) obj {
			o := obj{{"type", typ}}
			if s.Page > 0 && s.Page < len(ex.flow.Pages) {
				o = append(o, kv{"target", ex.flow.Pages[s.Page].URL})
			}
			return append(o, kv{"key", k})
		}
		for _, mod := range s.Modifiers {
			out = append(out, key(TypeKeyDown, mod))
		}
		down := head(TypeKeyDown)
		down = append(down, kv{"key", s.Key})
		out = append(out, tail(down), key(TypeKeyUp, s.Key))
		for i := len(s.Modifiers) - 1; i >= 0; i-- {
			out = append(out, key(TypeKeyUp, s.Modifiers[i]))
		}
		if s.HasTarget() {
			ex.warn(n, a, "Chrome presses keys in the focused element; the target is not exported")
		}
	case chain.KeyDown, chain.KeyUp:
		typ := TypeKeyDown
		if s.Action == chain.KeyUp {
			typ = TypeKeyUp
		}
		o := head(typ)
		out = append(out, tail(append(o, kv{"key", s.Key})))
	case chain.Scroll:
		o := head(TypeScroll)
		if s.HasTarget() {
			var err error
			if o, err = sels(o); err != nil {
				return nil, err
			}
		}
		if s.To != nil {
			o = append(o, kv{"x", s.To.X}, kv{"y", s.To.Y})
		} else {
			key := ""
			if v, ok := o.get("selectors"); ok {
				f, _ := o.get("frame")
				key = fmt.Sprint(f, v)
			}
			if ex.scrolls == nil {
				ex.scrolls = map[string]chain.Point{}
			}
			p := ex.scrolls[key]
			p.X, p.Y = max(0, p.X+s.DeltaX), max(0, p.Y+s.DeltaY)
			ex.scrolls[key] = p
			o = append(o, kv{"x", p.X}, kv{"y", p.Y})
		}
		out = append(out, tail(o))
	case chain.Navigate:
		ex.scrolls = nil
		o := head(TypeNavigate)
		out = append(out, tail(append(o, kv{"url", s.URL})))
	case chain.AssertVisible, chain.AssertValue, chain.AssertText:
		o, err := sels(head(TypeWaitForElement))
		if err != nil {
			return nil, err
		}
		o = append(o, kv{"visible", true})
		switch s.Action {
		case chain.AssertValue:
			o = append(o, kv{"properties", map[string]any{"value": s.Text}})
		case chain.AssertText:
			ex.warn(n, a, "exported as waitForElement: the text %q is not checked", s.Text)
		}
		out = append(out, tail(o))
	case chain.AssertURL:
		o := head(TypeWaitForExpression)
		out = append(out, tail(append(o, kv{"expression", "location.href === " + strconv.Quote(s.URL)})))
	case chain.WaitElement:
		o, err := sels(head(TypeWaitForElement))
		if err != nil {
			return nil, err
		}
		if e := s.Expect; e != nil {
			if e.Operator != "" {
				o = append(o, kv{"operator", e.Operator})
			}
			if e.Count != nil {
				o = append(o, kv{"count", *e.Count})
			}
			if e.Gone {
				o = append(o, kv{"visible", false})
			}
			if len(e.Attributes) > 0 {
				o = append(o, kv{"attributes", e.Attributes})
			}
			if len(e.Properties) > 0 {
				o = append(o, kv{"properties", e.Properties})
			}
		}
		out = append(out, tail(o))
	case chain.WaitExpression:
		o := head(TypeWaitForExpression)
		out = append(out, tail(append(o, kv{"expression", s.Expression})))
	case chain.EmulateNetwork:
		if s.Network == nil {
			return nil, fail("the step has no network")
		}
		o := head(TypeEmulateNetworkConditions)
		o = append(o, kv{"download", s.Network.Download}, kv{"upload", s.Network.Upload}, kv{"latency", s.Network.Latency})
		out = append(out, tail(o))
	case chain.SetViewport:
		v := s.Viewport
		if v == nil {
			return nil, fail("the step has no viewport")
		}
		dsf := v.DeviceScaleFactor
		if dsf <= 0 {
			dsf = 1
		}
		o := head(TypeSetViewport)
		o = append(o, kv{"width", v.Width}, kv{"height", v.Height}, kv{"deviceScaleFactor", dsf},
			kv{"isMobile", v.Mobile}, kv{"hasTouch", v.Touch}, kv{"isLandscape", v.Landscape})
		out = append(out, tail(o))
	case chain.Close:
		out = append(out, tail(head(TypeClose)))
	case chain.Custom:
		o := head(TypeCustomStep)
		name, _ := s.Chrome["name"].(string)
		o = append(o, kv{"name", name})
		if p, ok := s.Chrome["parameters"]; ok {
			o = append(o, kv{"parameters", p})
		} else {
			o = append(o, kv{"parameters", map[string]any{}})
		}
		out = append(out, tail(o))
	default:
		return nil, fail("Chrome's recording format has no step for %s", s.Action)
	}
	return out, nil
}

// selectors turns a target's chain into Chrome selectors, in the chain's
// order: the selector each strategy was imported from when it still reads
// as the strategy, else the one that means what it means to Puppeteer.
// Strategies with no Chrome equivalent are left out and named in skipped.
func (ex *exporter) selectors(t *chain.Target) (sels []Selector, skipped []string) {
	seen := map[string]bool{}
	attrOf := func(v string) string {
		if fp := t.Fingerprint; fp != nil {
			for _, a := range ex.testIDs {
				if fp.TestIDs[a] == v {
					return a
				}
			}
			for a, x := range fp.TestIDs {
				if x == v {
					return a
				}
			}
		}
		if len(ex.flow.TestIDAttrs) > 0 {
			return ex.flow.TestIDAttrs[0]
		}
		return ""
	}
	for _, st := range t.Chain {
		if kept, ok := keptSelector(st, ex.testIDs); ok {
			sels = append(sels, kept)
			seen[strings.Join(kept, "\x00")] = true
			continue
		}
		sel, ok := canonical(st, attrOf)
		if !ok {
			switch {
			case st.Within != nil:
				skipped = append(skipped, fmt.Sprintf("%s %q only inside another element, which Chrome selectors cannot say", st.Type, st.Value))
			case st.Nth > 0:
				skipped = append(skipped, fmt.Sprintf("%s %q picks match %d, which Chrome selectors cannot say", st.Type, st.Value, st.Nth))
			case st.Type == chain.Text && st.Tag != "":
				skipped = append(skipped, fmt.Sprintf("text %q names the %s around an element that reads it whole; text/ would name that element", st.Value, st.Tag))
			case st.Type == chain.Role:
				skipped = append(skipped, fmt.Sprintf("role %q has no accessible name", st.Value))
			default:
				skipped = append(skipped, fmt.Sprintf("%s (no Chrome selector)", st.Type))
			}
			continue
		}
		if len(t.ShadowPath) > 0 && len(st.Hosts) == 0 && !piercing(sel[0]) {
			sel = append(append(Selector{}, t.ShadowPath...), sel...)
		}
		key := strings.Join(sel, "\x00")
		if seen[key] {
			continue
		}
		seen[key] = true
		sels = append(sels, sel)
	}
	return sels, skipped
}

// piercing reports whether a selector part finds its element through
// shadow roots by itself (aria, text and pierce selectors do).
func piercing(part string) bool {
	return strings.HasPrefix(part, PrefixAria) || strings.HasPrefix(part, PrefixText) || strings.HasPrefix(part, PrefixPierce)
}

// offset is where in the target's box the click lands: the recorded
// offset, else the offset kept from the recording, else the centre of
// the recorded box, else (1, 1).
func (ex *exporter) offset(n int, a string, s *chain.Step) chain.Point {
	if s.Offset != nil {
		return *s.Offset
	}
	if x, ok := number(s.Chrome["offsetX"]); ok {
		if y, ok := number(s.Chrome["offsetY"]); ok {
			return chain.Point{X: x, Y: y}
		}
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

// frames turns a frame path into Chrome's index path: a frame index as it
// is, a CSS selector by the index its nth-of-type gives (0 else).
func (ex *exporter) frames(n int, a string, path []string) []int {
	out := []int{}
	for _, sel := range path {
		if i, ok := chain.FrameIndex(sel); ok {
			out = append(out, i)
			continue
		}
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

// number reads a number kept verbatim: a float64 from JSON, an int once
// it went through a flow file.
func number(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case int:
		return float64(x), true
	case int64:
		return float64(x), true
	case uint64:
		return float64(x), true
	}
	return 0, false
}
