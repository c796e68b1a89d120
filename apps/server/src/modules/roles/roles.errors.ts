import { AppError } from '../../platform/errors.js';

export const roleNotFound = () => new AppError(404, 'role_not_found', 'Role not found');
export const rightNotFound = () => new AppError(404, 'right_not_found', 'Right not found');
export const rightExists = () => new AppError(409, 'right_exists', 'A right with this code already exists.');
export const rightInUse = () =>
  new AppError(409, 'right_checked_by_server', 'This right is checked by the server and cannot be deleted.');
export const unknownRights = (codes: string[]) =>
  new AppError(400, 'unknown_rights', `These rights do not exist: ${codes.join(', ')}.`);
export const superAdminKeepsRoleManage = () =>
  new AppError(
    409,
    'super_admin_keeps_role_manage',
    'The super admin role must keep ROLE_MANAGE, or nobody could edit roles and rights again.',
  );
