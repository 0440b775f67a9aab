package e2e

import (
	"context"
	"os"
	"os/exec"
	"slices"
	"strings"
	"time"

	"github.com/go-rod/rod/lib/proto"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"github.com/onsi/gomega/gexec"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/fixtures"
	"github.com/qa-chain/chainreplay/replay"
	"github.com/qa-chain/chainreplay/report"
)

// fwReplays is how many times each framework flow is replayed.
const fwReplays = 10

// fwRun is what one document of an app did, from the fixture server's
// events: the elements its actions reached, in order, and its facts at
// the end (the tracker's state strings).
type fwRun struct {
	acted []string
	facts []string
}

// fwRuns splits the events of app into its documents, in the order they
// loaded: the tracker starts each with a "page" event naming the
// document's instance, and its facts carry the instance.
func fwRuns(app *fixtures.App, events []fixtures.Event) []fwRun {
	var runs []fwRun
	facts := map[string]map[string]bool{}
	var order []string
	for _, e := range events {
		if e.Page != app.Name {
			continue
		}
		switch e.Type {
		case "page":
			order = append(order, e.Value)
			facts[e.Value] = map[string]bool{}
			runs = append(runs, fwRun{})
		case "fact+":
			if facts[e.Value] != nil {
				facts[e.Value][e.Element] = true
			}
		case "fact-":
			delete(facts[e.Value], e.Element)
		case "click", "dblclick", "change", "key":
			if len(runs) == 0 || strings.HasPrefix(e.Element, "__") {
				continue
			}
			r := &runs[len(runs)-1]
			// A field clicked and then changed was typed into: the
			// recorder's scripted user clicks a field to focus it, replay
			// focuses it without a click.
			if n := len(r.acted); e.Type == "change" && n > 0 && r.acted[n-1] == e.Element+" click" {
				r.acted = r.acted[:n-1]
			}
			r.acted = append(r.acted, e.Element+" "+e.Type)
		}
	}
	for i, inst := range order {
		for f := range facts[inst] {
			runs[i].facts = append(runs[i].facts, f)
		}
		slices.Sort(runs[i].facts)
	}
	return runs
}

// The framework pages (Preact and Lit from npm, committed built) hold the
// classes of failure of a page still reacting and of controls revealed
// by hover: each flow is recorded by a scripted user that never pauses,
// then replayed ten times on the unchanged page. Every replay must pass
// every step, with the same winning strategy each time, reach the same
// elements in the same order as the recording did, and leave the page in
// the same state.
var _ = Describe("flows on pages built with UI frameworks, replayed ten times", func() {
	for _, app := range fixtures.Frameworks {
		It(app.Name, func() {
			Fixtures.ResetEvents()
			script := TempPath(app.Name + ".txt")
			// The drive never pauses between its lines; the wait after
			// the last one lets the page's tracker post the state that
			// line caused before the recorder closes the browser (a post
			// still queued then is lost, and the recording's facts with it).
			Expect(os.WriteFile(script, []byte(app.Drive+"wait 300\n"), 0o644)).To(Succeed())
			flow := TempPath(app.Name + ".yaml")
			rec, err := gexec.Start(exec.Command(RecorderBin, "--url", Fixtures.URL+app.Path(), "--out", flow, "--headless", "--drive", script), GinkgoWriter, GinkgoWriter)
			Expect(err).NotTo(HaveOccurred())
			Eventually(rec, 2*time.Minute).Should(gexec.Exit(0), "recorder:\n%s", rec.Err.Contents())
			recorded := fwRuns(app, SettledEvents(400*time.Millisecond))
			Expect(recorded).To(HaveLen(1), "the recording loaded the page once")
			Expect(recorded[0].acted).NotTo(BeEmpty())

			// Ten replays, each on a fresh page of its own browser
			// context; each run's events are in before the page closes.
			f, err := chain.Load(flow)
			Expect(err).NotTo(HaveOccurred())
			Fixtures.ResetEvents()
			var first []string
			for i := 0; i < fwReplays; i++ {
				inc, err := Chromium.Incognito()
				Expect(err).NotTo(HaveOccurred())
				page, err := inc.Page(proto.TargetCreateTarget{})
				Expect(err).NotTo(HaveOccurred())
				ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
				res := replay.Flow(ctx, page, f, replay.Options{Timeout: 5 * time.Second})
				cancel()
				SettledEvents(400 * time.Millisecond)
				_ = inc.Close()
				var won []string
				for _, st := range res.Steps {
					Expect(st.Status).To(Equal(report.Passed), "replay %d step %d: %+v", i+1, st.Index, st.Error)
					won = append(won, st.Action+" "+st.Strategy)
				}
				if i == 0 {
					first = won
				}
				Expect(won).To(Equal(first), "replay %d decided otherwise than replay 1", i+1)
			}
			replays := fwRuns(app, SettledEvents(400*time.Millisecond))
			Expect(replays).To(HaveLen(fwReplays))
			for i, r := range replays {
				Expect(r.acted).To(Equal(recorded[0].acted), "replay %d reached other elements than the recording", i+1)
				Expect(r.facts).To(Equal(recorded[0].facts), "replay %d left the page in another state", i+1)
			}
		})
	}
})
