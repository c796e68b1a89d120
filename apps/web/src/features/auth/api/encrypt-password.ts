function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function bytesToBase64(buffer: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Whether this page may use WebCrypto (secure contexts only: https or localhost). */
export function canEncryptPassword(): boolean {
  return Boolean(globalThis.crypto?.subtle);
}

/** RSA-OAEP (SHA-256) ciphertext of the UTF-8 password, base64, under the base64 SPKI DER public key. */
export async function encryptPassword(password: string, publicKeyBase64: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'spki',
    base64ToBytes(publicKeyBase64),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  const ciphertext = await crypto.subtle.encrypt(
    { name: 'RSA-OAEP' },
    key,
    new TextEncoder().encode(password),
  );
  return bytesToBase64(ciphertext);
}
