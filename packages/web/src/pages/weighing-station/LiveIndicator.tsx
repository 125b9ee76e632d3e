import { useEffect, useState } from 'react';
import type { LiveReading, TrendPoint } from '@wb/protocol';
import { useDisplay } from '@/platform/display';
import { lightOf, readingInTons, sparkline } from './live-rules';
import type { ScaleStatus } from './useScaleLive';
import { useStationTexts } from './texts';

const SPARK = { width: 260, height: 44 };

/**
 * The scale's indicator on the weighing screen: the weight in large digits as the indicator shows
 * it, the stable light (green: stable, amber: in motion, grey: no fresh reading) and the last
 * minute's trend. Whether a weighing may take the reading is the server's to decide.
 */
export function LiveIndicator({ latest, trend, status }: { latest: LiveReading | null; trend: TrendPoint[]; status: ScaleStatus }) {
  const tx = useStationTexts();
  const display = useDisplay();
  const tons = latest ? readingInTons(latest) : null;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  const light = status === 'live' ? lightOf(latest, now) : 'none';
  const words = { stable: tx.lightStable, moving: tx.lightMoving, stale: tx.lightStale, none: status === 'forbidden' ? tx.lightForbidden : tx.lightNone };
  return (
    <div className="wb-indicator" data-testid="live-indicator" data-light={light}>
      <div className="wb-indicator-digits" data-testid="live-weight">
        {tons !== null ? display.weight(tons) : '------'}
        <span className="wb-indicator-unit" data-testid="live-unit">{display.unitLabel}</span>
      </div>
      <div className="wb-indicator-side">
        <span className={`wb-indicator-light wb-light-${light}`} data-testid="live-stable" data-stable={light === 'stable'} />
        <span>{words[light]}</span>
      </div>
      <svg className="wb-indicator-trend" width={SPARK.width} height={SPARK.height} viewBox={`0 0 ${SPARK.width} ${SPARK.height}`} data-testid="live-trend" aria-label={tx.trend}>
        <polyline points={sparkline(trend, SPARK.width, SPARK.height - 4)} fill="none" stroke="#52c41a" strokeWidth={2} transform="translate(0 2)" />
      </svg>
    </div>
  );
}
