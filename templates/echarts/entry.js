// The parts partlab's charts draw with (report/*.go writes their options,
// templates/charts.js draws them): bar and line series with mark lines on a
// grid, the axis tooltip, a plain legend, the toolbox's save-as-image, and
// aria's description and decals; the canvas renderer for the screen and the
// SVG renderer for paper. echarts/core brings the light and dark themes.
import * as echarts from "echarts/core";
import {BarChart, LineChart} from "echarts/charts";
import {
  AriaComponent,
  GridComponent,
  LegendPlainComponent,
  MarkLineComponent,
  TooltipComponent,
} from "echarts/components";
import {CanvasRenderer, SVGRenderer} from "echarts/renderers";
import ToolboxModel from "echarts/lib/component/toolbox/ToolboxModel.js";
import ToolboxView from "echarts/lib/component/toolbox/ToolboxView.js";
import {registerFeature} from "echarts/lib/component/toolbox/featureManager.js";
import SaveAsImage from "echarts/lib/component/toolbox/feature/SaveAsImage.js";

// SaveAsImageToolbox is echarts/components' ToolboxComponent with its one
// feature the pages show: the whole component also brings data zoom, data
// view, magic type and restore, a tenth of the build.
function SaveAsImageToolbox(registers) {
  registers.registerComponentModel(ToolboxModel);
  registers.registerComponentView(ToolboxView);
  registerFeature("saveAsImage", SaveAsImage);
}

echarts.use([
  BarChart, LineChart,
  AriaComponent, GridComponent, LegendPlainComponent, MarkLineComponent, TooltipComponent, SaveAsImageToolbox,
  CanvasRenderer, SVGRenderer,
]);

export * from "echarts/core";
