import { parseEnvelope } from './upload-rules';

export interface MultipartReply {
  status: number;
  body: ReturnType<typeof parseEnvelope>;
}

/**
 * POSTs a form with XMLHttpRequest: fetch reports no upload progress in browsers yet. Resolves
 * with any HTTP answer; rejects only when none came (network, abort).
 */
export function sendMultipart(
  url: string, form: FormData, headers: Headers, onProgress?: (loaded: number, total: number) => void, signal?: AbortSignal,
): Promise<MultipartReply> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    // the browser writes the multipart content type with its boundary itself
    headers.forEach((value, key) => {
      if (key.toLowerCase() !== 'content-type') xhr.setRequestHeader(key, value);
    });
    if (onProgress) xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : 0);
    xhr.onload = () => resolve({ status: xhr.status, body: parseEnvelope(xhr.responseText) });
    xhr.onerror = () => reject(new Error('network'));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    if (signal) {
      if (signal.aborted) return xhr.abort();
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}
