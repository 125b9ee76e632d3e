import { useState } from 'react';
import { Button, Progress, Upload } from 'antd';
import { CloseOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { feedback } from '@/platform/feedback';
import { langOf } from '@/i18n';
import { DEFAULT_UPLOAD_LIMIT, FileImage, IMAGE_ACCEPT, uploadCountRefusal, uploadFiles } from '@/platform/files';
import type { FieldWidgetProps } from './field-props';
import { imageIds, imageValue } from '../rules/image-value';

/**
 * IMG_VIEW: photos of the record (vehicle, licences), stored as file ids; thumbnails 80x40. The
 * template's rows says how many it takes (1 unless more); past that the upload is refused.
 */
export function ImageField({ id, field, value, onChange, disabled }: FieldWidgetProps) {
  const { t, i18n } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);
  const ids = imageIds(value);
  const limit = field.rows && field.rows > 0 ? field.rows : DEFAULT_UPLOAD_LIMIT;

  const upload = async (file: File) => {
    const refusal = uploadCountRefusal(ids.length, 1, limit, langOf(i18n.language));
    if (refusal) {
      feedback.error(refusal);
      return;
    }
    setProgress(0);
    try {
      const [stored] = await uploadFiles([file], { kind: 'img', onProgress: setProgress, lang: langOf(i18n.language) });
      onChange?.(imageValue([...ids, stored.id]));
    } catch {
      // the files client has told the user why
    } finally {
      setProgress(null);
    }
  };

  return (
    <div id={id} className="wb-image-field">
      {ids.map((fileId) => (
        <span key={fileId} className="wb-image-thumb" data-file-id={fileId}>
          <FileImage fileId={fileId} width={80} height={40} alt={field.fieldExplain} />
          {!disabled && (
            <Button size="small" type="text" icon={<CloseOutlined />} aria-label={t('templateForm.removeImage')} onClick={() => onChange?.(imageValue(ids.filter((x) => x !== fileId)))} />
          )}
        </span>
      ))}
      {!disabled && (
        <Upload accept={IMAGE_ACCEPT} showUploadList={false} multiple={false} beforeUpload={(file) => { void upload(file); return false; }}>
          <Button icon={<UploadOutlined />} loading={progress !== null}>{t('templateForm.upload')}</Button>
        </Upload>
      )}
      {progress !== null && <Progress percent={progress} size="small" style={{ width: 120 }} />}
    </div>
  );
}
