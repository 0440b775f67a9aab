// Package flowupdate writes what a replay healed back into the flow, for
// `replayer --update-flows`: each passed step whose report carries a
// report.Healing with a target (the element described anew during the
// replay exactly as the recorder describes one: its whole chain, a fresh
// fingerprint and fresh coordinates) gets that target, so that a healed
// flow is as strong as a fresh recording. That is done for steps that were
// healed and for steps whose winner held while other strategies of their
// chain broke (report.Healing.Drift), and for steps whose target was not
// described (report.Healing.Described: an imported Chrome recording's,
// which keeps its own selectors besides); an unchanged step is left as it
// is.
// A healing without a target (a report from a replay that did not describe
// the element) rewrites the chain from the strategies that found the
// element. The file is replaced atomically with the old one kept as .bak
// (chain.SaveWithBackup).
//
// It reads flows and reports; it knows nothing of browsers or of how
// strategies are evaluated.
package flowupdate
