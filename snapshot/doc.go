// Package snapshot builds the hybrid page snapshot of seeds 003 and 004: every
// element of the page, through iframes and shadow roots, with its accessibility
// role and name, its tier (1 semantic, 2 interactive by heuristics, 3
// structural), its box and whether it is in the viewport, under ids "node_N"
// stable within one snapshot, with maps both ways to DevTools backend node ids.
//
// The recorder reads a target's semantic metadata from it, the replay
// strategies look elements up in it (role and name, label, text, test id),
// similarity healing scores its tier-1 and tier-2 nodes, and `replayer
// snapshot` prints it.
//
// It knows nothing of flows, chains or reports: it reads pages through rod
// and answers queries.
package snapshot
