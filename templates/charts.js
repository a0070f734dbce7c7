// Once the page is parsed, partlab draws each chart with ECharts in the
// reader's colour scheme when its box nears the viewport, one chart a task so
// the page stays responsive, and redraws it when the scheme or the window
// size changes; printing, and partlab.drawAll, draw every chart. It also
// wires each table's controls. A chart's option (script.chart-option) and a
// box's variants (script.variants) are data the report wrote beside them;
// nothing here depends on the scenario. ECharts itself is loaded only when
// the first chart needs it (see load), so a page that is only read never
// fetches it.
var partlab = (function () {
  "use strict";
  // boxes are the page's charts in order, drawn or not (a chart's instance
  // is null until it is drawn); charts are those drawn.
  var boxes = [], charts = [];
  var dark = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;
  var print = window.matchMedia ? window.matchMedia("print") : null;
  // On paper a chart is at most as wide as an A4 page's text (186 mm at 96
  // px to the inch is 703 px) and as high as style.css's print .chart. Before
  // printing the page still has its screen layout, so the size is set, not
  // measured; a canvas left at its screen width would lie over the table
  // below it.
  var paper = {width: 680, height: 300};
  var printing = false;
  var ruler = document.createElement("canvas").getContext("2d");

  // ECharts' legend and axis text: 12px sans-serif.
  function textWidth(s) {
    ruler.font = "12px sans-serif";
    return ruler.measureText(String(s)).width;
  }

  // legendRows is how many rows a plain legend wraps into within width, laid
  // out as ECharts does: a 25px symbol, 5px to its name, 10px between items.
  function legendRows(c, width) {
    var rows = 1, x = 0;
    (c.option.series || []).forEach(function (s) {
      var w = 25 + 5 + textWidth(s.name) + 10;
      if (x > 0 && x + w > width) {
        rows++;
        x = 0;
      }
      x += w;
    });
    return rows;
  }

  // fit makes the chart legible at its width: the legend wraps and the plot
  // starts below its last row, growing the box rather than paging the
  // legend; a short category axis shows every label, tilted when they would
  // not fit side by side, or, when they are numbers of a few digits, every
  // other one (or fewer) upright.
  function fit(c) {
    var width = c.el.clientWidth, patch = {};
    var legend = c.option.legend && !Array.isArray(c.option.legend) ? c.option.legend : null;
    if (legend && legend.show !== false) {
      var rows = legendRows(c, width - 36);
      patch.legend = {type: "plain"};
      patch.grid = {top: rows * 22 + 44};
      c.el.style.height = Math.max(352, 288 + rows * 22) + "px";
    }
    var x = c.option.xAxis && c.option.xAxis[0];
    if (x && x.type === "category" && x.data && x.data.length <= 16) {
      var need = 0, widest = 0;
      x.data.forEach(function (d) {
        need += textWidth(d) + 12;
        widest = Math.max(widest, textWidth(d));
      });
      var tilt = need > width - 96, interval = 0;
      // Short labels (read positions 1-16) that do not fit side by side skip
      // evenly rather than tilt into a crowd: every other one, or fewer.
      if (tilt && widest <= textWidth("000")) {
        interval = Math.ceil(need / (width - 96)) - 1;
        tilt = false;
      }
      // A tilted label reaches sin(40°) of its width below the axis; the
      // axis's name moves down past it.
      var drop = tilt ? Math.ceil(0.65 * widest) : 0;
      patch.xAxis = {axisLabel: {interval: interval, rotate: tilt ? 40 : 0}, nameGap: 28 + drop};
      patch.grid = patch.grid || {};
      patch.grid.bottom = 32 + drop;
    }
    c.instance.setOption(patch);
    c.instance.resize();
  }

  // prepare adapts an option to how it is drawn here: one x value is drawn
  // as bars (a line of one point is a lone dot); a saved image gets the
  // page's background.
  function prepare(option) {
    var o = JSON.parse(JSON.stringify(option));
    var x = o.xAxis && o.xAxis[0];
    (o.series || []).forEach(function (s) {
      if (x && x.data && x.data.length === 1 && s.type === "line") {
        s.type = "bar";
        s.barMaxWidth = 48;
      }
    });
    if (o.toolbox && o.toolbox.feature && o.toolbox.feature.saveAsImage) {
      o.toolbox.feature.saveAsImage.backgroundColor = window.getComputedStyle(document.body).backgroundColor;
    }
    return o;
  }

  // On paper a chart is drawn light, as SVG (so a PDF keeps its text as
  // text, to search and select), without the toolbox and without
  // animation, so the printed frame is the finished chart.
  function draw(c) {
    if (c.instance) {
      c.instance.dispose();
    }
    c.finished = false;
    // style.css prints a box without this class as nothing: its table holds
    // its figures.
    c.el.classList.add("drawn");
    if (printing) {
      c.instance = echarts.init(c.el, null, {renderer: "svg",
        width: Math.min(paper.width, c.el.clientWidth || paper.width), height: paper.height});
      c.instance.on("finished", function () { c.finished = true; });
      c.instance.setOption(Object.assign(prepare(c.option), {animation: false, toolbox: {show: false}}));
      // Drawn now: the browser lays out the paper right after beforeprint.
      c.instance.getZr().refreshImmediately();
      return;
    }
    c.instance = echarts.init(c.el, dark && dark.matches ? "dark" : null, {renderer: "canvas"});
    c.instance.on("finished", function () { c.finished = true; });
    c.instance.setOption(prepare(c.option));
    fit(c);
  }

  // Printing opens every <details> but answers (a scenario's YAML) and puts
  // back the ones that were closed afterwards: a closed answer prints as
  // space to write in.
  var opened = [];
  function paperMode(on) {
    if (on === printing) {
      return;
    }
    printing = on;
    if (on) {
      opened = Array.prototype.filter.call(document.querySelectorAll("details:not([open]):not(.answer)"), function (d) {
        d.open = true;
        return true;
      });
    } else {
      opened.forEach(function (d) { d.open = false; });
      opened = [];
    }
    printVariants(on);
    charts.forEach(draw);
  }

  // On paper no one can choose, so a box with controls prints every
  // variant's table in place of the one the screen shows, which comes back
  // afterwards.
  function printVariants(on) {
    document.querySelectorAll(".switch").forEach(function (box) {
      var data = box.querySelector("script.variants"), wrap = box.querySelector(".table-wrap");
      var old = box.querySelector(".print-variants");
      if (old) {
        old.parentNode.removeChild(old);
      }
      if (!data || !wrap) {
        return;
      }
      wrap.hidden = on;
      if (!on) {
        return;
      }
      var d = JSON.parse(data.textContent), all = document.createElement("div");
      all.className = "print-variants";
      d.variants.forEach(function (variant, v) {
        var copy = wrap.cloneNode(true);
        copy.hidden = false;
        copy.removeAttribute("tabindex");
        copy.removeAttribute("role");
        copy.removeAttribute("aria-label");
        fill(copy.querySelector("table"), d, v);
        all.appendChild(copy);
      });
      wrap.parentNode.insertBefore(all, wrap.nextSibling);
    });
  }

  function format(v, decimals) {
    return v.toFixed(decimals);
  }

  // fill shows variant v of switch data d in table: its caption, and the
  // cells of the columns that vary.
  function fill(table, d, v) {
    var variant = d.variants[v];
    if (table.caption) {
      (table.caption.firstElementChild || table.caption).textContent = d.captions[v];
    }
    Array.prototype.forEach.call(table.tBodies[0].rows, function (row, r) {
      d.vary.forEach(function (s, col) {
        if (s >= 0) {
          row.cells[col].textContent = format(variant[s][r], d.decimals[s]);
        }
      });
    });
  }

  // wire reads the variants beside box's controls and calls show with the
  // chosen one now and on every change; it also fills box's table. It does
  // nothing for a box without controls.
  function wire(box, show) {
    var data = box.querySelector("script.variants");
    if (!data) {
      return;
    }
    var d = JSON.parse(data.textContent);
    var selects = box.querySelectorAll(".controls select");
    var table = box.querySelector("table");
    function change() {
      var v = 0;
      selects.forEach(function (s) { v = v * s.options.length + s.selectedIndex; });
      if (table) {
        fill(table, d, v);
      }
      show(d.variants[v]);
    }
    selects.forEach(function (s) { s.addEventListener("change", change); });
    change();
  }

  // load runs ECharts, once, when the first chart needs it, from the page's
  // script#echarts-source: from its data-src (the site's assets/ or a CDN),
  // or, on a self-contained page, from its text, which the browser kept as
  // text, unparsed, until now, and which runs before load returns, so that
  // printing draws at once. It resolves to whether ECharts ran; if it did
  // not, every chart box says so, and the table beside it holds its figures.
  var loading = null, failed = false, loaded = false;
  function load() {
    if (loading) {
      return loading;
    }
    var source = document.getElementById("echarts-source");
    if (typeof echarts === "undefined" && source && source.hasAttribute("data-src")) {
      loading = new Promise(function (resolve) {
        var s = document.createElement("script");
        s.onload = s.onerror = function () { resolve(); };
        s.src = source.getAttribute("data-src");
        document.head.appendChild(s);
      }).then(ran);
      return loading;
    }
    if (typeof echarts === "undefined" && source) {
      // An inline script runs as it is inserted.
      var s = document.createElement("script");
      s.text = source.textContent;
      document.head.appendChild(s);
    }
    loading = Promise.resolve(ran());
    return loading;
  }

  // ran records whether ECharts ran and settles every box.
  function ran() {
    failed = typeof echarts === "undefined";
    loaded = !failed;
    boxes.forEach(settle);
    return !failed;
  }

  // settle says on chart c's box that ECharts did not load, or takes the
  // box's fallback text away once it has.
  function settle(c) {
    var fallback = c.el.querySelector(".chart-fallback");
    if (failed) {
      c.el.classList.add("undrawn");
      console.error("partlab: ECharts did not load, so chart " + c.el.id + " is not drawn; the table with it holds its figures");
    } else if (fallback) {
      c.el.removeChild(fallback);
    }
  }

  // need queues chart c to be drawn, once ECharts has loaded; the queue
  // draws one chart a task, so the page stays responsive.
  var queue = [], drawing = false;
  function need(c) {
    if (c.queued) {
      return;
    }
    c.queued = true;
    queue.push(c);
    load().then(function (ok) {
      if (ok && !drawing) {
        drawing = true;
        setTimeout(drawNext, 0);
      }
    });
  }
  function drawNext() {
    var c = queue.shift();
    if (c) {
      drawOnce(c);
    }
    if (queue.length) {
      setTimeout(drawNext, 0);
    } else {
      drawing = false;
    }
  }

  // drawOnce draws chart c, unless it is drawn.
  function drawOnce(c) {
    if (!c.instance) {
      draw(c);
      charts.push(c);
    }
  }

  // drawAll draws every chart not yet drawn, at once, loading ECharts if no
  // chart has yet. It resolves to whether every chart is drawn: false when
  // ECharts did not load. Printing calls it, and so do render --pdf and the
  // tests, which must not wait for a reader to scroll. Once ECharts has
  // run (or when the page holds its copy) it draws before it returns: the
  // browser lays out the paper right after beforeprint, before a promise's
  // callback would run.
  function drawAll() {
    if (!boxes.length) {
      return Promise.resolve(true);
    }
    var ok = load();
    if (loaded) {
      boxes.forEach(drawOnce);
      return ok;
    }
    return ok.then(function (ok) {
      if (ok) {
        boxes.forEach(drawOnce);
      }
      return ok;
    });
  }

  // toPaper draws the drawn charts for paper, or back for the screen, and
  // on paper every other chart too.
  function toPaper(on) {
    paperMode(on);
    if (on) {
      drawAll();
    }
  }

  if (dark && dark.addEventListener) {
    dark.addEventListener("change", function () { charts.forEach(draw); });
  }
  if (print && print.addEventListener) {
    print.addEventListener("change", function () { toPaper(print.matches); });
  }
  window.addEventListener("beforeprint", function () { toPaper(true); });
  window.addEventListener("afterprint", function () { paperMode(false); });
  window.addEventListener("resize", function () {
    if (!printing) {
      charts.forEach(fit);
    }
  });

  // nearness is how far outside the viewport a chart's box starts to be
  // drawn: half a screen above and below, so that a reader scrolling at a
  // reading pace meets drawn charts, while a phone that opens the Day 24
  // page, its first chart more than three screens down, fetches no ECharts.
  var nearness = "50% 0px";

  // adopt reads the option of every chart under root and wires every box's
  // controls, then draws each chart as its box nears the viewport (every
  // chart at once in a browser without IntersectionObserver, or when
  // printing has begun). start adopts the page; "Try your own values"
  // adopts a cell it recomputed, once forget has let go of the one it
  // replaced.
  var started = false, near = null;
  function adopt(root) {
    var added = [];
    root.querySelectorAll(".switch").forEach(function (box) {
      var el = box.querySelector(".chart");
      if (!el) {
        wire(box, function () {});
        return;
      }
      var c = {el: el, option: JSON.parse(box.querySelector("script.chart-option").textContent), instance: null, finished: false, queued: false};
      wire(box, function (variant) {
        c.option.series.forEach(function (s, i) { s.data = variant[i]; });
        if (c.instance) {
          c.instance.setOption({series: c.option.series.map(function (s) { return {data: s.data}; })});
        }
      });
      boxes.push(c);
      added.push(c);
    });
    if (loading) {
      loading.then(function () { added.forEach(settle); });
    }
    if (printing || typeof IntersectionObserver === "undefined") {
      drawAll();
      return;
    }
    if (!near) {
      near = new IntersectionObserver(function (entries) {
        entries.forEach(function (e) {
          if (e.isIntersecting) {
            near.unobserve(e.target);
            boxes.forEach(function (c) {
              if (c.el === e.target) {
                need(c);
              }
            });
          }
        });
      }, {rootMargin: nearness});
    }
    added.forEach(function (c) { near.observe(c.el); });
  }

  // forget lets go of the charts under root, which is leaving the page.
  function forget(root) {
    function kept(c) { return !root.contains(c.el); }
    boxes.filter(function (c) { return !kept(c); }).forEach(function (c) {
      if (near) {
        near.unobserve(c.el);
      }
      if (c.instance) {
        c.instance.dispose();
        c.instance = null;
      }
    });
    boxes = boxes.filter(kept);
    charts = charts.filter(kept);
    queue = queue.filter(kept);
  }

  function start() {
    started = true;
    adopt(document);
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }

  return {
    drawAll: drawAll,
    adopt: adopt,
    forget: forget,
    // ready tells partlab render --pdf that every chart has finished
    // drawing, its animation included, and whether they are drawn for
    // paper; or "none" when ECharts did not load.
    ready: function () {
      if (!started) {
        return "";
      }
      if (failed) {
        return "none";
      }
      return boxes.every(function (c) { return c.finished; }) ? (printing ? "print" : "screen") : "";
    }
  };
}());
