package pagemodel

import (
	"io/fs"
	"os"
	"path"
	"regexp"
	"sort"
	"strings"
)

// The web-platform-tests pages of testdata/wpt-aria (see its README): what
// each page checks and how an answer is compared with its expectation.

// wptDir is the copy of the WPT pages the conformance test serves.
const wptDir = "testdata/wpt-aria"

// A wptCheck is one of a page's AriaUtils.verify*BySelector calls: the
// kind of check and the selector of the elements it checks.
type wptCheck struct {
	Kind     string // "labels", "roles", "both" or "generic"
	Selector string
}

// wptCall matches a page's checking calls; verifyLabelsBySelector(4, S)
// (shadowdom/slot.html) is read as verifyLabelsBySelector(S).
var wptCall = regexp.MustCompile(`AriaUtils\.verify(Labels|Roles|RolesAndLabels|GenericRoles)BySelector\(\s*(?:\d+\s*,\s*)?(["'])(.*?)["']\s*\)`)

// wptChecks returns the checks the page src makes, in its order.
func wptChecks(src string) []wptCheck {
	var out []wptCheck
	for _, m := range wptCall.FindAllStringSubmatch(src, -1) {
		kind := map[string]string{"Labels": "labels", "Roles": "roles", "RolesAndLabels": "both", "GenericRoles": "generic"}[m[1]]
		out = append(out, wptCheck{Kind: kind, Selector: m[3]})
	}
	return out
}

// wptPages returns the paths of the pages under dir, relative to it, sorted.
func wptPages(dir string) ([]string, error) {
	var out []string
	err := fs.WalkDir(os.DirFS(dir), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && path.Ext(p) == ".html" {
			out = append(out, p)
		}
		return nil
	})
	sort.Strings(out)
	return out, err
}

// wptFolder is the folder a page's rates are reported under: accname,
// html-aam or wai-aria/role.
func wptFolder(page string) string {
	if strings.HasPrefix(page, "wai-aria/role/") {
		return "wai-aria/role"
	}
	return strings.SplitN(page, "/", 2)[0]
}

// asciiSpace is what aria-utils.js collapses in a computed name: ASCII
// white space only (not U+00A0).
var asciiSpace = regexp.MustCompile(`[\t\n\f\r ]+`)

// wptName is a computed name as aria-utils.js compares it: runs of ASCII
// white space made one space, and one space cut at either end.
func wptName(s string) string {
	s = asciiSpace.ReplaceAllString(s, " ")
	s = strings.TrimPrefix(s, " ")
	return strings.TrimSuffix(s, " ")
}

// wptRole is a role as the test compares roles: the ARIA synonyms
// img/image and presentation/none are one.
func wptRole(s string) string {
	switch s {
	case "img":
		return "image"
	case "presentation":
		return "none"
	}
	return s
}

// genericRole reports whether role passes verifyGenericRolesBySelector.
func genericRole(role string) bool {
	switch wptRole(role) {
	case "generic", "none", "":
		return true
	}
	return false
}
