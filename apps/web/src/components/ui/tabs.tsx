import {
  createContext,
  use,
  useId,
  type ComponentProps,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { cn } from '../../lib/cn.ts';

/*
 * Tabs as the WAI-ARIA Tabs pattern describes them (automatic activation): a tablist whose
 * selected tab is the one in the Tab order, arrow keys (and Home, End) move to a tab and select
 * it, each tab controls its panel. Controlled only: the page holds the selected value. Written
 * here rather than taken from Radix: the pattern is small, and Radix's version brought 5.5 KB
 * of compressed script to the sign-in page (ADR 38). Styles read `data-state="active"`.
 */

interface TabsState {
  value: string;
  select: (value: string) => void;
  id: (part: 'tab' | 'panel', value: string) => string;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const tabs = use(TabsContext);
  if (!tabs) throw new Error('A tab or tab panel must be inside <Tabs>');
  return tabs;
}

export function Tabs({
  value,
  onValueChange,
  className,
  children,
}: {
  value: string;
  onValueChange: (value: string) => void;
  className?: string;
  children: ReactNode;
}) {
  const base = useId();
  const state: TabsState = {
    value,
    select: onValueChange,
    id: (part, v) => `${base}-${part}-${v}`,
  };
  return (
    <TabsContext value={state}>
      <div className={className}>{children}</div>
    </TabsContext>
  );
}

const keys: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_i, n) => n - 1,
};

export function TabList({ onKeyDown, ...props }: ComponentProps<'div'>) {
  const { select } = useTabs();
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    const next = keys[event.key];
    if (!next || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const tabs = [
      ...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)'),
    ];
    const index = tabs.findIndex((tab) => tab === document.activeElement);
    if (index < 0) return;
    event.preventDefault();
    const tab = tabs[next(index, tabs.length)];
    if (!tab?.dataset.value) return;
    tab.focus();
    select(tab.dataset.value);
  };
  return <div role="tablist" aria-orientation="horizontal" {...props} onKeyDown={move} />;
}

export function TabTrigger({
  value,
  onClick,
  ...props
}: Omit<ComponentProps<'button'>, 'value' | 'role' | 'type'> & { value: string }) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  return (
    <button
      {...props}
      type="button"
      role="tab"
      id={tabs.id('tab', value)}
      aria-selected={selected}
      aria-controls={tabs.id('panel', value)}
      data-state={selected ? 'active' : 'inactive'}
      data-value={value}
      tabIndex={selected ? 0 : -1}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) tabs.select(value);
      }}
    />
  );
}

/** The panel of the tab `value`: rendered while selected, or always with `forceMount`. */
export function TabPanel({
  value,
  forceMount = false,
  className,
  ...props
}: ComponentProps<'div'> & { value: string; forceMount?: boolean }) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  if (!selected && !forceMount) return null;
  return (
    <div
      {...props}
      role="tabpanel"
      id={tabs.id('panel', value)}
      aria-labelledby={tabs.id('tab', value)}
      data-state={selected ? 'active' : 'inactive'}
      tabIndex={0}
      className={cn(className)}
    />
  );
}
