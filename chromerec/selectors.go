package chromerec

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/internal/testid"
)

// Confidences of imported strategies: how well each kind of locator that
// Chrome's Recorder writes survives page changes.
const (
	ConfTestID      = 0.90 // [data-testid=...] and the other test id attributes
	ConfID          = 0.85 // #id
	ConfAriaRole    = 0.85 // aria/Name[role="button"]
	ConfAria        = 0.80 // aria/Name without a role: the name, any role
	ConfName        = 0.70 // [name=...]
	ConfPlaceholder = 0.70 // [placeholder=...]
	ConfCSS         = 0.65 // other CSS
	ConfCSSPosition = 0.50 // CSS with :nth-child / :nth-of-type
	ConfText        = 0.60 // text/...
	ConfPierce      = 0.60 // pierce/... (CSS through every shadow root)
	ConfXPathAttr   = 0.60 // XPath anchored on an attribute
	ConfXPath       = 0.45 // positional XPath
)

// Selector prefixes of Chrome's format (plain CSS has none).
const (
	PrefixAria   = "aria/"
	PrefixXPath  = "xpath/"
	PrefixPierce = "pierce/"
	PrefixText   = "text/"
)

// MetaSelector is the strategy metadata key that keeps, verbatim, the
// Chrome selector a strategy was imported from when export would not
// spell it the same way ([data-testid='x'] for [data-testid="x"]).
const MetaSelector = "chrome"

// MetaPierce marks a css strategy imported from a pierce/ selector, so
// that export writes pierce/ again (the page model's CSS already looks
// into every open shadow root).
const MetaPierce = "pierce"

var (
	ariaRoleRE = regexp.MustCompile(`^(.*?)\[role="([^"]+)"\]$`)
	idRE       = regexp.MustCompile(`^#(-?[A-Za-z_][\w-]*)$`)
	attrRE     = regexp.MustCompile(`^(?:[a-z]+)?\[([\w-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([^\]\s"']+))\]$`)
	plainCSSRE = regexp.MustCompile(`^[A-Za-z_][\w-]*$`)
)

// TestIDAttributes are the attributes read as test ids when a recording
// names none of its own (selectorAttribute).
var TestIDAttributes = testid.Default

// partStrategy maps one part of a selector to the one strategy that means
// what Puppeteer makes of it; attr is the test id attribute of a testid
// strategy. testIDs are the attributes read as test ids.
func partStrategy(part string, testIDs []string) (st chain.Strategy, attr string, err error) {
	s := func(t chain.StrategyType, v string, c float64) chain.Strategy {
		return chain.Strategy{Type: t, Value: v, Confidence: c}
	}
	switch {
	case strings.HasPrefix(part, PrefixAria):
		v := strings.TrimPrefix(part, PrefixAria)
		if m := ariaRoleRE.FindStringSubmatch(v); m != nil && strings.TrimSpace(m[1]) != "" {
			return s(chain.Role, m[2]+"|"+m[1], ConfAriaRole), "", nil
		}
		if strings.TrimSpace(v) == "" {
			return st, "", fmt.Errorf("empty aria selector")
		}
		return s(chain.Role, "*|"+v, ConfAria), "", nil
	case strings.HasPrefix(part, PrefixXPath):
		v := strings.TrimPrefix(part, PrefixXPath)
		if strings.TrimSpace(v) == "" {
			return st, "", fmt.Errorf("empty xpath selector")
		}
		if strings.Contains(v, "[@") {
			return s(chain.XPath, v, ConfXPathAttr), "", nil
		}
		return s(chain.XPath, v, ConfXPath), "", nil
	case strings.HasPrefix(part, PrefixPierce):
		v := strings.TrimPrefix(part, PrefixPierce)
		if strings.TrimSpace(v) == "" {
			return st, "", fmt.Errorf("empty pierce selector")
		}
		st = s(chain.CSS, v, ConfPierce)
		st.Metadata = map[string]any{MetaPierce: true}
		return st, "", nil
	case strings.HasPrefix(part, PrefixText):
		v := strings.TrimPrefix(part, PrefixText)
		if strings.TrimSpace(v) == "" {
			return st, "", fmt.Errorf("empty text selector")
		}
		st = s(chain.Text, v, ConfText)
		st.Match = "contains"
		return st, "", nil
	}
	v := strings.TrimPrefix(part, "css/")
	if strings.TrimSpace(v) == "" {
		return st, "", fmt.Errorf("empty CSS selector")
	}
	if m := idRE.FindStringSubmatch(v); m != nil {
		return s(chain.ID, m[1], ConfID), "", nil
	}
	if m := attrRE.FindStringSubmatch(v); m != nil && !strings.Contains(m[2]+m[3]+m[4], `\`) {
		a, val := m[1], m[2]+m[3]+m[4]
		switch {
		case slices.Contains(testIDs, a):
			return s(chain.TestID, val, ConfTestID), a, nil
		case a == "name":
			return s(chain.Name, val, ConfName), "", nil
		case a == "placeholder":
			return s(chain.Placeholder, val, ConfPlaceholder), "", nil
		case a == "id":
			return s(chain.ID, val, ConfID), "", nil
		}
	}
	if strings.Contains(v, ":nth-child") || strings.Contains(v, ":nth-of-type") {
		return s(chain.CSS, v, ConfCSSPosition), "", nil
	}
	return s(chain.CSS, v, ConfCSS), "", nil
}

// unbalanced says what is left open or closed unopened in a selector part
// (a bracket, a parenthesis, a quote), "" when nothing is: a selector
// Puppeteer and the page cannot read.
func unbalanced(part string) string {
	var open []rune
	var quote rune
	esc := false
	for _, c := range part {
		switch {
		case esc:
			esc = false
		case c == '\\':
			esc = true
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '[' || c == '(':
			open = append(open, c)
		case c == ']' || c == ')':
			want := '['
			if c == ')' {
				want = '('
			}
			if len(open) == 0 || open[len(open)-1] != want {
				return fmt.Sprintf("a %q closes nothing", c)
			}
			open = open[:len(open)-1]
		}
	}
	if quote != 0 {
		return fmt.Sprintf("a %c quote is not closed", quote)
	}
	if len(open) > 0 {
		return fmt.Sprintf("a %q is not closed", open[len(open)-1])
	}
	return ""
}

// selectorStrategy maps a whole selector to its one strategy: the last
// part's, with the parts before it as hosts. When export would not write
// the selector back as it is written here, the strategy keeps it verbatim
// (MetaSelector). attrs receives the test id attribute of each testid
// strategy.
func selectorStrategy(sel Selector, testIDs []string, attrs map[string]string) (chain.Strategy, error) {
	var hosts []chain.Strategy
	for _, p := range sel[:len(sel)-1] {
		h, a, err := partStrategy(p, testIDs)
		if err != nil {
			return h, err
		}
		h.Confidence = 0
		if a != "" {
			attrs[h.Value] = a
		}
		hosts = append(hosts, h)
	}
	st, a, err := partStrategy(sel[len(sel)-1], testIDs)
	if err != nil {
		return st, err
	}
	if a != "" {
		attrs[st.Value] = a
	}
	st.Hosts = hosts
	if back, ok := canonical(st, func(v string) string { return attrs[v] }); !ok || !slices.Equal(back, sel) {
		if st.Metadata == nil {
			st.Metadata = map[string]any{}
		}
		if len(sel) == 1 {
			st.Metadata[MetaSelector] = sel[0]
		} else {
			st.Metadata[MetaSelector] = []string(sel)
		}
	}
	return st, nil
}

// canonical is the selector export writes for st: a part per host, then
// st's own. attrOf names the test id attribute of a test id value ("" for
// the default). ok is false for a strategy Chrome has no selector for.
func canonical(st chain.Strategy, attrOf func(string) string) (Selector, bool) {
	var sel Selector
	for _, h := range st.Hosts {
		p, ok := canonicalPart(h, attrOf)
		if !ok {
			return nil, false
		}
		sel = append(sel, p)
	}
	p, ok := canonicalPart(st, attrOf)
	if !ok {
		return nil, false
	}
	return append(sel, p), true
}

func canonicalPart(st chain.Strategy, attrOf func(string) string) (string, bool) {
	if st.Within != nil || (st.Nth > 0 && st.Type != chain.XPath) {
		return "", false
	}
	if st.Type == chain.Text && st.Tag != "" {
		// Chrome's text/ names the innermost element holding the text,
		// whatever its tag: not the element of st's tag around it.
		return "", false
	}
	switch st.Type {
	case chain.TestID:
		a := attrOf(st.Value)
		if a == "" {
			a = "data-testid"
		}
		return "[" + a + "=" + cssString(st.Value) + "]", true
	case chain.ID:
		return cssID(st.Value), true
	case chain.Role:
		role, name, _ := strings.Cut(st.Value, "|")
		if strings.TrimSpace(name) == "" {
			return "", false
		}
		if r := strings.TrimSpace(role); r == "" || r == "*" {
			return PrefixAria + name, true
		}
		return PrefixAria + name + `[role="` + role + `"]`, true
	case chain.Label:
		return PrefixAria + st.Value, true
	case chain.Placeholder:
		return "[placeholder=" + cssString(st.Value) + "]", true
	case chain.Text:
		return PrefixText + st.Value, true
	case chain.Name:
		return "[name=" + cssString(st.Value) + "]", true
	case chain.CSS:
		if p, _ := st.Metadata[MetaPierce].(bool); p {
			return PrefixPierce + st.Value, true
		}
		return st.Value, true
	case chain.XPath:
		v := st.Value
		if st.Nth > 0 {
			v = fmt.Sprintf("(%s)[%d]", v, st.Nth)
		}
		return PrefixXPath + v, true
	}
	return "", false
}

// keptSelector is the selector st was imported from, kept verbatim
// (MetaSelector), when it still reads as st: a strategy edited since
// (healed, its value changed) is written anew.
func keptSelector(st chain.Strategy, testIDs []string) (Selector, bool) {
	var sel Selector
	switch v := st.Metadata[MetaSelector].(type) {
	case string:
		sel = Selector{v}
	case []string:
		sel = v
	case []any:
		for _, p := range v {
			s, ok := p.(string)
			if !ok {
				return nil, false
			}
			sel = append(sel, s)
		}
	default:
		return nil, false
	}
	if len(sel) == 0 {
		return nil, false
	}
	back, err := selectorStrategy(sel, testIDs, map[string]string{})
	if err != nil || !sameStrategy(back, st) {
		return nil, false
	}
	return sel, true
}

// sameStrategy reports whether a and b name elements the same way.
func sameStrategy(a, b chain.Strategy) bool {
	if a.Type != b.Type || a.Value != b.Value || a.Match != b.Match || a.Nth != b.Nth || len(a.Hosts) != len(b.Hosts) {
		return false
	}
	for i := range a.Hosts {
		if !sameStrategy(a.Hosts[i], b.Hosts[i]) {
			return false
		}
	}
	return true
}

// isCSS reports whether a selector part is plain CSS (no prefix).
func isCSS(part string) bool {
	for _, p := range []string{PrefixAria, PrefixXPath, PrefixPierce, PrefixText} {
		if strings.HasPrefix(part, p) {
			return false
		}
	}
	return true
}

// cssString quotes v for a CSS attribute selector.
func cssString(v string) string {
	return strconv.Quote(v)
}

// cssID returns a selector for the element whose id is id.
func cssID(id string) string {
	if plainCSSRE.MatchString(id) {
		return "#" + id
	}
	return "[id=" + cssString(id) + "]"
}
