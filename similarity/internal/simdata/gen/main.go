//go:build simdata

// Command gen builds the data of the similarity redesign benchmark from
// pages nobody here wrote: site templates and admin dashboards published
// on the npm registry in several major versions (sites.go). It is a
// one-off tool, kept to say how the data was made and to make it again;
// the benchmark itself reads only the JSON it writes.
//
//	go run -tags simdata ./similarity/internal/simdata/gen -src /tmp/simsrc capture
//	go run -tags simdata ./similarity/internal/simdata/gen -src /tmp/simsrc synthetic
//	go run -tags simdata ./similarity/internal/simdata/gen -src /tmp/simsrc propose
//
// capture packs each package version with npm into -src (once), serves
// each version from its own port as the site it is, opens every page of
// a pair in headless Chromium at 1280x800, scrolls through it and back,
// and describes its top document: every element the page snapshot keeps
// (snapshot.Capture, similarity.FromNode) with its region, landmark path
// and id-anchored XPath, and every possible target (shown, actionable or
// interactive) as the recorder describes a step's target
// (recorder.CaptureObject, BuildFingerprint). URLs of a few CDNs are
// served from the same packages on npm; any other outside URL fails.
//
// synthetic opens pages again, gives their elements the identities of the
// captured ones (by XPath and tag), redesigns them with the operators of
// ops.js (variants in sites.go) and describes the result: the pairs in
// synthetic.json carry the element each target became, known by
// identity.
//
// propose writes, for each real pair, labels/NAME.tsv.proposed: each
// target with the element of the new page that shares a stable attribute
// or text with it alone, for a person to check line by line and keep as
// labels/NAME.tsv. The benchmark reads only the checked files.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"hash/fnv"
	"log"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/go-rod/rod"

	"github.com/qa-chain/chainreplay/internal/browser"
	"github.com/qa-chain/chainreplay/similarity/internal/simdata"
)

func main() {
	src := flag.String("src", "/tmp/simsrc", "directory the npm packages are packed and unpacked in")
	out := flag.String("out", "similarity/testdata/redesign", "data directory")
	only := flag.String("only", "", "only the sites whose name contains this")
	force := flag.Bool("force", false, "capture pages again even when captured")
	flag.Parse()
	if flag.NArg() != 1 {
		log.Fatal("usage: gen [flags] capture|synthetic|propose")
	}
	g := &gen{src: *src, out: *out, force: *force, servers: map[string]*server{}}
	defer g.close()
	var todo []site
	for _, s := range sites {
		if strings.Contains(s.name, *only) {
			todo = append(todo, s)
		}
	}
	var err error
	switch flag.Arg(0) {
	case "capture":
		err = g.captureAll(todo)
	case "synthetic":
		err = g.syntheticAll(todo)
	case "propose":
		err = g.proposeAll(todo)
	default:
		err = fmt.Errorf("unknown step %q", flag.Arg(0))
	}
	if err != nil {
		log.Fatal(err)
	}
}

type gen struct {
	src, out string
	force    bool
	b        *browser.Browser
	servers  map[string]*server
}

func (g *gen) close() {
	for _, s := range g.servers {
		s.Close()
	}
	if g.b != nil {
		g.b.Close()
	}
}

func (g *gen) browser() (*browser.Browser, error) {
	if g.b != nil {
		return g.b, nil
	}
	b, err := browser.Start(context.Background(), browser.Options{
		ExtraFlags: []string{"host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"},
	})
	g.b = b
	return b, err
}

// capture is capture in a browser of its own, tried again in a new one
// when it fails: a browser that has opened one page of these sites fails
// now and then to wait for the next one's load ("Object reference chain
// is too long").
func (g *gen) capture(u string, o captureOpts) (*simdata.Page, error) {
	b, err := g.restart()
	if err != nil {
		return nil, err
	}
	p, err := capture(context.Background(), b, u, o)
	for try := 1; err != nil && try < 3; try++ {
		fmt.Printf("  %v; again in a new browser\n", err)
		if b, err = g.restart(); err != nil {
			return nil, err
		}
		p, err = capture(context.Background(), b, u, o)
	}
	return p, err
}

// restart closes the browser and starts another.
func (g *gen) restart() (*browser.Browser, error) {
	if g.b != nil {
		g.b.Close()
		g.b = nil
	}
	return g.browser()
}

// url serves the site's version and returns the URL of its page path.
func (g *gen) url(s site, ver, path string) (string, error) {
	v, ok := s.versions[ver]
	if !ok {
		return "", fmt.Errorf("%s has no version %s", s.name, ver)
	}
	key := v.pkg + "@" + v.ver
	srv := g.servers[key]
	if srv == nil {
		dir, err := npmPackage(g.src, v.pkg, v.ver)
		if err != nil {
			return "", err
		}
		srv, err = serve(filepath.Join(dir, v.root), g.src)
		if err != nil {
			return "", err
		}
		g.servers[key] = srv
	}
	return srv.url + "/" + path, nil
}

// pageName is the file name of a site's page of a version.
func pageName(s site, ver, path string) string {
	p := strings.TrimSuffix(path, ".html")
	p = strings.ReplaceAll(strings.TrimPrefix(p, "pages/"), "/", "_")
	return s.name + "-" + ver + "-" + p
}

func (g *gen) captured(name string) bool {
	_, err := os.Stat(filepath.Join(g.out, "pages", name+".json"))
	return err == nil && !g.force
}

// capturePage captures a site's page of a version with fingerprints,
// unless it is captured already.
func (g *gen) capturePage(s site, ver, path string) error {
	name := pageName(s, ver, path)
	if g.captured(name) {
		return nil
	}
	u, err := g.url(s, ver, path)
	if err != nil {
		return err
	}
	fmt.Println("capture", name)
	p, err := g.capture(u, captureOpts{fingerprints: isOld(s, ver, path)})
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	p.Name, p.Site, p.Version = name, s.name, ver
	for i := range p.Nodes {
		p.Nodes[i].SimID = i + 1
	}
	return simdata.WritePage(g.out, p)
}

func (g *gen) captureAll(todo []site) error {
	for _, s := range todo {
		for _, pp := range s.pairs {
			if err := g.capturePage(s, pp.oldVer, pp.oldPath); err != nil {
				return err
			}
			if err := g.capturePage(s, pp.newVer, pp.newPath); err != nil {
				return err
			}
		}
		for _, sp := range s.synthetic {
			if err := g.capturePage(s, sp[0], sp[1]); err != nil {
				return err
			}
		}
	}
	return nil
}

// isOld reports whether a site's page of a version is the old page of a
// pair: only those are described with fingerprints.
func isOld(s site, ver, path string) bool {
	for _, pp := range s.pairs {
		if pp.oldVer == ver && pp.oldPath == path {
			return true
		}
	}
	for _, sp := range s.synthetic {
		if sp[0] == ver && sp[1] == path {
			return true
		}
	}
	return false
}

// syntheticAll redesigns the synthetic pages of todo with every variant
// and writes their pairs into synthetic.json (keeping the other sites').
func (g *gen) syntheticAll(todo []site) error {
	file := filepath.Join(g.out, "synthetic.json")
	var pairs []simdata.Pair
	if b, err := os.ReadFile(file); err == nil {
		if err := json.Unmarshal(b, &pairs); err != nil {
			return err
		}
	}
	redo := map[string]bool{}
	for _, s := range todo {
		redo[s.name] = true
	}
	kept := pairs[:0]
	for _, p := range pairs {
		if !redo[siteOf(p.Name)] {
			kept = append(kept, p)
		}
	}
	pairs = kept
	for _, s := range todo {
		for _, sp := range s.synthetic {
			if err := g.capturePage(s, sp[0], sp[1]); err != nil {
				return err
			}
			old, err := simdata.ReadPage(g.out, pageName(s, sp[0], sp[1]))
			if err != nil {
				return err
			}
			for _, v := range variants {
				p, err := g.synthetic(s, sp[0], sp[1], old, v.name, v.ops)
				if err != nil {
					return err
				}
				pairs = append(pairs, *p)
			}
		}
	}
	sort.Slice(pairs, func(i, j int) bool { return pairs[i].Name < pairs[j].Name })
	b, err := json.MarshalIndent(pairs, "", " ")
	if err != nil {
		return err
	}
	return os.WriteFile(file, append(b, '\n'), 0o644)
}

// siteOf is the site a synthetic pair's name starts with.
func siteOf(name string) string {
	for _, s := range sites {
		if strings.HasPrefix(name, s.name+"-") {
			return s.name
		}
	}
	return ""
}

const presentJS = `() => { const out = []; for (const e of document.querySelectorAll("*")) if (e.__simid) out.push(e.__simid); return out; }`

// synthetic makes one redesigned version of old.
func (g *gen) synthetic(s site, ver, path string, old *simdata.Page, variant string, ops map[string]float64) (*simdata.Pair, error) {
	name := old.Name + "~" + variant
	u, err := g.url(s, ver, path)
	if err != nil {
		return nil, err
	}
	h := fnv.New32a()
	h.Write([]byte(name))
	seed := int(h.Sum32() & 0x7fffffff)
	var given, present map[int]bool
	var counts map[string]int
	fmt.Println("synthetic", name)
	np, err := g.capture(u, captureOpts{prepare: func(p *rod.Page) error {
		var err error
		if given, err = assign(p, old); err != nil {
			return err
		}
		if counts, err = redesign(p, ops, seed); err != nil {
			return err
		}
		res, err := p.Eval(presentJS)
		if err != nil {
			return err
		}
		present = map[int]bool{}
		for _, v := range res.Value.Arr() {
			present[v.Int()] = true
		}
		return nil
	}})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	np.Name, np.Site, np.Version = name, s.name, ver
	for op, n := range counts {
		np.Ops = append(np.Ops, fmt.Sprintf("%s:%d", op, n))
	}
	sort.Strings(np.Ops)
	if err := simdata.WritePage(g.out, np); err != nil {
		return nil, err
	}
	bySim := map[int][]string{}
	for _, n := range np.Nodes {
		if n.SimID != 0 {
			bySim[n.SimID] = append(bySim[n.SimID], n.Ref)
		}
	}
	pair := &simdata.Pair{Name: name, Split: s.split, Kind: simdata.Synthetic, Old: old.Name, New: name}
	var notGiven, notKept int
	for _, n := range old.Nodes {
		if n.Fingerprint == nil {
			continue
		}
		switch {
		case !given[n.SimID]:
			notGiven++ // the page loaded otherwise: identity unknown
		case len(bySim[n.SimID]) > 0:
			pair.Items = append(pair.Items, simdata.Item{Old: n.Ref, New: bySim[n.SimID]})
		case !present[n.SimID]:
			pair.Items = append(pair.Items, simdata.Item{Old: n.Ref, Note: "removed"})
		default:
			notKept++ // still there, but not a node of the snapshot
		}
	}
	fmt.Printf("  %d targets; %d without identity, %d not kept by the snapshot; ops %v\n", len(pair.Items), notGiven, notKept, np.Ops)
	return pair, nil
}
