/** RFC 8187's attr-char leaves out four characters encodeURIComponent keeps. */
const percentEncoded = (text: string) => encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The Content-Disposition of a file sent under `name` (RFC 6266): `filename` in plain ASCII, which every client reads
 * (accents dropped; other letters, quotes, backslashes and % as underscores), and, when that loses anything,
 * `filename*` with the whole name in UTF-8, which browsers prefer.
 */
export function contentDisposition(name: string, inline = false): string {
  const ascii = name.normalize('NFKD').replace(/\p{M}+/gu, '').replace(/_*(?:[^\x20-\x7e]|["\\%])+_*/g, '_');
  const header = `${inline ? 'inline' : 'attachment'}; filename="${ascii}"`;
  return ascii === name ? header : `${header}; filename*=UTF-8''${percentEncoded(name)}`;
}
