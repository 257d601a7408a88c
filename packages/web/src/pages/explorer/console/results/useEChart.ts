import { useEffect, useRef } from 'react';
import type { EChartsCoreOption } from 'echarts/core';
import { echarts } from './echarts';

/**
 * An ECharts chart (the result charts' SVG build) bound to the returned element while `drawable`: created with the
 * element, resized with its box, disposed with it. `option`, memoised by the caller, replaces the drawing whenever it
 * changes. Used by every chart drawn with this build (result charts, data-in task metrics, billing usage).
 */
export function useEChart(option: EChartsCoreOption | null, drawable = true) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof echarts.init> | null>(null);

  useEffect(() => {
    if (!element.current || !drawable) return;
    const created = echarts.init(element.current, null, { renderer: 'svg' });
    chart.current = created;
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => created.resize());
    observer?.observe(element.current);
    return () => {
      observer?.disconnect();
      created.dispose();
      chart.current = null;
    };
  }, [drawable]);

  useEffect(() => {
    if (chart.current && option && drawable) chart.current.setOption(option, true);
  }, [option, drawable]);

  return element;
}
