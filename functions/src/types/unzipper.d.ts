/** The part of unzipper (exceljs's zip reader) that upload/workbook-reader.ts uses. */
declare module 'unzipper' {
  import type { Duplex } from 'node:stream';
  const unzipper: { Parse(options?: { forceStream?: boolean; verbose?: boolean }): Duplex };
  export default unzipper;
}
