import { VisuallyHidden } from '@mantine/core';

/** A polite live region: screen readers announce its text when it changes. */
export function LiveStatus({ children, id }: { children: string; id?: string }) {
  return (
    <VisuallyHidden id={id} role="status" aria-live="polite" aria-atomic="true">
      {children}
    </VisuallyHidden>
  );
}
