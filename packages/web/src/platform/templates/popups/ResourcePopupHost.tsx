import { ResourcePopup } from './ResourcePopup';
import { useResourcePopups } from './resource-popup-store';

/** Where the open resource popups render: once, inside the workspace (they need antd's App context). */
export function ResourcePopupHost() {
  const popups = useResourcePopups((s) => s.popups);
  return (
    <>
      {popups.map(({ key, ...p }) => (
        <ResourcePopup key={key} {...p} />
      ))}
    </>
  );
}
