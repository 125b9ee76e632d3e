export { displayKindOf, displayWith, withUnit, type Display } from './format';
export { useDisplay, useDisplayParams } from './useDisplay';
