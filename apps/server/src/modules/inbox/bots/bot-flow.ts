import { answerPasses, type BotValidation } from '@sapa/contracts';
import type { CsBotActionRow } from './bots.tables.js';

/**
 * One turn of a flow bot, pure (decision 0035): given the flow, the checks, where the conversation
 * stands and the customer's answer, what the bot does. The engine applies the steps (sends, stores,
 * hands off) in one transaction; tests drive this without a database.
 */
export type FlowAction = Pick<
  CsBotActionRow,
  | 'botActionName'
  | 'type'
  | 'text'
  | 'imageUrl'
  | 'options'
  | 'branches'
  | 'saveAs'
  | 'next'
  | 'handOffTag'
  | 'handOffCsId'
  | 'template'
>;
export type FlowValidation = Pick<
  BotValidation,
  'rule' | 'min' | 'max' | 'values' | 'errorMessage' | 'maxRetries'
>;

export type FlowSend =
  | { type: 'text'; text: string }
  | { type: 'image'; url: string; caption: string | null }
  | { type: 'buttons'; text: string; buttons: string[] }
  /** An approved WhatsApp template; `parameters` may still name the customer's data (`{{key}}`). */
  | { type: 'template'; name: string; language: string; parameters: string[] };

export type FlowStep =
  | {
      kind: 'send';
      content: FlowSend;
      /** The action that says it (for the reason recorded when it cannot be sent). */
      action?: string | undefined;
      /** It asks what the conversation now waits for: unsaid, the question cannot be answered. */
      prompt?: boolean | undefined;
    }
  | { kind: 'save'; key: string; value: string }
  /** A message the bot could not send, recorded for the agents with why (decision 0044). */
  | { kind: 'skip'; action: string | undefined; reason: string }
  | { kind: 'handOff'; tag: string | null; csId: string | null; reason: string }
  | { kind: 'close'; reason: string };

export type FlowState = { state: string | null; retries: number };
export type FlowResult = FlowState & { steps: FlowStep[]; status: 'active' | 'handedOff' | 'closed' };

/** Failed answers to a choice without a check of its own before the customer is handed to an agent. */
export const DEFAULT_MAX_RETRIES = 2;
/** Actions run in one turn at most: a flow whose actions lead round in a circle stops. */
const MAX_ACTIONS_PER_TURN = 20;

function promptOf(action: FlowAction): FlowSend {
  if (action.type === 'buttons')
    return { type: 'buttons', text: action.text, buttons: action.options.map((option) => option.title) };
  if (action.type === 'list')
    return {
      type: 'text',
      text: [action.text, ...action.options.map((option, index) => `${index + 1}. ${option.title}`)].join(
        '\n',
      ),
    };
  return { type: 'text', text: action.text };
}

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** The choice an answer names: its title, or its number in the list. */
function chosenOption(action: FlowAction, answer: string) {
  const text = answer.trim().toLowerCase();
  const byTitle = action.options.find((option) => option.title.toLowerCase() === text);
  if (byTitle) return byTitle;
  const number = /^\d{1,2}$/.test(text) ? Number(text) : Number.NaN;
  return action.options[number - 1] ?? null;
}

function matchedBranch(action: FlowAction, answer: string) {
  const said = new Set(words(answer));
  const phrase = answer.toLowerCase();
  return (
    action.branches.find((branch) =>
      branch.keywords.some((keyword) =>
        keyword.includes(' ') ? phrase.includes(keyword.toLowerCase()) : said.has(keyword.toLowerCase()),
      ),
    ) ?? null
  );
}

/** Runs actions from `name` until one waits for the customer, hands off or closes. */
function runFrom(actions: FlowAction[], name: string | null, steps: FlowStep[]): FlowResult {
  const byName = new Map(actions.map((action) => [action.botActionName, action]));
  let current = name === null ? null : (byName.get(name) ?? null);
  for (let count = 0; count < MAX_ACTIONS_PER_TURN; count++) {
    if (!current) {
      steps.push({ kind: 'handOff', tag: null, csId: null, reason: 'the flow ended' });
      return { steps, state: null, retries: 0, status: 'handedOff' };
    }
    switch (current.type) {
      case 'text':
        steps.push({
          kind: 'send',
          content: { type: 'text', text: current.text },
          action: current.botActionName,
        });
        break;
      case 'image':
        steps.push({
          kind: 'send',
          content: { type: 'image', url: current.imageUrl ?? '', caption: current.text.trim() || null },
          action: current.botActionName,
        });
        break;
      case 'template':
        if (current.template)
          steps.push({
            kind: 'send',
            content: { type: 'template', ...current.template },
            action: current.botActionName,
          });
        break;
      case 'ask':
      case 'buttons':
      case 'list':
        steps.push({ kind: 'send', content: promptOf(current), action: current.botActionName, prompt: true });
        return { steps, state: current.botActionName, retries: 0, status: 'active' };
      case 'handoff':
        if (current.text.trim())
          steps.push({
            kind: 'send',
            content: { type: 'text', text: current.text },
            action: current.botActionName,
          });
        steps.push({
          kind: 'handOff',
          tag: current.handOffTag,
          csId: current.handOffCsId,
          reason: `action ${current.botActionName}`,
        });
        return { steps, state: current.botActionName, retries: 0, status: 'handedOff' };
      case 'close':
        if (current.text.trim())
          steps.push({
            kind: 'send',
            content: { type: 'text', text: current.text },
            action: current.botActionName,
          });
        steps.push({ kind: 'close', reason: `action ${current.botActionName}` });
        return { steps, state: current.botActionName, retries: 0, status: 'closed' };
    }
    current = current.next === null ? null : (byName.get(current.next) ?? null);
  }
  steps.push({ kind: 'handOff', tag: null, csId: null, reason: 'the flow goes round in a circle' });
  return { steps, state: null, retries: 0, status: 'handedOff' };
}

/**
 * The bot's answer to one customer message. A new conversation (no state) starts at the first
 * action whatever was said. Waiting on a state, the answer picks a choice or a keyword branch, or is
 * checked by the state's validation: a failed answer is told the check's message and asked again,
 * until `maxRetries` failures, then the customer goes to an agent.
 */
export function advanceFlow(
  actions: FlowAction[],
  validations: ReadonlyMap<string, FlowValidation>,
  session: FlowState,
  answer: string | null,
): FlowResult {
  if (actions.length === 0) {
    return {
      steps: [{ kind: 'handOff', tag: null, csId: null, reason: 'the bot has no actions' }],
      state: null,
      retries: 0,
      status: 'handedOff',
    };
  }
  const current = session.state === null ? null : actions.find((a) => a.botActionName === session.state);
  // A new conversation, or a state the flow no longer has (edited meanwhile): from the start.
  if (!current) return runFrom(actions, actions[0]!.botActionName, []);
  const text = answer ?? '';
  const option = chosenOption(current, text);
  const branch = option ? null : matchedBranch(current, text);
  const validation = validations.get(current.botActionName);
  const passes =
    option !== null ||
    branch !== null ||
    (validation
      ? answerPasses(validation, text)
      : // A choice must be one of the choices; a free question takes any words.
        current.options.length === 0 && text.trim().length > 0);
  if (!passes) {
    const retries = session.retries + 1;
    const limit = validation?.maxRetries ?? DEFAULT_MAX_RETRIES;
    if (retries > limit) {
      return {
        steps: [
          { kind: 'handOff', tag: null, csId: null, reason: `no valid answer to ${current.botActionName}` },
        ],
        state: current.botActionName,
        retries,
        status: 'handedOff',
      };
    }
    const steps: FlowStep[] = [];
    if (validation)
      steps.push({
        kind: 'send',
        content: { type: 'text', text: validation.errorMessage },
        action: current.botActionName,
      });
    steps.push({ kind: 'send', content: promptOf(current), action: current.botActionName, prompt: true });
    return { steps, state: current.botActionName, retries, status: 'active' };
  }
  const steps: FlowStep[] = [];
  if (current.saveAs) steps.push({ kind: 'save', key: current.saveAs, value: option?.title ?? text.trim() });
  const next = option?.next ?? branch?.next ?? current.next;
  return runFrom(actions, next, steps);
}

/**
 * Outside the customer's 24-hour window WhatsApp takes only approved templates (decision 0044): every
 * other message of the turn is skipped with its reason and the flow goes on; but if the conversation
 * would now wait for an answer to a question the customer never got, it goes to the agents instead.
 */
export function outsideWindow(
  result: Pick<FlowResult, 'steps' | 'status'>,
): Pick<FlowResult, 'steps' | 'status'> {
  const reason = 'the customer’s 24-hour window is closed and it is not a template';
  const steps: FlowStep[] = result.steps.map((step) =>
    step.kind !== 'send' || step.content.type === 'template'
      ? step
      : { kind: 'skip', action: step.action, reason },
  );
  // Still waiting: the last thing said was the question; unsaid, nobody can answer it.
  const lastSend = result.steps.findLast((step) => step.kind === 'send');
  if (result.status === 'active' && lastSend?.kind === 'send' && lastSend.prompt) {
    steps.push({
      kind: 'handOff',
      tag: null,
      csId: null,
      reason: `the customer’s 24-hour window is closed, so ${lastSend.action ?? 'the question'} could not be asked`,
    });
    return { steps, status: 'handedOff' };
  }
  return { steps, status: result.status };
}
