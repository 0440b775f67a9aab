package similarity

import "github.com/qa-chain/chainreplay/chain"

// The sign-in form of fixtures/pages/login.html as the scoring tests see it.

func recordedSubmit() chain.Fingerprint {
	return chain.Fingerprint{
		Tag: "button", ID: "login-btn", Type: "submit", Classes: []string{"btn", "primary"},
		Role: "button", AccessName: "Sign in", Text: "Sign in",
		TestIDs:    map[string]string{"data-testid": "login-submit"},
		XPath:      "/html/body/main/form/button",
		Neighbours: []string{"Sign in", "Password", "Remember me"},
		Box:        &chain.Rect{X: 484, Y: 330, Width: 80, Height: 32},
	}
}

func submit() Candidate {
	return Candidate{Ref: "submit", Tag: "button", ID: "login-btn", Type: "submit",
		Classes: []string{"btn", "primary"}, Role: "button", AccessName: "Sign in", Text: "Sign in",
		TestIDs:    map[string]string{"data-testid": "login-submit"},
		XPath:      "/html/body/main/form/button",
		Neighbours: []string{"Sign in", "Password", "Remember me"},
		Box:        &chain.Rect{X: 484, Y: 330, Width: 80, Height: 32}}
}

// redesigned is the submit button with id, classes, test id and text all
// changed at once, in its old place.
func redesigned() Candidate {
	c := submit()
	c.Ref, c.ID, c.Classes, c.TestIDs = "redesigned", "auth-go", []string{"cta", "cta--main"}, map[string]string{"data-testid": "auth-submit"}
	c.Text, c.AccessName = "Log in now", "Log in now"
	return c
}

// decoy reads like the recorded button (same tag, role, text) but stands
// in a promo box elsewhere, among other neighbours.
func decoy() Candidate {
	return Candidate{Ref: "decoy", Tag: "button", ID: "promo-signin", Type: "button",
		Classes: []string{"btn"}, Role: "button", AccessName: "Sign in", Text: "Sign in",
		XPath:      "/html/body/aside/div/button",
		Neighbours: []string{"New here?", "Get 10% off your first order"},
		Box:        &chain.Rect{X: 1000, Y: 90, Width: 80, Height: 32}}
}

// replacement stands where the submit button stood but is another control.
func replacement() Candidate {
	return Candidate{Ref: "replacement", Tag: "button", ID: "delete-account", Type: "submit",
		Classes: []string{"btn", "danger"}, Role: "button", AccessName: "Delete account", Text: "Delete account",
		TestIDs:    map[string]string{"data-testid": "account-delete"},
		XPath:      "/html/body/main/form/button",
		Neighbours: []string{"Sign in", "Password", "Remember me"},
		Box:        &chain.Rect{X: 484, Y: 330, Width: 120, Height: 32}}
}

// others are the rest of the form.
func others() []Candidate {
	return []Candidate{
		{Ref: "email", Tag: "input", ID: "username", Name: "username", Type: "email", Role: "textbox",
			AccessName: "Email", Label: "Email", Placeholder: "you@example.com",
			XPath: "/html/body/main/form/input[1]", Neighbours: []string{"Sign in", "Email"},
			Box: &chain.Rect{X: 484, Y: 170, Width: 312, Height: 34}},
		{Ref: "password", Tag: "input", ID: "password", Name: "password", Type: "password", Role: "textbox",
			AccessName: "Password", Label: "Password",
			XPath: "/html/body/main/form/input[2]", Neighbours: []string{"Email", "Password"},
			Box: &chain.Rect{X: 484, Y: 230, Width: 312, Height: 34}},
		{Ref: "remember", Tag: "input", ID: "remember", Name: "remember", Type: "checkbox", Role: "checkbox",
			AccessName: "Remember me", Label: "Remember me",
			XPath: "/html/body/main/form/label[3]/input", Neighbours: []string{"Password", "Remember me"},
			Box: &chain.Rect{X: 484, Y: 290, Width: 13, Height: 13}},
		{Ref: "browse", Tag: "a", ID: "to-list", Role: "link", AccessName: "Browse products", Text: "Browse products",
			Href: "list.html", XPath: "/html/body/main/p/a", Neighbours: []string{"Sign in", "Browse products"},
			Box: &chain.Rect{X: 484, Y: 400, Width: 120, Height: 18}},
		{Ref: "home", Tag: "a", Role: "link", AccessName: "Acme", Text: "Acme", Href: "index.html",
			XPath: "/html/body/header/a", Box: &chain.Rect{X: 24, Y: 12, Width: 40, Height: 18}},
	}
}

func page(extra ...Candidate) []Candidate { return append(others(), extra...) }
