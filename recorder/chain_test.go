package recorder

import (
	"testing"

	"github.com/qa-chain/chainreplay/chain"
)

func sampleElement() *Element {
	return &Element{
		Desc: Description{
			Tag: "button", ID: "login-btn", Type: "submit", Classes: []string{"btn", "css-1x9f2k"},
			TestIDs: map[string]string{"data-testid": "login-submit", "data-qa": "submit"},
			Text:    "Sign in", TextValue: "Sign in", Title: "Send",
			Counts: map[string]Count{
				"testid:login-submit": {N: 1, I: 1}, "testid:submit": {N: 3, I: 2}, "id": {N: 1, I: 1},
				"text": {N: 2, I: 2}, "title": {N: 2, I: 0},
			},
			CSS: "#login-btn", XPath: "//button[@id=\"login-btn\"]",
			Rect: Box{X: 10, Y: 20, W: 80, H: 30},
		},
		Role: "button", Name: "Sign in", RoleCount: Count{N: 1, I: 1}, RoleCountKnown: true,
		FrameOffset: chain.Point{X: 100, Y: 200}, Viewport: chain.Size{Width: 1280, Height: 800},
		Scroll: chain.Point{Y: 50}, DPR: 2,
	}
}

func TestBuildChainOrderAndUniqueness(t *testing.T) {
	e := sampleElement()
	c := BuildChain(e, &chain.Point{X: 120, Y: 230})
	if c[0].Type != chain.TestID || c[0].Value != "login-submit" || c[0].Confidence != 0.97 || c[0].Nth != 0 {
		t.Fatalf("first strategy = %+v, want the unique data-testid at 0.97", c[0])
	}
	last := c[len(c)-1]
	if last.Type != chain.Coordinates || last.Confidence != 0.60 {
		t.Fatalf("last strategy = %+v, want coordinates at 0.60", last)
	}
	for i := 1; i < len(c); i++ {
		if c[i].Confidence > c[i-1].Confidence {
			t.Errorf("chain not ordered at %d: %v > %v", i, c[i].Confidence, c[i-1].Confidence)
		}
	}
	byValue := map[string]chain.Strategy{}
	for _, s := range c {
		byValue[string(s.Type)+" "+s.Value] = s
	}
	if s := byValue["role button|Sign in"]; s.Confidence != 0.92 || s.Nth != 0 {
		t.Errorf("role = %+v", s)
	}
	// non-unique: nth and lowered confidence, never as if unique
	if s := byValue["text Sign in"]; s.Nth != 2 || s.Confidence >= BaseConfidence[SigText] || s.Confidence < NonUniqueFloor {
		t.Errorf("text = %+v, want nth 2 and a lowered confidence", s)
	}
	// every test id attribute makes a test id strategy (it matches its
	// value in any of them)
	if s := byValue["testid submit"]; s.Nth != 2 || s.Confidence >= 0.97 {
		t.Errorf("data-qa = %+v", s)
	}
	// a locator that does not find the target is dropped
	if _, ok := byValue[`css [title="Send"]`]; ok {
		t.Errorf("title strategy kept though it does not match the target")
	}
	m, err := last.Coordinates()
	if err != nil {
		t.Fatal(err)
	}
	if m.X != 120 || m.Y != 230 || m.BoundingRect.X != 110 || m.BoundingRect.Y != 220 || m.DevicePixelRatio != 2 ||
		m.ScrollPos.Y != 50 || m.Viewport.Width != 1280 || m.TagName != "button" || m.ElementID != "login-btn" {
		t.Errorf("coordinates metadata = %+v", m)
	}
	if len(m.ClassList) != 1 || m.ClassList[0] != "btn" {
		t.Errorf("classList = %v, want the generated class left out", m.ClassList)
	}
}

func TestBuildChainUnknownAndGenerated(t *testing.T) {
	e := sampleElement()
	e.Desc.ID = ":r3:"
	e.RoleCountKnown = false
	c := BuildChain(e, nil)
	for _, s := range c {
		if s.Type == chain.ID {
			t.Errorf("generated id used: %+v", s)
		}
		if s.Type == chain.Role && s.Confidence >= 0.92 {
			t.Errorf("role with unknown uniqueness kept at full confidence: %+v", s)
		}
	}
	m, _ := c[len(c)-1].Coordinates()
	if m.X != 150 || m.Y != 235 {
		t.Errorf("point without a click = (%v,%v), want the box centre (150,235)", m.X, m.Y)
	}
}

func TestFallbackChainIsNeverFullConfidence(t *testing.T) {
	e := &Element{Fallback: true, Desc: Description{Tag: "a", ID: "nav", TestIDs: map[string]string{"data-testid": "x"}, TextValue: "Go"}}
	for _, s := range BuildChain(e, nil) {
		if s.Type != chain.Coordinates && s.Confidence >= BaseConfidence[SigTestID]*UnknownFactor+0.001 {
			t.Errorf("unverified strategy %+v above %v", s, BaseConfidence[SigTestID]*UnknownFactor)
		}
		if s.Type == chain.Similarity {
			t.Errorf("no fingerprint-based similarity without a description")
		}
	}
}

func TestFingerprintNeverHoldsSecrets(t *testing.T) {
	e := sampleElement()
	v := "hunter2"
	e.Desc.Value, e.Desc.Secret = &v, true
	if fp := BuildFingerprint(e); fp.Value != "" {
		t.Fatalf("secret value in fingerprint: %q", fp.Value)
	}
	fp := BuildFingerprint(sampleElement())
	if len(fp.GeneratedClasses) != 1 || fp.GeneratedClasses[0] != "css-1x9f2k" {
		t.Errorf("generated classes = %v", fp.GeneratedClasses)
	}
	if fp.Box.X != 110 || fp.Box.Y != 270 {
		t.Errorf("box = %+v, want document coordinates (110, 270)", fp.Box)
	}
}

func TestLine(t *testing.T) {
	e := sampleElement()
	s := chain.Step{Action: chain.Click, Target: BuildTarget(e, nil)}
	want := `3 click button "Sign in"  [testid role testid id css xpath text similarity coordinates]`
	if got := Line(3, s); got != want {
		t.Errorf("Line = %q\nwant   %q", got, want)
	}
	if got := Line(4, chain.Step{Action: chain.Press, Key: "a", Modifiers: []string{"Control"}}); got != "4 press Control+a" {
		t.Errorf("press line = %q", got)
	}
}

// What a hover showed is taken out of the hovered row's texts: its text
// strategy (whole words) and the text content naming its row (run together,
// matched as contained).
func TestWithoutShownText(t *testing.T) {
	for _, c := range []struct {
		v, shown  string
		contained bool
		want      string
	}{
		{"☆ Draft the agenda Delete", "Delete", false, "☆ Draft the agenda"},
		{"Delete old files Delete", "Delete", false, "Delete old files"},
		{"Delegate the work", "Del", false, "Delegate the work"}, // not a whole word
		{"☆Draft the agendaDelete", "Delete", true, "☆Draft the agenda"},
		{"EditPay the rent", "Edit", true, "Pay the rent"},
		{"Pay theEditrent", "Edit", true, "Pay theEditrent"}, // inside: left as it is
		{"Delete", "Delete", false, ""},
	} {
		if got := withoutText(c.v, c.shown, c.contained); got != c.want {
			t.Errorf("withoutText(%q, %q, %v) = %q, want %q", c.v, c.shown, c.contained, got, c.want)
		}
	}
	ch := withoutShownText([]chain.Strategy{
		{Type: chain.Text, Value: "Delete"},
		{Type: chain.CSS, Value: "span.title", Within: &chain.Strategy{Type: chain.Text, Value: "Pay the rentDelete", Match: "contains"}},
	}, "Delete")
	if len(ch) != 1 || ch[0].Within.Value != "Pay the rent" {
		t.Errorf("chain = %+v, want the text strategy dropped and the row named without Delete", ch)
	}
}
