// Closed shadow roots are out of page script's reach: element.shadowRoot
// is null for them. Run before the page's own scripts (in every frame),
// this keeps each closed root a script attaches in a WeakMap on the
// frame's window, under Symbol.for("chainreplay.closedRoots"), host to
// root, where the snapshot walker and the probes look them up. A root
// declared in HTML (<template shadowrootmode="closed">) is not seen.
(() => {
  const key = Symbol.for("chainreplay.closedRoots");
  if (window[key]) return;
  const roots = new WeakMap();
  Object.defineProperty(window, key, { value: roots });
  const attach = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    const root = attach.call(this, init);
    if (init && init.mode === "closed") roots.set(this, root);
    return root;
  };
})();
