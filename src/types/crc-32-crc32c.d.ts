/** Types for crc-32's CRC32C module (the package types only its CRC32 root). */
declare module 'crc-32/crc32c.js' {
  const CRC32C: {
    /** CRC32C of the bytes, as a signed 32-bit integer. */
    buf(data: Uint8Array | number[], seed?: number): number;
  };
  export default CRC32C;
}
