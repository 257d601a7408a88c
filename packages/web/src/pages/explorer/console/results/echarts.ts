import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';

/**
 * Only what a result chart draws is bundled (modular ECharts): line and bar charts on a time axis, tooltip, legend,
 * zoom. Drawn as SVG: at most 1000 rows make a small picture, and SVG draws where no canvas exists (jsdom tests).
 */
echarts.use([LineChart, BarChart, GridComponent, TooltipComponent, LegendComponent, DataZoomComponent, SVGRenderer]);

export { echarts };
