import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { MenuItem } from '@wb/protocol';
import { useSession } from '@/app/session/session-store';
import { useSettings } from '@/app/session/settings-store';
import { leafTarget } from '@/platform/menu/menu-routes';

/** Opens a menu leaf the way the spec says: a tab, or a new window (separate sites, no-tab mode). */
export function useOpenLeaf(): (item: MenuItem) => void {
  const navigate = useNavigate();
  const showTags = useSettings((s) => s.showTags);
  const setActiveMenu = useSession((s) => s.setActiveMenu);
  return useCallback(
    (item: MenuItem) => {
      const target = leafTarget(item, showTags);
      if (target.kind === 'window') {
        window.open(target.url, '_blank', 'noopener');
        return;
      }
      setActiveMenu(item.id);
      navigate(target.to);
    },
    [navigate, showTags, setActiveMenu],
  );
}
