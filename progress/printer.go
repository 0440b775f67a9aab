package progress

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync"

	"github.com/schollz/progressbar/v3"

	"github.com/qa-chain/chainreplay/report"
	"github.com/qa-chain/chainreplay/runner"
)

// Mode is how much and in what form a Printer prints.
type Mode int

// The modes.
const (
	// Plain prints a line per finished flow and per failed step.
	Plain Mode = iota
	// Bar draws a progress bar over steps, with the current flows and an
	// ETA, and prints failed steps and failed flows above it.
	Bar
	// Quiet prints nothing while running; only Summary.
	Quiet
	// Verbose prints every step and every attempt as plain lines.
	Verbose
)

// IsTerminal reports whether w is a character device (a terminal).
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// Printer is a runner.Observer that prints to one writer. Create it with
// New; it is safe for concurrent use.
type Printer struct {
	mode Mode
	out  io.Writer

	mu       sync.Mutex
	bar      *progressbar.ProgressBar
	flows    int
	done     int
	stepsOf  map[int]int
	running  map[int]string
	failures int
}

var _ runner.Observer = (*Printer)(nil)

// New returns a Printer for a run of jobs.
func New(out io.Writer, mode Mode, jobs []runner.Job) *Printer {
	p := &Printer{mode: mode, out: out, flows: len(jobs), stepsOf: map[int]int{}, running: map[int]string{}}
	if mode == Bar {
		total := 0
		for _, j := range jobs {
			total += j.Steps()
		}
		p.bar = progressbar.NewOptions(max(total, 1),
			progressbar.OptionSetWriter(out),
			progressbar.OptionSetDescription(p.describe()),
			progressbar.OptionSetItsString("steps"),
			progressbar.OptionShowCount(),
			progressbar.OptionShowIts(),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionSetElapsedTime(true),
			progressbar.OptionFullWidth(),
			progressbar.OptionSetRenderBlankState(true),
			progressbar.OptionClearOnFinish(),
		)
	}
	return p
}

// describe is the bar's label: flows done and the flows running now.
// Called with p.mu held.
func (p *Printer) describe() string {
	keys := make([]int, 0, len(p.running))
	for k := range p.running {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	names := make([]string, len(keys))
	for i, k := range keys {
		names[i] = p.running[k]
	}
	cur := strings.Join(names, ", ")
	if len(cur) > 40 {
		cur = cur[:37] + "..."
	}
	return fmt.Sprintf("flows %d/%d %s", p.done, p.flows, Clean(cur))
}

// println prints a line, above the bar when there is one. Called with p.mu held.
func (p *Printer) println(line string) {
	if p.bar != nil {
		p.bar.Clear()
	}
	fmt.Fprintln(p.out, line)
	if p.bar != nil {
		p.bar.RenderBlank()
	}
}

// FlowStarted implements runner.Observer.
func (p *Printer) FlowStarted(i int, job runner.Job) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.running[i] = job.Name()
	switch p.mode {
	case Bar:
		p.bar.Describe(p.describe())
	case Verbose:
		p.println(Clean(fmt.Sprintf("START %s (%s): %d steps", job.Label(), job.Name(), job.Steps())))
	}
}

// StepDone implements runner.Observer.
func (p *Printer) StepDone(i int, job runner.Job, st report.Step) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.stepsOf[i]++
	switch p.mode {
	case Bar:
		if st.Status == report.Failed {
			p.println(stepLine(job.Label(), st))
		}
		p.bar.Add(1)
	case Plain:
		if st.Status == report.Failed {
			p.println(stepLine(job.Label(), st))
		}
	case Verbose:
		p.println(stepLine(job.Label(), st))
		for _, a := range st.Attempts {
			p.println(attemptLine(a))
		}
		for _, n := range st.Notes {
			p.println(Clean("      note: " + n))
		}
		if h := st.Healed; h != nil {
			p.println(Clean("      " + h.Summary()))
		}
	}
}

// FlowDone implements runner.Observer.
func (p *Printer) FlowDone(i int, job runner.Job, res report.Flow) {
	p.mu.Lock()
	defer p.mu.Unlock()
	delete(p.running, i)
	p.done++
	if res.Status != report.Passed {
		p.failures++
	}
	switch p.mode {
	case Bar:
		if rest := job.Steps() - p.stepsOf[i]; rest > 0 {
			p.bar.Add(rest)
		}
		if res.Status != report.Passed {
			p.println(flowLine(job.Label(), res))
		}
		p.bar.Describe(p.describe())
	case Plain, Verbose:
		p.println(flowLine(job.Label(), res))
	}
	delete(p.stepsOf, i)
}

// Finish removes the bar, if any, and prints the summary line.
func (p *Printer) Finish(run *report.Run) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bar != nil {
		p.bar.Finish()
		p.bar.Clear()
		p.bar = nil
	}
	fmt.Fprintln(p.out, Summary(run))
}
