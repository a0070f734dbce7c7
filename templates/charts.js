// Once the page is parsed, partlab draws every chart with ECharts in the
// reader's colour scheme, one chart a task so the page stays responsive, and
// redraws it when the scheme or the window size changes, or for the paper
// when the page is printed; it also wires each table's controls. A chart's
// option (script.chart-option) and a box's variants (script.variants) are
// data the report wrote beside them; nothing here depends on the scenario.
// ECharts is loaded with defer, so it has run by the time the page is parsed.
var partlab = (function () {
  "use strict";
  var charts = [];
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

  if (dark && dark.addEventListener) {
    dark.addEventListener("change", function () { charts.forEach(draw); });
  }
  if (print && print.addEventListener) {
    print.addEventListener("change", function () { paperMode(print.matches); });
  }
  window.addEventListener("beforeprint", function () { paperMode(true); });
  window.addEventListener("afterprint", function () { paperMode(false); });
  window.addEventListener("resize", function () {
    if (!printing) {
      charts.forEach(function (c) {
        if (c.instance) {
          fit(c);
        }
      });
    }
  });

  // start reads every chart's option and wires every box's controls, then
  // draws the charts, or marks their boxes undrawn if ECharts did not load.
  var started = false;
  function start() {
    var ok = typeof echarts !== "undefined";
    document.querySelectorAll(".switch").forEach(function (box) {
      var el = box.querySelector(".chart");
      if (!el) {
        wire(box, function () {});
        return;
      }
      var c = {el: el, option: JSON.parse(box.querySelector("script.chart-option").textContent), instance: null, finished: false};
      wire(box, function (variant) {
        c.option.series.forEach(function (s, i) { s.data = variant[i]; });
        if (c.instance) {
          c.instance.setOption({series: c.option.series.map(function (s) { return {data: s.data}; })});
        }
      });
      if (!ok) {
        el.classList.add("undrawn");
        console.error("partlab: ECharts did not load, so chart " + el.id + " is not drawn; the table with it holds its figures");
        return;
      }
      el.removeChild(el.querySelector(".chart-fallback"));
      charts.push(c);
    });
    started = true;
    var next = 0;
    function drawNext() {
      if (next < charts.length) {
        var c = charts[next++];
        if (!c.instance) {
          draw(c);
        }
        setTimeout(drawNext, 0);
      }
    }
    setTimeout(drawNext, 0);
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }

  return {
    // ready tells partlab render --pdf that every chart has finished
    // drawing, its animation included, and whether they are drawn for paper.
    ready: function () {
      return started && charts.every(function (c) { return c.finished; }) ? (printing ? "print" : "screen") : "";
    }
  };
}());
