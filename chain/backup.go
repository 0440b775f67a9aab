package chain

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/qa-chain/chainreplay/internal/atomicfile"
)

// BackupSuffix is added to a flow file's name for the copy SaveWithBackup keeps.
const BackupSuffix = ".bak"

// SaveWithBackup replaces the flow file at path with f, keeping what was
// there as path+BackupSuffix (replacing an older backup). f must validate:
// an invalid flow is refused and nothing is written. Both writes are atomic
// (temporary file, fsync, rename) and the backup is written first, so a
// failure at any point leaves the original file as it was and, once the new
// flow is in place, the backup holds the old one. The new file keeps the old
// file's permissions. When no file is at path, f is saved without a backup.
func SaveWithBackup(path string, f *Flow) error {
	if ps := Validate(f); len(ps) > 0 {
		msgs := make([]string, len(ps))
		for i, p := range ps {
			msgs[i] = p.String()
		}
		return fmt.Errorf("save %s: the flow does not validate: %s", path, strings.Join(msgs, "; "))
	}
	data, err := Marshal(f)
	if err != nil {
		return fmt.Errorf("save %s: %w", path, err)
	}
	perm := fs.FileMode(0o644)
	old, err := os.ReadFile(path)
	switch {
	case err == nil:
		if st, err := os.Stat(path); err == nil {
			perm = st.Mode().Perm()
		}
		if err := atomicfile.Write(path+BackupSuffix, old, perm); err != nil {
			return fmt.Errorf("save %s: backup: %w", path, err)
		}
	case errors.Is(err, fs.ErrNotExist):
	default:
		return fmt.Errorf("save %s: read the old flow: %w", path, err)
	}
	if err := atomicfile.Write(path, data, perm); err != nil {
		return fmt.Errorf("save %s: %w", path, err)
	}
	return nil
}
