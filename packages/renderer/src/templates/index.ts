import type { TemplateId } from '@folio/core';
import type { TemplateDefinition } from '../types.ts';
import { cardflip } from './cardflip.ts';
import { darkmode } from './darkmode.ts';
import { developer } from './developer.ts';
import { galactic } from './galactic.ts';
import { modern } from './modern.ts';
import { modular } from './modular.ts';
import { neumorphic } from './neumorphic.ts';
import { spaceAdventures } from './space-adventures.ts';
import { splitscreen } from './splitscreen.ts';
import { terminal } from './terminal.ts';

/** Every template's design, keyed by its catalogue id (names and categories live in core). */
export const templateDefinitions = {
  modern,
  neumorphic,
  splitscreen,
  darkmode,
  modular,
  new: spaceAdventures,
  galactic,
  developer,
  cardflip,
  terminal,
} as const satisfies Record<TemplateId, TemplateDefinition>;
