import type { ComponentProps } from 'react';
import { Tabs } from 'radix-ui';

/**
 * A Radix tab trigger whose focus ring shows for keyboard focus only. On mouse down Radix
 * focuses the tab from script (for Safari), which Chromium treats as keyboard focus and rings;
 * focusing it first, marked not visible, keeps a click from drawing the ring (Radix's own call
 * then finds it focused already). Arrow keys and Tab still show the ring.
 */
export function TabTrigger({ onMouseDown, ...props }: ComponentProps<typeof Tabs.Trigger>) {
  return (
    <Tabs.Trigger
      {...props}
      onMouseDown={(event) => {
        onMouseDown?.(event);
        if (!props.disabled && event.button === 0 && !event.ctrlKey)
          event.currentTarget.focus({ focusVisible: false });
      }}
    />
  );
}
