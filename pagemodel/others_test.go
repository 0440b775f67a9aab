package pagemodel_test

import (
	"context"
	"slices"
	"testing"

	"github.com/qa-chain/chainreplay/internal/testenv"
	"github.com/qa-chain/chainreplay/pagemodel"
)

// The names of a target's counterparts (Description.Others): the element
// at its place in the other items of its repeated group, nearest first;
// not a name several counterparts share (a state's label), not one that
// differs from the target's in digits alone.
func TestOthersOf(t *testing.T) {
	page := testenv.Page(t, "about:blank")
	page.MustSetDocumentContent(`<!doctype html><html><body>
<div id="ops">
  <span><div class="op"><button class="sum">GET /tasks List tasks</button><button class="try">Try it out</button></div></span>
  <span><div class="op"><button class="sum">PUT /tasks/{id} Update a task</button><button class="try">Try it out</button></div></span>
  <span><div class="op"><button class="sum">DELETE /tasks/{id} Delete a task</button><button class="try">Cancel</button></div></span>
  <span><div class="op"><button class="sum">GET /users List users</button><button class="try">Try it out</button></div></span>
</div>
<ul>
  <li><span>Ada</span> <button>Follow</button> <button class="like">Like (3)</button></li>
  <li><span>Bob</span> <button>Following</button> <button class="like">Like (5)</button></li>
  <li><span>Cy</span> <button>Following</button> <button class="like">Like (2)</button></li>
  <li><span>Di</span> <button>Message Di</button> <button class="like">Like (1)</button></li>
</ul>
<div class="bar"><button class="btn">Save</button><button class="btn">Discard</button></div>
<table>
  <tr><td><div class="flex">Ada</div></td><td><div class="flex"><button aria-label="Edit Ada">E</button></div></td><td><div class="flex"><button aria-label="Delete Ada">D</button></div></td></tr>
  <tr><td><div class="flex">Bob</div></td><td><div class="flex"><button aria-label="Edit Bob">E</button></div></td><td><div class="flex"><button aria-label="Delete Bob">D</button></div></td></tr>
</table>
<p><button>Alone</button></p>
</body></html>`)
	m := pagemodel.New(page, pagemodel.Options{})
	ctx := context.Background()
	for _, c := range []struct {
		css  string
		want []string
	}{
		// Class-less wrappers alike by structure; the nearest first.
		{"#ops > span:nth-child(3) .sum", []string{"GET /users List users", "PUT /tasks/{id} Update a task", "GET /tasks List tasks"}},
		// "Try it out" twice: a state's label, left out.
		{"#ops > span:nth-child(3) .try", nil},
		{"li:nth-child(1) button:not(.like)", []string{"Message Di"}},
		{"li:nth-child(1) .like", nil},
		{".bar .btn", []string{"Discard"}},
		// Cells are parts of the row, not items: the next row's button.
		{"tr:nth-child(1) td:nth-child(2) button", []string{"Edit Bob"}},
		{"p button", nil},
	} {
		d, err := pagemodel.Describe(ctx, m.Session(), page.MustElement(c.css).Object.ObjectID, pagemodel.DescribeOptions{})
		if err != nil {
			t.Fatalf("%s: %v", c.css, err)
		}
		if !slices.Equal(d.Others, c.want) {
			t.Errorf("%s (%q): others %q, want %q", c.css, d.Name, d.Others, c.want)
		}
	}
}

// A control not rendered is named by the label around it as that label
// reads: where the label shows, its hidden parts give nothing (a toggle's
// hidden "Off"); where it is hidden with the control (a closed section),
// as it reads once shown, its parts hidden by their own style left out.
func TestAHiddenControlIsNamedAsItsLabelReadsShown(t *testing.T) {
	page := testenv.Page(t, "about:blank")
	page.MustSetDocumentContent(`<!doctype html><html><body>
<label id="wifi">Wifi <input type="checkbox" hidden><span hidden>Off</span> <span>On</span></label>
<label>Dark mode <input id="dark" type="checkbox" style="display:none"> <span style="display:none">(beta)</span></label>
<div style="display:none"><label>Push <input id="push" type="checkbox"> <span style="display:none">hint</span></label></div>
</body></html>`)
	m := pagemodel.New(page, pagemodel.Options{})
	ctx := context.Background()
	for _, c := range []struct{ css, want string }{
		{"#wifi input", "Wifi On"},
		{"#dark", "Dark mode"},
		{"#push", "Push"},
	} {
		d, err := pagemodel.Describe(ctx, m.Session(), page.MustElement(c.css).Object.ObjectID, pagemodel.DescribeOptions{})
		if err != nil {
			t.Fatalf("%s: %v", c.css, err)
		}
		if d.Name != c.want {
			t.Errorf("%s: named %q, want %q", c.css, d.Name, c.want)
		}
	}
}
