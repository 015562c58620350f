/**
 * Held-out families: about a quarter of the families are kept out of parser development. A family
 * is held out when the hash of `ROTATION_KEY:name` falls in the lowest HELD_OUT_SHARE of the hash
 * range, so adding or removing a family never moves another one between the two sets.
 *
 * Rotating: change ROTATION_KEY on purpose (e.g. after a release, or when the held-out families
 * have been looked at) and say so in the commit; the next `npm run eval:parser` regenerates and
 * scores the new split. Never change it to make a score look better.
 */
import { hash32 } from './rng.ts';

export const ROTATION_KEY = 'holdout-2026-11-a';
export const HELD_OUT_SHARE = 0.25;

export const isHeldOut = (family: string): boolean =>
  hash32(`${ROTATION_KEY}:${family}`) / 2 ** 32 < HELD_OUT_SHARE;
