package recorder

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/qa-chain/chainreplay/chain"
)

// Signal names one identifying signal of an element; each becomes a strategy.
type Signal string

// The signals, in the order of Playwright's locator ranking (see the package
// documentation for the table and its reasons).
const (
	SigTestID      Signal = "testid"
	SigRole        Signal = "role"
	SigScoped      Signal = "scoped"
	SigPlaceholder Signal = "placeholder"
	SigLabel       Signal = "label"
	SigAlt         Signal = "alt"
	SigText        Signal = "text"
	SigTitle       Signal = "title"
	SigID          Signal = "id"
	SigName        Signal = "name"
	SigCSS         Signal = "css"
	SigCSSPath     Signal = "css-positional"
	SigXPath       Signal = "xpath"
	SigXPathPath   Signal = "xpath-positional"
	SigSimilarity  Signal = "similarity"
	SigCoordinates Signal = "coordinates"
)

// BaseConfidence is the confidence of each signal's strategy when it matched
// exactly the target at record time. The package doc explains the numbers.
var BaseConfidence = map[Signal]float64{
	SigTestID:      0.97,
	SigRole:        0.92,
	SigScoped:      0.90,
	SigPlaceholder: 0.88,
	SigLabel:       0.87,
	SigAlt:         0.84,
	SigText:        0.82,
	SigTitle:       0.78,
	SigID:          0.76,
	SigName:        0.74,
	SigCSS:         0.72,
	SigCSSPath:     0.67,
	SigXPath:       0.70,
	SigXPathPath:   0.64,
	SigSimilarity:  0.62,
	SigCoordinates: 0.60,
}

// NonUniqueFactor scales the confidence of a strategy that matched several
// elements at record time (it then carries an nth); NonUniqueFloor keeps it
// above similarity and coordinates, which must stay last.
const (
	NonUniqueFactor = 0.8
	UnknownFactor   = 0.85
	NonUniqueFloor  = 0.63
)

// generic roles say nothing about an element. Element.Role is a WAI-ARIA
// role (strategies.ARIARole), so Chromium's own roles arrive as "".
var genericRoles = map[string]bool{"": true, "generic": true, "none": true, "presentation": true,
	"paragraph": true, "group": true}

// BuildChain returns the target's fallback chain: one strategy per signal
// that found the target at record time, highest confidence first,
// coordinates last. point is where the pointer was (top viewport CSS
// pixels); nil means the centre of the element's box.
func BuildChain(e *Element, point *chain.Point) []chain.Strategy {
	d := &e.Desc
	var out []chain.Strategy
	addStrategy := func(s chain.Strategy, sig Signal, c Count, known bool) {
		s.Value = strings.TrimSpace(s.Value)
		if s.Value == "" {
			return
		}
		conf := BaseConfidence[sig]
		if e.Fallback {
			known = false
		}
		switch {
		case known && c.N >= 1 && c.I == 0:
			return // it does not find the target: useless
		case known && c.Unique():
		case known && c.N > 1:
			s.Nth, s.Of = c.I, c.N
			conf = math.Max(conf*NonUniqueFactor, NonUniqueFloor)
		default:
			conf = math.Max(conf*UnknownFactor, NonUniqueFloor)
		}
		s.Confidence = round2(conf)
		for _, o := range out {
			if o.Type == s.Type && o.Value == s.Value && (o.Within == nil) == (s.Within == nil) && len(o.Hosts) == len(s.Hosts) {
				return
			}
		}
		out = append(out, s)
	}
	add := func(t chain.StrategyType, sig Signal, value string, c Count, known bool) {
		addStrategy(chain.Strategy{Type: t, Value: value}, sig, c, known)
	}
	count := func(k string) (Count, bool) { c, ok := d.Counts[k]; return c, ok }

	// A test id strategy matches its value in any test id attribute
	// (pagemodel.Options.TestIDAttrs): one per distinct value.
	keys := make([]string, 0, len(d.TestIDs))
	for k := range d.TestIDs {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, attr := range keys {
		v := d.TestIDs[attr]
		c, ok := count("testid:" + v)
		add(chain.TestID, SigTestID, v, c, ok)
	}
	// A name of white space alone (a no-break space: Ant Design's row
	// checkboxes) names nothing.
	if e.Role != "" && !genericRoles[e.Role] && strings.TrimSpace(e.Name) != "" {
		add(chain.Role, SigRole, e.Role+"|"+e.Name, e.RoleCount, e.RoleCountKnown)
	}
	// A control in an item of a list (a row's Delete button, the open
	// operation's "Try it out") or repeated in every section (each
	// accordion's "Item 3"): the item named by its own text, or the
	// section by its heading, and the control in it (pagemodel's scopeOf
	// proposes it).
	if sc := d.Scope; sc != nil && sc.Text != "" {
		s := chain.Strategy{Type: chain.CSS, Value: sc.Inner.Value}
		if sc.Inner.Type == "role" {
			s = chain.Strategy{Type: chain.Role, Value: sc.Inner.Role + "|" + sc.Inner.Value}
		}
		s.Within = &chain.Strategy{Type: chain.Text, Value: sc.Text, Match: sc.Match, Tag: sc.Tag, Also: sc.Also, Beside: sc.Beside, Line: sc.Line, Under: sc.Under}
		switch sc.By {
		case "label":
			s.Within = &chain.Strategy{Type: chain.Label, Value: sc.Text}
		case "img":
			s.Within = &chain.Strategy{Type: chain.Role, Value: "img|" + sc.Text}
		}
		addStrategy(s, SigScoped, Count{N: sc.N, I: sc.I}, true)
	}
	if d.Placeholder != "" {
		c, ok := count("placeholder")
		add(chain.Placeholder, SigPlaceholder, d.Placeholder, c, ok)
	}
	if lab := firstNonEmpty(d.Label, d.AriaLabel); strings.TrimSpace(lab) != "" {
		c, ok := count("label")
		add(chain.Label, SigLabel, lab, c, ok)
	}
	if d.Alt != "" {
		c, ok := count("alt")
		add(chain.CSS, SigAlt, fmt.Sprintf(`[alt="%s"]`, cssString(d.Alt)), c, ok)
	}
	if strings.TrimSpace(d.TextValue) != "" {
		// A text a child reads whole (a row's, its label's) names the
		// element only with its tag: without it the text names the
		// child, as Chrome's text/ selector does.
		c, ok := count("text")
		s := chain.Strategy{Type: chain.Text, Value: d.TextValue}
		if d.TextInChild {
			s.Tag = d.Tag
		}
		addStrategy(s, SigText, c, ok)
	}
	if d.Title != "" {
		c, ok := count("title")
		add(chain.CSS, SigTitle, fmt.Sprintf(`[title="%s"]`, cssString(d.Title)), c, ok)
	}
	if d.ID != "" && !IsGeneratedID(d.ID) {
		c, ok := count("id")
		add(chain.ID, SigID, d.ID, c, ok)
	}
	if d.Name != "" && !IsGeneratedID(d.Name) { // a name generated as ids are ("el-id-4052-1")
		c, ok := count("name")
		add(chain.Name, SigName, d.Name, c, ok)
	}
	if d.CSS != "" {
		sig := SigCSS
		if d.CSSPositional {
			sig = SigCSSPath
		}
		// Verified unique in its document by describe, or in its own
		// shadow root and reached through its hosts.
		s := chain.Strategy{Type: chain.CSS, Value: d.CSS}
		for _, h := range d.CSSHosts {
			s.Hosts = append(s.Hosts, chain.Strategy{Type: chain.CSS, Value: h})
		}
		addStrategy(s, sig, Count{N: 1, I: 1}, true)
	}
	if d.XPath != "" {
		sig := SigXPath
		if d.XPathPositional {
			sig = SigXPathPath
		}
		add(chain.XPath, sig, d.XPath, Count{N: 1, I: 1}, true)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Confidence > out[j].Confidence })
	if !e.Fallback {
		out = append(out, chain.Strategy{Type: chain.Similarity, Confidence: BaseConfidence[SigSimilarity]})
	}
	out = append(out, chain.CoordinatesStrategy(coordinatesMeta(e, point), BaseConfidence[SigCoordinates]))
	return out
}

func coordinatesMeta(e *Element, point *chain.Point) chain.CoordinatesMeta {
	r := e.TopRect()
	p := r.Center()
	if point != nil {
		p = *point
	}
	m := chain.CoordinatesMeta{
		X: round2(math.Max(p.X, 0)), Y: round2(math.Max(p.Y, 0)),
		BoundingRect:     &chain.Rect{X: round2(r.X), Y: round2(r.Y), Width: round2(r.Width), Height: round2(r.Height)},
		TagName:          e.Desc.Tag,
		DevicePixelRatio: e.DPR,
	}
	if e.Viewport.Width > 0 {
		v := e.Viewport
		m.Viewport = &v
	}
	sp := e.Scroll
	m.ScrollPos = &sp
	m.Fixed = e.Desc.Fixed && len(e.FramePath) == 0
	for _, o := range e.Desc.Scrollers {
		m.ContainerScroll = append(m.ContainerScroll, chain.Point{X: o[0], Y: o[1]})
	}
	if !IsGeneratedID(e.Desc.ID) {
		m.ElementID = e.Desc.ID
	}
	for _, c := range e.Desc.Classes {
		if !IsGeneratedClass(c) && !IsStateClass(c) {
			m.ClassList = append(m.ClassList, c)
		}
	}
	return m
}

// BuildFingerprint returns everything captured about the element. A
// secret field's value is never in it.
func BuildFingerprint(e *Element) *chain.Fingerprint {
	d := &e.Desc
	fp := &chain.Fingerprint{
		Tag: d.Tag, ID: d.ID, Name: d.Name, Type: d.Type, Role: e.Role, AccessName: e.Name,
		Text: d.Text, Label: d.Label, Placeholder: d.Placeholder, Title: d.Title, Alt: d.Alt,
		AriaLabel: d.AriaLabel, Href: d.Href, CSS: d.CSS, XPath: d.XPath,
		SiblingIndex: d.SiblingIndex, Neighbours: d.Neighbours, Region: d.Region, Under: d.Under,
		KindCount: d.Counts["kind"].N, Items: d.Items, ItemKind: d.ItemKind,
		IDXPath: d.IDXPath, Landmarks: d.Landmarks, Icon: d.Icon,
	}
	if e.RoleCountKnown && e.RoleCount.I > 0 {
		fp.NameCount = e.RoleCount.N
	}
	if len(d.Others) > 0 {
		fp.OtherNames = append([]string(nil), d.Others...)
	}
	if len(d.Classes) > 0 {
		fp.Classes = append([]string(nil), d.Classes...)
		for _, c := range d.Classes {
			if IsGeneratedClass(c) {
				fp.GeneratedClasses = append(fp.GeneratedClasses, c)
			}
		}
	}
	if len(d.TestIDs) > 0 {
		fp.TestIDs = d.TestIDs
	}
	if d.Value != nil && !d.Secret {
		fp.Value = *d.Value
	}
	if e.Role != "" && genericRoles[e.Role] && e.Role != "generic" {
		fp.Role = ""
	}
	r := e.TopRect()
	fp.Box = &chain.Rect{X: round2(r.X + e.Scroll.X), Y: round2(r.Y + e.Scroll.Y), Width: round2(r.Width), Height: round2(r.Height)}
	if d.Fixed && len(e.FramePath) == 0 {
		fp.ScreenBox = &chain.Rect{X: round2(r.X), Y: round2(r.Y), Width: round2(r.Width), Height: round2(r.Height)}
	}
	return fp
}

// BuildTarget is BuildChain and BuildFingerprint with the frame and shadow paths.
func BuildTarget(e *Element, point *chain.Point) *chain.Target {
	t := &chain.Target{Chain: BuildChain(e, point), Fingerprint: BuildFingerprint(e)}
	if len(e.FramePath) > 0 {
		t.FramePath = append([]string(nil), e.FramePath...)
	}
	if len(e.Desc.ShadowPath) > 0 {
		t.ShadowPath = append([]string(nil), e.Desc.ShadowPath...)
	}
	return t
}

func cssString(s string) string {
	return strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\a `).Replace(s)
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}

func round2(f float64) float64 { return math.Round(f*100) / 100 }
