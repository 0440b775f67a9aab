package chromerec

import (
	"encoding/json"
	"fmt"
)

// The step types of Chrome's recording format (Schema.ts StepType).
const (
	TypeChange                   = "change"
	TypeClick                    = "click"
	TypeClose                    = "close"
	TypeCustomStep               = "customStep"
	TypeDoubleClick              = "doubleClick"
	TypeEmulateNetworkConditions = "emulateNetworkConditions"
	TypeHover                    = "hover"
	TypeKeyDown                  = "keyDown"
	TypeKeyUp                    = "keyUp"
	TypeNavigate                 = "navigate"
	TypeScroll                   = "scroll"
	TypeSetViewport              = "setViewport"
	TypeWaitForElement           = "waitForElement"
	TypeWaitForExpression        = "waitForExpression"
)

// stepTypes lists every step type, for messages.
const stepTypes = "change, click, close, customStep, doubleClick, emulateNetworkConditions, hover, keyDown, keyUp, navigate, scroll, setViewport, waitForElement, waitForExpression"

// Recording is a Chrome DevTools Recorder user flow.
type Recording struct {
	Title             string `json:"title"`
	Timeout           int    `json:"timeout,omitempty"`
	SelectorAttribute string `json:"selectorAttribute,omitempty"`
	Steps             []Step `json:"steps"`
}

// Step is any step of a recording; which fields apply depends on Type.
type Step struct {
	Type string `json:"type"`
	// Target is the page or popup the step runs in: "main" or empty is
	// the page the recording starts in, another value the URL of a page
	// an earlier step opened.
	Target         string          `json:"target,omitempty"`
	Frame          []int           `json:"frame,omitempty"`
	Selectors      []Selector      `json:"selectors,omitempty"`
	Timeout        int             `json:"timeout,omitempty"`
	AssertedEvents []AssertedEvent `json:"assertedEvents,omitempty"`

	// click, doubleClick
	OffsetX    *float64 `json:"offsetX,omitempty"`
	OffsetY    *float64 `json:"offsetY,omitempty"`
	Button     string   `json:"button,omitempty"`
	DeviceType string   `json:"deviceType,omitempty"`
	Duration   int      `json:"duration,omitempty"`
	// change
	Value *string `json:"value,omitempty"`
	// keyDown, keyUp
	Key string `json:"key,omitempty"`
	// navigate
	URL string `json:"url,omitempty"`
	// scroll: absolute scroll position of the page or the element
	X *float64 `json:"x,omitempty"`
	Y *float64 `json:"y,omitempty"`
	// setViewport
	Width             int     `json:"width,omitempty"`
	Height            int     `json:"height,omitempty"`
	DeviceScaleFactor float64 `json:"deviceScaleFactor,omitempty"`
	IsMobile          bool    `json:"isMobile,omitempty"`
	HasTouch          bool    `json:"hasTouch,omitempty"`
	IsLandscape       bool    `json:"isLandscape,omitempty"`
	// waitForElement
	Operator   string            `json:"operator,omitempty"`
	Count      *int              `json:"count,omitempty"`
	Visible    *bool             `json:"visible,omitempty"`
	Attributes map[string]string `json:"attributes,omitempty"`
	Properties map[string]any    `json:"properties,omitempty"`
	// waitForExpression
	Expression string `json:"expression,omitempty"`
	// customStep
	Name       string `json:"name,omitempty"`
	Parameters any    `json:"parameters,omitempty"`
	// emulateNetworkConditions
	Download *float64 `json:"download,omitempty"`
	Upload   *float64 `json:"upload,omitempty"`
	Latency  *float64 `json:"latency,omitempty"`
}

// stepFields are the fields Step reads, by step type ("" for every type).
var stepFields = map[string][]string{
	"":                           {"type", "target", "frame", "timeout", "assertedEvents"},
	TypeClick:                    {"selectors", "offsetX", "offsetY", "button", "deviceType", "duration"},
	TypeDoubleClick:              {"selectors", "offsetX", "offsetY", "button", "deviceType", "duration"},
	TypeHover:                    {"selectors"},
	TypeChange:                   {"selectors", "value"},
	TypeKeyDown:                  {"key"},
	TypeKeyUp:                    {"key"},
	TypeNavigate:                 {"url"},
	TypeScroll:                   {"selectors", "x", "y"},
	TypeSetViewport:              {"width", "height", "deviceScaleFactor", "isMobile", "hasTouch", "isLandscape"},
	TypeWaitForElement:           {"selectors", "operator", "count", "visible", "attributes", "properties"},
	TypeWaitForExpression:        {"expression"},
	TypeCustomStep:               {"name", "parameters"},
	TypeEmulateNetworkConditions: {"download", "upload", "latency"},
	TypeClose:                    {},
}

// AssertedEvent is an event the step caused at record time.
type AssertedEvent struct {
	Type  string `json:"type"`
	URL   string `json:"url,omitempty"`
	Title string `json:"title,omitempty"`
}

// Selector is one alternative way to find a step's element: a list of
// parts, each applied inside the shadow root (or the element) found by the
// one before. In JSON a one-part selector may be a plain string.
type Selector []string

// UnmarshalJSON accepts "sel" and ["host", "sel"].
func (s *Selector) UnmarshalJSON(b []byte) error {
	var one string
	if err := json.Unmarshal(b, &one); err == nil {
		*s = Selector{one}
		return nil
	}
	var parts []string
	if err := json.Unmarshal(b, &parts); err != nil {
		return fmt.Errorf("a selector is a string or an array of strings: %w", err)
	}
	if len(parts) == 0 {
		return fmt.Errorf("a selector array is empty")
	}
	*s = parts
	return nil
}

// Warning is something a conversion could not carry over exactly.
type Warning struct {
	// Step is the 1-based index of the step in the input (0: the whole
	// file).
	Step int
	// Type is the step's type (a Chrome step type on import, an action on
	// export).
	Type string
	Msg  string
}

func (w Warning) String() string {
	if w.Step == 0 {
		return w.Msg
	}
	return fmt.Sprintf("step %d (%s): %s", w.Step, w.Type, w.Msg)
}

// Error is a conversion failure tied to one step.
type Error struct {
	// Step is the 1-based index of the step in the input.
	Step int
	Type string
	Msg  string
}

func (e *Error) Error() string {
	return fmt.Sprintf("step %d (%s): %s", e.Step, e.Type, e.Msg)
}
