import { Alert, Button, Group, Modal, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { type ChatTemplate, type ChatTemplateSave, ChatTemplateSaveSchema } from '@sapa/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FieldErrors, fieldErrorsOfIssues } from '../../../lib/forms/schema-field-errors';

export type ChatTemplateFormProps = {
  opened: boolean;
  /** The template being edited; null for a new one. */
  template: ChatTemplate | null;
  saving: boolean;
  serverErrors: FieldErrors;
  formError: string | null;
  onSubmit: (body: ChatTemplateSave) => void;
  onClose: () => void;
};

/** A chat template's name, text, shortcut and use, checked with the contract before saving. */
export function ChatTemplateForm({
  opened,
  template,
  saving,
  serverErrors,
  formError,
  onSubmit,
  onClose,
}: ChatTemplateFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState({
    name: template?.name ?? '',
    content: template?.content ?? '',
    shortcut: template?.shortcut ?? '',
    isClosingRemark: template?.isClosingRemark ?? false,
    active: template?.active ?? true,
  });
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});
  const errors = { ...serverErrors, ...localErrors };
  const set = <K extends keyof typeof values>(field: K, value: (typeof values)[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setLocalErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = {
      ...(template ? { id: template.id } : {}),
      ...values,
      content: values.content.trim() ? values.content : '',
      shortcut: values.shortcut.trim() || null,
    };
    const parsed = ChatTemplateSaveSchema.safeParse(body);
    if (!parsed.success) {
      setLocalErrors(
        fieldErrorsOfIssues(parsed.error, (field, kind) => t(`chatTemplates.errors.${field}.${kind}`)),
      );
      return;
    }
    onSubmit(parsed.data);
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={template ? t('chatTemplates.editTitle') : t('chatTemplates.newTitle')}
      size="lg"
    >
      <form
        aria-label={template ? t('chatTemplates.editTitle') : t('chatTemplates.newTitle')}
        onSubmit={submit}
        noValidate
      >
        <Stack gap="sm">
          <TextInput
            label={t('chatTemplates.fields.name')}
            description={t('chatTemplates.help.name')}
            value={values.name}
            onChange={(event) => set('name', event.currentTarget.value)}
            error={errors.name}
            required
            maxLength={200}
            data-autofocus
          />
          <Textarea
            label={t('chatTemplates.fields.content')}
            description={t('chatTemplates.help.content')}
            value={values.content}
            onChange={(event) => set('content', event.currentTarget.value)}
            error={errors.content}
            required
            // A fixed height the user may drag: autosize listens to document.fonts, which not every
            // environment has (the component tests' DOM does not).
            rows={5}
            resize="vertical"
            maxLength={4096}
          />
          <TextInput
            label={t('chatTemplates.fields.shortcut')}
            description={t('chatTemplates.help.shortcut')}
            value={values.shortcut}
            onChange={(event) => set('shortcut', event.currentTarget.value)}
            error={errors.shortcut}
            maxLength={50}
          />
          <Switch
            label={t('chatTemplates.fields.isClosingRemark')}
            description={t('chatTemplates.help.isClosingRemark')}
            checked={values.isClosingRemark}
            onChange={(event) => set('isClosingRemark', event.currentTarget.checked)}
          />
          <Switch
            label={t('chatTemplates.fields.active')}
            description={t('chatTemplates.help.active')}
            checked={values.active}
            onChange={(event) => set('active', event.currentTarget.checked)}
          />
          {formError ? (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('confirm.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {t('chatTemplates.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
