package strategies

import (
	"context"
	"testing"

	"github.com/go-rod/rod"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/internal/testenv"
	"github.com/qa-chain/chainreplay/pagemodel"
)

// model is the page model of page.
func model(page *rod.Page) *pagemodel.Page { return pagemodel.New(page, pagemodel.Options{}) }

// byID finds the element with id id on the page m models (fatal when
// there is not exactly one).
func byID(ctx context.Context, t testing.TB, m *pagemodel.Page, id string) *pagemodel.Element {
	t.Helper()
	f, err := m.FindAll(ctx, []pagemodel.Query{{Type: pagemodel.ByAttr, Attrs: []string{"id"}, Value: id}})
	if err != nil {
		t.Fatal(err)
	}
	if a := f.Answers[0]; a.N != 1 {
		t.Fatalf("#%s: %d elements", id, a.N)
	}
	return f.Answers[0].Els[0]
}

// fingerprintOf describes el the way the recorder writes a fingerprint:
// its attributes, neighbour texts, region and box in document pixels.
func fingerprintOf(ctx context.Context, t testing.TB, m *pagemodel.Page, el *pagemodel.Element) *chain.Fingerprint {
	t.Helper()
	vp, err := NewEnv(m, nil).Metrics(ctx)
	if err != nil {
		t.Fatal(err)
	}
	c := CandidateOf(el, vp)
	fp := &chain.Fingerprint{Tag: c.Tag, ID: c.ID, Type: c.Type, Classes: c.Classes, Role: c.Role,
		AccessName: c.AccessName, Text: c.Text, Label: c.Label, TestIDs: c.TestIDs, Neighbours: c.Neighbours, Region: c.Region}
	if c.Box != nil {
		b := *c.Box
		fp.Box = &b
	}
	return fp
}

// recordOn loads url and describes its element with id id as fingerprintOf
// does: the recording a test replays on a changed page.
func recordOn(ctx context.Context, t testing.TB, url, id string) *chain.Fingerprint {
	t.Helper()
	m := model(testenv.Page(t, url))
	return fingerprintOf(ctx, t, m, byID(ctx, t, m, id))
}
