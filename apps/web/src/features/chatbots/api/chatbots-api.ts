import {
  type BotActionInput,
  type BotValidationInput,
  botsOperations,
  configurationOperations,
} from '@sapa/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/http';

type ProviderRef = { provider: 'kata'; name: string };

/** Keys carry the client: a super admin who switches client must not see the previous one's bots. */
export const chatbotKeys = {
  bots: (clientId: string) => ['chatbots', 'bots', clientId] as const,
  botList: (clientId: string, page: number) => [...chatbotKeys.bots(clientId), page] as const,
  validations: (clientId: string, botId: string) => ['chatbots', 'validations', clientId, botId] as const,
  provider: (clientId: string, ref: ProviderRef) =>
    ['chatbots', 'provider', clientId, ref.provider, ref.name] as const,
  projects: (clientId: string, ref: ProviderRef) =>
    ['chatbots', 'projects', clientId, ref.provider, ref.name] as const,
};

export function useChatBots(clientId: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: chatbotKeys.botList(clientId, page),
    queryFn: ({ signal }) =>
      callOperation(botsOperations.listChatBots, { signal, query: { pageNumber: page, pageSize } }),
    placeholderData: keepPreviousData,
  });
}

export type ChatBotFields = {
  botName: string;
  description: string;
  schedule: 'always' | 'outsideBusinessHours' | 'noAgentOnline';
  kind: 'flow' | 'external';
  projectId: string | null;
  active: boolean;
};

/** Creates a bot (no id) or changes one (with id). */
export function useSaveChatBot(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...fields }: ChatBotFields & { id?: string | undefined }) =>
      id
        ? callOperation(botsOperations.updateChatBot, { body: { id, ...fields } })
        : callOperation(botsOperations.createChatBot, { body: fields }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatbotKeys.bots(clientId) }),
  });
}

export function useDeleteChatBot(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (botName: string) => callOperation(botsOperations.deleteChatBot, { query: { botName } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatbotKeys.bots(clientId) }),
  });
}

export function useSaveBotFlow(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ botName, actions }: { botName: string; actions: BotActionInput[] }) =>
      callOperation(botsOperations.saveBotActions, { query: { botName }, body: { actions } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatbotKeys.bots(clientId) }),
  });
}

export function useSetDefaultBot(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callOperation(configurationOperations.setDefaultBot, { body: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatbotKeys.bots(clientId) }),
  });
}

export function useBotValidations(clientId: string, botId: string | null) {
  return useQuery({
    queryKey: chatbotKeys.validations(clientId, botId ?? ''),
    queryFn: ({ signal }) =>
      callOperation(botsOperations.listBotValidations, { signal, query: { botId: botId!, pageSize: 100 } }),
    enabled: botId !== null,
  });
}

export function useSaveBotValidation(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BotValidationInput) => callOperation(botsOperations.saveBotValidation, { body }),
    onSuccess: (saved) =>
      queryClient.invalidateQueries({ queryKey: chatbotKeys.validations(clientId, saved.botId) }),
  });
}

export function useDeleteBotValidation(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (query: { botId: string; stateName: string }) =>
      callOperation(botsOperations.deleteBotValidation, { query }),
    onSuccess: (_done, query) =>
      queryClient.invalidateQueries({ queryKey: chatbotKeys.validations(clientId, query.botId) }),
  });
}

export function useBotProvider(clientId: string, ref: ProviderRef) {
  return useQuery({
    queryKey: chatbotKeys.provider(clientId, ref),
    queryFn: ({ signal }) => callOperation(botsOperations.getBotProvider, { signal, params: ref }),
  });
}

export function useConnectBotProvider(clientId: string, ref: ProviderRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { webhookUrl: string; secret: string } | null) =>
      body
        ? callOperation(botsOperations.connectBotProvider, { params: ref, body })
        : callOperation(botsOperations.disconnectBotProvider, { params: ref }),
    onSuccess: (saved) => queryClient.setQueryData(chatbotKeys.provider(clientId, ref), saved),
  });
}

export function useBotProjects(clientId: string, ref: ProviderRef, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...chatbotKeys.projects(clientId, ref), page],
    queryFn: ({ signal }) =>
      callOperation(botsOperations.listBotProjects, {
        signal,
        params: ref,
        query: { pageNumber: page, pageSize },
      }),
    placeholderData: keepPreviousData,
  });
}

export type ProjectFields = { projectName: string; projectDesc: string; kata_ai_projectId: string };

export function useSaveBotProject(clientId: string, ref: ProviderRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ProjectFields & { id?: string | undefined }) =>
      id
        ? callOperation(botsOperations.updateBotProject, { params: ref, body: { id, ...body } })
        : callOperation(botsOperations.createBotProject, { params: ref, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatbotKeys.projects(clientId, ref) }),
  });
}
