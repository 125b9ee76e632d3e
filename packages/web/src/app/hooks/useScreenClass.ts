import { useEffect, useState } from 'react';
import { screenClass } from '@wb/protocol';

/** The layout's screen-size class (0-3), following window resizes. */
export function useScreenClass(): 0 | 1 | 2 | 3 {
  const [size, setSize] = useState(() => screenClass(window.innerWidth));
  useEffect(() => {
    const onResize = () => setSize(screenClass(window.innerWidth));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return size;
}
