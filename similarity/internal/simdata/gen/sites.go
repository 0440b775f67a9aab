//go:build simdata

package main

// version is one npm package version of a site, served from root (a
// directory of the unpacked package).
type version struct {
	pkg, ver, root string
}

// pagePair is a page of one version and the same page of a later one.
type pagePair struct {
	oldVer, oldPath string
	newVer, newPath string
}

// site is a product whose pages exist in several versions.
type site struct {
	name     string
	split    string
	versions map[string]version
	pairs    []pagePair
	// synthetic lists the pages (version, path) redesigned by operators.
	synthetic [][2]string
}

func same(oldVer, newVer string, paths ...string) []pagePair {
	var out []pagePair
	for _, p := range paths {
		out = append(out, pagePair{oldVer, p, newVer, p})
	}
	return out
}

func sb(name string, vers map[string]string) map[string]version {
	out := map[string]version{}
	for v, root := range vers {
		out[v] = version{"startbootstrap-" + name, v, root}
	}
	return out
}

// sites are the pages of the benchmark. Tuning sites choose the weights and
// thresholds; held-out sites only measure them.
var sites = []site{
	{name: "agency", split: "tuning", versions: sb("agency", map[string]string{"5.2.2": "", "6.0.5": "dist", "7.0.12": "dist"}),
		pairs:     append(same("5.2.2", "6.0.5", "index.html"), same("6.0.5", "7.0.12", "index.html")...),
		synthetic: [][2]string{{"5.2.2", "index.html"}, {"7.0.12", "index.html"}}},
	{name: "freelancer", split: "tuning", versions: sb("freelancer", map[string]string{"5.1.3": "", "6.0.6": "dist", "7.0.7": "dist"}),
		pairs:     append(same("5.1.3", "6.0.6", "index.html"), same("6.0.6", "7.0.7", "index.html")...),
		synthetic: [][2]string{{"6.0.6", "index.html"}}},
	{name: "creative", split: "tuning", versions: sb("creative", map[string]string{"5.1.8": "", "6.0.5": "dist", "7.0.7": "dist"}),
		pairs:     append(same("5.1.8", "6.0.5", "index.html"), same("6.0.5", "7.0.7", "index.html")...),
		synthetic: [][2]string{{"5.1.8", "index.html"}}},
	{name: "grayscale", split: "tuning", versions: sb("grayscale", map[string]string{"5.0.9": "", "6.0.4": "dist", "7.0.6": "dist"}),
		pairs:     append(same("5.0.9", "6.0.4", "index.html"), same("6.0.4", "7.0.6", "index.html")...),
		synthetic: [][2]string{{"6.0.4", "index.html"}}},
	{name: "sb-admin", split: "tuning", versions: sb("sb-admin", map[string]string{"5.1.1": "", "6.0.2": "dist", "7.0.7": "dist"}),
		pairs: append(append(same("5.1.1", "6.0.2", "index.html", "login.html", "register.html", "tables.html", "charts.html", "404.html"),
			pagePair{"5.1.1", "forgot-password.html", "6.0.2", "password.html"}),
			same("6.0.2", "7.0.7", "index.html", "login.html", "register.html", "password.html", "tables.html", "layout-static.html", "401.html")...),
		synthetic: [][2]string{{"5.1.1", "index.html"}, {"6.0.2", "register.html"}, {"7.0.7", "tables.html"}}},
	{name: "clean-blog", split: "tuning", versions: sb("clean-blog", map[string]string{"5.1.0": "dist", "6.0.9": "dist"}),
		pairs:     same("5.1.0", "6.0.9", "index.html", "about.html", "post.html", "contact.html"),
		synthetic: [][2]string{{"5.1.0", "contact.html"}, {"6.0.9", "index.html"}}},

	{name: "admin-lte", split: "heldout", versions: map[string]version{
		"2.4.18": {"admin-lte", "2.4.18", ""}, "3.2.0": {"admin-lte", "3.2.0", ""}, "4.0.0": {"admin-lte", "4.0.0", "dist"}},
		pairs: append(same("2.4.18", "3.2.0", "index.html", "index2.html", "pages/UI/general.html", "pages/UI/buttons.html",
			"pages/examples/login.html", "pages/examples/register.html", "pages/examples/profile.html", "pages/mailbox/mailbox.html",
			"pages/tables/simple.html", "pages/forms/general.html"),
			append(same("3.2.0", "4.0.0", "index.html", "index2.html", "index3.html"),
				pagePair{"3.2.0", "pages/examples/login.html", "4.0.0", "examples/login.html"},
				pagePair{"3.2.0", "pages/examples/register.html", "4.0.0", "examples/register.html"},
				pagePair{"3.2.0", "pages/tables/simple.html", "4.0.0", "tables/simple.html"},
				pagePair{"3.2.0", "pages/forms/general.html", "4.0.0", "forms/elements.html"})...),
		synthetic: [][2]string{{"2.4.18", "pages/examples/login.html"}, {"3.2.0", "index.html"}, {"3.2.0", "pages/forms/general.html"}}},
	{name: "sb-admin-2", split: "heldout", versions: sb("sb-admin-2", map[string]string{"3.3.7": "", "4.1.4": ""}),
		pairs: []pagePair{{"3.3.7", "pages/index.html", "4.1.4", "index.html"}, {"3.3.7", "pages/login.html", "4.1.4", "login.html"},
			{"3.3.7", "pages/buttons.html", "4.1.4", "buttons.html"}, {"3.3.7", "pages/tables.html", "4.1.4", "tables.html"},
			{"3.3.7", "pages/blank.html", "4.1.4", "blank.html"}},
		synthetic: [][2]string{{"4.1.4", "index.html"}, {"4.1.4", "register.html"}}},
	{name: "new-age", split: "heldout", versions: sb("new-age", map[string]string{"5.1.0": "dist", "6.0.7": "dist"}),
		pairs: same("5.1.0", "6.0.7", "index.html"), synthetic: [][2]string{{"6.0.7", "index.html"}}},
	{name: "landing-page", split: "heldout", versions: sb("landing-page", map[string]string{"5.1.0": "dist", "6.0.6": "dist"}),
		pairs: same("5.1.0", "6.0.6", "index.html"), synthetic: [][2]string{{"5.1.0", "index.html"}}},
	{name: "resume", split: "heldout", versions: sb("resume", map[string]string{"5.0.8": "", "6.0.2": "dist", "7.0.6": "dist"}),
		pairs:     append(same("5.0.8", "6.0.2", "index.html"), same("6.0.2", "7.0.6", "index.html")...),
		synthetic: [][2]string{{"7.0.6", "index.html"}}},
	{name: "stylish-portfolio", split: "heldout", versions: sb("stylish-portfolio", map[string]string{"5.0.9": "", "6.0.6": "dist"}),
		pairs: same("5.0.9", "6.0.6", "index.html"), synthetic: [][2]string{{"5.0.9", "index.html"}}},
}

// variants are the synthetic redesigns each synthetic page gets: operator
// probabilities (see ops.js).
var variants = []struct {
	name string
	ops  map[string]float64
}{
	{"markup", map[string]float64{"retag": 0.3, "ids": 0.4, "classes": 1, "wrap": 0.3}},
	{"content", map[string]float64{"numbers": 0.8, "text": 0.3, "context": 0.5, "remove": 0.08, "siblings": 0.15}},
	{"layout", map[string]float64{"reorder": 0.4, "footer": 1, "move": 0.1, "wrap": 0.2, "remove": 0.05}},
	{"mixed", map[string]float64{"siblings": 0.08, "footer": 1, "retag": 0.15, "ids": 0.2, "classes": 0.5, "numbers": 0.5,
		"text": 0.15, "context": 0.3, "move": 0.05, "remove": 0.05, "wrap": 0.15, "reorder": 0.2}},
}
