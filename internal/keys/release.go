package keys

import (
	"context"
	"time"

	"github.com/go-rod/rod/lib/proto"
)

// ReleaseGrace is how long the events of an input begun (its keyUp, its
// mouseReleased, a long press's hold) may go on once the context they
// were begun in has ended.
const ReleaseGrace = 5 * time.Second

// Release returns c (a page) for the events of an input begun through it:
// with c's session, and a context that ends ReleaseGrace after c's own
// ends (or once cancel is called). An input begun is made whole whatever
// ends its step meanwhile (a deadline, a stop): a keyDown or a
// mousePressed left without its keyUp or mouseReleased holds the key or
// the button down for the page, and for every later step; and an event
// sent as a context ends is still delivered, its answer lost. Call cancel
// once the events were sent.
func Release(c proto.Client) (proto.Client, context.CancelFunc) {
	parent := contextOf(c)
	rctx, cancel := context.WithCancel(context.WithoutCancel(parent))
	stop := context.AfterFunc(parent, func() { time.AfterFunc(ReleaseGrace, cancel) })
	return released{c: c, ctx: rctx}, func() { stop(); cancel() }
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
