package snapshot

import (
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// TestSnapshotSpecs runs the Ginkgo specs of the snapshot against real
// Chromium and the fixture pages on 127.0.0.1. Each spec body is a
// function of testing.TB (GinkgoTB), so that a failure names the node and
// what was expected of it.
func TestSnapshotSpecs(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "snapshot")
}

var _ = Describe("a snapshot", func() {
	Describe("tiers", func() {
		It("sorts elements into semantic, interactive by heuristics and structural, with roles and names", func() { specTiers(GinkgoTB()) })
		It("makes an element interactive by its pointer cursor exactly where Chromium's computed style says so", func() {
			specPointerAgreesWithComputedStyle(GinkgoTB())
		})
	})

	Describe("flattening", func() {
		DescribeTable("keeps every tier-1 and tier-2 element under its nearest kept ancestor, in document order",
			func(path string) { specFlattening(GinkgoTB(), path) },
			Entry("plain page", "/snapshot/basics.html"),
			Entry("open and closed shadow roots", "/snapshot/shadow.html"),
			Entry("same- and cross-origin frames", "/snapshot/frames.html?other=OTHER"),
			Entry("generated page of 1500 elements", "/snapshot/generated.html?n=1500"),
		)
		It("hoists the children of wrappers it drops", func() { specHoisted(GinkgoTB()) })
	})

	Describe("node ids and maps", func() {
		It("numbers nodes node_1, node_2... alike in two captures, and maps them both ways to backend node ids", func() {
			specIDsAndMaps(GinkgoTB())
		})
	})

	Describe("freshness", func() {
		It("is reused while fresh, taken anew after 30 s, after Invalidate and on DOM.documentUpdated", func() {
			specServiceCachesAndInvalidates(GinkgoTB())
		})
	})

	Describe("frames and shadow roots", func() {
		It("walks same- and cross-origin frames in place, with frame paths and top-level boxes", func() { specFrames(GinkgoTB()) })
		It("walks a cross-site frame that lives in its own process through its own session", func() {
			specFramesOutOfProcess(GinkgoTB())
		})
		It("walks open and closed shadow roots, slotted children at their slots", func() { specShadowRoots(GinkgoTB()) })
		It("walks a closed root on a plain element when the replay's ClosedRoots script kept it", func() { specClosedRootsKept(GinkgoTB()) })
	})

	Describe("boxes, visibility and values", func() {
		It("marks a node in the viewport when at least half of it is", func() { specInViewport(GinkgoTB()) })
		It("says a node is visible exactly when Chromium's checkVisibility does", func() {
			specVisibleAgreesWithCheckVisibility(GinkgoTB())
		})
		It("never holds a password", func() { specPasswordNeverCaptured(GinkgoTB()) })
		It("carries quotes, commas, new lines, emoji and lone surrogates unharmed", func() {
			specStringsSurviveTheWalk(GinkgoTB())
		})
	})

	Describe("lookups", func() {
		It("finds nodes by role and name, label, placeholder, test id and text", func() { specFind(GinkgoTB()) })
	})

	Describe("agreement with Chromium", func() {
		It("gives every visible tier-1 node the role and name of Accessibility.getFullAXTree", func() {
			specAgreementWithChromium(GinkgoTB())
		})
	})

	Describe("transfer", func() {
		It("decodes an answer in chunks, asked ahead or not, as the same nodes as in one piece", func() {
			specChunkedCaptureMatchesOnePiece(GinkgoTB())
		})
		It("asks for the chunks in order, so that the first is not held back by the others", func() {
			specChunksAskedInOrder(GinkgoTB())
		})
	})
})
