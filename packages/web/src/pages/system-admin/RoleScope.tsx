import { useEffect } from 'react';
import { Button, Form, Radio, Select, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/platform/api/http';
import { feedback } from '@/platform/feedback';
import { type AdminOption, type AdminRoleDetail, DATA_SCOPES } from '@wb/protocol';
import { fetchRoleOptions, saveRoleScope } from './api';
import { CompanyTransfer } from './CompanyTransfer';
import { useAdminTexts } from './texts';

type Scope = Pick<AdminRoleDetail, 'dataScope' | 'orgIds' | 'assayItemIds' | 'classIds' | 'codeRuleIds'>;

const options = (list: AdminOption[] = []) => list.map((o) => ({ value: o.id, label: `${o.code} ${o.name}` }));

/** The role's data scope: whose documents its holders see, the companies (moved in a tree transfer), assay items and material classes it applies to. */
export function RoleScope({ role, editable }: { role: AdminRoleDetail; editable: boolean }) {
  const tx = useAdminTexts();
  const client = useQueryClient();
  const [form] = Form.useForm<Scope>();
  const { data } = useQuery({ queryKey: ['system-admin', 'role-options'], queryFn: fetchRoleOptions });
  useEffect(() => form.setFieldsValue({ dataScope: role.dataScope, orgIds: role.orgIds, assayItemIds: role.assayItemIds, classIds: role.classIds, codeRuleIds: role.codeRuleIds }), [role, form]);
  const save = useMutation({
    mutationFn: (scope: Scope) => saveRoleScope(role.id, scope),
    onSuccess: async () => {
      feedback.success(tx.common.saved);
      await client.invalidateQueries({ queryKey: ['system-admin', 'role', role.id] });
    },
    onError: (err) => {
      if (err instanceof ApiError && err.field) form.setFields([{ name: err.field as keyof Scope, errors: [err.message] }]);
    },
  });
  return (
    <Form form={form} layout="vertical" disabled={!editable} onFinish={(v) => save.mutate({ dataScope: v.dataScope, orgIds: v.orgIds ?? [], assayItemIds: v.assayItemIds ?? [], classIds: v.classIds ?? [], codeRuleIds: v.codeRuleIds ?? [] })}>
      <Form.Item name="dataScope" label={tx.roles.dataScope} extra={tx.roles.dataScopeHint}>
        <Radio.Group data-testid="role-data-scope" options={DATA_SCOPES.map((s) => ({ value: s, label: tx.roles.dataScopes[s] }))} />
      </Form.Item>
      <Typography.Paragraph type="secondary">{tx.roles.scopeHint}</Typography.Paragraph>
      <Form.Item name="orgIds" label={tx.roles.orgs}>
        <CompanyTransfer key={`${role.id}:${role.orgIds.join(',')}:${data ? 'ready' : 'loading'}`} initial={role.orgIds} orgs={data?.orgs ?? []} editable={editable} />
      </Form.Item>
      <Form.Item name="codeRuleIds" label={tx.roles.codeRules}><Select mode="multiple" allowClear options={options(data?.codeRules)} optionFilterProp="label" /></Form.Item>
      <Form.Item name="assayItemIds" label={tx.roles.assayItems}><Select mode="multiple" allowClear options={options(data?.assayItems)} optionFilterProp="label" /></Form.Item>
      <Form.Item name="classIds" label={tx.roles.classes}><Select mode="multiple" allowClear options={options(data?.classes)} optionFilterProp="label" /></Form.Item>
      {editable && <Button type="primary" htmlType="submit" loading={save.isPending}>{tx.roles.saveScope}</Button>}
    </Form>
  );
}
