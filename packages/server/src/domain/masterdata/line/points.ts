/**
 * A line's control points (domain-notes: "A truck's way through the plant") and the order rules
 * a line must keep. Pure: the family checks a line's points as they would be after a write.
 */
export const CONTROL_POINTS = [
  { value: 'SIGN_IN', label: '签到', labelEn: 'Sign in' }, { value: 'CALL', label: '叫号', labelEn: 'Call' }, { value: 'GATE_IN', label: '进厂', labelEn: 'Gate in' },
  { value: 'TARE', label: '皮重', labelEn: 'Tare' }, { value: 'SCENE_CONFIRM', label: '现场确认', labelEn: 'Site confirmation' }, { value: 'GROSS', label: '毛重', labelEn: 'Gross' },
  { value: 'NET', label: '净重计算', labelEn: 'Net' }, { value: 'GATE_OUT', label: '出厂', labelEn: 'Gate out' },
] as const;

export type ControlPoint = (typeof CONTROL_POINTS)[number]['value'];
export interface LinePoint { seq: number; point: string }

const WEIGHINGS = new Set(['TARE', 'GROSS']);
const labelOf = (point: string) => CONTROL_POINTS.find((p) => p.value === point)?.label ?? point;

export type Direction = 'SHIP' | 'RECEIVE';

/**
 * The first rule the points break, or null: no point or seq twice, gate-in before any weighing,
 * gate-out last; a shipping line weighs tare before gross, a receiving line gross before tare.
 */
export interface LinePointProblem {
  field: 'point' | 'seq';
  message: string;
  /** the seq of the point that breaks the rule, to name its row */
  seq: number;
}

export function linePointProblem(points: readonly LinePoint[], direction: Direction): LinePointProblem | null {
  const ordered = [...points].sort((a, b) => a.seq - b.seq);
  for (let i = 1; i < ordered.length; i++) {
    if (ordered[i].seq === ordered[i - 1].seq) return { field: 'seq', message: `顺序号 ${ordered[i].seq} 已存在`, seq: ordered[i].seq };
  }
  const seen = new Set<string>();
  for (const p of ordered) {
    if (seen.has(p.point)) return { field: 'point', message: `控制点 ${labelOf(p.point)} 在线路中已存在`, seq: p.seq };
    seen.add(p.point);
  }
  const gateIn = ordered.find((p) => p.point === 'GATE_IN');
  const firstWeighing = ordered.find((p) => WEIGHINGS.has(p.point));
  if (firstWeighing && (!gateIn || gateIn.seq > firstWeighing.seq)) return { field: 'point', message: '进厂必须在过磅（皮重、毛重）之前', seq: firstWeighing.seq };
  const gateOut = ordered.findIndex((p) => p.point === 'GATE_OUT');
  if (gateOut >= 0 && gateOut !== ordered.length - 1) return { field: 'point', message: '出厂必须是线路的最后一个控制点', seq: ordered[gateOut].seq };
  const tare = ordered.findIndex((p) => p.point === 'TARE');
  const gross = ordered.findIndex((p) => p.point === 'GROSS');
  if (tare >= 0 && gross >= 0) {
    if (direction === 'SHIP' && tare > gross) return { field: 'point', message: '发货线路应先称皮重后称毛重', seq: ordered[tare].seq };
    if (direction === 'RECEIVE' && gross > tare) return { field: 'point', message: '收货线路应先称毛重后称皮重', seq: ordered[gross].seq };
  }
  return null;
}
