import { useEffect, useMemo, useRef, useState } from 'react';
import { App, Button, Form, Modal, Result, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FormatDefinition, MenuButton } from '@wb/protocol';
import { FORMAT_STYLE } from '@wb/protocol';
import { useSession } from '@/app/session/session-store';
import { useEnglish } from '@/app/hooks/useEnglish';
import { feedback } from '@/platform/feedback';
import { ApiError } from '@/platform/api/http';
import { fetchEntity, fetchFormTemplate, saveEntity, type Entity, type LoadedEntity } from './form-api';
import { FormRenderer } from './FormRenderer';
import { submitForm } from './collect';
import { createValues, macrosOf, updateValues } from './initial-values';
import { columnsOf } from './rules/layout';
import { SAVE_DEBOUNCE_MS, useDebounced } from './use-debounced';
import { UPDATE_CANCELLED, UPDATE_CONFIRM } from './messages';

export interface TemplateFormDialogProps {
  menuButton: MenuButton;
  base: string;
  mode: 'create' | 'update';
  id?: string;
  onSaved?: () => void;
  onClose: () => void;
}

function dialogWidth(format: FormatDefinition | undefined): string {
  if (!format) return '50%';
  return format.formatStyle === FORMAT_STYLE.fourColumn ? '60%' : '80%';
}

/** The form dialog of one create or update: 取 消 and 确 定; 确 定 saves only a valid form. */
export function TemplateFormDialog({ menuButton, base, mode, id, onSaved, onClose }: TemplateFormDialogProps) {
  const { t } = useTranslation();
  const english = useEnglish();
  const { modal, message } = App.useApp();
  const user = useSession((s) => s.userInfo);
  const [form] = Form.useForm();
  const [open, setOpen] = useState(true);
  const [saving, setSaving] = useState(false);
  const loadedRecord = useRef<Entity>({});

  const template = useQuery({ queryKey: ['form-template', menuButton.id], queryFn: () => fetchFormTemplate(menuButton.id), retry: false });
  const record = useQuery({
    queryKey: ['form-record', base, id],
    queryFn: () => fetchEntity(base, id as string),
    enabled: mode === 'update' && Boolean(id),
    retry: false,
    gcTime: 0,
  });
  const format = template.data;
  const fields = useMemo(() => format?.formSubList ?? [], [format]);
  const ready = Boolean(format) && (mode === 'create' || Boolean(record.data));

  useEffect(() => {
    if (!format) return;
    if (mode === 'create') {
      const { values, warnings } = createValues(fields, macrosOf(user));
      for (const w of warnings) feedback.warning(w);
      form.setFieldsValue(values);
    } else if (record.data) {
      loadedRecord.current = (record.data as LoadedEntity).entity;
      form.setFieldsValue(updateValues(fields, loadedRecord.current));
    }
    // defaults are read once per load, not again when the user changes
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [format, record.data, mode]);

  const close = () => setOpen(false);

  const save = async () => {
    const submission = await submitForm(form, fields);
    if (!submission.valid) {
      for (const e of [...new Set(submission.errors)]) feedback.error(e);
      return;
    }
    if (mode === 'update') {
      const confirmed = await modal.confirm({ title: t('common.tip'), content: UPDATE_CONFIRM, okText: t('common.ok'), cancelText: t('common.cancel') });
      if (!confirmed) {
        message.info(UPDATE_CANCELLED);
        return;
      }
    }
    const entity = mode === 'update' ? { ...loadedRecord.current, ...submission.data } : submission.data;
    setSaving(true);
    try {
      await saveEntity(base, mode, entity);
      message.success(t('templateForm.saved'));
      onSaved?.();
      close();
    } catch (err) {
      // the api client has told the user; anything else is a fault worth seeing
      if (!(err instanceof ApiError)) feedback.error((err as Error).message);
    } finally {
      setSaving(false);
    }
  };
  const requestSave = useDebounced(() => void save(), SAVE_DEBOUNCE_MS);

  const failed = template.isError || record.isError;
  const title = format ? format.formatName : english ? menuButton.label : menuButton.label;
  return (
    <Modal
      open={open}
      title={title}
      width={dialogWidth(format)}
      className="wb-form-dialog"
      styles={{ body: { minWidth: 550 } }}
      onCancel={close}
      afterClose={onClose}
      destroyOnHidden
      maskClosable={false}
      footer={[
        <Button key="cancel" onClick={close}>{t('common.cancel')}</Button>,
        <Button key="ok" type="primary" loading={saving} disabled={!ready} onClick={requestSave}>{t('common.ok')}</Button>,
      ]}
    >
      {failed ? (
        <Result status="warning" title={t('templateForm.loadFailed')} />
      ) : !ready || !format ? (
        <div className="wb-form-loading"><Spin /></div>
      ) : (
        <FormRenderer fields={fields} columns={columnsOf(format.formatStyle)} mode={mode} form={form} onEnter={requestSave} />
      )}
    </Modal>
  );
}
