package strategies

import (
	"context"

	"github.com/go-rod/rod/lib/proto"
	"github.com/ysmood/gson"
)

// session is a DevTools client bound to one session and one context, so
// rod's typed calls (proto.X{}.Call(s)) go to the right target and stop with
// the step's deadline.
type session struct {
	c   proto.Client
	id  proto.TargetSessionID
	ctx context.Context
}

func (s session) Call(ctx context.Context, sessionID, method string, params interface{}) ([]byte, error) {
	return s.c.Call(ctx, sessionID, method, params)
}

func (s session) GetSessionID() proto.TargetSessionID { return s.id }

func (s session) GetContext() context.Context { return s.ctx }

// withCtx binds c (a *rod.Page or any session-carrying client) to ctx.
func withCtx(c proto.Client, ctx context.Context) session {
	var id proto.TargetSessionID
	if s, ok := c.(proto.Sessionable); ok {
		id = s.GetSessionID()
	}
	return session{c: c, id: id, ctx: ctx}
}

// jsonValue wraps a Go value as a Runtime.callFunctionOn argument: values
// reach page functions as arguments, never spliced into source.
func jsonValue(v any) gson.JSON { return gson.New(v) }
