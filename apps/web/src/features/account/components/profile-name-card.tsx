import { Alert, Button, Group, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ProfileRequestSchema } from '@sapa/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state';
import { useServerFieldErrors } from '../../../lib/forms/use-server-field-errors';
import { useProfile, useUpdateProfile } from '../api/account-api';
import { SectionCard } from './section-card';

/** The profile name: edited here, shown in the header. */
export function ProfileNameCard() {
  const { t } = useTranslation();
  const profile = useProfile();
  const save = useUpdateProfile();
  const server = useServerFieldErrors();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const savedName = profile.data?.name;

  useEffect(() => {
    if (savedName !== undefined) setName(savedName);
  }, [savedName]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ProfileRequestSchema.safeParse({ name });
    if (!parsed.success) {
      const tooLong = parsed.error.issues.some((issue) => issue.code === 'too_big');
      setNameError(t(tooLong ? 'profileForm.nameTooLong' : 'profileForm.nameRequired'));
      return;
    }
    setNameError(null);
    server.clear();
    save.mutate(parsed.data, {
      onSuccess: () => notifications.show({ color: 'teal', message: t('profileForm.saved') }),
      onError: server.show,
    });
  }

  return (
    <SectionCard id="profile-name" title={t('profileForm.title')} description={t('profileForm.help')}>
      <QueryState
        data={profile.data}
        loading={profile.isLoading}
        error={profile.error}
        onRetry={() => void profile.refetch()}
      >
        {(data) => (
          <form onSubmit={handleSubmit} noValidate aria-label={t('profileForm.title')}>
            {server.formError ? (
              <Alert color="red" role="alert" mb="sm">
                {server.formError}
              </Alert>
            ) : null}
            <Group align="flex-end" gap="sm">
              <TextInput
                label={t('profileForm.name')}
                value={name}
                onChange={(event) => {
                  setName(event.currentTarget.value);
                  setNameError(null);
                }}
                error={nameError ?? server.fieldErrors.name}
                maxLength={120}
                w={320}
              />
              <TextInput
                label={t('profileForm.email')}
                value={data.email}
                readOnly
                w={320}
                variant="filled"
              />
              <Button type="submit" loading={save.isPending} disabled={name.trim() === data.name}>
                {t('profileForm.save')}
              </Button>
            </Group>
          </form>
        )}
      </QueryState>
    </SectionCard>
  );
}
