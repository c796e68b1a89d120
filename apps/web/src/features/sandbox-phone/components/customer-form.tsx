import { Button, Stack, TextInput } from '@mantine/core';
import { SandboxPhoneNumberSchema } from '@sapa/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type SandboxCustomer = { phone: string; name: string };

/** Who the person plays: a phone number and the profile name WhatsApp would show. */
export function CustomerForm({ onStart }: { onStart(customer: SandboxCustomer): void }) {
  const { t } = useTranslation();
  const [phone, setPhone] = useState('+6281234567890');
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const phoneValid = SandboxPhoneNumberSchema.safeParse(phone.trim()).success;
  const nameValid = name.trim().length > 0 && name.trim().length <= 80;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (phoneValid && nameValid) onStart({ phone: phone.trim().replace(/\D/g, ''), name: name.trim() });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('sandboxPhone.phone')}
          description={t('sandboxPhone.phoneHint')}
          value={phone}
          onChange={(event) => setPhone(event.currentTarget.value)}
          error={touched && !phoneValid ? t('sandboxPhone.phoneInvalid') : undefined}
          inputMode="tel"
          autoComplete="off"
        />
        <TextInput
          label={t('sandboxPhone.name')}
          placeholder={t('sandboxPhone.namePlaceholder')}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={touched && !nameValid ? t('sandboxPhone.nameRequired') : undefined}
          maxLength={80}
        />
        <Button type="submit">{t('sandboxPhone.start')}</Button>
      </Stack>
    </form>
  );
}
