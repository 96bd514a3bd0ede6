/** The image type a file really is, from its first bytes; the name and the browser's claim are not trusted. */
export function sniffImage(head: Buffer): 'image/jpeg' | 'image/png' | 'image/gif' | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (
    head.length >= 8 &&
    head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'image/png';
  }
  if (head.length >= 6 && ['GIF87a', 'GIF89a'].includes(head.subarray(0, 6).toString('latin1')))
    return 'image/gif';
  return null;
}
