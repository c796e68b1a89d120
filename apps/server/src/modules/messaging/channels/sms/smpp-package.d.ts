// The parts of the `smpp` package (0.5, plain JavaScript, no types of its own) that Sapa uses.
declare module 'smpp' {
  import type { EventEmitter } from 'node:events';

  export type Pdu = {
    command: string;
    command_status: number;
    sequence_number: number;
    [field: string]: unknown;
    isResponse(): boolean;
    response(options?: Record<string, unknown>): Pdu;
  };

  export class Session extends EventEmitter {
    constructor(options: Record<string, unknown>);
    socket: import('node:net').Socket;
    send(pdu: Pdu, responseCallback?: (pdu: Pdu) => void): boolean;
    close(callback?: () => void): void;
    destroy(callback?: () => void): void;
    pause(): void;
    resume(): void;
    bind_transceiver(options: Record<string, unknown>, callback?: (pdu: Pdu) => void): boolean;
    submit_sm(options: Record<string, unknown>, callback?: (pdu: Pdu) => void): boolean;
    deliver_sm(options: Record<string, unknown>, callback?: (pdu: Pdu) => void): boolean;
    enquire_link(options?: Record<string, unknown>, callback?: (pdu: Pdu) => void): boolean;
    unbind(options?: Record<string, unknown>, callback?: (pdu: Pdu) => void): boolean;
  }

  export class Server extends EventEmitter {
    sessions: Session[];
    listen(port: number, host?: string, callback?: () => void): this;
    address(): import('node:net').AddressInfo | string | null;
    close(callback?: (error?: Error) => void): void;
  }

  export function connect(options: Record<string, unknown>, listener?: () => void): Session;
  export function createServer(
    options: Record<string, unknown>,
    listener?: (session: Session) => void,
  ): Server;

  export const encodings: {
    ASCII: { encode(value: string): Buffer; decode(value: Buffer): string };
    UCS2: { encode(value: string): Buffer; decode(value: Buffer): string };
  };
  type Named =
    | 'ESME_ROK'
    | 'ESME_RSYSERR'
    | 'ESME_RTHROTTLED'
    | 'ESME_RMSGQFUL'
    | 'ESME_RX_T_APPN'
    | 'ESME_RSUBMITFAIL'
    | 'ESME_RINVPASWD'
    | 'ESME_RINVSYSID'
    | 'ESME_RALYBND'
    | 'ESME_RBINDFAIL'
    | 'ESME_RINVDSTADR'
    | 'ESME_RINVBNDSTS';
  export const errors: Record<string, number> & Record<Named, number>;

  const smpp: {
    connect: typeof connect;
    createServer: typeof createServer;
    encodings: typeof encodings;
    errors: typeof errors;
    Session: typeof Session;
  };
  export default smpp;
}
