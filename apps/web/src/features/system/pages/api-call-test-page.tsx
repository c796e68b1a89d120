import { Alert, Button, Card, Code, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError, describeError, http } from '../../../lib/http';

const SCENARIOS = {
  success: '/api/users/me',
  error: '/api/nothing-here',
} as const;
type Scenario = keyof typeof SCENARIOS;

function isScenario(value: string | undefined): value is Scenario {
  return value !== undefined && Object.hasOwn(SCENARIOS, value);
}

type Outcome = { status: number; duration: number; body: unknown };

async function callApi(path: string): Promise<Outcome> {
  const started = performance.now();
  try {
    const body = await http.get(path);
    return { status: 200, duration: Math.round(performance.now() - started), body };
  } catch (error) {
    if (error instanceof ApiError) {
      return {
        status: error.status,
        duration: Math.round(performance.now() - started),
        body: { error: { code: error.code, message: error.message } },
      };
    }
    throw error;
  }
}

/**
 * The API call test pages of spec §2 (`/pages/apiCallTest/:scenario`): one call through the portal's
 * HTTP client, with its status, time and answer, to check bearer, CSRF, integrity and error handling.
 */
export function ApiCallTestPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const scenario: Scenario = isScenario(params.scenario) ? params.scenario : 'success';
  const call = useMutation({ mutationFn: () => callApi(SCENARIOS[scenario]) });

  return (
    <Stack gap="md" maw={840}>
      <div>
        <Title order={1} size="h3">
          {t('apiCallTest.title')}
        </Title>
        <Text c="dimmed">{t('apiCallTest.intro')}</Text>
      </div>
      <Group>
        <SegmentedControl
          value={scenario}
          onChange={(next) => {
            call.reset();
            void navigate(`/pages/apiCallTest/${next}`);
          }}
          data={[
            { value: 'success', label: t('apiCallTest.success') },
            { value: 'error', label: t('apiCallTest.error') },
          ]}
        />
        <Button onClick={() => call.mutate()} loading={call.isPending}>
          {t('apiCallTest.run')}
        </Button>
      </Group>
      <Text size="sm">
        <Code>GET {SCENARIOS[scenario]}</Code>
      </Text>
      {call.isError && (
        <Alert color="red" role="alert">
          {describeError(call.error, t)}
        </Alert>
      )}
      {call.data && (
        <Card withBorder>
          <Text fw={600} data-testid="api-call-status">
            {t('apiCallTest.status', { status: call.data.status, duration: call.data.duration })}
          </Text>
          <Text size="sm" c="dimmed" mt="xs">
            {t('apiCallTest.result')}
          </Text>
          <Code block>{JSON.stringify(call.data.body, null, 2)}</Code>
        </Card>
      )}
    </Stack>
  );
}

export default ApiCallTestPage;
