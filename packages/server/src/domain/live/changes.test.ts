import { describe, expect, it } from 'vitest';
import { tripsByOrg } from './changes';
import { sseFrame } from './sse';

describe('live changes', () => {
  it('re-reads each trip once per company, a ticket through its registry', () => {
    const byOrg = tripsByOrg([
      { org: '1', what: 'registry', id: '5', registry: '5', state: 'ENTERED' },
      { org: '1', what: 'ticket', id: '9', registry: '5', state: 'FIRST_WEIGHED' },
      { org: '2', what: 'registry', id: '6', registry: '6', state: 'ENTERED' },
      { org: '1', what: 'ticket', id: '10', registry: null, state: 'COMPLETED' },
    ]);
    expect([...byOrg]).toEqual([['1', ['5']], ['2', ['6']]]);
  });

  it('writes an event as its name and one line of JSON', () => {
    expect(sseFrame({ type: 'remove', registryId: '5' })).toBe('event: remove\ndata: {"type":"remove","registryId":"5"}\n\n');
  });
});
