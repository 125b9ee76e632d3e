import { useEffect, useState } from 'react';
import { Descriptions, Result, Spin } from 'antd';
import { useParams } from 'react-router';
import { TICKET_CHECK_API, type TicketCheck } from '@wb/protocol';
import { useDocumentTitle } from '@/app/hooks/useDocumentTitle';
import { plantDateTimeText } from '@/platform/plant-time';
import './ticket-check.css';

type Loaded = { state: 'loading' } | { state: 'found'; check: TicketCheck } | { state: 'invalid' } | { state: 'failed' };

/**
 * 磅单验真 (/check/:token): the page a printed ticket's QR code opens, for a driver or a customer
 * on a phone, without a sign-in. It shows the ticket's number, company, weights and times as the
 * server keeps them, so the paper can be compared; a tampered or made-up link shows nothing but
 * that it is not valid. A plain fetch: no session, no workspace, nothing else of the app.
 */
export default function TicketCheckPage() {
  const { token = '' } = useParams();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  useDocumentTitle('磅单验真');

  useEffect(() => {
    let gone = false;
    fetch(`${TICKET_CHECK_API}/${encodeURIComponent(token)}`, { headers: { 'X-Requested-With': 'XMLHttpRequest' } })
      .then(async (res) => {
        if (gone) return;
        if (res.status === 404) return setLoaded({ state: 'invalid' });
        const body = (await res.json()) as { success: boolean; data: TicketCheck };
        setLoaded(res.ok && body.success ? { state: 'found', check: body.data } : { state: 'failed' });
      })
      .catch(() => !gone && setLoaded({ state: 'failed' }));
    return () => {
      gone = true;
    };
  }, [token]);

  if (loaded.state === 'loading') return <div className="wb-check"><Spin /></div>;
  if (loaded.state === 'invalid') {
    return <div className="wb-check" data-testid="ticket-check-invalid"><Result status="error" title="磅单校验链接无效" subTitle="该链接不是本系统签发的磅单链接，请核对纸质磅单。Not a valid ticket link." /></div>;
  }
  if (loaded.state === 'failed') return <div className="wb-check"><Result status="warning" title="暂时无法查询，请稍后再试" subTitle="The check is unavailable; please try again later." /></div>;
  const c = loaded.check;
  const blank = (v: string | null) => v || '—';
  return (
    <div className="wb-check" data-testid="ticket-check">
      <Result status="success" title="磅单真实有效" subTitle={`${c.company} ${c.kindTitle}`} />
      <Descriptions column={1} bordered size="small" items={[
        { key: 'no', label: '磅单号 Ticket', children: <span data-testid="check-ticket-no">{c.ticketNo}</span> },
        { key: 'company', label: '公司 Company', children: c.company },
        { key: 'state', label: '状态 State', children: c.state },
        { key: 'gross', label: `毛重 Gross (${c.unit})`, children: <span data-testid="check-gross">{blank(c.gross)}</span> },
        { key: 'grossTime', label: '毛重时间 Gross time', children: blank(c.grossTime && plantDateTimeText(c.grossTime)) },
        { key: 'tare', label: `皮重 Tare (${c.unit})`, children: <span data-testid="check-tare">{blank(c.tare)}</span> },
        { key: 'tareTime', label: '皮重时间 Tare time', children: blank(c.tareTime && plantDateTimeText(c.tareTime)) },
        { key: 'net', label: `净重 Net (${c.unit})`, children: <strong data-testid="check-net">{blank(c.net)}</strong> },
        ...(c.batchNo ? [{ key: 'batchNo', label: '批次号 Batch no.', children: <span data-testid="check-batch-no">{c.batchNo}</span> }] : []),
      ]} />
    </div>
  );
}
