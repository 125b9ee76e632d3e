import type { AdminField, AdminFormat, FieldEditBody, FormatAllot, FormatEditBody, FormatSelectBody, FormatSummary, Paged, SearchParam } from '@wb/protocol';
import { call } from '@/platform/api/http';

/** The template administration calls (spec: calls section 7, Template engine and Form builder). */

export const selectFormats = (body: FormatSelectBody) => call<Paged<FormatSummary>>('/cg-format/select', { method: 'POST', body });

export const fetchAdminFormat = (id: string) => call<AdminFormat>(`/cg-format/type/subs/${encodeURIComponent(id)}`);

export const fetchSearchableFields = (id: string) => call<AdminField[]>(`/cg-format/type/search/${encodeURIComponent(id)}`);

export const updateFormat = (id: string, body: FormatEditBody) =>
  call<AdminFormat>(`/cg-format/update/${encodeURIComponent(id)}`, { method: 'PUT', body });

export const updateField = (id: string, body: FieldEditBody) =>
  call<AdminField>(`/cg-format-sub/update/${encodeURIComponent(id)}`, { method: 'PUT', body });

export const saveFieldOrder = (formatId: string, version: string, fieldIds: string[]) =>
  call<AdminFormat>(`/cg-format/type/subs/${encodeURIComponent(formatId)}/order`, { method: 'PUT', body: { version, fieldIds } });

export const restoreFormat = (id: string) => call<AdminFormat>(`/cg-format/restore/${encodeURIComponent(id)}`, { method: 'POST', body: {} });

export interface ParamReply {
  paramList: SearchParam[];
  cgFormatParamId: string | null;
  version: string | null;
}

export const fetchParams = (formatId: string) => call<ParamReply>(`/cg-form-sub-param/getparams/${encodeURIComponent(formatId)}`);

export const saveParams = (formatId: string, version: string | null, paramList: SearchParam[]) =>
  call<ParamReply>('/cg-form-sub-param/create', { method: 'POST', body: { formatId, version, paramList } });

export interface MappingPair {
  fieldSub1: { masterTable: string; fieldName: string };
  fieldSub2: { fieldName: string };
}

export interface MappingReply {
  field: AdminField;
  popup: AdminFormat | null;
  pairs: MappingPair[];
}

export const fetchMapping = (fieldId: string) => call<MappingReply>(`/cg-format-sub/res-map/${encodeURIComponent(fieldId)}`);

export const saveMapping = (fieldId: string, version: string, pairs: MappingPair[]) =>
  call<boolean>(`/cg-format-sub/res-map/${encodeURIComponent(fieldId)}`, { method: 'PUT', body: { version, pairs } });

export const findAllots = (formatId: string) => call<FormatAllot[]>('/cg-format-allot/findList', { method: 'POST', body: { formatId } });

export const allotFormat = (formatId: string, version: string, menuId: string | null) =>
  call<AdminFormat>('/cg-format-allot/create', { method: 'POST', body: { formatId, version, menuId } });

export interface ValidationChoice {
  validateMethod: string;
  validateTitle: string | null;
}

/** Validations other fields already use (spec: Form builder, validation). */
export const fetchValidations = () => call<ValidationChoice[]>('/cg-form-builder/validations');
