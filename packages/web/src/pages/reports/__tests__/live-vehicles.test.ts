import { describe, expect, it } from 'vitest';
import type { LiveVehicle } from '@wb/protocol';
import { applyLiveEvent } from '../live-vehicles';

const truck = (id: string, enteredAt: string, extra: Partial<LiveVehicle> = {}): LiveVehicle => ({
  registryId: id, registryNo: `DJ${id}`, kind: 'sa', plateNumber: `沪A${id}`, tripState: 'ENTERED', enteredAt, driverName: null,
  materialName: null, counterparty: null, ticketNo: null, ticketState: null, gross: null, tare: null, ...extra,
});

describe('the live list', () => {
  it('takes the snapshot whole, puts a new truck in entry order and updates one in place', () => {
    let list = applyLiveEvent([truck('9', '2026-11-21 06:00:00')], { type: 'snapshot', vehicles: [truck('1', '2026-11-21 08:00:00'), truck('2', '2026-11-21 09:00:00')] });
    expect(list.map((v) => v.registryId)).toEqual(['1', '2']);
    list = applyLiveEvent(list, { type: 'upsert', vehicle: truck('3', '2026-11-21 08:30:00') });
    expect(list.map((v) => v.registryId)).toEqual(['1', '3', '2']);
    list = applyLiveEvent(list, { type: 'upsert', vehicle: truck('3', '2026-11-21 08:30:00', { tripState: 'WEIGHING', ticketState: 'FIRST_WEIGHED' }) });
    expect(list).toHaveLength(3);
    expect(list[1]).toMatchObject({ tripState: 'WEIGHING', ticketState: 'FIRST_WEIGHED' });
  });

  it('takes a truck off when it leaves', () => {
    const list = applyLiveEvent([truck('1', 'a'), truck('2', 'b')], { type: 'remove', registryId: '1' });
    expect(list.map((v) => v.registryId)).toEqual(['2']);
  });
});
