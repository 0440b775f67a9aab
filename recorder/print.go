package recorder

import (
	"fmt"
	"strings"

	"github.com/qa-chain/chainreplay/chain"
)

// Line formats a step as the recorder prints it, one line per step:
//
//	3 click button "Sign in"  [testid role css xpath similarity coordinates]
func Line(index int, s chain.Step) string {
	var b strings.Builder
	if s.Include != "" {
		return fmt.Sprintf("%d include %s", index, s.Include)
	}
	fmt.Fprintf(&b, "%d %s", index, s.Action)
	if t := s.Target; t != nil {
		what, name := "", ""
		if fp := t.Fingerprint; fp != nil {
			what = firstNonEmpty(fp.Role, fp.Tag)
			name = firstNonEmpty(fp.AccessName, fp.Label, fp.Text, fp.Placeholder, fp.ID, fp.Name)
		}
		if what != "" {
			b.WriteString(" " + what)
		}
		if name != "" {
			fmt.Fprintf(&b, " %q", clip(name, 60))
		}
	}
	switch s.Action {
	case chain.Type, chain.AssertText, chain.AssertValue:
		fmt.Fprintf(&b, " = %q", clip(s.Text, 60))
	case chain.Drag:
		if t := s.DropTarget; t != nil && t.Fingerprint != nil {
			fmt.Fprintf(&b, " onto %s", firstNonEmpty(t.Fingerprint.Role, t.Fingerprint.Tag))
			if n := firstNonEmpty(t.Fingerprint.AccessName, t.Fingerprint.Label, t.Fingerprint.Text, t.Fingerprint.ID); n != "" {
				fmt.Fprintf(&b, " %q", clip(n, 40))
			}
		}
	case chain.Press:
		b.WriteString(" " + strings.Join(append(append([]string(nil), s.Modifiers...), s.Key), "+"))
	case chain.Select:
		fmt.Fprintf(&b, " = %q", firstNonEmpty(s.Label, s.Value))
	case chain.Navigate:
		b.WriteString(" " + s.URL)
	case chain.Scroll:
		if s.Target == nil {
			b.WriteString(" window")
		}
		fmt.Fprintf(&b, " by %g,%g", s.DeltaX, s.DeltaY)
	case chain.Upload:
		fmt.Fprintf(&b, " %s", strings.Join(s.Files, ", "))
	}
	if s.HasTarget() {
		types := make([]string, len(s.Target.Chain))
		for i, st := range s.Target.Chain {
			types[i] = string(st.Type)
		}
		b.WriteString("  [" + strings.Join(types, " ") + "]")
	}
	if s.Navigated != nil {
		b.WriteString("  -> " + s.Navigated.URL)
	}
	return b.String()
}

func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
