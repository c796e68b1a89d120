import {
  type CreateUserRequest,
  CreateUserResultSchema,
  type UpdateUserRequest,
  UpdateUserResultSchema,
  UserPageSchema,
  UserRightsSchema,
  UserSchema,
  type UserStatus,
  type UserStatusAction,
  ValidationAnswerSchema,
} from '@sapa/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export const USERS_PATH = '/api/users';

export type UserListFilter = {
  q: string;
  role: string | null;
  status: UserStatus | null;
  page: number;
  pageSize: number;
};

export const userKeys = {
  all: ['users'] as const,
  list: (clientId: string, filter: UserListFilter) => [...userKeys.all, 'list', clientId, filter] as const,
  detail: (userId: string) => [...userKeys.all, 'detail', userId] as const,
  rights: (userId: string) => [...userKeys.all, 'rights', userId] as const,
};

const userPath = (userId: string) => `${USERS_PATH}/${encodeURIComponent(userId)}`;

/**
 * A client's users: the session's own, or (super admin) any client's through "users by client". Only
 * the session client's users open in detail: the server scopes user calls to the session's client.
 */
export function useUserList(clientId: string, filter: UserListFilter, sessionClientId: string) {
  return useQuery({
    queryKey: userKeys.list(clientId, filter),
    queryFn: async ({ signal }) =>
      UserPageSchema.parse(
        await http.get(
          clientId === sessionClientId
            ? USERS_PATH
            : `${USERS_PATH}/byClient/${encodeURIComponent(clientId)}`,
          {
            signal,
            query: {
              q: filter.q || undefined,
              role: filter.role ?? undefined,
              status: filter.status ?? undefined,
              pageSize: filter.pageSize,
              pageNumber: filter.page - 1,
            },
          },
        ),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useUser(userId: string) {
  return useQuery({
    queryKey: userKeys.detail(userId),
    queryFn: async ({ signal }) => UserSchema.parse(await http.get(userPath(userId), { signal })),
  });
}

export function useUserRights(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: userKeys.rights(userId),
    queryFn: async ({ signal }) =>
      UserRightsSchema.parse(await http.get(`${userPath(userId)}/rights`, { signal })),
    enabled,
  });
}

/** Server-side checks of name, email (including that it is free) and role. */
export async function validateUserFields(fields: {
  name: string;
  email: string;
  role: string;
  userId?: string;
}) {
  return ValidationAnswerSchema.parse(await http.post(`${USERS_PATH}/validate`, fields));
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateUserRequest) =>
      CreateUserResultSchema.parse(await http.post(USERS_PATH, body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useUpdateUser(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateUserRequest) =>
      UpdateUserResultSchema.parse(await http.put(userPath(userId), body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useUserStatusAction(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: UserStatusAction) =>
      UserSchema.parse(await http.put(`${USERS_PATH}/${action}`, { userId })),
    onSuccess: (user) => {
      queryClient.setQueryData(userKeys.detail(userId), user);
      return queryClient.invalidateQueries({ queryKey: [...userKeys.all, 'list'] });
    },
  });
}

/** Turns MFA off for a user who lost their authenticator; they sign in with the password alone again. */
export function useResetUserMfa(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => UserSchema.parse(await http.put(`${USERS_PATH}/resetMfa`, { userId })),
    onSuccess: (user) => queryClient.setQueryData(userKeys.detail(userId), user),
  });
}

/** Moves a user to another client (super admin); the user then leaves this client's list. */
export function useChangeUserClient(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (clientId: string) =>
      UserSchema.parse(await http.put(`${USERS_PATH}/changeClientId`, { userId, clientId })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/** Which state actions a user in this state allows (spec §4; the server's transition rules). */
export const STATUS_ACTIONS: Record<UserStatus, UserStatusAction[]> = {
  active: ['pending', 'deactivate'],
  pending: ['activate', 'deactivate'],
  locked: ['unlock', 'deactivate'],
  deactivated: ['reactivate'],
};
