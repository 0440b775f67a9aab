package browser

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/go-rod/rod/lib/launcher/flags"
	"github.com/go-rod/rod/lib/proto"
)

// fakeBin writes an executable file named name into dir.
func fakeBin(t *testing.T, dir, name string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestResolveOrder(t *testing.T) {
	dir := t.TempDir()
	flagBin := fakeBin(t, dir, "from-flag")
	envBin := fakeBin(t, dir, "from-env")
	pathDir := t.TempDir()
	fakeBin(t, pathDir, "chromium-browser")
	pathChrome := fakeBin(t, pathDir, "google-chrome")
	_ = pathChrome
	t.Setenv("PATH", pathDir)

	t.Setenv(EnvVar, envBin)
	if got, err := Resolve(flagBin); err != nil || got != flagBin {
		t.Fatalf("flag: got %q, %v", got, err)
	}
	if got, err := Resolve(""); err != nil || got != envBin {
		t.Fatalf("env: got %q, %v", got, err)
	}
	t.Setenv(EnvVar, "")
	if got, err := Resolve(""); err != nil || got != filepath.Join(pathDir, "chromium-browser") {
		t.Fatalf("PATH order: got %q, %v", got, err)
	}
	fakeBin(t, pathDir, "chromium")
	if got, _ := Resolve(""); got != filepath.Join(pathDir, "chromium") {
		t.Fatalf("chromium must come first, got %q", got)
	}
}

func TestResolveEndpoint(t *testing.T) {
	for _, u := range []string{"ws://127.0.0.1:9222/devtools/browser/x", "wss://farm.example/abc"} {
		got, err := Resolve(u)
		if err != nil || got != u {
			t.Fatalf("%s: got %q, %v", u, got, err)
		}
	}
	t.Setenv(EnvVar, "ws://127.0.0.1:1/devtools/browser/y")
	if got, _ := Resolve(""); !IsEndpoint(got) {
		t.Fatalf("env endpoint: got %q", got)
	}
}

func TestResolveNotFoundHasInstallHint(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	t.Setenv(EnvVar, "")
	_, err := Resolve("")
	if !errors.Is(err, ErrNotFound) || !strings.Contains(err.Error(), "apt-get install -y chromium") {
		t.Fatalf("err = %v", err)
	}
	_, err = Resolve("/no/such/browser")
	if !errors.Is(err, ErrNotFound) || !strings.Contains(err.Error(), "--browser") {
		t.Fatalf("err = %v", err)
	}
}

func TestStartAndConnectToEndpoint(t *testing.T) {
	b, err := Start(context.Background(), Options{})
	if err != nil {
		t.Fatalf("this test needs Chromium: %v", err)
	}
	defer b.Close()
	if b.Remote || b.PID() == 0 || !IsEndpoint(b.Endpoint) {
		t.Fatalf("launched browser: remote=%v pid=%d endpoint=%q", b.Remote, b.PID(), b.Endpoint)
	}
	// A second client reaches the same browser through its endpoint.
	r, err := Start(context.Background(), Options{Bin: b.Endpoint})
	if err != nil {
		t.Fatal(err)
	}
	if !r.Remote || r.PID() != 0 {
		t.Fatalf("remote browser: remote=%v pid=%d", r.Remote, r.PID())
	}
	v, err := r.Version()
	if err != nil || !strings.Contains(v.Product, "Chrom") {
		t.Fatalf("version %v, %v", v, err)
	}
	r.Close() // only disconnects
	if _, err := b.Version(); err != nil {
		t.Fatalf("closing the remote client stopped the browser: %v", err)
	}
}

// TestWindowsOpenNoChromePages: a launched browser's windows load none of
// Chromium's own WebUI pages (the address bar's popups, idleFeatures):
// when a Chromium update renames those features, this test says so. The
// same flags without idleFeatures show that the test still tells, where
// the Chromium has such popups at all (156 does; 148 loads none either
// way, and that half only logs so).
func TestWindowsOpenNoChromePages(t *testing.T) {
	major := 0
	webUI := func(opts Options, wait time.Duration) []string {
		b, err := Start(context.Background(), opts)
		if err != nil {
			t.Fatalf("this test needs Chromium: %v", err)
		}
		defer b.Close()
		if v, err := (proto.BrowserGetVersion{}).Call(b); err == nil {
			// "HeadlessChrome/148.0.7778.167"
			_, ver, _ := strings.Cut(v.Product, "/")
			major, _ = strconv.Atoi(strings.Split(ver, ".")[0])
		}
		inc, err := b.Incognito()
		if err != nil {
			t.Fatal(err)
		}
		defer inc.Close()
		p, err := inc.Page(proto.TargetCreateTarget{URL: "about:blank"})
		if err != nil {
			t.Fatal(err)
		}
		defer p.Close()
		var urls []string
		// The popups load after the window opens: look for a while.
		for end := time.Now().Add(wait); time.Now().Before(end); time.Sleep(100 * time.Millisecond) {
			ts, err := proto.TargetGetTargets{}.Call(b)
			if err != nil {
				t.Fatal(err)
			}
			urls = urls[:0]
			for _, ti := range ts.TargetInfos {
				if strings.HasPrefix(ti.URL, "chrome://") {
					urls = append(urls, ti.URL)
				}
			}
			if len(urls) > 0 {
				break
			}
		}
		return urls
	}
	if got := webUI(Options{}, time.Second); len(got) > 0 {
		t.Errorf("the browser's windows load %q", got)
	}
	// ExtraFlags' disable-features replaces the launcher's list.
	if got := webUI(Options{ExtraFlags: []string{"disable-features=site-per-process"}}, 10*time.Second); len(got) == 0 {
		if major >= 156 {
			t.Errorf("without idleFeatures Chromium %d loads no WebUI page either: the test no longer tells", major)
		} else {
			t.Logf("without idleFeatures Chromium %d loads no WebUI page either: it has none of those popups", major)
		}
	}
}

// TestStartAgainAfterACrashAtStartUp: a browser that exits before it gives
// its DevTools address is started again (Chromium 148 now and then crashes
// as it starts on a loaded machine); one that never starts fails with the
// last start's output and how many starts were tried.
func TestStartAgainAfterACrashAtStartUp(t *testing.T) {
	real, err := Resolve("")
	if err != nil {
		t.Fatalf("this test needs Chromium: %v", err)
	}
	dir := t.TempDir()
	script := func(name string, crashes int) string {
		p := filepath.Join(dir, name)
		body := fmt.Sprintf(`#!/bin/sh
n=$(cat %[1]s.count 2>/dev/null || echo 0); n=$((n+1)); echo $n > %[1]s.count
if [ $n -le %[2]d ]; then echo "crashed at start-up $n" >&2; exit 139; fi
exec %[3]s "$@"
`, p, crashes, real)
		if err := os.WriteFile(p, []byte(body), 0o755); err != nil {
			t.Fatal(err)
		}
		return p
	}
	b, err := Start(context.Background(), Options{Bin: script("once", 1)})
	if err != nil {
		t.Fatalf("a browser that crashed once was not started again: %v", err)
	}
	b.Close()
	_, err = Start(context.Background(), Options{Bin: script("always", 99)})
	if err == nil || !strings.Contains(err.Error(), "crashed at start-up 3") || !strings.Contains(err.Error(), "started 3 times") {
		t.Fatalf("want the third start's output and the count, got %v", err)
	}
}

// A headless browser lays pages out on the whole viewport; a window a
// person records in keeps the scrollbars they see and drag.
func TestScrollbarsHiddenOnlyHeadless(t *testing.T) {
	if !NewLauncher("/usr/bin/chromium", Options{}).Has(flags.Flag("hide-scrollbars")) {
		t.Errorf("headless: scrollbars not hidden")
	}
	if NewLauncher("/usr/bin/chromium", Options{Headed: true}).Has(flags.Flag("hide-scrollbars")) {
		t.Errorf("headed: scrollbars hidden from the person using the window")
	}
}
