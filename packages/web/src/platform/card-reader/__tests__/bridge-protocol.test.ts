import { describe, expect, it } from 'vitest';
import { CARD_READER_MESSAGES, readAnswer, readRequest, writeRequest } from '../bridge-protocol';

describe('the card-reader bridge messages', () => {
  it('asks for the registry blocks and writes texts from block 4 on', () => {
    expect(readRequest()).toEqual({ serviceid: 'ReadCard', blocks: [4, 5] });
    expect(writeRequest(['YKDJ202611210001', '浙E12345'])).toEqual({ serviceid: 'WriteCard', blocks: { 4: 'YKDJ202611210001', 5: '浙E12345' } });
  });

  it('reads a card\'s serial in upper case and its blocks', () => {
    const answer = readAnswer(readRequest(), JSON.stringify({ serviceid: 'ReadCard', success: true, uid: 'a1b2c3d4', blocks: { 4: 'YKDJ1' } }));
    expect(answer).toEqual({ ok: true, card: { uid: 'A1B2C3D4', blocks: { 4: 'YKDJ1' } } });
  });

  it('passes the reader\'s refusal on and ignores answers to other requests', () => {
    expect(readAnswer(readRequest(), JSON.stringify({ serviceid: 'ReadCard', success: false, msg: '寻卡失败' }))).toEqual({ ok: false, message: '寻卡失败' });
    expect(readAnswer(readRequest(), JSON.stringify({ serviceid: 'ReadCard', success: false }))).toEqual({ ok: false, message: CARD_READER_MESSAGES.noCard });
    expect(readAnswer(readRequest(), JSON.stringify({ serviceid: 'WriteCard', success: true, uid: 'A1B2C3D4' }))).toBeNull();
  });

  it('refuses what it cannot read', () => {
    expect(readAnswer(readRequest(), 'not json')).toEqual({ ok: false, message: CARD_READER_MESSAGES.badAnswer });
    expect(readAnswer(readRequest(), JSON.stringify({ serviceid: 'ReadCard', success: true, uid: 'XYZ' }))).toEqual({ ok: false, message: CARD_READER_MESSAGES.badAnswer });
  });
});
