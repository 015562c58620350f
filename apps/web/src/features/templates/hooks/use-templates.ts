import { useQuery } from '@tanstack/react-query';
import type { TemplateListItem } from '@folio/core';
import { templateQueryKeys } from '../api/templates-api.ts';

/** GET /api/templates: the catalogue with live sample pages. */
export function useTemplates() {
  return useQuery<TemplateListItem[]>({ queryKey: templateQueryKeys.list });
}
