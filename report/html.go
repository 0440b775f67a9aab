package report

import (
	"bytes"
	"embed"
	"fmt"
	"html/template"
	"os"
	"path/filepath"
	"time"

	"github.com/qa-chain/chainreplay/internal/atomicfile"
)

//go:embed htmlassets/report.html.tmpl htmlassets/report.css
var htmlAssets embed.FS

// HTMLIndex and HTMLStyle are the files WriteHTML writes into the report
// folder, next to the screenshots the runner put there.
const (
	HTMLIndex = "index.html"
	HTMLStyle = "report.css"
)

var htmlTemplate = template.Must(template.New("report.html.tmpl").Funcs(template.FuncMap{
	"secs": func(ms float64) string { return fmt.Sprintf("%.2fs", ms/1000) },
	"ms":   func(ms float64) string { return fmt.Sprintf("%.1f ms", ms) },
	"conf": func(c *float64) string { return fmt.Sprintf("%.2f", *c) },
	"inc":  func(i int) int { return i + 1 },
	"passedSteps": func(f Flow) int {
		n := 0
		for _, s := range f.Steps {
			if s.Status == Passed {
				n++
			}
		}
		return n
	},
}).ParseFS(htmlAssets, "htmlassets/report.html.tmpl"))

// HTMLOptions tune WriteHTML and HTML. The zero value is titled "Replay
// report" and carries no generation time.
type HTMLOptions struct {
	// Title of the page; empty means "Replay report".
	Title string
	// Generated is when the report was made; zero leaves it out.
	Generated time.Time
}

type htmlData struct {
	Title       string
	Generated   string
	Run         *Run
	Passed      bool
	FlowsFailed int
	Healed      int
}

// HTML renders r as the report's index.html. Every string is escaped by
// html/template for where it lands (text, attribute, URL), so names, texts
// and URLs taken from pages cannot add markup or script; the page also
// forbids scripts, frames and remote loads by Content-Security-Policy. It
// needs report.css (HTMLStyle) next to it.
func HTML(r *Run, opts HTMLOptions) ([]byte, error) {
	d := htmlData{Title: opts.Title, Run: r, Passed: r.Summary.FlowsPassed == r.Summary.Flows}
	if d.Title == "" {
		d.Title = "Replay report"
	}
	if !opts.Generated.IsZero() {
		d.Generated = opts.Generated.UTC().Format("2006-01-02 15:04:05 UTC")
	}
	for _, f := range r.Flows {
		if f.Status == Failed {
			d.FlowsFailed++
		}
		for _, s := range f.Steps {
			if s.Healed != nil && !s.Healed.Described {
				d.Healed++
			}
		}
	}
	var buf bytes.Buffer
	if err := htmlTemplate.Execute(&buf, d); err != nil {
		return nil, fmt.Errorf("html report: %w", err)
	}
	return buf.Bytes(), nil
}

// WriteHTML writes the self-contained HTML report into folder dir (created
// when missing): index.html and report.css. Steps' Screenshot paths are
// relative to dir; the runner writes those files there. Nothing in it
// loads from the network.
func WriteHTML(dir string, r *Run, opts HTMLOptions) error {
	page, err := HTML(r, opts)
	if err != nil {
		return err
	}
	css, err := htmlAssets.ReadFile("htmlassets/report.css")
	if err != nil {
		return fmt.Errorf("html report: %w", err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("html report: %w", err)
	}
	if err := atomicfile.Write(filepath.Join(dir, HTMLStyle), css, 0o644); err != nil {
		return fmt.Errorf("html report: %w", err)
	}
	if err := atomicfile.Write(filepath.Join(dir, HTMLIndex), page, 0o644); err != nil {
		return fmt.Errorf("html report: %w", err)
	}
	return nil
}
