package chromerec

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/qa-chain/chainreplay/chain"
)

// Confidences of imported strategies: how well each kind of locator that
// Chrome's Recorder writes survives a changed page.
const (
	ConfTestID      = 0.90 // [data-testid=...] and the other test attributes
	ConfID          = 0.85 // #id
	ConfAriaRole    = 0.85 // aria/Name[role="button"]
	ConfAriaLabel   = 0.75 // aria/Name without a role, as a label
	ConfAriaText    = 0.70 // aria/Name without a role, as a visible text
	ConfName        = 0.70 // [name=...]
	ConfPlaceholder = 0.70 // [placeholder=...]
	ConfCSS         = 0.65 // other CSS
	ConfCSSPosition = 0.50 // CSS with :nth-child / :nth-of-type
	ConfText        = 0.60 // text/...
	ConfPierce      = 0.55 // pierce/...
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

var (
	ariaRoleRE = regexp.MustCompile(`^(.*?)\[role="([^"]+)"\]$`)
	idRE       = regexp.MustCompile(`^#(-?[A-Za-z_][\w-]*)$`)
	attrRE     = regexp.MustCompile(`^(?:[a-z]+)?\[([\w-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([^\]\s"']+))\]$`)
	plainCSSRE = regexp.MustCompile(`^[A-Za-z_][\w-]*$`)
)

// TestIDAttributes are the attributes read as test ids.
var TestIDAttributes = []string{"data-testid", "data-test", "data-cy", "data-qa", "data-test-id"}

func isTestIDAttr(a string) bool {
	for _, t := range TestIDAttributes {
		if a == t {
			return true
		}
	}
	return false
}

// strategiesFor maps one selector part (one alternative's last part) to
// strategies. forInput says the step types text into the element (a
// change), which decides how an aria/ name without a role is read.
func strategiesFor(part string, forInput bool, fp *chain.Fingerprint) ([]chain.Strategy, error) {
	s := func(t chain.StrategyType, v string, c float64) chain.Strategy {
		return chain.Strategy{Type: t, Value: v, Confidence: c}
	}
	switch {
	case strings.HasPrefix(part, PrefixAria):
		v := strings.TrimPrefix(part, PrefixAria)
		if m := ariaRoleRE.FindStringSubmatch(v); m != nil {
			return []chain.Strategy{s(chain.Role, m[2]+"|"+m[1], ConfAriaRole)}, nil
		}
		if strings.TrimSpace(v) == "" {
			return nil, fmt.Errorf("empty aria selector")
		}
		if forInput {
			return []chain.Strategy{s(chain.Label, v, ConfAriaLabel)}, nil
		}
		return []chain.Strategy{s(chain.Label, v, ConfAriaLabel), s(chain.Text, v, ConfAriaText)}, nil
	case strings.HasPrefix(part, PrefixXPath):
		v := strings.TrimPrefix(part, PrefixXPath)
		if strings.TrimSpace(v) == "" {
			return nil, fmt.Errorf("empty xpath selector")
		}
		if strings.Contains(v, "[@") {
			return []chain.Strategy{s(chain.XPath, v, ConfXPathAttr)}, nil
		}
		return []chain.Strategy{s(chain.XPath, v, ConfXPath)}, nil
	case strings.HasPrefix(part, PrefixPierce):
		v := strings.TrimPrefix(part, PrefixPierce)
		if strings.TrimSpace(v) == "" {
			return nil, fmt.Errorf("empty pierce selector")
		}
		st := s(chain.CSS, v, ConfPierce)
		st.Metadata = map[string]any{"pierce": true}
		return []chain.Strategy{st}, nil
	case strings.HasPrefix(part, PrefixText):
		v := strings.TrimPrefix(part, PrefixText)
		if strings.TrimSpace(v) == "" {
			return nil, fmt.Errorf("empty text selector")
		}
		return []chain.Strategy{s(chain.Text, v, ConfText)}, nil
	}
	v := strings.TrimPrefix(part, "css/")
	if strings.TrimSpace(v) == "" {
		return nil, fmt.Errorf("empty CSS selector")
	}
	if m := idRE.FindStringSubmatch(v); m != nil {
		return []chain.Strategy{s(chain.ID, m[1], ConfID)}, nil
	}
	if m := attrRE.FindStringSubmatch(v); m != nil {
		attr, val := m[1], m[2]+m[3]+m[4]
		switch {
		case isTestIDAttr(attr):
			if fp.TestIDs == nil {
				fp.TestIDs = map[string]string{}
			}
			fp.TestIDs[attr] = val
			return []chain.Strategy{s(chain.TestID, val, ConfTestID)}, nil
		case attr == "name":
			return []chain.Strategy{s(chain.Name, val, ConfName)}, nil
		case attr == "placeholder":
			return []chain.Strategy{s(chain.Placeholder, val, ConfPlaceholder)}, nil
		case attr == "id":
			return []chain.Strategy{s(chain.ID, val, ConfID)}, nil
		}
	}
	if strings.Contains(v, ":nth-child") || strings.Contains(v, ":nth-of-type") {
		return []chain.Strategy{s(chain.CSS, v, ConfCSSPosition)}, nil
	}
	return []chain.Strategy{s(chain.CSS, v, ConfCSS)}, nil
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

// selectorsFor turns a target's chain into Chrome selector alternatives,
// best first. Strategies with no Chrome equivalent are left out and
// reported in skipped.
func selectorsFor(t *chain.Target) (sels []Selector, skipped []string) {
	shadow := append([]string(nil), t.ShadowPath...)
	seen := map[string]bool{}
	add := func(part string, pierces bool) {
		sel := Selector{part}
		if len(shadow) > 0 && !pierces {
			sel = append(append(Selector{}, shadow...), part)
		}
		key := strings.Join(sel, "\x00")
		if seen[key] {
			return
		}
		seen[key] = true
		sels = append(sels, sel)
	}
	for _, st := range t.Chain {
		if st.Nth > 0 && st.Type != chain.XPath {
			skipped = append(skipped, fmt.Sprintf("%s %q picks match %d, which Chrome selectors cannot say", st.Type, st.Value, st.Nth))
			continue
		}
		switch st.Type {
		case chain.TestID:
			attr := "data-testid"
			if fp := t.Fingerprint; fp != nil {
				for _, a := range TestIDAttributes {
					if fp.TestIDs[a] == st.Value {
						attr = a
						break
					}
				}
			}
			add("["+attr+"="+cssString(st.Value)+"]", false)
		case chain.ID:
			add(cssID(st.Value), false)
		case chain.Role:
			role, name, _ := strings.Cut(st.Value, "|")
			if name == "" {
				skipped = append(skipped, fmt.Sprintf("role %q has no accessible name", role))
				continue
			}
			add(PrefixAria+name+`[role="`+role+`"]`, true)
		case chain.Label:
			add(PrefixAria+st.Value, true)
		case chain.Placeholder:
			add("[placeholder="+cssString(st.Value)+"]", false)
		case chain.Text:
			add(PrefixText+st.Value, true)
		case chain.Name:
			add("[name="+cssString(st.Value)+"]", false)
		case chain.CSS:
			if p, _ := st.Metadata["pierce"].(bool); p {
				add(PrefixPierce+st.Value, true)
			} else {
				add(st.Value, false)
			}
		case chain.XPath:
			v := st.Value
			if st.Nth > 0 {
				v = fmt.Sprintf("(%s)[%d]", v, st.Nth)
			}
			add(PrefixXPath+v, false)
		default:
			skipped = append(skipped, fmt.Sprintf("%s (no Chrome selector)", st.Type))
		}
	}
	return sels, skipped
}
