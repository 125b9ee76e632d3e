import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Modal, Space, Spin } from 'antd';
import { call, type DownloadedFile } from '@/platform/api/http';
import { downloadFile, fileNameOf, saveBlob } from '@/platform/api/download';
import { useEnglish } from '@/i18n/useEnglish';
import { usePdfPreview, type PdfPreviewRequest } from './pdf-preview';

/**
 * The print preview (pdf-preview.ts): the PDF, fetched with the session's token, in a frame of the
 * workspace (the page's policy lets it frame blob: documents it made itself), with 打印 (the frame's
 * own print, the browser's print dialog) and 下载. Mounted once in the workspace.
 */
export function PdfPreviewHost() {
  const open = usePdfPreview((s) => s.open);
  const close = usePdfPreview((s) => s.close);
  if (!open) return null;
  return <PdfPreview key={open.key} request={open} onClose={close} />;
}

export function PdfPreview({ request, onClose }: { request: PdfPreviewRequest; onClose(): void }) {
  const english = useEnglish();
  const w = (zh: string, en: string) => (english ? en : zh);
  const [file, setFile] = useState<{ url: string; blob: Blob; name: string } | null>(null);
  const [failed, setFailed] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    let made: string | null = null;
    let live = true;
    call<DownloadedFile>(request.path, { query: request.query, file: true, ...(request.body === undefined ? {} : { method: 'POST' as const, body: request.body }) }).then((f) => {
      const blob = new Blob([f.blob], { type: 'application/pdf' });
      made = URL.createObjectURL(blob);
      if (live) setFile({ url: made, blob, name: fileNameOf(f.disposition, request.fallbackName) });
    }).catch(() => live && setFailed(true));
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [request]);
  const print = () => {
    const win = frame.current?.contentWindow;
    if (!win) return;
    win.focus();
    win.print();
  };
  return (
    <Modal open width="min(1100px, 96vw)" title={`${w('打印预览', 'Print preview')} · ${request.title}`} onCancel={onClose} destroyOnHidden
      styles={{ body: { padding: 0 } }}
      footer={(
        <Space>
          {request.excel && (
            <Button data-testid="pdf-preview-excel" onClick={() => request.excel && void downloadFile(request.excel.path, { query: request.excel.query, fallbackName: request.excel.fallbackName }).catch(() => undefined)}>
              {w('导出Excel', 'Excel')}
            </Button>
          )}
          <Button data-testid="pdf-preview-download" disabled={!file} onClick={() => file && saveBlob(file.blob, file.name)}>{w('下载', 'Download')}</Button>
          <Button type="primary" data-testid="pdf-preview-print" disabled={!file} onClick={print}>{w('打印', 'Print')}</Button>
          <Button onClick={onClose}>{w('关闭', 'Close')}</Button>
        </Space>
      )}>
      <div data-testid="pdf-preview" style={{ height: '75vh' }}>
        {failed ? <Alert type="error" showIcon title={w('文件未能生成，请稍后再试', 'The file could not be made; try again later')} />
          : file ? <iframe ref={frame} title={request.title} src={file.url} data-testid="pdf-preview-frame" style={{ width: '100%', height: '100%', border: 0 }} />
            : <Spin><div style={{ height: '75vh' }} /></Spin>}
      </div>
    </Modal>
  );
}
