// The stepdoku web app: it talks to the JSON API of `stepdoku serve` and draws the
// pictures the server makes. No libraries, no network beyond the server itself.
(function () {
  "use strict";
  var $ = function (id) { return document.getElementById(id); };
  var state = { pictures: [], steps: [], current: 0, line: "", entries: {}, selected: -1,
    request: null, loading: false };
  var SVGNS = "http://www.w3.org/2000/svg";
  var DIGITS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

  function post(path, body) {
    return fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body)
    }).then(function (r) {
      return r.json().then(function (data) {
        if (!r.ok) { throw new Error(data.error + (data.problems ? ": " + data.problems.join("; ") : "")); }
        return data;
      });
    });
  }

  // The rules chosen for a grid that cannot say them (Sudoku-X, windoku); left out
  // when the puzzle says its own.
  function withRules(body) {
    if ($("variant").value) { body.variant = $("variant").value; }
    return body;
  }

  // What a picture draws beyond classic Sudoku, read from the picture itself, so that
  // the words match whatever the server drew.
  var LEGENDS = [
    ['[data-kind="diagonal"]', "Sudoku-X: each shaded diagonal also holds every digit once."],
    ['[data-kind="window"]', "Windoku: each of the four shaded windows also holds every digit once."],
    [".regions", "Jigsaw: the regions inside the bold lines take the place of the boxes."],
    [".cage", "Killer: the digits of each dashed cage add up to the small sum at its corner, with no digit twice."]
  ];
  function showLegend() {
    var svg = board();
    $("legend").textContent = svg ? LEGENDS.filter(function (l) { return svg.querySelector(l[0]); })
      .map(function (l) { return l[1]; }).join(" ") : "";
  }

  function showError(err) { $("error").textContent = err ? String(err.message || err) : ""; }

  function puzzleText() { return $("puzzle").value.trim() || $("puzzle").placeholder; }

  // A long walk's pictures come in pages: fetch the page that starts at screen i first.
  function show(i) {
    if (i < 0 || i >= state.pictures.length) { return; }
    if (state.pictures[i] === undefined) {
      if (state.loading) { return; }
      state.loading = true;
      var body = Object.assign({}, state.request, { from: i });
      post("/api/walk", body).then(function (data) {
        state.loading = false;
        keepPage(data);
        show(i);
      }).catch(function (err) { state.loading = false; showError(err); });
      return;
    }
    state.current = i;
    $("board").innerHTML = state.pictures[i];
    showLegend();
    if (i === 0) { drawEntries(); }
    var step = i >= 1 && i <= state.steps.length ? state.steps[i - 1] : null;
    $("line").textContent = step ? step.line : "";
    $("prose").textContent = step ? step.text : "";
    $("counter").textContent = i + " / " + (state.pictures.length - 1);
    $("prev").disabled = i === 0;
    $("next").disabled = i === state.pictures.length - 1;
    var items = $("steps").children;
    for (var k = 0; k < items.length; k++) { items[k].classList.toggle("current", k === i); }
    document.body.setAttribute("data-current", String(i));
  }

  function walk() {
    showError(null);
    $("hint").innerHTML = "";
    state.request = withRules({ puzzle: puzzleText(), lang: $("lang").value, up_to: $("upto").value });
    return post("/api/walk", state.request)
      .then(function (data) {
        state.pictures = new Array(data.screens);
        keepPage(data);
        state.steps = data.trace.steps;
        if (state.line !== data.trace.puzzle) {
          state.line = data.trace.puzzle;
          state.entries = {};
          state.selected = -1;
        }
        var list = $("steps");
        list.innerHTML = "";
        var labels = ["(the puzzle)"].concat(state.steps.map(function (s) { return s.line; }), ["(the end)"]);
        labels.forEach(function (text, k) {
          var li = document.createElement("li");
          li.textContent = text;
          li.addEventListener("click", function () { show(k); });
          list.appendChild(li);
        });
        document.body.setAttribute("data-steps", String(state.steps.length));
        show(0);
      })
      .catch(showError);
  }

  function keepPage(data) {
    data.pictures.forEach(function (p, k) { state.pictures[data.from + k] = p; });
  }

  var checkTimer = null;
  function check() {
    var text = $("puzzle").value.trim();
    if (!text) { $("verdict").textContent = ""; return; }
    post("/api/check", withRules({ puzzle: text, rate: true })).then(function (v) {
      var ok = v.verdict === "unique";
      var words = { unique: "valid, exactly one solution", several: "valid, but several solutions",
        "no-solution": "no solution", invalid: "invalid: " + (v.problems || []).join("; ") };
      var said = words[v.verdict] || v.verdict;
      // The rating on Sudoku Explainer's scale, when the puzzle has one solution.
      if (v.rating) { said += "; rated " + v.rating.er.toFixed(1) + " (" + v.rating.level + ")"; }
      $("verdict").textContent = said;
      $("verdict").className = ok ? "ok" : "bad";
      $("verdict").setAttribute("data-verdict", v.verdict);
    }).catch(function (err) {
      $("verdict").textContent = String(err.message || err);
      $("verdict").className = "bad";
      $("verdict").setAttribute("data-verdict", "error");
    });
  }

  function hint(level) {
    showError(null);
    var body = withRules({ puzzle: puzzleText(), lang: $("lang").value, level: level, picture: true });
    if ($("grid").value.trim()) { body.grid = $("grid").value.trim(); }
    return post("/api/hint", body).then(function (h) {
      var list = $("hint");
      list.innerHTML = "";
      // Mistakes are {cell, kind, text}; a puzzle with several solutions has a note.
      var texts = h.problem ? ["No hint: " + h.problem] : h.mistakes ? h.mistakes.map(function (m) {
        return (m.cell ? m.cell + ": " : "") + m.text;
      }) : (h.note ? [h.note] : []).concat(h.hints || []);
      texts.forEach(function (t) {
        var li = document.createElement("li");
        li.textContent = t;
        list.appendChild(li);
      });
      list.setAttribute("data-level", String(h.level || 0));
      if (h.picture) {
        $("board").innerHTML = h.picture;
        showLegend();
        $("counter").textContent = "hint";
        $("line").textContent = "";
        $("prose").textContent = "";
      }
    }).catch(showError);
  }

  // The player's own entries: click a cell of the puzzle's picture, type a digit
  // (0, Backspace or Delete clears). They go into "Your grid", which hints read.
  function board() { return $("board").querySelector("svg"); }

  function cellCentre(svg, cell) {
    var n = Number(svg.getAttribute("data-size")), m = Number(svg.getAttribute("data-margin"));
    var cs = Number(svg.getAttribute("data-cell-size"));
    return { x: m + (cell % n + 0.5) * cs, y: m + (Math.floor(cell / n) + 0.5) * cs, cs: cs };
  }

  function drawEntries() {
    var svg = board();
    if (!svg) { return; }
    Array.prototype.forEach.call(svg.querySelectorAll(".mine, .selected"), function (e) { e.remove(); });
    if (state.selected >= 0) {
      var c = cellCentre(svg, state.selected);
      var r = document.createElementNS(SVGNS, "rect");
      r.setAttribute("class", "selected");
      r.setAttribute("x", c.x - c.cs / 2 + 2); r.setAttribute("y", c.y - c.cs / 2 + 2);
      r.setAttribute("width", c.cs - 4); r.setAttribute("height", c.cs - 4);
      r.setAttribute("fill", "none"); r.setAttribute("stroke", "#CC79A7"); r.setAttribute("stroke-width", "3");
      svg.appendChild(r);
    }
    Object.keys(state.entries).forEach(function (k) {
      var cell = Number(k), c = cellCentre(svg, cell);
      Array.prototype.forEach.call(svg.querySelectorAll('.cand[data-cell="' + cellName(svg, cell) + '"]'),
        function (e) { e.style.display = "none"; });
      var t = document.createElementNS(SVGNS, "text");
      t.setAttribute("class", "mine");
      t.setAttribute("data-cell", cellName(svg, cell));
      t.setAttribute("x", c.x); t.setAttribute("y", c.y);
      t.setAttribute("font-size", c.cs * 0.62); t.setAttribute("fill", "#7A3E9D");
      t.setAttribute("text-anchor", "middle"); t.setAttribute("dominant-baseline", "central");
      t.textContent = state.entries[k];
      svg.appendChild(t);
    });
  }

  function cellName(svg, cell) {
    var n = Number(svg.getAttribute("data-size"));
    return "r" + (Math.floor(cell / n) + 1) + "c" + (cell % n + 1);
  }

  function gridLine() {
    var cs = state.line.split("");
    Object.keys(state.entries).forEach(function (k) { cs[Number(k)] = state.entries[k]; });
    return cs.join("");
  }

  $("board").addEventListener("click", function (e) {
    var svg = board();
    if (!svg || state.current !== 0 || !state.line) { return; }
    var pt = svg.createSVGPoint();
    pt.x = e.clientX; pt.y = e.clientY;
    var p = pt.matrixTransform(svg.getScreenCTM().inverse());
    var n = Number(svg.getAttribute("data-size")), m = Number(svg.getAttribute("data-margin"));
    var cs = Number(svg.getAttribute("data-cell-size"));
    var col = Math.floor((p.x - m) / cs), row = Math.floor((p.y - m) / cs);
    if (col < 0 || row < 0 || col >= n || row >= n) { return; }
    var cell = row * n + col;
    state.selected = state.line[cell] === "." ? cell : -1;
    drawEntries();
  });

  function enter(key) {
    if (state.selected < 0 || state.current !== 0) { return false; }
    var n = Number(board().getAttribute("data-size"));
    var d = key.toUpperCase();
    if (d === "0" || key === "Backspace" || key === "Delete") {
      delete state.entries[state.selected];
    } else if (d.length === 1 && DIGITS.indexOf(d) >= 0 && DIGITS.indexOf(d) < n) {
      state.entries[state.selected] = d;
    } else {
      return false;
    }
    $("grid").value = Object.keys(state.entries).length ? gridLine() : "";
    drawEntries();
    return true;
  }

  $("explain").addEventListener("click", walk);
  $("prev").addEventListener("click", function () { show(state.current - 1); });
  $("next").addEventListener("click", function () { show(state.current + 1); });
  $("marks").addEventListener("change", function () { $("board").classList.toggle("nomarks", !this.checked); });
  $("variant").addEventListener("change", check);
  $("puzzle").addEventListener("input", function () {
    clearTimeout(checkTimer);
    checkTimer = setTimeout(check, 300);
  });
  Array.prototype.forEach.call(document.querySelectorAll("button.hint"), function (b) {
    b.addEventListener("click", function () { hint(Number(b.getAttribute("data-level"))); });
  });
  document.addEventListener("keydown", function (e) {
    if (e.target && (e.target.tagName === "TEXTAREA" || e.target.tagName === "SELECT")) { return; }
    if (enter(e.key)) { e.preventDefault(); return; }
    if (e.key === "ArrowRight") { show(state.current + 1); }
    if (e.key === "ArrowLeft") { show(state.current - 1); }
  });
  fetch("/api/techniques").then(function (r) { return r.json(); }).then(function (ts) {
    ts.forEach(function (t) {
      if (t.optional) { return; } // not in the default order: no cap to set
      var o = document.createElement("option");
      o.value = t.id;
      o.textContent = t.name;
      $("upto").appendChild(o);
    });
  });
})();
