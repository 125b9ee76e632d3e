// Files for the form renderer: upload with progress, show a stored image by its id.
export type { FileInfo, SignedUrl, UploadKind } from './types';
export { uploadFiles, fetchFileInfo, fetchSignedUrl, type UploadOptions } from './files-api';
export { DEFAULT_UPLOAD_LIMIT, IMAGE_ACCEPT, progressPercent, uploadCountRefusal } from './upload-rules';
export { useSignedImageUrl } from './useSignedImageUrl';
export { FileImage, type FileImageProps } from './FileImage';
export { ImageUpload, type ImageUploadProps } from './ImageUpload';
