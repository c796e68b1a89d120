import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled block of a page (a dashboard panel, a form part): the heading one level under the page's. */
export function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
