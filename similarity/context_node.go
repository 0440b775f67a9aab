package similarity

import "github.com/qa-chain/chainreplay/snapshot"

// fillContext copies what the snapshot knows of the node's place in the
// page. The snapshot does not yet report XPaths or neighbour texts, so
// both are marked unknown and left out of scores rather than counted as
// missing.
func fillContext(c *Candidate, n *snapshot.Node) {
	c.Unknown = append(c.Unknown, XPath, Neighbours)
}
