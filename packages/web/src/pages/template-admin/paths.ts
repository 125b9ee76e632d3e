/** The template configuration routes (spec section 2). */
export const FORMATS_PATH = '/custom/format/form/sub';
export const FIELD_PATH = '/custom/format/form/sub/dt';
export const FACTOR_PATH = '/custom/format/form/factor';
