import { useState } from 'react';
import { Button, Progress, Upload } from 'antd';
import { CloseOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { feedback } from '@/platform/feedback';
import { langOf } from '@/i18n';
import { FileImage } from './FileImage';
import { uploadFiles } from './files-api';
import { IMAGE_ACCEPT, uploadCountRefusal } from './upload-rules';

export interface ImageUploadProps {
  /** the stored files' ids, in order */
  ids: string[];
  onChange(ids: string[]): void;
  /** how many it takes; past that the upload is refused */
  limit: number;
  /** the images' alternative text */
  alt: string;
  disabled?: boolean;
  id?: string;
  /** thumbnail size; 80 x 40 unless said */
  width?: number;
  height?: number;
  testId?: string;
}

/**
 * Photos of a record, stored as file ids: the thumbnails with a remove button each, and an upload
 * button with its progress. The template forms' IMG_VIEW field and the dialogs that take photos
 * (检尺) share it.
 */
export function ImageUpload({ ids, onChange, limit, alt, disabled, id, width = 80, height = 40, testId }: ImageUploadProps) {
  const { t, i18n } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);

  const upload = async (file: File) => {
    const refusal = uploadCountRefusal(ids.length, 1, limit, langOf(i18n.language));
    if (refusal) {
      feedback.error(refusal);
      return;
    }
    setProgress(0);
    try {
      const [stored] = await uploadFiles([file], { kind: 'img', onProgress: setProgress, lang: langOf(i18n.language) });
      onChange([...ids, stored.id]);
    } catch {
      // the files client has told the user why
    } finally {
      setProgress(null);
    }
  };

  return (
    <div id={id} className="wb-image-field" data-testid={testId}>
      {ids.map((fileId) => (
        <span key={fileId} className="wb-image-thumb" data-file-id={fileId}>
          <FileImage fileId={fileId} width={width} height={height} alt={alt} />
          {!disabled && (
            <Button size="small" type="text" icon={<CloseOutlined />} aria-label={t('templateForm.removeImage')} onClick={() => onChange(ids.filter((x) => x !== fileId))} />
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
