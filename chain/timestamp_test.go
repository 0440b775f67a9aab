package chain

import (
	"testing"
	"time"
)

// A flow written again by another YAML tool keeps its timestamp in a form
// YAML allows besides RFC 3339 (PyYAML: a space before the time).
func TestRecordedAtInOtherYAMLForms(t *testing.T) {
	for v, want := range map[string]string{
		"2026-11-30 08:13:21+00:00":    "2026-11-30T08:13:21Z",
		"2026-11-30 08:13:21.5 +02:00": "2026-11-30T06:13:21.5Z",
		"2026-11-30":                   "2026-11-30T00:00:00Z",
		"2026-11-30T08:13:21Z":         "2026-11-30T08:13:21Z",
	} {
		f, err := Parse("f.yaml", []byte("version: 1\nname: x\nstart_url: http://a/\nrecorded_at: "+v+"\nsteps:\n  - action: navigate\n    url: http://a/\n"))
		if err != nil {
			t.Errorf("%s: %v", v, err)
			continue
		}
		if got := f.RecordedAt.UTC().Format(time.RFC3339Nano); got != want {
			t.Errorf("%s: recorded_at %s, want %s", v, got, want)
		}
	}
}
