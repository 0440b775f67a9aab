package pagemodel

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"regexp"
	"sort"
	"strings"

	"github.com/qa-chain/chainreplay/internal/aria"
)

//go:embed js/*.js
var jsFiles embed.FS

// Source is the page model's script: a function declaration, function
// (win), that returns the model's entry points for the window win. It is
// the files of js/ in their numbered order, with each line that holds
// only a comment left empty: a third of the bytes every document that
// gets the model is sent and parses, and the line numbers of the files
// still name the line an exception points at. Each /*go:NAME*/ in them
// is the value of the Go variable NAME, as JSON (goValues).
var Source = func() string {
	names, err := fs.Glob(jsFiles, "js/*.js")
	if err != nil {
		panic(err)
	}
	sort.Strings(names)
	var b strings.Builder
	for _, n := range names {
		data, err := jsFiles.ReadFile(n)
		if err != nil {
			panic(err)
		}
		for line := range strings.Lines(string(data)) {
			if strings.HasPrefix(strings.TrimLeft(line, " \t"), "//") {
				b.WriteByte('\n')
				continue
			}
			b.WriteString(line)
		}
		b.WriteByte('\n')
	}
	return fillGoValues(b.String())
}()

// goValues are the Go values the module's files name by /*go:NAME*/: the
// vocabulary the page model shares with the Go side, written once.
var goValues = map[string]any{
	"aria.Roles":     aria.Roles,
	"aria.MoreRoles": aria.MoreRoles,
	"aria.Synonyms":  aria.Synonyms,
	"aria.ItemRoles": aria.ItemRoles,
}

var goValueRef = regexp.MustCompile(`/\*go:([\w.]+)\*/`)

// fillGoValues writes each /*go:NAME*/ of src as goValues[NAME] in JSON;
// it panics on a name goValues lacks, as a build error would.
func fillGoValues(src string) string {
	return goValueRef.ReplaceAllStringFunc(src, func(ref string) string {
		name := goValueRef.FindStringSubmatch(ref)[1]
		v, ok := goValues[name]
		if !ok {
			panic(fmt.Sprintf("pagemodel: js/ names /*go:%s*/, which goValues lacks", name))
		}
		data, err := json.Marshal(v)
		if err != nil {
			panic(err)
		}
		return string(data)
	})
}

// key is the expression of the symbol the model is installed under in a
// world's global object, named by the script's hash so that another
// build's model is never taken.
var key = func() string {
	sum := sha256.Sum256([]byte(Source))
	return `Symbol.for("chainreplay.model.` + hex.EncodeToString(sum[:6]) + `")`
}()

// Installed is an expression for the model of the world it is evaluated
// in: the one installed there before, else the model, made and left on the
// global object. V8 keeps the optimized code of a function's inner
// functions with the function, so a model made once serves every later
// call warm.
var Installed = `((k) => { let m = globalThis[k]; if (!m) { m = (` + Source + `)(globalThis);
  try { Object.defineProperty(globalThis, k, { value: m, configurable: true }); } catch (e) {} } return m; })(` + key + `)`

// noModel is what callLeft answers where the model is not installed yet.
const noModel = "\u0000chainreplay: no model"

// callLeft is a function declaration for Runtime.callFunctionOn that calls
// the entry point fn of the model installed in the object's world with
// this object and the call's arguments, or answers noModel: a request of
// a few bytes instead of the model's 100 kB.
func callLeft(fn string) string {
	return `function (...a) { const m = globalThis[` + key + `]; return m ? m.` + fn + `(this, ...a) : "` + `\u0000chainreplay: no model` + `"; }`
}

// Left is an expression that makes the call call (for instance
// `walk(document, {...}, null)`) on the model installed in the world it
// is evaluated in, or is "" where the model is not installed yet.
func Left(call string) string {
	return `((m) => m ? m.` + call + ` : "")(globalThis[` + key + `])`
}

// Key is the expression of the symbol the model is installed under in a
// world's global object: window[Key] is the model's object of entry
// points where it is installed (scripts of the engine's own, such as the
// recorder's listener, call it directly).
func Key() string { return key }

// OwnTimersJS declares, for a page function of the engine, ownFrame(v, fn)
// and ownTimeout(v, fn, ms): the window v's requestAnimationFrame and
// setTimeout as the model keeps them, uncounted where it is installed (the
// window's own elsewhere). The page model counts the timers and frames a
// page queues as its work (Settle waits for it); the engine's own waiting,
// such as an actionability check awaiting the next frame, must not count.
// It declares constants: paste it once in a function body (not at a
// script's top level, where a second evaluation would declare them again).
var OwnTimersJS = `const ownFrame = (v, fn) => { const m = v[` + key + `]; return m ? m.frame(fn) : v.requestAnimationFrame(fn); };
const ownTimeout = (v, fn, ms) => { const m = v[` + key + `]; return m ? m.timeout(fn, ms) : v.setTimeout(fn, ms); };
`

// nextFrameJS is an expression that resolves at the next animation frame
// of the world it is evaluated in (the engine's own wait: OwnTimersJS).
var nextFrameJS = `(() => { ` + OwnTimersJS + ` return new Promise((r) => ownFrame(globalThis, () => r(true))); })()`
