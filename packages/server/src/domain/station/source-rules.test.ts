import { describe, expect, it } from 'vitest';
import { sourceOfCall, type CallShape } from './source-rules';

describe('where a weighing\'s figure comes from', () => {
  const table: [string, CallShape, ReturnType<typeof sourceOfCall>][] = [
    ['a user naming a scale: the agent\'s reading', { channel: 'session', tare: 'weigh', namesScale: true },
      { source: 'INDICATOR', needsManualRight: false, stableMeaningful: true }],
    ['a user sending a number: typed by hand', { channel: 'session', tare: 'weigh', namesScale: false },
      { source: 'MANUAL', needsManualRight: true, stableMeaningful: false }],
    ['a station program under its key: the station\'s reading', { channel: 'station', tare: 'weigh', namesScale: false },
      { source: 'STATION', needsManualRight: false, stableMeaningful: true }],
    ['a station program is never taken for a user', { channel: 'station', tare: 'weigh', namesScale: true },
      { source: 'STATION', needsManualRight: false, stableMeaningful: true }],
    ['a stored tare asked by a user', { channel: 'session', tare: 'stored', namesScale: false },
      { source: 'STORED', needsManualRight: false, stableMeaningful: false }],
    ['a stored tare of one kind', { channel: 'session', tare: 'standard', namesScale: false },
      { source: 'STORED', needsManualRight: false, stableMeaningful: false }],
    ['a stored tare asked by a station', { channel: 'station', tare: 'last', namesScale: false },
      { source: 'STORED', needsManualRight: false, stableMeaningful: false }],
  ];
  it.each(table)('%s', (_, shape, verdict) => {
    expect(sourceOfCall(shape)).toEqual(verdict);
  });

  it('has no input by which a client could name its own source', () => {
    // the verdict reads only the channel, the tare choice and whether a scale is named
    const typed = sourceOfCall({ channel: 'session', tare: 'weigh', namesScale: false, ...({ manual: false, source: 'STATION' } as object) });
    expect(typed.source).toBe('MANUAL');
  });
});
