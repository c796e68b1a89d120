import { Alert, Button, Card, Group, List, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  type CampaignChannel,
  SELF_SERVICE_MAX_RECIPIENTS,
  type SelfServiceSend,
  SelfServiceSendSchema,
} from '@sapa/contracts';
import { IconSend } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type FieldErrors,
  fieldErrorsOfApiError,
  fieldErrorsOfIssues,
} from '../../../lib/forms/schema-field-errors';
import { describeError } from '../../../lib/http';
import { useSendSelfService } from '../api/send-self-service';
import { SmsCounter } from './sms-counter';
import { type WhatsappTemplateDraft, WhatsappTemplateFields } from './whatsapp-template-fields';
import '../channel-campaigns-i18n';

/** One recipient a line (commas and semicolons also separate), blanks dropped. */
export function parseRecipients(text: string): string[] {
  return text
    .split(/[\n,;]+/)
    .map((line) => line.trim())
    .filter(Boolean);
}

type Draft = {
  recipients: string;
  text: string;
  subject: string;
  template: WhatsappTemplateDraft;
  /** `YYYY-MM-DDTHH:mm` in the browser's time, or '' to send now. */
  later: string;
};
const EMPTY: Draft = {
  recipients: '',
  later: '',
  text: '',
  subject: '',
  template: { name: '', language: 'id', parameters: [] },
};

/** The moment a `datetime-local` value names, or null when it names none. */
function laterOf(value: string): Date | null {
  const at = value ? new Date(value) : null;
  return at && !Number.isNaN(at.getTime()) ? at : null;
}

/** The request a draft becomes on a channel: only the fields that channel sends. */
export function requestOf(channel: CampaignChannel, draft: Draft): SelfServiceSend {
  const later = laterOf(draft.later);
  return { ...contentOf(channel, draft), ...(later ? { scheduledTime: later.toISOString() } : {}) };
}

function contentOf(channel: CampaignChannel, draft: Draft): SelfServiceSend {
  const recipients = parseRecipients(draft.recipients);
  switch (channel) {
    case 'WHATSAPP':
      return {
        channel,
        recipients,
        template: {
          name: draft.template.name.trim(),
          language: draft.template.language.trim(),
          parameters: draft.template.parameters,
        },
      };
    case 'EMAIL':
      return { channel, recipients, subject: draft.subject, text: draft.text };
    default:
      return { channel, recipients, text: draft.text };
  }
}

export type SelfServiceFormProps = { clientId: string; channel: CampaignChannel; onSent?: () => void };

/** Send one message, or the same one to up to 100 recipients, on one channel (spec §2 self-service send). */
export function SelfServiceForm({ clientId, channel, onSent }: SelfServiceFormProps) {
  const { t } = useTranslation();
  const send = useSendSelfService(clientId);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const recipients = parseRecipients(draft.recipients);
  const tooMany = recipients.length > SELF_SERVICE_MAX_RECIPIENTS;
  const serverErrors = fieldErrorsOfApiError(send.error);
  const recipientProblems = Object.entries({ ...errors, ...serverErrors })
    .filter(([path]) => /^recipients\.\d+$/.test(path))
    .map(([, message]) => message);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = SelfServiceSendSchema.safeParse(requestOf(channel, draft));
    // The schema leaves the content optional (a campaign may supply it); here the sender must write it.
    const missing: FieldErrors = {};
    if (channel !== 'WHATSAPP' && draft.text.trim() === '')
      missing.text = t('channelCampaigns.send.required');
    if (channel === 'EMAIL' && draft.subject.trim() === '')
      missing.subject = t('channelCampaigns.send.required');
    const later = laterOf(draft.later);
    if (draft.later && (!later || later.getTime() <= Date.now()))
      missing.later = t('channelCampaigns.send.notInFuture');
    if (!parsed.success || Object.keys(missing).length > 0) {
      setErrors({ ...(parsed.success ? {} : fieldErrorsOfIssues(parsed.error)), ...missing });
      return;
    }
    setErrors({});
    send.mutate(parsed.data, {
      onSuccess: (sent) => {
        notifications.show({
          color: 'green',
          title: t('channelCampaigns.send.sentTitle'),
          message: t(
            sent.status === 'scheduled' ? 'channelCampaigns.send.scheduled' : 'channelCampaigns.send.sent',
            { count: sent.recipients },
          ),
        });
        setDraft((current) => ({ ...current, recipients: '', later: '' }));
        onSent?.();
      },
    });
  };

  const textLabel = channel === 'VOICE' ? t('channelCampaigns.send.script') : t('channelCampaigns.send.text');
  return (
    <Card withBorder>
      <form onSubmit={submit} noValidate aria-label={t('channelCampaigns.send.formLabel')}>
        <Stack gap="sm">
          <Textarea
            label={t('channelCampaigns.send.recipients')}
            description={t(`channelCampaigns.send.recipientsHelp.${channel}`, {
              max: SELF_SERVICE_MAX_RECIPIENTS,
            })}
            // Fixed rows the user may drag: autosize needs document.fonts, which not every browser has.
            rows={3}
            resize="vertical"
            value={draft.recipients}
            onChange={(event) => setDraft({ ...draft, recipients: event.currentTarget.value })}
            error={
              tooMany
                ? t('channelCampaigns.send.tooMany', { max: SELF_SERVICE_MAX_RECIPIENTS })
                : (errors.recipients ?? serverErrors.recipients)
            }
            required
          />
          <Text size="xs" c="dimmed" mt={-6}>
            {t('channelCampaigns.send.recipientCount', { count: recipients.length })}
          </Text>
          {recipientProblems.length > 0 ? (
            <Alert color="red" title={t('channelCampaigns.send.badRecipients')}>
              <List size="sm">
                {recipientProblems.map((problem) => (
                  <List.Item key={problem}>{problem}</List.Item>
                ))}
              </List>
            </Alert>
          ) : null}
          {channel === 'WHATSAPP' ? (
            <WhatsappTemplateFields
              value={draft.template}
              onChange={(template) => setDraft({ ...draft, template })}
              errors={{ ...errors, ...serverErrors }}
            />
          ) : (
            <>
              {channel === 'EMAIL' ? (
                <TextInput
                  label={t('channelCampaigns.send.subject')}
                  value={draft.subject}
                  onChange={(event) => setDraft({ ...draft, subject: event.currentTarget.value })}
                  error={errors.subject}
                  required
                />
              ) : null}
              <Stack gap={4}>
                <Textarea
                  label={textLabel}
                  rows={4}
                  resize="vertical"
                  value={draft.text}
                  onChange={(event) => setDraft({ ...draft, text: event.currentTarget.value })}
                  error={errors.text}
                  required
                />
                {channel === 'SMS' ? <SmsCounter text={draft.text} /> : null}
              </Stack>
            </>
          )}
          <TextInput
            type="datetime-local"
            label={t('channelCampaigns.send.later')}
            description={t('channelCampaigns.send.laterHelp')}
            value={draft.later}
            onChange={(event) => setDraft({ ...draft, later: event.currentTarget.value })}
            error={errors.later ?? serverErrors.scheduledTime}
            maw={280}
          />
          {send.error && recipientProblems.length === 0 ? (
            <Alert color="red" role="alert" title={t('channelCampaigns.send.failed')}>
              {describeError(send.error, t)}
            </Alert>
          ) : null}
          <Group>
            <Button
              type="submit"
              leftSection={<IconSend size={16} />}
              loading={send.isPending}
              disabled={recipients.length === 0 || tooMany}
            >
              {t('channelCampaigns.send.submit', { count: recipients.length })}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
