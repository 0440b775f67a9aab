package main

import (
	"fmt"

	"github.com/qa-chain/chainreplay/fixtures"
)

// corpus is a set of apps reported in tables of its own.
type corpus struct {
	name, title string
	apps        []*fixtures.App
}

// corpora are the benchmark's corpora, in report order: pages nobody here
// wrote first, the project's own pages after.
func corpora() []corpus {
	return []corpus{
		{"thirdparty", "Third-party apps (npm packages, as they ship: fixtures/thirdparty)", fixtures.ThirdParty},
		{"frameworks", "Pages built with UI frameworks (Preact, Lit: fixtures/frameworks)", fixtures.Frameworks},
		{"fixtures", "Fixture apps (this project's own: fixtures/apps)", fixtures.Apps},
	}
}

// pickCorpora returns the corpora named in want (all when empty), with
// their apps restricted to the names in apps (all when empty). A name in
// want or apps that matches nothing is an error.
func pickCorpora(want, apps []string) ([]corpus, error) {
	all := corpora()
	for _, w := range want {
		ok := false
		for _, c := range all {
			ok = ok || c.name == w
		}
		if !ok {
			return nil, fmt.Errorf("unknown corpus %q (thirdparty, frameworks, fixtures)", w)
		}
	}
	for _, a := range apps {
		if _, err := fixtures.LookupApp(a); err != nil {
			return nil, err
		}
	}
	var out []corpus
	for _, c := range all {
		if len(want) > 0 && !contains(want, c.name) {
			continue
		}
		var picked []*fixtures.App
		for _, a := range c.apps {
			if len(apps) == 0 || contains(apps, a.Name) {
				picked = append(picked, a)
			}
		}
		if len(picked) > 0 {
			c.apps = picked
			out = append(out, c)
		}
	}
	return out, nil
}
