package runner

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/internal/atomicfile"
	"github.com/qa-chain/chainreplay/report"
)

// ShotsDir is the folder, inside the report folder, that holds screenshots.
const ShotsDir = "screenshots"

// Screenshots says which steps are photographed. The zero value takes none.
type Screenshots struct {
	// Dir is the report folder; screenshots go to Dir/screenshots and each
	// step's Screenshot is set relative to Dir. Empty means no screenshots.
	Dir string
	// All photographs every step that ran, not only failed ones.
	All bool
}

func (s Screenshots) wants(st *report.Step) bool {
	if s.Dir == "" {
		return false
	}
	return st.Status == report.Failed || (s.All && st.Status == report.Passed)
}

// prepare creates the screenshot folder and removes the PNGs a previous
// run left there, so the folder only ever shows this run.
func (s Screenshots) prepare() error {
	dir := filepath.Join(s.Dir, ShotsDir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("screenshots: %w", err)
	}
	old, _ := filepath.Glob(filepath.Join(dir, "*.png"))
	for _, f := range old {
		os.Remove(f)
	}
	return nil
}

// ShotName is the screenshot file of step of the index-th flow, relative
// to the report folder: screenshots/NNN-flow-name-step-MM.png.
func ShotName(index int, flowName string, step int) string {
	return filepath.ToSlash(filepath.Join(ShotsDir, fmt.Sprintf("%03d-%s-step-%02d.png", index+1, slug(flowName), step)))
}

// take writes a PNG of the page's viewport straight into the report
// folder (through a temporary file there and a rename: nothing is left
// in temp folders) and sets st.Screenshot.
func (s Screenshots) take(page *rod.Page, index int, job Job, st *report.Step) error {
	png, err := page.Timeout(10*time.Second).Screenshot(false, &proto.PageCaptureScreenshot{
		Format: proto.PageCaptureScreenshotFormatPng})
	if err != nil {
		return err
	}
	name := ShotName(index, job.Flow.Name, st.Index)
	if err := atomicfile.Write(filepath.Join(s.Dir, filepath.FromSlash(name)), png, 0o644); err != nil {
		return err
	}
	st.Screenshot = name
	return nil
}

// slug keeps letters, digits and dashes of s, lower-cased, at most 40.
func slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		ok := (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9')
		switch {
		case ok:
			b.WriteRune(r)
			dash = false
		case !dash && b.Len() > 0:
			b.WriteByte('-')
			dash = true
		}
		if b.Len() >= 40 {
			break
		}
	}
	out := strings.TrimRight(b.String(), "-")
	if out == "" {
		return "flow"
	}
	return out
}

func protoBlank() proto.TargetCreateTarget {
	return proto.TargetCreateTarget{URL: "about:blank"}
}
