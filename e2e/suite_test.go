package e2e

import (
	"time"

	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-rod/rod"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"github.com/onsi/gomega/gexec"

	"github.com/qa-chain/chainreplay/fixtures"
	"github.com/qa-chain/chainreplay/internal/browser"
)

// Shared by every spec of the suite.
var (
	// Fixtures serves the fixture pages.
	Fixtures *fixtures.Server
	// Chromium is one headless browser; specs open their own pages.
	Chromium *browser.Browser
	// RecorderBin and ReplayerBin are the built commands.
	RecorderBin, ReplayerBin string
)

func TestE2E(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "e2e")
}

var _ = BeforeSuite(func() {
	var err error
	_, err = browser.Resolve(os.Getenv(browser.EnvVar))
	Expect(err).NotTo(HaveOccurred(), "the e2e suite needs Chromium")

	Fixtures, err = fixtures.Start(fixtures.Options{})
	Expect(err).NotTo(HaveOccurred())
	DeferCleanup(Fixtures.Close)

	Chromium, err = browser.Start(context.Background(), browser.Options{})
	Expect(err).NotTo(HaveOccurred())
	DeferCleanup(Chromium.Close)

	RecorderBin, err = gexec.Build("github.com/qa-chain/chainreplay/cmd/recorder")
	Expect(err).NotTo(HaveOccurred())
	ReplayerBin, err = gexec.Build("github.com/qa-chain/chainreplay/cmd/replayer")
	Expect(err).NotTo(HaveOccurred())
	DeferCleanup(gexec.CleanupBuildArtifacts)
})

// TempPath returns a path in a folder removed after the spec.
func TempPath(name string) string {
	return filepath.Join(GinkgoT().TempDir(), name)
}

// ClosePage closes p after the spec. A page whose target is already gone
// (rod cancels the page's context when its session detaches, as when a
// renderer dies on a loaded machine) needs no closing: that is not the
// spec's failure.
func ClosePage(p *rod.Page) {
	DeferCleanup(func() error {
		if err := p.Close(); err != nil && p.GetContext().Err() == nil {
			return err
		}
		return nil
	})
}

// SettledEvents returns the fixture server's events once no new one has
// come for quiet (the pages post them asynchronously), or, on a page that
// keeps reporting, after 15 s.
func SettledEvents(quiet time.Duration) []fixtures.Event {
	deadline := time.Now().Add(15 * time.Second)
	last := -1
	for {
		n := len(Fixtures.Events())
		if n == last || time.Now().After(deadline) {
			return Fixtures.Events()
		}
		last = n
		time.Sleep(quiet)
	}
}
