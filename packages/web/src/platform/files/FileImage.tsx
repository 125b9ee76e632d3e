import { Image, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSignedImageUrl } from './useSignedImageUrl';

export interface FileImageProps {
  fileId: string | null | undefined;
  alt?: string;
  width?: number;
  height?: number;
}

const FAILED_STYLE = {
  display: 'flex', alignItems: 'center', justifyContent: 'center', textAlign: 'center', padding: 8, fontSize: 12,
  color: 'rgba(0, 0, 0, 0.45)', border: '1px dashed #d9d9d9', borderRadius: 8, background: '#fafafa',
} as const;

/** A stored image by its id, through its signed URL, with antd's preview on click. */
export function FileImage({ fileId, alt, width = 104, height = 104 }: FileImageProps) {
  const { i18n } = useTranslation();
  const signed = useSignedImageUrl(fileId);
  const zh = !i18n.language?.startsWith('en');
  if (!fileId) return null;
  if (signed.isPending) return <Skeleton.Image active style={{ width, height }} />;
  const failed = zh ? '图片加载失败' : 'The image could not be loaded';
  if (signed.isError) return <div role="img" aria-label={failed} style={{ ...FAILED_STYLE, width, height }}>{failed}</div>;
  return <Image src={signed.data.url} alt={alt ?? ''} width={width} height={height} style={{ objectFit: 'cover' }} />;
}
