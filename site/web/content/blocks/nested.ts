/** Blocks inside blocks (tabs, collapse groups): the page assembly provides how to render them. */
import { createContext, type ReactNode } from 'react';

export const ChildBlocks = createContext<(blocks: unknown) => ReactNode>(() => null);
