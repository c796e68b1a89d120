import {
  ApprovalTaskSchema,
  ApproveTaskResultSchema,
  rolesOperations,
  TaskPageSchema,
} from '@sapa/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation, http } from '../../../lib/http';

export const TASK_LISTS = ['pending', 'approved', 'rejected', 'create'] as const;
export type TaskListName = (typeof TASK_LISTS)[number];

export const taskKeys = {
  all: ['approvalTasks'] as const,
  list: (clientId: string, list: TaskListName, page: number, pageSize: number) =>
    [...taskKeys.all, 'list', clientId, list, page, pageSize] as const,
  detail: (taskId: string) => [...taskKeys.all, 'detail', taskId] as const,
};

const taskPath = (taskId: string) => `/api/tasks/task/${encodeURIComponent(taskId)}`;

export function useTaskList(clientId: string, list: TaskListName, page: number, pageSize: number) {
  return useQuery({
    queryKey: taskKeys.list(clientId, list, page, pageSize),
    queryFn: async ({ signal }) =>
      TaskPageSchema.parse(
        await http.get(`/api/tasks/${list}`, { signal, query: { pageSize, pageNumber: page - 1 } }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useTask(taskId: string) {
  return useQuery({
    queryKey: taskKeys.detail(taskId),
    queryFn: async ({ signal }) => ApprovalTaskSchema.parse(await http.get(taskPath(taskId), { signal })),
  });
}

export function useApproveTask(taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => ApproveTaskResultSchema.parse(await http.put(`${taskPath(taskId)}/approve`)),
    onSuccess: (result) => {
      queryClient.setQueryData(taskKeys.detail(taskId), result.task);
      // The approved change is applied: the users (or whatever the task changed) are new.
      return queryClient.invalidateQueries();
    },
  });
}

export function useRejectTask(taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (note: string) =>
      ApprovalTaskSchema.parse(await http.put(`${taskPath(taskId)}/reject`, { note })),
    onSuccess: (task) => {
      queryClient.setQueryData(taskKeys.detail(taskId), task);
      return queryClient.invalidateQueries({ queryKey: [...taskKeys.all, 'list'] });
    },
  });
}

/** Whether the signed-in user's role holds a right (e.g. TASK_APPROVE, USER_MANAGE). */
export function useHasRight(userId: string, right: string) {
  const rights = useQuery({
    queryKey: ['myRights', userId] as const,
    queryFn: ({ signal }) => callOperation(rolesOperations.getMyRights, { signal }),
    staleTime: 60_000,
  });
  // Unknown (still loading, or not readable) counts as yes: the server decides either way.
  return rights.data ? rights.data.rightCodes.includes(right) : true;
}

/** Whether the signed-in user may decide tasks (the TASK_APPROVE right of their role). */
export function useMayApprove(userId: string) {
  return useHasRight(userId, 'TASK_APPROVE');
}
