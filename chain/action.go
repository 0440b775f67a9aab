package chain

// Action is what a step does.
type Action string

// The actions a flow may hold.
const (
	Click         Action = "click"
	DblClick      Action = "dblclick"
	Hover         Action = "hover"
	Type          Action = "type"
	Press         Action = "press"
	Select        Action = "select"
	Check         Action = "check"
	Uncheck       Action = "uncheck"
	Scroll        Action = "scroll"
	Navigate      Action = "navigate"
	Upload        Action = "upload"
	Drag          Action = "drag"
	AssertText    Action = "assert_text"
	AssertVisible Action = "assert_visible"
	AssertURL     Action = "assert_url"
	AssertValue   Action = "assert_value"

	// WaitElement waits until the target's matches compare to Step.Expect
	// (a count, attributes, properties; with Expect.Gone, until they no
	// longer do). Its matches are those of the first strategy of the chain,
	// in the order written, that matches anything: it counts, and never
	// refuses several matches as other steps do (Chrome's waitForElement).
	WaitElement Action = "wait_element"
	// WaitExpression evaluates Step.Expression in the page (in the target's
	// frame when the step has a target) until it is truthy.
	WaitExpression Action = "wait_expression"
	// KeyDown and KeyUp press or release Step.Key alone (a key held across
	// other steps); Press is both.
	KeyDown Action = "key_down"
	KeyUp   Action = "key_up"
	// EmulateNetwork emulates Step.Network (throughput, latency, offline).
	EmulateNetwork Action = "emulate_network"
	// SetViewport sets Step.Viewport from then on.
	SetViewport Action = "set_viewport"
	// Close closes the step's page (Step.Page).
	Close Action = "close"
	// Custom is a step only a Puppeteer extension can run (Chrome's
	// customStep, its name and parameters in Step.Chrome): replay passes
	// it with a note saying it was not run.
	Custom Action = "custom"
)

// Actions lists every known action in a stable order.
var Actions = []Action{Click, DblClick, Hover, Type, Press, Select, Check, Uncheck,
	Scroll, Navigate, Upload, Drag, AssertText, AssertVisible, AssertURL, AssertValue,
	WaitElement, WaitExpression, KeyDown, KeyUp, EmulateNetwork, SetViewport, Close, Custom}

// Known reports whether a is an action this package knows.
func (a Action) Known() bool {
	for _, k := range Actions {
		if a == k {
			return true
		}
	}
	return false
}

// NeedsTarget reports whether the action must have a target chain.
// press and scroll may go to the focused element / the window instead.
func (a Action) NeedsTarget() bool {
	switch a {
	case Navigate, AssertURL, Press, Scroll, WaitExpression, KeyDown, KeyUp, EmulateNetwork, SetViewport, Close, Custom:
		return false
	}
	return true
}

// IsPointer reports whether the action moves the mouse onto its target, so
// replay must check that the target is visible, stable and hit at the point.
func (a Action) IsPointer() bool {
	switch a {
	case Click, DblClick, Hover, Check, Uncheck, Drag:
		return true
	}
	return false
}

// StrategyType names how a strategy finds its element.
type StrategyType string

// The strategy types a chain may hold.
const (
	TestID      StrategyType = "testid"
	ID          StrategyType = "id"
	Role        StrategyType = "role"
	Label       StrategyType = "label"
	Placeholder StrategyType = "placeholder"
	Text        StrategyType = "text"
	Name        StrategyType = "name"
	CSS         StrategyType = "css"
	XPath       StrategyType = "xpath"
	Similarity  StrategyType = "similarity"
	Coordinates StrategyType = "coordinates"
)

// StrategyTypes lists every known strategy type in a stable order.
var StrategyTypes = []StrategyType{TestID, ID, Role, Label, Placeholder, Text, Name, CSS, XPath, Similarity, Coordinates}

// Known reports whether t is a strategy type this package knows.
func (t StrategyType) Known() bool {
	for _, k := range StrategyTypes {
		if t == k {
			return true
		}
	}
	return false
}

// NeedsValue reports whether strategies of this type carry a Value.
func (t StrategyType) NeedsValue() bool {
	return t != Coordinates && t != Similarity
}
