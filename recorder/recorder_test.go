package recorder

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/input"
	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/decision"
	"github.com/qa-chain/chainreplay/internal/testenv"
	"github.com/qa-chain/chainreplay/report"
)

// Closing the recorded tab ends the recording cleanly, keeping its steps.
func TestClosingTheTabFinishes(t *testing.T) {
	r, p := startRecording(t, "login.html")
	d := &Driver{Rec: r, Page: p}
	lines, err := ParseDrive(stringsReader("click #remember\n"))
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Run(context.Background(), lines); err != nil {
		t.Fatal(err)
	}
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}
	select {
	case <-r.Done():
	case <-time.After(20 * time.Second):
		t.Fatal("recording did not end when its tab closed")
	}
	if got := r.Reason(); got != "the last tab was closed" {
		t.Errorf("reason = %q", got)
	}
	f := r.Flow()
	if len(f.Steps) != 1 || f.Steps[0].Action != chain.Check {
		t.Fatalf("steps = %+v, want one check", f.Steps)
	}
}

// Scrolls made by scripts (no wheel, touch or key before them) are not steps.
func TestProgrammaticScrollIsNotAStep(t *testing.T) {
	r, p := startRecording(t, "long.html")
	if _, err := p.Eval(`() => window.scrollTo(0, 900)`); err != nil {
		t.Fatal(err)
	}
	d := &Driver{Rec: r, Page: p}
	lines, _ := ParseDrive(stringsReader("click #accept\n"))
	if err := d.Run(context.Background(), lines); err != nil {
		t.Fatal(err)
	}
	f := r.Flow()
	if len(f.Steps) != 1 || f.Steps[0].Action != chain.Click {
		t.Fatalf("steps = %+v, want only the click", f.Steps)
	}
}

// A file chosen in a file input is an upload step with the file's name.
func TestUploadStep(t *testing.T) {
	r, p := startRecording(t, "long.html")
	file := filepath.Join(t.TempDir(), "signed.pdf")
	if err := os.WriteFile(file, []byte("%PDF-1.4"), 0o644); err != nil {
		t.Fatal(err)
	}
	el, err := p.Element("#attachment")
	if err != nil {
		t.Fatal(err)
	}
	// DOM.setFileInputFiles is what the browser's file chooser does.
	if err := (proto.DOMSetFileInputFiles{Files: []string{file}, ObjectID: el.Object.ObjectID}).Call(p); err != nil {
		t.Fatal(err)
	}
	if err := r.Sync(context.Background(), ""); err != nil {
		t.Fatal(err)
	}
	f := r.Flow()
	if len(f.Steps) != 1 || f.Steps[0].Action != chain.Upload {
		t.Fatalf("steps = %+v, want one upload", f.Steps)
	}
	s := f.Steps[0]
	if len(s.Files) != 1 || s.Files[0] != "signed.pdf" {
		t.Errorf("files = %v", s.Files)
	}
	if s.Target == nil || s.Target.Chain[0].Type != chain.Role && s.Target.Chain[0].Type != chain.Label {
		t.Errorf("target chain = %+v", s.Target)
	}
}

// A configured test id attribute is read like data-testid and checked for
// uniqueness.
func TestConfiguredTestIDAttribute(t *testing.T) {
	r, p := startRecording(t, "login.html", Options{TestIDAttrs: []string{"data-automation"}})
	if _, err := p.Eval(`() => document.getElementById("remember").setAttribute("data-automation", "remember-me")`); err != nil {
		t.Fatal(err)
	}
	d := &Driver{Rec: r, Page: p}
	lines, _ := ParseDrive(stringsReader("click #remember\n"))
	if err := d.Run(context.Background(), lines); err != nil {
		t.Fatal(err)
	}
	f := r.Flow()
	if len(f.Steps) != 1 {
		t.Fatalf("steps = %+v", f.Steps)
	}
	first := f.Steps[0].Target.Chain[0]
	if first.Type != chain.TestID || first.Value != "remember-me" || first.Confidence != BaseConfidence[SigTestID] {
		t.Errorf("first strategy = %+v, want the configured test id at %v", first, BaseConfidence[SigTestID])
	}
	if got := f.Steps[0].Target.Fingerprint.TestIDs["data-automation"]; got != "remember-me" {
		t.Errorf("fingerprint test ids = %v", f.Steps[0].Target.Fingerprint.TestIDs)
	}
}

// recordDrive records on a fixture page while a Driver performs drive (the
// recorder --drive language) and returns the flow.
func recordDrive(t *testing.T, page, drive string, opts ...Options) chain.Flow {
	t.Helper()
	return recordDriveIn(t, testenv.Browser(t).Browser, page, drive, opts...)
}

// ownWindow marks t parallel and returns a browser context of its own,
// closed at cleanup, for t to record and replay in beside other tests.
// Chromium runs animation frames for the page in front of each window
// only: pages of one window cannot be acted on side by side, and each
// context opens a window of its own. For tests that mostly wait (steps
// refused after their timeout) or that only evaluate strategies.
func ownWindow(t *testing.T) *rod.Browser {
	t.Helper()
	t.Parallel()
	b, err := testenv.Browser(t).Incognito()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return b
}

// recordDriveIn is recordDrive in b (see startRecordingIn).
func recordDriveIn(t *testing.T, b *rod.Browser, page, drive string, opts ...Options) chain.Flow {
	t.Helper()
	r, p := startRecordingIn(t, b, page, opts...)
	lines, err := ParseDrive(stringsReader(drive))
	if err != nil {
		t.Fatal(err)
	}
	if err := (&Driver{Rec: r, Page: p}).Run(context.Background(), lines); err != nil {
		t.Fatal(err)
	}
	return r.Flow()
}

// replayPage opens url in a new page of the test browser at the viewport
// the recorder records in (1280x800), for a test to replay steps on with
// a decision.Runner.
func replayPage(t *testing.T, url string) *rod.Page {
	t.Helper()
	return replayPageIn(t, testenv.Browser(t).Browser, url)
}

// replayPageIn is replayPage in b (see startRecordingIn).
func replayPageIn(t *testing.T, b *rod.Browser, url string) *rod.Page {
	t.Helper()
	p, err := b.Page(proto.TargetCreateTarget{URL: "about:blank"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	if err := (proto.EmulationSetDeviceMetricsOverride{Width: 1280, Height: 800, DeviceScaleFactor: 1}).Call(p); err != nil {
		t.Fatal(err)
	}
	if err := decision.Navigate(context.Background(), p, url); err != nil {
		t.Fatal(err)
	}
	return p
}

// replayFlowIn replays f's steps in order on url, in a page of b, until
// one fails: the page, and that step's error (nil when all passed). With
// verbose, a failed step's attempts are logged.
func replayFlowIn(t *testing.T, b *rod.Browser, f chain.Flow, url string, verbose bool) (*rod.Page, error) {
	t.Helper()
	p := replayPageIn(t, b, url)
	r := &decision.Runner{Page: p, Options: decision.RunOptions{Timeout: 2 * time.Second}}
	for i := range f.Steps {
		st := f.Steps[i]
		if out := r.Step(context.Background(), &st); out.Err != nil {
			if verbose {
				logAttempts(t, out.Verdict)
			}
			return p, fmt.Errorf("step %d (%s): %w", i+1, st.Action, out.Err)
		}
	}
	return p, nil
}

// recordOneStep is recordDriveIn, for a drive that records one step: the
// test stops where it records another number.
func recordOneStep(t *testing.T, b *rod.Browser, page, drive string) chain.Flow {
	t.Helper()
	f := recordDriveIn(t, b, page, drive)
	if len(f.Steps) != 1 {
		t.Fatalf("recorded %v, want one step", stepActions(f))
	}
	return f
}

// variant is a page a recorded flow is replayed on (a query added to its
// start URL) and what the page's #status must say after: "Ready", the
// page's own before any step acts, says the replay must refuse.
type variant struct{ query, status string }

// replaysShow replays f on each variant of base in b, and checks what the
// page's #status says and that the replay failed exactly where it must.
func replaysShow(t *testing.T, b *rod.Browser, f chain.Flow, base string, vs ...variant) {
	t.Helper()
	for _, v := range vs {
		p, failed := replayFlowIn(t, b, f, base+v.query, false)
		if st := p.MustElement("#status").MustText(); st != v.status || (failed != nil) != (v.status == "Ready") {
			t.Errorf("%q: %v, %q; want %q", v.query, failed, st, v.status)
		}
	}
}

// A click that lands on a span inside a button (here a switch in an open
// shadow root, its label text in a span) is recorded on the button: the
// chain leads with the switch's role and name, not the span's text.
func TestClickOnInnerSpanIsRecordedOnItsControl(t *testing.T) {
	f := recordDrive(t, "apps/settings/", "click #notify-email >>> .text\n")
	if len(f.Steps) != 1 || f.Steps[0].Target == nil {
		t.Fatalf("steps = %+v, want one click", f.Steps)
	}
	tg := f.Steps[0].Target
	if fp := tg.Fingerprint; fp == nil || fp.Tag != "button" || fp.Role != "switch" || fp.AccessName != "Email newsletter" {
		t.Errorf("fingerprint = %+v, want the switch button \"Email newsletter\"", tg.Fingerprint)
	}
	if fp := tg.Fingerprint; fp != nil && fp.Region != "Notifications" {
		t.Errorf("region = %q, want the section the switch's shadow host is in, \"Notifications\"", fp.Region)
	}
	// Three switches, each in its own shadow root; one of them so named.
	if fp := tg.Fingerprint; fp != nil && (fp.KindCount != 3 || fp.NameCount != 1) {
		t.Errorf("kind count %d, name count %d, want 3 switches and 1 named \"Email newsletter\"", fp.KindCount, fp.NameCount)
	}
	if s := tg.Chain[0]; s.Type != chain.Role || s.Value != "switch|Email newsletter" {
		t.Errorf("first strategy = %s %q, want role switch|Email newsletter", s.Type, s.Value)
	}
	// The same button is inside every switch: its CSS is unique in its own
	// shadow root only, and is recorded through its host, as Chrome's
	// multi-part selectors are.
	var css *chain.Strategy
	for i := range tg.Chain {
		if tg.Chain[i].Type == chain.CSS {
			css = &tg.Chain[i]
		}
	}
	if css == nil || len(css.Hosts) != 1 || css.Hosts[0].Type != chain.CSS || css.Hosts[0].Value != "#notify-email" {
		t.Errorf("CSS strategy = %+v, want one looked for inside #notify-email's shadow root", css)
	}
}

// A region is named by its own heading, not by one of a nested region: the
// checkout form holds named sections and no heading of its own, so its
// submit button, outside them, stands in <main> ("Checkout").
func TestRegionIsNamedByItsOwnHeading(t *testing.T) {
	f := recordDrive(t, "apps/checkout/", "click #place-order\n")
	if len(f.Steps) == 0 || f.Steps[0].Target == nil || f.Steps[0].Target.Fingerprint == nil {
		t.Fatalf("steps = %+v, want a click with a fingerprint", f.Steps)
	}
	fp := f.Steps[0].Target.Fingerprint
	if fp.Region != "Checkout" {
		t.Errorf("region = %q, want \"Checkout\" (the form's first heading belongs to its Contact section)", fp.Region)
	}
}

// An unnamed landmark is named by its role: the shop's cart button sits in
// the page's <header>, the banner, which has no heading or label.
func TestUnnamedLandmarkIsNamedByItsRole(t *testing.T) {
	f := recordDrive(t, "apps/shop/", "click #cart-button\n")
	if len(f.Steps) == 0 || f.Steps[0].Target == nil || f.Steps[0].Target.Fingerprint == nil {
		t.Fatalf("steps = %+v, want a click with a fingerprint", f.Steps)
	}
	if got := f.Steps[0].Target.Fingerprint.Region; got != "banner" {
		t.Errorf("region = %q, want \"banner\"", got)
	}
}

// A button in a modal dialog (position: fixed in the top layer) keeps its
// place on screen: its fingerprint has a screen box. The opener, in the
// page's flow, has none.
func TestFixedLayerHasAScreenBox(t *testing.T) {
	f := recordDrive(t, "apps/settings/", "click #delete-account\nclick #confirm-delete-btn\n")
	var fps []*chain.Fingerprint
	for _, s := range f.Steps {
		if s.Target != nil {
			fps = append(fps, s.Target.Fingerprint)
		}
	}
	if len(fps) != 2 || fps[0] == nil || fps[1] == nil {
		t.Fatalf("steps = %+v, want two clicks with fingerprints", f.Steps)
	}
	if fps[0].ScreenBox != nil {
		t.Errorf("the opener has a screen box %+v", *fps[0].ScreenBox)
	}
	sb, box := fps[1].ScreenBox, fps[1].Box
	if sb == nil || box == nil {
		t.Fatalf("the dialog's button: screen box %v, box %v; want both", sb, box)
	}
	if sb.Width != box.Width || sb.Height != box.Height || sb.X < 0 || sb.Y < 0 || sb.Y+sb.Height > 800 {
		t.Errorf("screen box %+v does not fit box %+v in an 800 px high viewport", *sb, *box)
	}
}

// Typing into a field, scrolling, and typing into the same field again is
// one type step with the final value (then the scroll), not two.
func TestTypeResumesAcrossScrolls(t *testing.T) {
	// The field still has the focus: keys go on into it, no click between.
	f := driveThenType(t, "type #email ada@\nscroll 0 300\n", "example.com")
	if got := stepLines(f); len(f.Steps) != 2 || f.Steps[0].Action != chain.Type || f.Steps[1].Action != chain.Scroll {
		t.Fatalf("steps = %q, want one type and the scroll", got)
	}
	if f.Steps[0].Text != "ada@example.com" {
		t.Errorf("type text = %q, want the final value", f.Steps[0].Text)
	}
}

// A click that only focused a field becomes the type step that follows it
// even when a scroll was reported in between (one reported by another
// frame while the keys went to this one arrives in either order): the
// checkout flow recorded 11 or 12 steps from one drive script before.
func TestClickScrollTypeIsOneTypeStep(t *testing.T) {
	f := driveThenType(t, "click #email\nscroll 0 300\n", "ada@example.com")
	if got := stepLines(f); len(f.Steps) != 2 || f.Steps[0].Action != chain.Type || f.Steps[1].Action != chain.Scroll ||
		f.Steps[0].Text != "ada@example.com" {
		t.Fatalf("steps = %q, want the type step (the click folded into it) and the scroll", got)
	}
}

// driveThenType records the checkout app driven by drive, then keys text
// into the focused field, and returns the flow once the page has reported
// the last of it.
func driveThenType(t *testing.T, drive, text string) chain.Flow {
	t.Helper()
	r, p := startRecording(t, "apps/checkout/")
	lines, err := ParseDrive(stringsReader(drive))
	if err != nil {
		t.Fatal(err)
	}
	if err := (&Driver{Rec: r, Page: p}).Run(context.Background(), lines); err != nil {
		t.Fatal(err)
	}
	if err := p.Keyboard.Type([]input.Key(text)...); err != nil {
		t.Fatal(err)
	}
	typed := func() bool {
		for _, s := range r.Flow().Steps {
			if strings.HasSuffix(s.Text, text) {
				return true
			}
		}
		return false
	}
	for deadline := time.Now().Add(5 * time.Second); !typed() && time.Now().Before(deadline); {
		time.Sleep(20 * time.Millisecond) // poll: the page reports input asynchronously
	}
	return r.Flow()
}

// stepLines is each step of f as "action text".
func stepLines(f chain.Flow) []string {
	var got []string
	for _, s := range f.Steps {
		got = append(got, string(s.Action)+" "+s.Text)
	}
	return got
}

// logAttempts logs what each strategy of a located step found, for a
// failing test's reader.
func logAttempts(t *testing.T, v *decision.Verdict) {
	t.Helper()
	if v == nil {
		return
	}
	for _, a := range v.Attempts {
		t.Logf("%s %v n=%d conf=%.2f verif=%.2f %s %v", a.Strategy.Type, a.Found, a.MatchCount, a.Confidence, a.Verification, a.Detail, a.Err)
	}
}

// A click that reloads the page at its own URL navigated: the recorder
// records the reload as the step's navigation (it left a new document at
// the same URL unrecorded, and the step kept only its effect, which
// replay cannot check once the page is gone), and replay passes it on the
// page that reloads and fails it NAVIGATION_FAILED on one that does not.
func TestReloadIsTheStepsNavigation(t *testing.T) {
	f := recordDrive(t, "variants/reload.html", "click #save\n")
	if len(f.Steps) != 1 || f.Steps[0].Navigated == nil || f.Steps[0].Navigated.SameDocument {
		t.Fatalf("recorded %v, want one click that navigated to a new document", stepLines(f))
	}
	if got := f.Steps[0].Navigated.URL; got != f.StartURL {
		t.Errorf("navigated to %s, want the page's own URL %s", got, f.StartURL)
	}
	p := replayPage(t, f.StartURL)
	r := &decision.Runner{Page: p, Options: decision.RunOptions{Timeout: 3 * time.Second}}
	if out := r.Step(context.Background(), &f.Steps[0]); out.Err != nil {
		t.Fatalf("the page reloaded: %v", out.Err)
	}
	// The new document is the saved one, not a load the step only waited for.
	testenv.WaitLoad(t, p)
	if got := p.MustEval(`() => document.getElementById("saved").textContent`).Str(); got != "Saved 1 times" {
		t.Errorf("after the replayed click the page says %q, want \"Saved 1 times\"", got)
	}
	p.MustEval(`() => { document.getElementById("save").onclick = () => {}; }`)
	if out := r.Step(context.Background(), &f.Steps[0]); decision.CodeOf(out.Err) != report.NavigationFailed {
		t.Errorf("nothing reloaded: want NAVIGATION_FAILED, got %v", out.Err)
	}
}
