package runner

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// ErrNoFlows is returned (wrapped) when the arguments name no flow file.
var ErrNoFlows = errors.New("no flow files")

// IsFlowFile reports whether name has a flow file extension (.yaml or .yml,
// any case).
func IsFlowFile(name string) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".yaml", ".yml":
		return true
	}
	return false
}

// Expand turns command-line arguments into the sorted list of flow files:
// a file is taken as it is (whatever its extension), a folder stands for
// every *.yaml / *.yml file below it. Paths are cleaned, duplicates dropped,
// and the list sorted by path. A missing argument, or a folder without flow
// files, is an error.
func Expand(args []string) ([]string, error) {
	if len(args) == 0 {
		return nil, fmt.Errorf("%w: give at least one FLOW.yaml or folder", ErrNoFlows)
	}
	seen := map[string]bool{}
	var out []string
	add := func(p string) {
		p = filepath.Clean(p)
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	for _, arg := range args {
		st, err := os.Stat(arg)
		if err != nil {
			return nil, fmt.Errorf("flow argument %q: %w", arg, err)
		}
		if !st.IsDir() {
			add(arg)
			continue
		}
		n := 0
		err = filepath.WalkDir(arg, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && IsFlowFile(d.Name()) {
				add(p)
				n++
			}
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("flow folder %q: %w", arg, err)
		}
		if n == 0 {
			return nil, fmt.Errorf("%w: folder %q holds no *.yaml or *.yml file", ErrNoFlows, arg)
		}
	}
	slices.Sort(out)
	return out, nil
}

// Shard is one slice of a flow list: Index of Count, 1-based. The zero value
// means the whole list.
type Shard struct {
	Index, Count int
}

// ParseShard reads "I/N" with 1 <= I <= N.
func ParseShard(s string) (Shard, error) {
	is, ns, ok := strings.Cut(s, "/")
	if !ok {
		return Shard{}, fmt.Errorf("shard %q: want I/N, e.g. 1/4", s)
	}
	i, err1 := strconv.Atoi(strings.TrimSpace(is))
	n, err2 := strconv.Atoi(strings.TrimSpace(ns))
	if err1 != nil || err2 != nil {
		return Shard{}, fmt.Errorf("shard %q: I and N must be whole numbers", s)
	}
	if n < 1 || i < 1 || i > n {
		return Shard{}, fmt.Errorf("shard %q: want 1 <= I <= N", s)
	}
	return Shard{Index: i, Count: n}, nil
}

// String is "I/N", or "all" for the zero Shard.
func (s Shard) String() string {
	if s.Count == 0 {
		return "all"
	}
	return fmt.Sprintf("%d/%d", s.Index, s.Count)
}

// Bounds returns the half-open range [lo, hi) of a list of n items that the
// shard holds: the Index-th of Count contiguous slices whose sizes differ by
// at most one. The Count shards of a list partition it exactly, in order.
func (s Shard) Bounds(n int) (lo, hi int) {
	if s.Count == 0 {
		return 0, n
	}
	return (s.Index - 1) * n / s.Count, s.Index * n / s.Count
}

// Apply returns the shard's slice of list (which should be sorted).
func Apply[T any](s Shard, list []T) []T {
	lo, hi := s.Bounds(len(list))
	return list[lo:hi]
}
