import type { ConfigurationSchema } from '@sapa/contracts';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { useCsConfigEditor } from '../hooks/use-cs-config-editor';

type Editor = ReturnType<typeof useCsConfigEditor>;

/**
 * A screen editing part of the CS configuration: its heading, the stored configuration's loading and
 * error states, then the form `children` draws from the stored data and the editor (save, read-only).
 */
export function CsConfigScreen(props: {
  title: string;
  description: ReactNode;
  children: (data: z.infer<typeof ConfigurationSchema>, editor: Editor) => ReactNode;
}) {
  const editor = useCsConfigEditor();
  const { configuration } = editor;
  return (
    <>
      <PageHeader title={props.title} description={props.description} />
      <QueryState
        data={configuration.data}
        loading={configuration.isLoading}
        error={configuration.error}
        onRetry={() => void configuration.refetch()}
      >
        {(data) => props.children(data, editor)}
      </QueryState>
    </>
  );
}
