package chain

import (
	"fmt"
	"regexp"
	"strings"
)

var varRE = regexp.MustCompile(`\$\{var:([^}]*)\}`)

// varOpen starts every ${var:NAME} placeholder.
const varOpen = "${var:"

// VarNames returns the variable names s refers to as ${var:NAME}, in order.
func VarNames(s string) []string {
	var names []string
	for _, m := range varRE.FindAllStringSubmatch(s, -1) {
		names = append(names, m[1])
	}
	return names
}

// ValidVarName reports whether name can be a variable's name: letters,
// digits and underscores, as for secrets.
func ValidVarName(name string) bool { return secretNameRE.MatchString(name) }

// VarError says a ${var:NAME} placeholder could not be filled.
type VarError struct {
	Name   string
	Reason string
}

func (e *VarError) Error() string { return fmt.Sprintf("variable %q: %s", e.Name, e.Reason) }

// ResolveVars replaces every ${var:NAME} in s by lookup(NAME), in one
// pass: a value that holds a placeholder is not expanded again (but a
// ${secret:NAME} in it is filled later, as the step's own would be). It
// fails with a *VarError on an invalid name or a variable lookup does not
// know.
func ResolveVars(s string, lookup func(string) (string, bool)) (string, error) {
	if !strings.Contains(s, varOpen) {
		return s, nil
	}
	var err error
	out := varRE.ReplaceAllStringFunc(s, func(m string) string {
		name := varRE.FindStringSubmatch(m)[1]
		if err != nil {
			return ""
		}
		if !ValidVarName(name) {
			err = &VarError{Name: name, Reason: "a name is letters, digits and underscores"}
			return ""
		}
		v, ok := lookup(name)
		if !ok {
			err = &VarError{Name: name, Reason: "is not set (replayer --var " + name + "=VALUE, or a column of --data)"}
			return ""
		}
		return v
	})
	if err != nil {
		return "", err
	}
	return out, nil
}

// WithVars returns a copy of s with its variables filled from lookup in
// every field that holds text a person could vary: text, url, value,
// label, files, navigated.url and effect.shows (what a type step's text
// shows). Key, modifiers and the target's chain
// and fingerprint are taken as written: they name keys and describe the
// element as it was recorded. s itself is not changed.
func (s Step) WithVars(lookup func(string) (string, bool)) (Step, error) {
	var err error
	fill := func(v string) string {
		if err != nil {
			return v
		}
		var out string
		out, err = ResolveVars(v, lookup)
		return out
	}
	s.Text = fill(s.Text)
	s.URL = fill(s.URL)
	s.Value = fill(s.Value)
	s.Label = fill(s.Label)
	if len(s.Files) > 0 {
		files := make([]string, len(s.Files))
		for i, f := range s.Files {
			files[i] = fill(f)
		}
		s.Files = files
	}
	if n := s.Navigated; n != nil {
		c := *n
		c.URL = fill(c.URL)
		s.Navigated = &c
	}
	if e := s.Effect; e != nil && e.Shows != "" {
		c := *e
		c.Shows = fill(c.Shows)
		s.Effect = &c
	}
	return s, err
}

// HasVars reports whether s holds a ${var:NAME} placeholder.
func HasVars(s string) bool { return strings.Contains(s, varOpen) }

// varProblem says what is wrong with the placeholders of s, or "".
func varProblem(s string) string {
	if !strings.Contains(s, varOpen) {
		return ""
	}
	for _, name := range VarNames(s) {
		if !ValidVarName(name) {
			return fmt.Sprintf("variable name %q must be letters, digits and underscores", name)
		}
	}
	if strings.Count(s, varOpen) != len(varRE.FindAllStringIndex(s, -1)) {
		return "a ${var: placeholder has no closing }"
	}
	return ""
}

// urlWithVars checks a URL that may hold variables: the placeholders are
// read as plain words, and one that starts the URL (the origin comes from
// a variable) is checked only at replay.
func urlWithVars(s string) error {
	if strings.HasPrefix(s, varOpen) {
		return nil
	}
	return checkURL(varRE.ReplaceAllString(s, "v"))
}

// ParseVar reads a variable given as NAME=VALUE (replayer --var, recorder
// --var): NAME letters, digits and underscores, VALUE anything, empty too.
func ParseVar(s string) (name, value string, err error) {
	name, value, ok := strings.Cut(s, "=")
	if !ok {
		return "", "", fmt.Errorf("%q: want NAME=VALUE", s)
	}
	if !ValidVarName(name) {
		return "", "", fmt.Errorf("%q: the name %q must be letters, digits and underscores", s, name)
	}
	return name, value, nil
}

// VarFlag is a flag.Value collecting repeated NAME=VALUE flags (--var of
// both commands) into Vars; nil until one is given.
type VarFlag struct{ Vars map[string]string }

// String is empty: the flag has no default.
func (v *VarFlag) String() string { return "" }

// Set adds one NAME=VALUE (ParseVar).
func (v *VarFlag) Set(s string) error {
	name, value, err := ParseVar(s)
	if err != nil {
		return err
	}
	if v.Vars == nil {
		v.Vars = map[string]string{}
	}
	v.Vars[name] = value
	return nil
}
