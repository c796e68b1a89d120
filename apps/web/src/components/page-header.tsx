import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export type PageHeaderProps = {
  title: string;
  description?: ReactNode;
  /** Buttons on the right: create, import, export. */
  actions?: ReactNode;
};

/** The heading every screen starts with: one title, an optional line of help, the screen's actions. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm" mb="md">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {title}
        </Title>
        {description ? (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        ) : null}
      </Stack>
      {actions ? <Group gap="xs">{actions}</Group> : null}
    </Group>
  );
}
