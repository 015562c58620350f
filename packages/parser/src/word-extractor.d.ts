declare module 'word-extractor' {
  interface WordDocument {
    getBody(): string;
  }
  export default class WordExtractor {
    extract(input: Uint8Array | string): Promise<WordDocument>;
  }
}
