import { useQuery } from '@tanstack/react-query';
import { Empty, Image, Modal, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { ticketPictures, type TicketPicture } from './api';
import { usePictureUrl } from './usePictureUrl';
import { plantDateTimeText } from '@/platform/plant-time';
import type { DialogProps } from './shared';

/** One thumbnail: the picture's bytes load under the session; a click opens it whole (antd's preview). */
function Thumb({ shot, label }: { shot: TicketPicture; label: string }) {
  const url = usePictureUrl(shot.fileId);
  return (
    <div style={{ width: 168 }} data-testid="ticket-picture">
      {url ? <Image src={url} width={160} height={100} style={{ objectFit: 'cover' }} alt={label} /> : <div style={{ width: 160, height: 100 }}><Spin /></div>}
      <div className="wb-muted">{label} · {plantDateTimeText(shot.weighedAt)}</div>
    </div>
  );
}

const READING_WORDS: Record<TicketPicture['reading'], string> = {
  FIRST: 'ticketDialogs.firstReading', SECOND: 'ticketDialogs.secondReading', GAUGE: 'ticketDialogs.gaugeReading',
};

/** 抓拍图片: the watermarked camera snapshots of the chosen ticket's weighings and its gauging's photos, a strip of thumbnails. */
export function PicturesDialog({ ctx, onClose }: DialogProps) {
  const { t } = useTranslation();
  const id = ctx.selectedIds[0] ?? '';
  const { data, isLoading } = useQuery({ queryKey: ['ticket-pictures', ctx.base, id], queryFn: () => ticketPictures(ctx.base, id), staleTime: 0 });
  return (
    <Modal open title={t('ticketDialogs.picturesTitle')} width={760} footer={null} onCancel={onClose} data-testid="ticket-pictures">
      {isLoading && <Spin />}
      {data && data.length === 0 && <Empty description={t('ticketDialogs.noPictures')} />}
      {data && data.length > 0 && (
        <Image.PreviewGroup>
          <Space wrap size={12}>
            {data.map((s) => <Thumb key={`${s.reading}-${s.fileId}`} shot={s} label={t(READING_WORDS[s.reading])} />)}
          </Space>
        </Image.PreviewGroup>
      )}
    </Modal>
  );
}
