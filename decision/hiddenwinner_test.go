package decision

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/pagemodel"
	"github.com/qa-chain/chainreplay/report"
	"github.com/qa-chain/chainreplay/strategies"
)

// A dialog still opening when the step begins (its backdrop fading in, as
// Bootstrap's modal opens): the step's positional selector, written for
// the page as it was, names the button of another dialog, hidden, and its
// role and name name none yet. The hidden winner is not waited for while
// the page is still changing: once the dialog shows, the chain decides
// again and its role and name take the shown button.
func TestHiddenWinnerIsDecidedAgainOnceThePageChanges(t *testing.T) {
	p := steadyPage(t, `<div id="a" style="display: none"><button id="close-a">Close</button></div>
		<div id="b" style="display: none"></div>
		<script>
			window.clicks = [];
			document.addEventListener("click", (e) => clicks.push(e.target.id));
			// As Bootstrap opens a modal: a backdrop fades in, and the
			// dialog shows once its transition has ended.
			const fade = document.createElement("div");
			fade.style.cssText = "position: fixed; inset: 0; background: #000; opacity: 0; transition: opacity 300ms linear; pointer-events: none";
			document.body.append(fade);
			fade.getBoundingClientRect();
			fade.style.opacity = "0.3";
			fade.addEventListener("transitionend", () => {
				const b = document.getElementById("b");
				b.innerHTML = '<button id="close-b">Close project</button>';
				b.style.display = "block";
			});
		</script>`)
	s := &chain.Step{Action: chain.Click, Target: &chain.Target{Chain: []chain.Strategy{
		{Type: chain.Role, Value: "button|Close project", Confidence: 0.85},
		{Type: chain.CSS, Value: "#a > button", Confidence: 0.6},
	}}}
	r := &Runner{Page: p, Options: RunOptions{Timeout: 3 * time.Second}}
	out := r.Step(context.Background(), s)
	if out.Err != nil {
		t.Fatalf("step: %v", out.Err)
	}
	if got := p.MustEval(`() => clicks.join(",")`).Str(); got != "close-b" {
		t.Errorf("clicked %q, want close-b", got)
	}
	if out.Verdict == nil || out.Verdict.Winner == nil || out.Verdict.Winner.Strategy.Type != chain.Role {
		t.Errorf("won by %+v, want its role", out.Verdict)
	}
}

// cssCut is a CSS strategy that ends the step's context (through cutAt)
// on the evaluation its test chooses, and may run a script on the page
// (through showAt) on another, before it looks.
const cssCut chain.StrategyType = "test-css-cut"

type cssCutEvaluator struct{}

// showAt runs js on the page at cssCut's at-th evaluation.
type showAt struct {
	at  int32
	js  string
	n   atomic.Int32
	err error
}

type showAtKey struct{}

func (cssCutEvaluator) Type() chain.StrategyType { return cssCut }
func (cssCutEvaluator) Evaluate(ctx context.Context, env *strategies.Env, s chain.Strategy) strategies.Result {
	if c, ok := ctx.Value(cutKey{}).(*cutAt); ok && c.of == cssCut && c.n.Add(1) == c.at {
		c.cancel()
	}
	if c, ok := ctx.Value(showAtKey{}).(*showAt); ok && c.n.Add(1) == c.at {
		_, c.err = env.Model.Rod.Eval(c.js)
	}
	css, _ := strategies.For(chain.CSS)
	s.Type = chain.CSS
	return css.Evaluate(ctx, env, s)
}

func init() { strategies.Register(cssCutEvaluator{}) }

// A winner that stays hidden until the step's context ends is refused
// NOT_ACTIONABLE, saying it is not visible, wherever the end falls: also
// when it falls as the chain is decided again between two waits for the
// winner to show (a loaded machine makes that locate slow). That locate
// decides nothing; the refusal is the last complete check's, as an
// assertion's is.
func TestHiddenWinnerUntilTheEndIsNotActionable(t *testing.T) {
	p := steadyPage(t, `<ul><li><a href="#/">All</a></li><li><a id="active" href="#/active" style="display: none">Active</a></li></ul>`)
	s := &chain.Step{Action: chain.Click, Target: &chain.Target{Chain: []chain.Strategy{
		{Type: cssCut, Value: "#active", Confidence: 0.8},
	}}}
	for _, at := range []int32{1, 2, 3} {
		ctx, cancel := context.WithCancel(context.Background())
		ctx = context.WithValue(ctx, cutKey{}, &cutAt{of: cssCut, at: at, cancel: cancel})
		r := &Runner{Page: p, Options: RunOptions{Timeout: 5 * time.Second}}
		out := r.Step(ctx, s)
		cancel()
		want, says := report.NotActionable, "not visible"
		if at == 1 {
			// Ended in the first locate: nothing was checked.
			want, says = report.Timeout, "the replay was stopped"
		}
		if CodeOf(out.Err) != want || !strings.Contains(out.Err.Error(), says) {
			t.Errorf("ended in locate %d: %v; want %s saying %q", at, out.Err, want, says)
		}
		if at > 1 && (out.Verdict == nil || out.Verdict.Winner == nil) {
			t.Errorf("ended in locate %d: verdict %+v; want the hidden link's", at, out.Verdict)
		}
		if got := p.MustEval(`() => location.hash`).Str(); got != "" {
			t.Errorf("ended in locate %d: the hidden link was followed (%q)", at, got)
		}
	}
}

// A winner hidden, then shown (the second locate finds it so), whose
// page changed as it was located: the locate that follows, cut short,
// fails the step TIMEOUT. The check that found the winner hidden is not
// the step's refusal: a later one found it shown.
func TestHiddenThenShownWinnerCutShortIsATimeout(t *testing.T) {
	p := steadyPage(t, `<ul><li><a href="#/">All</a></li><li><a id="active" href="#/active" style="display: none">Active</a></li></ul>`)
	s := &chain.Step{Action: chain.Click, Target: &chain.Target{Chain: []chain.Strategy{
		{Type: cssCut, Value: "#active", Confidence: 0.8},
	}}}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ctx = context.WithValue(ctx, cutKey{}, &cutAt{of: cssCut, at: 3, cancel: cancel})
	show := &showAt{at: 2, js: `() => { document.getElementById("active").style.display = ""; }`}
	ctx = context.WithValue(ctx, showAtKey{}, show)
	r := &Runner{Page: p, Options: RunOptions{Timeout: 5 * time.Second}}
	out := r.Step(ctx, s)
	if show.n.Load() < 2 || show.err != nil {
		t.Fatalf("the link was not shown as the test meant: %d evaluations, %v", show.n.Load(), show.err)
	}
	if CodeOf(out.Err) != report.Timeout {
		t.Errorf("step: %v; want TIMEOUT", out.Err)
	}
	if got := p.MustEval(`() => location.hash`).Str(); got != "" {
		t.Errorf("the link was followed (%q) after the step's context ended", got)
	}
}

// changeOnEval is a CSS strategy that, on its first evaluation more than
// changeAfter after its first, changes the page (runs the script its test
// gives, through a *pageChange in its context) before it looks: the page
// changes in the middle of a locate's round, after the strategies before
// it saw the page as it was.
const changeOnEval chain.StrategyType = "test-css-changes"

const changeAfter = 1200 * time.Millisecond

type changeOnEvalEvaluator struct{}

type pageChangeKey struct{}

type pageChange struct {
	js    string
	first time.Time
	done  bool
	err   error
}

func (changeOnEvalEvaluator) Type() chain.StrategyType { return changeOnEval }
func (changeOnEvalEvaluator) Evaluate(ctx context.Context, env *strategies.Env, s chain.Strategy) strategies.Result {
	if c, ok := ctx.Value(pageChangeKey{}).(*pageChange); ok {
		if c.first.IsZero() {
			c.first = time.Now()
		} else if !c.done && time.Since(c.first) > changeAfter {
			_, c.err = env.Model.Rod.Eval(c.js)
			c.done = true
		}
	}
	css, _ := strategies.For(chain.CSS)
	s.Type = chain.CSS
	return css.Evaluate(ctx, env, s)
}

func init() { strategies.Register(changeOnEvalEvaluator{}) }

// Content that comes late, shown once a style sheet that hid it is taken
// away or rendered only then: the step waits for it (for its winner to
// show, or for a winner), a second or more. When it comes in the middle
// of a round, after the first strategies saw it hidden (and so weaker) or
// missing, that round mixes two pages: it is decided again on the page as
// it now stands, however long the wait was, and the first strategy wins,
// as on a page that had the content from the start.
func TestRoundThatSawTheContentComeIsDecidedAgain(t *testing.T) {
	const buttons = `<button id="go">Launch Default Modal</button><button>Launch Small Modal</button>`
	for _, c := range []struct{ name, html, js string }{
		{"shown late", `<style id="late">body > div { display: none }</style><div>` + buttons + `</div>`,
			`() => document.getElementById("late").remove()`},
		{"rendered late", `<div id="app"></div>`,
			`() => { document.getElementById("app").innerHTML = '` + buttons + `'; }`},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := steadyPage(t, c.html+`<script>window.clicks = []; document.addEventListener("click", (e) => clicks.push(e.target.id));</script>`)
			s := &chain.Step{Action: chain.Click, Target: &chain.Target{Chain: []chain.Strategy{
				{Type: chain.Role, Value: "button|Launch Default Modal", Confidence: 0.85},
				{Type: changeOnEval, Value: "#go", Confidence: 0.84},
			}}}
			change := &pageChange{js: c.js}
			ctx := context.WithValue(context.Background(), pageChangeKey{}, change)
			r := &Runner{Page: p, Options: RunOptions{Timeout: 5 * time.Second}}
			out := r.Step(ctx, s)
			if !change.done || change.err != nil {
				t.Fatalf("the page was not changed as the test meant: done %v, %v", change.done, change.err)
			}
			if out.Err != nil {
				t.Fatalf("step: %v", out.Err)
			}
			if got := p.MustEval(`() => clicks.join(",")`).Str(); got != "go" {
				t.Errorf("clicked %q, want go", got)
			}
			if w := out.Verdict.Winner; w == nil || w.Strategy.Type != chain.Role {
				t.Errorf("won by %+v, want its role", w)
			}
		})
	}
}

// The page changing as a target is located is waited for MaxSettle, and
// no later than actMargin before the step's deadline: the rest is left to
// act.
func TestSettleByLeavesTimeToAct(t *testing.T) {
	now := time.Now()
	if got := settleBy(context.Background()); got.Before(now.Add(pagemodel.MaxSettle)) {
		t.Errorf("without a deadline: settles by %v from now, want MaxSettle", got.Sub(now))
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if got := settleBy(ctx); got.Before(now.Add(pagemodel.MaxSettle)) || got.After(time.Now().Add(pagemodel.MaxSettle)) {
		t.Errorf("deadline far: settles by %v from now, want MaxSettle", got.Sub(now))
	}
	ctx2, cancel2 := context.WithTimeout(context.Background(), 800*time.Millisecond)
	defer cancel2()
	dl, _ := ctx2.Deadline()
	if got := settleBy(ctx2); !got.Equal(dl.Add(-actMargin)) {
		t.Errorf("deadline near: settles %v before it, want actMargin (%v)", dl.Sub(got), actMargin)
	}
}
