import { Card, Text } from '@mantine/core';

export function StatCard({ label, value, help }: { label: string; value: string | number; help?: string }) {
  return (
    <Card withBorder padding="md" role="group" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} data-testid="stat-value">
        {value}
      </Text>
      {help ? (
        <Text size="xs" c="dimmed">
          {help}
        </Text>
      ) : null}
    </Card>
  );
}
