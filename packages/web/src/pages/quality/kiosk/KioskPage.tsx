import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Alert, Button, Card, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { KIOSK_KEY_STORAGE, KioskError, loadKiosk, saveKioskValue, valueProblem, type KioskItem, type KioskView } from './kiosk-api';

/**
 * 批量质检平台 (/viewWeigh): the lab bench's kiosk. No workspace sign-in, but nothing without a
 * kiosk key: the page asks for one (or takes ?key= once and keeps it in this browser) and shows
 * only the waiting samples by blind code and the kiosk's items. Keyboard first: a cell saves on
 * Enter or on leaving it, Enter goes down to the same item of the next sample, a value that is
 * not a number of the item's decimals and range is marked at once and not sent.
 */

type CellKey = `${string}:${string}`;
const cellKey = (sampleId: string, itemId: string): CellKey => `${sampleId}:${itemId}`;

function initialKey(): string | null {
  const url = new URL(window.location.href);
  const fromUrl = url.searchParams.get('key');
  if (fromUrl) {
    localStorage.setItem(KIOSK_KEY_STORAGE, fromUrl);
    url.searchParams.delete('key');
    window.history.replaceState(null, '', url.pathname + url.search);
  }
  return localStorage.getItem(KIOSK_KEY_STORAGE);
}

export default function KioskPage() {
  const { t } = useTranslation();
  const tk = (key: string, values?: Record<string, string>) => t(`kiosk.${key}`, values);
  const [key, setKey] = useState<string | null>(initialKey);
  const [typedKey, setTypedKey] = useState('');
  const [view, setView] = useState<KioskView | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [drafts, setDrafts] = useState<Record<CellKey, string>>({});
  const [problems, setProblems] = useState<Record<CellKey, string>>({});
  const [saved, setSaved] = useState<{ text: string; ms: number } | null>(null);
  const inputs = useRef(new Map<CellKey, HTMLInputElement>());
  const pressedAt = useRef<number | null>(null);
  // Enter saves and moves on, which blurs the cell: one save per value, not two
  const inFlight = useRef(new Set<CellKey>());

  const forget = useCallback((message: string) => {
    localStorage.removeItem(KIOSK_KEY_STORAGE);
    setKey(null);
    setView(null);
    setRefused(message);
  }, []);

  const reload = useCallback(async () => {
    if (!key) return;
    try {
      setView(await loadKiosk(key));
    } catch (e) {
      if (e instanceof KioskError && e.status === 401) forget(e.message);
      else setRefused((e as Error).message);
    }
  }, [key, forget]);
  useEffect(() => { void reload(); }, [reload]);

  if (!key || !view) {
    return (
      <div style={{ display: 'flex', justifyContent: 'center', paddingTop: 120 }}>
        <Card title={tk('title')} style={{ width: 420 }} data-testid="kiosk-key-card">
          {refused && <Alert type="error" showIcon message={refused} style={{ marginBottom: 12 }} data-testid="kiosk-refused" />}
          {key ? <Typography.Text>{tk('loading')}</Typography.Text> : (
            <Space.Compact style={{ width: '100%' }}>
              <Input.Password placeholder={tk('keyPlaceholder')} value={typedKey} onChange={(e) => setTypedKey(e.target.value)} data-testid="kiosk-key-input"
                onPressEnter={() => { if (typedKey.trim()) { localStorage.setItem(KIOSK_KEY_STORAGE, typedKey.trim()); setRefused(null); setKey(typedKey.trim()); } }} />
              <Button type="primary" data-testid="kiosk-key-submit"
                onClick={() => { if (typedKey.trim()) { localStorage.setItem(KIOSK_KEY_STORAGE, typedKey.trim()); setRefused(null); setKey(typedKey.trim()); } }}>{tk('enter')}</Button>
            </Space.Compact>
          )}
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }} data-testid="kiosk-key-hint">{tk('keyHint')}</Typography.Paragraph>
        </Card>
      </div>
    );
  }

  const resultOf = (sampleId: string, itemId: string) => view.samples.find((s) => s.id === sampleId)?.results.find((r) => r.itemId === itemId);
  const shown = (sampleId: string, itemId: string) => drafts[cellKey(sampleId, itemId)] ?? resultOf(sampleId, itemId)?.value ?? '';

  async function save(sampleId: string, item: KioskItem) {
    const k = cellKey(sampleId, item.id);
    const text = drafts[k];
    const result = resultOf(sampleId, item.id);
    if (text === undefined || !result || text === (result.value ?? '') || inFlight.current.has(k)) return;
    const problem = valueProblem(item, text);
    setProblems((p) => ({ ...p, [k]: problem ?? '' }));
    if (problem) return;
    const started = pressedAt.current ?? performance.now();
    inFlight.current.add(k);
    try {
      const done = await saveKioskValue(key!, sampleId, item.id, text === '' ? null : text, result.version);
      setView((v) => v && { ...v, samples: v.samples.map((s) => (s.id === sampleId ? { ...s, results: done.results } : s)) });
      setDrafts((d) => { const { [k]: _, ...rest } = d; return rest; });
      setSaved({ text: tk('saved', { what: `${done.blindCode} ${item.name}` }), ms: Math.round(performance.now() - started) });
    } catch (e) {
      if (e instanceof KioskError && e.status === 401) return forget(e.message);
      setProblems((p) => ({ ...p, [k]: (e as Error).message }));
      // someone else saved first: show what is stored now, keep what was typed for a second try
      if (e instanceof KioskError && e.status === 409) void reload();
    } finally {
      inFlight.current.delete(k);
      pressedAt.current = null;
    }
  }

  function onKey(e: KeyboardEvent<HTMLInputElement>, row: number, item: KioskItem) {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    pressedAt.current = performance.now();
    const sample = view!.samples[row];
    void save(sample.id, item);
    const next = view!.samples[row + 1];
    if (next) inputs.current.get(cellKey(next.id, item.id))?.focus();
  }

  return (
    <div style={{ padding: 16 }} data-testid="kiosk-page">
      <Space style={{ marginBottom: 12 }} wrap>
        <Typography.Title level={4} style={{ margin: 0 }}>{tk('title')} · {view.kiosk.name}</Typography.Title>
        <Button onClick={() => void reload()} data-testid="kiosk-reload">{tk('reload')}</Button>
        {saved && <Typography.Text type="success" data-testid="kiosk-saved">{saved.text}（{saved.ms} ms）</Typography.Text>}
      </Space>
      <table className="kiosk-grid" style={{ borderCollapse: 'collapse' }} data-testid="kiosk-grid">
        <thead>
          <tr>
            <th style={{ textAlign: 'left', padding: 4 }}>{tk('blindCode')}</th>
            {view.items.map((i) => <th key={i.id} style={{ padding: 4 }}>{i.name}{i.unit ? ` (${i.unit})` : ''}</th>)}
          </tr>
        </thead>
        <tbody>
          {view.samples.map((s, row) => (
            <tr key={s.id} data-testid={`kiosk-row-${s.blindCode}`}>
              <td style={{ padding: 4, fontFamily: 'monospace' }}>{s.blindCode}{s.round === 2 ? ` ${tk('recheck')}` : ''}</td>
              {view.items.map((item) => {
                const k = cellKey(s.id, item.id);
                const result = resultOf(s.id, item.id);
                const problem = problems[k];
                return (
                  <td key={item.id} style={{ padding: 4, verticalAlign: 'top' }}>
                    <Input
                      ref={(el) => { const input = el?.input; if (input) inputs.current.set(k, input); else inputs.current.delete(k); }}
                      size="small" style={{ width: 110 }} inputMode="decimal" status={problem ? 'error' : undefined}
                      disabled={!result || result.derived} value={shown(s.id, item.id)} data-testid={`kiosk-cell-${s.blindCode}-${item.code}`}
                      onChange={(e) => { const text = e.target.value.trim(); setDrafts((d) => ({ ...d, [k]: text })); setProblems((p) => ({ ...p, [k]: valueProblem(item, text) ?? '' })); }}
                      onKeyDown={(e) => onKey(e, row, item)}
                      onBlur={() => void save(s.id, item)}
                    />
                    {problem && <div style={{ color: '#ff4d4f', fontSize: 12, maxWidth: 160 }}>{problem}</div>}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {view.samples.length === 0 && <Typography.Text type="secondary">{tk('noSamples')}</Typography.Text>}
    </div>
  );
}
