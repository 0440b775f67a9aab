package chain

import (
	"regexp"
	"strconv"
)

// Page is a page (a tab, a popup) a flow acts in. Flow.Pages lists them;
// a step names the one it acts in by its index there (Step.Page). Index 0
// is the page the flow starts in and may be left out of the list when it
// is the only one: a flow acting in one page has no pages key at all.
//
// A page other than the first is one an earlier step opened (a link with
// target=_blank, window.open). Replay waits, up to the step's timeout, for
// a page opened after the flow started whose URL is URL, and acts in it
// from then on; when none opens, the step fails. It never acts in another
// page instead.
//
//	pages:
//	  - {}                                        # 0: the page the flow starts in
//	  - {url: "http://127.0.0.1:8080/help.html"}  # 1: a popup a step opens
//	steps:
//	  - action: click                             # opens the help popup
//	    target: {chain: [...]}
//	  - action: click
//	    page: 1                                   # acts in the popup
//	    target: {chain: [...]}
//	  - action: close
//	    page: 1
type Page struct {
	// URL is the page's URL when the flow first acted in it (for Chrome's
	// recorder, the step's target). Replay matches a new page to it as a
	// navigation is matched (scheme, host and path; --base-url applies).
	// Page 0 needs none.
	URL string `yaml:"url,omitempty"`
}

// Device is the device a viewport emulates.
type Device struct {
	// Mobile emulates a mobile device (meta viewport, overlay scrollbars).
	Mobile bool `yaml:"mobile,omitempty"`
	// Touch emulates a touch screen.
	Touch bool `yaml:"touch,omitempty"`
	// Landscape turns the screen sideways.
	Landscape bool `yaml:"landscape,omitempty"`
}

// Empty reports whether d emulates nothing (a desktop).
func (d *Device) Empty() bool { return d == nil || (!d.Mobile && !d.Touch && !d.Landscape) }

// Viewport is what set_viewport sets: a size, a device scale factor and
// the device emulated.
type Viewport struct {
	Width             int     `yaml:"width"`
	Height            int     `yaml:"height"`
	DeviceScaleFactor float64 `yaml:"device_scale_factor,omitempty"`
	Device            `yaml:",inline"`
}

// Network is the network emulate_network emulates (Chrome's
// emulateNetworkConditions). A network that neither downloads nor uploads
// is offline.
type Network struct {
	// Download and Upload are throughput in bytes per second; -1 is no
	// limit.
	Download float64 `yaml:"download"`
	Upload   float64 `yaml:"upload"`
	// Latency is the added round-trip time in milliseconds.
	Latency float64 `yaml:"latency"`
}

// Offline reports whether n takes the page offline.
func (n *Network) Offline() bool { return n.Download == 0 && n.Upload == 0 }

// Expect is what wait_element waits for, as Chrome's waitForElement says
// it. The elements counted are the matches of the first strategy of the
// target's chain, in the order written, that matches anything (as
// Puppeteer takes the first selector that does).
type Expect struct {
	// Count and Operator compare the number of matches: at least one
	// when both are left out (Operator "" is ">=", Count nil is 1).
	Count    *int   `yaml:"count,omitempty"`
	Operator string `yaml:"operator,omitempty"`
	// Attributes every match must have, with these values.
	Attributes map[string]string `yaml:"attributes,omitempty"`
	// Properties every match must have (a deep match of the element's
	// JavaScript properties: {value: "x"}, {dataset: {state: "on"}}).
	Properties map[string]any `yaml:"properties,omitempty"`
	// Gone waits for the opposite: until the count, attributes and
	// properties above no longer all hold (Chrome's visible: false).
	Gone bool `yaml:"gone,omitempty"`
}

// Operators are the comparisons Expect.Operator may name.
var Operators = []string{"==", ">=", "<=", ">", "<"}

// Compare reports whether n compares to e's count as e's operator says.
func (e *Expect) Compare(n int) bool {
	want := 1
	if e != nil && e.Count != nil {
		want = *e.Count
	}
	op := ">="
	if e != nil && e.Operator != "" {
		op = e.Operator
	}
	switch op {
	case "==":
		return n == want
	case "<=":
		return n <= want
	case ">":
		return n > want
	case "<":
		return n < want
	}
	return n >= want
}

var frameIndexRE = regexp.MustCompile(`^frames\[(\d{1,4})\]$`)

// FrameIndex reads a frame path entry "frames[N]": the index N and true,
// or false for an entry that is a CSS selector.
func FrameIndex(entry string) (int, bool) {
	m := frameIndexRE.FindStringSubmatch(entry)
	if m == nil {
		return 0, false
	}
	n, _ := strconv.Atoi(m[1])
	return n, true
}

// FrameIndexEntry is the frame path entry for the n-th child frame.
func FrameIndexEntry(n int) string { return "frames[" + strconv.Itoa(n) + "]" }

// IndexedFrames reports whether a frame path names any frame by its
// index (FrameIndex): such a path must resolve, or its step fails.
func IndexedFrames(path []string) bool {
	for _, e := range path {
		if _, ok := FrameIndex(e); ok {
			return true
		}
	}
	return false
}
