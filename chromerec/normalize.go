package chromerec

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strings"
)

// Normalize reads a recording as generic JSON with every default of
// Chrome's format made explicit the one way: a one-part selector as an
// array, no "target": "main", no "button": "primary", a waitForElement's
// "visible": true, "operator": ">=" and "count": 1 left out, a scroll's
// x and y of 0 left out, an asserted event's empty title left out, empty
// arrays and objects left out. Two
// recordings that Normalize makes equal are the same recording.
func Normalize(data []byte) (any, error) {
	var v map[string]any
	if err := json.Unmarshal(data, &v); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNotRecording, err)
	}
	if a, _ := v["selectorAttribute"].(string); a == "" {
		delete(v, "selectorAttribute")
	}
	steps, _ := v["steps"].([]any)
	for _, s := range steps {
		m, ok := s.(map[string]any)
		if !ok {
			continue
		}
		normStep(m)
	}
	return v, nil
}

func normStep(m map[string]any) {
	if t, _ := m["target"].(string); t == "main" {
		delete(m, "target")
	}
	if b, _ := m["button"].(string); b == "primary" {
		delete(m, "button")
	}
	if sels, ok := m["selectors"].([]any); ok {
		for i, s := range sels {
			if str, ok := s.(string); ok {
				sels[i] = []any{str}
			}
		}
	}
	if m["type"] == TypeWaitForElement {
		if vis, ok := m["visible"].(bool); ok && vis {
			delete(m, "visible")
		}
		if op, _ := m["operator"].(string); op == ">=" {
			delete(m, "operator")
		}
		if c, ok := m["count"].(float64); ok && c == 1 && m["operator"] == nil {
			delete(m, "count")
		}
	}
	if m["type"] == TypeScroll {
		for _, k := range []string{"x", "y"} {
			if v, ok := m[k].(float64); ok && v == 0 {
				delete(m, k)
			}
		}
	}
	if evs, ok := m["assertedEvents"].([]any); ok {
		for _, e := range evs {
			if em, ok := e.(map[string]any); ok {
				if t, _ := em["title"].(string); t == "" {
					delete(em, "title")
				}
			}
		}
	}
	for k, v := range m {
		switch x := v.(type) {
		case []any:
			if len(x) == 0 {
				delete(m, k)
			}
		case map[string]any:
			if len(x) == 0 && k != "parameters" {
				delete(m, k)
			}
		}
	}
}

// Same reports whether two recordings are the same once normalized
// (Normalize), and when not, the first difference found.
func Same(a, b []byte) (bool, string, error) {
	na, err := Normalize(a)
	if err != nil {
		return false, "", err
	}
	nb, err := Normalize(b)
	if err != nil {
		return false, "", err
	}
	if reflect.DeepEqual(na, nb) {
		return true, "", nil
	}
	return false, diff("", na, nb), nil
}

// keysOf is the keys of x and y, sorted.
func keysOf(x, y map[string]any) []string {
	names := make([]string, 0, len(x)+len(y))
	for k := range x {
		names = append(names, k)
	}
	for k := range y {
		if _, ok := x[k]; !ok {
			names = append(names, k)
		}
	}
	sort.Strings(names)
	return names
}

// diff names the first place where a and b differ.
func diff(path string, a, b any) string {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok {
			return fmt.Sprintf("%s: %s against %s", orRoot(path), show(a), show(b))
		}
		names := keysOf(x, y)
		for _, k := range names {
			va, ina := x[k]
			vb, inb := y[k]
			switch {
			case !ina:
				return fmt.Sprintf("%s.%s: missing, against %s", path, k, show(vb))
			case !inb:
				return fmt.Sprintf("%s.%s: %s, against nothing", path, k, show(va))
			}
			if d := diff(path+"."+k, va, vb); d != "" {
				return d
			}
		}
		return ""
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return fmt.Sprintf("%s: %s against %s", orRoot(path), show(a), show(b))
		}
		for i := range x {
			if d := diff(fmt.Sprintf("%s[%d]", path, i), x[i], y[i]); d != "" {
				return d
			}
		}
		return ""
	}
	if !reflect.DeepEqual(a, b) {
		return fmt.Sprintf("%s: %s against %s", orRoot(path), show(a), show(b))
	}
	return ""
}

func orRoot(p string) string {
	if p == "" {
		return "(recording)"
	}
	return p
}

func show(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	s := string(b)
	if len(s) > 120 {
		s = s[:117] + "..."
	}
	return strings.ReplaceAll(s, "\n", " ")
}
