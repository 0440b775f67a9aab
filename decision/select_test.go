package decision

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/report"
)

// selectPage has a <select> that keeps a choice and one whose page sets it
// back to its first option at once (a form that resets a field it does
// not allow).
const selectPage = `<select id="freq"><option value="daily">Daily</option><option value="weekly">Weekly</option></select>
<select id="stubborn"><option value="daily">Daily</option><option value="weekly">Weekly</option></select>
<script>
const s = document.getElementById("stubborn");
s.addEventListener("change", () => setTimeout(() => { s.value = "daily"; }, 0));
</script>`

func selectStep(id, value, label string) *chain.Step {
	return &chain.Step{Action: chain.Select, Value: value, Label: label, Target: &chain.Target{
		Chain: []chain.Strategy{{Type: chain.ID, Value: id, Confidence: 0.9}}}}
}

// A select step passes when the option chosen is still the one selected
// once the page has settled; a page that set it back did not take it.
func TestSelectPassesWhenTheChoiceHeld(t *testing.T) {
	p := steadyPage(t, selectPage)
	r := &Runner{Page: p, Options: RunOptions{Timeout: 2 * time.Second}}
	ctx := context.Background()
	if out := r.Step(ctx, selectStep("freq", "weekly", "Weekly")); out.Err != nil {
		t.Errorf("select Weekly: %v", out.Err)
	}
	if v := p.MustEval(`() => document.getElementById("freq").value`).Str(); v != "weekly" {
		t.Errorf("the select holds %q, want weekly", v)
	}
	out := r.Step(ctx, selectStep("stubborn", "weekly", "Weekly"))
	if CodeOf(out.Err) != report.NoEffect || !strings.Contains(out.Err.Error(), `the page set it to "daily"`) {
		t.Errorf("select Weekly where the page sets it back: want NO_EFFECT saying so, got %v", out.Err)
	}
	// Recorded as doing something else than keeping its choice (an
	// actions menu that resets): that is what the step is checked for.
	st := selectStep("stubborn", "weekly", "Weekly")
	st.Effect = &chain.Effect{Texts: true}
	if out := r.Step(ctx, st); CodeOf(out.Err) == report.NoEffect && strings.Contains(out.Err.Error(), "did not keep") {
		t.Errorf("a select recorded as resetting itself was held to its choice: %v", out.Err)
	}
}

// Options renumbered in a release: the value recorded ("2") is now another
// plan's, and the plan chosen ("Pro") has another value. The step chose
// "Basic" by its value and passed; the value and the label now name two
// options, and it is refused AMBIGUOUS. An option that kept its value and
// was reworded is still chosen by its value, and one whose value changed
// by its label.
func TestASelectWhoseValueAndLabelNameTwoOptionsIsRefused(t *testing.T) {
	p := steadyPage(t, `<select id="plan"><option value="1">Free</option><option value="2">Basic</option><option value="3">Pro</option></select>
		<select id="freq"><option value="d">Every day</option><option value="weekly-2">Weekly</option></select>`)
	r := &Runner{Page: p, Options: RunOptions{Timeout: 2 * time.Second}}
	ctx := context.Background()
	out := r.Step(ctx, selectStep("plan", "2", "Pro"))
	if v := p.MustEval(`() => document.getElementById("plan").value`).Str(); CodeOf(out.Err) != report.Ambiguous || v != "1" {
		t.Errorf("value 2 reads Basic, Pro is 3: want AMBIGUOUS and nothing chosen, got %v and %q", out.Err, v)
	}
	if out := r.Step(ctx, selectStep("freq", "d", "Daily")); out.Err != nil {
		t.Errorf("an option reworded, chosen by its value: %v", out.Err)
	}
	if out := r.Step(ctx, selectStep("freq", "weekly", "Weekly")); out.Err != nil {
		t.Errorf("an option whose value changed, chosen by its label: %v", out.Err)
	}
	if v := p.MustEval(`() => document.getElementById("freq").value`).Str(); v != "weekly-2" {
		t.Errorf("freq holds %q, want weekly-2", v)
	}
}

// A choice, a date or a file given by script where a person could not give
// it: the field is inert, or behind a modal dialog ("Your session
// expired"). Each was set and the step passed; each is refused
// NOT_ACTIONABLE saying what keeps a person from it. The modal's own field
// is given its choice.
func TestAFieldAPersonCannotReachIsNotSetByScript(t *testing.T) {
	p := steadyPage(t, `<main id="app"><select id="plan"><option value="free">Free</option><option value="pro">Pro</option></select>
		<input id="day" type="date"><input id="doc" type="file"></main>
		<section inert><select id="frozen"><option value="a">A</option><option value="b">B</option></select></section>
		<dialog id="expired">Your session expired <select id="again"><option value="stay">Stay</option><option value="out">Sign out</option></select></dialog>
		<script>document.getElementById("expired").showModal();</script>`)
	file := filepath.Join(t.TempDir(), "cv.pdf")
	if err := os.WriteFile(file, []byte("%PDF"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := &Runner{Page: p, Options: RunOptions{Timeout: 700 * time.Millisecond}}
	ctx := context.Background()
	target := func(id string) *chain.Target {
		return &chain.Target{Chain: []chain.Strategy{{Type: chain.ID, Value: id, Confidence: 0.9}}}
	}
	for _, c := range []struct {
		name string
		step *chain.Step
		why  string
	}{
		{"select behind the modal", selectStep("plan", "pro", "Pro"), "modal dialog"},
		{"date behind the modal", &chain.Step{Action: chain.Type, Text: "2026-12-24", Target: target("day")}, "modal dialog"},
		{"file behind the modal", &chain.Step{Action: chain.Upload, Files: []string{file}, Target: target("doc")}, "modal dialog"},
		{"inert select", selectStep("frozen", "b", "B"), "inert"},
	} {
		out := r.Step(ctx, c.step)
		if CodeOf(out.Err) != report.NotActionable || !strings.Contains(out.Err.Error(), c.why) {
			t.Errorf("%s: want NOT_ACTIONABLE saying %q, got %v", c.name, c.why, out.Err)
		}
	}
	got := p.MustEval(`() => [plan.value, day.value, doc.files.length, frozen.value].join(",")`).Str()
	if got != "free,,0,a" {
		t.Errorf("the fields hold %q, want nothing set (free,,0,a)", got)
	}
	if out := r.Step(ctx, selectStep("again", "out", "Sign out")); out.Err != nil {
		t.Errorf("the modal's own select: %v", out.Err)
	}
}

// An option withdrawn, and the others numbered anew by their place: the
// number recorded ("2", "Express (1-2 days)") is now "Store pickup"'s. It
// was chosen, and the step passed. A number names an option by its place,
// not its meaning: where the option recorded reads nowhere and the
// number's shares no word with it, the step is refused. An option
// reworded keeps a word ("Express delivery"), and a value that is a word
// of its own ("daily") is the option's, however it reads now.
func TestASelectWhoseNumberedOptionIsGoneIsRefused(t *testing.T) {
	p := steadyPage(t, `<select id="ship"><option value="1">Standard</option><option value="2">Store pickup</option></select>
		<select id="fast"><option value="1">Standard</option><option value="2">Express delivery (1-2 days)</option></select>
		<select id="freq"><option value="weekly">Weekly</option><option value="daily">Every day</option></select>`)
	r := &Runner{Page: p, Options: RunOptions{Timeout: 700 * time.Millisecond}}
	ctx := context.Background()
	if out := r.Step(ctx, selectStep("ship", "2", "Express (1-2 days)")); CodeOf(out.Err) != report.ElementNotFound || !strings.Contains(out.Err.Error(), "numbered anew") {
		t.Errorf("value 2 is Store pickup now, Express gone: want ELEMENT_NOT_FOUND saying so, got %v", out.Err)
	}
	if out := r.Step(ctx, selectStep("fast", "2", "Express (1-2 days)")); out.Err != nil {
		t.Errorf("Express reworded: %v", out.Err)
	}
	if out := r.Step(ctx, selectStep("freq", "daily", "Daily")); out.Err != nil {
		t.Errorf("a value of its own, reworded: %v", out.Err)
	}
	if got := p.MustEval(`() => [ship.value, fast.value, freq.value].join(",")`).Str(); got != "1,2,daily" {
		t.Errorf("the selects hold %s, want 1,2,daily", got)
	}
}

// A settings form drawn anew from the app's state once its save is
// answered: the select chosen is replaced by a new one, so the step's
// recorded effect could only say the page changed. A save the server
// refused draws the old choice back: the choice did not hold, and the
// step fails; a save taken draws the new choice, and the step passes.
func TestASelectDrawnAnewMustShowTheChoice(t *testing.T) {
	for _, c := range []struct {
		name   string
		status int
		code   report.Code
	}{{"taken", http.StatusNoContent, ""}, {"refused", http.StatusInternalServerError, report.NoEffect}} {
		t.Run(c.name, func(t *testing.T) {
			p := answeringPage(t, `<form id="f"></form><script>
				let ship = "1";
				function draw() {
					const f = document.getElementById("f");
					f.innerHTML = '<label>Shipping <select id="ship"><option value="1">Standard</option><option value="2">Express</option></select></label>';
					const s = document.getElementById("ship");
					s.value = ship;
					s.onchange = () => fetch("/save", {method: "POST", body: s.value}).then((r) => { if (r.ok) ship = s.value; draw(); });
				}
				draw();</script>`, c.status)
			r := &Runner{Page: p, Options: RunOptions{Timeout: 3 * time.Second}}
			s := selectStep("ship", "2", "Express")
			s.Effect = &chain.Effect{Content: true}
			out := r.Step(context.Background(), s)
			if CodeOf(out.Err) != c.code {
				t.Fatalf("want %q, got %v", c.code, out.Err)
			}
		})
	}
}

// Options that read alike are no clash: the value recorded chooses the
// one of them it names ("United States" for billing, "b-us", beside the
// shipping one). A numbered option of a label with no word of three
// letters ("XL") reworded keeps being chosen by its number.
func TestASelectOfOptionsThatReadAlikeIsChosenByItsValue(t *testing.T) {
	p := steadyPage(t, `<select id="country"><optgroup label="Shipping"><option value="s-us">United States</option></optgroup>
		<optgroup label="Billing"><option value="b-us">United States</option></optgroup></select>
		<select id="size"><option value="1">M</option><option value="2">L</option><option value="3">XL (extra large)</option></select>`)
	r := &Runner{Page: p, Options: RunOptions{Timeout: time.Second}}
	ctx := context.Background()
	if out := r.Step(ctx, selectStep("country", "b-us", "United States")); out.Err != nil {
		t.Errorf("the billing United States: %v", out.Err)
	}
	if out := r.Step(ctx, selectStep("size", "3", "XL")); out.Err != nil {
		t.Errorf("XL reworded: %v", out.Err)
	}
	if got := p.MustEval(`() => [country.value, size.value].join(",")`).Str(); got != "b-us,3" {
		t.Errorf("the selects hold %s", got)
	}
}

// Of two modal dialogs open (a confirmation over an editor), a field of
// either is one a person can reach: which is on top is not known from the
// page.
func TestAFieldInTheSecondModalDialogIsReached(t *testing.T) {
	p := steadyPage(t, `<dialog id="edit">Edit <select id="plan"><option value="a">A</option><option value="b">B</option></select></dialog>
		<dialog id="confirm">Discard changes? <select id="why"><option value="x">X</option><option value="y">Y</option></select></dialog>
		<script>document.getElementById("edit").showModal(); document.getElementById("confirm").showModal();</script>`)
	r := &Runner{Page: p, Options: RunOptions{Timeout: time.Second}}
	if out := r.Step(context.Background(), selectStep("why", "y", "Y")); out.Err != nil {
		t.Errorf("the confirmation's select: %v", out.Err)
	}
}
