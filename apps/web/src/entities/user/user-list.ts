import { UserPageSchema, type UserStatus } from '@sapa/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http';

export const USERS_PATH = '/api/users';

/** Every query about users starts with this key, so invalidating it refreshes pickers and lists alike. */
export const USER_QUERY_ROOT = ['users'] as const;

export type UserListFilter = {
  q: string;
  role: string | null;
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
