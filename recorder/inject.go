package recorder

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/qa-chain/chainreplay/internal/pagejs"
)

// BindingName is the Runtime binding the in-page script reports through.
const BindingName = "__chainrecEmit"

// DefaultTestIDAttributes are read as test ids, in this order.
var DefaultTestIDAttributes = []string{"data-testid", "data-test-id", "data-test", "data-qa", "data-cy"}

//go:embed inject.js
var injectJS string

//go:embed describe.js
var describeJS string

// InjectSource returns the in-page script for the given test id attributes.
func InjectSource(testIDs []string) string {
	ids, _ := json.Marshal(testIDs)
	return strings.NewReplacer("__BINDING__", BindingName, "__TESTIDS__", string(ids)).Replace(injectJS)
}

// describeCall returns a function declaration for Runtime.callFunctionOn
// that runs describe.js on this with the given mode, with regionOf the
// shared region function (internal/pagejs).
func describeCall(testIDs []string, mode string) string {
	args, _ := json.Marshal([]any{testIDs, GeneratedClass, GeneratedID, mode})
	return fmt.Sprintf("function(){const regionOf = (%s); return (%s).apply(this, %s)}",
		pagejs.Region, strings.TrimSpace(stripLeadingComments(describeJS)), args)
}

func stripLeadingComments(s string) string {
	for {
		s = strings.TrimLeft(s, " \t\r\n")
		if !strings.HasPrefix(s, "//") {
			return s
		}
		if i := strings.IndexByte(s, '\n'); i >= 0 {
			s = s[i+1:]
		} else {
			return ""
		}
	}
}
