import { RightSchema, RoleRightsSchema, RoleSchema } from '@sapa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../lib/http';

export const roleKeys = {
  roles: ['roles', 'list'] as const,
  rights: ['rights', 'list'] as const,
  roleRights: (roleCode: string) => ['roles', 'rights', roleCode] as const,
};

export type TextFields = { name: string; description: string };

export function useRoleList() {
  return useQuery({
    queryKey: roleKeys.roles,
    queryFn: async ({ signal }) => z.array(RoleSchema).parse(await http.get('/api/roles', { signal })),
  });
}

/** Rights need ROLE_MANAGE to read: only asked for by those who may edit them. */
export function useRightList(enabled: boolean) {
  return useQuery({
    queryKey: roleKeys.rights,
    queryFn: async ({ signal }) => z.array(RightSchema).parse(await http.get('/api/rights', { signal })),
    enabled,
  });
}

export function useRoleRights(roleCode: string | null) {
  return useQuery({
    queryKey: roleKeys.roleRights(roleCode ?? ''),
    queryFn: async ({ signal }) =>
      RoleRightsSchema.parse(
        await http.get(`/api/roles/${encodeURIComponent(roleCode ?? '')}/rights`, { signal }),
      ),
    enabled: Boolean(roleCode),
  });
}

export function useEditRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ code, name, description }: TextFields & { code: string }) =>
      RoleSchema.parse(
        await http.put(`/api/roles/${encodeURIComponent(code)}`, {
          roleName: name,
          roleDescription: description,
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.roles }),
  });
}

export function useSaveRight() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ code, name, description, isNew }: TextFields & { code: string; isNew: boolean }) =>
      RightSchema.parse(
        isNew
          ? await http.post('/api/rights', {
              rightCode: code,
              rightName: name,
              rightDescription: description,
            })
          : await http.put(`/api/rights/${encodeURIComponent(code)}`, {
              rightName: name,
              rightDescription: description,
            }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.rights }),
  });
}

export function useDeleteRight() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) => http.delete(`/api/rights/${encodeURIComponent(code)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['rights'] }),
  });
}

export function useSetRoleRights(roleCode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (rightCodes: string[]) =>
      RoleRightsSchema.parse(
        await http.put(`/api/roles/${encodeURIComponent(roleCode)}/rights`, { rightCodes }),
      ),
    onSuccess: (saved) => queryClient.setQueryData(roleKeys.roleRights(roleCode), saved),
  });
}
