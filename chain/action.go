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
)

// Actions lists every known action in a stable order.
var Actions = []Action{Click, DblClick, Hover, Type, Press, Select, Check, Uncheck,
	Scroll, Navigate, Upload, Drag, AssertText, AssertVisible, AssertURL, AssertValue}

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
	case Navigate, AssertURL, Press, Scroll:
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
