// Package flowupdate writes what a replay healed back into the flow, for
// `replayer --update-flows`: each passed step whose report carries a
// report.Healing gets a new chain, the strategy that found the element
// first, then those that agreed with it, then the recorded strategies the
// replay did not get to try, the similarity strategy, and coordinates last.
// Strategies that were tried and found nothing, or found another element,
// are dropped: they are what broke. The file is replaced atomically with the
// old one kept as .bak (chain.SaveWithBackup).
//
// It reads flows and reports; it knows nothing of browsers or of how
// strategies are evaluated.
package flowupdate
