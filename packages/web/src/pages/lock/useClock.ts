import { useEffect, useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { plantNow } from '@/platform/plant-time';

dayjs.extend(localizedFormat);

/** The current time, updated every 15 s: enough for a clock that shows minutes. */
export function useClock(): Dayjs {
  const [now, setNow] = useState(() => plantNow());
  useEffect(() => {
    const id = window.setInterval(() => setNow(plantNow()), 15_000);
    return () => window.clearInterval(id);
  }, []);
  return now;
}
