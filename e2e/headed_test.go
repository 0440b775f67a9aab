package e2e

import (
	"bufio"
	"bytes"
	"context"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"github.com/onsi/gomega/gexec"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/internal/browser"
	"github.com/qa-chain/chainreplay/recorder"
)

// DocsEnv, when set to a folder, makes the headed spec save its screenshot
// of the toolbar there as toolbar.png (the README's picture:
// CHAINREPLAY_DOCS=$PWD/docs go test ./e2e -ginkgo.focus headed).
const DocsEnv = "CHAINREPLAY_DOCS"

// startXvfb starts a virtual display for this test process and returns
// its DISPLAY value. Xvfb picks a free display number itself (-displayfd),
// so a server left running by another process or user never collides with
// this one. A missing Xvfb fails the spec: scripts/test.sh installs it.
func startXvfb() string {
	GinkgoHelper()
	bin, err := exec.LookPath("Xvfb")
	Expect(err).NotTo(HaveOccurred(), "Xvfb is not installed: apt-get install -y xvfb (scripts/test.sh does it)")
	r, w, err := os.Pipe()
	Expect(err).NotTo(HaveOccurred())
	defer r.Close()
	// The write end is the child's fd 3.
	cmd := exec.Command(bin, "-displayfd", "3", "-screen", "0", "1280x900x24", "-nolisten", "tcp")
	cmd.ExtraFiles = []*os.File{w}
	cmd.Stdout, cmd.Stderr = GinkgoWriter, GinkgoWriter
	Expect(cmd.Start()).To(Succeed())
	w.Close()
	DeferCleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})
	got := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(r).ReadString('\n')
		got <- strings.TrimSpace(line)
	}()
	var n string
	Eventually(got).WithTimeout(15*time.Second).Should(Receive(&n), "Xvfb did not report its display")
	Expect(n).To(MatchRegexp(`^[0-9]+$`), "Xvfb reported no display number (did it exit? see its output above)")
	return ":" + n
}

// near reports whether c is within d of the colour (r, g, b) in each channel.
func near(img image.Image, x, y int, r, g, b, d uint32) bool {
	cr, cg, cb, _ := img.At(x, y).RGBA()
	diff := func(a, b uint32) uint32 {
		a >>= 8
		if a > b {
			return a - b
		}
		return b - a
	}
	return diff(cr, r) <= d && diff(cg, g) <= d && diff(cb, b) <= d
}

// count is how many pixels of rect in img satisfy ok.
func count(img image.Image, rect chain.Rect, ok func(x, y int) bool) int {
	n := 0
	for y := int(rect.Y); y < int(rect.Y+rect.Height); y++ {
		for x := int(rect.X); x < int(rect.X+rect.Width); x++ {
			if ok(x, y) {
				n++
			}
		}
	}
	return n
}

// textBands is the number of runs of rows of rect that hold light text.
func textBands(img image.Image, rect chain.Rect) int {
	bands, in := 0, false
	for y := int(rect.Y); y < int(rect.Y+rect.Height); y++ {
		light := count(img, chain.Rect{X: rect.X, Y: float64(y), Width: rect.Width, Height: 1}, func(x, y int) bool {
			r, g, b, _ := img.At(x, y).RGBA()
			return r>>8 > 170 && g>>8 > 170 && b>>8 > 170
		})
		if light >= 3 && !in {
			bands++
		}
		in = light >= 3
	}
	return bands
}

var _ = Describe("recording headed, on a virtual display", Ordered, func() {
	var display string

	BeforeAll(func() {
		display = startXvfb()
	})

	It("records a flow with the recorder command in a browser window", func() {
		out := TempPath("headed.yaml")
		script := TempPath("headed.txt")
		Expect(os.WriteFile(script, []byte("hover #projects\nclick #menu-alpha\nassert text #status\n"), 0o644)).To(Succeed())
		cmd := exec.Command(RecorderBin, "--url", Fixtures.URL+"/board.html", "--out", out, "--drive", script)
		cmd.Env = append(os.Environ(), "DISPLAY="+display)
		s, err := gexec.Start(cmd, GinkgoWriter, GinkgoWriter)
		Expect(err).NotTo(HaveOccurred())
		Eventually(s, 90*time.Second).Should(gexec.Exit(0))
		f, err := chain.Load(out)
		Expect(err).NotTo(HaveOccurred())
		Expect(recActions(f)).To(Equal([]chain.Action{chain.Hover, chain.Click, chain.AssertText}))
		Expect(f.Steps[2].Text).To(Equal("Project: Alpha"))
	})

	It("shows the toolbar with the steps recorded, and in assert mode outlines the element under the pointer", func() {
		ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
		defer cancel()
		b, err := browser.Start(ctx, browser.Options{Headed: true, Env: []string{"DISPLAY=" + display}, ExtraFlags: []string{"window-size=1100,760"}})
		Expect(err).NotTo(HaveOccurred())
		DeferCleanup(b.Close)
		page, err := b.Page(proto.TargetCreateTarget{URL: "about:blank"})
		Expect(err).NotTo(HaveOccurred())
		rec := recorder.New(b.Browser, recorder.Options{})
		Expect(rec.Start(ctx, page, Fixtures.URL+"/board.html")).To(Succeed())
		DeferCleanup(func() { _ = rec.Finish("test over") })
		lines, err := recorder.ParseDrive(bytes.NewBufferString("hover #projects\nclick #menu-beta\ntype #owner Dana Scully\n"))
		Expect(err).NotTo(HaveOccurred())
		Expect((&recorder.Driver{Rec: rec, Page: page}).Run(ctx, lines)).To(Succeed())
		Expect(rec.Flow().Steps).To(HaveLen(3))

		// The assert mode, turned on as a person does: a click on the
		// toolbar's Text button, then the pointer over the status line.
		btn, err := rec.ToolbarBox(ctx, "assert-text")
		Expect(err).NotTo(HaveOccurred())
		mouse := func(typ proto.InputDispatchMouseEventType, x, y float64) {
			ev := proto.InputDispatchMouseEvent{Type: typ, X: x, Y: y}
			if typ != proto.InputDispatchMouseEventTypeMouseMoved {
				ev.Button, ev.ClickCount = proto.InputMouseButtonLeft, 1
			}
			Expect(ev.Call(page.Context(ctx))).To(Succeed())
		}
		bx, by := btn.X+btn.Width/2, btn.Y+btn.Height/2
		mouse(proto.InputDispatchMouseEventTypeMouseMoved, bx, by)
		mouse(proto.InputDispatchMouseEventTypeMousePressed, bx, by)
		mouse(proto.InputDispatchMouseEventTypeMouseReleased, bx, by)
		var status chain.Rect
		Expect(page.MustEval(`() => { const r = document.querySelector("#status").getBoundingClientRect(); return {x: r.x, y: r.y, width: r.width, height: r.height}; }`).Unmarshal(&status)).To(Succeed())

		// Until the recorder has switched the mode, a move outlines
		// nothing: move and look again.
		var img image.Image
		var shot []byte
		outlined := func() int {
			edge := chain.Rect{X: status.X - 2, Y: status.Y - 2, Width: status.Width + 4, Height: 4}
			return count(img, edge, func(x, y int) bool { return near(img, x, y, 0x1a, 0x73, 0xe8, 40) })
		}
		Eventually(func() int {
			mouse(proto.InputDispatchMouseEventTypeMouseMoved, status.X+20, status.Y+status.Height/2)
			mouse(proto.InputDispatchMouseEventTypeMouseMoved, status.X+24, status.Y+status.Height/2)
			shot = screenshot(page)
			var err error
			img, err = png.Decode(bytes.NewReader(shot))
			Expect(err).NotTo(HaveOccurred())
			return outlined()
		}).WithTimeout(10*time.Second).WithPolling(200*time.Millisecond).Should(BeNumerically(">=", 40), "the status line is not outlined")

		bar, err := rec.ToolbarBox(ctx, "bar")
		Expect(err).NotTo(HaveOccurred())
		area := int(bar.Width * bar.Height)
		dark := count(img, bar, func(x, y int) bool { return near(img, x, y, 32, 33, 36, 24) })
		Expect(dark).To(BeNumerically(">", area/3), "the toolbar's dark background is not where the toolbar is")
		blueDot := count(img, bar, func(x, y int) bool { return near(img, x, y, 0x42, 0x85, 0xf4, 30) })
		Expect(blueDot).To(BeNumerically(">=", 20), "the state dot is not the assert mode's blue")
		on := count(img, bar, func(x, y int) bool { return near(img, x, y, 0x1a, 0x73, 0xe8, 30) })
		Expect(on).To(BeNumerically(">=", 150), "the Text button is not shown as on")
		// The state line, the three steps and the buttons.
		Expect(textBands(img, bar)).To(BeNumerically(">=", 5))
		if dir := os.Getenv(DocsEnv); dir != "" {
			Expect(os.WriteFile(filepath.Join(dir, "toolbar.png"), shot, 0o644)).To(Succeed())
		}

		// Esc leaves the mode; nothing was recorded by the moves.
		Expect(proto.InputDispatchKeyEvent{Type: proto.InputDispatchKeyEventTypeKeyDown, Key: "Escape", Code: "Escape", WindowsVirtualKeyCode: 27}.Call(page.Context(ctx))).To(Succeed())
		Expect(proto.InputDispatchKeyEvent{Type: proto.InputDispatchKeyEventTypeKeyUp, Key: "Escape", Code: "Escape", WindowsVirtualKeyCode: 27}.Call(page.Context(ctx))).To(Succeed())
		Consistently(func() int { return len(rec.Flow().Steps) }).WithTimeout(500 * time.Millisecond).Should(Equal(3))
	})
})

// screenshot is a PNG of page's viewport.
func screenshot(p *rod.Page) []byte {
	GinkgoHelper()
	res, err := proto.PageCaptureScreenshot{Format: proto.PageCaptureScreenshotFormatPng}.Call(p)
	Expect(err).NotTo(HaveOccurred())
	return res.Data
}
