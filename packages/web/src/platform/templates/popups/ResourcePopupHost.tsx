import { ModuleLoading } from '@/platform/ModuleLoading';
import { moduleLoader, useModule } from '@/platform/module-loader';
import { useResourcePopups } from './resource-popup-store';

/** The popup's list and tree: not in the workspace's first paint; fetched when idle or with the first popup opened. */
export const resourcePopupCode = moduleLoader(() => import('./ResourcePopup'));

/** Where the open resource popups render: once, inside the workspace (they need antd's App context). */
export function ResourcePopupHost() {
  const popups = useResourcePopups((s) => s.popups);
  // without their code the popups are settled as cancelled; the next click asks again
  const code = useModule(resourcePopupCode, popups.length > 0, cancelOpenPopups);
  // asked for before the idle prefetch brought it: a spinner, not nothing
  if (!code) return popups.length > 0 ? <ModuleLoading /> : null;
  const { ResourcePopup } = code;
  return (
    <>
      {popups.map(({ key, ...p }) => (
        <ResourcePopup key={key} {...p} />
      ))}
    </>
  );
}

function cancelOpenPopups(): void {
  for (const p of useResourcePopups.getState().popups) p.settle(null);
}
