package report

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestHTMLEscapesPageText(t *testing.T) {
	b, err := HTML(sampleRun(), HTMLOptions{})
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	for _, raw := range []string{"<img src=x", "<script>alert(2)", "<svg onload", `"><script`, `"><svg`} {
		if strings.Contains(page, raw) {
			t.Errorf("the report holds %q unescaped", raw)
		}
	}
	for _, want := range []string{"&lt;img src=x onerror=alert(1)&gt;", "Content-Security-Policy", "default-src 'none'",
		`src="screenshots/002-cart-step-02.png"`, "ELEMENT_NOT_FOUND", "BROWSER_CRASHED", "label Email", "<details"} {
		if !strings.Contains(page, want) {
			t.Errorf("the report lacks %q", want)
		}
	}
	if strings.Contains(page, "http://") && strings.Contains(page, "<link rel=\"stylesheet\" href=\"http") {
		t.Error("the report must not load anything from the network")
	}
}

func TestWriteHTMLMakesOneFolder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "html")
	if err := WriteHTML(dir, sampleRun(), HTMLOptions{}); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if strings.Join(names, ",") != "index.html,report.css" {
		t.Errorf("report folder holds %v", names)
	}
}
