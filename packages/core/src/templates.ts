export const templateIds = [
  'modern',
  'neumorphic',
  'splitscreen',
  'darkmode',
  'modular',
  'new',
  'galactic',
  'developer',
  'cardflip',
  'terminal',
] as const;
export type TemplateId = (typeof templateIds)[number];

/** Template select tabs; executive and academic have no entries (product.md, Other). */
export const templateCategories = [
  'modern',
  'creative',
  'minimal',
  'tech',
  'executive',
  'academic',
] as const;
export type TemplateCategory = (typeof templateCategories)[number];

export interface TemplateInfo {
  id: TemplateId;
  name: string;
  description: string;
  category: TemplateCategory;
  premium: boolean;
}

/** The one template catalogue: ids, names, categories and premium flags (product.md, Other). */
export const templates = {
  modern: {
    id: 'modern',
    name: 'Modern',
    description: 'Clean type, generous space and a bold accent colour.',
    category: 'modern',
    premium: false,
  },
  neumorphic: {
    id: 'neumorphic',
    name: 'Neumorphic',
    description: 'Soft raised surfaces and quiet shadows on a calm background.',
    category: 'minimal',
    premium: false,
  },
  splitscreen: {
    id: 'splitscreen',
    name: 'Split Screen',
    description: 'Your name and contact fixed on one side, your story on the other.',
    category: 'modern',
    premium: false,
  },
  darkmode: {
    id: 'darkmode',
    name: 'Dark Mode',
    description: 'High-contrast dark design that is easy on the eyes.',
    category: 'minimal',
    premium: true,
  },
  modular: {
    id: 'modular',
    name: 'Modular',
    description: 'A bento grid of cards, one for each part of your career.',
    category: 'creative',
    premium: true,
  },
  new: {
    id: 'new',
    name: 'Space Adventures',
    description: 'A journey through the stars with your career as the mission log.',
    category: 'creative',
    premium: true,
  },
  galactic: {
    id: 'galactic',
    name: 'Galactic',
    description: 'Deep-space gradients and glowing highlights.',
    category: 'creative',
    premium: true,
  },
  developer: {
    id: 'developer',
    name: 'Developer',
    description: 'Code-editor styling for engineers who ship.',
    category: 'tech',
    premium: true,
  },
  cardflip: {
    id: 'cardflip',
    name: 'Card Flip',
    description: 'Playful cards that flip to reveal the details.',
    category: 'creative',
    premium: true,
  },
  terminal: {
    id: 'terminal',
    name: 'Terminal',
    description: 'Your resume as a shell session, typed out line by line.',
    category: 'tech',
    premium: true,
  },
} as const satisfies Record<TemplateId, TemplateInfo>;

export const DEFAULT_TEMPLATE: TemplateId = 'modern';

export function isTemplateId(value: string): value is TemplateId {
  return (templateIds as readonly string[]).includes(value);
}
