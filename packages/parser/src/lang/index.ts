/** Every language the parser reads headings in (one file each; see types.ts). */
import { de } from './de.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { it } from './it.ts';
import { nl } from './nl.ts';
import { pt } from './pt.ts';
import type { Language } from './types.ts';
import { zh } from './zh.ts';

export type { Language } from './types.ts';

export const LANGUAGES: readonly Language[] = [en, de, fr, es, it, pt, nl, zh];
