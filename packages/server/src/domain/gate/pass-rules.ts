/** 临时通行证: whether a pass lets its holder through now. Pure. */
export interface PassFacts {
  passNo: string;
  enabled: boolean;
  validFrom: Date;
  validTo: Date;
}

const fmt = (d: Date) => d.toISOString().slice(0, 16).replace('T', ' ');

export function passRefusal(p: PassFacts, now: Date): string | null {
  if (!p.enabled) return `通行证 ${p.passNo} 已停用，不能通行`;
  if (now < p.validFrom) return `通行证 ${p.passNo} 未到有效期 ${fmt(p.validFrom)}，不能通行`;
  if (now > p.validTo) return `通行证 ${p.passNo} 已过有效期 ${fmt(p.validTo)}，不能通行`;
  return null;
}
