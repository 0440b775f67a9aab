package snapshot

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/pagemodel"
)

// The walker answers with a JSON object of page facts (rawOut: viewport,
// url, title, scroll, frame and shadow paths, closed shadow host
// candidates, cross-origin frames, the stash index of the first node (k0),
// the node count and the number of chunks), a "\n", then the first chunk
// of the nodes; a large answer's further chunks come from stash.next (see
// capture.fetchChunks). A chunk is two parts separated by "\n":
//
//  1. integers describing its nodes (see decodeNodes), each in base64 VLQ
//     as source maps write them (numReader.int), with no separator;
//  2. the strings first used in it, each once, concatenated in order of
//     first use.
//
// A string field is a token: 0 for "", -(length+1) for a string used for
// the first time (its length in UTF-16 units; its characters are the next
// ones of part 2), else the 1-based position of an earlier string, in this
// chunk or an earlier one. Nothing
// is sent twice: a name that is also the text, the aria-label and the
// title costs one string, an XPath shared by many nodes is sent as steps
// from the entries of their ancestors, boxes as differences from the
// previous node's, and neighbour texts as references to the heading and
// row nodes.

// Bits of a node's header after tier (2 bits) and flags (5 bits): which
// optional fields follow, in this order.
const (
	hasRole = 1 << iota
	hasName
	hasText
	hasLabel
	hasValue
	hasChecked
	hasLevel
	hasPath
	hasAttrs
	hasHeading
	hasRowRef
	hasRowText
	hasLegend
	textUnread // not a field: the walker did not read the node's text
	hasLandmarks
	hasIcon
	hasRowValues
	hasHeadingName // a heading out of the accessibility tree: its name as a neighbour
)

// Bits of an XPath entry's code, below the step's same-tag position (<<3).
const (
	xpAnchored = 1 << iota // an anchor step //*[@id="x"] follows
	xpSole                 // no sibling shares the tag
	xpForeign              // outside the HTML namespace: *[local-name()='x']
)

// maxNeighbour is the walker's cap (MAXNB) on a neighbour text, in UTF-16 units.
const maxNeighbour = 120

var errFormat = errors.New("snapshot: malformed walker answer")

// decodeWalk parses the walker's answer into pc. When the answer comes in
// several chunks, more(n) is called once with the number of further
// chunks and returns a function that gives them in order.
func decodeWalk(val string, pc *piece, more func(n int) func() (string, error)) error {
	metaEnd := strings.IndexByte(val, '\n')
	if metaEnd < 0 {
		return errFormat
	}
	if err := json.Unmarshal([]byte(val[:metaEnd]), &pc.out); err != nil {
		return fmt.Errorf("snapshot: decode walk: %w", err)
	}
	rest := val[metaEnd+1:]
	o := &pc.out
	// Every node takes at least one character in every chunk but the last.
	if o.CH < 1 || o.NN < 0 || o.CH > o.NN+1 || o.NN > o.CH*len(rest) || (o.CH > 1 && more == nil) {
		return errFormat
	}
	r := &numReader{strs: []string{""}}
	if err := r.load(rest); err != nil {
		return err
	}
	if o.CH > 1 {
		r.next, r.chunks = more(o.CH-1), o.CH-1
	}
	if err := decodeNodes(r, pc); err != nil {
		return err
	}
	for _, i := range o.S {
		if i < 0 || i >= len(pc.nodes) {
			return errFormat
		}
		pc.nodes[i].Selected = true
	}
	if r.err != nil || r.i < len(r.s) || r.pos != len(r.blob) || r.chunks > 0 {
		return errFormat
	}
	return nil
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// decodeNodes reads pc.out.NN nodes from r. A node is: header (tier |
// flags<<2 | has*<<7), tag, distance back to the parent's stash index (0:
// no parent), box (x, y, width, height in hundredths of a pixel, minus the
// previous node's), the XPath entries it adds (count, then per entry the
// distance back to its prefix entry or 0, the step's local name and its
// code: the same-tag position <<3 and the xp* bits, then the anchor step
// when xpAnchored is set; the node's own is the last. A position of 0 is a
// root step, its name taken whole), then the optional fields its header
// announces: role, name, text, label, value, checked (strings), level,
// path index, attributes (count, then name and value), heading (distance
// back to it or 0; when absent, the previous node's), row (distance back
// to the row node, 0 when the node is its own row, whose Text is the row
// text) or row text, and the legend of the nearest fieldset (the node's
// own for a fieldset). The header bit textUnread has no field; the
// landmark path (space-separated), the icon, the values the fields of the
// node's row show (valuesOf: the node's own left out) and the name of a
// heading out of the accessibility tree (its neighbours' heading) follow.
func decodeNodes(r *numReader, pc *piece) error {
	o := &pc.out
	nodes := make([]Node, o.NN)
	pc.nodes = nodes
	pc.parents = make([]int, o.NN)
	nb := make([]string, 0, 3*o.NN) // backing of every node's Neighbours
	xps := make([]string, 0, o.NN+o.NN/2)
	axps := make([]string, 0, o.NN+o.NN/2)
	attrs := make(Attrs, 0, 2*o.NN) // backing of every node's Attrs
	heading := -1
	var hiddenHeads map[int]string // hasHeadingName, by node
	var box [4]int64
	for i := range nodes {
		n := &nodes[i]
		k := o.K0 + i
		if r.nextChunk(); r.err != nil {
			return r.err
		}
		h := r.int()
		n.Tier = Tier(h & 3)
		f := h >> 2 & 31
		m := h >> 7
		n.Visible = f&flagVisible != 0
		n.InViewport = f&flagInViewport != 0
		n.Disabled = f&flagDisabled != 0
		n.AriaHidden = f&flagAriaHidden != 0
		n.Password = f&flagPassword != 0
		n.Tag = r.str()
		pc.parents[i] = -1
		if d := r.int(); d > 0 {
			pc.parents[i] = k - d
		}
		for j := range box {
			box[j] += int64(r.int())
		}
		n.Box = Rect{float64(box[0]) / 100, float64(box[1]) / 100, float64(box[2]) / 100, float64(box[3]) / 100}
		xc := r.int()
		if xc < 1 || xc > len(r.s) {
			return errFormat
		}
		for ; xc > 0; xc-- {
			up, name, code := r.int(), r.str(), r.int()
			anchor := ""
			if code&xpAnchored != 0 {
				anchor = r.str()
			}
			base, abs := "", ""
			if e := len(xps); up > 0 && up <= e {
				base, abs = xps[e-up], axps[e-up]
			}
			idx := code >> 3
			step := name
			if code&xpForeign != 0 {
				step = "*[local-name()='" + name + "']"
			}
			switch {
			case idx == 0:
				xps, axps = append(xps, base+name), append(axps, abs+name)
				continue
			case anchor != "":
				xps = append(xps, anchor)
			default:
				xps = append(xps, base+"/"+step+"["+strconv.Itoa(idx)+"]")
			}
			if code&xpSole != 0 {
				axps = append(axps, abs+"/"+step)
			} else {
				axps = append(axps, abs+"/"+step+"["+strconv.Itoa(idx)+"]")
			}
		}
		n.XPath = xps[len(xps)-1]
		n.AbsoluteXPath = axps[len(axps)-1]
		if m&hasRole != 0 {
			n.Role = r.str()
		}
		if m&hasName != 0 {
			n.Name = r.str()
		}
		if m&hasText != 0 {
			n.Text = r.str()
		}
		if m&hasLabel != 0 {
			n.Label = r.str()
		}
		if m&hasValue != 0 {
			n.Value = r.str()
		}
		if m&hasChecked != 0 {
			n.Checked = r.str()
		}
		if m&hasLevel != 0 {
			n.Level = r.int()
		}
		path := 0
		if m&hasPath != 0 {
			path = r.int()
		}
		if path >= 0 && path < len(o.P) {
			n.FramePath = nilIfEmpty(o.P[path].F)
			n.ShadowPath = nilIfEmpty(o.P[path].S)
		}
		if n.ShadowPath != nil {
			n.AbsoluteXPath = "" // XPath cannot reach into a shadow tree
		}
		if m&hasAttrs != 0 {
			c := r.int()
			if c < 0 || c > len(r.s) {
				return errFormat
			}
			start := len(attrs)
			for j := 0; j < c; j++ {
				a := r.str()
				attrs = append(attrs, Attr{Name: a, Value: r.str()})
			}
			n.Attrs = attrs[start:len(attrs):len(attrs)]
		}
		if m&hasHeading != 0 {
			heading = -1
			if d := r.int(); d > 0 {
				heading = k - d
			}
		}
		row := ""
		switch {
		case m&hasRowRef != 0:
			if ri := k - r.int() - o.K0; ri >= 0 && ri <= i { // the node itself when it is a row
				row = capUTF16(nodes[ri].Text, maxNeighbour)
			}
		case m&hasRowText != 0:
			row = r.str()
		}
		legend := ""
		if m&hasLegend != 0 {
			legend = r.str()
		}
		if m&hasLandmarks != 0 {
			n.Landmarks = strings.Fields(r.str())
		}
		if m&hasIcon != 0 {
			n.Icon = r.str()
		}
		values := ""
		if m&hasRowValues != 0 {
			values = r.str()
		}
		if m&hasHeadingName != 0 {
			if hiddenHeads == nil {
				hiddenHeads = map[int]string{}
			}
			hiddenHeads[i] = r.str()
		}
		// Neighbours, as the recorder's are put together.
		hn := ""
		if hi := heading - o.K0; heading >= 0 && hi >= 0 && hi < i {
			if h, ok := hiddenHeads[hi]; ok {
				hn = h
			} else {
				hn = capUTF16(nodes[hi].Name, maxNeighbour)
			}
		}
		start := len(nb)
		nb = pagemodel.AppendNeighbours(nb, capUTF16(n.Label, maxNeighbour), legend, hn, row, values)
		if len(nb) > start {
			n.Neighbours = nb[start:len(nb):len(nb)]
		}
		n.textUnread = m&textUnread != 0
		n.world = pc.w
		n.local = k
		n.FrameID = pc.frameID
		if r.err != nil {
			return r.err
		}
	}
	return nil
}

// capUTF16 cuts s to at most n UTF-16 units, as String.prototype.slice
// does in the walker (a surrogate pair cut in half leaves U+FFFD).
func capUTF16(s string, n int) string {
	if len(s) <= n {
		return s
	}
	units := 0
	for i, c := range s {
		u := 1
		if c >= 0x10000 {
			u = 2
		}
		if units+u > n {
			if units < n { // half a pair
				return s[:i] + string(utf8.RuneError)
			}
			return s[:i]
		}
		units += u
	}
	return s
}

// numReader reads the base64 VLQ integers of a walker answer, and its
// strings from blob.
type numReader struct {
	s     string
	i     int
	blob  string   // the strings, in order of first use
	pos   int      // bytes of blob taken
	ascii bool     // blob is ASCII: UTF-16 units are bytes
	owe   int      // UTF-16 units of the next string taken by the previous one
	strs  []string // strings seen, from index 1
	err   error

	next   func() (string, error) // the answer's next chunk
	chunks int                    // chunks still to come
}

// load makes chunk (numbers, "\n", strings) the one read.
func (r *numReader) load(chunk string) error {
	e := strings.IndexByte(chunk, '\n')
	if e < 0 {
		return errFormat
	}
	r.s, r.i, r.blob, r.pos, r.owe = chunk[:e], 0, chunk[e+1:], 0, 0
	r.ascii = isASCII(r.blob)
	return nil
}

// nextChunk moves on to the next chunk when the current one is read to
// its end (numbers and strings both).
func (r *numReader) nextChunk() {
	if r.i < len(r.s) || r.chunks == 0 || r.err != nil {
		return
	}
	if r.pos != len(r.blob) || r.owe != 0 {
		r.err = errFormat
		return
	}
	c, err := r.next()
	r.chunks--
	if err == nil {
		err = r.load(c)
	}
	if err != nil {
		r.err = err
	}
}

// vlqDigit maps a base64 character to its digit (0-63), or -1.
var vlqDigit = func() (t [256]int8) {
	for i := range t {
		t[i] = -1
	}
	for i, c := range "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/" {
		t[c] = int8(i)
	}
	return t
}()

// int reads a base64 VLQ integer: 5 bits a digit, low digits first, a
// digit of 32 or more when more follow, the sign in the lowest bit.
func (r *numReader) int() int {
	if r.err != nil {
		return 0
	}
	var u uint64
	for shift := 0; ; shift += 5 {
		if r.i >= len(r.s) || shift > 55 {
			r.err = errFormat
			return 0
		}
		d := vlqDigit[r.s[r.i]]
		r.i++
		if d < 0 {
			r.err = errFormat
			return 0
		}
		u |= uint64(d&31) << shift
		if d < 32 {
			break
		}
	}
	v := int(u >> 1)
	if u&1 != 0 {
		return -v
	}
	return v
}

// str reads a string token.
func (r *numReader) str() string {
	t := r.int()
	switch {
	case t == 0:
		return ""
	case t > 0:
		if t >= len(r.strs) {
			r.err = errFormat
			return ""
		}
		return r.strs[t]
	}
	units := -t - 1 - r.owe
	r.owe = 0
	end := r.pos
	if r.ascii {
		end += units
	} else {
		for units > 0 && end < len(r.blob) {
			c, size := utf8.DecodeRuneInString(r.blob[end:])
			u := 1
			switch {
			case c >= 0x10000:
				u = 2
			case c == utf8.RuneError && size == 1 && end+2 < len(r.blob) && r.blob[end] == 0xED:
				size = 3 // a lone surrogate encoded as (invalid) UTF-8: one unit
			}
			end += size
			units -= u
		}
		if units < 0 { // a pair split across two strings goes to the first
			r.owe = -units
		}
	}
	if units < 0 && r.ascii || end > len(r.blob) {
		r.err = errFormat
		return ""
	}
	s := r.blob[r.pos:end]
	r.pos = end
	r.strs = append(r.strs, s)
	return s
}

// evalResult is the part of a Runtime.evaluate or callFunctionOn result the
// walk needs.
type evalResult struct {
	Result struct {
		Type  string          `json:"type"`
		Value json.RawMessage `json:"value"`
	} `json:"result"`
	ExceptionDetails *proto.RuntimeExceptionDetails `json:"exceptionDetails"`
}

// stringResult returns the string value of a raw Runtime.evaluate (or
// callFunctionOn) result. The common answer, {"result":{"type":"string",
// "value":"..."}}, is read in one pass without encoding/json.
func stringResult(raw []byte) (string, error) {
	const prefix = `{"result":{"type":"string","value":"`
	if bytes.HasPrefix(raw, []byte(prefix)) {
		if s, end, ok := unquote(raw, len(prefix)); ok && string(raw[end:]) == "}}" {
			return s, nil
		}
	}
	var res evalResult
	if err := json.Unmarshal(raw, &res); err != nil {
		return "", fmt.Errorf("snapshot: decode result: %w", err)
	}
	if res.ExceptionDetails != nil {
		return "", fmt.Errorf("snapshot: walker failed: %s", exceptionText(res.ExceptionDetails))
	}
	var s string
	if res.Result.Type != "string" || json.Unmarshal(res.Result.Value, &s) != nil {
		return "", fmt.Errorf("snapshot: walker returned %s", res.Result.Type)
	}
	return s, nil
}

// unquote reads the JSON string whose body starts at b[i] (after the
// opening quote). It returns the string and the index after the closing
// quote; ok is false on a malformed string.
func unquote(b []byte, i int) (s string, end int, ok bool) {
	// Fast path: no escapes.
	j := i
	for j < len(b) && b[j] != '"' && b[j] != '\\' {
		j++
	}
	if j < len(b) && b[j] == '"' {
		return string(b[i:j]), j + 1, true
	}
	out := make([]byte, 0, len(b)-i)
	for {
		// Copy the run up to the next quote or backslash.
		j := i
		for j < len(b) && b[j] != '"' && b[j] != '\\' {
			j++
		}
		out = append(out, b[i:j]...)
		if j >= len(b) {
			return "", 0, false
		}
		if b[j] == '"' {
			return string(out), j + 1, true
		}
		if j+1 >= len(b) {
			return "", 0, false
		}
		switch c := b[j+1]; c {
		case '"', '\\', '/':
			out = append(out, c)
			i = j + 2
		case 'b':
			out, i = append(out, '\b'), j+2
		case 'f':
			out, i = append(out, '\f'), j+2
		case 'n':
			out, i = append(out, '\n'), j+2
		case 'r':
			out, i = append(out, '\r'), j+2
		case 't':
			out, i = append(out, '\t'), j+2
		case 'u':
			r, ok := hex4(b, j+2)
			if !ok {
				return "", 0, false
			}
			i = j + 6
			if utf16.IsSurrogate(r) {
				r2, ok2 := hex4(b, i+2)
				if ok2 && i+1 < len(b) && b[i] == '\\' && b[i+1] == 'u' {
					if d := utf16.DecodeRune(r, r2); d != utf8.RuneError {
						r, i = d, i+6
					} else {
						r = utf8.RuneError
					}
				} else {
					r = utf8.RuneError
				}
			}
			out = utf8.AppendRune(out, r)
		default:
			return "", 0, false
		}
	}
}

func hex4(b []byte, i int) (rune, bool) {
	if i+4 > len(b) {
		return 0, false
	}
	var r rune
	for _, c := range b[i : i+4] {
		switch {
		case c >= '0' && c <= '9':
			r = r<<4 | rune(c-'0')
		case c >= 'a' && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case c >= 'A' && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	return r, true
}
