// Package similarity finds a changed element again by weighted attribute
// similarity, in the research line of Similo and VON Similo (Nass et al.):
// each live candidate is compared with the fingerprint recorded for the
// target, attribute by attribute, with string similarity rather than
// equality (normalized Levenshtein for identifiers, word-set Jaccard for
// texts and class lists, common segments for XPaths, distance for location,
// ratios for area and shape), and the weighted similarities are summed.
// Attributes missing on both sides are ignored, not counted as matches;
// stable attributes weigh more than volatile ones.
//
// Beyond Similo, a candidate's score is damped when it lacks corroboration:
// an element that reads like the target but sits among other neighbours,
// elsewhere in the tree and on the page (a decoy), or that sits where the
// target was but shares none of its identifying attributes (a replacement),
// is not healed onto. Rank then returns the best candidate with a
// confidence that reflects both its score and its margin over the
// runner-up; a near tie is Ambiguous and a best score under the floor is
// NotFound, never a guess.
//
// The package is pure logic: it reads snapshot nodes and chain fingerprints
// and never touches a browser, a flow file or a report.
package similarity
