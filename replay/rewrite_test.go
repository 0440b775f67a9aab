package replay

import "testing"

func TestRewriteURL(t *testing.T) {
	start := "http://127.0.0.1:8080/login.html"
	for _, tc := range []struct{ in, base, want string }{
		{"http://127.0.0.1:8080/list.html?q=1#top", "http://127.0.0.1:9999", "http://127.0.0.1:9999/list.html?q=1#top"},
		{"http://127.0.0.1:8080/", "https://staging.example.com/", "https://staging.example.com/"},
		{"http://other.example/x", "http://127.0.0.1:9999", "http://other.example/x"},
		{"http://127.0.0.1:8080/x", "", "http://127.0.0.1:8080/x"},
		{"http://127.0.0.1:8080/x", "not a url", "http://127.0.0.1:8080/x"},
	} {
		if got := RewriteURL(tc.in, start, tc.base); got != tc.want {
			t.Errorf("RewriteURL(%q, base %q) = %q, want %q", tc.in, tc.base, got, tc.want)
		}
	}
}
