package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/qa-chain/chainreplay/fixtures"
)

// effect is what one step changed in a page's facts (the strings the
// tracker of fixtures/thirdparty/lib reports: "row:Buy milk", "route:#/",
// "value:email=ada@example.com"), as sets, sorted.
type effect struct {
	added, removed []string
}

func (e effect) empty() bool { return len(e.added) == 0 && len(e.removed) == 0 }

func (e effect) equal(o effect) bool {
	return slices.Equal(e.added, o.added) && slices.Equal(e.removed, o.removed)
}

func (e effect) String() string {
	var parts []string
	for _, f := range e.added {
		parts = append(parts, "+"+f)
	}
	for _, f := range e.removed {
		parts = append(parts, "-"+f)
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, " ")
}

// beginMark is the marker a page reports as step i (1-based) begins, in
// the reference replay and in the engine's.
func beginMark(i int) string { return fmt.Sprintf("__begin:%d", i) }

// isAction reports whether e is a page's report of an action by the step
// whose element is named own ("" for a step without one): an element
// pressed by the pointer, clicked, typed into, changed, a key pressed, or
// own taking the focus once the step began (begun: after its beginMark).
// Another element taking the focus, or own before the step began, is the
// page's doing (a field the page focuses as it loads, a dialog focusing
// its first field late), not the step's action.
func isAction(e fixtures.Event, own string, begun bool) bool {
	if strings.HasPrefix(e.Element, "__") {
		return false
	}
	switch e.Type {
	case "down", "click", "dblclick", "input", "change", "key":
		return true
	case "focus":
		return begun && own != "" && e.Element == own
	}
	return false
}

// begins reports whether window w holds the marker of a step's beginning
// (beginMark): where it does not (a page that did not answer the marker),
// the step is taken as begun from the window's start.
func begins(w []fixtures.Event) bool {
	return slices.ContainsFunc(w, func(e fixtures.Event) bool { return strings.HasPrefix(e.Element, "__begin:") })
}

// deltas computes each step's effect from the page's reports: windows[i]
// are the reports between the end of step i-1 and the end of step i, tail
// those after the last step, once the page had time to settle; own[i]
// names step i's element ("" for none).
//
// A step's effect runs from its first action (the first report of a
// pointer press, click, input, change or key, or of its own element's focus
// once the step began, in its window) to the next
// action of a later step, so that what the page does late, after the
// step ended, still counts as the step's, and what a page does on load
// counts as no step's. A step whose window holds no action (a hover, a
// scroll, a step that did nothing) has no effect: what happens meanwhile
// is the previous action's.
//
// Facts belong to a document: the tracker starts each document with a
// "page" report naming it, and only the latest document's facts count.
func deltas(windows [][]fixtures.Event, tail []fixtures.Event, own []string) []effect {
	var stream []fixtures.Event
	cuts := make([]int, len(windows)+1)
	for i, w := range windows {
		start := len(stream)
		cuts[i] = -1
		begun := !begins(w)
		for j, e := range w {
			begun = begun || strings.HasPrefix(e.Element, "__begin:")
			if isAction(e, at(own, i), begun) {
				cuts[i] = start + j
				break
			}
		}
		stream = append(stream, w...)
	}
	stream = append(stream, tail...)
	cuts[len(windows)] = len(stream)
	for i := len(windows) - 1; i >= 0; i-- {
		if cuts[i] < 0 {
			cuts[i] = cuts[i+1] // no action: an empty effect, at the next action
		}
	}

	states := make([]map[string]bool, len(cuts))
	var facts factLog
	k := 0
	for i := 0; i <= len(stream); i++ {
		for k < len(cuts) && cuts[k] == i {
			states[k] = facts.now()
			k++
		}
		if i == len(stream) {
			break
		}
		facts.apply(stream[i])
	}
	out := make([]effect, len(windows))
	for i := range windows {
		a, b := states[i], states[i+1]
		var ef effect
		for f := range b {
			if !a[f] {
				ef.added = append(ef.added, f)
			}
		}
		for f := range a {
			if !b[f] {
				ef.removed = append(ef.removed, f)
			}
		}
		slices.Sort(ef.added)
		slices.Sort(ef.removed)
		out[i] = ef
	}
	return out
}

// initialFacts are the facts of the page's latest document as the first
// action in windows came (as it loaded); own names each step's element, as
// for deltas.
func initialFacts(windows [][]fixtures.Event, own []string) map[string]bool {
	var facts factLog
	for i, w := range windows {
		begun := !begins(w)
		for _, e := range w {
			begun = begun || strings.HasPrefix(e.Element, "__begin:")
			if isAction(e, at(own, i), begun) {
				return facts.now()
			}
			facts.apply(e)
		}
	}
	return facts.now()
}

// at is xs[i], or "" past its end.
func at(xs []string, i int) string {
	if i < len(xs) {
		return xs[i]
	}
	return ""
}

// factLog follows a page's facts report by report: each document's own
// ("fact+" / "fact-" name theirs), and which document is the latest
// ("page").
type factLog struct {
	docs map[string]map[string]bool
	doc  string
}

func (l *factLog) apply(e fixtures.Event) {
	switch e.Type {
	case "page":
		l.doc = e.Value
	case "fact+":
		if l.docs == nil {
			l.docs = map[string]map[string]bool{}
		}
		if l.docs[e.Value] == nil {
			l.docs[e.Value] = map[string]bool{}
		}
		l.docs[e.Value][e.Element] = true
	case "fact-":
		delete(l.docs[e.Value], e.Element)
	}
}

// now is a copy of the latest document's facts.
func (l *factLog) now() map[string]bool {
	out := map[string]bool{}
	for f := range l.docs[l.doc] {
		out[f] = true
	}
	return out
}
