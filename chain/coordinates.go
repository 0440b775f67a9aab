package chain

import (
	"fmt"

	"gopkg.in/yaml.v3"
)

// CoordinatesMeta is the metadata of a coordinates strategy, exactly the
// keys of seed 000.
type CoordinatesMeta struct {
	// X and Y are the recorded point in viewport CSS pixels.
	X            float64  `yaml:"x"`
	Y            float64  `yaml:"y"`
	BoundingRect *Rect    `yaml:"boundingRect,omitempty"`
	Viewport     *Size    `yaml:"viewport,omitempty"`
	ScrollPos    *Point   `yaml:"scrollPosition,omitempty"`
	TagName      string   `yaml:"tagName,omitempty"`
	ElementID    string   `yaml:"elementId,omitempty"`
	ClassList    []string `yaml:"classList,omitempty"`
	// DevicePixelRatio at record time, when known.
	DevicePixelRatio float64 `yaml:"devicePixelRatio,omitempty"`
	// Fixed says the element stood in a fixed layer of the top document
	// (it or an ancestor had position: fixed: a fixed bar, a modal
	// dialog): the point is a viewport point whatever the page's scroll.
	Fixed bool `yaml:"fixed,omitempty"`
	// ContainerScroll are the scroll offsets of the scroll containers the
	// element sat in (a dialog, a list that scrolls), outermost first: the
	// point shows the element only with them scrolled so.
	ContainerScroll []Point `yaml:"containerScroll,omitempty"`
}

// Coordinates decodes s.Metadata as CoordinatesMeta. It fails when x or y
// is missing or not a number.
func (s Strategy) Coordinates() (CoordinatesMeta, error) {
	var m CoordinatesMeta
	if s.Metadata == nil {
		return m, fmt.Errorf("metadata with x and y is required")
	}
	for _, k := range []string{"x", "y"} {
		if _, ok := s.Metadata[k]; !ok {
			return m, fmt.Errorf("metadata.%s is required", k)
		}
	}
	b, err := yaml.Marshal(s.Metadata)
	if err != nil {
		return m, err
	}
	if err := yaml.Unmarshal(b, &m); err != nil {
		return m, fmt.Errorf("metadata: %w", err)
	}
	return m, nil
}

// Map turns m into strategy metadata.
func (m CoordinatesMeta) Map() map[string]any {
	b, err := yaml.Marshal(m)
	if err != nil {
		panic(err) // a plain struct always marshals
	}
	out := map[string]any{}
	if err := yaml.Unmarshal(b, &out); err != nil {
		panic(err)
	}
	return out
}

// CoordinatesStrategy returns a coordinates strategy at confidence c
// holding m.
func CoordinatesStrategy(m CoordinatesMeta, c float64) Strategy {
	return Strategy{Type: Coordinates, Confidence: c, Metadata: m.Map()}
}
