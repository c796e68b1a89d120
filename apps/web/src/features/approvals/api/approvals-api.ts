import { approvalsOperations, rolesOperations } from '@sapa/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/http';

export const TASK_LISTS = ['pending', 'approved', 'rejected', 'create'] as const;
export type TaskListName = (typeof TASK_LISTS)[number];

export const taskKeys = {
  all: ['approvalTasks'] as const,
  list: (clientId: string, list: TaskListName, page: number, pageSize: number) =>
    [...taskKeys.all, 'list', clientId, list, page, pageSize] as const,
  detail: (taskId: string) => [...taskKeys.all, 'detail', taskId] as const,
};

export function useTaskList(clientId: string, list: TaskListName, page: number, pageSize: number) {
  return useQuery({
    queryKey: taskKeys.list(clientId, list, page, pageSize),
    queryFn: ({ signal }) =>
      callOperation(approvalsOperations.listTasks, {
        params: { list },
        query: { pageSize, pageNumber: page - 1 },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useTask(taskId: string) {
  return useQuery({
    queryKey: taskKeys.detail(taskId),
    queryFn: ({ signal }) => callOperation(approvalsOperations.getTask, { params: { taskId }, signal }),
  });
}

export function useApproveTask(taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callOperation(approvalsOperations.approveTask, { params: { taskId } }),
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
    mutationFn: (note: string) =>
      callOperation(approvalsOperations.rejectTask, { params: { taskId }, body: { note } }),
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
