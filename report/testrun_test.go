package report

// hostile is a page-derived string that would run script if it reached
// the report unescaped.
const hostile = `<img src=x onerror=alert(1)>`

func f64(v float64) *float64 { return &v }

// sampleRun is a run with a passed flow, a healed step, a failed step with
// attempts and hostile page text, a crashed flow and a flow that never ran.
func sampleRun() *Run {
	r := &Run{Summary: Summary{DurationMS: 4321.5}, Flows: []Flow{
		{File: "flows/login.yaml", Name: "login", Status: Passed, DurationMS: 812.4, Steps: []Step{
			{Index: 1, Action: "click", Status: Passed, Strategy: "testid", Confidence: f64(0.97), DurationMS: 41.2,
				Attempts: []Attempt{{Type: "testid", Value: "submit", Found: true, Confidence: 0.97, MatchCount: 1, DurationMS: 3.1}}},
			{Index: 2, Action: "type", Status: Passed, Strategy: "label", Confidence: f64(0.81), DurationMS: 20,
				Healed:   &Healing{From: "id #user", To: "label Email", Chain: []HealedStrategy{{Type: "label", Value: "Email", Confidence: 0.81}}},
				Attempts: []Attempt{{Type: "id", Value: "user", Error: "not found"}, {Type: "label", Value: "Email", Found: true, Confidence: 0.81, MatchCount: 1}}},
		}},
		{File: "flows/shop/cart.yaml", Name: "cart " + hostile, Status: Failed, DurationMS: 2000, Steps: []Step{
			{Index: 1, Action: "click", Status: Passed, Strategy: "css", Confidence: f64(0.7)},
			{Index: 2, Action: "click", Status: Failed, Description: `button "` + hostile + `"`,
				URL:   `http://127.0.0.1/shop?q="><script>alert(2)</script>`,
				Error: &Error{Code: ElementNotFound, Message: "no strategy found " + hostile + " ]]> \x01\x1b[31m"},
				Attempts: []Attempt{
					{Type: "role", Value: "button|" + hostile, Found: false, DurationMS: 12, Error: "no match"},
					{Type: "text", Value: `"><svg onload=alert(3)>`, Found: true, MatchCount: 3, Confidence: 0.2, DurationMS: 7},
				},
				Screenshot: "screenshots/002-cart-step-02.png"},
			{Index: 3, Action: "assert_text", Status: Skipped},
		}},
		{File: "flows/crash.yaml", Name: "crash", Status: Failed, Error: &Error{Code: BrowserCrashed, Message: "the browser crashed"},
			Steps: []Step{{Index: 1, Action: "click", Status: Failed, Error: &Error{Code: BrowserCrashed, Message: "the browser crashed during this step"}}}},
		{File: "flows/later.yaml", Name: "later", Status: Skipped, Error: &Error{Code: "INTERRUPTED", Message: "the run was interrupted"},
			Steps: []Step{{Index: 1, Action: "click", Status: Skipped}}},
	}}
	r.Summarize()
	return r
}
