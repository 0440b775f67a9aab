//go:build simdata

package main

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/internal/browser"
	"github.com/qa-chain/chainreplay/pagemodel"
	"github.com/qa-chain/chainreplay/recorder"
	"github.com/qa-chain/chainreplay/similarity"
	"github.com/qa-chain/chainreplay/similarity/internal/simdata"
	"github.com/qa-chain/chainreplay/snapshot"
	"github.com/qa-chain/chainreplay/strategies"
)

//go:embed facts.js
var factsJS string

//go:embed ops.js
var opsJS string

// viewport is the window every page is captured in (the recorder tests').
var viewport = chain.Size{Width: 1280, Height: 800}

// settleJS scrolls through the page and back, so that content revealed on
// scroll is shown, and waits for the page to come to rest.
const settleJS = `async () => {
	const h = Math.min(document.documentElement.scrollHeight, 30000);
	for (let y = 0; y < h; y += 500) { window.scrollTo(0, y); await new Promise((r) => setTimeout(r, 60)); }
	window.scrollTo(0, 0);
	await new Promise((r) => setTimeout(r, 1500));
}`

// loadJS waits for the page's load event.
const loadJS = `() => new Promise((resolve) => {
	if (document.readyState === "complete") return resolve(true);
	window.addEventListener("load", () => resolve(true));
})`

// assignJS gives each element whose absolute XPath (the recorder's form)
// is a key of ids, and whose tag is the one recorded with it, that
// identity (__simid); it returns the identities given.
const assignJS = `(ids) => {
	const sole = (e) => { for (const s of e.parentElement ? e.parentElement.children : []) if (s !== e && s.localName === e.localName) return false; return true; };
	const pos = (e) => { let i = 1; for (let s = e.previousElementSibling; s; s = s.previousElementSibling) if (s.localName === e.localName) i++; return i; };
	const abs = (e) => { const st = []; for (let a = e; a && a !== document.documentElement; a = a.parentElement) st.unshift(a.localName + (sole(a) ? "" : "[" + pos(a) + "]")); return "/html" + (st.length ? "/" + st.join("/") : ""); };
	const given = [];
	for (const e of document.querySelectorAll("*")) {
		const v = ids[abs(e)];
		if (v && v[1] === e.localName) { e.__simid = v[0]; given.push(v[0]); }
	}
	return given;
}`

// captureOpts say what capture does besides describing the page.
type captureOpts struct {
	// fingerprints describes the page's possible targets as the
	// recorder does.
	fingerprints bool
	// prepare runs on the loaded, settled page before it is described.
	prepare func(p *rod.Page) error
}

// capture opens url and describes its top document's elements.
func capture(ctx context.Context, b *browser.Browser, url string, o captureOpts) (*simdata.Page, error) {
	p, err := b.Page(proto.TargetCreateTarget{URL: "about:blank"})
	if err != nil {
		return nil, err
	}
	defer p.Close()
	if err := (proto.EmulationSetDeviceMetricsOverride{Width: viewport.Width, Height: viewport.Height}).Call(p); err != nil {
		return nil, err
	}
	var rec *recorder.Recorder
	var top proto.PageFrameID
	if o.fingerprints {
		rctx, cancel := context.WithCancel(ctx)
		defer cancel()
		rec = recorder.New(b.Browser, recorder.Options{})
		if err := rec.Start(rctx, p, url); err != nil {
			return nil, err
		}
		defer rec.Finish("captured")
		ft, err := proto.PageGetFrameTree{}.Call(p)
		if err != nil {
			return nil, err
		}
		top = ft.FrameTree.Frame.ID
	} else {
		if err := p.Navigate(url); err != nil {
			return nil, fmt.Errorf("navigate: %w", err)
		}
		// Not rod's WaitLoad: its page function resolves with the load
		// event, which cannot be returned by value ("Object reference
		// chain is too long") when the load comes after the call.
		if _, err := p.Timeout(30 * time.Second).Eval(loadJS); err != nil {
			return nil, fmt.Errorf("wait for load: %w", err)
		}
	}
	if _, err := p.Timeout(60 * time.Second).Eval(settleJS); err != nil {
		return nil, fmt.Errorf("settle: %w", err)
	}
	if o.prepare != nil {
		if err := o.prepare(p); err != nil {
			return nil, fmt.Errorf("prepare: %w", err)
		}
		time.Sleep(500 * time.Millisecond)
	}
	snap, err := snapshot.Capture(ctx, pagemodel.New(p, pagemodel.Options{}), snapshot.Options{})
	if err != nil {
		return nil, fmt.Errorf("snapshot: %w", err)
	}
	var nodes []*snapshot.Node
	for _, n := range snap.Nodes {
		if len(n.FramePath) == 0 {
			nodes = append(nodes, n)
		}
	}
	facts, err := snap.Call(ctx, nodes, strings.Replace(factsJS, "MODEL", pagemodel.Key(), 1))
	if err != nil {
		return nil, fmt.Errorf("facts: %w", err)
	}
	scroll := chain.Point{X: snap.ScrollX, Y: snap.ScrollY}
	page := &simdata.Page{URL: url, Viewport: viewport}
	var kept map[string]bool
	byID := map[string]*snapshot.Node{}
	for _, n := range snap.Nodes {
		byID[n.ID] = n
	}
	group := "simdata"
	for i, n := range nodes {
		c := similarity.FromNode(n, scroll)
		f := facts[i]
		nd := simdata.Node{
			Ref: n.ID, Tag: c.Tag, ID: c.ID, Name: c.Name, Type: c.Type, Classes: c.Classes, Role: c.Role,
			AccessName: c.AccessName, Text: c.Text, Label: c.Label, Placeholder: c.Placeholder, Title: c.Title,
			Alt: c.Alt, AriaLabel: c.AriaLabel, Href: c.Href, Value: c.Value, TestIDs: c.TestIDs,
			XPath: c.XPath, IDXPath: n.XPath, Neighbours: c.Neighbours, Region: f.Get("region").Str(), Icon: n.Icon, Landmarks: n.Landmarks,
			Box: c.Box, Screen: c.Screen, Fixed: f.Get("fixed").Bool(), TextUnread: !n.TextRead(),
			Visible: n.Visible, Tier: int(n.Tier), SimID: f.Get("simid").Int(),
			Actionable: strategies.Comparable(n.Tag, func(a string) bool { _, ok := n.Attrs.Lookup(a); return ok }, n.Attrs.Get, "", similarity.TestIDAttrs),
		}
		if rec != nil && target(n, nd) {
			obj, err := snap.Object(ctx, n)
			if err != nil {
				return nil, fmt.Errorf("resolve %s: %w", n.ID, err)
			}
			el, err := rec.CaptureObject(ctx, p, top, obj.ObjectID, group)
			if err != nil {
				return nil, fmt.Errorf("record %s: %w", n.ID, err)
			}
			fp := recorder.BuildFingerprint(el)
			nd.Fingerprint = fp
		}
		page.Nodes = append(page.Nodes, nd)
	}
	_ = proto.RuntimeReleaseObjectGroup{ObjectGroup: group}.Call(p)
	similoNeighbours(page.Nodes)
	// Keep the candidates: the elements healing compares for a target of
	// any tag, and those of the tags a target can have.
	all := page.Nodes
	page.Nodes = nil
	kept = map[string]bool{}
	for _, nd := range all {
		if nd.Actionable || nd.Tier == int(snapshot.Interactive) || nd.Fingerprint != nil || targetTags[nd.Tag] {
			page.Nodes = append(page.Nodes, nd)
			kept[nd.Ref] = true
		}
	}
	for i := range page.Nodes {
		nd := &page.Nodes[i]
		for q, d := byID[byID[nd.Ref].Parent], 0; q != nil && d < 256; q, d = byID[q.Parent], d+1 {
			if kept[q.ID] {
				nd.Ancestors = append(nd.Ancestors, q.ID)
			}
		}
	}
	return page, nil
}

// targetTags are the tags a target may have (target): every element of
// these tags is kept as a candidate, since healing compares the elements
// of the recorded tag besides the actionable ones.
var targetTags = map[string]bool{"a": true, "button": true, "input": true, "select": true, "textarea": true,
	"summary": true, "div": true, "span": true, "li": true, "th": true, "label": true}

// similoNeighbours fills SimiloNeighbours (see simdata.Node) over nodes.
func similoNeighbours(nodes []simdata.Node) {
	visibleText := func(n *simdata.Node) string {
		for _, t := range []string{n.Text, n.Value, n.Placeholder} {
			if strings.TrimSpace(t) != "" {
				return t
			}
		}
		return ""
	}
	meets := func(a, b chain.Rect) bool {
		return a.X < b.X+b.Width && b.X < a.X+a.Width && a.Y < b.Y+b.Height && b.Y < a.Y+a.Height
	}
	for i := range nodes {
		n := &nodes[i]
		if n.Box == nil || n.Box.Height > 100 || n.Box.Width > 600 {
			continue
		}
		grown := chain.Rect{X: n.Box.X - 50, Y: n.Box.Y - 50, Width: n.Box.Width + 100, Height: n.Box.Height + 100}
		seen := map[string]bool{}
		var words []string
		for j := range nodes {
			m := &nodes[j]
			if j == i || m.Box == nil || m.Box.Height > 100 || !meets(grown, *m.Box) {
				continue
			}
			for _, w := range strings.Fields(visibleText(m)) {
				w = strings.ToLower(w)
				if !seen[w] {
					seen[w] = true
					words = append(words, w)
				}
			}
		}
		n.SimiloNeighbours = strings.Join(words, " ")
	}
}

// target reports whether n can be a recorded target: shown, in the
// page, not disabled, and something a person acts on (replay's actionable
// elements and the snapshot's interactive ones: a clickable class, a
// pointer cursor).
func target(n *snapshot.Node, nd simdata.Node) bool {
	if !n.Visible || n.Disabled || nd.Box == nil || nd.Box.X+nd.Box.Width <= 0 || nd.Box.Y+nd.Box.Height <= 0 {
		return false
	}
	switch {
	case !targetTags[n.Tag]:
		return false // an icon, a picture, an option (chosen with select), a container (a table, a list, a landmark)
	case n.Role == "img" || n.Role == "presentation" || n.Role == "none":
		return false
	}
	return nd.Actionable || n.Tier == snapshot.Interactive
}

// assign gives the elements of the loaded page p the identities of the
// old page's nodes, by XPath and tag, and returns the identities given.
func assign(p *rod.Page, old *simdata.Page) (map[int]bool, error) {
	ids := map[string][2]any{}
	for _, n := range old.Nodes {
		if n.XPath != "" && n.SimID != 0 {
			ids[n.XPath] = [2]any{n.SimID, n.Tag}
		}
	}
	res, err := p.Eval(assignJS, ids)
	if err != nil {
		return nil, fmt.Errorf("assign: %w", err)
	}
	given := map[int]bool{}
	for _, v := range res.Value.Arr() {
		given[v.Int()] = true
	}
	return given, nil
}

// redesign applies the operators ops with seed to p.
func redesign(p *rod.Page, ops map[string]float64, seed int) (map[string]int, error) {
	res, err := p.Eval(opsJS, ops, seed)
	if err != nil {
		return nil, fmt.Errorf("redesign: %w", err)
	}
	var counts map[string]int
	if err := json.Unmarshal([]byte(res.Value.JSON("", "")), &counts); err != nil {
		return nil, err
	}
	return counts, nil
}
