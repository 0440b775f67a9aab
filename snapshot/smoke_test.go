package snapshot

import (
	"fmt"
	"testing"

	"github.com/qa-chain/chainreplay/internal/testenv"
)

func TestSmokeDump(t *testing.T) {
	fx := testenv.Fixtures(t)
	for _, u := range []string{"/snapshot/basics.html", "/snapshot/shadow.html", "/snapshot/frames.html?other=" + fx.OtherURL} {
		p := open(t, fx.URL+u)
		s := snap(t, p, Options{})
		fmt.Println("==", u, s.Stats)
		for _, n := range s.Nodes {
			fmt.Printf("%s p=%s %s role=%q name=%q tier=%d text=%q label=%q val=%q box=%v vis=%v inv=%v fp=%v sp=%v xp=%s nb=%q\n", n.ID, n.Parent, n.Tag, n.Role, n.Name, n.Tier, n.Text, n.Label, n.Value, n.Box, n.Visible, n.InViewport, n.FramePath, n.ShadowPath, n.XPath, n.Neighbours)
		}
	}
}
