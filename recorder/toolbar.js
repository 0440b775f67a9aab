// The recorder's toolbar and outline. It runs in every frame before the
// page model and the listener (inject.js), so that it attaches its closed
// shadow roots with the browser's own attachShadow, which they wrap: no
// observer of theirs sees the toolbar change.
//
// In the top frame it shows a toolbar fixed in a corner of the viewport:
// the recording state, the last steps, and the buttons pause / resume,
// assert visible, assert text, assert value, undo, stop and move. In every
// frame it can outline the element under the pointer (assert mode). Its
// elements are <chainreplay-ui> hosts with closed shadow roots: the page
// cannot see into them, they take no room in its layout, and the page
// model skips them (no capture, query or hit test sees them). A button
// press is reported through window.__chainrec.tool, which the listener
// defines; the recorder answers with show().
(function () {
  "use strict";
  if (window.__chainrecUI) return;
  const attach = Element.prototype.attachShadow;
  const TAG = "chainreplay-ui";
  const top = window.top === window;

  const CSS = `
:host { all: initial; }
.bar { position: fixed; z-index: 2147483647; width: 372px; box-sizing: border-box; padding: 8px 10px;
  font: 12px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; color: #e8eaed; background: rgba(32,33,36,.96);
  border-radius: 8px; box-shadow: 0 4px 16px rgba(0,0,0,.35); user-select: none; contain: layout paint; }
.bar.br { right: 12px; bottom: 12px; } .bar.bl { left: 12px; bottom: 12px; }
.bar.tl { left: 12px; top: 12px; } .bar.tr { right: 12px; top: 12px; }
.head { display: flex; align-items: center; gap: 6px; font-weight: 600; }
.dot { width: 9px; height: 9px; border-radius: 50%; background: #ea4335; flex: none; }
.paused .dot { background: #fbbc04; } .asserting .dot { background: #4285f4; }
.state { flex: 1; overflow: hidden; white-space: nowrap; text-overflow: ellipsis; }
.count { color: #9aa0a6; font-weight: 400; }
ol { list-style: none; margin: 6px 0; padding: 0; max-height: 88px; overflow: hidden; }
li { display: flex; gap: 6px; white-space: nowrap; color: #bdc1c6; }
li .what { flex: 1; overflow: hidden; text-overflow: ellipsis; }
li .n { color: #9aa0a6; flex: none; }
li.last { color: #fff; }
.empty { color: #9aa0a6; font-style: italic; }
.buttons { display: flex; gap: 4px; flex-wrap: wrap; }
button { all: unset; cursor: pointer; padding: 3px 7px; border-radius: 4px; background: #3c4043; color: #e8eaed;
  font: inherit; line-height: 18px; }
button:hover { background: #5f6368; }
button.on { background: #1a73e8; }
button.stop { background: #a50e0e; }
.outline { position: fixed; z-index: 2147483647; pointer-events: none; box-sizing: border-box;
  border: 2px solid #1a73e8; background: rgba(26,115,232,.12); border-radius: 2px; }
.outline.bad { border-color: #d93025; background: rgba(217,48,37,.10); }
.label { position: fixed; z-index: 2147483647; pointer-events: none; max-width: 420px; padding: 2px 6px;
  font: 12px/1.4 system-ui, sans-serif; color: #fff; background: #1a73e8; border-radius: 3px;
  white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.label.bad { background: #d93025; }
`;

  // host makes a <chainreplay-ui> element with a closed shadow root
  // holding our style sheet, and keeps it in the document: appended to
  // <html> once the document has one, and again if the page removes it.
  function host() {
    const h = document.createElement(TAG);
    const root = attach.call(h, { mode: "closed" });
    const st = document.createElement("style");
    st.textContent = CSS;
    root.appendChild(st);
    const place = () => {
      const de = document.documentElement;
      if (de && h.parentNode !== de) de.appendChild(h);
    };
    const keep = () => {
      place();
      new MutationObserver(() => { if (!h.isConnected) place(); }).observe(document.documentElement, { childList: true });
    };
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", keep, { once: true });
    else if (document.documentElement) keep();
    return { h, root };
  }

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // ---- the toolbar (top frame) ----
  let bar = null;
  const buttons = {};
  const CORNERS = ["br", "bl", "tl", "tr"];
  let corner = 0;
  let state = { mode: "record", steps: [], count: 0 };
  const press = (cmd) => {
    const r = window.__chainrec;
    if (r && r.tool) r.tool(cmd);
  };
  function build() {
    const { root } = host();
    bar = el("div", "bar " + CORNERS[corner]);
    const head = el("div", "head");
    head.append(el("span", "dot"), el("span", "state", "Recording"), el("span", "count", ""));
    const list = el("ol");
    const row = el("div", "buttons");
    const add = (name, label, title, cls) => {
      const b = el("button", cls || "", label);
      b.title = title;
      b.tabIndex = -1;
      // Keep the focus where the person left it (a field being typed in).
      b.addEventListener("mousedown", (e) => e.preventDefault());
      b.addEventListener("click", (e) => {
        if (!e.isTrusted) return;
        if (name === "move") move();
        else press(name === "pause" && state.mode === "paused" ? "resume" : name);
      });
      buttons[name] = b;
      row.appendChild(b);
    };
    add("pause", "Pause", "pause recording (actions are not recorded until resume)");
    add("assert-visible", "Visible", "assert that the next element clicked is visible");
    add("assert-text", "Text", "assert the text of the next element clicked");
    add("assert-value", "Value", "assert the value of the next field clicked");
    add("undo", "Undo", "remove the last step");
    add("stop", "Stop", "stop recording and save the flow", "stop");
    add("move", "⇆", "move the toolbar to another corner");
    bar.append(head, list, row);
    root.appendChild(bar);
    render();
  }
  const MODES = {
    record: "Recording",
    paused: "Paused",
    "assert-visible": "Assert visible: click an element (Esc cancels)",
    "assert-text": "Assert text: click an element (Esc cancels)",
    "assert-value": "Assert value: click a field (Esc cancels)",
  };
  function move() { corner = (corner + 1) % CORNERS.length; render(); }
  function render() {
    if (!bar) return;
    const m = state.mode || "record";
    bar.className = "bar " + CORNERS[corner] + (m === "paused" ? " paused" : m.startsWith("assert") ? " asserting" : "");
    bar.querySelector(".state").textContent = MODES[m] || m;
    bar.querySelector(".count").textContent = state.count === 1 ? "1 step" : state.count + " steps";
    const list = bar.querySelector("ol");
    list.textContent = "";
    const steps = state.steps || [];
    if (!steps.length) list.appendChild(el("li", "empty", "no steps yet"));
    steps.forEach((s, i) => {
      const li = el("li", i === steps.length - 1 ? "last" : "");
      li.append(el("span", "what", s.line), el("span", "n", s.n ? s.n + (s.n === 1 ? " strategy" : " strategies") : ""));
      list.appendChild(li);
    });
    buttons.pause.textContent = m === "paused" ? "Resume" : "Pause";
    buttons.pause.title = m === "paused" ? "resume recording" : "pause recording (actions are not recorded until resume)";
    for (const k of ["assert-visible", "assert-text", "assert-value"]) buttons[k].classList.toggle("on", m === k);
  }

  // ---- the outline (every frame) ----
  let ol = null;
  function outline(target, text, bad) {
    if (!ol) {
      const { root } = host();
      ol = { box: el("div", "outline"), label: el("div", "label") };
      root.append(ol.box, ol.label);
    }
    const r = target.getBoundingClientRect();
    Object.assign(ol.box.style, { display: "block", left: r.left + "px", top: r.top + "px", width: r.width + "px", height: r.height + "px" });
    ol.box.classList.toggle("bad", !!bad);
    ol.label.classList.toggle("bad", !!bad);
    ol.label.textContent = text;
    const below = r.bottom + 24 < innerHeight;
    Object.assign(ol.label.style, { display: "block", left: Math.max(0, r.left) + "px", top: (below ? r.bottom + 4 : Math.max(0, r.top - 24)) + "px" });
  }
  function unoutline() {
    if (ol) { ol.box.style.display = "none"; ol.label.style.display = "none"; }
  }

  if (top) {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", build, { once: true });
    else build();
  }

  Object.defineProperty(window, "__chainrecUI", {
    value: Object.freeze({
      TAG,
      // show: the recorder's state ({mode, steps: [{line, n}], count}).
      show(s) { state = s; render(); },
      // box: where a button is in the viewport ({x, y, w, h}), or null.
      box(name) {
        if (name === "bar") {
          if (!bar) return null;
          const r = bar.getBoundingClientRect();
          return { x: r.left, y: r.top, w: r.width, h: r.height };
        }
        const b = buttons[name];
        if (!b) return null;
        const r = b.getBoundingClientRect();
        return { x: r.left, y: r.top, w: r.width, h: r.height };
      },
      outline,
      unoutline,
    }),
  });
})();
