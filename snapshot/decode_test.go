package snapshot

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/qa-chain/chainreplay/internal/testenv"
)

func TestUnquote(t *testing.T) {
	for _, want := range []string{"", "plain", `a "quoted" \ back`, "tab\tnl\nnul\x00", "é ü 中文 😀", "\ufffd", "</script>&"} {
		q, _ := json.Marshal(want)
		raw := append([]byte(`{"result":{"type":"string","value":`), q...)
		raw = append(raw, "}}"...)
		got, err := stringResult(raw)
		if err != nil || got != want {
			t.Errorf("stringResult(%s) = %q, %v; want %q", raw, got, err, want)
		}
	}
	// \u escapes, a pair and a lone surrogate (as Chromium may send them).
	got, err := stringResult([]byte(`{"result":{"type":"string","value":"\u00e9\ud83d\ude00x\ud800y\/"}}`))
	if want := "é😀x\ufffdy/"; err != nil || got != want {
		t.Errorf("escapes: %q, %v; want %q", got, err, want)
	}
	// Anything else goes through encoding/json: an exception is an error.
	if _, err := stringResult([]byte(`{"result":{"type":"object","className":"TypeError"},"exceptionDetails":{"exceptionId":1,"text":"Uncaught","lineNumber":3,"columnNumber":4}}`)); err == nil || !strings.Contains(err.Error(), "Uncaught at 3:4") {
		t.Errorf("exception: %v", err)
	}
	if _, err := stringResult([]byte(`{"result":{"type":"string","value":"unterminated}}`)); err == nil {
		t.Error("malformed answer accepted")
	}
}

func TestCapUTF16(t *testing.T) {
	for _, c := range []struct {
		s    string
		n    int
		want string
	}{
		{"abcdef", 3, "abc"},
		{"abc", 3, "abc"},
		{"éé", 1, "é"},
		{"a😀b", 2, "a\ufffd"}, // the walker's slice keeps half a pair: U+FFFD
		{"a😀b", 3, "a😀"},
		{"😀😀", 4, "😀😀"},
	} {
		if got := capUTF16(c.s, c.n); got != c.want {
			t.Errorf("capUTF16(%q, %d) = %q, want %q", c.s, c.n, got, c.want)
		}
	}
}

func TestNumReaderStrings(t *testing.T) {
	// Lengths are UTF-16 units: "é" 1, "😀" 2; the third token refers back
	// to the first string.
	blob := "é😀ab" + "xyz"
	r := &numReader{s: vlq(-5, -5, 1, 0, 2, -12), blob: blob, ascii: isASCII(blob), strs: []string{""}}
	var got []string
	for range 5 {
		got = append(got, r.str())
	}
	if want := []string{"é😀a", "bxyz", "é😀a", "", "bxyz"}; strings.Join(got, "|") != strings.Join(want, "|") || r.err != nil {
		t.Errorf("strings %q (err %v), want %q", got, r.err, want)
	}
	if r.int(); r.err != nil {
		t.Errorf("last token: %v", r.err)
	}
	if r.int(); r.err == nil {
		t.Error("reading past the end is not an error")
	}
	// A string longer than the blob is an error, never a panic.
	r = &numReader{s: vlq(-9), blob: "abc", ascii: true, strs: []string{""}}
	if r.str(); r.err == nil {
		t.Error("overlong string accepted")
	}
	r = &numReader{s: vlq(-9), blob: "é", strs: []string{""}}
	if s := r.str(); r.err != nil || !utf8.ValidString(s) {
		t.Errorf("overlong non-ASCII string: %q %v", s, r.err)
	}
	// Large values, negative ones, and the end of the input.
	for _, v := range []int{0, 1, -1, 15, -16, 31, 32, -33, 1 << 20, -(1 << 31), 1<<40 + 3, -(1 << 50)} {
		r = &numReader{s: vlq(v)}
		if got := r.int(); got != v || r.err != nil || r.i != len(r.s) {
			t.Errorf("vlq(%d) read as %d (%v)", v, got, r.err)
		}
	}
	for _, bad := range []string{"", "g", "gggggggggggggg", ",", "A,"} {
		r = &numReader{s: bad}
		r.int()
		if bad == "A," {
			r.int()
		}
		if r.err == nil {
			t.Errorf("%q read without an error", bad)
		}
	}
}

// vlq writes numbers as the walker does (base64 VLQ).
func vlq(nums ...int) string {
	const digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	var b []byte
	for _, v := range nums {
		u := uint64(v) << 1
		if v < 0 {
			u = uint64(-v)<<1 | 1
		}
		for u >= 32 {
			b = append(b, digits[32|u&31])
			u >>= 5
		}
		b = append(b, digits[u])
	}
	return string(b)
}

func TestDecodeRejectsMalformed(t *testing.T) {
	for _, val := range []string{
		"",
		`{"nn":1,"ch":1}`,
		`{"nn":1,"ch":0}` + "\n" + vlq(3, -2, 0, 0, 0, 0, 0, 1, 0, -2, 0) + "\nab", // no chunk
		`{"nn":2,"ch":2}` + "\n" + vlq(3, -2, 0, 0, 0, 0, 0, 1, 0, -2, 0) + "\nab", // more chunks, none to fetch
		`{"nn":1,"ch":1}` + "\n\n",
		`{"nn":1,"ch":1}` + "\n" + vlq(1, -2, 0, 0, 0, 0, 0, 0) + "\n",                  // XPath count 0
		`{"nn":1,"ch":1}` + "\n" + vlq(1, -2, 0, 0, 0, 0, 0, 1, 0, -5, 0) + "\nab",      // string past the end
		`{"nn":1,"ch":1}` + "\n" + vlq(1, -2, 0, 0, 0, 0, 0, 1, 0, -2, 0) + "\nabc",     // a string left over
		`{"nn":2,"ch":1}` + "\n" + vlq(1, -2, 0, 0, 0, 0, 0, 1, 0, 1, 0) + "\nd",        // second node missing
		`{"nn":1,"ch":1}` + "\n" + vlq(1, -2, 0, 0, 0, 0, 0, 1, 0, -2, 0, 9) + "\nab",   // numbers left over
		`{"nn":1,"ch":1}` + "\n" + vlq(1, 7, 0, 0, 0, 0, 0, 1, 0, -2, 0) + "\nab",       // string index out of range
		`{"nn":99999999,"ch":1}` + "\n" + vlq(1, -2, 0, 0, 0, 0, 0, 1, 0, 1, 0) + "\nb", // absurd count
	} {
		if err := decodeWalk(val, &piece{}, nil); err == nil {
			t.Errorf("decodeWalk(%q) accepted", val)
		}
	}
	// A small valid answer: <b> at (1, 2) 3x4 with XPath "b", and a child
	// <b> one pixel lower, the first of its tag with none after it: XPath
	// "b/b[1]", absolute "b/b".
	pc := &piece{}
	if err := decodeWalk(`{"nn":2,"ch":1,"k0":5,"p":[{}]}`+"\n"+vlq(3, -2, 0, 100, 200, 300, 400, 1, 0, 1, 0, 3, 1, 1, 0, 100, 0, 0, 1, 1, 1, 1<<3|xpSole)+"\nb", pc, nil); err != nil {
		t.Fatal(err)
	}
	n := pc.nodes[0]
	if n.Tag != "b" || n.XPath != "b" || n.Tier != Structural || n.Box != (Rect{1, 2, 3, 4}) || n.local != 5 || pc.parents[0] != -1 {
		t.Errorf("decoded %+v parents %v", n, pc.parents)
	}
	if n := pc.nodes[1]; n.XPath != "b/b[1]" || n.AbsoluteXPath != "b/b" || n.Box != (Rect{1, 3, 3, 4}) || n.local != 6 || pc.parents[1] != 5 {
		t.Errorf("decoded %+v parents %v", n, pc.parents)
	}
}

// specStringsSurviveTheWalk checks names, texts, values and attributes with
// characters the transfer must carry: quotes, backslashes, commas, new
// lines, non-ASCII, emoji (two UTF-16 units), a lone surrogate, and caps
// that fall inside a surrogate pair.
func specStringsSurviveTheWalk(t testing.TB) {
	fx := testenv.Fixtures(t)
	p := open(t, fx.URL+"/snapshot/basics.html")
	p.MustEval(`() => {
		document.body.innerHTML = "";
		const add = (html) => { const d = document.createElement("div"); d.innerHTML = html; document.body.appendChild(d); };
		add('<button id="q">say "hi", \\ back\\slash</button>');
		add('<button id="e" title="t">Émoji 😀 中文 ✓</button>');
		add('<h2 id="h">Heading 😀</h2><a id="l" href="#x">after heading</a>');
		add('<input id="v" aria-label="line\nbreak" value="a,b,c">');
		const b = document.createElement("button"); b.id = "lone"; b.textContent = "x\ud800y"; document.body.appendChild(b);
		// 199 ASCII characters then an emoji: the 200-unit text cap cuts the pair.
		const c = document.createElement("button"); c.id = "cut"; c.setAttribute("aria-label", "n"); c.textContent = "a".repeat(199) + "😀z"; document.body.appendChild(c);
		const t = document.createElement("table"); t.innerHTML = "<tr><td>" + "b".repeat(119) + "😀 row</td><td><button id=inrow>in row</button></td></tr>"; document.body.appendChild(t);
	}`)
	s := snap(t, p, Options{})
	// What the page itself reports, through encoding/json.
	var want map[string]struct{ Text, Label, Value, Title string }
	if err := json.Unmarshal([]byte(p.MustEval(`() => JSON.stringify(Object.fromEntries(["q", "e", "h", "l", "v", "lone", "cut"].map(id => {
		const el = document.getElementById(id);
		return [id, { Text: el.textContent.replace(/\s+/g, " ").trim().slice(0, 200), Label: el.getAttribute("aria-label") || "", Value: el.value || "", Title: el.title }];
	})))`).Str()), &want); err != nil {
		t.Fatal(err)
	}
	for id, w := range want {
		n := byAttrID(t, s, id)
		text := n.Text
		if id == "v" {
			text = ""
		}
		if text != w.Text || n.Attrs.Get("aria-label") != w.Label || n.Value != w.Value || n.Attrs.Get("title") != w.Title {
			t.Errorf("#%s: text %q label %q value %q title %q; page says %+v", id, n.Text, n.Attrs.Get("aria-label"), n.Value, n.Attrs.Get("title"), w)
		}
	}
	if n := byAttrID(t, s, "q"); n.Name != `say "hi", \ back\slash` {
		t.Errorf("#q name %q", n.Name)
	}
	if n := byAttrID(t, s, "lone"); n.Name != "x\ufffdy" {
		t.Errorf("#lone name %q", n.Name)
	}
	if n := byAttrID(t, s, "cut"); n.Text != strings.Repeat("a", 199)+"\ufffd" {
		t.Errorf("#cut text %q", n.Text)
	}
	if n := byAttrID(t, s, "l"); strings.Join(n.Neighbours, "|") != "Heading 😀" {
		t.Errorf("#l neighbours %q", n.Neighbours)
	}
	if n := byAttrID(t, s, "inrow"); len(n.Neighbours) != 2 || n.Neighbours[1] != strings.Repeat("b", 119)+"\ufffd" {
		t.Errorf("#inrow neighbours %q", n.Neighbours)
	}
}

func TestAttrsJSON(t *testing.T) {
	a := Attrs{{"id", "x"}, {"class", `a "b"`}, {"data-cy", ""}}
	b, err := json.Marshal(struct {
		A Attrs `json:"attrs"`
	}{a})
	if err != nil || string(b) != `{"attrs":{"id":"x","class":"a \"b\"","data-cy":""}}` {
		t.Fatalf("marshal: %s %v", b, err)
	}
	var back struct {
		A Attrs `json:"attrs"`
	}
	if err := json.Unmarshal(b, &back); err != nil || len(back.A) != 3 || back.A[1] != a[1] || back.A[2] != a[2] || back.A.Get("nope") != "" {
		t.Fatalf("unmarshal: %+v %v", back.A, err)
	}
	if err := json.Unmarshal([]byte(`{"attrs":{"id":3}}`), &back); err == nil {
		t.Fatal("a number value accepted")
	}
}

// TestDecodeChunks decodes an answer in two chunks: the second refers to a
// string and an XPath entry of the first. A fetch error, a chunk with
// strings left over and a missing chunk are errors.
func TestDecodeChunks(t *testing.T) {
	first := `{"nn":2,"ch":2,"k0":5,"p":[{}]}` + "\n" + vlq(3, -2, 0, 100, 200, 300, 400, 1, 0, 1, 0) + "\nb"
	second := vlq(3, 1, 1, 0, 100, 0, 0, 1, 1, 1, 2<<3) + "\n"
	more := func(chunks ...string) func(int) func() (string, error) {
		return func(n int) func() (string, error) {
			if n != 1 {
				t.Errorf("asked for %d more chunks, want 1", n)
			}
			return func() (string, error) {
				if len(chunks) == 0 {
					return "", errFormat
				}
				c := chunks[0]
				chunks = chunks[1:]
				return c, nil
			}
		}
	}
	pc := &piece{}
	if err := decodeWalk(first, pc, more(second)); err != nil {
		t.Fatal(err)
	}
	if n := pc.nodes[1]; n.Tag != "b" || n.XPath != "b/b[2]" || n.AbsoluteXPath != "b/b[2]" || n.Box != (Rect{1, 3, 3, 4}) || pc.parents[1] != 5 {
		t.Errorf("second chunk's node: %+v", n)
	}
	failed := errors.New("boom")
	if err := decodeWalk(first, &piece{}, func(int) func() (string, error) {
		return func() (string, error) { return "", failed }
	}); !errors.Is(err, failed) {
		t.Errorf("fetch error: %v", err)
	}
	if err := decodeWalk(first, &piece{}, more(second+"x")); err == nil {
		t.Error("a chunk with a string left over accepted")
	}
	if err := decodeWalk(`{"nn":2,"ch":2,"k0":5,"p":[{}]}`+"\n"+vlq(3, -2, 0, 100, 200, 300, 400, 1, 0, 1, 0)+"\nbz", &piece{}, more(second)); err == nil {
		t.Error("a first chunk with a string left over accepted")
	}
}

// specChunkedCaptureMatchesOnePiece captures pages with frames, shadow
// roots and thousands of nodes with an answer in one piece and in chunks
// of 3 nodes (fetched at once, decoded in order, asked ahead or not, with
// the walker left in the page or not): the nodes must be the same.
func specChunkedCaptureMatchesOnePiece(t testing.TB) {
	fx := testenv.Fixtures(t)
	for _, path := range []string{"/snapshot/basics.html", "/snapshot/shadow.html", "/snapshot/frames.html?other=" + fx.OtherURL, "/snapshot/generated.html?n=1200"} {
		p := open(t, fx.URL+path)
		whole := snap(t, p, Options{chunk: -1})
		if len(whole.Nodes) < 10 || whole.chunks != 1 {
			t.Fatalf("%s: %d nodes in %d chunks", path, len(whole.Nodes), whole.chunks)
		}
		chunked := snap(t, p, Options{chunk: 3})
		if chunked.chunks < 3 {
			t.Errorf("%s: %d chunks of 3 nodes", path, chunked.chunks)
		}
		// Captures after the first ask for the chunks ahead; those asked
		// before the walk are asked again.
		ahead := snap(t, p, Options{chunk: 3})
		early := snap(t, p, Options{chunk: 3, aheadFirst: true})
		// After a reload the walker left in the page is gone: the small
		// request finds none, the walker itself is sent, and the chunks
		// asked ahead (for a walk that did not happen) are asked again.
		// A reload makes new frames: the reference is taken anew.
		p.MustReload()
		testenv.WaitLoad(t, p)
		reloaded := snap(t, p, Options{chunk: 3})
		wholeAgain := snap(t, p, Options{chunk: -1})
		// The same, with the chunks asked ahead held back until after
		// the walker is sent: they must not take the new walk's chunks
		// (a chunk is given once). A capture in chunks first, so that the
		// page's last answer had many.
		snap(t, p, Options{chunk: 3})
		p.MustReload()
		testenv.WaitLoad(t, p)
		late := snap(t, p, Options{chunk: 3, aheadLate: 3 * time.Millisecond})
		wholeLate := snap(t, p, Options{chunk: -1})
		for _, c := range []struct {
			how     string
			s, want *Snapshot
		}{{"in chunks", chunked, whole}, {"asked ahead", ahead, whole}, {"asked before the walk", early, whole}, {"after a reload", reloaded, wholeAgain}, {"after a reload, asked ahead late", late, wholeLate}} {
			if len(c.s.Nodes) != len(c.want.Nodes) {
				t.Fatalf("%s %s: %d nodes, %d in one piece", path, c.how, len(c.s.Nodes), len(c.want.Nodes))
			}
			for i, n := range c.want.Nodes {
				a, _ := json.Marshal(n)
				b, _ := json.Marshal(c.s.Nodes[i])
				if string(a) != string(b) {
					t.Errorf("%s node %d %s:\n one piece %s\n chunked   %s", path, i, c.how, a, b)
					break
				}
			}
		}
	}
}

// specChunksAskedInOrder records, in the page, the order in which the
// chunks of each answer are asked for (the walker asked to encode chunk i
// encodes every chunk before it first, so a request that overtook the
// first's would hold it back), through captures that ask ahead of the walk
// and captures that ask after it, and checks it is 1, 2, 3...
func specChunksAskedInOrder(t testing.TB) {
	fx := testenv.Fixtures(t)
	p := open(t, fx.URL+"/snapshot/generated.html?n=1200")
	// The walker leaves its stash on the window with Object.defineProperty:
	// wrap that stash's next, the function Go's requests call.
	p.MustEval(`() => {
	  const SYM = Symbol.for("chainreplay.snapshot"), define = Object.defineProperty;
	  window.asked = [];
	  Object.defineProperty = function (o, k, d) {
	    if (o === window && k === SYM && d && d.value) {
	      const order = [];
	      window.asked.push(order);
	      let next = null;
	      define(d.value, "next", { configurable: true, get: () => next,
	        set: f => { next = f && ((seq, i) => { order.push(i); return f(seq, i); }); } });
	    }
	    return define.apply(this, arguments);
	  };
	}`)
	var chunks []int
	for i := 0; i < 4; i++ {
		s := snap(t, p, Options{chunk: 40}) // the first sends the walker; the others ask ahead
		chunks = append(chunks, s.chunks)
	}
	var asked [][]int
	if err := p.MustEval(`() => window.asked`).Unmarshal(&asked); err != nil {
		t.Fatal(err)
	}
	if len(asked) != len(chunks) {
		t.Fatalf("%d walks recorded, %d captures", len(asked), len(chunks))
	}
	for w, order := range asked {
		if chunks[w] < 20 || len(order) != chunks[w]-1 {
			t.Errorf("capture %d: %d chunks, %d asked for: %v", w, chunks[w], len(order), order)
			continue
		}
		for i, c := range order {
			if c != i+1 {
				t.Errorf("capture %d: chunks asked in the order %v", w, order)
				break
			}
		}
	}
}
