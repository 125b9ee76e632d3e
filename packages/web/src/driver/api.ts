/**
 * The driver's calls (the server's domain/driver; contract in docs). No session and no cookie: the
 * signed token of the link the plant gave him goes in a header with every call. A plain fetch, not
 * the workspace's api client: that one brings the session store and the feedback toasts along.
 */

export type DriverState = 'WAITING' | 'CALLED' | 'IN_PLANT' | 'WEIGHED_ONCE' | 'DONE';

export interface Trip {
  registryId: string;
  registryNo: string;
  kind: string;
  kindLabel: string;
  noticeNo: string | null;
  material: string | null;
  state: DriverState;
}

export interface Booking {
  id: string;
  registryId: string;
  registryNo: string;
  noticeNo: string;
  material: string;
  day: string;
  window: string | null;
  state: DriverState;
  cancellable: boolean;
  createdAt: string;
}

export interface Me {
  plate: string;
  party: string | null;
  carrier: string | null;
  plant: string;
  expiresAt: string;
  trip: Trip | null;
  bookings: Booking[];
}

export interface BookableDay {
  day: string;
  window: string | null;
  placesLeft: number | null;
  bookable: boolean;
}

export interface NoticeLine {
  noticeLineId: string;
  seq: number;
  material: string;
  unit: string | null;
  left: number | null;
  days: BookableDay[];
}

export interface OpenNotice {
  noticeId: string;
  noticeNo: string;
  kind: string;
  kindLabel: string;
  party: string | null;
  lines: NoticeLine[];
}

export interface Status {
  state: DriverState | null;
  registryId: string | null;
  registryNo: string | null;
  queue: { place: number; ahead: number; total: number } | null;
  calledAt: string | null;
  ticket: { id: string; ticketNo: string; state: string } | null;
  pollSeconds: number;
}

export interface ETicket {
  id: string;
  ticketNo: string;
  state: string;
  stateLabel: string;
  complete: boolean;
  kind: string;
  kindTitle: string;
  plate: string;
  material: string | null;
  party: string | null;
  unit: string;
  gross: string | null;
  tare: string | null;
  deduction: string | null;
  net: string | null;
  firstTime: string | null;
  secondTime: string | null;
  checkUrl: string | null;
  pdfUrl: string;
  receiptAllowed: boolean;
  receipt: { receiverName: string; receivedAt: string } | null;
}

/** A refused or failed call: the HTTP status (0: no answer) and the server's zh-CN message. */
export class DriverCallError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

const TOKEN_KEY = 'wb.driver.token';

/**
 * The token of the link (`/driver/#<token>`), kept for the next visit (an installed page opens
 * without the hash); the hash is cleared so the token is not left in a screenshot or a shared URL.
 */
export function takeToken(): string | null {
  const fromLink = decodeURIComponent(location.hash.replace(/^#/, '')).trim();
  if (fromLink.startsWith('WBDRV1.')) {
    storeToken(fromLink);
    history.replaceState(null, '', location.pathname + location.search);
    return fromLink;
  }
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function storeToken(token: string): void {
  try {
    localStorage.setItem(TOKEN_KEY, token);
  } catch {
    // private mode: the token lives as long as the page
  }
}

async function call<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/api/driver${path}`, {
      method,
      headers: { 'X-Driver-Token': token, 'X-Requested-With': 'XMLHttpRequest', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
    });
  } catch {
    throw new DriverCallError(0, '');
  }
  // null: not JSON (a proxy's error page)
  const envelope = (await res.json().catch(() => null)) as { success?: boolean; msg?: string; data?: T } | null;
  if (!res.ok || !envelope?.success) throw new DriverCallError(res.status, envelope?.msg ?? res.statusText);
  return envelope.data as T;
}

export const driverApi = {
  me: (token: string) => call<Me>(token, 'GET', '/me'),
  status: (token: string) => call<Status>(token, 'GET', '/status'),
  notices: (token: string) => call<{ notices: OpenNotice[] }>(token, 'GET', '/notices'),
  book: (token: string, body: { noticeLineId: string; day: string; quantity: number }) =>
    call<{ booking: Booking; token: string; link: string }>(token, 'POST', '/bookings', body),
  cancel: (token: string, id: string) => call<{ id: string; cancelled: boolean }>(token, 'DELETE', `/bookings/${encodeURIComponent(id)}`),
  ticket: (token: string) => call<ETicket>(token, 'GET', '/ticket'),
  receipt: (token: string, body: { receiverName: string; signature: string }) =>
    call<{ receiverName: string; receivedAt: string }>(token, 'POST', '/receipt', body),
};

/** The PDF's address: a plain link cannot send a header, so the token goes in the query. */
export const pdfHref = (ticket: Pick<ETicket, 'pdfUrl'>, token: string) => `${ticket.pdfUrl}?token=${encodeURIComponent(token)}`;
