export { render, fontStacks } from './render.ts';
export { templateDefinitions } from './templates/index.ts';
export { FONT_PATH, fontFiles, typefaces, choiceTypefaces, type TypefaceId } from './fonts.ts';
export { sectionBlocks } from './sections.ts';
export { sampleContent } from './sample-content.ts';
export { contentToShow, hasOwnContent, withoutScripts } from './preview.ts';
export { escapeHtml } from './html.ts';
export { safeUrl, safeImageUrl } from './url.ts';
export { contrastRatio } from './color.ts';
export type {
  RenderOptions,
  RenderResult,
  TemplateDefinition,
  Palette,
  TemplateHooks,
  FontChoice,
} from './types.ts';
