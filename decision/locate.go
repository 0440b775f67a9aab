package decision

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/internal/testid"
	"github.com/qa-chain/chainreplay/pagemodel"
	"github.com/qa-chain/chainreplay/report"
	"github.com/qa-chain/chainreplay/similarity"
	"github.com/qa-chain/chainreplay/strategies"
)

// DefaultPoll is how often Locate evaluates the chain again while the
// target is not there yet.
const DefaultPoll = 50 * time.Millisecond

// IdlePoll is how long Locate waits at most between two rounds on a page
// that did not change during the last one and has nothing queued that
// could change it (pagemodel.Page.ChangeAfter): asked again, it would
// answer the same, so the next round waits for its next change (a
// mutation, an input, a route change). The bound is for what the page
// model does not see: a value a script set, a style sheet's rule. A
// target in a frame is asked for every DefaultPoll as before: the top
// document's changes do not tell those of a cross-origin frame.
const IdlePoll = 250 * time.Millisecond

// HiddenRivalSettle is how long Locate holds back a winner that was ranked
// without a hidden look-alike (strategies.Result.HiddenRival) before taking
// it: long enough for a dialog or menu that is opening to show the
// look-alike, which then competes on its merits. An assertion holds its
// element back as long, across its polls.
const HiddenRivalSettle = 300 * time.Millisecond

// LocateOptions tune Locate. The zero value evaluates every strategy once
// per DefaultPoll until ctx ends.
type LocateOptions struct {
	Policy Policy
	// Allowed limits the strategy types evaluated; nil means all.
	Allowed []chain.StrategyType
	// Poll is the pause between rounds (0: DefaultPoll).
	Poll time.Duration
	// Once evaluates a single round, without waiting.
	Once bool
	// Debug receives one line per attempt.
	Debug io.Writer
}

// Locate finds target on page: it evaluates the chain round after round
// until a round decides (see Policy.Weigh) or ctx ends, and returns the last
// round's verdict. A verdict without Winner has Err set.
func Locate(ctx context.Context, m *pagemodel.Page, target *chain.Target, opts LocateOptions) Verdict {
	order := Order(target.Chain, opts.Allowed)
	poll := opts.Poll
	if poll <= 0 {
		poll = DefaultPoll
	}
	env := strategies.NewEnv(m, target)
	env.Order = order
	var last Verdict // the last round that ran to its end
	started := time.Now()
	var held rivalHold
	var mark pagemodel.Mark
	idleWait := m != nil && len(target.FramePath) == 0
	for round := 1; ; round++ {
		if idleWait && round > 1 {
			mark = m.Mark(ctx)
		}
		env.Reset()
		v := evaluateChain(ctx, env, order, opts)
		v.Rounds = round
		if ctx.Err() != nil {
			// The deadline came while the chain was evaluated: the
			// strategies after it did not run, or ran without a page to
			// ask, and the checks that set a winner aside (its item, the
			// words that moved, its fingerprint) may not have had what
			// they need. Such a round decides nothing, a winner
			// included: the last round that ran to its end is the
			// honest account of what the page held.
			return gaveUp(cutShort(ctx, last, v, round), started)
		}
		if !opts.Once {
			v = held.apply(v)
		}
		if v.Err == nil && v.Winner != nil && v.Winner.Element != nil {
			for _, s := range order {
				if known, holds := env.Holds(s, v.Winner.Ref()); known && !holds {
					v.Drifted = append(v.Drifted, s)
				}
			}
		}
		if v.Err == nil || opts.Once || len(order) == 0 {
			return v
		}
		last = v
		t := time.NewTimer(poll)
		select {
		case <-ctx.Done():
			t.Stop()
			return gaveUp(last, started)
		case <-t.C:
		}
		if idleWait && round > 1 {
			// The round saw the page as it stands, unless it changed
			// since the mark: wait for it to change, and no longer than
			// a winner held back for its hidden look-alike still waits.
			idle := IdlePoll - poll
			if held.holding {
				idle = min(idle, time.Until(held.since.Add(HiddenRivalSettle)))
			}
			if idle > 0 {
				m.ChangeAfter(ctx, mark, idle)
			}
		}
	}
}

// rivalHold holds back a winner ranked without a hidden look-alike
// (hiddenRival) until the same element has won so for HiddenRivalSettle,
// across the verdicts it is given (the rounds of a locate, or the
// locates of an assertion's polls).
type rivalHold struct {
	id    pagemodel.Ref
	since time.Time
	// holding is set while the last verdict given was held back.
	holding bool
}

// apply returns v, or v held back (holdBack) while its winner is still
// waiting for its hidden look-alike.
func (h *rivalHold) apply(v Verdict) Verdict {
	h.holding = false
	if v.Err != nil || !hiddenRival(v) {
		return v
	}
	if id := v.Winner.Ref(); h.since.IsZero() || h.id != id {
		h.id, h.since = id, time.Now()
	}
	if time.Since(h.since) < HiddenRivalSettle {
		h.holding = true
		return holdBack(v)
	}
	return v
}

// hiddenRival reports whether a result that found v's winner ranked it
// without a hidden look-alike.
func hiddenRival(v Verdict) bool {
	for _, a := range v.Attempts {
		if a.Found && a.HiddenRival && sameNode(a, *v.Winner) {
			return true
		}
	}
	return false
}

// holdBack turns a verdict whose winner was ranked without a hidden
// look-alike into a pending AMBIGUOUS one, which Locate evaluates again
// until the look-alike has stayed hidden for HiddenRivalSettle.
func holdBack(v Verdict) Verdict {
	w := v.Winner
	v.Winner, v.Confidence, v.Agreeing = nil, 0, nil
	v.Err = stepErr(report.Ambiguous, nil, "%s is like a hidden element; waited for that one to show, and the deadline came first", describe(*w))
	return v
}

// cutShort is the verdict of a locate whose context ended during round
// (cut, that round's verdict): last, the previous round's, or, when round
// was the first, a TIMEOUT saying that no round ran to its end, with the
// attempts the cut round made and no winner.
func cutShort(ctx context.Context, last, cut Verdict, round int) Verdict {
	if round > 1 {
		return last
	}
	return Verdict{Rounds: round, Attempts: cut.Attempts,
		Err: stepErr(report.Timeout, ctx.Err(), "%s before one evaluation of the chain was complete", ended(ctx))}
}

// ended says how ctx ended: its deadline came, or it was cancelled (the
// replay was stopped).
func ended(ctx context.Context) string {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return "the deadline came"
	}
	return "the replay was stopped"
}

func gaveUp(v Verdict, started time.Time) Verdict {
	if v.Err != nil {
		e := *v.Err
		e.Msg += fmt.Sprintf(" (after %d rounds over %.1fs)", v.Rounds, time.Since(started).Seconds())
		v.Err = &e
	}
	return v
}

// evaluateChain evaluates order in turn until a result is conclusive (and
// not a numbered match named otherwise than recorded: renumbered) and
// every strategy naming the target within its item has run (itemToRun),
// and weighs them all when none is, the results found by place in a
// repeated group of another size than recorded set aside
// (setAsideResized).
func evaluateChain(ctx context.Context, env *strategies.Env, order []chain.Strategy, opts LocateOptions) Verdict {
	results := make([]strategies.Result, 0, len(order))
	// pending is the first conclusive result, held until the strategies
	// that name the target within its item have run (itemToRun).
	pending := -1
	for _, s := range order {
		if ctx.Err() != nil {
			break
		}
		r := strategies.Evaluate(ctx, env, s)
		results = append(results, r)
		if opts.Debug != nil {
			fmt.Fprintf(opts.Debug, "  attempt %-11s found=%-5v n=%d conf=%.2f verif=%.2f %.1fms %s%s\n",
				s.Type, r.Found, r.MatchCount, r.Confidence, r.Verification, ms(r.Duration), r.Detail, errSuffix(r.Err))
		}
		if pending < 0 && opts.Policy.Conclusive(r) && !renumbered(ctx, env, results, r) {
			pending = len(results) - 1
		}
		if pending < 0 || itemToRun(order[len(results):]) {
			continue
		}
		w := &results[pending]
		pending = -1
		if contradicted(opts.Policy, results, *w) {
			continue
		}
		v := Verdict{Winner: w, Confidence: w.Confidence, Agreeing: []chain.StrategyType{w.Strategy.Type}, Attempts: results}
		if c := check(ctx, env, opts.Policy, results, v, false); c.Err == nil && sameNode(*c.Winner, *w) {
			return v
		}
	}
	if len(order) == 0 {
		return Verdict{Err: stepErr(report.ElementNotFound, nil, "no strategy of the chain is allowed")}
	}
	results = setAsideRenumbered(env.Fingerprint(), setAsideOuter(ctx, setAsideResized(ctx, env, results)))
	v := opts.Policy.Weigh(results)
	if v.Winner != nil {
		v = vet(ctx, env, opts.Policy, results, v)
	}
	v = check(ctx, env, opts.Policy, results, v, true)
	if withoutFingerprint(env.Fingerprint()) {
		v = checkWordsGone(results, v)
	}
	return v
}

// check runs the checks every winner passes, in order: a counterpart's name
// (checkOther), a description of another element (checkDescribed), a place alone (checkPlaceOnly; for a weighed winner, not
// for a conclusive match that ends the chain early), the item it stands in
// (checkItem), the item gone with the words (checkReworded), the items of
// its tree it stands under (checkUnder), another member of its test id's
// family (checkFamily).
func check(ctx context.Context, env *strategies.Env, p Policy, results []strategies.Result, v Verdict, weighed bool) Verdict {
	fp := env.Fingerprint()
	v = checkOther(fp, results, v)
	v = checkDescribed(fp, results, v)
	if weighed {
		v = checkPlaceOnly(fp, results, v)
	}
	before := v.Winner
	v = checkItem(p, results, v)
	if w := v.Winner; w != nil && before != nil && !sameNode(*w, *before) {
		// The item's own element took the winner's place: it passes the
		// checks the winner passed.
		v = checkOther(fp, results, v)
		v = checkDescribed(fp, results, v)
	}
	v = checkReworded(ctx, env, results, v)
	v = checkUnder(p, fp, results, v)
	return checkFamily(fp, results, v)
}

// vet checks a weighed winner against the whole fingerprint with the
// similarity score (strategies.SimilarityScore: what similarity healing
// compares, the element's neighbours, landmarks and place included): an
// element that reads like the target but scores under the similarity
// floor is a decoy, or another control standing where the target stood,
// unless it is the target with its words changed (wordsChanged). Its
// strategies are then set aside and the rest weighed again; with nothing
// left the step fails with LOW_CONFIDENCE. A winner whose words changed
// gets a note saying so, under the floor or over it. The score needs the
// recorded surroundings (fingerprint neighbours): without them it cannot
// tell a decoy from the target, and is skipped. Before it, with or
// without surroundings, an element found only by numbers and places that
// is not named as recorded, while the recorded name is on another element
// of its kind (wordsMoved, or nameElsewhere when no strategy of the round
// reads words), is refused as AMBIGUOUS: the target moved with its words,
// and the element took over its numbered id, its index or its place. So
// is one named as recorded, found only by numbers and places, that lacks
// recorded surroundings (a heading, a row, a region) another element of
// its kind and name stands among (surroundingsElsewhere): the target
// moved with its section or row, unless the rest of the chain, weighed
// without the winner's strategies, names that other element (then it is
// taken). These two checks apply to similarity's winner too: it weighs a
// numbered id as much as a lasting one. A winner found only by numbers
// and places, that similarity did not name (it did not take it, or took
// it by its place alone), where the target's repeated group has another
// size now (an item inserted or removed: groupChanged), is refused as
// AMBIGUOUS; so is one that no longer reads the recorded text while
// another element does (readsOtherwise, textElsewhere). A unique verified
// match that stopped the chain early is not vetted (it already verified; a numbered
// or similarity match that these checks would refuse does not stop it,
// renumbered), nor is a winner similarity found scored against the floor
// (its page-wide judgement stands). A winner whose score cannot be had is
// refused for the round (LOW_CONFIDENCE): the next round asks again.
func vet(ctx context.Context, env *strategies.Env, p Policy, results []strategies.Result, v Verdict) Verdict {
	w := v.Winner
	fp := env.Fingerprint()
	if fp == nil || w.Element == nil {
		return v
	}
	// Where the words moved needs no surroundings: the recorded name on
	// another element of the target's kind, found by a strategy of the
	// round or, when none reads words, by asking the page. (wordsChanged
	// below never holds for such a winner: it needs an identifier without
	// digits that names it.) Similarity's winner is asked too: it weighs
	// a numbered id as much as a lasting one.
	if byNumbersOnly(results, *w, fp) {
		if moved := wordsMoved(results, *w, fp); moved != nil {
			return refuse(v, report.Ambiguous,
				"%s is named %q, not %q as recorded, and %s found that name on %s: the words moved, and what found %s follows a number or a place",
				describe(*w), w.Element.Name, fp.AccessName, label(*moved), describe(*moved), describe(*w))
		}
		if el := nameElsewhere(ctx, env, results, *w, fp); el != nil {
			return refuse(v, report.Ambiguous,
				"%s is named %q, not %q as recorded, and that name is on %s: the words moved, and what found %s follows a number or a place",
				describe(*w), w.Element.Name, fp.AccessName, el, describe(*w))
		}
	}
	// A path of indexes that finds one element ("div.menu-item:nth-of-type(1)")
	// names a place. A winner found only by places and numbers, named
	// otherwise than recorded, is the target reworded where it stood
	// only while something says so: not where similarity, weighing
	// everything recorded, singles out another element, nor where none
	// of the names the target's counterparts bore is left on the page (a
	// menu reworded and reordered: the first item is now another).
	if byNumbersOnly(results, *w, fp) && !similarityChose(results, *w) {
		if o := similarityOther(results, *w); o != nil {
			return refuse(v, report.Ambiguous,
				"%s is named %q, not %q as recorded, and similarity, weighing everything recorded, found %s: what found %s follows a number or a place",
				describe(*w), w.Element.Name, fp.AccessName, describe(*o), describe(*w))
		}
		if len(fp.OtherNames) > 0 && !otherNamesLeft(ctx, env, fp) {
			return refuse(v, report.Ambiguous,
				"%s is named %q, not %q as recorded, and none of the names the target's counterparts bore (%s) is on the page: the group changed, and what found %s follows a number or a place",
				describe(*w), w.Element.Name, fp.AccessName, strings.Join(fp.OtherNames, ", "), describe(*w))
		}
	}
	if placedOnly(results, *w) && readsOtherwise(w.Element, fp) {
		if el := textElsewhere(ctx, env, *w, fp); el != nil {
			return refuse(v, report.Ambiguous,
				"%s reads %q, not %q as recorded, and %s reads that: the words moved, and what found %s follows a number or a place",
				describe(*w), clip(w.Element.Text), fp.Text, el, describe(*w))
		}
	}
	if el, lacks := surroundingsElsewhere(ctx, env, results, *w, fp); el != nil {
		// The element among the surroundings is taken only where the rest
		// of the chain names it (the section's own strategy, Within).
		why := fmt.Sprintf("%s is named %q as recorded but does not stand among %q, and %s does: the target moved with its surroundings, and what found %s follows a number or a place",
			describe(*w), w.Element.Name, lacks, el, describe(*w))
		v2, by := setAside(p, results, *w)
		if v2.Winner != nil && v2.Winner.Ref() == el.Ref {
			v2.Notes = append(v.Notes, why+"; "+strings.Join(by, " and ")+" set aside")
			return v2
		}
		return refuse(v, report.Ambiguous, "%s", why)
	}
	if why := groupChanged(ctx, env, results, *w, fp); why != "" {
		return refuse(v, report.Ambiguous, "%s", why)
	}
	if w.Strategy.Type == chain.Similarity || similarityChose(results, *w) {
		return v
	}
	if len(fp.Neighbours) == 0 {
		return v
	}
	if _, ok := strategies.For(chain.Similarity); !ok {
		return v
	}
	sc, err := strategies.SimilarityScore(ctx, env, w.Element)
	if err != nil {
		// Not vetted is not taken: the next round asks again.
		return refuse(v, report.LowConfidence, "could not compare %s with the recorded fingerprint and surroundings: %v", describe(*w), err)
	}
	score := sc.Value
	if identifyingMatch(results, *w) != nil {
		// The corroboration damping is for elements that read like the
		// target; one that carries the target's own id, name or test id,
		// unique on the page, is not a copy: only its resemblance counts.
		score = sc.Raw
	}
	note, changed := wordsChanged(ctx, env, results, *w)
	if changed {
		v.Notes = append(v.Notes, note)
		return v
	}
	if score >= similarity.DefaultFloor {
		return v
	}
	v2, by := setAside(p, results, *w)
	why := fmt.Sprintf("%s found by %s reads like the target but does not match its fingerprint and surroundings (similarity %.2f, under %.2f)",
		describe(*w), strings.Join(by, " and "), score, similarity.DefaultFloor)
	if v2.Winner != nil {
		return v2
	}
	if v2.Err != nil && v2.Err.Code == report.ElementNotFound {
		v2.Err = stepErr(report.LowConfidence, nil, "%s; no other strategy found anything", why)
	} else if v2.Err != nil {
		v2.Err.Msg = why + "; " + v2.Err.Msg
	}
	return v2
}

// setAside weighs results again without the strategies that found w's
// element, and lists them (by). The verdict's attempts are all of results.
func setAside(p Policy, results []strategies.Result, w strategies.Result) (v Verdict, by []string) {
	rest := make([]strategies.Result, len(results))
	copy(rest, results)
	for i := range rest {
		if rest[i].Found && sameNode(rest[i], w) {
			rest[i].Found = false
			by = append(by, label(rest[i]))
		}
	}
	v = p.Weigh(rest)
	v.Attempts = results
	return v, by
}

// similarityChose reports whether the chain's similarity strategy, which
// ranks every element of the page against the fingerprint and refuses
// look-alikes, a removed target's survivor and a best that is not clearly
// best, took w's element itself. Its judgement is the page-wide one: where
// the recorded surroundings were reworded everywhere and the page has one
// element of the target's kind, it does not hold their loss against it,
// while w's score alone (SimilarityScore) does. vet does not overrule it.
func similarityChose(results []strategies.Result, w strategies.Result) bool {
	for _, r := range results {
		if r.Strategy.Type == chain.Similarity && r.Found && sameNode(r, w) {
			return true
		}
	}
	return false
}

// similarityOther is similarity's result when it singled out another
// element than w; nil otherwise.
func similarityOther(results []strategies.Result, w strategies.Result) *strategies.Result {
	for i, r := range results {
		if r.Strategy.Type == chain.Similarity && r.Found && r.Element != nil && !sameNode(r, w) {
			return &results[i]
		}
	}
	return nil
}

// Numbered reports whether s names its element by an identifier or a path
// holding digits (an id a library numbers, "uk-accordion-7", a test id, a
// path through them, a positional CSS or XPath path): a count or an
// index, not what it is. Words with digits ("Item 3") are what they say.
// A strategy inside shadow roots is numbered where a host's is ("#del-2"
// then the button in its shadow tree).
func Numbered(s chain.Strategy) bool {
	for _, h := range s.Hosts {
		if Numbered(h) {
			return true
		}
	}
	switch s.Type {
	case chain.ID, chain.TestID, chain.Name, chain.CSS, chain.XPath:
		return strings.ContainsAny(s.Value, "0123456789")
	}
	return false
}

// itemToRun reports whether a strategy that names the target within its
// item or section is still to run in rest: a conclusive match does not
// end the chain before it, whatever found it. A component library numbers
// its items' ids (and test ids) in document order, so such an id may have
// moved on to another item's element; a control that was the only one of
// its name when recorded (the open operation's "Try it out") may now be
// another item's. The item's own strategy decides (checkItem); its query
// was asked with the others, in the round's one page call.
func itemToRun(rest []chain.Strategy) bool {
	for _, s := range rest {
		if s.Within != nil {
			return true
		}
	}
	return false
}

// wordsGone reports whether every strategy of the chain that names the
// target by its words (role, label, placeholder, text; not within an
// item, where the item's words decide) ran and found nothing on the page
// but elements of another kind: the recorded words are gone, not moved to
// another element. A chain without such a strategy tells nothing.
func wordsGone(results []strategies.Result) bool {
	named := 0
	for _, r := range results {
		if byWords(r.Strategy) {
			switch {
			case r.Found && r.KindMismatch:
				// The words on an element of another kind (an imported
				// text selector matching a paragraph): not a rival that
				// took them.
			case r.Found || !errors.Is(r.Err, strategies.ErrNotFound):
				return false
			}
			named++
		}
	}
	return named > 0
}

// byWords reports whether s names the target by its words (role and
// name, label, placeholder, text) across the page, not within an item.
func byWords(s chain.Strategy) bool {
	switch s.Type {
	case chain.Role, chain.Label, chain.Placeholder, chain.Text:
		return s.Within == nil
	}
	return false
}

// wordsMoved is the result of a strategy that names the target by its
// words (role and name, label, text, placeholder) and found another
// element of the target's kind than w, named as recorded, where w does not
// carry the recorded name and was found only by numbers and places
// (byNumbersOnly, the caller's check); nil when there is none. (A text
// that every item's control shows, a heart on each card's button named
// for its product, finds other items' controls: not the target's words.)
// The recorded words are still on the page, on another element: the
// target moved with them (a section inserted before it, a list
// reordered), and w took over its numbered id ("uk-accordion-7"), its
// index or its place.
func wordsMoved(results []strategies.Result, w strategies.Result, fp *chain.Fingerprint) *strategies.Result {
	for i, r := range results {
		if byWords(r.Strategy) && r.Found && r.Element != nil && !r.KindMismatch && !sameNode(r, w) && !namedOtherwise(r.Element, fp) {
			return &results[i]
		}
	}
	return nil
}

// byNumbersOnly reports whether w does not carry the recorded name and
// was found only by numbers and places (placedOnly).
func byNumbersOnly(results []strategies.Result, w strategies.Result, fp *chain.Fingerprint) bool {
	return namedOtherwise(w.Element, fp) && placedOnly(results, w)
}

// placedOnly reports whether every strategy of the round that found w
// found it by a number or a place (an id, a CSS or XPath path holding
// digits, an index, coordinates, similarity, an index within its item
// among another number than recorded: recounted), none by what it is (a
// label, a name attribute, a class path without digits, words within its
// item).
func placedOnly(results []strategies.Result, w strategies.Result) bool {
	for _, r := range results {
		if r.Found && sameNode(r, w) && (r.Strategy.Within != nil && !recounted(r) ||
			r.Strategy.Type != chain.Similarity && !Positional(r) && !Numbered(r.Strategy)) {
			return false
		}
	}
	return true
}

// renumbered reports whether r, the last of results, found its element by
// a number (a strategy whose value holds digits, or similarity, which
// weighs a numbered id as much as a lasting one) and the element is not
// named as recorded (or, nameless, no longer reads its recorded text:
// readsOtherwise), or another element of its kind and name stands among
// more of the recorded surroundings (surroundingsElsewhere), or it stands
// in a repeated group of another size than the target did (resized): a
// component library that numbers its items' ids in the order it sets them
// up may have given the number to another item on this load, or to the
// same-named item of another section, and an item inserted before the
// target gives its index to the next one. Such a match does not end the
// chain early: the chain is weighed, and vet asks where the recorded name and
// surroundings are.
func renumbered(ctx context.Context, env *strategies.Env, results []strategies.Result, r strategies.Result) bool {
	fp := env.Fingerprint()
	if fp == nil || r.Element == nil || !Numbered(r.Strategy) && r.Strategy.Type != chain.Similarity {
		return false
	}
	if namedOtherwise(r.Element, fp) || readsOtherwise(r.Element, fp) {
		return true
	}
	if _, ok := resized(ctx, env, r, fp); ok {
		return true
	}
	el, _ := surroundingsElsewhere(ctx, env, results, r, fp)
	return el != nil
}

// groupChanged says why w, found only by numbers and places (placedOnly)
// and not named by similarity (similarityNamed), may be another item's:
// the target stood in a repeated group (a row of a list, a card of a
// grid) of fp.Items items alike, w stands in one of another size, and the
// chain holds a similarity strategy and none that names the target within
// its item by the item's words (namesItem: checkItem decides). An item
// was inserted or removed, and the look-alike that now stands at the
// target's place, with the target's numbered id or index, is another:
// similarity, which weighs every recorded attribute and neighbour, must
// single w out by what it is, not by where it stands. "" when none of this holds, or the page cannot be
// asked (the round is decided as before).
func groupChanged(ctx context.Context, env *strategies.Env, results []strategies.Result, w strategies.Result, fp *chain.Fingerprint) string {
	if !placedOnly(results, w) || !ranSimilarity(results) || similarityNamed(results, w) || namesItem(results) {
		return ""
	}
	n, ok := resized(ctx, env, w, fp)
	if !ok {
		return ""
	}
	return fmt.Sprintf("%s was found only by numbers and places, and stands among %d items alike where the target stood among %d: an item was inserted or removed, another may stand at the recorded place, and similarity did not single it out",
		describe(w), n, fp.Items)
}

// checkReworded refuses a winner that checkItem let stand for an item gone
// with the target's own words (reworded by a copy editor: the item's
// element is still there), where only numbers and places found it
// (placedOnly) and it stands among another number of items alike than
// the target did (resized): the words changed and an item was inserted or
// removed, and what stands at the recorded place may be the new one (a
// "Discount" column inserted before the header "Amount", reworded
// "Total"). An identifier without digits still names it (lastingID).
func checkReworded(ctx context.Context, env *strategies.Env, results []strategies.Result, v Verdict) Verdict {
	if v.Winner == nil || v.Err != nil {
		return v
	}
	w := *v.Winner
	var item *chain.Strategy
	for _, r := range results {
		if r.Strategy.Within != nil && r.ScopeGone {
			item = r.Strategy.Within
		}
	}
	if item == nil || lastingID(results, w) != nil || !placedOnly(results, w) {
		return v
	}
	n, changed := resized(ctx, env, w, env.Fingerprint())
	if !changed {
		return v
	}
	return refuse(v, report.Ambiguous,
		"the item the target was recorded in (%s %q) is gone with the target's words, and %s found %s only by numbers and places, among %d items alike where the target stood among %d: an item was inserted or removed as the words changed, and another may stand at the recorded place",
		item.Type, item.Value, label(w), describe(w), n, env.Fingerprint().Items)
}

// setAsideResized sets aside the results of a round that found their
// element by its place (placed: coordinates, an index among several
// matches, a path that steps by position) where the target stood in a
// repeated group and that element stands in one of another size
// (resized): an item was inserted or removed, and the place may be
// another item's. Only where the chain's similarity ran (it weighs what
// the element is) and no strategy names the target within its item by the
// item's words (namesItem: checkItem decides). (With the chain restricted
// to places, the caller asked for places.) results is not changed; the
// results set aside are copies, not found, that say why.
func setAsideResized(ctx context.Context, env *strategies.Env, results []strategies.Result) []strategies.Result {
	fp := env.Fingerprint()
	if fp == nil || fp.Items == 0 || !ranSimilarity(results) || namesItem(results) {
		return results
	}
	out, copied := results, false
	sizes := map[pagemodel.Ref]int{}
	for i, r := range results {
		if !r.Found || r.Element == nil || r.Strategy.Type == chain.Similarity || !placed(r) {
			continue
		}
		n, seen := sizes[r.Ref()]
		if !seen {
			var changed bool
			if n, changed = resized(ctx, env, r, fp); !changed {
				n = fp.Items
			}
			sizes[r.Ref()] = n
		}
		if n == fp.Items {
			continue
		}
		if !copied {
			out, copied = slices.Clone(results), true
		}
		out[i].Found = false
		out[i].Err = fmt.Errorf("found %s by its place, and it stands among %d items alike where the target stood among %d: the place may be another item's", describe(r), n, fp.Items)
	}
	return out
}

// withoutFingerprint reports whether fp describes no element (an imported
// recording's, which holds its test ids at most): the chain's own words
// and classes are then all that say what the element is; with one, vet
// weighed the winner against it.
func withoutFingerprint(fp *chain.Fingerprint) bool { return fp == nil || fp.Tag == "" }

// setAsideOuter sets aside a similarity result whose element holds the
// element another strategy found alone of its query, verified against the
// fingerprint as the target (0.9 or more), or lies inside it, where no
// other strategy found similarity's: similarity ranks the elements the
// page model keeps, and where the target is a part it does not keep (the
// box showing a select component's value, inside the component's
// clickable wrapper), the best it names is the part's container, or, for
// a target it keeps beside its text's holder, that holder (an option's
// content): no vote against the element itself.
// results is not changed; the result set aside is a copy, not found, that
// says why.
func setAsideOuter(ctx context.Context, results []strategies.Result) []strategies.Result {
	for i, sim := range results {
		if sim.Strategy.Type != chain.Similarity || !sim.Found || sim.Element == nil {
			continue
		}
		for _, r := range results {
			if r.Strategy.Type != chain.Similarity && r.Found && sameNode(r, sim) {
				return results // another strategy found it too: a real rival
			}
		}
		for _, r := range results {
			if r.Strategy.Type == chain.Similarity || !r.Found || r.Element == nil || Positional(r) || r.KindMismatch ||
				r.Verification < 0.9 || r.Element.Ref.W != sim.Element.Ref.W {
				continue
			}
			var inside, holds bool
			if err := r.Element.Ref.W.CallJSON(ctx, "reaches", &inside, r.Element.Ref.K, sim.Element.Ref.K); err != nil {
				continue
			}
			if !inside {
				if err := r.Element.Ref.W.CallJSON(ctx, "reaches", &holds, sim.Element.Ref.K, r.Element.Ref.K); err != nil || !holds {
					continue
				}
			}
			out := slices.Clone(results)
			out[i].Found = false
			if inside {
				out[i].Err = fmt.Errorf("similarity found %s, which holds %s that %s found: it keeps no finer element", describe(sim), describe(r), label(r))
			} else {
				out[i].Err = fmt.Errorf("similarity found %s, a part of %s that %s found", describe(sim), describe(r), label(r))
			}
			return out
		}
	}
	return results
}

// setAsideRenumbered sets aside the results of a round that found,
// by a number or a place (an id or a path holding digits, an index,
// coordinates), an element not named as recorded, where every strategy
// of the round that names the target by its words (its role and name,
// label, text, placeholder, or within its item) found one element named
// as recorded, alone of its query or at its recorded index among as many
// as recorded, one of them alone, and one names it within its item (the
// words alone may be another list's: "Blue" of "Trim colour" where the
// recorded list's was removed): the target moved with its words (an
// item inserted before it), and the number or the place went to another
// element ("fg-opt-3", now the next option's id). Where one of those
// strategies found nothing, or another element, or several, nothing is
// set aside: the words do not say alone which element is the target.
// results is not changed; the results set aside are copies, not found,
// that say why.
func setAsideRenumbered(fp *chain.Fingerprint, results []strategies.Result) []strategies.Result {
	if fp == nil || collapse(fp.AccessName) == "" {
		return results
	}
	var named *strategies.Result
	alone, item := false, false
	for i, r := range results {
		if !byWords(r.Strategy) && r.Strategy.Within == nil {
			continue
		}
		// One match, or the recorded index among as many as recorded.
		held := r.MatchCount == 1 || r.Strategy.Nth > 0 && r.MatchCount == r.Strategy.Of
		if !r.Found || r.Element == nil || !held || r.KindMismatch || namedOtherwise(r.Element, fp) ||
			named != nil && !sameNode(r, *named) {
			return results
		}
		named = &results[i]
		alone = alone || r.MatchCount == 1
		item = item || r.Strategy.Within != nil
	}
	if named == nil || !alone || !item {
		return results
	}
	var out []strategies.Result
	for i, r := range results {
		if !r.Found || r.Element == nil || sameNode(r, *named) || !namedOtherwise(r.Element, fp) ||
			r.Strategy.Type == chain.Similarity || !placed(r) && !Numbered(r.Strategy) {
			continue
		}
		if out == nil {
			out = slices.Clone(results)
		}
		out[i].Found = false
		out[i].Err = fmt.Errorf("found %s by a number or a place, named %q, not %q as recorded, while %s names that way: the target moved with its words",
			describe(r), r.Element.Name, fp.AccessName, describe(*named))
	}
	if out == nil {
		return results
	}
	return out
}

// placed reports whether r found its element by where it stands:
// Positional, or a CSS or XPath path that steps by position
// (chain.Strategy.ByPosition).
func placed(r strategies.Result) bool {
	return Positional(r) || r.Strategy.ByPosition()
}

// namesItem reports whether the round evaluated a strategy that names the
// target within its item by the item's words (Strategy.Within): the item
// says which it is, and checkItem decides by it, not the group's size.
func namesItem(results []strategies.Result) bool {
	return slices.ContainsFunc(results, func(r strategies.Result) bool { return r.Strategy.Within != nil })
}

// ranSimilarity reports whether the round evaluated a similarity strategy.
func ranSimilarity(results []strategies.Result) bool {
	return slices.ContainsFunc(results, func(r strategies.Result) bool { return r.Strategy.Type == chain.Similarity })
}

// similarityNamed reports whether the round's similarity strategy found
// w's element by what it is: not apart from its runner-up by its place
// alone (strategies.Result.ByPlace).
func similarityNamed(results []strategies.Result, w strategies.Result) bool {
	return slices.ContainsFunc(results, func(r strategies.Result) bool {
		return r.Strategy.Type == chain.Similarity && r.Found && !r.ByPlace && sameNode(r, w)
	})
}

// resized reports whether the target stood in a repeated group (of
// fp.Items items) and w's element stands in one of another size, of items
// of the same kind (fp.ItemKind, where the flow says), or in none (n, the
// size now); false too when the page cannot be asked.
func resized(ctx context.Context, env *strategies.Env, w strategies.Result, fp *chain.Fingerprint) (n int, ok bool) {
	if fp == nil || fp.Items == 0 || w.Element == nil || env.Model == nil {
		return 0, false
	}
	n, kind, err := env.Model.Items(ctx, w.Ref())
	if err != nil || n > 0 && fp.ItemKind != "" && kind != fp.ItemKind {
		return n, false // another group: its count says nothing of the target's
	}
	return n, n != fp.Items
}

// surroundings are the recorded texts around the target that are not its
// own words (its neighbours: its label, its fieldset's legend, the
// heading before it, its row; and its region), spacing and case aside:
// what tells it from elements named like it.
func surroundings(fp *chain.Fingerprint) []string {
	var out []string
	for _, n := range append(slices.Clip(fp.Neighbours), fp.Region) {
		n = collapse(n)
		if n != "" && !strings.EqualFold(n, collapse(fp.AccessName)) && !strings.EqualFold(n, collapse(fp.Text)) && !holdsFold(out, n) {
			out = append(out, n)
		}
	}
	return out
}

// holdsFold reports whether list holds s, case aside.
func holdsFold(list []string, s string) bool {
	return slices.ContainsFunc(list, func(e string) bool { return strings.EqualFold(e, s) })
}

// standsAmong is, for each of terms (surroundings), whether el has it
// among its neighbours or as its region.
func standsAmong(el *pagemodel.Element, terms []string) []bool {
	has := make([]bool, len(terms))
	for i, t := range terms {
		has[i] = strings.EqualFold(collapse(el.Region), t) ||
			slices.ContainsFunc(el.Neighbours, func(n string) bool { return strings.EqualFold(collapse(n), t) })
	}
	return has
}

// surroundingsElsewhere is, for a w named as recorded and found only by
// numbers and places (placedOnly), another visible element of the
// target's kind and name that stands among more of the recorded
// surroundings than w (all those w stands among, and more), with the
// surroundings w lacks; nil when there is none. The target moved with
// them (its section swapped with another one, a row moved up, a copy of
// its section inserted before it), and w, a look-alike of another section
// or row, took over its numbered id, its index among the look-alikes or
// its place. Where the recorded surroundings are on no look-alike (a copy
// editor reworded them), nothing tells, and w stands.
func surroundingsElsewhere(ctx context.Context, env *strategies.Env, results []strategies.Result, w strategies.Result, fp *chain.Fingerprint) (*pagemodel.Element, []string) {
	terms := surroundings(fp)
	if len(terms) == 0 || fp.Role == "" || collapse(fp.AccessName) == "" || namedOtherwise(w.Element, fp) || !placedOnly(results, w) {
		return nil, nil
	}
	mine := standsAmong(w.Element, terms)
	if !slices.Contains(mine, false) {
		return nil, nil
	}
	for _, el := range lookAlikes(ctx, env, w, fp) {
		if !el.Visible {
			continue
		}
		theirs := standsAmong(el, terms)
		more, fewer := false, false
		for i := range terms {
			more = more || theirs[i] && !mine[i]
			fewer = fewer || mine[i] && !theirs[i]
		}
		if more && !fewer {
			var lacks []string
			for i, t := range terms {
				if theirs[i] && !mine[i] {
					lacks = append(lacks, t)
				}
			}
			return el, lacks
		}
	}
	return nil, nil
}

// namedOtherwise reports whether el's accessible name is not the one
// recorded (spacing and case aside), where a name was recorded.
func namedOtherwise(el *pagemodel.Element, fp *chain.Fingerprint) bool {
	return fp != nil && el != nil && collapse(fp.AccessName) != "" &&
		!strings.EqualFold(collapse(el.Name), collapse(fp.AccessName))
}

// readsOtherwise reports whether el, for a target recorded with a text
// and no accessible name (a custom widget's box showing its value, a
// card), no longer reads that text (spacing and case aside).
func readsOtherwise(el *pagemodel.Element, fp *chain.Fingerprint) bool {
	return fp != nil && el != nil && collapse(fp.AccessName) == "" && collapse(fp.Text) != "" &&
		!strings.EqualFold(collapse(el.Text), collapse(fp.Text))
}

// textElsewhere is another element of the target's tag than w, shown,
// neither holding w nor inside it, that reads the recorded text, as the page
// model finds it (a text query); nil when there is none or the page
// cannot be asked. Where w was found only by numbers and places and no
// longer reads the text (readsOtherwise), the target moved with its
// words: a form's fields reordered, the next field's box now at the
// recorded place.
func textElsewhere(ctx context.Context, env *strategies.Env, w strategies.Result, fp *chain.Fingerprint) *pagemodel.Element {
	a, err := env.Answer(ctx, chain.Strategy{Type: chain.Text, Value: fp.Text, Tag: fp.Tag})
	if err != nil {
		return nil
	}
	for _, el := range a.Els {
		if el != nil && el.Visible && el.Ref != w.Ref() && strings.EqualFold(el.Tag, fp.Tag) && !el.Holds(w.Element) && !w.Element.Holds(el) {
			return el
		}
	}
	return nil
}

// nameElsewhere is, for a w found only by numbers and places and not
// named as recorded (byNumbersOnly, the caller's check), when no strategy
// of the round named the target by its words (none recorded, or
// --strategies left them out), another element of the target's kind that carries the recorded role and
// name, as the page model finds it: what wordsMoved would have found. Nil
// when there is none, or when the page cannot be asked.
func nameElsewhere(ctx context.Context, env *strategies.Env, results []strategies.Result, w strategies.Result, fp *chain.Fingerprint) *pagemodel.Element {
	if fp.Role == "" {
		return nil
	}
	for _, r := range results {
		if byWords(r.Strategy) {
			return nil // wordsMoved read the page's words
		}
	}
	if els := lookAlikes(ctx, env, w, fp); len(els) > 0 {
		return els[0]
	}
	return nil
}

// otherNamesLeft reports whether an element of the target's role and tag
// bears one of the names its counterparts bore when recorded
// (Fingerprint.OtherNames); true when the page cannot be asked.
func otherNamesLeft(ctx context.Context, env *strategies.Env, fp *chain.Fingerprint) bool {
	if fp.Role == "" {
		return true
	}
	for _, n := range fp.OtherNames {
		els, err := namedOfKind(ctx, env, fp, n)
		if err != nil || len(els) > 0 {
			return true
		}
	}
	return false
}

// namedOfKind are the elements of the recorded role and tag named name, as
// the page model finds them (hidden ones included).
func namedOfKind(ctx context.Context, env *strategies.Env, fp *chain.Fingerprint, name string) ([]*pagemodel.Element, error) {
	a, err := env.Answer(ctx, chain.Strategy{Type: chain.Role, Value: fp.Role + "|" + name})
	if err != nil {
		return nil, err
	}
	var out []*pagemodel.Element
	for _, el := range a.Els {
		if strings.EqualFold(el.Tag, fp.Tag) {
			out = append(out, el)
		}
	}
	return out, nil
}

// lookAlikes are the elements other than w that carry the recorded role
// and name and the recorded tag, as the page model finds them (hidden ones
// included); none when the page cannot be asked.
func lookAlikes(ctx context.Context, env *strategies.Env, w strategies.Result, fp *chain.Fingerprint) []*pagemodel.Element {
	els, err := namedOfKind(ctx, env, fp, fp.AccessName)
	if err != nil {
		return nil
	}
	return slices.DeleteFunc(els, func(el *pagemodel.Element) bool { return el.Ref == w.Ref() })
}

// identifyingMatch is the result of a strategy that names w's element by
// an identifying attribute (id, name, test id, or a CSS selector made of
// such attributes and a link's destination alone, cssByAttribute) and
// found it as its only match, recorded without an index (its value was
// unique at record time too); nil when there is none. A decoy copies texts
// and roles; had it copied the attribute, the strategy would have found
// two elements.
func identifyingMatch(results []strategies.Result, w strategies.Result) *strategies.Result {
	for i, r := range results {
		switch r.Strategy.Type {
		case chain.ID, chain.Name, chain.TestID:
		case chain.CSS:
			if r.Strategy.Within != nil || !cssByAttribute(r.Strategy.Value) {
				continue
			}
		default:
			continue
		}
		if r.Found && r.MatchCount == 1 && r.Strategy.Nth == 0 && !r.KindMismatch && sameNode(r, w) {
			return &results[i]
		}
	}
	return nil
}

// words are the attributes that hold what an element says: its texts and
// names, and those of its surroundings.
var words = []similarity.Attr{similarity.AccessName, similarity.Text, similarity.Label, similarity.Placeholder,
	similarity.AriaLabel, similarity.Alt, similarity.Title, similarity.Neighbours, similarity.Region}

// wordsChanged reports whether w, the winner vet checks, is the target
// whose words a copy editor changed: a reworded
// control keeps what identifies it (its id, its name, where it leads) and
// its kind and place, and loses its text, its box's width and, as the
// texts around it were reworded too, its neighbours. It holds when:
//   - an identifier without digits names it (lastingID);
//   - every strategy of the chain that names the target by its words
//     (role, label, placeholder, text) ran and found nothing on the page
//     but elements of another kind: the recorded words are gone, not
//     moved to another element (where a row's words moved, the row moved,
//     and the attribute followed its index);
//   - w's own words are none of the recorded neighbours' (a neighbour
//     that took the target's place);
//   - with the words set aside, w resembles the fingerprint at the
//     similarity floor.
//
// The note it returns says what changed, for the report.
func wordsChanged(ctx context.Context, env *strategies.Env, results []strategies.Result, w strategies.Result) (string, bool) {
	fp := env.Fingerprint()
	id := lastingID(results, w)
	if id == nil {
		return "", false
	}
	if !wordsGone(results) {
		return "", false
	}
	now := collapse(w.Element.Name)
	if now == "" {
		now = collapse(w.Element.Text)
	}
	for _, n := range fp.Neighbours {
		if now != "" && strings.EqualFold(collapse(n), now) {
			return "", false
		}
	}
	sc, err := strategies.SimilarityScore(ctx, env, w.Element, words...)
	if err != nil || sc.Raw < similarity.DefaultFloor {
		return "", false
	}
	was := fp.AccessName
	if was == "" {
		was = fp.Text
	}
	return fmt.Sprintf("its words changed: recorded %q, now %q; taken for its %s %q, its kind and its place (resemblance %.2f without the words)",
		clip(collapse(was)), clip(now), id.Strategy.Type, id.Strategy.Value, sc.Raw), true
}

// identifyingAttrs are the attributes a CSS selector may name an element
// by and identify it: its id, its form name, where a link leads or what a
// label is for, and the test id attributes.
var identifyingAttrs = append([]string{"id", "name", "href", "for"}, testid.Default...)

// cssByAttribute reports whether sel names one element by identifying
// attributes alone: an optional tag, then one or more #id or [attr="value"]
// of identifyingAttrs, an exact match each; no class, no position, no
// combinator (a[href="#/active"], input[name="email"], #save).
func cssByAttribute(sel string) bool {
	s := strings.TrimSpace(sel)
	i := 0
	for i < len(s) && (isIdent(s[i]) && (i > 0 || !isDigitOrDash(s[i]))) {
		i++
	}
	parts := 0
	for i < len(s) {
		switch s[i] {
		case '#':
			j := i + 1
			for j < len(s) && isIdent(s[j]) {
				j++
			}
			if j == i+1 || isDigitOrDash(s[i+1]) {
				return false
			}
			i = j
		case '[':
			j := i + 1
			for j < len(s) && (isIdent(s[j])) {
				j++
			}
			attr := s[i+1 : j]
			if j >= len(s) || s[j] != '=' || !slices.Contains(identifyingAttrs, attr) {
				return false
			}
			j++
			if j < len(s) && (s[j] == '"' || s[j] == '\'') {
				q := s[j]
				k := strings.IndexByte(s[j+1:], q)
				if k < 0 || strings.IndexByte(s[j+1:j+1+k], '\\') >= 0 {
					return false
				}
				j += k + 2
			} else {
				for j < len(s) && isIdent(s[j]) {
					j++
				}
			}
			if j >= len(s) || s[j] != ']' {
				return false
			}
			i = j + 1
		default:
			return false
		}
		parts++
	}
	return parts > 0
}

func isIdent(c byte) bool {
	return c == '-' || c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func isDigitOrDash(c byte) bool { return c == '-' || c >= '0' && c <= '9' }

// contradicted reports whether a strong strategy among results found a
// different element than w, a conclusive one: then the chain is weighed
// whole instead of stopping at w.
func contradicted(p Policy, results []strategies.Result, w strategies.Result) bool {
	p = p.withDefaults()
	for _, r := range results {
		if r.Found && r.Confidence >= p.Strong && !sameNode(r, w) {
			return true
		}
	}
	return false
}

func sameNode(a, b strategies.Result) bool {
	return a.Element != nil && b.Element != nil && a.Ref() == b.Ref()
}

func errSuffix(err error) string {
	if err == nil {
		return ""
	}
	return " err=" + err.Error()
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
