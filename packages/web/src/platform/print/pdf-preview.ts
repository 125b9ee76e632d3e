import { create } from 'zustand';
import type { CallOptions } from '@/platform/api/http';

/**
 * Print with a preview: a printed statement (the settlement's, the freight plan's, the customer's)
 * opens as its PDF in a window of the workspace, with 打印 and 下载 buttons, rather than being
 * downloaded blind. One preview at a time; any page opens it with showPdfPreview.
 */
export interface PdfPreviewRequest {
  /** the API path of the PDF (without /api) and its query */
  path: string;
  query?: CallOptions['query'];
  /** a JSON body: the PDF is asked for by POST (a report's parameters) */
  body?: unknown;
  title: string;
  /** the name to save under when the server gives none */
  fallbackName: string;
  /** the same document as Excel, offered beside the PDF */
  excel?: { path: string; query?: CallOptions['query']; fallbackName: string };
}

export const usePdfPreview = create<{ open: (PdfPreviewRequest & { key: number }) | null; show(r: PdfPreviewRequest): void; close(): void }>()((set) => ({
  open: null,
  show: (r) => set({ open: { ...r, key: Date.now() } }),
  close: () => set({ open: null }),
}));

export const showPdfPreview = (r: PdfPreviewRequest): void => usePdfPreview.getState().show(r);
