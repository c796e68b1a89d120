// The segment rule lives in the contracts: the web's SMS composer counts with the same code.
export { type SmsSegments, smsSegments } from '@sapa/contracts';
