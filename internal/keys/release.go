package keys

import (
	"context"
	"time"

	"github.com/go-rod/rod/lib/proto"
)

// ReleaseGrace is how long the event that ends an input (a keyUp, a
// mouseReleased) may take once its context has ended.
const ReleaseGrace = 5 * time.Second

// Release returns c (a page) for the event that ends an input begun
// through it: with c's session, and a context that c's own ending does not
// end, for ReleaseGrace. An input begun is ended whatever ends its step
// meanwhile (a deadline, a stop): a keyDown or a mousePressed left without
// its keyUp or mouseReleased holds the key or the button down for the
// page, and for every later step. Call cancel once the event was sent.
func Release(c proto.Client) (proto.Client, context.CancelFunc) {
	rctx, cancel := context.WithTimeout(context.WithoutCancel(contextOf(c)), ReleaseGrace)
	return released{c: c, ctx: rctx}, cancel
}

// contextOf is the context requests through c are sent in.
func contextOf(c proto.Client) context.Context {
	if x, ok := c.(proto.Contextable); ok {
		return x.GetContext()
	}
	return context.Background()
}

// released is Release's client.
type released struct {
	c   proto.Client
	ctx context.Context
}

// Call sends a request through the client released stands for.
func (r released) Call(ctx context.Context, sessionID, method string, params any) ([]byte, error) {
	return r.c.Call(ctx, sessionID, method, params)
}

// GetContext is the context the request is sent in.
func (r released) GetContext() context.Context { return r.ctx }

// GetSessionID is the session of the client released stands for.
func (r released) GetSessionID() proto.TargetSessionID {
	if s, ok := r.c.(proto.Sessionable); ok {
		return s.GetSessionID()
	}
	return ""
}
