import { AppError, notFound } from '../../platform/errors.js';

// The same answers as the platform's uploads and cursors, and as contacts' customers (rooms are about them).
export { fileRequired, invalidCursor } from '../../platform/http-io.js';
export { customerNotFound } from '../contacts/index.js';

export const roomNotFound = () => notFound('room_not_found', 'Chat room not found');
export const messageNotFound = () => notFound('message_not_found', 'Chat message not found');
export const agentNotFound = () => notFound('agent_not_found', 'Customer service agent not found');
export const clientNotFound = () => notFound('client_not_found', 'Client not found');
export const botNotFound = () => notFound('bot_not_found', 'Chat bot not found');
export const categoryNotFound = () => notFound('category_not_found', 'Room category not found');
export const templateNotFound = () => notFound('template_not_found', 'Chat template not found');
export const exportNotFound = () => notFound('export_not_found', 'Export not found');
export const roomClosed = () => new AppError(409, 'room_closed', 'This chat room is already closed');
export const customerWindowClosed = () =>
  new AppError(
    422,
    'customer_window_closed',
    'The customer has not written in the last 24 hours: send an approved template instead',
  );
export const templateNotForInternalRoom = () =>
  new AppError(400, 'internal_room', 'Internal rooms take plain messages, not WhatsApp templates');
export const emailInUse = () =>
  // Says only that it is taken: whose it is would tell a tenant about another client's users.
  new AppError(409, 'email_in_use', 'This email is already taken.');
export const agentExists = () => new AppError(409, 'agent_exists', 'An agent with this email already exists');
export const notAnAgent = () =>
  new AppError(403, 'not_an_agent', 'Only customer service agents and supervisors have a status');
export const remarksRequired = () =>
  new AppError(400, 'remarks_required', 'Closing remarks are required by this client’s configuration');
export const categoryRequired = () =>
  new AppError(
    400,
    'category_required',
    'A category is required before closing, by this client’s configuration',
  );
export const roomNotYours = () =>
  new AppError(403, 'room_not_assigned', 'This chat room is assigned to another agent; use force close');
export const forbiddenForAgent = () => new AppError(403, 'forbidden', 'Your role may not do this.');
export const mediaNotReady = () =>
  notFound('media_not_ready', 'This message has no stored media yet; try again in a moment');
export const noInboxAccess = () =>
  new AppError(403, 'no_inbox_access', 'Only admins, supervisors and users with a chat role see chat rooms');
export const imageLinkNotAllowed = () =>
  new AppError(
    400,
    'image_link_not_allowed',
    'Send an image uploaded to Sapa: links to other sites or other kinds of links are not allowed.',
  );
export const imageTypeNotAllowed = () =>
  new AppError(400, 'image_type_not_allowed', 'Send a JPEG, PNG or WebP image');
export const imageTooLarge = (maxBytes: number) =>
  new AppError(413, 'image_too_large', `The image is larger than ${maxBytes / (1024 * 1024)} MB`);
export const uploadsNotConfigured = () =>
  new AppError(503, 'uploads_not_configured', 'File uploads are not available on this server');
export const availabilityNotFound = () =>
  notFound('availability_not_found', 'Availability schedule not found');
export const availabilityExists = () =>
  new AppError(
    409,
    'availability_exists',
    'This schedule already exists: the business and each agent have one schedule, edit it instead',
  );
