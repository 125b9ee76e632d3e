import { describe, expect, it } from 'vitest';
import { normaliseVehicle, validateVehicle } from './family';

describe('the vehicle form sections', () => {
  it('clears the trailer section without a trailer and the dangerous-goods section without dangerous goods', () => {
    const v = normaliseVehicle({ hasTrailer: false, trailerPlateNumber: '浙E1234挂', isDangerousChemicals: false, roadTransportLicense: 'x', carType: '牵引车' });
    expect(v).toMatchObject({ trailerPlateNumber: null, roadTransportLicense: null, carType: '牵引车' });
    expect(normaliseVehicle({ hasTrailer: true, trailerPlateNumber: '浙E1234挂' }).trailerPlateNumber).toBe('浙E1234挂');
  });

  it('needs the trailer plate with a trailer, and validity that ends after it starts', () => {
    expect(validateVehicle({ hasTrailer: true, trailerPlateNumber: null })).toEqual([{ field: 'trailerPlateNumber', message: '挂车车牌号不能为空！' }]);
    expect(validateVehicle({ roadTransportLicenseValidFrom: '2026-02-01', roadTransportLicenseValidTo: '2026-01-31' }))
      .toEqual([{ field: 'roadTransportLicenseValidTo', message: '道路运输许可证有效期止不能早于有效期起' }]);
    expect(validateVehicle({ hasTrailer: false, mainVehicleRoadTransportValidFrom: '2026-01-01', mainVehicleRoadTransportValidTo: '2026-01-01' })).toEqual([]);
  });
});
