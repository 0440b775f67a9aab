// Package strategies evaluates one strategy of a chain on a live page: each
// evaluator says whether it found the element, how many matched, where to
// act and with what confidence, after verifying the element against the
// step's fingerprint.
//
// It knows nothing of YAML files, flows or reports: it receives a strategy
// and a fingerprint and reads the page through rod.
package strategies
