import { type RoleCode, type UserStatus, usersOperations } from '@sapa/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../lib/http';

export const USERS_PATH = usersOperations.listUsers.path;

/** Every query about users starts with this key, so invalidating it refreshes pickers and lists alike. */
export const USER_QUERY_ROOT = ['users'] as const;

export type UserListFilter = {
  q: string;
  role: RoleCode | null;
  status: UserStatus | null;
  page: number;
  pageSize: number;
};

export const userListKey = (clientId: string, filter: UserListFilter) =>
  [...USER_QUERY_ROOT, 'list', clientId, filter] as const;

/**
 * A client's users: the session's own, or (super admin) any client's through "users by client". Only
 * the session client's users open in detail: the server scopes user calls to the session's client.
 */
export function useUserList(clientId: string, filter: UserListFilter, sessionClientId: string) {
  return useQuery({
    queryKey: userListKey(clientId, filter),
    queryFn: ({ signal }) => {
      const query = {
        q: filter.q || undefined,
        role: filter.role ?? undefined,
        status: filter.status ?? undefined,
        pageSize: filter.pageSize,
        pageNumber: filter.page - 1,
      };
      return clientId === sessionClientId
        ? callOperation(usersOperations.listUsers, { signal, query })
        : callOperation(usersOperations.listUsersByClient, { params: { clientId }, signal, query });
    },
    placeholderData: keepPreviousData,
  });
}
