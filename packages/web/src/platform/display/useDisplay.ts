import { useMemo } from 'react';
import { DISPLAY_DEFAULTS, type DisplayParams } from '@wb/protocol';
import { useEnglish } from '@/i18n/useEnglish';
import { useCurrentUser } from '../session/current-user';
import { displayWith, type Display } from './format';

/**
 * The current organisation's display params: they come with the signed-in user's info (one call
 * per session and company switch, kept in the session); the defaults until it has arrived.
 */
export function useDisplayParams(): DisplayParams {
  const display = useCurrentUser()?.display;
  const unit = display?.weightUnit ?? DISPLAY_DEFAULTS.weightUnit;
  const weightPrecision = display?.weightPrecision ?? DISPLAY_DEFAULTS.weightPrecision;
  const unitPricePrecision = display?.unitPricePrecision ?? DISPLAY_DEFAULTS.unitPricePrecision;
  return useMemo(() => ({ weightUnit: unit, weightPrecision, unitPricePrecision }), [unit, weightPrecision, unitPricePrecision]);
}

/** How this screen shows money and weights (platform/display/format.ts), in the interface's language. */
export function useDisplay(): Display {
  const params = useDisplayParams();
  const english = useEnglish();
  return useMemo(() => displayWith(params, english), [params, english]);
}
