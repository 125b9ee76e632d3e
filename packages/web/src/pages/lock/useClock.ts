import { useEffect, useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';

dayjs.extend(localizedFormat);

/** The current time, updated every 15 s: enough for a clock that shows minutes. */
export function useClock(): Dayjs {
  const [now, setNow] = useState(dayjs);
  useEffect(() => {
    const id = window.setInterval(() => setNow(dayjs()), 15_000);
    return () => window.clearInterval(id);
  }, []);
  return now;
}
