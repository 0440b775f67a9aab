package e2e

import (
	"context"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/qa-chain/chainreplay/internal/browser"
)

var _ = Describe("the browser path", func() {
	It("opens a fixture page in real Chromium and clicks through DevTools input", func() {
		page := Chromium.MustPage(Fixtures.URL + "/login.html")
		ClosePage(page)
		Expect(browser.WaitLoadWithin(context.Background(), page, browser.LoadTimeout)).To(Succeed())
		Expect(page.MustInfo().Title).To(Equal("Sign in · Acme"))

		Fixtures.ResetEvents()
		page.MustElement("#login-btn").MustClick()
		Eventually(Fixtures.Events).Should(ContainElement(HaveField("Element", "submit")))
		Expect(page.MustElement("#status").MustText()).To(Equal("Enter your email and password"))
	})
})
