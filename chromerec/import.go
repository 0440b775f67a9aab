package chromerec

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strings"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/internal/keys"
	"github.com/qa-chain/chainreplay/internal/testid"
)

// ErrNotRecording is returned (wrapped) when the input is not a Chrome
// Recorder JSON user flow.
var ErrNotRecording = errors.New("not a Chrome DevTools Recorder recording")

// recordingFields are the top-level keys Recording reads.
var recordingFields = []string{"title", "timeout", "selectorAttribute", "steps"}

// Import converts a Chrome DevTools Recorder recording (JSON) to a flow.
// It returns a warning for everything it could not carry over exactly
// (nothing is dropped without one); a step it cannot understand is an
// *Error; the result is checked with chain.Validate.
func Import(data []byte) (*chain.Flow, []Warning, error) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, nil, fmt.Errorf("%w: %s", ErrNotRecording, jsonProblem(data, err))
	}
	var rec struct {
		Title             string            `json:"title"`
		Timeout           int               `json:"timeout"`
		SelectorAttribute string            `json:"selectorAttribute"`
		Steps             []json.RawMessage `json:"steps"`
	}
	if err := json.NewDecoder(bytes.NewReader(data)).Decode(&rec); err != nil {
		return nil, nil, fmt.Errorf("%w: %v", ErrNotRecording, err)
	}
	if rec.Steps == nil {
		return nil, nil, fmt.Errorf("%w: it has no \"steps\" array", ErrNotRecording)
	}
	f := &chain.Flow{Version: chain.Version, Name: rec.Title, TimeoutMS: rec.Timeout}
	im := &importer{flow: f}
	if rec.Timeout < 0 {
		im.warn(0, "", "the recording's timeout %d is negative; left out", rec.Timeout)
		f.TimeoutMS = 0
	}
	if a := strings.TrimSpace(rec.SelectorAttribute); a != "" {
		f.TestIDAttrs = []string{a}
	}
	im.testIDs = testid.With(f.TestIDAttrs)
	for k, v := range raw {
		if !slices.Contains(recordingFields, k) {
			im.keepFlow(k, v)
			im.warn(0, "", "the recording's field %q is not read by replay; kept for export", k)
		}
	}
	steps := make([]parsed, 0, len(rec.Steps))
	for i, r := range rec.Steps {
		p, err := parseStep(i+1, r)
		if err != nil {
			return nil, im.warns, err
		}
		steps = append(steps, p)
	}
	if err := im.run(steps); err != nil {
		return nil, im.warns, err
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

// jsonProblem says what is wrong with JSON text data that err, from
// encoding/json, reports, for a person: where a syntax error is (line and
// column), or which field holds what kind of value where another kind is
// expected, in JSON's words, not Go's.
func jsonProblem(data []byte, err error) string {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		// Offset is past the byte that went wrong; columns count
		// characters.
		line, col := 1, 1
		for _, r := range string(data[:max(0, min(int(se.Offset)-1, len(data)))]) {
			if r == '\n' {
				line, col = line+1, 1
			} else {
				col++
			}
		}
		return fmt.Sprintf("invalid JSON at line %d, column %d: %s", line, col, se.Error())
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		field := te.Field
		if field == "" {
			field = "the value"
		} else {
			field = fmt.Sprintf("%q", field)
		}
		return fmt.Sprintf("%s must be %s, not %s", field, jsonKind(te.Type), jsonArticle(te.Value))
	}
	return err.Error()
}

// jsonKind is the JSON kind a Go type is read from, with an article.
func jsonKind(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Slice, reflect.Array:
		if e := t.Elem(); e.Kind() == reflect.Slice || e.Kind() == reflect.Array {
			return "an array of arrays (of " + strings.TrimPrefix(strings.TrimPrefix(jsonKind(e.Elem()), "a "), "an ") + "s)"
		}
		return "an array of " + strings.TrimPrefix(strings.TrimPrefix(jsonKind(t.Elem()), "a "), "an ") + "s"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Map, reflect.Struct:
		return "an object"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Uint, reflect.Uint8,
		reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
		return "a number"
	}
	return "another kind of value"
}

// jsonArticle names a JSON kind as encoding/json reports it ("string",
// "number", "array", "object", "bool") with an article.
func jsonArticle(v string) string {
	switch {
	case v == "array", v == "object":
		return "an " + v
	case v == "bool":
		return "true or false"
	case strings.HasPrefix(v, "number"):
		return "a number"
	}
	return "a " + v
}

// parsed is one step of the recording: its fields, and the fields it has
// that the flow has no key for, verbatim.
type parsed struct {
	n     int
	s     Step
	extra map[string]any
}

func parseStep(n int, data json.RawMessage) (parsed, error) {
	p := parsed{n: n}
	if err := json.Unmarshal(data, &p.s); err != nil {
		var typ struct {
			Type string `json:"type"`
		}
		json.Unmarshal(data, &typ) //nolint:errcheck // only for the message
		return p, &Error{Step: n, Type: typ.Type, Msg: "not a valid step: " + jsonProblem(data, err)}
	}
	var all map[string]any
	if err := json.Unmarshal(data, &all); err != nil {
		return p, &Error{Step: n, Type: p.s.Type, Msg: "a step must be a JSON object"}
	}
	if p.s.Type == "" {
		return p, &Error{Step: n, Msg: "the step has no type"}
	}
	known, ok := stepFields[p.s.Type]
	if !ok {
		return p, &Error{Step: n, Type: p.s.Type, Msg: fmt.Sprintf("unknown step type %q (known: %s)", p.s.Type, stepTypes)}
	}
	for k, v := range all {
		if !slices.Contains(stepFields[""], k) && !slices.Contains(known, k) {
			if p.extra == nil {
				p.extra = map[string]any{}
			}
			p.extra[k] = v
		}
	}
	return p, nil
}

type importer struct {
	flow    *chain.Flow
	warns   []Warning
	testIDs []string
}

func (im *importer) warn(n int, typ, format string, args ...any) {
	im.warns = append(im.warns, Warning{Step: n, Type: typ, Msg: fmt.Sprintf(format, args...)})
}

// keepFlow keeps a recording-level value verbatim in the flow's chrome key.
func (im *importer) keepFlow(k string, v any) {
	if raw, ok := v.(json.RawMessage); ok {
		var x any
		if json.Unmarshal(raw, &x) == nil {
			v = x
		}
	}
	if im.flow.Chrome == nil {
		im.flow.Chrome = map[string]any{}
	}
	im.flow.Chrome[k] = v
}

// The keys of Flow.Chrome that hold the opening steps' fields the flow
// has no key for: the setViewport and navigate a recording opens with,
// which become the flow's viewport and start_url.
const (
	FlowKeySetViewport = "setViewport"
	FlowKeyNavigate    = "navigate"
)

// run imports the steps in order.
func (im *importer) run(steps []parsed) error {
	i := 0
	// The opening setViewport and navigate become the flow's viewport and
	// start URL.
	if i < len(steps) && steps[i].s.Type == TypeSetViewport {
		if err := im.openViewport(&steps[i]); err != nil {
			return err
		}
		i++
	}
	if i < len(steps) && steps[i].s.Type == TypeNavigate && (steps[i].s.Target == "" || steps[i].s.Target == "main") && len(steps[i].s.Frame) == 0 {
		if err := im.openNavigate(&steps[i]); err != nil {
			return err
		}
		i++
	}
	if im.flow.StartURL == "" && flowKept(im.flow, FlowKeyNavigate) == nil {
		im.warn(0, "", "the recording opens no page with a navigate step: replay starts on the page given with replayer --url")
	}
	for i < len(steps) {
		if t := steps[i].s.Type; t == TypeKeyDown || t == TypeKeyUp {
			j := i
			for j < len(steps) && (steps[j].s.Type == TypeKeyDown || steps[j].s.Type == TypeKeyUp) {
				j++
			}
			if err := im.keys(steps[i:j]); err != nil {
				return err
			}
			i = j
			continue
		}
		st, err := im.step(&steps[i])
		if err != nil {
			return err
		}
		if st != nil {
			im.flow.Steps = append(im.flow.Steps, *st)
		}
		i++
	}
	return nil
}

func (im *importer) openViewport(p *parsed) error {
	s := &p.s
	if s.Width <= 0 || s.Height <= 0 {
		return &Error{Step: p.n, Type: s.Type, Msg: "width and height must be positive"}
	}
	f := im.flow
	f.Viewport = &chain.Size{Width: s.Width, Height: s.Height}
	f.DeviceScaleFactor = s.DeviceScaleFactor
	if d := (chain.Device{Mobile: s.IsMobile, Touch: s.HasTouch, Landscape: s.IsLandscape}); !d.Empty() {
		f.Device = &d
	}
	if rest := im.rest(p); len(rest) > 0 {
		im.keepFlow(FlowKeySetViewport, rest)
	}
	return nil
}

func (im *importer) openNavigate(p *parsed) error {
	if p.s.URL == "" {
		return &Error{Step: p.n, Type: p.s.Type, Msg: "navigate needs a url"}
	}
	if !openableURL(p.s.URL) {
		// Puppeteer's parser takes any string; the page.goto would fail.
		// The step is kept whole, url included, and replay starts on the
		// page given with --url.
		rest := im.rest(p)
		rest["url"] = p.s.URL
		im.keepFlow(FlowKeyNavigate, rest)
		im.warn(p.n, p.s.Type, "url %q is not a URL replay can open: the flow has no start_url (replay starts on the page given with replayer --url); the step is kept for export", p.s.URL)
		return nil
	}
	im.flow.StartURL = p.s.URL
	if rest := im.rest(p); len(rest) > 0 {
		im.keepFlow(FlowKeyNavigate, rest)
	}
	return nil
}

// rest is what an opening step says besides its own fields, verbatim.
func (im *importer) rest(p *parsed) map[string]any {
	out := map[string]any{}
	for k, v := range p.extra {
		out[k] = v
	}
	s := &p.s
	if s.Target != "" && s.Target != "main" {
		out["target"] = s.Target
	}
	if len(s.Frame) > 0 {
		out["frame"] = generic(s.Frame)
	}
	if s.Timeout != 0 {
		out["timeout"] = s.Timeout
	}
	if len(s.AssertedEvents) > 0 {
		out["assertedEvents"] = generic(s.AssertedEvents)
	}
	return out
}

// common sets what every step may say: its page, frame, timeout and
// asserted events, and keeps the fields the flow has no key for.
func (im *importer) common(p *parsed, st *chain.Step) error {
	s := &p.s
	if s.Target != "" && s.Target != "main" {
		st.Page = im.page(s.Target)
	}
	if len(s.Frame) > 0 {
		if st.Target == nil {
			st.Target = &chain.Target{}
		}
		st.Target.FramePath = nil
		for i, idx := range s.Frame {
			if idx < 0 {
				return &Error{Step: p.n, Type: s.Type, Msg: fmt.Sprintf("frame[%d] = %d is negative", i, idx)}
			}
			st.Target.FramePath = append(st.Target.FramePath, chain.FrameIndexEntry(idx))
		}
	}
	if s.Timeout > 0 {
		st.TimeoutMS = s.Timeout
	} else if s.Timeout < 0 {
		im.warn(p.n, s.Type, "timeout %d is negative; left out", s.Timeout)
	}
	im.asserted(p, st)
	for k, v := range p.extra {
		if st.Chrome == nil {
			st.Chrome = map[string]any{}
		}
		st.Chrome[k] = v
		im.warn(p.n, s.Type, "field %q is not read by replay; kept for export", k)
	}
	return nil
}

// page is the index in the flow's pages of the page whose URL is u,
// added when it is not listed yet.
func (im *importer) page(u string) int {
	f := im.flow
	for i, pg := range f.Pages {
		if i > 0 && pg.URL == u {
			return i
		}
	}
	if len(f.Pages) == 0 {
		f.Pages = []chain.Page{{}}
	}
	f.Pages = append(f.Pages, chain.Page{URL: u})
	return len(f.Pages) - 1
}

// asserted copies a navigation in assertedEvents to st.Navigated; events
// a Navigation cannot say are kept verbatim.
func (im *importer) asserted(p *parsed, st *chain.Step) {
	evs := p.s.AssertedEvents
	if len(evs) == 0 {
		return
	}
	if len(evs) == 1 && evs[0].Type == "navigation" && evs[0].URL != "" && openableURL(evs[0].URL) {
		st.Navigated = &chain.Navigation{URL: evs[0].URL, Title: evs[0].Title}
		return
	}
	if st.Chrome == nil {
		st.Chrome = map[string]any{}
	}
	st.Chrome["assertedEvents"] = generic(evs)
	im.warn(p.n, p.s.Type, "asserted events %s are kept for export, but replay does not wait for them (it waits for one navigation with a URL)", eventsText(evs))
}

func eventsText(evs []AssertedEvent) string {
	var parts []string
	for _, e := range evs {
		parts = append(parts, fmt.Sprintf("%s %q", e.Type, e.URL))
	}
	return strings.Join(parts, ", ")
}

// step imports one step (not a key step); nil when it became part of the
// flow itself.
func (im *importer) step(p *parsed) (*chain.Step, error) {
	s := &p.s
	fail := func(format string, args ...any) error {
		return &Error{Step: p.n, Type: s.Type, Msg: fmt.Sprintf(format, args...)}
	}
	st := &chain.Step{}
	switch s.Type {
	case TypeSetViewport:
		if s.Width <= 0 || s.Height <= 0 {
			return nil, fail("width and height must be positive")
		}
		st.Action = chain.SetViewport
		st.Viewport = &chain.Viewport{Width: s.Width, Height: s.Height, DeviceScaleFactor: s.DeviceScaleFactor,
			Device: chain.Device{Mobile: s.IsMobile, Touch: s.HasTouch, Landscape: s.IsLandscape}}
	case TypeNavigate:
		if s.URL == "" {
			return nil, fail("navigate needs a url")
		}
		if !openableURL(s.URL) {
			return nil, fail("url %q is not a URL replay can open (an absolute URL that parses)", s.URL)
		}
		st.Action, st.URL = chain.Navigate, s.URL
	case TypeClick, TypeDoubleClick:
		st.Action = chain.Click
		if s.Type == TypeDoubleClick {
			st.Action = chain.DblClick
		}
		if s.OffsetX == nil || s.OffsetY == nil {
			return nil, fail("offsetX and offsetY are required")
		}
		if *s.OffsetX >= 0 && *s.OffsetY >= 0 {
			st.Offset = &chain.Point{X: *s.OffsetX, Y: *s.OffsetY}
		} else {
			st.Chrome = map[string]any{"offsetX": *s.OffsetX, "offsetY": *s.OffsetY}
			im.warn(p.n, s.Type, "offset (%v, %v) lies outside the element: replay clicks its centre (kept for export)", *s.OffsetX, *s.OffsetY)
		}
		switch s.Button {
		case "", "primary":
		case "secondary":
			st.Button = "right"
		case "auxiliary":
			st.Button = "middle"
		case "back", "forward":
			st.Button = s.Button
		default:
			return nil, fail("unknown button %q (known: primary, auxiliary, secondary, back, forward)", s.Button)
		}
		if s.Duration < 0 {
			return nil, fail("duration %d is negative", s.Duration)
		}
		st.DurationMS = s.Duration
		if s.DeviceType != "" {
			if st.Chrome == nil {
				st.Chrome = map[string]any{}
			}
			st.Chrome["deviceType"] = s.DeviceType
			if s.DeviceType != "mouse" {
				im.warn(p.n, s.Type, "deviceType %q: replay clicks with the mouse, as Puppeteer does (kept for export)", s.DeviceType)
			}
		}
	case TypeHover:
		st.Action = chain.Hover
	case TypeChange:
		if s.Value == nil {
			return nil, fail("change needs a value")
		}
		st.Action, st.Text = chain.Type, *s.Value
		if isSelect(s.Selectors) {
			st.Action, st.Text, st.Value = chain.Select, "", *s.Value
		}
	case TypeScroll:
		st.Action = chain.Scroll
		to := chain.Point{}
		if s.X != nil {
			to.X = *s.X
		}
		if s.Y != nil {
			to.Y = *s.Y
		}
		st.To = &to
	case TypeWaitForElement:
		st.Action = chain.WaitElement
		e := &chain.Expect{Count: s.Count, Operator: s.Operator, Attributes: s.Attributes, Properties: s.Properties}
		if s.Visible != nil && !*s.Visible {
			e.Gone = true
		}
		if e.Count != nil || e.Operator != "" || e.Gone || len(e.Attributes) > 0 || len(e.Properties) > 0 {
			st.Expect = e
		}
	case TypeWaitForExpression:
		if strings.TrimSpace(s.Expression) == "" {
			return nil, fail("waitForExpression needs an expression")
		}
		st.Action, st.Expression = chain.WaitExpression, s.Expression
	case TypeClose:
		st.Action = chain.Close
	case TypeCustomStep:
		st.Action = chain.Custom
		st.Chrome = map[string]any{"name": s.Name}
		if s.Parameters != nil {
			st.Chrome["parameters"] = s.Parameters
		}
		im.warn(p.n, s.Type, "custom step %q is not run by replay (only a Puppeteer extension that defines it runs it); it is kept for export and passes with a note", s.Name)
	case TypeEmulateNetworkConditions:
		if s.Download == nil || s.Upload == nil || s.Latency == nil {
			return nil, fail("emulateNetworkConditions needs download, upload and latency")
		}
		st.Action = chain.EmulateNetwork
		st.Network = &chain.Network{Download: *s.Download, Upload: *s.Upload, Latency: *s.Latency}
	}
	if len(s.Selectors) > 0 {
		t, err := im.target(p)
		if err != nil {
			return nil, err
		}
		st.Target = t
	} else if needsSelectors(s.Type) {
		return nil, fail("selectors are required")
	}
	if err := im.common(p, st); err != nil {
		return nil, err
	}
	return st, nil
}

func needsSelectors(typ string) bool {
	switch typ {
	case TypeClick, TypeDoubleClick, TypeHover, TypeChange, TypeWaitForElement:
		return true
	}
	return false
}

// openableURL reports whether a flow may hold u as a URL to open or to
// expect (chain.Validate accepts it): an absolute URL that parses.
// Puppeteer's parser takes any string, so a recording may hold a
// placeholder ("https://localhost:<port>/") where a URL belongs.
func openableURL(u string) bool {
	return u != "" && len(chain.Validate(&chain.Flow{Version: chain.Version, StartURL: u})) == 0
}

// target builds the step's target: a strategy per selector, in the order
// written (replay orders them by confidence; export writes them back in
// this order).
func (im *importer) target(p *parsed) (*chain.Target, error) {
	t := &chain.Target{}
	attrs := map[string]string{}
	for _, sel := range p.s.Selectors {
		st, err := selectorStrategy(sel, im.testIDs, attrs)
		if err != nil {
			return nil, &Error{Step: p.n, Type: p.s.Type, Msg: err.Error()}
		}
		for _, part := range sel {
			if why := unbalanced(part); why != "" && !strings.HasPrefix(part, PrefixText) && !strings.HasPrefix(part, PrefixAria) { // a text or a name is literal
				im.warn(p.n, p.s.Type, "the selector %q is not well formed (%s): it matches nothing", part, why)
			}
		}
		t.Chain = append(t.Chain, st)
	}
	if len(attrs) > 0 {
		t.Fingerprint = &chain.Fingerprint{TestIDs: map[string]string{}}
		vals := make([]string, 0, len(attrs))
		for v := range attrs {
			vals = append(vals, v)
		}
		sort.Strings(vals)
		for _, v := range vals {
			t.Fingerprint.TestIDs[attrs[v]] = v
		}
	}
	return t, nil
}

// keys imports a run of keyDown and keyUp steps: each group written as
// press writes it (modifiers down in order, the key down and up, the
// modifiers up in reverse) becomes a press; any other becomes key_down
// and key_up steps, one per step.
func (im *importer) keys(run []parsed) error {
	for _, p := range run {
		if p.s.Key == "" {
			return &Error{Step: p.n, Type: p.s.Type, Msg: "key is required"}
		}
		if !keys.Valid(p.s.Key) {
			return &Error{Step: p.n, Type: p.s.Type, Msg: fmt.Sprintf("%q is not a key this project knows", p.s.Key)}
		}
	}
	for i := 0; i < len(run); {
		if n, st := pressAt(run[i:]); n > 0 {
			key := &run[i+n/2-1]
			if err := im.common(key, st); err != nil {
				return err
			}
			im.flow.Steps = append(im.flow.Steps, *st)
			i += n
			continue
		}
		p := &run[i]
		st := &chain.Step{Action: chain.KeyDown, Key: p.s.Key}
		if p.s.Type == TypeKeyUp {
			st.Action = chain.KeyUp
		}
		if err := im.common(p, st); err != nil {
			return err
		}
		im.flow.Steps = append(im.flow.Steps, *st)
		i++
	}
	return nil
}

// pressAt reads a press at the start of run: how many steps it takes (0
// when run does not start with one) and the press. Only the key's own
// keyDown may carry a timeout, asserted events or a frame; every step must
// be in the same page.
func pressAt(run []parsed) (int, *chain.Step) {
	var mods []string
	i := 0
	for i < len(run) && run[i].s.Type == TypeKeyDown && isModifier(run[i].s.Key) && !slices.Contains(mods, run[i].s.Key) {
		// A modifier down followed by its own up is a press of the modifier.
		if i+1 < len(run) && run[i+1].s.Type == TypeKeyUp && run[i+1].s.Key == run[i].s.Key {
			break
		}
		mods = append(mods, run[i].s.Key)
		i++
	}
	n := i + 2 + len(mods)
	if n > len(run) {
		return 0, nil
	}
	down, up := run[i], run[i+1]
	if down.s.Type != TypeKeyDown || up.s.Type != TypeKeyUp || down.s.Key != up.s.Key || slices.Contains(mods, down.s.Key) {
		return 0, nil
	}
	for k := range mods {
		u := run[i+2+k]
		if u.s.Type != TypeKeyUp || u.s.Key != mods[len(mods)-1-k] {
			return 0, nil
		}
	}
	for k := 0; k < n; k++ {
		p := run[k]
		if p.s.Target != down.s.Target || len(p.extra) > 0 {
			return 0, nil
		}
		if k != i && (p.s.Timeout != 0 || len(p.s.AssertedEvents) > 0 || len(p.s.Frame) > 0) {
			return 0, nil
		}
	}
	return n, &chain.Step{Action: chain.Press, Key: down.s.Key, Modifiers: mods}
}

func isModifier(k string) bool {
	_, ok := keys.Modifiers[k]
	return ok
}

// isSelect reports whether a selector says its element is a <select>.
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

// generic is v as JSON reads it back (maps, slices, float64): what a flow
// keeps verbatim, written to YAML and read again unchanged.
func generic(v any) any {
	b, err := json.Marshal(v)
	if err != nil {
		return v
	}
	var out any
	if json.Unmarshal(b, &out) != nil {
		return v
	}
	return out
}
