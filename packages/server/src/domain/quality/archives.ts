import type { DocField, DocumentFamily } from '../../platform/documents/define';
import { switchLifecycle } from '../../platform/documents/lifecycle';
import { defineListTemplate } from '../../platform/templates/define';
import { createDateColumn, enabledColumn, enabledField, formTemplates, readFieldsOf, remarkColumn, remarkField, versionColumn } from '../masterdata/shared/fields';
import { enabledInput, remarkInput, searchable, text } from './fields';

/**
 * The lab's small archives, one table with a kind as the price kinds are: 化验组 (a lab team),
 * 采样桶 (a barrel group the retained samples are kept in), 化验模型 and 异常分类 (the classes of
 * exceptions a sample may be marked with). Each is a code and a name per company.
 */
export interface ArchiveKindDef {
  kind: 'GROUP' | 'BARREL' | 'MODEL' | 'EX_CLASS';
  slug: string;
  label: string;
  labelEn: string;
}

export const ARCHIVE_KINDS: ArchiveKindDef[] = [
  { kind: 'GROUP', slug: 'group', label: '化验组', labelEn: 'Assay groups' },
  { kind: 'BARREL', slug: 'barrel', label: '采样桶', labelEn: 'Barrel groups' },
  { kind: 'MODEL', slug: 'model', label: '化验模型', labelEn: 'Assay models' },
  { kind: 'EX_CLASS', slug: 'ex-class', label: '异常分类', labelEn: 'Exception classes' },
];

const table = (k: ArchiveKindDef) => `qm_archive_${k.slug.replace('-', '_')}`;
export const archiveBase = (k: ArchiveKindDef) => `/api/quality/${k.slug}`;
export const archivePrefix = (k: ArchiveKindDef) => `quality_${k.slug.replace('-', '_')}`;
export const archiveMenuPath = (k: ArchiveKindDef) => `/quality/${k.slug}`;

const FIELDS: DocField[] = [
  { name: 'code', column: 'code', label: '编码', type: 'text', required: true, updatable: false, unique: true, maxLength: 40 },
  { name: 'name', column: 'name', label: '名称', type: 'text', required: true, maxLength: 60 },
  enabledField,
  remarkField,
];

function archiveFamily(k: ArchiveKindDef): DocumentFamily {
  const listTemplate = defineListTemplate({
    formatCode: `quality.${k.slug}.list`, formatName: k.label, formatNameEn: k.labelEn, mainTable: table(k), ownerColumn: 'created_by',
    resUrl: `${archiveBase(k)}/v2/list`, menuPath: archiveMenuPath(k),
    fields: [
      text('code', '编码', 'Code', 't.code', { ...searchable, isortField: true, idefinedSort: true, sortMethod: 'asc' }),
      text('name', '名称', 'Name', 't.name', { ...searchable, columnWidth: 180 }),
      enabledColumn, remarkColumn, createDateColumn, versionColumn,
    ],
  });
  const [createForm, updateForm] = formTemplates({ formatCode: `quality.${k.slug}`, formatName: k.label, formatNameEn: k.labelEn.toLowerCase().replace(/es$|s$/, ''), prefix: archivePrefix(k), mainTable: table(k) }, [
    { fieldName: 'code', fieldExplain: '编码', fieldExplainEn: 'Code', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.code', irequired: true, iupdate: false },
    { fieldName: 'name', fieldExplain: '名称', fieldExplainEn: 'Name', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.name', irequired: true },
    remarkInput,
    enabledInput,
  ]);
  return {
    label: k.label, base: archiveBase(k), permissionPrefix: archivePrefix(k), table: table(k), scope: { kind: 'org' },
    code: { field: 'code', column: 'code' }, fields: FIELDS, lifecycle: switchLifecycle,
    listTemplate, forms: [createForm, updateForm], readFields: readFieldsOf(createForm), copy: 'none',
  };
}

export const ARCHIVE_FAMILIES: DocumentFamily[] = ARCHIVE_KINDS.map(archiveFamily);
