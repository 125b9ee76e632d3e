import { moduleLoader, useModule } from '@/platform/module-loader';
import { useResourcePopups } from './resource-popup-store';

/** The popup's list and tree: loaded with the first popup opened, not with the workspace. */
export const resourcePopupCode = moduleLoader(() => import('./ResourcePopup'));

/** Where the open resource popups render: once, inside the workspace (they need antd's App context). */
export function ResourcePopupHost() {
  const popups = useResourcePopups((s) => s.popups);
  const code = useModule(resourcePopupCode, popups.length > 0);
  if (!code) return null;
  const { ResourcePopup } = code;
  return (
    <>
      {popups.map(({ key, ...p }) => (
        <ResourcePopup key={key} {...p} />
      ))}
    </>
  );
}
