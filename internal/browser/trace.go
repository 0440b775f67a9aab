package browser

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/cdp"
	"github.com/go-rod/rod/lib/launcher"
)

// connect returns a browser connected to the DevTools endpoint u, logging
// every command sent to trace when it is not nil. ctx bounds the
// connection's life, as rod's own Connect does.
func connect(ctx context.Context, u string, trace io.Writer) (*rod.Browser, error) {
	// No default device: rod otherwise emulates a macOS laptop with an old
	// Chrome user agent on every page, which recordings would then carry.
	// Callers set the viewport they need.
	b := rod.New().Context(ctx).NoDefaultDevice()
	wsURL, err := launcher.ResolveURL(u)
	if err != nil {
		return nil, err
	}
	ws := &cdp.WebSocket{}
	if err := ws.Connect(ctx, wsURL, nil); err != nil {
		return nil, err
	}
	var c rod.CDPClient = newClient(ws)
	if trace != nil {
		c = &tracingClient{CDPClient: c, w: trace}
	}
	return b, b.Client(c).Connect()
}

// tracingClient writes one line per DevTools command (seed 001's debug
// logging): time taken, method, session, and the parameters of commands
// that cannot carry typed text or page values; the others show only
// their size, so a secret typed by a step never reaches the log.
type tracingClient struct {
	rod.CDPClient
	mu sync.Mutex
	w  io.Writer
}

// shownParams are the commands whose parameters are logged in full.
var shownParams = map[string]bool{
	"Input.dispatchMouseEvent": true, "Input.dispatchTouchEvent": true, "Page.navigate": true,
	"DOM.getBoxModel": true, "DOM.describeNode": true, "DOM.scrollIntoViewIfNeeded": true,
	"DOM.getNodeForLocation": true, "DOM.querySelector": true, "DOM.querySelectorAll": true,
	"DOM.resolveNode": true, "DOM.getDocument": true, "DOM.focus": true, "Page.captureScreenshot": true,
	"Emulation.setDeviceMetricsOverride": true, "Target.createTarget": true, "Target.attachToTarget": true,
	"Target.closeTarget": true, "Target.createBrowserContext": true, "Target.disposeBrowserContext": true,
}

func (c *tracingClient) Call(ctx context.Context, sessionID, method string, params any) ([]byte, error) {
	start := time.Now()
	res, err := c.CDPClient.Call(ctx, sessionID, method, params)
	var b strings.Builder
	fmt.Fprintf(&b, "[CDP] %6.1fms %s", float64(time.Since(start).Microseconds())/1000, method)
	if sessionID != "" {
		fmt.Fprintf(&b, " session=%.8s", sessionID)
	}
	if p, jerr := json.Marshal(params); jerr == nil && string(p) != "null" && string(p) != "{}" {
		if shownParams[method] {
			s := string(p)
			if len(s) > 200 {
				s = s[:200] + "..."
			}
			b.WriteString(" " + s)
		} else {
			fmt.Fprintf(&b, " (%d bytes of params not shown)", len(p))
		}
	}
	if err != nil {
		fmt.Fprintf(&b, " error: %v", err)
	}
	c.mu.Lock()
	fmt.Fprintln(c.w, b.String())
	c.mu.Unlock()
	return res, err
}
