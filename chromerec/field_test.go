package chromerec

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/qa-chain/chainreplay/chain"
)

// The field corpus: Chrome DevTools Recorder recordings written by others
// (testdata/field, see its README.md for sources and licences). Which of
// them are valid is decided by @puppeteer/replay's own parser, run by
// testdata/field/parse.mjs; its verdicts are committed as verdicts.json, so
// this test needs no Node.

// fieldVerdict is one line of testdata/field/verdicts.json.
type fieldVerdict struct {
	File  string `json:"file"`
	Entry string `json:"entry"`
	Valid bool   `json:"valid"`
	Error string `json:"error"`
	// Derived is "offsets" for a recording of Chrome's own tests given
	// offsetX and offsetY 1 on its clicks (withOffsets), which
	// @puppeteer/replay requires and those snapshots leave out.
	Derived string `json:"derived"`
}

// fieldExactRate is the share of valid field recordings whose import then
// export must give back the recording (issue 24).
const fieldExactRate = 0.95

func fieldVerdicts(t *testing.T) []fieldVerdict {
	t.Helper()
	data, err := os.ReadFile("testdata/field/verdicts.json")
	if err != nil {
		t.Fatal(err)
	}
	var vs []fieldVerdict
	if err := json.Unmarshal(data, &vs); err != nil {
		t.Fatalf("verdicts.json: %v", err)
	}
	seen := map[string]bool{}
	for _, v := range vs {
		seen[v.File] = true
	}
	files, err := filepath.Glob("testdata/field/*.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if name := filepath.Base(f); name != "verdicts.json" && !seen[name] {
			t.Errorf("%s has no verdict: run node chromerec/testdata/field/parse.mjs > chromerec/testdata/field/verdicts.json", name)
		}
	}
	return vs
}

// fieldRecording is the recording a verdict is about: a whole file, or one
// entry of a bundle, byte for byte (a derived one rewritten by
// withOffsets).
func fieldRecording(t *testing.T, v fieldVerdict) []byte {
	t.Helper()
	if v.Derived != "" {
		if v.Derived != "offsets" {
			t.Fatalf("%s » %s: unknown derivation %q", v.File, v.Entry, v.Derived)
		}
		return withOffsets(t, fieldRecording(t, fieldVerdict{File: v.File, Entry: v.Entry}))
	}
	data, err := os.ReadFile(filepath.Join("testdata/field", v.File))
	if err != nil {
		t.Fatal(err)
	}
	if v.Entry == "" {
		return data
	}
	var bundle map[string]json.RawMessage
	if err := json.Unmarshal(data, &bundle); err != nil {
		t.Fatalf("%s: %v", v.File, err)
	}
	rec, ok := bundle[v.Entry]
	if !ok {
		t.Fatalf("%s has no entry %q", v.File, v.Entry)
	}
	return rec
}

// TestFieldRoundTrip imports and exports every valid field recording and
// compares the export with the recording (defaults normalised). It prints
// a table (go test -v -run TestFieldRoundTrip ./chromerec/) and fails when
// import fails on a valid recording, when fewer than fieldExactRate of
// them come back exact, or when a difference is not announced by a warning
// naming its step and field.
func TestFieldRoundTrip(t *testing.T) {
	var published []fieldVerdict
	for _, v := range fieldVerdicts(t) {
		if v.Derived == "" {
			published = append(published, v)
		}
	}
	valid, exact := fieldRoundTrip(t, published, nil)
	if valid == 0 {
		t.Fatal("no valid field recording")
	}
	rate := float64(exact) / float64(valid)
	t.Logf("round-trip rate: %d/%d = %.1f%%", exact, valid, 100*rate)
	if rate < fieldExactRate {
		t.Errorf("round-trip rate %.1f%% is below %.0f%%", 100*rate, 100*fieldExactRate)
	}
}

// TestFieldDerivedRoundTrip is TestFieldRoundTrip on the recordings of
// Chrome's own recorder tests that @puppeteer/replay accepts once their
// clicks have offsets: Chrome's output for frames, popups, out-of-process
// iframes, pierce/ and multi-part selectors, selectorAttribute, button
// kinds and network conditions. They are not published recordings, so no
// rate is required of them; every difference must still be announced, and
// import may fail only on a navigate after the opening steps to a URL
// replay cannot open (their URLs hold the placeholder "<test-port>").
func TestFieldDerivedRoundTrip(t *testing.T) {
	var derived []fieldVerdict
	for _, v := range fieldVerdicts(t) {
		if v.Derived != "" {
			derived = append(derived, v)
		}
	}
	allowed := func(err error) bool {
		var e *Error
		return errors.As(err, &e) && e.Type == TypeNavigate && strings.Contains(e.Msg, "not a URL replay can open")
	}
	valid, exact := fieldRoundTrip(t, derived, allowed)
	t.Logf("derived round-trip rate: %d/%d", exact, valid)
}

// fieldRoundTrip imports and exports each valid recording of vs, logs the
// table, and returns how many were valid and how many came back exact. An
// import error is a test failure unless importErrorAllowed says otherwise.
func fieldRoundTrip(t *testing.T, vs []fieldVerdict, importErrorAllowed func(error) bool) (valid, exact int) {
	t.Helper()
	var rows []string
	for _, v := range vs {
		name := v.File
		if v.Entry != "" {
			name += " » " + v.Entry
		}
		if v.Derived != "" {
			name += " (+" + v.Derived + ")"
		}
		if !v.Valid {
			rows = append(rows, fmt.Sprintf("%s | invalid (%s) | -", name, v.Error))
			continue
		}
		valid++
		orig := fieldRecording(t, v)
		f, iw, err := Import(orig)
		if err != nil {
			if importErrorAllowed == nil || !importErrorAllowed(err) {
				t.Errorf("%s: import of a valid recording failed: %v", name, err)
			}
			rows = append(rows, fmt.Sprintf("%s | import failed: %v | %s", name, err, warnText(iw)))
			continue
		}
		if f.StartURL == "" && !anyWarning(iw, "--url") {
			t.Errorf("%s: the flow opens no page, and no warning says replay starts on --url", name)
		}
		out, stepOf, ew, err := ExportMapped(f)
		if err != nil {
			t.Errorf("%s: export failed: %v", name, err)
			rows = append(rows, fmt.Sprintf("%s | export failed: %v | %s", name, err, warnText(append(iw, ew...))))
			continue
		}
		same, _, err := Same(orig, out)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if same {
			exact++
			rows = append(rows, fmt.Sprintf("%s | exact | %s", name, warnText(append(iw, ew...))))
			// The flow file the import would be saved as gives the same.
			y, err := chain.Marshal(f)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			f2, err := chain.Parse(name+".yaml", y)
			if err != nil {
				t.Errorf("%s: the imported flow, written to a flow file, does not load: %v", name, err)
				continue
			}
			if out2, _, err := Export(f2); err != nil {
				t.Errorf("%s: export of the flow file: %v", name, err)
			} else if same, d, _ := Same(orig, out2); !same {
				t.Errorf("%s: through a flow file the recording changed: %s", name, d)
			}
			continue
		}
		na, _ := Normalize(orig)
		nb, _ := Normalize(out)
		ds := allDiffs("", na, nb)
		for _, d := range ds {
			if !announced(d, iw, ew, stepOf) {
				t.Errorf("%s: %s differs and no warning names that step and field", name, d)
			}
		}
		rows = append(rows, fmt.Sprintf("%s | differs: %s | %s", name, strings.Join(ds, "; "), warnText(append(iw, ew...))))
	}
	t.Logf("recordings: %d, valid (parsed by @puppeteer/replay): %d, exact round trips: %d", len(vs), valid, exact)
	t.Log("recording | round trip | warnings")
	for _, r := range rows {
		t.Log(r)
	}
	return valid, exact
}

// withOffsets is the derivation parse.mjs makes: offsetX and offsetY 1 on
// every click and doubleClick that has neither.
func withOffsets(t *testing.T, rec []byte) []byte {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(rec, &m); err != nil {
		t.Fatal(err)
	}
	steps, _ := m["steps"].([]any)
	for _, s := range steps {
		st, _ := s.(map[string]any)
		if st == nil || (st["type"] != TypeClick && st["type"] != TypeDoubleClick) {
			continue
		}
		_, hasX := st["offsetX"]
		_, hasY := st["offsetY"]
		if !hasX && !hasY {
			st["offsetX"], st["offsetY"] = 1.0, 1.0
		}
	}
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func warnText(ws []Warning) string {
	if len(ws) == 0 {
		return "-"
	}
	s := make([]string, len(ws))
	for i, w := range ws {
		s[i] = w.String()
	}
	return strings.Join(s, " / ")
}

func anyWarning(ws []Warning, word string) bool {
	for _, w := range ws {
		if strings.Contains(w.Msg, word) {
			return true
		}
	}
	return false
}

var stepPathRE = regexp.MustCompile(`^\.steps\[(\d+)\]\.?([A-Za-z]*)`)

// announced reports whether a difference (a path from allDiffs) is named
// by a warning: one of import on the same recording step, or one of export
// on the flow step that recording step came from, that names the field.
// A difference outside the steps must be named by a warning on the whole
// recording.
func announced(d string, iw, ew []Warning, stepOf []int) bool {
	m := stepPathRE.FindStringSubmatch(d)
	if m == nil {
		field := strings.TrimPrefix(strings.SplitN(d, ":", 2)[0], ".")
		field = strings.SplitN(field, ".", 2)[0]
		return hasWarning(iw, 0, field) || hasWarning(ew, 0, field)
	}
	i, _ := strconv.Atoi(m[1])
	field := m[2]
	if field == "" {
		return false // a whole step added, lost or replaced
	}
	if hasWarning(iw, i+1, field) {
		return true
	}
	return i < len(stepOf) && stepOf[i] > 0 && hasWarning(ew, stepOf[i], field)
}

// allDiffs lists every place where two normalised recordings differ, as
// "path: a against b", in path order.
func allDiffs(path string, a, b any) []string {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok {
			break
		}
		names := keysOf(x, y)
		var out []string
		for _, k := range names {
			va, ina := x[k]
			vb, inb := y[k]
			switch {
			case !ina:
				out = append(out, fmt.Sprintf("%s.%s: missing, against %s", path, k, show(vb)))
			case !inb:
				out = append(out, fmt.Sprintf("%s.%s: %s, against nothing", path, k, show(va)))
			default:
				out = append(out, allDiffs(path+"."+k, va, vb)...)
			}
		}
		return out
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			break
		}
		var out []string
		for i := range x {
			out = append(out, allDiffs(fmt.Sprintf("%s[%d]", path, i), x[i], y[i])...)
		}
		return out
	default:
		if d := diff(path, a, b); d != "" {
			return []string{d}
		}
		return nil
	}
	return []string{fmt.Sprintf("%s: %s against %s", orRoot(path), show(a), show(b))}
}

// TestFieldAnnounced: the checks TestFieldRoundTrip makes of a difference
// (every difference listed, each one named by a warning on its step and
// field) catch what they must.
func TestFieldAnnounced(t *testing.T) {
	orig := `{"title": "t", "timeout": 3000, "steps": [
		{"type": "navigate", "url": "https://h/"},
		{"type": "click", "selectors": [["#a"], ["aria/A"]], "offsetX": 1, "offsetY": 2, "timeout": 900},
		{"type": "change", "value": "x", "selectors": [["#b"]]}]}`
	out := `{"title": "t", "steps": [
		{"type": "navigate", "url": "https://h/"},
		{"type": "click", "selectors": [["#a"]], "offsetX": 1, "offsetY": 2},
		{"type": "change", "value": "x", "selectors": [["#b"]]}]}`
	na, _ := Normalize([]byte(orig))
	nb, _ := Normalize([]byte(out))
	ds := allDiffs("", na, nb)
	want := []string{".steps[1].selectors", ".steps[1].timeout", ".timeout"}
	if len(ds) != len(want) {
		t.Fatalf("diffs %q, want at %q", ds, want)
	}
	for i, d := range ds {
		if !strings.HasPrefix(d, want[i]+":") {
			t.Errorf("diff %d is %q, want at %s", i, d, want[i])
		}
	}
	stepOf := []int{0, 1, 2}
	if announced(ds[1], nil, nil, stepOf) {
		t.Error("a difference no warning names counts as announced")
	}
	if announced(ds[1], []Warning{{Step: 2, Type: "click", Msg: "field \"offsetX\" kept"}}, nil, stepOf) {
		t.Error("a warning naming another field announces the timeout")
	}
	if announced(ds[1], []Warning{{Step: 3, Type: "change", Msg: "timeout left out"}}, nil, stepOf) {
		t.Error("a warning on another step announces the timeout")
	}
	if !announced(ds[1], []Warning{{Step: 2, Type: "click", Msg: "timeout left out"}}, nil, stepOf) {
		t.Error("an import warning on the step and field does not announce it")
	}
	if !announced(ds[0], nil, []Warning{{Step: 1, Type: "click", Msg: "selectors: the aria one is left out"}}, stepOf) {
		t.Error("an export warning on the flow step and field does not announce it")
	}
	if announced(ds[2], []Warning{{Step: 2, Msg: "timeout left out"}}, nil, stepOf) || !announced(ds[2], []Warning{{Msg: "the recording's timeout is left out"}}, nil, stepOf) {
		t.Error("a recording-level difference needs a recording-level warning")
	}
}
