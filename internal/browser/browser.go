package browser

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/launcher"
	"github.com/go-rod/rod/lib/launcher/flags"
)

// EnvVar is the environment variable that names the browser when no flag does.
const EnvVar = "BROWSER_BIN"

// InstallHint is appended to every "no browser" error.
const InstallHint = "install Chromium with: apt-get install -y chromium (or set --browser / $BROWSER_BIN)"

// ErrNotFound is returned (wrapped) when no browser binary can be found.
var ErrNotFound = errors.New("no Chromium browser found")

// candidates are looked up on PATH, in order, when neither flag nor
// environment names a browser.
var candidates = []string{"chromium", "chromium-browser", "google-chrome"}

// Options says which browser to use and how to start it. The zero value
// finds Chromium by the usual rules and starts it headless.
type Options struct {
	// Bin is the --browser flag: a path, a command name on PATH, or a
	// ws:// / wss:// DevTools endpoint. Empty means $BROWSER_BIN, then PATH.
	Bin string
	// Headed shows a window instead of running headless.
	Headed bool
	// SiteIsolation keeps Chromium's default out-of-process iframes
	// (rod's launcher turns them off unless asked).
	SiteIsolation bool
	// ExtraFlags are added to the command line, as "name" or "name=value";
	// one the launcher sets itself (disable-features) replaces its value.
	ExtraFlags []string
	// Trace, when set, receives a line per DevTools command sent (-v).
	Trace io.Writer
	// Env is added to a launched browser's environment, as NAME=VALUE
	// (DISPLAY=:99 for a window on a virtual display).
	Env []string
}

// Browser is a connected browser and, when this process started it, the
// means to stop it and remove its profile.
type Browser struct {
	*rod.Browser
	// Endpoint is the DevTools WebSocket URL.
	Endpoint string
	// Remote is true when the browser was reached over ws:// and not started here.
	Remote   bool
	launcher *launcher.Launcher
}

// Resolve returns the browser to use: a ws:// endpoint or the path of a
// binary, following flag, $BROWSER_BIN, then PATH. It never downloads.
func Resolve(flagValue string) (string, error) {
	for _, v := range []struct{ val, from string }{{flagValue, "--browser"}, {os.Getenv(EnvVar), "$" + EnvVar}} {
		if v.val == "" {
			continue
		}
		if IsEndpoint(v.val) {
			return v.val, nil
		}
		p, err := exec.LookPath(v.val)
		if err != nil {
			return "", fmt.Errorf("%w: %s=%q is not an executable (%v); %s", ErrNotFound, v.from, v.val, err, InstallHint)
		}
		return p, nil
	}
	for _, name := range candidates {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("%w on PATH (looked for %s); %s", ErrNotFound, strings.Join(candidates, ", "), InstallHint)
}

// IsEndpoint reports whether s is a DevTools WebSocket endpoint.
func IsEndpoint(s string) bool {
	return strings.HasPrefix(s, "ws://") || strings.HasPrefix(s, "wss://")
}

// Start connects to the browser that opts name, launching it when it is a
// binary. The caller must Close it.
func Start(ctx context.Context, opts Options) (*Browser, error) {
	bin, err := Resolve(opts.Bin)
	if err != nil {
		return nil, err
	}
	if IsEndpoint(bin) {
		b, err := connect(ctx, bin, opts.Trace)
		if err != nil {
			return nil, fmt.Errorf("connect to browser at %s: %w", bin, err)
		}
		return &Browser{Browser: b.Context(context.Background()), Endpoint: bin, Remote: true}, nil
	}
	l, u, err := Launch(ctx, func() *launcher.Launcher { return NewLauncher(bin, opts) })
	if err != nil {
		return nil, fmt.Errorf("launch %s: %w", bin, err)
	}
	b, err := connect(context.Background(), u, opts.Trace)
	if err != nil {
		l.Kill()
		return nil, fmt.Errorf("connect to %s: %w", bin, err)
	}
	return &Browser{Browser: b, Endpoint: u, launcher: l}, nil
}

// LaunchAttempts is how many times Launch starts a browser that exits
// before it gives its DevTools address. Debian's Chromium 148 now and then
// crashes as it starts on a loaded machine (crashpad reports "no stack
// mapping", and no address is printed); the next start does not.
const LaunchAttempts = 3

// Launch starts the browser a launcher from newLauncher describes and
// returns the launcher and the browser's DevTools address. A browser that
// exits as it starts is started again, from a fresh launcher (a fresh
// profile), up to LaunchAttempts times; the error is the last start's.
func Launch(ctx context.Context, newLauncher func() *launcher.Launcher) (*launcher.Launcher, string, error) {
	var err error
	for i := 1; ; i++ {
		l := newLauncher()
		var u string
		if u, err = l.Context(ctx).Launch(); err == nil {
			return l, u, nil
		}
		// Not l.Cleanup: it waits for the process to exit, and a process
		// that never started never does.
		l.Kill()
		_ = os.RemoveAll(l.Get(flags.UserDataDir))
		if i == LaunchAttempts || ctx.Err() != nil {
			return nil, "", fmt.Errorf("%w (started %d times)", err, i)
		}
	}
}

// idleFeatures are Chromium features that only serve its own window's
// chrome and cost CPU in every window a test or a replay opens: the
// address bar's popups are WebUI pages, each window's loaded in a
// renderer of its own (in headless mode too), which took about 70% of
// the browser's CPU while pages in fresh incognito windows were opened
// and closed (Chromium 156). A headed window falls back to the
// built-in popup.
var idleFeatures = []string{"TranslateUI", "WebUIOmniboxPopup", "WebUIOmniboxAimPopup"}

// NewLauncher returns rod's launcher for bin with the project's flags:
// headless unless opts.Headed, --no-sandbox as root, the flags that keep
// Chromium off the network, its window's own popups off (idleFeatures),
// and scrollbars hidden when headless.
func NewLauncher(bin string, opts Options) *launcher.Launcher {
	l := launcher.New().Bin(bin).Headless(!opts.Headed).Leakless(true)
	if os.Geteuid() == 0 {
		l = l.NoSandbox(true)
	}
	for _, f := range []string{"disable-gpu", "disable-background-networking", "disable-component-update",
		"disable-sync", "no-first-run", "disable-quic", "mute-audio"} {
		l = l.Set(flags.Flag(f))
	}
	if !opts.Headed {
		// Headless, the page is laid out on the whole viewport; a window
		// a person uses keeps its scrollbars, which they see and drag.
		l = l.Set(flags.Flag("hide-scrollbars"))
	}
	disabled := idleFeatures
	if opts.SiteIsolation {
		l = l.Delete("disable-site-isolation-trials")
	} else {
		disabled = append([]string{"site-per-process"}, disabled...)
	}
	l = l.Set("disable-features", strings.Join(disabled, ","))
	if len(opts.Env) > 0 {
		// The last of duplicate names wins (os/exec).
		l = l.Env(append(os.Environ(), opts.Env...)...)
	}
	for _, f := range opts.ExtraFlags {
		name, val, ok := strings.Cut(strings.TrimLeft(f, "-"), "=")
		if ok {
			l = l.Set(flags.Flag(name), val)
		} else {
			l = l.Set(flags.Flag(name))
		}
	}
	return l
}

// Close closes the browser. A launched browser is asked to quit, waited for,
// and its temporary profile removed; a remote one is only disconnected.
func (b *Browser) Close() error {
	if b == nil || b.Browser == nil {
		return nil
	}
	if b.launcher == nil {
		return nil
	}
	err := b.Browser.Close()
	if err != nil {
		b.launcher.Kill()
	}
	b.launcher.Cleanup()
	return err
}

// PID is the browser process id, 0 for a remote browser.
func (b *Browser) PID() int {
	if b.launcher == nil {
		return 0
	}
	return b.launcher.PID()
}
