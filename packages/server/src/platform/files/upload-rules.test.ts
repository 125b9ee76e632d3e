import { describe, expect, it } from 'vitest';
import { cleanOriginalName, parseUploadKind, storageKey, storedType, uploadRefusal } from './upload-rules';

const MB = 1024 * 1024;

describe('what an upload may be', () => {
  it('takes an image for an image field by the type found in its bytes', () => {
    for (const detectedType of ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp']) {
      expect(uploadRefusal({ kind: 'img', size: 10, detectedType }, MB)).toBeNull();
    }
  });

  it('refuses for an image field what is not a shown image, SVG included (it can carry script)', () => {
    for (const detectedType of [null, 'application/pdf', 'image/svg+xml', 'text/html']) {
      expect(uploadRefusal({ kind: 'img', size: 10, detectedType }, MB)).toBe('只能上传图片文件（JPG、PNG、GIF、WEBP、BMP）');
    }
  });

  it('takes any bytes for a file field, stored as octet-stream when unknown', () => {
    expect(uploadRefusal({ kind: 'file', size: 10, detectedType: null }, MB)).toBeNull();
    expect(storedType(null)).toBe('application/octet-stream');
    expect(storedType('application/pdf')).toBe('application/pdf');
  });

  it('refuses an empty file and one over the limit, saying the limit', () => {
    expect(uploadRefusal({ kind: 'file', size: 0, detectedType: null }, MB)).toBe('文件为空，请重新选择');
    expect(uploadRefusal({ kind: 'file', size: 10 * MB + 1, detectedType: null }, 10 * MB)).toBe('文件过大，不能超过 10 MB');
    expect(uploadRefusal({ kind: 'file', size: 10 * MB, detectedType: null }, 10 * MB)).toBeNull();
  });

  it('reads the field kind, defaulting to file', () => {
    expect(parseUploadKind(undefined)).toBe('file');
    expect(parseUploadKind('img')).toBe('img');
    expect(parseUploadKind('IMG')).toBeNull();
    expect(parseUploadKind(['img', 'img'])).toBeNull();
  });
});

describe('names and keys', () => {
  it('keeps the last segment of a name, without control characters, never empty', () => {
    expect(cleanOriginalName('C:\\fakepath\\行驶证.jpg')).toBe('行驶证.jpg');
    expect(cleanOriginalName('../../etc/passwd')).toBe('passwd');
    expect(cleanOriginalName('a\u0000b\nc.png')).toBe('abc.png');
    expect(cleanOriginalName('')).toBe('file');
    expect(cleanOriginalName('x'.repeat(300))).toHaveLength(255);
  });

  it('files a key under the company and the month of upload', () => {
    expect(storageKey('7', new Date('2026-01-31T23:59:59Z'), 'u-1')).toBe('org/7/2026/01/u-1');
  });
});
