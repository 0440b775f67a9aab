package chain

import (
	"strconv"
	"strings"
)

// BesideNote says which other texts of its item a Within's text had to
// be read with (Beside), as a report names the item: ` beside "a" or
// "b"`; "" when none.
func (s Strategy) BesideNote() string {
	if len(s.Beside) == 0 {
		return ""
	}
	q := make([]string, len(s.Beside))
	for i, b := range s.Beside {
		q[i] = strconv.Quote(b)
	}
	return " beside " + strings.Join(q, " or ")
}
