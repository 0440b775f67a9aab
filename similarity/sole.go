package similarity

import (
	"strings"

	"github.com/qa-chain/chainreplay/chain"
)

// Name likeness for MarkSole: a candidate is named like the target when
// its accessible name is at least SoleNameSim like the recorded one
// (textSim), and it is the sole such candidate only when no other of the
// role comes within SoleRivalSim.
const (
	SoleNameSim  = 0.8
	SoleRivalSim = 0.5
)

// MarkSole sets Sole on the candidate, if any, that is the only one of the
// page matching the target in a way the target was the only one at record
// time:
//   - the fingerprint says the target was the only element of its tag,
//     input type and role (KindCount 1), and the candidate is now the only
//     candidate of that kind; or
//   - the fingerprint says it was the only element of its role with its
//     accessible name (NameCount 1), and the candidate is now the only one
//     of that role named like it (SoleNameSim), with no other of the role
//     near that name (SoleRivalSim).
//
// It also sets Survivor on every candidate named like the target
// (SoleNameSim) when fewer are now than the NameCount recorded: a
// look-alike, maybe the target, was removed (see Options).
//
// cands must be every candidate of the page, not a shortlist. A
// fingerprint without those counts (older flows, imported recordings)
// marks nothing.
func MarkSole(fp chain.Fingerprint, cands []Candidate) {
	for i := range cands {
		cands[i].Sole, cands[i].Survivor = false, false
	}
	markSurvivors(fp, cands)
	if fp.KindCount == 1 {
		if i := only(cands, func(c *Candidate) bool { return sameKind(fp, c) }); i >= 0 {
			cands[i].Sole = true
			return
		}
	}
	name := strings.TrimSpace(fp.AccessName)
	if fp.NameCount != 1 || name == "" || fp.Role == "" {
		return
	}
	near := func(c *Candidate, at float64) bool {
		return strings.EqualFold(c.Role, fp.Role) && strings.TrimSpace(c.AccessName) != "" && textSim(name, c.AccessName) >= at
	}
	if only(cands, func(c *Candidate) bool { return near(c, SoleRivalSim) }) < 0 {
		return
	}
	if i := only(cands, func(c *Candidate) bool { return near(c, SoleNameSim) }); i >= 0 {
		cands[i].Sole = true
	}
}

// only is the index of the one candidate ok accepts, or -1 when none or
// several do.
func only(cands []Candidate, ok func(*Candidate) bool) int {
	at := -1
	for i := range cands {
		if ok(&cands[i]) {
			if at >= 0 {
				return -1
			}
			at = i
		}
	}
	return at
}

// sameKind reports whether c has the recorded tag, input type and role.
func sameKind(fp chain.Fingerprint, c *Candidate) bool {
	return fp.Tag != "" && strings.EqualFold(fp.Tag, c.Tag) &&
		strings.EqualFold(inputType(fp.Tag, fp.Type), inputType(c.Tag, c.Type)) &&
		strings.EqualFold(fp.Role, c.Role)
}

// contextSilent reports whether the recorded context texts cannot tell the
// candidates apart: the fingerprint has none (no neighbour texts, no
// region), or none of them is near any candidate's any more (the page's
// own wording changed: a heading reworded, a section renamed): the best
// similarity of each recorded context attribute stays under ContextFull.
// A recorded attribute that no candidate could be compared on (its source
// cannot observe it) is not silent: it might have told.
func contextSilent(fp chain.Fingerprint, ranked []Scored) bool {
	for _, a := range []Attr{Neighbours, Region} {
		if a == Neighbours && len(nonBlank(fp.Neighbours)) == 0 || a == Region && strings.TrimSpace(fp.Region) == "" {
			continue
		}
		compared := false
		for i := range ranked {
			for _, p := range ranked[i].Parts {
				if p.Attr != a {
					continue
				}
				compared = true
				if p.Sim >= ContextFull {
					return false
				}
			}
		}
		if !compared {
			return false
		}
	}
	return true
}

// markSurvivors sets Survivor on the candidates named like the target
// (SoleNameSim) when there are fewer of them than the target had
// look-alikes of its role and name at record time (NameCount).
func markSurvivors(fp chain.Fingerprint, cands []Candidate) {
	name := strings.TrimSpace(fp.AccessName)
	if fp.NameCount < 2 || name == "" || fp.Role == "" {
		return
	}
	var alike []int
	for i := range cands {
		c := &cands[i]
		if strings.EqualFold(c.Role, fp.Role) && strings.TrimSpace(c.AccessName) != "" && textSim(name, c.AccessName) >= SoleNameSim {
			alike = append(alike, i)
		}
	}
	if len(alike) >= fp.NameCount {
		return
	}
	for _, i := range alike {
		cands[i].Survivor = true
	}
}
