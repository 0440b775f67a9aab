package decision

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/internal/testenv"
	"github.com/qa-chain/chainreplay/pagemodel"
)

// On a page that does not change, Locate asks again only at its next
// change (or after IdlePoll): the rounds that would give the same answer
// are not run. A target the page adds later is found once it is there.
func TestLocateWaitsForTheNextChange(t *testing.T) {
	const late = 1500 * time.Millisecond
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		io.WriteString(w, `<!doctype html><p>Loading the form</p><script>
setTimeout(() => {
	const b = document.createElement("button");
	b.id = "late";
	b.textContent = "Send";
	document.body.append(b);
}, `+strconv.Itoa(int(late.Milliseconds()))+`);
</script>`)
	}))
	t.Cleanup(srv.Close)
	page := testenv.PageWithScripts(t, srv.URL, pagemodel.StartScript)
	m := pagemodel.New(page, pagemodel.Options{})
	target := &chain.Target{Chain: []chain.Strategy{{Type: chain.ID, Value: "late", Confidence: 0.8}}}

	ctx, cancel := context.WithTimeout(context.Background(), late+3*time.Second)
	defer cancel()
	start := time.Now()
	v := Locate(ctx, m, target, LocateOptions{})
	took := time.Since(start)
	if v.Err != nil || v.Winner == nil || v.Winner.Element == nil || v.Winner.Element.ID != "late" {
		t.Fatalf("the button the page added after %v was not found (%v)", late, v.Err)
	}
	// Polling every DefaultPoll would have run a round every 50 ms and a
	// little more; waiting for the page's change, one every IdlePoll.
	if most := 3 + int(took/IdlePoll); v.Rounds > most {
		t.Errorf("found after %d rounds in %v on a page that did not change meanwhile; want at most %d", v.Rounds, took.Round(time.Millisecond), most)
	}
	t.Logf("found after %d rounds in %v", v.Rounds, took.Round(time.Millisecond))
}
