package decision

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/pagemodel"
	"github.com/qa-chain/chainreplay/report"
	"github.com/qa-chain/chainreplay/similarity"
	"github.com/qa-chain/chainreplay/strategies"
)

// checkPlaceOnly refuses a winner that no strategy identified (it was found
// only by coordinates or as one of several matches) when the rest
// of the evidence says it may be another element standing where the target
// stood:
//   - it carries a test id that differs from the one recorded: it is
//     another element, whatever its place;
//   - similarity healing, which weighs every recorded attribute, ran and
//     could not single it out (a near tie, or nothing similar enough), or
//     singled out another element.
//
// A removed target whose neighbour slid into its place is the case this
// guards: role "button|Add to cart" #15 and the recorded point both land on
// the next card's button. Without similarity in the chain (--strategies
// restricted to positional types) the caller asked for place alone and
// only the test id check applies.
//
// A winner that only similarity healing (with or without place) vouches
// for gets the test id check too when the target was one of a repeated
// group at record time (a strategy of its chain carries an index): members
// of a list share everything but their own identifiers, so the next card's
// button, which slid into the removed card's place and reads the same, is
// another member when it carries another test id. A lone element whose
// test id was renamed in a redesign is still healed.
func checkPlaceOnly(fp *chain.Fingerprint, results []strategies.Result, v Verdict) Verdict {
	if v.Winner == nil {
		return v
	}
	w := *v.Winner
	if !v.ByPlaceOnly {
		if identified(results, w) || !repeated(results) {
			return v
		}
		if attr, rec, got, ok := testIDConflict(fp, w.Element); ok {
			return refuse(v, report.LowConfidence,
				"%s found %s by resemblance alone, and it is another element: its %s is %q, the recorded one %q",
				label(w), describe(w), attr, got, rec)
		}
		return v
	}
	if attr, rec, got, ok := testIDConflict(fp, w.Element); ok {
		return refuse(v, report.LowConfidence,
			"%s found %s only by its place, and it is another element: its %s is %q, the recorded one %q",
			label(w), describe(w), attr, got, rec)
	}
	for _, r := range results {
		if r.Strategy.Type != chain.Similarity {
			continue
		}
		if r.Found {
			if o := similarityOther(results, w); o != nil {
				return refuse(v, report.Ambiguous,
					"%s found %s only by its place, and similarity, weighing everything recorded, found %s",
					label(w), describe(w), describe(*o))
			}
			continue
		}
		code := report.LowConfidence
		if strategies.IsAmbiguous(r.Err) {
			code = report.Ambiguous
		}
		return refuse(v, code,
			"%s found %s only by its place (no strategy identified it) and similarity could not confirm it: %s",
			label(w), describe(w), errText(r.Err))
	}
	return v
}

// checkFamily refuses a winner that carries the target's test id
// attribute with another value of the same numbered family ("invite-p45"
// where "invite-p08" was recorded: the same words, other numbers) while
// the recorded value names nothing on the page (its test id strategy found
// nothing). Whatever found the winner, a row's text (another person of the
// same name, on the page where the recorded one no longer is), a place or
// a resemblance, its own identifier says it is another member of the list
// the target belonged to. A list that numbers its test ids by place and
// lost an item before the target gives its target another number: refused
// too, a safe failure. Test ids of another family (a redesign's new scheme)
// and values made at random (no shared words) are no evidence either way,
// nor is another number on an element among every text the target stood
// among (the same record, numbered anew where the data was seeded again).
func checkFamily(fp *chain.Fingerprint, results []strategies.Result, v Verdict) Verdict {
	if v.Winner == nil || v.Winner.Element == nil {
		return v
	}
	w := *v.Winner
	attr, rec, got, ok := testIDConflict(fp, w.Element)
	if !ok || !strings.ContainsAny(rec, "0123456789") || family(rec) != family(got) || amongRecorded(fp, w.Element) {
		return v
	}
	for _, r := range results {
		if r.Strategy.Type == chain.TestID && strings.TrimSpace(r.Strategy.Value) == strings.TrimSpace(rec) && !r.Found && errors.Is(r.Err, strategies.ErrNotFound) {
			return refuse(v, report.ElementNotFound,
				"%s found %s, but its %s is %q and the recorded %q names nothing on the page: it is another member of the target's list",
				label(w), describe(w), attr, got, rec)
		}
	}
	return v
}

// amongRecorded reports whether el stands among the texts the target stood
// among when recorded (its row's words, its label: every recorded
// neighbour is one of el's): the same record under another number, as a
// database seeded anew numbers it.
func amongRecorded(fp *chain.Fingerprint, el *pagemodel.Element) bool {
	if len(fp.Neighbours) == 0 {
		return false
	}
	for _, n := range fp.Neighbours {
		if !slices.ContainsFunc(el.Neighbours, func(m string) bool { return strings.EqualFold(collapse(m), collapse(n)) }) {
			return false
		}
	}
	return true
}

// family is a test id with its runs of digits taken out: the words its
// list's members share ("invite-p08" and "invite-p45" give "invite-p#").
func family(id string) string { return digitless(strings.TrimSpace(id)) }

var digitRuns = regexp.MustCompile(`[0-9]+`)

// checkWordsGone (for a target recorded without a fingerprint) refuses a
// winner found only by numbers and places
// (placedOnly: an index, a path holding digits such as "#menu >
// div:nth-of-type(2)"; not coordinates, the chain's last resort, which
// verify the element at the point) that similarity did not take, where a
// strategy naming the target by its words (its text, role and name,
// label, placeholder) found nothing and the winner does not read them:
// the words are gone from the page, and what stands at the target's place
// is another element. An imported Chrome recording, which has no
// fingerprint for similarity, names a menu item by its path and by
// "text/Invite user"; with the item removed, the path leads to the next
// one.
func checkWordsGone(results []strategies.Result, v Verdict) Verdict {
	if v.Winner == nil || v.Winner.Element == nil {
		return v
	}
	w := *v.Winner
	if similarityChose(results, w) || !placedOnly(results, w) {
		return v
	}
	for _, r := range results {
		if r.Found && sameNode(r, w) && r.Strategy.Type == chain.Coordinates {
			// The last resort, its element verified at the point as of
			// the recorded kind: everything but the place may have changed.
			return v
		}
	}
	for _, r := range results {
		if r.Strategy.Type != chain.CSS || r.Found || !errors.Is(r.Err, strategies.ErrNotFound) || len(r.Strategy.Hosts) > 0 {
			continue
		}
		// A CSS selector's last step names classes the element it meant
		// had ("tr:nth-of-type(2) button.ed"): one that has none of them
		// is another element ("button.rm", the Edit button removed).
		if cls := lastClasses(r.Strategy.Value); len(cls) > 0 && !slices.ContainsFunc(cls, func(c string) bool {
			return slices.Contains(strings.Fields(w.Element.Class), c)
		}) {
			return refuse(v, report.ElementNotFound, "%s found %s only by its place, and it has none of the classes %s names (%s), which it finds nowhere on the page",
				label(w), describe(w), label(r), strings.Join(cls, ", "))
		}
	}
	for _, r := range results {
		if !byWords(r.Strategy) || r.Found || !errors.Is(r.Err, strategies.ErrNotFound) {
			continue
		}
		words := r.Strategy.Value
		if r.Strategy.Type == chain.Role {
			_, words, _ = strings.Cut(words, "|")
		}
		// Counts change ("Cart (3)", now "Cart (0)"): the words are
		// compared without a count in brackets; other numbers are words
		// ("Invoice 303" is not "Invoice 304").
		bare := func(t string) string { return collapse(counts.ReplaceAllString(strings.ToLower(t), " ")) }
		if words = bare(words); words == "" || strings.Contains(bare(w.Element.Name), words) || strings.Contains(bare(w.Element.Text), words) {
			continue
		}
		return refuse(v, report.ElementNotFound, "%s found %s only by its place, and it does not read %q, which %s finds nowhere on the page",
			label(w), describe(w), collapse(r.Strategy.Value), label(r))
	}
	return v
}

// counts are the counts in brackets checkWordsGone leaves out of the
// words it compares ("(3)", "[12]").
var counts = regexp.MustCompile(`[(\[]\s*[0-9][0-9,.]*\s*[)\]]`)

// lastClasses are the classes a CSS selector's last compound names
// ("ed" of "tr:nth-of-type(2) button.ed"); none where the selector has a
// list (a comma) or a class inside a pseudo-class's parentheses.
func lastClasses(sel string) []string {
	if strings.ContainsAny(sel, ",") {
		return nil
	}
	last := sel
	if i := strings.LastIndexAny(sel, " >+~"); i >= 0 {
		last = sel[i+1:]
	}
	if strings.ContainsAny(last, "()[\\") {
		return nil
	}
	var out []string
	for _, part := range strings.Split(last, ".")[1:] {
		if j := strings.IndexAny(part, ":#"); j >= 0 {
			part = part[:j]
		}
		if part != "" {
			out = append(out, part)
		}
	}
	return out
}

// checkItem holds a winner to the item the step was recorded in, where a
// strategy names the target inside one by the item's own text
// (Strategy.Within: a row, a card, a section under its heading). The
// chain's other strategies name one member of a group by what members
// share (a role and name with an index, a place, a CSS path) or by an
// identifier that may number the members ("pay-2", an id a component
// library numbers in document order): once a member is removed, inserted
// or moved, the next one takes its index, its place and, where ids are
// numbered, its id.
//   - The item is gone (strategies.Result.ScopeGone): the winner is
//     another item's, refused, unless an identifier without digits names
//     it (lastingID), or the target's own words are gone from the page too
//     (wordsGone): then the item's element is still there and a copy
//     editor reworded its text or its section's heading with the rest.
//     This holds for a control that was alone of its name when recorded
//     (the open operation's "Try it out"): the one left on the page may be
//     another item's, opened where the recorded item was removed. (Where
//     the target's role and name were not unique, the look-alikes of a
//     removed item's control keep those words on the page.) An item whose
//     text alone was reworded is refused too: a safe failure.
//   - The item is there but holds nothing named as the target
//     (strategies.Result.Items), and the winner lies outside it (outside:
//     by paths through shadow roots): the
//     target was removed from its item, or moved out of it, and the winner
//     is another item's; refused unless a lastingID names it. (A winner
//     inside the item is its element reworded.)
//   - The item's text names several items now (a namesake row inserted
//     beside it: strategies.Result.Namesakes), and the winner stands in
//     none of them: refused as AMBIGUOUS unless a lastingID names it.
//   - The item's text names several items of one list now, and the
//     winner stands in one of them, found only by numbers and places
//     (placedOnly: an index, a path, a numbered id, with what similarity
//     makes of them), not by anything the item was named by: refused as
//     AMBIGUOUS unless a lastingID names it. Namesakes in
//     different lists (a look-alike list elsewhere on the page) are left
//     to the strategies that tell the lists apart.
//   - The item is there and holds one element named as the target (or
//     several, of which the strategy's recorded place among as many as
//     when recorded names one, placeInItem, while only numbers and places
//     found the winner), and the winner is another element: the
//     strategies that found the winner are set aside and the rest weighed
//     again, which must give the item's element. Where an identifier without digits names the winner
//     (lastingID), two identities contradict each other and the step is
//     refused as AMBIGUOUS.
func checkItem(p Policy, results []strategies.Result, v Verdict) Verdict {
	if v.Winner == nil {
		return v
	}
	w := *v.Winner
	for _, r := range results {
		if r.Strategy.Within == nil {
			continue
		}
		if r.ScopeGone {
			if lastingID(results, w) != nil || wordsGone(results) {
				return v
			}
			return refuse(v, report.ElementNotFound,
				"the item the target was recorded in (%s %q%s) is no longer on the page; %s found %s, which is another item's",
				r.Strategy.Within.Type, r.Strategy.Within.Value, r.Strategy.Within.BesideNote(), label(w), describe(w))
		}
		if !r.Found && outside(w, r.Items) && lastingID(results, w) == nil {
			return refuse(v, report.ElementNotFound,
				"the item the target was recorded in (%s %q) is on the page but no longer holds it; %s found %s, which is outside it",
				r.Strategy.Within.Type, r.Strategy.Within.Value, label(w), describe(w))
		}
		// The item is several now, and the winner stands in none of
		// them: it is no item the target was named in.
		if len(r.Namesakes) > 0 && outside(w, r.Namesakes) && lastingID(results, w) == nil {
			return refuse(v, report.Ambiguous,
				"the item the target was recorded in (%s %q%s) is %d items now; %s found %s, which stands in none of them",
				r.Strategy.Within.Type, r.Strategy.Within.Value, r.Strategy.Within.BesideNote(), len(r.Namesakes), label(w), describe(w))
		}
		if in := holder(r.Namesakes, w); in != nil && oneList(in, r.Namesakes) && placedOnly(results, w) && lastingID(results, w) == nil {
			return refuse(v, report.Ambiguous,
				"the item the target was recorded in (%s %q) is %d items of one list now; %s found %s in one of them, but nothing the item was named by tells them apart",
				r.Strategy.Within.Type, r.Strategy.Within.Value, len(r.Namesakes), label(w), describe(w))
		}
		// The item holds another number of elements named as the target
		// than when recorded, and nothing but places and numbers found the
		// winner (the recorded index in the item among them): which of
		// them the target is, nothing says.
		if recounted(r) && placedOnly(results, w) && lastingID(results, w) == nil {
			return refuse(v, report.Ambiguous,
				"the item the target was recorded in (%s %q%s) holds %d of the elements named as the target (%s), where it held %d when recorded; %s found %s only by numbers and places, and the recorded place in the item may be another element's now",
				r.Strategy.Within.Type, r.Strategy.Within.Value, r.Strategy.Within.BesideNote(), r.MatchCount, r.Strategy.Value, r.Strategy.Of, label(w), describe(w))
		}
		if !r.Found || r.Element == nil || r.KindMismatch || sameNode(r, w) {
			continue
		}
		if r.MatchCount != 1 && !(placeInItem(r) && placedOnly(results, w)) {
			continue
		}
		if id := lastingID(results, w); id != nil {
			return refuse(v, report.Ambiguous,
				"%s found %s, but the item the target was recorded in (%s %q) holds %s, found by %s",
				label(*id), describe(w), r.Strategy.Within.Type, r.Strategy.Within.Value, describe(r), label(r))
		}
		v2, by := setAside(p, results, w)
		v2.Rounds = v.Rounds
		if v2.Winner == nil || !sameNode(*v2.Winner, r) {
			return refuse(v, report.Ambiguous,
				"%s found %s, but the item the target was recorded in (%s %q) holds %s, found by %s, and nothing else confirms it",
				strings.Join(by, " and "), describe(w), r.Strategy.Within.Type, r.Strategy.Within.Value, describe(r), label(r))
		}
		v2.Notes = append(v.Notes, fmt.Sprintf("%s found %s, not the element the item the target was recorded in (%s %q) holds: set aside",
			strings.Join(by, " and "), describe(w), r.Strategy.Within.Type, r.Strategy.Within.Value))
		return v2
	}
	return v
}

// placeInItem reports whether r, a strategy that names its element
// inside an item, found it by its recorded place among the item's
// matches, as many as when recorded ("the second label of the row that
// reads 2024"), and the element there still fits the fingerprint
// (NthHeld): a place inside the item, which moving the items about does
// not change.
func placeInItem(r strategies.Result) bool {
	return r.Strategy.Within != nil && r.Strategy.Nth > 0 && r.Strategy.Of > 1 && r.MatchCount == r.Strategy.Of && r.NthHeld
}

// recounted reports whether r, a strategy that names the target inside
// its item by its recorded place among the item's elements named as the
// target (Strategy.Nth of Strategy.Of: the second Copy of the row that
// reads Grace Hopper), found the item holding another number of them: an
// element named so was put into the item or taken out of it, and the
// recorded place may be another's now (the address's Copy, inserted
// before the phone's).
func recounted(r strategies.Result) bool {
	s := r.Strategy
	return s.Within != nil && s.Nth > 0 && s.Of > 0 && r.MatchCount > 0 && r.MatchCount != s.Of && !r.ByHosts && !r.ScopeGone && len(r.Namesakes) == 0
}

// checkOther refuses a winner that bears the name one of the target's
// counterparts bore when it was recorded (similarity.NamedAsOther): the
// operation above a removed one, the next row's button. Whatever found
// it (a path, an index, a numbered test id, coordinates, similarity: it
// runs on a conclusive match as on a weighed winner), it is that other
// element, still named as it was, or the target in another state (a
// toggle that now reads as the other rows' did: acting on it would do
// otherwise than recorded); unless an identifier without digits names
// it (lastingID).
func checkOther(fp *chain.Fingerprint, results []strategies.Result, v Verdict) Verdict {
	if v.Winner == nil || v.Winner.Element == nil || fp == nil {
		return v
	}
	w := *v.Winner
	if !similarity.NamedAsOther(fp, w.Element.Name, w.Element.Text) || lastingID(results, w) != nil {
		return v
	}
	name, own, named := w.Element.Name, fp.AccessName, "named"
	if fp.Role == "" && fp.AccessName == "" {
		name, own, named = clip(w.Element.Text), fp.Text, "reading"
	}
	return refuse(v, report.ElementNotFound,
		"%s found %s, %s %q as another element of the target's group was when recorded, not %q: it is that element, or the target in another state",
		label(w), describe(w), named, name, own)
}

// checkDescribed refuses a winner that reads as the target read but
// describes itself otherwise: its title or aria-label, recorded as words
// around the target's text ("Saturday, March 15, 2025" for a calendar's
// "15", "Edit invoice 12" for a row's "Edit"), now holds that text among
// other words ("Tuesday, April 15, 2025"). The text is shared (the 15th of
// every month, every row's Edit); the description said which one it was.
// A winner a lasting id found (a test id, an id without digits) is kept,
// and so is one whose description differs only in its numbers ("3
// unread" become "5 unread": a count the label carries).
func checkDescribed(fp *chain.Fingerprint, results []strategies.Result, v Verdict) Verdict {
	if v.Winner == nil || v.Winner.Element == nil || fp == nil {
		return v
	}
	w := *v.Winner
	el := w.Element
	text := collapse(fp.Text)
	if text == "" || !strings.EqualFold(text, collapse(el.Text)) {
		return v
	}
	for _, d := range []struct{ attr, want, have string }{{"title", fp.Title, el.Title}, {"aria-label", fp.AriaLabel, el.AriaLabel}} {
		want, have := collapse(d.want), collapse(d.have)
		if want == "" || have == "" || strings.EqualFold(digitless(want), digitless(have)) || strings.EqualFold(want, text) ||
			!holdsWord(want, text) || !holdsWord(have, text) {
			continue
		}
		if lastingID(results, w) != nil {
			return v
		}
		return refuse(v, report.ElementNotFound,
			"%s found %s, which reads %q as the target did but describes itself as %q (its %s), recorded %q: another element of the same words",
			label(w), describe(w), clip(el.Text), have, d.attr, want)
	}
	return v
}

// digitless is s with each run of digits made one "#".
func digitless(s string) string { return digitRuns.ReplaceAllString(s, "#") }

// holdsWord reports whether s holds t as whole words, case aside: "15" in
// "March 15, 2025", not in "2015".
func holdsWord(s, t string) bool {
	s, t = strings.ToLower(s), strings.ToLower(t)
	for i := 0; ; {
		j := strings.Index(s[i:], t)
		if j < 0 {
			return false
		}
		a, b := i+j, i+j+len(t)
		before, _ := utf8.DecodeLastRuneInString(s[:a])
		after, _ := utf8.DecodeRuneInString(s[b:])
		if (a == 0 || !wordRune(before)) && (b == len(s) || !wordRune(after)) {
			return true
		}
		i = a + 1
	}
}

// wordRune reports whether r is part of a word: a letter or a digit.
func wordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// outside reports whether w's element lies outside every one of items,
// told by their paths in their documents, through shadow roots
// (pagemodel.Element.Holds): an element in another frame than an item is
// outside it. A path not known is not outside (as with no items). A
// wrapper the item's text now sits in alone (a heading wrapped in an
// element of the item's tag) is taken for the item, and a winner beside
// it is outside: refused, a safe failure.
func outside(w strategies.Result, items []*pagemodel.Element) bool {
	if w.Element == nil || w.Element.Path() == "" || len(items) == 0 {
		return false
	}
	for _, it := range items {
		if it.Path() == "" || it.Holds(w.Element) {
			return false
		}
	}
	return true
}

// holder is the one of items that holds w's element, nil when none does
// (or a path is not known).
func holder(items []*pagemodel.Element, w strategies.Result) *pagemodel.Element {
	if w.Element == nil {
		return nil
	}
	for _, it := range items {
		if it != nil && it.Holds(w.Element) {
			return it
		}
	}
	return nil
}

// oneList reports whether another of items is an item of its list:
// both paths alike but for the index of one step, the item's own or its
// parent's (a list's rows, each row's cells in a wrapper of its own).
// Items told apart higher up stand in different lists (a look-alike
// section elsewhere).
func oneList(it *pagemodel.Element, items []*pagemodel.Element) bool {
	a := strings.Split(it.Path(), "/")
	if len(a) < 3 {
		return false
	}
	for _, o := range items {
		if o == nil || o == it || !slices.Equal(o.FramePath, it.FramePath) {
			continue
		}
		b := strings.Split(o.Path(), "/")
		if len(b) != len(a) {
			continue
		}
		diff := -1
		for i := range a {
			if a[i] != b[i] {
				if diff >= 0 {
					diff = -2
					break
				}
				diff = i
			}
		}
		if diff >= len(a)-2 && stepName(a[diff]) == stepName(b[diff]) {
			return true
		}
	}
	return false
}

// stepName is a path step without its index ("div[7]" gives "div").
func stepName(step string) string {
	if i := strings.IndexByte(step, '['); i >= 0 {
		return step[:i]
	}
	return step
}

// lastingID is identifyingMatch when the identifier holds no digit: it
// names its element by what it is, not by a count or an index ("row-2"
// passes to the next item when one is removed); nil otherwise.
func lastingID(results []strategies.Result, w strategies.Result) *strategies.Result {
	id := identifyingMatch(results, w)
	if id == nil || Numbered(id.Strategy) {
		return nil
	}
	return id
}

// identified reports whether a strategy other than similarity found w's
// element by itself (uniquely, not by place or index).
func identified(results []strategies.Result, w strategies.Result) bool {
	for _, r := range results {
		if r.Found && r.Strategy.Type != chain.Similarity && !Positional(r) && sameNode(r, w) {
			return true
		}
	}
	return false
}

// repeated reports whether the target was one of several alike at record
// time: a strategy of its chain was recorded with an index.
func repeated(results []strategies.Result) bool {
	for _, r := range results {
		if r.Strategy.Nth > 0 {
			return true
		}
	}
	return false
}

// testIDConflict reports a test id attribute that the element and the
// fingerprint both have, with different values.
func testIDConflict(fp *chain.Fingerprint, el *pagemodel.Element) (attr, recorded, got string, ok bool) {
	if fp == nil || el == nil {
		return "", "", "", false
	}
	for a, want := range fp.TestIDs {
		if have, present := el.TestIDs[a]; present && strings.TrimSpace(have) != strings.TrimSpace(want) {
			return a, want, have, true
		}
	}
	return "", "", "", false
}

func refuse(v Verdict, code report.Code, format string, args ...any) Verdict {
	v.Err = stepErr(code, nil, format, args...)
	v.Winner = nil
	return v
}

func errText(err error) string {
	if err == nil {
		return "nothing similar enough"
	}
	return err.Error()
}
