/** Query keys of the agent workspace; the live socket writes into the same entries. */
export type RoomListFilter = {
  /** Which server list: agents' rooms, or the bot's. */
  bot: boolean;
  status: 'all' | 'queued' | 'open';
  q: string;
  priority: string | null;
  category: string | null;
  tag: string | null;
  lastReply: 'cs' | 'customer' | null;
  /** Supervisors: one agent's rooms. */
  csId: string | null;
  /** Newest first (the default) or oldest first. */
  order: 'desc' | 'asc';
  /** What `order` orders by: the latest message (the default; a room that hears from its customer rises) or the room's start. */
  sortBy: 'lastMessage' | 'createdAt';
};

export const EMPTY_FILTER: RoomListFilter = {
  bot: false,
  status: 'all',
  q: '',
  priority: null,
  category: null,
  tag: null,
  lastReply: null,
  csId: null,
  order: 'desc',
  sortBy: 'lastMessage',
};

export const chatKeys = {
  all: ['chat'] as const,
  roomLists: () => [...chatKeys.all, 'rooms'] as const,
  roomList: (filter: RoomListFilter) => [...chatKeys.roomLists(), filter] as const,
  room: (roomId: string) => [...chatKeys.all, 'room', roomId] as const,
  messages: (roomId: string) => [...chatKeys.all, 'messages', roomId] as const,
  window: (roomId: string) => [...chatKeys.all, 'window', roomId] as const,
  info: () => [...chatKeys.all, 'info'] as const,
  agents: () => [...chatKeys.all, 'agents'] as const,
  tags: () => [...chatKeys.all, 'tags'] as const,
  categories: () => [...chatKeys.all, 'categories'] as const,
  templates: (closingRemarks: boolean) => [...chatKeys.all, 'templates', closingRemarks] as const,
  configuration: () => [...chatKeys.all, 'configuration'] as const,
  customer: (phoneNumber: string) => [...chatKeys.all, 'customer', phoneNumber] as const,
  customerHistory: (phoneNumber: string) => [...chatKeys.all, 'customerHistory', phoneNumber] as const,
};
