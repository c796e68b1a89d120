import {
  type CreateUserRequest,
  rolesOperations,
  type UpdateUserRequest,
  type UserStatus,
  type UserStatusAction,
  userStatusOperations,
  usersOperations,
} from '@sapa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  USER_QUERY_ROOT,
  USERS_PATH,
  type UserListFilter,
  userListKey,
  useUserList,
} from '../../../entities/user';
import { callOperation } from '../../../lib/http';

export { USERS_PATH, type UserListFilter, useUserList };

export const userKeys = {
  all: USER_QUERY_ROOT,
  list: userListKey,
  detail: (userId: string) => [...userKeys.all, 'detail', userId] as const,
  rights: (userId: string) => [...userKeys.all, 'rights', userId] as const,
};

export function useUser(userId: string) {
  return useQuery({
    queryKey: userKeys.detail(userId),
    queryFn: ({ signal }) => callOperation(usersOperations.getUser, { params: { userId }, signal }),
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
  return callOperation(usersOperations.validateUser, { body: fields });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateUserRequest) => callOperation(usersOperations.createUser, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useUpdateUser(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUserRequest) =>
      callOperation(usersOperations.updateUser, { params: { userId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useUserStatusAction(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: UserStatusAction) =>
      callOperation(userStatusOperations[action], { body: { userId } }),
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
    mutationFn: () => callOperation(usersOperations.resetUserMfa, { body: { userId } }),
    onSuccess: (user) => queryClient.setQueryData(userKeys.detail(userId), user),
  });
}

/** Moves a user to another client (super admin); the user then leaves this client's list. */
export function useChangeUserClient(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientId: string) =>
      callOperation(usersOperations.changeUserClient, { body: { userId, clientId } }),
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
