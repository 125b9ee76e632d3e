import { describe, expect, it } from 'vitest';
import { avatarVerdict, imageRefusal, logoKindOf } from './rules';
import { buildCommit, schemaNumber } from '../../../platform/client-config/version';

describe('branding rules', () => {
  it('takes only pictures a browser shows, up to 2 MB', () => {
    expect(imageRefusal({ size: 1000, detectedType: 'image/png' })).toBeNull();
    expect(imageRefusal({ size: 1000, detectedType: 'application/pdf' })).toMatch(/只能上传图片/);
    expect(imageRefusal({ size: 1000, detectedType: null })).toMatch(/只能上传图片/);
    expect(imageRefusal({ size: 3 * 1024 * 1024, detectedType: 'image/png' })).toMatch(/不能超过 2 MB/);
    expect(imageRefusal({ size: 0, detectedType: null })).toBe('图片文件为空');
  });

  it('lets a user change their own avatar, an administrator of users another\'s, and nobody one of another group', () => {
    const me = { userId: '1', groupId: 'g', canEditUsers: false };
    expect(avatarVerdict(me, { id: '1', groupId: 'g' })).toBe('allowed');
    expect(avatarVerdict(me, { id: '2', groupId: 'g' })).toBe('forbidden');
    expect(avatarVerdict({ ...me, canEditUsers: true }, { id: '2', groupId: 'g' })).toBe('allowed');
    expect(avatarVerdict({ ...me, canEditUsers: true }, { id: '2', groupId: 'other' })).toBe('notFound');
    expect(avatarVerdict(me, null)).toBe('notFound');
  });

  it('reads the logo kinds of the path', () => {
    expect([logoKindOf('main'), logoKindOf('small'), logoKindOf('big')]).toEqual(['logo_main', 'logo_small', null]);
  });

  it('reads the schema number and the build commit', () => {
    expect(schemaNumber('088_branding.sql')).toBe('088');
    expect(schemaNumber(null)).toBeNull();
    expect(buildCommit(' DDE311A ')).toBe('dde311a');
    expect(buildCommit('main')).toBeNull();
    expect(buildCommit(undefined)).toBeNull();
  });
});
