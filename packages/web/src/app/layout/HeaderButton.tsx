import type { ReactNode } from 'react';
import { Button, Tooltip } from 'antd';

/** An icon button of the top bar with its tooltip. */
export function HeaderButton({ title, icon, onClick, testId, loading }: { title: string; icon: ReactNode; onClick?: () => void; testId: string; loading?: boolean }) {
  return (
    <Tooltip title={title} placement="bottom">
      <Button type="text" className="wb-header-btn" icon={icon} loading={loading} onClick={onClick} aria-label={title} data-testid={testId} />
    </Tooltip>
  );
}
