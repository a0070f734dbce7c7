// partlab.chart draws one chart with ECharts in the reader's colour scheme and
// redraws it when the scheme or the window size changes. Its options are data
// the report wrote; nothing here depends on the scenario.
var partlab = (function () {
  "use strict";
  var charts = [];
  var dark = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;

  // A narrow chart pages its legend instead of wrapping it over the plot; a
  // chart without a legend keeps none.
  function fit(c) {
    if (!c.option.legend || c.option.legend.show !== false) {
      c.instance.setOption({legend: {type: c.el.clientWidth < 640 ? "scroll" : "plain"}});
    }
    c.instance.resize();
  }

  function draw(c) {
    if (c.instance) {
      c.instance.dispose();
    }
    c.instance = echarts.init(c.el, dark && dark.matches ? "dark" : null, {renderer: "canvas"});
    c.instance.setOption(c.option);
    fit(c);
  }

  if (dark && dark.addEventListener) {
    dark.addEventListener("change", function () { charts.forEach(draw); });
  }
  window.addEventListener("resize", function () { charts.forEach(fit); });

  return {
    chart: function (id, option) {
      if (typeof echarts === "undefined") {
        console.error("partlab: ECharts did not load, so chart " + id + " is not drawn; the table beside it holds its figures");
        return;
      }
      var c = {el: document.getElementById(id), option: option, instance: null};
      charts.push(c);
      draw(c);
    }
  };
}());
