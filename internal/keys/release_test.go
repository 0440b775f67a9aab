package keys

import (
	"context"
	"testing"

	"github.com/go-rod/rod/lib/proto"
)

// client records the context and session each request was sent with.
type client struct {
	ctx     context.Context
	session proto.TargetSessionID
	sent    []error // the context's error as each request was sent
}

func (c *client) Call(ctx context.Context, sessionID, method string, params any) ([]byte, error) {
	c.sent = append(c.sent, ctx.Err())
	if sessionID != string(c.session) {
		return nil, context.Canceled
	}
	return nil, ctx.Err()
}
func (c *client) GetContext() context.Context         { return c.ctx }
func (c *client) GetSessionID() proto.TargetSessionID { return c.session }

// A key pressed through a client whose context ends between its keyDown
// and its keyUp is released all the same, in the client's session.
func TestAKeyPressedIsReleasedWhateverEndsItsContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	c := &client{ctx: ctx, session: "S1"}
	// The context ends as the keyDown is sent.
	d := &cancelling{client: c, cancel: cancel}
	if err := Press(d, "Enter", 0); err != nil {
		t.Fatalf("the keyUp was not sent: %v", err)
	}
	if len(c.sent) != 2 || c.sent[0] != nil || c.sent[1] != nil {
		t.Fatalf("want a keyDown and a keyUp each sent in a live context; got %v", c.sent)
	}
	if ctx.Err() == nil {
		t.Fatal("the step's context was to have ended")
	}
}

// cancelling is a client whose context ends once its first request was
// sent.
type cancelling struct {
	*client
	cancel context.CancelFunc
}

func (c *cancelling) Call(ctx context.Context, sessionID, method string, params any) ([]byte, error) {
	defer c.cancel()
	return c.client.Call(ctx, sessionID, method, params)
}

// A key is not pressed through a client whose context has ended: a
// keyDown sent then would reach the page, its answer lost.
func TestNoKeyIsPressedOnceTheContextEnded(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	c := &client{ctx: ctx, session: "S1"}
	if err := Press(c, "Enter", 0); err == nil || len(c.sent) != 0 {
		t.Fatalf("want nothing sent and the context's error; sent %d, err %v", len(c.sent), err)
	}
}

// Release's context lives as long as c's does, however long a slow page
// takes to answer, and ReleaseGrace past its end: not a fixed time from
// when the input began.
func TestReleaseLivesWhileItsStepDoes(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	rc, done := Release(&client{ctx: ctx})
	defer done()
	rctx := rc.(proto.Contextable).GetContext()
	if _, ok := rctx.Deadline(); ok || rctx.Err() != nil {
		t.Fatal("Release's context has a deadline of its own while its step's lives")
	}
	cancel()
	if rctx.Err() != nil {
		t.Fatal("Release's context ended with its step's: the release would not be sent")
	}
	done()
	if rctx.Err() == nil {
		t.Fatal("Release's context outlived its cancel")
	}
}
