package report

import (
	"encoding/xml"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The JUnit shape CI reporters read (Jenkins' junit-10.xsd, the
// common ground of GitLab's and GitHub's parsers), checked element by
// element: <testsuites> root; one <testsuite> with name, tests, failures,
// errors, skipped and time; <testcase> with name, classname and time;
// inside a testcase, in this order, at most one of skipped / error /
// failure (with message, and type for failures and errors), then
// system-out; times are decimal seconds; counts add up.
func TestJUnitMatchesTheSchemaShape(t *testing.T) {
	r := sampleRun()
	b, err := JUnit(r, JUnitOptions{Hostname: "ci-1", ScreenshotsBase: "out/html"})
	if err != nil {
		t.Fatal(err)
	}
	dec := xml.NewDecoder(strings.NewReader(string(b)))
	var path []string
	var caseChildren []string
	counts := map[string]int{}
	decimal := regexp.MustCompile(`^[0-9]+(\.[0-9]{1,3})?$`)
	attrs := map[string]map[string]string{}
	for {
		tok, err := dec.Token()
		if err != nil {
			if err.Error() == "EOF" {
				break
			}
			t.Fatalf("not well-formed XML: %v\n%s", err, b)
		}
		switch tk := tok.(type) {
		case xml.StartElement:
			name := tk.Name.Local
			parent := ""
			if len(path) > 0 {
				parent = path[len(path)-1]
			}
			allowed := map[string]string{"testsuites": "", "testsuite": "testsuites", "testcase": "testsuite",
				"failure": "testcase", "error": "testcase", "skipped": "testcase", "system-out": "testcase"}
			if p, ok := allowed[name]; !ok || p != parent {
				t.Errorf("<%s> inside <%s> is not in the schema", name, parent)
			}
			a := map[string]string{}
			for _, at := range tk.Attr {
				a[at.Name.Local] = at.Value
			}
			attrs[name] = a
			counts[name]++
			need := map[string][]string{
				"testsuites": {"tests", "failures", "errors", "time"},
				"testsuite":  {"name", "tests", "failures", "errors", "skipped", "time"},
				"testcase":   {"name", "classname", "time"},
				"failure":    {"message", "type"},
				"error":      {"message", "type"},
				"skipped":    {"message"},
			}[name]
			for _, k := range need {
				if _, ok := a[k]; !ok {
					t.Errorf("<%s> lacks required attribute %s", name, k)
				}
			}
			if v, ok := a["time"]; ok && !decimal.MatchString(v) {
				t.Errorf("<%s time=%q> is not decimal seconds", name, v)
			}
			if name == "testcase" {
				caseChildren = nil
			}
			if parent == "testcase" {
				caseChildren = append(caseChildren, name)
				order := strings.Join(caseChildren, ",")
				if !regexp.MustCompile(`^((skipped|error|failure),)?(system-out)?$|^(skipped|error|failure)$`).MatchString(order) {
					t.Errorf("testcase children %q are out of schema order", order)
				}
			}
			path = append(path, name)
		case xml.EndElement:
			path = path[:len(path)-1]
		}
	}
	if counts["testsuites"] != 1 || counts["testsuite"] != 1 {
		t.Errorf("want one <testsuites> holding one <testsuite>, got %v", counts)
	}
	if counts["testcase"] != len(r.Flows) {
		t.Errorf("want one testcase per flow (%d), got %d", len(r.Flows), counts["testcase"])
	}
	if counts["failure"] != 1 || counts["error"] != 1 || counts["skipped"] != 1 {
		t.Errorf("want one failure, one error (crash), one skipped, got %v", counts)
	}

	var doc struct {
		Suite struct {
			Tests    int `xml:"tests,attr"`
			Failures int `xml:"failures,attr"`
			Errors   int `xml:"errors,attr"`
			Skipped  int `xml:"skipped,attr"`
			Cases    []struct {
				Name      string `xml:"name,attr"`
				Classname string `xml:"classname,attr"`
				Failure   *struct {
					Message string `xml:"message,attr"`
					Type    string `xml:"type,attr"`
					Text    string `xml:",chardata"`
				} `xml:"failure"`
				Error *struct {
					Type string `xml:"type,attr"`
				} `xml:"error"`
				Out string `xml:"system-out"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	s := doc.Suite
	if s.Tests != 4 || s.Failures != 1 || s.Errors != 1 || s.Skipped != 1 {
		t.Errorf("suite counts %+v", s)
	}
	cart := s.Cases[1]
	if cart.Name != "cart "+hostile || cart.Classname != "flows.shop.cart" {
		t.Errorf("cart testcase name %q classname %q", cart.Name, cart.Classname)
	}
	f := cart.Failure
	if f == nil || f.Type != "ELEMENT_NOT_FOUND" || !strings.HasPrefix(f.Message, `step 2 (click button "`+hostile+`") failed: ELEMENT_NOT_FOUND: no strategy found`) {
		t.Fatalf("failure %+v", f)
	}
	for _, want := range []string{"attempt role \"button|" + hostile + "\": not found, 12.0ms, no match",
		"attempt text \"\\\"><svg onload=alert(3)>\": found, 3 match(es), confidence 0.20", "]]>", "page: http://127.0.0.1/shop"} {
		if !strings.Contains(f.Text, want) {
			t.Errorf("failure text lacks %q:\n%s", want, f.Text)
		}
	}
	if strings.ContainsAny(f.Text+f.Message, "\x01\x1b") {
		t.Errorf("characters XML cannot hold must be replaced: %q", f.Message)
	}
	if !strings.Contains(cart.Out, "[[ATTACHMENT|out/html/screenshots/002-cart-step-02.png]]") {
		t.Errorf("system-out lacks the screenshot attachment:\n%s", cart.Out)
	}
	if s.Cases[2].Error == nil || s.Cases[2].Error.Type != "BROWSER_CRASHED" {
		t.Errorf("a crashed flow is an <error type=BROWSER_CRASHED>, got %+v", s.Cases[2])
	}
}

func TestWriteJUnitIsAtomic(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "junit.xml")
	if err := WriteJUnit(p, sampleRun(), JUnitOptions{}); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("only junit.xml should be left, got %d entries", len(entries))
	}
	if err := WriteJUnit(filepath.Join(dir, "missing", "j.xml"), sampleRun(), JUnitOptions{}); err == nil {
		t.Error("writing into a missing folder should fail")
	}
}
