// form.js: "Try your own values", in partlab-run.js after loader.js. A
// cell's form is made from its script.try-form, which the report wrote
// from the kind's field specs (scenarios.Form): one input a field, holding
// the cell's value. Submitting builds the spec as a scenario file writes
// it, recomputes it in the worker and puts what partlab.run renders in
// place of the cell's body, until "Back to the page's values". Every check
// is the engine's, with a scenario file's messages; the page's predictions
// and answers are not touched.
var engine = null, tried = new WeakMap();

function toggle(section, assets) {
  let t = tried.get(section);
  if (!t) {
    t = newTry(section, assets);
    tried.set(section, t);
  }
  const opening = t.form.hidden;
  t.form.hidden = !opening;
  t.open.setAttribute("aria-expanded", String(opening));
  if (opening) {
    if (!engine) {
      engine = start(assets);
    }
    t.form.querySelector("input, select").focus();
  }
}

function element(name, attrs, text) {
  const e = document.createElement(name);
  Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
  if (text) e.textContent = text;
  return e;
}

// newTry makes a cell's form, hidden, after its button.
function newTry(section, assets) {
  const bar = section.querySelector(".try");
  const d = JSON.parse(bar.querySelector("script.try-form").textContent);
  const id = section.id + "-try";
  const t = {section: section, d: d, open: bar.querySelector(".try-open"), inputs: [], running: null};
  t.open.setAttribute("aria-controls", id);
  t.back = element("button", {type: "button", class: "try-back", hidden: ""}, "Back to the page's values");
  bar.appendChild(t.back);
  const form = t.form = element("form", {class: "try-form", id: id, hidden: "", novalidate: ""});
  form.appendChild(element("p", {class: "try-lead"},
    "Your own values for this cell, computed in your browser by the engine that computed the page, with a scenario file's bounds. " +
    "An empty field takes its default. Your predictions and answers are not touched."));
  const fields = element("div", {class: "try-fields"});
  d.fields.forEach(function (f, i) {
    const input = fieldInput(f, id + "-" + i);
    t.inputs.push(input);
    fields.appendChild(input.box);
  });
  form.appendChild(fields);
  t.problems = element("div", {class: "try-problems", role: "alert"});
  form.appendChild(t.problems);
  const actions = element("div", {class: "try-actions"});
  t.submit = element("button", {type: "submit"}, "Compute");
  t.cancel = element("button", {type: "button", class: "try-cancel", hidden: ""}, "Cancel");
  t.status = element("p", {class: "try-status", role: "status"});
  actions.append(t.submit, t.cancel, t.status);
  form.appendChild(actions);
  bar.after(form);
  form.addEventListener("submit", function (e) {
    e.preventDefault();
    compute(t);
  });
  t.cancel.addEventListener("click", function () {
    if (t.running) t.running.cancel();
  });
  t.back.addEventListener("click", function () { back(t); });
  return t;
}

// fieldInput is one field's label, input and hint. Its read returns the
// field's YAML, or "" for an empty field, which takes its default.
function fieldInput(f, id) {
  const box = element("div", {class: "try-field try-" + f.input});
  const hint = element("span", {class: "try-hint", id: id + "-hint"}, hintOf(f));
  const value = f.value || f.default || "";
  let read;
  if (f.input === "choices") {
    const group = element("fieldset", {"aria-describedby": id + "-hint"});
    group.appendChild(element("legend", {}, "")).append(element("code", {}, f.name), " ", element("span", {class: "try-doc"}, f.doc));
    const chosen = value ? value.split(", ") : [];
    // The cell's order first, as its table lists them, then the rest.
    const order = chosen.concat(f.choices.filter(function (c) { return chosen.indexOf(c) < 0; }));
    const boxes = order.map(function (c, j) {
      const cb = element("input", {type: "checkbox", id: id + "-" + j, value: c});
      cb.defaultChecked = chosen.indexOf(c) >= 0;
      const l = element("label", {for: id + "-" + j});
      l.append(cb, " " + c);
      group.appendChild(l);
      return cb;
    });
    group.appendChild(hint);
    box.appendChild(group);
    read = function () {
      const on = boxes.filter(function (b) { return b.checked; }).map(function (b) { return JSON.stringify(b.value); });
      return on.length ? "[" + on.join(", ") + "]" : "";
    };
    return {f: f, box: box, el: group, read: read, changed: function () { return boxes.some(function (b) { return b.checked !== b.defaultChecked; }); }};
  }
  const label = element("label", {for: id});
  label.append(element("code", {}, f.name), " ", element("span", {class: "try-doc"}, f.doc));
  let el;
  if (f.input === "choice") {
    el = element("select", {id: id, "aria-describedby": id + "-hint"});
    if (!value) el.appendChild(element("option", {value: ""}, "(none)"));
    f.choices.forEach(function (c) {
      const o = element("option", {value: c}, c);
      o.defaultSelected = c === value;
      el.appendChild(o);
    });
    read = function () { return el.value ? JSON.stringify(el.value) : ""; };
  } else if (f.input === "check") {
    el = element("input", {type: "checkbox", id: id, "aria-describedby": id + "-hint"});
    el.defaultChecked = value === "true";
    read = function () { return String(el.checked); };
  } else {
    el = element("input", {type: "text", id: id, "aria-describedby": id + "-hint", autocomplete: "off", spellcheck: "false"});
    if (f.input === "number" || f.input === "numbers") el.setAttribute("inputmode", "numeric");
    if (f.default && !f.value) el.setAttribute("placeholder", f.default);
    el.defaultValue = f.value || "";
    read = function () { return yamlOf(f.input, el.value.trim()); };
  }
  box.append(label, el, hint);
  return {f: f, box: box, el: el, read: read, changed: function () {
    return el.type === "checkbox" ? el.checked !== el.defaultChecked :
      el.tagName === "SELECT" ? !el.options[el.selectedIndex].defaultSelected : el.value !== el.defaultValue;
  }};
}

// grouped is a bound with its thousands grouped, as the tables write
// them: 1,000,000. It works on the text, exact for any bound.
function grouped(n) {
  return n.replace(/\B(?=(\d{3})+$)/g, ",");
}

function hintOf(f) {
  const def = f.default ? "; default " + f.default : "";
  switch (f.input) {
    case "number": return "a whole number from " + grouped(f.min) + " to " + grouped(f.max) + def;
    case "numbers": return "whole numbers from " + grouped(f.min) + " to " + grouped(f.max) + ", separated by commas" + def;
    case "choice": return f.default ? "default " + f.default : "";
    case "choices": return "one or more" + def;
    case "texts": return "separated by commas" + def;
    case "yaml": return "as a scenario file writes it (YAML)" + def;
  }
  return f.default ? "default " + f.default : "";
}

// yamlOf is a text input's value as YAML: a number as it is and anything
// else quoted, so that what a reader types is always a value of the field,
// which the engine then checks; a YAML field as the reader wrote it.
function yamlOf(input, v) {
  if (v === "") return "";
  const item = function (s) { s = s.trim(); return /^[-+]?\d+$/.test(s) ? s : JSON.stringify(s); };
  switch (input) {
    case "number": return item(v);
    case "numbers": return "[" + v.split(",").map(item).join(", ") + "]";
    case "texts": return "[" + v.split(",").map(function (s) { return JSON.stringify(s.trim()); }).join(", ") + "]";
    case "yaml": return v;
  }
  return JSON.stringify(v);
}

// specOf is the cell's spec as a scenario file writes it, one field a
// line, without the fields in skip.
function specOf(t, skip) {
  const lines = ["id: " + JSON.stringify(t.d.id)];
  t.inputs.forEach(function (input) {
    const v = input.read();
    if (v !== "" && !skip[input.f.name]) lines.push(input.f.name + ": " + v);
  });
  return lines.join("\n") + "\n";
}

// at is where in the cell a problem is: "partitions[0]" for
// grid.partitions[0]; "" for the cell as a whole (its budget).
function at(t, problem) {
  const path = problem.field || "";
  return path.indexOf(t.d.kind + ".") === 0 ? path.slice(t.d.kind.length + 1) : "";
}

// field is the name of the field a problem is at: "partitions".
function field(t, problem) {
  return at(t, problem).split(/[.[]/)[0];
}

function compute(t) {
  if (t.running) return;
  showProblems(t, [], "");
  run(t, {}, []);
}

// run computes the spec without skip. A page value in YAML that the reader
// left as it is (a grid's deviation rows) may not fit the values they
// changed: it is then left out, once, and the note says so.
function run(t, skip, left) {
  const spec = specOf(t, skip);
  t.submit.disabled = true;
  t.cancel.hidden = false;
  t.status.textContent = engine.loaded ? "Computing…" : "Loading the engine in the page, then computing…";
  engine.ready.then(function () {
    engine.loaded = true;
    if (t.running) t.status.textContent = "Computing…";
  }, function () {});
  t.running = engine.run(t.d.kind, spec, {source: t.d.source, above: t.d.above});
  t.running.result.then(function (cell) {
    done(t);
    show(t, cell.html, left);
  }, function (err) {
    done(t);
    if (err.name === "AbortError") {
      t.status.textContent = "Cancelled. The cell shows what it showed before.";
      return;
    }
    const problems = err.problems || [{field: "", message: err.message}];
    const leavable = t.inputs.filter(function (input) {
      return input.f.input === "yaml" && !input.f.required && input.f.value && !input.changed() && !skip[input.f.name];
    }).map(function (input) { return input.f.name; });
    const own = problems.filter(function (p) { return leavable.indexOf(field(t, p)) < 0; });
    if (!own.length) {
      const names = unique(problems.map(function (p) { return field(t, p); }));
      names.forEach(function (name) { skip[name] = true; });
      run(t, skip, left.concat(names));
      return;
    }
    showProblems(t, own, "Not computed: the cell shows what it showed before.");
  });
}

function unique(names) {
  return names.filter(function (n, i) { return names.indexOf(n) === i; });
}

function done(t) {
  t.running = null;
  t.submit.disabled = false;
  t.cancel.hidden = true;
}

function showProblems(t, problems, status) {
  t.inputs.forEach(function (input) { input.el.removeAttribute("aria-invalid"); });
  t.problems.textContent = "";
  t.status.textContent = status;
  if (!problems.length) return;
  const list = element("ul");
  problems.forEach(function (p) {
    const name = field(t, p);
    const input = t.inputs.find(function (i) { return i.f.name === name; });
    if (input) input.el.setAttribute("aria-invalid", "true");
    const li = element("li");
    if (name) li.append(element("code", {}, at(t, p)), ": ");
    li.append(p.message);
    list.appendChild(li);
  });
  t.problems.appendChild(list);
}

// show puts the recomputed body in place of the cell's, keeping the page's
// own to put back.
function show(t, html, left) {
  const current = t.section.querySelector(".cell-body");
  if (!t.original) t.original = current;
  const body = element("div", {class: "cell-body tried"});
  const note = element("p", {class: "try-note"});
  const changed = t.inputs.filter(function (i) { return i.changed(); }).map(function (i) {
    return i.f.name + " " + (i.read() || "(default)");
  });
  note.textContent = "Your values, computed in this browser" + (changed.length ? ": " + changed.join("; ") : ", the same as the page's") + "." +
    (left.length ? " Left out, as they do not fit your values: the page's " + left.join(", ") + "." : "");
  body.innerHTML = html;
  body.prepend(note);
  swap(current, body);
  t.back.hidden = false;
  t.status.textContent = "Computed. " + note.textContent;
}

function back(t) {
  swap(t.section.querySelector(".cell-body"), t.original);
  t.back.hidden = true;
  t.form.reset();
  showProblems(t, [], "The cell shows the page's values again.");
  t.open.focus();
}

// swap replaces one body by another, letting the page's charts go of the
// first and take up the second (charts.js).
function swap(from, to) {
  if (from === to) return;
  if (window.partlab && window.partlab.forget) window.partlab.forget(from);
  from.replaceWith(to);
  if (window.partlab && window.partlab.adopt) window.partlab.adopt(to);
}

window.partlabRun.toggle = toggle;
