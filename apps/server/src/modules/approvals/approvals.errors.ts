import { AppError } from '../../platform/errors.js';

export const taskNotFound = () => new AppError(404, 'task_not_found', 'Task not found');
export const ownTask = () =>
  new AppError(403, 'own_task', 'You cannot approve or reject your own change; another admin must check it.');
export const taskAlreadyDecided = (status: string) =>
  new AppError(409, 'task_already_decided', `This task is already ${status}.`);
