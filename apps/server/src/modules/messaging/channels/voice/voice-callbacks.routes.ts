import { providerCallbackOperations } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../../../platform/errors.js';
import { routeOperation } from '../../../../platform/operation-route.js';
import type { VoiceChannel } from './voice.channel.js';
import type { VoiceStatusCallback } from './voice.sandbox.js';
import { isVoiceCallbackSigned } from './voice-callbacks.js';

/** What a final status reads as; the others (queued, ringing, answered) only say the call is on its way. */
const FINAL: Record<string, VoiceStatusCallback['CallStatus']> = {
  completed: 'completed',
  busy: 'busy',
  'no-answer': 'no-answer',
  failed: 'failed',
  canceled: 'failed',
};

const callbackNotFound = () => notFound('call_not_found', 'No call has this status URL.');

/**
 * A voice gateway's status callbacks, outside the login, on the call's signed URL: a URL not signed
 * for this client and call (or altered) answers 404, as an unknown call does.
 */
export const voiceCallbackRoutes: FastifyPluginAsyncZod<{ key: Buffer; voice: VoiceChannel }> = async (
  app,
  { key, voice },
) => {
  routeOperation(app, providerCallbackOperations.voiceStatusCallback, async (request) => {
    const { clientId, callKey } = request.params;
    const tariff = { minimumSeconds: request.query.min, incrementSeconds: request.query.inc };
    if (!isVoiceCallbackSigned(key, { clientId, callKey, tariff }, request.query.sig))
      throw callbackNotFound();
    const body = request.body;
    const status = FINAL[body.CallStatus];
    // Ringing and answered move nothing: the ledger row is `sent` until the call ends.
    if (!status) return { received: true as const };
    const at = body.Timestamp ? new Date(body.Timestamp) : new Date();
    await voice.receiveStatusCallback({
      clientId,
      CallSid: body.CallSid,
      CallStatus: status,
      CallDuration: String(body.CallDuration ?? '0'),
      ...(body.SipResponseCode !== undefined ? { SipResponseCode: String(body.SipResponseCode) } : {}),
      ...(body.Digits ? { Digits: body.Digits } : {}),
      Timestamp: (Number.isNaN(at.getTime()) ? new Date() : at).toUTCString(),
      tariff,
    });
    return { received: true as const };
  });
};
