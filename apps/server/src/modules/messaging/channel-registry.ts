import type { ChannelName, MessageChannel } from './channel.ports.js';
import { channelNotRegistered } from './messaging.errors.js';

/**
 * The channels this build can send on. The composition root registers each one once
 * (`channels.register('whatsapp', …)`); a channel of the spec without an implementation is refused
 * with `channel_not_registered`.
 */
export type ChannelRegistry = {
  register(name: ChannelName, channel: MessageChannel): void;
  /** The channel, or `channel_not_registered`. */
  get(name: ChannelName): MessageChannel;
  has(name: ChannelName): boolean;
};

export function createChannelRegistry(): ChannelRegistry {
  const channels = new Map<ChannelName, MessageChannel>();
  return {
    register(name, channel) {
      if (channels.has(name)) throw new Error(`The ${name} channel is registered twice`);
      channels.set(name, channel);
    },
    get(name) {
      const channel = channels.get(name);
      if (!channel) throw channelNotRegistered(name);
      return channel;
    },
    has: (name) => channels.has(name),
  };
}
