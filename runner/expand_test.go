package runner

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func touch(t *testing.T, root string, names ...string) {
	t.Helper()
	for _, n := range names {
		p := filepath.Join(root, filepath.FromSlash(n))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("version: 1\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestExpandFoldersAndFiles(t *testing.T) {
	root := t.TempDir()
	touch(t, root, "b/z.yaml", "b/a.yml", "b/deep/er/c.YAML", "b/notes.txt", "b/x.yaml.bak", "single.flow", "a.yaml")
	got, err := Expand([]string{
		filepath.Join(root, "b"),
		filepath.Join(root, "single.flow"), // a file is taken whatever its extension
		filepath.Join(root, "a.yaml"),
		filepath.Join(root, "b", "z.yaml"),     // duplicate of one under b/
		filepath.Join(root, "b", ".", "a.yml"), // same file, uncleaned
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		filepath.Join(root, "a.yaml"),
		filepath.Join(root, "b", "a.yml"),
		filepath.Join(root, "b", "deep", "er", "c.YAML"),
		filepath.Join(root, "b", "z.yaml"),
		filepath.Join(root, "single.flow"),
	}
	if !slices.Equal(got, want) {
		t.Fatalf("Expand:\n got %q\nwant %q", got, want)
	}
}

func TestExpandErrors(t *testing.T) {
	root := t.TempDir()
	touch(t, root, "empty/readme.txt")
	if _, err := Expand(nil); !errors.Is(err, ErrNoFlows) {
		t.Errorf("no args: %v, want ErrNoFlows", err)
	}
	if _, err := Expand([]string{filepath.Join(root, "empty")}); !errors.Is(err, ErrNoFlows) {
		t.Errorf("folder without flows: %v, want ErrNoFlows", err)
	}
	if _, err := Expand([]string{filepath.Join(root, "missing.yaml")}); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v, want ErrNotExist", err)
	}
}

func TestParseShard(t *testing.T) {
	for _, ok := range []string{"1/1", "1/2", "2/2", "3/7", " 2 / 3 "} {
		if _, err := ParseShard(ok); err != nil {
			t.Errorf("ParseShard(%q): %v", ok, err)
		}
	}
	for _, bad := range []string{"", "1", "0/2", "3/2", "-1/2", "1/0", "a/b", "1/2/3", "1.5/2"} {
		if s, err := ParseShard(bad); err == nil {
			t.Errorf("ParseShard(%q) = %v, want an error", bad, s)
		}
	}
	if s, _ := ParseShard("2/5"); s != (Shard{Index: 2, Count: 5}) || s.String() != "2/5" {
		t.Errorf("ParseShard(2/5) = %+v", s)
	}
}

// The N shards of any list partition it exactly: concatenated in order they
// give the list back, no item twice, none lost, and their sizes differ by
// at most one.
func TestShardsPartitionTheList(t *testing.T) {
	for n := 0; n <= 40; n++ {
		list := make([]int, n)
		for i := range list {
			list[i] = i
		}
		for count := 1; count <= 12; count++ {
			var joined []int
			small, big := n, 0
			for i := 1; i <= count; i++ {
				part := Apply(Shard{Index: i, Count: count}, list)
				joined = append(joined, part...)
				small, big = min(small, len(part)), max(big, len(part))
			}
			if !slices.Equal(joined, list) {
				t.Fatalf("%d items in %d shards: joined %v", n, count, joined)
			}
			if big-small > 1 {
				t.Fatalf("%d items in %d shards: sizes from %d to %d", n, count, small, big)
			}
		}
	}
	if got := Apply(Shard{}, []int{1, 2, 3}); len(got) != 3 {
		t.Errorf("zero Shard keeps the whole list, got %v", got)
	}
}
