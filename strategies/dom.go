package strategies

import (
	"context"
	"fmt"
	"strings"

	"github.com/go-rod/rod/lib/proto"
)

// Node is one DOM node of a round's tree, as DOM.getDocument (pierce) gave it.
// Parent is the composed parent: a shadow root's parent is its host, a frame
// document's parent is its <iframe> element.
type Node struct {
	NodeID    proto.DOMNodeID
	BackendID proto.DOMBackendNodeID
	// NodeType is the DOM nodeType: 1 element, 3 text, 9 document, 11 fragment (shadow root).
	NodeType int
	// Tag is the lower-case local name of an element, "" otherwise.
	Tag string
	// Attrs are the element's attributes.
	Attrs map[string]string
	// Value is a text node's text.
	Value string
	// ShadowType is "open", "closed" or "user-agent" for a shadow root.
	ShadowType proto.DOMShadowRootType
	// FrameID is the frame of a document node or of a frame owner element.
	FrameID proto.PageFrameID

	Parent   *Node
	Children []*Node
	// Shadow holds the element's shadow roots.
	Shadow []*Node
	// Content is an <iframe>'s document, when it lives in this process.
	Content *Node
	// Document is the document node the node belongs to.
	Document *Node
	// Frame is the out-of-process iframe the node lives in, nil in the
	// page's own process. DevTools calls about the node go to its session
	// (see Caller) and its boxes are offset by the frame's place (FrameOffset).
	Frame *Frame

	text     *string
	ownerDoc *Doc
}

// IsElement reports whether n is an element.
func (n *Node) IsElement() bool { return n != nil && n.NodeType == 1 }

// Attr returns the attribute name of n, "" when absent.
func (n *Node) Attr(name string) string { return n.Attrs[name] }

// HasAttr reports whether n has the attribute.
func (n *Node) HasAttr(name string) bool { _, ok := n.Attrs[name]; return ok }

// Contains reports whether other is n or inside n, through shadow roots and frames.
func (n *Node) Contains(other *Node) bool {
	for o := other; o != nil; o = o.Parent {
		if o == n {
			return true
		}
	}
	return false
}

// String describes n for people: tag, id and classes ("button#login-btn.btn").
func (n *Node) String() string {
	if n == nil {
		return "<nil>"
	}
	if !n.IsElement() {
		return fmt.Sprintf("node(%d)", n.NodeType)
	}
	var b strings.Builder
	b.WriteString(n.Tag)
	if id := n.Attr("id"); id != "" {
		b.WriteString("#" + id)
	}
	for _, c := range strings.Fields(n.Attr("class")) {
		b.WriteString("." + c)
	}
	return b.String()
}

// Text is the element's text content, whitespace-collapsed, without script
// and style; a shadow host without light text gives its shadow tree's text.
func (n *Node) Text() string {
	if n.text != nil {
		return *n.text
	}
	var b strings.Builder
	collectText(n, &b, false, false)
	t := collapse(b.String())
	if t == "" && len(n.Shadow) > 0 {
		b.Reset()
		collectText(n, &b, true, false)
		t = collapse(b.String())
	}
	n.text = &t
	return t
}

// inlineTags are the elements laid out inline by default: their text runs
// on with their neighbours' ("Cart (<span>2</span>)" reads "Cart (2)"), as
// in innerText and Chromium's accessible names. Every other element's text
// is set apart by spaces, so that blocks and controls do not run together.
var inlineTags = map[string]bool{
	"a": true, "abbr": true, "b": true, "bdi": true, "bdo": true, "big": true, "cite": true, "code": true,
	"data": true, "del": true, "dfn": true, "em": true, "font": true, "i": true, "ins": true, "kbd": true,
	"label": true, "mark": true, "nobr": true, "q": true, "s": true, "samp": true, "small": true, "span": true,
	"strike": true, "strong": true, "sub": true, "sup": true, "time": true, "tt": true, "u": true, "var": true,
}

// collectText writes the text under n to b: through shadow roots when
// shadow is set; as a name from content (contentName) when names is set.
func collectText(n *Node, b *strings.Builder, shadow, names bool) {
	switch n.NodeType {
	case 3:
		b.WriteString(n.Value)
		return
	case 1:
		switch n.Tag {
		case "script", "style", "template", "noscript", "head":
			return
		}
		if names {
			if n.Attr("aria-hidden") == "true" || n.HasAttr("hidden") {
				return
			}
			if l := collapse(n.Attr("aria-label")); l != "" {
				b.WriteString(" " + l + " ")
				return
			}
			if n.Tag == "img" {
				b.WriteString(" " + collapse(n.Attr("alt")) + " ")
				return
			}
		}
		if !inlineTags[n.Tag] {
			b.WriteByte(' ')
			defer b.WriteByte(' ')
		}
	}
	if shadow {
		for _, s := range n.Shadow {
			if s.ShadowType != proto.DOMShadowRootTypeUserAgent {
				collectText(s, b, shadow, names)
			}
		}
	}
	for _, c := range n.Children {
		collectText(c, b, shadow, names)
	}
}

func collapse(s string) string { return strings.Join(strings.Fields(s), " ") }

// Doc is the page's DOM tree at one moment: the top document with every
// same-process frame document and every shadow root (open, closed and
// user-agent) inside it.
type Doc struct {
	Root *Node
	// Elements lists every element in composed document order: a host's
	// shadow tree before its light children, a frame's document after the
	// <iframe> element.
	Elements []*Node

	// subframe marks a slice of a frame's document (sliceOf): its root
	// has no parent, and is not the page's top document all the same.
	subframe bool

	byBackend map[proto.DOMBackendNodeID]*Node // the page's process only
	byNodeID  map[nodeKey]*Node
	byRef     map[NodeRef]*Node
	labels    map[scopeKey][]*Node
	ids       map[scopeKey]*Node
}

type nodeKey struct {
	frame *Frame
	id    proto.DOMNodeID
}

// InTopDocument reports whether n belongs to the page's top-level
// document (its shadow trees included), not to a frame's document.
func (n *Node) InTopDocument() bool {
	return n != nil && n.Frame == nil && n.Document != nil && n.Document.Parent == nil &&
		(n.ownerDoc == nil || !n.ownerDoc.subframe)
}

// ByBackendID returns the node of the page's own process with that backend
// id, or nil (out-of-process frames number their nodes on their own: use
// ByRef for them).
func (d *Doc) ByBackendID(id proto.DOMBackendNodeID) *Node { return d.byBackend[id] }

// ByNodeID returns the node of the page's own process with that
// (round-scoped) node id, or nil.
func (d *Doc) ByNodeID(id proto.DOMNodeID) *Node { return d.byNodeID[nodeKey{nil, id}] }

// NodeIn returns the node with that node id in frame f (nil: the page's
// own process), or nil.
func (d *Doc) NodeIn(f *Frame, id proto.DOMNodeID) *Node { return d.byNodeID[nodeKey{f, id}] }

// ByRef returns the node a NodeRef names, or nil.
func (d *Doc) ByRef(r NodeRef) *Node { return d.byRef[r] }

// NodeRef names a node across trees read at different times: its backend
// id and the session of its process ("" for the page's own).
type NodeRef struct {
	Session   proto.TargetSessionID
	BackendID proto.DOMBackendNodeID
}

// Ref is n's NodeRef.
func (n *Node) Ref() NodeRef {
	if n == nil {
		return NodeRef{}
	}
	return NodeRef{Session: n.Frame.SessionID(), BackendID: n.BackendID}
}

// Roots returns the query roots inside scope: scope's document, each
// shadow root and each frame document below it. CSS selectors do not cross
// these, so a selector query runs once per root.
func (d *Doc) Roots(scope *Node) []*Node {
	var out []*Node
	var walk func(n *Node)
	walk = func(n *Node) {
		if n.NodeType == 9 || (n.NodeType == 11 && n.ShadowType != proto.DOMShadowRootTypeUserAgent) {
			out = append(out, n)
		}
		for _, s := range n.Shadow {
			walk(s)
		}
		for _, c := range n.Children {
			walk(c)
		}
		if n.Content != nil {
			walk(n.Content)
		}
	}
	walk(scope)
	return out
}

// ElementsIn returns the elements inside scope in composed document order.
func (d *Doc) ElementsIn(scope *Node) []*Node {
	if scope == nil || scope == d.Root {
		return d.Elements
	}
	out := make([]*Node, 0, 64)
	for _, e := range d.Elements {
		if scope.Contains(e) {
			out = append(out, e)
		}
	}
	return out
}

// LoadDoc reads the whole tree of the page through DOM.getDocument with
// depth -1 and pierce, then the tree of every out-of-process iframe through
// its own session (attached on first use), hung under its <iframe> element.
func LoadDoc(ctx context.Context, c proto.Client) (*Doc, error) {
	depth := -1
	res, err := proto.DOMGetDocument{Depth: &depth, Pierce: true}.Call(withCtx(c, ctx))
	if err != nil {
		return nil, fmt.Errorf("DOM.getDocument: %w", err)
	}
	d := &Doc{byBackend: map[proto.DOMBackendNodeID]*Node{}, byNodeID: map[nodeKey]*Node{}, byRef: map[NodeRef]*Node{}}
	d.Root = d.build(res.Root, nil, nil, nil)
	d.loadFrames(ctx, c)
	return d, nil
}

func (d *Doc) build(p *proto.DOMNode, parent, document *Node, frame *Frame) *Node {
	n := &Node{NodeID: p.NodeID, BackendID: p.BackendNodeID, NodeType: p.NodeType, Value: p.NodeValue,
		ShadowType: p.ShadowRootType, FrameID: p.FrameID, Parent: parent, Document: document, ownerDoc: d, Frame: frame}
	if p.NodeType == 9 {
		n.Document = n
		document = n
	}
	if p.NodeType == 1 {
		n.Tag = strings.ToLower(p.LocalName)
		if n.Tag == "" {
			n.Tag = strings.ToLower(p.NodeName)
		}
		n.Attrs = make(map[string]string, len(p.Attributes)/2)
		for i := 0; i+1 < len(p.Attributes); i += 2 {
			n.Attrs[p.Attributes[i]] = p.Attributes[i+1]
		}
		d.Elements = append(d.Elements, n)
	}
	if n.BackendID != 0 { // a probe's slice (probe.go) leaves the others' at 0
		if frame == nil {
			d.byBackend[n.BackendID] = n
		}
		d.byNodeID[nodeKey{frame, n.NodeID}] = n
		d.byRef[n.Ref()] = n
	}
	for _, s := range p.ShadowRoots {
		n.Shadow = append(n.Shadow, d.build(s, n, document, frame))
	}
	for _, c := range p.Children {
		n.Children = append(n.Children, d.build(c, n, document, frame))
	}
	if p.ContentDocument != nil {
		n.Content = d.build(p.ContentDocument, n, nil, frame)
	}
	return n
}
