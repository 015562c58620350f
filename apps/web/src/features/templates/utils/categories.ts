import { templateCategories, type TemplateCategory } from '@folio/core';

/** The template-select tabs (product.md, Screens in detail): all, then every category in catalogue order. */
export const categoryTabs = ['all', ...templateCategories] as const;
export type CategoryTab = (typeof categoryTabs)[number];

export function isCategoryTab(value: string): value is CategoryTab {
  return (categoryTabs as readonly string[]).includes(value);
}

const labels: Record<CategoryTab, string> = {
  all: 'All',
  modern: 'Modern',
  creative: 'Creative',
  minimal: 'Minimal',
  tech: 'Tech',
  executive: 'Executive',
  academic: 'Academic',
};

export function categoryLabel(category: TemplateCategory | CategoryTab): string {
  return labels[category];
}
