import { audioDurationMs } from '../../../../lib/audio-duration.js';
import type { Executor } from '../../../../platform/database.js';
import { parseOwnFileLink, type Storage, type StoredFile } from '../../../../platform/storage/index.js';
import type { ChannelMessage, MessageChannel } from '../../channel.ports.js';

/** A call on its way out that plays a recording, with the signed link its gateway fetches it from. */
export type VoiceMessageWithRecording = ChannelMessage & { recordingUrl?: string | null };

/**
 * The voice channel with recording links: a call that plays a stored recording (spec §7 "voice
 * recordings") carries a signed, expiring link to the file (`/api/files/shared/…`), so the gateway
 * (or the sandbox) fetches it by URL without a login, whichever provider places the call.
 */
export function withRecordingLinks<C extends MessageChannel>(
  channel: C,
  linkFor: (clientId: string, fileId: string) => string,
): C {
  return {
    ...channel,
    send: (message: ChannelMessage) => {
      if (message.kind !== 'voice' || !message.recordingFileId) return channel.send(message);
      const linked: VoiceMessageWithRecording = {
        ...message,
        recordingUrl: linkFor(message.clientId, message.recordingFileId),
      };
      return channel.send(linked);
    },
  };
}

/**
 * How the sandbox gateway "fetches" a recording: it follows the link as a real gateway would, through
 * the same signed shared-file check (a forged or expired link, or another client's file, leads
 * nowhere), and reads the duration from the file's own headers. Files never change, so a duration is
 * remembered per file.
 */
export function createRecordingReader(deps: {
  db: Executor;
  storage: Storage;
  publicUrl: string | undefined;
}) {
  const known = new Map<string, number>();
  return async (url: string): Promise<number | null> => {
    const link = parseOwnFileLink(url, deps.publicUrl);
    if (link?.kind !== 'shared') return null;
    const key = `${link.clientId}/${link.fileId}`;
    let file: StoredFile;
    try {
      file = await deps.storage.getShared(deps.db, link);
    } catch {
      return null;
    }
    const cached = known.get(key);
    if (cached !== undefined) return cached;
    const chunks: Buffer[] = [];
    for await (const chunk of deps.storage.open(file)) chunks.push(Buffer.from(chunk as Buffer));
    const ms = audioDurationMs(file.mimeType, Buffer.concat(chunks));
    if (ms === null) return null;
    const seconds = Math.max(1, Math.round(ms / 1000));
    if (known.size > 1000) known.clear();
    known.set(key, seconds);
    return seconds;
  };
}
