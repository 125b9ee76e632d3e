import type { ComponentType } from 'react';
import type { FormInstance } from 'antd';
import type { Row } from '../widgets/editable-table/rows';

/**
 * A family's line under a master-child form's child table, worked out from the rows and the header
 * as they are being edited (before save): the track scale's train totals, for one. A page registers
 * it for the family bases it serves; the form dialog shows the first that claims its base.
 */
export interface ChildSummaryProps { rows: Row[]; form: FormInstance }

const summaries: { claims: (base: string) => boolean; Summary: ComponentType<ChildSummaryProps> }[] = [];

export function registerChildSummary(claims: (base: string) => boolean, Summary: ComponentType<ChildSummaryProps>): void {
  summaries.push({ claims, Summary });
}

export function childSummaryOf(base: string): ComponentType<ChildSummaryProps> | null {
  return summaries.find((s) => s.claims(base))?.Summary ?? null;
}
