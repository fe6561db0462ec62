/**
 * Addresses that are no http(s) web address, however they are spelled: other schemes, mixed case,
 * white space and control characters before or inside the scheme (a browser drops those and reads
 * the scheme behind them), relative and scheme-relative addresses, and http(s) with a hidden
 * character.
 */
export const HOSTILE_URLS = [
  'javascript:alert(document.cookie)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  '\tjavascript:alert(1)',
  '\u0001javascript:alert(1)',
  '\u0000javascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  '\u200bjavascript:alert(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'DATA:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  ' VBScript:msgbox(1)',
  'file:///etc/passwd',
  'ftp://example.org/x',
  'mailto:x@example.org',
  '//evil.example/x',
  '/relative/path',
  'www.example.org',
  'https:evil.example',
  'https:/evil.example',
  'https://',
  '\u0001https://example.org',
  'https://exa mple.org',
  'https://example.org/\u0000',
] as const;
