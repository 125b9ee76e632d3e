import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Image, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIVE_VEHICLES_PATH } from '@wb/protocol';
import { call, type DownloadedFile } from '@/platform/api/http';
import { useEventStream } from '@/platform/event-stream';
import { usePage } from '@/app/layout/page-context';
import { useSession } from '@/app/session/session-store';
import TemplateListPage from '@/pages/template-list/TemplateListPage';

const WAITING_KEY = ['lane-intervention-waiting'];

interface Waiting { id: string; plateNumber: string | null; message: string; stationName: string; snapshotFileId: string | null }

/** The requests still waiting, newest first (those with the camera's picture of the truck are shown as pictures). */
const waitingRequests = () =>
  call<{ list: Waiting[] }>('/lane/intervention/v2/list', { method: 'POST', body: { search: [{ key: 'state', op: 'eq', val: 'WAITING' }], limit: { pn: 1, ps: 20 } } })
    .then((d) => d.list);

/** One refused truck's picture, read under the session (GET /api/sys-file-type/img/:id); a click opens it whole. */
function TruckPicture({ row }: { row: Waiting }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let made: string | null = null;
    let gone = false;
    void call<DownloadedFile>(`/sys-file-type/img/${encodeURIComponent(row.snapshotFileId ?? '')}`, { file: true }).then((f) => {
      const u = URL.createObjectURL(f.blob);
      if (gone) URL.revokeObjectURL(u);
      else setUrl((made = u));
    }, () => {});
    return () => {
      gone = true;
      if (made) URL.revokeObjectURL(made);
    };
  }, [row.snapshotFileId]);
  return (
    <div style={{ width: 168 }} data-testid="intervention-picture">
      {url && <Image src={url} width={160} height={100} style={{ objectFit: 'cover' }} alt={row.plateNumber ?? ''} />}
      <div className="wb-muted">{row.plateNumber ?? ''} · {row.stationName}</div>
      <div className="wb-muted">{row.message}</div>
    </div>
  );
}

/**
 * 过磅 / 远程干预: the queue's list (its LIST template), read again whenever a lane's request is made
 * or answered, by this operator or another (the live stream's `intervention` events). Without the
 * stream (no right to it, or the server away) the list still reloads on its own buttons.
 */
export default function InterventionPage() {
  const { page } = usePage();
  const client = useQueryClient();
  const orgId = useSession((s) => s.userInfo?.currentOrg ?? null);
  const menuId = page.menuId ?? '';
  const { t } = useTranslation();
  const { data: waiting } = useQuery({ queryKey: WAITING_KEY, queryFn: waitingRequests, staleTime: 0 });
  const pictured = (waiting ?? []).filter((r) => r.snapshotFileId);

  // read again whenever a lane's request is made or answered; refused (no right to the stream), the list reloads on its own buttons
  useEventStream(LIVE_VEHICLES_PATH, {
    on: {
      intervention: () => {
        const template = client.getQueryData<{ id: string }>(['menu-template', 'LIST', menuId]);
        if (template) void client.invalidateQueries({ queryKey: ['template-list', template.id] });
        void client.invalidateQueries({ queryKey: WAITING_KEY });
      },
    },
    deps: [orgId],
  });

  return (
    <>
      {/* an empty queue says when it fills, not just an empty table */}
      {waiting && waiting.length === 0 && <Alert type="info" showIcon style={{ marginBottom: 12 }} data-testid="intervention-idle" title={t('ticketDialogs.interventionIdle')} />}
      {pictured.length > 0 && (
        <div className="wb-card" data-testid="intervention-pictures">
          <div>{t('ticketDialogs.picturesTitle')}</div>
          <Image.PreviewGroup>
            <Space wrap size={12}>{pictured.map((r) => <TruckPicture key={r.id} row={r} />)}</Space>
          </Image.PreviewGroup>
        </div>
      )}
      <TemplateListPage />
    </>
  );
}
