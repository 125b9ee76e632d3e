import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { useSignedInPage } from '../support/fixture';
import { api, pageToken, USERS } from '../support/login';

// Uploads and signed image URLs in a real browser: the multipart body and upload progress of
// XMLHttpRequest, and an <img> that opens a signed URL with no Authorization header.

const stage = useSignedInPage(USERS.operator);

/** Draws a licence-photo stand-in on a canvas and uploads it as the web client does. */
async function uploadDrawnPhoto(token: string, name: string) {
  return stage.page.evaluate(async ({ token, name }) => {
    const canvas = document.createElement('canvas');
    canvas.width = 480;
    canvas.height = 300;
    const g = canvas.getContext('2d') as CanvasRenderingContext2D;
    g.fillStyle = '#1677ff';
    g.fillRect(0, 0, 480, 300);
    g.fillStyle = '#fff';
    g.font = 'bold 48px sans-serif';
    g.fillText('道路运输证', 110, 130);
    g.font = '36px sans-serif';
    g.fillText('鲁A·12345', 150, 200);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b as Blob), 'image/png'));
    const form = new FormData();
    form.append('file', blob, name);
    const progress: number[] = [];
    const reply = await new Promise<{ status: number; body: { data: { id: string; name: string; contentType: string }[] } }>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', '/api/sys-file/upload?type=img');
      xhr.setRequestHeader('Authorization', `Bearer ${token}`);
      xhr.upload.onprogress = (e) => progress.push(e.lengthComputable ? Math.floor((e.loaded / e.total) * 100) : 0);
      xhr.onload = () => resolve({ status: xhr.status, body: JSON.parse(xhr.responseText) });
      xhr.onerror = () => reject(new Error('network'));
      xhr.send(form);
    });
    return { ...reply, progress };
  }, { token, name });
}

/** Puts the URL in an <img> on the page; answers its natural size, 0x0 when the browser could not load it. */
async function showImage(url: string, testId: string) {
  return stage.page.evaluate(async ({ url, testId }) => {
    const img = document.createElement('img');
    img.dataset.testid = testId;
    Object.assign(img.style, { position: 'fixed', right: '24px', bottom: '24px', width: '240px', border: '1px solid #ccc', zIndex: '9999', background: '#fff' });
    document.body.appendChild(img);
    await new Promise((resolve) => {
      img.onload = resolve;
      img.onerror = resolve;
      img.src = url;
    });
    return { width: img.naturalWidth, height: img.naturalHeight };
  }, { url, testId });
}

describe('files in the browser', () => {
  let token: string;
  let fileId: string;

  it('uploads a photo with progress, typed by its bytes', async () => {
    token = (await pageToken(stage.page)) ?? '';
    const reply = await uploadDrawnPhoto(token, '道路运输证.png');
    expect(reply.status).toBe(200);
    expect(reply.progress.length).toBeGreaterThan(0);
    expect(reply.progress.at(-1)).toBe(100);
    expect(reply.body.data[0]).toMatchObject({ name: '道路运输证.png', contentType: 'image/png' });
    fileId = reply.body.data[0].id;
  });

  it('shows the photo through its signed URL, which carries no session', async () => {
    const signed = await api<{ data: { url: string } }>(stage.server.baseUrl, token, 'GET', `/api/sys-file/${fileId}/url`);
    expect(signed.status).toBe(200);
    expect(await showImage(signed.body.data.url, 'signed-photo')).toEqual({ width: 480, height: 300 });
    await screenshot(stage.page, 'files-signed-photo');
  });

  it('shows nothing for a signed URL that was altered', async () => {
    const signed = await api<{ data: { url: string } }>(stage.server.baseUrl, token, 'GET', `/api/sys-file/${fileId}/url`);
    const altered = signed.body.data.url.replace(/expires=(\d+)/, (_, n) => `expires=${Number(n) + 86400}`);
    expect(await showImage(altered, 'altered-photo')).toEqual({ width: 0, height: 0 });
  });
});
