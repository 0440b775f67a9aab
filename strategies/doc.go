// Package strategies evaluates one strategy of a chain on a live page: each
// evaluator says whether it found the element, how many matched, where to
// act and with what confidence, after verifying the element against the
// step's fingerprint.
//
// An Evaluator handles one chain.StrategyType and registers itself with
// Register. Every strategy that names elements (test id, id, name,
// placeholder, CSS, XPath, role and accessible name, label, text) is a
// query of the page model (package pagemodel, QueryOf): one evaluator,
// query.go. The Env of a locate round asks the model for the answers of
// every query strategy of the chain at once (one page function in the
// target's document, its frame path's while that resolves) and Conclude
// verifies each match against the fingerprint (Verify), picks one (the
// recorded Nth while it still fits, else the one that verifies best; every
// match counts, rendered or not) and turns the recorded confidence into an
// evidence-adjusted one (Adjust). Similarity (similarity.go) ranks the page
// snapshot's interactive elements (package snapshot) against the
// fingerprint; coordinates (coordinates.go, seed 000) find the recorded
// point on the page as it is now and verify the element the pointer would
// reach there.
//
// It knows nothing of YAML files, flows, reports or of acting on the page:
// it receives a strategy and a target and reads the page through the page
// model. The only page state it changes is the scroll position, when the
// coordinates strategy must bring a recorded point into view (seed 000).
package strategies
