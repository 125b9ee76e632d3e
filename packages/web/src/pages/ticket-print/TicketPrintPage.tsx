import { useEffect, useState } from 'react';
import { App as AntApp, Button, Result, Space, Spin } from 'antd';
import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { TicketPrintLayout } from '@wb/protocol';
import { useDocumentTitle } from '@/app/hooks/useDocumentTitle';
import { ApiError } from '@/platform/api/http';
import { downloadTicketPdf, previewTicket, printTicket } from './api';
import { layoutWords, useTicketPrintTexts } from './texts';
import { TicketPaper } from './TicketPaper';
import './ticket-print.css';

/**
 * The weigh ticket's print page (/weigh/print/:kind/:id), opened in its own browser tab from the
 * ticket list's 打印 button. It shows the ticket as paper; 打印 asks the server to count the print,
 * shows the counted ticket (第N次打印, 补打) and opens the browser's print dialog; 下载PDF is a
 * counted print as a file. The preview alone prints nothing but a pointer to the button.
 */
export default function TicketPrintPage() {
  const { kind = '', id = '' } = useParams();
  const { t, english } = useTicketPrintTexts();
  const queryClient = useQueryClient();
  const preview = useQuery({ queryKey: ['ticket-print', kind, id], queryFn: () => previewTicket(kind, id), retry: false });
  const [printed, setPrinted] = useState<TicketPrintLayout | null>(null);
  const [busy, setBusy] = useState<'print' | 'pdf' | null>(null);
  const layout = printed ?? preview.data ?? null;
  useDocumentTitle(layout ? `${t('page')} ${layout.ticketNo}` : t('page'));

  // the dialog opens once the counted ticket is on the page
  useEffect(() => {
    if (!printed) return;
    const frame = requestAnimationFrame(() => window.print());
    return () => cancelAnimationFrame(frame);
  }, [printed]);

  const onPrint = async () => {
    setBusy('print');
    try {
      setPrinted(await printTicket(kind, id));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    } finally {
      setBusy(null);
    }
  };

  const onPdf = async () => {
    if (!layout) return;
    setBusy('pdf');
    try {
      await downloadTicketPdf(kind, id, layout.ticketNo);
      setPrinted(null);
      await queryClient.invalidateQueries({ queryKey: ['ticket-print', kind, id] });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    } finally {
      setBusy(null);
    }
  };

  if (preview.isPending) return <Spin fullscreen />;
  if (!layout) {
    const message = preview.error instanceof ApiError ? preview.error.message : t('notFound');
    return <Result status="warning" title={message} extra={<Button onClick={() => window.close()}>{t('back')}</Button>} />;
  }
  const words = layoutWords(layout, english);
  return (
    <AntApp>
      <div className="wb-ticket-print" data-testid="ticket-print" data-preview={String(layout.preview)}>
        <div className="wb-ticket-toolbar">
          <Space>
            <Button type="primary" icon={<PrinterOutlined />} loading={busy === 'print'} disabled={busy !== null} onClick={onPrint} data-testid="ticket-print-button">
              {t('print')}
            </Button>
            <Button icon={<DownloadOutlined />} loading={busy === 'pdf'} disabled={busy !== null} onClick={onPdf} data-testid="ticket-pdf-button">
              {t('pdf')}
            </Button>
          </Space>
          <span className="wb-ticket-count" data-testid="ticket-count">{words.count}</span>
        </div>
        <TicketPaper layout={layout} />
        <div className="wb-ticket-unprinted">{t('useButton')}</div>
      </div>
    </AntApp>
  );
}
