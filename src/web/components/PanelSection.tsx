import { Paper, Title, type TitleOrder } from '@mantine/core';
import type { ComponentPropsWithRef, ReactNode } from 'react';

/** A bordered section of a page named by its heading (`id` joins the two). */
export function PanelSection({
  id,
  title,
  order = 2,
  size = 'h4',
  children,
}: {
  id: string;
  title: ReactNode;
  order?: TitleOrder;
  size?: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id}>
      <Title order={order} size={size} id={id} mb="xs">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/**
 * A form whose submission goes to `onSubmit` and not to the browser (no page load); every other
 * attribute is the caller's.
 */
export function SubmitForm({
  onSubmit,
  ...props
}: Omit<ComponentPropsWithRef<'form'>, 'onSubmit'> & { onSubmit: () => void }) {
  return (
    <form
      {...props}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    />
  );
}
