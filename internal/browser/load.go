package browser

import (
	"context"
	"fmt"
	"time"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/internal/wait"
)

// WaitLoad waits until page's document has loaded (its readyState is
// "complete") or ctx ends. It asks for the state as a string, every 10 ms:
// rod's Page.WaitLoad resolves with the load event itself, returned by
// value, and a page whose scripts hang objects on that event (Bootstrap 5
// sets its delegateTarget to the window) makes that fail with "Object
// reference chain is too long".
//
// An evaluation that fails (a document being replaced has no context yet)
// is asked again; when ctx ends, the last such error is part of the one
// returned.
//
// It asks the top document of page's session: the *rod.Page that rod's
// Element.Frame returns for a same-process iframe shares that session, and
// is not waited for by it.
func WaitLoad(ctx context.Context, page *rod.Page) error {
	err := PollLoad(ctx, func(ctx context.Context) (string, error) {
		res, err := proto.RuntimeEvaluate{Expression: "document.readyState", ReturnByValue: true}.Call(page.Context(ctx))
		if err != nil {
			return "", err
		}
		return res.Result.Value.Str(), nil
	})
	if err != nil {
		return fmt.Errorf("waiting for the page to load: %w", err)
	}
	return nil
}

// PollLoad asks readyState for a document's readyState every 10 ms until
// it answers "complete" (nil) or ctx ends (ctx's error, with the last
// failure of readyState when the last asking failed): the one load poll,
// for a page (WaitLoad) or a document that page script reaches another
// way (a frame's).
func PollLoad(ctx context.Context, readyState func(context.Context) (string, error)) error {
	var last error
	for {
		state, err := readyState(ctx)
		if err == nil && state == "complete" {
			return nil
		}
		switch {
		case err == nil:
			last = nil // loading, and answering
		case ctx.Err() == nil:
			last = err
		}
		if err := wait.Sleep(ctx, 10*time.Millisecond); err != nil {
			if last != nil {
				return fmt.Errorf("%w (last: %v)", err, last)
			}
			return err
		}
	}
}

// LoadTimeout is how long the recorder, the benchmark and the tests give a
// page to load (WaitLoadWithin).
const LoadTimeout = 30 * time.Second

// WaitLoadWithin is WaitLoad for at most d.
func WaitLoadWithin(ctx context.Context, page *rod.Page, d time.Duration) error {
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	return WaitLoad(ctx, page)
}
