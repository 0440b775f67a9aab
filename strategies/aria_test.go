package strategies

import (
	"context"
	"testing"
	"time"

	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/internal/testenv"
)

// The recorder writes role strategies with the names Chromium's
// accessibility tree gives, so AccessibleName must give the same: for every
// element with a role that Chromium does not ignore, on the fixture pages
// and on a page of every naming source (variants/names.html: labels,
// aria-labelledby, alt, title, placeholder, input values, inline and block
// content, an icon hidden by aria-hidden, a link named by its image).
func TestNamesAgreeWithChromium(t *testing.T) {
	fx := testenv.Fixtures(t)
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	total := 0
	for _, path := range []string{"variants/names.html", "login.html", "list.html", "apps/checkout/", "apps/shop/", "apps/settings/"} {
		page := testenv.Page(t, fx.URL+"/"+path)
		doc, err := NewEnv(page, nil).Doc(ctx)
		if err != nil {
			t.Fatal(err)
		}
		res, err := proto.AccessibilityGetFullAXTree{}.Call(page)
		if err != nil {
			t.Fatal(err)
		}
		names := map[proto.DOMBackendNodeID]string{}
		for _, n := range res.Nodes {
			if n.Ignored || n.BackendDOMNodeID == 0 || n.Role == nil {
				continue
			}
			name := ""
			if n.Name != nil {
				name = collapse(n.Name.Value.Str())
			}
			names[n.BackendDOMNodeID] = name
		}
		for _, e := range doc.Elements {
			want, ok := names[e.BackendID]
			if RoleOf(e) == "" || !ok || e.Frame != nil {
				continue
			}
			total++
			if got := AccessibleName(e); got != want {
				t.Errorf("%s: <%s id=%q> role %s: name %q, Chromium says %q", path, e.Tag, e.Attr("id"), RoleOf(e), got, want)
			}
		}
	}
	if total < 250 {
		t.Errorf("compared %d names: the pages lost their elements", total)
	}
	t.Logf("compared %d names with Chromium's", total)
}
