import { PLANT_BOARD_PATH, type PlantBoard } from '@wb/protocol';
import { call } from '@/platform/api/http';

/** 厂区大屏's figures of the current company (GET /api/clouds/board). */
export const fetchPlantBoard = () => call<PlantBoard>(PLANT_BOARD_PATH.replace(/^\/api/, ''), { quiet: true });
