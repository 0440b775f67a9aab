package decision

import (
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/internal/browser"
	"github.com/qa-chain/chainreplay/internal/keys"
	"github.com/qa-chain/chainreplay/internal/wait"
	"github.com/qa-chain/chainreplay/pagemodel"
	"github.com/qa-chain/chainreplay/report"
	"github.com/qa-chain/chainreplay/strategies"
)

// DefaultTimeout is how long a step may wait when RunOptions.Timeout is 0.
const DefaultTimeout = 10 * time.Second

// RunOptions tune a Runner. The zero value is usable.
type RunOptions struct {
	// Locate tunes the chain evaluation (policy, allowed strategies).
	Locate LocateOptions
	// Timeout is how long one step may wait (for its target, for it to
	// become actionable, for its navigation); 0 means DefaultTimeout. A
	// step's timeout_ms overrides it. A step that acted is given at least
	// afterFloor past it to show its effect and its navigation.
	Timeout time.Duration
	// MapURL rewrites a recorded URL before it is visited or compared
	// (the --base-url origin rewrite); nil keeps URLs as recorded.
	MapURL func(string) string
	// LookupSecret fills ${secret:NAME}; nil means os.LookupEnv.
	LookupSecret func(string) (string, bool)
	// BaseDir is where relative upload paths are resolved; "" means the
	// working directory.
	BaseDir string
	// Debug receives a line per attempt and per input command (never a
	// typed value).
	Debug io.Writer
	// TestIDAttrs are the attributes read as test ids; nil means
	// pagemodel.DefaultTestIDAttrs.
	TestIDAttrs []string
	// Located, when set, is called once a step's target is decided and
	// before the step acts on it (the page is as the step found it). It
	// is called again when the step locates its target again, and the
	// step may still fail without acting.
	Located func(ctx context.Context, s *chain.Step, v *Verdict)
}

// Runner performs the steps of a flow on one page, one step at a time.
type Runner struct {
	Page    *rod.Page
	Options RunOptions
	// Model is the page model of Page; nil makes one with
	// RunOptions.TestIDAttrs on first use.
	Model *pagemodel.Page

	// group is the current step's object group (see stepGroup).
	group string
	// held are the modifier keys a key_down step holds (keys bits).
	held int
	// dialogs answers the page's JavaScript dialogs (WatchDialogs); nil
	// when the runner is not watching them.
	dialogs *jsDialogs
}

// Outcome is what one step did.
type Outcome struct {
	// Verdict is the decision on the step's target; nil for steps without one.
	Verdict *Verdict
	// Err is nil when the step passed; otherwise a *StepError (see CodeOf).
	Err error
	// Notes say what differed from the recording without failing the step
	// ("led to X; recorded Y").
	Notes []string
	// Opened are the controls clicked before the target to show it
	// (disclose), as a report names them: `button "Toggle navigation"`.
	Opened []string
}

// model is the runner's page model, made on first use.
func (r *Runner) model() *pagemodel.Page {
	if r.Model == nil {
		r.Model = pagemodel.New(r.Page, pagemodel.Options{TestIDAttrs: r.Options.TestIDAttrs})
	}
	return r.Model
}

func (r *Runner) mapURL(u string) string {
	if r.Options.MapURL == nil {
		return u
	}
	return r.Options.MapURL(u)
}

func (r *Runner) debugf(format string, args ...any) {
	if r.Options.Debug != nil {
		fmt.Fprintf(r.Options.Debug, format+"\n", args...)
	}
}

// Step performs s: locates its target, waits until it can act, acts, and
// waits for the navigation the step caused at record time. It never panics
// on page trouble.
func (r *Runner) Step(ctx context.Context, s *chain.Step) (out Outcome) {
	timeout := r.Options.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	if s.TimeoutMS > 0 {
		timeout = time.Duration(s.TimeoutMS) * time.Millisecond
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	r.group = stepGroup()
	r.dialogs.begin(s)
	defer func() {
		// A click or a key whose recorded dialogs are all it is known to
		// do (an alert saying "Saved") did not act unless one opens: it
		// has the time a step that acted has to show its effect. Not a
		// step the recorder records no effect for (a type step, on whose
		// field's blur a check's alert opened when the next click came).
		var unseen *chain.JSDialog
		acts := s.Action == chain.Click || s.Action == chain.DblClick || s.Action == chain.Press
		if _, ok := r.dialogs.awaited(); ok && acts && out.Err == nil && s.Effect == nil && s.Navigated == nil {
			wctx, stop := afterActing(ctx)
			for {
				rec, ok := r.dialogs.awaited()
				if !ok {
					break
				}
				if wait.Sleep(wctx, 20*time.Millisecond) != nil {
					unseen = &rec
					break
				}
			}
			stop()
		}
		notes, err := r.dialogs.end()
		out.Notes = append(out.Notes, notes...)
		if err != nil {
			out.Err = err // what the page asked explains what followed
		} else if unseen != nil {
			out.Err = stepErr(report.NoEffect, nil, "the %s %q the step opened when recorded did not open, and the step has nothing else to show it acted", unseen.Type, clip(unseen.Message))
		}
	}()
	defer func(page *rod.Page, group string) {
		// Release whatever the step made the page hold for us. The group
		// is the step's own, so this need not hold up the next step.
		go func() {
			rel, c2 := context.WithTimeout(context.Background(), 2*time.Second)
			defer c2()
			proto.RuntimeReleaseObjectGroup{ObjectGroup: group}.Call(page.Context(rel)) //nolint:errcheck // best effort
		}()
	}(r.Page, r.group)
	text, err := chain.ResolveSecrets(s.Text, r.lookup())
	if err != nil {
		var se *chain.SecretError
		if errors.As(err, &se) {
			return Outcome{Err: stepErr(report.SecretMissing, err, "%v", err)}
		}
		return Outcome{Err: stepErr(report.InvalidStep, err, "%v", err)}
	}
	if s.Action.NeedsTarget() && !s.HasTarget() {
		return Outcome{Err: stepErr(report.InvalidStep, nil, "action %s needs a target", s.Action)}
	}
	var navFrom docState
	if s.Navigated != nil {
		navFrom = r.docStateIn(ctx, navFramePath(s))
	}
	// Every step but a navigation first lets the page settle: what the
	// previous step started is done (act locates its target meanwhile).
	switch s.Action {
	case chain.AssertText, chain.AssertValue, chain.AssertVisible:
		r.model().Settle(ctx)
		out = r.assertElement(ctx, s, text)
	case chain.AssertURL:
		r.model().Settle(ctx)
		out.Err = r.assertURL(ctx, s)
	case chain.Navigate:
		out.Err = r.navigate(ctx, r.mapURL(s.URL))
	case chain.WaitElement, chain.WaitExpression, chain.KeyDown, chain.KeyUp, chain.EmulateNetwork, chain.SetViewport, chain.Custom:
		r.model().Settle(ctx)
		out, _ = r.chromeStep(ctx, s)
	default:
		out = r.act(ctx, s, text, &navFrom)
	}
	if out.Err == nil && s.Navigated != nil {
		var note string
		actx, cancel := afterActing(ctx)
		note, out.Err = r.waitNavigation(actx, s.Navigated, navFrom, navFramePath(s))
		cancel()
		if note != "" {
			out.Notes = append(out.Notes, note)
		}
	}
	if out.Err != nil {
		if _, ok := out.Err.(*StepError); !ok {
			code := report.CDPError
			if ctx.Err() != nil {
				code = report.Timeout
			}
			out.Err = stepErr(code, out.Err, "%v", out.Err)
		}
	}
	return out
}

func (r *Runner) lookup() func(string) (string, bool) {
	if r.Options.LookupSecret != nil {
		return r.Options.LookupSecret
	}
	return os.LookupEnv
}

// locate runs Locate with the runner's options.
func (r *Runner) locate(ctx context.Context, t *chain.Target, once bool) Verdict {
	if err := r.waitFrame(ctx, t.FramePath, once); err != nil {
		return Verdict{Err: err}
	}
	o := r.Options.Locate
	o.Once = once
	if o.Debug == nil {
		o.Debug = r.Options.Debug
	}
	return Locate(ctx, r.model(), t, o)
}

// elem is the element w located, its remote objects in the step's group.
func (r *Runner) elem(w *strategies.Result) Elem {
	g := r.group
	if g == "" {
		g = objectGroup
	}
	return elemIn(r.model(), w, g)
}

// act handles every action that works on a located element (or, for press
// and scroll, on the page when there is no target). For a step that
// navigated when recorded, it reads navFrom again once the step is ready
// to act: a document the page loaded by itself meanwhile is not the
// step's doing.
func (r *Runner) act(ctx context.Context, s *chain.Step, text string, navFrom *docState) Outcome {
	out := r.actOnce(ctx, s, text, navFrom)
	if errors.Is(out.Err, errRenderedAnew) && ctx.Err() == nil {
		r.debugf("  the target was rendered anew as its stopped press was made ready again: located again")
		// What the first try opened to show the target stays said.
		opened, notes := out.Opened, out.Notes
		out = r.actOnce(ctx, s, text, navFrom)
		out.Opened, out.Notes = append(opened, out.Opened...), append(notes, out.Notes...)
	}
	if errors.Is(out.Err, errRenderedAnew) {
		out.Err = stepErr(report.ElementNotFound, out.Err, "the page moved under the pointer as the target was pressed, and rendered it anew, twice; the presses were stopped before the page saw them")
	}
	return out
}

// errRenderedAnew: a press that landed elsewhere was stopped, and the
// page, settling, took its target away (a framework rendering an equal
// one in its place). Nothing reached the page: the step locates its
// target again, once.
var errRenderedAnew = errors.New("the target was taken off the page after its press was stopped")

// actOnce is one try of act.
func (r *Runner) actOnce(ctx context.Context, s *chain.Step, text string, navFrom *docState) (out Outcome) {
	var w *strategies.Result
	var el Elem
	var p chain.Point // where a pointer action acts
	var watch *watch
	targeted := s.HasTarget()
	for tries := 0; ; tries++ {
		if !targeted {
			r.model().Settle(ctx)
		} else {
			// The target is located (and, for a pointer action, made
			// ready) while the page settles from the previous step: the
			// work counts only if the page did not change meanwhile, else
			// it is done again on the settled page. MaxSettle counts from
			// when a locate returns, not from its start, and restarts
			// after each wait for a hidden winner: waiting for the target
			// to come or show does not use it up, so a round that saw the
			// page change is decided again. It ends actMargin before the
			// step's deadline at the latest, leaving time to act.
			var settle time.Time
			// hidden is the last check that found the winner not
			// actionable, when the locate running now follows it.
			var hidden *Outcome
			// disclosed says a control of the page was clicked to show
			// the winner (disclose): once a step; hiddenRounds counts
			// the waits that found the winner not shown.
			disclosed, hiddenRounds := false, 0
			for {
				markOf := r.model().MarkAhead(ctx)
				v := r.locate(ctx, s.Target, false)
				mark := markOf()
				if settle.IsZero() {
					settle = settleBy(ctx)
				}
				follows := hidden
				hidden = nil
				out.Verdict, out.Err = &v, nil
				if v.Err != nil {
					out.Err = v.Err
					if follows != nil && ctx.Err() != nil && v.Err.Code == report.Timeout {
						// The step's context ended in this locate's
						// first round, which decides nothing: the
						// check before it is the step's refusal (as an
						// assertion reports its last complete check).
						out.Verdict, out.Err = follows.Verdict, follows.Err
					}
				} else {
					w = v.Winner
					el = r.elem(w)
					if pointerAction(s.Action) && w.Element != nil && !w.Element.Visible {
						// A winner not shown is waited for a moment at a
						// time, the chain deciding again in between: a
						// dialog still opening may show the target
						// elsewhere, which a stronger strategy then finds.
						hctx, cancel := context.WithTimeout(ctx, hiddenPoll)
						p, out.Err = r.pointAt(hctx, w, el, placedOffset(s, el), s.Action != chain.Hover)
						cancel()
						if out.Err != nil && ctx.Err() == nil && CodeOf(out.Err) == report.NotActionable {
							hiddenRounds++
							if !disclosed && hiddenRounds >= discloseAfter && s.Action != chain.Hover {
								// A part of the page closed around it
								// (a menu a narrower viewport folded
								// behind its button) is opened as a
								// person would, once it stayed closed a
								// moment: a menu the step before opened
								// may still be opening.
								if ctl, note, err := r.disclose(ctx, &v, el); err == nil && note != "" {
									r.debugf("  %s", note)
									out.Notes, out.Opened = append(out.Notes, note), append(out.Opened, ctl)
									disclosed, hidden, settle = true, nil, time.Time{}
									continue
								}
							}
							r.debugf("  the winner is not shown yet: again")
							hidden = follows
							if !errors.Is(out.Err, errUnchecked) {
								// (A wait cut before its first check
								// says nothing of the winner.)
								hidden = &Outcome{Verdict: out.Verdict, Err: out.Err}
							}
							settle = time.Time{}
							continue
						}
					} else if pointerAction(s.Action) {
						p, out.Err = r.pointAt(ctx, w, el, placedOffset(s, el), s.Action != chain.Hover)
					}
				}
				if ctx.Err() != nil || !r.model().SettleAfter(ctx, mark, settle) {
					break
				}
				r.debugf("  the page changed while the target was located: again")
			}
			if out.Err != nil {
				return out
			}
			if r.Options.Located != nil {
				r.Options.Located(ctx, s, out.Verdict)
			}
		}
		// A step that navigated when recorded must navigate from the
		// document it acts in: one the page loaded by itself meanwhile is
		// not the step's doing, and the target located in the one before
		// is made ready again, once.
		if s.Navigated != nil && ctx.Err() == nil {
			if now := r.docStateIn(ctx, navFramePath(s)); now.URL != "" {
				moved := navFrom.Origin != 0 && now.Origin != navFrom.Origin
				*navFrom = now
				if moved && targeted && tries == 0 {
					r.debugf("  the page loaded a new document as the target was located: again")
					continue
				}
			}
		}
		// The watch opens last, so that what it sees is the step's doing.
		// A step whose effect cannot be watched would pass unchecked. When
		// the page loaded a new document meanwhile, the step is made ready
		// again, once.
		var err error
		watch, err = r.openWatch(ctx, s, el)
		if err == nil || ctx.Err() != nil {
			break
		}
		if tries == 0 && errors.Is(err, pagemodel.ErrGone) {
			r.debugf("  cannot watch the step's effect (%v): again", err)
			continue
		}
		switch {
		case !errors.Is(err, pagemodel.ErrGone):
			out.Err = stepErr(report.CDPError, err, "cannot watch the step's effect, so nothing was done")
		case targeted:
			out.Err = stepErr(report.ElementNotFound, err, "the page loaded a new document as the target was located, twice: its effect could not be watched, so nothing was done")
		default:
			out.Err = stepErr(report.NotActionable, err, "the page loaded a new document as the step was about to act, twice: its effect could not be watched, so nothing was done")
		}
		return out
	}
	if err := r.alreadyBecame(ctx, s, watch); err != nil {
		out.Err = err
		return out
	}
	mods := keys.Bits(s.Modifiers)
	if ctx.Err() != nil {
		// The deadline came while the page settled (whether it changed
		// after the target was located is not known) or while the step
		// was made ready: DevTools would still deliver input sent now.
		out.Err = stepErr(report.Timeout, ctx.Err(), "%s before the step could act; nothing was done", ended(ctx))
		r.closeWatch(ctx, watch)
		return out
	}
	defer func() {
		if errors.Is(out.Err, errInStateAlready) {
			// Nothing was done: the element is as the step made it.
			out.Err = nil
			out.Notes = append(out.Notes, fmt.Sprintf("%s was %sed already; nothing was done", el.name(), s.Action))
			r.closeWatch(ctx, watch)
			return
		}
		if out.Err != nil && !errors.Is(out.Err, errRenderedAnew) {
			r.closeWatch(ctx, watch) // (errRenderedAnew's is closed below)
		}
		if out.Err == nil {
			actx, cancel := afterActing(ctx)
			out.Err = r.waitEffect(actx, s, el, watch, *navFrom)
			cancel()
		}
	}()
	switch s.Action {
	case chain.Click, chain.DblClick, chain.Hover:
		if w == nil {
			out.Err = stepErr(report.InvalidStep, nil, "a pointer action needs a target")
			return out
		}
		switch s.Action {
		case chain.Hover:
			out.Err = mouseMove(ctx, r.Page, p, mods, 0)
		case chain.DblClick:
			out.Err = r.guardedClick(ctx, s, w, el, &p, 2, mods)
		default:
			out.Err = r.guardedClick(ctx, s, w, el, &p, 1, mods)
		}
		r.debugf("  %s at %.0f,%.0f", s.Action, p.X, p.Y)
	case chain.Check, chain.Uncheck:
		out.Err = r.check(ctx, w, el, s, s.Action == chain.Check)
	case chain.Type:
		if el.Element != nil && el.Element.Tag == "select" {
			// Text typed into a <select> (Chrome's change) chooses the
			// option whose value, else whose label, it is.
			out.Err = r.selectOption(ctx, el, s.Target, text, text, keepsChoice(s))
			break
		}
		out.Err = r.typeInto(ctx, el, text)
	case chain.Press:
		if w != nil {
			if err := r.focusForKeys(ctx, el); err != nil {
				out.Err = err
				return out
			}
		}
		before, err := r.activeBefore(ctx, s, watch)
		if err == nil {
			err = mayPress(s, before)
		}
		if err != nil {
			out.Err = err
			r.closeWatch(ctx, watch)
			return out
		}
		out.Err = r.pressWith(ctx, s.Key, s.Modifiers)
		if out.Err == nil && before != nil {
			// The key reached the page: where it led is followed
			// however much of the step's time locating took.
			actx, cancel := afterActing(ctx)
			var note string
			if note, watch.taken, out.Err = r.reach(actx, s, watch, before); note != "" {
				out.Notes = append(out.Notes, note)
			}
			cancel()
		}
	case chain.Select:
		out.Err = r.selectOption(ctx, el, s.Target, s.Value, s.Label, keepsChoice(s))
	case chain.Scroll:
		if s.To != nil {
			out.Err = r.scrollTo(ctx, s, w, el, *s.To)
			break
		}
		out.Err = r.scroll(ctx, w, s.DeltaX, s.DeltaY)
	case chain.Upload:
		out.Err = r.upload(ctx, el, s.Files)
	case chain.Drag:
		out.Err = r.drag(ctx, w, el, s)
	default:
		out.Err = stepErr(report.InvalidStep, nil, "action %q is not supported", s.Action)
	}
	if errors.Is(out.Err, errRenderedAnew) && watch != nil {
		// The step is tried again with a watch of its own.
		_, _ = r.model().Effects(context.WithoutCancel(ctx), watch.w, watch.id, true)
	}
	return out
}

// afterFloor is the least time a step that acted is given to show what
// it did (its effect, its navigation), however much of its timeout
// locating its target took: the input reached the page, and whether it
// did what it did when recorded does not depend on how busy the machine
// was before it. (RunOptions.Timeout bounds the wait for the target.)
const afterFloor = time.Second

// afterActing is the context to wait in for what a step that acted did:
// ctx, or, when ctx's deadline is nearer than afterFloor, one that ends
// afterFloor from now. It still ends as soon as ctx is stopped for any
// reason but its deadline.
func afterActing(ctx context.Context) (context.Context, context.CancelFunc) {
	dl, ok := ctx.Deadline()
	if !ok || time.Until(dl) >= afterFloor {
		return ctx, func() {}
	}
	c, cancel := context.WithTimeout(context.WithoutCancel(ctx), afterFloor)
	stop := context.AfterFunc(ctx, func() {
		if !errors.Is(ctx.Err(), context.DeadlineExceeded) {
			cancel()
		}
	})
	return c, func() { stop(); cancel() }
}

// actMargin is the time before a step's deadline after which the page is
// no longer waited for to settle once its target is located: the rest is
// left to act and to see the step's effect.
const actMargin = 500 * time.Millisecond

// settleBy is when the page, changing while a step's target is located,
// is taken as it is: MaxSettle from now, and actMargin before the step's
// deadline at the latest.
func settleBy(ctx context.Context) time.Time {
	t := time.Now().Add(pagemodel.MaxSettle)
	if dl, ok := ctx.Deadline(); ok && dl.Add(-actMargin).Before(t) {
		return dl.Add(-actMargin)
	}
	return t
}

// discloseAfter is how many waits of hiddenPoll a winner stays hidden
// before the control that discloses it is clicked (disclose).
const discloseAfter = 3

// hiddenPoll is how long a pointer action waits at a time for a winner
// that is not shown before the chain decides again (act).
const hiddenPoll = 250 * time.Millisecond

// pointerAction reports whether a acts with the pointer at its target's
// point (pointAt).
func pointerAction(a chain.Action) bool {
	return a == chain.Click || a == chain.DblClick || a == chain.Hover
}

// pointAt waits until the winner can take pointer input and returns where.
// A coordinates winner with no element at its point acts at the point.
func (r *Runner) pointAt(ctx context.Context, w *strategies.Result, el Elem, offset *chain.Point, press bool) (chain.Point, error) {
	if w == nil {
		return chain.Point{}, stepErr(report.InvalidStep, nil, "a pointer action needs a target")
	}
	if w.Element == nil {
		if w.Point == nil {
			return chain.Point{}, stepErr(report.ElementNotFound, nil, "no point to act at")
		}
		return *w.Point, nil
	}
	if w.Strategy.Type == chain.Coordinates && w.Point != nil {
		// The recorded point is the evidence: act there, once the element
		// under it is ready, if the pointer there still reaches it (making
		// it ready may have scrolled it, or centred it away from a bar that
		// covered it); else where Actionable found it does.
		p, err := actionable(ctx, el, nil, press)
		if err != nil {
			return chain.Point{}, err
		}
		if covered(ctx, el, *w.Point, press) != "" {
			return p, nil
		}
		return *w.Point, nil
	}
	return actionable(ctx, el, offset, press)
}

// guardedClick clicks at p with the page model's landing guard up on el
// (pagemodel.Page.Guard): a press that lands elsewhere, the page having
// moved under the pointer since el was found to take it (an animation
// ending and taking out what stood above el), reaches nothing. el is then
// made ready again and clicked once more (located again when the page
// took it away meanwhile: errRenderedAnew); a second miss refuses the step
// NOT_ACTIONABLE. A point with no element (coordinates unverified) is
// clicked as it is.
func (r *Runner) guardedClick(ctx context.Context, s *chain.Step, w *strategies.Result, el Elem, p *chain.Point, count, mods int) error {
	if !el.Ref.Valid() {
		return r.click(ctx, s, *p, count, mods)
	}
	for try := 0; ; try++ {
		if err := r.model().Guard(ctx, el.Ref); err != nil {
			if errors.Is(err, pagemodel.ErrGone) {
				return stepErr(report.ElementNotFound, err, "the target's document went away as it was about to be clicked; nothing was done")
			}
			return stepErr(report.CDPError, err, "cannot guard the click, so nothing was done")
		}
		err := r.click(ctx, s, *p, count, mods)
		// The click may have taken the document away (a navigation): no
		// guard to ask, and the press reached the page as it stood.
		missed, landed, lerr := r.model().Landed(context.WithoutCancel(ctx), el.Ref)
		if err != nil || lerr != nil || (missed == "" && landed > 0) {
			return err
		}
		if missed == "" {
			// No press reached the page's documents of the target's
			// origin: a frame of another origin (a chat widget, an ad)
			// came over the point after the check, and took the press
			// where no guard could stop it.
			return stepErr(report.NotActionable, nil, "the press at %.0f,%.0f reached no element of %s's page: a frame of another origin over the point took it after the check that %s takes the pointer",
				p.X, p.Y, el.name(), el.name())
		}
		if landed > 0 {
			// A double click whose first press the page took: pressing
			// again would make more clicks than the step's.
			return stepErr(report.NotActionable, nil, "the press at %.0f,%.0f reached %s %d time(s), then landed on %s: the page moved under the pointer during the click; that press was stopped before the page saw it",
				p.X, p.Y, el.name(), landed, missed)
		}
		if try > 0 {
			return stepErr(report.NotActionable, nil, "the press at %.0f,%.0f landed on %s, not on %s: the page moved under the pointer as it was pressed, twice; the press was stopped before the page saw it",
				p.X, p.Y, missed, el.name())
		}
		r.debugf("  the press at %.0f,%.0f landed on %s: the page moved; again", p.X, p.Y, missed)
		r.model().Settle(ctx)
		np, err := r.pointAt(ctx, w, el, placedOffset(s, el), true)
		if err != nil {
			if CodeOf(err) == report.ElementNotFound && ctx.Err() == nil {
				return fmt.Errorf("%w: %w", errRenderedAnew, err)
			}
			return err
		}
		*p = np
	}
}

func (r *Runner) focus(ctx context.Context, el Elem) error {
	if !el.Ref.Valid() {
		return stepErr(report.ElementNotFound, nil, "no element to focus")
	}
	if _, _, err := el.object(ctx, false); err != nil {
		return elementGone(ctx, "element", err)
	}
	if err := ctx.Err(); err != nil {
		return err // focus runs the page's handlers: not after the deadline
	}
	if err := el.onNode(ctx, func(obj proto.RuntimeRemoteObjectID) error {
		return proto.DOMFocus{ObjectID: obj}.Call(el.client(ctx))
	}); err != nil {
		return fmt.Errorf("DOM.focus: %w", err)
	}
	return nil
}

// focusWasFn keeps, on the element's window, the element that has the
// focus before the element is focused; focusTakenFn then names the
// element that took the focus from it ("" when it has the focus): one
// that had it before, a dialog that held it since before and keeps it
// in itself, or, for an element in a frame, what has the focus in a
// document above where the frame does not (focusAbove).
const (
	focusWasFn   = `function () {` + fieldJS + ` window[Symbol.for("chainreplay.focusWas")] = deepActive(this.ownerDocument); }`
	focusTakenFn = `function () {` + fieldJS + `
	const k = Symbol.for("chainreplay.focusWas"), was = window[k];
	delete window[k];
	// Focused again here, where the page's own handlers run at once: what
	// takes the focus then hands it on (a search box opening the real
	// one), or takes it back (a modal); what a timer of the page did since
	// DevTools focused it is undone, and looked for after (focusKept).
	this.focus();
	const a = deepActive(this.ownerDocument);
	const above = focusAbove(this.ownerDocument);
	if (above) return above;
	const on = Symbol.for("chainreplay.focusOn");
	if (!a || within(a, this)) { window[on] = this; return ""; }
	const held = modalOf(was);
	if (a !== was && !(held && within(a, held) && !within(this, held))) { window[on] = a; return ""; }
	return focusName(a) || "the page";
}`
)

// focusForKeys focuses the element a key is pressed on, and fails the
// step where another element keeps the focus (a dialog that holds it in
// itself, an inert page behind a modal): the key would reach that one.
// It waits, as a person would, for the focus to stay.
func (r *Runner) focusForKeys(ctx context.Context, el Elem) error {
	on := ""
	// failed is err, or, once the focus was seen taken and the deadline
	// came, what took it.
	failed := func(err error) error {
		if on != "" && ctx.Err() != nil {
			return focusTaken(el, on, "no key was pressed", err)
		}
		return err
	}
	for {
		if err := callOn(ctx, el, focusWasFn, nil); err != nil {
			return failed(elementGone(ctx, "element", err))
		}
		if err := r.focus(ctx, el); err != nil {
			return failed(err)
		}
		if err := callOn(ctx, el, focusTakenFn, &on); err != nil {
			return failed(elementGone(ctx, "element", err))
		}
		if on == "" {
			// The page may take the focus back a moment after it came.
			kept, err := r.focusKept(ctx, el)
			if err != nil {
				return failed(elementGone(ctx, "element", err))
			}
			if kept == "" {
				return nil
			}
			on = kept
		}
		if err := wait.Sleep(ctx, 50*time.Millisecond); err != nil {
			return failed(err)
		}
	}
}

// focusKeptFn names what has the focus where it is not on the element,
// the text field it gave its focus to (typedField) or the element
// focusTakenFn found it handed to, or not on the frames above it
// (focusAbove): now, and once the page ran what it queued as the focus
// came (a timer of no delay in its window or the top one: a modal that
// takes the focus back once its window lost it to a frame); "" when the
// focus stayed.
var focusKeptFn = `async function () {` + fieldJS + pagemodel.OwnTimersJS + `
	const d = this.ownerDocument, k = Symbol.for("chainreplay.focusOn"), on = window[k];
	delete window[k];
	const f = typedField(this);
	const taken = () => {
		const above = focusAbove(d);
		if (above) return above;
		const a = deepActive(d);
		if (a && (within(a, this) || f && within(a, f) || on && within(a, on))) return "";
		return focusName(a) || "the page";
	};
	const now = taken();
	if (now) return now;
	let top = window;
	try { if (window.top.document) top = window.top; } catch (e) {}
	for (const v of new Set([window, top])) await new Promise((r) => ownTimeout(v, r, 0));
	return taken();
}`

// focusKept reports what took the focus from el, or the element focused
// with it, once the page ran what it queued as the focus came ("" when
// nothing did): see focusKeptFn.
func (r *Runner) focusKept(ctx context.Context, el Elem) (string, error) {
	on := ""
	err := callOn(ctx, el, focusKeptFn, &on)
	return on, err
}

// focusTaken fails a step whose element another keeps the focus from
// (on names it; "" when it could not be named) until the deadline: what
// the step would have sent was not (held says so).
func focusTaken(el Elem, on, held string, err error) error {
	if on == "" {
		on = "another element"
	}
	return stepErr(report.NotActionable, err, "%s: the focus does not stay on it: %s takes it (a dialog or a script holds it); %s", el.name(), on, held)
}

// checkedFn reads whether the element is checked; null when it is no
// longer on the page.
const checkedFn = `function () { return this.isConnected ? !!this.checked || this.getAttribute("aria-checked") === "true" : null; }`

// errInStateAlready is check's when the element's checked state is want
// already: nothing was done, and there is no effect to wait for.
var errInStateAlready = errors.New("in the state already")

// check clicks the element only when its checked state differs from want,
// and verifies the click changed it. Where the page took the element off
// as it handled the click (a framework that renders a row anew on each
// press), the state is read on the element the target names once found
// again: the step's own locate, which refuses where it cannot tell.
func (r *Runner) check(ctx context.Context, w *strategies.Result, el Elem, s *chain.Step, want bool) error {
	target, offset := s.Target, s.Offset
	if w.Element == nil {
		return stepErr(report.ElementNotFound, nil, "no element to check")
	}
	var cur *bool
	if err := callOn(ctx, el, checkedFn, &cur); err != nil {
		return err
	}
	if cur == nil {
		return elementGone(ctx, "element", errors.New("it is no longer on the page"))
	}
	if *cur == want {
		r.debugf("  already %v", want)
		return errInStateAlready
	}
	p, err := r.pointAt(ctx, w, el, placedOffset(s, el), true)
	if err != nil {
		return err
	}
	// Guarded as a click step is: a press that lands on another box, the
	// page having moved under the pointer, would tick that one.
	if err := r.guardedClick(ctx, &chain.Step{Action: chain.Click, Offset: offset}, w, el, &p, 1, 0); err != nil {
		return err
	}
	cur = nil
	if err := callOn(ctx, el, checkedFn, &cur); err != nil && !errors.Is(err, pagemodel.ErrGone) {
		return err
	}
	renewed := ""
	if cur == nil {
		r.model().Settle(ctx)
		again, err := r.renderedAnew(ctx, target, p, w.Element)
		if err != nil {
			return err
		}
		el = again
		if err := callOn(ctx, el, checkedFn, &cur); err != nil {
			return err
		}
		if cur == nil {
			return stepErr(report.AssertionFailed, nil, "clicking took the element off the page, and the element found again left it too: whether it is checked cannot be read")
		}
		renewed = " (read on the element the page rendered in its place)"
		r.debugf("  the page rendered the element anew: found again, checked %v", *cur)
	}
	if *cur != want {
		return stepErr(report.AssertionFailed, nil, "clicking did not change the checked state to %v%s", want, renewed)
	}
	// Held once the page settles, its requests answered: an app that puts
	// the box back (a save that failed) undid the step; unless the step,
	// when recorded, did something else and left the box as it was (a
	// switch that asks for a confirmation first, in a dialog). A box the
	// page drew anew meanwhile (a form drawn from the app's state once its
	// save was answered) must show the state, whatever the step recorded:
	// its recorded effect could not see the box it drew then.
	keeps := s.Effect.Empty() || slices.Contains(s.Effect.State, "checked")
	r.model().SettleAnswered(ctx)
	var now *bool
	if err := callOn(ctx, el, checkedFn, &now); err != nil || ctx.Err() != nil {
		return nil
	}
	if now == nil {
		again, err := r.renderedAnew(ctx, target, p, w.Element)
		if err != nil || callOn(ctx, again, checkedFn, &now) != nil || now == nil || ctx.Err() != nil {
			return nil
		}
		if *now != want {
			return stepErr(report.NoEffect, nil, "clicking changed the checked state to %v%s, then the page drew the box anew, its checked state %v", want, renewed, *now)
		}
		return nil
	}
	if keeps && *now != want {
		return stepErr(report.NoEffect, nil, "clicking changed the checked state to %v%s, then the page undid it: it is %v once the page settled", want, renewed, *now)
	}
	return nil
}

// renderedAnew is the checkbox the page rendered in place of the one a
// click took off: the one the target names, found again by the step's
// own locate, which refuses where it cannot tell; else, where the locate
// refuses (a box named by its state, "Checked" now), the checkbox at the
// point the click pressed, where the page drew the new one, when it
// stands in a row that reads as the one clicked did (was: a list that
// moves ticked items down drew another item's box there).
func (r *Runner) renderedAnew(ctx context.Context, target *chain.Target, p chain.Point, was *pagemodel.Element) (Elem, error) {
	v := r.locate(ctx, target, true)
	if v.Err == nil {
		return r.elem(v.Winner), nil
	}
	row := func(e *pagemodel.Element) string {
		if e == nil || len(e.Neighbours) == 0 {
			return ""
		}
		return e.Neighbours[len(e.Neighbours)-1]
	}
	if at, err := r.model().At(ctx, p.X, p.Y, pagemodel.Prefer{}); err == nil && at != nil && checkable(at) && row(at) == row(was) {
		r.debugf("  the target is not found again (%v): the checkbox at %.0f,%.0f read instead", v.Err, p.X, p.Y)
		return Elem{Model: r.model(), Ref: at.Ref, Element: at, remote: &remoteObj{group: r.group}}, nil
	}
	return Elem{}, stepErr(report.AssertionFailed, v.Err, "clicking took the element off the page, and the target cannot be found again to read whether it is checked: %v", v.Err)
}

// formControl reports whether e is an input, a select or a textarea.
func formControl(e *pagemodel.Element) bool {
	return e != nil && (e.Tag == "input" || e.Tag == "select" || e.Tag == "textarea")
}

// checkable reports whether e is a checkbox, a radio button or a switch.
func checkable(e *pagemodel.Element) bool {
	switch e.Role {
	case "checkbox", "radio", "switch", "menuitemcheckbox", "menuitemradio":
		return true
	}
	return false
}

// selectFn checks the element's state as stateFn does and, when it is
// connected, visible and enabled, chooses the option whose value is value,
// else whose text is label, and fires input and change as a user's choice
// would; msg says why it chose nothing. Where the value and the label
// recorded name two different options now (the options renumbered: value
// "2" reads "Basic", and "Pro" is "3"), which was meant is not known: it
// chooses nothing and says so (clash).
const selectFn = `function (value, label) {` + stateJS + `
	const el = this;
	const state = elemState(el);
	if (!state.connected || !state.visible || !state.enabled) return state;
	const done = msg => Object.assign(state, {msg});
	if (el.tagName !== "SELECT") return done("not a <select> but a <" + el.tagName.toLowerCase() + ">");
	const norm = s => s.replace(/\s+/g, " ").trim();
	const opts = Array.from(el.options);
	const byValue = value !== "" ? opts.find(o => o.value === value) : undefined;
	const byLabel = label !== "" ? opts.find(o => norm(o.textContent) === norm(label)) : undefined;
	if (byValue && byLabel && byValue !== byLabel && value !== label && norm(byValue.textContent) !== norm(label)) {
		state.clash = true;
		return done("the option of value " + JSON.stringify(value) + " now reads " + JSON.stringify(norm(byValue.textContent)) +
			", and the option reading " + JSON.stringify(norm(label)) + " has value " + JSON.stringify(byLabel.value) +
			": the options changed, and which of the two was meant is not known; nothing was chosen");
	}
	// A number for a value is a place or a record's key, not a meaning:
	// options numbered anew give the number to another option. Where the
	// option recorded reads nowhere and the number's option shares no word
	// with it, that option is another one.
	const words = s => new Set((s.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) || []));
	if (byValue && !byLabel && label !== "" && value !== label && /^\d+$/.test(value)) {
		const now = words(byValue.textContent), was = [...words(label)];
		const a = norm(byValue.textContent).toLowerCase(), b = norm(label).toLowerCase();
		// (A label of no such word, "XL", "M", is not judged by words.)
		if (was.length && !was.some(w => now.has(w)) && !a.includes(b) && !b.includes(a)) {
			return done("the option of value " + JSON.stringify(value) + " now reads " + JSON.stringify(norm(byValue.textContent)) +
				", and no option reads " + JSON.stringify(norm(label)) + ": the options were numbered anew, and the one chosen is gone; nothing was chosen");
		}
	}
	const opt = byValue || byLabel;
	if (!opt) return done("no option with value " + JSON.stringify(value) + (label ? " or label " + JSON.stringify(label) : ""));
	if (opt.disabled) return done("the option is disabled");
	el.focus();
	opt.selected = true;
	el.dispatchEvent(new Event("input", {bubbles: true, composed: true}));
	el.dispatchEvent(new Event("change", {bubbles: true}));
	state.chosen = opt.value;
	return done("");
}`

type selectState struct {
	elemState
	Msg    string `json:"msg"`
	Chosen string `json:"chosen"`
	Clash  bool   `json:"clash"`
}

// selectedFn is a <select>'s value and the text of its selected option;
// gone when it is no longer on the page.
const selectedFn = `function () {
	if (!this.isConnected) return {gone: true};
	const o = this.options ? this.options[this.selectedIndex] : null;
	return {value: this.value, text: o ? o.textContent.replace(/\s+/g, " ").trim() : ""};
}`

// selectOption waits until the element is connected, visible and enabled,
// and selects the option in the same page call; where the step's choice
// was to stay (keeps), the option must still be the one selected once the
// page has settled (choiceHeld): a page that set the choice back at once
// did not take it. So must the select the page drew anew in its place
// (target names it), whatever the step recorded.
func (r *Runner) selectOption(ctx context.Context, el Elem, target *chain.Target, value, label string, keeps bool) error {
	if !el.Ref.Valid() {
		return stepErr(report.ElementNotFound, nil, "no element to select in")
	}
	last := "" // why the last complete check chose nothing
	for {
		var st selectState
		if err := callOn(ctx, el, selectFn, &st, value, label); err != nil {
			if last != "" && ctx.Err() != nil {
				return stepErr(report.NotActionable, err, "%s: %s", el.name(), explainHidden(ctx, el, last))
			}
			return elementGone(ctx, "element", err)
		}
		why := st.why()
		last = why
		if why == "" {
			if st.Clash {
				return stepErr(report.Ambiguous, nil, "select in %s: %s", el.name(), st.Msg)
			}
			if st.Msg != "" {
				return stepErr(report.ElementNotFound, nil, "select: %s", st.Msg)
			}
			return r.choiceHeld(ctx, el, target, st.Chosen, keeps)
		}
		if err := st.fatal(); err != nil {
			return err
		}
		if err := wait.Sleep(ctx, 20*time.Millisecond); err != nil {
			return stepErr(report.NotActionable, err, "%s: %s", el.name(), explainHidden(ctx, el, why))
		}
	}
}

// keepsChoice reports whether a step that chooses an option was recorded
// keeping its choice: with no other effect, or with its value changed. A
// select that set itself back (an "Actions…" menu that runs its choice and
// resets) did something else, which the effect check watches.
func keepsChoice(s *chain.Step) bool {
	return s.Effect == nil || slices.Contains(s.Effect.State, "value")
}

// choiceHeld checks, once the page has settled (its requests answered),
// that the <select> el still holds the option of value chosen, where the
// step kept its choice when recorded (keeps). A page that drew the select
// anew (a form drawn from the app's state once its save was answered)
// must show the choice in the select target names now, whatever keeps
// says: the step's recorded effect could not see it then, and a save the
// server refused draws the old choice back. An element that cannot be
// read (its document gone), or a select not found again, says nothing
// against the choice.
func (r *Runner) choiceHeld(ctx context.Context, el Elem, target *chain.Target, chosen string, keeps bool) error {
	r.model().SettleAnswered(ctx)
	var now struct {
		Value, Text string
		Gone        bool
	}
	if err := callOn(ctx, el, selectedFn, &now); err != nil {
		return nil
	}
	if !now.Gone {
		if keeps && now.Value != chosen {
			return stepErr(report.NoEffect, nil, "%s did not keep the option chosen (%q): the page set it to %q (%q)", el.name(), chosen, now.Value, now.Text)
		}
		return nil
	}
	if target == nil {
		return nil
	}
	v := r.locate(ctx, target, true)
	if v.Err != nil || v.Winner == nil || v.Winner.Element == nil {
		return nil
	}
	again := r.elem(v.Winner)
	now.Gone = false
	if err := callOn(ctx, again, selectedFn, &now); err != nil || now.Gone {
		return nil
	}
	if now.Value != chosen {
		return stepErr(report.NoEffect, nil, "the page drew %s anew holding %q (%q), not the option chosen (%q): it did not keep the choice", el.name(), now.Value, now.Text, chosen)
	}
	return nil
}

func (r *Runner) scroll(ctx context.Context, w *strategies.Result, dx, dy float64) error {
	var p chain.Point
	if w != nil && w.Point != nil {
		p = *w.Point
	} else {
		vp, err := strategies.ReadViewport(ctx, r.Page.Context(ctx))
		if err != nil {
			return err
		}
		p = chain.Point{X: vp.Width / 2, Y: vp.Height / 2}
	}
	return wheel(ctx, r.Page, p, dx, dy)
}

func (r *Runner) upload(ctx context.Context, el Elem, files []string) error {
	if !el.Ref.Valid() {
		return stepErr(report.ElementNotFound, nil, "no file input")
	}
	abs := make([]string, len(files))
	for i, f := range files {
		if !filepath.IsAbs(f) && r.Options.BaseDir != "" {
			f = filepath.Join(r.Options.BaseDir, f)
		}
		a, err := filepath.Abs(f)
		if err != nil {
			return stepErr(report.InvalidStep, err, "upload: %v", err)
		}
		if _, err := os.Stat(a); err != nil {
			return stepErr(report.InvalidStep, err, "upload: %v", err)
		}
		abs[i] = a
	}
	if e := el.Element; e != nil && (e.Tag != "input" || !strings.EqualFold(e.Type, "file")) {
		return stepErr(report.NotActionable, nil, "%s takes no files: it is not an <input type=file>", el.name())
	}
	if _, _, err := el.object(ctx, false); err != nil {
		return elementGone(ctx, "file input", err)
	}
	// A file input is often hidden behind a label or a button of the
	// page's own, and chosen through it: only one a person cannot reach
	// at all (inert, behind a modal dialog) waits, and is refused.
	for {
		var st elemState
		if err := callOn(ctx, el, stateFn, &st); err != nil {
			return elementGone(ctx, "file input", err)
		}
		if !st.Connected {
			return stepErr(report.ElementNotFound, nil, "the file input was removed from the page")
		}
		if st.Blocked == "" {
			break
		}
		if err := wait.Sleep(ctx, 20*time.Millisecond); err != nil {
			return stepErr(report.NotActionable, err, "%s: %s", el.name(), st.Blocked)
		}
	}
	if err := ctx.Err(); err != nil {
		return err // the files fire the input's change: not after the deadline
	}
	if err := el.onNode(ctx, func(obj proto.RuntimeRemoteObjectID) error {
		return proto.DOMSetFileInputFiles{Files: abs, ObjectID: obj}.Call(el.client(ctx))
	}); err != nil {
		return fmt.Errorf("DOM.setFileInputFiles: %w", err)
	}
	return nil
}

func (r *Runner) drag(ctx context.Context, w *strategies.Result, el Elem, s *chain.Step) error {
	from, err := r.pointAt(ctx, w, el, placedOffset(s, el), true)
	if err != nil {
		return err
	}
	v := r.locate(ctx, s.DropTarget, false)
	if v.Err != nil {
		return stepErr(v.Err.Code, v.Err, "drop target: %s", v.Err.Message())
	}
	to := from
	if v.Winner.Point != nil {
		to = *v.Winner.Point
	}
	if v.Winner.Element != nil {
		drop := r.elem(v.Winner)
		var off *chain.Point
		if b, err := contentBox(ctx, drop); err == nil {
			to = b.Center()
			if o := s.DropOffset; o != nil && o.X >= 0 && o.Y >= 0 && o.X < b.Width && o.Y < b.Height {
				to = chain.Point{X: b.X + o.X, Y: b.Y + o.Y}
				off = o
			}
		}
		if from, to, err = r.dropPoints(ctx, w, el, s, drop, from, to, off); err != nil {
			return err
		}
	}
	return mouseDrag(ctx, r.Page, from, to, 8)
}

// dropPoints makes sure a drag releases the element on its drop target:
// where the point to reaches another element (a banner over the drop
// zone, the zone below the fold), the drop target is made ready as a
// click's target is (scrolled into view, uncovered) and the point taken
// there; where that took the element dragged out of reach, it is made
// ready again, and the drag is refused when the two cannot then be
// reached at once. A release elsewhere would drop it on what is there.
func (r *Runner) dropPoints(ctx context.Context, w *strategies.Result, el Elem, s *chain.Step, drop Elem, from, to chain.Point, off *chain.Point) (chain.Point, chain.Point, error) {
	if !drop.Ref.Valid() || covered(ctx, drop, to, false) == "" {
		return from, to, nil
	}
	p, err := Hoverable(ctx, drop, off)
	if err != nil {
		var se *StepError
		if errors.As(err, &se) {
			return from, to, stepErr(se.Code, err, "drop target: %s; nothing was dragged", se.Message())
		}
		return from, to, err
	}
	to = p
	if !el.Ref.Valid() || covered(ctx, el, from, true) == "" {
		return from, to, nil
	}
	if from, err = r.pointAt(ctx, w, el, placedOffset(s, el), true); err != nil {
		return from, to, err
	}
	if why := covered(ctx, drop, to, false); why != "" {
		return from, to, stepErr(report.NotActionable, nil, "%s and its drop target %s cannot both be reached in the viewport (%s); nothing was dragged",
			el.name(), drop.name(), why)
	}
	return from, to, nil
}

// navigate loads u in the page and waits for its load event.
func (r *Runner) navigate(ctx context.Context, u string) error {
	if err := Navigate(ctx, r.Page, u); err != nil {
		return stepErr(report.NavigationFailed, err, "%v", err)
	}
	return nil
}

// Navigate loads u in page (Page.navigate) and waits until its document is
// complete.
func Navigate(ctx context.Context, page *rod.Page, u string) error {
	res, err := proto.PageNavigate{URL: u}.Call(page.Context(ctx))
	if err != nil {
		return fmt.Errorf("navigate to %s: %w", u, err)
	}
	if res.ErrorText != "" {
		return fmt.Errorf("navigate to %s: %s", u, res.ErrorText)
	}
	return browser.WaitLoad(ctx, page)
}

func currentURL(ctx context.Context, page *rod.Page) string {
	res, err := proto.RuntimeEvaluate{Expression: "location.href", ReturnByValue: true}.Call(page.Context(ctx))
	if err != nil {
		return ""
	}
	return res.Result.Value.Str()
}

// SameURL reports whether got is the page want names: equal, or the same
// scheme, host and path; for a same-document route change (pushState, hash)
// the query and fragment must match too.
func SameURL(want, got string, sameDocument bool) bool {
	if want == got {
		return true
	}
	w, err1 := url.Parse(want)
	g, err2 := url.Parse(got)
	if err1 != nil || err2 != nil {
		return false
	}
	if w.Scheme != g.Scheme || w.Host != g.Host || strings.TrimSuffix(w.Path, "/") != strings.TrimSuffix(g.Path, "/") {
		return false
	}
	return !sameDocument || (w.RawQuery == g.RawQuery && w.Fragment == g.Fragment)
}

// docState is what tells a page's documents and routes apart: the URL
// and the document's time origin (a new document has another).
type docState struct {
	URL    string
	Origin float64
}

// readDocState reads the page's docState; a zero one when the page does
// not answer (it is loading another document).
func readDocState(ctx context.Context, page *rod.Page) docState {
	res, err := proto.RuntimeEvaluate{Expression: "[location.href, performance.timeOrigin]", ReturnByValue: true}.Call(page.Context(ctx))
	if err != nil || res.ExceptionDetails != nil {
		return docState{}
	}
	a := res.Result.Value.Arr()
	if len(a) != 2 {
		return docState{}
	}
	return docState{URL: a[0].Str(), Origin: a[1].Num()}
}

// waitNavigation waits until the step's navigation has happened again, of
// the kind recorded (a new document, or a same-document route change):
// at the recorded URL, or at another one, which passes with a note ("led
// to X; recorded Y") so that the replay follows the page (an app that
// renamed its routes); so does a new document at the recorded path with
// another query or fragment. A new document is waited for until it has loaded.
// It fails with NAVIGATION_FAILED only when no navigation of that kind
// happened (or none to the recorded URL). A new document at the URL the
// step started from, where the step was recorded leading elsewhere (a
// sign-in form the server answers with the sign-in page again), is the
// page staying where it was: no navigation.
func (r *Runner) waitNavigation(ctx context.Context, n *chain.Navigation, from docState, framePath []string) (string, error) {
	want := r.mapURL(n.URL)
	last := from.URL
	reloaded := false
	for {
		cur := r.docStateIn(ctx, framePath)
		if cur.URL != "" {
			last = cur.URL
			newDoc := from.Origin != 0 && cur.Origin != from.Origin
			if newDoc && SameURL(from.URL, cur.URL, true) && !SameURL(from.URL, want, true) {
				// Loaded again where it was; a redirect may follow.
				reloaded, newDoc = true, false
			}
			routed := !newDoc && cur.URL != from.URL
			right := SameURL(want, cur.URL, n.SameDocument)
			// Only a navigation counts, of the recorded kind: the URL
			// alone may already read as recorded (a query or fragment
			// is not compared for a new document), and the recorder
			// writes no navigation that leaves the URL as it was.
			if (n.SameDocument && routed) || (!n.SameDocument && newDoc) || (right && (newDoc || routed)) {
				if newDoc || !n.SameDocument {
					if err := r.waitCompleteIn(ctx, framePath); err != nil {
						return "", stepErr(report.NavigationFailed, err, "%v", err)
					}
				}
				if right && SameURL(want, cur.URL, true) {
					return "", nil
				}
				// Another page, or the recorded page with another query
				// (a product's id): the step passes, and says so.
				return fmt.Sprintf("led to %s; recorded %s", cur.URL, want), nil
			}
		}
		var err error
		if len(framePath) == 0 {
			// The page's next change (a route change, a mutation, its
			// document going) ends the pause early.
			r.model().NextChange(ctx, 10*time.Millisecond)
			err = ctx.Err()
		} else {
			err = wait.Sleep(ctx, 10*time.Millisecond)
		}
		if err != nil {
			kind := "load a new document"
			if n.SameDocument {
				kind = "change the route"
			}
			if reloaded {
				return "", stepErr(report.NavigationFailed, err, "expected the step to %s (to %s, as recorded); the page loaded again at %s, where it was", kind, want, last)
			}
			return "", stepErr(report.NavigationFailed, err, "expected the step to %s (to %s, as recorded); the page stayed at %s", kind, want, last)
		}
	}
}

const textFn = `function () { return (this.innerText !== undefined ? this.innerText : this.textContent) || ""; }`
const valueFn = `function () { return "value" in this ? String(this.value) : (this.textContent || ""); }`

// assertElement retries an element assertion until it holds or ctx ends.
// A winner ranked without a hidden look-alike is held back across the
// polls as Locate holds it across its rounds (rivalHold). The verdict is
// the last complete attempt's: an attempt the deadline cut short (its
// search ended by the deadline, not by the page) does not turn a failed
// check into ELEMENT_NOT_FOUND.
func (r *Runner) assertElement(ctx context.Context, s *chain.Step, want string) Outcome {
	var prev *Outcome
	secret := len(chain.Secrets(s.Text)) > 0
	show := func(v string) string {
		if secret {
			return "(secret)"
		}
		return clip(collapse(v))
	}
	var held rivalHold // a winner like a hidden element waits for it, as a click's does
	for {
		v := held.apply(r.locate(ctx, s.Target, true))
		if ctx.Err() != nil && prev != nil {
			return *prev
		}
		out := Outcome{Verdict: &v}
		last := ""
		if v.Err == nil && v.Winner.Element != nil {
			id := r.elem(v.Winner)
			switch s.Action {
			case chain.AssertVisible:
				// Visible as a person sees it: rendered, and nothing
				// around it (or itself) fully transparent or folded to
				// no size (pagemodel.Hidden).
				var st elemState
				if err := callOn(ctx, id, stateFn, &st); err == nil && st.Connected && st.Visible {
					h, err := r.model().HiddenBy(ctx, id.Ref)
					// A form control made transparent over the box the
					// page draws for it (a styled checkbox's input) is
					// seen as that box.
					if err == nil && (h == nil || h.Self && h.How == "opacity: 0" && formControl(id.Element)) {
						return out
					}
					if h != nil {
						last = notVisibleWhy + ": " + h.String()
						break
					}
				}
				last = notVisibleWhy
			case chain.AssertText:
				var got string
				if err := callOn(ctx, id, textFn, &got); err == nil {
					if containsWhole(collapse(got), collapse(want)) {
						return out
					}
					last = fmt.Sprintf("text is %q, expected it to contain %q (whole words and numbers)", show(got), show(want))
				}
			case chain.AssertValue:
				var got string
				if err := callOn(ctx, id, valueFn, &got); err == nil {
					if got == want {
						return out
					}
					last = fmt.Sprintf("value is %q, expected %q", show(got), show(want))
				}
			}
		}
		switch {
		case v.Err != nil:
			out.Err = v.Err
		case last != "":
			out.Err = stepErr(report.AssertionFailed, nil, "%s", last)
		case prev != nil:
			out = *prev // the check itself was cut short
		default:
			out.Err = stepErr(report.AssertionFailed, nil, "the element could not be read")
		}
		prev = &out
		if err := wait.Sleep(ctx, DefaultPoll); err != nil {
			return *prev
		}
	}
}

func (r *Runner) assertURL(ctx context.Context, s *chain.Step) error {
	want := r.mapURL(s.URL)
	for {
		got := currentURL(ctx, r.Page)
		if matchURL(want, got) {
			return nil
		}
		if err := wait.Sleep(ctx, 20*time.Millisecond); err != nil {
			return stepErr(report.AssertionFailed, nil, "the page is at %s, expected %s", got, want)
		}
	}
}

// matchURL: equal, or a glob where * matches any run of characters.
func matchURL(pattern, got string) bool {
	if !strings.Contains(pattern, "*") {
		return pattern == got || strings.TrimSuffix(pattern, "/") == strings.TrimSuffix(got, "/")
	}
	parts := strings.Split(pattern, "*")
	if !strings.HasPrefix(got, parts[0]) {
		return false
	}
	rest := got[len(parts[0]):]
	for i, p := range parts[1:] {
		if i == len(parts)-2 {
			return strings.HasSuffix(rest, p)
		}
		j := strings.Index(rest, p)
		if j < 0 {
			return false
		}
		rest = rest[j+len(p):]
	}
	return true
}

func collapse(s string) string { return strings.Join(strings.Fields(s), " ") }

// containsWhole reports whether text holds want where its words and
// numbers end: a badge recorded as "3" is not found in "13" nor in "3.5",
// nor "$10" in "$100" or "$10.50", nor "Save" in "Saved"; "Saved" is in
// "Saved!" and in "Changes Saved". An empty want is in any text.
func containsWhole(text, want string) bool {
	if want == "" {
		return true
	}
	if utf8.RuneCountInString(want) >= 100 {
		// A long text is not found inside another by chance, and the
		// recorder may have cut it in a word (a script written without
		// spaces).
		return strings.Contains(text, want)
	}
	first, _ := utf8.DecodeRuneInString(want)
	end, _ := utf8.DecodeLastRuneInString(want)
	for from := 0; ; {
		i := strings.Index(text[from:], want)
		if i < 0 {
			return false
		}
		i += from
		if !joins(text[:i], first, false) && !joins(text[i+len(want):], end, true) {
			return true
		}
		_, size := utf8.DecodeRuneInString(text[i:])
		from = i + size
	}
}

// joins reports whether the text beside a match (rest: what follows it
// when after, else what comes before it) goes on with the match's edge
// rune r: a letter or digit beside a letter or digit, or a number's
// separator and a digit beside a digit ("3" in "3.5", "1" in "1,000").
func joins(rest string, r rune, after bool) bool {
	if !wordRune(r) || rest == "" {
		return false
	}
	next, size := utf8.DecodeRuneInString(rest)
	if !after {
		next, size = utf8.DecodeLastRuneInString(rest)
	}
	if wordRune(next) {
		return true
	}
	if !unicode.IsDigit(r) || (next != '.' && next != ',') {
		return false
	}
	var beyond rune
	if after {
		beyond, _ = utf8.DecodeRuneInString(rest[size:])
	} else {
		beyond, _ = utf8.DecodeLastRuneInString(rest[:len(rest)-size])
	}
	return unicode.IsDigit(beyond)
}

func clip(s string) string {
	if r := []rune(s); len(r) > 80 {
		return string(r[:80]) + "…"
	}
	return s
}

// watch is an open watch of what a step does to the page.
type watch struct {
	w  *pagemodel.World
	id int
	// taken is the item a key press's move through a widget's items was
	// taken to reach where it is named otherwise than recorded (reach).
	taken string
}

// openWatch opens a watch on what the step is about to do, when it
// recorded an effect to check (chain.Effect): about its element, or,
// when it acts on none (a key pressed on the page), about its document.
func (r *Runner) openWatch(ctx context.Context, s *chain.Step, el Elem) (*watch, error) {
	if s.Effect.Empty() {
		return nil, nil
	}
	if !s.HasTarget() {
		w, id, err := r.model().WatchDocument(ctx, framePathOf(s), sought(s.Effect))
		if err != nil {
			return nil, err
		}
		return &watch{w: w, id: id}, nil
	}
	if !el.Ref.Valid() {
		return nil, nil // a point with no element (Coordinates.NoVerify)
	}
	id, err := r.model().Watch(ctx, el.Ref, sought(s.Effect))
	if err != nil {
		return nil, err
	}
	return &watch{w: el.Ref.W, id: id}, nil
}

// sought is what a watch of a step whose effect is e looks for: what it
// showed, what it took off the page.
func sought(e *chain.Effect) pagemodel.Sought { return pagemodel.Sought{Shows: e.Shows, Gone: e.Gone} }

// waitEffect waits until what the step did at record time (s.Effect)
// happens again: each recorded kind (its target's state properties,
// elements added or removed, texts changed, a dialog opened or closed). A new document
// of the step's page or frame (from is that document as the step began)
// stands for every kind only where the step navigated when recorded (its
// navigation is checked on its own; a reload to the same URL included);
// elsewhere it is not what the step did, and fails the step unless the
// effect was seen before it. (A same-origin frame's elements are watched
// from its page, which says when their document went,
// pagemodel.Effects.Unloaded, and counts nothing the new one's loading
// adds; a cross-origin frame's world is gone with its document.) It
// fails with NO_EFFECT, naming what it waited for and what it saw, when
// ctx ends first.
func (r *Runner) waitEffect(ctx context.Context, s *chain.Step, el Elem, wt *watch, from docState) error {
	if wt == nil {
		return nil
	}
	want := s.Effect
	var seen *pagemodel.Effects
	// The watch is closed however the wait ends.
	defer r.closeWatch(ctx, wt)
	for first := true; ; first = false {
		// First what happened already, then at each change of the page.
		var e *pagemodel.Effects
		var err error
		if first {
			e, err = r.model().Effects(ctx, wt.w, wt.id, false)
		} else {
			e, err = r.model().NextEffects(ctx, wt.w, wt.id, 50*time.Millisecond)
		}
		if fp := navFramePath(s); s.Navigated != nil && !s.Navigated.SameDocument && len(fp) > 0 && from.Origin != 0 {
			// The frame's new document, its navigation: checked on its own.
			if now := r.docStateIn(ctx, fp); now.Origin != 0 && now.Origin != from.Origin {
				return nil
			}
		}
		if err == nil && e != nil && e.Unloaded {
			err = pagemodel.ErrGone // a frame's document, watched from its page
		}
		if err != nil {
			if errors.Is(err, pagemodel.ErrGone) {
				if s.Navigated != nil {
					return nil // the step's navigation, checked on its own
				}
				return stepErr(report.NoEffect, err, "%s did not do what it did when recorded: expected %s; %s, then the page loaded a new document, which it did not when recorded",
					s.Action, describeEffect(want), sawEffect(seen))
			}
			if ctx.Err() == nil {
				return err
			}
		}
		if e != nil {
			seen = e
			if effectHappened(want, e, wt.taken) {
				r.debugf("  effect as recorded (%s): %s", describeEffect(want), sawEffect(e))
				return r.effectHeld(ctx, s, wt)
			}
		}
		if ctx.Err() != nil {
			return stepErr(report.NoEffect, ctx.Err(), "%s did not do what it did when recorded: expected %s; %s",
				s.Action, describeEffect(want), sawEffect(seen))
		}
	}
}

// closeWatch closes wt (nil: none) without waiting for the answer: one
// left open would go on seeking the step's text in what the page adds,
// and nothing of the step waits on it.
func (r *Runner) closeWatch(ctx context.Context, wt *watch) {
	if wt == nil {
		return
	}
	m := r.model()
	go func() {
		cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 2*time.Second)
		defer cancel()
		_, _ = m.Effects(cctx, wt.w, wt.id, true)
	}()
}

// effectHappened reports whether e holds every kind want recorded; taken
// is the item a key press was taken to reach for want.Active (reach).
func effectHappened(want *chain.Effect, e *pagemodel.Effects, taken string) bool {
	for _, st := range want.State {
		if !slices.Contains(e.State, st) {
			return false
		}
		if b, ok := want.Became[st]; ok && e.Became[st] != b {
			return false
		}
	}
	// Elements a dialog's opening or closing added or removed were
	// counted as the step's own by earlier recorders: where the
	// dialog did as recorded they stand for them (not for a removal).
	content := e.Content > 0 || want.Dialog != "" && want.Dialog == e.Dialog && e.DialogContent > 0
	if want.Content && !content || want.Removed && e.Removed == 0 || want.Texts && e.Texts == 0 {
		return false
	}
	// Elements of its own added (a row, a menu): a toast alone (the
	// action failed, and the app says so), an icon swapped for a spinner,
	// a dialog's own elements are not what the step did. (Where too many
	// changed to tell, Added is -1: any may be.)
	if want.Added && e.Added == 0 {
		return false
	}
	if want.Shows != "" && !slices.Contains(e.Shown, chain.FoldShows(want.Shows)) {
		return false
	}
	if want.Gone != "" && !e.GoneNow {
		return false
	}
	if want.Active != "" && !sameItem(e.Active, want.Active, taken) {
		return false
	}
	return want.Dialog == "" || want.Dialog == e.Dialog
}

// alreadyBecame refuses a click or a key press whose element already is
// what the step made it when recorded (chain.Effect.Became: a checkbox
// ticked already, a section open): acting would undo it. check and
// uncheck set a state whatever it was, and are left to do so. The watch
// is closed when it refuses.
func (r *Runner) alreadyBecame(ctx context.Context, s *chain.Step, wt *watch) error {
	if wt == nil || len(s.Effect.Became) == 0 {
		return nil
	}
	switch s.Action {
	case chain.Click, chain.DblClick:
	case chain.Press:
		if s.Key != " " && s.Key != "Space" && s.Key != "Enter" {
			return nil // a key that opens or moves, never closes again
		}
	default:
		return nil
	}
	e, err := r.model().Effects(ctx, wt.w, wt.id, false)
	if err != nil || e == nil {
		return nil // the wait for the effect says what went wrong
	}
	for _, st := range slices.Sorted(maps.Keys(s.Effect.Became)) {
		if !undoes(st, s.Target) && (st != "selected" || !e.Multi) {
			continue
		}
		if b := s.Effect.Became[st]; e.Was[st] == b {
			_, _ = r.model().Effects(context.WithoutCancel(ctx), wt.w, wt.id, true)
			return stepErr(report.NoEffect, nil, "its %s is %s already, as the step made it when recorded: a %s would make it otherwise, so nothing was done (a check or uncheck step sets a state whatever it was)",
				st, b, s.Action)
		}
	}
	return nil
}

// undoes reports whether acting again on a target whose state st is what
// the step made it would undo it: a toggle's (a checkbox, a switch, a
// pressed button, a disclosure). A radio button, a tab or an option
// chosen already stays chosen, unless its list takes several choices
// (Effects.Multi, which alreadyBecame reads).
func undoes(st string, t *chain.Target) bool {
	switch st {
	case "selected":
		return false
	case "checked":
		if t != nil && t.Fingerprint != nil {
			fp := t.Fingerprint
			return fp.Role != "radio" && fp.Role != "menuitemradio" && !strings.EqualFold(fp.Type, "radio")
		}
	}
	return true
}

// effectHeld checks, once the page has settled, that the states the step
// changed are still what they became (chain.Effect.Became), and that what
// it showed (chain.Effect.Shows: a text typed, a choice, a value written
// into a field) still shows, that the elements it added
// (chain.Effect.Added) are still there, and that what it took off the page
// (chain.Effect.Gone) is still gone: an app that puts a toggle or a date
// back, takes a row back (a save that failed) or puts a deleted row back
// (a delete its server refused) undid the step. Only steps that recorded
// one of them are held to it.
func (r *Runner) effectHeld(ctx context.Context, s *chain.Step, wt *watch) error {
	want := s.Effect
	switch {
	case len(want.Became) > 0 || want.Shows != "" || want.Added || want.Gone != "":
		r.model().SettleAnswered(ctx)
	case want.Active != "":
		// A widget's highlight moved again by its next render.
		r.model().NextChange(ctx, activeRecheck)
	default:
		return nil
	}
	if ctx.Err() != nil {
		// The page did not settle within the step's time: what it shows
		// now is read all the same (a save that failed may have put the
		// old value back already).
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(context.WithoutCancel(ctx), time.Second)
		defer cancel()
	}
	e, err := r.model().Effects(ctx, wt.w, wt.id, false)
	switch {
	case errors.Is(err, pagemodel.ErrGone) || err == nil && e == nil:
		return nil // the document went on: the effect was seen
	case err != nil:
		code := report.CDPError
		if ctx.Err() != nil {
			code = report.Timeout
		}
		return stepErr(code, err, "%s did what it did when recorded, but the page could not be read again once it settled, to see that it kept it", s.Action)
	}
	// What the step showed (a value written, a choice drawn) must still
	// show: a page that puts the old value back took it back.
	if want.Shows != "" && !slices.Contains(e.Shown, chain.FoldShows(want.Shows)) {
		return stepErr(report.NoEffect, nil, "%s did what it did when recorded, then the page undid it: it showed %q, which no longer shows once the page settled",
			s.Action, want.Shows)
	}
	// What it added must still read on the page: an app that draws the
	// row at once and takes it back when its server refuses (an
	// optimistic add) undid it; one that draws the list anew did not.
	if want.Added && !e.AddedHeld {
		return stepErr(report.NoEffect, nil, "%s did what it did when recorded, then the page undid it: what it added no longer reads on the page once it settled (%s)",
			s.Action, sawEffect(e))
	}
	// What it took off the page must still be gone: an app that takes
	// the row off at once and puts it back when its server refuses (an
	// optimistic delete) undid it.
	if want.Gone != "" && !e.GoneNow {
		return stepErr(report.NoEffect, nil, "%s did what it did when recorded, then the page undid it: %q was gone, and reads on the page again once it settled",
			s.Action, want.Gone)
	}
	// The item a key made active must still be: a widget that draws its
	// highlight late may move it on. (One with none active, the focus
	// gone on, did not.)
	if want.Active != "" && e.Active != "" && !sameItem(e.Active, want.Active, wt.taken) {
		return stepErr(report.NoEffect, nil, "%s did what it did when recorded, then the page undid it: it made %s active, and %s is active once the page settled",
			s.Action, describeItem(itemKey(want.Active)), describeItem(e.Active))
	}
	if e.Detached {
		// The page went on (a new document, the element drawn anew): what
		// it shows is no longer the step's element, which was as recorded
		// when seen.
		return nil
	}
	for _, st := range slices.Sorted(maps.Keys(want.Became)) {
		if e.Became[st] != want.Became[st] {
			return stepErr(report.NoEffect, nil, "%s did what it did when recorded, then the page undid it: its %s became %s, and is %s once the page settled",
				s.Action, st, want.Became[st], nowState(e, st))
		}
	}
	return nil
}

// activeRecheck is how long a key's move through a widget's items is
// given to move on once it reached the item recorded (effectHeld).
const activeRecheck = 100 * time.Millisecond

// nowState is what state property st of a watched element is now.
func nowState(e *pagemodel.Effects, st string) string {
	if b, ok := e.Became[st]; ok {
		return b
	}
	if w := e.Was[st]; w != "" {
		return w + " again"
	}
	return "unset again"
}

func describeEffect(e *chain.Effect) string {
	var parts []string
	for _, st := range e.State {
		if b, ok := e.Became[st]; ok {
			parts = append(parts, fmt.Sprintf("its %s to become %s", st, b))
			continue
		}
		parts = append(parts, "its "+st+" to change")
	}
	switch {
	case e.Removed:
		parts = append(parts, "elements removed from the page")
	case e.Added:
		parts = append(parts, "elements added to the page (not only a message)")
	case e.Content:
		parts = append(parts, "elements added to or removed from the page")
	}
	if e.Texts {
		parts = append(parts, "texts on the page to change")
	}
	if e.Dialog != "" {
		parts = append(parts, "a dialog "+e.Dialog)
	}
	if e.Shows != "" {
		parts = append(parts, fmt.Sprintf("the page to show %q", e.Shows))
	}
	if e.Gone != "" {
		parts = append(parts, fmt.Sprintf("the page no longer to read %q", clip(e.Gone)))
	}
	if e.Active != "" {
		parts = append(parts, describeItem(itemKey(e.Active))+" to be active")
	}
	return strings.Join(parts, ", ")
}

func sawEffect(e *pagemodel.Effects) string {
	if e == nil {
		return "could not see the page"
	}
	var parts []string
	for _, st := range e.State {
		if b, ok := e.Became[st]; ok {
			parts = append(parts, fmt.Sprintf("%s became %s", st, b))
			continue
		}
		parts = append(parts, st+" changed")
	}
	if e.Content > 0 {
		parts = append(parts, fmt.Sprintf("%d elements added or removed (%d removed, %d added of their own)", e.Content, e.Removed, e.Added))
	}
	if e.Texts > 0 {
		parts = append(parts, fmt.Sprintf("%d texts changed", e.Texts))
	}
	if e.Dialog != "" {
		parts = append(parts, "a dialog "+e.Dialog)
	}
	if len(e.Shown) > 0 {
		parts = append(parts, fmt.Sprintf("%q shown", e.Shown))
	}
	if e.ActiveMoved && e.Active != "" {
		parts = append(parts, describeItem(e.Active)+" made active")
	}
	if len(parts) == 0 {
		return "nothing changed"
	}
	return "saw " + strings.Join(parts, ", ")
}
