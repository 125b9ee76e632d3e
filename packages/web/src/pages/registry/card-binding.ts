import { ApiError } from '@/platform/api/http';
import { CardReaderError } from '@/platform/card-reader/bridge-client';

/** The registry form's hidden field that carries the id of the card its IC卡号 names. */
export const CARD_ID = 'icCardId';

/** A reader or server refusal is told to the user in its own words; anything else is a bug and goes on. */
export const problemOf = (err: unknown) => (err instanceof CardReaderError || err instanceof ApiError ? err.message : null);
