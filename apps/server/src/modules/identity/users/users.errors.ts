import { AppError } from '../../../platform/errors.js';

export const emailTaken = () => new AppError(409, 'email_taken', 'This email is already taken.');
export const superAdminOnly = () =>
  new AppError(403, 'super_admin_only', 'Only a super admin may give or change the super admin role.');
export const notOnYourself = () =>
  new AppError(409, 'not_on_yourself', 'You cannot change your own role, status or client.');

const STATUS_WORDS = { active: 'active', deactivated: 'deactivated', pending: 'pending', locked: 'locked' };

export const invalidTransition = (action: string, status: keyof typeof STATUS_WORDS, allowed: string) =>
  new AppError(
    409,
    'invalid_user_transition',
    `This user is ${STATUS_WORDS[status]}; only ${allowed} users can be ${action}.`,
  );
export const roleNotAssignable = (role: string) =>
  new AppError(403, 'role_not_assignable', `Your role may not give or change the ${role} role.`);
export const mfaNotOnForUser = () => new AppError(409, 'mfa_not_on', 'MFA is not on for this user.');
