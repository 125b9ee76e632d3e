import { useState } from 'react';
import { Badge } from 'antd';
import { BugOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { failureCount, useClientLog } from '@/app/session/client-log-store';
import { moduleLoader, useModule } from '@/platform/module-loader';
import { HeaderButton } from './HeaderButton';

// the log's table loads when first opened
const clientLogDialogCode = moduleLoader(() => import('./ClientLogDialog'));

/** The error log of this session (the 'log' switch): what failed in this browser, for a support call; the badge counts real failures. */
export function ClientLogButton() {
  const { t } = useTranslation();
  // refusals (4xx) stay in the log but do not light the badge: only real failures do
  const count = useClientLog((s) => failureCount(s.entries));
  const [open, setOpen] = useState(false);
  const dialog = useModule(clientLogDialogCode, open, () => setOpen(false));
  return (
    <>
      <Badge count={count} size="small" offset={[-6, 6]}>
        <HeaderButton title={t('top.log')} icon={<BugOutlined />} onClick={() => setOpen(true)} loading={open && !dialog} testId="log-button" />
      </Badge>
      {dialog && <dialog.ClientLogDialog open={open} onClose={() => setOpen(false)} />}
    </>
  );
}
