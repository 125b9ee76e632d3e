import { QrCode } from '@/platform/qr/QrCode';
import type { TicketPrintField, TicketPrintLayout } from '@wb/protocol';
import { layoutWords, useTicketPrintTexts } from './texts';
import { useSession } from '@/app/session/session-store';
import { useCompanyBrand } from '@/platform/branding/CompanyLogo';
import { logoUrl } from '@/platform/branding/branding-api';

/** Label-value pairs, two to a row, as the PDF draws them (server print/pdf.ts). */
function Pairs({ fields, english, testId }: { fields: TicketPrintField[]; english: boolean; testId: string }) {
  const rows: TicketPrintField[][] = [];
  for (let i = 0; i < fields.length; i += 2) rows.push(fields.slice(i, i + 2));
  return (
    <>
      {rows.map((row) => (
        <tr key={row[0].key} data-testid={testId}>
          {row.map((f) => [
            <th key={`${f.key}-l`}>{english ? f.labelEn : f.label}</th>,
            <td key={`${f.key}-v`} data-field={f.key}>{f.value}</td>,
          ])}
          {row.length === 1 && <td colSpan={2} />}
        </tr>
      ))}
    </>
  );
}

/**
 * The ticket as paper: the 241 x 139.7 mm half page of the continuous form, in mm so the browser
 * prints it at its size. Every figure is the server's text; the page only places it.
 */
export function TicketPaper({ layout: l }: { layout: TicketPrintLayout }) {
  const { t, english } = useTicketPrintTexts();
  const words = layoutWords(l, english);
  const deductions = l.deductions.rows.map((r) => `${english ? r.itemEn : r.item} ${r.weight}`).join(english ? '; ' : '；');
  const colon = english ? ': ' : '：';
  // the company's main logo at the paper's top left (spec: logo, GET imgView/{name}); none: no mark
  const { data: brand } = useCompanyBrand(useSession((s) => s.userInfo?.currentOrg ?? null));
  const state = words.state ? (english ? `(${words.state})` : `（${words.state}）`) : '';
  return (
    <article className={`wb-ticket-paper${english ? ' wb-ticket-en' : ''}`} data-testid="ticket-paper" data-ticket-no={l.ticketNo}>
      {l.check && (
        // the public check link (扫码验真): a driver or customer scans it to see the ticket is genuine
        <a className="wb-ticket-check" href={l.check.url} data-testid="ticket-check-qr" data-url={l.check.url}>
          <QrCode qr={l.check.qr} sizeMm={14} title={l.check.url} />
          <span>{english ? 'Scan to verify' : '扫码验真'}</span>
        </a>
      )}
      {brand?.logoMain && <img className="wb-ticket-logo" src={logoUrl(brand.logoMain)} alt="" data-testid="ticket-logo" />}
      <h1 className="wb-ticket-title">{words.title}</h1>
      <div className="wb-ticket-sub">
        <span data-testid="ticket-no">No. {l.ticketNo}</span>
        <span className="wb-ticket-state">{state}</span>
        <span data-testid="print-label">
          {words.count}
          {l.reprint && <b className="wb-ticket-reprint"> {t('reprint')}</b>}
          <span className="wb-ticket-unit">{t('unit')}{colon}{words.unit}</span>
        </span>
      </div>
      <table className="wb-ticket-grid">
        <colgroup><col className="wb-l" /><col /><col className="wb-l" /><col /></colgroup>
        <tbody>
          <Pairs fields={l.fields} english={english} testId="ticket-info" />
          {l.weights.map((w, i) => (
            <tr key={w.key} data-testid={`weight-${w.key}`}>
              <th>{english ? w.labelEn : w.label}</th>
              <td className="wb-ticket-weight">
                <span className={w.key === 'net' ? 'wb-ticket-net' : ''} data-testid={`weight-${w.key}-value`}>{w.value}</span>
                <span className="wb-ticket-time">{w.time}</span>
              </td>
              {i === 0 && (
                <>
                  <th>{t('deductTotal')}</th>
                  <td className="wb-ticket-num" data-testid="deduct-total">{l.deductions.total}</td>
                </>
              )}
              {i === 1 && (
                <>
                  <th rowSpan={2}>{t('deductList')}</th>
                  <td rowSpan={2} className="wb-ticket-deductions" data-testid="deduct-list">{deductions}</td>
                </>
              )}
            </tr>
          ))}
          <Pairs fields={l.money} english={english} testId="ticket-money" />
          <tr>
            <th>{t('remark')}</th>
            <td colSpan={3}>{l.remark}</td>
          </tr>
        </tbody>
      </table>
      <footer className="wb-ticket-foot">
        {l.footer.map((f) => (
          <span key={f.key} data-field={f.key}>{english ? f.labelEn : f.label}{colon}{f.value}</span>
        ))}
      </footer>
      <div className="wb-ticket-sign">{t('signature')}{colon}</div>
    </article>
  );
}
