package similarity

import "github.com/qa-chain/chainreplay/snapshot"

// fillContext copies what the snapshot knows of the node's place in the
// page: its absolute XPath in the recorder's form and its neighbour texts.
func fillContext(c *Candidate, n *snapshot.Node) {
	c.XPath = n.AbsoluteXPath
	c.Neighbours = append([]string(nil), n.Neighbours...)
	// The snapshot does not name regions: leave them out of its score.
	c.Unknown = append(c.Unknown, Region)
}
