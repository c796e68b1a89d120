import { Alert, Button, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import {
  type BlacklistEntryInput,
  BlacklistEntryInputSchema,
  type BlacklistMediaType,
  type CampaignChannel,
} from '@sapa/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type FieldErrors,
  fieldErrorsOfApiError,
  fieldErrorsOfIssues,
} from '../../../lib/forms/schema-field-errors';
import { describeError } from '../../../lib/http';
import { useCreateBlacklistEntry } from '../api/create-blacklist-entry';
import '../channel-campaigns-i18n';

export type BlacklistEntryModalProps = {
  opened: boolean;
  onClose: () => void;
  clientId: string;
  channel: CampaignChannel;
  onAdded: (added: boolean) => void;
};

/**
 * Block a number on this channel or on every channel; on the email area, an address (EMAIL only) or a
 * number (every channel).
 */
export function BlacklistEntryModal({
  opened,
  onClose,
  clientId,
  channel,
  onAdded,
}: BlacklistEntryModalProps) {
  const { t } = useTranslation();
  const create = useCreateBlacklistEntry(clientId);
  const [scope, setScope] = useState<BlacklistMediaType>(channel);
  const [address, setAddress] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const byEmail = scope === 'EMAIL';
  const serverErrors = fieldErrorsOfApiError(create.error);

  const close = () => {
    setAddress('');
    setReason('');
    setErrors({});
    create.reset();
    onClose();
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input: BlacklistEntryInput = {
      mediaType: scope,
      ...(byEmail ? { email: address.trim() } : { intlPhoneNumber: address.trim() }),
      reason: reason.trim() || null,
    };
    const parsed = BlacklistEntryInputSchema.safeParse(input);
    if (!parsed.success || address.trim() === '') {
      setErrors(
        parsed.success
          ? { address: t('channelCampaigns.send.required') }
          : Object.fromEntries(
              Object.entries(fieldErrorsOfIssues(parsed.error)).map(([path, message]) => [
                path === 'intlPhoneNumber' || path === 'email' ? 'address' : path,
                message,
              ]),
            ),
      );
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (answer) => {
        onAdded(answer.added);
        close();
      },
    });
  };
  return (
    <Modal opened={opened} onClose={close} title={t('channelCampaigns.blacklist.addTitle')} centered>
      <form onSubmit={submit} noValidate aria-label={t('channelCampaigns.blacklist.addTitle')}>
        <Stack gap="sm">
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('channelCampaigns.blacklist.scope')}
            </Text>
            <SegmentedControl
              aria-label={t('channelCampaigns.blacklist.scope')}
              value={scope}
              onChange={(value) => setScope(value as BlacklistMediaType)}
              data={[
                {
                  value: channel,
                  label: t('channelCampaigns.blacklist.thisChannel', {
                    channel: t(`channelCampaigns.channels.${channel}`),
                  }),
                },
                { value: 'ALL', label: t('channelCampaigns.blacklist.everyChannel') },
              ]}
            />
          </Stack>
          <TextInput
            label={byEmail ? t('channelCampaigns.blacklist.email') : t('channelCampaigns.blacklist.phone')}
            description={byEmail ? undefined : t('channelCampaigns.blacklist.phoneHelp')}
            value={address}
            onChange={(event) => setAddress(event.currentTarget.value)}
            error={errors.address ?? serverErrors.intlPhoneNumber ?? serverErrors.email}
            required
            data-autofocus
          />
          <TextInput
            label={t('channelCampaigns.blacklist.reason')}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={errors.reason}
          />
          {create.error ? (
            <Alert color="red" role="alert">
              {describeError(create.error, t)}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              {t('confirm.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('channelCampaigns.blacklist.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
