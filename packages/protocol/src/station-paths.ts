/**
 * The scale floor's addresses and what the browser reads, apart from the schemas (station.ts): the
 * web imports these without pulling zod into its first chunk.
 */
export const STATION_READINGS_PATH = '/api/station/readings';
export const STATION_LIVE_PATH = '/api/station/live';
export const STATION_SCALES_PATH = '/api/station/scales';
export const TICKET_CHECK_API = '/api/public/ticket-check';
/** The public page a ticket's QR code opens: /check/{token} */
export const TICKET_CHECK_PAGE = '/check';

/** The scheme of the station agent's Authorization header. */
export const STATION_AUTH_SCHEME = 'Station';

/** The key is in this answer only: the server keeps its hash. */
export interface StationCredentialIssued { id: string; stationName: string; scaleId: string; key: string; keyPrefix: string }

/** One reading as the browser sees it; `receivedAt` is the server's clock (staleness is judged on it). */
export interface LiveReading {
  scaleId: string;
  seq: number;
  at: string;
  receivedAt: string;
  weight: string;
  unit: 'kg' | 't';
  stable: boolean;
  net: string | null;
  tare: string | null;
}
/** The recent trend: [ms since epoch (agent's at), weight as shown] */
export type TrendPoint = [number, string];
export type ScaleLiveEvent =
  | { type: 'snapshot'; scaleId: string; latest: LiveReading | null; trend: TrendPoint[] }
  | { type: 'reading'; reading: LiveReading };

export interface ScaleInfo { scaleId: string; stationName: string; latest: LiveReading | null }

/** What a ticket's public check page shows: nothing else of the ticket. */
export interface TicketCheck {
  ticketNo: string;
  company: string;
  kindTitle: string;
  state: string;
  unit: string;
  gross: string | null;
  tare: string | null;
  net: string | null;
  grossTime: string | null;
  tareTime: string | null;
  completedAt: string | null;
  /** the production batch (批次号) a sales ticket was loaded from, as printed; absent when none */
  batchNo?: string;
}
