package chromerec

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/qa-chain/chainreplay/chain"
)

// IsRecordingFile reports whether name has the extension of a Chrome
// DevTools Recorder recording (.json, any case).
func IsRecordingFile(name string) bool {
	return strings.EqualFold(filepath.Ext(name), ".json")
}

// ReadFile imports the recording in the file at path (Import), read as
// chain.ReadFile reads a flow file, and refused when empty. A recording
// without a title gives the flow the file's base name. Errors name the
// file; the warnings are Import's.
func ReadFile(path string) (*chain.Flow, []Warning, error) {
	data, err := chain.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	if len(data) == 0 {
		return nil, nil, fmt.Errorf("%s: %w: the file is empty", path, ErrNotRecording)
	}
	f, warns, err := Import(data)
	if err != nil {
		return nil, warns, fmt.Errorf("%s: %w", path, err)
	}
	if f.Name == "" {
		f.Name = strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	}
	return f, warns, nil
}
