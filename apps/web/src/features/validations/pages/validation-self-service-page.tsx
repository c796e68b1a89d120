import {
  Alert,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { MAX_TYPED_NUMBERS, type ValidationResultRow, type ValidationRun } from '@sapa/contracts';
import { IconUpload } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { describeError } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session';
import { useValidateFile, useValidateList, useValidationResults } from '../api/validations-api';

const PAGE_SIZE = 20;

/** `/validations/self-service`: validate a typed or pasted list here, or a CSV/XLSX file as a job. */
export function ValidationSelfServicePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const validateList = useValidateList(clientId);
  const validateFile = useValidateFile(clientId);
  const [text, setText] = useState('');
  const [name, setName] = useState('');
  const [run, setRun] = useState<ValidationRun | null>(null);
  const [page, setPage] = useState(1);
  const results = useValidationResults(clientId, run?.id ?? null, page, PAGE_SIZE);
  const numbers = text
    .split(/[\n,;]+/)
    .map((line) => line.trim())
    .filter(Boolean);
  const tooMany = numbers.length > MAX_TYPED_NUMBERS;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (numbers.length === 0 || tooMany) return;
    validateList.mutate(
      { numbers, ...(name.trim() ? { name: name.trim() } : {}) },
      {
        onSuccess: (created) => {
          setRun(created);
          setPage(1);
        },
      },
    );
  };
  const upload = (file: File | null) => {
    if (!file) return;
    validateFile.mutate(file, { onSuccess: () => void navigate('/validations/history') });
  };

  const columns: DataTableColumn<ValidationResultRow>[] = [
    { key: 'row', header: '#', render: (row) => row.row },
    { key: 'input', header: t('validations.fields.input'), render: (row) => row.input },
    {
      key: 'valid',
      header: t('validations.fields.valid'),
      render: (row) => (
        <Group gap={4}>
          <Badge color={row.valid ? 'green' : 'red'} variant="light">
            {row.valid ? t('validations.valid') : (row.error ?? t('validations.invalid'))}
          </Badge>
          {row.duplicate ? <Badge color="gray">{t('validations.duplicate')}</Badge> : null}
          {row.blacklisted ? <Badge color="dark">{t('validations.blacklisted')}</Badge> : null}
        </Group>
      ),
    },
    { key: 'e164', header: 'E.164', render: (row) => row.e164 ?? '—' },
    { key: 'national', header: t('validations.fields.national'), render: (row) => row.nationalFormat ?? '—' },
    { key: 'country', header: t('validations.fields.country'), render: (row) => row.country ?? '—' },
    {
      key: 'type',
      header: t('validations.fields.type'),
      render: (row) => (row.type ? t(`validations.types.${row.type}`) : '—'),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('pages.selfService')}
        description={t('validations.selfService.help')}
        actions={
          <FileButton
            onChange={upload}
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          >
            {(props) => (
              <Button {...props} leftSection={<IconUpload size={16} />} loading={validateFile.isPending}>
                {t('validations.selfService.uploadFile')}
              </Button>
            )}
          </FileButton>
        }
      />
      <Stack gap="lg">
        {validateFile.error ? (
          <Alert color="red" role="alert">
            {describeError(validateFile.error, t)}
          </Alert>
        ) : null}
        <Card withBorder>
          <form onSubmit={submit}>
            <Stack gap="sm">
              <TextInput
                label={t('validations.fields.name')}
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                maw={420}
              />
              <Textarea
                label={t('validations.selfService.numbers')}
                description={t('validations.selfService.numbersHelp', {
                  max: MAX_TYPED_NUMBERS.toLocaleString(),
                })}
                autosize
                minRows={6}
                maxRows={16}
                value={text}
                onChange={(event) => setText(event.currentTarget.value)}
                error={
                  tooMany
                    ? t('validations.selfService.tooMany', { max: MAX_TYPED_NUMBERS.toLocaleString() })
                    : undefined
                }
              />
              <Group>
                <Button
                  type="submit"
                  loading={validateList.isPending}
                  disabled={numbers.length === 0 || tooMany}
                >
                  {t('validations.selfService.validate', { count: numbers.length })}
                </Button>
              </Group>
              {validateList.error ? (
                <Alert color="red" role="alert">
                  {describeError(validateList.error, t)}
                </Alert>
              ) : null}
            </Stack>
          </form>
        </Card>
        {run ? (
          <Stack gap="xs">
            <Text size="sm">
              {t('validations.counts', {
                total: run.total,
                valid: run.valid,
                invalid: run.invalid,
                duplicates: run.duplicates,
                blacklisted: run.blacklisted,
              })}
            </Text>
            <DataTable
              label={t('validations.results')}
              columns={columns}
              rows={results.data?.items}
              rowKey={(row) => String(row.row)}
              loading={results.isPending}
              error={results.error}
              emptyText={t('validations.noResults')}
              pagination={{
                page,
                pageSize: PAGE_SIZE,
                total: results.data?.total ?? 0,
                onPageChange: setPage,
              }}
            />
          </Stack>
        ) : null}
      </Stack>
    </>
  );
}
