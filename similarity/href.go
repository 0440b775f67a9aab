package similarity

import "strings"

// hrefSim compares two links. The recorder keeps a link's resolved URL
// (a.href) and replay reads the attribute as written, so a relative link
// ("#help", "../index.html") equals the absolute one whose path it can
// resolve to. Otherwise the links are compared by their tokens (identTokens
// of host, path, query and fragment), the host's only when both links name
// one: https://twitter.com/acme and https://github.com/acme are other
// places, /docs/v2/install and /docs/v3/install nearly one. The port, a
// leading "www." and the scheme do not count.
func (r *Reference) hrefSim(a, b string) float64 {
	ha, pa := splitOrigin(a)
	hb, pb := splitOrigin(b)
	if pa == pb && (ha == "" || hb == "" || ha == hb) {
		return 1
	}
	if rel, abs, ok := relativeAndAbsolute(pa, pb); ok && resolvesTo(rel, abs) {
		return 1
	}
	ta, tb := identTokens(pa), identTokens(pb)
	if ha != "" && hb != "" {
		ta, tb = append(identTokens(ha), ta...), append(identTokens(hb), tb...)
	}
	return tokenSetSim(ta, tb, r.page.weight(kindHref))
}

// splitOrigin splits a URL into its host (lowercase, without port and
// "www.") and the rest; a URL without one has an empty host.
func splitOrigin(u string) (host, rest string) {
	u = strings.TrimSpace(u)
	i := strings.Index(u, "://")
	if i < 0 {
		if strings.HasPrefix(u, "//") {
			i = 0
		} else {
			return "", u
		}
	}
	after := u[i+3:]
	if i == 0 {
		after = u[2:]
	}
	host, rest = after, "/"
	if j := strings.IndexByte(after, '/'); j >= 0 {
		host, rest = after[:j], after[j:]
	}
	if j := strings.LastIndexByte(host, ':'); j >= 0 {
		host = host[:j]
	}
	return strings.TrimPrefix(strings.ToLower(host), "www."), rest
}

// relativeAndAbsolute orders a and b as a relative reference and an
// absolute path, when they are one of each.
func relativeAndAbsolute(a, b string) (rel, abs string, ok bool) {
	relative := func(u string) bool { return u != "" && u[0] != '/' && !strings.Contains(u, "://") }
	switch {
	case relative(a) && strings.HasPrefix(b, "/"):
		return a, b, true
	case relative(b) && strings.HasPrefix(a, "/"):
		return b, a, true
	}
	return "", "", false
}

// resolvesTo reports whether the relative reference rel, resolved against
// some page of the site, can be the absolute path abs: a fragment or a
// query alone ends abs, a path with its "./" and "../" steps dropped is
// the last steps of abs.
func resolvesTo(rel, abs string) bool {
	if rel[0] == '#' || rel[0] == '?' {
		return strings.HasSuffix(abs, rel)
	}
	for {
		switch {
		case strings.HasPrefix(rel, "./"):
			rel = rel[2:]
		case strings.HasPrefix(rel, "../"):
			rel = rel[3:]
		default:
			return rel != "" && strings.HasSuffix(abs, "/"+rel)
		}
	}
}
