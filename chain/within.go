package chain

import (
	"strconv"
	"strings"
)

// BesideNote says which other texts of its item a Within's text had to
// be read with (Beside), as a report names the item: ` beside "a" or
// "b"`, and where the target was in the row on its line (Line): `, on
// its line`, or in the rows under it in a tree (Under): `, in the rows
// under it`; "" when none.
func (s Strategy) BesideNote() string {
	line := ""
	if s.Line {
		line = ", on its line"
	}
	if s.Under {
		line = ", in the rows under it"
	}
	if len(s.Beside) == 0 {
		return line
	}
	q := make([]string, len(s.Beside))
	for i, b := range s.Beside {
		q[i] = strconv.Quote(b)
	}
	return " beside " + strings.Join(q, " or ") + line
}
