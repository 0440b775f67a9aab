package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/qa-chain/chainreplay/fixtures"
)

// peerOut is what scripts/bench/peer/run.mjs prints.
type peerOut struct {
	Recordings []struct {
		Status string `json:"status"`
		Error  string `json:"error"`
		Steps  []struct {
			Index      int     `json:"index"`
			Type       string  `json:"type"`
			Status     string  `json:"status"`
			DurationMS float64 `json:"duration_ms"`
			Error      string  `json:"error"`
		} `json:"steps"`
	} `json:"recordings"`
}

// replayPeer runs @puppeteer/replay on the flows' Chrome recordings, with
// their URLs moved from the main origin to base and the version's
// viewport. After each step the page reports a marker "__peer:R:S", and
// after the last one, once settled, "__peer:R:end".
func replayPeer(ctx context.Context, srv *fixtures.Server, peerDir, work, browserBin string, flows []*recorded, base string, v fixtures.Version, timeout, settle time.Duration) ([]flowRun, error) {
	orig := srv.URL
	args := []string{"run.mjs", "--mark", "--browser", browserBin, "--timeout", fmt.Sprint(timeout.Milliseconds()),
		"--settle", fmt.Sprint(settle.Milliseconds())}
	for _, r := range flows {
		var rec map[string]any
		if err := json.Unmarshal([]byte(strings.ReplaceAll(string(r.recording), orig, base)), &rec); err != nil {
			return nil, err
		}
		if v.Viewport != nil {
			for _, s := range rec["steps"].([]any) {
				if m := s.(map[string]any); m["type"] == "setViewport" {
					m["width"], m["height"] = v.Viewport.Width, v.Viewport.Height
				}
			}
		}
		path := filepath.Join(work, fmt.Sprintf("peer-%s-%s.json", r.app.Name, v.Mutation))
		data, _ := json.MarshalIndent(rec, "", "  ")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			return nil, err
		}
		args = append(args, path)
	}
	srv.ResetEvents()
	out, err := command(ctx, peerDir, nil, "node", args...)
	if code := exitCode(err); code != 0 && code != 1 {
		return nil, fmt.Errorf("peer exit %d: %v\n%s", code, err, out)
	}
	windows := splitMarks(srv.Events(), "__peer:")
	var po peerOut
	if err := json.Unmarshal(stdoutJSON(out), &po); err != nil || len(po.Recordings) != len(flows) {
		return nil, fmt.Errorf("peer output: %v\n%s", err, out)
	}
	all := make([]flowRun, len(flows))
	for fi, r := range flows {
		pr := po.Recordings[fi]
		if pr.Status == "invalid" {
			return nil, fmt.Errorf("@puppeteer/replay rejects the export of %s: %s", r.app.Name, pr.Error)
		}
		steps := make([]stepResult, len(r.flow.Steps))
		for i := range steps {
			steps[i].status = "passed"
		}
		seen := make([]bool, len(steps))
		aborted := false
		var pre []fixtures.Event // the preamble's reports (the load) open the first step's window
		for i, s := range pr.Steps {
			if i >= len(r.stepOf) {
				break
			}
			si := r.stepOf[i] - 1
			if si < 0 {
				pre = append(pre, windows[fmt.Sprintf("__peer:%d:%d", fi, i+1)]...)
				if s.Status != "passed" && !aborted { // the opening navigate failed: nothing ran
					aborted = true
					for j := range steps {
						steps[j] = stepResult{status: "failed", code: "peer: " + s.Error}
						seen[j] = true
					}
				}
				continue
			}
			if aborted {
				continue
			}
			seen[si] = true
			st := &steps[si]
			st.ms += s.DurationMS
			st.events = append(append(st.events, pre...), windows[fmt.Sprintf("__peer:%d:%d", fi, i+1)]...)
			pre = nil
			switch {
			case s.Status == "failed":
				st.status, st.code = "failed", s.Error
			case s.Status == "skipped" && st.status == "passed":
				st.status = "skipped"
			}
		}
		for i := range steps {
			if !seen[i] {
				steps[i].status = "skipped"
			}
		}
		all[fi] = flowRun{steps: steps, tail: windows[fmt.Sprintf("__peer:%d:end", fi)]}
	}
	return all, nil
}

// splitMarks cuts events at the markers whose names start with prefix:
// the events before the last copy of a marker (and after the previous
// marker's last copy) belong to it.
func splitMarks(events []fixtures.Event, prefix string) map[string][]fixtures.Event {
	last := map[string]int{}
	for i, e := range events {
		if strings.HasPrefix(e.Element, prefix) {
			last[e.Element] = i
		}
	}
	out := map[string][]fixtures.Event{}
	var cur []fixtures.Event
	for i, e := range events {
		if strings.HasPrefix(e.Element, prefix) {
			if last[e.Element] == i {
				out[e.Element] = cur
				cur = nil
			}
			continue
		}
		cur = append(cur, e)
	}
	return out
}
