import { useEffect, useRef, type RefObject } from 'react';
import * as echarts from 'echarts/core';

/**
 * An ECharts chart on the returned box: made when the box mounts, resized with it, disposed with
 * it, and given `option` whenever that changes (replacing the previous one, so a series that went
 * away does not linger). Each page registers the chart parts it draws with `echarts.use`, so a page
 * carries only those.
 */
export function useEChart(option: echarts.EChartsCoreOption | null): RefObject<HTMLDivElement | null> {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!box.current) return;
    const chart = echarts.init(box.current);
    const resize = new ResizeObserver(() => chart.resize());
    resize.observe(box.current);
    return () => {
      resize.disconnect();
      chart.dispose();
    };
  }, []);

  useEffect(() => {
    if (!box.current || !option) return;
    echarts.getInstanceByDom(box.current)?.setOption(option, { notMerge: true });
  }, [option]);

  return box;
}
