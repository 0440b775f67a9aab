//go:build simdata

package main

import (
	"bytes"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"
)

// cdnHosts are the hosts whose URLs in a served page are rewritten to
// /_cdn/HOST/PATH and served from npm packages (cdnRule), so that pages
// that load Bootstrap, icon fonts or jQuery from a CDN render as they do
// online. Any other outside URL fails at once (the browser resolves no
// host but 127.0.0.1).
var cdnHosts = []string{"cdn.jsdelivr.net", "use.fontawesome.com", "cdnjs.cloudflare.com", "code.jquery.com", "cdn.datatables.net"}

var cdnURL = regexp.MustCompile(`https?://(` + strings.ReplaceAll(strings.Join(cdnHosts, "|"), ".", `\.`) + `)/`)

// cdnRule maps a CDN path to an npm package, its version and the file in
// it; ok is false for a URL no package serves.
func cdnRule(host, path string) (pkg, ver, file string, ok bool) {
	switch host {
	case "cdn.jsdelivr.net":
		// /npm/NAME@VER/FILE, NAME possibly scoped.
		rest, found := strings.CutPrefix(path, "npm/")
		if !found {
			return "", "", "", false
		}
		at := strings.Index(rest[1:], "@") + 1
		slash := strings.Index(rest[at:], "/") + at
		if at <= 0 || slash <= at {
			return "", "", "", false
		}
		return rest[:at], rest[at+1 : slash], rest[slash+1:], true
	case "use.fontawesome.com":
		// /releases/vVER/FILE
		var v, f string
		if _, err := fmt.Sscanf(strings.ReplaceAll(path, "/", " "), "releases v%s %s", &v, &f); err != nil {
			return "", "", "", false
		}
		return "@fortawesome/fontawesome-free", v, strings.SplitN(path, "/", 3)[2], true
	case "cdnjs.cloudflare.com":
		// /ajax/libs/LIB/VER/FILE
		p := strings.SplitN(strings.TrimPrefix(path, "ajax/libs/"), "/", 3)
		if len(p) != 3 {
			return "", "", "", false
		}
		switch p[0] {
		case "font-awesome":
			return "@fortawesome/fontawesome-free", p[1], p[2], true
		case "jquery":
			return "jquery", p[1], "dist/" + p[2], true
		case "jquery-easing":
			return "jquery.easing", p[1], p[2], true
		case "magnific-popup.js":
			return "magnific-popup", p[1], "dist/" + p[2], true
		}
	case "code.jquery.com":
		m := regexp.MustCompile(`^jquery-([0-9.]+)((?:\.slim)?(?:\.min)?\.js)$`).FindStringSubmatch(path)
		if m != nil {
			return "jquery", m[1], "dist/jquery" + m[2], true
		}
	case "cdn.datatables.net":
		p := strings.SplitN(path, "/", 3)
		if len(p) == 3 {
			if strings.Contains(p[2], "bootstrap4") {
				return "datatables.net-bs4", p[0], p[1] + "/" + p[2], true
			}
			return "datatables.net", p[0], p[1] + "/" + p[2], true
		}
	}
	return "", "", "", false
}

// server serves one package version's directory on its own port, as the
// site it is (its pages at the same paths from one version to the next),
// with CDN URLs served from npm packages under cache/cdn.
type server struct {
	root  string
	cache string
	url   string
	srv   *http.Server
}

var packMu sync.Mutex

var missed sync.Map

// missing says, once per path, that a CDN file could not be served.
func missing(path string) {
	if _, seen := missed.LoadOrStore(path, true); !seen {
		fmt.Println("  no package file for", path)
	}
}

// npmPackage returns the directory of pkg@ver unpacked under dir,
// packing it with npm when it is not there yet.
func npmPackage(dir, pkg, ver string) (string, error) {
	packMu.Lock()
	defer packMu.Unlock()
	d := filepath.Join(dir, strings.ReplaceAll(pkg, "/", "__")+"@"+ver)
	if _, err := os.Stat(filepath.Join(d, "package")); err == nil {
		return filepath.Join(d, "package"), nil
	}
	if err := os.MkdirAll(d, 0o755); err != nil {
		return "", err
	}
	cmd := exec.Command("npm", "pack", pkg+"@"+ver, "--silent")
	cmd.Dir = d
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("npm pack %s@%s: %w", pkg, ver, err)
	}
	tgz := strings.TrimSpace(string(out))
	if lines := strings.Split(tgz, "\n"); len(lines) > 0 {
		tgz = lines[len(lines)-1]
	}
	if err := exec.Command("tar", "xzf", filepath.Join(d, tgz), "-C", d).Run(); err != nil {
		return "", fmt.Errorf("unpack %s: %w", tgz, err)
	}
	return filepath.Join(d, "package"), nil
}

func serve(root, cache string) (*server, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	s := &server{root: root, cache: cache, url: "http://" + ln.Addr().String()}
	s.srv = &http.Server{Handler: s}
	go s.srv.Serve(ln)
	return s, nil
}

func (s *server) Close() { s.srv.Close() }

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if rest, ok := strings.CutPrefix(r.URL.Path, "/_cdn/"); ok {
		host, path, _ := strings.Cut(rest, "/")
		pkg, ver, file, ok := cdnRule(host, path)
		if !ok {
			missing(r.URL.Path)
			http.NotFound(w, r)
			return
		}
		dir, err := npmPackage(filepath.Join(s.cache, "cdn"), pkg, ver)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		f := filepath.Join(dir, filepath.FromSlash(file))
		if _, err := os.Stat(f); err != nil && strings.Contains(f, ".min.") {
			// jsDelivr minifies any file on demand: the package may
			// hold only the unminified one.
			f = strings.Replace(f, ".min.", ".", 1)
		}
		if _, err := os.Stat(f); err != nil {
			missing(r.URL.Path)
		}
		http.ServeFile(w, r, f)
		return
	}
	p := filepath.Join(s.root, filepath.FromSlash(r.URL.Path))
	if strings.HasSuffix(p, ".html") {
		b, err := os.ReadFile(p)
		if err != nil {
			http.NotFound(w, r)
			return
		}
		b = cdnURL.ReplaceAllFunc(b, func(m []byte) []byte {
			host := cdnURL.FindSubmatch(m)[1]
			return append(append([]byte("/_cdn/"), host...), '/')
		})
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		http.ServeContent(w, r, p, time.Time{}, bytes.NewReader(b))
		return
	}
	http.ServeFile(w, r, p)
}
