import { Button, Card, Grid, Group, Paper, Select, Stack, Text, Timeline, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type TicketDetail,
  type TicketPriority,
  type TicketStatus,
} from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { describeError } from '../../../lib/http';
import { useDateTime } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session';
import { useTicket, useTicketsLive, useUpdateTicket } from '../api/tickets-api';
import { TicketPriorityBadge, TicketStatusBadge } from '../components/ticket-badges';
import '../tickets-i18n';

/** `/call-center/ticket/:id`: one ticket with its conversation, its history and its controls. */
export function TicketDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const detail = useTicket(clientId, id);
  useTicketsLive(clientId);
  return (
    <>
      <PageHeader
        title={detail.data?.ticket.subject ?? t('pages.callCenterTicket')}
        actions={
          <Button component={Link} to="/tickets" variant="default">
            {t('tickets.backToList')}
          </Button>
        }
      />
      <QueryState
        data={detail.data}
        loading={detail.isPending}
        error={detail.error}
        onRetry={() => void detail.refetch()}
        notFoundText={t('tickets.notFound')}
      >
        {(data) => <TicketDetailView clientId={clientId} detail={data} />}
      </QueryState>
    </>
  );
}

export function TicketDetailView({ clientId, detail }: { clientId: string; detail: TicketDetail }) {
  const { t } = useTranslation();
  const formatDate = useDateTime();
  const update = useUpdateTicket(clientId);
  const { ticket, room, messages, history } = detail;
  const change = (fields: { status?: TicketStatus; priority?: TicketPriority }) =>
    update.mutate(
      { id: ticket.id, ...fields },
      {
        onSuccess: () => notifications.show({ color: 'green', message: t('tickets.saved') }),
        onError: (error) => notifications.show({ color: 'red', message: describeError(error, t) }),
      },
    );
  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Card withBorder>
          <Stack gap="xs">
            <Group gap="xs">
              <TicketStatusBadge status={ticket.status} />
              <TicketPriorityBadge priority={ticket.priority} />
            </Group>
            <Text size="sm">
              {t('tickets.columns.customer')}: {ticket.customerName ?? ticket.customerPhoneNumber} (#
              {ticket.roomShortId})
            </Text>
            <Text size="sm">
              {t('tickets.columns.assignee')}: {ticket.assigneeName ?? t('tickets.unassigned')}
            </Text>
            <Text size="sm" c={ticket.overdue ? 'red' : undefined}>
              {t('tickets.columns.due')}: {ticket.dueAt ? formatDate(ticket.dueAt) : '—'}
              {ticket.overdue ? ` · ${t('tickets.overdue')}` : ''}
            </Text>
            <Select
              label={t('tickets.columns.status')}
              data={TICKET_STATUSES.map((value) => ({ value, label: t(`tickets.status.${value}`) }))}
              value={ticket.status}
              onChange={(value) =>
                value && value !== ticket.status && change({ status: value as TicketStatus })
              }
              allowDeselect={false}
              disabled={update.isPending}
            />
            <Select
              label={t('tickets.columns.priority')}
              data={TICKET_PRIORITIES.map((value) => ({ value, label: t(`tickets.priority.${value}`) }))}
              value={ticket.priority}
              onChange={(value) =>
                value && value !== ticket.priority && change({ priority: value as TicketPriority })
              }
              allowDeselect={false}
              disabled={update.isPending || ticket.status === 'resolved'}
            />
            {ticket.status !== 'resolved' ? (
              <Button color="green" onClick={() => change({ status: 'resolved' })} loading={update.isPending}>
                {t('tickets.resolve')}
              </Button>
            ) : (
              <Button variant="light" onClick={() => change({ status: 'open' })} loading={update.isPending}>
                {t('tickets.reopen')}
              </Button>
            )}
          </Stack>
        </Card>
        <Card withBorder mt="md">
          <Title order={2} size="h4" mb="sm">
            {t('tickets.history')}
          </Title>
          <Timeline bulletSize={12} lineWidth={2}>
            {history.map((event) => (
              <Timeline.Item key={event.id} title={t(`tickets.change.${event.change}`)}>
                <Text size="xs" c="dimmed">
                  {formatDate(event.at)} · {event.by}
                </Text>
                {event.change !== 'created' ? (
                  <Text size="xs">
                    {event.from ?? '—'} → {event.to ?? '—'}
                  </Text>
                ) : null}
              </Timeline.Item>
            ))}
          </Timeline>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            {t('tickets.conversation', { status: room.status })}
          </Title>
          {messages.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('tickets.noMessages')}
            </Text>
          ) : (
            <Stack gap="xs" mah={520} style={{ overflowY: 'auto' }}>
              {messages.map((message) => (
                <Paper
                  key={message.id}
                  p="xs"
                  withBorder
                  bg={message.fromCs ? 'var(--mantine-color-blue-light)' : undefined}
                  ml={message.fromCs ? 'xl' : 0}
                  mr={message.fromCs ? 0 : 'xl'}
                >
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {message.content ?? `[${message.type}]`}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDate(message.createdAt)}
                  </Text>
                </Paper>
              ))}
            </Stack>
          )}
        </Card>
      </Grid.Col>
    </Grid>
  );
}
