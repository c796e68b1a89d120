import { AppError } from '../../platform/errors.js';

export const taskNotFound = () => new AppError(404, 'task_not_found', 'Task not found');
export const ownTask = () =>
  new AppError(403, 'own_task', 'You cannot approve or reject your own change; another admin must check it.');
export const taskAlreadyDecided = (status: string) =>
  new AppError(409, 'task_already_decided', `This task is already ${status}.`);
export const userNotFound = () => new AppError(404, 'user_not_found', 'User not found');
export const assignmentNotFound = () =>
  new AppError(404, 'checker_maker_not_found', 'This user is not a maker or checker of the channel');
export const notChannelMaker = (channel: string) =>
  new AppError(403, 'not_channel_maker', `Only the makers named for ${channel} may propose its changes.`);
export const notChannelChecker = (channel: string) =>
  new AppError(
    403,
    'not_channel_checker',
    `Only the checkers named for ${channel} may approve or reject its changes.`,
  );
