// Package chain is the flow file: the YAML model of a recorded test, its
// validation, and its atomic saving.
//
// A Flow is a named list of Steps recorded from a start URL with a viewport.
// Each Step has an Action, the values that action needs, and a Target: a
// fallback Chain of Strategies ordered by confidence (coordinates always
// last) plus a Fingerprint of everything captured about the element, used
// for verification and healing.
//
// Load reads and validates a file and reports every problem with file, line
// and field (see ValidationError); Save writes atomically through a
// temporary file, fsync and rename. Version is the only format version this
// package reads and writes.
//
// The package knows nothing of browsers, DevTools or how strategies are
// evaluated: it is pure data, shared by the recorder, the replayer and the
// converters.
package chain
