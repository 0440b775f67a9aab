package pagemodel

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"github.com/go-rod/rod/lib/proto"
	"github.com/ysmood/gson"
)

// frameIndexRE is a frame path entry that names a frame by its index
// ("frames[2]": the document's third child frame), as Chrome's recorder
// does (js/65_chrome.js, frameByIndex).
var frameIndexRE = regexp.MustCompile(`^frames\[\d{1,4}\]$`)

// indexedPath reports whether a frame path names a frame by its index.
// Such a path was recorded exactly: when it does not resolve, nothing is
// searched instead.
func indexedPath(path []string) bool {
	for _, e := range path {
		if frameIndexRE.MatchString(e) {
			return true
		}
	}
	return false
}

// unresolved is what Find answers for a frame path of indexes that leads
// to no frame: no matches, and a note saying so.
func unresolved(path []string, qs []Query) *Found {
	return &Found{Answers: make([]Answer, len(qs)), Note: fmt.Sprintf("frame path %q leads to no frame", strings.Join(path, " > "))}
}

// Document returns the world and the document object a frame path leads
// to (doc "" is the world's own document: the top one for an empty path,
// or a cross-origin frame's), and whether the path resolves now.
func (p *Page) Document(ctx context.Context, framePath []string) (w *World, doc proto.RuntimeRemoteObjectID, ok bool, err error) {
	top, err := p.Top(ctx)
	if err != nil {
		return nil, "", false, err
	}
	if len(framePath) == 0 {
		return top, "", true, nil
	}
	return p.resolvePath(ctx, top, framePath)
}

// CallValue calls the function declaration decl on the object this (the
// world's document when "") with args (JSON values), awaits a promise it
// returns, and returns the value. A world whose document is gone is marked
// so (the next Document or Find finds the frame's new one); an exception
// is an error.
func (w *World) CallValue(ctx context.Context, this proto.RuntimeRemoteObjectID, decl string, args ...any) (gson.JSON, error) {
	if this == "" {
		this = w.doc
	}
	ca := make([]*proto.RuntimeCallArgument, len(args))
	for i, a := range args {
		ca[i] = &proto.RuntimeCallArgument{Value: gson.New(a)}
	}
	res, err := proto.RuntimeCallFunctionOn{FunctionDeclaration: decl, ObjectID: this, Arguments: ca, ReturnByValue: true,
		AwaitPromise: true, Silent: true}.Call(w.S.Client(ctx))
	if err != nil {
		if gone(err) {
			w.gone.Store(true)
			return gson.JSON{}, fmt.Errorf("%w: %v", ErrGone, err)
		}
		return gson.JSON{}, err
	}
	if res.ExceptionDetails != nil {
		return gson.JSON{}, fmt.Errorf("%s", exceptionText(res.ExceptionDetails))
	}
	return res.Result.Value, nil
}
