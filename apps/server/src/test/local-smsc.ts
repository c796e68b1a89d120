import type { AddressInfo } from 'node:net';
import smpp, { type Pdu, type Session } from 'smpp';

/**
 * A local SMSC on the `smpp` package's server side, for tests and the bench: it binds transceivers
 * (checking system id and password), acknowledges `submit_sm` with hex message ids, can throttle
 * (answer ESME_RTHROTTLED for a while), drop the connection mid-run (the submits it has not answered
 * are lost, as on a real drop), and sends delivery receipts as `deliver_sm`, again later when the
 * ESME answers one with an error (as SMSCs retry).
 */
export type SmscSubmit = {
  messageId: string;
  destination: string;
  source: string;
  sourceTon: number;
  dataCoding: number;
  esmClass: number;
  registeredDelivery: number;
  /** The UDH when the part carries one. */
  udh: Buffer | null;
  /** The text of the part, decoded by its data coding. */
  text: string;
};

export type LocalSmsc = {
  port: number;
  submits: SmscSubmit[];
  /** Receipts the ESME took (answered deliver_sm_resp with status 0), by message id. */
  receiptsTaken: Map<string, number>;
  /** Answers ESME_RTHROTTLED to every submit for this long. */
  throttleFor(ms: number): void;
  /** Answers ESME_RTHROTTLED to the next `count` submits. */
  throttleNext(count: number): void;
  /** Closes every session, without answering, when a submit arrives after `count` were accepted. */
  dropAfter(count: number): void;
  /** Counts throttled answers so far. */
  throttled(): number;
  /** Closes every session when the next submit arrives, without answering it. */
  dropOnNextSubmit(): void;
  /** Closes every session now. */
  dropAll(): void;
  binds(): number;
  close(): Promise<void>;
};

/** A receipt the ESME did not take is delivered again after a growing pause (real SMSCs wait minutes). */
const redeliverAfter = (attempt: number) => Math.min(20 * 2 ** attempt, 2_000);

function receiptDate(at: Date) {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(at.getUTCFullYear() % 100)}${two(at.getUTCMonth() + 1)}${two(at.getUTCDate())}${two(at.getUTCHours())}${two(at.getUTCMinutes())}`;
}

export async function startLocalSmsc(
  options: {
    systemId?: string;
    password?: string;
    receiptDelayMs?: number;
    /** A stat per destination (default DELIVRD). */
    statOf?: (destination: string) => string;
    receipts?: boolean;
  } = {},
): Promise<LocalSmsc> {
  const systemId = options.systemId ?? 'sapa';
  const password = options.password ?? 'secret12';
  const submits: SmscSubmit[] = [];
  const receiptsTaken = new Map<string, number>();
  let throttleUntil = 0;
  let throttledCount = 0;
  let dropNext = false;
  let throttleCount = 0;
  let dropAt = -1;
  let bindCount = 0;
  let sequence = 0x1000;
  const bound = new Set<Session>();
  let closing = false;

  const deliver = (receipt: { messageId: string; text: string }, attempt = 0) => {
    if (closing || attempt > 60) return;
    const target = [...bound][0];
    if (!target) {
      setTimeout(() => deliver(receipt, attempt + 1), redeliverAfter(0));
      return;
    }
    // No answer (the line dropped with it in flight): delivered again, as an SMSC does.
    let answered = false;
    const unanswered = setTimeout(() => {
      if (answered) return;
      answered = true;
      deliver(receipt, attempt + 1);
    }, 2_000);
    const sent = target.deliver_sm(
      {
        source_addr: '0',
        destination_addr: '0',
        esm_class: 0x04,
        data_coding: 0,
        short_message: receipt.text,
        receipted_message_id: receipt.messageId,
      },
      (pdu) => {
        if (answered) return;
        answered = true;
        clearTimeout(unanswered);
        if (pdu.command_status === 0)
          receiptsTaken.set(receipt.messageId, (receiptsTaken.get(receipt.messageId) ?? 0) + 1);
        else setTimeout(() => deliver(receipt, attempt + 1), redeliverAfter(attempt));
      },
    );

    if (!sent) {
      answered = true;
      clearTimeout(unanswered);
      setTimeout(() => deliver(receipt, attempt + 1), redeliverAfter(0));
    }
  };

  /**
   * Drops every session: the answers already given still reach the ESME (they left before the drop),
   * nothing it sends afterwards is taken. An answer lost on the wire would make any ESME submit again
   * (SMPP has no idempotency key): decision 0034.
   */
  const hungUp = new WeakSet<Session>();
  const hangUp = () => {
    for (const open of [...bound]) {
      bound.delete(open);
      hungUp.add(open);
      open.socket.end();
      setTimeout(() => open.destroy(), 200).unref();
    }
  };

  const server = smpp.createServer({}, (session: Session) => {
    session.on('error', () => undefined);
    session.on('close', () => bound.delete(session));
    session.on('bind_transceiver', (pdu: Pdu) => {
      session.pause();
      if (pdu.system_id !== systemId || pdu.password !== password) {
        session.send(pdu.response({ command_status: smpp.errors.ESME_RINVPASWD }));
        session.close();
        return;
      }
      bindCount++;
      session.send(pdu.response({ system_id: 'local-smsc' }));
      bound.add(session);
      session.resume();
    });
    session.on('enquire_link', (pdu: Pdu) => session.send(pdu.response()));
    session.on('unbind', (pdu: Pdu) => {
      session.send(pdu.response());
      session.close();
    });
    session.on('submit_sm', (pdu: Pdu) => {
      // PDUs read after the line was dropped never reached the SMSC.
      if (session.socket.destroyed || hungUp.has(session)) return;
      if (!bound.has(session))
        return session.send(pdu.response({ command_status: smpp.errors.ESME_RINVBNDSTS }));
      if (dropNext || submits.length === dropAt) {
        dropNext = false;
        dropAt = -1;
        hangUp();
        return;
      }
      if (Date.now() < throttleUntil || throttleCount > 0) {
        throttleCount = Math.max(0, throttleCount - 1);
        throttledCount++;
        return session.send(pdu.response({ command_status: smpp.errors.ESME_RTHROTTLED }));
      }
      const messageId = (sequence++).toString(16).toUpperCase();
      const short = pdu.short_message as { udh?: Buffer[]; message?: string | Buffer };
      const text = typeof short.message === 'string' ? short.message : String(short.message ?? '');
      submits.push({
        messageId,
        destination: String(pdu.destination_addr),
        source: String(pdu.source_addr),
        sourceTon: Number(pdu.source_addr_ton),
        dataCoding: Number(pdu.data_coding),
        esmClass: Number(pdu.esm_class),
        registeredDelivery: Number(pdu.registered_delivery),
        // The package splits the header into its elements; the UDH on the wire is its length and them.
        udh: short.udh?.length
          ? Buffer.concat([Buffer.from([short.udh.reduce((n, e) => n + e.length, 0)]), ...short.udh])
          : null,
        text,
      });
      session.send(pdu.response({ message_id: messageId }));
      if (options.receipts === false || !Number(pdu.registered_delivery)) return;
      const destination = String(pdu.destination_addr);
      setTimeout(() => {
        const stat = options.statOf?.(destination) ?? 'DELIVRD';
        const now = new Date();
        const receipt = `id:${messageId} sub:001 dlvrd:${stat === 'DELIVRD' ? '001' : '000'} submit date:${receiptDate(now)} done date:${receiptDate(now)} stat:${stat} err:${stat === 'DELIVRD' ? '000' : '011'} text:${text.slice(0, 20)}`;
        deliver({ messageId, text: receipt });
      }, options.receiptDelayMs ?? 5);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    submits,
    receiptsTaken,
    throttleFor(ms) {
      throttleUntil = Date.now() + ms;
    },
    throttleNext(count) {
      throttleCount = count;
    },
    dropAfter(count) {
      dropAt = count;
    },
    throttled: () => throttledCount,
    dropOnNextSubmit() {
      dropNext = true;
    },
    dropAll() {
      hangUp();
    },
    binds: () => bindCount,
    async close() {
      closing = true;
      for (const open of server.sessions) open.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
