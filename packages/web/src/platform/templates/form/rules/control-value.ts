/**
 * A field's controlValue shows it only while another field holds given values (spec section 3):
 * 'hasTrailer=true' shows the trailer fields only when hasTrailer is yes. Several values are
 * separated by '|' ('carType=TRUCK|TRACTOR'); several conditions by '&' (all must hold); '!='
 * inverts one.
 */
export interface ControlCondition {
  field: string;
  values: string[];
  negated: boolean;
}

export function parseControlValue(text: string | null | undefined): ControlCondition[] | null {
  if (!text || text.trim() === '') return [];
  const conditions: ControlCondition[] = [];
  for (const part of text.split('&')) {
    const m = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*(!?=)\s*(.*?)\s*$/.exec(part);
    if (!m) return null;
    conditions.push({ field: m[1], values: m[3].split('|').map((v) => v.trim()), negated: m[2] === '!=' });
  }
  return conditions;
}

function asText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return String(value);
}

/** True when the field should show for these form values; a malformed controlValue hides nothing. */
export function controlAllows(controlValue: string | null | undefined, values: Record<string, unknown>): boolean {
  const conditions = parseControlValue(controlValue);
  if (!conditions) return true;
  return conditions.every((c) => {
    const v = values[c.field];
    const held = Array.isArray(v) ? v.map(asText) : [asText(v)];
    const hit = held.some((h) => c.values.includes(h));
    return c.negated ? !hit : hit;
  });
}

/** The fields a form must watch to keep its controlled fields right. */
export function controllingFields(controlValues: (string | null | undefined)[]): string[] {
  const names = new Set<string>();
  for (const cv of controlValues) for (const c of parseControlValue(cv) ?? []) names.add(c.field);
  return [...names];
}
