import { z } from 'zod';

/** The largest row id (and version number) the database stores: PostgreSQL `integer`. */
export const MAX_ID = 2_147_483_647;

const idMessage = 'Invalid id';

/**
 * A row id in a JSON body: a whole number from 1 to MAX_ID. Larger ones are refused here, so they
 * never reach the database (where they would fail as out of range).
 */
export const idSchema = z.number().int(idMessage).min(1, idMessage).max(MAX_ID, idMessage);

/** A row id in a path or form field (text): the same rule after reading the number. */
export const idParamSchema = z.coerce.number(idMessage).pipe(idSchema);
