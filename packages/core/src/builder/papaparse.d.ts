/**
 * The part of papaparse the CSV import uses. `@types/papaparse` references Node's types (streams), which the pure
 * core compiles without; this declares only the string parser, which runs anywhere.
 */
declare module 'papaparse' {
  interface ParseError {
    type: string;
    code: string;
    message: string;
    /** Offset in the input where the error was found. */
    index?: number;
  }
  interface StepResult {
    data: string[];
    errors: ParseError[];
    /** Offset in the input just past this row. */
    meta: { cursor: number };
  }
  interface ParseConfig {
    delimitersToGuess?: string[];
    skipEmptyLines?: boolean | 'greedy';
    step?: (result: StepResult) => void;
  }
  const Papa: { parse(input: string, config: ParseConfig): unknown };
  export default Papa;
}
