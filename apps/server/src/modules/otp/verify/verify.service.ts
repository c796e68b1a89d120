import {
  type OtpChannel,
  type Verification,
  type VerifyService,
  type VerifyServiceInput,
  VerifyServiceInputSchema,
} from '@sapa/contracts';
import { isId, newId } from '../../../lib/ids.js';
import type { Actor } from '../../../platform/actor.js';
import type { Database } from '../../../platform/database.js';
import type { Otp } from '../otp/otp.service.js';
import type { OtpRequestRecord } from '../otp/otp.tables.js';
import { channelNotEnabled, verifyServiceNameTaken, verifyServiceNotFound } from './verify.errors.js';
import {
  deleteService,
  findService,
  findServiceByName,
  insertService,
  listServices,
  updateService,
} from './verify.repository.js';
import type { VerifyServiceRow } from './verify.tables.js';

const view = (row: VerifyServiceRow): VerifyService => ({
  id: row.id,
  name: row.name,
  codeLength: row.codeLength,
  channels: row.channels,
  locale: row.locale,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const verification = (
  request: Pick<OtpRequestRecord, 'id' | 'serviceId' | 'destination' | 'channel' | 'status' | 'expiresAt'>,
  valid: boolean,
  attemptsLeft: number,
): Verification => ({
  requestId: request.id,
  serviceId: request.serviceId!,
  to: request.destination,
  channel: request.channel,
  status: request.status,
  valid,
  attemptsLeft,
  expiresAt: request.expiresAt.toISOString(),
});

/** Verify (Twilio Verify's model): services per client, verifications that are OTP requests of a service. */
export function createVerify(deps: { db: Database; otp: Otp }) {
  const { db, otp } = deps;

  async function serviceOf(actor: Actor, serviceId: string) {
    const row = isId(serviceId) ? await findService(db, actor.clientId, serviceId) : null;
    if (!row) throw verifyServiceNotFound();
    return row;
  }

  return {
    async list(actor: Actor) {
      return { items: (await listServices(db, actor.clientId)).map(view) };
    },
    async create(actor: Actor, input: VerifyServiceInput) {
      const fields = VerifyServiceInputSchema.parse(input);
      const now = new Date();
      const row = await insertService(db, {
        clientId: actor.clientId,
        id: newId(),
        ...fields,
        channels: [...new Set(fields.channels)],
        createdAt: now,
        updatedAt: now,
      });
      if (!row) throw verifyServiceNameTaken();
      return view(row);
    },
    async update(actor: Actor, serviceId: string, input: VerifyServiceInput) {
      await serviceOf(actor, serviceId);
      const fields = VerifyServiceInputSchema.parse(input);
      const named = await findServiceByName(db, actor.clientId, fields.name);
      if (named && named.id !== serviceId) throw verifyServiceNameTaken();
      const row = await updateService(db, actor.clientId, serviceId, {
        ...fields,
        channels: [...new Set(fields.channels)],
        updatedAt: new Date(),
      });
      if (!row) throw verifyServiceNotFound();
      return view(row);
    },
    async remove(actor: Actor, serviceId: string) {
      if (!isId(serviceId) || !(await deleteService(db, actor.clientId, serviceId)))
        throw verifyServiceNotFound();
      return { deleted: true };
    },
    /** Starts (or resends) a verification: the service's code length, language and channels apply. */
    async start(
      actor: Actor,
      serviceId: string,
      input: { to: string; channel: OtpChannel; locale?: 'en' | 'id' | undefined },
    ) {
      const service = await serviceOf(actor, serviceId);
      if (!service.channels.includes(input.channel)) throw channelNotEnabled(input.channel);
      const request = await otp.requestCode(
        actor,
        { destination: input.to, channel: input.channel },
        {
          serviceId: service.id,
          name: service.name,
          codeLength: service.codeLength,
          locale: input.locale ?? service.locale,
        },
      );
      return verification(request, false, Math.max(0, request.maxAttempts - request.attempts));
    },
    async check(
      actor: Actor,
      serviceId: string,
      input: { code: string; requestId?: string | undefined; to?: string | undefined },
    ) {
      const service = await serviceOf(actor, serviceId);
      const result = await otp.checkServiceCode(actor, service.id, input, service.channels);
      return verification(result.request, result.valid, result.attemptsLeft);
    },
  };
}

export type Verify = ReturnType<typeof createVerify>;
