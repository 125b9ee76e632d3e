import { useEffect, useState } from 'react';
import { pictureUrl } from './api';

/**
 * A stored picture's object URL, its bytes loaded under the session; null while it loads or when
 * it cannot be read. The URL is revoked when the picture changes or the component leaves.
 */
export function usePictureUrl(fileId: string): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let made: string | null = null;
    let gone = false;
    void pictureUrl(fileId).then((u) => (gone ? URL.revokeObjectURL(u) : setUrl((made = u))), () => {});
    return () => {
      gone = true;
      if (made) URL.revokeObjectURL(made);
    };
  }, [fileId]);
  return url;
}
