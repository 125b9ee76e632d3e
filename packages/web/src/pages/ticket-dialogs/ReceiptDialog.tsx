import { useQuery } from '@tanstack/react-query';
import { Descriptions, Empty, Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { ticketReceipt } from './api';
import { usePictureUrl } from './usePictureUrl';
import type { DialogProps } from './shared';

/** The signature's image, its bytes loaded under the session like the ticket's pictures. */
function Signature({ fileId, alt }: { fileId: string; alt: string }) {
  const url = usePictureUrl(fileId);
  return url ? <img src={url} alt={alt} style={{ maxWidth: '100%', maxHeight: 200, border: '1px solid #eee', background: '#fff' }} data-testid="ticket-receipt-signature" /> : <Spin />;
}

/** 收货确认: the receiver's name, the time and the signature the driver's phone took at the destination. */
export function ReceiptDialog({ ctx, onClose }: DialogProps) {
  const { t } = useTranslation();
  const id = ctx.selectedIds[0] ?? '';
  const { data, isLoading } = useQuery({ queryKey: ['ticket-receipt', id], queryFn: () => ticketReceipt(id), staleTime: 0 });
  const r = data?.receipt;
  return (
    <Modal open title={`${t('ticketDialogs.receiptTitle')}${data ? ` ${data.ticketNo}` : ''}`} width={560} footer={null} onCancel={onClose} data-testid="ticket-receipt">
      {isLoading && <Spin />}
      {data && !r && <Empty description={t('ticketDialogs.noReceipt')} />}
      {r && (
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={t('ticketDialogs.receiver')}>{r.receiverName}</Descriptions.Item>
          <Descriptions.Item label={t('ticketDialogs.receivedAt')}>{r.receivedAt}</Descriptions.Item>
          <Descriptions.Item label={t('ticketDialogs.receiptPlate')}>{r.plate}</Descriptions.Item>
          <Descriptions.Item label={t('ticketDialogs.signature')}><Signature fileId={r.signatureFileId} alt={t('ticketDialogs.signature')} /></Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}
