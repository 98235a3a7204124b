// http_ece (RFC 8188, the library web-push encrypts with) ships no types: the one call the push test makes.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  const ece: { decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer };
  export default ece;
}
