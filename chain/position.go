package chain

import (
	"regexp"
	"strings"
)

// ByPosition reports whether s names its element by where it stands
// rather than by what it is: a CSS selector with :nth-of-type,
// :nth-child or their -last- forms, an XPath with a step by position ("li[2]"), or a strategy
// looked for under a host named so (Hosts). Such a selector is unique
// because one element stands at that place: after an insertion it is the
// next look-alike's.
func (s Strategy) ByPosition() bool {
	for _, h := range s.Hosts {
		if h.ByPosition() {
			return true
		}
	}
	switch s.Type {
	case CSS:
		return strings.Contains(s.Value, ":nth-") // -child, -of-type, -last-child, -last-of-type
	case XPath:
		return xpathIndexStep.MatchString(s.Value)
	}
	return false
}

// xpathIndexStep matches an XPath step by position: "li[2]", "*[3]", ")[1]".
var xpathIndexStep = regexp.MustCompile(`[\w*)]\[\s*\d+\s*\]`)
