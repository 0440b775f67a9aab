package report

import (
	"encoding/json"
	"fmt"

	"github.com/qa-chain/chainreplay/internal/atomicfile"
)

// WriteJSON writes r as the JSON report of INTERFACE.md to path, atomically.
func WriteJSON(path string, r *Run) error {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return fmt.Errorf("json report: %w", err)
	}
	return atomicfile.Write(path, append(b, '\n'), 0o644)
}
