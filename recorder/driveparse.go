package recorder

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/qa-chain/chainreplay/internal/keys"
)

// DriveLine is one line of a --drive script (INTERFACE.md).
type DriveLine struct {
	// Line is the 1-based line number in the script.
	Line int
	// Op is click, dblclick, hover, type, press, select, scroll, goto,
	// wait, assert, drag, undo, pause or resume.
	Op string
	// Selector is the CSS selector; " >>> " steps into an iframe's document
	// or a shadow root.
	Selector string
	// To is the second selector of drag: where it releases.
	To string
	// Assert is what assert checks: visible, text or value.
	Assert string
	// Arg is the text of type, the key of press, the value of select, the URL of goto.
	Arg string
	// DX and DY are the wheel deltas of scroll.
	DX, DY float64
	// Wait is the pause of wait.
	Wait time.Duration
}

// DriveError says which line of a drive script is wrong.
type DriveError struct {
	Line int
	Msg  string
}

func (e *DriveError) Error() string { return fmt.Sprintf("drive line %d: %s", e.Line, e.Msg) }

// ParseDrive reads a drive script. A line whose first non-blank character
// is # is a comment. A selector may be quoted ("..." or '...', with \
// escaping a quote or a backslash), which is how a type or select line's
// selector holds spaces before its text. An unquoted type or select
// selector ends at the first space outside brackets, parentheses and
// quotes that is not part of a combinator (>, +, ~, >>>); a type line
// whose text then starts with what reads as more of the selector
// (".edit", "input.edit", "li") is refused as ambiguous: quote the
// selector.
func ParseDrive(r io.Reader) ([]DriveLine, error) {
	var out []DriveLine
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	n := 0
	for sc.Scan() {
		n++
		raw := strings.TrimRight(sc.Text(), "\r")
		line := strings.TrimSpace(raw)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		op, rest, _ := strings.Cut(line, " ")
		rest = strings.TrimLeft(rest, " \t")
		l := DriveLine{Line: n, Op: op}
		bad := func(format string, args ...any) error { return &DriveError{Line: n, Msg: fmt.Sprintf(format, args...)} }
		switch op {
		case "click", "dblclick", "hover":
			if rest == "" {
				return nil, bad("%s needs a CSS selector", op)
			}
			sel, after, quoted, err := quotedSelector(rest)
			if err != nil {
				return nil, bad("%v", err)
			}
			if !quoted {
				sel = strings.TrimSpace(rest)
			} else if strings.TrimSpace(after) != "" {
				return nil, bad("%s takes only a selector; %q follows it", op, strings.TrimSpace(after))
			}
			l.Selector = sel
		case "type", "select":
			sel, arg, quoted, err := quotedSelector(rest)
			if err != nil {
				return nil, bad("%v", err)
			}
			if quoted {
				arg = strings.TrimPrefix(arg, " ")
			} else {
				sel, arg = splitSelector(rest)
				if op == "type" {
					if w := firstWord(arg); looksLikeSelector(w) {
						return nil, bad("ambiguous: does the selector end before %q or take it in? Quote the selector: type \"%s %s\" %s",
							w, sel, w, strings.TrimSpace(strings.TrimPrefix(arg, w)))
					}
				}
			}
			if sel == "" {
				return nil, bad("%s needs a CSS selector", op)
			}
			if op == "select" {
				arg = strings.TrimSpace(arg)
				if arg == "" {
					return nil, bad("select needs an option value after the selector")
				}
			}
			l.Selector, l.Arg = sel, arg
		case "press":
			if _, _, err := keys.ParseCombo(strings.TrimSpace(rest)); err != nil {
				return nil, bad("%v", err)
			}
			l.Arg = strings.TrimSpace(rest)
		case "scroll":
			f := strings.Fields(rest)
			if len(f) != 2 {
				return nil, bad("scroll needs DX DY")
			}
			var err1, err2 error
			l.DX, err1 = strconv.ParseFloat(f[0], 64)
			l.DY, err2 = strconv.ParseFloat(f[1], 64)
			if err1 != nil || err2 != nil {
				return nil, bad("scroll needs two numbers, got %q", rest)
			}
		case "assert":
			kind, sel, _ := strings.Cut(rest, " ")
			if kind != "visible" && kind != "text" && kind != "value" {
				return nil, bad("assert needs visible, text or value, then a CSS selector; got %q", kind)
			}
			s, err := oneSelector(strings.TrimSpace(sel))
			if err != nil {
				return nil, bad("assert %s: %v", kind, err)
			}
			l.Assert, l.Selector = kind, s
		case "drag":
			from, to, quoted, err := quotedSelector(rest)
			if err != nil {
				return nil, bad("%v", err)
			}
			if !quoted {
				from, to = splitSelector(rest)
			}
			to, err = oneSelector(strings.TrimSpace(to))
			if from == "" || err != nil {
				return nil, bad("drag needs two CSS selectors: the element to drag, then where to drop it (quote one that holds spaces)")
			}
			l.Selector, l.To = from, to
		case "undo", "pause", "resume":
			if strings.TrimSpace(rest) != "" {
				return nil, bad("%s takes nothing after it; got %q", op, strings.TrimSpace(rest))
			}
		case "goto":
			if rest == "" {
				return nil, bad("goto needs a URL")
			}
			l.Arg = strings.TrimSpace(rest)
		case "wait":
			ms, err := strconv.Atoi(strings.TrimSpace(rest))
			if err != nil || ms < 0 {
				return nil, bad("wait needs milliseconds, got %q", rest)
			}
			l.Wait = time.Duration(ms) * time.Millisecond
		default:
			return nil, bad("unknown command %q (known: click, dblclick, hover, type, press, select, scroll, goto, wait, assert, drag, undo, pause, resume)", op)
		}
		out = append(out, l)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read drive script: %w", err)
	}
	return out, nil
}

// oneSelector reads a line's last selector, quoted or not: an empty one, or
// text after a quoted one, is an error.
func oneSelector(s string) (string, error) {
	sel, after, quoted, err := quotedSelector(s)
	switch {
	case err != nil:
		return "", err
	case !quoted:
		sel = s
	case strings.TrimSpace(after) != "":
		return "", fmt.Errorf("only a selector may follow; %q is left", strings.TrimSpace(after))
	}
	if sel == "" {
		return "", fmt.Errorf("a CSS selector is missing")
	}
	return sel, nil
}

// splitSelector splits "SEL REST" where SEL may hold spaces inside
// brackets, parentheses or quotes, and around combinators.
func splitSelector(s string) (sel, rest string) {
	depth := 0
	var quote byte
	i := 0
	for i < len(s) {
		c := s[i]
		switch {
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '[' || c == '(':
			depth++
		case c == ']' || c == ')':
			depth--
		case c == ' ' && depth <= 0:
			// a space followed by a combinator, or preceded by one, continues the selector
			after := strings.TrimLeft(s[i:], " ")
			before := strings.TrimRight(s[:i], " ")
			if strings.HasPrefix(after, ">") || strings.HasPrefix(after, "+") || strings.HasPrefix(after, "~") ||
				strings.HasSuffix(before, ">") || strings.HasSuffix(before, "+") || strings.HasSuffix(before, "~") {
				i++
				continue
			}
			return s[:i], s[i+1:]
		}
		i++
	}
	return s, ""
}

// quotedSelector reads a quoted selector at the start of s: the selector,
// the rest of s after the closing quote, and whether s started with one.
func quotedSelector(s string) (sel, rest string, quoted bool, err error) {
	if s == "" || (s[0] != '"' && s[0] != '\'') {
		return "", s, false, nil
	}
	q := s[0]
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\' && i+1 < len(s) && (s[i+1] == q || s[i+1] == '\\'):
			b.WriteByte(s[i+1])
			i++
		case c == q:
			if i+1 < len(s) && s[i+1] != ' ' && s[i+1] != '\t' {
				return "", "", true, fmt.Errorf("a space must follow the quoted selector %s", s[:i+1])
			}
			return b.String(), s[i+1:], true, nil
		default:
			b.WriteByte(c)
		}
	}
	return "", "", true, fmt.Errorf("the selector's quote %c is not closed", q)
}

func firstWord(s string) string {
	s = strings.TrimLeft(s, " \t")
	if i := strings.IndexAny(s, " \t"); i >= 0 {
		return s[:i]
	}
	return s
}

// htmlTags are element names that read as a selector's next compound
// when they start a type line's text ("type #list li Buy milk").
var htmlTags = map[string]bool{}

func init() {
	for _, t := range strings.Fields(`a abbr article aside audio b blockquote body button canvas caption code col dd details
		dialog div dl dt em fieldset figure footer form h1 h2 h3 h4 h5 h6 header hr i iframe img input label legend li
		main nav ol option output p pre section select small span strong summary table tbody td textarea tfoot th
		thead tr ul video`) {
		htmlTags[t] = true
	}
}

// looksLikeSelector reports whether w reads as a CSS compound selector:
// an element name, or a word holding a class, id, attribute or pseudo
// part (".edit", "input.edit", "#q", "[name=x]", "li:first-child").
func looksLikeSelector(w string) bool {
	if w == "" {
		return false
	}
	if htmlTags[strings.ToLower(w)] {
		return true
	}
	switch w[0] {
	case '.', '#', '[', ':', '*':
		return len(w) > 1
	}
	i := strings.IndexAny(w, ".#[:")
	if i <= 0 || i == len(w)-1 {
		return false
	}
	return htmlTags[strings.ToLower(w[:i])] || strings.Contains(w[:i], "-")
}
