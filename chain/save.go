package chain

import (
	"bytes"
	"fmt"

	"github.com/qa-chain/chainreplay/internal/atomicfile"
	"gopkg.in/yaml.v3"
)

// Marshal encodes f as YAML, two-space indented.
func Marshal(f *Flow) ([]byte, error) {
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(f); err != nil {
		return nil, fmt.Errorf("encode flow: %w", err)
	}
	if err := enc.Close(); err != nil {
		return nil, fmt.Errorf("encode flow: %w", err)
	}
	return buf.Bytes(), nil
}

// Save writes f to path atomically: a temporary file in the same folder,
// fsync, rename. When any of that fails, the file that was at path is left
// as it was.
func Save(path string, f *Flow) error {
	data, err := Marshal(f)
	if err != nil {
		return err
	}
	return atomicfile.Write(path, data, 0o644)
}
