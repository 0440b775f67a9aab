package testenv

import (
	"path/filepath"
	"testing"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/fixtures"
	"github.com/qa-chain/chainreplay/internal/pagejs"
)

// Flow loads the fixture flow name (fixtures/flows/name) as seen from a
// package's directory, where go test runs.
func Flow(tb testing.TB, name string) *chain.Flow {
	tb.Helper()
	f, err := chain.Load(filepath.Join("..", "fixtures", "flows", name))
	if err != nil {
		tb.Fatal(err)
	}
	return f
}

// FlowStep is a step with a target of a fixture flow, on one of the pages
// it is replayed on.
type FlowStep struct {
	Flow  string    // the flow's file name in fixtures/flows
	Path  string    // the page's path on the fixture server
	Page  *rod.Page // the page, loaded
	Index int       // the step's index in the flow
	Step  chain.Step
}

// EachFlowStep loads each fixture flow named in pagesOf, opens each of the
// pages listed for it, and calls fn for every step of the flow that has a
// target, on each page.
func EachFlowStep(tb testing.TB, fx *fixtures.Server, pagesOf map[string][]string, fn func(FlowStep)) {
	tb.Helper()
	for file, pages := range pagesOf {
		f := Flow(tb, file)
		for _, path := range pages {
			page := Page(tb, fx.URL+"/"+path)
			for i, st := range f.Steps {
				if st.Target != nil {
					fn(FlowStep{Flow: file, Path: path, Page: page, Index: i, Step: st})
				}
			}
		}
	}
}

// PageWithClosedRoots opens url in a new page that runs the replay's
// ClosedRoots script (pagejs) before the page's own, as replay.Flow does,
// and closes the page at cleanup.
func PageWithClosedRoots(tb testing.TB, url string) *rod.Page {
	tb.Helper()
	return PageWithScripts(tb, url, pagejs.ClosedRoots)
}

// PageWithScripts opens url in a new page that runs scripts in every
// document before the page's own (Page.addScriptToEvaluateOnNewDocument),
// waits for its load event, and closes the page at cleanup.
func PageWithScripts(tb testing.TB, url string, scripts ...string) *rod.Page {
	tb.Helper()
	page, err := Browser(tb).Page(proto.TargetCreateTarget{URL: "about:blank"})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { page.Close() })
	for _, src := range scripts {
		if _, err := (proto.PageAddScriptToEvaluateOnNewDocument{Source: src}).Call(page); err != nil {
			tb.Fatal(err)
		}
	}
	if err := page.Navigate(url); err != nil {
		tb.Fatalf("navigate %s: %v", url, err)
	}
	WaitLoad(tb, page)
	return page
}
