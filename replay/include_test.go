package replay

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/fixtures"
	"github.com/qa-chain/chainreplay/internal/testenv"
	"github.com/qa-chain/chainreplay/report"
)

// includeFlows writes, in a new folder, main.yaml (start on index.html,
// include parts/login.yaml, then assert the status it leaves) and
// parts/login.yaml: the fixture login flow typing ${var:USER}.
func includeFlows(t *testing.T) string {
	t.Helper()
	login, err := os.ReadFile(filepath.Join("..", "fixtures", "flows", "login.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	body := strings.Replace(string(login), "    text: ada@example.com\n", "    text: \"${var:USER}\"\n", 1)
	body = strings.Replace(body, "text: Signed in as ada@example.com", "text: \"Signed in as ${var:USER}\"", 1)
	if body == string(login) {
		t.Fatal("the fixture login flow changed: fix the test")
	}
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "parts"), 0o755)
	if err := os.WriteFile(filepath.Join(dir, "parts", "login.yaml"), []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	main := `version: 1
name: main
start_url: "http://127.0.0.1:8080/${var:HOME}"
viewport: {width: 1280, height: 800}
steps:
  - include: parts/login.yaml
  - action: assert_text
    target: {chain: [{type: id, value: status, confidence: 0.9}]}
    text: "Signed in as ${var:USER}"
`
	if err := os.WriteFile(filepath.Join(dir, "main.yaml"), []byte(main), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

func replayIncluding(t *testing.T, f *chain.Flow, vars map[string]string) report.Flow {
	t.Helper()
	page, err := testenv.Browser(t).Page(proto.TargetCreateTarget{URL: "about:blank"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { page.Close() })
	return replayOn(t, testenv.Fixtures(t), page, f, vars)
}

// replayOn replays f in page against the fixture server fx, with vars, a
// 5 s step timeout and every secret "pw".
func replayOn(t *testing.T, fx *fixtures.Server, page *rod.Page, f *chain.Flow, vars map[string]string) report.Flow {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	return Flow(ctx, page, f, Options{BaseURL: fx.URL, Timeout: 5 * time.Second, Vars: vars,
		LookupSecret: func(string) (string, bool) { return "pw", true }})
}

// byID is a target found by its id alone.
func byID(id string) *chain.Target {
	return &chain.Target{Chain: []chain.Strategy{{Type: chain.ID, Value: id, Confidence: 0.9}}}
}

func stepsOf(res report.Flow) string {
	var b strings.Builder
	for _, st := range res.Steps {
		fmt.Fprintf(&b, "%d %s %s %s", st.Index, st.From, st.Action, st.Status)
		if st.Error != nil {
			fmt.Fprintf(&b, " %s: %s", st.Error.Code, st.Error.Message)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func TestIncludedFlowReplaysInPlace(t *testing.T) {
	f, err := chain.Load(filepath.Join(includeFlows(t), "main.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	res := replayIncluding(t, f, map[string]string{"USER": "bob@example.com", "HOME": "index.html"})
	want := `1  include passed
2 parts/login.yaml#1 type passed
3 parts/login.yaml#2 type passed
4 parts/login.yaml#3 check passed
5 parts/login.yaml#4 click passed
6 parts/login.yaml#5 assert_text passed
7  assert_text passed
`
	if got := stepsOf(res); got != want || res.Status != report.Passed {
		t.Fatalf("steps:\n%s\nwant\n%s", got, want)
	}
	// The include step went from index.html to the included flow's start,
	// on the fixture server's origin.
	if u := res.Steps[0].URL; !strings.HasSuffix(u, "/login.html") || strings.Contains(u, ":8080") {
		t.Errorf("after the include step the page is at %s", u)
	}
}

func TestIncludedStepFailureFailsTheFlow(t *testing.T) {
	f, err := chain.Load(filepath.Join(includeFlows(t), "main.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	res := replayIncluding(t, f, map[string]string{"HOME": "index.html"})
	got := stepsOf(res)
	if res.Status != report.Failed || !strings.HasPrefix(got, "1  include passed\n2 parts/login.yaml#1 type failed VAR_MISSING: variable \"USER\"") ||
		!strings.HasSuffix(got, "6 parts/login.yaml#5 assert_text skipped\n7  assert_text skipped\n") {
		t.Fatalf("steps:\n%s", got)
	}
}

func TestStartURLVariable(t *testing.T) {
	f, err := chain.Load(filepath.Join(includeFlows(t), "main.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	res := replayIncluding(t, f, map[string]string{"USER": "bob@example.com"})
	if res.Error == nil || res.Error.Code != report.VarMissing || !strings.Contains(res.Error.Message, `"HOME"`) {
		t.Fatalf("flow error %v", res.Error)
	}
	if got := stepsOf(res); !strings.HasPrefix(got, "1  include skipped\n2 parts/login.yaml#1 type skipped\n") || len(res.Steps) != 7 {
		t.Fatalf("steps:\n%s", got)
	}
}
