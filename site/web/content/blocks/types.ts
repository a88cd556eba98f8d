/** The props every block component gets: its flatData (fields resolved to the page's language) and its id. */
export type Fields = Record<string, unknown>;

export interface BlockProps {
  data: Fields;
  id: string;
  typename: string;
}
