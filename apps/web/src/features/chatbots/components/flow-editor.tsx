import { ActionIcon, Button, Card, Group, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { BOT_ACTION_TYPES, type BotActionType } from '@sapa/contracts';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TemplateActionFields, type TemplateChoice } from './template-action-fields';

/** One action as the editor holds it: every field present, so inputs stay controlled. */
export type FlowDraftAction = {
  botActionName: string;
  type: BotActionType;
  text: string;
  imageUrl: string | null;
  options: { title: string; next: string | null }[];
  branches: { keywords: string[]; next: string }[];
  saveAs: string | null;
  next: string | null;
  handOffTag: string | null;
  handOffCsId: string | null;
  /** `template` actions: the approved template and its values. */
  template: TemplateChoice | null;
};

export function emptyAction(index: number): FlowDraftAction {
  return {
    botActionName: `step_${index + 1}`,
    type: 'text',
    text: '',
    imageUrl: null,
    options: [],
    branches: [],
    saveAs: null,
    next: null,
    handOffTag: null,
    handOffCsId: null,
    template: null,
  };
}

const WAITS: readonly BotActionType[] = ['ask', 'buttons', 'list'];
const ENDS: readonly BotActionType[] = ['handoff', 'close'];
/** Actions that send an approved template instead of words of their own. */
const TEMPLATED: readonly BotActionType[] = ['template'];

export type FlowEditorProps = {
  /** Whose approved templates a template action offers. */
  clientId: string;
  actions: FlowDraftAction[];
  onChange: (actions: FlowDraftAction[]) => void;
  /** Problems by action index (from the form's check or the server). */
  problems?: Record<number, string>;
};

/**
 * The flow of a bot as a list of actions in order: each with its type's fields, where it leads, its
 * choices and keyword branches; actions move up and down and are removed. Controlled: the page keeps
 * the list and saves it whole (POST /chatbot/action).
 */
export function FlowEditor({ clientId, actions, onChange, problems = {} }: FlowEditorProps) {
  const { t } = useTranslation();
  const update = (index: number, patch: Partial<FlowDraftAction>) =>
    onChange(actions.map((action, at) => (at === index ? { ...action, ...patch } : action)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...actions];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved!);
    onChange(next);
  };
  const names = actions.map((action) => action.botActionName).filter(Boolean);
  const targets = (self: string) =>
    names.filter((name) => name !== self).map((name) => ({ value: name, label: name }));
  const typeOptions = BOT_ACTION_TYPES.map((type) => ({
    value: type,
    label: t(`chatbots.flow.types.${type}`),
  }));

  return (
    <Stack gap="sm">
      {actions.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('chatbots.flow.empty')}
        </Text>
      ) : null}
      {actions.map((action, index) => {
        const label = action.botActionName || String(index + 1);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: names change as they are typed; the position is the identity here
          <Card key={index} withBorder padding="sm" aria-label={`${t('chatbots.flow.name')} ${label}`}>
            <Stack gap="xs">
              <Group align="flex-end" wrap="wrap" gap="xs">
                <Text fw={600} w={24}>
                  {index + 1}
                </Text>
                <TextInput
                  label={t('chatbots.flow.name')}
                  value={action.botActionName}
                  onChange={(event) => update(index, { botActionName: event.currentTarget.value })}
                  w={180}
                />
                <Select
                  label={t('chatbots.flow.type')}
                  data={typeOptions}
                  value={action.type}
                  allowDeselect={false}
                  onChange={(value) => value && update(index, { type: value as BotActionType })}
                  w={240}
                />
                <Group gap={4} ml="auto">
                  <ActionIcon
                    variant="subtle"
                    disabled={index === 0}
                    aria-label={t('chatbots.flow.moveUp', { name: label })}
                    onClick={() => move(index, -1)}
                  >
                    <IconArrowUp size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    disabled={index === actions.length - 1}
                    aria-label={t('chatbots.flow.moveDown', { name: label })}
                    onClick={() => move(index, 1)}
                  >
                    <IconArrowDown size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('chatbots.flow.remove', { name: label })}
                    onClick={() => onChange(actions.filter((_, at) => at !== index))}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Group>
              {TEMPLATED.includes(action.type) ? (
                <TemplateActionFields
                  clientId={clientId}
                  value={action.template}
                  onChange={(template) => update(index, { template })}
                />
              ) : (
                <Textarea
                  label={t('chatbots.flow.text')}
                  value={action.text}
                  rows={2}
                  onChange={(event) => update(index, { text: event.currentTarget.value })}
                />
              )}
              {action.type === 'image' ? (
                <TextInput
                  label={t('chatbots.flow.imageUrl')}
                  value={action.imageUrl ?? ''}
                  onChange={(event) => update(index, { imageUrl: event.currentTarget.value || null })}
                />
              ) : null}
              {WAITS.includes(action.type) ? (
                <TextInput
                  label={t('chatbots.flow.saveAs')}
                  value={action.saveAs ?? ''}
                  onChange={(event) => update(index, { saveAs: event.currentTarget.value || null })}
                  w={280}
                />
              ) : null}
              {action.type === 'buttons' || action.type === 'list' ? (
                <Stack gap={4}>
                  <Text size="sm" fw={500}>
                    {t('chatbots.flow.options')}
                  </Text>
                  {action.options.map((option, at) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: choices have no identity but their place
                    <Group key={at} gap="xs" align="flex-end">
                      <TextInput
                        aria-label={t('chatbots.flow.optionTitle', { n: at + 1 })}
                        placeholder={t('chatbots.flow.optionTitle', { n: at + 1 })}
                        value={option.title}
                        maxLength={20}
                        onChange={(event) => {
                          const title = event.currentTarget.value;
                          update(index, {
                            options: action.options.map((o, i) => (i === at ? { ...o, title } : o)),
                          });
                        }}
                      />
                      <Select
                        aria-label={`${t('chatbots.flow.next')} ${at + 1}`}
                        placeholder={t('chatbots.flow.next')}
                        data={targets(action.botActionName)}
                        value={option.next}
                        clearable
                        onChange={(value) =>
                          update(index, {
                            options: action.options.map((o, i) => (i === at ? { ...o, next: value } : o)),
                          })
                        }
                      />
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('chatbots.flow.removeOption', { n: at + 1 })}
                        onClick={() => update(index, { options: action.options.filter((_, i) => i !== at) })}
                      >
                        <IconTrash size={14} />
                      </ActionIcon>
                    </Group>
                  ))}
                  <Button
                    size="xs"
                    variant="subtle"
                    w="fit-content"
                    leftSection={<IconPlus size={14} />}
                    disabled={action.options.length >= (action.type === 'buttons' ? 3 : 10)}
                    onClick={() => update(index, { options: [...action.options, { title: '', next: null }] })}
                  >
                    {t('chatbots.flow.addOption')}
                  </Button>
                </Stack>
              ) : null}
              {WAITS.includes(action.type) ? (
                <Stack gap={4}>
                  <Text size="sm" fw={500}>
                    {t('chatbots.flow.branches')}
                  </Text>
                  {action.branches.map((branch, at) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: branches have no identity but their place
                    <Group key={at} gap="xs" align="flex-end">
                      <TextInput
                        aria-label={`${t('chatbots.flow.keywords')} ${at + 1}`}
                        placeholder={t('chatbots.flow.keywords')}
                        value={branch.keywords.join(', ')}
                        onChange={(event) => {
                          const keywords = event.currentTarget.value
                            .split(',')
                            .map((word) => word.trimStart());
                          update(index, {
                            branches: action.branches.map((b, i) => (i === at ? { ...b, keywords } : b)),
                          });
                        }}
                      />
                      <Select
                        aria-label={`${t('chatbots.flow.next')} ${t('chatbots.flow.branches')} ${at + 1}`}
                        data={targets(action.botActionName)}
                        value={branch.next || null}
                        onChange={(value) =>
                          update(index, {
                            branches: action.branches.map((b, i) =>
                              i === at ? { ...b, next: value ?? '' } : b,
                            ),
                          })
                        }
                      />
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('chatbots.flow.removeBranch', { n: at + 1 })}
                        onClick={() =>
                          update(index, { branches: action.branches.filter((_, i) => i !== at) })
                        }
                      >
                        <IconTrash size={14} />
                      </ActionIcon>
                    </Group>
                  ))}
                  <Button
                    size="xs"
                    variant="subtle"
                    w="fit-content"
                    leftSection={<IconPlus size={14} />}
                    onClick={() =>
                      update(index, { branches: [...action.branches, { keywords: [], next: '' }] })
                    }
                  >
                    {t('chatbots.flow.addBranch')}
                  </Button>
                </Stack>
              ) : null}
              {action.type === 'handoff' ? (
                <TextInput
                  label={t('chatbots.flow.handOffTag')}
                  value={action.handOffTag ?? ''}
                  onChange={(event) => update(index, { handOffTag: event.currentTarget.value || null })}
                  w={320}
                />
              ) : null}
              {ENDS.includes(action.type) ? null : (
                <Select
                  label={t('chatbots.flow.next')}
                  data={targets(action.botActionName)}
                  value={action.next}
                  placeholder={t('chatbots.flow.endHandOff')}
                  clearable
                  onChange={(value) => update(index, { next: value })}
                  w={280}
                />
              )}
              {problems[index] ? (
                <Text size="sm" c="red" role="alert">
                  {problems[index]}
                </Text>
              ) : null}
            </Stack>
          </Card>
        );
      })}
      <Button
        variant="light"
        w="fit-content"
        leftSection={<IconPlus size={16} />}
        onClick={() => onChange([...actions, emptyAction(actions.length)])}
      >
        {t('chatbots.flow.add')}
      </Button>
    </Stack>
  );
}

/** Checks the draft with the server's own schema; answers the problems by action index. */
export function flowProblems(
  actions: FlowDraftAction[],
  parse: (action: FlowDraftAction) => { success: true } | { success: false; message: string },
  t: (key: string, values?: Record<string, unknown>) => string,
): Record<number, string> {
  const problems: Record<number, string> = {};
  actions.forEach((action, index) => {
    const result = parse(action);
    if (!result.success)
      problems[index] = t('chatbots.flow.problem', { n: index + 1, message: result.message });
  });
  return problems;
}
