// The inbox's routes and contacts' read their query flags, uploads and CSV answers the same way.
export { isTrue, pageSize, queryFlag, readUploadedFile, sendCsv } from '../../platform/http-io.js';
