package chain

import (
	"fmt"
	"maps"
	"math"
	"net/url"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/qa-chain/chainreplay/internal/keys"
)

// Validate checks f against the rules of the format and returns every
// problem, with Field set and Line left 0 (Load fills lines in).
func Validate(f *Flow) []Problem {
	v := &validator{}
	switch {
	case f.Version == 0:
		v.add("version", "is required (this build reads version %d)", Version)
	case f.Version != Version:
		v.add("version", "unknown format version %d (this build reads version %d)", f.Version, Version)
	}
	if f.StartURL != "" {
		if msg := varProblem(f.StartURL); msg != "" {
			v.add("start_url", "%s", msg)
		} else if err := urlWithVars(f.StartURL); err != nil {
			v.add("start_url", "%v", err)
		}
	}
	if f.Viewport != nil {
		v.size("viewport", *f.Viewport)
	}
	if f.DeviceScaleFactor < 0 || f.DeviceScaleFactor > 10 || isNaN(f.DeviceScaleFactor) {
		v.add("device_scale_factor", "%v is outside [0,10]", f.DeviceScaleFactor)
	}
	if f.TimeoutMS < 0 {
		v.add("timeout_ms", "%d must not be negative", f.TimeoutMS)
	}
	for i, a := range f.TestIDAttrs {
		if !attrNameRE.MatchString(a) {
			v.add(fmt.Sprintf("testid_attrs[%d]", i), "%q is not an attribute name", a)
		}
	}
	for i, pg := range f.Pages {
		if i > 0 && pg.URL == "" {
			v.add(fmt.Sprintf("pages[%d].url", i), "is required: replay knows a page it did not start in by its URL")
		}
	}
	v.pages = len(f.Pages)
	for i := range f.Steps {
		v.step(fmt.Sprintf("steps[%d]", i), &f.Steps[i])
	}
	return v.ps
}

var attrNameRE = regexp.MustCompile(`^[A-Za-z_:][-A-Za-z0-9_:.]*$`)

type validator struct {
	ps []Problem
	// pages is how many pages the flow lists.
	pages int
}

func (v *validator) add(field, format string, args ...any) {
	v.ps = append(v.ps, Problem{Field: field, Msg: fmt.Sprintf(format, args...)})
}

func isNaN(f float64) bool { return math.IsNaN(f) || math.IsInf(f, 0) }

func checkURL(s string) error {
	u, err := url.Parse(s)
	if err != nil {
		return fmt.Errorf("%q is not a valid URL", s)
	}
	if u.Scheme == "" {
		return fmt.Errorf("%q is not an absolute URL (it needs a scheme such as http://)", s)
	}
	return nil
}

func (v *validator) size(field string, s Size) {
	if s.Width <= 0 || s.Height <= 0 || s.Width > 100000 || s.Height > 100000 {
		v.add(field, "%dx%d is not a valid size (width and height must be positive)", s.Width, s.Height)
	}
}

func (v *validator) step(p string, s *Step) {
	if s.Include != "" {
		if !reflect.DeepEqual(*s, Step{Include: s.Include, Included: s.Included}) {
			v.add(p+".include", "a step that includes another flow holds no other key")
		}
		if strings.TrimSpace(s.Include) != s.Include {
			v.add(p+".include", "%q has white space around the file name", s.Include)
		}
		return
	}
	if !s.Action.Known() {
		if s.Action == "" {
			v.add(p+".action", "is required")
		} else {
			v.add(p+".action", "unknown action %q (known: %s)", s.Action, joinActions())
		}
		return
	}
	if s.Action.NeedsTarget() && !s.HasTarget() {
		v.add(p+".target.chain", "action %s needs a target with a non-empty chain", s.Action)
	}
	if s.Target != nil {
		v.target(p+".target", s.Target, s.Action.NeedsTarget())
	}
	if n := utf8.RuneCountInString(s.Text); n > MaxTextLen {
		v.add(p+".text", "is %d characters long, the limit is %d", n, MaxTextLen)
	}
	for _, name := range Secrets(s.Text) {
		if !secretNameRE.MatchString(name) {
			v.add(p+".text", "secret name %q must be letters, digits and underscores", name)
		}
	}
	v.vars(p+".text", s.Text)
	v.vars(p+".url", s.URL)
	v.vars(p+".value", s.Value)
	v.vars(p+".label", s.Label)
	for i, f := range s.Files {
		v.vars(fmt.Sprintf("%s.files[%d]", p, i), f)
	}
	if s.Navigated != nil {
		v.vars(p+".navigated.url", s.Navigated.URL)
	}
	if HasVars(s.Key) {
		v.add(p+".key", "a key is a key name; it cannot come from a variable")
	}
	for i, m := range s.Modifiers {
		if _, ok := keys.Modifiers[m]; !ok {
			v.add(fmt.Sprintf("%s.modifiers[%d]", p, i), "unknown modifier %q (known: Alt, Control, Meta, Shift)", m)
		}
	}
	switch s.Button {
	case "", "left", "right", "middle", "back", "forward":
	default:
		v.add(p+".button", "unknown button %q (known: left, right, middle, back, forward)", s.Button)
	}
	if s.DurationMS < 0 {
		v.add(p+".duration_ms", "%d must not be negative", s.DurationMS)
	}
	if s.Page < 0 || (s.Page > 0 && s.Page >= v.pages) {
		v.add(p+".page", "%d names no page of the flow's pages (it lists %d)", s.Page, v.pages)
	}
	v.chromeStep(p, s)
	if s.Offset != nil && (s.Offset.X < 0 || s.Offset.Y < 0 || isNaN(s.Offset.X) || isNaN(s.Offset.Y)) {
		v.add(p+".offset", "(%v, %v) must not be negative", s.Offset.X, s.Offset.Y)
	}
	if s.TimeoutMS < 0 {
		v.add(p+".timeout_ms", "%d must not be negative", s.TimeoutMS)
	}
	if e := s.Effect; e != nil {
		for i, st := range e.State {
			known := false
			for _, k := range EffectStates {
				known = known || k == st
			}
			if !known {
				v.add(fmt.Sprintf("%s.effect.state[%d]", p, i), "%q is not a state a step changes (%s)", st, strings.Join(EffectStates, ", "))
			}
		}
		for _, k := range slices.Sorted(maps.Keys(e.Became)) {
			if !slices.Contains(e.State, k) {
				v.add(fmt.Sprintf("%s.effect.became.%s", p, k), "names no state of effect.state (%s)", strings.Join(e.State, ", "))
			}
			if k == "value" && s.Target != nil && s.Target.Fingerprint != nil && (s.Target.Fingerprint.Tag == "textarea" || s.Target.Fingerprint.Tag == "input" && TextEntry(s.Target.Fingerprint.Type)) {
				v.add(fmt.Sprintf("%s.effect.became.value", p), "a text field's value is what is typed into it, not an effect a step is held to")
			}
		}
		if e.Dialog != "" && e.Dialog != "opened" && e.Dialog != "closed" {
			v.add(p+".effect.dialog", "%q: want opened or closed", e.Dialog)
		}
		switch {
		case e.Added && !e.Content:
			v.add(p+".effect.added", "elements added are elements changed: want content: true beside it")
		case e.Added && e.Removed:
			v.add(p+".effect.added", "a step whose elements were all removed added none: want added or removed, not both")
		}
		if e.Chose && e.Active == "" {
			v.add(p+".effect.chose", "a press chose the item it moved to: want the item, effect.active, beside it")
		}
		if e.Moved != 0 && !e.Chose {
			v.add(p+".effect.moved", "%d: how far a press that chose its item moved; want chose: true beside it", e.Moved)
		}
		if e.MovedRows != 0 && !e.Chose {
			v.add(p+".effect.moved_rows", "%d: how far a press that chose its item moved; want chose: true beside it", e.MovedRows)
		}
		if e.Active != "" {
			role, name, _ := strings.Cut(e.Active, "|")
			switch {
			case s.Action != Press:
				v.add(p+".effect.active", "only a press step moves through a widget's items; this is a %s", s.Action)
			case strings.TrimSpace(role) == "" || strings.TrimSpace(name) == "":
				v.add(p+".effect.active", "%q: want the item as a role strategy names it, \"role|accessible name\"", e.Active)
			case !slices.Contains(ItemRoles, strings.TrimSpace(role)):
				v.add(p+".effect.active", "%q: %q is no role of a widget's item; want one of %s", e.Active, strings.TrimSpace(role), strings.Join(ItemRoles, ", "))
			}
		}
	}
	for i, d := range s.JSDialogs {
		at := fmt.Sprintf("%s.js_dialogs[%d]", p, i)
		if !slices.Contains(JSDialogTypes, d.Type) {
			v.add(at+".type", "%q: want %s", d.Type, strings.Join(JSDialogTypes, ", "))
		}
		if d.Text != "" && d.Type != "prompt" {
			v.add(at+".text", "only a prompt is answered with text; this is a %s", d.Type)
		}
	}
	if s.Navigated != nil {
		if err := urlWithVars(s.Navigated.URL); err != nil {
			v.add(p+".navigated.url", "%v", err)
		}
	}
	switch s.Action {
	case Press:
		if s.Key == "" {
			v.add(p+".key", "action press needs a key")
		} else if !keys.Valid(s.Key) {
			v.add(p+".key", "%q is not a valid DOM key name (e.g. Enter, Tab, Escape, ArrowDown, a)", s.Key)
		}
	case Select:
		if s.Value == "" && s.Label == "" {
			v.add(p+".value", "action select needs a value or a label")
		}
	case Navigate, AssertURL:
		if s.URL == "" {
			v.add(p+".url", "action %s needs a url", s.Action)
		} else if err := urlWithVars(s.URL); err != nil && s.Action == Navigate {
			v.add(p+".url", "%v", err)
		}
	case Upload:
		if len(s.Files) == 0 {
			v.add(p+".files", "action upload needs at least one file")
		}
	case Drag:
		if s.DropTarget == nil || len(s.DropTarget.Chain) == 0 {
			v.add(p+".drop_target.chain", "action drag needs a drop target with a non-empty chain")
		}
	case Scroll:
		if s.DeltaX == 0 && s.DeltaY == 0 && s.To == nil {
			v.add(p+".delta_y", "action scroll needs delta_x or delta_y (or to)")
		}
		if s.To != nil && (s.To.X < 0 || s.To.Y < 0 || isNaN(s.To.X+s.To.Y)) {
			v.add(p+".to", "(%v, %v) must not be negative", s.To.X, s.To.Y)
		}
		if isNaN(s.DeltaX) || isNaN(s.DeltaY) {
			v.add(p+".delta_y", "scroll deltas must be numbers")
		}
	}
	if s.DropTarget != nil {
		v.target(p+".drop_target", s.DropTarget, s.Action == Drag)
	}
}

// vars checks the ${var:NAME} placeholders of a field.
func (v *validator) vars(field, s string) {
	if msg := varProblem(s); msg != "" {
		v.add(field, "%s", msg)
	}
}

func (v *validator) target(p string, t *Target, needed bool) {
	for i, sel := range t.FramePath {
		if strings.TrimSpace(sel) == "" {
			v.add(fmt.Sprintf("%s.frame_path[%d]", p, i), "is empty")
		}
	}
	for i, sel := range t.ShadowPath {
		if strings.TrimSpace(sel) == "" {
			v.add(fmt.Sprintf("%s.shadow_path[%d]", p, i), "is empty")
		}
	}
	for i := range t.Chain {
		v.strategy(fmt.Sprintf("%s.chain[%d]", p, i), &t.Chain[i])
	}
	if fp := t.Fingerprint; fp != nil {
		if b := fp.Box; b != nil && (b.Width < 0 || b.Height < 0 || isNaN(b.X+b.Y+b.Width+b.Height)) {
			v.add(p+".fingerprint.box", "width and height must not be negative")
		}
		if b := fp.ScreenBox; b != nil && (b.Width < 0 || b.Height < 0 || isNaN(b.X+b.Y+b.Width+b.Height)) {
			v.add(p+".fingerprint.screen_box", "width and height must not be negative")
		}
		if fp.KindCount < 0 {
			v.add(p+".fingerprint.kind_count", "%d must not be negative", fp.KindCount)
		}
		if fp.NameCount < 0 {
			v.add(p+".fingerprint.name_count", "%d must not be negative", fp.NameCount)
		}
		if fp.Items < 0 {
			v.add(p+".fingerprint.items", "%d must not be negative", fp.Items)
		}
	}
}

// scoped checks what narrows a strategy's matches: its match mode, tag
// and the strategy it must be within.
func (v *validator) scoped(p string, s *Strategy) {
	if s.Match != "" && s.Match != "contains" {
		v.add(p+".match", "%q: want contains (or nothing, for equal)", s.Match)
	}
	if s.Match != "" && s.Type != Text && s.Type != Role && s.Type != Label {
		v.add(p+".match", "only text, role and label strategies compare by containing")
	}
	if s.Tag != "" && strings.Trim(strings.ToLower(s.Tag), "abcdefghijklmnopqrstuvwxyz0123456789-") != "" {
		v.add(p+".tag", "%q is not an element name", s.Tag)
	}
	if s.Line && (s.Type != Text || !strings.HasSuffix(p, ".within")) {
		v.add(p+".line", "only the text of a within says the row is on its line")
	}
	if s.Under && (s.Type != Text || !strings.HasSuffix(p, ".within")) {
		v.add(p+".under", "only the text of a within says the element is in the rows under it")
	}
	if s.Under && s.Line {
		v.add(p+".under", "a within is the item's line or the rows under it, not both")
	}
	if w := s.Within; w != nil {
		q := p + ".within"
		switch {
		case !w.Type.Known():
			v.add(q+".type", "unknown strategy type %q (known: %s)", w.Type, joinTypes())
		case w.Type == Similarity || w.Type == Coordinates || s.Type == Similarity || s.Type == Coordinates:
			v.add(q+".type", "similarity and coordinates do not take within, nor are within")
		case w.Within != nil:
			v.add(q+".within", "within goes one level deep")
		case w.Type.NeedsValue() && strings.TrimSpace(w.Value) == "":
			v.add(q+".value", "a %s strategy needs a value", w.Type)
		default:
			v.scoped(q, w)
		}
	}
}

func (v *validator) strategy(p string, s *Strategy) {
	if !s.Type.Known() {
		if s.Type == "" {
			v.add(p+".type", "is required")
		} else {
			v.add(p+".type", "unknown strategy type %q (known: %s)", s.Type, joinTypes())
		}
		return
	}
	if s.Confidence < 0 || s.Confidence > 1 || isNaN(s.Confidence) {
		v.add(p+".confidence", "%v is outside [0,1]", s.Confidence)
	}
	if s.Type.NeedsValue() && strings.TrimSpace(s.Value) == "" {
		v.add(p+".value", "a %s strategy needs a value", s.Type)
	}
	if s.Type == Role && s.Value != "" {
		if role, _, _ := strings.Cut(s.Value, "|"); strings.TrimSpace(role) == "" {
			v.add(p+".value", "a role strategy is \"role|accessible name\"; %q has no role", s.Value)
		}
	}
	if s.Of != 0 && (s.Of < 0 || s.Nth == 0 || s.Nth > s.Of) {
		v.add(p+".of", "%d must be at least nth (%d), and comes only with nth", s.Of, s.Nth)
	}
	if s.Nth < 0 {
		v.add(p+".nth", "%d must not be negative", s.Nth)
	}
	v.scoped(p, s)
	v.hosts(p, s)
	if s.Type != Coordinates {
		return
	}
	m, err := s.Coordinates()
	if err != nil {
		v.add(p+".metadata", "%v", err)
		return
	}
	if m.X < 0 || m.Y < 0 || isNaN(m.X) || isNaN(m.Y) {
		v.add(p+".metadata", "coordinates (%v, %v) must not be negative", m.X, m.Y)
	}
	if r := m.BoundingRect; r != nil && (r.Width < 0 || r.Height < 0 || isNaN(r.X+r.Y+r.Width+r.Height)) {
		v.add(p+".metadata.boundingRect", "width and height must not be negative")
	}
	if m.Viewport != nil {
		v.size(p+".metadata.viewport", *m.Viewport)
	}
	if sp := m.ScrollPos; sp != nil && (sp.X < 0 || sp.Y < 0 || isNaN(sp.X+sp.Y)) {
		v.add(p+".metadata.scrollPosition", "(%v, %v) must not be negative", sp.X, sp.Y)
	}
	// A right-to-left container scrolls to negative offsets: only numbers
	// are asked for.
	for i, o := range m.ContainerScroll {
		if isNaN(o.X + o.Y) {
			v.add(fmt.Sprintf("%s.metadata.containerScroll[%d]", p, i), "must be numbers")
		}
	}
}

func joinActions() string {
	s := make([]string, len(Actions))
	for i, a := range Actions {
		s[i] = string(a)
	}
	return strings.Join(s, ", ")
}

func joinTypes() string {
	s := make([]string, len(StrategyTypes))
	for i, t := range StrategyTypes {
		s[i] = string(t)
	}
	return strings.Join(s, ", ")
}
