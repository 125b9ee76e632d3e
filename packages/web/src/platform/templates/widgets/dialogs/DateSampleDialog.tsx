import { useState } from 'react';
import { DatePicker, Form, InputNumber, Modal } from 'antd';
import type { Dayjs } from 'dayjs';
import { plantNow } from '@/platform/plant-time';
import { useTranslation } from 'react-i18next';
import { toDayjsPattern } from '../../form/rules/form-values';
import { clampSampleCount, DATE_DIALOG_FORMAT, formatDialogDate, SAMPLE_COUNT } from './dialog-rules';

export interface DateSampleResult {
  /** one date, or the start and end, in the dialog's format */
  dates: string[];
  sampleCount: number | null;
}

export interface DateSampleDialogProps {
  open: boolean;
  /** two pickers (a start and an end) instead of one */
  range?: boolean;
  /** yyyyMMdd unless told otherwise */
  format?: string;
  /** ask for a sample count too (0 to 500, default 1) */
  withSampleCount?: boolean;
  onSubmit(result: DateSampleResult): void;
  onCancel(): void;
}

/** The date and sample-count dialog (spec section 2): title 选择日期, 420 px wide, emits cancel or submit. */
export function DateSampleDialog({ open, range = false, format = DATE_DIALOG_FORMAT, withSampleCount = false, onSubmit, onCancel }: DateSampleDialogProps) {
  const { t } = useTranslation();
  const [start, setStart] = useState<Dayjs | null>(() => plantNow());
  const [end, setEnd] = useState<Dayjs | null>(() => plantNow());
  const [count, setCount] = useState<number>(SAMPLE_COUNT.default);
  const shown = toDayjsPattern(format);
  const submit = () => {
    const dates = (range ? [start, end] : [start]).map((d) => formatDialogDate(d, format)).filter((d): d is string => d !== null);
    onSubmit({ dates, sampleCount: withSampleCount ? clampSampleCount(count) : null });
  };
  return (
    <Modal open={open} title={t('templateForm.dateDialog.title')} width={420} onOk={submit} onCancel={onCancel} okText={t('common.ok')} cancelText={t('common.cancel')} destroyOnHidden>
      <Form layout="horizontal" labelCol={{ flex: '100px' }} colon={false}>
        <Form.Item label={range ? t('templateForm.dateDialog.start') : t('templateForm.dateDialog.date')}>
          <DatePicker value={start} onChange={setStart} format={shown} style={{ width: '100%' }} />
        </Form.Item>
        {range && (
          <Form.Item label={t('templateForm.dateDialog.end')}>
            <DatePicker value={end} onChange={setEnd} format={shown} style={{ width: '100%' }} />
          </Form.Item>
        )}
        {withSampleCount && (
          <Form.Item label={t('templateForm.dateDialog.sampleCount')}>
            <InputNumber min={SAMPLE_COUNT.min} max={SAMPLE_COUNT.max} precision={0} value={count} onChange={(v) => setCount(clampSampleCount(v))} style={{ width: '100%' }} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
