import type { FieldDef } from '../../../platform/templates/define';

/**
 * The archives a line grid's code cell picks from: the popup (resource template) and the fields of
 * its chosen row that fill the cell's code and the row's name cell.
 */
export const PICKABLE_ARCHIVES = {
  material: { formatCode: 'masterdata.inventory.resource', code: 'invCode', name: 'invName' },
  customer: { formatCode: 'masterdata.customer.resource', code: 'customerCode', name: 'customerName' },
  vendor: { formatCode: 'masterdata.vendor.resource', code: 'vendorCode', name: 'vendorName' },
  carrier: { formatCode: 'masterdata.carrier.resource', code: 'carrierCode', name: 'carrierName' },
  route: { formatCode: 'masterdata.line.resource', code: 'lineCode', name: 'lineName' },
  warehouse: { formatCode: 'masterdata.warehouse.resource', code: 'wareCode', name: 'wareName' },
  calcGroup: { formatCode: 'masterdata.computation-group.resource', code: 'groupCode', name: 'groupName' },
} as const;
export type PickableArchive = keyof typeof PICKABLE_ARCHIVES;

/**
 * A code cell of a line grid as a picker of an archive: the cell stays typeable (the server
 * resolves a typed code as it does a chosen one), its button opens the archive's popup and the
 * chosen row fills the code and the row's name cell, so no code is typed blind.
 * DETAIL_RESOURCE_CONTROLS: the popup takes several rows at once, the first filling this line and
 * each other one a new line (a notice of five aggregates picked in one go).
 */
export function codePicker(code: FieldDef, archive: PickableArchive, nameField: string, lineTable: string, type: 'RESOURCE_CONTROLS' | 'DETAIL_RESOURCE_CONTROLS' = 'RESOURCE_CONTROLS'): FieldDef {
  const a = PICKABLE_ARCHIVES[archive];
  return {
    ...code, formSubmitType: type,
    resource: { formatCode: a.formatCode, map: [{ masterTable: lineTable, fieldName: code.fieldName, from: a.code }, { masterTable: lineTable, fieldName: nameField, from: a.name }] },
  };
}
