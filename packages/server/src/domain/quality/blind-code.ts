import { randomInt } from 'node:crypto';

/**
 * 制样编码: the only name the lab knows a sample by. Ten characters drawn by the system's
 * cryptographic generator from 34 symbols (digits and letters but I and O, which read as 1 and 0 on a label): about 50 bits,
 * so neither the next code nor a vendor's can be guessed from codes seen before. A code is unique
 * per company (the table's constraint; a clash is drawn again).
 */
const SYMBOLS = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const BLIND_CODE_LENGTH = 10;

export function drawBlindCode(): string {
  let code = '';
  for (let i = 0; i < BLIND_CODE_LENGTH; i++) code += SYMBOLS[randomInt(SYMBOLS.length)];
  return code;
}
