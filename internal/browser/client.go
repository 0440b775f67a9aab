package browser

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/go-rod/rod/lib/cdp"
)

// client is the DevTools protocol client the project's browsers use in
// place of rod's cdp.Client. It behaves the same (rod's CDPClient: calls
// matched to replies by id, events on an unbuffered channel in arrival
// order, every pending call failed when the connection drops), but it finds
// a message's envelope (id, method, sessionId, and where result, error or
// params lie) with one scan that steps over string bodies with
// bytes.IndexByte, and hands the result on as a slice of the message, not a
// copy. rod's client decodes every message twice with encoding/json (once
// for the id, once for the whole), which on a large reply costs about as
// much Go time as Chromium spends producing it: a page snapshot's 0.5 MB
// answer took 8 ms more in rod's client (BenchmarkClientEnvelope).
type client struct {
	ws      cdp.WebSocketable
	count   atomic.Int64
	mu      sync.Mutex
	pending map[int64]chan reply
	closed  error // set once the connection dropped
	event   chan *cdp.Event
}

type reply struct {
	msg []byte
	err error
}

// newClient starts reading ws.
func newClient(ws cdp.WebSocketable) *client {
	c := &client{ws: ws, pending: map[int64]chan reply{}, event: make(chan *cdp.Event)}
	go c.consume()
	return c
}

// Event returns the browser's events; they must be received, or reading stops.
func (c *client) Event() <-chan *cdp.Event { return c.event }

// Call sends one command and waits for its reply or ctx's end.
func (c *client) Call(ctx context.Context, sessionID, method string, params any) ([]byte, error) {
	id := c.count.Add(1)
	data, err := json.Marshal(cdp.Request{ID: int(id), SessionID: sessionID, Method: method, Params: params})
	if err != nil {
		return nil, err
	}
	ch := make(chan reply, 1)
	c.mu.Lock()
	if c.closed != nil {
		c.mu.Unlock()
		return nil, c.closed
	}
	c.pending[id] = ch
	c.mu.Unlock()
	defer func() {
		c.mu.Lock()
		delete(c.pending, id)
		c.mu.Unlock()
	}()
	if err := c.ws.Send(data); err != nil {
		return nil, err
	}
	if s, ok := ctx.Value(sentKey{}).(*sentSignal); ok {
		s.once.Do(func() { close(s.ch) })
	}
	select {
	case <-ctx.Done():
		return nil, ctx.Err()
	case r := <-ch:
		return r.msg, r.err
	}
}

type sentKey struct{}

type sentSignal struct {
	once sync.Once
	ch   chan struct{}
}

// NotifySent returns a context for one DevTools call and a channel that
// the project's client closes once that call's command is on the
// connection: a command sent after it reaches the browser after it, and
// Chromium runs a session's commands in the order they come. A call
// through another client never closes the channel.
func NotifySent(ctx context.Context) (context.Context, <-chan struct{}) {
	s := &sentSignal{ch: make(chan struct{})}
	return context.WithValue(ctx, sentKey{}, s), s.ch
}

// consume reads messages until the connection drops, then fails every
// pending call with the read error and closes the event channel.
func (c *client) consume() {
	defer close(c.event)
	for {
		data, err := c.ws.Read()
		if err != nil {
			c.fail(err)
			return
		}
		env, err := readEnvelope(data)
		if err != nil {
			// Chromium sends well-formed JSON; anything else is not a
			// DevTools endpoint. Say so to every caller, as a drop would.
			c.fail(err)
			if cl, ok := c.ws.(interface{ Close() error }); ok {
				_ = cl.Close()
			}
			return
		}
		if env.id == 0 {
			c.event <- &cdp.Event{SessionID: env.sessionID, Method: env.method, Params: env.params}
			continue
		}
		c.mu.Lock()
		ch := c.pending[env.id]
		c.mu.Unlock()
		if ch == nil {
			continue // the caller gave up
		}
		if env.err != nil {
			var e cdp.Error
			if err := json.Unmarshal(env.err, &e); err != nil {
				ch <- reply{err: err}
			} else {
				ch <- reply{err: &e}
			}
			continue
		}
		ch <- reply{msg: env.result}
	}
}

// fail fails every pending call, and every later one, with err. A call
// whose reply already waits in its channel keeps it.
func (c *client) fail(err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.closed = err
	for _, ch := range c.pending {
		select {
		case ch <- reply{err: err}:
		default:
		}
	}
}

// envelope is the top level of one DevTools message. result, err and
// params are slices of the message.
type envelope struct {
	id        int64
	method    string
	sessionID string
	result    []byte
	err       []byte
	params    []byte
}

// errEnvelope says a message is not a JSON object of the DevTools shape.
var errEnvelope = errors.New("devtools: malformed message")

// readEnvelope finds the top-level members of the JSON object data. Values
// other than the envelope's own are stepped over, not checked: the one who
// decodes result or params checks them.
func readEnvelope(data []byte) (envelope, error) {
	var env envelope
	i := skipSpace(data, 0)
	if i >= len(data) || data[i] != '{' {
		return env, errEnvelope
	}
	i = skipSpace(data, i+1)
	if i < len(data) && data[i] == '}' {
		return env, nil
	}
	for {
		if i >= len(data) || data[i] != '"' {
			return env, errEnvelope
		}
		kEnd := skipString(data, i)
		if kEnd < 0 {
			return env, errEnvelope
		}
		key := data[i+1 : kEnd-1]
		i = skipSpace(data, kEnd)
		if i >= len(data) || data[i] != ':' {
			return env, errEnvelope
		}
		i = skipSpace(data, i+1)
		end := skipValue(data, i)
		if end < 0 {
			return env, errEnvelope
		}
		val := data[i:end]
		switch string(key) {
		case "id":
			n, err := strconv.ParseInt(string(val), 10, 64)
			if err != nil {
				return env, errEnvelope
			}
			env.id = n
		case "method":
			if err := unquoteTo(val, &env.method); err != nil {
				return env, err
			}
		case "sessionId":
			if err := unquoteTo(val, &env.sessionID); err != nil {
				return env, err
			}
		case "result":
			env.result = val
		case "error":
			env.err = val
		case "params":
			env.params = val
		}
		i = skipSpace(data, end)
		if i >= len(data) {
			return env, errEnvelope
		}
		if data[i] == '}' {
			return env, nil
		}
		if data[i] != ',' {
			return env, errEnvelope
		}
		i = skipSpace(data, i+1)
	}
}

// unquoteTo decodes the JSON string v into s: directly when it has no
// escapes (method names and session ids never do).
func unquoteTo(v []byte, s *string) error {
	if len(v) < 2 || v[0] != '"' {
		return errEnvelope
	}
	if bytes.IndexByte(v, '\\') < 0 {
		*s = string(v[1 : len(v)-1])
		return nil
	}
	if err := json.Unmarshal(v, s); err != nil {
		return errEnvelope
	}
	return nil
}

func skipSpace(d []byte, i int) int {
	for i < len(d) && (d[i] == ' ' || d[i] == '\n' || d[i] == '\r' || d[i] == '\t') {
		i++
	}
	return i
}

// skipString returns the index after the JSON string starting at d[i] (a
// quote), or -1. A quote ends the string unless an odd run of backslashes
// precedes it.
func skipString(d []byte, i int) int {
	j := i + 1
	for {
		q := bytes.IndexByte(d[j:], '"')
		if q < 0 {
			return -1
		}
		j += q
		bs := 0
		for k := j - 1; k > i && d[k] == '\\'; k-- {
			bs++
		}
		j++
		if bs%2 == 0 {
			return j
		}
	}
}

// skipValue returns the index after the JSON value starting at d[i], or -1.
func skipValue(d []byte, i int) int {
	if i >= len(d) {
		return -1
	}
	switch d[i] {
	case '"':
		return skipString(d, i)
	case '{', '[':
		depth := 0
		for i < len(d) {
			switch d[i] {
			case '"':
				i = skipString(d, i)
				if i < 0 {
					return -1
				}
				continue
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return i + 1
				}
			}
			i++
		}
		return -1
	default: // number, true, false, null
		j := i
		for j < len(d) && d[j] != ',' && d[j] != '}' && d[j] != ']' && d[j] != ' ' && d[j] != '\n' && d[j] != '\r' && d[j] != '\t' {
			j++
		}
		if j == i {
			return -1
		}
		return j
	}
}
