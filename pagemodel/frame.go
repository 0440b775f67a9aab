package pagemodel

import (
	"context"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"
)

// NextFrame waits for the next animation frame of page's main world, as
// the engine's own wait (uncounted by Settle). A page that renders nothing
// (a tab behind another in its window, a minimized window) runs no frame:
// the caller bounds ctx.
func NextFrame(ctx context.Context, page *rod.Page) error {
	_, err := proto.RuntimeEvaluate{Expression: nextFrameJS, AwaitPromise: true, ReturnByValue: true}.Call(page.Context(ctx))
	return err
}
