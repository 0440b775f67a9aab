package runner

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/internal/browser"
	"github.com/qa-chain/chainreplay/internal/testenv"
	"github.com/qa-chain/chainreplay/replay"
	"github.com/qa-chain/chainreplay/report"
)

// These tests run the runner against real Chromium and the fixture pages,
// with a stand-in for replay.Flow: they test the runner (contexts, crash
// recovery, screenshots), not the engine.

func jobsNamed(names ...string) []Job {
	jobs := make([]Job, len(names))
	for i, n := range names {
		jobs[i] = Job{Path: n + ".yaml", Flow: &chain.Flow{Version: 1, Name: n, StartURL: "http://127.0.0.1/",
			Steps: []chain.Step{{Action: chain.Click}}}}
	}
	return jobs
}

func browserPID(t *testing.T, page *rod.Page) int {
	res, err := proto.SystemInfoGetProcessInfo{}.Call(page.Browser())
	if err != nil {
		t.Errorf("SystemInfo.getProcessInfo: %v", err)
		return 0
	}
	for _, p := range res.ProcessInfo {
		if p.Type == "browser" {
			return p.ID
		}
	}
	return 0
}

func passed(f *chain.Flow, page *rod.Page, opts replay.Options) report.Flow {
	st := report.Step{Index: 1, Action: "click", Status: report.Passed}
	if opts.AfterStep != nil {
		opts.AfterStep(page, &st)
	}
	return report.Flow{Name: f.Name, Status: report.Passed, Steps: []report.Step{st}}
}

func failedStep(f *chain.Flow, page *rod.Page, opts replay.Options, code report.Code, msg string) report.Flow {
	st := report.Step{Index: 1, Action: "click", Status: report.Failed, Error: &report.Error{Code: code, Message: msg}}
	if opts.AfterStep != nil {
		opts.AfterStep(page, &st)
	}
	return report.Flow{Name: f.Name, Status: report.Failed, Steps: []report.Step{st}}
}

// Two flows running at the same time in one browser do not see each
// other's cookies or storage.
func TestParallelFlowsAreIsolatedInOneBrowser(t *testing.T) {
	fx := testenv.Fixtures(t)
	written := make(chan struct{})
	var mu sync.Mutex
	pids := map[string]int{}
	contexts := map[string]proto.BrowserBrowserContextID{}
	var seen string

	fn := func(ctx context.Context, page *rod.Page, f *chain.Flow, opts replay.Options) report.Flow {
		if err := page.Navigate(fx.URL + "/login.html"); err != nil {
			return failedStep(f, page, opts, report.NavigationFailed, err.Error())
		}
		if err := browser.WaitLoadWithin(ctx, page, browser.LoadTimeout); err != nil {
			t.Errorf("load: %v", err) // not Fatal: the runner's goroutine
			return failedStep(f, page, opts, report.NavigationFailed, err.Error())
		}
		mu.Lock()
		pids[f.Name] = browserPID(t, page)
		contexts[f.Name] = page.Browser().BrowserContextID
		mu.Unlock()
		switch f.Name {
		case "writer":
			page.MustEval(`() => { document.cookie = "who=writer; path=/"; localStorage.setItem("who", "writer") }`)
			close(written)
			// Stay open while the reader looks.
			<-ctx.Done()
		case "reader":
			select {
			case <-written:
			case <-time.After(20 * time.Second):
				t.Error("the writer flow never ran alongside the reader")
			}
			mu.Lock()
			seen = page.MustEval(`() => document.cookie + "|" + (localStorage.getItem("who") || "")`).Str()
			mu.Unlock()
		}
		return passed(f, page, opts)
	}

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var run *report.Run
	done := make(chan error)
	go func() {
		var err error
		run, err = Run(ctx, jobsNamed("reader", "writer"), Options{Parallel: 2, ReplayFunc: func(c context.Context, p *rod.Page, f *chain.Flow, o replay.Options) report.Flow {
			if f.Name == "reader" {
				defer cancel() // lets the writer finish
			}
			return fn(c, p, f, o)
		}})
		done <- err
	}()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if seen != "|" {
		t.Errorf("the reader saw %q of the writer's cookie|storage, want nothing", seen)
	}
	if pids["reader"] == 0 || pids["reader"] != pids["writer"] {
		t.Errorf("both flows should run in one browser, pids %v", pids)
	}
	if contexts["reader"] == "" || contexts["reader"] == contexts["writer"] {
		t.Errorf("each flow needs its own browser context, got %v", contexts)
	}
	if run.Flows[0].Name != "reader" || run.Flows[1].Name != "writer" || run.Flows[0].File != "reader.yaml" {
		t.Errorf("results must come back in job order with their files, got %+v", run.Flows)
	}
}

// Killing the browser mid-run fails the flows it held with BROWSER_CRASHED
// and the rest of the run goes on in a fresh browser.
func TestBrowserCrashFailsItsFlowsAndTheRunGoesOn(t *testing.T) {
	fx := testenv.Fixtures(t)
	var mu sync.Mutex
	pids := map[string]int{}
	var started sync.WaitGroup
	started.Add(2)

	fn := func(ctx context.Context, page *rod.Page, f *chain.Flow, opts replay.Options) report.Flow {
		if err := page.Navigate(fx.URL + "/login.html"); err != nil {
			return failedStep(f, page, opts, report.NavigationFailed, err.Error())
		}
		pid := browserPID(t, page)
		mu.Lock()
		pids[f.Name] = pid
		mu.Unlock()
		if strings.HasPrefix(f.Name, "held") {
			started.Done()
			// A step that waits on the page until the browser dies under it.
			_, err := page.Eval(`() => new Promise(() => {})`)
			return failedStep(f, page, opts, report.CDPError, fmt.Sprint("evaluate: ", err))
		}
		return passed(f, page, opts)
	}

	go func() {
		started.Wait()
		mu.Lock()
		pid := pids["held-1"]
		mu.Unlock()
		if pid == 0 {
			t.Error("no browser pid to kill")
			return
		}
		syscall.Kill(pid, syscall.SIGKILL)
	}()

	run, err := Run(context.Background(), jobsNamed("held-1", "held-2", "after-1", "after-2"), Options{Parallel: 2, ReplayFunc: fn, Replay: replay.Options{Debug: tlog{t}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range run.Flows[:2] {
		if f.Status != report.Failed || f.Error == nil || f.Error.Code != report.BrowserCrashed {
			t.Errorf("%s: status %s, error %+v; want failed with BROWSER_CRASHED", f.Name, f.Status, f.Error)
		}
		if st := f.Steps[0]; st.Error == nil || st.Error.Code != report.BrowserCrashed || !strings.Contains(st.Error.Message, "CDP_ERROR") {
			t.Errorf("%s: the running step should fail with BROWSER_CRASHED keeping what it saw, got %+v", f.Name, st.Error)
		}
	}
	for _, f := range run.Flows[2:] {
		if f.Status != report.Passed {
			t.Errorf("%s ran after the crash: status %s, error %+v; want passed in a fresh browser", f.Name, f.Status, f.Error)
		}
	}
	if pids["after-1"] == 0 || pids["after-1"] == pids["held-1"] {
		t.Errorf("the flows after the crash need a fresh browser, pids %v", pids)
	}
	if run.Summary.Flows != 4 || run.Summary.FlowsPassed != 2 {
		t.Errorf("summary %+v", run.Summary)
	}
}

// A failed step is photographed into the report folder with the page URL;
// nothing is left in temp folders, and no temporary file in the report.
func TestScreenshotsGoToTheReportFolderOnly(t *testing.T) {
	fx := testenv.Fixtures(t)
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	dir := filepath.Join(t.TempDir(), "report")

	fn := func(ctx context.Context, page *rod.Page, f *chain.Flow, opts replay.Options) report.Flow {
		page.MustNavigate(fx.URL + "/list.html")
		if err := browser.WaitLoadWithin(ctx, page, browser.LoadTimeout); err != nil {
			t.Errorf("load: %v", err) // not Fatal: the runner's goroutine
			return failedStep(f, page, opts, report.NavigationFailed, err.Error())
		}
		if f.Name == "bad" {
			return failedStep(f, page, opts, report.ElementNotFound, "no such button")
		}
		return passed(f, page, opts)
	}
	run, err := Run(context.Background(), jobsNamed("good", "bad"), Options{ReplayFunc: fn, Screenshots: Screenshots{Dir: dir}})
	if err != nil {
		t.Fatal(err)
	}
	good, bad := run.Flows[0].Steps[0], run.Flows[1].Steps[0]
	if good.Screenshot != "" {
		t.Errorf("a passed step has no screenshot without All, got %q", good.Screenshot)
	}
	if bad.Screenshot != "screenshots/002-bad-step-01.png" {
		t.Errorf("failed step screenshot %q", bad.Screenshot)
	}
	if bad.URL != fx.URL+"/list.html" || good.URL != fx.URL+"/list.html" {
		t.Errorf("step URLs %q, %q", good.URL, bad.URL)
	}
	png, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(bad.Screenshot)))
	if err != nil || len(png) < 100 || string(png[1:4]) != "PNG" {
		t.Errorf("screenshot file: %d bytes, %v", len(png), err)
	}
	var files []string
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files = append(files, p)
		}
		return nil
	})
	if len(files) != 1 {
		t.Errorf("the report folder should hold the one screenshot, holds %q", files)
	}
	filepath.WalkDir(tmp, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			t.Errorf("left behind in the temp folder: %s", p)
		}
		return nil
	})
}

// tlog sends the runner's debug lines to the test log.
type tlog struct{ t *testing.T }

func (l tlog) Write(b []byte) (int, error) {
	l.t.Logf("%s %s", time.Now().Format("15:04:05.000"), strings.TrimSpace(string(b)))
	return len(b), nil
}

// -v traces every DevTools command, but never what a step types.
func TestTraceShowsCommandsNotTypedText(t *testing.T) {
	fx := testenv.Fixtures(t)
	var log strings.Builder
	var mu sync.Mutex
	w := writerFunc(func(b []byte) (int, error) {
		mu.Lock()
		defer mu.Unlock()
		return log.Write(b)
	})
	fn := func(ctx context.Context, page *rod.Page, f *chain.Flow, opts replay.Options) report.Flow {
		page.MustNavigate(fx.URL + "/login.html")
		if err := browser.WaitLoadWithin(ctx, page, browser.LoadTimeout); err != nil {
			t.Errorf("load: %v", err) // not Fatal: the runner's goroutine
			return failedStep(f, page, opts, report.NavigationFailed, err.Error())
		}
		page.MustElement("#password").MustInput("s3cret-value")
		return passed(f, page, opts)
	}
	if _, err := Run(context.Background(), jobsNamed("typing"), Options{ReplayFunc: fn, TraceCDP: true, Replay: replay.Options{Debug: w}}); err != nil {
		t.Fatal(err)
	}
	out := log.String()
	for _, want := range []string{"[CDP]", "Page.navigate", `"url":"` + fx.URL + `/login.html"`, "Input.insertText", "Target.createBrowserContext"} {
		if !strings.Contains(out, want) {
			t.Errorf("the trace lacks %q", want)
		}
	}
	if strings.Contains(out, "s3cret") {
		t.Error("the trace shows typed text")
	}
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(b []byte) (int, error) { return f(b) }
