// partlab.chart draws one chart with ECharts in the reader's colour scheme and
// redraws it when the scheme or the window size changes, or for the paper
// when the page is printed. Its options are data the report wrote; nothing
// here depends on the scenario.
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

  // A narrow chart pages its legend instead of wrapping it over the plot; a
  // chart without a legend keeps none.
  function fit(c) {
    if (!c.option.legend || c.option.legend.show !== false) {
      c.instance.setOption({legend: {type: c.el.clientWidth < 640 ? "scroll" : "plain"}});
    }
    c.instance.resize();
  }

  // On paper a chart is drawn light, sharp (twice the pixels) and without
  // animation, so the printed frame is the finished chart.
  function draw(c) {
    if (c.instance) {
      c.instance.dispose();
    }
    c.finished = false;
    if (printing) {
      c.instance = echarts.init(c.el, null, {renderer: "canvas", devicePixelRatio: 2,
        width: Math.min(paper.width, c.el.clientWidth || paper.width), height: paper.height});
      c.instance.on("finished", function () { c.finished = true; });
      c.instance.setOption(Object.assign({}, c.option, {animation: false}));
      // Drawn now: the browser lays out the paper right after beforeprint.
      c.instance.getZr().refreshImmediately();
      return;
    }
    c.instance = echarts.init(c.el, dark && dark.matches ? "dark" : null, {renderer: "canvas"});
    c.instance.on("finished", function () { c.finished = true; });
    c.instance.setOption(c.option);
    fit(c);
  }

  // Printing opens every <details> (a scenario's YAML) and puts back the
  // ones that were closed afterwards.
  var opened = [];
  function paperMode(on) {
    if (on === printing) {
      return;
    }
    printing = on;
    if (on) {
      opened = Array.prototype.filter.call(document.querySelectorAll("details:not([open])"), function (d) {
        d.open = true;
        return true;
      });
    } else {
      opened.forEach(function (d) { d.open = false; });
      opened = [];
    }
    charts.forEach(draw);
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
      charts.forEach(fit);
    }
  });

  return {
    chart: function (id, option) {
      if (typeof echarts === "undefined") {
        console.error("partlab: ECharts did not load, so chart " + id + " is not drawn; the table beside it holds its figures");
        return;
      }
      var c = {el: document.getElementById(id), option: option, instance: null, finished: false};
      charts.push(c);
      draw(c);
    },
    // ready tells partlab render --pdf that every chart has finished
    // drawing, its animation included, and whether they are drawn for paper.
    ready: function () {
      return charts.every(function (c) { return c.finished; }) ? (printing ? "print" : "screen") : "";
    }
  };
}());
