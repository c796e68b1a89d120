// The segment rule lives in the contracts: the web's SMS composer counts with the same code.
export { type SmsSegments, smsParts, smsSegments } from '@sapa/contracts';
