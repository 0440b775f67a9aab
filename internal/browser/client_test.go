package browser

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-rod/rod/lib/cdp"
)

func TestReadEnvelope(t *testing.T) {
	for _, tc := range []struct {
		name, msg                         string
		id                                int64
		method, session, result, err, par string
		bad                               bool
	}{
		{name: "reply", msg: `{"id":7,"result":{"a":1}}`, id: 7, result: `{"a":1}`},
		{name: "reply with session", msg: `{"id":12,"result":{},"sessionId":"ABC"}`, id: 12, result: `{}`, session: "ABC"},
		{name: "session first", msg: `{"sessionId":"S1","id":3,"result":{"x":[1,{"y":"}"}]}}`, id: 3, session: "S1", result: `{"x":[1,{"y":"}"}]}`},
		{name: "error", msg: `{"id":5,"error":{"code":-32000,"message":"No node"}}`, id: 5, err: `{"code":-32000,"message":"No node"}`},
		{name: "event", msg: `{"method":"Page.loadEventFired","params":{"timestamp":1.5},"sessionId":"Z"}`, method: "Page.loadEventFired", par: `{"timestamp":1.5}`, session: "Z"},
		{name: "escaped quotes in a string", msg: `{"id":1,"result":{"value":"a\"}b\\"}}`, id: 1, result: `{"value":"a\"}b\\"}`},
		{name: "backslash before the closing quote", msg: `{"id":1,"result":{"value":"\\\\"}}`, id: 1, result: `{"value":"\\\\"}`},
		{name: "white space", msg: " {\n \"id\" : 2 ,\t\"result\" : [ 1 , 2 ] }\n", id: 2, result: `[ 1 , 2 ]`},
		{name: "unknown member", msg: `{"id":4,"extra":[{"}":"]"}],"result":true}`, id: 4, result: `true`},
		{name: "empty object", msg: `{}`},
		{name: "not an object", msg: `[1]`, bad: true},
		{name: "unterminated string", msg: `{"id":1,"result":"abc}`, bad: true},
		{name: "unterminated object", msg: `{"id":1,"result":{"a":1}`, bad: true},
		{name: "id not a number", msg: `{"id":"x","result":{}}`, bad: true},
		{name: "missing colon", msg: `{"id" 1}`, bad: true},
		{name: "garbage after member", msg: `{"id":1 x}`, bad: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env, err := readEnvelope([]byte(tc.msg))
			if tc.bad {
				if err == nil {
					t.Fatalf("want an error, got %+v", env)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if env.id != tc.id || env.method != tc.method || env.sessionID != tc.session ||
				string(env.result) != tc.result || string(env.err) != tc.err || string(env.params) != tc.par {
				t.Fatalf("got id=%d method=%q session=%q result=%s err=%s params=%s", env.id, env.method, env.sessionID, env.result, env.err, env.params)
			}
		})
	}
}

// TestReadEnvelopeAgreesWithEncodingJSON checks the envelope of messages
// with every kind of string escape against encoding/json's reading.
func TestReadEnvelopeAgreesWithEncodingJSON(t *testing.T) {
	values := []any{"plain", `quote " inside`, `back\slash`, "ends with \\", "\\\"", "new\nline", "ünïcödé ✓", "}]{[", "", 12.5, nil, true,
		map[string]any{"nested": []any{"}", map[string]any{"\"": "\\"}}}}
	for i, v := range values {
		msg, _ := json.Marshal(map[string]any{"id": i + 1, "result": map[string]any{"value": v}, "sessionId": "sess"})
		env, err := readEnvelope(msg)
		if err != nil {
			t.Fatalf("%s: %v", msg, err)
		}
		var want cdp.Response
		if err := json.Unmarshal(msg, &want); err != nil {
			t.Fatal(err)
		}
		if env.id != int64(want.ID) || string(env.result) != string(want.Result) || env.sessionID != "sess" {
			t.Fatalf("%s: got id %d result %s", msg, env.id, env.result)
		}
	}
}

// fakeWS is a WebSocketable whose replies the test writes.
type fakeWS struct {
	mu   sync.Mutex
	sent [][]byte
	in   chan []byte
}

func (f *fakeWS) Send(b []byte) error {
	f.mu.Lock()
	f.sent = append(f.sent, append([]byte(nil), b...))
	f.mu.Unlock()
	return nil
}

func (f *fakeWS) Read() ([]byte, error) {
	b, ok := <-f.in
	if !ok {
		return nil, errors.New("connection closed")
	}
	return b, nil
}

func TestClientMatchesRepliesEventsAndDrops(t *testing.T) {
	ws := &fakeWS{in: make(chan []byte, 8)}
	c := newClient(ws)
	ctx := context.Background()

	// Replies arrive out of order; each call gets its own.
	type res struct {
		out string
		err error
	}
	r1, r2 := make(chan res, 1), make(chan res, 1)
	go func() { b, err := c.Call(ctx, "", "A.one", nil); r1 <- res{string(b), err} }()
	waitSent(t, ws, 1)
	go func() { b, err := c.Call(ctx, "S", "A.two", map[string]int{"x": 1}); r2 <- res{string(b), err} }()
	waitSent(t, ws, 2)
	ws.in <- []byte(`{"method":"E.happened","params":{"n":1},"sessionId":"S"}`)
	ev := <-c.Event()
	if ev.Method != "E.happened" || ev.SessionID != "S" || string(ev.Params) != `{"n":1}` {
		t.Fatalf("event %+v", ev)
	}
	ws.in <- []byte(`{"id":2,"error":{"code":-32000,"message":"Could not find node"},"sessionId":"S"}`)
	ws.in <- []byte(`{"id":1,"result":{"ok":true}}`)
	if got := <-r1; got.err != nil || got.out != `{"ok":true}` {
		t.Fatalf("call 1: %+v", got)
	}
	got := <-r2
	var ce *cdp.Error
	if !errors.As(got.err, &ce) || ce.Code != -32000 || ce.Message != "Could not find node" {
		t.Fatalf("call 2: %+v", got)
	}
	if !strings.Contains(string(ws.sent[1]), `"sessionId":"S"`) || !strings.Contains(string(ws.sent[1]), `"method":"A.two"`) {
		t.Fatalf("sent %s", ws.sent[1])
	}

	// A caller that gives up gets its context's error; its late reply is dropped.
	cctx, cancel := context.WithTimeout(ctx, 20*time.Millisecond)
	defer cancel()
	if _, err := c.Call(cctx, "", "A.slow", nil); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("slow call: %v", err)
	}
	ws.in <- []byte(`{"id":3,"result":{}}`)

	// The connection drops: the pending call fails, the event channel closes,
	// and later calls fail at once.
	r3 := make(chan res, 1)
	go func() { b, err := c.Call(ctx, "", "A.pending", nil); r3 <- res{string(b), err} }()
	waitSent(t, ws, 4)
	close(ws.in)
	if got := <-r3; got.err == nil {
		t.Fatal("pending call survived a dropped connection")
	}
	if _, ok := <-c.Event(); ok {
		t.Fatal("event channel still open")
	}
	if _, err := c.Call(ctx, "", "A.after", nil); err == nil {
		t.Fatal("call after the drop succeeded")
	}
}

func waitSent(t *testing.T, ws *fakeWS, n int) {
	t.Helper()
	for i := 0; i < 500; i++ {
		ws.mu.Lock()
		k := len(ws.sent)
		ws.mu.Unlock()
		if k >= n {
			return
		}
		time.Sleep(2 * time.Millisecond)
	}
	t.Fatalf("%d messages not sent", n)
}

// BenchmarkClientEnvelope reads a 0.5 MB reply (a page snapshot's size)
// the way rod's cdp.Client does (encoding/json twice) and the way client
// does.
//
//	go test ./internal/browser -run '^$' -bench ClientEnvelope
func BenchmarkClientEnvelope(b *testing.B) {
	msg := []byte(`{"id":42,"result":{"result":{"type":"string","value":"` + strings.Repeat("1234,-56,7,", 45000) + `"}},"sessionId":"4F2B"}`)
	b.Run("rod", func(b *testing.B) {
		b.SetBytes(int64(len(msg)))
		for i := 0; i < b.N; i++ {
			var id struct {
				ID int `json:"id"`
			}
			if err := json.Unmarshal(msg, &id); err != nil {
				b.Fatal(err)
			}
			var res cdp.Response
			if err := json.Unmarshal(msg, &res); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("client", func(b *testing.B) {
		b.SetBytes(int64(len(msg)))
		for i := 0; i < b.N; i++ {
			if _, err := readEnvelope(msg); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// TestNotifySent checks that the channel of NotifySent closes once the
// call's command is written, before its reply, and only for that call.
func TestNotifySent(t *testing.T) {
	ws := &fakeWS{in: make(chan []byte, 1)}
	c := newClient(ws)
	ctx, sent := NotifySent(context.Background())
	done := make(chan error, 1)
	go func() { _, err := c.Call(ctx, "", "A.one", nil); done <- err }()
	select {
	case <-sent:
	case <-time.After(5 * time.Second):
		t.Fatal("the channel did not close once the command was sent")
	}
	select {
	case err := <-done:
		t.Fatalf("the call returned before its reply: %v", err)
	default:
	}
	ws.in <- []byte(`{"id":1,"result":{}}`)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	// A second call with the same context must not close it twice.
	go func() { _, err := c.Call(ctx, "", "A.two", nil); done <- err }()
	waitSent(t, ws, 2)
	ws.in <- []byte(`{"id":2,"result":{}}`)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}
