import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

type ErrorPageLayoutProps = { code: string; title: string; body: string; homeLabel: string };

/** The shared look of the 404 and 500 pages: the code, what happened, and a way back. */
export function ErrorPageLayout({ code, title, body, homeLabel }: ErrorPageLayoutProps) {
  return (
    <Stack align="center" gap="sm" py="xl" ta="center">
      <Text fz={72} fw={800} c="dimmed" lh={1} aria-hidden>
        {code}
      </Text>
      <Title order={1} size="h3">
        {title}
      </Title>
      <Text c="dimmed" maw={480}>
        {body}
      </Text>
      {/* The login page's guard sends a signed-in user on to their landing page. */}
      <Button component={Link} to="/" variant="light">
        {homeLabel}
      </Button>
    </Stack>
  );
}
