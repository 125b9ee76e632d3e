import type { HomeCounts, VehicleChart } from '@wb/protocol';
import { call } from '@/platform/api/http';

/** The home page's figures of the current company (spec: GET count, GET vehicle table). */
export const fetchHomeCounts = () => call<HomeCounts>('/home/count');
export const fetchVehicleChart = () => call<VehicleChart>('/home/vehicle-table');
