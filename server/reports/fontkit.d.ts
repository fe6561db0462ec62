// fontkit ships no types; pdfkit only needs to be handed the parsed font object.
declare module 'fontkit' {
  export type Font = { layout: (text: string) => unknown; characterSet: number[]; glyphForCodePoint: (codePoint: number) => unknown };
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
