import { type HistoryQueryInput, roomsOperations } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isTrue, sendCsv } from '../../../platform/http-io.js';
import { sendPreparedJson } from '../../../platform/integrity.js';
import { routeOperation } from '../../../platform/operation-route.js';
import type { InboxDeps } from '../inbox.deps.js';
import {
  closeBotRooms,
  closeRoom,
  createInternalRoom,
  distributeBotRooms,
  exportHistoryCsv,
  exportRoomCsv,
  getRoomDetail,
  getRoomInfo,
  listHistory,
  listHistoryOfCustomer,
  listRooms,
  setRoomCategory,
  setRoomPriority,
  transferRoom,
  transferRoomToTag,
} from './rooms.service.js';

export const historyQuery = (query: HistoryQueryInput) => ({
  ...query,
  isPagination: query.isPagination === undefined ? undefined : isTrue(query.isPagination),
});

export const roomsRoutes: FastifyPluginAsyncZod<{ deps: InboxDeps }> = async (app, { deps }) => {
  const { db } = deps;

  // A kept page (decision 0064) is serialized and canonicalized once, however often it is answered.
  for (const [operation, bot] of [
    [roomsOperations.listRooms, false],
    [roomsOperations.listBotRooms, true],
  ] as const) {
    routeOperation(app, operation, async (request, reply) => {
      const page = await listRooms(db, request.ctx.actor!, request.query, bot, deps.roomList);
      if (!deps.roomList?.isKept(page)) return page;
      return sendPreparedJson(reply, operation.response!, page) as never;
    });
  }
  routeOperation(app, roomsOperations.closeRoom, (request) =>
    closeRoom(deps, request.ctx.actor!, request.body, {
      forceClose: isTrue(request.query.forceClose),
      isMarge: isTrue(request.query.isMarge),
    }),
  );
  routeOperation(app, roomsOperations.closeBotRoom, (request) =>
    closeBotRooms(deps, request.ctx.actor!, request.body),
  );
  routeOperation(app, roomsOperations.closeAllBotRooms, (request) =>
    closeBotRooms(deps, request.ctx.actor!, {}),
  );
  routeOperation(app, roomsOperations.distributeBotRooms, (request) =>
    distributeBotRooms(deps, request.ctx.actor!),
  );
  routeOperation(app, roomsOperations.getRoomInfo, (request) => getRoomInfo(db, request.ctx.actor!));
  routeOperation(app, roomsOperations.getRoomDetail, (request) =>
    getRoomDetail(db, request.ctx.actor!, request.query.id),
  );
  for (const [transfer, byTag] of [
    [roomsOperations.transferRoom, roomsOperations.transferRoomToTag],
    [roomsOperations.transferBotRoom, roomsOperations.transferBotRoomToTag],
  ] as const) {
    routeOperation(app, transfer, (request) => transferRoom(deps, request.ctx.actor!, request.body));
    routeOperation(app, byTag, (request) => transferRoomToTag(deps, request.ctx.actor!, request.body));
  }
  routeOperation(app, roomsOperations.setRoomPriority, (request) =>
    setRoomPriority(deps, request.ctx.actor!, request.body),
  );
  routeOperation(app, roomsOperations.setRoomCategory, (request) =>
    setRoomCategory(deps, request.ctx.actor!, request.query),
  );
  routeOperation(app, roomsOperations.listHistory, (request) =>
    listHistory(db, request.ctx.actor!, historyQuery(request.query)),
  );
  routeOperation(app, roomsOperations.listHistoryOfCustomer, (request) =>
    listHistoryOfCustomer(db, request.ctx.actor!, request.body),
  );
  routeOperation(app, roomsOperations.exportHistoryCsv, async (request, reply) =>
    sendCsv(
      reply,
      'chat-history.csv',
      await exportHistoryCsv(db, request.ctx.actor!, historyQuery(request.query)),
    ),
  );
  routeOperation(app, roomsOperations.exportRoomCsv, async (request, reply) =>
    sendCsv(reply, 'chat-room.csv', await exportRoomCsv(db, request.ctx.actor!, request.query.id)),
  );
  routeOperation(app, roomsOperations.createInternalRoom, (request) =>
    createInternalRoom(deps, request.ctx.actor!, request.body),
  );
};
