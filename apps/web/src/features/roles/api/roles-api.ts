import { rolesOperations } from '@sapa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/http';

export const roleKeys = {
  roles: ['roles', 'list'] as const,
  rights: ['rights', 'list'] as const,
  roleRights: (roleCode: string) => ['roles', 'rights', roleCode] as const,
};

export type TextFields = { name: string; description: string };

export function useRoleList() {
  return useQuery({
    queryKey: roleKeys.roles,
    queryFn: ({ signal }) => callOperation(rolesOperations.listRoles, { signal }),
  });
}

/** Rights need ROLE_MANAGE to read: only asked for by those who may edit them. */
export function useRightList(enabled: boolean) {
  return useQuery({
    queryKey: roleKeys.rights,
    queryFn: ({ signal }) => callOperation(rolesOperations.listRights, { signal }),
    enabled,
  });
}

export function useRoleRights(roleCode: string | null) {
  return useQuery({
    queryKey: roleKeys.roleRights(roleCode ?? ''),
    queryFn: ({ signal }) =>
      callOperation(rolesOperations.getRoleRights, { params: { roleCode: roleCode ?? '' }, signal }),
    enabled: Boolean(roleCode),
  });
}

export function useEditRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, name, description }: TextFields & { code: string }) =>
      callOperation(rolesOperations.updateRole, {
        params: { roleCode: code },
        body: { roleName: name, roleDescription: description },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.roles }),
  });
}

export function useSaveRight() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, name, description, isNew }: TextFields & { code: string; isNew: boolean }) =>
      isNew
        ? callOperation(rolesOperations.createRight, {
            body: { rightCode: code, rightName: name, rightDescription: description },
          })
        : callOperation(rolesOperations.updateRight, {
            params: { rightCode: code },
            body: { rightName: name, rightDescription: description },
          }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.rights }),
  });
}

export function useDeleteRight() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => callOperation(rolesOperations.deleteRight, { params: { rightCode: code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['rights'] }),
  });
}

export function useSetRoleRights(roleCode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rightCodes: string[]) =>
      callOperation(rolesOperations.setRoleRights, { params: { roleCode }, body: { rightCodes } }),
    onSuccess: (saved) => queryClient.setQueryData(roleKeys.roleRights(roleCode), saved),
  });
}
