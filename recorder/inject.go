package recorder

import (
	_ "embed"
	"encoding/json"
	"strings"

	"github.com/qa-chain/chainreplay/pagemodel"
)

// BindingName is the Runtime binding the in-page script reports through.
const BindingName = "__chainrecEmit"

//go:embed inject.js
var injectJS string

// InjectSource returns the in-page script for the given test id attributes.
func InjectSource(testIDs []string) string {
	ids, _ := json.Marshal(testIDs)
	return strings.NewReplacer("__BINDING__", BindingName, "__TESTIDS__", string(ids), "__MODEL__", pagemodel.Key(),
		"__OWNTIMERS__", pagemodel.OwnTimersJS, "__DESCRIBE__", describeOptions(testIDs).JSON()).Replace(injectJS)
}
