import type { FieldDefinition } from '@wb/protocol';
import type { UserInfo } from '@wb/protocol';
import { defaultValueOf, type DefaultMacros } from './rules/defaults';
import { toFormValue } from './rules/form-values';
import { toSaveValue } from './rules/save-values';
import type { Entity } from './form-api';

export function macrosOf(user: UserInfo | null): Partial<DefaultMacros> {
  if (!user) return {};
  return {
    userId: user.user.id, username: user.username, realName: user.realName,
    orgId: user.currentOrg ?? '', orgName: user.currentOrgName ?? '',
    groupId: user.currentGroup, groupName: user.currentGroupName,
  };
}

/** A new record's values: each field's default; misconfigured date defaults are reported. */
export function createValues(fields: FieldDefinition[], macros: Partial<DefaultMacros>): { values: Entity; warnings: string[] } {
  const values: Entity = {};
  const warnings: string[] = [];
  for (const field of fields) {
    const { value, warning } = defaultValueOf(field, macros);
    if (value !== undefined) values[field.fieldName] = value;
    if (warning) warnings.push(warning);
  }
  return { values, warnings };
}

/** A stored record's values as the widgets hold them; a blank after load becomes null. */
export function updateValues(fields: FieldDefinition[], entity: Entity): Entity {
  const values: Entity = {};
  for (const field of fields) values[field.fieldName] = toFormValue(field, toSaveValue(entity[field.fieldName]));
  return values;
}
