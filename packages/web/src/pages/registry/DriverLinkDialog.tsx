import { useEffect, useState } from 'react';
import { Button, Modal, Space, Typography } from 'antd';
import type { PageActionContext } from '@/platform/templates/buttons/page-actions';
import { ApiError } from '@/platform/api/http';
import { formatPlant } from '@/platform/plant-time';
import { QrCode } from '@/platform/qr/QrCode';
import { driverLink, type DriverLink } from './api';
import { useRegistryTexts } from './texts';

/** 司机链接: the selected registry's link for the driver's phone, as a QR code to scan and a text to send. */
export function DriverLinkDialog({ ctx, onClose }: { ctx: PageActionContext; onClose(): void }) {
  const t = useRegistryTexts();
  const [link, setLink] = useState<DriverLink | null>(null);
  useEffect(() => {
    let live = true;
    driverLink(ctx.base, ctx.selectedIds[0]).then((l) => live && setLink(l)).catch((err: unknown) => {
      if (!(err instanceof ApiError)) throw err;
      onClose();
    });
    return () => {
      live = false;
    };
  }, [ctx.base, ctx.selectedIds, onClose]);
  return (
    <Modal open title={t('driverLink')} onCancel={onClose} footer={<Button onClick={onClose}>{t('close')}</Button>} data-testid="registry-driver-link">
      {link && (
        <Space direction="vertical" align="center" style={{ width: '100%' }}>
          <Typography.Text strong>{`${link.plate}  ${link.registryNo}`}</Typography.Text>
          <QrCode qr={link.qr} sizeMm={50} title={link.link} testId="driver-link-qr" />
          <Typography.Paragraph copyable={{ text: link.link }} style={{ wordBreak: 'break-all', maxWidth: 420 }} data-testid="driver-link-url">{link.link}</Typography.Paragraph>
          <Typography.Text type="secondary">{t('driverLinkHint', { until: formatPlant(link.expiresAt) })}</Typography.Text>
        </Space>
      )}
    </Modal>
  );
}
