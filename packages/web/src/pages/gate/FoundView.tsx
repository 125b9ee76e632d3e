import { Alert, Descriptions, Tag } from 'antd';
import type { Found } from './api';
import { useDisplay } from '@/platform/display';
import { plantMinuteText } from '@/platform/plant-time';
import { fill, useGateTexts } from './texts';

const REGISTRY_FIELDS = ['registryNo', 'plateNumber', 'docStatus', 'tripState', 'noticeNo', 'materialName', 'partnerName', 'carrierName', 'driverName', 'preQuantity', 'cardNo', 'validFrom', 'validTo', 'enteredAt', 'queueNo'];

/** What the look-up found: the registry with the checks the gate will make, or the pass. */
export function FoundView({ found }: { found: Found }) {
  const tx = useGateTexts();
  const display = useDisplay();
  if (found.found === 'pass') {
    const p = found.pass;
    return (
      <div data-testid="gate-found" data-found="pass">
        <Descriptions size="small" bordered column={2} title={`${tx.pass} · ${tx.via[found.via] ?? found.via}`}>
          <Descriptions.Item label={tx.passFields.passNo}><strong>{p.passNo}</strong></Descriptions.Item>
          <Descriptions.Item label={tx.passFields.holder}>{p.holderKind === 'TRUCK' ? `${tx.truck} ${p.plateNumber ?? ''}` : `${tx.visitor} ${p.visitorName ?? ''}`}</Descriptions.Item>
          <Descriptions.Item label={tx.passFields.reason}>{p.reason ?? ''}</Descriptions.Item>
          <Descriptions.Item label={tx.passFields.validity}>{`${fmt(p.validFrom)} ~ ${fmt(p.validTo)}`}</Descriptions.Item>
          <Descriptions.Item label={tx.passFields.used}>{p.usedCount}</Descriptions.Item>
        </Descriptions>
        {found.refusal && <Alert type="error" showIcon title={found.refusal} style={{ marginTop: 8 }} />}
      </div>
    );
  }
  const r = found.registry;
  const shown = (name: string) => {
    const v = r[name];
    if (v === null || v === undefined || v === '') return null;
    if (name === 'docStatus' || name === 'tripState') return <Tag>{tx.states[String(v)] ?? String(v)}</Tag>;
    if (['validFrom', 'validTo', 'enteredAt'].includes(name)) return fmt(String(v));
    // the registry's pre-loaded quantity is a weight held in tons: the plant's unit and decimals
    if (name === 'preQuantity') return display.weight(v, { unit: true }) || String(v);
    return String(v);
  };
  return (
    <div data-testid="gate-found" data-found="registry" data-registry-no={found.registryNo}>
      <Descriptions size="small" bordered column={2} title={`${tx.registry} ${found.registryNo} · ${tx.via[found.via] ?? found.via}`}>
        {REGISTRY_FIELDS.filter((f) => shown(f) !== null).map((f) => (
          <Descriptions.Item key={f} label={tx.fields[f] ?? f}>{shown(f)}</Descriptions.Item>
        ))}
      </Descriptions>
      <div className="wb-gate-checks" style={{ marginTop: 8 }}>
        <strong>{tx.checks}：</strong>
        {found.appointments.length === 0 && <Tag>{tx.noRules}</Tag>}
        {found.appointments.map((a) => {
          const full = a.quota !== null && a.used >= a.quota;
          return (
            <Tag key={a.code} color={a.inWindow && !full ? 'green' : 'red'} data-testid="gate-appointment">
              {`${tx.appointment} ${a.code} ${a.name}：${a.window ? a.window.split(',').map((t) => t.slice(0, 5)).join('-') : tx.wholeDay} ${a.inWindow ? tx.inWindow : tx.outWindow}，${a.quota === null ? tx.noQuota : fill(tx.quota, { used: a.used, quota: a.quota })}`}
            </Tag>
          );
        })}
      </div>
    </div>
  );
}

const fmt = (v: string) => plantMinuteText(v);
