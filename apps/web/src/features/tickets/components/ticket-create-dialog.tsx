import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TICKET_PRIORITIES, type TicketPriority, TicketSubjectSchema } from '@sapa/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import { describeError } from '../../../lib/http';
import { useCreateTicket } from '../api/tickets-api';
import '../tickets-i18n';

type Props = { clientId: string; opened: boolean; onClose: () => void; onCreated: (id: string) => void };

/** Turns a conversation (its number in the chat workspace) into a ticket. */
export function TicketCreateDialog({ clientId, opened, onClose, onCreated }: Props) {
  const { t } = useTranslation();
  const create = useCreateTicket(clientId);
  const [roomId, setRoomId] = useState('');
  const [subject, setSubject] = useState('');
  const [priority, setPriority] = useState<TicketPriority>('normal');
  const [due, setDue] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ roomId?: string; subject?: string; form?: string }>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!roomId.trim()) next.roomId = t('tickets.form.roomRequired');
    const parsed = TicketSubjectSchema.safeParse(subject);
    if (!parsed.success) next.subject = t('tickets.form.subjectRequired');
    setErrors(next);
    if (next.roomId || next.subject || !parsed.success) return;
    create.mutate(
      {
        roomId: roomId.trim(),
        subject: parsed.data,
        priority,
        ...(due ? { dueAt: new Date(`${due}T23:59:59`).toISOString() } : {}),
      },
      {
        onSuccess: (ticket) => {
          notifications.show({
            color: 'green',
            message: t('tickets.form.created', { subject: ticket.subject }),
          });
          setRoomId('');
          setSubject('');
          setDue(null);
          onCreated(ticket.id);
        },
        onError: (error) => setErrors({ form: describeError(error, t) }),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('tickets.form.title')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('tickets.form.room')}
            description={t('tickets.form.roomHelp')}
            value={roomId}
            onChange={(event) => setRoomId(event.currentTarget.value)}
            error={errors.roomId}
            required
          />
          <TextInput
            label={t('tickets.form.subject')}
            value={subject}
            maxLength={200}
            onChange={(event) => setSubject(event.currentTarget.value)}
            error={errors.subject}
            required
          />
          <Select
            label={t('tickets.form.priority')}
            data={TICKET_PRIORITIES.map((value) => ({ value, label: t(`tickets.priority.${value}`) }))}
            value={priority}
            onChange={(value) => value && setPriority(value as TicketPriority)}
            allowDeselect={false}
          />
          <DateField
            label={t('tickets.form.due')}
            value={due ?? ''}
            onChange={(value) => setDue(value || null)}
          />
          {errors.form ? (
            <Text role="alert" size="sm" c="red">
              {errors.form}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('tickets.form.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('tickets.form.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
