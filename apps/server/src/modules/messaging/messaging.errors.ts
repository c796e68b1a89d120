import { AppError, notFound } from '../../platform/errors.js';
import type { ChannelName } from './channel.ports.js';

/** A channel of the spec that this build has no implementation for: refused, never dropped. */
export const channelNotRegistered = (channel: ChannelName) =>
  new AppError(
    422,
    'channel_not_registered',
    `Messages cannot be sent on ${channel} yet: the channel is not set up.`,
  );
export const outboundNotFound = () => notFound('outbound_not_found', 'This outbound message does not exist.');
/** Another worker holds the row right now; the job is retried later and then finds it settled. */
export const sendInProgress = () =>
  new AppError(409, 'send_in_progress', 'This message is being sent by another worker.');
/** A sensitive row whose sealed body is gone (or cannot be opened): it fails, nothing readable is kept. */
export const sensitiveContentGone = () =>
  new AppError(
    410,
    'sensitive_content_gone',
    'This message kept no readable copy of its body, and its sealed copy is gone: it cannot be sent.',
  );
