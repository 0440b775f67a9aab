package main

import (
	"io"
	"maps"
	"path/filepath"
	"testing"
)

func TestAfterAndVarFlags(t *testing.T) {
	c, err := parse([]string{"--after", "flows/login.yaml", "--out", "flows/cart.yaml", "--var", "USER=ada", "--var", "Q=", "--base-url", "http://127.0.0.1:9"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if c.url != "" || c.after != "flows/login.yaml" || c.baseURL != "http://127.0.0.1:9" || !maps.Equal(c.vars, map[string]string{"USER": "ada", "Q": ""}) {
		t.Errorf("config %+v", c)
	}
	for _, args := range [][]string{
		{"--out", "f.yaml"},
		{"--url", "http://x/", "--out", "f.yaml", "--var", "USER"},
		{"--url", "http://x/", "--out", "f.yaml", "--var", "a-b=1"},
		{"--url", "http://x/", "--out", "f.yaml", "--base-url", "http://y/"},
		{"--after", "l.yaml", "--out", "f.yaml", "--base-url", "y.test"},
	} {
		if c, err := parse(args, io.Discard); err == nil {
			t.Errorf("parse(%q) = %+v, want an error", args, c)
		}
	}
}

func TestIncludePathIsRelativeToTheOutFolder(t *testing.T) {
	for _, tc := range []struct{ out, after, want string }{
		{"flows/cart.yaml", "flows/login.yaml", "login.yaml"},
		{"flows/shop/cart.yaml", "flows/login.yaml", "../login.yaml"},
		{"cart.yaml", "common/login.yaml", "common/login.yaml"},
	} {
		if got := includePath(filepath.FromSlash(tc.out), filepath.FromSlash(tc.after)); got != tc.want {
			t.Errorf("includePath(%s, %s) = %s, want %s", tc.out, tc.after, got, tc.want)
		}
	}
}
