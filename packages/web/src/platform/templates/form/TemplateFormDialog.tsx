import { useEffect, useMemo, useRef, useState } from 'react';
import { App, Button, Form, Modal, Result, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MenuButton } from '@wb/protocol';
import { useEnglish } from '@/i18n/useEnglish';
import { useCurrentUser } from '@/platform/session/current-user';
import { menuLabel } from '@/platform/menu/menu-routes';
import { feedback } from '@/platform/feedback';
import { ApiError } from '@/platform/api/http';
import { fetchEntity, fetchFormTemplate, saveEntity, splitLoaded, type Entity, type LoadedEntity } from './form-api';
import { afterSaveAddons, FieldAddonContext } from './field-addons';
import { ChildRowsContext } from './fields/child-rows-context';
import { FormRenderer } from './FormRenderer';
import { MasterChildForm } from './MasterChildForm';
import { childSummaryOf } from './child-summaries';
import { submitForm, type FormSubmission } from './collect';
import { createValues, macrosOf, updateValues } from './initial-values';
import { blankChildRow, childRowErrors, childRowsOf, collectChildRows, isMasterChild, splitFields } from './master-child';
import type { FormMode } from './rules/layout';
import { dialogWidthOf, layoutOf } from '../layouts/registry';
import { SAVE_DEBOUNCE_MS, useDebounced } from './use-debounced';
import { EMPTY_CHILD_CONFIRM, UPDATE_CANCELLED, UPDATE_CONFIRM } from './messages';
import type { Row } from '../widgets/editable-table/rows';
import { formatTitle } from '../list/field-label';

export interface TemplateFormDialogProps {
  menuButton: MenuButton;
  base: string;
  mode: 'create' | 'update';
  id?: string;
  onSaved?: () => void;
  onClose: () => void;
  /** told of every save attempt: (false, data) when validation failed (spec section 5) */
  onSubmit?: (valid: boolean, data: Entity) => void;
  /**
   * The page's query type when it is more than create or update (spec section 4): safeUpdate hides
   * the child table's buttons, weigh shows every field read-only with a weighsave button.
   */
  formMode?: FormMode;
}

/** The form dialog of one create or update: 取 消 and 确 定; 确 定 saves only a valid form. */
export function TemplateFormDialog({ menuButton, base, mode, id, onSaved, onClose, onSubmit, formMode = mode }: TemplateFormDialogProps) {
  const { t } = useTranslation();
  const english = useEnglish();
  const { modal, message } = App.useApp();
  const user = useCurrentUser();
  const [form] = Form.useForm();
  const [open, setOpen] = useState(true);
  const [saving, setSaving] = useState(false);
  const [rows, setRows] = useState<Row[]>([]);
  const loadedRecord = useRef<Entity>({});

  const template = useQuery({ queryKey: ['form-template', menuButton.id], queryFn: () => fetchFormTemplate(menuButton.id), retry: false, gcTime: 0 });
  const record = useQuery({
    queryKey: ['form-record', base, id],
    queryFn: () => fetchEntity(base, id as string),
    enabled: mode === 'update' && Boolean(id),
    retry: false,
    gcTime: 0,
  });
  const format = template.data;
  const masterChild = format ? isMasterChild(format) : false;
  const { main, child } = useMemo(() => (format ? splitFields(format) : { main: [], child: [] }), [format]);
  const ready = Boolean(format) && (mode === 'create' || Boolean(record.data));

  useEffect(() => {
    if (!format) return;
    if (mode === 'create') {
      const { values, warnings } = createValues(main, macrosOf(user));
      for (const w of warnings) feedback.warning(w);
      form.setFieldsValue(values);
    } else if (record.data) {
      const loaded = record.data as LoadedEntity;
      loadedRecord.current = loaded.entity;
      form.setFieldsValue(updateValues(main, loaded.entity));
      setRows(childRowsOf(loaded.entitysub));
    }
    // defaults are read once per load, not again as the user types
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [format, record.data, mode]);

  const close = () => setOpen(false);

  const validate = async (): Promise<FormSubmission & { entitysub?: Entity[] }> => {
    const submission = await submitForm(form, main);
    if (!masterChild) return submission;
    const rowErrors = childRowErrors(child, rows, english);
    return {
      valid: submission.valid && rowErrors.length === 0,
      data: submission.data,
      errors: [...submission.errors, ...rowErrors],
      entitysub: collectChildRows(child, rows),
    };
  };

  const confirmed = (title: string, content: string, warning = false) =>
    modal.confirm({ title, content, okText: '确定', cancelText: '取消', type: warning ? 'warning' : 'confirm' });

  const save = async () => {
    const submission = await validate();
    onSubmit?.(submission.valid, submission.data);
    if (!submission.valid) {
      for (const e of [...new Set(submission.errors)]) feedback.error(e);
      return;
    }
    if (masterChild && rows.length === 0 && !(await confirmed('提示', EMPTY_CHILD_CONFIRM, true))) return;
    if (mode === 'update' && !(await confirmed(t('common.tip'), UPDATE_CONFIRM))) {
      message.info(UPDATE_CANCELLED);
      return;
    }
    const entity = mode === 'update' ? { ...loadedRecord.current, ...submission.data } : submission.data;
    setSaving(true);
    try {
      const saved = await saveEntity(base, mode, entity, masterChild ? submission.entitysub : undefined);
      message.success(t('templateForm.saved'));
      onSaved?.();
      close();
      afterSaveAddons(main, { base, mode, saved: splitLoaded(saved).entity, before: loadedRecord.current });
    } catch (err) {
      // the api client has told the user already; a 400 naming a field also marks that field
      if (err instanceof ApiError && err.field && main.some((f) => f.fieldName === err.field)) {
        form.setFields([{ name: err.field, errors: [err.message] }]);
      } else if (!(err instanceof ApiError)) feedback.error((err as Error).message);
    } finally {
      setSaving(false);
    }
  };
  const requestSave = useDebounced(() => void save(), SAVE_DEBOUNCE_MS);
  const addonForm = useMemo(() => ({ base, mode: formMode }), [base, formMode]);

  let body;
  if (template.isError || record.isError) body = <Result status="warning" title={t('templateForm.loadFailed')} />;
  else if (!ready || !format) body = <div className="wb-form-loading"><Spin /></div>;
  else {
    const Layout = layoutOf('form', format.formatStyle);
    const Summary = childSummaryOf(base);
    body = (
      <Layout
        style={format.formatStyle}
        fields={(columns) => <FormRenderer fields={main} columns={columns} mode={formMode} form={form} onEnter={requestSave} />}
        childTable={
          <ChildRowsContext.Provider value={format.opations.son ? { [format.opations.son]: rows } : {}}>
            <MasterChildForm main={main} child={child} remark={format.remark} mode={formMode} form={form} rows={rows} onRowsChange={setRows} onEnter={requestSave} blankRow={() => blankChildRow(child, macrosOf(user))} />
            {Summary && <Summary rows={rows} form={form} />}
          </ChildRowsContext.Provider>
        }
      />
    );
  }

  return (
    <Modal
      open={open}
      title={format ? formatTitle(format, english) : menuLabel(menuButton, english)}
      width={format ? dialogWidthOf('form', format.formatStyle) : '50%'}
      className="wb-form-dialog"
      onCancel={close}
      afterClose={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      footer={[
        <Button key="cancel" onClick={close}>{t('common.cancel')}</Button>,
        formMode === 'weigh' ? (
          <Button key="weighsave" type="primary" loading={saving} disabled={!ready} onClick={requestSave} data-action="weighsave">{t('templateForm.weighSave')}</Button>
        ) : (
          <Button key="ok" type="primary" loading={saving} disabled={!ready} onClick={requestSave} data-action="submit">{t('common.ok')}</Button>
        ),
      ]}
    >
      <FieldAddonContext.Provider value={addonForm}>{body}</FieldAddonContext.Provider>
    </Modal>
  );
}
