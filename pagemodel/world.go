package pagemodel

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/go-rod/rod/lib/proto"
	"github.com/ysmood/gson"
)

// Caller sends DevTools commands: *rod.Browser, or any client that takes a
// session id with each command.
type Caller interface {
	Call(ctx context.Context, sessionID, method string, params any) ([]byte, error)
}

// Session is one DevTools session: the page's own, or one attached to an
// out-of-process frame.
type Session struct {
	B  Caller
	ID proto.TargetSessionID
}

// Client returns s bound to ctx, for rod's typed calls (proto.X{}.Call).
func (s Session) Client(ctx context.Context) proto.Client { return bound{s, ctx} }

// bound is a Session with a context: a proto.Client, Sessionable and
// Contextable.
type bound struct {
	s   Session
	ctx context.Context
}

func (b bound) Call(ctx context.Context, _, method string, params any) ([]byte, error) {
	return b.s.B.Call(ctx, string(b.s.ID), method, params)
}
func (b bound) GetSessionID() proto.TargetSessionID { return b.s.ID }
func (b bound) GetContext() context.Context         { return b.ctx }

// World is one JavaScript world the model runs in: the main world of one
// document (with its same-origin frames and shadow trees, which page
// script reaches from it), through the session that document lives in.
// The page's top document is one world; each cross-origin frame is
// another.
type World struct {
	// S is the session of the world's document.
	S Session
	// FramePath holds a CSS selector for each iframe from the page's top
	// document down to the world's document; empty for the top world.
	FramePath []string
	// X and Y are where the world's viewport starts in the page's top
	// viewport, in CSS pixels.
	X, Y float64
	// Clip is what of the page's top viewport the world's frames leave
	// visible: left, top, right, bottom.
	Clip [4]float64
	// Hidden is set when a frame on the way to the world is not rendered.
	Hidden bool
	// Frame is the DevTools frame id of the world's document; "" for the
	// page's top document.
	Frame proto.PageFrameID

	doc   proto.RuntimeRemoteObjectID // the world's document, in group
	group string
	gone  atomic.Bool
}

// ErrGone is returned (wrapped) when a world's document is gone (the
// frame navigated or was removed) or an element is no longer in it.
var ErrGone = errors.New("pagemodel: gone from the page")

var groups atomic.Int64

func newGroup() string { return "chainreplay-model-" + strconv.FormatInt(groups.Add(1), 10) }

// call calls the model's entry point fn on the object this (the world's
// document when empty) with args, and returns its result: by value when
// byValue, else as a remote object in group (the world's own when ""); a
// promise is awaited. The model is installed in the world on the first call that finds it
// missing.
func (w *World) call(ctx context.Context, this proto.RuntimeRemoteObjectID, fn string, byValue bool, group string, args ...any) (*proto.RuntimeRemoteObject, error) {
	if this == "" {
		this = w.doc
	}
	if group == "" {
		group = w.group
	}
	ca := make([]*proto.RuntimeCallArgument, len(args))
	for i, a := range args {
		if id, ok := a.(proto.RuntimeRemoteObjectID); ok {
			ca[i] = &proto.RuntimeCallArgument{ObjectID: id}
			continue
		}
		ca[i] = &proto.RuntimeCallArgument{Value: gson.New(a)}
	}
	for attempt := 0; ; attempt++ {
		res, err := proto.RuntimeCallFunctionOn{FunctionDeclaration: callLeft(fn), ObjectID: this, Arguments: ca,
			ReturnByValue: byValue, ObjectGroup: group, Silent: true, AwaitPromise: true}.Call(w.S.Client(ctx))
		if err != nil {
			if gone(err) {
				w.gone.Store(true)
				return nil, fmt.Errorf("%w: %v", ErrGone, err)
			}
			return nil, fmt.Errorf("pagemodel: %s: %w", fn, err)
		}
		if res.ExceptionDetails != nil {
			return nil, fmt.Errorf("pagemodel: %s: %s", fn, exceptionText(res.ExceptionDetails))
		}
		if res.Result.Type == proto.RuntimeRemoteObjectTypeString && res.Result.Value.Str() == noModel {
			if attempt > 0 {
				return nil, fmt.Errorf("pagemodel: %s: the model would not install", fn)
			}
			if err := w.install(ctx, this); err != nil {
				return nil, fmt.Errorf("pagemodel: %s: %w", fn, err)
			}
			continue
		}
		return res.Result, nil
	}
}

// Install installs the model in the world where it is not yet (a
// document loaded without StartScript). It is a call of its own, made
// before the call that needs the model rather than inside it, which
// makes that call's first run of the model faster (scripts/bench/RESULTS.md,
// 2026-11-25).
func (w *World) Install(ctx context.Context) error { return w.install(ctx, "") }

// install installs the model in the JavaScript world of the object this
// (the world's document when ""): a world made for one object (Describe)
// has no document of its own.
func (w *World) install(ctx context.Context, this proto.RuntimeRemoteObjectID) error {
	raw, err := w.CallRaw(ctx, this, "function () { void "+Installed+"; }", nil, true, "")
	if err != nil {
		return fmt.Errorf("install the model: %w", err)
	}
	var res proto.RuntimeCallFunctionOnResult
	if err := json.Unmarshal(raw, &res); err != nil {
		return fmt.Errorf("install the model: %w", err)
	}
	if res.ExceptionDetails != nil {
		return fmt.Errorf("install the model: %s", exceptionText(res.ExceptionDetails))
	}
	return nil
}

// callString calls fn and returns its string answer.
func (w *World) callString(ctx context.Context, this proto.RuntimeRemoteObjectID, fn string, args ...any) (string, error) {
	r, err := w.call(ctx, this, fn, true, "", args...)
	if err != nil {
		return "", err
	}
	return r.Value.Str(), nil
}

// callJSON calls fn and decodes its JSON string answer into v.
func (w *World) callJSON(ctx context.Context, this proto.RuntimeRemoteObjectID, fn string, v any, args ...any) error {
	s, err := w.callString(ctx, this, fn, args...)
	if err != nil {
		return err
	}
	if err := json.Unmarshal([]byte(s), v); err != nil {
		return fmt.Errorf("pagemodel: %s answer: %w", fn, err)
	}
	return nil
}

// release drops the objects the world holds for the model.
func (w *World) release(ctx context.Context) {
	_ = proto.RuntimeReleaseObjectGroup{ObjectGroup: w.group}.Call(w.S.Client(ctx))
}

// gone reports whether err says the object or its context no longer
// exists (a navigation, a removed frame).
func gone(err error) bool {
	s := err.Error()
	return strings.Contains(s, "Cannot find context") || strings.Contains(s, "Could not find object") ||
		strings.Contains(s, "No target with given id") || strings.Contains(s, "Session with given id not found") ||
		strings.Contains(s, "Execution context was destroyed") || strings.Contains(s, "Inspected target navigated or closed")
}

func exceptionText(e *proto.RuntimeExceptionDetails) string {
	if e.Exception != nil && e.Exception.Description != "" {
		return e.Exception.Description
	}
	return e.Text
}

// frameSessions caches the sessions attached to out-of-process frames, by
// target id (unique for a browser's lifetime).
var frameSessions sync.Map // proto.TargetTargetID -> proto.TargetSessionID

// Doc is the remote object of the world's document.
func (w *World) Doc() proto.RuntimeRemoteObjectID { return w.doc }

// Gone reports whether a call found the world's document gone.
func (w *World) Gone() bool { return w.gone.Load() }

// EvalRaw evaluates expr in the world's global scope and returns the raw
// DevTools answer, {"result": RemoteObject, "exceptionDetails"?}, for a
// caller that decodes a large answer itself.
func (w *World) EvalRaw(ctx context.Context, expr string, byValue bool, group string) ([]byte, error) {
	return w.CallRaw(ctx, "", "function () { return ("+expr+"); }", nil, byValue, group)
}

// CallRaw calls the function declaration decl on the object this (the
// world's document when "") with args and returns the raw DevTools answer.
func (w *World) CallRaw(ctx context.Context, this proto.RuntimeRemoteObjectID, decl string, args []*proto.RuntimeCallArgument, byValue bool, group string) ([]byte, error) {
	if this == "" {
		this = w.doc
	}
	if group == "" {
		group = w.group
	}
	raw, err := w.S.B.Call(ctx, string(w.S.ID), "Runtime.callFunctionOn", proto.RuntimeCallFunctionOn{
		FunctionDeclaration: decl, ObjectID: this, Arguments: args, ReturnByValue: byValue, ObjectGroup: group, Silent: true})
	if err != nil && gone(err) {
		w.gone.Store(true)
		return nil, fmt.Errorf("%w: %v", ErrGone, err)
	}
	return raw, err
}

// Eval is EvalRaw, decoded.
func (w *World) Eval(ctx context.Context, expr string, byValue bool, group string) (*proto.RuntimeRemoteObject, error) {
	raw, err := w.EvalRaw(ctx, expr, byValue, group)
	if err != nil {
		return nil, err
	}
	var res proto.RuntimeCallFunctionOnResult
	if err := json.Unmarshal(raw, &res); err != nil {
		return nil, err
	}
	if res.ExceptionDetails != nil {
		return nil, fmt.Errorf("pagemodel: %s", exceptionText(res.ExceptionDetails))
	}
	return res.Result, nil
}

// CallJSON calls the model's entry point fn on the world's document with
// args and decodes its JSON answer into v.
func (w *World) CallJSON(ctx context.Context, fn string, v any, args ...any) error {
	return w.callJSON(ctx, "", fn, v, args...)
}

// Place fills e's reference, box and frame path from the raw answer of
// world w, where its reference is k.
func (w *World) Place(e *Element, k int) { e.place(w, k) }
