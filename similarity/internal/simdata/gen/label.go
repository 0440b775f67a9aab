//go:build simdata

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/qa-chain/chainreplay/similarity/internal/simdata"
)

// perPage is the most targets a real pair keeps: evenly spread over the
// page in document order, so that a demo page of three hundred buttons
// does not outweigh every other page.
const perPage = 50

func (g *gen) proposeAll(todo []site) error {
	for _, s := range todo {
		for _, pp := range s.pairs {
			oldName, newName := pageName(s, pp.oldVer, pp.oldPath), pageName(s, pp.newVer, pp.newPath)
			old, err := simdata.ReadPage(g.out, oldName)
			if err != nil {
				return err
			}
			nw, err := simdata.ReadPage(g.out, newName)
			if err != nil {
				return err
			}
			file := filepath.Join(g.out, "labels", oldName+"--"+newName+".tsv.proposed")
			if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
				return err
			}
			if err := os.WriteFile(file, []byte(propose(s.split, old, nw)), 0o644); err != nil {
				return err
			}
			fmt.Println("proposed", file)
		}
	}
	return nil
}

// targets are the nodes of p described as targets, at most perPage of
// them evenly spread in document order.
func targets(p *simdata.Page) []*simdata.Node {
	var all []*simdata.Node
	for i := range p.Nodes {
		if p.Nodes[i].Fingerprint != nil {
			all = append(all, &p.Nodes[i])
		}
	}
	if len(all) <= perPage {
		return all
	}
	out := make([]*simdata.Node, perPage)
	for i := range out {
		out[i] = all[i*len(all)/perPage]
	}
	return out
}

var spaces = regexp.MustCompile(`\s+`)

func normText(s string) string {
	return strings.ToLower(strings.TrimSpace(spaces.ReplaceAllString(s, " ")))
}

// normHref is a link's href without origin and leading ./; "" for one that
// names nothing ("#", "#!", javascript:).
func normHref(h string) string {
	h = strings.TrimSpace(h)
	if i := strings.Index(h, "://"); i >= 0 {
		if strings.Contains(h, "127.0.0.1") {
			rest := h[i+3:]
			if j := strings.IndexByte(rest, '/'); j >= 0 {
				h = rest[j+1:]
			}
		}
	}
	h = strings.TrimPrefix(strings.TrimPrefix(h, "./"), "/")
	if h == "" || h == "#" || h == "#!" || strings.HasPrefix(h, "javascript:") {
		return ""
	}
	return h
}

func family(tag string) string {
	switch tag {
	case "a", "button", "span", "div", "li", "label", "th":
		return "click"
	}
	return tag
}

// shownText is what a person reads on n.
func shownText(n *simdata.Node) string {
	for _, s := range []string{n.Text, n.AccessName, n.AriaLabel, n.Title, n.Value, n.Placeholder} {
		if t := normText(s); t != "" {
			return t
		}
	}
	return ""
}

// keys are the ways a target and an element are paired, most telling
// first: each pairs the targets and elements that have the same key and
// are alone with it on their page (or as many on both, in order).
var keys = []struct {
	name string
	of   func(n *simdata.Node) string
}{
	{"id", func(n *simdata.Node) string { return n.ID }},
	{"name", func(n *simdata.Node) string {
		if n.Name == "" {
			return ""
		}
		return n.Tag + "|" + n.Type + "|" + n.Name
	}},
	{"href+text", func(n *simdata.Node) string {
		h, t := normHref(n.Href), shownText(n)
		if h == "" || t == "" {
			return ""
		}
		return h + "|" + t
	}},
	{"text", func(n *simdata.Node) string {
		if t := shownText(n); t != "" {
			return family(n.Tag) + "|" + t
		}
		return ""
	}},
	{"href", func(n *simdata.Node) string { return normHref(n.Href) }},
	{"icon", func(n *simdata.Node) string {
		if n.Icon == "" {
			return ""
		}
		return family(n.Tag) + "|" + n.Icon
	}},
}

func describe(n *simdata.Node) string {
	if n == nil {
		return "-"
	}
	s := n.Tag
	if n.ID != "" {
		s += "#" + n.ID
	}
	if n.Name != "" {
		s += "[name=" + n.Name + "]"
	}
	if len(n.Classes) > 0 {
		s += "." + strings.Join(n.Classes, ".")
	}
	if t := shownText(n); t != "" {
		if len(t) > 50 {
			t = t[:50] + "…"
		}
		s += fmt.Sprintf(" %q", t)
	}
	if n.Href != "" {
		s += " href=" + n.Href
	}
	if n.Icon != "" {
		s += " icon=" + n.Icon
	}
	if n.Region != "" {
		s += " @" + n.Region
	}
	if n.Box != nil {
		s += fmt.Sprintf(" (%.0f,%.0f %.0fx%.0f)", n.Box.X, n.Box.Y, n.Box.Width, n.Box.Height)
	}
	return s
}

// propose pairs old's targets with new's elements by keys, and lists
// the targets it cannot pair with "?".
func propose(split string, old, nw *simdata.Page) string {
	var olds []*simdata.Node
	for i := range old.Nodes {
		if old.Nodes[i].Fingerprint != nil {
			olds = append(olds, &old.Nodes[i])
		}
	}
	var news []*simdata.Node
	for i := range nw.Nodes {
		n := &nw.Nodes[i]
		if n.Visible && n.Box != nil && (n.Actionable || n.Tier == 2 || n.Fingerprint != nil) {
			news = append(news, n)
		}
	}
	match := map[*simdata.Node]*simdata.Node{}
	method := map[*simdata.Node]string{}
	taken := map[*simdata.Node]bool{}
	for _, k := range keys {
		byO, byN := map[string][]*simdata.Node{}, map[string][]*simdata.Node{}
		var order []string
		for _, o := range olds {
			if match[o] == nil {
				if v := k.of(o); v != "" {
					if byO[v] == nil {
						order = append(order, v)
					}
					byO[v] = append(byO[v], o)
				}
			}
		}
		for _, n := range news {
			if !taken[n] {
				if v := k.of(n); v != "" {
					byN[v] = append(byN[v], n)
				}
			}
		}
		// A key pairs its targets with its elements, in document order,
		// when both pages have as many of them.
		for _, v := range order {
			os, ns := byO[v], byN[v]
			if len(os) != len(ns) {
				continue
			}
			m := k.name
			if len(ns) > 1 {
				m += "-order"
			}
			for i, o := range os {
				match[o], method[o], taken[ns[i]] = ns[i], m, true
			}
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# Proposed by similarity/internal/simdata/gen propose: a target of %s and the element of %s\n", old.Name, nw.Name)
	fmt.Fprintf(&b, "# it became, by the first key it shares with that element alone. Check every line by hand;\n")
	fmt.Fprintf(&b, "# replace each ? with the element's XPath or with removed, or delete the line.\n")
	fmt.Fprintf(&b, "%s\t%s\t%s\n", split, old.Name, nw.Name)
	for _, o := range targets(old) {
		n := match[o]
		to := "?"
		if n != nil {
			to = n.XPath
		}
		fmt.Fprintf(&b, "%s\t%s\t%s: %s => %s\n", o.XPath, to, orQ(method[o]), describe(o), describe(n))
	}
	// The unpaired elements, for the ? lines.
	var rest []string
	for _, n := range news {
		if !taken[n] && (n.Actionable || n.Tier == 2) {
			rest = append(rest, fmt.Sprintf("#   %s\t%s", n.XPath, describe(n)))
		}
	}
	sort.Strings(rest)
	fmt.Fprintf(&b, "# Elements of the new page paired with no target:\n%s\n", strings.Join(rest, "\n"))
	return b.String()
}

func orQ(s string) string {
	if s == "" {
		return "?"
	}
	return s
}
