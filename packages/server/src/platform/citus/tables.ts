/**
 * How each table would live on a distributed PostgreSQL (Citus), docs/SCALING.md. Every table of
 * the schema not named here is a tenant table: it carries a NOT NULL org_id, is distributed by
 * org_id and co-located with the tickets, and its primary key, unique keys and foreign keys to
 * other tenant tables include org_id (platform/citus/rules.ts checks it, the schema test runs it
 * on the live schema).
 *
 * - reference: shared master data and dictionaries, copied whole to every node. The group's
 *   archives (客户/供应商/承运商/物料/物料分类/化验项目 keyed by group_id, used by every plant of the
 *   group through its allocations), the organisation tree, users, roles, menus and templates.
 *   Written rarely; joined with every tenant table on any node.
 * - local: the platform's own state, kept on the coordinator only: sign-in and session state,
 *   logs whose company may be unknown, the job table, migrations and seed marks, secrets.
 *
 * A new table: give it a NOT NULL org_id and keys that include it (append org_id: a key that
 * starts with its own columns keeps serving the lookups it served), or name it here with a reason.
 */
export type PlacementKind = 'reference' | 'local';

export const NOT_DISTRIBUTED: Readonly<Record<string, { kind: PlacementKind; why: string }>> = {
  // the organisation tree, identity and rights
  sys_group: { kind: 'reference', why: 'the groups: the top of the organisation tree' },
  sys_org: { kind: 'reference', why: 'the companies: every tenant table refers to them' },
  sys_user: { kind: 'reference', why: 'users sign in to any company of their group' },
  sys_role: { kind: 'reference', why: 'roles belong to a group, granted in its companies' },
  sys_role_menu: { kind: 'reference', why: 'a role\'s menu rights' },
  sys_role_assay_item: { kind: 'reference', why: 'a role\'s assay items (group archive)' },
  sys_role_code_rule: { kind: 'reference', why: 'a role\'s numbering rules' },
  sys_role_material_class: { kind: 'reference', why: 'a role\'s material classes (group archive)' },
  sys_user_assay_item: { kind: 'reference', why: 'a user\'s assay items (group archive)' },
  sys_menu: { kind: 'reference', why: 'the menu tree; org_id only on a company\'s own entries' },
  sys_code_rule: { kind: 'reference', why: 'numbering rules, referred to by the roles' },
  // templates (dictionaries of screens and prints)
  cg_format: { kind: 'reference', why: 'screen and print templates' },
  cg_format_field: { kind: 'reference', why: 'template fields' },
  cg_format_param: { kind: 'reference', why: 'template parameters' },
  cg_format_res_map: { kind: 'reference', why: 'template field value maps' },
  // the group's archives, shared by its plants through their allocations (*_alloc)
  md_customer: { kind: 'reference', why: 'group archive of customers (group_id)' },
  md_vendor: { kind: 'reference', why: 'group archive of vendors (group_id)' },
  md_carrier: { kind: 'reference', why: 'group archive of carriers (group_id)' },
  md_material: { kind: 'reference', why: 'group archive of materials (group_id)' },
  md_material_class: { kind: 'reference', why: 'group archive of material classes (group_id)' },
  qm_assay_item: { kind: 'reference', why: 'group archive of assay items (group_id)' },
  // the platform's own state
  schema_migration: { kind: 'local', why: 'the migrations applied' },
  sys_seed_mark: { kind: 'local', why: 'seed fingerprints' },
  sys_seed_step: { kind: 'local', why: 'seed steps done' },
  auth_captcha: { kind: 'local', why: 'sign-in captchas, before any company is known' },
  auth_failure: { kind: 'local', why: 'sign-in throttles, before any company is known' },
  auth_oidc_state: { kind: 'local', why: 'single sign-on round trips' },
  auth_session: { kind: 'local', why: 'sessions; org_id is empty until a company is chosen' },
  sys_log: { kind: 'local', why: 'operation log; sign-ins have no company' },
  sys_error_log: { kind: 'local', why: 'error log; an error may have no company' },
  sys_job: { kind: 'local', why: 'scheduled jobs; platform jobs have no company' },
  sys_job_run: { kind: 'local', why: 'scheduled job runs' },
  wb_check_secret: { kind: 'local', why: 'the ticket-check secret (one row)' },
  sys_data_source_key: { kind: 'local', why: 'the data-source key (one row)' },
};
