package snapshot

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Attr is one attribute of an element.
type Attr struct {
	Name, Value string
}

// Attrs are an element's attributes of interest, in the element's order.
// They are a slice, not a map, because a capture makes one per node: a
// 10k-element page's maps took 1.4 MB and a sixth of the decode. In JSON
// they are an object, {"id": "login", "class": "btn"}.
type Attrs []Attr

// Lookup returns the value of the attribute name and whether it is present.
func (a Attrs) Lookup(name string) (string, bool) {
	for i := range a {
		if a[i].Name == name {
			return a[i].Value, true
		}
	}
	return "", false
}

// Get returns the value of the attribute name, "" when absent.
func (a Attrs) Get(name string) string {
	v, _ := a.Lookup(name)
	return v
}

// MarshalJSON writes the attributes as a JSON object, in their order.
func (a Attrs) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, x := range a {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := json.Marshal(x.Name)
		if err != nil {
			return nil, err
		}
		v, err := json.Marshal(x.Value)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// UnmarshalJSON reads a JSON object of string values, keeping its order.
func (a *Attrs) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		*a = nil
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return fmt.Errorf("snapshot: attrs: want a JSON object")
	}
	var out Attrs
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return fmt.Errorf("snapshot: attrs: %w", err)
		}
		var v string
		if err := dec.Decode(&v); err != nil {
			return fmt.Errorf("snapshot: attrs: %q: %w", t, err)
		}
		out = append(out, Attr{Name: t.(string), Value: v})
	}
	*a = out
	return nil
}
