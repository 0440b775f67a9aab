package chromerec

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/qa-chain/chainreplay/chain"
)

// IsRecordingFile reports whether name has the extension of a Chrome
// DevTools Recorder recording (.json, any case).
func IsRecordingFile(name string) bool {
	return strings.EqualFold(filepath.Ext(name), ".json")
}

// ReadFile imports the recording in the file at path (Import), after the
// checks chain.Load makes of a flow file: a regular file of at most
// chain.MaxFileSize bytes, not empty. A recording without a title gives
// the flow the file's base name. Errors name the file; the warnings are
// Import's.
func ReadFile(path string) (*chain.Flow, []Warning, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, nil, err
	}
	if st.IsDir() {
		return nil, nil, fmt.Errorf("%s is a directory", path)
	}
	if st.Size() > chain.MaxFileSize {
		return nil, nil, fmt.Errorf("%s: %w: %d bytes, the limit is %d", path, chain.ErrTooLarge, st.Size(), chain.MaxFileSize)
	}
	data, err := os.ReadFile(path)
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
