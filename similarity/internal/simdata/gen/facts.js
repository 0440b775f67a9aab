// Called with snapshot.Call on the kept nodes of a page: for each element
// the facts the benchmark keeps besides the snapshot's own (which has its
// landmark path, icon and id-anchored XPath): its region as the page model
// names it (its brief), whether it stands in a fixed layer,
// and its identity across a synthetic redesign (__simid).
function (els) {
  const model = globalThis[MODEL];
  const region = (e) => {
    if (!model) return "";
    const r = JSON.parse(model.atNode(e, {}));
    return r && r.el ? r.el.rg || "" : "";
  };
  const up = (e) => e.parentElement || (e.parentNode && e.parentNode.host) || null;
  return els.map((e) => {
    let fixed = false;
    for (let a = e; a && a.nodeType === 1; a = up(a)) {
      if (getComputedStyle(a).position === "fixed") { fixed = true; break; }
    }
    return { region: region(e), fixed, simid: e.__simid || 0 };
  });
}
