import {
  type CreateUserRequest,
  CreateUserResultSchema,
  rolesOperations,
  type UpdateUserRequest,
  UpdateUserResultSchema,
  UserSchema,
  type UserStatus,
  type UserStatusAction,
  ValidationAnswerSchema,
} from '@sapa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  USER_QUERY_ROOT,
  USERS_PATH,
  type UserListFilter,
  userListKey,
  useUserList,
} from '../../../entities/user';
import { callOperation, http } from '../../../lib/http';

export { USERS_PATH, type UserListFilter, useUserList };

export const userKeys = {
  all: USER_QUERY_ROOT,
  list: userListKey,
  detail: (userId: string) => [...userKeys.all, 'detail', userId] as const,
  rights: (userId: string) => [...userKeys.all, 'rights', userId] as const,
};

const userPath = (userId: string) => `${USERS_PATH}/${encodeURIComponent(userId)}`;

export function useUser(userId: string) {
  return useQuery({
    queryKey: userKeys.detail(userId),
    queryFn: async ({ signal }) => UserSchema.parse(await http.get(userPath(userId), { signal })),
  });
}

export function useUserRights(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: userKeys.rights(userId),
    queryFn: ({ signal }) => callOperation(rolesOperations.getUserRights, { params: { userId }, signal }),
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
