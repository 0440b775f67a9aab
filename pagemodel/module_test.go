package pagemodel

import (
	"io/fs"
	"regexp"
	"testing"
)

// topLevelName matches a declaration at the start of a line of the
// module's files: they are concatenated into one function, where a second
// function of a name silently replaces the first (hoisting), and a second
// const or let of a name breaks the whole module.
var topLevelName = regexp.MustCompile(`(?m)^(?:async\s+)?(?:function\*?|const|let|class)\s+([A-Za-z_$][\w$]*)`)

// TestNoNameDeclaredTwice checks that no two files of the module (nor one
// file twice) declare the same top-level name.
func TestNoNameDeclaredTwice(t *testing.T) {
	files, err := fs.Glob(jsFiles, "js/*.js")
	if err != nil || len(files) == 0 {
		t.Fatalf("module files: %v", err)
	}
	seen := map[string]string{}
	for _, f := range files {
		src, err := fs.ReadFile(jsFiles, f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range topLevelName.FindAllStringSubmatch(string(src), -1) {
			if first, ok := seen[m[1]]; ok {
				t.Errorf("%s is declared in %s and again in %s", m[1], first, f)
				continue
			}
			seen[m[1]] = f
		}
	}
	if len(seen) < 50 {
		t.Errorf("only %d top-level names found: the pattern no longer reads the module", len(seen))
	}
}
