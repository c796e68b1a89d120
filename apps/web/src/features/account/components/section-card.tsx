import { Card, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One block of the edit-profile page: a titled card, named for assistive technology by its title. */
export function SectionCard({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={`${id}-title`}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id={`${id}-title`}>
            {title}
          </Title>
          {description ? (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          ) : null}
        </div>
        {children}
      </Stack>
    </Card>
  );
}
