// The page's script (tsume-draw, page.rs): draws the stones of a step, wires the buttons.
(function () {
  "use strict";
  var D = JSON.parse(document.getElementById("tsume-data").textContent);
  var NS = "http://www.w3.org/2000/svg";
  var layer = document.getElementById("stones");
  var li = 0, k = 0;
  function el(tag, attrs, txt) {
    var e = document.createElementNS(NS, tag);
    for (var a in attrs) e.setAttribute(a, attrs[a]);
    if (txt !== undefined) e.textContent = txt;
    return e;
  }
  function draw() {
    var L = D.lines[li];
    k = Math.max(0, Math.min(k, L.frames.length - 1));
    var F = L.frames[k], nums = {};
    F.n.forEach(function (p) { nums[p[0]] = p[1]; });
    layer.replaceChildren();
    for (var i = 0; i < D.live.length; i++) {
      var c = F.s.charAt(i);
      if (c !== "b" && c !== "w") continue;
      var s = D.spots[D.live[i]], black = c === "b";
      layer.append(el("circle", {cx: s[0], cy: s[1], r: D.r, "data-point": s[2],
        "class": "stone " + (black ? "black" : "white"),
        fill: black ? D.black : D.white, stroke: black ? "#000" : "#444"}));
      if (nums[i] !== undefined)
        layer.append(el("text", {x: s[0], y: s[1], "class": "num", fill: black ? "#fff" : "#000",
          "font-size": D.r * (nums[i] >= 100 ? 0.78 : 0.98), "text-anchor": "middle",
          "dominant-baseline": "central", "font-family": "DejaVu Sans, Arial, sans-serif"},
          String(nums[i])));
      if (D.live[i] === D.target)
        layer.append(el("polygon", {points: D.mark, "class": "target", fill: "none",
          stroke: "#d0311f", "stroke-width": 2.2}));
    }
    document.getElementById("line-title").textContent = L.title;
    document.getElementById("count").textContent = "move " + k + " of " + (L.frames.length - 1);
    document.getElementById("note").textContent = F.note;
    document.getElementById("notes").textContent = F.notes;
    document.getElementById("first").disabled = document.getElementById("prev").disabled = k === 0;
    document.getElementById("last").disabled = document.getElementById("next").disabled =
      k === L.frames.length - 1;
    var bs = document.querySelectorAll("button.line");
    for (var j = 0; j < bs.length; j++)
      bs[j].setAttribute("aria-pressed", String(Number(bs[j].dataset.line) === li));
    document.body.dataset.line = li;
    document.body.dataset.move = k;
    // A page opened from a file has no origin of its own: some browsers refuse this.
    try { history.replaceState(null, "", "#line=" + li + "&move=" + k); } catch (e) { /* kept */ }
  }
  function go(to) { k = to; draw(); }
  document.getElementById("first").onclick = function () { go(0); };
  document.getElementById("prev").onclick = function () { go(k - 1); };
  document.getElementById("next").onclick = function () { go(k + 1); };
  document.getElementById("last").onclick = function () { go(1e9); };
  var bs = document.querySelectorAll("button.line");
  for (var j = 0; j < bs.length; j++)
    bs[j].onclick = function () { li = Number(this.dataset.line); go(0); };
  document.addEventListener("keydown", function (e) {
    if (e.key === "ArrowRight") go(k + 1);
    else if (e.key === "ArrowLeft") go(k - 1);
    else if (e.key === "Home") go(0);
    else if (e.key === "End") go(1e9);
  });
  var m = /line=(\d+)/.exec(location.hash), n = /move=(\d+)/.exec(location.hash);
  if (m && Number(m[1]) < D.lines.length) li = Number(m[1]);
  if (n) k = Number(n[1]);
  draw();
})();
