import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Checkbox,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  TEMPLATE_CATEGORIES,
  TEMPLATE_LIMITS,
  type TemplateButton,
  type TemplateCategory,
  type TemplateDraft,
  TemplateDraftSchema,
  type TemplateHeader,
  variableCount,
  variableSequenceProblem,
} from '@sapa/contracts';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type FieldErrors,
  fieldErrorsOfApiError,
  fieldErrorsOfIssues,
} from '../../../lib/forms/schema-field-errors';
import { describeError } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session';
import { useHeaderSamples } from '../api/list-header-samples';
import { TemplatePreview } from './template-preview';

type HeaderKind = 'NONE' | TemplateHeader['format'];

export type TemplateFormProps = {
  numbers: { id: string; displayPhoneNumber: string }[];
  submitting: boolean;
  serverError: unknown;
  onSubmit: (draft: TemplateDraft) => void;
  onCancel: () => void;
};

const LANGUAGES = ['id', 'en', 'en_US', 'en_GB', 'ms', 'zh_CN', 'ar', 'ja', 'ko', 'th', 'vi'];

/** Variable placeholders as the form shows them: `{{1}}` … */
const placeholder = (n: number) => `{{${n}}}`;

/** The `/whatsapp/createtemplate` form: header, body, footer, buttons, with the live preview beside it. */
export function TemplateForm({ numbers, submitting, serverError, onSubmit, onCancel }: TemplateFormProps) {
  const { t } = useTranslation();
  const [channelId, setChannelId] = useState(numbers[0]?.id ?? '');
  const [name, setName] = useState('');
  const [language, setLanguage] = useState('id');
  const [category, setCategory] = useState<TemplateCategory>('UTILITY');
  const [headerKind, setHeaderKind] = useState<HeaderKind>('NONE');
  const [headerText, setHeaderText] = useState('');
  const [headerExample, setHeaderExample] = useState('');
  const [headerFileId, setHeaderFileId] = useState('');
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const mediaFormat = headerKind === 'NONE' || headerKind === 'TEXT' ? null : headerKind;
  const samples = useHeaderSamples(clientId, category === 'AUTHENTICATION' ? null : mediaFormat);
  const [body, setBody] = useState('');
  const [examples, setExamples] = useState<string[]>([]);
  const [footer, setFooter] = useState('');
  const [buttons, setButtons] = useState<TemplateButton[]>([]);
  const [security, setSecurity] = useState(true);
  const [expiry, setExpiry] = useState<number | ''>('');
  const [copyText, setCopyText] = useState('Copy code');
  const [errors, setErrors] = useState<FieldErrors>({});

  const auth = category === 'AUTHENTICATION';
  const needed = variableCount(body);
  const bodyExamples = Array.from({ length: needed }, (_, index) => examples[index] ?? '');
  const header: TemplateHeader | null =
    headerKind === 'NONE'
      ? null
      : headerKind === 'TEXT'
        ? { format: 'TEXT', text: headerText, ...(headerExample ? { example: headerExample } : {}) }
        : { format: headerKind, ...(headerFileId ? { exampleFileId: headerFileId } : {}) };
  const draftButtons: TemplateButton[] = auth
    ? [{ type: 'OTP', otpType: 'COPY_CODE', text: copyText }]
    : buttons;
  const draft: TemplateDraft = {
    channelId,
    name,
    language,
    category,
    header: auth ? null : header,
    body: { text: auth ? '' : body, examples: auth ? [] : bodyExamples },
    footer: auth || footer.trim() === '' ? null : footer,
    buttons: draftButtons,
    securityRecommendation: auth && security,
    codeExpirationMinutes: auth && expiry !== '' ? expiry : null,
  };
  const shown: FieldErrors = { ...fieldErrorsOfApiError(serverError), ...errors };
  const reviewProblem = auth ? null : variableSequenceProblem(body);

  const submit = () => {
    const parsed = TemplateDraftSchema.safeParse(draft);
    if (!parsed.success) {
      setErrors(fieldErrorsOfIssues(parsed.error));
      return;
    }
    setErrors({});
    onSubmit(draft);
  };
  const setButton = (index: number, button: TemplateButton) =>
    setButtons((current) => current.map((existing, i) => (i === index ? button : existing)));
  const addButton = (type: 'QUICK_REPLY' | 'URL' | 'PHONE_NUMBER') =>
    setButtons((current) => [
      ...current,
      type === 'QUICK_REPLY'
        ? { type, text: '' }
        : type === 'URL'
          ? { type, text: '', url: 'https://' }
          : { type, text: '', phoneNumber: '+62' },
    ]);
  const counts = (type: TemplateButton['type']) => buttons.filter((button) => button.type === type).length;
  const full = buttons.length >= TEMPLATE_LIMITS.buttons;

  return (
    <Group align="flex-start" gap="xl" wrap="wrap">
      <Box style={{ flex: '3 1 420px', minWidth: 0 }}>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack gap="md">
            {Object.keys(shown).length > 0 ? (
              <Alert color="red" role="alert">
                {t('whatsappTemplates.form.fixErrors')}
              </Alert>
            ) : null}
            {serverError && Object.keys(fieldErrorsOfApiError(serverError)).length === 0 ? (
              <Alert color="red" role="alert" title={t('whatsappTemplates.form.createFailed')}>
                {describeError(serverError, t)}
              </Alert>
            ) : null}
            <Select
              label={t('whatsappTemplates.form.number')}
              data={numbers.map((number) => ({ value: number.id, label: number.displayPhoneNumber }))}
              value={channelId}
              onChange={(value) => setChannelId(value ?? '')}
              error={shown.channelId}
              allowDeselect={false}
              required
            />
            <Group grow align="flex-start">
              <TextInput
                label={t('whatsappTemplates.form.name')}
                description={t('whatsappTemplates.form.nameHelp')}
                value={name}
                onChange={(event) => setName(event.currentTarget.value)}
                error={shown.name}
                maxLength={TEMPLATE_LIMITS.name}
                required
              />
              <Select
                label={t('whatsappTemplates.form.language')}
                data={LANGUAGES}
                value={language}
                onChange={(value) => setLanguage(value ?? 'id')}
                error={shown.language}
                searchable
                allowDeselect={false}
              />
            </Group>
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('whatsappTemplates.form.category')}
              </Text>
              <SegmentedControl
                aria-label={t('whatsappTemplates.form.category')}
                value={category}
                onChange={(value) => setCategory(value as TemplateCategory)}
                data={TEMPLATE_CATEGORIES.map((value) => ({
                  value,
                  label: t(`whatsappTemplates.categories.${value}`),
                }))}
              />
              <Text size="xs" c="dimmed">
                {t('whatsappTemplates.form.categoryHelp')}
              </Text>
            </Stack>

            {auth ? (
              <Stack gap="sm">
                <Text size="sm" c="dimmed">
                  {t('whatsappTemplates.form.authenticationHelp')}
                </Text>
                <Checkbox
                  label={t('whatsappTemplates.form.securityRecommendation')}
                  checked={security}
                  onChange={(event) => setSecurity(event.currentTarget.checked)}
                />
                <NumberInput
                  label={t('whatsappTemplates.form.codeExpiration')}
                  min={1}
                  max={90}
                  value={expiry}
                  onChange={(value) => setExpiry(typeof value === 'number' ? value : '')}
                  error={shown.codeExpirationMinutes}
                />
                <TextInput
                  label={t('whatsappTemplates.form.copyCode')}
                  value={copyText}
                  onChange={(event) => setCopyText(event.currentTarget.value)}
                  maxLength={TEMPLATE_LIMITS.buttonText}
                  error={shown['buttons.0.text'] ?? shown.buttons}
                />
              </Stack>
            ) : (
              <>
                <Stack gap={4}>
                  <Text size="sm" fw={500}>
                    {t('whatsappTemplates.form.header')}
                  </Text>
                  <SegmentedControl
                    aria-label={t('whatsappTemplates.form.header')}
                    value={headerKind}
                    onChange={(value) => setHeaderKind(value as HeaderKind)}
                    data={[
                      { value: 'NONE', label: t('whatsappTemplates.form.headerNone') },
                      { value: 'TEXT', label: t('whatsappTemplates.form.headerText') },
                      { value: 'IMAGE', label: t('whatsappTemplates.form.headerImage') },
                      { value: 'VIDEO', label: t('whatsappTemplates.form.headerVideo') },
                      { value: 'DOCUMENT', label: t('whatsappTemplates.form.headerDocument') },
                    ]}
                  />
                </Stack>
                {headerKind === 'TEXT' ? (
                  <Group grow align="flex-start">
                    <TextInput
                      label={t('whatsappTemplates.form.headerTextLabel')}
                      value={headerText}
                      onChange={(event) => setHeaderText(event.currentTarget.value)}
                      error={shown['header.text'] ?? shown.header}
                      maxLength={TEMPLATE_LIMITS.headerText}
                    />
                    {variableCount(headerText) > 0 ? (
                      <TextInput
                        label={t('whatsappTemplates.form.headerExample', { placeholder: placeholder(1) })}
                        value={headerExample}
                        onChange={(event) => setHeaderExample(event.currentTarget.value)}
                        error={shown['header.example']}
                      />
                    ) : null}
                  </Group>
                ) : mediaFormat ? (
                  <Select
                    label={t('whatsappTemplates.form.headerSample')}
                    description={
                      samples.isError
                        ? undefined
                        : samples.data?.length === 0
                          ? t('whatsappTemplates.form.headerSamplesEmpty')
                          : t('whatsappTemplates.form.headerSampleHelp')
                    }
                    placeholder={
                      samples.isLoading
                        ? t('whatsappTemplates.form.headerSamplesLoading')
                        : t('whatsappTemplates.form.headerSamplePick')
                    }
                    data={(samples.data ?? []).map((item) => ({ value: item.fileId, label: item.name }))}
                    value={samples.data?.some((item) => item.fileId === headerFileId) ? headerFileId : null}
                    onChange={(value) => setHeaderFileId(value ?? '')}
                    error={
                      samples.isError
                        ? t('whatsappTemplates.form.headerSamplesError')
                        : (shown['header.exampleFileId'] ?? shown.header)
                    }
                    disabled={samples.isLoading}
                    searchable
                    nothingFoundMessage={t('whatsappTemplates.form.headerSamplesNone')}
                  />
                ) : null}
                <Textarea
                  label={t('whatsappTemplates.form.body')}
                  description={t('whatsappTemplates.form.bodyHelp', {
                    first: placeholder(1),
                    second: placeholder(2),
                  })}
                  value={body}
                  onChange={(event) => setBody(event.currentTarget.value)}
                  error={shown['body.text']}
                  rows={5}
                  maxLength={TEMPLATE_LIMITS.body}
                  required
                />
                <Group justify="space-between">
                  <Button
                    variant="subtle"
                    size="xs"
                    leftSection={<IconPlus size={14} />}
                    onClick={() => setBody((current) => `${current}${placeholder(needed + 1)}`)}
                  >
                    {t('whatsappTemplates.form.addVariable', { n: placeholder(needed + 1) })}
                  </Button>
                  <Text size="xs" c="dimmed">
                    {t('whatsappTemplates.form.chars', { count: body.length, max: TEMPLATE_LIMITS.body })}
                  </Text>
                </Group>
                {bodyExamples.map((value, index) => (
                  <TextInput
                    // biome-ignore lint/suspicious/noArrayIndexKey: one input per variable number
                    key={index}
                    label={t('whatsappTemplates.form.example', { n: placeholder(index + 1) })}
                    value={value}
                    onChange={(event) => {
                      const next = [...bodyExamples];
                      next[index] = event.currentTarget.value;
                      setExamples(next);
                    }}
                    error={
                      shown[`body.examples.${index}`] ?? (index === 0 ? shown['body.examples'] : undefined)
                    }
                    maxLength={TEMPLATE_LIMITS.example}
                  />
                ))}
                {reviewProblem ? (
                  <Alert color="yellow" role="status">
                    {t('whatsappTemplates.form.reviewWarning', { problem: reviewProblem })}
                  </Alert>
                ) : null}
                <TextInput
                  label={t('whatsappTemplates.form.footer')}
                  value={footer}
                  onChange={(event) => setFooter(event.currentTarget.value)}
                  error={shown.footer}
                  maxLength={TEMPLATE_LIMITS.footer}
                />
                <Stack gap="xs">
                  <Group justify="space-between">
                    <Text size="sm" fw={500}>
                      {t('whatsappTemplates.form.buttons')}
                    </Text>
                    <Group gap="xs">
                      <Button
                        size="xs"
                        variant="default"
                        disabled={full}
                        onClick={() => addButton('QUICK_REPLY')}
                      >
                        {t('whatsappTemplates.form.addQuickReply')}
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        disabled={full || counts('URL') >= TEMPLATE_LIMITS.urlButtons}
                        onClick={() => addButton('URL')}
                      >
                        {t('whatsappTemplates.form.addUrl')}
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        disabled={full || counts('PHONE_NUMBER') >= TEMPLATE_LIMITS.phoneButtons}
                        onClick={() => addButton('PHONE_NUMBER')}
                      >
                        {t('whatsappTemplates.form.addPhone')}
                      </Button>
                    </Group>
                  </Group>
                  {shown.buttons ? (
                    <Text size="xs" c="red">
                      {shown.buttons}
                    </Text>
                  ) : null}
                  {buttons.map((button, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: buttons are edited in place, in order
                    <Group key={index} align="flex-start" wrap="nowrap">
                      <TextInput
                        label={t('whatsappTemplates.form.buttonText')}
                        value={button.text}
                        onChange={(event) => setButton(index, { ...button, text: event.currentTarget.value })}
                        error={shown[`buttons.${index}.text`]}
                        maxLength={TEMPLATE_LIMITS.buttonText}
                        style={{ flex: 1 }}
                      />
                      {button.type === 'URL' ? (
                        <>
                          <TextInput
                            label={t('whatsappTemplates.form.buttonUrl', { placeholder: placeholder(1) })}
                            value={button.url}
                            onChange={(event) =>
                              setButton(index, { ...button, url: event.currentTarget.value })
                            }
                            error={shown[`buttons.${index}.url`]}
                            style={{ flex: 2 }}
                          />
                          {variableCount(button.url) > 0 ? (
                            <TextInput
                              label={t('whatsappTemplates.form.buttonUrlExample', {
                                placeholder: placeholder(1),
                              })}
                              value={button.example ?? ''}
                              onChange={(event) =>
                                setButton(index, { ...button, example: event.currentTarget.value })
                              }
                              error={shown[`buttons.${index}.example`]}
                              style={{ flex: 1 }}
                            />
                          ) : null}
                        </>
                      ) : null}
                      {button.type === 'PHONE_NUMBER' ? (
                        <TextInput
                          label={t('whatsappTemplates.form.buttonPhone')}
                          value={button.phoneNumber}
                          onChange={(event) =>
                            setButton(index, { ...button, phoneNumber: event.currentTarget.value })
                          }
                          error={shown[`buttons.${index}.phoneNumber`]}
                          style={{ flex: 2 }}
                        />
                      ) : null}
                      <ActionIcon
                        mt={26}
                        variant="subtle"
                        color="red"
                        aria-label={t('whatsappTemplates.form.removeButton', { n: index + 1 })}
                        onClick={() => setButtons((current) => current.filter((_, i) => i !== index))}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  ))}
                </Stack>
              </>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onCancel}>
                {t('whatsappTemplates.form.cancel')}
              </Button>
              <Button type="submit" loading={submitting}>
                {t('whatsappTemplates.form.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Box>
      <Box style={{ flex: '2 1 300px', minWidth: 0 }}>
        <Stack gap="xs" pos="sticky" top={16}>
          <Title order={2} size="h4">
            {t('whatsappTemplates.form.preview')}
          </Title>
          <Text size="xs" c="dimmed">
            {t('whatsappTemplates.form.previewHelp')}
          </Text>
          <TemplatePreview
            category={category}
            header={header}
            body={body}
            examples={bodyExamples}
            footer={footer.trim() === '' ? null : footer}
            buttons={draftButtons}
            securityRecommendation={security}
            codeExpirationMinutes={expiry === '' ? null : expiry}
          />
        </Stack>
      </Box>
    </Group>
  );
}
