// ---- the module's entry points ----
// Each returns what Go reads (a JSON string, a number, an element) and
// starts from fresh caches. root, doc and el are the object Go calls the
// function on (Runtime.callFunctionOn's this).
//
// checked holds the custom elements DevTools found without a closed
// shadow root, so that find and walk stop listing them (Page.ClosedRoots:
// one it finds is put in its document's map of closed roots instead,
// which shadowOf reads).
const CHECKED = new WeakSet();
return {
  find(root, qs, o) { fresh(); const r = find(root, qs, o); r.hosts = r.hosts.filter((k) => !CHECKED.has(REG[k])); return JSON.stringify(r); },
  frameDoc(doc, path) { fresh(); const r = frameDoc(doc, path); return r && r.doc ? r.doc : JSON.stringify(r); },
  at(doc, x, y, o) { fresh(); return JSON.stringify(at(doc, x, y, o)); },
  brief(_, ks, o) { fresh(); return JSON.stringify(ks.map((k) => REG[k] && REG[k].isConnected ? brief(REG[k], o.testIds) : null)); },
  describe(el, o) { fresh(); return JSON.stringify(describe(el, o)); },
  ref(el) { return ref(el); },
  el(_, k) { return deref(k); },
  checked(_, ks) { for (const k of ks) if (REG[k]) CHECKED.add(REG[k]); },
  role(el) { fresh(); return roleOf(el, el.tagName, el.hasAttributes()); },
  computedRole(el) { fresh(); return computedRole(el); },
  computedName(el) { fresh(); return computedName(el); },
  name(el) { fresh(); return accName(el, labelsOf(el), roleOf(el, el.tagName, el.hasAttributes()), el.hasAttributes()); },
  label(el) { fresh(); return labelOf(el); },
  text(el) { fresh(); return textOf(el, MAXTEXT); },
  visible(el) { fresh(); return visibleEl(el); },
  region(el) { fresh(); return regionOf(el); },
  neighbours(el) { fresh(); return JSON.stringify(neighboursOf(el)); },
  walk(start, o, stash) { fresh(); return walk(start, o, stash); },
};
}
