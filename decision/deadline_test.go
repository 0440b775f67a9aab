package decision

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/report"
	"github.com/qa-chain/chainreplay/strategies"
)

// Made-up strategy types whose evaluators answer without a page: one
// finds node 5, one node 5 conclusively, one node 9, and one finds
// nothing. Each of them counts its evaluation on the locate's context
// (cutAt) and ends that context on the evaluation the test chose: the
// deadline comes there.
const (
	findsFive    chain.StrategyType = "test-finds-5"
	surelyFive   chain.StrategyType = "test-surely-5"
	findsNine    chain.StrategyType = "test-finds-9"
	findsNothing chain.StrategyType = "test-finds-nothing"
)

// cutAt ends cancel on the at-th evaluation of a strategy of type of.
type cutAt struct {
	of     chain.StrategyType
	at     int32
	n      atomic.Int32
	cancel context.CancelFunc
}

type cutKey struct{}

type stubEvaluator struct {
	t   chain.StrategyType
	res func() strategies.Result
}

func (s stubEvaluator) Type() chain.StrategyType { return s.t }
func (s stubEvaluator) Evaluate(ctx context.Context, _ *strategies.Env, _ chain.Strategy) strategies.Result {
	if c, ok := ctx.Value(cutKey{}).(*cutAt); ok && c.of == s.t && c.n.Add(1) == c.at {
		c.cancel()
	}
	return s.res()
}

func init() {
	for _, e := range []stubEvaluator{
		{findsFive, func() strategies.Result { return found(findsFive, 5, 0.72, 0.6) }},
		{surelyFive, func() strategies.Result { return found(surelyFive, 5, 0.9, 0.9) }},
		{findsNine, func() strategies.Result { return found(findsNine, 9, 0.70, 0.6) }},
		{findsNothing, func() strategies.Result { return missing(findsNothing) }},
	} {
		strategies.Register(e)
	}
}

// TestDeadlineDuringARoundDecidesNothing: a round of a locate that the
// deadline cut short decides nothing, a winner included. In the ambiguous
// chain the first strategy finds one element and the third another, as
// strong: cut between them, the round weighed without the third would
// take the first's element. In the sure chain the first strategy is
// conclusive: cut there, it would end the round with its element. Cut in
// the first round, the step fails with TIMEOUT, keeping the attempts the
// round made; in a later round, with the last whole round's verdict, as
// the same page gives without a deadline.
func TestDeadlineDuringARoundDecidesNothing(t *testing.T) {
	ambiguous := []chain.Strategy{{Type: findsFive, Confidence: 0.9}, {Type: findsNothing, Confidence: 0.8}, {Type: findsNine, Confidence: 0.7}}
	sure := []chain.Strategy{{Type: surelyFive, Confidence: 0.9}, {Type: findsNine, Confidence: 0.7}}
	for _, c := range []struct {
		name   string
		chain  []chain.Strategy
		cut    *cutAt // nil: no deadline
		want   report.Code
		rounds int
	}{
		{"ambiguous, no deadline", ambiguous, nil, report.Ambiguous, 1},
		{"ambiguous, cut in the first round", ambiguous, &cutAt{of: findsNothing, at: 1}, report.Timeout, 1},
		{"ambiguous, cut in the third round", ambiguous, &cutAt{of: findsNothing, at: 3}, report.Ambiguous, 2},
		{"ambiguous, cut as the first round ends", ambiguous, &cutAt{of: findsNine, at: 1}, report.Timeout, 1},
		{"sure, cut at its conclusive strategy", sure, &cutAt{of: surelyFive, at: 1}, report.Timeout, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			opts := LocateOptions{Poll: 1}
			if c.cut == nil {
				opts.Once = true
			} else {
				c.cut.cancel = cancel
				ctx = context.WithValue(ctx, cutKey{}, c.cut)
			}
			v := Locate(ctx, nil, &chain.Target{Chain: c.chain}, opts)
			if v.Winner != nil || v.Err == nil || v.Err.Code != c.want {
				t.Fatalf("verdict: winner %v, error %v; want %s and no winner", v.Winner != nil, v.Err, c.want)
			}
			if v.Rounds != c.rounds || len(v.Attempts) == 0 {
				t.Errorf("verdict of round %d with %d attempts; want round %d's, with its attempts", v.Rounds, len(v.Attempts), c.rounds)
			}
		})
	}
	// Without a deadline the sure chain takes its element at once.
	v := Locate(context.Background(), nil, &chain.Target{Chain: sure}, LocateOptions{Once: true})
	if v.Err != nil || v.Winner == nil || v.Winner.Ref().K != 5 {
		t.Fatalf("sure chain without a deadline: winner %v, error %v; want node 5", v.Winner != nil, v.Err)
	}
}

// TestNoInputAfterTheDeadline: DevTools delivers a command sent on a
// context that has ended; the input helpers begin no input then (they do
// not reach for the page, which is nil here). A key held is released
// whatever the context (keyEvent up, internal/keys.Release).
func TestNoInputAfterTheDeadline(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	at := chain.Point{X: 10, Y: 10}
	for name, send := range map[string]func() error{
		"move":  func() error { return mouseMove(ctx, nil, at, 0, 0) },
		"click": func() error { return mouseClick(ctx, nil, at, "left", 1, 0) },
		"press": func() error { return pressFor(ctx, nil, at, "left", 1, 0, 0) },
		"drag":  func() error { return mouseDrag(ctx, nil, at, at, 2) },
		"wheel": func() error { return wheel(ctx, nil, at, 0, 100) },
		"key":   func() error { return keyPress(ctx, nil, "Enter", 0) },
		"down":  func() error { return (&Runner{}).keyEvent(ctx, "Shift", true) },
	} {
		if err := send(); err == nil {
			t.Errorf("%s: sent after the context ended", name)
		}
	}
}

// TestActionCutShortIsATimeout: a page function of an action that could
// not run fails the step with ELEMENT_NOT_FOUND while the step's context
// lives (the element went away), and with TIMEOUT once it has ended (the
// element may well be there), saying how it ended. setValue with an ended
// context sends nothing and says so with TIMEOUT.
func TestActionCutShortIsATimeout(t *testing.T) {
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	past, cancel2 := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel2()
	for _, c := range []struct {
		name string
		ctx  context.Context
		code report.Code
		says string
	}{
		{"live", context.Background(), report.ElementNotFound, "the file input went away: x"},
		{"stopped", cancelled, report.Timeout, "the replay was stopped"},
		{"deadline", past, report.Timeout, "the deadline came"},
	} {
		err := elementGone(c.ctx, "file input", errors.New("x"))
		if CodeOf(err) != c.code || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%s: %v; want %s saying %q", c.name, err, c.code, c.says)
		}
	}
	if err := (&Runner{}).setValue(cancelled, Elem{}, "x"); CodeOf(err) != report.Timeout {
		t.Errorf("a value set after the context ended: %v, want TIMEOUT", err)
	}
}

// Actionable's error once its context has ended says whether any check of
// the element was complete (errUnchecked when none was), and keeps the
// context's own error in its chain.
func TestNotActionableSaysWhetherAnythingWasChecked(t *testing.T) {
	el := elemByID(t, steadyPage(t, `<button id="b" style="display: none">Go</button>`), "b")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, c := range []struct {
		reason    string
		unchecked bool
	}{{deadlineWhy, true}, {notVisibleWhy, false}} {
		err := notActionable(ctx, el, c.reason)
		if CodeOf(err) != report.NotActionable || errors.Is(err, errUnchecked) != c.unchecked || !errors.Is(err, context.Canceled) {
			t.Errorf("%q: %v (unchecked %v); want NOT_ACTIONABLE, unchecked %v, the context's error kept",
				c.reason, err, errors.Is(err, errUnchecked), c.unchecked)
		}
	}
}

// TestAnInputBegunIsMadeWhole: a long press whose step's context ends
// while the button is held is held for its whole time, then released:
// cut short, it would be a click, which the page takes for another
// action; and no button is left held for the steps after.
func TestAnInputBegunIsMadeWhole(t *testing.T) {
	p := actionPage(t, `<button id="b" style="width:200px;height:100px">Hold</button><p id="out"></p><script>
		const b = document.getElementById("b"), out = document.getElementById("out");
		let timer = 0, long = false;
		b.onmousedown = () => { long = false; timer = setTimeout(() => { long = true; }, 400); };
		b.onmouseup = () => { clearTimeout(timer); out.textContent = long ? "held" : "clicked"; };
		</script>`, 1)
	ctx, cancel := context.WithTimeout(context.Background(), 150*time.Millisecond)
	defer cancel()
	err := pressFor(ctx, p, chain.Point{X: 100, Y: 50}, "left", 1, 0, 700*time.Millisecond)
	if err != nil {
		t.Errorf("the press was made whole; got %v", err)
	}
	if got := p.MustEval(`() => document.getElementById("out").textContent`).Str(); got != "held" {
		t.Errorf("the page read %q, want the long press it was sent (held)", got)
	}
}
